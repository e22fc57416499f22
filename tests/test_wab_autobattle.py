"""The abstract WAB auto-battle (autobattle.py) and its use as an Atlantis battle resolver."""

from __future__ import annotations

import itertools
import json

import pytest

from atlantis_rules_kit import act, act_with, advance, order, ref, two_players, one, types
from campagne.core.dice import Dice
from campagne.core.errors import CampagneError
from campagne.games.atlantis import army as armies
from campagne.games.atlantis.battles import aftermath, battle_in
from campagne.games.atlantis.context import Ctx
from campagne.games.wab.autobattle import MAX_TURNS, auto_battle, resolve_atlantis_battle
from campagne.games.wab.autobattle_plan import make_plan, role
from campagne.games.wab.tracker import WabBattle, setup_from_armies

QUIET_FIELD = [2, 1] + [1] * 6


def army(name):
    return armies.load_packaged_army(name)


def fight(a="mercenaires-atlantes", b="mercenaires-sauvages", seed=1, **kw):
    return auto_battle(army(a), army(b), Dice.seeded(seed, "test"), **kw)


def test_the_same_dice_give_the_same_battle_and_other_dice_another():
    one_, two = fight(seed=3), fight(seed=3)
    assert one_.trace == two.trace and one_.result == two.result
    results = {json.dumps(fight(seed=s).result, sort_keys=True) for s in range(6)}
    assert len(results) > 1


def test_every_pair_of_shipped_armies_fights_to_an_end():
    names = armies.packaged_army_names()
    for i, (x, y) in enumerate(itertools.permutations(names, 2)):
        r = auto_battle(army(x), army(y), Dice.seeded(i, x, y), attacker="ab"[i % 2])
        s = r.state
        assert s.phase == "ended" and r.reason in ("broken", "turns") and 1 <= s.turn <= MAX_TURNS
        assert r.result["winner"] in ("a", "b")
        for side, a in (("a", army(x)), ("b", army(y))):
            for uid, n in {**r.result["killed"][side]}.items():
                assert 0 < n + r.result["fled"][side].get(uid, 0) <= a.unit(uid).models
        if r.reason == "turns":
            assert s.turn == MAX_TURNS


def test_it_always_ends_even_in_one_turn():
    r = fight(max_turns=1)
    assert r.state.phase == "ended" and r.state.turn == 1
    with pytest.raises(CampagneError):
        fight(max_turns=0)
    with pytest.raises(CampagneError):
        fight(attacker="c")


def test_the_plan_pairs_blocks_by_points_cavalry_with_cavalry_and_characters_join_the_largest_unit():
    state, _ = WabBattle().new_state(setup_from_armies(army("atlante"), army("assyrian")), Dice.seeded(0))
    plan = make_plan(state)
    roles = plan.roles
    for x, y in plan.pairs:
        assert state.units[x].side == "a" and state.units[y].side == "b"
    blocks = [(x, y) for x, y in plan.pairs if roles[x] == roles[y] == "block"]
    a_blocks = sorted((u for u in state.side_units("a") if roles[u.key] == "block"), key=lambda u: -u.points)
    assert [x for x, _ in blocks] == [u.key for u in a_blocks[:len(blocks)]]  # the largest face the largest
    cav = [(x, y) for x, y in plan.pairs if roles[x] == "cavalry"]
    assert cav and all(roles[y] == "cavalry" for _, y in cav)
    assert plan.joins["a:general"] == "a:spearmen1"  # 20 models, then the most points
    assert role(state.units["a:slaves"]) == "missile" and "a:slaves" in plan.targets
    assert all(k in plan.reserves for k in plan.targets)


def test_missile_troops_shoot_for_two_turns_then_the_attacker_charges_first():
    r = fight(seed=2)
    shots = [(e["command"]["unit"], e["n"]) for e in r.trace
             if e["command"].get("fact") == "shoot"]
    assert shots and {u for u, _ in shots} <= {"a:archers", "a:slaves", "b:slingers"}
    charges = [e for e in r.trace if e["command"].get("fact") == "charge"]
    first = charges[0]
    assert first["command"]["unit"].startswith("a:")
    turn_of = {}
    turn = 0
    for e in r.trace:
        for ev in e["events"]:
            if ev["type"] == "turn":
                turn = ev["turn"]
        turn_of[e["n"]] = turn
    assert all(turn_of[n] <= 2 for _, n in shots) and turn_of[first["n"]] == 3


