"""Atlantis rules, phase 5: movement (seed 000, "Mouvements": initiative, order, distances, two armies)."""

from __future__ import annotations

import pytest

from atlantis_rules_kit import (act, advance, army, campaign, one, order, own, place, put, ref, refused,
                                two_players, types, view)


def three_players(pos=("azaea", "mestoria", "euemonia"), armies=None):
    armies = armies or (army(), army(), army())
    game = campaign(("a", armies[0]), ("b", armies[1]), ("c", armies[2]))
    place(game, {"a": ("azues", "azaea"), "b": ("mestor", "mestoria"), "c": ("euamon", "euemonia")})
    for pid, tid in zip("abc", pos):
        put(game, pid, tid)
    return game


def to_supply(game):
    advance(game, "supply")
    return game


# --------------------------------------------------------------------------- initiative


def test_movement_initiative_is_2d6_plus_the_generals_initiative_in_descending_order():
    # "Pour définir l'ordre dans lequel les armées vont se déplacer, on lance 2D6 auxquels on rajoute
    # l'initiative du général." "Les armées bougent dans l'ordre décroissant des initiatives de déplacement."
    fast = army(ld=9, units=[army()["units"][0], {"id": "slingers", "name": "Slingers", "kind": "skirmishers",
                                                   "ws": 2, "models": 10, "points_per_model": 5}])
    game = two_players(a=army(), b=fast)
    to_supply(game)
    events = act(game, ref("next"), [6, 6, 1, 1])
    # a: 12 + 80; b: 2 + 90 + 20 (skirmishers) = 112
    ev = one(events, "initiative")
    assert ev["rolls"] == {"a": 92, "b": 112} and ev["order"] == ["b", "a"] and ev["attempts"] == 1
    assert view(game)["movement_order"] == ["b", "a"] and view(game)["initiative"] == {"a": 92, "b": 112}
    assert view(game)["awaiting"] == ["b"]


def test_on_a_tie_everybody_rolls_again():
    # "En cas d'égalité tous les joueurs relancent les dés (ce qui peut s'avérer frustrant mais les dieux sont
    # parfois capricieux)."
    game = three_players()
    to_supply(game)
    # a and b tie at 88; c (5 + 80) was not tied but rolls again too.
    events = act(game, ref("next"), [4, 4, 3, 5, 2, 3] + [1, 1, 6, 6, 3, 3])
    ev = one(events, "initiative")
    assert ev["attempts"] == 2 and ev["rolls"] == {"a": 82, "b": 92, "c": 86}
    assert game.state.acting == ["b", "c", "a"]


def test_moving_out_of_turn_is_refused_naming_who_moves():
    game = two_players()
    advance(game, "movement")
    assert game.state.acting == ["a", "b"]
    refused(game, order("move", "b", path=["val-mestor"]), "move.not_your_turn", player="b", current="a")
    refused(game, order("hold", "b"), "move.not_your_turn")
    refused(game, order("wait", "b", initiative=10), "move.not_your_turn")


def test_next_is_refused_while_a_general_has_to_act():
    game = two_players()
    advance(game, "movement")
    err = refused(game, ref("next"), "phase.waiting", players="a")
    assert "a" in err.message("fr") and "a" in err.message("en")
    act(game, order("hold", "a"))
    refused(game, ref("next"), "phase.waiting", players="b")
    act(game, order("hold", "b"))
    act(game, ref("next"))
    assert game.state.phase == "battles"


# --------------------------------------------------------------------------- waiting


def test_a_general_may_wait_to_act_at_a_lower_initiative_after_all_who_have_it():
    # "Un général peut choisir de diminuer son initiative de déplacement pour se déplacer après ses adversaires.
    # Il peut alors agir à n'importe quelle initiative inférieure à la sienne mais uniquement après que tous les
    # généraux possédant cette initiative aient agis."
    game = three_players()
    to_supply(game)
    act(game, ref("next"), [6, 6, 5, 5, 4, 4])  # a 92, b 90, c 88
    events = act(game, order("wait", "a", initiative=90))
    assert one(events, "waited")["acting"] == ["b", "a", "c"]  # after b, who has 90
    act(game, order("hold", "b"))
    act(game, order("wait", "a", initiative=88))
    assert game.state.acting == ["c", "a"]
    act(game, order("hold", "c"))
    act(game, order("move", "a", path=["cap-boreal"]))
    assert game.state.acting == []


