"""The packaged data of Arc (seed 003): the combat results table, the counters, the spells, the sides.

`UnitType` is one counter type of the unit lists; the reduced side (« DOS ») halves melee, missile and defence
and keeps movement, range and the magic save, as the seed's example counter shows (archerie arcelloise:
face 4/11, 10/4, 10/6; dos 4/11, 5/4, 5/3).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any

from ..packaged import read_data

FORCES = ("unfavourable", "medium", "favourable")
SIDES = ("bonnaire", "ulf", "fereira")
UNLIMITED = -1


def read_text(name: str) -> str:
    return read_data(__package__, name)


@dataclass(frozen=True)
class UnitType:
    id: str
    side: str
    heading: str
    name_fr: str
    name_en: str
    counts: dict[str, int]
    mvt: int  # -1: unlimited
    melee: int
    missile: int
    defence: int
    save: int
    points: int = 0
    range: int = 1
    leader: bool = False
    stackable: bool = False
    cavalry: bool = False
    pegasus: int = 0
    abilities: dict[str, Any] = field(default_factory=dict)
    start: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # forces -> groups
    special_fr: str = ""
    special_en: str = ""
    raw: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    # each strength drawn once (the odds and the threats ask them hundreds of thousands of times a game)
    _strengths: dict[tuple[str, bool], Fraction] = field(default_factory=dict, compare=False, repr=False)
    # each (reduced, fading)'s melee, missile and defence as the views print them (`Unit.strength_texts`)
    _texts: dict[tuple[bool, int], tuple[str, str, str]] = field(default_factory=dict, compare=False, repr=False)

    def ability(self, name: str, default: Any = None) -> Any:
        return self.abilities.get(name, default)

    @property
    def archer(self) -> bool:
        """« Unités d'Archers »: the units that shoot missiles (the snipers aside: they are snipers)."""
        return self.missile > 0 and self.id != "snipers"

    def strength(self, what: str, reduced: bool) -> Fraction:
        found = self._strengths.get((what, reduced))
        if found is None:
            value = Fraction(getattr(self, what))
            found = self._strengths[(what, reduced)] = value / 2 if reduced else value
        return found


@cache
def unit_types() -> dict[str, UnitType]:
    raw = tomllib.loads(read_text("units.toml"))
    out: dict[str, UnitType] = {}
    for u in raw["units"]:
        start = {f: u.get(f"start_{f}", u.get("start", [])) for f in FORCES}
        out[u["id"]] = UnitType(
            id=u["id"], side=u["side"], heading=u["heading"], name_fr=u["name_fr"], name_en=u["name_en"],
            counts=dict(u["counts"]), mvt=u["mvt"], melee=u["melee"], missile=u["missile"],
            defence=u["defence"], save=u["save"], points=u.get("points", 0), range=u.get("range", 1),
            leader=u.get("leader", False), stackable=u.get("stackable", False) or u.get("leader", False),
            cavalry=u.get("cavalry", False), pegasus=u.get("pegasus", 0), abilities=dict(u.get("abilities", {})),
            start=start, special_fr=u["special_fr"], special_en=u["special_en"], raw=u)
    return out


@cache
def spells() -> dict[str, dict[str, dict[str, Any]]]:
    """Order ("bhar", "christian") -> spell key -> its fields."""
    return tomllib.loads(read_text("spells.toml"))


@cache
def sides() -> dict[str, Any]:
    return tomllib.loads(read_text("sides.toml"))


@cache
def crt() -> dict[str, Any]:
    return tomllib.loads(read_text("crt.toml"))


# --------------------------------------------------------------------------- odds and the table

COLUMNS: tuple[str, ...] = ("1-4", "1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1", "8-1")


def ratio(attack: Fraction | int, defence: Fraction | int) -> tuple[str, int | None]:
    """The « rapport de force » and its column index (None: beyond 8-1, automatic; -1: below 1-4, forbidden).

    « diviser ce total par la force de défense de l'unité attaquée, en arrondissant à l'entier supérieur au
    profit de l'attaqué »: 16 v 4 = 4-1, 15 v 4 = 3-1, 5 v 10 = 1-2 (and 5 v 12 = 1-3).
    """
    a, d = Fraction(attack), Fraction(defence)
    if a <= 0:
        return "0-1", -1
    if a >= d:
        k = a // d  # rounded down: in the defender's favour
        return f"{k}-1", (None if k > 8 else int(k) + 2)
    m = -((-d) // a)  # ceil(d / a): in the defender's favour
    return f"1-{m}", (-1 if m > 4 else 4 - int(m))


def result(column: int, roll: int) -> str:
    """The table's cell, e.g. "D3", for a column index 0..10 and a d12 roll 1..12."""
    return crt()["rows"][roll - 1][column]


def effect(code: str) -> dict[str, Any]:
    """"D4" -> {"side": "D", "retreat": 1, "half": True, "eliminate": False, ...}."""
    e = dict(crt()["effects"][code[1:]])
    e["side"] = code[0]
    return e
