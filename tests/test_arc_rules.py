"""Arc rules on small maps: ZOC, stacking, terrain (river, marsh, walls), combat odds and results, retreats,
advances, stacked leaders. Each test names the seed's sentence it checks."""

from __future__ import annotations

import pytest

from arc_kit import done, order, position, u

from campagne.core.errors import CampagneError
from campagne.games.arc import combat, declare


def dest(state, uid, mount=None):
    return set(declare.destinations(state, state.units[uid], mount))


def test_entering_an_enemy_zoc_stops_the_move():
    """« toute unité entrant dans une ZOC ennemie doit immédiatement s'arrêter »."""
    s = position([u("mpa_infantry", "D3"), u("faithful", "D9")])
    d = dest(s, "mpa_infantry.1")
    assert "D7" in d and "D5" in d  # D7 is in the faithful's ZOC: entered, then stop
    assert "C10" not in d and "E10" not in d  # beyond the ZOC along that way
    assert "D9" not in d  # never onto an enemy
    # far from the ZOC the infantry goes its full 4 hexes
    assert "A6" in d or "B7" in d


def test_no_zoc_from_a_river_hex():
    """« Si la zone sur laquelle se trouve une unité, nécessite trois points de mouvements ... n'exerce pas de ZOC »."""
    river = ["D9"]
    with_zoc = dest(position([u("mpa_infantry", "D5"), u("faithful", "D9")]), "mpa_infantry.1")
    without = dest(position([u("mpa_infantry", "D5"), u("faithful", "D9")], river=river), "mpa_infantry.1")
    assert "D11" not in with_zoc and "D11" in without  # via C8 and C10, in the ZOC of D9 unless on the river


def test_friends_may_be_crossed_but_not_stopped_on():
    """« Une unité peut traverser un hexagone occupé par une autre unité amie, mais doit s'arrêter sur un hex libre »."""
    s = position([u("people", "D5"), u("people", "D7"), u("people", "C6"), u("people", "E6")])
    d = dest(s, "people.1")
    assert "D7" not in d and "D9" in d  # through the friend at D7


def test_leaders_and_special_pieces_stack_two_at_most():
    """« les Leaders et des pièces spéciales peuvent s'empiler sur une unité amie. ... pas plus de deux pièces »."""
    s = position([u("fereira", "D5"), u("people", "D7"), u("people", "F7"), u("people", "F9"), u("dwarves", "B7"),
                  u("snipers", "F9", id="snipers.9")])
    d = dest(s, "fereira.1")
    assert "D7" in d  # a leader on one friendly unit
    assert "F9" not in d  # already two pieces
    assert "D7" not in dest(s, "dwarves.1")  # a unit never stops on another unit
    assert "D5" in dest(s, "dwarves.1")  # but may join a lone leader, who then stands on it


def test_river_costs_three_points_a_hex():
    """« la traversée d'une rivière ou du marais (gelés) ... coûte trois points de mouvement par hexagone »."""
    river = ["C6", "D7", "E6"]
    s = position([u("mpa_infantry", "D5"), u("people", "A2")], river=river)
    d = dest(s, "mpa_infantry.1")
    assert "D7" in d and "D9" in d  # 3 + 1
    assert "D11" not in d  # 3 + 1 + 1 > 4
    p = position([u("people", "D5")], river=river)
    assert "D7" not in dest(p, "people.1")  # 2 points: « dans les limites de leur capacité » (issue 24)
    assert "D9" not in dest(p, "people.1")


def test_cavalry_cannot_cross_walls_but_gates():
    """« le franchissement d'un mur d'enceinte (pas pour les unités de cavalerie) »."""
    wall = ["A6", "B5", "C6", "D5", "E6", "F5", "G6", "H5"]
    s = position([u("mpa_cavalry", "D3"), u("mpa_infantry", "F3")], wall=wall)
    assert not any(int(h[1:]) > 6 for h in dest(s, "mpa_cavalry.1"))
    assert "F7" in dest(s, "mpa_infantry.1")  # 3 + 1
    g = position([u("mpa_cavalry", "D3")], wall=wall, gates=["D5"])
    assert "D9" in dest(g, "mpa_cavalry.1")


def test_pegasus_flies_over_walls():
    wall = ["A6", "B5", "C6", "D5", "E6", "F5", "G6", "H5"]
    s = position([u("gonzague", "D3")], wall=wall, segment=1)
    assert not any(int(h[1:]) > 6 for h in dest(s, "gonzague.1", "horse"))
    assert "D15" in dest(s, "gonzague.1", "pegasus")


