"""Names people type: ids or printed names, and "did you mean ...?" for a mistyped one (core/names.py), as the
command line uses them."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from campagne.cli.main import app
from campagne.core.names import did_you_mean, nearest, normal, resolve

RUNNER = CliRunner()


def test_a_printed_name_resolves_to_its_id_whatever_the_case_accents_or_spaces():
    names = {"cap-boreal": "Cap Boréal", "mestoria": "Mestoria"}
    assert resolve("Cap Boréal", names) == "cap-boreal"
    assert resolve("cap boreal", names) == "cap-boreal"
    assert resolve("MESTORIA", names) == "mestoria"
    assert resolve("nowhere", names) is None


def test_an_ambiguous_name_resolves_to_nothing():
    assert resolve("ab", {"a-b": "X", "ab": "Y", "x": "A B"}) == "ab"  # an exact id first
    assert resolve("A-B", {"a-b": "X", "x": "A B"}) is None  # two different ids answer to it


def test_did_you_mean_names_the_nearest_in_both_languages():
    hint = did_you_mean("euamn", ["euamon", "mestor", "azues"])
    assert hint == {"en": " (did you mean euamon?)", "fr": " (vouliez-vous dire euamon ?)"}
    assert did_you_mean("zzzz", ["euamon"]) == {"en": "", "fr": ""}


@given(st.text(min_size=1, max_size=12))
def test_a_valid_name_is_its_own_nearest(word):
    if normal(word):
        assert nearest(word, [word, "something else"])[0] == word


def _run(tmp_path: Path, *args: str, code: int = 0):
    env = {"CAMPAGNE_CAMPAIGN": str(tmp_path / "c.jsonl"), "CAMPAGNE_JSON": None, "CAMPAGNE_LANG": None}
    r = RUNNER.invoke(app, list(args), env=env)
    assert r.exit_code == code, r.output
    return r


def test_the_command_line_takes_printed_names_and_suggests_the_nearest(tmp_path: Path):
    _run(tmp_path, "new", "atlantis", "--seed", "3", "--public-dice", "-p", "alice", "-p", "bob")
    r = _run(tmp_path, "order", "alice", "choose", "mestr", "mestoria", code=2)
    assert "did you mean mestor?" in r.output
    r = _run(tmp_path, "order", "alic", "hold", code=2)  # the unknown name before the wrong phase
    assert "Unknown player 'alic' (did you mean alice?)" in r.output
    r = _run(tmp_path, "--lang", "fr", "status", "--as", "alise", code=2)
    assert "vouliez-vous dire alice ?" in r.output
    r = _run(tmp_path, "order", "alice", "choose", "Mestor", "Mestoria")
    assert "alice takes the kingdom Mestor, army in Mestoria" in r.output  # printed by their names



def test_pick_reads_an_id_a_printed_name_or_an_id_without_its_number_when_it_names_one():
    from campagne.core.names import pick
    ids = ["wynandy.1", "people.1", "people.2", "mpa_infantry.1"]
    assert pick("wynandy", ids) == "wynandy.1"
    assert pick("people", ids) is None  # two counters answer to it
    assert pick("People 2", ids, {"people.2": ["People 2", "Peuple 2"]}) == "people.2"
    assert pick("peuple 2", ids, {"people.2": ["People 2", "Peuple 2"]}) == "people.2"
    assert pick("MPA-infantry", ids) == "mpa_infantry.1"
    assert pick("nobody", ids) is None and pick("", ids) is None


def test_natural_order_reads_numbers_as_numbers():
    from campagne.core.names import natural
    assert sorted(["M10", "M8", "B2", "soldiers.10", "soldiers.2"], key=natural) == \
        ["B2", "M8", "M10", "soldiers.2", "soldiers.10"]
