"""Atlantis rules, phase 4: supply (seed 000, "Ravitaillement", TABLE DU MANQUE DE RAVITAILLEMENT)."""

from __future__ import annotations

import pytest

from atlantis_rules_kit import (act, advance, agreed, one, order, own, put, refused, two_players, types, view)
from campagne.games.atlantis.state import PHASES

# Dice of `next` from the supply phase: a's supply D6 (+ desertion D6), then the initiative 2D6 of a and b.
INIT = [6, 6, 2, 1]


def supply_phase(pos_a: str, pos_b: str = "mestoria", turn: int = 1, **kw):
    game = two_players(**kw)
    put(game, "a", pos_a)
    put(game, "b", pos_b)
    events = advance(game, "supply", turn=turn)
    return game, events


# --------------------------------------------------------------------------- the route


def test_an_army_in_its_colony_is_supplied_by_a_route_to_its_royal_city():
    # "On considère qu'une armée est ravitaillée s'il est possible de tracer une route entre le territoire où
    # se situe l'armée et le territoire de la cité royale du joueur, qui passe uniquement par des territoires
    # appartenant au joueur et libre de toute armée ennemie."
    game, events = supply_phase("cap-boreal")
    assert one(events, "supply_route", player="a")["route"] == ["cap-boreal", "azaea"]
    assert game.state.players["a"].supplied and view(game)["players"]["a"]["supplied"]
    game, events = supply_phase("azaea")
    assert one(events, "supply_route", player="a")["route"] == ["azaea"]


def test_an_army_abroad_is_supplied_through_its_own_land():
    # The army's own territory starts the route (it may be foreign); the rest must be the player's.
    game, events = supply_phase("val-mestor")
    assert one(events, "supply_route", player="a")["route"] == ["val-mestor", "marches-azues", "azaea"]


def test_an_enemy_army_on_the_route_cuts_it():
    game, events = supply_phase("val-mestor", pos_b="marches-azues")
    ev = one(events, "supply_route", player="a")
    assert (ev["supplied"], ev["route"]) == (False, None)
    assert not game.state.players["a"].supplied


def test_an_enemy_army_elsewhere_does_not_cut_it():
    game, events = supply_phase("val-mestor", pos_b="cap-boreal")
    assert one(events, "supply_route", player="a")["route"] == ["val-mestor", "marches-azues", "azaea"]


def test_the_route_never_crosses_atlantean_or_enemy_land():
    game, _ = supply_phase("pics-leucippe")  # only Atlantean and Elaspissus/Autochthon land around
    assert not game.state.players["a"].supplied
    game, _ = supply_phase("baie-tritons")  # Mestor's land all around
    assert not game.state.players["a"].supplied


def test_no_supply_once_the_royal_city_is_lost():
    game = two_players(pos_a="cap-boreal")
    own(game, "b", "azaea")
    events = advance(game, "supply")
    assert not one(events, "supply_route", player="a")["supplied"]


def test_an_army_standing_in_its_lost_royal_city_is_not_supplied():
    # "le territoire de la cité royale du joueur": once b holds Azaéa it is no longer a's royal city.
    game = two_players(pos_a="azaea")
    own(game, "b", "azaea")
    events = advance(game, "supply")
    assert not one(events, "supply_route", player="a")["supplied"]


def test_an_enemy_army_in_the_royal_city_cuts_the_supply_of_an_army_standing_there():
    # "... qui passe uniquement par des territoires appartenant au joueur et libre de toute armée ennemie."
    game, events = supply_phase("azaea", pos_b="azaea")
    assert not one(events, "supply_route", player="a")["supplied"]


def test_a_route_through_permitted_land_announces_who_permits_it():
    # "Le joueur offrant cette possibilité doit l'annoncer clairement aux autres joueurs durant cette phase
    # d'évaluation du ravitaillement." The supply_route event, seen by everybody, names him.
    game = two_players(pos_a="baie-tritons")
    advance(game, "diplomacy")
    agreed(game, "b", parties=["a", "b"], public=False, grantor="b", supply=["a"])
    events = advance(game, "supply")
    ev = one(events, "supply_route", player="a")
    assert ev["route"] == ["baie-tritons", "mestoria", "cap-boreal", "azaea"]
    assert ev["permitted_by"] == ["b"]
    assert one(events, "supply_route", player="b")["permitted_by"] == []


# --------------------------------------------------------------------------- the table


def unsupplied(turn: int = 1):
    return supply_phase("baie-tritons", turn=turn)[0]  # in Mestor's land, cut off from Azues


