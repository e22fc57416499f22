"""Territory maps: kingdoms, territories and who borders whom, as plain immutable data.

A map file (TOML, parsed by the caller or by `TerritoryMap.from_toml_text`) reads::

    name = "L'Atlantide"
    [[kingdoms]]
    id = "azues"  name = "Azues"  colonisable = true
    [[territories]]
    id = "azaea"              # ascii slug, unique
    name = "Azaéa"            # display name
    kingdom = "azues"
    terrain = "plain"         # plain | river | forest | mountain
    royal_city = true         # default false; exactly one per kingdom
    coast = true              # default false
    neighbours = ["..."]      # must be symmetric
    polygon = [[x, y], ...]   # drawing, in a 1000x800 viewbox
    label = [x, y]
    owner = "alice"           # optional: absent = the Atlantean king of its kingdom
    fortresses = 1            # optional, 0..2

Graph walks are plain BFS over dicts: the map is small and the command line must start fast.
Neighbours are visited in the order their territory lists them, so paths are deterministic.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from .bounded import load_toml
from .errors import CampagneError, bilingual, register_messages

TERRAINS = ("plain", "river", "forest", "mountain")
MAX_FORTRESSES = 2

_SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_KINGDOM_FIELDS = {"id", "name", "colonisable"}
_TERRITORY_FIELDS = {"id", "name", "kingdom", "terrain", "royal_city", "coast", "neighbours",
                     "polygon", "label", "owner", "fortresses"}

register_messages({
    "map.malformed": {
        "en": "Malformed map {source}: {reason}.",
        "fr": "Carte {source} mal formée : {reason}.",
    },
    "map.unreadable": {
        "en": "Cannot read map file {source}: {reason}.",
        "fr": "Impossible de lire le fichier de carte {source} : {reason}.",
    },
    "map.duplicate": {
        "en": "Map {source}: the {what} id {id!r} is used twice.",
        "fr": "Carte {source} : l'identifiant de {what} {id!r} est utilisé deux fois.",
    },
    "map.unknown_kingdom": {
        "en": "Map {source}: territory {territory!r} belongs to unknown kingdom {kingdom!r}.",
        "fr": "Carte {source} : le territoire {territory!r} appartient au royaume inconnu {kingdom!r}.",
    },
    "map.bad_terrain": {
        "en": "Map {source}: territory {territory!r} has unknown terrain {terrain!r} (expected one of {allowed}).",
        "fr": "Carte {source} : le territoire {territory!r} a un terrain inconnu {terrain!r} "
              "(attendu : {allowed}).",
    },
    "map.bad_fortresses": {
        "en": "Map {source}: territory {territory!r} has {fortresses} fortresses; a territory holds 0 to 2.",
        "fr": "Carte {source} : le territoire {territory!r} a {fortresses} forteresses ; "
              "un territoire en contient de 0 à 2.",
    },
    "map.unknown_neighbour": {
        "en": "Map {source}: territory {territory!r} lists unknown neighbour {neighbour!r}.",
        "fr": "Carte {source} : le territoire {territory!r} a pour voisin {neighbour!r}, qui n'existe pas.",
    },
    "map.self_neighbour": {
        "en": "Map {source}: territory {territory!r} lists itself as a neighbour.",
        "fr": "Carte {source} : le territoire {territory!r} se donne lui-même pour voisin.",
    },
    "map.asymmetric": {
        "en": "Map {source}: territory {territory!r} lists {neighbour!r} as a neighbour, "
              "but {neighbour!r} does not list {territory!r}.",
        "fr": "Carte {source} : le territoire {territory!r} a pour voisin {neighbour!r}, "
              "mais {neighbour!r} n'a pas {territory!r} pour voisin.",
    },
    "map.royal_cities": {
        "en": "Map {source}: kingdom {kingdom!r} has {count} royal cities ({territories}); it needs exactly one.",
        "fr": "Carte {source} : le royaume {kingdom!r} a {count} cités royales ({territories}) ; "
              "il en faut exactement une.",
    },
    "map.disconnected": {
        "en": "Map {source}: territories {territories} cannot be reached from {start!r}.",
        "fr": "Carte {source} : les territoires {territories} sont inaccessibles depuis {start!r}.",
    },
    "map.no_such_territory": {
        "en": "Unknown territory {territory!r}.",
        "fr": "Territoire inconnu {territory!r}.",
    },
    "map.no_such_kingdom": {
        "en": "Unknown kingdom {kingdom!r}.",
        "fr": "Royaume inconnu {kingdom!r}.",
    },
})

Point = tuple[float, float]


@dataclass(frozen=True)
class Kingdom:
    id: str
    name: str
    colonisable: bool


@dataclass(frozen=True)
class Territory:
    id: str
    name: str
    kingdom: str
    terrain: str
    royal_city: bool
    coast: bool
    neighbours: tuple[str, ...]
    polygon: tuple[Point, ...]
    label: Point
    owner: str | None = None
    fortresses: int = 0

    def to_mapping(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id, "name": self.name, "kingdom": self.kingdom, "terrain": self.terrain,
            "royal_city": self.royal_city, "coast": self.coast, "neighbours": list(self.neighbours),
            "polygon": [list(p) for p in self.polygon], "label": list(self.label),
        }
        if self.owner is not None:
            out["owner"] = self.owner
        if self.fortresses:
            out["fortresses"] = self.fortresses
        return out


@dataclass(frozen=True)
class TerritoryMap:
    """A validated map. Its dicts are read-only views: a cached map can be shared safely."""

    name: str
    kingdoms: Mapping[str, Kingdom]
    territories: Mapping[str, Territory]
    source: str = field(default="<map>", compare=False)
    _by_kingdom: Mapping[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "kingdoms", MappingProxyType(dict(self.kingdoms)))
        object.__setattr__(self, "territories", MappingProxyType(dict(self.territories)))
        groups: dict[str, list[str]] = {k: [] for k in self.kingdoms}
        for t in self.territories.values():
            groups.setdefault(t.kingdom, []).append(t.id)
        object.__setattr__(self, "_by_kingdom", MappingProxyType({k: tuple(v) for k, v in groups.items()}))

    # Immutable, so copies may share it; the read-only views cannot be pickled as they are.
    def __copy__(self) -> TerritoryMap:
        return self

    def __deepcopy__(self, memo: dict) -> TerritoryMap:
        return self

    def __reduce__(self) -> tuple:
        return (TerritoryMap, (self.name, dict(self.kingdoms), dict(self.territories), self.source))

    # -- reading
    def territory(self, tid: str) -> Territory:
        try:
            return self.territories[tid]
        except KeyError:
            raise CampagneError("map.no_such_territory", territory=tid) from None

    def neighbours(self, tid: str) -> tuple[str, ...]:
        return self.territory(tid).neighbours

    def adjacent(self, a: str, b: str) -> bool:
        self.territory(b)
        return b in self.territory(a).neighbours

    def kingdom_territories(self, kid: str) -> tuple[str, ...]:
        if kid not in self.kingdoms:
            raise CampagneError("map.no_such_kingdom", kingdom=kid)
        return self._by_kingdom.get(kid, ())

    def royal_city(self, kid: str) -> str:
        for tid in self.kingdom_territories(kid):
            if self.territories[tid].royal_city:
                return tid
        raise CampagneError("map.royal_cities", source=self.source, kingdom=kid, count=0, territories="-")

    # -- walking
    def shortest_path(self, a: str, b: str,
                      allowed: Callable[[str], bool] | None = None) -> list[str] | None:
        """Fewest-steps path from a to b (both included), or None.

        `allowed` filters every territory the path enters, b included, never the start a:
        a supply route is `allowed = mine and free of enemies`; a move into an enemy
        territory is `allowed = lambda t: t == b or mine(t)`.
        """
        self.territory(a)
        self.territory(b)
        if a == b:
            return [a]
        parent = self._bfs(a, allowed, stop=b)
        if b not in parent:
            return None
        path = [b]
        while path[-1] != a:
            path.append(parent[path[-1]])  # type: ignore[arg-type]
        return path[::-1]

    def reachable(self, start: str, allowed: Callable[[str], bool] | None = None) -> tuple[str, ...]:
        """Territories reachable from start (itself first), in BFS order; `allowed` as in shortest_path."""
        self.territory(start)
        return tuple(self._bfs(start, allowed))

    def _bfs(self, start: str, allowed: Callable[[str], bool] | None,
             stop: str | None = None) -> dict[str, str | None]:
        parent: dict[str, str | None] = {start: None}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for nxt in self.territories[here].neighbours:
                if nxt in parent or (allowed is not None and not allowed(nxt)):
                    continue
                parent[nxt] = here
                if nxt == stop:
                    return parent
                queue.append(nxt)
        return parent

    # -- changing (a new map each time)
    def replace_territory(self, tid: str, **changes: Any) -> TerritoryMap:
        """A copy with one territory's fields changed (terrain, owner, fortresses...), not re-validated."""
        territories = dict(self.territories)
        territories[tid] = replace(self.territory(tid), **changes)
        return TerritoryMap(self.name, self.kingdoms, territories, self.source)

    def to_mapping(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kingdoms": [{"id": k.id, "name": k.name, "colonisable": k.colonisable}
                         for k in self.kingdoms.values()],
            "territories": [t.to_mapping() for t in self.territories.values()],
        }

    # -- building
    @classmethod
    def from_toml_text(cls, text: str, source: str = "<map>") -> TerritoryMap:
        return cls.from_mapping(load_toml(text, "map.malformed", source=source), source)

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any], source: str = "<map>") -> TerritoryMap:
        return _Builder(raw, source).build()


