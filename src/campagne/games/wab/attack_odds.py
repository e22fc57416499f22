"""Exact odds of n WAB 2 attacks (seed 002), as `Fraction`s: the sheet's scores, exact binomials, the
checks and messages every odds module shares, and the JSON shape of a probability.

- `attacks(n, to_hit, to_wound, save)`: n independent attacks, each needing a D6 score (or given a
  probability) to hit, to wound and to save: the binomial distributions of hits, wounds and unsaved
  wounds (P(unsaved per attack) = p_hit × p_wound × (1 − p_save)).
- `attacks_between(n, attacker_ws, defender_ws, strength, toughness, armour_save)`: the same, the
  scores read from the sheet's tables (TABLE POUR TOUCHER, TABLE POUR BLESSER, MODIFICATEUR DE
  SAUVEGARDE: a 5+ save against S4 needs 6+, worse than 6+ is no save).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any

from ...core.errors import CampagneError, bilingual, register_messages
from . import hit_tables, tables

Distribution = dict[int, Fraction]
ZERO = Fraction(0)
ONE = Fraction(1)
SIDES = ("a", "b")
ROLE = {"a": "attacker", "b": "defender"}
MAX_ATTACKS = 2000  # per side and round

register_messages({
    "wab.odds.bad_distance": {
        "en": "A distance is a number of inches, 0 or more (got {value!r}).",
        "fr": "Une distance est un nombre de pouces, 0 ou plus (reçu {value!r}).",
    },
    "wab.odds.bad_number": {
        "en": "{what} must be a whole number from {minimum} to {maximum} (got {value!r}).",
        "fr": "{what} doit être un nombre entier de {minimum} à {maximum} (reçu {value!r}).",
    },
    "wab.odds.bad_chance": {
        "en": "{what} must be a D6 score or a probability between 0 and 1 (got {value!r}).",
        "fr": "{what} doit être un score au D6 ou une probabilité entre 0 et 1 (reçu {value!r}).",
    },
    "wab.odds.bad_side": {
        "en": "{what} must be a or b (got {value!r}).",
        "fr": "{what} doit valoir a ou b (reçu {value!r}).",
    },
    "wab.odds.flank_and_rear": {
        "en": "An attack comes either from the flank or from the rear, not both.",
        "fr": "Une attaque vient soit de flanc, soit de l'arrière, pas des deux.",
    },
    "wab.odds.no_models": {
        "en": "The unit {unit!r} has no model left to fight.",
        "fr": "L'unité {unit!r} n'a plus de figurine pour combattre.",
    },
    "wab.odds.too_many_attacks": {
        "en": "Too many attacks for exact odds ({attacks}, at most {maximum}).",
        "fr": "Trop d'attaques pour des probabilités exactes ({attacks}, au plus {maximum}).",
    },
    "wab.odds.profile": {
        "en": "A profile is nine whole numbers from 0 to 10, M,WS,BS,S,T,W,I,A,Ld (got {value!r}).",
        "fr": "Un profil est fait de neuf nombres entiers de 0 à 10, M,CC,CT,F,E,PV,I,A,Cd (reçu {value!r}).",
    },
})


# --------------------------------------------------------------------------- the sheet's tables


def to_hit_score(attacker_ws: int, defender_ws: int) -> int:
    """TABLE POUR TOUCHER: the D6 score the attacker needs (WS 1-10 against WS 1-10)."""
    return hit_tables.to_hit(attacker_ws, defender_ws)


def to_wound_score(strength: int, toughness: int) -> int | None:
    """TABLE POUR BLESSER: the D6 score needed, None where the sheet leaves the cell blank."""
    return hit_tables.to_wound(strength, toughness)


def save_modifier(strength: int) -> int:
    """MODIFICATEUR DE SAUVEGARDE: 0 up to S3, -1 for S4 ... -7 for S10 (a number ≤ 0)."""
    return tables.save_modifier(strength)


def modified_save(armour_save: int | None, modifier: int = 0) -> int | None:
    """The save needed once modified (as `tables.armour_save` does it): K+ with a modifier -m needs
    (K+m)+; worse than 6+ is no save (None); never better than 2+ (a natural 1 always fails)."""
    if armour_save is None:
        return None
    score = int(armour_save) - int(modifier)
    return None if score > 6 else max(score, 2)


def hit_chance(score: int | None) -> Fraction:
    """P(hit) for a to-hit score, 7 to 9 included (a 6, then 4+/5+/6; `hit_tables.hit_probability`)."""
    return hit_tables.hit_probability(score)


def d6_chance(score: int | None) -> Fraction:
    """P(success) of a wound or save roll needing `score` (None: impossible / no save); a natural 1
    always fails (`hit_tables.d6_probability`)."""
    return hit_tables.d6_probability(score)


save_chance = d6_chance


def with_reroll(p: Fraction) -> Fraction:
    """P(success) when a failure may be re-rolled once."""
    return p + (1 - p) * p


# --------------------------------------------------------------------------- binomials


@lru_cache(maxsize=4096)
def binomial_weights(n: int, c: int, d: int) -> tuple[int, ...]:
    """Whole-number weights of Binomial(n, c/d) over the denominator d**n."""
    e = d - c
    return tuple(comb(n, k) * c ** k * e ** (n - k) for k in range(n + 1))


def binomial(n: int, p: Fraction) -> Distribution:
    """Exact Binomial(n, p) as {k: Fraction}."""
    p = Fraction(p)
    if n == 0 or p == 0:
        return {0: ONE}
    if p == 1:
        return {n: ONE}
    weights = binomial_weights(n, p.numerator, p.denominator)
    den = p.denominator ** n
    return {k: Fraction(w, den) for k, w in enumerate(weights) if w}


def mean(dist: Mapping[int, Fraction]) -> Fraction:
    return sum((k * p for k, p in dist.items()), ZERO)


def clear_caches() -> None:
    """Forget every cached binomial (benchmarks measure the cold cost)."""
    binomial_weights.cache_clear()


# --------------------------------------------------------------------------- attacks


@dataclass(frozen=True)
class AttackOdds:
    """n attacks: scores needed (None: impossible, or no save), chances and distributions."""

    attacks: int
    to_hit: int | None
    to_wound: int | None
    save: int | None
    p_hit: Fraction
    p_wound: Fraction
    p_save: Fraction
    hits: Distribution
    wounds: Distribution
    unsaved_wounds: Distribution

    @property
    def p_unsaved(self) -> Fraction:
        """P(one attack causes an unsaved wound)."""
        return self.p_hit * self.p_wound * (1 - self.p_save)

    @property
    def mean(self) -> Fraction:
        """Expected unsaved wounds."""
        return self.attacks * self.p_unsaved

    def to_json(self, exact: bool = False) -> dict[str, Any]:
        """The `campagne odds wab attacks --json` shape."""
        return {"to_hit": self.to_hit, "to_wound": self.to_wound, "save": self.save,
                "unsaved_wounds": {str(k): num(v, exact) for k, v in sorted(self.unsaved_wounds.items())},
                "mean": num(self.mean, exact)}

    def to_dict(self, exact: bool = False) -> dict[str, Any]:
        return {"attacks": self.attacks, "to_hit": self.to_hit, "to_wound": self.to_wound,
                "save": self.save, "p_hit": num(self.p_hit, exact), "p_wound": num(self.p_wound, exact),
                "p_save": num(self.p_save, exact), "p_unsaved": num(self.p_unsaved, exact),
                "hits": dist_json(self.hits, exact), "wounds": dist_json(self.wounds, exact),
                "unsaved_wounds": dist_json(self.unsaved_wounds, exact), "mean": num(self.mean, exact)}


def _chance(value: int | Fraction | float | None, what: str, kind: str) -> tuple[int | None, Fraction]:
    """A score (int) or a probability (Fraction/float) → (score or None, probability)."""
    if value is None:
        return None, ZERO
    if isinstance(value, bool):
        raise CampagneError("wab.odds.bad_chance", what=what_label(what), value=value)
    if isinstance(value, int):
        if kind == "hit":
            p = hit_chance(value)
            return (max(value, 2) if p else None), p
        if kind == "save":
            score = None if value > 6 else max(value, 2)
            return score, save_chance(score)
        if value > 6:
            return None, ZERO
        return max(value, 2), d6_chance(max(value, 2))
    p = Fraction(value)
    if not 0 <= p <= 1:
        raise CampagneError("wab.odds.bad_chance", what=what_label(what), value=value)
    return None, p


# French names of what the checks below name (English: the key itself; "{unit} x": the unit's name first)
_FRENCH = {
    "attacks": "Le nombre d'attaques", "WS": "La CC de l'attaquant", "target WS": "La CC de la cible",
    "S": "La Force", "T": "L'Endurance", "BS": "La CT", "armour save": "La sauvegarde d'armure",
    "models": "le nombre de figurines", "files": "le nombre de files", "general's Ld": "Le Cd du général",
    "save": "la sauvegarde", "wounds already taken": "les blessures déjà subies",
    "models in contact": "les figurines au contact", "fighting ranks": "les rangs qui combattent",
    "round": "Le tour de combat", "shooters": "Le nombre de tireurs", "target models": "Les figurines visées",
    "target W": "Les PV de la cible", "wounds already on a target model": "Les blessures déjà sur une cible",
    "charge": "La charge", "high ground": "La position élevée", "momentum": "L'élan",
    "fear failed": "Le test de peur raté",
}


def what_label(what: str, unit: str | None = None) -> dict[str, str]:
    """The name of a checked value in both languages (with its unit, when it has one), for the refusals."""
    fr = _FRENCH.get(what, what)
    if unit is None:
        return bilingual(what, fr)
    return bilingual(f"{unit}: {what}", f"{unit} : {fr}")


def check_int(value: Any, what: str, minimum: int, maximum: int, unit: str | None = None) -> int:
    """`value` when it is a whole number between `minimum` and `maximum`; else a refusal naming `what`."""
    if isinstance(value, bool) or not isinstance(value, int) or not minimum <= value <= maximum:
        raise CampagneError("wab.odds.bad_number", what=what_label(what, unit), value=value, minimum=minimum,
                            maximum=maximum)
    return value


def attacks(n: int, to_hit: int | Fraction | None, to_wound: int | Fraction | None,
            save: int | Fraction | None = None, *, reroll_misses: bool = False) -> AttackOdds:
    """n attacks needing `to_hit`, `to_wound` (D6 scores, None = impossible, or probabilities) against
    a `save` (the modified save score, None = no save, or a probability). `reroll_misses`: each
    missed attack is re-rolled once (hatred in the first round)."""
    check_int(n, "attacks", 0, MAX_ATTACKS)
    hit_score, p_hit = _chance(to_hit, "to_hit", "hit")
    wound_score, p_wound = _chance(to_wound, "to_wound", "wound")
    save_score, p_save = _chance(save, "save", "save")
    if reroll_misses:
        p_hit = with_reroll(p_hit)
    p_w = p_hit * p_wound
    return AttackOdds(n, hit_score, wound_score, save_score, p_hit, p_wound, p_save,
                      binomial(n, p_hit), binomial(n, p_w), binomial(n, p_w * (1 - p_save)))


def attacks_between(n_attacks: int, attacker_ws: int, defender_ws: int, strength: int, toughness: int,
                    armour_save: int | None = None, *, reroll_misses: bool = False,
                    sixes_to_hit: bool = False) -> AttackOdds:
    """Close-combat attacks, every score read from the sheet: to hit (WS against WS), to wound
    (S against T), the save `armour_save`+ modified by the attacker's strength ("5+ against S4 → 6+").
    `sixes_to_hit`: the attackers failed their fear test ("il faudra obtenir des 6 pour toucher")."""
    for what, v in (("WS", attacker_ws), ("target WS", defender_ws), ("S", strength), ("T", toughness)):
        check_int(v, what, 1, 10)
    if armour_save is not None:
        check_int(armour_save, "armour save", 1, 6)
    hit = 6 if sixes_to_hit else to_hit_score(attacker_ws, defender_ws)
    return attacks(n_attacks, hit, to_wound_score(strength, toughness),
                   modified_save(armour_save, save_modifier(strength)), reroll_misses=reroll_misses)


# --------------------------------------------------------------------------- units in a round



def num(x: Fraction, exact: bool = False) -> float | str:
    """A probability for JSON: a float, or "p/q" when exact."""
    x = Fraction(x)
    if exact:
        return f"{x.numerator}/{x.denominator}"
    return float(x)


def dist_json(dist: Mapping[int, Fraction], exact: bool) -> dict[str, float | str]:
    """A distribution as JSON: its outcomes as strings, each chance a fraction's text or a float."""
    return {str(k): num(v, exact) for k, v in sorted(dist.items())}
