"""`Match.reset` builds a game's start once when it rolls no die and copies it for every seed after: each new game
is the one a fresh `Game` of that seed would be (its state as the referee sees it, its opening), and playing one
game leaves the next one's start untouched."""

from __future__ import annotations

import random

import pytest

from match_kit import random_steps

from campagne.agents.encoding import view_text
from campagne.agents.match import Match
from campagne.core.game import Game
from campagne.registry import games


@pytest.mark.parametrize("game", sorted(games()))
def test_each_new_game_is_a_fresh_game_of_its_seed(game: str) -> None:
    m, rng = Match(game), random.Random(1)
    for seed in (3, 4, 3):
        new, fresh = m._new_game(seed), Game(m.ruleset, m.setup, seed)
        assert view_text(m._view(new.state, None)) == view_text(m._view(fresh.state, None))
        assert new.opening == fresh.opening and new.seed == seed and not new.entries
        m.reset(seed)
        random_steps(m, rng, 4)  # the game played on must not touch the start kept for the next one
