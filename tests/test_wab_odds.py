"""Exact WAB 2 odds (seed 002): `campagne.games.wab.odds` and `campagne odds wab ...`.

Hand-checked binomials, every distribution summing to exactly 1, monotonicity properties
(hypothesis), hand-computed rounds of close combat (casualties before the second blows, the break
test's special cases, the rank bonus after casualties), shooting with the weapons table, and the
exact JSON shapes of the command line.
"""

from __future__ import annotations

import json
from fractions import Fraction as F
from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from campagne.cli.main import app
from campagne.core.errors import CampagneError
from campagne.games.wab import attack_odds, odds, shooting_odds
from campagne.games.wab.cli_odds import odds_wab
from campagne.games.wab.unit_state import UnitState

RUNNER = CliRunner()
CLEAN_ENV = {"CAMPAGNE_JSON": None, "CAMPAGNE_LANG": None, "CAMPAGNE_CAMPAIGN": None}
ATTACK_KEYS = {"to_hit", "to_wound", "save", "unsaved_wounds", "mean"}
COMBAT_KEYS = {"result_distribution", "attacker_wins", "defender_wins", "draw", "attacker_breaks",
               "defender_breaks", "expected_casualties"}


def binomial_pmf(n: int, p: F) -> dict[int, F]:
    return {k: comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)}


def unit(profile: str = "4,3,3,3,3,1,3,1,7", models: int = 20, files: int | None = 5, **kw) -> UnitState:
    return UnitState.from_profile(profile, models, files, **kw)


# --------------------------------------------------------------------------- attacks


def test_ten_attacks_ws3_s3_t3_no_save_is_binomial_of_a_quarter():
    r = attack_odds.attacks_between(10, 3, 3, 3, 3, None)
    assert (r.to_hit, r.to_wound, r.save) == (4, 4, None)
    assert r.p_unsaved == F(1, 4)
    assert r.unsaved_wounds == binomial_pmf(10, F(1, 4))
    assert r.hits == binomial_pmf(10, F(1, 2))
    assert r.wounds == binomial_pmf(10, F(1, 4))
    assert r.mean == F(10, 4)
    assert r.unsaved_wounds[0] == F(3 ** 10, 4 ** 10)


def test_scores_given_directly_or_as_probabilities():
    assert attack_odds.attacks(6, 3, 5, 4).p_unsaved == F(4, 6) * F(2, 6) * F(3, 6)
    assert attack_odds.attacks(6, F(1, 3), F(1, 2), F(1, 2)).p_unsaved == F(1, 12)
    assert attack_odds.attacks(3, 4, None).unsaved_wounds == {0: 1}  # cannot wound
    assert attack_odds.attacks(0, 4, 4).unsaved_wounds == {0: 1}


def test_save_modified_by_strength():
    # "5+ save vs S4 -> 6+"; worse than 6+ is no save; never better than 2+
    assert attack_odds.attacks_between(1, 3, 3, 4, 3, 5).save == 6
    assert attack_odds.attacks_between(1, 3, 3, 4, 3, 6).save is None
    assert attack_odds.attacks_between(1, 3, 3, 5, 3, 4).save == 6
    assert attack_odds.attacks_between(1, 3, 3, 10, 3, 1).save is None
    assert attack_odds.attacks_between(1, 3, 3, 3, 3, 1).save == 2
    assert attack_odds.attacks_between(1, 3, 3, 3, 3, 1).p_save == F(5, 6)
    assert attack_odds.modified_save(4, attack_odds.save_modifier(6)) is None
    assert attack_odds.modified_save(3, attack_odds.save_modifier(6)) == 6


def test_to_wound_impossible_cells_and_to_hit_table():
    r = attack_odds.attacks_between(5, 3, 3, 1, 5, None)  # S1 cannot wound T5 ("-" on the sheet)
    assert r.to_wound is None and r.unsaved_wounds == {0: 1}
    assert attack_odds.attacks_between(1, 1, 10, 3, 3).to_hit == 6
    assert attack_odds.attacks_between(1, 10, 1, 3, 3).to_hit == 3
    assert attack_odds.attacks_between(1, 5, 3, 3, 3).to_hit == 3