class _Builder:
    """Checks a raw map field by field, so every error names its territory and field."""

    def __init__(self, raw: Mapping[str, Any], source: str) -> None:
        self.raw = raw
        self.source = source

    def fail(self, code: str, **params: Any) -> CampagneError:
        return CampagneError(code, source=self.source, **params)

    def malformed(self, en: str, fr: str) -> CampagneError:
        return self.fail("map.malformed", reason=bilingual(en, fr))

    def build(self) -> TerritoryMap:
        raw = self.raw
        if not isinstance(raw, Mapping):
            raise self.malformed("the map is not a table", "la carte n'est pas une table")
        name = raw.get("name")
        if not isinstance(name, str) or not name:
            raise self.malformed("the map needs a 'name' text", "la carte doit avoir un texte 'name'")
        kingdoms = self.kingdoms(self.list_of_tables(raw, "kingdoms"))
        territories: dict[str, Territory] = {}
        for i, body in enumerate(self.list_of_tables(raw, "territories")):
            t = self.territory(i, body, kingdoms)
            if t.id in territories:
                raise self.fail("map.duplicate", what=bilingual("territory", "territoire"), id=t.id)
            territories[t.id] = t
        self.check_neighbours(territories)
        self.check_royal_cities(kingdoms, territories)
        result = TerritoryMap(name, kingdoms, territories, self.source)
        self.check_connected(result)
        return result

    def list_of_tables(self, raw: Mapping[str, Any], key: str) -> list[Mapping[str, Any]]:
        items = raw.get(key)
        if not isinstance(items, list) or not items or not all(isinstance(x, Mapping) for x in items):
            raise self.malformed(f"the map needs a non-empty list of [[{key}]]",
                                 f"la carte doit avoir une liste non vide de [[{key}]]")
        return items

    def kingdoms(self, items: list[Mapping[str, Any]]) -> dict[str, Kingdom]:
        out: dict[str, Kingdom] = {}
        for i, body in enumerate(items):
            where = f"kingdom {i + 1} ({body.get('id', '?')!r})"
            where_fr = f"royaume {i + 1} ({body.get('id', '?')!r})"
            self.no_unknown_fields(body, _KINGDOM_FIELDS, where, where_fr)
            kid = self.slug(body.get("id"), where, where_fr)
            kname = self.typed(body, "name", str, where, where_fr)
            colonisable = self.typed(body, "colonisable", bool, where, where_fr, default=False)
            if kid in out:
                raise self.fail("map.duplicate", what=bilingual("kingdom", "royaume"), id=kid)
            out[kid] = Kingdom(kid, kname, colonisable)
        return out

    def territory(self, i: int, body: Mapping[str, Any], kingdoms: Mapping[str, Kingdom]) -> Territory:
        where = f"territory {i + 1} ({body.get('id', '?')!r})"
        where_fr = f"territoire {i + 1} ({body.get('id', '?')!r})"
        self.no_unknown_fields(body, _TERRITORY_FIELDS, where, where_fr)
        tid = self.slug(body.get("id"), where, where_fr)
        kingdom = self.typed(body, "kingdom", str, where, where_fr)
        if kingdom not in kingdoms:
            raise self.fail("map.unknown_kingdom", territory=tid, kingdom=kingdom)
        terrain = self.typed(body, "terrain", str, where, where_fr)
        if terrain not in TERRAINS:
            raise self.fail("map.bad_terrain", territory=tid, terrain=terrain, allowed=", ".join(TERRAINS))
        fortresses = self.typed(body, "fortresses", int, where, where_fr, default=0)
        if not 0 <= fortresses <= MAX_FORTRESSES:
            raise self.fail("map.bad_fortresses", territory=tid, fortresses=fortresses)
        neighbours = self.typed(body, "neighbours", list, where, where_fr)
        if not all(isinstance(n, str) for n in neighbours) or len(set(neighbours)) != len(neighbours):
            raise self.malformed(f"{where}: 'neighbours' must list distinct territory ids",
                                 f"{where_fr} : 'neighbours' doit lister des identifiants distincts")
        owner = body.get("owner")
        if owner is not None and (not isinstance(owner, str) or not owner):
            raise self.malformed(f"{where}: 'owner' must be a player id",
                                 f"{where_fr} : 'owner' doit être un identifiant de joueur")
        polygon = self.points(body.get("polygon"), where, where_fr)
        if len(polygon) < 3:
            raise self.malformed(f"{where}: 'polygon' needs at least 3 points",
                                 f"{where_fr} : 'polygon' doit avoir au moins 3 points")
        label = self.points([body.get("label")], where, where_fr, "label")[0]
        return Territory(
            id=tid, name=self.typed(body, "name", str, where, where_fr), kingdom=kingdom, terrain=terrain,
            royal_city=self.typed(body, "royal_city", bool, where, where_fr, default=False),
            coast=self.typed(body, "coast", bool, where, where_fr, default=False),
            neighbours=tuple(neighbours), polygon=polygon, label=label, owner=owner, fortresses=fortresses)

    def check_neighbours(self, territories: Mapping[str, Territory]) -> None:
        for t in territories.values():
            for n in t.neighbours:
                if n == t.id:
                    raise self.fail("map.self_neighbour", territory=t.id)
                if n not in territories:
                    raise self.fail("map.unknown_neighbour", territory=t.id, neighbour=n)
        for t in territories.values():
            for n in t.neighbours:
                if t.id not in territories[n].neighbours:
                    raise self.fail("map.asymmetric", territory=t.id, neighbour=n)

    def check_royal_cities(self, kingdoms: Mapping[str, Kingdom], territories: Mapping[str, Territory]) -> None:
        for kid in kingdoms:
            cities = [t.id for t in territories.values() if t.kingdom == kid and t.royal_city]
            if len(cities) != 1:
                raise self.fail("map.royal_cities", kingdom=kid, count=len(cities),
                                territories=", ".join(cities) or "-")

    def check_connected(self, m: TerritoryMap) -> None:
        start = next(iter(m.territories))
        seen = set(m.reachable(start))
        missing = [tid for tid in m.territories if tid not in seen]
        if missing:
            raise self.fail("map.disconnected", territories=", ".join(missing), start=start)

    # -- field helpers
    def no_unknown_fields(self, body: Mapping[str, Any], known: set[str], where: str, where_fr: str) -> None:
        extra = sorted(set(body) - known)
        if extra:
            raise self.malformed(f"{where}: unknown field {extra[0]!r}", f"{where_fr} : champ inconnu {extra[0]!r}")

    def typed(self, body: Mapping[str, Any], key: str, kind: type, where: str, where_fr: str,
              default: Any = ...) -> Any:
        if key not in body:
            if default is not ...:
                return default
            raise self.malformed(f"{where}: missing field {key!r}", f"{where_fr} : champ {key!r} manquant")
        value = body[key]
        # bool is an int in Python: 'fortresses = true' must not pass as 1.
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.malformed(f"{where}: field {key!r} must be a {kind.__name__}",
                                 f"{where_fr} : le champ {key!r} doit être de type {kind.__name__}")
        return value

    def slug(self, value: Any, where: str, where_fr: str) -> str:
        if not isinstance(value, str) or not _SLUG.match(value):
            raise self.malformed(f"{where}: 'id' must be a lowercase ascii slug such as 'mont-atlas'",
                                 f"{where_fr} : 'id' doit être un identifiant ascii en minuscules, "
                                 "par exemple 'mont-atlas'")
        return value

    def points(self, value: Any, where: str, where_fr: str, key: str = "polygon") -> tuple[Point, ...]:
        def is_point(p: Any) -> bool:
            return (isinstance(p, list) and len(p) == 2
                    and all(isinstance(c, (int, float)) and not isinstance(c, bool) for c in p))

        if not isinstance(value, list) or not all(is_point(p) for p in value):
            raise self.malformed(f"{where}: {key!r} must be [x, y] numbers",
                                 f"{where_fr} : {key!r} doit être fait de nombres [x, y]")
        return tuple((float(p[0]), float(p[1])) for p in value)


def components(m: TerritoryMap, members: Iterable[str]) -> list[tuple[str, ...]]:
    """Connected groups of `members` using only borders between members (e.g. a kingdom's territories)."""
    pool = list(dict.fromkeys(members))
    inside = set(pool)
    groups: list[tuple[str, ...]] = []
    seen: set[str] = set()
    for tid in pool:
        if tid not in seen:
            group = m.reachable(tid, inside.__contains__)
            seen.update(group)
            groups.append(group)
    return groups


__all__ = ["MAX_FORTRESSES", "TERRAINS", "Kingdom", "Territory", "TerritoryMap", "components"]
