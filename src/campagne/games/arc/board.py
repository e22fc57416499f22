"""The map of Arc: hexes named as the seed names them (column letter + row number, "doubled" coordinates).

In every column the rows used are all even (columns A, C, E...) or all odd (B, D, F...): hex (c, r) exists
when c + r is even, c = 0 for A. Its neighbours are (c, r±2) and (c±1, r±1); in the axial coordinates of
`core.hexgrid` it is (q, r') = (c, (r - c) / 2), so distances come from there.

Terrain that costs three movement points (« rivières, marais, murs d'enceinte ») is where units exert no ZOC;
gates are wall hexes without the wall. A `Board` is immutable and shared by every copy of a state.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ...core import hexgrid
from ..packaged import read_data

HEX_RE = re.compile(r"^([A-Z])(\d{1,3})$")
COSTLY = ("wall", "river", "marsh")


def parse_hex(text: str, letters: str) -> tuple[int, int] | None:
    m = HEX_RE.match(text)
    if not m or m.group(1) not in letters:
        return None
    return letters.index(m.group(1)), int(m.group(2))


@dataclass(frozen=True)
class Place:
    id: str
    hex: str
    fr: str
    en: str
    strategic: bool = False
    temple: bool = False


@dataclass(frozen=True, eq=False)
class Board:
    name: str
    letters: str
    rows: int
    terrain: dict[str, str]  # hex -> "clear", "wall", "gate", "river", "marsh", "hill"
    places: dict[str, Place]
    misfits: dict[str, str] = field(default_factory=dict)
    coords: dict[str, tuple[int, int]] = field(default_factory=dict)
    neighbours: dict[str, tuple[str, ...]] = field(default_factory=dict)
    by_axial: dict[tuple[int, int], str] = field(default_factory=dict)
    # drawn once per hex (and radius), as asked: the rules and the computers ask them hundreds of thousands of
    # times a game (the board never changes)
    _axial: dict[str, tuple[int, int]] = field(default_factory=dict, repr=False)
    _within: dict[tuple[str, int], list[str]] = field(default_factory=dict, repr=False)

    def __deepcopy__(self, memo: Any) -> Board:  # immutable: every copy of a state shares it
        return self

    @classmethod
    def build(cls, name: str, letters: str, rows: int, terrain: dict[str, list[str]],
              places: dict[str, dict[str, Any]], misfits: dict[str, str] | None = None) -> Board:
        coords = {f"{letters[c]}{r}": (c, r) for c in range(len(letters)) for r in range(1, rows + 1)
                  if (c + r) % 2 == 0}
        kinds = {h: "clear" for h in coords}
        for kind in ("hill", "marsh", "river", "wall", "gate"):
            for h in terrain.get(kind + "s" if kind == "gate" else kind, []):
                if h not in coords:
                    raise ValueError(f"{name}: {kind} hex {h} is not on the map")
                kinds[h] = kind
        nbrs: dict[str, tuple[str, ...]] = {}
        for h, (c, r) in coords.items():
            cand = [(c, r - 2), (c + 1, r - 1), (c + 1, r + 1), (c, r + 2), (c - 1, r + 1), (c - 1, r - 1)]
            nbrs[h] = tuple(f"{letters[x]}{y}" for x, y in cand
                            if 0 <= x < len(letters) and f"{letters[x]}{y}" in coords)
        pl = {pid: Place(pid, p["hex"], p["fr"], p["en"], p.get("strategic", False), p.get("temple", False))
              for pid, p in places.items()}
        for p in pl.values():
            if p.hex not in coords:
                raise ValueError(f"{name}: place {p.id} at {p.hex} is not on the map")
        by_axial = {(c, (r - c) // 2): h for h, (c, r) in coords.items()}
        return cls(name, letters, rows, kinds, pl, dict(misfits or {}), coords, nbrs, by_axial)

    # -- geometry
    def __contains__(self, h: object) -> bool:
        return h in self.coords

    def resolve(self, text: str) -> str | None:
        """A hex as the seed writes it, the misfits read as their hex."""
        text = self.misfits.get(text, text)
        return text if text in self.coords else None

    def axial(self, h: str) -> tuple[int, int]:
        found = self._axial.get(h)
        if found is None:
            c, r = self.coords[h]
            found = self._axial[h] = (c, (r - c) // 2)
        return found

    def distance(self, a: str, b: str) -> int:
        # (`hexgrid.distance` of the two hexes' axial coordinates, written out: the rules, the views and the
        # computers ask it about a hundred thousand times a game)
        axial = self._axial
        p = axial.get(a) or self.axial(a)
        q = axial.get(b) or self.axial(b)
        dq, dr = p[0] - q[0], p[1] - q[1]
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def near(self, h: str, radius: int, items: Iterable[tuple[Any, ...]]) -> tuple[tuple[Any, ...], ...]:
        """The items (each a tuple, its hex first) at most `radius` away from `h`, in their order (`distance`
        written out: asked of every visible foe at each counter's search)."""
        axial, twice = self._axial, 2 * radius
        q0, r0 = axial.get(h) or self.axial(h)
        out = []
        for item in items:
            q, r = axial.get(item[0]) or self.axial(item[0])
            dq, dr = q - q0, r - r0
            if abs(dq) + abs(dr) + abs(dq + dr) <= twice:
                out.append(item)
        return tuple(out)

    def within(self, h: str, radius: int) -> list[str]:
        """The hexes at most `radius` away, nearest first (a list the caller does not change)."""
        found = self._within.get((h, radius))
        if found is None:
            by_axial = self.by_axial
            found = self._within[(h, radius)] = [by_axial[a] for a in hexgrid.spiral(self.axial(h), radius)
                                                 if a in by_axial]
        return found

    def line(self, start: str, direction: int, length: int) -> list[str] | None:
        """`length` contiguous hexes from `start` straight on in a direction 1..6 (N, NE, SE, S, SW, NW)."""
        out = [start]
        c, r = self.coords[start]
        dc, dr = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))[direction - 1]
        for _ in range(length - 1):
            c, r = c + dc, r + dr
            if not (0 <= c < len(self.letters)):
                return None
            h = f"{self.letters[c]}{r}"
            if h not in self.coords:
                return None
            out.append(h)
        return out

    def line_starts(self, direction: int, length: int) -> frozenset[str]:
        """The hexes a full line of `length` can start from in that direction (computed once)."""
        cache = self.__dict__.setdefault("_lines", {})
        key = (direction, length)
        if key not in cache:
            cache[key] = frozenset(h for h in self.coords if self.line(h, direction, length))
        return cache[key]

    def direction(self, a: str, b: str) -> int | None:
        """The direction 1..6 of the straight line from a to b, if they lie on one."""
        (c1, r1), (c2, r2) = self.coords[a], self.coords[b]
        dc, dr = c2 - c1, r2 - r1
        if dc == 0 and dr:
            return 1 if dr < 0 else 4
        if dc and abs(dr) == abs(dc):
            if dc > 0:
                return 2 if dr < 0 else 3
            return 6 if dr < 0 else 5
        return None

    # -- terrain
    def kind(self, h: str) -> str:
        return self.terrain[h]

    def cost(self, h: str, cavalry: bool) -> int | None:
        """Movement points to enter `h`; None when the unit may not (cavalry and a wall)."""
        k = self.terrain[h]
        if k == "wall":
            return None if cavalry else 3
        return 3 if k in COSTLY else 1

    def costs(self, cavalry: bool) -> dict[str, int | None]:
        """`cost` of every hex, computed once."""
        key = "_cav" if cavalry else "_foot"
        table = self.__dict__.get(key)
        if table is None:
            table = {h: self.cost(h, cavalry) for h in self.coords}
            object.__setattr__(self, key, table)
        return table

    def steps(self, cavalry: bool, flying: bool = False) -> dict[str, tuple[tuple[str, int], ...]]:
        """Each hex's neighbours that may be entered, with what entering costs (`costs`; flying: 1 each, any
        terrain), in the order of `neighbours`, computed once."""
        key = "_fly" if flying else "_cav_steps" if cavalry else "_foot_steps"
        table = self.__dict__.get(key)
        if table is None:
            costs = self.costs(cavalry)
            table = {h: tuple((n, 1) if flying else (n, costs[n]) for n in ns if flying or costs[n] is not None)
                     for h, ns in self.neighbours.items()}
            object.__setattr__(self, key, table)
        return table

    def exerts_zoc(self, h: str) -> bool:
        """« Si la zone sur laquelle se trouve une unité, nécessite trois points de mouvements pour la
        traverser (rivières, marais, murs d'enceinte), l'unité en question n'exerce pas de ZOC »."""
        return self.terrain[h] not in COSTLY

    def strategic(self) -> list[Place]:
        return [p for p in self.places.values() if p.strategic]

    def temples(self) -> list[str]:
        return [p.hex for p in self.places.values() if p.temple]


def board_from_mapping(raw: dict[str, Any], name: str = "custom") -> Board:
    return Board.build(name, raw["columns"], int(raw["rows"]), raw.get("terrain", {}), raw.get("places", {}),
                       raw.get("misfits", {}))


@cache
def arc_board() -> Board:
    return board_from_mapping(tomllib.loads(read_data(__package__, "map.toml")), "arc")
