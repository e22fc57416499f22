"""Exact odds of the Atlantis procedures: hand-checked cases, independent cross-checks, properties."""

from __future__ import annotations

import json
import math
import timeit
from collections import defaultdict
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from campagne.core.dice import Dice, parse
from campagne.core.errors import MESSAGES, CampagneError
from campagne.games.atlantis import odds
from campagne.games.atlantis.data import tables

OUTCOMES = ("taken_easily", "taken", "beaten", "crushed")
SUPPLY_KEYS = ("ld_desertion_halt", "ld_halt", "ld_desertion", "desertion", "none")

forces = st.integers(min_value=0, max_value=35)
bribes = st.integers(min_value=0, max_value=600)
terrain_names = st.sampled_from(["plain", "river", "forest", "mountain"])


# --------------------------------------------------------------------------- passage


@pytest.mark.parametrize("bribe, ld, no_general, expected", [
    (0, 8, False, F(1, 3)),    # D6 >= 5
    (0, 10, False, F(2, 3)),   # D6 + 2 >= 5
    (0, 9, False, F(1, 2)),
    (0, 7, False, F(1, 6)),    # D6 - 1 >= 5: only a 6
    (0, 5, False, F(1, 6)),
    (0, 8, True, F(0)),        # D6 - 2 never reaches 5
    (0, None, False, F(0)),    # no general, said the other way
    (150, 8, False, F(5, 6)),  # D6 + 3 >= 5 <=> D6 >= 2
    (149, 8, False, F(2, 3)),  # only whole 50s count: +2
    (200, 8, False, F(1)),     # D6 + 4 >= 5 always (7+ clamps to success)
    (100, 8, True, F(1, 3)),   # D6 + 2 - 2: as with no modifier
    (0, 11, False, F(2, 3)),   # Ld above 10 keeps the Ld 10 modifier
])
def test_passage_hand_checked(bribe, ld, no_general, expected):
    assert odds.passage(bribe, ld, no_general) == expected


# --------------------------------------------------------------------------- supply


def test_supply_first_unsupplied_turn_rolls_plain_d6():
    assert odds.supply() == {"ld_desertion_halt": F(1, 6), "ld_halt": F(1, 6), "ld_desertion": F(1, 6),
                             "desertion": F(2, 6), "none": F(1, 6)}


def test_supply_modifiers():
    # Two previous unsupplied turns: D6 - 2, so 1..3 all land on "1-".
    assert odds.supply(2) == {"ld_desertion_halt": F(1, 2), "ld_halt": F(1, 6), "ld_desertion": F(1, 6),
                              "desertion": F(1, 6), "none": F(0)}
    # 100 loot bargained: D6 + 2, so 3 -> ld_desertion, 4-5 -> desertion, 6+ -> none.
    assert odds.supply(0, 100) == {"ld_desertion_halt": F(0), "ld_halt": F(0), "ld_desertion": F(1, 6),
                                   "desertion": F(1, 3), "none": F(1, 2)}
    assert odds.supply(1, 50) == odds.supply(0, 0)
    assert odds.supply(9)["ld_desertion_halt"] == 1


@given(st.integers(0, 12), st.integers(0, 600))
def test_supply_is_a_distribution(turns, spend):
    effects = odds.supply(turns, spend)
    assert tuple(effects) == SUPPLY_KEYS
    assert sum(effects.values()) == 1
    assert all(p >= 0 for p in effects.values())


# --------------------------------------------------------------------------- battle simulation


def test_battle_symmetric_forces_are_even():
    b = odds.battle(10, 10)
    assert b.attacker_wins == b.defender_wins == F(1, 2)
    assert b.expected_points_lost_attacker == b.expected_points_lost_defender


def test_battle_hand_checked():
    # Forces 20 apart: the difference is at least 10 whatever the dice, so 0 and 400 points.
    b = odds.battle(30, 10)
    assert (b.attacker_wins, b.expected_points_lost_attacker, b.expected_points_lost_defender) == (1, 0, 400)
    # Indisposed general: -5 for the defender only.
    assert odds.battle(10, 15, general_indisposed=True) == odds.battle(10, 10)


def test_battle_ties_are_rerolled():
    # Attacker 1 stronger: he wins when his 2D6 minus the defender's is 0 or more, ties (-1) re-rolled.
    diff = parse("2D6-2D6").distribution()
    tie = diff[-1]
    wins = sum(p for d, p in diff.items() if d >= 0)
    assert odds.battle(11, 10).attacker_wins == wins / (1 - tie)
    # Losses by difference, as printed in TABLE DES PERTES (10+ clamps).
    b = odds.battle(0, 0)
    by_diff = {d: p / (1 - diff[0]) for d, p in diff.items() if d}
    table = {1: (35, 50), 2: (30, 100), 3: (25, 125), 4: (20, 150), 5: (15, 175), 6: (10, 200),
             7: (5, 225), 8: (0, 250), 9: (0, 300), 10: (0, 400)}
    expected = sum(p * (table[d][0] if d > 0 else table[-d][1]) for d, p in by_diff.items())
    assert b.expected_points_lost_attacker == expected


