"""The island of seed 001: a hex map of land and sea cells, its validation and the ghost's walk.

The seed gives no map ("l'Ile des Gorges Tranchées" only), so the packaged island
(data/map.toml) is a design of this program: 74 land cells in sea, a mountain ridge through the
middle (the gorges), forests for the Wood Elves, a long coast for the High and Dark Elves' sea
raids, and 8 capital slots at least 3 cells apart for 2 to 8 players. A club may load its own.

Map file (TOML)::

    name = "Île des Gorges Tranchées"
    ghost_start = [0, 0]        # optional; default: the first named land cell, else the first land cell
    [[cells]]
    q = 0  r = 0                # axial coordinates, unique
    terrain = "mountain"        # plain | forest | hills | mountain | swamp | sea
    name = "Les Gorges Tranchées"   # optional
    capital = 1                 # optional capital slot number 1..N (land only)
    mine = true                 # optional buildings (land only): mine, fortress, town
                                # (a town is an upgraded fortress: not both)

Cells not listed are sea. Each land cell is a territory; territories border by hex edges.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ...core import hexgrid
from ...core.bounded import strict_int
from ...core.errors import CampagneError, bilingual, register_messages
from ...core.hexgrid import Hex
from ...storage.text_file import load_toml, read_utf8
from .data import read_text

LAND_TERRAINS = ("plain", "forest", "hills", "mountain", "swamp")
SEA = "sea"
TERRAINS = LAND_TERRAINS + (SEA,)
BUILDINGS = ("mine", "fortress", "town")
MIN_PLAYERS = 2
MAX_PLAYERS = 8
MIN_CAPITAL_SPACING = 2  # two capital slots may not touch
_CELL_FIELDS = {"q", "r", "terrain", "name", "capital", *BUILDINGS}
_TOP_FIELDS = {"name", "ghost_start", "cells"}

register_messages({
    "gorges.map.malformed": {
        "en": "Malformed island map {source}: {reason}.",
        "fr": "Carte de l'île {source} mal formée : {reason}.",
    },
    "gorges.map.unreadable": {
        "en": "Cannot read island map file {source}: {reason}.",
        "fr": "Impossible de lire le fichier de carte de l'île {source} : {reason}.",
    },
    "gorges.map.duplicate_cell": {
        "en": "Island map {source}: cell ({q}, {r}) is listed twice.",
        "fr": "Carte de l'île {source} : la case ({q}, {r}) figure deux fois.",
    },
    "gorges.map.bad_terrain": {
        "en": "Island map {source}: cell ({q}, {r}) has unknown terrain {terrain!r} (expected one of {allowed}).",
        "fr": "Carte de l'île {source} : la case ({q}, {r}) a un terrain inconnu {terrain!r} (attendu : {allowed}).",
    },
    "gorges.map.feature_at_sea": {
        "en": "Island map {source}: cell ({q}, {r}) is sea and cannot hold {feature}.",
        "fr": "Carte de l'île {source} : la case ({q}, {r}) est en mer et ne peut pas porter {feature}.",
    },
    "gorges.map.fortress_and_town": {
        "en": "Island map {source}: cell ({q}, {r}) has both a fortress and a town; a town replaces its fortress.",
        "fr": "Carte de l'île {source} : la case ({q}, {r}) a une forteresse et une ville ; "
              "la ville remplace la forteresse.",
    },
    "gorges.map.no_land": {
        "en": "Island map {source} has no land cell.",
        "fr": "La carte de l'île {source} n'a aucune case de terre.",
    },
    "gorges.map.off_island": {
        "en": "Island map {source}: land cells {cells} are off the island (no land path to ({q}, {r})).",
        "fr": "Carte de l'île {source} : les cases de terre {cells} sont hors de l'île "
              "(aucun chemin par la terre jusqu'à ({q}, {r})).",
    },
    "gorges.map.capitals": {
        "en": "Island map {source} has {count} capital slots; it needs 2 to 8 (one per player).",
        "fr": "La carte de l'île {source} a {count} emplacements de capitale ; il en faut de 2 à 8 "
              "(un par joueur).",
    },
    "gorges.map.capital_numbers": {
        "en": "Island map {source}: capital slots must be numbered 1 to {count} once each, found {found}.",
        "fr": "Carte de l'île {source} : les emplacements de capitale doivent être numérotés de 1 à {count}, "
              "une fois chacun ; trouvé : {found}.",
    },
    "gorges.map.capitals_touch": {
        "en": "Island map {source}: capital slots {a} and {b} touch; capitals must be at least {spacing} cells apart.",
        "fr": "Carte de l'île {source} : les emplacements de capitale {a} et {b} se touchent ; "
              "il faut au moins {spacing} cases entre deux capitales.",
    },
    "gorges.map.ghost_start": {
        "en": "Island map {source}: the ghost must start on a land cell, not ({q}, {r}).",
        "fr": "Carte de l'île {source} : le fantôme doit partir d'une case de terre, pas de ({q}, {r}).",
    },
    "gorges.map.no_such_cell": {
        "en": "There is no land cell {cell!r} on the island.",
        "fr": "Il n'y a pas de case de terre {cell!r} sur l'île.",
    },
    "gorges.map.players": {
        "en": "The island has room for 2 to {max} players, not {players}.",
        "fr": "L'île accueille de 2 à {max} joueurs, pas {players}.",
    },
})


def cell_id(cell: Hex) -> str:
    """The territory id of a cell: 'q,r' (e.g. '0,-3')."""
    return f"{cell[0]},{cell[1]}"


def parse_cell_id(text: str) -> Hex:
    try:
        q, r = (strict_int(x) for x in text.replace(" ", "").strip("()").split(","))
    except (ValueError, AttributeError):
        raise CampagneError("gorges.map.no_such_cell", cell=text) from None
    return (q, r)


@dataclass(frozen=True)
class Cell:
    q: int
    r: int
    terrain: str
    name: str | None = None
    capital: int | None = None
    mine: bool = False
    fortress: bool = False
    town: bool = False

    @property
    def hex(self) -> Hex:
        return (self.q, self.r)

    @property
    def id(self) -> str:
        return cell_id(self.hex)

    @property
    def land(self) -> bool:
        return self.terrain != SEA


@dataclass(frozen=True)
class IslandMap:
    """A validated island. `cells` holds every listed cell, land and sea, in file order."""

    name: str
    cells: Mapping[Hex, Cell]
    ghost_start: Hex
    source: str = "<map>"

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", MappingProxyType(dict(self.cells)))
        object.__setattr__(self, "_near", {})  # a land cell's neighbours, found once (the map never changes)

    def __reduce__(self) -> tuple:
        return (IslandMap, (self.name, dict(self.cells), self.ghost_start, self.source))

    # -- reading
    def is_land(self, cell: Hex) -> bool:
        c = self.cells.get(cell)
        return c is not None and c.land

    @property
    def land_cells(self) -> tuple[Hex, ...]:
        return tuple(h for h, c in self.cells.items() if c.land)

    def cell(self, cell: Hex | str) -> Cell:
        h = parse_cell_id(cell) if isinstance(cell, str) else cell
        if not self.is_land(h):
            raise CampagneError("gorges.map.no_such_cell", cell=cell if isinstance(cell, str) else cell_id(h))
        return self.cells[h]

    def neighbours(self, cell: Hex) -> tuple[Hex, ...]:
        """Land cells sharing an edge with a land cell (face order 1..6)."""
        found = self._near.get(cell)  # type: ignore[attr-defined]
        if found is None:
            self.cell(cell)
            found = self._near[cell] = tuple(n for n in hexgrid.neighbours(cell) if self.is_land(n))  # type: ignore[attr-defined]
        return found

    def neighbour_ids(self, tid: str) -> tuple[str, ...]:
        """The neighbours of a land cell named by its id, by their ids (found once)."""
        found = self._near.get(tid)  # type: ignore[attr-defined]
        if found is None:
            found = self._near[tid] = tuple(cell_id(h) for h in self.neighbours(parse_cell_id(tid)))  # type: ignore[attr-defined]
        return found

    def adjacent(self, a: Hex, b: Hex) -> bool:
        return b in self.neighbours(a) and self.is_land(a)

    def coastal(self, cell: Hex) -> bool:
        """A land cell "adjacent à une mer" (sea raids of the High and Dark Elves)."""
        self.cell(cell)
        return any(not self.is_land(n) for n in hexgrid.neighbours(cell))

    def cells_with(self, *, terrain: str | None = None, feature: str | None = None) -> tuple[Hex, ...]:
        out = []
        for h, c in self.cells.items():
            if not c.land or (terrain is not None and c.terrain != terrain):
                continue
            if feature is not None and not getattr(c, feature):
                continue
            out.append(h)
        return tuple(out)

    @property
    def forests(self) -> tuple[Hex, ...]:
        return self.cells_with(terrain="forest")

    @property
    def capital_slots(self) -> tuple[Hex, ...]:
        """Capital slots in their number order."""
        slots = [(c.capital, h) for h, c in self.cells.items() if c.land and c.capital is not None]
        return tuple(h for _, h in sorted(slots))

    def capitals_for(self, players: int) -> tuple[Hex, ...]:
        """`players` slots spread apart: slot 1, then each time the slot farthest from those taken
        (ties to the lower number). Deterministic, so a game's set-up can be replayed."""
        slots = self.capital_slots
        if not MIN_PLAYERS <= players <= min(MAX_PLAYERS, len(slots)):
            raise CampagneError("gorges.map.players", players=players, max=min(MAX_PLAYERS, len(slots)))
        chosen = [slots[0]]
        while len(chosen) < players:
            best = max((s for s in slots if s not in chosen),
                       key=lambda s: (min(hexgrid.distance(s, c) for c in chosen), -slots.index(s)))
            chosen.append(best)
        return tuple(chosen)

    def reachable(self, start: Hex) -> tuple[Hex, ...]:
        """Land cells reachable over land from start, BFS order."""
        self.cell(start)
        seen = {start: None}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for n in hexgrid.neighbours(here):
                if n not in seen and self.is_land(n):
                    seen[n] = None
                    queue.append(n)
        return tuple(seen)

    def ghost_walk(self, start: Hex, direction: int, steps: int) -> tuple[Hex, tuple[Hex, ...]]:
        """Captain Crown's move: D6 direction, D6 cells, bouncing off the sea (see core.hexgrid)."""
        self.cell(start)
        return hexgrid.walk(start, direction, steps, self.is_land)

    def adjacency(self) -> dict[str, tuple[str, ...]]:
        """Territory id -> bordering territory ids: the island as a territory graph."""
        return {cell_id(h): tuple(cell_id(n) for n in self.neighbours(h)) for h in self.land_cells}


