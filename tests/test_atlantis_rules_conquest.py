"""Atlantis rules, phase 7: conquest (seed 000, "Conquête": right of passage, conquering Atlantean land and
an enemy player's land)."""

from __future__ import annotations

import pytest
from atlantis_rules_kit import (
    act,
    advance,
    army,
    both_frontal,
    one,
    order,
    own,
    put,
    ref,
    refused,
    two_players,
    unit,
    view,
)

# Six infantry units (WS 3, "+2 Par unité d'infanterie"): combat strength 12 with a Ld 8 general.
STRONG = army(units=[unit(f"foot{i}", models=10) for i in range(1, 7)])


def at_conquest(target: str, start: str = "azaea", a: dict | None = None, ld: int | None = 8, pos_b="mestoria"):
    """a's army (strength 12) walks from `start` into `target`; the campaign is in the conquest phase."""
    a = a or (STRONG if ld == 8 else army(ld=ld, units=STRONG["units"]))
    game = two_players(pos_a=start, pos_b=pos_b, a=a)
    advance(game, "movement")
    while game.state.acting[0] != "a":
        act(game, order("hold", game.state.acting[0]))
    act(game, order("move", "a", path=[target]))
    advance(game, "conquest")
    return game


# --------------------------------------------------------------------------- right of passage


def test_an_army_in_atlantean_land_must_negotiate_or_attack():
    # "Un général qui pénètre sur un territoire Atlante a deux possibilités : 1. Négocier un droit de passage
    # 2. Conquérir le territoire."
    game = at_conquest("rivage-nereides")
    assert view(game)["awaiting"] == ["a"]
    refused(game, ref("next"), "phase.waiting", players="a")


def test_passage_succeeds_on_5_or_6_and_the_army_may_stay_this_turn():
    # TABLE DU DROIT DE PASSAGE: "1-4 Echec de la négociation", "5-6 Réussite de la négociation".
    # "Réussite : l'armée peut stationner pour le tour dans le territoire."
    game = at_conquest("rivage-nereides")
    events = act(game, order("negotiate", "a"), [5])
    ev = one(events, "passage")
    assert (ev["result"], ev["territory"]) == ("success", "rivage-nereides")
    p = game.state.players["a"]
    assert p.passage == "rivage-nereides" and view(game)["players"]["a"]["passage"] == "rivage-nereides"
    assert view(game)["awaiting"] == []
    refused(game, order("conquer", "a"), "conquest.nothing_to_conquer")
    act(game, ref("next"))


def test_after_a_passage_the_army_must_move_negotiate_again_or_attack_next_turn():
    # "Le tour d'après l'armée devra se déplacer, négocier le droit de rester ou attaquer le territoire."
    game = at_conquest("rivage-nereides")
    act(game, order("negotiate", "a"), [6])
    advance(game, "conquest", turn=2)  # a held in the movement phase
    assert game.state.players["a"].passage is None
    assert view(game)["awaiting"] == ["a"]
    act(game, order("negotiate", "a"), [6])


@pytest.mark.parametrize("bribe,d6,result", [(0, 4, "failure"), (50, 4, "success"), (100, 3, "success"),
                                             (100, 2, "failure"), (149, 2, "failure")])
def test_each_50_loot_of_bribes_gives_plus_1(bribe, d6, result):
    # "+1 Par 50 points de butin dépensés (corruption)"
    game = at_conquest("rivage-nereides")
    events = act(game, order("negotiate", "a", bribe=bribe), [d6])
    assert one(events, "passage")["result"] == result
    assert game.state.players["a"].loot == 250 - bribe


@pytest.mark.parametrize("ld,d6,result", [(None, 6, "failure"), (7, 5, "failure"), (7, 6, "success"),
                                          (8, 5, "success"), (9, 4, "success"), (10, 3, "success"),
                                          (10, 2, "failure")])
def test_the_generals_leadership_modifies_the_passage_roll(ld, d6, result):
    # "-2 Pas de Général", "-1 Général à 7- en Leadership", "+1 Général à 9 en Leadership",
    # "+2 Général à 10 en Leadership"
    game = at_conquest("rivage-nereides", ld=ld)
    events = act(game, order("negotiate", "a"), [d6])
    assert one(events, "passage")["result"] == result


