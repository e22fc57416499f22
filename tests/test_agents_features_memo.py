"""`encoding.Features` (each agent's vector, the unchanged parts of his view not walked again) gives the very
vector `encoding.features` gives, along seeded games of every game, and when the view holds lists the state
changes in place, or values of no JSON type."""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pytest

from campagne.agents.encoding import Features, features
from campagne.agents.match import Match
from campagne.registry import games


@pytest.mark.parametrize("game", sorted(games()))
def test_the_remembered_vector_is_the_vector(game: str) -> None:
    m, rng = Match(game, max_steps=60), random.Random(2)
    for seed in (1, 2):
        m.reset(seed)
        while not m.over:
            for agent in {m.current, m.agents[0]}:
                assert np.array_equal(m.vector(agent), features(m.view(agent), m.feature_size)), (seed, agent)
            m.act(rng.choice(m.legal_actions()))


def test_a_part_changed_in_place_or_of_no_json_type_is_walked_again() -> None:
    kept = [1, 2]
    memo, views = Features(64), [
        {"units": [{"id": "a", "hexes": kept}], "n": 1, "odd": [Fraction(1)], "o": {"x": Fraction(1)}},
        {"units": [{"id": "a", "hexes": kept}], "n": 1, "odd": [1], "o": {"x": 1}},  # equal to Fraction(1)
        {"units": [{"id": "a", "hexes": kept}, {"id": "b"}], "n": 1.0, "odd": 1, "o": {"x": kept}},
    ]
    for view in views:
        assert np.array_equal(memo(view), features(view, 64))
        kept.append(3)  # the view's list, changed after it was read
        assert np.array_equal(memo(view), features(view, 64))
