"""Exact odds of WAB 2 close combat and shooting (seed 002), as `Fraction`s: nothing is sampled.

- `attacks(n, to_hit, to_wound, save)`: n independent attacks, each needing a D6 score (or given a
  probability) to hit, to wound and to save: the binomial distributions of hits, wounds and unsaved
  wounds (P(unsaved per attack) = p_hit × p_wound × (1 − p_save)).
- `attacks_between(n, attacker_ws, defender_ws, strength, toughness, armour_save)`: the same, the
  scores read from the sheet's tables (TABLE POUR TOUCHER, TABLE POUR BLESSER, MODIFICATEUR DE
  SAUVEGARDE).
- `round_odds(a, b, ...)`: one whole round of close combat between two units (`UnitState`): who
  strikes first, the casualties of the first strikes removed before the second strikes, the
  combat resolution and the loser's break test. Gives the distribution of the combat result
  (a's total minus b's), P(win / draw / lose), P(each side breaks) and the expected casualties.
- `shooting_odds(shots, bs, modifiers, strength, toughness, armour_save, weapon=...)`: one unit's
  shooting, with the TABLE DE TIR, its modifiers and the weapons table's notes.
- `break_test_odds(...)`: the TEST DE MORAL and its special cases.

The rules of the round are shared with `combat.py` (which rolls the same events with a `Dice`), so
the resolved round and the exact odds cannot drift apart: `prepare_round` decides everything that
is known before the dice (order, models in contact, per-attack chances, fixed bonuses), and
`resolution_bonuses` / `break_situation` decide what follows from the casualties.

How the round is computed exactly and fast: the first striker's unsaved wounds U1 ~ Binomial(n1, q1)
(q1 the per-attack chance); for each value of U1 the second striker's models in contact are known,
so U2 | U1 ~ Binomial(n2(U1), q2). Every binomial is kept as whole-number weights over d^n (q = c/d),
cached, and every (U1, U2) pair is weighted with integers over one common denominator; Fractions
are made only once per distinct result at the end. Two 20-model units five wide take well under a
millisecond (benchmarks/bench_wab_odds.py).

Interpretation choices (the sheet's words are quoted in docs and in the report of this module):

* Strike order: "Les figurines qui ont chargé durant ce tour frappent les premières. Autrement, les
  figurines frappent par ordre décroissant d'initiative. Les unités avec l'élan (Momentum) frappent
  en premier si les initiatives sont identiques." When the Initiatives are equal and neither side
  (or both) has the momentum, both sides strike simultaneously: the sheet names no further
  tie-break, and neither side's casualties then prevent the other's blows.
* Models fighting: "Toute figurine en contact socle à socle avec un ennemi peut combattre." Without
  geometry, the models in base contact are the front ranks facing each other: width = min(the
  attacker's frontage, the face attacked: the defender's frontage to the front, its number of ranks
  on a flank, its last rank from the rear); each side fights with `width` models (corner contacts
  are not counted). `UnitState.contact` overrides this; `UnitState.fighting_ranks` adds ranks
  fighting behind the first (spears, pikes of an army list: the sheet's "seul le premier rang des
  unités en marche forcée peut combattre" shows other ranks may fight in some cases, but the sheet
  itself gives none). Each model has A attacks, "+1 attaque" with a weapon in each hand
  (`two_weapons`), +1 with frenzy ("L'unité bénéficie d'une attaque supplémentaire par figurine").
* Casualties: "Si les troupes ont une sauvegarde, elle doit être effectuée avant que les pertes ne
  soient retirées du jeu." A model is removed when its wounds W are used up (wounds carry over on
  the unit, `UnitState.wounded` being those already on a model). Models slain by the first striker
  were models in contact, so the second striker fights with (models in contact − its casualties).
* Combat resolution ("RESULTATS DES COMBATS"): wounds caused (at most the wounds the enemy had left)
  + close order +1, rank bonus ("+1 pour chaque rang complet d'infanterie derrière le premier avec
  un maximum de +2", counted on the models left after the round, infantry in close order only),
  standard +1, army standard +1 ("Si la Grande Bannière participe au combat"), momentum +1 ("Sauf la
  cavalerie et les chars en terrain difficile"), high ground +1, flank +1, rear +2. A unit wiped out
  scores only the wounds it caused. Equal results are a draw: nobody tests (the sheet gives no
  tie-break).
* Break test ("TEST DE MORAL"): 2D6 ≤ Ld − difference; the general's Ld within 12" if higher and the
  army standard's re-roll of a failed test within 12" ("sauf des tirailleurs"). Automatic break:
  "Les unités réduites à moins de cinq figurines sont automatiquement démoralisées" (a losing unit
  that had five models or more and has fewer after the round), and fear: "Une unité vaincue en
  corps à corps par un ennemi supérieur en nombre et provoquant la peur est automatiquement
  démoralisée sans test de moral" (models left after the round compared; a frenzied unit "n'est pas
  affectée par les autres effets psychologiques" and is not broken by fear).
* The HAINE block of the sheet has three numbered lines: "L'unité fait ses tests de moral avec un
  Commandement de 10 (modifiable)", "Au 1er de combat, l'unité peut relancer une fois toutes les
  attaques ratées", "L'unité poursuit obligatoirement un ennemi haï". So a unit that hates its enemy
  tests on Ld 10 minus the difference and re-rolls its missed attacks in the first round.
  The Stubborn block ("DISCIPLINES (Stubborn)") has the other three: no test for friends fleeing
  within 4", "L'unité peut lâcher du terrain si elle manque son test après un tour de combat" (a
  failed break test gives ground instead of breaking: reported as `gives_ground`), and "Si l'unité
  perd un tour de combat contre un adversaire qui devrait automatiquement la démoraliser, lancez un
  D6 : 1-3 Démoralisée / 4-6 Résiste" (applied to both automatic breaks above).
* A modified save better than 2+ is 2+ (a roll of 1 always fails a save); worse than 6+ is no save.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any

from ...core.errors import CampagneError, register_messages

Distribution = dict[int, Fraction]
ZERO = Fraction(0)
ONE = Fraction(1)
SIDES = ("a", "b")
ROLE = {"a": "attacker", "b": "defender"}

register_messages({
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
        "en": "A profile is nine whole numbers M,WS,BS,S,T,W,I,A,Ld (got {value!r}).",
        "fr": "Un profil est fait de neuf nombres entiers M,CC,CT,F,E,PV,I,A,Cd (reçu {value!r}).",
    },
    "wab.odds.no_shooting_after_move": {
        "en": "The {weapon} cannot shoot after moving (\"Pas de Déplacement + Tir\").",
        "fr": "L'arme {weapon} ne peut pas tirer après un déplacement (« Pas de Déplacement + Tir »).",
    },
    "wab.odds.out_of_range": {
        "en": "The target is out of range of the {weapon} ({distance}\" for {range}\").",
        "fr": "La cible est hors de portée de l'arme {weapon} ({distance} ps pour {range} ps).",
    },
})

MAX_ATTACKS = 2000  # per side and round: binomials of this size stay far under a second


# --------------------------------------------------------------------------- the sheet's tables


def _tables():
    """The sheet's tables (helper W1's module `campagne.games.wab.tables`)."""
    from . import tables
    return tables


def to_hit_score(attacker_ws: int, defender_ws: int) -> int:
    """TABLE POUR TOUCHER: the D6 score the attacker needs."""
    return int(_tables().to_hit(attacker_ws, defender_ws))


def to_wound_score(strength: int, toughness: int) -> int | None:
    """TABLE POUR BLESSER: the D6 score needed, None where the sheet prints "-" (impossible)."""
    score = _tables().to_wound(strength, toughness)
    return None if score is None else int(score)


def save_modifier(strength: int) -> int:
    """MODIFICATEUR DE SAUVEGARDE: 0 up to S3, -1 for S4 ... -7 for S10 (a number ≤ 0)."""
    return int(_tables().save_modifier(strength))


def modified_save(armour_save: int | None, modifier: int = 0) -> int | None:
    """The save needed once modified: K+ with modifier -m needs (K+m)+; worse than 6+ is no save;
    better than 2+ is 2+ (a roll of 1 always fails)."""
    if armour_save is None:
        return None
    score = int(armour_save) - int(modifier)
    if score > 6:
        return None
    return max(score, 2)


def hit_chance(score: int | None) -> Fraction:
    """P(hit) for a to-hit score, 7+ to 9+ included (a 6, then 4+/5+/6+), from the tables module."""
    if score is None:
        return ZERO
    return Fraction(_tables().hit_probability(int(score)))


def d6_chance(score: int | None) -> Fraction:
    """P(D6 ≥ score) for a wound or save score (None: impossible / no save)."""
    if score is None or score > 6:
        return ZERO
    return Fraction(7 - max(int(score), 1), 6)


def save_chance(score: int | None) -> Fraction:
    """P(save) for a modified save score (2+ at best: a 1 always fails)."""
    if score is None or score > 6:
        return ZERO
    return Fraction(7 - max(int(score), 2), 6)


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
    """Forget every cached binomial and break test (benchmarks measure the cold cost)."""
    _binomial_weights.cache_clear()
    _two_d6_at_most.cache_clear()


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
        raise CampagneError("wab.odds.bad_chance", what=what, value=value)
    if isinstance(value, int):
        if kind == "hit":
            return value, hit_chance(value)
        if kind == "save":
            score = None if value > 6 else max(value, 2)
            return score, save_chance(score)
        if value > 6:
            return None, ZERO
        return max(value, 2), d6_chance(max(value, 2))
    p = Fraction(value)
    if not 0 <= p <= 1:
        raise CampagneError("wab.odds.bad_chance", what=what, value=value)
    return None, p


def _check_int(value: Any, what: str, minimum: int, maximum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not minimum <= value <= maximum:
        raise CampagneError("wab.odds.bad_number", what=what, value=value, minimum=minimum, maximum=maximum)
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
        _check_int(armour_save, "armour save", 0, 7)
    hit = 6 if sixes_to_hit else to_hit_score(attacker_ws, defender_ws)
    return attacks(n_attacks, hit, to_wound_score(strength, toughness),
                   modified_save(armour_save, save_modifier(strength)), reroll_misses=reroll_misses)


# --------------------------------------------------------------------------- break tests


@lru_cache(maxsize=64)
def _two_d6_at_most(target: int) -> Fraction:
    ways = sum(1 for x in range(1, 7) for y in range(1, 7) if x + y <= target)
    return Fraction(ways, 36)


@dataclass(frozen=True)
class BreakOdds:
    holds: Fraction
    gives_ground: Fraction
    breaks: Fraction

    def to_dict(self, exact: bool = False) -> dict[str, Any]:
        return {"holds": num(self.holds, exact), "gives_ground": num(self.gives_ground, exact),
                "breaks": num(self.breaks, exact)}


@lru_cache(maxsize=4096)
def break_test_odds(leadership: int, difference: int, *, reroll: bool = False, stubborn: bool = False,
                    automatic: bool = False) -> BreakOdds:
    """The loser's TEST DE MORAL: pass on 2D6 ≤ leadership − difference (`leadership` already the one
    used: the unit's, its general's within 12", or 10 for hatred); `reroll`: the army standard's
    re-roll of a failed test; `automatic`: broken without a test (under five models, fear), which a
    stubborn unit turns into a D6 (1-3 broken, 4-6 holds); a stubborn unit failing its test gives
    ground instead of breaking."""
    if automatic:
        if stubborn:
            return BreakOdds(Fraction(1, 2), ZERO, Fraction(1, 2))
        return BreakOdds(ZERO, ZERO, ONE)
    p = _two_d6_at_most(leadership - difference)
    if reroll:
        p = with_reroll(p)
    if stubborn:
        return BreakOdds(p, 1 - p, ZERO)
    return BreakOdds(p, ZERO, 1 - p)


# --------------------------------------------------------------------------- units in a round


MOUNTED_WORDS = ("cavalry", "chariot", "cavalerie", "char", "elephant", "éléphant")
INFANTRY_WORDS = ("infantry", "infanterie")
SKIRMISH_WORDS = ("skirmish", "tirailleur")


@dataclass(frozen=True)
class UnitState:
    """One unit as it enters a round of close combat (one profile for all its models).

    `save` is the unmodified armour save (K for K+, None: none); `general_ld`: the Ld of a general
    within 12" (used when higher, not by skirmishers); `army_standard`: the army standard fights in
    this unit (+1 combat result, and the re-roll); `army_standard_near`: within 12" of it (re-roll
    of a failed break test); `initial_models`: the unit's models before its losses (for "réduites à
    moins de cinq figurines", default `models`); `wounded`: wounds already on one of its models;
    `contact`: models in base contact, when known (else worked out from the formations);
    `hates`: it hates this enemy; `causes_fear`: the enemy fears it."""

    models: int
    files: int
    ws: int
    s: int
    t: int
    w: int = 1
    i: int = 3
    a: int = 1
    ld: int = 7
    save: int | None = None
    name: str = ""
    m: int = 4
    bs: int = 3
    kind: str = "infantry"
    close_order: bool = True
    standard: bool = False
    musician: bool = False
    army_standard: bool = False
    army_standard_near: bool = False
    general_ld: int | None = None
    frenzy: bool = False
    hates: bool = False
    stubborn: bool = False
    causes_fear: bool = False
    two_weapons: bool = False
    wounded: int = 0
    initial_models: int | None = None
    contact: int | None = None
    fighting_ranks: int = 1

    def __post_init__(self) -> None:
        for name in ("ws", "s", "t", "i", "ld"):
            _check_int(getattr(self, name), f"{self.name or 'unit'} {name.upper()}", 0, 10)
        _check_int(self.w, f"{self.name or 'unit'} W", 1, 10)
        _check_int(self.a, f"{self.name or 'unit'} A", 0, 10)
        _check_int(self.models, f"{self.name or 'unit'} models", 0, 1000)
        _check_int(self.files, f"{self.name or 'unit'} files", 1, 1000)
        _check_int(self.wounded, f"{self.name or 'unit'} wounds already taken", 0, self.w - 1)
        _check_int(self.fighting_ranks, f"{self.name or 'unit'} fighting ranks", 1, 100)
        if self.save is not None:
            _check_int(self.save, f"{self.name or 'unit'} save", 0, 7)
        if self.general_ld is not None:
            _check_int(self.general_ld, "general's Ld", 0, 10)
        if self.contact is not None:
            _check_int(self.contact, f"{self.name or 'unit'} models in contact", 0, max(self.models, 0))
        if self.initial_models is not None:
            _check_int(self.initial_models, f"{self.name or 'unit'} initial models", self.models, 10_000)

    # -- formation

    @property
    def label(self) -> str:
        return self.name or "unit"

    @property
    def front(self) -> int:
        return min(self.files, self.models)

    @property
    def ranks(self) -> int:
        """Ranks, the last one possibly incomplete."""
        return -(-self.models // self.files) if self.models else 0

    @property
    def rear_rank(self) -> int:
        return self.models - (self.ranks - 1) * self.files if self.models else 0

    @property
    def mounted(self) -> bool:
        k = self.kind.lower()
        return any(word in k for word in MOUNTED_WORDS)

    @property
    def infantry(self) -> bool:
        k = self.kind.lower()
        return any(word in k for word in INFANTRY_WORDS) and not self.skirmishers

    @property
    def skirmishers(self) -> bool:
        k = self.kind.lower()
        return any(word in k for word in SKIRMISH_WORDS)

    @property
    def attacks_per_model(self) -> int:
        """A, +1 with a weapon in each hand, +1 with frenzy."""
        return self.a + int(self.two_weapons) + int(self.frenzy)

    @property
    def total_wounds(self) -> int:
        """Wounds the unit has left."""
        return self.models * self.w - self.wounded

    @property
    def start_models(self) -> int:
        return self.models if self.initial_models is None else self.initial_models

    @property
    def test_leadership(self) -> int:
        """Ld of a break test: 10 with hatred ("Commandement de 10 (modifiable)"), else the unit's or
        the general's within 12" if higher ("sauf des tirailleurs")."""
        if self.hates:
            return 10
        if self.general_ld is not None and not self.skirmishers:
            return max(self.ld, self.general_ld)
        return self.ld

    @property
    def break_reroll(self) -> bool:
        """The army standard's re-roll of a failed break test ("sauf des tirailleurs")."""
        return (self.army_standard or self.army_standard_near) and not self.skirmishers

    def casualties(self, unsaved: int) -> int:
        """Models removed by `unsaved` wounds (W each, `wounded` already on one model)."""
        return min(self.models, (self.wounded + unsaved) // self.w)

    def wounds_caused(self, unsaved: int) -> int:
        """Wounds that count in the combat result: no more than the unit had left."""
        return min(unsaved, self.total_wounds)

    def rank_bonus(self, models_left: int) -> int:
        """+1 per full rank of infantry behind the first, at most +2 (close order only)."""
        if not (self.close_order and self.infantry) or models_left <= 0:
            return 0
        return max(0, min(2, models_left // self.files - 1))

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_profile(cls, profile: str | Iterable[int], models: int, files: int, **kwargs: Any) -> UnitState:
        """A unit from a "M,WS,BS,S,T,W,I,A,Ld" profile (text or nine numbers)."""
        values = parse_profile(profile)
        m, ws, bs, s, t, w, i, a, ld = values
        return cls(models=models, files=files, m=m, ws=ws, bs=bs, s=s, t=t, w=w, i=i, a=a, ld=ld, **kwargs)


def parse_profile(profile: str | Iterable[int]) -> tuple[int, ...]:
    """"4,3,3,3,3,1,3,1,7" (commas or spaces) → the nine numbers M WS BS S T W I A Ld."""
    try:
        parts = profile.replace(",", " ").split() if isinstance(profile, str) else list(profile)
        values = tuple(int(p) for p in parts)
    except (TypeError, ValueError):
        raise CampagneError("wab.odds.profile", value=profile) from None
    if len(values) != 9 or any(not 0 <= v <= 10 for v in values[1:]) or values[0] < 0:
        raise CampagneError("wab.odds.profile", value=profile)
    return values


# --------------------------------------------------------------------------- the round's rules


@dataclass(frozen=True)
class Strike:
    """What each fighting model of one side does: its attacks and their per-attack chances."""

    side: str
    attacks_per_model: int
    to_hit: int
    to_wound: int | None
    save: int | None  # the enemy's modified save
    reroll_misses: bool
    p_hit: Fraction
    p_wound: Fraction
    p_save: Fraction

    @property
    def p_unsaved(self) -> Fraction:
        return self.p_hit * self.p_wound * (1 - self.p_save)

    def to_dict(self, exact: bool = False) -> dict[str, Any]:
        return {"attacks_per_model": self.attacks_per_model, "to_hit": self.to_hit,
                "to_wound": self.to_wound, "save": self.save, "reroll_misses": self.reroll_misses,
                "p_unsaved": num(self.p_unsaved, exact)}


@dataclass(frozen=True)
class RoundSetup:
    """Everything about a round that is known before the dice are rolled."""

    a: UnitState
    b: UnitState
    order: tuple[str, str] | None  # (first, second), or None: simultaneous
    contact: dict[str, int]  # models in base contact, per side
    strike: dict[str, Strike]
    fixed_bonuses: dict[str, tuple[tuple[str, int], ...]]  # per side, besides ranks and standard
    charge: str | None
    flank: bool
    rear: bool
    high_ground: str | None
    momentum: str | None
    difficult_terrain: bool
    first_round: bool

    def unit(self, side: str) -> UnitState:
        return self.a if side == "a" else self.b

    def enemy(self, side: str) -> UnitState:
        return self.b if side == "a" else self.a

    @property
    def order_name(self) -> str:
        return "simultaneous" if self.order is None else f"{self.order[0]} first"


def _side(value: str | None, what: str) -> str | None:
    if value is None or value == "":
        return None
    v = str(value).lower()
    if v in ("a", "attacker"):
        return "a"
    if v in ("b", "defender"):
        return "b"
    if v in ("none", "no", "-"):
        return None
    raise CampagneError("wab.odds.bad_side", what=what, value=value)


def strike_order(a: UnitState, b: UnitState, charge: str | None, momentum: str | None) -> tuple[str, str] | None:
    """Chargers first; otherwise higher Initiative; equal Initiative: the side with momentum; else
    simultaneous (None)."""
    if charge is not None:
        return (charge, "b" if charge == "a" else "a")
    if a.i != b.i:
        return ("a", "b") if a.i > b.i else ("b", "a")
    if momentum is not None:
        return (momentum, "b" if momentum == "a" else "a")
    return None


def models_in_contact(a: UnitState, b: UnitState, flank: bool, rear: bool) -> dict[str, int]:
    """Models of each side in base contact: the front rank of `a` against the face of `b` it hits."""
    if flank:
        face = b.ranks
    elif rear:
        face = b.rear_rank
    else:
        face = b.front
    width = min(a.front, face)
    ca = min(a.models, width * a.fighting_ranks)
    cb = min(b.models, width * (b.fighting_ranks if not (flank or rear) else 1))
    return {"a": a.contact if a.contact is not None else ca,
            "b": b.contact if b.contact is not None else cb}


def _strike(side: str, unit: UnitState, enemy: UnitState, first_round: bool, sixes: bool) -> Strike:
    to_hit = 6 if sixes else to_hit_score(max(unit.ws, 1), max(enemy.ws, 1))
    wound = to_wound_score(max(unit.s, 1), max(enemy.t, 1))
    save = modified_save(enemy.save, save_modifier(max(unit.s, 1)))
    reroll = unit.hates and first_round
    p_hit = hit_chance(to_hit)
    if reroll:
        p_hit = with_reroll(p_hit)
    return Strike(side, unit.attacks_per_model, to_hit, wound, save, reroll, p_hit, d6_chance(wound),
                  save_chance(save))


def prepare_round(a: UnitState, b: UnitState, *, charge: str | None = None, flank: bool = False,
                  rear: bool = False, high_ground: str | None = None, momentum: str | None = None,
                  difficult_terrain: bool = False, first_round: bool = True,
                  fear_failed: Iterable[str] = ()) -> RoundSetup:
    """Check the situation and decide what is known before the dice. `a` is the attacker: `flank` /
    `rear` mean a hits b's flank / rear. `charge`, `high_ground`, `momentum`: "a", "b" or None.
    `fear_failed`: sides that failed a fear test and hit only on 6s in this first round."""
    charge = _side(charge, "charge")
    high_ground = _side(high_ground, "high ground")
    momentum = _side(momentum, "momentum")
    sixes = {_side(s, "fear failed") for s in fear_failed}
    if flank and rear:
        raise CampagneError("wab.odds.flank_and_rear")
    for u in (a, b):
        if u.models < 1:
            raise CampagneError("wab.odds.no_models", unit=u.label)
    order = strike_order(a, b, charge, momentum)
    contact = models_in_contact(a, b, flank, rear)
    strike = {"a": _strike("a", a, b, first_round, "a" in sixes and first_round),
              "b": _strike("b", b, a, first_round, "b" in sixes and first_round)}
    for side in SIDES:
        n = contact[side] * strike[side].attacks_per_model
        if n > MAX_ATTACKS:
            raise CampagneError("wab.odds.too_many_attacks", attacks=n, maximum=MAX_ATTACKS)
    fixed: dict[str, tuple[tuple[str, int], ...]] = {}
    for side in SIDES:
        u = a if side == "a" else b
        bonus: list[tuple[str, int]] = []
        if u.close_order and not u.skirmishers:
            bonus.append(("close_order", 1))
        if u.army_standard:
            bonus.append(("army_standard", 1))
        if momentum == side and not (u.mounted and difficult_terrain):
            bonus.append(("momentum", 1))
        if high_ground == side:
            bonus.append(("high_ground", 1))
        if side == "a" and flank:
            bonus.append(("flank", 1))
        if side == "a" and rear:
            bonus.append(("rear", 2))
        fixed[side] = tuple(bonus)
    return RoundSetup(a, b, order, contact, strike, fixed, charge, flank, rear, high_ground, momentum,
                      difficult_terrain, first_round)


def resolution_bonuses(setup: RoundSetup, side: str, models_left: int) -> list[tuple[str, int]]:
    """The combat-result bonuses of one side with `models_left` models after the round (none once
    wiped out): close order, ranks, standard, army standard, momentum, high ground, flank, rear."""
    if models_left <= 0:
        return []
    u = setup.unit(side)
    out = list(setup.fixed_bonuses[side])
    ranks = u.rank_bonus(models_left)
    if ranks:
        out.insert(1 if out and out[0][0] == "close_order" else 0, ("ranks", ranks))
    if u.standard:
        out.insert(len([k for k, _ in out if k in ("close_order", "ranks")]), ("standard", 1))
    return out


def break_situation(setup: RoundSetup, loser: str, loser_left: int, winner_left: int) -> str | None:
    """Why the loser breaks without a test, if it does: "under_five" or "fear" (else None)."""
    u = setup.unit(loser)
    w = setup.enemy(loser)
    if u.start_models >= 5 and loser_left < 5:
        return "under_five"
    if w.causes_fear and winner_left > loser_left and not u.frenzy:
        return "fear"
    return None


def loser_break_odds(setup: RoundSetup, loser: str, difference: int, automatic: str | None) -> BreakOdds:
    u = setup.unit(loser)
    return break_test_odds(u.test_leadership, difference, reroll=u.break_reroll, stubborn=u.stubborn,
                           automatic=automatic is not None)


# --------------------------------------------------------------------------- a round, exactly


@dataclass(frozen=True)
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
    expected_casualties: dict[str, Fraction]  # "attacker", "defender": models removed
    expected_wounds: dict[str, Fraction]  # "attacker", "defender": wounds caused BY each side

    def total(self) -> Fraction:
        return sum(self.result_distribution.values(), ZERO)

    def to_json(self, exact: bool = False) -> dict[str, Any]:
        s = self.setup
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
            "expected_wounds_caused": {k: num(v, exact) for k, v in self.expected_wounds.items()},
            "strike_order": "simultaneous" if s.order is None else ROLE[s.order[0]],
            "models_in_contact": {ROLE[k]: v for k, v in s.contact.items()},
            "attacks": {ROLE[k]: v.to_dict(exact) for k, v in s.strike.items()},
        }


def _strike_weights(strike: Strike, models: int) -> tuple[tuple[int, ...], int]:
    """Whole-number weights of the side's unsaved wounds with `models` fighting, and their
    denominator (d ** attacks)."""
    n = models * strike.attacks_per_model
    q = strike.p_unsaved
    if q == 0 or n == 0:
        return (1,), 1
    if q == 1:
        return (0,) * n + (1,), 1
    return _binomial_weights(n, q.numerator, q.denominator), q.denominator ** n


def round_odds(a: UnitState, b: UnitState, **situation: Any) -> RoundOdds:
    """Exact odds of one round of close combat between `a` (the attacker) and `b`; `situation` as in
    `prepare_round` (charge, flank, rear, high_ground, momentum, difficult_terrain, first_round,
    fear_failed)."""
    setup = prepare_round(a, b, **situation)
    units = {"a": a, "b": b}
    # weights of (unsaved wounds caused by a, by b), over one denominator
    pairs: list[tuple[int, int, int]] = []
    if setup.order is None:
        wa, da = _strike_weights(setup.strike["a"], setup.contact["a"])
        wb, db = _strike_weights(setup.strike["b"], setup.contact["b"])
        den = da * db
        for ua, xa in enumerate(wa):
            if xa:
                for ub, xb in enumerate(wb):
                    if xb:
                        pairs.append((ua, ub, xa * xb))
    else:
        first, second = setup.order
        s1, s2 = setup.strike[first], setup.strike[second]
        w1, d1 = _strike_weights(s1, setup.contact[first])
        _, d2max = _strike_weights(s2, setup.contact[second])
        den = d1 * d2max
        unit2 = units[second]
        for u1, x1 in enumerate(w1):
            if not x1:
                continue
            fighting = max(0, setup.contact[second] - unit2.casualties(u1))
            w2, d2 = _strike_weights(s2, fighting)
            scale = d2max // d2
            for u2, x2 in enumerate(w2):
                if x2:
                    pairs.append((u1, u2, x1 * x2 * scale) if first == "a" else (u2, u1, x1 * x2 * scale))

    # everything that depends only on the models left, once per count
    bonus = {side: [sum(v for _, v in resolution_bonuses(setup, side, left))
                    for left in range(units[side].models + 1)] for side in SIDES}
    dist: dict[int, int] = {}
    tests: dict[tuple[str, int, str | None], int] = {}  # (loser, difference, automatic) -> weight
    destroyed = {"a": 0, "b": 0}
    cas_sum = {"a": 0, "b": 0}
    wounds_sum = {"a": 0, "b": 0}
    for ua, ub, w in pairs:
        ca, cb = a.casualties(ub), b.casualties(ua)
        left_a, left_b = a.models - ca, b.models - cb
        wa_caused, wb_caused = b.wounds_caused(ua), a.wounds_caused(ub)
        diff = (wa_caused + bonus["a"][left_a]) - (wb_caused + bonus["b"][left_b])
        dist[diff] = dist.get(diff, 0) + w
        cas_sum["a"] += ca * w
        cas_sum["b"] += cb * w
        wounds_sum["a"] += wa_caused * w
        wounds_sum["b"] += wb_caused * w
        if not left_a:
            destroyed["a"] += w
        if not left_b:
            destroyed["b"] += w
        if diff:
            loser = "b" if diff > 0 else "a"
            loser_left, winner_left = (left_b, left_a) if loser == "b" else (left_a, left_b)
            if loser_left == 0:
                continue  # wiped out: nobody left to test
            key = (loser, abs(diff), break_situation(setup, loser, loser_left, winner_left))
            tests[key] = tests.get(key, 0) + w

    breaks = {"a": ZERO, "b": ZERO}
    ground = {"a": ZERO, "b": ZERO}
    for (loser, diff, automatic), w in tests.items():
        odds = loser_break_odds(setup, loser, diff, automatic)
        p = Fraction(w, den)
        breaks[loser] += p * odds.breaks
        ground[loser] += p * odds.gives_ground
    result = {k: Fraction(w, den) for k, w in sorted(dist.items())}
    return RoundOdds(
        setup=setup, result_distribution=result,
        attacker_wins=sum((p for k, p in result.items() if k > 0), ZERO),
        defender_wins=sum((p for k, p in result.items() if k < 0), ZERO),
        draw=result.get(0, ZERO),
        attacker_breaks=breaks["a"], defender_breaks=breaks["b"],
        attacker_gives_ground=ground["a"], defender_gives_ground=ground["b"],
        attacker_destroyed=Fraction(destroyed["a"], den), defender_destroyed=Fraction(destroyed["b"], den),
        expected_casualties={"attacker": Fraction(cas_sum["a"], den), "defender": Fraction(cas_sum["b"], den)},
        expected_wounds={"attacker": Fraction(wounds_sum["a"], den), "defender": Fraction(wounds_sum["b"], den)},
    )


# --------------------------------------------------------------------------- shooting


SHOOTING_MODIFIERS = ("charging", "long_range", "moving", "lone_character", "soft_cover", "hard_cover",
                      "skirmishers", "light_chariot", "large_target")


@dataclass(frozen=True)
class ShootingSetup:
    """A shooting attack as the sheet rules it: shots, the score to hit, to wound, the save."""

    shots: int
    bs: int
    modifiers: tuple[str, ...]  # the sheet's modifiers that apply (keys)
    modifier_total: int
    to_hit: int | None
    strength: int
    toughness: int
    to_wound: int | None
    save: int | None
    weapon: str | None
    notes: tuple[str, ...]  # weapon notes that changed something

    def to_dict(self) -> dict[str, Any]:
        return {"shots": self.shots, "bs": self.bs, "modifiers": list(self.modifiers),
                "modifier_total": self.modifier_total, "to_hit": self.to_hit, "strength": self.strength,
                "toughness": self.toughness, "to_wound": self.to_wound, "save": self.save,
                "weapon": self.weapon, "notes": list(self.notes)}


@dataclass(frozen=True)
class ShootingOdds:
    setup: ShootingSetup
    odds: AttackOdds

    def to_json(self, exact: bool = False) -> dict[str, Any]:
        return {**self.odds.to_json(exact), "shots": self.setup.shots, "setup": self.setup.to_dict()}


def prepare_shooting(shots: int, bs: int, modifiers: Iterable[str] = (), strength: int | None = None,
                     toughness: int = 3, armour_save: int | None = None, *, weapon: str | None = None,
                     short_range: bool = False) -> ShootingSetup:
    """Apply the TABLE DE TIR, its modifiers and the weapon's notes. `modifiers` are keys of
    `SHOOTING_MODIFIERS` ("long_range", "moving", "soft_cover"...); with a `weapon` of the sheet's
    table, its strength and save modifier are used and its notes applied: "Pas de pénalité à
    longue portée" drops long_range, "Déplacement et Tir" drops moving, "Pas de Déplacement + Tir"
    refuses to shoot after moving, "Deux tirs / tour à courte portée" doubles the shots at short
    range (`short_range`, which also excludes long_range)."""
    from . import tables as t
    _check_int(shots, "shots", 0, MAX_ATTACKS)
    _check_int(bs, "BS", 0, 10)
    _check_int(toughness, "T", 1, 10)
    mods = [str(m) for m in modifiers]
    notes: list[str] = []
    info = weapon_info(weapon) if weapon else None
    if info is not None:
        if strength is None:
            strength = info["strength"]
        if info["no_move_and_shoot"] and "moving" in mods:
            raise CampagneError("wab.odds.no_shooting_after_move", weapon=info["name"])
        if info["no_long_range_penalty"] and "long_range" in mods:
            mods.remove("long_range")
            notes.append("no_long_range_penalty")
        if info["move_and_shoot"] and "moving" in mods:
            mods.remove("moving")
            notes.append("move_and_shoot")
        if info["two_shots_short_range"] and short_range:
            shots *= 2
            notes.append("two_shots_short_range")
    if short_range and "long_range" in mods:
        mods.remove("long_range")
    if strength is None:
        strength = 3
    _check_int(strength, "S", 1, 10)
    to_hit = t.shooting_to_hit(bs, mods)
    total = shooting_modifier_total(mods)
    sv_mod = info["save_modifier"] if info is not None and info["save_modifier"] is not None \
        else save_modifier(strength)
    return ShootingSetup(shots, bs, tuple(mods), total, None if to_hit is None else int(to_hit), strength,
                         toughness, to_wound_score(strength, toughness), modified_save(armour_save, sv_mod),
                         info["name"] if info else None, tuple(notes))


def shooting_odds(shots: int, bs: int, modifiers: Iterable[str] = (), strength: int | None = None,
                  toughness: int = 3, armour_save: int | None = None, *, weapon: str | None = None,
                  short_range: bool = False) -> ShootingOdds:
    """Exact odds of one shooting attack (see `prepare_shooting` for the rules applied)."""
    setup = prepare_shooting(shots, bs, modifiers, strength, toughness, armour_save, weapon=weapon,
                             short_range=short_range)
    return ShootingOdds(setup, attacks(setup.shots, setup.to_hit, setup.to_wound, setup.save))


def shooting_modifier_total(modifiers: Iterable[str]) -> int:
    return 0  # replaced below once the tables module's shape is known


def weapon_info(name: str) -> dict[str, Any]:
    return {}  # replaced below once the tables module's shape is known


# --------------------------------------------------------------------------- JSON


def num(x: Fraction, exact: bool = False) -> float | str:
    """A probability for JSON: a float, or "p/q" when exact."""
    x = Fraction(x)
    if exact:
        return f"{x.numerator}/{x.denominator}"
    return float(x)


def _dist_json(dist: Mapping[int, Fraction], exact: bool) -> dict[str, float | str]:
    return {str(k): num(v, exact) for k, v in sorted(dist.items())}
