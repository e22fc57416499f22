"""Atlantis rules, phase 3: loot (seed 000, "Butin": taxes, reinforcements, fortresses, reorganisation)."""

from __future__ import annotations

import pytest

from atlantis_rules_kit import (act, advance, army, next_phase, one, order, own, put, refused, two_players, types,
                                unit, view)
from campagne.games.atlantis.state import PHASES


def loot_phase(turn: int = 1, **kw):
    game = two_players(**kw)
    advance(game, "loot", turn=turn)
    return game


def taxes_on_turn_2(game) -> list[dict]:
    advance(game, "diplomacy", turn=2)
    return next_phase(game)  # diplomacy -> loot: the taxes are collected


# --------------------------------------------------------------------------- taxes


def test_no_taxes_on_the_first_turn():
    # "A partir du deuxième tour de jeu, à chaque phase de gestion du butin, les gouverneurs perçoivent les
    # impôts qui leur sont dus."
    game = two_players()
    advance(game, "diplomacy")
    events = next_phase(game)
    assert game.state.phase == "loot" and "taxes" not in types(events)
    assert game.state.players["a"].loot == 250


def test_taxes_from_the_second_turn_by_the_tax_table():
    # TABLE DES IMPOTS: "Territoire avec cité 25", "Plaine avec fleuve 15", "Plaine 10", "Forêts ou montagnes 5".
    # Azues: Azaéa (city) 25 + Marches d'Azues (forest) 5 + Cap Boréal (plain) 10.
    # Mestor: Mestoria (city, on a river: the city row) 25 + Val de Mestor (mountain) 5 + Baie des Tritons 5.
    game = two_players()
    events = taxes_on_turn_2(game)
    a, b = one(events, "taxes", player="a"), one(events, "taxes", player="b")
    assert a["amount"] == 40 and {x["territory"]: x["tax"] for x in a["territories"]} == {
        "azaea": 25, "marches-azues": 5, "cap-boreal": 10}
    assert b["amount"] == 35
    assert game.state.players["a"].loot == 290 and game.state.players["b"].loot == 285


def test_taxes_every_turn_after_the_first():
    game = two_players()
    taxes_on_turn_2(game)
    advance(game, "diplomacy", turn=3)
    next_phase(game)
    assert game.state.players["a"].loot == 250 + 40 + 40


@pytest.mark.parametrize("territory,tax", [("atlantis-city", 35), ("ampheria", 25), ("haut-pays-ampheres", 15),
                                           ("rivage-nereides", 10), ("pointe-hesperides", 5), ("mont-atlas", 5)])
def test_each_row_of_the_tax_table(territory, tax):
    # "Atlantis 35 / Territoire avec cité 25 / Plaine avec fleuve 15 / Plaine 10 / Forêts ou montagnes 5"
    game = two_players()
    own(game, "b", territory)
    events = taxes_on_turn_2(game)
    got = {x["territory"]: x["tax"] for x in one(events, "taxes", player="b")["territories"]}
    assert got[territory] == tax


def test_no_tax_from_a_territory_where_an_enemy_army_stands():
    # "Le taux d'imposition s'applique à chaque territoire appartenant à la colonie libre de toute présence
    # ennemie (armée)"
    game = two_players()
    put(game, "b", "cap-boreal")
    put(game, "a", "marches-azues")  # its own army does not stop the tax
    events = taxes_on_turn_2(game)
    assert one(events, "taxes", player="a")["amount"] == 25 + 5


def test_taxes_can_pay_for_reinforcements_in_the_same_phase():
    # "Les impôts sont collectés dans cette phase peuvent être utilisés pour acheter des renforts"
    game = two_players()
    advance(game, "diplomacy", turn=2)
    game.state.players["a"].loot = 0
    next_phase(game)
    act(game, order("buy", "a", unit="foot1", models=8))  # 8 × 5 = 40
    assert game.state.players["a"].loot == 0


# --------------------------------------------------------------------------- reinforcements bought


def test_one_loot_buys_one_army_point_arriving_with_the_reinforcements():
    # "On considère que 1 point de butin = 1 point d'armée." "Les troupes arrivent en phase d'arrivée des
    # renforts."
    game = loot_phase()
    events = act(game, order("buy", "a", unit="foot1", models=10))
    assert one(events, "reinforcements_bought")["cost"] == 50
    p = game.state.players["a"]
    assert p.loot == 200 and p.army.unit("foot1").models == 20  # not yet
    assert p.pending_reinforcements == [{"unit": "foot1", "models": 10, "cost": 50}]
    assert view(game)["players"]["a"]["pending_reinforcements"] == p.pending_reinforcements
    advance(game, "reinforcements")
    assert p.army.unit("foot1").models == 30 and p.pending_reinforcements == []


def test_a_new_unit_costs_its_points_in_loot():
    game = loot_phase()
    spec = unit("riders", kind="cavalry", models=5, ppm=20, extra_points=10)
    events = act(game, order("recruit", "a", unit=spec))
    assert one(events, "reinforcements_bought")["cost"] == 5 * 20 + 10
    assert game.state.players["a"].loot == 250 - 110
    advance(game, "reinforcements")
    assert game.state.players["a"].army.unit("riders").models == 5


def test_not_enough_loot_is_refused():
    game = loot_phase()
    refused(game, order("buy", "a", unit="foot1", models=51), "order.not_enough_loot", need=255, have=250)
    refused(game, order("recruit", "a", unit=unit("big", models=60, ppm=5)), "order.not_enough_loot")
    refused(game, order("buy", "a", unit="nobody", models=1), "order.unknown_unit")
    refused(game, order("buy", "a", unit="foot1", models=0), "order.negative")
    refused(game, order("buy", "a", unit="foot1", models="many"), "order.not_int")
    refused(game, order("recruit", "a", unit=unit("foot1")), "army.duplicate_unit")
    refused(game, order("recruit", "a", unit="foot3"), "order.bad_field")