@given(forces, forces, st.booleans())
def test_battle_is_a_distribution(a, d, indisposed):
    b = odds.battle(a, d, indisposed)
    assert b.attacker_wins + b.defender_wins == 1
    assert 0 <= b.expected_points_lost_attacker <= 400 and 0 <= b.expected_points_lost_defender <= 400


# --------------------------------------------------------------------------- conquest: hand-checked


def test_conquest_certain_outcomes():
    sure = odds.conquest(40)
    assert sure.outcomes == {"taken_easily": 1, "taken": 0, "beaten": 0, "crushed": 0}
    assert (sure.expected_models_lost, sure.expected_loot_gained, sure.expected_rounds) == (0, 200, 1)
    hopeless = odds.conquest(0)
    assert hopeless.outcomes["crushed"] == 1
    assert (hopeless.expected_models_lost, hopeless.expected_loot_gained) == (7, 0)  # 2D6 models
    # On an enemy player's territory a crushing costs 1D6 models and 50 loot.
    player = odds.conquest(0, player_territory=True)
    assert (player.expected_models_lost, player.expected_loot_gained) == (F(7, 2), -50)


def test_conquest_single_round_by_hand():
    # Force 21 against 6+2D6 (8..18): the difference is 3..13. "3 à 4" (taken, 1D3 lost, 100 loot)
    # needs 2D6 = 11 or 12 (3/36); everything else is "5+" (200 loot).
    o = odds.conquest(21)
    assert o.outcomes == {"taken_easily": F(11, 12), "taken": F(1, 12), "beaten": 0, "crushed": 0}
    assert o.expected_models_lost == F(1, 12) * 2
    assert o.expected_loot_gained == F(11, 12) * 200 + F(1, 12) * 100
    assert o.expected_rounds == 1


def test_conquest_two_rounds_by_hand():
    # Force 6: difference 6 - (8..18) = -2..-12. Only 2D6 = 2 (1/36) gives -2: strongly indecisive,
    # 1D3 lost and -1 to the attack; the second round (difference -3..-13) can only end.
    # First round: beaten on -3/-4 (2D6 = 3, 4: 5/36). Second round: beaten on 2D6 = 2, 3 (3/36).
    o = odds.conquest(6)
    assert o.outcomes["beaten"] == F(5, 36) + F(1, 36) * F(3, 36)
    assert o.outcomes["crushed"] == 1 - o.outcomes["beaten"]
    assert o.expected_rounds == 1 + F(1, 36)
    first = F(5, 36) * F(7, 2) + F(30, 36) * 7 + F(1, 36) * 2
    second = F(3, 36) * F(7, 2) + F(33, 36) * 7
    assert o.expected_models_lost == first + F(1, 36) * second


def test_conquest_modifiers_shift_the_defender():
    base = odds.conquest(14)
    assert odds.conquest(15, terrain="forest") == base
    assert odds.conquest(16, terrain="mountain") == base
    assert odds.conquest(14, terrain="river") == base
    assert odds.conquest(18, capital=True, capital_unconquered=True, atlantis=True) == base
    assert odds.conquest(12, bribe=100) == base
    assert odds.conquest(12, bribe=149) == base  # only whole 50s count: +2
    # Fortresses count on a player's territory only (asked of an Atlantean one, they are refused).
    assert odds.conquest(16, player_territory=True, fortresses=2) == odds.conquest(14, player_territory=True)


def test_conquest_result_table_is_symmetric():
    # Both the result table and 6+2D6 (mean 13) are symmetric, so k and 26-k mirror each other.
    for k in range(0, 27):
        o, m = odds.conquest(k), odds.conquest(26 - k)
        assert o.outcomes["taken_easily"] == m.outcomes["crushed"]
        assert o.outcomes["taken"] == m.outcomes["beaten"]
        assert o.expected_rounds == m.expected_rounds


def test_indecisive_steps_agree_with_the_attack_table():
    attack = tables()["conquest_attack"]
    for name in ("conquest_result", "conquest_result_player"):
        for row in tables()[name].rows:
            if row.data["outcome"] == "again":
                assert row.data["attack"] == attack.modifier(row.key).value


# --------------------------------------------------------------------------- conquest: cross-checks