def test_a_general_killed_in_battle_counts_as_no_general():
    game = at_conquest("rivage-nereides")
    game.state.players["a"].army.general.alive = False
    events = act(game, order("negotiate", "a"), [6])
    ev = one(events, "passage")
    assert ev["result"] == "failure" and {"key": "no_general", "value": -2} in ev["lookup"]["modifiers"]


def test_a_bad_omen_makes_a_leadership_8_general_a_7():
    game = at_conquest("rivage-nereides")
    game.state.players["a"].leadership_mod = -1  # "Mauvais Présage ... -1 en Leadership pour le tour"
    events = act(game, order("negotiate", "a"), [5])
    assert one(events, "passage")["result"] == "failure"


def test_after_a_failure_the_army_withdraws_to_where_it_came_from_or_attacks():
    # "Echec : l'armée peut se retirer dans le territoire d'où il vient ou attaquer l'atlante (conquête)."
    game = at_conquest("rivage-nereides")
    act(game, order("negotiate", "a"), [1])
    assert view(game)["awaiting"] == ["a"]
    refused(game, order("negotiate", "a"), "conquest.already_negotiated")
    events = act(game, order("withdraw", "a"))
    assert one(events, "withdrew") == {"type": "withdrew", "player": "a", "from": "rivage-nereides", "to": "azaea"}
    assert game.state.players["a"].position == "azaea" and view(game)["awaiting"] == []


def test_if_the_origin_is_not_free_the_army_must_attack():
    # "Si le territoire d'où il vient n'est pas libre, l'armée doit attaquer l'atlante (conquête)."
    game = at_conquest("rivage-nereides")
    put(game, "b", "azaea")
    act(game, order("negotiate", "a"), [1])
    refused(game, order("withdraw", "a"), "conquest.origin_not_free", territory="azaea")
    act(game, order("conquer", "a"), [1, 1, 2])


def test_withdrawal_only_after_a_failed_negotiation():
    game = at_conquest("rivage-nereides")
    refused(game, order("withdraw", "a"), "conquest.cannot_withdraw")
    act(game, order("negotiate", "a"), [6])
    refused(game, order("withdraw", "a"), "conquest.cannot_withdraw")


def test_negotiation_is_for_atlantean_land():
    game = at_conquest("val-mestor", start="marches-azues")
    refused(game, order("negotiate", "a"), "conquest.nothing_to_negotiate")
    game = two_players()
    advance(game, "conquest")
    refused(game, order("negotiate", "a"), "conquest.nothing_to_negotiate")
    refused(game, order("conquer", "a"), "conquest.nothing_to_conquer")


# --------------------------------------------------------------------------- conquering Atlantean land
# Rivage des Néréides (a plain of Ampheres, whose capital is Atlantean): defence 6 + 2D6 + 1.


def conquer(game, faces, bribe=0):
    return one(act(game, order("conquer", "a", bribe=bribe), faces), "conquest")


def test_5_or_more_takes_the_territory_easily_for_200_loot():
    # "5+ L'armée prend facilement le territoire. L'armée récupère 200 points de butin."
    game = at_conquest("rivage-nereides")
    ev = conquer(game, [1, 1], bribe=100)  # attack 12 + 2 vs 6 + 2 + 1 = 9
    assert (ev["result"], ev["rounds"][0]["difference"], ev["loot"]) == ("taken_easily", 5, 200)
    assert game.state.players["a"].loot == 250 - 100 + 200
    assert game.state.owners["rivage-nereides"] == "a" and game.state.players["a"].army.model_count == 60
    # "Une fois conquis, le territoire devient membre de la colonie du joueur."
    assert "rivage-nereides" in view(game)["players"]["a"]["territories"]
    assert view(game)["awaiting"] == []


def test_3_to_4_takes_it_for_100_loot_and_1d3_models():
    # "3 à 4 L'armée prend le territoire après un combat âpre. L'armée récupère 100 points de butin mais perd
    # 1D3 figurines."
    game = at_conquest("rivage-nereides")
    ev = conquer(game, [1, 1, 3])  # 12 vs 9
    assert (ev["result"], ev["loot"], ev["rounds"][0]["losses"]) == ("taken", 100, [{"unit": "foot1", "models": 1},
                                                                                      {"unit": "foot2", "models": 1},
                                                                                      {"unit": "foot3", "models": 1}])
    assert game.state.players["a"].army.model_count == 57 and game.state.owners["rivage-nereides"] == "a"


