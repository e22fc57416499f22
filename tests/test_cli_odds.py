"""`campagne odds atlantis ...` and `campagne atlantis strength`: the exact --json shapes of issue 3,
values checked against `campagne.games.atlantis.odds`, against hand-computed fractions and against an
independent exact model of each procedure written here from the seed's tables."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product

import pytest
from typer.testing import CliRunner

from campagne.cli.main import app
from campagne.games.atlantis import odds

RUNNER = CliRunner()
CLEAN_ENV = {"CAMPAGNE_JSON": None, "CAMPAGNE_LANG": None, "CAMPAGNE_CAMPAIGN": None}

CONQUEST_KEYS = {"outcomes", "expected_models_lost", "expected_loot_gained", "expected_rounds"}
OUTCOME_KEYS = {"taken_easily", "taken", "beaten", "crushed"}
SUPPLY_KEYS = {"ld_desertion_halt", "ld_halt", "ld_desertion", "desertion", "none"}


def cli(*args: object, code: int = 0):
    result = RUNNER.invoke(app, [str(a) for a in args], env=CLEAN_ENV)
    assert result.exit_code == code, (args, result.stdout, result.stderr, result.exception)
    return result


def cli_json(*args: object) -> dict:
    return json.loads(cli(*args, "--json").stdout)


def exact(*args: object) -> dict:
    """The --json --exact answer with every "p/q" string read back as a Fraction."""
    def back(x):
        if isinstance(x, dict):
            return {k: back(v) for k, v in x.items()}
        assert isinstance(x, str) and "/" in x, x
        return Fraction(x)
    return back(cli_json(*args, "--exact"))


# --------------------------------------------------------------------------- an independent model

DEFENCE = {6 + a + b: Fraction(0) for a, b in product(range(1, 7), repeat=2)}
for _a, _b in product(range(1, 7), repeat=2):
    DEFENCE[6 + _a + _b] += Fraction(1, 36)
MEAN = {"1D3": Fraction(2), "1D6": Fraction(7, 2), "2D6": Fraction(7)}


def _row(diff: int, player: bool) -> tuple[str, int | None, Fraction, int]:
    """(outcome key or "again", attack step, mean models lost, loot) of RESULTAT DE LA CONQUETE."""
    if diff >= 5:
        return "taken_easily", None, Fraction(0), 200
    if diff >= 3:
        return "taken", None, MEAN["1D3"], 100
    if diff >= 1:
        return "again", +1, MEAN["1D3"], 0
    if diff == 0:
        return "again", 0, MEAN["1D3"], 0
    if diff >= -2:
        return "again", -1, MEAN["1D3"], 0
    if diff >= -4:
        return "beaten", None, MEAN["1D6"], 0
    return ("crushed", None, MEAN["1D6"], -50) if player else ("crushed", None, MEAN["2D6"], 0)


def model_conquest(k: int, player: bool = False) -> dict:
    """Expected totals from net strength k, by plain Gaussian elimination over k in [-40, 60]."""
    states = list(range(-40, 61))
    index = {s: i for i, s in enumerate(states)}
    n, width = len(states), 7  # 4 outcomes, models, loot, rounds
    matrix = [[Fraction(0)] * n + [Fraction(0)] * width for _ in range(n)]
    for s in states:
        i = index[s]
        matrix[i][i] += 1
        for roll, p in DEFENCE.items():
            kind, step, lost, loot = _row(s - roll, player)
            matrix[i][n + 4] += p * lost
            matrix[i][n + 6] += p
            if kind == "again":
                assert s + step in index
                matrix[i][index[s + step]] -= p
            else:
                matrix[i][n + ("taken_easily", "taken", "beaten", "crushed").index(kind)] += p
                matrix[i][n + 5] += p * loot
    for col in range(n):  # Gauss-Jordan, exact
        pivot = next(r for r in range(col, n) if matrix[r][col] != 0)
        matrix[col], matrix[pivot] = matrix[pivot], matrix[col]
        lead = matrix[col][col]
        matrix[col] = [x / lead for x in matrix[col]]
        for r in range(n):
            if r != col and matrix[r][col] != 0:
                f = matrix[r][col]
                matrix[r] = [x - f * y for x, y in zip(matrix[r], matrix[col])]
    sol = matrix[index[k]][n:]
    return {"outcomes": dict(zip(("taken_easily", "taken", "beaten", "crushed"), sol[:4])),
            "expected_models_lost": sol[4], "expected_loot_gained": sol[5], "expected_rounds": sol[6]}


LOSSES = {1: (35, 50), 2: (30, 100), 3: (25, 125), 4: (20, 150), 5: (15, 175), 6: (10, 200), 7: (5, 225),
          8: (0, 250), 9: (0, 300)}  # TABLE DES PERTES; 10+: (0, 400)


def model_battle(fa: int, fd: int, indisposed: bool = False) -> dict:
    """Simulation des combats by enumerating the four dice; ties are re-rolled (conditioning)."""
    win = lost_a = lost_d = total = Fraction(0)
    for a1, a2, d1, d2 in product(range(1, 7), repeat=4):
        ta, td = fa + a1 + a2, fd + d1 + d2 - (5 if indisposed else 0)
        if ta == td:
            continue
        p = Fraction(1, 6 ** 4)
        total += p
        w, l = LOSSES.get(abs(ta - td), (0, 400))
        if ta > td:
            win += p
            lost_a, lost_d = lost_a + p * w, lost_d + p * l
        else:
            lost_a, lost_d = lost_a + p * l, lost_d + p * w
    return {"attacker_wins": win / total, "defender_wins": 1 - win / total,
            "expected_points_lost": {"attacker": lost_a / total, "defender": lost_d / total}}


# --------------------------------------------------------------------------- conquest


def test_conquest_json_has_exactly_the_issue_keys() -> None:
    data = cli_json("odds", "atlantis", "conquest", "--force", 14, "--bribe", 100, "--terrain", "forest",
                    "--capital", "--capital-unconquered")
    assert set(data) == CONQUEST_KEYS
    assert set(data["outcomes"]) == OUTCOME_KEYS
    assert all(isinstance(v, float) for v in data["outcomes"].values())
    assert sum(data["outcomes"].values()) == pytest.approx(1.0, abs=1e-12)
    assert all(isinstance(data[k], float) for k in CONQUEST_KEYS - {"outcomes"})


@pytest.mark.parametrize("args, kwargs", [
    ((14,), {}),
    ((14, "--bribe", 100, "--terrain", "forest", "--capital", "--capital-unconquered"),
     dict(bribe=100, terrain="forest", capital=True, capital_unconquered=True)),
    ((16, "--bribe", 149, "--terrain", "mountain", "--atlantis"),
     dict(bribe=149, terrain="mountain", atlantis=True)),
    ((12, "--terrain", "river", "--player-territory", "--fortresses", 2),
     dict(terrain="river", player_territory=True, fortresses=2)),
    ((9, "--player-territory", "--capital"), dict(player_territory=True, capital=True)),
    ((25,), {}),
    ((0, "--terrain", "plain"), {}),
])
def test_conquest_values_are_the_library_s_exactly(args: tuple, kwargs: dict) -> None:
    got = exact("odds", "atlantis", "conquest", "--force", *args)
    want = odds.conquest(args[0], **kwargs)
    assert got["outcomes"] == want.outcomes
    assert got["expected_models_lost"] == want.expected_models_lost
    assert got["expected_loot_gained"] == want.expected_loot_gained
    assert got["expected_rounds"] == want.expected_rounds
    assert sum(got["outcomes"].values()) == 1
    floats = cli_json("odds", "atlantis", "conquest", "--force", *args)
    assert floats["outcomes"] == {k: float(v) for k, v in want.outcomes.items()}


@pytest.mark.parametrize("force, flags, net, player", [
    (12, [], 12, False),
    (14, ["--bribe", 100, "--terrain", "forest", "--capital", "--capital-unconquered"], 14 + 2 - 1 - 1 - 1,
     False),
    (16, ["--terrain", "mountain", "--atlantis"], 16 - 2 - 2, False),
    (13, ["--bribe", 99], 14, False),  # 99 loot buys one step of 50, the rest nothing
    (12, ["--player-territory"], 12, True),
    (15, ["--player-territory", "--fortresses", 2, "--terrain", "forest"], 15 - 2 - 1, True),
    (8, [], 8, False),
    (20, ["--player-territory"], 20, True),
])
def test_conquest_matches_an_independent_model(force: int, flags: list, net: int, player: bool) -> None:
    got = exact("odds", "atlantis", "conquest", "--force", force, *flags)
    assert got == model_conquest(net, player)


def test_conquest_hand_computed_extremes() -> None:
    # Strength 30 beats 6+2D6 (at most 18) by 12: "taken easily" on the first round, 200 loot.
    sure = exact("odds", "atlantis", "conquest", "--force", 30)
    assert sure == {"outcomes": {"taken_easily": 1, "taken": 0, "beaten": 0, "crushed": 0},
                    "expected_models_lost": 0, "expected_loot_gained": 200, "expected_rounds": 1}
    # Strength 0 loses by at least 8: crushed at once, 2D6 models (7 on average), no loot.
    crushed = exact("odds", "atlantis", "conquest", "--force", 0)
    assert crushed == {"outcomes": {"taken_easily": 0, "taken": 0, "beaten": 0, "crushed": 1},
                       "expected_models_lost": 7, "expected_loot_gained": 0, "expected_rounds": 1}
    # Against a player's territory the crushing costs 1D6 models and 50 loot.
    crushed = exact("odds", "atlantis", "conquest", "--force", 0, "--player-territory")
    assert crushed["expected_models_lost"] == Fraction(7, 2)
    assert crushed["expected_loot_gained"] == -50
    # Strength 23 beats every defence by 5 or more: sure, whatever the dice.
    assert exact("odds", "atlantis", "conquest", "--force", 23)["outcomes"]["taken_easily"] == 1


def test_each_defence_flag_adds_its_own_row() -> None:
    base = exact("odds", "atlantis", "conquest", "--force", 13)
    both = exact("odds", "atlantis", "conquest", "--force", 15, "--capital", "--capital-unconquered")
    one = exact("odds", "atlantis", "conquest", "--force", 14, "--capital")
    assert both == base == one
    assert exact("odds", "atlantis", "conquest", "--force", 15, "--atlantis") == base
    assert exact("odds", "atlantis", "conquest", "--force", 13, "--terrain", "river") == base
    assert exact("odds", "atlantis", "conquest", "--force", 12, "--bribe", 50, "--terrain", "plain") == base


def test_conquest_success_grows_with_strength() -> None:
    previous = Fraction(-1)
    for force in range(0, 26):
        o = exact("odds", "atlantis", "conquest", "--force", force)["outcomes"]
        success = o["taken_easily"] + o["taken"]
        assert success >= previous
        previous = success
    assert previous == 1


def test_conquest_text_output_in_both_languages() -> None:
    en = cli("odds", "atlantis", "conquest", "--force", 14).stdout
    fr = cli("odds", "atlantis", "conquest", "--force", 14, "--lang", "fr").stdout
    assert "taken easily" in en and "Expected rounds" in en
    assert "pris facilement" in fr and "Manches en moyenne" in fr


# --------------------------------------------------------------------------- passage


def test_passage_json_keys_and_hand_computed_values() -> None:
    assert set(cli_json("odds", "atlantis", "passage")) == {"success"}
    # D6, 5-6 succeeds: a Ld 8 general without bribe has 1/3.
    assert exact("odds", "atlantis", "passage") == {"success": Fraction(1, 3)}
    assert exact("odds", "atlantis", "passage", "--general-ld", 8) == {"success": Fraction(1, 3)}
    assert cli_json("odds", "atlantis", "passage")["success"] == pytest.approx(1 / 3)
    cases = [
        (["--general-ld", 9], Fraction(1, 2)),
        (["--general-ld", 10], Fraction(2, 3)),
        (["--general-ld", 11], Fraction(2, 3)),  # above 10 keeps the Ld 10 row
        (["--general-ld", 7], Fraction(1, 6)),
        (["--general-ld", 5], Fraction(1, 6)),
        (["--no-general"], Fraction(0)),
        (["--no-general", "--bribe", 100], Fraction(1, 3)),
        (["--no-general", "--bribe", 50], Fraction(1, 6)),
        (["--bribe", 50], Fraction(1, 2)),
        (["--bribe", 49], Fraction(1, 3)),
        (["--bribe", 50, "--general-ld", 9], Fraction(2, 3)),
        (["--bribe", 100, "--general-ld", 10], Fraction(1)),
        (["--bribe", 1000, "--general-ld", 10], Fraction(1)),
    ]
    for flags, want in cases:
        assert exact("odds", "atlantis", "passage", *flags) == {"success": want}, flags
        ld = next((f for i, f in enumerate(flags) if i and flags[i - 1] == "--general-ld"), 8)
        bribe = next((f for i, f in enumerate(flags) if i and flags[i - 1] == "--bribe"), 0)
        assert odds.passage(bribe=bribe, general_ld=ld, no_general="--no-general" in flags) == want


def test_passage_general_options_are_exclusive() -> None:
    r = cli("odds", "atlantis", "passage", "--general-ld", 9, "--no-general", code=2)
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.output


def test_passage_general_ld_zero_is_refused() -> None:
    # Regression: odds_passage read `--general-ld 0` as Ld 8 (`general_ld or 8`).
    r = cli("odds", "atlantis", "passage", "--general-ld", 0, code=2)
    assert len(r.stderr.strip().splitlines()) == 1 and "Leadership" in r.stderr


# --------------------------------------------------------------------------- battle simulation


@pytest.mark.parametrize("a, d, indisposed", [(15, 12, False), (15, 12, True), (12, 12, False),
                                              (10, 14, True), (3, 30, False), (18, 9, False)])
def test_battle_json_keys_and_values(a: int, d: int, indisposed: bool) -> None:
    flags = ["--general-indisposed"] if indisposed else []
    data = cli_json("odds", "atlantis", "battle", "--attacker-force", a, "--defender-force", d, *flags)
    assert set(data) == {"attacker_wins", "defender_wins", "expected_points_lost"}
    assert set(data["expected_points_lost"]) == {"attacker", "defender"}
    got = exact("odds", "atlantis", "battle", "--attacker-force", a, "--defender-force", d, *flags)
    assert got == model_battle(a, d, indisposed)
    lib = odds.battle(a, d, general_indisposed=indisposed)
    assert got["attacker_wins"] == lib.attacker_wins
    assert got["expected_points_lost"] == {"attacker": lib.expected_points_lost_attacker,
                                           "defender": lib.expected_points_lost_defender}
    assert got["attacker_wins"] + got["defender_wins"] == 1


def test_battle_equal_forces_is_a_coin_toss() -> None:
    got = exact("odds", "atlantis", "battle", "--attacker-force", 12, "--defender-force", 12)
    assert got["attacker_wins"] == got["defender_wins"] == Fraction(1, 2)
    assert got["expected_points_lost"]["attacker"] == got["expected_points_lost"]["defender"]
    # The indisposed general (the defender's, "-5 Général est indisposé") favours the attacker.
    worse = exact("odds", "atlantis", "battle", "--attacker-force", 12, "--defender-force", 12,
                  "--general-indisposed")
    assert worse["attacker_wins"] > Fraction(1, 2)


# --------------------------------------------------------------------------- supply


def test_supply_json_keys_and_hand_computed_values() -> None:
    data = cli_json("odds", "atlantis", "supply")
    assert set(data) == {"effects"} and set(data["effects"]) == SUPPLY_KEYS
    sixth = Fraction(1, 6)
    # D6: 1- / 2 / 3 / 4-5 / 6+
    assert exact("odds", "atlantis", "supply")["effects"] == {
        "ld_desertion_halt": sixth, "ld_halt": sixth, "ld_desertion": sixth, "desertion": 2 * sixth,
        "none": sixth}
    # One previous turn without supply: -1.
    assert exact("odds", "atlantis", "supply", "--previous-unsupplied-turns", 1)["effects"] == {
        "ld_desertion_halt": 2 * sixth, "ld_halt": sixth, "ld_desertion": sixth, "desertion": 2 * sixth,
        "none": 0}
    # ... made good by 50 loot of bargaining.
    assert exact("odds", "atlantis", "supply", "--previous-unsupplied-turns", 1, "--spend", 50) == \
        exact("odds", "atlantis", "supply")
    assert exact("odds", "atlantis", "supply", "--spend", 250)["effects"]["none"] == 1
    starving = exact("odds", "atlantis", "supply", "--previous-unsupplied-turns", 9)["effects"]
    assert starving["ld_desertion_halt"] == 1
    for turns, spend in [(0, 0), (2, 50), (3, 120), (0, 100)]:
        got = exact("odds", "atlantis", "supply", "--previous-unsupplied-turns", turns,
                    "--spend", spend)["effects"]
        assert got == odds.supply(previous_unsupplied_turns=turns, spend=spend)
        assert sum(got.values()) == 1


# --------------------------------------------------------------------------- strength, bad input


def test_strength_of_the_seed_s_mycenaean_example() -> None:
    data = cli_json("atlantis", "strength", "mycenaean-1000")
    assert data["strength"] == 10
    assert data["initiative"] == 120
    text = cli("atlantis", "strength", "mycenaean-1000").stdout
    assert "10" in text and "120" in text


@pytest.mark.parametrize("args", [
    ["conquest", "--force", 12, "--terrain", "swamp"],
    ["conquest", "--force", 12, "--fortresses", 3],
    ["conquest", "--force", 12, "--fortresses", 1],  # without --player-territory: refused, not ignored
    ["conquest", "--force", 12, "--bribe", -50],
    ["supply", "--previous-unsupplied-turns", -1],
    ["supply", "--spend", -50],
    ["passage", "--general-ld", -2],
])
def test_bad_odds_questions_are_one_sentence_and_status_2(args: list) -> None:
    r = cli("odds", "atlantis", *args, code=2)
    lines = [line for line in r.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in r.output
    j = cli("odds", "atlantis", *args, "--json", code=2)
    err = json.loads(j.stdout)
    assert {"error", "message"} <= set(err) and err["message"]


BAD_VALUES = [
    (["odds", "atlantis", "passage", "--bribe", "abc"], "--bribe"),
    (["simulate", "atlantis", "--players", "0"], "--players"),
    (["odds", "atlantis", "conquest", "--force", "-3"], "-3"),
    (["odds", "atlantis", "passage", "--general-ld", "99"], "99"),
    (["odds", "wab", "attacks", "--attacks", "10", "--ws", "3", "--target-ws", "3", "--strength", "4",
      "--toughness", "3", "--armour-save", "0"], "0"),
    (["odds", "wab", "shooting", "--shooters", "10", "--bs", "3", "--weapon", "bow", "--distance", "nan",
      "--toughness", "3"], "nan"),
    (["status", "--bogus"], "--bogus"),
]


@pytest.mark.parametrize("argv, named", BAD_VALUES)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_bad_option_values_are_one_sentence_in_the_language_and_status_2(tmp_path, argv, named, lang):
    """Before, click printed its three-line usage text (in English), or the odds answered silently."""
    import os
    import subprocess
    import sys
    env = {k: v for k, v in os.environ.items() if not k.startswith("CAMPAGNE_")}
    r = subprocess.run([sys.executable, "-m", "campagne", "--lang", lang, *argv], cwd=tmp_path, env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2, (argv, r.stdout, r.stderr)
    lines = [x for x in r.stderr.splitlines() if x.strip()]
    assert len(lines) == 1 and named in lines[0] and "Usage" not in r.stderr and "Traceback" not in r.stderr
    assert r.stdout == ""
