"""Opening a campaign for a command: under its lock, its journal's warnings said, the players it names checked;
and the campaign's game and renderer. Shared by the campaign commands (campaign.py), its papers
(campaign_papers.py) and the list of orders (listing.py)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Optional

from .output import Out, campaign_path


def descriptor_of(c: Any) -> Any:
    """The campaign's game, as registered."""
    from ..registry import game
    return game(c.file.header.get("ruleset", ""))


def text_of(c: Any) -> Any:
    """How this campaign's views and events read (its game's renderer)."""
    return descriptor_of(c).load("text")


@contextmanager
def opened(o: Out, campaign: Optional[str], verify: bool = True, viewers: tuple[str | None, ...] = (),
           any_game: bool = False) -> Iterator[Any]:
    """The campaign under its lock, its journal's warnings said, the players named checked (`any_game`: a
    battle's journal too, for the commands that only read it)."""
    from .. import session
    from ..registry import games
    expect = tuple(games()) if any_game else campaign_games()
    with session.open_campaign(campaign_path(campaign), verify=verify, expect=expect) as c:
        warn_journal(o, c)
        for viewer in viewers:
            _check_viewer(c, viewer)
        yield c


def campaign_games() -> tuple[str, ...]:
    """The registered games the campaign commands serve (a battle has its own commands)."""
    from ..registry import games
    return tuple(n for n, g in games().items() if g.kind == "campaign")


def warn_journal(o: Out, c: Any) -> None:
    """Say the warnings reading the campaign's journal raised."""
    for w in c.warnings:
        o.warn(w.message(o.lang))


def _check_viewer(c: Any, viewer: Optional[str]) -> None:
    from ..core.errors import CampagneError
    players = c.game.view(None)["players"]
    if viewer is not None and viewer not in players:
        from ..core.names import did_you_mean
        raise CampagneError("order.unknown_player", player=viewer, hint=did_you_mean(viewer, players))