def test_reroll_misses_and_sixes_and_scores_above_six():
    r = attack_odds.attacks_between(4, 3, 3, 3, 3, None, reroll_misses=True)
    assert r.p_hit == F(1, 2) + F(1, 2) * F(1, 2)
    assert attack_odds.attacks_between(4, 5, 3, 3, 3, None, sixes_to_hit=True).p_hit == F(1, 6)
    assert attack_odds.attacks(1, 7, 4).p_hit == F(1, 12)  # a 6, then 4+
    assert attack_odds.attacks(1, 8, 4).p_hit == F(1, 18)
    assert attack_odds.attacks(1, 9, 4).p_hit == F(1, 36)
    assert attack_odds.attacks(1, 10, 4).p_hit == 0 and attack_odds.attacks(1, 10, 4).to_hit is None
    assert attack_odds.attacks(1, 1, 4).p_hit == F(5, 6)  # a natural 1 always misses


def test_bad_numbers_are_refused():
    for bad in (dict(n_attacks=-1), dict(attacker_ws=11), dict(strength=0), dict(toughness=True)):
        args = dict(n_attacks=3, attacker_ws=3, defender_ws=3, strength=3, toughness=3) | bad
        with pytest.raises(CampagneError):
            attack_odds.attacks_between(**args)
    with pytest.raises(CampagneError):
        attack_odds.attacks(2, F(3, 2), 4)


scores = st.integers(1, 10)


@given(n=st.integers(0, 30), ws=scores, tws=scores, s=scores, t=scores,
       save=st.one_of(st.none(), st.integers(1, 6)), reroll=st.booleans())
def test_distributions_sum_to_one_exactly(n, ws, tws, s, t, save, reroll):
    r = attack_odds.attacks_between(n, ws, tws, s, t, save, reroll_misses=reroll)
    for dist in (r.hits, r.wounds, r.unsaved_wounds):
        assert sum(dist.values()) == 1
        assert all(p >= 0 for p in dist.values())
    assert attack_odds.mean(r.unsaved_wounds) == r.mean


@given(n=st.integers(1, 20), ws=scores, tws=scores, s=st.integers(1, 9), t=scores,
       save=st.one_of(st.none(), st.integers(1, 6)))
def test_more_strength_never_lowers_wound_odds(n, ws, tws, s, t, save):
    weak = attack_odds.attacks_between(n, ws, tws, s, t, save)
    strong = attack_odds.attacks_between(n, ws, tws, s + 1, t, save)
    assert strong.p_wound >= weak.p_wound
    assert strong.p_unsaved >= weak.p_unsaved  # the save also gets worse
    assert strong.mean >= weak.mean


def _at_least(dist: dict[int, F], k: int) -> F:
    return sum((p for v, p in dist.items() if v >= k), F(0))


@given(n=st.integers(1, 20), ws=scores, tws=scores, s=scores, t=scores, k=st.integers(1, 6))
def test_better_armour_never_raises_unsaved_wounds(n, ws, tws, s, t, k):
    worse = attack_odds.attacks_between(n, ws, tws, s, t, k + 1 if k < 6 else None)
    better = attack_odds.attacks_between(n, ws, tws, s, t, k)
    assert better.mean <= worse.mean
    for j in range(n + 1):  # stochastically smaller, not only on average
        assert _at_least(better.unsaved_wounds, j) <= _at_least(worse.unsaved_wounds, j)


@given(n=st.integers(0, 20), ws=scores, tws=scores, s=scores, t=scores,
       save=st.one_of(st.none(), st.integers(1, 6)))
def test_more_attacks_never_lowers_expected_wounds(n, ws, tws, s, t, save):
    more = attack_odds.attacks_between(n + 1, ws, tws, s, t, save)
    assert more.mean >= attack_odds.attacks_between(n, ws, tws, s, t, save).mean


# --------------------------------------------------------------------------- a round, by hand