def test_odds_are_rounded_for_the_defender_and_bounded():
    s = position([u("mercenaries", "D5"), u("mercenaries", "C6"), u("faithful", "D7")], phase="melee")
    t = s.units["faithful.1"]
    one = combat.odds(s, [s.units["mercenaries.1"]], t, "melee")
    assert one["ratio"] == "5-1"  # 20 v 4
    two = combat.odds(s, [s.units["mercenaries.1"], s.units["mercenaries.2"]], t, "melee")
    assert two["ratio"] == "10-1" and two["automatic"]
    s2 = position([u("people", "D5", reduced=True), u("knights", "D7")], phase="melee", segment=0)
    low = combat.odds(s2, [s2.units["people.1"]], s2.units["knights.1"], "melee")
    assert low["forbidden"] and low["ratio"] == "1-20"


def test_a_declared_combat_is_resolved_on_the_table():
    """16 v 4 = 4-1; a d12 of 1 on 4-1 is D3: the faithful is flipped; again: eliminated."""
    s = position([u("mercenaries", "D5"), u("faithful", "D7"), u("people", "A2")], phase="melee")
    order(s, "bonnaire", "attack", unit="mercenaries.1", target="faithful.1")
    events = done(s, "bonnaire", (1,))
    combat_ev = next(e for e in events if e["type"] == "combat")
    assert combat_ev["ratio"] == "5-1" and combat_ev["result"] == "D3"
    assert s.units["faithful.1"].reduced and s.units["faithful.1"].alive


def test_beyond_8_to_1_the_defender_is_eliminated_without_a_roll():
    s = position([u("mercenaries", "D5"), u("mercenaries", "C6"), u("faithful", "D7")], phase="melee")
    order(s, "bonnaire", "attack-advance", unit="mercenaries.1", target="faithful.1")
    order(s, "bonnaire", "attack", unit="mercenaries.2", target="faithful.1")
    events = done(s, "bonnaire")
    assert any(e["type"] == "eliminated" and e["unit"] == "faithful.1" for e in events)
    assert s.units["mercenaries.1"].hex == "D7"  # « une des unités attaquantes peut ... se déplacer dans l'hex libre »


def test_missile_results_on_the_attacker_are_ignored():
    """« Tout résultat qui implique l'Attaquant est sans effet pour celui-ci »."""
    s = position([u("mpa_archers", "D5"), u("dwarves", "D7")], phase="missiles")
    order(s, "bonnaire", "attack", unit="mpa_archers.1", target="dwarves.1")
    events = done(s, "bonnaire", (12,))  # 1-1 (10 v 10), roll 12: A3
    assert next(e for e in events if e["type"] == "combat")["result"] == "A3"
    assert not s.units["mpa_archers.1"].reduced


def test_retreat_cannot_end_in_an_enemy_zoc():
    """« les unités ne peuvent pas terminer leur retraite dans une ZOC ennemie; elles sont éliminées »."""
    ring = ["D3", "F5", "F7", "D9", "B7", "B5"]
    units = [u("faithful", "D5", id="victim")] + [u("mpa_infantry", h) for h in ring] + [u("mercenaries", "D7")]
    s = position(units, phase="melee")
    order(s, "bonnaire", "attack", unit="mpa_infantry.1", target="victim")  # 10 v 4: 2-1, roll 1: D2 (R2)
    events = done(s, "bonnaire", (1,))
    assert any(e["type"] == "eliminated" and e.get("reason") == "no_retreat" for e in events)


def test_a_retreat_goes_on_past_friends_to_a_free_hex():
    """« L'unité ne peut pas s'arrêter dans un hex déjà occupé par une unité amie ... poursuivre sa retraite »."""
    friends = [u("faithful", h) for h in ("C10", "D11", "E10", "B9", "F9")]
    s = position([u("faithful", "D9", id="victim"), *friends, u("mpa_infantry", "D7")], phase="melee")
    order(s, "bonnaire", "attack", unit="mpa_infantry.1", target="victim")  # 10 v 4 = 2-1; roll 5: D4 (1/2E + R1)
    events = done(s, "bonnaire", (5,))
    r = next(e for e in events if e["type"] == "retreat")
    assert s.board.distance("D9", r["to"]) == 2 and s.units["victim"].reduced


def test_no_combat_between_the_river_and_its_bank():
    """« Il ne peut pas y avoir de combat entre une unité sur la rivière et une autre sur la rive »."""
    s = position([u("mercenaries", "D5"), u("faithful", "D7")], phase="melee", river=["D7"])
    assert declare.attackers(s, "bonnaire", "melee") == {}
    s = position([u("mercenaries", "D5"), u("faithful", "D7")], phase="melee", river=["D7", "D5"])
    assert declare.attackers(s, "bonnaire", "melee") == {"mercenaries.1": ["faithful.1"]}


def test_a_stacked_leader_adds_its_defence_and_is_singled_out_only_by_some():
    """« Un Leader empilé ... ne peut pas se faire attaquer spécifiquement ... ajoute sa valeur défensive »."""
    s = position([u("mercenaries", "D5"), u("fraternite", "C6", hidden=False), u("faithful", "D7"),
                  u("ulf", "D7")], phase="melee")
    t = s.units["faithful.1"]
    assert combat.defence(s, t) == 4 + 30
    opts = declare.attackers(s, "bonnaire", "melee")
    assert opts["mercenaries.1"] == ["faithful.1"]
    assert opts["fraternite.1"] == ["faithful.1", "ulf.1"]
    assert ("stacked_leader", -2) in combat.shifts(s, s.units["fraternite.1"], s.units["ulf.1"], "melee")


