"""The battlefield: a grid of square cells (seed 004, « Champ de bataille »).

Squares, not hexes: the seed's line-of-sight rule speaks of a line passing « sur le bord d'une case », and on
squares the exact centre-to-centre walk (sight.py) has a simple integer form, symmetric by construction; a
square battlefield is also what a club draws on a sheet of squared paper. Adjacency is the 8 cells around
(orthogonal and diagonal): a diagonal step costs 1 AP like any other (« Chaque case de mouvement lui coûte un
point d'action »), and distances are counted the same way (Chebyshev). Cells are named by column letter and
row number (A1 top left); inside, a cell is its index y * width + x.

Heights: each cell has a level. Two adjacent cells one level apart are separated by a slope (the lower one on
its down side); two levels or more by a cliff, impassable (« Une falaise étant infranchissable »).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...core.bounded import is_whole
from ...core.errors import CampagneError, need, register_messages
from .data import Terrain, battlefields, terrain_by_char

register_messages({
    "skirmish.bad_battlefield": {"en": "Invalid battlefield {name!r}: {why}.",
                                 "fr": "Champ de bataille {name!r} invalide : {why}."},
    "skirmish.unknown_battlefield": {"en": "Unknown battlefield {name!r} (one of: {known}).",
                                     "fr": "Champ de bataille inconnu {name!r} (au choix : {known})."},
})


def column_name(x: int) -> str:
    """A, B, ..., Z, AA, AB... (bijective base 26, so a 30-column battlefield is named too)."""
    out = ""
    x += 1
    while x:
        x, r = divmod(x - 1, 26)
        out = chr(65 + r) + out
    return out


@dataclass(frozen=True)
class Battlefield:
    id: str
    fr: str
    en: str
    width: int
    height: int
    terrain: tuple[Terrain, ...]
    level: tuple[int, ...]
    zones: tuple[frozenset[int], ...]
    fits: tuple[str, ...] = ()
    names: tuple[str, ...] = field(default=(), compare=False)
    by_name: Mapping[str, int] = field(default_factory=dict, compare=False)
    around: tuple[tuple[int, ...], ...] = field(default=(), compare=False)
    # per cell, the cells a step reaches and its AP (cliffs left out): for every unit, and for scouts
    steps: tuple[tuple[tuple[int, int], ...], ...] = field(default=(), compare=False)
    scout_steps: tuple[tuple[tuple[int, int], ...], ...] = field(default=(), compare=False)
    # per cell, what its cover and height are worth to the tactician (`ai._cell_score`), asked of every cell a
    # unit may reach at every order of a battle the computers fight
    shelter: tuple[float, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        # Precomputed once: names and neighbours are asked for on every move and every sight line.
        w, h = self.width, self.height
        names = tuple(f"{column_name(i % w)}{i // w + 1}" for i in range(w * h))
        object.__setattr__(self, "names", names)
        object.__setattr__(self, "by_name", {n: i for i, n in enumerate(names)})
        around = []
        for i in range(w * h):
            x, y = i % w, i // w
            around.append(tuple((y + dy) * w + x + dx for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                                if (dx or dy) and 0 <= x + dx < w and 0 <= y + dy < h))
        object.__setattr__(self, "around", tuple(around))
        object.__setattr__(self, "steps", tuple(tuple((b, 1 + self.extra_cost(a, b)) for b in around[a]
                                                      if not self.cliff(a, b)) for a in range(w * h)))
        object.__setattr__(self, "scout_steps", tuple(tuple((b, 1) for b, _ in self.steps[a]) for a in range(w * h)))
        object.__setattr__(self, "shelter", tuple((1.0 if self.cover(i) else 0.0) + 0.8 * self.level[i]
                                                  for i in range(w * h)))

    def __deepcopy__(self, memo: Any) -> Battlefield:
        return self  # immutable: shared by every copy of a state

    @property
    def size(self) -> int:
        return self.width * self.height

    def name(self, i: int) -> str:
        return self.names[i]

    def index(self, name: str) -> int | None:
        return self.by_name.get(name.upper()) if isinstance(name, str) else None

    def xy(self, i: int) -> tuple[int, int]:
        return i % self.width, i // self.width

    def distance(self, a: int, b: int) -> int:
        return max(abs(a % self.width - b % self.width), abs(a // self.width - b // self.width))

    def cliff(self, a: int, b: int) -> bool:
        """A cliff between two adjacent cells: two levels or more apart."""
        return abs(self.level[a] - self.level[b]) >= 2

    def slope(self, a: int, b: int) -> bool:
        return abs(self.level[a] - self.level[b]) == 1

    def extra_cost(self, a: int, b: int) -> int:
        """+1 AP to step from a into b across an obstacle: the cell entered is one (a forest), or a slope lies
        between. « La propriété d'obstacle ne se cumule pas »: +1 at most, whatever lies on the way."""
        return 1 if self.terrain[b].obstacle or self.slope(a, b) else 0

    def cover(self, i: int) -> bool:
        return self.terrain[i].cover