def duel(**kw) -> dict:
    """Two WS3 S3 T3 units without save or bonus (open order, one wide: no rank), a charges."""
    a = unit("4,3,3,3,3,1,3,1,7", kw.pop("a_models", 1), 1, formation="open_order", name="a",
             **kw.pop("a", {}))
    b = unit("4,3,3,3,3,1,3,1,7", kw.pop("b_models", 1), 1, formation="open_order", name="b",
             **kw.pop("b", {}))
    return odds.round_odds(a, b, charge="a", **kw)


def test_round_one_against_one_the_slain_do_not_strike_back():
    r = duel()
    # a kills with 1/4 (b is wiped out before striking); else b kills with 1/4
    assert r.result_distribution == {-1: F(3, 16), 0: F(9, 16), 1: F(1, 4)}
    assert (r.attacker_wins, r.draw, r.defender_wins) == (F(1, 4), F(9, 16), F(3, 16))
    assert r.attacker_breaks == r.defender_breaks == 0  # wiped out: nobody left to test
    assert r.defender_destroyed == F(1, 4) and r.attacker_destroyed == F(3, 16)
    assert r.expected_casualties == {"attacker": F(3, 16), "defender": F(1, 4)}


def test_round_break_tests_ld_minus_difference():
    r = duel(a_models=6, b_models=6)
    fail = 1 - F(15, 36)  # Ld 7 - 1: 2D6 <= 6
    assert r.defender_breaks == F(1, 4) * fail
    assert r.attacker_breaks == F(3, 4) * F(1, 4) * fail
    assert sum(r.result_distribution.values()) == 1


def test_round_general_army_standard_hatred_stubborn():
    p6 = F(15, 36)
    r = duel(a_models=6, b_models=6, b={"general_ld": 9})  # Ld 9 - 1 = 8
    assert r.defender_breaks == F(1, 4) * (1 - F(26, 36))
    r = duel(a_models=6, b_models=6, b={"army_standard_near": True})  # re-roll of a failed test
    assert r.defender_breaks == F(1, 4) * (1 - p6) ** 2
    r = duel(a_models=6, b_models=6, b={"army_standard": True})  # carrying it: +1 too, so a draw at best
    assert r.defender_breaks == 0
    r = duel(a_models=6, b_models=6, b={"special_rules": ["hatred"]})  # HAINE: Ld 10 (modifiable) - 1
    assert r.defender_breaks == F(1, 4) * (1 - F(30, 36))
    r = duel(a_models=6, b_models=6, b={"special_rules": ["stubborn"]})  # fails Ld 7 - 1: gives ground
    assert r.defender_breaks == 0
    assert r.defender_gives_ground == F(1, 4) * (1 - p6)
    skirmishers = unit("4,3,3,3,3,1,3,1,7", 6, 1, formation="skirmishers", general_ld=10,
                       army_standard_near=True)
    # (six wide: one rank, no rank bonus; the sheet sets no minimum width, so a column of six has +2)
    r = odds.round_odds(unit("4,3,3,3,3,1,3,1,7", 6, 6, formation="open_order", contact=1), skirmishers,
                        charge="a")
    assert r.defender_breaks == F(1, 4) * (1 - p6)  # "sauf des tirailleurs"


def test_round_automatic_breaks_under_five_and_fear():
    r = duel(a_models=5, b_models=5)
    assert r.defender_breaks == F(1, 4)  # reduced to 4 models: broken automatically
    assert r.attacker_breaks == F(3, 16)
    r = duel(a_models=4, b_models=4)  # raised smaller than five: tests normally (Ld 7 - 1)
    assert r.defender_breaks == F(1, 4) * (1 - F(15, 36))
    r = duel(a_models=6, b_models=6, a={"special_rules": ["fear"]})
    assert r.defender_breaks == F(1, 4)  # beaten by a feared enemy that now outnumbers it
    r = duel(a_models=6, b_models=6, a={"special_rules": ["fear"]}, b={"special_rules": ["stubborn"]})
    assert r.defender_breaks == F(1, 4) * F(1, 2)  # stubborn: D6 1-3 broken / 4-6 holds
    r = duel(a_models=6, b_models=6, a={"special_rules": ["fear"]}, b={"special_rules": ["frenzy"]})
    # frenzy: not affected by fear, and +1 attack (b strikes twice if still in contact)
    assert r.defender_breaks == F(1, 4) * (1 - F(15, 36))


