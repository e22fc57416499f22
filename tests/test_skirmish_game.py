"""Whole grid battles over the one interface: two 10-unit rosters and three camps fought to the end by the
computer players and replayed identically; the generic random player; the legal orders' contract along
battles; the packaged data; the command line (new, status, order --list, map, journal, undo, play, odds,
simulate, study)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from campagne.cli.main import app
from campagne.core.game import Game
from campagne.core.interface import described, load
from campagne.core.legal import accepts
from campagne.core.players import play_out
from campagne.games.skirmish import data
from campagne.games.skirmish.grid import packaged
from campagne.games.skirmish.setup import build_setup
from campagne.games.skirmish.simulate import battle
from campagne.registry import game as registered

SKIRMISH = registered("skirmish")
RUNNER = CliRunner()
CLEAN_ENV = {"CAMPAGNE_JSON": None, "CAMPAGNE_LANG": None, "CAMPAGNE_CAMPAIGN": None}


def replays(game: Game) -> None:
    rules = SKIRMISH.load("ruleset")()
    again = Game.replay(rules, game.setup, game.seed, [e.command for e in game.entries])
    assert again.view(None) == game.view(None)
    verified = Game.verify(rules, game.setup, game.seed, [e.to_dict() for e in game.entries],
                           opening=game.opening.to_dict())
    assert verified.view(None) == game.view(None)


@pytest.mark.parametrize("seed", [1, 2])
def test_two_ten_unit_rosters_fight_to_the_end_and_replay_identically(seed):
    game = battle(seed, 2, "greedy", "hills")
    out = SKIRMISH.load("outcome")(game.state)
    assert out.ended and set(out.scores) == {"alice", "bob"}
    assert len(game.state.of("alice")) == len(game.state.of("bob")) == 10
    replays(game)


def test_a_three_camp_battle_fights_to_the_end_and_replays_identically():
    game = battle(5, 3, "mixed", "mountain")
    assert game.state.ended and len(game.state.camps) == 3
    assert {e.command["player"] for e in game.entries} == {"alice", "bob", "carol"}
    replays(game)


def test_the_generic_random_player_and_every_computer_finish_a_battle_over_views_only():
    setup = build_setup([{"id": "a", "roster": "patrol"}, {"id": "b", "roster": "village"}], {"battlefield": "river"})
    for name, path in {"generic": "campagne.core.players:random_player", **SKIRMISH.computers}.items():
        chosen = load(path)
        seen = []

        def watching(view, legal, rng, chosen=chosen, seen=seen):
            assert isinstance(view, dict) and view["viewer"] in ("a", "b")
            seen.append(view)
            return chosen(view, legal, rng)
        game = play_out(SKIRMISH, setup, 3, {"a": watching, "b": watching}, max_orders=3000)
        assert SKIRMISH.load("outcome")(game.state).ended, name
        assert seen
        replays(game)


def check_state(state, rng: random.Random) -> None:
    rules = SKIRMISH.load("ruleset")()
    legal_orders = SKIRMISH.load("legal_orders")
    for who in [*state.camps, "referee"]:
        legal = legal_orders(state, who)
        if who in rules.awaiting(state):
            assert legal
        for lo in legal:
            command = lo.sample(rng)
            assert lo.describes(command) and accepts(rules, state, command), command


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), controller=st.sampled_from(["greedy", "random"]),
       field=st.sampled_from(sorted(data.battlefields())))
def test_legal_orders_hold_along_computer_battles(seed, players, controller, field):
    played = battle(seed, players, controller, field)
    rng = random.Random(seed)
    game = Game(SKIRMISH.load("ruleset")(), played.setup, seed)
    legal_orders = SKIRMISH.load("legal_orders")
    for i, entry in enumerate(played.entries):
        if i % 3 == 0:
            check_state(game.state, rng)
        assert described(legal_orders(game.state, entry.command["player"]), entry.command)
        game.push(entry.command)


def test_orders_off_the_legal_list_are_refused():
    game = battle(9, 2, "greedy", "plain")
    fresh = Game(SKIRMISH.load("ruleset")(), game.setup, 9)
    rules = SKIRMISH.load("ruleset")()
    for entry in game.entries[:60]:
        s = fresh.state
        camp = entry.command["player"]
        for bad in ({"type": "move", "player": camp, "unit": "soldiers.1", "cell": "Z99"},
                    {"type": "attack", "player": camp, "unit": "nobody", "target": "soldiers.1"},
                    {"type": "cast", "player": camp, "unit": "mage.1", "spell": "heal", "target": "x", "dice": 9},
                    {"type": "deploy", "player": "ghost", "unit": "soldiers.1", "cell": "A1"}):
            assert not accepts(rules, s, bad) or described(SKIRMISH.load("legal_orders")(s, camp), bad)
        fresh.push(entry.command)


def test_the_packaged_data_hold_together():
    cards, spells = data.cards(), data.spells()
    for card in cards.values():
        assert card.kind in ("military", "civilian")
        assert len(card.spells) == card.magic and all(s in spells for s in card.spells)
        assert set(card.abilities) <= {"mobile", "scout", "indirect"}
        if card.kind == "civilian":
            assert card.skill == card.attacks == card.range == 0  # « ne dispose que des scores suivants »
    for name, roster in data.rosters().items():
        units = [u if isinstance(u, str) else u["card"] for u in roster["units"]]
        assert all(u in cards for u in units), name
    fits = {t for b in data.battlefields().values() for t in b["fits"]}
    assert {"plain", "forest", "mountain", "river"} <= fits  # the Atlantis map's terrains
    assert {"plain", "forest", "hills", "mountain", "swamp"} <= fits  # the Gorges map's
    for name in data.battlefields():
        bf = packaged(name)
        assert (bf.width, bf.height) == (14, 10) and len(bf.zones) == 4
        assert all(len(z) >= 10 for z in bf.zones)


def cli(*args, code=0):
    result = RUNNER.invoke(app, [str(a) for a in args], env=CLEAN_ENV)
    assert result.exit_code == code, (args, result.stdout, result.stderr, result.exception)
    return result


def test_odds_of_one_attack_have_exactly_the_keys_asked_for():
    out = json.loads(cli("odds", "skirmish", "attack", "--dice", 3, "--skill", 4, "--armour", 4, "--json").stdout)
    assert set(out) == {"hp_lost", "mean"} and list(out["hp_lost"]) == ["0", "1", "2", "3"]
    assert out["hp_lost"] == {"0": 0.421875, "1": 0.421875, "2": 0.140625, "3": 0.015625} and out["mean"] == 0.75
    up = json.loads(cli("odds", "skirmish", "attack", "--dice", 2, "--skill", 4, "--armour", 5, "--elevated",
                        "--cover", "--json", "--exact").stdout)
    # hits on 3+ (4/6), saves on 4+ (3/6): each die costs a point with probability 1/3
    assert up == {"hp_lost": {"0": "4/9", "1": "4/9", "2": "1/9"}, "mean": "2/3"}
    bad = cli("odds", "skirmish", "attack", "--dice", 3, "--skill", 0, "--armour", 4, code=2)
    assert "--skill" in bad.stdout + bad.stderr


def test_the_command_line_serves_a_battle(tmp_path: Path):
    c = str(tmp_path / "b.jsonl")
    cli("new", "skirmish", "-p", "alice:human:patrol", "-p", "bob:greedy:patrol", "--battlefield", "forest",
        "--seed", 4, "-c", c)
    listed = json.loads(cli("order", "alice", "--list", "--json", "-c", c).stdout)
    first = listed["orders"][0]
    assert first["type"] == "deploy"
    cli("order", "alice", "deploy", first["fixed"]["unit"], first["fields"][0]["choices"][0], "-c", c)
    cli("order", "alice", "deploy", first["fixed"]["unit"], "Z99", "-c", c, code=2)
    cli("undo", "--reason", "try again", "-c", c)
    cli("play", "--stand-in", "alice", "-c", c)
    view = json.loads(cli("status", "--as", "bob", "--json", "-c", c).stdout)
    assert view["game"] == "skirmish" and view["phase"] in ("battle", "ended")
    fr = cli("--lang", "fr", "status", "-c", c).stdout
    assert "Bataille" in fr
    svg = tmp_path / "m.svg"
    cli("map", "--out", svg, "-c", c)
    assert svg.read_text().startswith("<svg")
    assert "replays identically" in cli("journal", "-c", c).stdout
    sheets = json.loads(cli("sheet", "--referee", "--json", "-c", c).stdout)["sheets"]
    assert [sh["player"] for sh in sheets] == ["alice", "bob"] and sheets[0]["rounds"]
    assert "Déploiement" in cli("--lang", "fr", "sheet", "--as", "bob", "-c", c).stdout
    cli("battle-result", "X", "-c", c, code=2)  # a grid battle's own journal has none


def test_simulate_and_study_run_through_the_generic_commands():
    out = json.loads(cli("simulate", "skirmish", "--seed", 3, "--players", 2, "--json").stdout)
    assert out["commands"] > 0
    text = cli("study", "skirmish", "--campaigns", 2, "--players", 3).stdout
    assert "alice" in text


def test_nothing_is_secret_every_camp_sees_the_same_battle():
    game = battle(4, 3, "greedy", "forest")
    views = {who: game.view(who) for who in (None, "alice", "bob", "carol")}
    strip = {"viewer", "odds"}
    first = {k: v for k, v in views[None].items() if k not in strip}
    assert all({k: v for k, v in v_.items() if k not in strip} == first for v_ in views.values())
    redact = SKIRMISH.load("redact_entry")
    assert all(redact(e.to_dict(), "bob") == e.to_dict() for e in game.entries)


def test_the_picture_draws_every_unit_with_its_hit_points_and_corruption():
    import xml.etree.ElementTree as ET
    game = battle(6, 2, "greedy", "mountain")
    s = game.state
    caster = next(u for u in s.units.values() if u.kind.magic)
    caster.corruption = 2
    if caster.status != "deployed":  # make sure it is on the picture
        caster.status, caster.hp = "deployed", 1
        caster.cell = next(c for c in range(s.field.size) if c not in s.occupant())
    svg = SKIRMISH.load("picture")(s, "fr", "alice")
    root = ET.fromstring(svg)
    titles = [t.text for t in root.iter("{http://www.w3.org/2000/svg}title")]
    assert sorted(t.split(":")[0] for t in titles) == sorted(u.id for u in s.on_field())
    assert "✶2" in svg and f"{caster.hp}/{caster.kind.hp}" in svg and "Col de montagne" in svg


def test_the_referee_closes_an_activation_in_progress():
    from skirmish_kit import order, position
    s = position([("a", "soldiers", "A1"), ("b", "militia", "H8")])
    from campagne.core.errors import CampagneError
    with pytest.raises(CampagneError):
        order(s, "referee", "next")  # nothing in progress
    order(s, "a", "move", unit="soldiers.1", cell="B1")
    assert [lo.type for lo in SKIRMISH.load("legal_orders")(s, "referee")] == ["end", "next"]  # end: as every game
    events = order(s, "referee", "next")
    assert events[0]["ap_lost"] == 3 and s.current == "b"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_event_and_the_status_read_in_french_and_english(lang):
    from campagne.core.i18n import Lang
    text = SKIRMISH.load("text")
    o = Lang(lang)
    seen = set()
    for seed, players, field in ((2, 2, "hills"), (8, 3, "swamp")):
        game = battle(seed, players, "mixed", field)
        for e in [*game.opening.events, *(ev for entry in game.entries for ev in entry.events)]:
            line = text.event_text(e, o)
            assert line and not line.startswith("type="), (e, line)  # a template, not the raw fields
            seen.add(e["type"])
        for who in (None, "alice"):
            assert text.status_text(game.view(who), o)
    assert {"setup", "deployed", "round", "activated", "moved", "attack", "riposte", "destroyed",
            "activation_end", "battle_over"} <= seen


@pytest.mark.study
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), controller=st.sampled_from(["greedy", "random", "mixed"]),
       field=st.sampled_from(sorted(data.battlefields())))
def test_legal_orders_hold_along_many_battles(seed, players, controller, field):
    played = battle(seed, players, controller, field)
    rng = random.Random(seed)
    game = Game(SKIRMISH.load("ruleset")(), played.setup, seed)
    for entry in played.entries:
        check_state(game.state, rng)
        game.push(entry.command)
    assert game.state.ended


def test_a_moves_choices_say_the_action_points_each_cell_spends_and_leaves():
    from skirmish_kit import position
    s = position([("a", "soldiers", "A1"), ("b", "militia", "H8")])  # 4 AP
    move = next(lo for lo in SKIRMISH.load("legal_orders")(s, "a") if lo.type == "move")
    notes = move.fields[0].notes
    assert notes["B1"] == {"fr": "1 PA, reste 3", "en": "1 AP, 3 left"}
    assert notes["E1"] == {"fr": "4 PA, reste 0", "en": "4 AP, 0 left"}
    assert move.fields[0].to_dict()["notes"]["C3"]["en"] == "2 AP, 2 left"  # kept in --json


def test_the_battle_opens_on_the_battlefield_named_in_the_readers_language():
    """The opening line names the packaged battlefield as its data names it in each language, never its id."""
    from campagne.core.i18n import Lang
    text = SKIRMISH.load("text")
    game = battle(2, 2, "greedy", "hills")
    setup = next(e for e in game.opening.events if e["type"] == "setup")
    names = data.battlefields()[setup["battlefield"]]
    fr, en = text.event_text(setup, Lang("fr")), text.event_text(setup, Lang("en"))
    assert names["fr"] in fr and names["en"] in en
    assert f" {setup['battlefield']} " not in fr and f" {setup['battlefield']} " not in en
