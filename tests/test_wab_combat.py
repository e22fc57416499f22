"""WAB 2 close combat and shooting RESOLVED with dice (seed 002): `campagne.games.wab.combat` and
`campagne.games.wab.shooting`.

Scripted dice give rounds checked by hand (every die, in the sheet's order, with its purpose); a
brute-force Monte Carlo of resolved rounds, with seeded `Dice`, agrees with the exact odds of
`odds.round_odds` within 99.9% intervals.
"""

from __future__ import annotations

import json
import math
from fractions import Fraction as F

import pytest

from campagne.core.dice import Dice, ScriptedDice
from campagne.games.wab import combat, odds, shooting, shooting_odds
from campagne.games.wab.unit_state import UnitState

Z = 3.29  # two-sided 99.9%


def unit(profile: str = "4,3,3,3,3,1,3,1,7", models: int = 20, files: int | None = 5, **kw) -> UnitState:
    return UnitState.from_profile(profile, models, files, **kw)


# --------------------------------------------------------------------------- scripted, by hand


def test_scripted_round_matches_hand_computation():
    a = unit(models=10, name="A", standard=True)
    b = unit(models=10, name="B", save=6)
    dice = ScriptedDice([
        4, 1, 6, 3, 5,  # A's 5 attacks to hit (4+): attacks 1, 3, 5 hit
        4, 2, 6,        # to wound (4+): attacks 1 and 5 wound
        6, 1,           # B saves (6+): attack 1 saved, attack 5 not -> 1 casualty
        2, 5, 5, 1,     # B strikes back with 5 - 1 = 4 models: 2 hits
        3, 6,           # 1 wound; A has no save -> 1 casualty
        3, 4,           # B lost by 1: 2D6 = 7 > Ld 7 - 1: broken
    ])
    t = combat.resolve_round(a, b, dice, charge="a")
    assert dice.remaining == []
    first, second = t.strikes
    assert (first.side, first.models_fighting, first.hits, first.wounds, first.unsaved) == ("a", 5, 3, 2, 1)
    assert [x.hit_dice for x in first.attacks] == [[4], [1], [6], [3], [5]]
    assert [x.save_die for x in first.attacks] == [6, None, None, None, 1]
    assert (second.side, second.models_fighting, second.hits, second.wounds, second.unsaved) == ("b", 4, 2, 1, 1)
    assert t.casualties == {"a": 1, "b": 1} and t.models_left == {"a": 9, "b": 9}
    # 9 models five wide: one full rank, no rank bonus left for either side
    assert t.bonuses == {"a": [("close_order", 1), ("standard", 1)], "b": [("close_order", 1)]}
    assert t.results == {"a": 3, "b": 2} and t.difference == 1 and t.winner == "a"
    assert t.break_test.outcome == "broken" and t.break_test.target == 6
    assert t.broken == {"a": False, "b": True}
    assert len(t.rolls) == 17 and all(r.expr == "D6" for r in t.rolls[:16]) and t.rolls[16].expr == "2D6"
    assert t.rolls[0].purpose == "WAB A (attacker) attack 1/5: to hit 4+"
    assert t.rolls[8].purpose == "WAB A (attacker) attack 1/5: save 6+"
    json.dumps(t.to_dict())  # the trace is plain data


def test_scripted_round_army_standard_reroll_and_draw():
    a = unit(models=10, name="A")
    b = unit(models=10, name="B", army_standard_near=True)
    dice = ScriptedDice([4, 1, 1, 1, 1, 4,  # one hit, one wound (B has no save)
                         1, 1, 1, 1,        # B's four remaining models miss
                         6, 6, 2, 2])       # B lost by 2 (its rank bonus lost): 12 fails, the re-roll 4 holds
    t = combat.resolve_round(a, b, dice, charge="a")
    assert t.results == {"a": 3, "b": 1} and t.difference == 2
    assert t.break_test.outcome == "holds" and t.break_test.target == 5
    assert [r.total for r in t.break_test.rolls] == [12, 4]
    dice = ScriptedDice([1] * 5 + [1] * 5)
    t = combat.resolve_round(a, b, dice, charge="a")
    assert t.difference == 0 and t.winner is None and t.break_test is None


