"""Where an Atlantis campaign stands, for the one interface (studies, computer players): the standings the
referee's `end` decided, or, while it runs, the order they would give now (without the roll-off)."""

from __future__ import annotations

from ...core.interface import Outcome
from ...core.outcome import from_ranking
from .state import AtlantisState


def outcome(s: AtlantisState) -> Outcome:
    from .rules import standings
    ended = s.phase == "ended"
    return from_ranking(ended, s.standings if ended and s.standings else standings(s))
