"""Atlantis rules, phase 1: divine events (seed 000, "TABLE DES EVENEMENTS", 2D6 per player per turn)."""

from __future__ import annotations

import pytest

from atlantis_rules_kit import (PurposeDice, act, act_with, advance, army, campaign, one, order, ref, unit,
                                view)
from campagne.games.atlantis import army as armies


def placed_with_events(faces_b_choice: list[int], a: dict | None = None, b: dict | None = None):
    """a and b placed; b's choice (the last) opens turn 1 and rolls the events with these faces."""
    game = campaign(("a", a or army()), ("b", b or army()))
    act(game, order("choose", "a", kingdom="azues", territory="azaea"))
    events = act(game, order("choose", "b", kingdom="mestor", territory="mestoria"), faces_b_choice)
    return game, events


NONE = [3, 4]  # 2D6 = 7: "Aucun"


def test_each_player_rolls_2d6_on_the_event_table_every_turn():
    # "A chaque tour de jeu les joueurs lancent 2D6 et découvrent sur la table des événements ce que les
    # dieux leur réservent."
    game, events = placed_with_events([3, 4, 5, 5])
    a, b = one(events, "divine_event", player="a"), one(events, "divine_event", player="b")
    assert (a["event"], a["lookup"]["total"]) == ("none", 7)
    assert (b["event"], b["lookup"]["total"]) == ("spy_planted", 10)
    assert game.state.players["a"].event == "none"
    assert view(game)["players"]["b"]["event"] == "spy_planted"


def test_2_eruption_kills_1d6_models():
    # "2 Eruption — Une éruption volcanique ou un séisme coûte la vie à 1D6 figurines"
    game, events = placed_with_events([1, 1, 5] + NONE)
    ev = one(events, "divine_event", player="a")
    assert ev["event"] == "eruption"
    assert sum(x["models"] for x in ev["losses"]) == 5
    assert game.state.players["a"].army.model_count == 40 - 5
    assert game.state.players["b"].army.model_count == 40


@pytest.mark.parametrize("faces,event,ld", [([1, 2], "bad_omen", -1), ([5, 6], "good_omen", +1)])
def test_3_and_11_omens_change_the_generals_leadership_for_the_turn(faces, event, ld):
    # "3 Mauvais Présage — Le général possède un malus de -1 en Leadership pour le tour"
    # "11 Bon présage — Le général possède un bonus de +1 en Leadership pour le tour"
    # The general's Leadership gives both the initiative (Leadership × 10) and his row of the FORCE DE
    # COMBAT table ("-1 Général à 7- en Leadership", "+1 Général à 9 en Leadership").
    game, events = placed_with_events(faces + NONE)
    assert one(events, "divine_event", player="a")["event"] == event
    p = game.state.players["a"]
    assert p.leadership_mod == ld
    assert view(game)["players"]["a"]["army"]["initiative"] == 80 + 10 * ld
    assert view(game)["players"]["a"]["army"]["strength"] == 4 + ld  # Ld 7: -1 ; Ld 9: +1
    assert view(game)["players"]["b"]["army"]["strength"] == 4
    # The movement initiative is 2D6 + the (modified) initiative.
    advance(game, "supply")
    act(game, ref("next"), [1, 1, 6, 5])  # supply -> movement: initiative a then b
    assert game.state.initiative_rolls == {"a": 2 + 80 + 10 * ld, "b": 11 + 80}


@pytest.mark.parametrize("faces,event,mod", [([1, 3], "spied_on", -1), ([2, 2], "spied_on", -1), ([4, 5], "spy_planted", 1),
                                             ([5, 5], "spy_planted", 1)])
def test_4_5_and_9_10_spies_change_the_initiative_rolls(faces, event, mod):
    # "4-5 Infiltré par un espion — Le général possède un malus de -1 à ses jets d'initiative pour le tour"
    # "9-10 Espion infiltré — Le général possède un bonus de +1 à ses jets d'initiative pour le tour"
    game, events = placed_with_events(faces + NONE)
    assert one(events, "divine_event", player="a")["event"] == event
    assert view(game)["players"]["a"]["army"]["initiative"] == 80  # the army's initiative is unchanged
    assert view(game)["players"]["a"]["army"]["strength"] == 4
    advance(game, "supply")
    act(game, ref("next"), [3, 3, 1, 1])
    assert game.state.initiative_rolls == {"a": 6 + 80 + mod, "b": 2 + 80}


@pytest.mark.parametrize("faces", [[1, 5], [2, 6], [3, 5]])
def test_6_8_nothing_happens(faces):
    # "6-8 Aucun — Il ne se passe rien, mais alors rien du tout."
    game, events = placed_with_events(faces + NONE)
    p = game.state.players["a"]
    assert (p.event, p.leadership_mod, p.initiative_mod, p.army.model_count) == ("none", 0, 0, 40)
    assert "losses" not in one(events, "divine_event", player="a")


