"""Exact odds of a round of WAB 2 close combat (seed 002), as `Fraction`s: nothing is sampled. The odds of
n attacks are in `attack_odds.py`, the units entering the round in `unit_state.py`, shooting in
`shooting_odds.py`.

- `round_odds(a, b, ...)`: one whole round of close combat between two units (`UnitState`, a
  `profiles.Unit` with the facts of the battle around it): who strikes first, the casualties of the
  first strikes removed before the second strikes, the combat resolution and the loser's break
  test. Gives the distribution of the combat result (a's total minus b's), P(win / draw / lose),
  P(each side breaks) and the expected casualties.

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

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...core.errors import CampagneError
from .attack_odds import (MAX_ATTACKS, ROLE, SIDES, ZERO, Distribution, binomial_weights, check_int, d6_chance,
                          dist_json, hit_chance, modified_save, num, save_chance, save_modifier, to_hit_score,
                          to_wound_score, what_label, with_reroll)
from .unit_state import UnitState


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
    raise CampagneError("wab.odds.bad_side", what=what_label(what), value=value)


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
    check_int(round_number, "round", 1, 10_000)
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
            "result_distribution": dist_json(self.result_distribution, exact),
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
    return binomial_weights(n, q.numerator, q.denominator), q.denominator ** n


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
