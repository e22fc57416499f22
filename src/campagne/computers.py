"""Let computer players act after each command, so absent players never stall the campaign (the command line and
the club server alike)."""

from __future__ import annotations

from typing import Any


def ai_module(c: Any) -> Any:
    """The module of the campaign's game that lets its computer players act (its descriptor's `autoplay`)."""
    from .core.interface import load
    from .registry import game
    return load(game(c.file.header.get("ruleset", "")).autoplay.partition(":")[0])


def play_computers(c: Any, after: list[Any] | None = None) -> list[Any]:
    if after is None:
        after = c.file.entries[-1:] if c.file.entries else [c.file.header.get("opening", {})]
    return ai_module(c).autoplay(c, c.game.seed, referee=False, after=after)


def catch_up(c: Any) -> list[Any]:
    """The orders of the computers a journal waits for, given before a writing command's own. A journal written
    since commands are whole batches never waits for one after a kill; one written before could (a process killed
    between a person's order, or `new`'s header, and the computers' replies)."""
    computers = ai_module(c).computer_players(c.state)
    if not any(p in computers for p in c.game.awaiting()):
        return []
    return play_computers(c, after=[])  # no `after`: a computer's optional orders are not given twice


def undo_last_person(c: Any, reason: str = "") -> list[dict[str, Any]]:
    """Take back the last command given by a person (a player or the referee) and the computer orders given
    after it (undoing only a computer's order would leave the rules waiting for it): one referee's `undo`,
    journaled with its reason. Returns the entries taken back."""
    from .core.errors import CampagneError
    computers = ai_module(c).computer_players(c.state)
    effective = c.game.effective
    people = [i for i, e in enumerate(effective) if e.command.get("player") not in computers]
    if not people:
        raise CampagneError("game.nothing_to_undo")  # only computers' orders: nothing of a person's
    taken = effective[people[-1]:]
    c.undo(len(taken), reason)
    return [e.to_dict() for e in taken]
