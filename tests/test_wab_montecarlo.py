"""The WAB Monte Carlo fight simulator: exact samplers, agreement with the exact first-round odds of
odds.py (and with an exact computation written here), dice counting, options."""

from __future__ import annotations

import json
import math
from fractions import Fraction as F
from statistics import NormalDist

import numpy as np
import pytest

from campagne.core.errors import CampagneError
from campagne.core.stats import wilson
from campagne.games.wab import montecarlo as mc
from campagne.games.wab import montecarlo_samplers as samplers
from campagne.games.wab.montecarlo_results import Estimate
from campagne.games.wab import odds, psychology, unit_state


def unit(profile="4,3,3,3,3,1,3,1,7", models=20, files=5, **kw):
    return unit_state.UnitState.from_profile(profile, models, files, **kw)


def z_for(comparisons: int, level: float = 0.95) -> float:
    """Bonferroni: each of `comparisons` intervals at this z holds all together with `level`."""
    return NormalDist().inv_cdf(1 - (1 - level) / (2 * comparisons))


def binom(n: int, p: F) -> list[F]:
    return [math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]


# --------------------------------------------------------------------------- intervals


def test_wilson():
    low, high = wilson(50, 100)
    assert low < 0.5 < high and high - low == pytest.approx(0.1924, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert Estimate.of(0, 1000).contains(0.0)
    wide = Estimate.of(30, 100).widened(3.0)
    assert wide.low < Estimate.of(30, 100).low


# --------------------------------------------------------------------------- the samplers


def kernel_law(kernel):
    return {(u, d): p for u, d, p in kernel}


def test_attack_kernel():
    k = kernel_law(samplers.attack_kernel(1 / 2, 1 / 2, 1 / 3))
    assert k == pytest.approx({(0, 1): 1 / 2, (0, 2): 1 / 4, (0, 3): 1 / 12, (1, 3): 1 / 6})
    k = kernel_law(samplers.attack_kernel(1 / 2, 2 / 3, 0, save_roll=False))
    assert k == pytest.approx({(0, 1): 1 / 2, (0, 2): 1 / 6, (1, 2): 1 / 3})
    k = kernel_law(samplers.attack_kernel(1 / 3, 1 / 2, 1 / 2, reroll=True))
    assert sum(k.values()) == pytest.approx(1)
    assert k[(0, 2)] == pytest.approx(4 / 9 + 1 / 3 * 1 / 2)   # two misses, or a first-die hit not wounding
    assert k[(0, 3)] == pytest.approx(2 / 9 * 1 / 2 + 1 / 3 * 1 / 2 * 1 / 2)
    k = kernel_law(samplers.attack_kernel(1 / 2, 0, 0, wound_roll=False, save_roll=False))
    assert k == pytest.approx({(0, 1): 1.0})                    # hits that cannot wound roll no more dice


def sampler_law(s: samplers.StrikeSampler, n: int) -> dict[tuple[int, int], float]:
    """The law the alias tables encode for n attacks (read from the tables, nothing sampled)."""
    slots = 1 << s.k
    scale = float(1 << s.coin_bits)
    law: dict[tuple[int, int], float] = {}
    for j in range(slots):
        slot = n * slots + j
        p_own = min(float(s.threshold[slot]) / scale, 1.0)
        for code, p in ((s.codes[2 * slot], p_own), (s.codes[2 * slot + 1], 1 - p_own)):
            if p:
                key = (int(code) & 0xFFFF, int(code) >> 16)
                law[key] = law.get(key, 0.0) + p / slots
    return law


@pytest.mark.parametrize("p_hit, p_wound, p_save, reroll", [(1 / 2, 1 / 2, 1 / 3, False), (1 / 3, 2 / 3, 0.5, True),
                                                           (1 / 6, 5 / 6, 5 / 6, False)])
def test_alias_tables_hold_the_exact_joint_law(p_hit, p_wound, p_save, reroll):
    s = samplers.StrikeSampler(samplers.attack_kernel(p_hit, p_wound, p_save, reroll=reroll), 12)
    q = (p_hit + (1 - p_hit) * p_hit if reroll else p_hit) * p_wound * (1 - p_save)
    for n in (0, 1, 5, 12):
        law = sampler_law(s, n)
        assert sum(law.values()) == pytest.approx(1, abs=1e-12)
        unsaved = [sum(p for (u, _), p in law.items() if u == k) for k in range(n + 1)]
        assert unsaved == pytest.approx([float(x) for x in binom(n, F(q))], abs=1e-12)
        per_attack = sum(d * p for (_, d), p in kernel_law(s.kernel).items())
        assert sum(d * p for (_, d), p in law.items()) == pytest.approx(n * per_attack, abs=1e-9)


def test_samplers_draw_the_law():
    rng = np.random.default_rng(5)
    for method in ("alias", "binomial"):
        s = samplers.sampler(method, 0.5, 0.5, 1 / 3, False, True, True, 10)
        n = np.full(200_000, 10, dtype=np.intp)
        u, dice = s.draw(rng, n)
        q = F(1, 6)
        expected = binom(10, q)
        for k in range(4):
            est = Estimate.of(int((u == k).sum()), len(u), z_for(8))
            assert est.contains(float(expected[k])), (method, k)
        assert dice / len(u) == pytest.approx(10 * (1 + 0.5 + 0.25), rel=5e-3)


# --------------------------------------------------------------------------- first round = exact odds


SCENARIOS = {
    "charge_standard": (unit(standard=True), unit(), {"charge": "a"}),
    "simultaneous": (unit("4,3,3,3,3,1,3,1,7", 15, 5, save=5), unit("4,3,3,3,3,1,3,1,7", 20, 5), {}),
    "momentum_b": (unit("4,4,3,3,3,1,3,1,7", 12, 4, save=6), unit("4,3,3,3,4,1,3,1,8", 16, 4, save=6),
                   {"momentum": "b"}),
    "flank_charge": (unit("8,4,3,4,3,1,3,1,8", 6, 3, kind="cavalry", save=4), unit(models=20, files=5, save=6),
                     {"charge": "a", "flank": True}),
    "rear_high_ground": (unit(models=10, files=5), unit(models=20, files=5), {"charge": "a", "rear": True,
                                                                              "high_ground": "a"}),
    "multi_wound": (unit("5,5,3,4,4,2,4,2,8", 10, 5, save=4), unit("4,3,3,3,3,1,3,1,7", 20, 5, save=5, standard=True,
                                                                   wounded=0), {}),
    "fear_outnumbers": (unit("4,3,3,4,4,1,3,1,8", 20, 5, special_rules=["fear"]), unit(models=8, files=4, save=5),
                        {"charge": "a"}),
    "stubborn_general_standard": (unit("4,4,3,4,3,1,4,1,7", 20, 5, save=5),
                                  unit(models=15, files=5, save=4, special_rules=["stubborn"], general_ld=9,
                                       army_standard_near=True), {}),
    "hatred_fear_failed": (unit(special_rules=["hatred"], save=6), unit(models=16, files=4, save=5),
                           {"charge": "a", "fear_failed": ["b"]}),
    "small_unit_under_five": (unit("4,4,3,4,3,1,3,2,7", 12, 6), unit(models=6, files=6, start_models=10), {}),
}


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_first_round_agrees_with_round_odds(name):
    a, b, situation = SCENARIOS[name]
    exact = odds.round_odds(a, b, **situation)
    res = mc.simulate_fight(a, b, 120_000, seed=2024, **situation)
    z = z_for(len(mc.FIRST_ROUND) * len(SCENARIOS))     # every comparison of this file at once: 95 %
    for key in mc.FIRST_ROUND:
        value = float(getattr(exact, key))
        est = res.first_round[key].widened(z)
        assert est.contains(value), (name, key, value, est)


def test_headline_first_round_within_95_percent_intervals():
    """The plain 95 % Wilson interval of each first-round frequency holds the exact value."""
    a, b, situation = SCENARIOS["charge_standard"]
    exact = odds.round_odds(a, b, **situation)
    res = mc.simulate_fight(a, b, 400_000, seed=7, **situation)
    for key in mc.FIRST_ROUND:
        assert res.first_round[key].contains(float(getattr(exact, key))), key


def test_first_round_against_an_exact_computation_written_here():
    """Five against five, no saves, equal I, no charge: both strike at once with 5 attacks at 1/4.
    Close order cancels out, no rank bonus; any loser lost a model, so it is under five: broken."""
    a = unit("4,3,3,3,3,1,3,1,7", 5, 5)
    b = unit("4,3,3,3,3,1,3,1,7", 5, 5)
    law = binom(5, F(1, 4))
    a_wins = sum(law[i] * law[j] for i in range(6) for j in range(6) if i > j)
    draw = sum(law[i] ** 2 for i in range(6))
    b_destroyed = law[5]
    res = mc.simulate_fight(a, b, 200_000, seed=3)
    z = z_for(5)
    # a loser wiped out takes no test: P(b breaks) = P(Ua > Ub, Ua < 5)
    b_breaks = sum(law[i] * law[j] for i in range(5) for j in range(6) if i > j)
    checks = {"attacker_wins": a_wins, "defender_wins": a_wins, "draw": draw, "defender_breaks": b_breaks,
              "defender_destroyed": b_destroyed}
    for key, value in checks.items():
        assert res.first_round[key].widened(z).contains(float(value)), key


# --------------------------------------------------------------------------- whole fights


def test_outcomes_partition_the_fights_and_serialise():
    a, b, situation = SCENARIOS["charge_standard"]
    res = mc.simulate_fight(a, b, 50_000, seed=1, **situation)
    assert sum(e.count for e in res.outcomes.values()) == 50_000
    assert res.a_wins.count + res.b_wins.count + res.outcomes["both_destroyed"].count \
        + res.outcomes["unresolved"].count == 50_000
    assert sum(res.rounds.values()) == 50_000 and min(res.rounds) >= 1
    assert res.rounds_ci[0] <= res.mean_rounds <= res.rounds_ci[1]
    assert res.dice > 0 and res.dice_per_second > 0
    json.dumps(res.to_dict())


def test_same_seed_same_fights():
    a, b, situation = SCENARIOS["multi_wound"]
    r1 = mc.simulate_fight(a, b, 20_000, seed=9, **situation)
    r2 = mc.simulate_fight(a, b, 20_000, seed=9, **situation)
    assert r1.outcomes == r2.outcomes and r1.dice == r2.dice and r1.rounds == r2.rounds


@pytest.mark.parametrize("name", ["charge_standard", "multi_wound", "stubborn_general_standard", "momentum_b"])
def test_alias_and_binomial_methods_agree(name):
    a, b, situation = SCENARIOS[name]
    r1 = mc.simulate_fight(a, b, 60_000, seed=11, **situation)
    r2 = mc.simulate_fight(a, b, 60_000, seed=12, method="binomial", **situation)
    for key in ("a_wins", "b_wins"):
        e1, e2 = getattr(r1, key), getattr(r2, key)
        se = math.sqrt(e1.p * (1 - e1.p) / e1.n + e2.p * (1 - e2.p) / e2.n)
        assert abs(e1.p - e2.p) <= z_for(8) * se + 1e-9, (name, key)
    assert r1.mean_rounds == pytest.approx(r2.mean_rounds, rel=0.03)


def test_chunks_do_not_change_the_law():
    a, b, situation = SCENARIOS["charge_standard"]
    r1 = mc.simulate_fight(a, b, 60_000, seed=4, chunk=1_000, **situation)
    r2 = mc.simulate_fight(a, b, 60_000, seed=5, **situation)
    se = math.sqrt(2 * r1.a_wins.p * (1 - r1.a_wins.p) / 60_000)
    assert abs(r1.a_wins.p - r2.a_wins.p) < 4 * se


def test_one_round_only():
    a, b, situation = SCENARIOS["simultaneous"]
    res = mc.simulate_fight(a, b, 30_000, seed=2, max_rounds=1, **situation)
    assert res.rounds == {1: 30_000} and res.mean_rounds == 1
    exact = odds.round_odds(a, b, **situation)
    decided = float(exact.attacker_breaks + exact.defender_breaks)
    ended = 1 - res.outcomes["unresolved"].p
    assert abs(ended - decided) < 5 * math.sqrt(decided * (1 - decided) / 30_000) + float(
        exact.attacker_destroyed + exact.defender_destroyed)


def test_dice_counted_in_one_round():
    """Every die decided is counted: the attacks' hit, wound and save dice and the break tests'."""
    a = unit("4,3,3,3,3,1,3,1,7", 10, 5, save=5)
    b = unit("4,3,3,3,3,1,3,1,7", 10, 5, save=5)
    res = mc.simulate_fight(a, b, 100_000, seed=8, max_rounds=1)
    exact = odds.round_odds(a, b)
    # simultaneous: 5 attacks each, hit 4+, wound 4+, save 5+ (S3): 1 + 1/2 + 1/4 dice per attack
    attack_dice = 2 * 5 * (1 + 0.5 + 0.25)
    p_test = float(exact.attacker_wins + exact.defender_wins)  # nobody wiped out: the loser always tests
    expected = attack_dice + 2 * p_test
    assert res.dice / res.n_sims == pytest.approx(expected, rel=4e-3)


def test_stronger_units_win_more():
    base = mc.simulate_fight(unit(), unit(), 40_000, seed=1).a_wins.p
    strong = mc.simulate_fight(unit("4,4,3,4,3,1,3,1,8"), unit(), 40_000, seed=1).a_wins.p
    assert strong > base + 0.05


def test_stubborn_gives_ground_and_fights_on_or_ends():
    a, b, situation = SCENARIOS["stubborn_general_standard"]
    cont = mc.simulate_fight(a, b, 20_000, seed=1, **situation)
    assert cont.gave_ground["b"] > 0 and cont.outcomes["b_gives_ground"].count == 0
    end = mc.simulate_fight(a, b, 20_000, seed=1, give_ground="end", **situation)
    assert end.outcomes["b_gives_ground"].count > 0
    never = mc.simulate_fight(a, b, 20_000, seed=1, give_ground="never", **situation)
    assert never.first_round["defender_gives_ground"].count == 0


def test_pursuit_catches_as_often_as_2d6_beats_2d6():
    a, b, situation = SCENARIOS["charge_standard"]
    res = mc.simulate_fight(a, b, 100_000, seed=6, pursuit=True, **situation)
    fled = res.outcomes["b_breaks"].count
    p_tie = F(146, 1296)
    expected = float((1 + p_tie) / 2)          # P(pursuit 2D6 >= flee 2D6)
    assert Estimate.of(res.caught["b"].count, fled, z_for(2)).contains(expected)
    fast = unit("8,3,3,3,3,1,3,1,7", 10, 5, kind="cavalry", standard=True)
    res = mc.simulate_fight(fast, unit(), 50_000, seed=6, pursuit=True, charge="a")
    assert res.caught["b"].count / res.outcomes["b_breaks"].count > 0.8   # 3D6 against 2D6


def test_fear_tests_before_contact():
    feared = unit("4,3,3,4,4,1,3,1,8", 20, 5, special_rules=["fear"])
    small = unit(models=8, files=4, save=5)                         # Ld 7, outnumbered
    res = mc.simulate_fight(feared, small, 100_000, seed=10, charge="a", fear_tests=True)
    p_flee = float(1 - psychology.p_2d6_at_most(7))
    assert res.outcomes["b_flees_fear"].widened(z_for(2)).contains(p_flee)
    res = mc.simulate_fight(small, feared, 100_000, seed=10, charge="a", fear_tests=True)
    assert res.outcomes["a_no_charge"].widened(z_for(2)).contains(p_flee)
    assert res.a_wins.count + res.b_wins.count + res.outcomes["a_no_charge"].count + \
        res.outcomes["both_destroyed"].count + res.outcomes["unresolved"].count == 100_000


def test_options_are_checked():
    a, b = unit(), unit()
    for kw in ({"give_ground": "sometimes"}, {"method": "guess"}, {"max_rounds": 0}):
        with pytest.raises(CampagneError) as e:
            mc.simulate_fight(a, b, 10, **kw)
        assert e.value.code == "wab.mc.bad_option" and "Monte Carlo" in e.value.message("fr")
    with pytest.raises(CampagneError):
        mc.simulate_fight(a, b, 0)
    with pytest.raises(CampagneError):
        mc.simulate_fight(a, b, 10, flank=True, rear=True)
    with pytest.raises(CampagneError):
        mc.simulate_fight(a, b, 10, charge="c")


def test_the_fight_command_gives_sampled_odds_with_intervals_reproducibly():
    import json

    from typer.testing import CliRunner

    from campagne.cli.main import app
    args = ["odds", "wab", "fight", "--a-profile", "4,3,3,3,3,1,3,1,7", "--a-models", "20", "--a-save", "5",
            "--b-profile", "4,4,3,3,3,1,4,1,8", "--b-models", "16", "--b-files", "4", "--charge", "a",
            "--sims", "4000", "--seed", "7", "--json"]
    first = CliRunner().invoke(app, args)
    assert first.exit_code == 0, first.output
    data = json.loads(first.stdout)
    for key in ("a_wins", "b_wins"):
        low, high = data[key]["ci95"]
        assert 0 <= low <= data[key]["p"] <= high <= 1
    assert data["n_sims"] == 4000
    again = json.loads(CliRunner().invoke(app, args).stdout)
    for timing in ("seconds", "dice_per_second"):  # how long it took is not part of the result
        data.pop(timing, None)
        again.pop(timing, None)
    assert again == data  # same seed, same fights
    bad = CliRunner().invoke(app, args[:-5] + ["--sims", "0"])
    assert bad.exit_code == 2 and "--sims" in bad.output
