"""Atlantis rules, initial placement (seed 000, "Placement initial" and "Éléments de départ")."""

from __future__ import annotations

import pytest

from atlantis_rules_kit import (RULES, PurposeDice, act_with, army, campaign, one, order, place, ref, refused,
                                types, unit, view)
from campagne.core.errors import CampagneError
from campagne.games.atlantis.army import load_packaged_army


def setup_of(*ids: str) -> dict:
    return {"players": [{"id": pid, "controller": "human", "army": army()} for pid in ids]}


# --------------------------------------------------------------------------- D100 order


def test_players_choose_in_descending_order_of_their_d100():
    # "chaque joueur lance 1D100. Le joueur choisit dans l'ordre décroissant du résultat du dé"
    state, events = RULES.new_state(setup_of("a", "b", "c"), PurposeDice({"placement a": [17], "placement b": [93],
                                                                          "placement c": [58]}))
    assert state.setup_order == ["b", "c", "a"]
    ev = one(events, "placement_rolls")
    assert ev["rolls"] == {"a": 17, "b": 93, "c": 58}
    assert ev["order"] == ["b", "c", "a"]
    assert ev["rerolls"] == []
    assert {p.id: p.setup_roll for p in state.players.values()} == {"a": 17, "b": 93, "c": 58}
    assert state.phase == "setup"


def test_tied_players_roll_again_among_themselves():
    # Ties on the D100 are rolled again (the seed orders by "ordre décroissant du résultat du dé",
    # which a tie leaves undecided). Only the tied players roll; they keep their place relative to
    # the others: c's 30 never passes a's or b's 50, however low their re-rolls.
    dice = PurposeDice({"placement a": [50, 3], "placement b": [50, 9], "placement c": [30]})
    state, events = RULES.new_state(setup_of("a", "b", "c"), dice)
    assert state.setup_order == ["b", "a", "c"]
    assert [r.purpose for r in dice.records] == ["placement a", "placement b", "placement c",
                                                  "placement a", "placement b"]
    assert one(events, "placement_rolls")["rerolls"] == [{"a": 3, "b": 9}]


def test_ties_are_rolled_again_until_broken():
    dice = PurposeDice({"placement a": [40, 7, 2], "placement b": [40, 7, 5], "placement c": [90]})
    state, events = RULES.new_state(setup_of("a", "b", "c"), dice)
    assert state.setup_order == ["c", "b", "a"]
    assert one(events, "placement_rolls")["rerolls"] == [{"a": 7, "b": 7}, {"a": 2, "b": 5}]


# --------------------------------------------------------------------------- choosing the colony


def test_a_colony_is_three_territories_250_loot_and_the_army_token_on_one_of_them():
    # "Chaque joueur dispose au départ de la campagne d'une colonie (royaume pris aux mains des atlantes)
    # composée de 3 territoires, de 250 points de butin et de 1500 points d'armée."
    # "Le joueur place son pion d'armée sur l'un des 3 territoires de sa colonie."
    game = campaign(("a", load_packaged_army("mycenaean").to_dict()), "b")
    events = act_with(game, order("choose", "a", kingdom="azues", territory="cap-boreal"), PurposeDice({}))
    s = game.state
    a = s.players["a"]
    assert a.kingdom == "azues" and a.position == "cap-boreal" and a.loot == 250
    assert sorted(s.owned("a")) == ["azaea", "cap-boreal", "marches-azues"]
    assert one(events, "colony") == {"type": "colony", "player": "a", "kingdom": "azues", "territory": "cap-boreal"}
    assert s.phase == "setup"  # b has not chosen yet


def test_the_last_choice_opens_the_first_turn_with_the_divine_events():
    game = campaign("a", "b")
    events = place(game, {"a": ("azues", "azaea"), "b": ("mestor", "val-mestor")})
    s = game.state
    assert (s.turn, s.phase) == (1, "events")
    assert types(events)[-4:] == ["turn", "phase", "divine_event", "divine_event"]


def test_an_army_over_1500_points_is_refused():
    # "1500 points d'armée"
    big = army(units=[unit("horde", models=300, ppm=5)])  # 1500 + general 100
    with pytest.raises(CampagneError) as info:
        RULES.new_state({"players": [{"id": "a", "army": big}]}, PurposeDice({"placement": [1]}))
    assert info.value.code == "setup.army_too_big"


@pytest.mark.parametrize("players", [[], [{"id": f"p{i}", "army": army()} for i in range(10)]])
def test_one_to_nine_players(players):
    # "Les royaumes disponibles sont ... Azues, Mestor, Gadirus & Myrine, Diaprepes, Euamon, Mneseus,
    # Autochthon, Elaspissus et Ampheres": nine colonies at most.
    with pytest.raises(CampagneError) as info:
        RULES.new_state({"players": players}, PurposeDice({"placement": [1]}))
    assert info.value.code == "setup.players"


def test_repeated_or_referee_player_ids_are_refused():
    for ids in (["a", "a"], ["referee"]):
        with pytest.raises(CampagneError) as info:
            RULES.new_state({"players": [{"id": i, "army": army()} for i in ids]}, PurposeDice({"placement": [1]}))
        assert info.value.code == "setup.bad_player"


def test_choosing_out_of_turn_is_refused_naming_who_chooses():
    # "Le joueur choisit dans l'ordre décroissant du résultat du dé"
    game = campaign("a", "b")
    refused(game, order("choose", "b", kingdom="mestor", territory="mestoria"), "setup.not_your_turn",
            player="b", current="a")


@pytest.mark.parametrize("kingdom", ["atlantis", "lemuria"])
def test_only_the_nine_listed_kingdoms_may_be_chosen(kingdom):
    # "Les royaumes disponibles sont (voir la carte) : Azues, Mestor, ..." — not Atlantis.
    game = campaign("a", "b")
    refused(game, order("choose", "a", kingdom=kingdom, territory="atlantis-city"), "setup.bad_kingdom")


def test_a_kingdom_already_taken_is_refused():
    game = campaign("a", "b")
    act_with(game, order("choose", "a", kingdom="azues", territory="azaea"), PurposeDice({}))
    refused(game, order("choose", "b", kingdom="azues", territory="cap-boreal"), "setup.kingdom_taken")


def test_the_army_token_must_go_on_a_territory_of_the_colony():
    # "Le joueur place son pion d'armée sur l'un des 3 territoires de sa colonie."
    game = campaign("a", "b")
    refused(game, order("choose", "a", kingdom="azues", territory="mestoria"), "setup.not_in_kingdom")
    refused(game, order("choose", "a", kingdom="azues", territory="nowhere"), "order.unknown_territory")
    refused(game, order("choose", "a", kingdom="azues"), "order.missing")


def test_setup_refuses_other_orders_and_next():
    game = campaign("a", "b")
    refused(game, order("move", "a", path=["cap-boreal"]), "order.wrong_phase")
    refused(game, ref("next"), "order.wrong_phase")
    refused(game, order("choose", "zed", kingdom="azues", territory="azaea"), "order.unknown_player")
    assert RULES.awaiting(game.state) == ["a"]
    assert view(game)["awaiting"] == ["a"]


def test_choose_is_refused_once_the_campaign_has_started():
    game = campaign("a", "b")
    place(game, {"a": ("azues", "azaea"), "b": ("mestor", "mestoria")})
    refused(game, order("choose", "a", kingdom="euamon", territory="euemonia"), "order.wrong_phase")