def test_1_to_2_indecisive_costs_1d3_and_gives_plus_1_for_the_next_round():
    # "1 à 2 Le combat est indécis. L'attaquant perd 1D3 figurines mais gagne un bonus de 1 à sa force
    # d'attaque." "En cas d'indécision dans la conquête, on recalcule la force du défenseur et on applique les
    # modificateurs à la force de l'attaque."
    game = at_conquest("rivage-nereides")
    ev = conquer(game, [2, 2, 1] + [3, 3, 2] + [1, 1, 1])
    assert [(r["attack"], r["defence"], r["result"]) for r in ev["rounds"]] == [
        (12, 11, "indecisive"), (13, 13, "very_indecisive"), (13, 9, "taken")]
    assert [sum(x["models"] for x in r["losses"]) for r in ev["rounds"]] == [1, 2, 1]
    assert game.state.owners["rivage-nereides"] == "a" and game.state.players["a"].army.model_count == 56


def test_0_very_indecisive_costs_1d3_and_changes_nothing():
    # "0 Le combat est très indécis. L'attaquant perd 1D3 figurines." ("0 On cas de combat très indécis")
    game = at_conquest("rivage-nereides")
    ev = conquer(game, [2, 3, 2] + [1, 1, 1])
    assert [(r["attack"], r["defence"], r["result"]) for r in ev["rounds"]] == [
        (12, 12, "very_indecisive"), (12, 9, "taken")]
    assert game.state.players["a"].army.model_count == 60 - 2 - 1


def test_minus_1_to_2_strongly_indecisive_costs_1d3_and_gives_minus_1_cumulatively():
    # "-1 à -2 Le combat est fortement indécis. L'attaquant perd 1D3 figurines et reçoit un malus de 1 à sa
    # force." "Ces modificateurs sont cumulatifs pour la phase de conquête."
    game = at_conquest("rivage-nereides")
    ev = conquer(game, [3, 3, 1] + [3, 3, 1] + [1, 1, 1] + [1, 1, 1] + [1, 1, 1])
    assert [(r["attack"], r["defence"], r["result"]) for r in ev["rounds"]] == [
        (12, 13, "strongly_indecisive"), (11, 13, "strongly_indecisive"), (10, 9, "indecisive"),
        (11, 9, "indecisive"), (12, 9, "taken")]


def test_the_bribe_counts_for_the_whole_conquest_and_is_paid_once():
    # "+1 Par 50 points de butin dépensés (corruption, valable pour toute la conquête)"
    game = at_conquest("rivage-nereides")
    ev = conquer(game, [3, 3, 1] + [1, 1, 1], bribe=50)
    assert [(r["attack"], r["result"]) for r in ev["rounds"]] == [(13, "very_indecisive"), (13, "taken")]
    assert game.state.players["a"].loot == 250 - 50 + 100


def test_minus_3_to_4_beaten_costs_1d6_and_the_army_must_leave_next_turn():
    # "-3 à -4 L'attaquant se fait battre après un rude combat. Il perd 1D6 figurines. Le tour suivant l'armée
    # doit quitter le territoire."
    game = at_conquest("rivage-nereides")
    ev = conquer(game, [4, 4, 5])  # 12 vs 15
    assert ev["result"] == "beaten" and sum(x["models"] for x in ev["rounds"][0]["losses"]) == 5
    p = game.state.players["a"]
    assert p.must_leave and not p.must_retreat and game.state.owners["rivage-nereides"] is None
    assert view(game)["awaiting"] == []
    advance(game, "movement", turn=2)
    refused(game, order("hold", "a"), "move.must_leave")


