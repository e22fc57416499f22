"""The resolvers compared on the same battles (issue 24; docs/rules/skirmish.md, « The resolvers compared »):
the study's code runs on 2 battles here; the full run is behind the `study` marker."""

from __future__ import annotations

import pytest
from study_budget import study_size

from campagne.games.skirmish import resolver_study as rs


def test_the_study_runs_on_two_battles_with_every_resolver():
    atlantis = rs.atlantis_study(2, 1)
    assert set(atlantis) == {"simulation", "wab", "grid"} and all(t.n == 2 for t in atlantis.values())
    # the same battles: the simulation's table and the grid lose points on both sides of a fought battle
    assert sum(atlantis["grid"].attacker_lost) + sum(atlantis["grid"].defender_lost) > 0
    gorges = rs.gorges_study(2, 1)
    assert set(gorges) == {"table", "grid"} and gorges["table"].attacker_lost == [0, 0]
    lines = rs.table(atlantis, "points")
    assert lines[0].startswith("| resolver |") and len(lines) == 5 and "%" in lines[-1]


@pytest.mark.study
def test_the_grid_loses_what_the_wab_battle_loses_and_neither_side_is_favoured():
    """The conversion's tuning (losses halved) holds: the grid's mean losses lie within the WAB battle's 95 %
    interval widened by a fifth, and the attacker's odds on the grid within 25 points of one half."""
    n = study_size(6)
    found = rs.atlantis_study(n, 2, ("wab", "grid"))
    wab, grid = found["wab"].row(), found["grid"].row()
    for side in ("attacker_lost", "defender_lost"):
        m, lo, hi = wab[side]
        assert 0.8 * lo <= grid[side][0] <= 1.2 * hi, (side, wab[side], grid[side])
    assert 0.25 <= grid["attacker_wins"] <= 0.75
