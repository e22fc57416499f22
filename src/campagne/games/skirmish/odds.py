"""Exact odds of one attack (seed 004, « Attaquer avec une unité », « Jet de sauvegarde »): the hit points a
target loses to DICE d6 hitting on SKILL+ (one less from high ground), saved on ARMOUR+ (one less in cover
against a ranged attack), then on PROTECTION+ when it has one. The same arithmetic the view's odds use
(combat.hp_lost)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...core.errors import need, register_messages
from .combat import hp_lost

register_messages({
    "skirmish.odds.range": {"en": "{what} must be between {low} and {high} (got {value}).",
                            "fr": "{what} doit être entre {low} et {high} ({value} donné)."},
})


def attack_odds(dice: int, skill: int, armour: int, elevated: bool = False, cover: bool = False,
                protection: int = 0) -> dict[str, Any]:
    for what, value, low, high in (("--dice", dice, 0, 100), ("--skill", skill, 1, 7), ("--armour", armour, 1, 7),
                                   ("--protection", protection, 0, 7)):
        need(low <= value <= high, "skirmish.odds.range", what=what, low=low, high=high, value=value)
    dist = hp_lost(dice, skill - (1 if elevated else 0), armour - (1 if cover else 0), protection)
    mean = sum((k * p for k, p in enumerate(dist)), Fraction(0))
    return {"hp_lost": {str(k): p for k, p in enumerate(dist)}, "mean": mean}


def to_json(r: dict[str, Any], exact: bool = False) -> dict[str, Any]:
    """Exactly {"hp_lost": {"0": p, ...}, "mean": m}: floats, or exact "p/q" strings with `exact`."""
    conv = str if exact else float
    return {"hp_lost": {k: conv(v) for k, v in r["hp_lost"].items()}, "mean": conv(r["mean"])}
