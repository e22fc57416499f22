"""The island of seed 001 as a standalone SVG: sea, land hexes by terrain, owners, buildings,
armies and the ghost of Captain Crown.

Pure and deterministic (numbers printed with one decimal, everything in map order), and every
text is escaped: cell names and player ids come from club-edited files.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from xml.sax.saxutils import escape

from ..core import hexgrid
from ..core.errors import CampagneError
from ..core.hexgrid import Hex
from . import map_svg  # noqa: F401  (registers render.bad_colour)

SIZE = 30.0
MARGIN = 2 * SIZE
TOP = 50.0
PANEL = 230.0
SEA_BG = "#a9cfe3"
SEA_CELL = "#bcdcec"
INK = "#3b2f22"
FONT = "Georgia, 'Times New Roman', serif"
TERRAIN_FILL = {"plain": "#e6dcb4", "forest": "#8fbf7a", "hills": "#cdb68a", "mountain": "#a8998a",
                "swamp": "#a9b98e", "sea": SEA_CELL}
FALLBACK = ("#c0392b", "#2e86c1", "#27ae60", "#8e44ad", "#d68910", "#17a589", "#7f8c8d", "#a04000")
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")

TEXTS = {
    "fr": {"legend": "Légende", "plain": "Plaine", "forest": "Forêt", "hills": "Collines",
           "mountain": "Montagne", "swamp": "Marais", "sea": "Mer", "capital": "Capitale",
           "mine": "Mine", "fortress": "Forteresse", "town": "Ville", "army": "Armée",
           "ghost": "Fantôme du Capitaine Crown"},
    "en": {"legend": "Legend", "plain": "Plain", "forest": "Forest", "hills": "Hills",
           "mountain": "Mountain", "swamp": "Swamp", "sea": "Sea", "capital": "Capital",
           "mine": "Mine", "fortress": "Fortress", "town": "Town", "army": "Army",
           "ghost": "Ghost of Captain Crown"},
}

DEFS = """<defs>
<g id="sym-capital"><path d="M-8 4V-4L-4 0L0 -6L4 0L8 -4V4Z" fill="#e2b227" stroke="#6b4e08" stroke-width="1"/></g>
<g id="sym-mine"><path d="M-6 5L0 -5L6 5Z" fill="#444" stroke="#111" stroke-width="1"/><circle cx="0" cy="2" r="1.6" fill="#e2b227"/></g>
<g id="sym-fortress"><rect x="-5" y="-5" width="10" height="10" fill="#666" stroke="#111" stroke-width="1"/></g>
<g id="sym-town"><path d="M-7 6V-2L-3 -6L1 -2V6ZM1 6V-1H7V6Z" fill="#b05a3a" stroke="#3b1a0e" stroke-width="1"/></g>
<g id="sym-ghost"><path d="M-7 8V-2A7 7 0 0 1 7 -2V8L4.5 5.5L2.5 8L0 5.5L-2.5 8L-4.5 5.5Z" fill="#f4f6ff" stroke="#4b3c8f" stroke-width="1.5" fill-opacity="0.9"/><circle cx="-2.5" cy="-1" r="1.3" fill="#4b3c8f"/><circle cx="2.5" cy="-1" r="1.3" fill="#4b3c8f"/></g>
</defs>"""


def _text(value: object) -> str:
    return escape(_NOT_XML.sub("", str(value)))


def _attr(value: object) -> str:
    return escape(_NOT_XML.sub("", str(value)), {'"': "&quot;"})


def _n(x: float) -> str:
    s = f"{x:.1f}"
    return "0.0" if s == "-0.0" else s


def _ink_on(colour: str) -> str:
    """Dark text on a light token (a yellow player), white on a dark one."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#111" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#fff"