def test_minus_5_crushed_costs_2d6_and_the_army_must_retreat_next_turn():
    # "-5 L'attaquant se fait écrasée par le défenseur. Il perd 2D6 figurines. Le tour suivant l'armée doit battre
    # en retraite dans son territoire de départ, ou dans un territoire adjacent en cas d'impossibilité."
    game = at_conquest("rivage-nereides")
    ev = conquer(game, [5, 5, 6, 5])  # 12 vs 17
    assert ev["result"] == "crushed" and sum(x["models"] for x in ev["rounds"][0]["losses"]) == 11
    assert ev["loot"] == 0 and game.state.players["a"].loot == 250
    p = game.state.players["a"]
    assert p.must_retreat and p.retreat_kind == "crushed"
    advance(game, "movement", turn=2)
    err = refused(game, order("hold", "a"), "move.must_retreat")
    assert err.params["options"] == "azaea"


@pytest.mark.parametrize("territory,mods", [
    ("rivage-nereides", {"capital_unconquered": 1}),
    ("haut-pays-ampheres", {"capital_unconquered": 1}),
    ("ampheria", {"capital_unconquered": 1, "capital": 1, "forest": 1}),
    ("mont-atlas", {"capital_unconquered": 1, "atlantis": 2, "mountain": 2}),
    ("atlantis-city", {"capital_unconquered": 1, "capital": 1, "atlantis": 2}),
])
def test_the_defenders_modifiers(territory, mods):
    # FORCE DU DEFENSEUR: "Force = 6 + 2D6"; "+1 Si la capitale du royaume n'est pas conquise", "+1 Si le
    # territoire attaqué est la capitale du royaume", "+2 Si le territoire attaqué appartient au royaume
    # d'Atlantis", "+1 Si le territoire est de type forêt", "+2 Si le territoire est de type montagne"
    start = {"ampheria": "rivage-nereides", "mont-atlas": "marches-azues", "atlantis-city": "mont-atlas",
             "haut-pays-ampheres": "marches-azues"}.get(territory, "azaea")
    game = at_conquest(territory, start=start)
    defence = 6 + 2 + sum(mods.values())
    diff = 12 + 5 - defence  # every loot on bribes: 5 × 50
    ev = conquer(game, [1, 1] + ([1] if diff < 5 else []), bribe=250)
    assert dict(ev["defender_modifiers"]) == {k: 1 for k in mods}
    assert ev["rounds"][0]["defence"] == defence


def test_a_conquered_capital_no_longer_helps_its_kingdom():
    game = at_conquest("rivage-nereides")
    own(game, "b", "ampheria")
    ev = conquer(game, [1, 1], bribe=100)
    assert ev["defender_modifiers"] == [] and ev["rounds"][0]["defence"] == 8


def test_bribes_are_paid_from_the_loot():
    game = at_conquest("rivage-nereides")
    refused(game, order("conquer", "a", bribe=251), "order.not_enough_loot")
    refused(game, order("conquer", "a", bribe=-50), "order.negative")
    refused(game, order("negotiate", "a", bribe=300), "order.not_enough_loot")


# --------------------------------------------------------------------------- conquering an enemy player's land
# Val de Mestor (a mountain of b's colony, whose capital b holds): defence 6 + 2D6 + 1 + 2 (+1 per fortress).


def in_val_mestor(fortresses: int = 0):
    game = two_players(pos_a="marches-azues", a=STRONG)
    advance(game, "loot")
    for _ in range(fortresses):
        act(game, order("fortress", "b", territory="val-mestor"))
    advance(game, "movement")
    act(game, order("move", "a", path=["val-mestor"]))
    advance(game, "conquest")
    return game


def test_an_enemy_players_land_without_his_army_may_be_attacked_but_need_not_be():
    # "Pour annexer un territoire appartenant à un joueur adverse, le joueur doit se défaire des troupes en
    # garnisons dans ce territoire."
    game = in_val_mestor()
    assert view(game)["awaiting"] == []
    ev = conquer(game, [1, 1, 1], bribe=100)  # 14 vs 6 + 2 + 1 (capital held) + 2 (mountain) = 11
    assert ev["rounds"][0]["defence"] == 11 and ev["result"] == "taken"
    assert dict(ev["defender_modifiers"]) == {"capital_unconquered": 1, "mountain": 1}