def _value_iteration(k: int, player: bool) -> dict[str, float]:
    """Independent float computation: push the probability mass round by round until it is gone.

    Reads the rows and the attack table's modifiers directly, with no code shared with odds.py.
    """
    result = tables()["conquest_result_player" if player else "conquest_result"]
    attack = tables()["conquest_attack"]
    defender = [(x, float(p)) for x, p in parse(tables()["conquest_defence"].dice).distribution().items()]
    mean = {r.key: float(parse(r.data["losses"]).mean()) if "losses" in r.data else 0.0 for r in result.rows}
    totals: dict[str, float] = defaultdict(float)
    mass = {0: 1.0}
    while sum(mass.values()) > 1e-16:
        totals["rounds"] += sum(mass.values())
        after: dict[int, float] = defaultdict(float)
        for m, pm in mass.items():
            for x, px in defender:
                row, p = result.lookup(k + m - x), pm * px
                totals["lost"] += p * mean[row.key]
                if row.data["outcome"] == "again":
                    after[m + attack.modifier(row.key).value] += p
                else:
                    totals[row.key] += p
                    totals["loot"] += p * row.data.get("loot", 0)
        mass = after
    return totals


@pytest.mark.parametrize("player", [False, True])
def test_conquest_agrees_with_value_iteration(player):
    for k in range(2, 25):
        exact = odds.conquest(k, player_territory=player)
        brute = _value_iteration(k, player)
        for key in OUTCOMES:
            assert float(exact.outcomes[key]) == pytest.approx(brute[key], abs=1e-12)
        assert float(exact.expected_models_lost) == pytest.approx(brute["lost"], abs=1e-12)
        assert float(exact.expected_loot_gained) == pytest.approx(brute["loot"], abs=1e-9)
        assert float(exact.expected_rounds) == pytest.approx(brute["rounds"], abs=1e-12)


def test_conquest_agrees_exactly_with_icepool():
    icepool = pytest.importorskip("icepool")
    result = tables()["conquest_result"]
    defender = 6 + 2 @ icepool.d6
    end = 1000  # absorbed states: end + index of the outcome

    for k in (9, 13, 15):
        def step(m, k=k):
            if m >= end:
                return m

            def after(roll):
                row = result.lookup(k + m - roll)
                if row.data["outcome"] == "again":
                    return m + row.data["attack"]
                return end + OUTCOMES.index(row.key)
            return defender.map(after)

        final = icepool.map(step, 0, repeat="inf")
        exact = odds.conquest(k)
        assert {OUTCOMES[o - end]: F(q, final.denominator()) for o, q in final.items()} == \
            {key: p for key, p in exact.outcomes.items() if p}
        assert icepool.mean_time_to_absorb(step, 0) == exact.expected_rounds


def _play_conquest(dice: Dice, k: int) -> tuple[str, int, int]:
    """One conquest rolled with the engine's dice, as the rules read: (outcome, models lost, loot)."""
    result = tables()["conquest_result"]
    m = lost = 0
    while True:
        row = result.lookup(k + m - dice.roll(tables()["conquest_defence"].dice, "defender"))
        if "losses" in row.data:
            lost += dice.roll(row.data["losses"], "losses")
        if row.data["outcome"] != "again":
            return row.key, lost, row.data.get("loot", 0)
        m += row.data["attack"]


def test_conquest_agrees_with_monte_carlo():
    z, runs = 3.29, 3000  # 99.9% two-sided
    for k in (11, 13):
        dice = Dice.seeded("odds-monte-carlo", k)
        plays = [_play_conquest(dice, k) for _ in range(runs)]
        exact = odds.conquest(k)
        for key in OUTCOMES:
            p = float(exact.outcomes[key])
            freq = sum(1 for o, _, _ in plays if o == key) / runs
            assert abs(freq - p) <= z * math.sqrt(p * (1 - p) / runs) + 1e-12, key
        losses = [lost for _, lost, _ in plays]
        mean = sum(losses) / runs
        sd = math.sqrt(sum((x - mean) ** 2 for x in losses) / (runs - 1))
        assert abs(mean - float(exact.expected_models_lost)) <= z * sd / math.sqrt(runs)


# --------------------------------------------------------------------------- conquest: properties


@settings(max_examples=150)
@given(forces, bribes, terrain_names, st.booleans(), st.booleans(), st.booleans(), st.booleans(),
       st.integers(0, 2))
def test_conquest_outcomes_sum_to_one(force, bribe, terrain, capital, unconquered, atlantis, player,
                                      forts):
    o = odds.conquest(force, bribe, terrain, capital, unconquered, atlantis, player, forts if player else 0)
    assert tuple(o.outcomes) == OUTCOMES
    assert sum(o.outcomes.values()) == 1
    assert all(0 <= p <= 1 for p in o.outcomes.values())
    assert o.expected_rounds >= 1 and o.expected_models_lost >= 0


@given(forces, bribes, terrain_names, st.booleans())
def test_more_force_or_bribe_never_hurts(force, bribe, terrain, player):
    o = odds.conquest(force, bribe, terrain, player_territory=player)
    assert odds.conquest(force + 1, bribe, terrain, player_territory=player).success >= o.success
    assert odds.conquest(force, bribe + 50, terrain, player_territory=player).success >= o.success


