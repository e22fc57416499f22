"""A game's `ended` (the outcome's `ended` alone, which the agents' match asks at every step instead of the whole
outcome) says what its outcome says: along a short random walk of every game that declares one, and at Arc's end."""

from __future__ import annotations

import copy
import random

import pytest
from match_kit import random_walk

from campagne.agents.match import Match
from campagne.games.arc import victory
from campagne.registry import games

DECLARING = sorted(name for name, d in games().items() if d.ended)


def test_arc_and_gorges_declare_it() -> None:
    assert {"arc", "gorges"} <= set(DECLARING)


@pytest.mark.parametrize("game", DECLARING)
def test_ended_is_the_outcomes_along_a_walk(game: str) -> None:
    d = games()[game]
    ended, outcome = d.load("ended"), d.load("outcome")
    m = Match(game)
    m.reset(3)
    for _ in random_walk(m, random.Random(5), 60):
        state = m.game.state
        assert ended(state) is outcome(state).ended


def test_arc_ended_at_its_end() -> None:
    m = Match("arc")
    m.reset(2)
    for _ in random_walk(m, random.Random(1), 30):
        pass
    for how, winners in (("standing", []), ("strategic", ["bonnaire"]), ("secret", ["ulf"])):
        state = copy.deepcopy(m.game.state)
        assert not victory.ended(state) and not victory.outcome(state).ended
        victory.finish(state, winners, how)
        assert victory.ended(state) is victory.outcome(state).ended is True
        m.game.state, kept = state, m.game.state
        assert m.advance() is None and m.ended  # (the match sees it over)
        m.game.state = kept


def test_gorges_ended_at_its_end() -> None:
    """A whole (short) campaign: not over at any step before the last, over at the last, as its outcome says."""
    d = games()["gorges"]
    ended, outcome = d.load("ended"), d.load("outcome")
    m = Match("gorges")
    m.reset(0)
    for _ in random_walk(m, random.Random(0), 600):
        assert ended(m.game.state) is outcome(m.game.state).ended is False
    assert m.over and ended(m.game.state) is outcome(m.game.state).ended is True and m.ended
