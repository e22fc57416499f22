"""A hex grid in axial coordinates (q, r), pointy-top, for maps of cells such as seed 001's island.

Directions are numbered like the faces of the D6 that picks them, counter-clockwise from east::

        3 NW   2 NE
    4 W    (q,r)    1 E
        5 SW   6 SE

    face 1 = E  (+1,  0)    face 4 = W  (-1,  0)
    face 2 = NE (+1, -1)    face 5 = SW (-1, +1)
    face 3 = NW ( 0, -1)    face 6 = SE ( 0, +1)

Opposite faces differ by 3 (1<->4, 2<->5, 3<->6), so the reverse of face d is ((d + 2) % 6) + 1.

Bouncing (`walk`) interprets seed 001, phase 1 "Déplacer le Capitaine Crown": « Le joueur qui
joue en premier lance 1d6 pour déterminer la direction que va prendre le Capitaine, il tire
ensuite un autre d6 pour savoir de combien de case se déplace le fantôme. Si le Crown arrive
sur une case de mer, il « rebondit » pour rester sur la terre. » Interpretation: the walk goes
cell by cell; when the next cell would be sea (or off the map), the walker reverses its
direction (face d -> d+3 mod 6) and takes that step the other way, then carries on in the new
direction with the remaining steps, bouncing again at the next coast. If the cell behind is
sea as well (a one-cell-wide strip along that line), the step is spent standing still. So the
walk never ends, nor passes, on sea, and always uses exactly `steps` steps.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

Hex = tuple[int, int]

DIRECTIONS: dict[int, Hex] = {
    1: (1, 0),    # E
    2: (1, -1),   # NE
    3: (0, -1),   # NW
    4: (-1, 0),   # W
    5: (-1, 1),   # SW
    6: (0, 1),    # SE
}
DIRECTION_NAMES: dict[int, dict[str, str]] = {
    1: {"en": "east", "fr": "est"},
    2: {"en": "north-east", "fr": "nord-est"},
    3: {"en": "north-west", "fr": "nord-ouest"},
    4: {"en": "west", "fr": "ouest"},
    5: {"en": "south-west", "fr": "sud-ouest"},
    6: {"en": "south-east", "fr": "sud-est"},
}
SQRT3 = math.sqrt(3.0)


def _check_face(direction: int) -> None:
    if direction not in DIRECTIONS:
        raise ValueError(f"direction must be a D6 face 1..6, not {direction!r}")


def opposite(direction: int) -> int:
    """The reverse face: 1<->4, 2<->5, 3<->6."""
    _check_face(direction)
    return (direction + 2) % 6 + 1


def step(cell: Hex, direction: int) -> Hex:
    _check_face(direction)
    dq, dr = DIRECTIONS[direction]
    return (cell[0] + dq, cell[1] + dr)


def neighbours(cell: Hex) -> tuple[Hex, ...]:
    """The six cells sharing an edge with `cell`, in face order 1..6."""
    return tuple(step(cell, d) for d in DIRECTIONS)


def distance(a: Hex, b: Hex) -> int:
    """Number of steps between two cells (cube distance)."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring(center: Hex, radius: int) -> tuple[Hex, ...]:
    """Cells at exactly `radius` from center, walked from the south-west corner, deterministic order."""
    if radius < 0:
        raise ValueError("radius must be >= 0")
    if radius == 0:
        return (center,)
    out: list[Hex] = []
    cell = (center[0] + DIRECTIONS[5][0] * radius, center[1] + DIRECTIONS[5][1] * radius)
    for d in (1, 2, 3, 4, 5, 6):
        for _ in range(radius):
            out.append(cell)
            cell = step(cell, d)
    return tuple(out)


def spiral(center: Hex, radius: int) -> tuple[Hex, ...]:
    """All cells within `radius` of center, ring by ring."""
    return tuple(c for k in range(radius + 1) for c in ring(center, k))


def walk(start: Hex, direction: int, steps: int,
         is_land: Callable[[Hex], bool]) -> tuple[Hex, tuple[Hex, ...]]:
    """Move `steps` cells from start in a D6 direction, bouncing off the sea (see the module doc).

    Returns (end, path): path holds the cell after each step (len == steps; a step spent
    standing still repeats the cell). The start must be land.
    """
    _check_face(direction)
    if steps < 0:
        raise ValueError("steps must be >= 0")
    if not is_land(start):
        raise ValueError(f"walk must start on land, not {start!r}")
    here, facing = start, direction
    path: list[Hex] = []
    for _ in range(steps):
        ahead = step(here, facing)
        if not is_land(ahead):
            facing = opposite(facing)
            ahead = step(here, facing)
            if not is_land(ahead):
                ahead = here  # sea on both sides: the step is spent in place
        here = ahead
        path.append(here)
    return here, tuple(path)


# -- drawing (pointy-top)
def to_pixel(cell: Hex, size: float) -> tuple[float, float]:
    """Centre of a cell, `size` being the centre-to-corner radius; (0, 0) maps to (0, 0)."""
    q, r = cell
    return (size * SQRT3 * (q + r / 2.0), size * 1.5 * r)


def corners(cell: Hex, size: float, origin: tuple[float, float] = (0.0, 0.0),
            radius: float | None = None) -> tuple[tuple[float, float], ...]:
    """The six corners of a pointy-top hex, clockwise from the right-top one; `radius` (default
    `size`) shrinks the drawn hex without moving its centre."""
    rad = size if radius is None else radius
    cx, cy = to_pixel(cell, size)
    cx, cy = cx + origin[0], cy + origin[1]
    out = []
    for i in range(6):
        angle = math.radians(60 * i - 30)
        out.append((cx + rad * math.cos(angle), cy + rad * math.sin(angle)))
    return tuple(out)


def bounds(cells: Iterable[Hex], size: float) -> tuple[float, float, float, float]:
    """(min_x, min_y, max_x, max_y) of the drawn hexes."""
    xs: list[float] = []
    ys: list[float] = []
    for c in cells:
        x, y = to_pixel(c, size)
        xs += [x - size * SQRT3 / 2, x + size * SQRT3 / 2]
        ys += [y - size, y + size]
    if not xs:
        return (0.0, 0.0, 0.0, 0.0)
    return (min(xs), min(ys), max(xs), max(ys))


__all__ = ["DIRECTIONS", "DIRECTION_NAMES", "Hex", "bounds", "corners", "distance", "neighbours",
           "opposite", "ring", "spiral", "step", "to_pixel", "walk"]