def _rect(bf: str, spec: str, w: int, h: int) -> frozenset[int]:
    try:
        a, b = spec.upper().split(":")
        (x0, y0), (x1, y1) = _parse(a), _parse(b)
    except ValueError:
        raise CampagneError("skirmish.bad_battlefield", name=bf, why=f"zone {spec}") from None
    need(0 <= x0 <= x1 < w and 0 <= y0 <= y1 < h, "skirmish.bad_battlefield", name=bf, why=f"zone {spec}")
    return frozenset(y * w + x for y in range(y0, y1 + 1) for x in range(x0, x1 + 1))


def _parse(cell: str) -> tuple[int, int]:
    letters = "".join(c for c in cell if c.isalpha())
    digits = cell[len(letters):]
    if not letters or not letters.isascii() or not is_whole(digits) or len(digits) > 4:
        raise ValueError(cell)
    x = 0
    for c in letters:
        x = x * 26 + ord(c) - 64
    return x - 1, int(digits) - 1


def from_mapping(name: str, raw: Mapping[str, Any]) -> Battlefield:
    """A battlefield from its table (data/battlefields.toml, or one given in a set-up)."""
    rows = raw.get("terrain")
    need(isinstance(rows, list) and rows and all(isinstance(r, str) for r in rows), "skirmish.bad_battlefield",
         name=name, why="terrain rows")
    w, h = len(rows[0]), len(rows)
    need(all(len(r) == w for r in rows), "skirmish.bad_battlefield", name=name, why="rows of unequal length")
    chars = terrain_by_char()
    bad = sorted({c for r in rows for c in r if c not in chars})
    need(not bad, "skirmish.bad_battlefield", name=name, why=f"unknown terrain {''.join(bad)}")
    heights = raw.get("height") or ["0" * w] * h
    need(len(heights) == h and all(len(r) == w and r.isdigit() for r in heights), "skirmish.bad_battlefield",
         name=name, why="height rows")
    zones = tuple(_rect(name, z, w, h) for z in raw.get("zones", ()))
    need(len(zones) >= 2, "skirmish.bad_battlefield", name=name, why="fewer than two deployment zones")
    return Battlefield(name, str(raw.get("fr", name)), str(raw.get("en", name)), w, h,
                       tuple(chars[c] for r in rows for c in r), tuple(int(c) for r in heights for c in r),
                       zones, tuple(raw.get("fits", ())))


_CACHE: dict[str, Battlefield] = {}


def packaged(name: str) -> Battlefield:
    known = battlefields()
    if name not in known:
        raise CampagneError("skirmish.unknown_battlefield", name=name, known=", ".join(known))
    if name not in _CACHE:  # a cache of immutable values read from packaged files
        _CACHE[name] = from_mapping(name, known[name])
    return _CACHE[name]


def battlefield(spec: Any) -> Battlefield:
    """A set-up's battlefield: a packaged name, or a table of its own."""
    if isinstance(spec, Mapping):
        return from_mapping(str(spec.get("id", "custom")), spec)
    return packaged(str(spec or "plain"))
