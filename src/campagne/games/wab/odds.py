"""Exact odds of WAB 2 close combat and shooting (seed 002), as `Fraction`s: nothing is sampled.

- `attacks(n, to_hit, to_wound, save)`: n independent attacks, each needing a D6 score (or given a
  probability) to hit, to wound and to save: the binomial distributions of hits, wounds and unsaved
  wounds (P(unsaved per attack) = p_hit × p_wound × (1 − p_save)).
- `attacks_between(n, attacker_ws, defender_ws, strength, toughness, armour_save)`: the same, the
  scores read from the sheet's tables (TABLE POUR TOUCHER, TABLE POUR BLESSER, MODIFICATEUR DE
  SAUVEGARDE: a 5+ save against S4 needs 6+, worse than 6+ is no save).
- `round_odds(a, b, ...)`: one whole round of close combat between two units (`UnitState`, a
  `profiles.Unit` with the facts of the battle around it): who strikes first, the casualties of the
  first strikes removed before the second strikes, the combat resolution and the loser's break
  test. Gives the distribution of the combat result (a's total minus b's), P(win / draw / lose),
  P(each side breaks) and the expected casualties.
- `shooting_odds(shots, bs, modifiers, strength, toughness, armour_save, weapon=..., distance=...)`:
  one unit's shooting, with the TABLE DE TIR, its MODIFICATEURS and the weapons table.

The rules of the round are shared with `combat.py` (which rolls the same events with a `Dice`), so
the resolved round and the exact odds cannot drift apart: `prepare_round` decides everything known
before the dice (order, models in contact, per-attack chances), `side_bonuses` the combat-result
bonuses once the casualties are known (through `profiles.Unit.combat_bonuses` and the tables), and
the break test is the one of `psychology.py` (`break_odds` here, `break_test` in combat.py).

How the round is computed exactly and fast: the first striker's unsaved wounds U1 ~ Binomial(n1, q1)
(q1 the per-attack chance); for each value of U1 the second striker's models still in contact are
known, so U2 | U1 ~ Binomial(n2(U1), q2). Every binomial is kept as whole-number weights over d^n
(q = c/d), cached, and every (U1, U2) pair is weighted with integers over one common denominator;
Fractions are made once per distinct result at the end (benchmarks/bench_wab_odds.py).

Interpretation choices (quoted from the sheet; docs/rules/wab.md lists them with the tables'):

* Strike order: "Les figurines qui ont chargé durant ce tour frappent les premières. Autrement, les
  figurines frappent par ordre décroissant d'initiative. Les unités avec l'élan (Momentum) frappent
  en premier si les initiatives sont identiques." When Initiatives are equal and no side has the
  momentum, both sides strike simultaneously: the sheet names no further tie-break, and then
  neither side's casualties take blows away from the other. Who has the momentum is a fact the
  caller gives (the sheet does not say how it is gained).
* Models fighting: "Toute figurine en contact socle à socle avec un ennemi peut combattre." Without
  geometry the models in base contact are the front ranks facing each other: width = min(the
  attacker's front rank, the face it hits: the defender's front rank from the front, its number of
  ranks on a flank, its last rank from the rear), each side fighting with `width` models (corner
  contacts are not counted). `UnitState.contact` overrides this, `UnitState.fighting_ranks` adds
  ranks fighting behind the first (spears or pikes of an army list; the sheet only shows that
  other ranks may fight in some cases: "seul le premier rang des unités en marche forcée peut
  combattre"). A model has A attacks, "+1 attaque" with "une arme dans chaque main", +1 with frenzy
  ("une attaque supplémentaire par figurine"); hatred re-rolls the missed attacks in the first round
  ("Au 1er de combat, l'unité peut relancer une fois toutes les attaques ratées"); a unit that failed
  a fear test hits only on 6s in the first round ("il faudra obtenir des 6 pour toucher lors du
  premier tour de combat").
* Casualties: "Si les troupes ont une sauvegarde, elle doit être effectuée avant que les pertes ne
  soient retirées du jeu." A model is removed once its W wounds are used up (wounds carry over in the
  unit; `UnitState.wounded` are those already on a model). The models slain by the first striker
  were in contact, so the second striker fights with (its models in contact − its casualties).
* Combat result ("RESULTATS DES COMBATS"): "Chaque camp additionne le nombre de blessures qu'il a
  causé" (at most the wounds the enemy had left), plus the unit's bonuses from
  `profiles.Unit.combat_bonuses` counted on the models left after the round (close order, ranks,
  standard, army standard, momentum, high ground, flank +1, rear +2; a is the side that attacks a
  flank or rear). A unit wiped out scores only its wounds caused. Equal results are a draw: nobody
  tests (the sheet gives no tie-break).
* Break test: `psychology.break_odds` / `break_test` (2D6 ≤ Ld − difference; the general's Ld within
  12"; the army standard's re-roll; "réduites à moins de cinq figurines": a unit that had five
  models or more and has fewer after the round; fear: beaten by a feared enemy that has more models
  after the round; frenzy ignores fear). The HAINE block's three numbered lines are "L'unité fait ses
  tests de moral avec un Commandement de 10 (modifiable)", "Au 1er de combat, l'unité peut relancer
  une fois toutes les attaques ratées" and "L'unité poursuit obligatoirement un ennemi haï", so a unit
  that hates its enemy tests on Ld 10 minus the difference (and re-rolls its misses in the first
  round); the Stubborn block's are the 4" panic exemption, "peut lâcher du terrain si elle manque son
  test" (a failed test gives ground instead of breaking: `gives_ground`), and "Si l'unité perd un
  tour de combat contre un adversaire qui devrait automatiquement la démoraliser, lancez un D6 :
  1-3 Démoralisée / 4-6 Résiste" (read by psychology.py for the fear auto-break, the one an
  adversary causes). A unit wiped out takes no test.
"""