def test_round_simultaneous_on_equal_initiative_and_momentum_breaks_ties():
    a = unit(models=1, files=1, formation="skirmishers")
    b = unit(models=1, files=1, formation="skirmishers")
    r = odds.round_odds(a, b)
    assert r.setup.order is None
    assert r.result_distribution == {-1: F(3, 16), 0: F(9, 16) + F(1, 16), 1: F(3, 16)}
    assert odds.round_odds(a, b, momentum="b").setup.order == ("b", "a")
    fast = unit("4,3,3,3,3,1,4,1,7", 1, 1, formation="skirmishers")
    assert odds.round_odds(a, fast).setup.order == ("b", "a")
    assert odds.round_odds(a, fast, charge="a").setup.order == ("a", "b")


def test_combat_bonuses_counted_after_casualties():
    a = unit(models=10, files=5, standard=True)
    b = unit(models=10, files=5)
    setup = odds.prepare_round(a, b, charge="a", flank=True, high_ground="a", momentum="a")
    assert dict(odds.side_bonuses(setup, "a", 10)) == {"close_order": 1, "rank_bonus": 1, "standard": 1,
                                                       "momentum": 1, "high_ground": 1, "flank": 1}
    assert "rank_bonus" not in dict(odds.side_bonuses(setup, "a", 9))  # the second rank is no longer full
    assert odds.side_bonuses(setup, "b", 0) == []
    rear = odds.prepare_round(a, b, rear=True)
    assert dict(odds.side_bonuses(rear, "a", 10))["rear"] == 2
    cav = unit(models=10, files=5, kind="cavalry")
    mud = odds.prepare_round(cav, b, momentum="a", difficult_terrain=True)
    assert "momentum" not in dict(odds.side_bonuses(mud, "a", 10))


def test_models_in_contact_front_flank_rear():
    a = unit(models=20, files=5)
    b = unit(models=14, files=4)  # 4 ranks, the last of 2
    assert odds.models_in_contact(a, b) == {"a": 4, "b": 4}
    assert odds.models_in_contact(a, b, flank=True) == {"a": 4, "b": 4}
    assert odds.models_in_contact(a, b, rear=True) == {"a": 2, "b": 2}
    spears = unit(models=20, files=5, fighting_ranks=2)
    assert odds.models_in_contact(spears, a) == {"a": 10, "b": 5}
    assert odds.models_in_contact(unit(contact=3), a)["a"] == 3


def test_multi_wound_models_and_wounds_caused_cap():
    ogres = unit("6,3,3,4,4,3,2,3,8", 3, 3, formation="open_order")
    assert ogres.casualties(5) == 1 and ogres.casualties(9) == 3 and ogres.wounds_caused(20) == 9
    hurt = UnitState(ogres.unit, wounded=2)
    assert hurt.casualties(1) == 1 and hurt.total_wounds == 7


def round_cases():
    hop = dict(save=4, standard=True, musician=True, name="Hoplites")
    return [
        (unit(**hop), unit("4,4,3,3,3,1,4,1,8", 16, 4, save=5), dict(charge="a")),
        (unit(**hop), unit("8,4,3,3,3,1,4,1,8", 8, 4, save=4, kind="cavalry"), dict(charge="b", high_ground="a")),
        (unit("5,3,3,3,3,1,3,1,7", 20, 5, special_rules=["frenzy", "hatred"]),
         unit("4,3,3,3,3,1,3,1,7", 20, 5, save=5, special_rules=["stubborn"]), dict(flank=True)),
        (unit("6,3,3,4,4,3,2,3,8", 3, 3, formation="open_order", special_rules=["fear"]),
         unit("4,3,3,3,3,1,3,1,7", 8, 4, save=6), dict(charge="a")),
    ]


