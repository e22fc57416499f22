"""Values a person types (issue 22): `--set` read as strict JSON (no NaN, Infinity, 1e999, huge numbers, Python's
`False`), numbers in plain ASCII digits wherever they are typed (order words, game options, the parser's number
options), one sentence each and nothing written."""

from __future__ import annotations

from pathlib import Path

import pytest
from conformance.bad_input_kit import make_campaign, refused, run, snapshot

from campagne import session
from campagne.cli.output import parse_seed, parse_sets
from campagne.core.errors import CampagneError


@pytest.mark.parametrize("raw, code", [
    ("NaN", "cli.bad_number"), ("Infinity", "cli.bad_number"), ("-Infinity", "cli.bad_number"),
    ("1e999", "cli.bad_number"), ("1_0", "cli.bad_number"), ("\u0663", "cli.bad_number"), ("+5", "cli.bad_number"),
    ("nan", "cli.bad_number"), (str(10**30), "number.too_large"), ("9" * 5000, "number.too_large"),
    ("[1e999]", "cli.bad_number"), ('{"a": 2000000000}', "number.too_large"),
    ("[" * 100_000 + "]" * 100_000, "cli.too_deep"),
    ("False", "cli.bad_bool"), ("True", "cli.bad_bool"), ("TRUE", "cli.bad_bool"), (" false", "cli.bad_bool"),
])
def test_a_set_value_no_rule_can_take_is_refused(raw: str, code: str) -> None:
    with pytest.raises(CampagneError) as info:
        parse_sets([f"loot={raw}"])
    assert info.value.code == code
    assert "\n" not in info.value.message("en") and info.value.message("fr") != info.value.message("en")


def test_what_json_says_is_still_read() -> None:
    assert parse_sets(["a=true", "b=false", "c=5", "d=-3", "e=1.5", "f=[1,2]", 'g="x"', "h=text", "i=a,b",
                       "j=999999999", "k=null"], frozenset({"i"})) == {
        "a": True, "b": False, "c": 5, "d": -3, "e": 1.5, "f": [1, 2], "g": "x", "h": "text", "i": ["a", "b"],
        "j": 999999999, "k": None}


def test_a_seed_is_a_number_only_in_plain_digits() -> None:
    assert parse_seed("2026") == 2026 and parse_seed("-7") == -7
    assert parse_seed("1_0") == "1_0" and parse_seed("\u0663") == "\u0663" and parse_seed("\u00b2") == "\u00b2"
    assert parse_seed("9" * 200) == "9" * 200  # text: never a number Python refuses to print


def test_python_s_false_in_an_agreement_is_refused_with_true_or_false(tmp_path: Path) -> None:
    """`--set public=False` was read as the text "False", which made an Atlantis agreement public."""
    path = make_campaign("atlantis", tmp_path / "c.jsonl")
    before = snapshot(path, session.referee_file(path))
    ran = run("-c", path, "order", "alice", "agree", "bob", "--set", 'text="peace"', "--set", "public=False")
    refused(ran, before=before)
    assert "true or false" in ran.err


@pytest.mark.parametrize("args", [
    ["simulate", "atlantis", "--players", "2", "--turns", "1_0"],
    ["simulate", "atlantis", "--players", "\u0663"],
    ["simulate", "atlantis", "--players", "2", "--turns", str(10**30)],
    ["study", "atlantis", "--campaigns", "nan"],
])
def test_the_parser_s_number_options_read_plain_digits_only(args: list[str]) -> None:
    refused(run(*args))


def test_order_words_and_game_options_read_plain_digits_only(tmp_path: Path) -> None:
    path = make_campaign("gorges", tmp_path / "g.jsonl")
    before = snapshot(path, session.referee_file(path))
    for value in ("1_0", "\u0663", "\u00b2", str(10**30)):
        refused(run("-c", path, "order", "referee", "adjust", "relics", "alice", value, "why"), before=before)
        refused(run("-c", path, "battle-result", "1", "--auto", "--capture", value), before=before)
