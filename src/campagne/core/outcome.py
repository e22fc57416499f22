"""A game's standing as the one interface gives it (`core.interface.Outcome`), from a ranked list of rows."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .interface import Outcome


def from_ranking(ended: bool, rows: Sequence[Mapping[str, Any]], key: str = "player",
                 details: Mapping[str, Any] | None = None) -> Outcome:
    """Rows best first: the first scores 1, the last 0, the others evenly between (a lone player scores 1)."""
    order = tuple(str(r[key]) for r in rows)
    last = max(1, len(order) - 1)
    scores = {pid: (1.0 if len(order) == 1 else 1 - i / last) for i, pid in enumerate(order)}
    return Outcome(ended, order, scores if ended else {}, dict(details or {}))
