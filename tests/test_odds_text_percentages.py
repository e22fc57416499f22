"""Every `campagne odds` command's text says its chances as percentages written as the reader's language writes
them, never as exact fractions (issue 23: « exact fractions kept in --json and on hover, percentages in text »):
`40.3% (1120886388732197/2784689448946560)` was WAB's. Each odds command of campagne's games is run here in both
languages (with --exact too: it shapes --json only); a new odds command must add its example."""

from __future__ import annotations

import json
import re

import click
import pytest
from test_cli import RUNNER
from typer.main import get_command

from campagne.cli.main import app

FRACTION = re.compile(r"\b\d+/\d+\b")

EXAMPLES = {
    ("arc", "combat"): ["--attack", "6", "--defense", "3"],
    ("atlantis", "conquest"): ["--force", "14", "--bribe", "100", "--terrain", "forest", "--capital"],
    ("atlantis", "passage"): ["--bribe", "50", "--general-ld", "9"],
    ("atlantis", "battle"): ["--attacker-force", "15", "--defender-force", "12", "--exact"],
    ("atlantis", "supply"): ["--previous-unsupplied-turns", "1", "--spend", "50"],
    ("gorges", "save"): ["--adjacent", "--fortress-adjacent", "--defender-race", "empire"],
    ("skirmish", "attack"): ["--dice", "3", "--skill", "4", "--armour", "5", "--exact"],
    ("wab", "attacks"): ["--attacks", "10", "--ws", "3", "--target-ws", "3", "--strength", "4", "--toughness", "3",
                         "--armour-save", "5", "--exact"],
    ("wab", "shooting"): ["--shooters", "10", "--bs", "3", "--toughness", "3", "--exact"],
    ("wab", "combat"): ["--a-profile", "4,3,3,3,3,1,3,1,7", "--a-models", "20", "--a-save", "5", "--b-profile",
                        "4,4,3,3,3,1,4,1,8", "--b-models", "16", "--charge", "a", "--exact"],
    ("wab", "fight"): ["--a-list", "mycenaean", "--a-unit", "spearmen1", "--b-list", "egyptian", "--b-unit",
                       "menfat1", "--sims", "200"],
}
OURS = {"arc", "atlantis", "gorges", "skirmish", "wab"}


def _odds_commands() -> set[tuple[str, str]]:
    root = get_command(app)
    ctx = click.Context(root)
    odds = root.get_command(ctx, "odds")
    return {(g, c) for g in odds.list_commands(ctx) if g in OURS
            for c in odds.get_command(ctx, g).list_commands(ctx)}


def test_every_odds_command_of_campagnes_games_has_its_example_here() -> None:
    assert _odds_commands() == set(EXAMPLES)


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("command", sorted(EXAMPLES), ids=" ".join)
def test_the_odds_text_says_percentages_never_fractions(command: tuple[str, str], lang: str) -> None:
    result = RUNNER.invoke(app, ["odds", *command, *EXAMPLES[command], "--lang", lang])
    assert result.exit_code == 0, result.output
    assert "%" in result.stdout and not FRACTION.search(result.stdout), result.stdout
    if lang == "fr":
        assert re.search(r"\d,\d+\u00a0%", result.stdout), result.stdout  # « 40,3 % »
    else:
        assert re.search(r"\d\.\d+%", result.stdout), result.stdout


def test_the_exact_fractions_stay_in_json() -> None:
    data = json.loads(RUNNER.invoke(app, ["odds", "wab", "attacks", *EXAMPLES[("wab", "attacks")], "--json"]).stdout)
    assert any(FRACTION.fullmatch(str(v)) for v in json.dumps(data).split('"'))
    data = json.loads(RUNNER.invoke(app, ["odds", "skirmish", "attack", *EXAMPLES[("skirmish", "attack")],
                                          "--json"]).stdout)
    assert data["hp_lost"]["0"] == "8/27"


def test_a_fight_names_its_sides_by_their_units_names_in_the_readers_language() -> None:
    fight = ["odds", "wab", "fight", *EXAMPLES[("wab", "fight")]]
    fr = RUNNER.invoke(app, [*fight, "--lang", "fr"]).stdout
    assert re.search(r"^Vainqueur : Lanciers +\d", fr, re.M) and re.search(r"^Vainqueur : Lanciers menfat +\d", fr,
                                                                          re.M), fr
    en = RUNNER.invoke(app, [*fight, "--lang", "en"]).stdout
    assert re.search(r"^Winner: Spearmen +\d", en, re.M) and re.search(r"^Winner: Menfat spearmen +\d", en, re.M), en
    same = RUNNER.invoke(app, ["odds", "wab", "fight", "--a-list", "mycenaean", "--a-unit", "spearmen1", "--b-list",
                               "mycenaean", "--b-unit", "spearmen1", "--sims", "200", "--lang", "en"]).stdout
    assert "Winner: Spearmen (attacker)" in same and "Winner: Spearmen (defender)" in same, same
    assert not re.search(r"\b[AB] wins|Victoire de [AB]\b", fr + en)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_possible_chance_never_reads_as_nil_or_sure(lang: str) -> None:
    """10 attacks: 10 unsaved wounds is possible (about 2 in 10 million), so never « 0,00 % »; nor « 0,000 % »
    nor « 100 % » where the language's `chance` writes an exact chance near 0 or 1."""
    from fractions import Fraction

    from campagne.core.i18n import chance
    args = ["odds", "wab", "attacks", "--attacks", "10", "--ws", "3", "--target-ws", "4", "--strength", "3",
            "--toughness", "4", "--armour-save", "4"]
    data = json.loads(RUNNER.invoke(app, [*args, "--json"]).stdout)
    assert 0 < data["unsaved_wounds"]["10"] < 1e-4
    text = RUNNER.invoke(app, [*args, "--lang", lang]).stdout
    assert not re.search(r"(?<![\d<>])0[.,]00\s?%", text), text
    assert re.search(r"^ +10 +<0[.,]01\s?%$", text, re.M), text
    tiny, near = Fraction(1, 10**7), 1 - Fraction(1, 10**7)
    assert chance(tiny, lang) == ("<0,001\u00a0%" if lang == "fr" else "<0.001%")
    assert chance(near, lang) == (">99,999\u00a0%" if lang == "fr" else ">99.999%")
    assert chance(Fraction(1, 10**4), lang) == ("0,010\u00a0%" if lang == "fr" else "0.010%")