# --------------------------------------------------------------------------- fortresses


def test_a_fortress_costs_50_loot_on_an_own_territory_two_at_most():
    # "Chaque forteresse coûte 50 points de butin." "Un territoire peut contenir jusqu'à deux forteresses."
    game = loot_phase()
    act(game, order("fortress", "a", territory="cap-boreal"))
    act(game, order("fortress", "a", territory="cap-boreal"))
    assert game.state.players["a"].loot == 150
    assert view(game)["territories"]["cap-boreal"]["fortresses"] == 2
    refused(game, order("fortress", "a", territory="cap-boreal"), "loot.max_fortresses")
    # "renforcer la défense de ces territoires": his own territories only.
    refused(game, order("fortress", "a", territory="mestoria"), "loot.not_yours")
    refused(game, order("fortress", "a", territory="mont-atlas"), "loot.not_yours")
    game.state.players["a"].loot = 49
    refused(game, order("fortress", "a", territory="azaea"), "order.not_enough_loot")


# --------------------------------------------------------------------------- reorganisation


def reorganised(points_units=None) -> dict:
    return army(units=points_units or [unit("foot1", models=30), unit("archers", kind="light_infantry", models=10)])


def test_an_army_in_its_city_may_reorganise_and_then_cannot_move_this_turn():
    # "Une armée se situant dans une cité peut se réorganiser. Le joueur peut recomposer sa liste d'armée ...
    # L'armée ne pourra effectuer aucun mouvement pour le tour."
    game = loot_phase()
    events = act(game, order("reorganise", "a", army=reorganised()))
    ev = one(events, "reorganised")
    assert (ev["points_before"], ev["points_after"]) == (300, 300)
    p = game.state.players["a"]
    assert [u.id for u in p.army.units] == ["foot1", "archers"] and p.reorganising
    advance(game, "movement")
    assert game.state.acting[0] == "a"
    refused(game, order("move", "a", path=["cap-boreal"]), "move.reorganising")
    act(game, order("hold", "a"))
    assert p.position == "azaea"
    advance(game, "movement", turn=2)
    assert not p.reorganising  # one turn only
    act(game, order("move", "a", path=["cap-boreal"]))


def test_reorganisation_only_in_an_own_city():
    game = two_players(pos_a="cap-boreal")
    advance(game, "loot")
    refused(game, order("reorganise", "a", army=reorganised()), "loot.not_in_city", territory="cap-boreal")
    put(game, "a", "mestoria")  # b's city
    refused(game, order("reorganise", "a", army=reorganised()), "loot.not_in_city")


def test_a_reorganisation_cannot_add_points():
    game = loot_phase()
    refused(game, order("reorganise", "a", army=army(units=[unit("foot1", models=41)])), "loot.reorganise_points",
            new=305, old=300)
    refused(game, order("reorganise", "a", army="mycenaean"), "order.bad_field")


def test_a_reorganisation_names_a_new_general_when_the_old_one_died():
    # "Le joueur peut recomposer sa liste d'armée et prendre un nouveau général si ce dernier était mort dans
    # une bataille."
    game = loot_phase()
    p = game.state.players["a"]
    p.army.general.alive = False  # killed in an earlier battle
    assert view(game)["players"]["a"]["army"]["strength"] == 4 - 2
    new = army(ld=7, units=[unit("foot1", models=20)])  # 100 + 100 points <= 200
    act(game, order("reorganise", "a", army=new))
    assert p.army.has_general and p.army.general.leadership == 7


def test_a_reorganisation_keeps_the_units_reinforcements_are_bought_for():
    game = loot_phase()
    act(game, order("buy", "a", unit="foot2", models=2))
    refused(game, order("reorganise", "a", army=army(units=[unit("foot1", models=30)])), "loot.reorganise_pending",
            unit="foot2")
    act(game, order("reorganise", "a", army=army(units=[unit("foot1", models=30), unit("foot2", models=10)])))
    advance(game, "reinforcements")
    assert game.state.players["a"].army.unit("foot2").models == 12


@pytest.mark.parametrize("phase", [p for p in PHASES if p != "loot"])
@pytest.mark.parametrize("kind,fields", [("buy", {"unit": "foot1", "models": 1}), ("fortress", {"territory": "azaea"}),
                                         ("reorganise", {"army": army()}), ("recruit", {"unit": unit("x")})])
def test_loot_orders_only_in_the_loot_phase(phase, kind, fields):
    game = two_players()
    advance(game, phase)
    refused(game, order(kind, "a", **fields), "order.wrong_phase")


def test_the_loot_phase_waits_for_nobody():
    game = loot_phase()
    assert view(game)["awaiting"] == []


def test_the_buy_and_fortress_choices_say_their_price():
    """`order --list` shows what each choice costs: a model's price, a fortress's loot."""
    from campagne.games.atlantis.data import constants
    from campagne.games.atlantis.legal import legal_orders
    game = loot_phase()
    listed = legal_orders(game.state, "a")
    buy = next(lo for lo in listed if lo.type == "buy")
    u = next(x for x in game.state.players["a"].army.units if x.id == buy.fixed["unit"])
    assert buy.fields[0].notes["each"]["en"] == f"{u.points_per_model} loot a model"
    fortress = next(lo for lo in listed if lo.type == "fortress")
    cost = constants()["fortress_cost"]
    assert all(n == {"fr": f"{cost} de butin", "en": f"{cost} loot"} for n in fortress.fields[0].notes.values())
    assert set(fortress.fields[0].notes) == set(fortress.fields[0].choices)
