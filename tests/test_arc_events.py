"""Simulated games of Arc read by tests/arc_events_check.py: no event breaks the seed's rules of adjacency,
zones of control at the end of retreats, allowances and advances (issue 24); and the checker itself finds
each kind of breach it looks for."""

from __future__ import annotations

import pytest

from arc_events_check import Follower, breaches, simulated
from arc_kit import setup, u

from campagne.core.game import Game
from campagne.games.arc.rules import ArcRules


@pytest.mark.parametrize("seed", [1, 2])
def test_simulated_games_break_no_rule(seed):
    assert breaches(simulated(seed)) == []


@pytest.mark.study
@pytest.mark.parametrize("seed", range(1, 21))
def test_twenty_simulated_games_break_no_rule(seed):
    assert breaches(simulated(f"study/{seed}")) == []


def follower(units):
    return Follower(Game(ArcRules(), setup(units), 0))


def test_the_checker_finds_each_kind_of_breach():
    f = follower([u("mpa_infantry", "D5"), u("faithful", "D9"), u("people", "D5", side="fereira"),
                  u("snipers", "B3"), u("mpa_infantry", "H3")])
    f.shared_hexes()
    assert "visible enemies mpa_infantry.1 and people.1 on one hex D5" in f.breaches[-1]
    f.read({"type": "combat", "attackers": ["mpa_infantry.1"], "target": "faithful.1", "at": "D9"})
    assert "distance 2" in f.breaches[-1]  # « Les tirs se font sur un hex contigu »
    f.read({"type": "retreat", "unit": "snipers.1", "from": "B3", "to": "G4"})
    assert "enemy ZOC at G4" in f.breaches[-1]  # « ne peuvent pas terminer leur retraite dans une ZOC ennemie »
    f.read({"type": "advance", "unit": "mpa_infantry.1", "from": "D5", "to": "D9"})
    assert "advances from D5 to D9" in f.breaches[-1]  # « se déplacer dans l'hex libre »
    found = len(f.breaches)
    f.read({"type": "move", "unit": "faithful.1", "from": "D9", "to": "D1", "path": ["D7", "D5", "D3", "D1"]})
    assert len(f.breaches) == found  # 4 hexes of its 6
    f.read({"type": "move", "unit": "people.1", "from": "D5", "to": "D11", "path": ["D7", "D9", "D11"]})
    assert "moves 3 points with an allowance of 2" in f.breaches[-1]  # « dans les limites de leur capacité »
    f.read({"type": "move", "unit": "people.1", "from": "D11", "to": "D15", "path": ["D15"]})
    assert "broken path" in f.breaches[-1]