# -- loading
def load_map_text(text: str, source: str = "<map>") -> IslandMap:
    return from_mapping(_toml(text, source), source)


def read_map_file(path: str | Path) -> tuple[IslandMap, dict[str, Any]]:
    """A club's island file, validated, and its table as written (a campaign's set-up keeps the latter)."""
    p = Path(path)
    text = read_utf8(p, "gorges.map.unreadable", "gorges.map.unreadable", name="source")
    raw = _toml(text, str(p))
    return from_mapping(raw, str(p)), raw


def load_map_file(path: str | Path) -> IslandMap:
    return read_map_file(path)[0]


def _toml(text: str, source: str) -> dict[str, Any]:
    return load_toml(text, "gorges.map.malformed", source=source)


@cache
def load_default_map() -> IslandMap:
    return load_map_text(read_text("map.toml"), "gorges/data/map.toml")


def from_mapping(raw: Mapping[str, Any], source: str = "<map>") -> IslandMap:
    def malformed(en: str, fr: str) -> CampagneError:
        return CampagneError("gorges.map.malformed", source=source, reason=bilingual(en, fr))

    if not isinstance(raw, Mapping):
        raise malformed("the map is not a table", "la carte n'est pas une table")
    extra = sorted(set(raw) - _TOP_FIELDS)
    if extra:
        raise malformed(f"unknown field {extra[0]!r}", f"champ inconnu {extra[0]!r}")
    name = raw.get("name")
    if not isinstance(name, str) or not name:
        raise malformed("the map needs a 'name' text", "la carte doit avoir un texte 'name'")
    items = raw.get("cells")
    if not isinstance(items, list) or not items or not all(isinstance(x, Mapping) for x in items):
        raise malformed("the map needs a non-empty list of [[cells]]",
                        "la carte doit avoir une liste non vide de [[cells]]")
    cells: dict[Hex, Cell] = {}
    for i, body in enumerate(items):
        c = _cell(i, body, source, malformed)
        if c.hex in cells:
            raise CampagneError("gorges.map.duplicate_cell", source=source, q=c.q, r=c.r)
        cells[c.hex] = c
    land = [h for h, c in cells.items() if c.land]
    if not land:
        raise CampagneError("gorges.map.no_land", source=source)
    # One island: every land cell reachable over land from the first.
    seen = {land[0]}
    queue = deque([land[0]])
    while queue:
        here = queue.popleft()
        for n in hexgrid.neighbours(here):
            if n not in seen and n in cells and cells[n].land:
                seen.add(n)
                queue.append(n)
    off = [h for h in land if h not in seen]
    if off:
        raise CampagneError("gorges.map.off_island", source=source, q=land[0][0], r=land[0][1],
                            cells=", ".join(f"({q}, {r})" for q, r in off))
    slots = sorted((c.capital, h) for h, c in cells.items() if c.capital is not None)
    if not MIN_PLAYERS <= len(slots) <= MAX_PLAYERS:  # a club's small island may seat fewer players
        raise CampagneError("gorges.map.capitals", source=source, count=len(slots))
    numbers = [n for n, _ in slots]
    if numbers != list(range(1, len(slots) + 1)):
        raise CampagneError("gorges.map.capital_numbers", source=source, count=len(slots),
                            found=", ".join(map(str, numbers)))
    for i, (na, a) in enumerate(slots):
        for nb, b in slots[i + 1:]:
            if hexgrid.distance(a, b) < MIN_CAPITAL_SPACING:
                raise CampagneError("gorges.map.capitals_touch", source=source, a=na, b=nb,
                                    spacing=MIN_CAPITAL_SPACING)
    gs = raw.get("ghost_start")
    if gs is None:
        named = [h for h in land if cells[h].name]
        ghost = named[0] if named else land[0]
    else:
        if (not isinstance(gs, list) or len(gs) != 2
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in gs)):
            raise malformed("'ghost_start' must be [q, r] integers", "'ghost_start' doit être [q, r] en entiers")
        ghost = (gs[0], gs[1])
        if ghost not in cells or not cells[ghost].land:
            raise CampagneError("gorges.map.ghost_start", source=source, q=ghost[0], r=ghost[1])
    return IslandMap(name, cells, ghost, source)


