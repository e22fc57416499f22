"""`campagne odds arc combat`: exact odds of one combat on the d12 table (the game's own tool)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from campagne.cli.main import app, odds_app
from campagne.core.errors import CampagneError
from campagne.games.arc.cli import register
from campagne.games.arc.data import crt, ratio
from campagne.games.arc.odds import combat_odds

if not any(getattr(g, "name", None) == "arc" for g in odds_app.registered_groups):
    register(app, odds_app)
runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def test_json_keys_are_exactly_the_issue_s():
    r = run("odds", "arc", "combat", "--attack", "16", "--defense", "4", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert set(data) == {"ratio", "by_roll", "outcomes"} and data["ratio"] == "4-1"
    assert data["by_roll"]["1"] == "D3" and data["by_roll"]["12"] == "A1" and len(data["by_roll"]) == 12
    assert sum(Fraction(v) for v in data["outcomes"].values()) == 1


def test_beyond_8_to_1_is_automatic():
    r = run("odds", "arc", "combat", "--attack", "90", "--defense", "10", "--json")
    assert json.loads(r.output) == {"ratio": "9-1", "automatic": "D5"}


def test_below_1_to_4_is_refused_in_one_sentence():
    r = run("odds", "arc", "combat", "--attack", "1", "--defense", "5", "--lang", "fr")
    assert r.exit_code == 2 and "1-4" in r.output and len(r.output.strip().splitlines()) == 1


def test_text_output_names_every_roll():
    r = run("odds", "arc", "combat", "--attack", "15", "--defense", "4")
    assert r.exit_code == 0 and "3-1" in r.output and "12: A2" in r.output


@given(st.integers(1, 300), st.integers(1, 120))
def test_odds_are_the_table_column_and_sum_to_one(attack, defence):
    text, col = ratio(attack, defence)
    try:
        r = combat_odds(attack, defence)
    except CampagneError:
        assert col == -1 and defence > 4 * attack
        return
    if col is None:
        assert attack >= 9 * defence and r == {"ratio": text, "automatic": "D5"}
        return
    assert [r["by_roll"][str(k)] for k in range(1, 13)] == [row[col] for row in crt()["rows"]]
    assert sum(r["outcomes"].values()) == 1
    # rounded in the defender's favour: the column never overstates the attacker
    k = int(text.split("-")[0]) if text.endswith("-1") else None
    if k is not None:
        assert k * defence <= attack < (k + 1) * defence
    else:
        m = int(text.split("-")[1])
        assert (m - 1) * attack < defence <= m * attack


@pytest.mark.parametrize("bad", [(0, 4), (4, 0)])
def test_strengths_must_be_positive(bad):
    with pytest.raises(CampagneError):
        combat_odds(*bad)


def test_a_shift_names_the_column_used():
    """« consulter la table de résolution des combat qui reprend en colonnes les rapports de force, avec aux
    extrêmes les rapports de 1-4 et de 8-1 »: with a shift the rolls are read in another column, named."""
    r = run("odds", "arc", "combat", "--attack", "16", "--defense", "4", "--shift", "1", "--json")
    data = json.loads(r.output)
    assert data["ratio"] == "4-1" and data["column"] == "5-1" and data["shift"] == 1
    assert data["by_roll"]["12"] == "B6"  # the 5-1 column's last row
    top = json.loads(run("odds", "arc", "combat", "--attack", "70", "--defense", "10", "--shift", "3",
                         "--json").output)
    assert top["column"] == "8-1" and top["shift"] == 1  # 7-1 shifted +3 stops at the table's end
    text = run("odds", "arc", "combat", "--attack", "16", "--defense", "4", "--shift", "-2", "--lang", "en").output
    assert "Ratio 4-1, shift -2: column 2-1" in text
