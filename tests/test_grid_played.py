"""A campaign battle fought by its players on the grid (issue 23, part 6): `battle-result TERRITORY --auto
--resolver grid --players` sends it there; each player gives his own camp's orders (`campagne order PLAYER grid
ORDER WORDS...`), the computer plays an absent player's camp; once the grid battle is over its result goes back
into the campaign as the computers-only grid resolver's does, and the journal replays it bit for bit."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from atlantis_rules_kit import ref
from test_atlantis_rules_battles import fought
from test_grid_battle_cli import atlantis_battle, run

from campagne.storage import journal as jfile

from campagne.core.dice import RecordedDice
from campagne.core.errors import CampagneError
from campagne.games.atlantis.inputs import read_order
from campagne.games.atlantis.legal import legal_orders
from campagne.games.skirmish import played


def fight_it(game, limit: int = 2000) -> list[str]:
    """Each person the grid waits for gives his order as he would type it (`grid ORDER WORDS...`), chosen by the
    tactician from his own view; returns who gave each order."""
    b = game.state.battles[0]
    givers = []
    for _ in range(limit):
        if b.result is not None:
            return givers
        (who,) = game.state.battles[0] and played.waiting(b.fought)
        fields = played.stand_in(b.fought, who, "test")
        # typed as words, as the command line reads them (the grid's positional words, in its order)
        spec = played.ORDERS[fields["order"]]
        words = [str(fields[a.name]) for a in spec.args]
        game.push(read_order({"type": "grid", "player": who, "order": fields["order"], "words": words}, game.state))
        givers.append(who)
        b = game.state.battles[0]
    raise AssertionError("the grid battle did not end")


def test_two_players_fight_their_campaign_battle_on_the_grid_and_its_result_goes_back():
    game = fought()
    earlier, n = copy.deepcopy(game.state), len(game.entries)
    game.push(ref("auto-resolve", territory="mestoria", resolver="grid", players=True))
    b = game.state.battles[0]
    assert b.result is None and b.fought is not None and b.fought.people == ("a", "b")
    assert game.view(None)["awaiting"] and game.view(None)["awaiting"][0] in ("a", "b")
    # the referee cannot close the phase nor resolve the battle another way while it is fought
    with pytest.raises(CampagneError):
        game.push(ref("next"))
    with pytest.raises(CampagneError) as info:
        game.push(ref("auto-resolve", territory="mestoria"))
    assert info.value.code == "battle.on_the_grid"
    givers = fight_it(game)
    assert {"a", "b"} <= set(givers)
    result = game.state.battles[0].result
    assert result["resolver"] == "grid_players" and {result["winner"], result["loser"]} == {"a", "b"}
    assert sum(sum(result["killed"][p].values()) for p in ("a", "b")) > 0
    # every order of the battle is a line of the campaign's journal: replayed from its dice, the same campaign
    for entry in game.entries[n:]:
        assert game.ruleset.apply(earlier, dict(entry.command), RecordedDice(entry.rolls)) == list(entry.events)
    assert game.ruleset.view(earlier, None) == game.view(None)


def test_each_player_orders_only_his_own_camp_and_sees_the_odds_only_on_his_turn():
    game = fought()
    game.push(ref("auto-resolve", territory="mestoria", resolver="grid", players=True))
    fought_ = game.state.battles[0].fought
    (now,) = played.waiting(fought_)
    other = "b" if now == "a" else "a"
    assert legal_orders(game.state, other) == [] or all(lo.type != "grid" for lo in legal_orders(game.state, other))
    mine = [lo for lo in legal_orders(game.state, now) if lo.type == "grid"]
    assert mine and all(lo.fixed["unit"].startswith(f"{now}.") for lo in mine)
    theirs = next(u.id for u in fought_.grid.of(other))
    for player, unit in ((other, next(u.id for u in fought_.grid.of(other))), (now, theirs)):
        with pytest.raises(CampagneError):
            game.push({"type": "grid", "player": player, "order": "deploy", "unit": unit,
                       "cell": mine[0].fields[0].choices[0]})
    grid_of = {p: game.view(p)["battles"][0]["grid"] for p in ("a", "b")}
    assert grid_of[now]["viewer"] == now and grid_of[other]["viewer"] == other


def test_the_computer_stands_in_for_an_absent_player():
    game = fought()
    game.state.players["b"].controller = "absent"
    game.push(ref("auto-resolve", territory="mestoria", resolver="grid", players=True))
    assert game.state.battles[0].fought.people == ("a",)
    givers = fight_it(game)
    assert set(givers) == {"a"}  # b's camp was played by the computer, inside a's orders
    assert game.state.battles[0].result["fought_by"] == ["a"]


def test_the_battle_on_the_command_line_each_player_his_own_view(tmp_path: Path):
    path = atlantis_battle(tmp_path)
    out = run(path, "battle-result", "cap-boreal", "--auto", "--resolver", "grid", "--players").output
    assert "grid" in out
    status = run(path, "status", "--as", "a").output
    assert "Waiting for: a" in status and "Camp b" in status and "Your orders: grid deploy UNIT CELL" in status
    assert "Your orders" not in run(path, "status", "--as", "b").output  # his turn on the grid has not come
    listing = run(path, "order", "a", "--list").output
    line = next(x for x in listing.splitlines() if "grid deploy" in x)
    unit = line.split("grid deploy ")[1].split()[0]
    assert "(a's " in line, line  # the card typed by its id, named beside it by its player and army unit
    cell = next(x for x in listing.splitlines() if "cell:" in x).split("cell:")[1].split("|")[0].strip()
    # b may not play a's turn, nor a b's unit: one sentence each, nothing written
    from typer.testing import CliRunner

    from campagne.cli.main import app
    env = {"CAMPAGNE_CAMPAIGN": str(path), "CAMPAGNE_LANG": "en"}
    size = path.stat().st_size
    refused = CliRunner().invoke(app, ["order", "b", "grid", "deploy", unit.replace("a.", "b.", 1), cell], env=env)
    assert refused.exit_code == 2 and "Traceback" not in refused.output and path.stat().st_size == size
    out = run(path, "order", "a", "grid", "deploy", unit, cell).output
    line = next(x for x in out.splitlines() if "deploys" in x)
    assert "a deploys a's " in line and line.endswith(f" on {cell}") and unit not in line, line  # named, no id
    assert "grid" in run(path, "journal", "--as", "b").output


def test_a_gorges_battle_fought_by_its_players_then_the_absent_one_by_the_computer():
    from gorges_kit import game as gorges, to_battle

    from campagne.core.dice import Dice
    from campagne.games.gorges.adjust import read_order as gorges_read
    from campagne.games.gorges.legal import legal_orders as gorges_legal
    from campagne.games.gorges.rules import GorgesRules
    rules = GorgesRules()
    for absent in (None, "P2"):
        s = gorges()
        if absent:
            s.players[absent].controller = "absent"
        b = to_battle(s)
        dice = Dice.seeded("grid-played", 1)
        rules.apply(s, {"type": "auto-resolve", "player": "referee", "battle": b.id, "resolver": "grid",
                        "players": True}, dice)
        assert b.fought.people == tuple(p for p in ("P1", "P2") if p != absent)
        givers = set()
        for _ in range(2000):
            if b.result is not None:
                break
            (who,) = rules.awaiting(s)
            assert any(lo.type == "grid" for lo in gorges_legal(s, who))
            fields = played.stand_in(b.fought, who, "test")
            words = [str(fields[a.name]) for a in played.ORDERS[fields["order"]].args]
            events = rules.apply(s, gorges_read({"type": "grid", "player": who, "order": fields["order"],
                                                 "words": words}), dice)
            givers.add(who)
        assert b.result is not None and b.result["how"] == "grid" and s.owners.get(b.territory) == b.result["winner"]
        assert givers == set(b.fought.people)
        from campagne.cli.output import Out
        from campagne.games.gorges.text import event_text
        said = [event_text(e, Out.make("en", False)) for e in events if e["type"] == "auto_resolve"]
        assert said == [f"Battle #{b.id} fought on the grid by its players: {b.result['winner']} wins"]


def test_on_the_command_line_to_its_end_the_absent_camp_played_by_the_computer(tmp_path: Path):
    """One person against an absent player: he types his first order, `play --stand-in` fights the rest of his
    battle for him, the computer plays the absent camp; the result is in the campaign and the journal replays."""
    path = tmp_path / "c.jsonl"
    run(path, "new", "atlantis", "-p", "a", "-p", "b:absent", "--seed", "3", "--public-dice")
    run(path, "order", "a", "choose", "elaspissus", "elasippe")  # b's army stands next door, in golfe-orichalque
    for _ in range(4):
        run(path, "next", "--referee")
    run(path, "order", "a", "move", "golfe-orichalque")
    run(path, "next", "--referee")
    for strategy in ("frontal", "rapid"):  # the first is a No Battle against the absent player's outflanking
        run(path, "order", "a", "strategy", strategy)
    run(path, "battle-result", "golfe-orichalque", "--auto", "--resolver", "grid", "--players", "--referee")
    assert "Waiting for: a" in run(path, "status").output
    run(path, "order", "a", "grid", "deploy", "a.hero1.1", "C2")
    out = run(path, "play", "--stand-in", "a").output
    assert "grid battle fought by the players" in out
    entries = jfile.read(path).entries
    grid = [e for e in entries if e["command"]["type"] == "grid"]
    assert {e["command"]["player"] for e in grid} == {"a"}  # b's camp: the computer's, inside a's orders
    assert grid[0]["command"] == {"type": "grid", "player": "a", "order": "deploy", "unit": "a.hero1.1",
                                  "cell": "C2"}  # journaled as named fields
    assert "replays identically" in run(path, "journal", "--referee").output
    assert "Battles" in run(path, "status", "--as", "a").output and "Waiting for" not in run(path, "status").output
