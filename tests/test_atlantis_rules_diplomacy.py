"""Atlantis rules, phase 2: diplomacy (seed 000, "Diplomatie" and the "Effet d'un accord diplomatique"
paragraphs of the supply and movement phases)."""

from __future__ import annotations

import copy

import pytest

from atlantis_rules_kit import (PurposeDice, act, act_with, advance, agreed, army, campaign, next_phase, one, order, place,
                                put, refused, two_players, view)
from campagne.games.atlantis.state import PHASES


def in_diplomacy(**kw):
    game = two_players(**kw)
    advance(game, "diplomacy")
    return game


def agree(game, player="a", **fields):
    """`player` proposes the agreement and every other party confirms it."""
    fields.setdefault("parties", ["a", "b"])
    return agreed(game, player, **fields)


# --------------------------------------------------------------------------- agreements


def test_a_public_agreement_is_recorded_and_seen_by_everybody():
    # "Cette phase a pour objet d'établir des accords publics ou secrets entre joueurs."
    game = in_diplomacy()
    events = agree(game, text="Paix", public=True)
    ev = one(events, "agreement")
    assert ev["public"] and ev["text"] == "Paix" and ev["parties"] == ["a", "b"]
    for viewer in (None, "a", "b"):
        assert [a["text"] for a in view(game, viewer)["agreements"]] == ["Paix"]


def test_a_private_agreement_is_seen_only_by_its_parties():
    # "Dans les autres cas, l'accord peut être public ou privé selon le désir des joueurs."
    game = campaign(("a", army()), ("b", army()), ("c", army()))
    place(game, {"a": ("azues", "azaea"), "b": ("mestor", "mestoria"), "c": ("euamon", "euemonia")})
    advance(game, "diplomacy")
    events = agree(game, text="Renseignement", public=False)
    assert one(events, "agreement")["private"] == {"text": "Renseignement"}
    assert [a["text"] for a in view(game, "a")["agreements"]] == ["Renseignement"]
    assert [a["text"] for a in view(game, "b")["agreements"]] == ["Renseignement"]
    assert view(game, "c")["agreements"] == []
    assert len(view(game, None)["agreements"]) == 1


def test_an_advantage_traded_for_loot_must_be_public():
    # "Lors d'un échange avantage contre butin, l'accord doit être public."
    game = in_diplomacy()
    refused(game, order("agree", "a", parties=["a", "b"], public=False, loot=50, loot_from="a", loot_to="b",
                        grantor="b", passage=["a"]), "diplomacy.must_be_public")
    agree(game, public=True, loot=50, loot_from="a", loot_to="b", grantor="b", passage=["a"])
    assert game.state.players["a"].loot == 200 and game.state.players["b"].loot == 300


def test_a_private_permission_without_loot_and_a_private_transfer_are_allowed():
    # "Dans les autres cas, l'accord peut être public ou privé"; "s'accorder sur un transfert budgétaire
    # pour quelque raison que ce soit".
    game = in_diplomacy()
    agree(game, public=False, grantor="b", supply=["a"])
    agree(game, player="b", public=False, loot=20, loot_from="b", loot_to="a")
    refused(game, order("agree", "b", parties=["a", "b"], public=False, loot=20, loot_from="b", loot_to="a",
                        text="for your silence"), "diplomacy.must_be_public")  # terms traded for loot
    assert game.state.players["a"].loot == 270 and game.state.players["b"].loot == 230


def test_a_transfer_cannot_exceed_the_payers_loot():
    game = in_diplomacy()
    refused(game, order("agree", "a", parties=["a", "b"], loot=251, loot_from="a", loot_to="b"),
            "order.not_enough_loot", need=251, have=250)
    refused(game, order("agree", "a", parties=["a", "b"], loot=-5, loot_from="a", loot_to="b"), "order.negative")
    refused(game, order("agree", "a", parties=["a", "b"], loot=5, loot_from="a", loot_to="a"),
            "diplomacy.bad_transfer")