from __future__ import annotations

import math

import dataclasses
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any

from ...core.errors import CampagneError, bilingual, register_messages
from . import tables

Distribution = dict[int, Fraction]
ZERO = Fraction(0)
ONE = Fraction(1)
SIDES = ("a", "b")
ROLE = {"a": "attacker", "b": "defender"}
MAX_ATTACKS = 2000  # per side and round

# "Si elle porte une arme dans chaque main, elle peut porter +1 attaque": equipment texts that give it
# (matched like tables.normalise, as whole words). Not on the sheet: an adapter of this module.
TWO_WEAPON_WORDS = ("two hand weapons", "two handweapons", "additional hand weapon", "additional hand weapons",
                    "extra hand weapon", "extra hand weapons", "paired weapons", "pair of weapons",
                    "two swords", "two axes", "hand weapon in each hand", "deux armes", "arme dans chaque main",
                    "arme supplementaire", "armes supplementaires", "arme additionnelle")

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
    return tables.to_hit(attacker_ws, defender_ws)


def to_wound_score(strength: int, toughness: int) -> int | None:
    """TABLE POUR BLESSER: the D6 score needed, None where the sheet leaves the cell blank."""
    return tables.to_wound(strength, toughness)


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
    """P(hit) for a to-hit score, 7 to 9 included (a 6, then 4+/5+/6; `tables.hit_probability`)."""
    return tables.hit_probability(score)


def d6_chance(score: int | None) -> Fraction:
    """P(success) of a wound or save roll needing `score` (None: impossible / no save); a natural 1
    always fails (`tables.d6_probability`)."""
    return tables.d6_probability(score)


save_chance = d6_chance


def with_reroll(p: Fraction) -> Fraction:
    """P(success) when a failure may be re-rolled once."""
    return p + (1 - p) * p


# --------------------------------------------------------------------------- binomials


@lru_cache(maxsize=4096)
def _binomial_weights(n: int, c: int, d: int) -> tuple[int, ...]:
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
    weights = _binomial_weights(n, p.numerator, p.denominator)
    den = p.denominator ** n
    return {k: Fraction(w, den) for k, w in enumerate(weights) if w}


def mean(dist: Mapping[int, Fraction]) -> Fraction:
    return sum((k * p for k, p in dist.items()), ZERO)