@pytest.mark.parametrize("a,b,situation", round_cases())
def test_round_odds_are_a_distribution(a, b, situation):
    r = odds.round_odds(a, b, **situation)
    assert sum(r.result_distribution.values()) == 1
    assert r.attacker_wins + r.draw + r.defender_wins == 1
    assert 0 <= r.defender_breaks + r.defender_gives_ground <= r.attacker_wins
    assert 0 <= r.attacker_breaks + r.attacker_gives_ground <= r.defender_wins
    assert 0 <= r.expected_casualties["defender"] <= b.models


@given(a_models=st.integers(1, 25), b_models=st.integers(1, 25), a_s=st.integers(1, 6),
       b_save=st.one_of(st.none(), st.integers(2, 6)), charge=st.sampled_from([None, "a", "b"]),
       flank=st.booleans(), rules=st.lists(st.sampled_from(["fear", "frenzy", "hatred", "stubborn"]), unique=True))
def test_round_probabilities_sum_to_one(a_models, b_models, a_s, b_save, charge, flank, rules):
    a = unit(f"4,3,3,{a_s},3,1,3,1,7", a_models, 5, special_rules=rules)
    b = unit("4,3,3,3,3,1,3,1,7", b_models, 4, save=b_save)
    r = odds.round_odds(a, b, charge=charge, flank=flank)
    assert sum(r.result_distribution.values()) == 1
    assert r.attacker_breaks + r.attacker_gives_ground + r.attacker_destroyed <= r.defender_wins + r.attacker_destroyed


@given(s=st.integers(1, 9))
def test_round_more_strength_never_lowers_the_chance_to_win(s):
    b = unit("4,3,3,3,4,1,3,1,7", 20, 5, save=5)
    weak = odds.round_odds(unit(f"4,3,3,{s},3,1,3,1,7"), b, charge="a")
    strong = odds.round_odds(unit(f"4,3,3,{s + 1},3,1,3,1,7"), b, charge="a")
    assert strong.expected_casualties["defender"] >= weak.expected_casualties["defender"]
    assert strong.attacker_wins >= weak.attacker_wins


def test_round_two_twenty_model_units_is_fast_enough_to_call_often():
    import time
    a, b = unit(save=5, standard=True), unit(save=5)
    odds.round_odds(a, b, charge="a")
    start = time.perf_counter()
    for _ in range(20):
        odds.round_odds(a, b, charge="a")
    assert (time.perf_counter() - start) / 20 < 0.05  # the benchmark's goal is 10 ms; this is a loose guard


def test_round_refusals():
    with pytest.raises(CampagneError):
        odds.round_odds(unit(), unit(), flank=True, rear=True)
    with pytest.raises(CampagneError):
        odds.round_odds(unit(), unit(), charge="c")
    with pytest.raises(CampagneError):
        unit("4,3,3,3,3,1,3,1")  # eight characteristics
    with pytest.raises(CampagneError):
        odds.round_odds(unit(), unit(models=0))


# --------------------------------------------------------------------------- shooting


def test_shooting_bs_table_modifiers_and_weapon_notes():
    r = shooting_odds.shooting_odds(10, 3, [], 3, 3, None)
    assert r.odds.p_unsaved == F(1, 2) * F(1, 2)
    r = shooting_odds.shooting_odds(10, 3, ["long_range", "soft_cover"], 3, 3, None)
    assert r.setup.to_hit == 6
    r = shooting_odds.shooting_odds(10, 1, ["long_range", "hard_cover"], 3, 3, None)
    assert r.setup.to_hit == 9 and r.odds.p_hit == F(1, 36)  # a 6, then a 6
    # no long-range penalty
    r = shooting_odds.shooting_odds(10, 4, ["moving"], toughness=3, weapon="javelin", distance=7)
    assert r.setup.to_hit == 4 and r.setup.strength == 3
    r = shooting_odds.shooting_odds(10, 3, toughness=3, armour_save=5, weapon="sling", distance=9)
    assert r.setup.shots == 20  # "Deux tirs / tour à courte portée"
    assert shooting_odds.shooting_odds(10, 3, toughness=3, weapon="sling", distance=10).setup.shots == 10
    with pytest.raises(CampagneError):
        shooting_odds.shooting_odds(10, 3, ["moving"], toughness=3, weapon="crossbow", distance=10)
    with pytest.raises(CampagneError):
        shooting_odds.shooting_odds(10, 3, toughness=3, weapon="bow", distance=30)