def _cell(i: int, body: Mapping[str, Any], source: str, malformed: Any) -> Cell:
    where, where_fr = f"cell {i + 1}", f"case {i + 1}"
    extra = sorted(set(body) - _CELL_FIELDS)
    if extra:
        raise malformed(f"{where}: unknown field {extra[0]!r}", f"{where_fr} : champ inconnu {extra[0]!r}")

    def integer(key: str) -> int:
        v = body.get(key)
        if not isinstance(v, int) or isinstance(v, bool):
            raise malformed(f"{where}: {key!r} must be an integer", f"{where_fr} : {key!r} doit être un entier")
        return v

    q, r = integer("q"), integer("r")
    terrain = body.get("terrain")
    if terrain not in TERRAINS:
        raise CampagneError("gorges.map.bad_terrain", source=source, q=q, r=r, terrain=terrain,
                            allowed=", ".join(TERRAINS))
    name = body.get("name")
    if name is not None and (not isinstance(name, str) or not name):
        raise malformed(f"{where}: 'name' must be a text", f"{where_fr} : 'name' doit être un texte")
    capital = integer("capital") if "capital" in body else None
    flags = {}
    for b in BUILDINGS:
        v = body.get(b, False)
        if not isinstance(v, bool):
            raise malformed(f"{where}: {b!r} must be true or false", f"{where_fr} : {b!r} doit valoir true ou false")
        flags[b] = v
    if terrain == SEA:
        for feature, present in (("capital", capital is not None), *flags.items()):
            if present:
                raise CampagneError("gorges.map.feature_at_sea", source=source, q=q, r=r, feature=feature)
    if flags["fortress"] and flags["town"]:
        raise CampagneError("gorges.map.fortress_and_town", source=source, q=q, r=r)
    return Cell(q, r, terrain, name, capital, **flags)


__all__ = ["BUILDINGS", "LAND_TERRAINS", "TERRAINS", "Cell", "IslandMap", "cell_id", "from_mapping",
           "load_default_map", "load_map_file", "load_map_text", "parse_cell_id"]