def clear_caches() -> None:
    """Forget every cached binomial (benchmarks measure the cold cost)."""
    _binomial_weights.cache_clear()


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
                "hits": _dist_json(self.hits, exact), "wounds": _dist_json(self.wounds, exact),
                "unsaved_wounds": _dist_json(self.unsaved_wounds, exact), "mean": num(self.mean, exact)}


def _chance(value: int | Fraction | float | None, what: str, kind: str) -> tuple[int | None, Fraction]:
    """A score (int) or a probability (Fraction/float) → (score or None, probability)."""
    if value is None:
        return None, ZERO
    if isinstance(value, bool):
        raise CampagneError("wab.odds.bad_chance", what=_label(what), value=value)
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
        raise CampagneError("wab.odds.bad_chance", what=_label(what), value=value)
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


def _label(what: str, unit: str | None = None) -> dict[str, str]:
    fr = _FRENCH.get(what, what)
    if unit is None:
        return bilingual(what, fr)
    return bilingual(f"{unit}: {what}", f"{unit} : {fr}")


def _check_int(value: Any, what: str, minimum: int, maximum: int, unit: str | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not minimum <= value <= maximum:
        raise CampagneError("wab.odds.bad_number", what=_label(what, unit), value=value, minimum=minimum,
                            maximum=maximum)
    return value


def attacks(n: int, to_hit: int | Fraction | None, to_wound: int | Fraction | None,
            save: int | Fraction | None = None, *, reroll_misses: bool = False) -> AttackOdds:
    """n attacks needing `to_hit`, `to_wound` (D6 scores, None = impossible, or probabilities) against
    a `save` (the modified save score, None = no save, or a probability). `reroll_misses`: each
    missed attack is re-rolled once (hatred in the first round)."""
    _check_int(n, "attacks", 0, MAX_ATTACKS)
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
        _check_int(v, what, 1, 10)
    if armour_save is not None:
        _check_int(armour_save, "armour save", 1, 6)
    hit = 6 if sixes_to_hit else to_hit_score(attacker_ws, defender_ws)
    return attacks(n_attacks, hit, to_wound_score(strength, toughness),
                   modified_save(armour_save, save_modifier(strength)), reroll_misses=reroll_misses)


# --------------------------------------------------------------------------- units in a round


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
        _check_int(u.models, "models", 0, 100_000, self.name)
        _check_int(u.files, "files", 1, 100_000, self.name)
        if self.general_ld is not None:
            _check_int(self.general_ld, "general's Ld", 0, 10)
        if self.save is not PROFILE_SAVE and self.save is not None:
            _check_int(self.save, "save", 0, 7, self.name)
        _check_int(self.wounded, "wounds already taken", 0, max(u.profile.W - 1, 0), self.name)
        if self.contact is not None:
            _check_int(self.contact, "models in contact", 0, u.models, self.name)
        _check_int(self.fighting_ranks, "fighting ranks", 1, 1000, self.name)
        if self.attacks is not None:
            _check_int(self.attacks, "attacks", 0, 1000, self.name)

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


# --------------------------------------------------------------------------- the round's rules


@dataclass(frozen=True)
class Strike:
    """What each fighting model of one side does: its attacks and their per-attack chances."""

    side: str
    attacks_per_model: int
    to_hit: int | None
    to_wound: int | None
    save: int | None  # the enemy's modified save
    reroll_misses: bool
    sixes_only: bool
    p_hit: Fraction  # re-roll included
    p_wound: Fraction
    p_save: Fraction

    @property
    def p_unsaved(self) -> Fraction:
        return self.p_hit * self.p_wound * (1 - self.p_save)

    def to_dict(self, exact: bool = False) -> dict[str, Any]:
        return {"attacks_per_model": self.attacks_per_model, "to_hit": self.to_hit,
                "to_wound": self.to_wound, "save": self.save, "reroll_misses": self.reroll_misses,
                "sixes_only": self.sixes_only, "p_unsaved": num(self.p_unsaved, exact)}


@dataclass(frozen=True, eq=False)
class RoundSetup:
    """Everything about a round that is known before the dice are rolled."""

    a: UnitState
    b: UnitState
    order: tuple[str, str] | None  # (first, second), or None: simultaneous
    contact: dict[str, int]  # models in base contact, per side
    strike: dict[str, Strike]
    charge: str | None
    flank: bool
    rear: bool
    high_ground: str | None
    momentum: str | None
    difficult_terrain: bool
    round_number: int

    def state(self, side: str) -> UnitState:
        return self.a if side == "a" else self.b

    def enemy(self, side: str) -> UnitState:
        return self.b if side == "a" else self.a

    def to_dict(self, exact: bool = False) -> dict[str, Any]:
        return {"strike_order": "simultaneous" if self.order is None else ROLE[self.order[0]],
                "models_in_contact": {ROLE[k]: v for k, v in self.contact.items()},
                "attacks": {ROLE[k]: v.to_dict(exact) for k, v in self.strike.items()},
                "charge": self.charge and ROLE[self.charge], "flank": self.flank, "rear": self.rear,
                "high_ground": self.high_ground and ROLE[self.high_ground],
                "momentum": self.momentum and ROLE[self.momentum],
                "difficult_terrain": self.difficult_terrain, "round": self.round_number}


def side_of(value: str | None, what: str) -> str | None:
    """"a"/"attacker" → "a", "b"/"defender" → "b", None/"none" → None."""
    if value is None or value == "":
        return None
    v = str(value).strip().lower()
    if v in ("a", "attacker"):
        return "a"
    if v in ("b", "defender"):
        return "b"
    if v in ("none", "no", "-"):
        return None
    raise CampagneError("wab.odds.bad_side", what=_label(what), value=value)


def strike_order(a: UnitState, b: UnitState, charge: str | None, momentum: str | None) -> tuple[str, str] | None:
    """Chargers first; otherwise higher Initiative; equal Initiative: the side with momentum; else
    simultaneous (None)."""
    if charge is not None:
        return (charge, "b" if charge == "a" else "a")
    if a.profile.I != b.profile.I:
        return ("a", "b") if a.profile.I > b.profile.I else ("b", "a")
    if momentum is not None:
        return (momentum, "b" if momentum == "a" else "a")
    return None


def models_in_contact(a: UnitState, b: UnitState, flank: bool = False, rear: bool = False) -> dict[str, int]:
    """Models of each side in base contact: a's front rank against the face of b it hits."""
    ua, ub = a.unit, b.unit
    if flank:
        face = ub.ranks
    elif rear:
        face = ub.models - (ub.ranks - 1) * ub.files if ub.models else 0
    else:
        face = ub.front_rank
    width = ua.models_in_contact(face)
    ca = min(ua.models, width * a.fighting_ranks)
    cb = min(ub.models, width * (1 if flank or rear else b.fighting_ranks))
    return {"a": ca if a.contact is None else a.contact, "b": cb if b.contact is None else b.contact}


def strike_of(side: str, state: UnitState, enemy: UnitState, round_number: int = 1,
              fear_failed: bool = False) -> Strike:
    """The per-attack chances of one side's models against the other."""
    from .psychology import hatred_rerolls_misses
    p, e = state.profile, enemy.profile
    sixes = fear_failed and round_number == 1
    to_hit = 6 if sixes else to_hit_score(max(p.WS, 1), max(e.WS, 1))
    to_wound = None if p.S < 1 else to_wound_score(p.S, max(e.T, 1))
    save = modified_save(enemy.armour_save, save_modifier(max(p.S, 1)))
    reroll = hatred_rerolls_misses(round_number, hates_enemy=state.hates)
    p_hit = hit_chance(to_hit)
    if reroll:
        p_hit = with_reroll(p_hit)
    return Strike(side, state.attacks_per_model, to_hit, to_wound, save, reroll, sixes, p_hit,
                  d6_chance(to_wound), save_chance(save))


def prepare_round(a: UnitState, b: UnitState, *, charge: str | None = None, flank: bool = False,
                  rear: bool = False, high_ground: str | None = None, momentum: str | None = None,
                  difficult_terrain: bool = False, round_number: int = 1,
                  fear_failed: Iterable[str] = ()) -> RoundSetup:
    """Check the situation and decide what is known before the dice. `a` is the attacker: `flank` /
    `rear` mean a hits b's flank / rear. `charge`, `high_ground`, `momentum`: "a", "b" or None.
    `round_number`: 1 for the first round of this combat (hatred, fear). `fear_failed`: sides that
    failed a fear test (they hit only on 6s in the first round)."""
    charge = side_of(charge, "charge")
    high_ground = side_of(high_ground, "high ground")
    momentum = side_of(momentum, "momentum")
    feared = {side_of(s, "fear failed") for s in fear_failed}
    _check_int(round_number, "round", 1, 10_000)
    if flank and rear:
        raise CampagneError("wab.odds.flank_and_rear")
    for s in (a, b):
        if s.models < 1:
            raise CampagneError("wab.odds.no_models", unit=s.name)
    contact = models_in_contact(a, b, flank, rear)
    strike = {"a": strike_of("a", a, b, round_number, "a" in feared),
              "b": strike_of("b", b, a, round_number, "b" in feared)}
    for side in SIDES:
        n = contact[side] * strike[side].attacks_per_model
        if n > MAX_ATTACKS:
            raise CampagneError("wab.odds.too_many_attacks", attacks=n, maximum=MAX_ATTACKS)
    return RoundSetup(a, b, strike_order(a, b, charge, momentum), contact, strike, charge, bool(flank),
                      bool(rear), high_ground, momentum, bool(difficult_terrain), round_number)


def side_bonuses(setup: RoundSetup, side: str, models_left: int) -> list[tuple[str, int]]:
    """The RESULTATS DES COMBATS bonuses of one side with `models_left` models after the round
    (`profiles.Unit.combat_bonuses`); none for a unit wiped out."""
    if models_left <= 0:
        return []
    state = setup.state(side)
    return state.with_models(models_left).combat_bonuses(
        momentum=setup.momentum == side, difficult_terrain=setup.difficult_terrain,
        high_ground=setup.high_ground == side, flank=side == "a" and setup.flank,
        rear=side == "a" and setup.rear)


def feared_enemy_outnumbers(setup: RoundSetup, loser: str, loser_left: int, winner_left: int) -> bool:
    """"vaincue ... par un ennemi supérieur en nombre et provoquant la peur": models after the round."""
    return setup.enemy(loser).causes_fear and winner_left > loser_left


def break_odds(setup: RoundSetup, loser: str, difference: int, loser_left: int,
               feared_outnumbers: bool) -> dict[str, Fraction]:
    """`psychology.break_odds` for the loser of this round: holds, broken, auto_broken, resists,
    gives_ground."""
    return _break_odds(setup.state(loser), difference, loser_left, feared_outnumbers)


def _break_odds(state: UnitState, difference: int, loser_left: int, feared: bool) -> dict[str, Fraction]:
    from .psychology import break_odds as psy_break_odds
    return psy_break_odds(state.nerve(loser_left), difference, feared_enemy_outnumbers=feared)


def breaks_in(outcomes: Mapping[str, Fraction]) -> Fraction:
    return outcomes.get("broken", ZERO) + outcomes.get("auto_broken", ZERO)


# --------------------------------------------------------------------------- a round, exactly


@dataclass(frozen=True, eq=False)
class RoundOdds:
    """The exact odds of one round. `result_distribution`: a's combat result minus b's."""

    setup: RoundSetup
    result_distribution: Distribution
    attacker_wins: Fraction
    defender_wins: Fraction
    draw: Fraction
    attacker_breaks: Fraction
    defender_breaks: Fraction
    attacker_gives_ground: Fraction
    defender_gives_ground: Fraction
    attacker_destroyed: Fraction
    defender_destroyed: Fraction
    expected_casualties: dict[str, Fraction]  # "attacker", "defender": models each side loses
    expected_wounds_caused: dict[str, Fraction]  # "attacker", "defender": wounds each side causes
    bonuses: dict[str, list[tuple[str, int]]]  # "attacker", "defender": bonuses with no casualty

    def total(self) -> Fraction:
        return sum(self.result_distribution.values(), ZERO)

    def to_json(self, exact: bool = False) -> dict[str, Any]:
        return {
            "result_distribution": _dist_json(self.result_distribution, exact),
            "attacker_wins": num(self.attacker_wins, exact),
            "defender_wins": num(self.defender_wins, exact),
            "draw": num(self.draw, exact),
            "attacker_breaks": num(self.attacker_breaks, exact),
            "defender_breaks": num(self.defender_breaks, exact),
            "expected_casualties": {k: num(v, exact) for k, v in self.expected_casualties.items()},
            "attacker_gives_ground": num(self.attacker_gives_ground, exact),
            "defender_gives_ground": num(self.defender_gives_ground, exact),
            "attacker_destroyed": num(self.attacker_destroyed, exact),
            "defender_destroyed": num(self.defender_destroyed, exact),
            "expected_wounds_caused": {k: num(v, exact) for k, v in self.expected_wounds_caused.items()},
            "bonuses_without_casualties": {k: [[key, v] for key, v in b] for k, b in self.bonuses.items()},
            **self.setup.to_dict(exact),
        }


def _strike_weights(strike: Strike, models: int) -> tuple[tuple[int, ...], int]:
    """Whole-number weights of a side's unsaved wounds with `models` fighting, over the denominator
    d ** attacks (q = c/d the per-attack chance)."""
    n = models * strike.attacks_per_model
    q = strike.p_unsaved
    if q == 0 or n == 0:
        return (1,), 1
    if q == 1:
        return (0,) * n + (1,), 1
    return _binomial_weights(n, q.numerator, q.denominator), q.denominator ** n


def round_odds(a: UnitState, b: UnitState, **situation: Any) -> RoundOdds:
    """Exact odds of one round of close combat between `a` (the attacker) and `b`; `situation` as in
    `prepare_round` (charge, flank, rear, high_ground, momentum, difficult_terrain, round_number,
    fear_failed)."""
    setup = prepare_round(a, b, **situation)
    states = {"a": a, "b": b}
    # (unsaved wounds caused by a, by b, whole-number weight over `den`)
    pairs: list[tuple[int, int, int]] = []
    if setup.order is None:
        wa, da = _strike_weights(setup.strike["a"], setup.contact["a"])
        wb, db = _strike_weights(setup.strike["b"], setup.contact["b"])
        den = da * db
        pairs = [(ua, ub, xa * xb) for ua, xa in enumerate(wa) if xa for ub, xb in enumerate(wb) if xb]
    else:
        first, second = setup.order
        s2, st2 = setup.strike[second], states[second]
        w1, d1 = _strike_weights(setup.strike[first], setup.contact[first])
        d2max = _strike_weights(s2, setup.contact[second])[1]
        den = d1 * d2max
        for u1, x1 in enumerate(w1):
            if not x1:
                continue
            w2, d2 = _strike_weights(s2, max(0, setup.contact[second] - st2.casualties(u1)))
            scale = x1 * (d2max // d2)
            if first == "a":
                pairs.extend((u1, u2, x2 * scale) for u2, x2 in enumerate(w2) if x2)
            else:
                pairs.extend((u2, u1, x2 * scale) for u2, x2 in enumerate(w2) if x2)

    # bonuses depend only on the models left: once per count that can occur
    bonus: dict[str, dict[int, int]] = {"a": {}, "b": {}}

    def total_bonus(side: str, left: int) -> int:
        found = bonus[side].get(left)
        if found is None:
            found = bonus[side][left] = sum(v for _, v in side_bonuses(setup, side, left))
        return found

    dist: dict[int, int] = {}
    tests: dict[tuple[str, int, int, bool], int] = {}  # (loser, difference, min(left, 5), fear) -> weight
    destroyed = {"a": 0, "b": 0}
    lost = {"a": 0, "b": 0}
    caused = {"a": 0, "b": 0}
    a_models, b_models = a.models, b.models
    for ua, ub, w in pairs:
        ca, cb = a.casualties(ub), b.casualties(ua)
        left_a, left_b = a_models - ca, b_models - cb
        wa_caused, wb_caused = b.wounds_caused(ua), a.wounds_caused(ub)
        diff = wa_caused + total_bonus("a", left_a) - wb_caused - total_bonus("b", left_b)
        dist[diff] = dist.get(diff, 0) + w
        lost["a"] += ca * w
        lost["b"] += cb * w
        caused["a"] += wa_caused * w
        caused["b"] += wb_caused * w
        if not left_a:
            destroyed["a"] += w
        if not left_b:
            destroyed["b"] += w
        if diff:
            loser = "b" if diff > 0 else "a"
            loser_left, winner_left = (left_b, left_a) if loser == "b" else (left_a, left_b)
            if loser_left == 0:
                continue  # wiped out: nobody left to test
            # only the under-five rule reads the loser's models: counts of 5 and more test alike
            key = (loser, abs(diff), min(loser_left, 5),
                   feared_enemy_outnumbers(setup, loser, loser_left, winner_left))
            tests[key] = tests.get(key, 0) + w

    breaks = {"a": ZERO, "b": ZERO}
    ground = {"a": ZERO, "b": ZERO}
    for (loser, diff, left, feared), w in tests.items():
        outcomes = break_odds(setup, loser, diff, left, feared)
        p = Fraction(w, den)
        breaks[loser] += p * breaks_in(outcomes)
        ground[loser] += p * outcomes.get("gives_ground", ZERO)
    result = {k: Fraction(w, den) for k, w in sorted(dist.items())}
    return RoundOdds(
        setup=setup, result_distribution=result,
        attacker_wins=sum((p for k, p in result.items() if k > 0), ZERO),
        defender_wins=sum((p for k, p in result.items() if k < 0), ZERO),
        draw=result.get(0, ZERO),
        attacker_breaks=breaks["a"], defender_breaks=breaks["b"],
        attacker_gives_ground=ground["a"], defender_gives_ground=ground["b"],
        attacker_destroyed=Fraction(destroyed["a"], den), defender_destroyed=Fraction(destroyed["b"], den),
        expected_casualties={"attacker": Fraction(lost["a"], den), "defender": Fraction(lost["b"], den)},
        expected_wounds_caused={"attacker": Fraction(caused["a"], den), "defender": Fraction(caused["b"], den)},
        bonuses={ROLE[s]: side_bonuses(setup, s, states[s].models) for s in SIDES},
    )


# --------------------------------------------------------------------------- shooting


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
    """The TABLE DE TIR and its MODIFICATEURS (keys of `tables.shooting_modifier_keys()`: charging_target,
    long_range, moving, lone_character, soft_cover, hard_cover, skirmishers, light_chariot,
    large_target), through `tables.shooting_to_hit`.

    With a `weapon` of the sheet's table (name or `tables.Weapon`): its strength and save modifier
    ("Svg", else the strength's), its notes (no long-range penalty, no move and shoot, two shots at
    short range). The range band comes from `distance` (in inches: beyond half the range is long
    range and adds the modifier; beyond the range is refused), else from whether "long_range" is
    among `modifiers` (absent: short range). Without a weapon: `shooters` shots at `strength`
    (default 3) with the strength's save modifier. `sixes_only`: a failed fear test ("Maintien & Tir
    ou Tir & Fuite" at 6s). `armour_save` is the target's K+ before modifiers."""
    from . import tables as t
    _check_int(shooters, "shooters", 0, MAX_ATTACKS)
    _check_int(bs, "BS", 1, 10)
    _check_int(toughness, "T", 1, 10)
    if armour_save is not None:
        _check_int(armour_save, "armour save", 1, 6)
    mods = list(t._names(modifiers, t.bilingual("The shooting modifiers", "Les modificateurs de tir")))
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
        _check_int(strength, "S", 1, 10)
        sv_mod = save_modifier(strength)
    _check_int(strength, "S", 1, 10)
    applied = tuple(t.shooting_modifiers(mods, w))
    to_hit = 6 if sixes_only else t.shooting_to_hit(bs, mods, w)
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


# --------------------------------------------------------------------------- JSON


def num(x: Fraction, exact: bool = False) -> float | str:
    """A probability for JSON: a float, or "p/q" when exact."""
    x = Fraction(x)
    if exact:
        return f"{x.numerator}/{x.denominator}"
    return float(x)


def _dist_json(dist: Mapping[int, Fraction], exact: bool) -> dict[str, float | str]:
    return {str(k): num(v, exact) for k, v in sorted(dist.items())}
