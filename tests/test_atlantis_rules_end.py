"""Atlantis rules: the end of the campaign, eliminated players taking over an Atlantean kingdom, and the
orders every phase refuses (seed 000, "Déroulement", "Joueur éliminé", "Séquence de jeu")."""

from __future__ import annotations

import pytest

from atlantis_rules_kit import (RULES, act, advance, army, campaign, one, order, own, ref, refused, two_players, unit,
                                view)
from campagne.core.errors import CampagneError
from campagne.games.atlantis.state import PHASES

# --------------------------------------------------------------------------- the end


def ended(game, faces=()):
    events = act(game, ref("end"), faces)
    return one(events, "campaign_ended")


def test_the_most_territories_wins():
    # "A la fin de la campagne, le joueur qui détiendra le plus grand nombre de territoires de l'île aura gagné."
    game = two_players()
    advance(game, "movement")
    own(game, "b", "rivage-nereides")
    ev = ended(game)
    assert ev["winner"] == "b"
    assert [(r["player"], r["territories"], r["rank"]) for r in ev["standings"]] == [("b", 4, 1), ("a", 3, 2)]
    assert game.state.phase == "ended" and view(game)["standings"] == ev["standings"]


def test_on_a_tie_the_city_of_atlantis_wins():
    # "En cas d'égalité, le joueur possédant la cité d'Atlantis sera déclaré vainqueur."
    game = two_players()
    own(game, "a", "rivage-nereides")
    own(game, "b", "atlantis-city")
    game.state.players["a"].loot = 1000
    ev = ended(game)
    assert ev["winner"] == "b" and ev["standings"][0]["atlantis"]


def test_then_loot_plus_army_points():
    # "Si l'égalité persiste, le joueur ayant la somme (butin + point d'armée) la plus élevée remportera la
    # campagne."
    game = two_players(b=army(units=[unit("foot1", models=21), unit("foot2")]))  # 305 army points
    game.state.players["a"].loot = 256
    ev = ended(game)
    assert ev["winner"] == "a"
    assert {r["player"]: r["wealth"] for r in ev["standings"]} == {"a": 256 + 300, "b": 250 + 305}
    game = two_players(b=army(units=[unit("foot1", models=21), unit("foot2")]))
    game.state.players["a"].loot = 254
    assert ended(game)["winner"] == "b"


def test_then_a_d6_roll_off_rolled_again_on_ties():
    # "S'il y a encore égalité ... Eventuellement le duel peut être remplacé par le jet d'1D6"
    game = two_players()
    ev = ended(game, [4, 4, 2, 5])
    assert ev["winner"] == "b" and ev["rolloff"] == {"a": 2, "b": 5}
    assert [r["player"] for r in ev["standings"]] == ["b", "a"]


def test_the_end_is_declared_by_the_referee_in_any_phase_and_stops_everything():
    # "La fin de la campagne sera déclarée d'un commun accord."
    game = two_players()
    advance(game, "movement")
    own(game, "a", "mont-atlas")
    ended(game)
    for cmd in (ref("next"), order("hold", "a"), ref("end"), order("take-over", "a", kingdom="ampheres"),
                order("break", "a", agreement=1)):
        refused(game, cmd, "order.campaign_over")


def test_no_end_before_the_campaign_starts():
    refused(campaign("a", "b"), ref("end"), "order.wrong_phase")


# --------------------------------------------------------------------------- elimination and take-over


def eliminated_a(turn_phase: str = "events"):
    """a has lost all its territories and its army: it is eliminated when the next turn starts."""
    game = two_players()
    own(game, "b", "azaea", "marches-azues", "cap-boreal")
    game.state.players["a"].army, game.state.players["a"].position = None, None
    events = advance(game, turn_phase, turn=2)
    return game, events


def test_a_player_without_land_but_with_an_army_in_the_field_is_not_eliminated():
    # The seed does not define elimination; a club would not remove an army standing in enemy land: it may win
    # land back. Before, it was removed with the player as soon as his last territory was lost.
    game = two_players()
    own(game, "b", "azaea", "marches-azues", "cap-boreal")
    events = advance(game, "events", turn=2)
    assert not [e for e in events if e["type"] == "eliminated"]
    a = game.state.players["a"]
    assert not a.eliminated and a.army is not None and a.position == "azaea"


def test_a_player_with_no_territory_left_is_eliminated():
    game, events = eliminated_a()
    assert one(events, "eliminated") == {"type": "eliminated", "player": "a"}
    a = game.state.players["a"]
    assert a.eliminated and a.army is None and a.position is None
    assert view(game)["players"]["a"]["eliminated"]


def test_an_eliminated_player_may_take_over_an_atlantean_kingdom_with_its_royal_city():
    # "Un joueur éliminé pourra prendre le rôle d'un général Atlante (voir les évolutions) s'il veut continuer à
    # jouer. Il faut simplement qu'un royaume possédant au moins un territoire avec une cité royale soit
    # disponible."
    game, _ = eliminated_a()
    own(game, "b", "rivage-nereides")  # a kingdom partly conquered, its royal city still Atlantean
    events = act(game, order("take-over", "a", kingdom="ampheres", army=army()))
    ev = one(events, "take_over")
    assert sorted(ev["territories"]) == ["ampheria", "haut-pays-ampheres"]
    a = game.state.players["a"]
    assert (a.kingdom, a.position, a.eliminated, a.loot) == ("ampheres", "ampheria", False, 250)
    assert a.army.points == 300
    assert sorted(view(game)["players"]["a"]["territories"]) == ["ampheria", "haut-pays-ampheres"]
    # He plays on: taxed this very turn ("Territoire avec cité 25", "Plaine avec fleuve 15").
    advance(game, "loot", turn=2)
    assert a.loot == 250 + 25 + 15
    advance(game, "movement", turn=2)
    assert "a" in game.state.order


