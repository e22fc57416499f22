"""Line of sight and high ground (seed 004, « Couper les lignes de vue », « Position sur-élevée »).

« S'il est possible de tracer une ligne depuis le centre de la case de départ jusqu'au centre de la case visée
sans que celle-ci traverse (passer sur le bord d'une case n'est pas considéré comme la traversant) une case
coupant les lignes de vue, alors l'unité voit la case ciblée. »

The cells a centre-to-centre line crosses are found by an exact integer walk (a supercover walk): it compares,
in whole numbers, where the line meets the next column line and the next row line, steps into the next column
or row accordingly, and steps diagonally when it passes exactly through a corner — the two cells that corner
only touches are not crossed (« passer sur le bord »). A line between centres never runs along a grid line
(centres sit at half cells), so touching is only ever at corners. The crossed cells are a fact of the segment,
not of its direction. (Bresenham's line, which visits one cell per column, skips cells the line crosses and
would not do.)

Which crossed cells cut the line (the two end cells never do: « Une unité dans une forêt est visible des autres
unités tant qu'une autre case ne coupe pas la ligne de vue »):
- a cell that cuts sight (a forest), unless the viewer stands higher than the cell it looks at and the cell is
  lower than the viewer (« Les cases en contre-bas ne peuvent pas couper la ligne de vue d'une unité en position
  sur-élevée »). Read literally (`one_way`, the set-up's readings 2): the high unit only; a unit below looking
  up gets no such benefit, so A may see B while B does not see A. Battles set up before issue 24 (readings 1)
  keep the older reading for the pair (the benefit both ways) so that their journals replay;
- a cell higher than both ends (a crest hides what lies behind it: an addition, docs/rules/skirmish.md
  « Additions »).
"""

from __future__ import annotations

from functools import lru_cache

from .grid import Battlefield


@lru_cache(maxsize=None)
def offsets(dx: int, dy: int) -> tuple[tuple[int, int], ...]:
    """The cells crossed from (0, 0) to (dx, dy), ends excluded, as (x, y) offsets."""
    nx, ny = abs(dx), abs(dy)
    sx, sy = (1 if dx > 0 else -1), (1 if dy > 0 else -1)
    x = y = ix = iy = 0
    out = []
    while ix < nx or iy < ny:
        # the next column line is met at t = (ix + 1/2) / nx, the next row line at (iy + 1/2) / ny
        d = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx
        if d == 0:  # exactly through a corner: the diagonal cell, never the two it touches
            x, y, ix, iy = x + sx, y + sy, ix + 1, iy + 1
        elif d < 0:
            x, ix = x + sx, ix + 1
        else:
            y, iy = y + sy, iy + 1
        out.append((x, y))
    return tuple(out[:-1])


def crossed(bf: Battlefield, a: int, b: int) -> list[int]:
    """The cells the line from a's centre to b's centre crosses, ends excluded."""
    w = bf.width
    return [a + ry * w + rx for rx, ry in offsets(b % w - a % w, b // w - a // w)]


def sees(bf: Battlefield, a: int, b: int, one_way: bool = False) -> bool:
    """Whether a unit on a sees b. `one_way` (readings 2): lower cells never cut the sight of a viewer standing
    higher than its target, and only its; else (readings 1) the pair's higher end lends it to both."""
    level, terrain = bf.level, bf.terrain
    ha, hb = level[a], level[b]
    top = max(ha, hb)
    high = ha if one_way else top
    lends = ha > hb if one_way else ha != hb
    for c in crossed(bf, a, b):
        hc = level[c]
        if hc > top:
            return False
        if terrain[c].cuts_sight and not (lends and hc < high):
            return False
    return True


def elevated(bf: Battlefield, attacker: int, target: int) -> bool:
    """« Une unité est en position sur-élevée si on peut tracer une ligne entre le centre de sa case et le centre de
    la case de l'unité ciblée passant par une pente ou une falaise et que la cible est du coté bas »: with
    heights, a line from a higher cell to a lower one always crosses a slope or a cliff between them, its target
    on the lower side; so the attacker is elevated exactly when its cell is higher than the target's."""
    return bf.level[attacker] > bf.level[target]


def all_pairs(bf: Battlefield, one_way: bool = False):  # -> numpy bool array (cells x cells)
    """Who sees whom (row: the viewer), for every pair of cells at once (for benchmarks, studies and the
    computer players): the same rule as `sees`, one pass of array arithmetic per offset between two cells."""
    import numpy as np
    w, h = bf.width, bf.height
    n = w * h
    level = np.array(bf.level)
    cuts = np.array([t.cuts_sight for t in bf.terrain])
    xs, ys = np.arange(n) % w, np.arange(n) // w
    out = np.ones((n, n), dtype=bool)
    for dy in range(h):
        for dx in range(-(w - 1), w):
            if (dy == 0 and dx <= 0) or max(abs(dx), dy) < 2:
                continue  # each pair once; neighbours cross nothing
            rel = np.array([ry * w + rx for rx, ry in offsets(dx, dy)])
            src = np.nonzero((xs + dx >= 0) & (xs + dx < w) & (ys + dy < h))[0]
            if not len(src):
                continue
            dst = src + dy * w + dx
            cells = src[:, None] + rel[None, :]
            hc = level[cells]
            ha, hb = level[src], level[dst]
            top = np.maximum(ha, hb)[:, None]
            crest = hc > top
            if not one_way:
                low_ok = ((ha != hb)[:, None]) & (hc < top)
                blocked = (crest | (cuts[cells] & ~low_ok)).any(axis=1)
                out[src, dst] = out[dst, src] = ~blocked
                continue
            for v, t, hv in ((src, dst, ha), (dst, src, hb)):  # each end as the viewer
                low_ok = ((hv > level[t])[:, None]) & (hc < hv[:, None])
                out[v, t] = ~(crest | (cuts[cells] & ~low_ok)).any(axis=1)
    return out