def test_scripted_simultaneous_blows_both_sides_roll_before_casualties():
    a = unit(models=1, files=1, formation="open_order", name="A")
    b = unit(models=1, files=1, formation="open_order", name="B")
    t = combat.resolve_round(a, b, ScriptedDice([6, 6, 6, 6]))  # both hit and wound: both die
    assert t.setup.order is None and t.models_left == {"a": 0, "b": 0}
    assert t.difference == 0 and t.break_test is None


def test_roll_attacks_hatred_rerolls_after_the_first_dice_and_seven_plus():
    dice = ScriptedDice([3, 5, 2, 4, 1])  # first dice 3, 5, 2; re-rolls of the two misses 4, 1
    rolled = combat.roll_attacks(dice, 3, 4, None, None, reroll_misses=True)
    assert [x.hit for x in rolled] == [True, True, False]
    assert [x.hit_dice for x in rolled] == [[3, 4], [5], [2, 1]] and rolled[0].rerolled
    # needs 8: a 6 then 5+; as a table rolls them, the three first dice (6, 5, 6), then the second die of
    # each 6 (5: hits, 4: misses)
    dice = ScriptedDice([6, 5, 6, 5, 4])
    rolled = combat.roll_attacks(dice, 3, 8, None, None)
    assert [x.hit for x in rolled] == [True, False, False]
    assert [x.hit_dice for x in rolled] == [[6, 5], [5], [6, 4]]
    assert [r.purpose.endswith("6, then 5+") for r in dice.records] == [False] * 3 + [True] * 2
    assert combat.roll_attacks(ScriptedDice([]), 4, 10, 4, None) != []  # cannot hit: no die rolled


def test_scripted_hatred_round_and_frenzy_attacks():
    a = unit(models=5, files=5, name="A", special_rules=["hatred", "frenzy"])  # 2 attacks, re-rolls
    b = unit(models=10, files=5, name="B", save=6)
    t = combat.resolve_round(a, b, Dice.seeded("hatred"), charge="a")
    assert t.strikes[0].reroll_misses and len(t.strikes[0].attacks) == 10
    again = combat.resolve_round(a, b, Dice.seeded("hatred"), charge="a", round_number=2)
    assert not again.strikes[0].reroll_misses


def test_break_test_alone_records_its_dice():
    state = unit(models=12, name="A", general_ld=9)
    dice = ScriptedDice([3, 4])
    r = combat.break_test(state, 2, dice)
    assert r.outcome == "holds" and r.target == 7 and dice.records[0].expr == "2D6"
    r = combat.break_test(unit(models=10, special_rules=["stubborn"]), 1, ScriptedDice([6, 6]))
    assert r.outcome == "gives_ground"
    r = combat.break_test(unit(models=10), 1, ScriptedDice([]), models_left=4)
    assert r.outcome == "auto_broken"


def test_apply_round_gives_the_units_after_casualties():
    a, b = unit(models=10, name="A"), unit(models=10, name="B")
    t = combat.resolve_round(a, b, ScriptedDice([4] * 5 + [4] * 5 + [1] * 0 + [6, 6]), charge="a")
    after = combat.apply_round(t)
    assert after["b"].models == 5 and after["b"].start_models == 10 and after["a"].models == 10


def test_multi_wound_models_carry_wounds():
    ogres = unit("6,3,3,4,4,3,2,3,8", 3, 3, formation="open_order", name="Ogres")
    men = unit("4,3,3,3,3,1,3,2,7", 10, 5, name="Men")  # 3 in contact with the ogres' front, 2 A each
    t = combat.resolve_round(men, ogres, ScriptedDice([4] * 5 + [1] + [6] * 5 + [1] * 6 + [6, 6]), charge="a")
    assert t.strikes[0].unsaved == 5 and t.casualties["b"] == 1 and t.wounded_left["b"] == 2
    assert t.strikes[1].models_fighting == 2  # the slain ogre does not strike back
    assert t.difference == 7 and t.break_test.target == 1  # raised three strong: tests, not auto-broken
    assert t.break_test.outcome == "broken"


# --------------------------------------------------------------------------- shooting


def test_scripted_shooting():
    dice = ScriptedDice([5, 4, 6,  # BS3 at long range (5+): two hits
                         4, 1,     # S3 against T3 (4+): one wound
                         5])       # 5+ save: saved
    t = shooting.resolve_shooting(3, 3, dice, toughness=3, armour_save=5, weapon="bow", distance=20,
                                  target_models=10)
    assert (t.hits, t.wounds, t.unsaved, t.casualties) == (2, 1, 0, 0)
    assert t.setup.to_hit == 5 and len(t.rolls) == 6
    json.dumps(t.to_dict())