def test_shooting_weapon_strength_and_save_modifier_by_range():
    from campagne.games.wab import tables
    w = tables.weapon("crossbow")
    near = shooting_odds.shooting_odds(10, 3, toughness=3, armour_save=4, weapon=w, distance=w.half_range)
    far = shooting_odds.shooting_odds(10, 3, toughness=3, armour_save=4, weapon=w, distance=w.range)
    assert near.setup.strength == (w.short_strength or w.strength)
    assert near.setup.save == attack_odds.modified_save(4, w.short_save_modifier)
    assert far.setup.strength == w.strength
    assert far.setup.save == attack_odds.modified_save(4, w.save_modifier)
    assert ("long_range", -1) in far.setup.modifiers
    assert sum(far.odds.unsaved_wounds.values()) == 1


# --------------------------------------------------------------------------- command line


def cli(*args: object, code: int = 0, runner_app=app):
    result = RUNNER.invoke(runner_app, [str(a) for a in args], env=CLEAN_ENV)
    assert result.exit_code == code, (args, result.stdout, result.stderr, result.exception)
    return result


def test_cli_attacks_json_exact_shape():
    data = json.loads(cli("odds", "wab", "attacks", "--attacks", 10, "--ws", 3, "--target-ws", 3,
                          "--strength", 3, "--toughness", 3, "--json").stdout)
    assert set(data) == ATTACK_KEYS
    assert (data["to_hit"], data["to_wound"], data["save"]) == (4, 4, None)
    assert set(data["unsaved_wounds"]) == {str(k) for k in range(11)}
    for k, p in binomial_pmf(10, F(1, 4)).items():
        assert data["unsaved_wounds"][str(k)] == pytest.approx(float(p), abs=1e-15)
    assert data["mean"] == 2.5


def test_cli_attacks_armour_save_is_the_unmodified_save_and_exact_fractions():
    data = json.loads(cli("odds", "wab", "attacks", "--attacks", 4, "--ws", 4, "--target-ws", 3,
                          "--strength", 4, "--toughness", 3, "--armour-save", 5, "--json", "--exact").stdout)
    assert set(data) == ATTACK_KEYS
    assert (data["to_hit"], data["to_wound"], data["save"]) == (3, 3, 6)
    expected = attack_odds.attacks(4, 3, 3, 6)
    assert {k: F(v) for k, v in data["unsaved_wounds"].items()} == {str(k): p for k, p in expected.unsaved_wounds.items()}
    assert F(data["mean"]) == expected.mean
    impossible = json.loads(cli("odds", "wab", "attacks", "--attacks", 2, "--ws", 3, "--target-ws", 3,
                                "--strength", 1, "--toughness", 5, "--armour-save", 6, "--json").stdout)
    assert impossible["to_wound"] is None and impossible["save"] == 6
    assert impossible["unsaved_wounds"] == {"0": 1.0}


def test_cli_attacks_human_text_in_both_languages():
    fr = cli("odds", "wab", "attacks", "--attacks", 3, "--ws", 3, "--target-ws", 3, "--strength", 3,
             "--toughness", 3, "--lang", "fr").stdout
    en = cli("odds", "wab", "attacks", "--attacks", 3, "--ws", 3, "--target-ws", 3, "--strength", 3,
             "--toughness", 3, "--lang", "en").stdout
    assert "Pour toucher : 4+" in fr and "aucune" in fr
    assert "To hit: 4+" in en and "Mean: 0.750" in en


def test_cli_bad_input_is_one_sentence_and_status_2():
    r = cli("odds", "wab", "attacks", "--attacks", 3, "--ws", 11, "--target-ws", 3, "--strength", 3,
            "--toughness", 3, "--json", code=2)
    assert json.loads(r.stdout)["error"] == "wab.odds.bad_number"
    r = cli("odds", "wab", "combat", "--a-profile", "4,3,3,3,3,1,3,1,7", "--b-models", 5, code=2)
    assert "--a-models" in r.stderr
    r = cli("odds", "wab", "combat", "--a-profile", "4,3,3,3,3,1,3,1,7", "--a-models", 5, "--lang", "fr", code=2)
    assert "le défenseur" in r.stderr