def test_agreements_need_two_real_parties_and_the_player_giving_the_order_is_one():
    game = in_diplomacy()
    refused(game, order("agree", "a", parties=["a"]), "diplomacy.bad_parties")
    refused(game, order("agree", "a", parties=[]), "diplomacy.bad_parties")
    refused(game, order("agree", "a", parties=["a", "zed"]), "diplomacy.bad_parties")
    refused(game, order("agree", "a", parties=["a", "a"]), "diplomacy.bad_parties")
    refused(game, order("agree", "a", parties="a,b"), "diplomacy.bad_parties")
    events = act(game, order("agree", "a", parties=["b"], text="Paix"))  # `campagne order a agree b`
    assert one(events, "agreement_proposed")["parties"] == ["a", "b"]


def test_nobody_spends_another_players_loot_nor_grants_passage_over_another_players_land():
    # « accords »: an agreement binds its parties once each has confirmed it. Before, c could record a's loot going
    # to b, or b's land opened to a, by his own order alone.
    game = campaign(("a", army()), ("b", army()), ("c", army()))
    place(game, {"a": ("azues", "azaea"), "b": ("mestor", "mestoria"), "c": ("euamon", "euemonia")})
    advance(game, "diplomacy")
    act(game, order("agree", "c", parties=["a", "b"], loot=100, loot_from="a", loot_to="b", grantor="b",
                    passage=["c"], public=True, text="c's scheme"))
    act(game, order("accept", "b", agreement=1))
    assert (game.state.players["a"].loot, game.state.players["b"].loot) == (250, 250)
    assert not game.state.permits("b", "c", "passage")  # a has not confirmed
    act(game, order("decline", "a", agreement=1))
    refused(game, order("accept", "a", agreement=1), "diplomacy.not_proposed")
    assert view(game)["agreements"][0]["status"] == "declined"
    act(game, order("agree", "b", parties=["a", "b"], loot=100, loot_from="a", loot_to="b"))
    act(game, order("accept", "a", agreement=2))  # the payer's own order hands the loot over
    assert (game.state.players["a"].loot, game.state.players["b"].loot) == (150, 350)


def test_a_proposal_not_confirmed_by_every_party_lapses_when_the_phase_closes():
    game = in_diplomacy()
    act(game, order("agree", "a", parties=["a", "b"], grantor="a", passage=["b"]))
    refused(game, order("accept", "a", agreement=1), "diplomacy.already_accepted")
    refused(game, order("break", "a", agreement=1), "diplomacy.not_in_force")
    events = next_phase(game)
    assert one(events, "agreement_lapsed")["waiting"] == ["b"]
    assert not game.state.permits("a", "b", "passage")


def test_the_payer_must_still_have_the_loot_when_the_agreement_binds():
    game = in_diplomacy()
    act(game, order("agree", "b", parties=["a", "b"], loot=200, loot_from="a", loot_to="b"))
    act(game, order("agree", "a", parties=["a", "b"], loot=100, loot_from="a", loot_to="b"))
    act(game, order("accept", "b", agreement=2))  # a pays 100 of his 250
    refused(game, order("accept", "a", agreement=1), "order.not_enough_loot", need=200, have=150)


def test_a_permission_is_granted_by_a_party_to_the_others():
    game = in_diplomacy()
    refused(game, order("agree", "a", parties=["a", "b"], passage=["a"]), "diplomacy.bad_grantor")
    refused(game, order("agree", "a", parties=["a", "b"], grantor="b", passage=["b"]), "diplomacy.bad_parties")
    refused(game, order("agree", "a", parties=["a", "b"], grantor="b", passage="a"), "order.bad_field")


@pytest.mark.parametrize("phase", [p for p in PHASES if p not in ("diplomacy", "supply")])
def test_agreements_are_made_in_the_diplomacy_phase_only(phase):
    game = two_players()
    advance(game, phase)
    refused(game, order("agree", "a", parties=["a", "b"], text="x"), "order.wrong_phase")