@given(forces, bribes, st.booleans())
def test_mountain_never_easier_than_plain(force, bribe, player):
    plain = odds.conquest(force, bribe, "plain", player_territory=player).success
    assert odds.conquest(force, bribe, "mountain", player_territory=player).success <= plain
    assert odds.conquest(force, bribe, "forest", player_territory=player).success <= plain


@given(forces, bribes, st.integers(0, 1))
def test_more_fortresses_never_easier(force, bribe, forts):
    fewer = odds.conquest(force, bribe, player_territory=True, fortresses=forts).success
    assert odds.conquest(force, bribe, player_territory=True, fortresses=forts + 1).success <= fewer


# --------------------------------------------------------------------------- refusals


@pytest.mark.parametrize("call, code", [
    (lambda: odds.conquest(10, terrain="swamp"), "odds.bad_terrain"),
    (lambda: odds.conquest(10, bribe=-50), "odds.bad_bribe"),
    (lambda: odds.conquest(10, fortresses=3), "odds.bad_fortresses"),
    (lambda: odds.conquest(10, fortresses=-1), "odds.bad_fortresses"),
    (lambda: odds.conquest(10, fortresses=1), "odds.fortresses_need_player"),
    (lambda: odds.conquest(10.5), "odds.bad_force"),
    (lambda: odds.passage(-1), "odds.bad_bribe"),
    (lambda: odds.passage(0, 0), "odds.bad_leadership"),
    (lambda: odds.supply(-1), "odds.bad_turns"),
    (lambda: odds.supply(0, -50), "odds.bad_bribe"),
    (lambda: odds.battle(10, "x"), "odds.bad_force"),
])
def test_refusals_are_bilingual(call, code):
    with pytest.raises(CampagneError) as info:
        call()
    err = info.value
    assert err.code == code and code in MESSAGES
    en, fr = err.message("en"), err.message("fr")
    assert en != fr and "{" not in en + fr


def test_forces_are_whole_numbers_from_0_to_99_and_leadership_from_1_to_11():
    # A strength below 0 needs an army left with nothing but its maluses; 99 is far beyond any 1500-point army;
    # Leadership 11 is a Leadership 10 general with a good omen.
    assert odds.conquest(0).outcomes["crushed"] == 1
    assert odds.battle(0, 2).attacker_wins < F(1, 2)
    assert odds.passage(0, 11) == odds.passage(0, 10)
    for call in (lambda: odds.conquest(-1), lambda: odds.battle(3, 100), lambda: odds.battle(-3, 2)):
        with pytest.raises(CampagneError) as info:
            call()
        assert info.value.code == "odds.bad_force"
    with pytest.raises(CampagneError) as info:
        odds.passage(0, 99)
    assert info.value.code == "odds.bad_leadership"


# --------------------------------------------------------------------------- JSON


def test_json_shapes():
    c = odds.to_json(odds.conquest(13, 50, "forest"))
    assert set(c) == {"outcomes", "expected_models_lost", "expected_loot_gained", "expected_rounds"}
    assert set(c["outcomes"]) == set(OUTCOMES)
    assert odds.to_json(odds.passage()) == {"success": 1 / 3}
    b = odds.to_json(odds.battle(10, 10))
    assert b == {"attacker_wins": 0.5, "defender_wins": 0.5,
                 "expected_points_lost": {"attacker": b["expected_points_lost"]["attacker"],
                                          "defender": b["expected_points_lost"]["defender"]}}
    assert odds.to_json(odds.supply()) == {"effects": {"ld_desertion_halt": 1 / 6, "ld_halt": 1 / 6,
                                                       "ld_desertion": 1 / 6, "desertion": 1 / 3,
                                                       "none": 1 / 6}}
    for value in (c, b):
        json.dumps(value)


def test_json_exact():
    assert odds.to_json(odds.passage(), exact=True) == {"success": "1/3"}
    assert odds.to_json(odds.passage(200), exact=True) == {"success": "1/1"}
    exact = odds.to_json(odds.conquest(13), exact=True)
    o = odds.conquest(13)
    assert F(exact["outcomes"]["taken"]) == o.outcomes["taken"]
    assert F(exact["expected_rounds"]) == o.expected_rounds
    assert odds.to_json(odds.supply(), exact=True)["effects"]["desertion"] == "1/3"


# --------------------------------------------------------------------------- speed


def test_conquest_answers_well_under_a_millisecond():
    odds.conquest(10, 100, "mountain", capital=True)  # builds the cached chain
    per_call = min(timeit.repeat(lambda: odds.conquest(10, 100, "mountain", capital=True),
                                 number=200, repeat=5)) / 200
    assert per_call < 1e-3