COMBAT_ARGS = ["--a-models", 20, "--a-files", 5, "--a-profile", "4,3,3,3,3,1,3,1,7", "--a-save", 5,
               "--a-standard", "--a-musician", "--b-profile", "4,4,3,3,3,1,4,1,8", "--b-models", 16,
               "--b-files", 4, "--b-save", 4, "--charge", "a"]


def test_cli_combat_json_keys_and_values():
    data = json.loads(cli("odds", "wab", "combat", *COMBAT_ARGS, "--json").stdout)
    assert COMBAT_KEYS <= set(data)
    assert set(data["expected_casualties"]) == {"attacker", "defender"}
    exact = odds.round_odds(unit(save=5, standard=True, musician=True),
                            unit("4,4,3,3,3,1,4,1,8", 16, 4, save=4), charge="a")
    assert data["result_distribution"] == {str(k): float(v) for k, v in exact.result_distribution.items()}
    assert data["defender_breaks"] == float(exact.defender_breaks)
    assert data["attacker_wins"] + data["draw"] + data["defender_wins"] == pytest.approx(1)
    fractions = json.loads(cli("odds", "wab", "combat", *COMBAT_ARGS, "--json", "--exact").stdout)
    assert sum(F(v) for v in fractions["result_distribution"].values()) == 1
    assert F(fractions["attacker_breaks"]) == exact.attacker_breaks


def test_cli_combat_situation_options():
    data = json.loads(cli("odds", "wab", "combat", *COMBAT_ARGS, "--flank", "--high-ground", "a",
                          "--momentum", "a", "--b-rules", "stubborn", "--a-rules", "hatred", "--json").stdout)
    assert data["flank"] and data["high_ground"] == "attacker" and data["attacks"]["attacker"]["reroll_misses"]
    assert data["defender_breaks"] == 0 or data["defender_gives_ground"] > 0
    fear = json.loads(cli("odds", "wab", "combat", *COMBAT_ARGS[:-2], "--fear-failed", "a", "--json").stdout)
    assert fear["attacks"]["attacker"]["to_hit"] == 6


def test_cli_combat_from_army_lists(tmp_path):
    wab_list = tmp_path / "greeks.toml"
    wab_list.write_text('''
name = "Greeks"
[[units]]
id = "hoplites"
name = "Hoplites"
models = 24
files = 6
standard = true
special_rules = ["stubborn"]
profile = { M = 4, WS = 3, BS = 3, S = 3, T = 3, W = 1, I = 3, A = 1, Ld = 8, save = "4+" }
''', encoding="utf-8")
    data = json.loads(cli("odds", "wab", "combat", "--a-list", wab_list, "--a-unit", "hoplites",
                          "--b-list", "assyrian", "--b-unit", "guard_cavalry", "--charge", "b", "--json").stdout)
    assert COMBAT_KEYS <= set(data)
    assert data["models_in_contact"] == {"attacker": 5, "defender": 5}  # the cavalry's front of 5
    assert data["attacker_breaks"] == 0  # stubborn hoplites give ground instead
    r = cli("odds", "wab", "combat", "--a-list", wab_list, "--b-profile", "4,3,3,3,3,1,3,1,7",
            "--b-models", 10, "--json", code=2)
    assert "hoplites" in json.loads(r.stdout)["message"]


def test_cli_sub_app_runs_directly_and_shooting():
    r = cli("shooting", "--shooters", 10, "--bs", 3, "--toughness", 3, "--weapon", "bow", "--distance", 20,
            "--armour-save", 5, "--json", runner_app=odds_wab)
    data = json.loads(r.stdout)
    assert ATTACK_KEYS <= set(data)
    assert data["to_hit"] == 5 and data["setup"]["modifiers"] == [["long_range", -1]]