def test_the_supply_phase_takes_only_announced_supply_permissions():
    # "Le joueur offrant cette possibilité doit l'annoncer clairement aux autres joueurs durant cette
    # phase d'évaluation du ravitaillement."
    game = two_players()
    advance(game, "supply")
    refused(game, order("agree", "a", parties=["a", "b"], text="x"), "diplomacy.supply_phase_only_supply")
    refused(game, order("agree", "a", parties=["a", "b"], grantor="a", supply=["b"], public=False),
            "diplomacy.supply_phase_only_supply")
    refused(game, order("agree", "a", parties=["a", "b"], grantor="a", passage=["b"]),
            "diplomacy.supply_phase_only_supply")
    game.push(order("agree", "a", parties=["a", "b"], grantor="a", supply=["b"]))
    entry = game.push(order("accept", "b", agreement=1))
    kinds = [ev["type"] for ev in entry.events]
    assert kinds[:2] == ["agreement_accepted", "agreement"] and "supply_route" in kinds  # routes evaluated again


# --------------------------------------------------------------------------- breaking


@pytest.mark.parametrize("phase", PHASES)
def test_agreements_can_be_broken_in_every_phase(phase):
    # "Attention, Les joueurs ne sont pas tenus de respecter leurs accords diplomatiques. Ils peuvent être
    # rompu au début de chaque phase du jeu."
    game = in_diplomacy()
    agree(game, grantor="b", passage=["a"], supply=["a"], taxes=["a"])
    advance(game, phase, turn=2)
    assert game.state.permits("b", "a", "passage")
    events = act_with(game, order("break", "b", agreement=1), PurposeDice({}))
    assert one(events, "agreement_broken")["phase"] == phase
    for what in ("passage", "supply", "taxes"):
        assert not game.state.permits("b", "a", what)
    assert view(game)["agreements"][0]["broken_by"] == "b"


def test_only_a_party_breaks_an_agreement_and_only_once():
    game = campaign(("a", army()), ("b", army()), ("c", army()))
    place(game, {"a": ("azues", "azaea"), "b": ("mestor", "mestoria"), "c": ("euamon", "euemonia")})
    advance(game, "diplomacy")
    agree(game, grantor="b", passage=["a"])
    refused(game, order("break", "c", agreement=1), "diplomacy.unknown_agreement")
    refused(game, order("break", "a", agreement=7), "diplomacy.unknown_agreement")
    act(game, order("break", "a", agreement=1))
    refused(game, order("break", "b", agreement=1), "diplomacy.already_broken")


def test_breaking_does_not_give_the_loot_back():
    game = in_diplomacy()
    agree(game, loot=100, loot_from="a", loot_to="b", grantor="b", passage=["a"])
    act(game, order("break", "b", agreement=1))
    assert (game.state.players["a"].loot, game.state.players["b"].loot) == (150, 350)


# --------------------------------------------------------------------------- effects honoured by the phases


def test_passage_lets_an_army_cross_the_grantors_land_until_broken():
    # "Pendant la phase de diplomatie, un joueur peut autoriser une armée ennemie à passer dans un ces
    # territoires ... ces accords diplomatiques peuvent être rompus à tout moment."
    # Without it: "2 territoires si ces derniers lui appartiennent" only.
    game = two_players(pos_a="cap-boreal", pos_b="baie-tritons")
    advance(game, "diplomacy")
    agree(game, grantor="b", passage=["a"])
    advance(game, "movement")
    assert game.state.acting[0] == "a"
    saved = copy.deepcopy(game.state)
    act(game, order("move", "a", path=["mestoria", "val-mestor"]))
    assert game.state.players["a"].position == "val-mestor"
    # The same move once the agreement is broken (at any moment) is refused.
    game.state = saved
    act(game, order("break", "b", agreement=1))
    refused(game, order("move", "a", path=["mestoria", "val-mestor"]), "move.illegal")
    act(game, order("move", "a", path=["mestoria"]))  # one territory into enemy land is always allowed


def test_passage_lets_an_army_cross_a_territory_the_grantors_army_occupies():
    # "laisser une armée ennemie traverser un territoire occupé"
    game = two_players(pos_a="cap-boreal", pos_b="mestoria")
    advance(game, "diplomacy")
    agree(game, grantor="b", passage=["a"])
    advance(game, "movement")
    act(game, order("move", "a", path=["mestoria", "val-mestor"]))
    assert game.state.players["a"].position == "val-mestor"


