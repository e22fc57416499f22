"""Exact odds of one unit's shooting in WAB 2 (seed 002), as `Fraction`s:

`shooting_odds(shots, bs, modifiers, strength, toughness, armour_save, weapon=..., distance=...)`:
one unit's shooting, with the TABLE DE TIR, its MODIFICATEURS and the weapons table.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...core.errors import CampagneError, bilingual
from .attack_odds import (MAX_ATTACKS, AttackOdds, check_int, attacks, modified_save, save_modifier,
                          to_wound_score)



@dataclass(frozen=True)
class ShootingSetup:
    """A shooting attack as the sheet rules it: shots, the score to hit, to wound, the save."""

    shooters: int
    shots: int
    bs: int
    modifiers: tuple[tuple[str, int], ...]  # the MODIFICATEURS that apply, (key, value)
    to_hit: int | None
    strength: int
    toughness: int
    to_wound: int | None
    save_modifier: int
    save: int | None
    weapon: str | None
    short_range: bool | None  # None: no weapon, no range band
    sixes_only: bool

    def to_dict(self) -> dict[str, Any]:
        return {"shooters": self.shooters, "shots": self.shots, "bs": self.bs,
                "modifiers": [[k, v] for k, v in self.modifiers], "to_hit": self.to_hit,
                "strength": self.strength, "toughness": self.toughness, "to_wound": self.to_wound,
                "save_modifier": self.save_modifier, "save": self.save, "weapon": self.weapon,
                "short_range": self.short_range, "sixes_only": self.sixes_only}


@dataclass(frozen=True)
class ShootingOdds:
    setup: ShootingSetup
    odds: AttackOdds

    @property
    def mean(self) -> Fraction:
        return self.odds.mean

    def to_json(self, exact: bool = False) -> dict[str, Any]:
        return {**self.odds.to_json(exact), "setup": self.setup.to_dict()}


def prepare_shooting(shooters: int, bs: int, modifiers: Iterable[str] = (), strength: int | None = None,
                     toughness: int = 3, armour_save: int | None = None, *, weapon: Any = None,
                     distance: int | float | Fraction | None = None, sixes_only: bool = False) -> ShootingSetup:
    """The TABLE DE TIR and its MODIFICATEURS (keys of `hit_tables.shooting_modifier_keys()`: charging_target,
    long_range, moving, lone_character, soft_cover, hard_cover, skirmishers, light_chariot,
    large_target), through `hit_tables.shooting_to_hit`.

    With a `weapon` of the sheet's table (name or `tables.Weapon`): its strength and save modifier
    ("Svg", else the strength's), its notes (no long-range penalty, no move and shoot, two shots at
    short range). The range band comes from `distance` (in inches: beyond half the range is long
    range and adds the modifier; beyond the range is refused), else from whether "long_range" is
    among `modifiers` (absent: short range). Without a weapon: `shooters` shots at `strength`
    (default 3) with the strength's save modifier. `sixes_only`: a failed fear test ("Maintien & Tir
    ou Tir & Fuite" at 6s). `armour_save` is the target's K+ before modifiers."""
    from . import hit_tables, table_checks
    from . import tables as t
    check_int(shooters, "shooters", 0, MAX_ATTACKS)
    check_int(bs, "BS", 1, 10)
    check_int(toughness, "T", 1, 10)
    if armour_save is not None:
        check_int(armour_save, "armour save", 1, 6)
    mods = list(table_checks.names_of(modifiers,
                                      bilingual("The shooting modifiers", "Les modificateurs de tir")))
    w = None
    short: bool | None = None
    shots = shooters
    if weapon is not None:
        w = weapon if isinstance(weapon, t.Weapon) else t.weapon(weapon)
        if distance is not None:
            if isinstance(distance, bool) or not isinstance(distance, (int, float, Fraction)) \
                    or not math.isfinite(distance) or distance < 0:
                raise CampagneError("wab.odds.bad_distance", value=distance)
            short = w.is_short_range(distance)
            mods = [m for m in mods if m != "long_range"]
            if not short:
                mods.append("long_range")
        else:
            short = "long_range" not in mods
        if strength is None:
            strength = w.short_strength if short and w.short_strength is not None else w.strength
            sv_mod = w.short_save_modifier if short and w.short_save_modifier is not None else w.save_modifier
        else:
            sv_mod = save_modifier(strength)
        shots = shooters * (2 if short and w.has("two_shots_short_range") else 1)
    else:
        if strength is None:
            strength = 3
        check_int(strength, "S", 1, 10)
        sv_mod = save_modifier(strength)
    check_int(strength, "S", 1, 10)
    applied = tuple(hit_tables.shooting_modifiers(mods, w))
    to_hit = 6 if sixes_only else hit_tables.shooting_to_hit(bs, mods, w)
    return ShootingSetup(shooters, shots, bs, applied, None if to_hit is None else int(to_hit), strength,
                         toughness, to_wound_score(strength, toughness), sv_mod,
                         modified_save(armour_save, sv_mod), w.key if w else None, short, sixes_only)


def shooting_odds(shooters: int, bs: int, modifiers: Iterable[str] = (), strength: int | None = None,
                  toughness: int = 3, armour_save: int | None = None, *, weapon: Any = None,
                  distance: int | float | Fraction | None = None, sixes_only: bool = False) -> ShootingOdds:
    """Exact odds of one unit's shooting (see `prepare_shooting` for the rules applied)."""
    setup = prepare_shooting(shooters, bs, modifiers, strength, toughness, armour_save, weapon=weapon,
                             distance=distance, sixes_only=sixes_only)
    return ShootingOdds(setup, attacks(setup.shots, setup.to_hit, setup.to_wound, setup.save))
