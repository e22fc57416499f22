"""What `campagne battle` tells the referee: the campaign's battle-result command ready to paste at the end,
the dice and the target of every test rolled, and what to do after `battle new` (issue 10)."""

from __future__ import annotations

import shlex

import pytest
from test_wab_tracker import fact, game, push, to_phase

from campagne.games.wab.tracker_views import atlantis_result, campaign_command_line


def fled_and_killed(context=None):
    """A battle where the archers panicked off the table and the general of side b died."""
    g = game()
    if context:
        g.state.context.update(context)
    to_phase(g, "movement", "b", turn=1)
    fact(g, "charge", unit="b:warriors", target="a:archers", facing="flank", distance=6)
    push(g, type="roll", faces=[6, 6, 1, 1], general=False)  # panics, flees 2"
    fact(g, "left_table", unit="a:archers")
    fact(g, "general_killed", side="b")
    push(g, type="end", winner="a")
    return g


def parse_atlantis(line: str) -> tuple[str, dict]:
    words = shlex.split(line)
    assert words[:2] == ["campagne", "battle-result"]
    territory, rest = words[2], words[3:]
    out: dict = {"killed": {}, "fled": {}, "characters": [], "vp": {}}
    for flag, value in zip(rest[::2], rest[1::2]):
        if flag == "--winner":
            out["winner"] = value
        elif flag in ("--killed", "--fled"):
            who, _, n = value.partition("=")
            player, _, unit = who.partition(":")
            out[flag[2:]].setdefault(player, {})[unit] = int(n)
        elif flag == "--character":
            player, unit, how = value.split(":")
            out["characters"].append({"player": player, "unit": unit, "how": how})
        else:
            assert flag == "--vp"
            player, _, n = value.partition("=")
            out["vp"][player] = int(n)
    return territory, out


def test_the_end_gives_the_atlantis_command_with_every_unit_killed_and_fled():
    g = fled_and_killed({"territory": "mestoria"})
    territory, parsed = parse_atlantis(campaign_command_line(g.state))
    payload = atlantis_result(g.state)
    assert territory == "mestoria"
    assert parsed["fled"] == {p: f for p, f in payload["fled"].items() if f}
    assert parsed["fled"]["alice"]["archers"] > 0  # the unit that fled the table is there
    assert parsed["killed"] == {p: k for p, k in payload["killed"].items() if k}
    assert parsed["characters"] == payload["characters"] and parsed["characters"]
    assert parsed["vp"] == payload["vp"] and parsed["winner"] == payload["winner"] == "alice"
    # the territory given at the end wins; none known: a word to replace
    assert parse_atlantis(campaign_command_line(g.state, "gadeira"))[0] == "gadeira"
    assert parse_atlantis(campaign_command_line(fled_and_killed().state))[0] == "TERRITORY"


def test_a_gorges_battle_ends_with_the_gorges_form():
    g = fled_and_killed({"campaign": "gorges", "battle": 3, "armies": {"a": "G", "b": "L1"}})
    assert campaign_command_line(g.state) == "campagne battle-result 3 --winner alice --hero-killed bob:L1"


@pytest.fixture
def cli(monkeypatch, tmp_path):
    from typer.testing import CliRunner

    from campagne.cli.main import app
    runner = CliRunner()
    path = str(tmp_path / "battle.jsonl")

    def run(*args):
        result = runner.invoke(app, [*args, "-c", path], env={"CAMPAGNE_JSON": None, "CAMPAGNE_LANG": None,
                                                               "CAMPAGNE_CAMPAIGN": None})
        assert result.exit_code == 0, result.output
        return result.stdout
    run.path = path
    return run


def test_the_command_line_says_what_comes_next_shows_the_dice_and_prints_the_command(cli):
    text = cli("battle", "new", "--a", "mercenaires-atlantes", "--b", "mercenaires-sauvages", "--player-a",
               "alice", "--player-b", "bob", "--territory", "mestoria")
    assert "Next:" in text and f"campagne battle next -c {cli.path}" in text and "battle fact join" in text
    for _ in range(3):  # to side b's movement (the empty phases pass by themselves)
        cli("battle", "next")
    cli("battle", "fact", "charge", "b:warriors", "a:archers", "--set", "facing=flank", "--set", "distance=6")
    text = cli("battle", "roll", "--faces", "1,2", "--lang", "fr", "--set", "general=false")
    assert "2D6 (1+2) = 3, il faut" in text and "ou moins" in text
    text = cli("battle", "end", "--winner", "a")
    assert "For the campaign, ready to paste:" in text
    line = text.strip().splitlines()[-1].strip()
    assert line.startswith("campagne battle-result mestoria --winner alice")
    assert shlex.split(line)  # pastes as it is
    # asked again, `battle end` and `battle result` print the same line (end used to refuse: the battle is over)
    for again in (cli("battle", "end"), cli("battle", "result"), cli("battle", "result", "--lang", "fr")):
        assert again.strip().splitlines()[-1].strip() == line
    assert "gagne la bataille avec" in cli("battle", "result", "--lang", "fr")


def test_a_battles_journal_is_read_and_checked_by_the_journal_command_in_words(cli):
    """The tracker keeps a journal anyone can replay and check: `campagne journal` reads a battle's too (it
    refused it as 'not a campaign'), each order titled in French beside the word typed."""
    cli("battle", "new", "--a", "mercenaires-atlantes", "--b", "mercenaires-sauvages")
    for _ in range(3):  # to side b's movement
        cli("battle", "next")
    cli("battle", "fact", "charge", "b:warriors", "a:archers", "--set", "facing=flank", "--set", "distance=6")
    fr = cli("journal", "--lang", "fr")
    assert fr.startswith("#0 mise en place") and "Journal vérifié" in fr
    assert "fact — Signaler ce qui s'est passé sur la table" in fr and "next — Phase suivante" in fr
    assert "Journal verified" in cli("journal")