def test_passage_through_own_land_occupied_by_the_grantor():
    game = two_players(pos_a="azaea")
    put(game, "b", "marches-azues")  # b's army stands in a's land
    advance(game, "diplomacy")
    agree(game, grantor="b", passage=["a"])
    advance(game, "movement")
    act(game, order("move", "a", path=["marches-azues", "cap-boreal"]))
    assert game.state.players["a"].position == "cap-boreal"


def test_supply_permission_opens_the_route_until_broken():
    # "Un ennemi peut autoriser le train de ravitaillement à traverser l'un de ses territoires ou donner
    # l'ordre à son armée de ne pas intercepter le convoi."
    game = two_players()
    put(game, "a", "val-mestor")  # a's army in b's land; its way home is through marches-azues
    put(game, "b", "marches-azues")  # where b's army stands
    advance(game, "diplomacy")
    agree(game, grantor="b", supply=["a"])
    events = advance(game, "supply")
    assert one(events, "supply_route", player="a")["route"] == ["val-mestor", "marches-azues", "azaea"]
    assert game.state.players["a"].supplied
    # Broken in the supply phase itself ("au début de chaque phase"): the route is looked at again.
    events = act(game, order("break", "b", agreement=1))
    assert one(events, "supply_route", player="a")["supplied"] is False
    assert not game.state.players["a"].supplied
    act(game, order("supply-spend", "a", loot=50))  # now a may bargain


def test_tax_permission_lets_the_owner_tax_a_territory_the_grantors_army_occupies():
    # "laisser un prélèvement d'impôt sur un territoire où une armée ennemie stationne"
    game = two_players()
    put(game, "b", "cap-boreal")
    advance(game, "diplomacy")
    agree(game, grantor="b", taxes=["a"])
    advance(game, "diplomacy", turn=2)
    events = next_phase(game)  # diplomacy -> loot: taxes
    assert one(events, "taxes", player="a")["amount"] == 25 + 5 + 10
    act(game, order("break", "b", agreement=1))
    advance(game, "diplomacy", turn=3)
    events = next_phase(game)
    assert one(events, "taxes", player="a")["amount"] == 25 + 5


def test_a_permission_granted_by_a_third_party_does_not_count():
    game = campaign(("a", army()), ("b", army()), ("c", army()))
    place(game, {"a": ("azues", "cap-boreal"), "b": ("mestor", "baie-tritons"), "c": ("euamon", "euemonia")})
    advance(game, "diplomacy")
    agree(game, player="a", parties=["a", "c"], grantor="c", passage=["a"])
    advance(game, "movement")
    while game.state.acting[0] != "a":
        act(game, order("hold", game.state.acting[0]))
    refused(game, order("move", "a", path=["mestoria", "val-mestor"]), "move.illegal")


def test_computer_players_answer_the_agreements_proposed_to_them():
    import random

    from campagne.games.atlantis.ai import next_computer_order
    game = campaign(("a", army()), ("g", army()), ("r", army()), controllers={"g": "greedy", "r": "absent"})
    place(game, {"a": ("azues", "azaea"), "g": ("mestor", "mestoria"), "r": ("euamon", "euemonia")})
    advance(game, "diplomacy")
    act(game, order("agree", "a", parties=["a", "g"], text="Paix"))  # binds g, gives him nothing: declined
    act(game, order("agree", "a", parties=["a", "g", "r"], loot=10, loot_from="a", loot_to="g", public=True))
    rng = random.Random(1)
    assert next_computer_order(game.state, rng) == {"type": "decline", "player": "g", "agreement": 1}
    act(game, order("decline", "g", agreement=1))
    assert next_computer_order(game.state, rng) == {"type": "accept", "player": "g", "agreement": 2}
    act(game, order("accept", "g", agreement=2))
    assert next_computer_order(game.state, rng) is None  # the absent player answers nothing: it lapses
