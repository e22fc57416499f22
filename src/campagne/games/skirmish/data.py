"""The skirmish game's data, read once from data/*.toml: terrains, unit cards, spells, rosters, battlefields.

Pure reading of the files packaged beside the code (no state kept but a cache of what they say)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"


@dataclass(frozen=True)
class Terrain:
    id: str
    char: str
    fr: str
    en: str
    obstacle: bool
    cuts_sight: bool
    cover: bool


@dataclass(frozen=True)
class Card:
    """A unit card. A civilian card has no combat skill, attacks nor range (« ne dispose que des scores
    suivants : Points de vie, Armure, Protection, Points d'actions »)."""

    id: str
    fr: str
    en: str
    kind: str  # "military" or "civilian"
    hp: int
    armour: int
    protection: int
    ap: int
    skill: int = 0
    attacks: int = 0
    range: int = 0
    magic: int = 0
    spells: tuple[str, ...] = ()
    abilities: tuple[str, ...] = ()
    actions: tuple[str, ...] = ()  # « activer toute action sur sa carte » (data/actions.toml)

    @property
    def military(self) -> bool:
        return self.kind == "military"

    def has(self, ability: str) -> bool:
        return ability in self.abilities


@dataclass(frozen=True)
class Spell:
    id: str
    fr: str
    en: str
    difficulty: int
    range: int
    target: str  # "enemy" or "friend"
    effect: str  # "hits", "heal", "shield", "haste"
    value: int


def _read(name: str) -> dict[str, Any]:
    with open(DATA / name, "rb") as f:
        return tomllib.load(f)


@cache
def terrains() -> dict[str, Terrain]:
    return {k: Terrain(k, v["char"], v["fr"], v["en"], v["obstacle"], v["cuts_sight"], v["cover"])
            for k, v in _read("terrain.toml").items()}


@cache
def terrain_by_char() -> dict[str, Terrain]:
    return {t.char: t for t in terrains().values()}


@cache
def cards() -> dict[str, Card]:
    out = {}
    for k, v in _read("units.toml").items():
        fields = {f: v[f] for f in ("skill", "attacks", "range", "magic") if f in v}
        out[k] = Card(k, v["fr"], v["en"], v["kind"], v["hp"], v["armour"], v["protection"], v["ap"],
                      spells=tuple(v.get("spells", ())), abilities=tuple(v.get("abilities", ())),
                      actions=tuple(v.get("actions", ())), **fields)
    return out


@cache
def spells() -> dict[str, Spell]:
    return {k: Spell(k, v["fr"], v["en"], v["difficulty"], v["range"], v["target"], v["effect"], v["value"])
            for k, v in _read("spells.toml").items()}


@dataclass(frozen=True)
class CardAction:
    id: str
    fr: str
    en: str
    cost: int
    effect: str  # "brace" or "aim"
    value: int


@cache
def card_actions() -> dict[str, CardAction]:
    return {k: CardAction(k, v["fr"], v["en"], v["cost"], v["effect"], v["value"])
            for k, v in _read("actions.toml").items()}


@cache
def rosters() -> dict[str, dict[str, Any]]:
    return _read("rosters.toml")


@cache
def battlefields() -> dict[str, dict[str, Any]]:
    return _read("battlefields.toml")


def battlefield_for(terrain: str) -> str:
    """The packaged battlefield drawn for a campaign terrain (the plain's when none fits)."""
    for name, b in battlefields().items():
        if terrain in b.get("fits", ()):
            return name
    return "plain"