def test_refusals_change_nothing():
    s = position([u("mpa_infantry", "D3"), u("faithful", "D9")])
    with pytest.raises(CampagneError):
        order(s, "bonnaire", "move", unit="mpa_infantry.1", hex="D11")
    with pytest.raises(CampagneError):
        order(s, "ulf", "move", unit="faithful.1", hex="D11")  # not Ulf's turn
    with pytest.raises(CampagneError):
        order(s, "bonnaire", "attack", unit="mpa_infantry.1", target="faithful.1")  # wrong phase
    assert s.plans["bonnaire"] == []


def refusal(state, player, kind, **fields) -> tuple[str, str]:
    with pytest.raises(CampagneError) as e:
        order(state, player, kind, **fields)
    return e.value.message("en"), e.value.message("fr")


def test_a_refused_move_names_the_zone_of_control_that_stops_it_on_the_way():
    s = position([u("mpa_infantry", "D5"), u("faithful", "D9")])
    en, fr = refusal(s, "bonnaire", "move", unit="mpa_infantry.1", hex="D11")
    assert en == ("MPA infantry 1 cannot reach D11: on the way it enters C8, in the zone of control of "
                  "Ulf's Christian faithful 1 at D9, and must stop there.")
    assert "zone de contrôle de Fidèles chrétiens 1 d'Ulf en D9" in fr


def test_a_refused_move_names_the_points_the_enemy_the_stack_and_the_wall():
    s = position([u("mpa_infantry", "D3"), u("faithful", "D9")])
    assert refusal(s, "bonnaire", "move", unit="mpa_infantry.1", hex="D13")[0] == \
        "D13 needs 7 movement points, MPA infantry 1 has 4."
    assert refusal(s, "bonnaire", "move", unit="mpa_infantry.1", hex="D9")[0] == \
        "MPA infantry 1 cannot stop on an enemy's hex: D9 holds Ulf's Christian faithful 1."
    assert "n'est pas un hex de la carte" in refusal(s, "bonnaire", "move", unit="mpa_infantry.1", hex="Z9")[1]
    f = position([u("fereira", "D5"), u("people", "F7"), u("people", "F9"), u("snipers", "F9", id="snipers.9")],
                 segment=1)
    assert "F9, which already holds Fereira's People 2 and Fereira's Fereirist snipers 9" in \
        refusal(f, "fereira", "move", unit="fereira.1", hex="F9")[0]
    wall = ["A6", "B5", "C6", "D5", "E6", "F5", "G6", "H5"]
    c = position([u("mpa_cavalry", "D3")], wall=wall)
    assert "cavalry never crosses a wall" in refusal(c, "bonnaire", "move", unit="mpa_cavalry.1", hex="D5")[0]


def test_a_refused_counter_says_why_and_a_counter_is_named_without_its_number_when_it_is_the_only_one():
    s = position([u("mpa_infantry", "D3"), u("fraternite", "F3", hidden=True), u("people", "F3")], segment=0)
    en, fr = refusal(s, "bonnaire", "move", unit="mpa_infantr.1", hex="D5")
    assert en == "'mpa_infantr.1' is none of Bonnaire's counters (did you mean mpa_infantry.1?)."
    assert fr == "'mpa_infantr.1' n'est aucun des pions de Bonnaire (vouliez-vous dire mpa_infantry.1 ?)."
    assert "immobilised" in refusal(s, "bonnaire", "move", unit="fraternite.1", hex="F5")[0]
    order(s, "bonnaire", "move", unit="mpa_infantry", hex="D5")  # the one MPA infantry counter
    assert s.plans["bonnaire"][-1]["unit"] == "mpa_infantry.1"
    assert refusal(s, "bonnaire", "move", unit="mpa_infantry.1", hex="D7")[0] == \
        "MPA infantry 1 already has an order this phase: one order per counter and phase."


def test_a_refused_attack_names_the_enemy_out_of_reach_or_lists_the_targets():
    s = position([u("mpa_infantry", "D5"), u("faithful", "D7"), u("faithful", "D11")], phase="melee")
    en, fr = refusal(s, "bonnaire", "attack", unit="mpa_infantry.1", target="faithful.2")
    assert en == ("MPA infantry 1 cannot attack Ulf's Christian faithful 2: Ulf's Christian faithful 2 at D11 is not "
                  "adjacent to D5 (a combat is between adjacent hexes, missiles too).")
    assert "n'est pas contigu à D5" in fr
    assert refusal(s, "bonnaire", "attack", unit="mpa_infantry.1", target="nobody.1")[0] == \
        "MPA infantry 1 cannot attack 'nobody.1' (choices: faithful.1)."