def test_each_fortress_adds_1_to_the_defence():
    # "+1 Par forteresse présente dans le territoire"
    game = in_val_mestor(fortresses=2)
    ev = conquer(game, [1, 1, 1] + [1, 1, 1] + [1, 1, 6])
    assert [r["defence"] for r in ev["rounds"]] == [6 + 2 + 3 + 2] * 3
    assert ev["result"] == "beaten"
    assert ["fortress", 2] in ev["defender_modifiers"]


def test_fortresses_of_atlantean_land_do_not_count():
    game = at_conquest("rivage-nereides")
    game.state.fortresses["rivage-nereides"] = 2
    ev = conquer(game, [1, 1], bribe=100)
    assert ev["rounds"][0]["defence"] == 9


def test_a_conquered_player_territory_changes_hands_but_its_owner_keeps_his_loot():
    # "Le butin est pris sur les richesses que les atlantes avaient réussis à protéger. Il n'est pas déduit du
    # butin du défenseur." "Une fois conquis, le territoire devient membre de la colonie du joueur"
    game = in_val_mestor()
    ev = conquer(game, [1, 1], bribe=200)  # 16 vs 11
    assert (ev["result"], ev["loot"], ev["from"]) == ("taken_easily", 200, "b")
    s = game.state
    assert s.owners["val-mestor"] == "a" and s.players["a"].loot == 250
    assert s.players["b"].loot == 250


def test_crushed_in_enemy_land_costs_1d6_models_and_50_loot():
    # "-5 L'attaquant se fait écrasée par le défenseur. Il perd 1D6 figurines et 50 points de butin."
    game = in_val_mestor()
    ev = conquer(game, [5, 6, 4])  # 12 vs 6 + 11 + 3 = 20: -8
    assert ev["result"] == "crushed" and ev["loot"] == -50
    assert sum(x["models"] for x in ev["rounds"][0]["losses"]) == 4
    assert game.state.players["a"].loot == 200 and game.state.players["a"].must_retreat
    assert game.state.players["b"].loot == 250


def test_crushed_with_less_than_50_loot_loses_what_there_is():
    # Interpretation: loot never goes below 0.
    game = in_val_mestor()
    game.state.players["a"].loot = 30
    ev = conquer(game, [5, 6, 4])
    assert ev["loot"] == -30 and game.state.players["a"].loot == 0


def test_beaten_in_enemy_land_costs_1d6_models_and_the_army_must_leave():
    game = in_val_mestor()
    ev = conquer(game, [3, 3, 2])  # 12 vs 6 + 6 + 3 = 15: -3
    assert ev["result"] == "beaten" and game.state.players["a"].must_leave
    assert game.state.players["a"].army.model_count == 58


def test_no_conquest_while_an_enemy_army_is_there():
    game = two_players(pos_a="marches-azues", pos_b="val-mestor", a=STRONG)
    advance(game, "conquest")  # a stands in its own land, b in its own
    put(game, "a", "val-mestor")  # with b's army: the battle decides
    refused(game, order("conquer", "a"), "conquest.nothing_to_conquer")


def test_one_conquest_a_turn():
    game = in_val_mestor()
    conquer(game, [1, 1], bribe=200)
    refused(game, order("conquer", "a"), "conquest.nothing_to_conquer")


def test_the_winner_of_a_battle_in_atlantean_land_then_faces_the_atlanteans_and_the_loser_does_not():
    game = two_players(pos_a="marches-azues", pos_b="val-mestor")
    advance(game, "movement")
    act(game, order("move", "a", path=["mont-atlas"]))
    act(game, order("move", "b", path=["mont-atlas"]))
    act(game, ref("next"))
    both_frontal(game)
    act(game, ref("battle-result", territory="mont-atlas", winner="b"))
    act(game, ref("next"))
    assert game.state.phase == "conquest" and view(game)["awaiting"] == ["b"]
    refused(game, order("negotiate", "a"), "conquest.nothing_to_negotiate")


@pytest.mark.parametrize("kind", ["negotiate", "conquer", "withdraw"])
def test_conquest_orders_only_in_the_conquest_phase(kind):
    game = two_players()
    advance(game, "movement")
    refused(game, order(kind, "a"), "order.wrong_phase")


def test_an_eliminated_player_gives_no_orders():
    game = at_conquest("rivage-nereides")
    game.state.players["a"].eliminated = True
    refused(game, order("negotiate", "a"), "order.eliminated")
