"""Simulated games of Arc read by tests/arc_events_check.py: no event breaks the seed's rules of adjacency,
zones of control at the end of retreats, allowances and advances (issue 24); and the checker itself finds
each kind of breach it looks for."""

from __future__ import annotations

import pytest

from study_budget import study_size
from arc_events_check import Follower, breaches, simulated
from arc_kit import setup, u

from campagne.core.game import Game
from campagne.games.arc.rules import ArcRules


@pytest.mark.parametrize("seed", [1, 2])
def test_simulated_games_break_no_rule(seed):
    assert breaches(simulated(seed)) == []


@pytest.mark.study
@pytest.mark.parametrize("seed", range(1, 1 + study_size(6)))
def test_many_simulated_games_break_no_rule(seed):
    assert breaches(simulated(f"study/{seed}")) == []


def follower(units):
    return Follower(Game(ArcRules(), setup(units), 0))


def test_the_checker_finds_each_kind_of_breach():
    f = follower([u("mpa_infantry", "D5"), u("faithful", "D9"), u("people", "D5", side="fereira"),
                  u("snipers", "B3"), u("mpa_infantry", "H3")])
    f.shared_hexes()
    assert "visible enemies mpa_infantry.1 and people.1 on one hex D5" in f.breaches[-1]
    found = len(f.breaches)
    f.read({"type": "move", "unit": "faithful.1", "from": "D9", "to": "D15", "path": ["D11", "D13", "D15"]})
    assert len(f.breaches) == found  # 3 hexes of its 6, out of every ZOC
    f.read({"type": "combat", "attackers": ["mpa_infantry.1"], "target": "faithful.1", "at": "D9"})
    assert "distance 2" in f.breaches[-1]  # « Les tirs se font sur un hex contigu »
    f.read({"type": "retreat", "unit": "snipers.1", "from": "B3", "to": "G4"})
    assert "enemy ZOC at G4" in f.breaches[-1]  # « ne peuvent pas terminer leur retraite dans une ZOC ennemie »
    f.read({"type": "advance", "unit": "mpa_infantry.1", "from": "D5", "to": "D9"})
    assert "advances from D5 to D9" in f.breaches[-1]  # « se déplacer dans l'hex libre »
    f.read({"type": "move", "unit": "people.1", "from": "D5", "to": "D11", "path": ["D7", "D9", "D11"]})
    assert any("moves 3 points with an allowance of 2" in b for b in f.breaches[-2:])  # « dans les limites de
    # leur capacité » (and it goes on through the ZOC of the infantry advanced to D9)
    f.read({"type": "move", "unit": "people.1", "from": "D11", "to": "D15", "path": ["D15"]})
    assert "broken path" in f.breaches[-1]


def test_the_checker_finds_a_move_going_on_through_a_zoc():
    """« toute unité entrant dans une ZOC ennemie doit immédiatement s'arrêter »; the snipers go on unless the
    ZOC is an archer's (« sauf en présence d'Unités d'Archers »)."""
    f = follower([u("mpa_infantry", "D5"), u("faithful", "D11"), u("snipers", "B9"), u("mpa_archers", "H3")])
    f.read({"type": "move", "unit": "faithful.1", "from": "D11", "to": "D3", "path": ["D9", "D7", "E6", "E4"]})
    assert "faithful.1 goes on through an enemy ZOC" in f.breaches[-1]
    found = len(f.breaches)
    f.read({"type": "move", "unit": "snipers.1", "from": "B9", "to": "C4", "path": ["C8", "C6", "C4"]})
    assert len(f.breaches) == found  # the infantry's ZOC does not stop a sniper


def test_the_checker_finds_decisions_not_taken_by_their_player():
    """Readings 2: « les unités en retraite doivent se déplacer » to the hex its owner chose, and « une des unités
    attaquantes peut immédiatement se déplacer dans l'hex libre » once the result is known, by its attacker."""
    f = Follower(Game(ArcRules(), setup([u("mpa_infantry", "D5"), u("mpa_infantry", "H3"), u("faithful", "D7")],
                                        phase="melee", readings=2), 0))
    f.read({"type": "combat", "attackers": ["mpa_infantry.1"], "target": "faithful.1", "at": "D7"})
    f.read({"type": "choice", "kind": "retreat", "player": "ulf", "unit": "faithful.1", "hexes": ["C8", "E8"]})
    f.command = {"type": "retreat", "player": "ulf", "unit": "faithful.1", "hex": "C8"}
    f.read({"type": "retreat", "unit": "faithful.1", "from": "D7", "to": "E8", "chosen": True})
    assert "not where its owner chose" in f.breaches[-1]
    found = len(f.breaches)
    f.read({"type": "choice", "kind": "advance", "player": "bonnaire", "hex": "D7", "units": ["mpa_infantry.1"]})
    assert len(f.breaches) == found  # the attacker, after the result, the hex empty
    f.read({"type": "advance", "unit": "mpa_infantry.1", "from": "D5", "to": "D7"})  # in the retreat's entry
    assert "without being chosen after the result" in f.breaches[-1]
    f.command = {"type": "advance", "player": "bonnaire", "unit": "mpa_infantry.2"}
    f.read({"type": "advance", "unit": "mpa_infantry.2", "from": "H3", "to": "D7"})
    assert any("without having attacked there" in b for b in f.breaches[-3:])
