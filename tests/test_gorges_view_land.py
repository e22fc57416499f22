"""Each player's land in a Gorges view (`territories`, `empire`) is read from the owners once for the whole view:
it is still `owned` sorted and `empire`, for every player and every viewer, along a campaign's random walk."""

from __future__ import annotations

import random

from match_kit import random_walk

from campagne.agents.match import Match
from campagne.games.gorges.views import view


def test_each_players_land_is_owned_and_empire() -> None:
    m, changed, seen = Match("gorges"), 0, None
    m.reset(4)
    for _ in random_walk(m, random.Random(4), 200):
        s = m.game.state
        for viewer in (None, *s.players):
            for pid, p in view(s, viewer)["players"].items():
                assert p["territories"] == sorted(s.owned(pid)) and p["empire"] == s.empire(pid)
        changed += seen is not None and seen != dict(s.owners)
        seen = dict(s.owners)
    assert changed > 3  # land changed hands along the walk
