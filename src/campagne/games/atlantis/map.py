"""The island of Atlantis: its packaged map, the seed's counts, and the TABLE DES TERRAINS.

"L'Atlantide est divisé en 10 royaumes. Chaque royaume est composé de 3 territoires, à
l'exception du royaume d'Atlantis qui en contient 5. L'un de ces territoires porte la cité
royale." The nine kingdoms a player may take are those "Placement initial" names.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from ...core.dice import Dice
from ...core.errors import CampagneError, bilingual, register_messages
from ...core.maps import TERRAINS, TerritoryMap
from ...core.tables import Lookup, Table
from ...storage.text_file import read_utf8
from .data import read_text

ATLANTIS = "atlantis"
# In the order "Placement initial" lists them.
COLONY_KINGDOMS = ("azues", "mestor", "gadirus-myrine", "diaprepes", "euamon", "mneseus",
                   "autochthon", "elaspissus", "ampheres")
KINGDOM_COUNT = 10
TERRITORY_COUNT = 32
ATLANTIS_TERRITORIES = 5
COLONY_TERRITORIES = 3

register_messages({
    "atlantis.map.count": {
        "en": "Map {source}: {what} must number {expected}, found {found}.",
        "fr": "Carte {source} : il faut {expected} {what}, il y en a {found}.",
    },
    "atlantis.map.kingdoms": {
        "en": "Map {source}: the kingdoms must be {expected}; missing: {missing}; unexpected: {unexpected}.",
        "fr": "Carte {source} : les royaumes doivent être {expected} ; manquants : {missing} ; "
              "en trop : {unexpected}.",
    },
    "atlantis.map.colonisable": {
        "en": "Map {source}: kingdom {kingdom!r} must {be} colonisable.",
        "fr": "Carte {source} : le royaume {kingdom!r} {be} colonisable.",
    },
})


def default_map_text() -> str:
    return read_text("map.toml")


@cache
def load_default_map() -> TerritoryMap:
    """The packaged island (maps are immutable, so one shared copy is safe)."""
    m = TerritoryMap.from_toml_text(default_map_text(), "atlantis/data/map.toml")
    validate_atlantis(m)
    return m


def load_map_file(path: str | Path) -> TerritoryMap:
    """A club's own map file: read, checked like the packaged one."""
    text = read_utf8(path, "map.unreadable", "map.unreadable", name="source")
    m = TerritoryMap.from_toml_text(text, str(path))
    validate_atlantis(m)
    return m


def map_from_mapping(raw: Mapping[str, Any], source: str = "setup") -> TerritoryMap:
    """A map given as data (a campaign setup, a parsed club file), checked like the packaged one."""
    m = TerritoryMap.from_mapping(raw, source)
    validate_atlantis(m)
    return m


def validate_atlantis(m: TerritoryMap) -> None:
    """The seed's counts; the generic checks (symmetry, one royal city each...) ran when the map was built."""
    def count(what: dict[str, str], expected: int, found: int) -> None:
        if expected != found:
            raise CampagneError("atlantis.map.count", source=m.source, what=what, expected=expected, found=found)

    count(bilingual("kingdoms", "royaumes"), KINGDOM_COUNT, len(m.kingdoms))
    expected = {ATLANTIS, *COLONY_KINGDOMS}
    if set(m.kingdoms) != expected:
        raise CampagneError("atlantis.map.kingdoms", source=m.source, expected=", ".join(sorted(expected)),
                            missing=", ".join(sorted(expected - set(m.kingdoms))) or "-",
                            unexpected=", ".join(sorted(set(m.kingdoms) - expected)) or "-")
    count(bilingual("territories", "territoires"), TERRITORY_COUNT, len(m.territories))
    for kid, kingdom in m.kingdoms.items():
        size = ATLANTIS_TERRITORIES if kid == ATLANTIS else COLONY_TERRITORIES
        count(bilingual(f"territories in kingdom {kid!r}", f"territoires dans le royaume {kid!r}"),
              size, len(m.kingdom_territories(kid)))
        should = kid != ATLANTIS
        if kingdom.colonisable != should:
            raise CampagneError("atlantis.map.colonisable", source=m.source, kingdom=kid,
                                be=bilingual("be" if should else "not be",
                                             "doit être" if should else "ne doit pas être"))


def generate_terrain(m: TerritoryMap, dice: Dice, table: Table | None = None) -> TerritoryMap:
    """Roll the main terrain of the island's territories, as the campaign designers do.

    TABLE DES TERRAINS, 1D6: 1-2 plain, 3 river ("Plaines avec fleuve"), 4 forest, 5-6 mountain;
    -1 for a territory holding a royal city, a total below 1 reading as row 1.

    Exception: "le royaume d'Atlantis est constitué principalement de montagnes". Read as:
    the Atlantean territories without the royal city are mountains and roll nothing; the city
    of Atlantis rolls on the table with the -1 like every royal city. Territories are rolled in
    map order, one `D6` each with purpose "terrain <id>", so a seed always gives the same island.
    """
    return generate_terrain_logged(m, dice, table)[0]


def generate_terrain_logged(m: TerritoryMap, dice: Dice,
                            table: Table | None = None) -> tuple[TerritoryMap, tuple[Lookup, ...]]:
    """`generate_terrain`, also returning each table lookup for the journal."""
    if table is None:
        from .data import tables
        table = tables()["terrain"]
    lookups: list[Lookup] = []
    for tid, t in m.territories.items():
        if t.kingdom == ATLANTIS and not t.royal_city:
            m = m.replace_territory(tid, terrain="mountain")
            continue
        applied = [("royal_city", 1)] if t.royal_city else []
        row, lookup = table.roll(dice, f"terrain {tid}", applied)
        if row.key not in TERRAINS:
            raise CampagneError("map.bad_terrain", source=table.name, territory=tid, terrain=row.key,
                                allowed=", ".join(TERRAINS))
        lookups.append(lookup)
        m = m.replace_territory(tid, terrain=row.key)
    return m, tuple(lookups)


__all__ = ["ATLANTIS", "COLONY_KINGDOMS", "default_map_text", "generate_terrain", "generate_terrain_logged",
           "load_default_map", "load_map_file", "map_from_mapping", "validate_atlantis"]