def test_the_default_army_of_a_general_taking_over_is_the_atlantean_list():
    # "prendre le rôle d'un général Atlante": by default he commands the packaged Atlantean army (the CLI's
    # default too), within the 1500 points of a colony.
    game, _ = eliminated_a()
    act(game, order("take-over", "a", kingdom="ampheres"))
    army_ = game.state.players["a"].army
    assert army_.people.lower().startswith("atlant") and 1400 < army_.points <= 1500


def test_the_kingdom_of_atlantis_cannot_be_taken_over():
    # "Le royaume d'Atlantis ne peut être utilisé."
    game, _ = eliminated_a()
    refused(game, order("take-over", "a", kingdom="atlantis"), "setup.bad_kingdom")
    refused(game, order("take-over", "a", kingdom="lemuria"), "setup.bad_kingdom")


def test_a_kingdom_whose_royal_city_is_no_longer_atlantean_cannot_be_taken_over():
    game, _ = eliminated_a()
    refused(game, order("take-over", "a", kingdom="mestor"), "setup.city_taken")  # b's colony
    own(game, "b", "ampheria")
    refused(game, order("take-over", "a", kingdom="ampheres"), "setup.city_taken")


def test_only_an_eliminated_player_takes_over_and_within_1500_points():
    game = two_players()
    refused(game, order("take-over", "a", kingdom="ampheres"), "setup.not_eliminated")
    game, _ = eliminated_a()
    refused(game, order("take-over", "a", kingdom="ampheres", army=army(units=[unit("horde", models=300)])),
            "setup.army_too_big")
    refused(game, order("take-over", "a", kingdom="ampheres", army=3), "order.bad_field")
    refused(game, order("take-over", "a", kingdom="ampheres", army="no-such-list"), "army.unknown_list")


def test_an_eliminated_player_gives_no_other_orders():
    game, _ = eliminated_a("loot")
    refused(game, order("buy", "a", unit="foot1", models=1), "order.eliminated")
    refused(game, order("fortress", "a", territory="azaea"), "order.eliminated")


def test_a_take_over_starts_afresh():
    game, _ = eliminated_a()
    a = game.state.players["a"]
    a.must_retreat, a.pending_reinforcements = True, [{"unit": "foot1", "models": 3, "cost": 15}]
    act(game, order("take-over", "a", kingdom="ampheres", army=army()))
    assert not a.must_retreat and a.pending_reinforcements == [] and a.returning is None
    advance(game, "events", turn=3)  # the reinforcements phase has nothing of the old colony to bring


# --------------------------------------------------------------------------- orders and phases


def test_unknown_orders_and_players_are_refused():
    game = two_players()
    refused(game, {"type": "teleport", "player": "a"}, "order.unknown")
    refused(game, order("break", "nobody", agreement=1), "order.unknown_player")
    with pytest.raises(CampagneError) as info:
        RULES.apply(game.state, "next", None)  # type: ignore[arg-type]
    assert info.value.code == "order.unknown"


@pytest.mark.parametrize("phase", PHASES)
def test_next_moves_to_the_following_phase_when_nobody_has_to_act(phase):
    # "Chaque phase doit être terminée pour chaque joueur avant de passer à la suivante."
    game = two_players()
    advance(game, phase)
    if view(game)["awaiting"]:
        refused(game, ref("next"), "phase.waiting")
        return
    advance(game, PHASES[(PHASES.index(phase) + 1) % len(PHASES)], turn=1 if phase != "reinforcements" else 2)


def test_the_turn_runs_through_the_eight_phases_in_order():
    # "1. Evénements divins 2. Diplomatie 3. Butin 4. Ravitaillement 5. Mouvements 6. Batailles 7. Conquête
    # 8. Arrivée des renforts"
    game = two_players()
    events = advance(game, "events", turn=2)
    assert [e["phase"] for e in events if e["type"] == "phase"] == list(PHASES[1:]) + ["events"]


def test_the_tie_break_counts_reinforcements_paid_for_and_not_yet_arrived():
    # « la somme (butin + point d'armée) »: 1 point of loot = 1 army point, so loot spent on reinforcements that
    # have not arrived yet still counts (before, it counted for nothing: buying late lost the tie-break).
    from atlantis_rules_kit import advance, two_players
    from campagne.games.atlantis.rules import standings
    game = two_players()
    advance(game, "loot")
    before = {r["player"]: r["wealth"] for r in standings(game.state)}
    act(game, order("buy", "a", unit="foot1", models=4))  # 20 loot, arriving with the reinforcements
    after = {r["player"]: r for r in standings(game.state)}
    assert game.state.players["a"].pending_reinforcements
    assert after["a"]["wealth"] == before["a"] and after["a"]["army_points"] == 300 + 20
