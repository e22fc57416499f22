"""A move resolved finds its path with a search that stops at its hex (`movement.path_to`): on the states of seeded
games, for every counter on the board, on foot and on a pegasus, the path to each hex it may reach, and None for the
hexes it may not (its own, enemies', beyond its allowance), are those of the whole search (`movement.reach`)."""

from __future__ import annotations

import random

from match_kit import random_walk

from campagne.agents.match import Match
from campagne.games.arc import movement


def test_the_path_to_a_hex_is_the_whole_reachs() -> None:
    seen = {"path": 0, "none": 0}
    rng = random.Random(5)
    for seed in range(2):
        m = Match("arc", max_steps=30)
        m.reset(seed)
        for _ in random_walk(m, rng):
            s = m.game.state
            hexes = sorted(s.board.neighbours)
            for u in rng.sample([u for u in s.units.values() if u.alive and u.hex], 3):
                for pegasus in (False, True) if u.kind.pegasus else (False,):
                    whole = movement.reach(s, u, pegasus)
                    for h in sorted(whole)[:4] + rng.sample(hexes, 4) + [u.hex]:
                        expected = whole[h] if h in whole else None
                        assert movement.path_to(s, u, h, pegasus) == expected, (u.id, h, pegasus)
                        seen["path" if expected else "none"] += 1
    assert all(seen.values()), seen