def test_waiting_means_a_lower_initiative():
    game = two_players()
    advance(game, "movement")  # a 92, b 90
    refused(game, order("wait", "a", initiative=92), "move.wait_higher", value=92, current=92)
    refused(game, order("wait", "a", initiative=95), "move.wait_higher")
    refused(game, order("wait", "a", initiative="later"), "order.not_int")
    act(game, order("wait", "a", initiative=91))  # still before b
    assert game.state.acting == ["a", "b"]
    refused(game, order("wait", "a", initiative=91), "move.wait_higher", current=91)
    refused(game, order("wait", "a", initiative=-3), "move.wait_higher")  # a nonsense number
    act(game, order("wait", "a", initiative=0))  # any lower initiative down to 0
    assert game.state.acting == ["b", "a"]


def test_a_waiting_general_arrives_last_and_is_a_in_the_battle():
    # "A" is the army that arrived: b, though of higher initiative, waited and came in after a.
    game = two_players(pos_a="cap-boreal", pos_b="val-mestor")
    advance(game, "supply")
    act(game, ref("next"), [1, 1, 6, 6])  # a 82, b 92
    assert game.state.acting == ["b", "a"]
    act(game, order("wait", "b", initiative=80))
    act(game, order("move", "a", path=["marches-azues"]))
    act(game, order("move", "b", path=["marches-azues"]))
    events = act(game, ref("next"))
    assert one(events, "battle_declared") == {"type": "battle_declared", "territory": "marches-azues",
                                               "a": "b", "b": "a"}


# --------------------------------------------------------------------------- distances


def test_two_territories_through_own_land_one_into_atlantean_or_enemy_land():
    # "Chaque tour une armée peut se déplacer de : - 1 territoire si ce dernier est entre les mains d'un roi
    # atlante d'un joueur ennemi. - 2 territoires si ces derniers lui appartiennent."
    game = two_players(pos_a="azaea")
    advance(game, "movement")
    refused(game, order("move", "a", path=["marches-azues", "mont-atlas"]), "move.illegal")  # then Atlantean
    refused(game, order("move", "a", path=["cap-boreal", "mestoria"]), "move.illegal")  # then enemy
    refused(game, order("move", "a", path=["rivage-nereides", "ampheria"]), "move.illegal")  # Atlantean first
    refused(game, order("move", "a", path=["mont-atlas"]), "move.illegal")  # not adjacent
    refused(game, order("move", "a", path=["marches-azues", "cap-boreal", "azaea"]), "move.bad_path")
    refused(game, order("move", "a", path=[]), "move.bad_path")
    refused(game, order("move", "a", path=["cap-boreal", "azaea"]), "move.illegal")  # back where it was
    refused(game, order("move", "a", path=["atlantide"]), "order.unknown_territory")
    act(game, order("move", "a", path=["marches-azues", "cap-boreal"]))
    assert game.state.players["a"].position == "cap-boreal"
    assert game.state.players["a"].came_from == "marches-azues"


@pytest.mark.parametrize("path", [["rivage-nereides"], ["marches-azues"], ["cap-boreal"]])
def test_one_step_anywhere_adjacent(path):
    game = two_players(pos_a="azaea")
    advance(game, "movement")
    events = act(game, order("move", "a", path=path))
    assert one(events, "moved")["to"] == path[-1]


def test_one_step_into_enemy_land():
    game = two_players(pos_a="cap-boreal", pos_b="baie-tritons")
    advance(game, "movement")
    act(game, order("move", "a", path="mestoria"))
    assert game.state.players["a"].position == "mestoria"


def test_an_enemy_army_stops_the_second_step():
    game = two_players(pos_a="azaea", pos_b="marches-azues")
    advance(game, "movement")
    refused(game, order("move", "a", path=["marches-azues", "cap-boreal"]), "move.illegal")
    act(game, order("move", "a", path=["cap-boreal", "marches-azues"]))  # into the enemy: the end of the move


def test_at_most_two_armies_in_a_territory():
    # "Seules 2 armées peuvent occuper le même territoire en même temps."
    game = three_players()
    put(game, "b", "cap-boreal")
    put(game, "c", "cap-boreal")
    advance(game, "movement")
    while game.state.acting[0] != "a":
        act(game, order("hold", game.state.acting[0]))
    refused(game, order("move", "a", path=["cap-boreal"]), "move.illegal")
    refused(game, order("move", "a", path=["marches-azues", "cap-boreal"]), "move.illegal")


@pytest.mark.parametrize("flag,code", [("halted", "move.halted"), ("reorganising", "move.reorganising")])
def test_halted_or_reorganising_armies_cannot_move(flag, code):
    # "le reste des unités refusent de se déplacer ce tour"; "L'armée ne pourra effectuer aucun mouvement pour
    # le tour."
    game = two_players()
    advance(game, "movement")
    setattr(game.state.players["a"], flag, True)
    refused(game, order("move", "a", path=["cap-boreal"]), code)
    act(game, order("hold", "a"))


# --------------------------------------------------------------------------- obligations