def test_12_escaped_slaves_join_as_10_plus_1d6_skirmishers_with_the_seeds_profile():
    # "12 Esclaves en fuite — ... Ce dernier récupère 10+1D6 figurines de tirailleurs, équipés de dagues, de
    # javalots et de targes (buckler). M WS BS S T W I A Ld 5 2 3 3 3 1 3 1 5 Ils éprouvent de la Haine envers
    # les ennemis de leurs libérateurs."
    game, events = placed_with_events([6, 6, 4] + NONE)
    ev = one(events, "divine_event", player="a")
    assert ev["event"] == "escaped_slaves" and ev["recruits"]["models"] == 14
    p = game.state.players["a"]
    slaves = p.army.unit(ev["recruits"]["unit"])
    assert slaves.kind == "skirmishers" and slaves.models == 14 and slaves.hates
    assert {k: slaves.profile[k] for k in ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld")} == \
        {"M": 5, "WS": 2, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 5}
    assert {"Daggers", "Javelins", "Bucklers"} <= set(slaves.equipment)
    # "+20 Par unité de tirailleurs" on the initiative; "+1 Par 3 unités de tirailleurs" on the strength.
    assert view(game)["players"]["a"]["army"]["initiative"] == 100
    assert view(game)["players"]["a"]["army"]["strength"] == 4


def test_a_second_escape_makes_a_second_unit():
    game, events = placed_with_events([6, 6, 1] + NONE)
    advance(game, "reinforcements")
    events = act(game, ref("next"), [6, 6, 2] + NONE)  # turn 2's events
    ids = [u.id for u in game.state.players["a"].army.units if u.kind == "skirmishers"]
    assert len(ids) == 2 and len(set(ids)) == 2
    assert one(events, "divine_event", player="a")["recruits"]["models"] == 12


def test_event_effects_last_one_turn_only():
    # "... pour le tour": the next turn's roll replaces them. The eruption's dead and the escaped slaves stay.
    game, _ = placed_with_events([1, 2] + [5, 5])  # a: bad omen, b: spy planted
    assert game.state.players["a"].leadership_mod == -1 and game.state.players["b"].initiative_mod == 1
    advance(game, "reinforcements")
    act(game, ref("next"), NONE + NONE)
    a, b = game.state.players["a"], game.state.players["b"]
    assert (game.state.turn, a.event, a.leadership_mod, b.event, b.initiative_mod) == (2, "none", 0, "none", 0)
    assert view(game)["players"]["a"]["army"]["initiative"] == 80


def test_an_army_without_a_general_is_no_worse_for_an_omen():
    # The omens concern "Le général": without one, the strength row is "-2 Pas de Général" either way.
    game, _ = placed_with_events([1, 2] + NONE, a=army(ld=None))
    assert view(game)["players"]["a"]["army"]["strength"] == 4 - 2
    assert view(game)["players"]["a"]["army"]["initiative"] == 0


def test_eruption_losses_never_go_below_zero_models():
    tiny = army(units=[unit("few", models=2)])
    game, events = placed_with_events([1, 1, 6] + NONE, a=tiny)
    assert game.state.players["a"].army.model_count == 0
    assert one(events, "divine_event", player="a")["losses"] == [{"unit": "few", "models": 2}]


def test_events_skip_a_player_without_an_army_on_the_map():
    game, _ = placed_with_events(NONE + NONE)
    advance(game, "reinforcements")
    game.state.players["a"].returning = None
    game.state.players["a"].army, game.state.players["a"].position = None, None
    events = act(game, ref("next"), [1, 1] + NONE)  # a's eruption has no army to strike
    assert "losses" not in one(events, "divine_event", player="a")


def test_the_events_phase_waits_for_nobody():
    game, _ = placed_with_events(NONE + NONE)
    assert view(game)["awaiting"] == []
    act_with(game, ref("next"), PurposeDice({}))
    assert game.state.phase == "diplomacy"


def test_escaped_slaves_are_priced_like_the_annex_slaves():
    # The seed prints no cost; the annex's Slaves (same profile, javelins, buckler, skirmishers) cost 5.
    game, events = placed_with_events([6, 6, 3] + NONE)
    p = game.state.players["a"]
    assert p.army.points == 300 + 13 * armies.ESCAPED_SLAVES_POINTS == 300 + 13 * 5


def test_the_owner_chooses_which_units_take_the_losses_of_an_event():
    """Casualties are the owner's choice, as in WAB (« affectées aux unités au choix du joueur »): a standing
    `losses` order names the units that lose models first; without one (computers, the absent) the default rule
    takes the largest unit. An unknown unit is refused; no unit returns to the default."""
    from atlantis_rules_kit import refused
    game = campaign(("a", army()), ("b", army()))
    act(game, order("choose", "a", kingdom="azues", territory="azaea"))
    refused(game, order("losses", "a", units=["nobody"]), "order.unknown_unit")
    act(game, order("losses", "a", units=["foot2"]))
    events = act(game, order("choose", "b", kingdom="mestor", territory="mestoria"), [1, 1, 5] + NONE)
    ev = one(events, "divine_event", player="a")
    assert ev["event"] == "eruption" and ev["losses"] == [{"unit": "foot2", "models": 5}]
    act(game, order("losses", "a", units=[]))
    assert game.state.players["a"].losses_first() == []
