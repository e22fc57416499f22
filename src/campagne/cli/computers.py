"""Let computer players act after each command, so absent players never stall the campaign."""

from __future__ import annotations

from typing import Any


def play_computers(c: Any, after: list[Any] | None = None) -> list[Any]:
    from ..games.atlantis.ai import autoplay
    if after is None:
        after = c.file.entries[-1:] if c.file.entries else [c.file.header.get("opening", {})]
    return autoplay(c, c.game.seed, referee=False, after=after)