def test_an_army_that_must_leave_cannot_hold_while_it_can_go():
    # "Le tour suivant l'armée doit quitter le territoire."
    game = two_players(pos_a="mont-atlas")
    advance(game, "movement")
    game.state.players["a"].must_leave = True
    refused(game, order("hold", "a"), "move.must_leave", player="a")
    act(game, order("move", "a", path=["marches-azues"]))
    assert not game.state.players["a"].must_leave
    assert not view(game)["players"]["a"]["must_leave"]


def test_an_army_that_must_leave_but_cannot_holds():
    game = two_players(pos_a="mont-atlas")
    game.state.players["a"].must_leave = True
    advance(game, "movement")
    game.state.players["a"].halted = True
    act(game, order("hold", "a"))
    assert game.state.players["a"].must_leave  # still due


def retreat_state(pos: str, came_from: str, kind: str = "battle"):
    game = two_players(pos_a=pos)
    advance(game, "movement")
    p = game.state.players["a"]
    p.came_from, p.must_retreat, p.retreat_from, p.retreat_kind = came_from, True, pos, kind
    return game


def test_a_beaten_army_retreats_to_its_start_or_an_adjacent_own_territory():
    # "Il doit battre retraite dans son territoire de départ ou dans un territoire adjacent qui fait partie de
    # son royaume."
    game = retreat_state("val-mestor", came_from="volcan-evenor")  # came from Atlantean land
    err = refused(game, order("hold", "a"), "move.must_retreat")
    assert err.params["options"] == "marches-azues, volcan-evenor"
    refused(game, order("move", "a", path=["mont-atlas"]), "move.illegal")  # Atlantean, not the start
    refused(game, order("move", "a", path=["mestoria"]), "move.illegal")  # enemy land
    act(game, order("move", "a", path=["volcan-evenor"]))
    assert not game.state.players["a"].must_retreat


def test_the_start_territory_is_no_refuge_once_conquered_or_occupied():
    # "Si la retraite est impossible (par exemple le territoire de départ a été conquis), l'armée est détruite."
    game = retreat_state("val-mestor", came_from="terres-myrine")
    own(game, "b", "terres-myrine")  # the start has been conquered by b
    put(game, "b", "marches-azues")  # and b's army stands in a's only adjacent territory
    events = act(game, order("hold", "a"), [4])  # the general comes home on 4+
    ev = one(events, "army_destroyed", player="a")
    assert ev["reason"] == "no_retreat"
    p = game.state.players["a"]
    assert p.army is None and p.position is None and p.returning is not None
    assert p.returning.model_count == 20  # "50% des survivants": 10 + 10


def test_the_survivors_of_a_destroyed_army_are_back_at_the_capital_next_turn():
    # "Ces figurines seront disponibles au début du tour suivant dans le territoire de la capitale de la colonie."
    game = retreat_state("val-mestor", came_from="terres-myrine")
    own(game, "b", "terres-myrine")
    put(game, "b", "marches-azues")
    act(game, order("hold", "a"), [4])  # the general comes home on 4+
    assert game.state.acting == ["b"]
    act(game, order("hold", "b"))
    events = advance(game, "events", turn=2)
    ev = one(events, "army_reformed", player="a")
    assert ev["territory"] == "azaea" and ev["models"] == 20
    assert game.state.players["a"].position == "azaea"


def test_a_crushed_army_retreats_to_its_start_else_to_any_adjacent_territory():
    # "Le tour suivant l'armée doit battre en retraite dans son territoire de départ, ou dans un territoire
    # adjacent en cas d'impossibilité."
    game = retreat_state("mont-atlas", came_from="marches-azues", kind="crushed")
    err = refused(game, order("hold", "a"), "move.must_retreat")
    assert err.params["options"] == "marches-azues"
    refused(game, order("move", "a", path=["val-mestor"]), "move.illegal")
    # start impossible (two armies there already): any adjacent territory with room
    game = three_players(pos=("mont-atlas", "marches-azues", "marches-azues"))
    advance(game, "movement")
    while game.state.acting[0] != "a":
        act(game, order("hold", game.state.acting[0]))
    p = game.state.players["a"]
    p.came_from, p.must_retreat, p.retreat_from, p.retreat_kind = "marches-azues", True, "mont-atlas", "crushed"
    err = refused(game, order("hold", "a"), "move.must_retreat")
    assert err.params["options"] == "atlantis-city, haut-pays-ampheres, pics-leucippe, val-mestor, volcan-evenor"
    act(game, order("move", "a", path=["val-mestor"]))


def test_an_ordinary_army_may_hold():
    game = two_players()
    advance(game, "movement")
    events = act(game, order("hold", "a"))
    assert types(events) == ["held"]
    assert game.state.acting == ["b"]
