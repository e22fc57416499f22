"""A seeded game some random steps in: an agents' match (`agents.match.Match`) walked by uniformly drawn legal
actions, the walk the Arc memo tests and the agents' tests share. Each test keeps its own seeds, step counts and
random generator, so that the states it checks stay the very ones it always checked."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any


def random_walk(m: Any, rng: random.Random, steps: int | None = None) -> Iterator[Any]:
    """Yields `m` before each of its random legal actions, drawn from `rng`, until the match is over or, when
    `steps` is given, that many actions are played. The caller may draw from `rng` too while it holds the match:
    its draws come before the step's, as in the loops this replaced."""
    n = 0
    while not m.over and (steps is None or n < steps):
        yield m
        m.act(rng.choice(m.legal_actions()))
        n += 1


def random_steps(m: Any, rng: random.Random, steps: int) -> Any:
    """`m` after `steps` random legal actions drawn from `rng` (fewer if it ends before)."""
    for _ in random_walk(m, rng, steps):
        pass
    return m


def at_phase(game: str, seed: int, phase: str) -> Any:
    """A match of `game` (seed `seed`) played by each step's first legal action until its state reaches `phase`:
    the Arc memo tests' first move phase."""
    from campagne.agents.match import Match
    m = Match(game)
    m.reset(seed)
    while m.game.state.phase != phase:
        m.act(m.legal_actions()[0])
    return m