def test_the_summary_reads_in_both_languages():
    r = fight(seed=4)
    en, fr = r.summary("en"), r.summary("fr")
    assert len(en) == len(fr) > 5 and en[0].startswith("Turn 1") and fr[0].startswith("Tour 1")
    assert "wins" in en[-1] and "l'emporte" in fr[-1]


# --------------------------------------------------------------------------- the Atlantis campaign


def battle_game(a="mercenaires-atlantes", b="mercenaires-sauvages", controllers=None):
    game = two_players(pos_a="cap-boreal", pos_b="mestoria", a=army(a).to_dict(), b=army(b).to_dict(),
                       controllers=controllers)
    advance(game, "movement")
    act(game, order("move", "a", path=["mestoria"]))
    act(game, order("hold", "b"))
    act(game, ref("next"))
    act(game, order("strategy", "a", strategy="frontal"))
    act(game, order("strategy", "b", strategy="frontal"), QUIET_FIELD)
    return game


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_result_is_accepted_as_an_atlantis_battle_result(seed):
    game = battle_game()
    s = game.state
    result = resolve_atlantis_battle(s, battle_in(s, "mestoria"), Dice.seeded(seed))
    assert set(result) >= {"winner", "loser", "killed", "fled", "characters", "vp", "resolver"}
    assert {result["winner"], result["loser"]} == {"a", "b"} and result["resolver"] == "wab"
    models = {p: {u.id: u.models for u in s.players[p].army.units} for p in ("a", "b")}
    cmd = ref("battle-result", territory="mestoria",
              **{k: result[k] for k in ("winner", "killed", "fled", "characters", "vp")})
    events = act_with(game, cmd, Dice.seeded(99))
    ev = one(events, "battle_result")
    assert ev["winner"] == result["winner"] and ev["killed"] == result["killed"]
    loser = s.players[result["loser"]]
    assert loser.must_retreat
    for p in ("a", "b"):
        army_ = s.players[p].army
        for uid, n in result["killed"][p].items():
            back = ev["recovered"].get(p, {}).get(uid, 0)
            assert army_.unit(uid).models == models[p][uid] - n - result["fled"][p].get(uid, 0) + back


def test_the_resolver_payload_goes_straight_into_the_aftermath():
    # What `auto-resolve --resolver wab` will do: aftermath(ctx, battle, resolve_atlantis_battle(...)).
    game = battle_game()
    s = game.state
    b = battle_in(s, "mestoria")
    dice = Dice.seeded(7)
    result = resolve_atlantis_battle(s, b, dice)
    events = aftermath(Ctx(s, ref("auto-resolve", territory="mestoria", resolver="wab"), dice), b, result)
    assert "battle_result" in types(events) and b.result["resolver"] == "wab"
    assert s.players[result["loser"]].must_retreat
    assert game.awaiting() == []  # the battle is resolved: nothing waits for the referee


def test_an_absent_player_defends():
    game = battle_game(controllers={"a": "absent"})
    s = game.state
    result = resolve_atlantis_battle(s, battle_in(s, "mestoria"), Dice.seeded(1))
    assert (result["attacker"], result["defender"]) == ("b", "a")


def test_the_command_line_auto_battle(monkeypatch):
    from typer.testing import CliRunner

    from campagne.cli.main import app
    runner = CliRunner()
    r = runner.invoke(app, ["battle", "auto", "--a", "mercenaires-atlantes", "--b", "mercenaires-sauvages",
                            "--seed", "5", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["atlantis"]["winner"] in ("a", "b") and data["summary"]
    again = json.loads(runner.invoke(app, ["battle", "auto", "--a", "mercenaires-atlantes", "--b",
                                           "mercenaires-sauvages", "--seed", "5", "--json"]).stdout)
    assert again == data
    r = runner.invoke(app, ["battle", "auto", "--a", "mercenaires-atlantes", "--b", "mercenaires-sauvages",
                            "--lang", "fr"])
    assert r.exit_code == 0 and "gagne la bataille avec" in r.stdout  # the winner in a sentence
    assert "à coller :" in r.stdout and "{\"winner\"" not in r.stdout  # the line to paste, not JSON


def test_the_resolver_payload_is_plain_json():
    game = battle_game()
    s = game.state
    result = resolve_atlantis_battle(s, battle_in(s, "mestoria"), Dice.seeded(2))
    assert json.loads(json.dumps(result)) == result