def _colours(players: Iterable[str], colours: Mapping[str, str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    given = dict(colours or {})
    for i, p in enumerate(sorted(set(players))):
        c = given.get(p, FALLBACK[i % len(FALLBACK)])
        if not _COLOUR.match(c):
            raise CampagneError("render.bad_colour", colour=c, player=p)
        out[p] = c.lower()
    return out


def render_hex_map(island, *, owners: Mapping[Hex, str] | None = None,
                   colours: Mapping[str, str] | None = None,
                   armies: Mapping[Hex, Sequence[tuple[str, str]]] | None = None,
                   buildings: Mapping[Hex, Iterable[str]] | None = None,
                   ghost: Hex | None = None, title: str | None = None,
                   legend: bool = True, lang: str = "fr",
                   player_labels: Mapping[str, str] | None = None) -> str:
    """SVG text of `island` (a games.gorges.map.IslandMap).

    owners: cell -> player id; armies: cell -> [(player id, label)], the label's first two characters
    drawn on the token; buildings: cell -> names among capital/mine/fortress/town, replacing the map's
    own for that cell; ghost: Crown's cell; player_labels: player id -> its line in the legend (every
    player listed there gets a colour, even one with no territory or army left).
    """
    words = TEXTS.get(lang, TEXTS["en"])
    owners = dict(owners or {})
    armies = dict(armies or {})
    buildings = {h: tuple(b) for h, b in (buildings or {}).items()}
    labels = dict(player_labels or {})
    players = set(owners.values()) | {p for lst in armies.values() for p, _ in lst} | set(labels)
    palette = _colours(players, colours)

    cells = list(island.cells)
    min_x, min_y, max_x, max_y = hexgrid.bounds(cells, SIZE)
    ox, oy = MARGIN - min_x, TOP + MARGIN - min_y
    map_w = max_x - min_x + 2 * MARGIN
    height = max_y - min_y + 2 * MARGIN + TOP
    # the legend widens for long player lines (race, relic points) rather than letting them run off
    longest = max((len(str(v)) for v in labels.values()), default=0)
    width = map_w + (max(PANEL, 44 + 7.5 * longest) if legend else 0)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(width)}" height="{_n(height)}" '
           f'viewBox="0 0 {_n(width)} {_n(height)}" font-family="{_attr(FONT)}">', DEFS,
           f'<rect x="0" y="0" width="{_n(width)}" height="{_n(height)}" fill="#f7f1e1"/>',
           f'<rect x="0" y="{_n(TOP)}" width="{_n(map_w)}" height="{_n(height - TOP)}" fill="{SEA_BG}"/>']
    heading = title if title is not None else island.name
    size = min(22.0, (map_w - 20) / (0.6 * max(1, len(str(heading)))))  # a long title shrinks to fit
    out.append(f'<text x="{_n(map_w / 2)}" y="34.0" text-anchor="middle" font-size="{_n(size)}" fill="{INK}">'
               f'{_text(heading)}</text>')

    out.append('<g id="cells">')
    for h in cells:
        c = island.cells[h]
        pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in hexgrid.corners(h, SIZE, (ox, oy)))
        fill = TERRAIN_FILL[c.terrain]
        out.append(f'<polygon class="cell {c.terrain}" data-cell="{_attr(c.id)}" data-place="{_attr(c.id)}" points="{pts}" '
                   f'fill="{fill}" stroke="{"#7fa9c0" if not c.land else "#6b5a45"}" stroke-width="1"/>')
        if c.land and h in owners:
            pts_in = " ".join(f"{_n(x)},{_n(y)}" for x, y in hexgrid.corners(h, SIZE, (ox, oy), SIZE * 0.86))
            out.append(f'<polygon class="owner" data-owner="{_attr(owners[h])}" points="{pts_in}" fill="none" '
                       f'stroke="{palette[owners[h]]}" stroke-width="4" stroke-opacity="0.85"/>')
    out.append('</g>')

    out.append('<g id="features">')
    for h in cells:
        c = island.cells[h]
        if not c.land:
            continue
        cx, cy = hexgrid.to_pixel(h, SIZE)
        cx, cy = cx + ox, cy + oy
        if h in buildings:
            marks = [b for b in ("capital", "mine", "fortress", "town") if b in buildings[h]]
        else:
            marks = [b for b, on in (("capital", c.capital is not None), ("mine", c.mine),
                                     ("fortress", c.fortress), ("town", c.town)) if on]
        for i, b in enumerate(marks):
            dx = (i - (len(marks) - 1) / 2) * 16
            out.append(f'<use href="#sym-{b}" x="{_n(cx + dx)}" y="{_n(cy - 10)}"><title>{_text(words[b])}</title></use>')
        if c.name:
            out.append(f'<text x="{_n(cx)}" y="{_n(cy + SIZE + 12)}" text-anchor="middle" font-size="11" '
                       f'font-style="italic" fill="{INK}">{_text(c.name)}</text>')
        # What a player types in an order: the cell's coordinates, at the top of the hex.
        out.append(f'<text class="cell-id" x="{_n(cx)}" y="{_n(cy - SIZE * 0.62)}" text-anchor="middle" '
                   f'font-size="8" font-family="monospace" fill="{INK}" fill-opacity="0.8">{_text(c.id)}</text>')
        here = list(armies.get(h, ()))
        for i, (player, label) in enumerate(here):
            # rows of up to four tokens, centred, so that three armies at a capital stay readable
            row, col = divmod(i, 4)
            in_row = min(4, len(here) - row * 4)
            ax = cx + (col - (in_row - 1) / 2) * 13
            ay = cy + 9 + row * 13
            mark = str(label)[:2]
            # an army is named by its player and its key ("alice:L1"): the club's page gives it orders
            out.append(f'<circle class="army" data-player="{_attr(player)}" data-label="{_attr(label)}" '
                       f'data-thing="{_attr(player)}:{_attr(label)}" '
                       f'cx="{_n(ax)}" cy="{_n(ay)}" r="6.5" fill="{palette[player]}" '
                       f'stroke="#111" stroke-width="1"><title>{_text(words["army"])} {_text(player)}: '
                       f'{_text(label)}</title></circle>')
            out.append(f'<text x="{_n(ax)}" y="{_n(ay + 3.2)}" text-anchor="middle" '
                       f'font-size="{9 if len(mark) < 2 else 7}" fill="{_ink_on(palette[player])}">{_text(mark)}</text>')
    if ghost is not None:
        gx, gy = hexgrid.to_pixel(ghost, SIZE)
        out.append(f'<use id="ghost" href="#sym-ghost" x="{_n(gx + ox + 12)}" y="{_n(gy + oy - 4)}">'
                   f'<title>{_text(words["ghost"])}</title></use>')
    out.append('</g>')

    if legend:
        lx, y = map_w + 20, TOP + 20
        out.append(f'<g class="legend"><text x="{_n(lx)}" y="{_n(y)}" font-size="16" fill="{INK}">'
                   f'{_text(words["legend"])}</text>')
        for t in ("plain", "forest", "hills", "mountain", "swamp", "sea"):
            y += 22
            out.append(f'<rect x="{_n(lx)}" y="{_n(y - 12)}" width="16" height="14" fill="{TERRAIN_FILL[t]}" '
                       f'stroke="{INK}" stroke-width="0.5"/><text x="{_n(lx + 24)}" y="{_n(y)}" font-size="12" '
                       f'fill="{INK}">{_text(words[t])}</text>')
        for s in ("capital", "mine", "fortress", "town", "ghost"):
            y += 22
            out.append(f'<use href="#sym-{s}" x="{_n(lx + 8)}" y="{_n(y - 5)}"/><text x="{_n(lx + 24)}" '
                       f'y="{_n(y)}" font-size="12" fill="{INK}">{_text(words[s])}</text>')
        for p in sorted(palette):
            y += 22
            out.append(f'<circle class="legend-player" data-player="{_attr(p)}" cx="{_n(lx + 8)}" cy="{_n(y - 5)}" '
                       f'r="6.5" fill="{palette[p]}" stroke="#111" stroke-width="1"/><text x="{_n(lx + 24)}" '
                       f'y="{_n(y)}" font-size="12" fill="{INK}">{_text(labels.get(p, p))}</text>')
        out.append('</g>')
    out.append('</svg>')
    return "\n".join(out) + "\n"


__all__ = ["render_hex_map"]
