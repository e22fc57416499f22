"""Atlantis rules, phase 8: reinforcements (seed 000, "Arrivée des renforts")."""

from __future__ import annotations

from atlantis_rules_kit import act, advance, next_phase, one, order, put, ref, two_players, types, unit, view


def bought(pos_a: str = "azaea"):
    """a buys 4 models for foot1 in the loot phase of turn 1, its army then standing at `pos_a`."""
    game = two_players()
    advance(game, "loot")
    act(game, order("buy", "a", unit="foot1", models=4))
    put(game, "a", pos_a)
    return game


def test_reinforcements_join_a_supplied_army_in_the_reinforcements_phase():
    # "Les troupes arrivent en phase d'arrivée des renforts." "Pour pouvoir incorporer les renforts, l'armée du
    # joueur doit être ravitaillée."
    game = bought()
    advance(game, "conquest")
    assert game.state.players["a"].army.unit("foot1").models == 20
    events = next_phase(game)
    assert one(events, "reinforcements")["joined"] == [{"unit": "foot1", "models": 4, "cost": 20}]
    assert game.state.players["a"].army.unit("foot1").models == 24
    assert game.state.players["a"].pending_reinforcements == []


def test_reinforcements_wait_while_the_army_is_cut_off_and_join_when_it_is_supplied_again():
    # "Si une armée devient à nouveau ravitaillée, les renforts en attente incorporent l'armée à cette phase."
    game = bought(pos_a="baie-tritons")  # in Mestor's land: no route to Azaéa
    advance(game, "conquest")
    events = next_phase(game)
    assert one(events, "reinforcements_wait")["pending"] == [{"unit": "foot1", "models": 4, "cost": 20}]
    p = game.state.players["a"]
    assert p.army.unit("foot1").models == 20 and view(game)["players"]["a"]["pending_reinforcements"]
    advance(game, "movement", turn=2)
    act(game, order("move", "a", path=["val-mestor"]))  # next to its own Marches d'Azues: supplied
    advance(game, "conquest", turn=2)  # (a deserter went in turn 2's supply phase)
    before = p.army.unit("foot1").models
    events = next_phase(game)
    assert "reinforcements" in types(events) and p.army.unit("foot1").models == before + 4


def test_supply_is_judged_in_the_reinforcements_phase_itself():
    # Supplied in the supply phase, then marched away from its land: the reinforcements wait.
    game = bought()
    advance(game, "movement")
    act(game, order("move", "a", path=["rivage-nereides"]))
    advance(game, "conquest")
    act(game, order("negotiate", "a"), [6])
    events = next_phase(game)
    assert "reinforcements_wait" not in types(events)  # Rivage des Néréides touches Azaéa: supplied
    game = bought()
    put(game, "b", "azaea")
    advance(game, "movement")
    act(game, order("move", "a", path=["cap-boreal"]))
    advance(game, "conquest")
    events = next_phase(game)  # b's army sits on a's royal city
    assert "reinforcements_wait" in types(events)


def test_a_recruited_warband_rolls_its_d3_on_arrival():
    # "+D3-2 Si l'unité est de type Warband"; "L'aléatoire dure tant que dure la Warband."
    game = two_players()
    advance(game, "loot")
    act(game, order("recruit", "a", unit=unit("wild", models=10, warband="warband")))
    advance(game, "conquest")
    events = act(game, ref("next"), [3])
    assert one(events, "reinforcements", player="a")
    wild = game.state.players["a"].army.unit("wild")
    assert wild.models == 10 and wild.warband_roll == 3
    assert view(game)["players"]["a"]["army"]["strength"] == 2 + 2 + 2 + 1


def test_an_army_destroyed_gets_its_reinforcements_once_it_is_back():
    game = bought()
    p = game.state.players["a"]
    p.returning, p.army, p.position = p.army, None, None  # destroyed this turn: back at the capital next turn
    advance(game, "conquest")
    events = next_phase(game)
    assert "reinforcements_wait" in types(events)
    advance(game, "conquest", turn=2)
    events = next_phase(game)
    assert "reinforcements" in types(events) and p.army.unit("foot1").models == 24


def test_the_reinforcements_phase_waits_for_nobody():
    game = bought()
    advance(game, "reinforcements")
    assert view(game)["awaiting"] == []
    next_phase(game)
    assert (game.state.turn, game.state.phase) == (2, "events")
