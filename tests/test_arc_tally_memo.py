"""Arc's lost counters counted (`victory.tally`, asked by the outcome and the view at every step) are remembered in
the state's memo by each counter's type, side and status: what it gives is what counting afresh gives
(`victory.count`), on states whose counters change their status, type or side at random, the memo kept."""

from __future__ import annotations

import copy
import random

from match_kit import random_steps

from campagne.agents.match import Match
from campagne.games.arc import victory
from campagne.games.arc.data import SIDES, unit_types


def test_the_remembered_tally_is_the_count() -> None:
    rng = random.Random(6)
    m = Match("arc")
    m.reset(3)
    random_steps(m, rng, 30)
    s = copy.deepcopy(m.game.state)  # its memo shared with the game's
    types, units = sorted(unit_types()), list(s.units.values())
    for i in range(300):
        u = rng.choice(units)
        what = i % 3
        if what == 0:
            u.status = rng.choice(("eliminated", "captured", "converted", "active"))
        elif what == 1:
            u.type = rng.choice(types)
        else:
            u.side = rng.choice(SIDES)
        assert victory.tally(s) == victory.count(s), i
        assert victory.tally(s) is victory.tally(s)  # remembered
    assert len(s.memo.tallies) > 100