@pytest.mark.parametrize("d6,ld,halt,deserters", [
    (2, -1, True, 0),   # "2 Chaque unité et personnage subit -1 en Leadership pour le tour, les unités refusent de se déplacer"
    (3, -1, False, 4),  # "3 Chaque unité et personnage subit -1 en Leadership pour le tour, désertion 1D6 figurines"
    (4, 0, False, 4),   # "4-5 Désertion 1D6 figurines"
    (5, 0, False, 4),
    (6, 0, False, 0),   # "6+ Le général est prévoyant, le moral est bon et les autochtones ont pallié au manque ..."
])
def test_each_row_of_the_lack_of_supply_table(d6, ld, halt, deserters):
    game = unsupplied()
    faces = [d6] + ([deserters] if deserters else []) + INIT
    events = act(game, order("next", "referee"), faces)
    ev = one(events, "supply", player="a")
    assert ev["lookup"]["total"] == d6
    p = game.state.players["a"]
    assert (p.leadership_mod, p.halted, p.army.model_count) == (ld, halt, 40 - deserters)
    assert game.state.initiative_rolls["a"] == 12 + 80 + 10 * ld  # the Leadership malus is the general's too
    assert view(game)["players"]["a"]["halted"] == halt


def test_row_1_or_less_leadership_desertion_and_the_rest_refuse_to_move():
    # "1- Chaque unité et personnage subit -1 en Leadership pour le tour., 1D6 figurines désertent, le reste
    # des unités refusent de se déplacer ce tour."
    game = unsupplied()
    events = act(game, order("next", "referee"), [1, 3] + INIT)
    assert one(events, "supply", player="a")["effect"] == "ld_desertion_halt"
    p = game.state.players["a"]
    assert (p.leadership_mod, p.halted, p.army.model_count) == (-1, True, 37)
    assert game.state.acting == ["b", "a"]  # 12 + 70 = 82 < 3 + 80
    act(game, order("hold", "b"))
    refused(game, order("move", "a", path=["val-mestor"]), "move.halted")
    act(game, order("hold", "a"))
    assert p.position == "baie-tritons"


def test_each_previous_consecutive_unsupplied_turn_gives_minus_1():
    # "-1 Chaque tour consécutif sans ravitaillement"
    game = unsupplied()
    events = act(game, order("next", "referee"), [6] + INIT)
    assert one(events, "supply", player="a")["lookup"]["modifiers"] == []
    assert game.state.players["a"].unsupplied_turns == 1
    advance(game, "supply", turn=2)
    events = act(game, order("next", "referee"), [6, 1] + INIT)  # 5: one deserter
    lookup = one(events, "supply", player="a")["lookup"]
    assert (lookup["modifiers"], lookup["total"]) == ([{"key": "unsupplied_turn", "value": -1}], 5)
    advance(game, "supply", turn=3)
    events = act(game, order("next", "referee"), [6, 1] + INIT)
    assert one(events, "supply", player="a")["lookup"]["total"] == 4
    assert view(game)["players"]["a"]["unsupplied_turns"] == 3


def test_a_supplied_turn_ends_the_run():
    game = unsupplied()
    act(game, order("next", "referee"), [6] + INIT)
    advance(game, "loot", turn=2)
    put(game, "a", "azaea")  # back home
    advance(game, "supply", turn=2)
    act(game, order("next", "referee"), INIT)
    assert game.state.players["a"].unsupplied_turns == 0
    advance(game, "loot", turn=3)
    put(game, "a", "baie-tritons")
    advance(game, "supply", turn=3)
    events = act(game, order("next", "referee"), [6] + INIT)
    assert one(events, "supply", player="a")["lookup"]["total"] == 6


def test_each_50_loot_spent_gives_plus_1_and_is_paid():
    # "+1 Par 50 points de butin dépensés (marchandage)"
    game = unsupplied()
    act(game, order("supply-spend", "a", loot=120))
    assert game.state.players["a"].loot == 250  # paid when the table is rolled
    events = act(game, order("next", "referee"), [2, 1] + INIT)  # 2 + 2 = 4: one deserter
    ev = one(events, "supply", player="a")
    assert (ev["lookup"]["total"], ev["effect"], ev["spent"]) == (4, "desertion", 120)
    assert ev["lookup"]["modifiers"] == [{"key": "loot_50", "value": 2}]
    assert game.state.players["a"].loot == 130


def test_bargaining_is_for_unsupplied_armies_with_the_loot():
    game, _ = supply_phase("azaea")
    refused(game, order("supply-spend", "a", loot=50), "supply.not_needed")
    game = unsupplied()
    refused(game, order("supply-spend", "a", loot=300), "order.not_enough_loot")
    refused(game, order("supply-spend", "a", loot=-50), "order.negative")


def test_a_supplied_army_rolls_nothing():
    game, _ = supply_phase("azaea")
    events = act(game, order("next", "referee"), INIT)
    assert "supply" not in types(events)


@pytest.mark.parametrize("phase", [p for p in PHASES if p != "supply"])
def test_supply_spend_only_in_the_supply_phase(phase):
    game = two_players()
    put(game, "a", "baie-tritons")
    advance(game, phase)
    refused(game, order("supply-spend", "a", loot=50), "order.wrong_phase")
