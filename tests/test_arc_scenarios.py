"""More Arc positions: terrain without ZOC, the immobilised invisible, the two-player alliance, the odds a player
sees before declaring, and a strategic victory on the map of Arc."""

from __future__ import annotations

import pytest

from arc_kit import RULES, done, order, position, u

from campagne.core.dice import Dice
from campagne.games.arc import combat, declare
from campagne.games.arc.movement import immobilised
from campagne.games.arc.views import view


@pytest.mark.parametrize("terrain", ["river", "marsh", "wall"])
def test_no_zoc_from_any_three_point_hex(terrain):
    """« Si la zone ... nécessite trois points de mouvements pour la traverser (rivières, marais, murs d'enceinte),
    l'unité en question n'exerce pas de ZOC à cet endroit-là »."""
    units = [u("mpa_infantry", "D5"), u("faithful", "D9")]
    s = position(units, **{terrain: ["D9"]})
    free = set(declare.destinations(s, s.units["mpa_infantry.1"], None))
    s2 = position(units)
    held = set(declare.destinations(s2, s2.units["mpa_infantry.1"], None))
    assert "D11" in free and "D11" not in held  # by C8 and C10, in the faithful's ZOC unless on a 3-point hex


def test_an_invisible_counter_on_an_enemy_hex_is_immobilised_and_may_strike_there():
    s = position([u("fraternite", "D7"), u("faithful", "D9"), u("faithful", "D13")])
    assert "D9" in declare.destinations(s, s.units["fraternite.1"], None)
    order(s, "bonnaire", "move", unit="fraternite.1", hex="D9")
    done(s, "bonnaire")
    fr = s.units["fraternite.1"]
    assert fr.hex == "D9" and fr.hidden and immobilised(s, fr)
    assert "fraternite.1" not in {x["id"] for x in view(s, "ulf")["units"]}
    assert "faithful.1" in combat.targets(s, fr, "melee")  # the piece of its own hex
    assert not declare.movers(s, "bonnaire", "special")


def test_allies_in_the_two_player_variant():
    """« Si le wargame se joue à deux, je préconise une alliance Ulf / Ferreira contre Bonnaire »."""
    fight = [u("ulf_barons", "D5"), u("people", "D7"), u("mpa_infantry", "A14")]
    assert declare.attackers(position(fight, segment=1, two_player=True, phase="melee"), "ulf", "melee") == {}
    assert declare.attackers(position(fight, segment=1, phase="melee"), "ulf", "melee") == {
        "ulf_barons.1": ["people.1"]}
    walk = [u("christian_priests", "D5"), u("people", "D9"), u("mpa_infantry", "A14")]
    m = position(walk, segment=1, two_player=True)
    assert "D11" in set(declare.destinations(m, m.units["christian_priests.1"], None))  # no ZOC from an ally
    m3 = position(walk, segment=1)
    assert "D11" not in set(declare.destinations(m3, m3.units["christian_priests.1"], None))


def test_the_odds_a_player_sees_before_declaring():
    s = position([u("mercenaries", "C6"), u("mercenaries", "D7"), u("faithful", "C8", reduced=True), u("ulf", "C8")],
                 phase="melee")
    seen = {(o["unit"], o["target"]): o for o in view(s, "bonnaire")["odds"]}
    assert seen[("mercenaries.1", "faithful.1")]["ratio"] == "1-2"  # 20 v 2 + 30 (Ulf stands on it)
    assert ("mercenaries.1", "ulf.1") not in seen  # a stacked leader is not singled out by mercenaries
    order(s, "bonnaire", "attack", unit="mercenaries.1", target="faithful.1")
    seen = {(o["unit"], o["target"]): o for o in view(s, "bonnaire")["odds"]}
    both = seen[("mercenaries.2", "faithful.1")]
    assert both["with"] == ["mercenaries.1"] and both["ratio"] == "1-1"  # 40 v 32
    assert "odds" not in view(s, "ulf")


def test_holding_the_five_points_two_turn_ends_is_a_total_victory():
    points = ["C62", "K32", "H39", "K20", "J53"]
    units = [u("mpa_infantry", h) for h in points] + [u("faithful", "X1"), u("people", "X67")]
    setup = {"players": [{"id": s} for s in ("bonnaire", "ulf", "fereira")], "scenario": units, "turn": 1}
    state, _ = RULES.new_state(setup, Dice.seeded(0))
    for _ in range(200):
        if state.ended:
            break
        RULES.apply(state, {"type": "done", "player": RULES.awaiting(state)[0]}, Dice.seeded(1))
    assert state.ended and state.victory == "strategic" and state.winner == "bonnaire" and state.turn == 2
