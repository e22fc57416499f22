"""Exact odds of the conquest save roll of seed 001 ("8 - Conquête de territoire"), as `Fraction`s.

"Un jet de sauvegarde est un test à 6+": the defender rolls 1D6, adds the modifiers, and keeps the territory
on 6 or more. Every number is read from the data: the modifiers of `conquest_save` in tables.toml, the race
abilities of races.toml (Empire fortresses +2 / towns +3, Dwarf mines and Wood Elf forests protecting like a
fortress, -1 to the saves of the opponents of Warriors of Chaos and Beastmen) and the events 13 / 65 that
change fortification saves. Interpretations (the lost "-" of the adjacency bullet, stacking, what counts as a
fortification) are in docs/rules/gorges.md.
"""

from __future__ import annotations

import unicodedata
from fractions import Fraction
from typing import Any

from ...core.errors import CampagneError, register_messages
from .data import races, tables

register_messages({
    "gorges.unknown_race": {
        "en": "Unknown race {race!r}: expected one of {allowed}.",
        "fr": "Race inconnue {race!r} : attendu l'une de {allowed}.",
    },
    "gorges.bad_relics_given": {
        "en": "The relic points handed over must be a whole number of at least 0 (got {relics!r}).",
        "fr": "Les Points de Relique donnés doivent être un nombre entier positif ou nul (reçu {relics!r}).",
    },
})


def _fold(text: str) -> str:
    t = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return "".join(ch for ch in t if ch.isalnum())


def race_key(name: str | None) -> str | None:
    """A race by its key ("warriors_of_chaos"), English or French name, any case or accents; None stays None."""
    if name is None:
        return None
    want = _fold(name)
    for key, race in races().items():
        if want in {_fold(key), _fold(race["name_en"]), _fold(race["name_fr"]), _fold(race["heading"])}:
            return key
    raise CampagneError("gorges.unknown_race", race=name, allowed=", ".join(races()))


def save_modifiers(adjacent: bool = False, fortress_adjacent: bool = False, town_adjacent: bool = False,
                   relics_given: int = 0, attacker_race: str | None = None, defender_race: str | None = None,
                   mine_adjacent: bool = False, forest_adjacent: bool = False,
                   sympathiser: bool = False, reinforced_defence: bool = False) -> list[tuple[str, int]]:
    """The (key, signed value) modifiers of one conquest save roll."""
    if isinstance(relics_given, bool) or not isinstance(relics_given, int) or relics_given < 0:
        raise CampagneError("gorges.bad_relics_given", relics=relics_given)
    attacker = race_key(attacker_race)
    defender = race_key(defender_race)
    table = tables()["conquest_save"]
    d: dict[str, Any] = races()[defender] if defender else {}
    mods: list[tuple[str, int]] = []
    if adjacent:
        mods.append(("adjacent", table.modifier("adjacent").value))
    # "comme une forteresse" / "la même protection qu'une forteresse": a Dwarf mine or a Wood Elf forest
    # counts as a fortress, not on top of one.
    fortress_like = fortress_adjacent or (mine_adjacent and d.get("mine_counts_as_fortress", False)) \
        or (forest_adjacent and d.get("forest_counts_as_fortress", False))
    if fortress_like:
        mods.append(("fortress_adjacent", d.get("fortress_save", table.modifier("fortress_adjacent").value)))
    if town_adjacent:
        mods.append(("town_adjacent", d.get("town_save", table.modifier("town_adjacent").value)))
    if relics_given:
        mods.append(("relic_given", table.modifier("relic_given").value * relics_given))
    if attacker and races()[attacker].get("enemy_save_modifier"):
        mods.append((f"race:{attacker}", races()[attacker]["enemy_save_modifier"]))
    events = tables()["events"]
    # Events 13 and 65 change « fortification » saves: a fortress (or what counts as one), not a town — the seed
    # keeps them apart (Empire « Leurs fortifications … et leurs villes », event 23 « cité, fortification ou
    # mine »), and event 24's « fortification » a sapper removes is a fortress.
    if fortress_like:
        if sympathiser:
            mods.append(("event:enemy_sympathiser", events.row("enemy_sympathiser").get("save_modifier")))
        if reinforced_defence:
            mods.append(("event:reinforced_defence", events.row("reinforced_defence").get("save_modifier")))
    return mods


def save_odds(adjacent: bool = False, fortress_adjacent: bool = False, town_adjacent: bool = False,
              relics_given: int = 0, attacker_race: str | None = None, defender_race: str | None = None,
              mine_adjacent: bool = False, forest_adjacent: bool = False,
              sympathiser: bool = False, reinforced_defence: bool = False) -> Fraction:
    """Exact probability that the defender's conquest save roll succeeds (the territory is kept)."""
    mods = save_modifiers(adjacent, fortress_adjacent, town_adjacent, relics_given, attacker_race,
                          defender_race, mine_adjacent, forest_adjacent, sympathiser, reinforced_defence)
    shift = sum(v for _, v in mods)
    return tables()["conquest_save"].outcome_distribution(shift=shift).get("saved", Fraction(0))


def save_json(p: Fraction, exact: bool = False) -> dict[str, Any]:
    return {"saved": str(p) if exact else float(p)}
