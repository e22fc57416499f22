"""A unit as it enters a round of close combat (`UnitState`: a `profiles.Unit` with the facts of the
battle around it), and the "M,WS,BS,S,T,W,I,A,Ld" profiles the odds commands read."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ...core.errors import CampagneError
from . import tables
from .attack_odds import check_int

# "Si elle porte une arme dans chaque main, elle peut porter +1 attaque": equipment texts that give it
# (matched like tables.normalise, as whole words). Not on the sheet: an adapter of this module.
TWO_WEAPON_WORDS = ("two hand weapons", "two handweapons", "additional hand weapon", "additional hand weapons",
                    "extra hand weapon", "extra hand weapons", "paired weapons", "pair of weapons",
                    "two swords", "two axes", "hand weapon in each hand", "deux armes", "arme dans chaque main",
                    "arme supplementaire", "armes supplementaires", "arme additionnelle")

def _words(text: str) -> str:
    return " ".join(re.sub(r"[^a-z0-9]+", " ", tables.normalise(text)).split())


def _has_words(texts: Iterable[str], words: Iterable[str]) -> bool:
    """Whether one of `words` appears, as whole words, in one of `texts` (no case, no accents)."""
    clean = [f" {_words(t)} " for t in texts]
    return any(f" {_words(w)} " in c for c in clean for w in words)


PROFILE_SAVE = "profile"  # UnitState.save default: the save printed in the profile


@dataclass(frozen=True, eq=False)
class UnitState:
    """A unit (`profiles.Unit`) as it enters a round of close combat, with the facts around it.

    - `general_ld`: the Ld of the general when he is within 12" (used when higher; not skirmishers);
    - `army_standard_near`: within 12" of the army standard (re-roll of a failed break test); a unit
      carrying it (`unit.army_standard`) has the re-roll and the +1;
    - `two_weapons`: a weapon in each hand (+1 A); None reads the equipment (TWO_WEAPON_WORDS);
    - `save`: the armour save K (K+) before the Strength modifier; by default the profile's;
    - `wounded`: wounds already on one of its models; `contact`: models in base contact, when known;
      `fighting_ranks`: ranks that fight (1: the front rank only); `attacks`: the attacks of each model
      against this enemy when a character shares his between the units he fights (None: all of them).
    The unit's special rules (profiles.SPECIAL_RULES) give frenzy, hatred (of this enemy), stubborn and
    fear ("fear" or "terror": a terrifying enemy is feared too)."""

    unit: Any  # profiles.Unit
    general_ld: int | None = None
    army_standard_near: bool = False
    two_weapons: bool | None = None
    save: Any = PROFILE_SAVE
    wounded: int = 0
    contact: int | None = None
    fighting_ranks: int = 1
    attacks: int | None = None

    def __post_init__(self) -> None:
        u = self.unit
        check_int(u.models, "models", 0, 100_000, self.name)
        check_int(u.files, "files", 1, 100_000, self.name)
        if self.general_ld is not None:
            check_int(self.general_ld, "general's Ld", 0, 10)
        if self.save is not PROFILE_SAVE and self.save is not None:
            check_int(self.save, "save", 0, 7, self.name)
        check_int(self.wounded, "wounds already taken", 0, max(u.profile.W - 1, 0), self.name)
        if self.contact is not None:
            check_int(self.contact, "models in contact", 0, u.models, self.name)
        check_int(self.fighting_ranks, "fighting ranks", 1, 1000, self.name)
        if self.attacks is not None:
            check_int(self.attacks, "attacks", 0, 1000, self.name)

    # -- reading the unit
    @property
    def name(self) -> str:
        return self.unit.name

    @property
    def names(self) -> dict[str, str]:
        """Its name in each language, as the unit's list gives them (`profiles.Unit.names`)."""
        return self.unit.names

    @property
    def profile(self) -> Any:
        return self.unit.profile

    @property
    def models(self) -> int:
        return self.unit.models

    @property
    def armour_save(self) -> int | None:
        return self.unit.armour_save if self.save is PROFILE_SAVE else self.save

    @property
    def frenzy(self) -> bool:
        return self.unit.has_rule("frenzy")

    @property
    def hates(self) -> bool:
        return self.unit.has_rule("hatred")

    @property
    def stubborn(self) -> bool:
        return self.unit.has_rule("stubborn")

    @property
    def causes_fear(self) -> bool:
        return self.unit.has_rule("fear") or self.unit.has_rule("terror")

    @property
    def skirmishers(self) -> bool:
        return self.unit.formation == "skirmishers"

    @property
    def has_two_weapons(self) -> bool:
        if self.two_weapons is not None:
            return self.two_weapons
        return _has_words(self.profile.equipment, TWO_WEAPON_WORDS)

    @property
    def attacks_per_model(self) -> int:
        from .psychology import attacks_per_model
        if self.attacks is not None:
            return self.attacks
        return attacks_per_model(self.profile.A, frenzied=self.frenzy,
                                 hand_weapons=2 if self.has_two_weapons else 1)

    @property
    def total_wounds(self) -> int:
        """Wounds the unit has left."""
        return self.models * self.profile.W - self.wounded

    def casualties(self, unsaved: int) -> int:
        """Models removed by `unsaved` wounds (W each, `wounded` already on one model)."""
        return min(self.models, (self.wounded + unsaved) // max(self.profile.W, 1))

    def wounds_caused(self, unsaved: int) -> int:
        """Wounds that count in the enemy's combat result: no more than this unit had left."""
        return min(unsaved, self.total_wounds)

    def with_models(self, models: int) -> Any:
        """The unit with `models` models left (its start size kept)."""
        return dataclasses.replace(self.unit, models=models, start_models=self.unit.start_models)

    def nerve(self, models_left: int) -> Any:
        """What its break test needs (`psychology.Nerve`), with `models_left` models."""
        from .psychology import Nerve
        u = self.unit
        return Nerve(ld=u.profile.Ld, models=models_left, starting_models=u.start_models,
                     skirmishers=self.skirmishers, general_ld=self.general_ld,
                     army_standard=bool(u.army_standard or self.army_standard_near),
                     stubborn=self.stubborn, frenzied=self.frenzy, hates_enemy=self.hates,
                     character=u.kind == "character" or u.is_general)

    def to_dict(self) -> dict[str, Any]:
        return {"unit": self.unit.to_dict(), "general_ld": self.general_ld,
                "army_standard_near": self.army_standard_near, "two_weapons": self.has_two_weapons,
                "save": self.armour_save, "wounded": self.wounded, "contact": self.contact,
                "fighting_ranks": self.fighting_ranks,
                **({} if self.attacks is None else {"attacks": self.attacks})}

    @classmethod
    def of(cls, unit: Any, **facts: Any) -> UnitState:
        return cls(unit, **facts)

    @classmethod
    def from_profile(cls, profile: str | Iterable[int], models: int, files: int | None = None, *,
                     save: int | None = None, name: str = "unit", kind: str = "infantry",
                     formation: str = "close_order", leader: bool = False, musician: bool = False,
                     standard: bool = False, army_standard: bool = False,
                     special_rules: Iterable[str] = (), equipment: Iterable[str] = (),
                     start_models: int | None = None, **facts: Any) -> UnitState:
        """A unit from a "M,WS,BS,S,T,W,I,A,Ld" profile (text or nine numbers) and its formation,
        checked as a unit file is (profiles.Unit.from_dict)."""
        from .profiles import CHARACTERISTICS, Unit
        values = parse_profile(profile)
        raw: dict[str, Any] = {
            "name": name, "kind": kind, "formation": formation, "models": models,
            "leader": leader, "musician": musician, "standard": standard, "army_standard": army_standard,
            "special_rules": list(special_rules),
            "profile": {**dict(zip(CHARACTERISTICS, values)), "save": "-" if save is None else f"{save}+",
                        "equipment": list(equipment)},
        }
        if save is not None and not 1 <= save <= 6:
            raw["profile"]["save"] = "-"
            facts.setdefault("save", save)
        if files is not None:
            raw["files"] = files
        if start_models is not None:
            raw["start_models"] = start_models
        return cls(Unit.from_dict(raw, "<profile>"), **facts)


def parse_profile(profile: str | Iterable[int]) -> tuple[int, ...]:
    """"4,3,3,3,3,1,3,1,7" (commas or spaces) → the nine numbers M WS BS S T W I A Ld."""
    try:
        parts = profile.replace(",", " ").split() if isinstance(profile, str) else list(profile)
        values = tuple(int(p) for p in parts)
    except (TypeError, ValueError):
        raise CampagneError("wab.odds.profile", value=profile) from None
    if len(values) != 9 or any(not 0 <= v <= 10 for v in values):
        raise CampagneError("wab.odds.profile", value=profile)
    return values