def test_shooting_monte_carlo_agrees_with_exact_odds():
    exact = shooting_odds.shooting_odds(6, 3, ["soft_cover"], toughness=3, armour_save=5, weapon="sling",
                                        distance=8)
    dice = Dice.seeded("shoot")
    n = 3000
    counts: dict[int, int] = {}
    for _ in range(n):
        u = shooting.resolve_shooting(6, 3, dice, ["soft_cover"], toughness=3, armour_save=5, weapon="sling",
                                      distance=8).unsaved
        counts[u] = counts.get(u, 0) + 1
    for k, p in exact.odds.unsaved_wounds.items():
        _within(counts.get(k, 0), n, p, f"{k} unsaved")


# --------------------------------------------------------------------------- Monte Carlo against exact


def _within(count: int, n: int, p: F, what: str) -> None:
    freq = count / n
    if p == 0:
        assert count == 0, what
        return
    half = Z * math.sqrt(float(p) * (1 - float(p)) / n) + 0.5 / n
    assert abs(freq - float(p)) <= half, (what, freq, float(p), half)


MC_CASES = [
    ("hoplites charge", unit(save=4, standard=True, musician=True, name="Hoplites"),
     unit("4,4,3,3,3,1,4,1,8", 16, 4, save=5, name="Thracians"), dict(charge="a")),
    ("frenzied hatred on a stubborn flank",
     unit("5,3,3,3,3,1,3,1,7", 12, 4, special_rules=["frenzy", "hatred"], name="Gauls"),
     unit("4,3,3,3,3,1,3,1,7", 10, 5, save=5, special_rules=["stubborn"], army_standard_near=True, name="Romans"),
     dict(flank=True, momentum="a")),
    ("feared ogres, equal initiative", unit("6,3,3,4,4,3,3,3,8", 4, 4, formation="open_order",
                                            special_rules=["fear"], name="Ogres"),
     unit("4,3,3,3,3,1,3,1,7", 8, 4, save=6, general_ld=9, name="Levy"), dict()),
]


@pytest.mark.parametrize("name,a,b,situation", MC_CASES, ids=[c[0] for c in MC_CASES])
def test_monte_carlo_rounds_agree_with_exact_odds(name, a, b, situation):
    exact = odds.round_odds(a, b, **situation)
    dice = Dice.seeded("wab-mc", name)
    n = 3000
    results: dict[int, int] = {}
    counts = {"aw": 0, "bw": 0, "draw": 0, "ab": 0, "bb": 0, "ag": 0, "bg": 0}
    lost = {"a": [], "b": []}
    for _ in range(n):
        t = combat.resolve_round(a, b, dice, **situation)
        results[t.difference] = results.get(t.difference, 0) + 1
        counts["draw" if t.winner is None else ("aw" if t.winner == "a" else "bw")] += 1
        counts["ab"] += t.broken["a"]
        counts["bb"] += t.broken["b"]
        counts["ag"] += t.gave_ground["a"]
        counts["bg"] += t.gave_ground["b"]
        lost["a"].append(t.casualties["a"])
        lost["b"].append(t.casualties["b"])
    assert set(results) <= set(exact.result_distribution)
    for k, p in exact.result_distribution.items():
        _within(results.get(k, 0), n, p, f"result {k}")
    _within(counts["aw"], n, exact.attacker_wins, "attacker wins")
    _within(counts["bw"], n, exact.defender_wins, "defender wins")
    _within(counts["draw"], n, exact.draw, "draw")
    _within(counts["ab"], n, exact.attacker_breaks, "attacker breaks")
    _within(counts["bb"], n, exact.defender_breaks, "defender breaks")
    _within(counts["ag"], n, exact.attacker_gives_ground, "attacker gives ground")
    _within(counts["bg"], n, exact.defender_gives_ground, "defender gives ground")
    for side, role in (("a", "attacker"), ("b", "defender")):
        xs = lost[side]
        mean = sum(xs) / n
        var = sum((x - mean) ** 2 for x in xs) / (n - 1)
        assert abs(mean - float(exact.expected_casualties[role])) <= Z * math.sqrt(var / n) + 1e-9, (side, mean)
