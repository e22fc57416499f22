"""A player takes back one of his own orders of this phase, to change it (his `done` too), until the phase
resolves: the same on the command line (`campagne take-back`) and at the club (the orders page's take-back).

The orders given after it are taken back with it and given again unchanged (none rolled a die, so none is
rolled again); the whole is journaled as the referee's `undo` with its reason. Nothing is taken back once a die
was rolled or the referee spoke since (they close or resolve a phase), nor when taking it back would move the
campaign to another phase: nothing is changed then.
"""

from __future__ import annotations

from typing import Any

from .core.errors import CampagneError, register_messages
from .render.text import TAKEN_BACK

register_messages({
    "club.not_yours": {"en": "This is not one of your orders of this phase; nothing was changed.",
                       "fr": "Ce n'est pas l'un de vos ordres de cette phase ; rien n'a été changé."},
    "club.resolved": {"en": "This order can no longer be changed: its phase has been resolved; nothing was changed.",
                      "fr": "Cet ordre ne peut plus être changé : sa phase a été résolue ; rien n'a été changé."},
    "takeback.none": {"en": "{player} has no order of this phase left to take back (a phase resolved, a die "
                            "rolled or the referee spoke since).",
                      "fr": "{player} n'a plus d'ordre de cette phase à reprendre (une phase résolue, un dé lancé "
                            "ou l'arbitre intervenu depuis)."},
})


def _phase(c: Any) -> tuple[int, str]:
    return tuple(c.game.phase())  # type: ignore[return-value]


def withdrawable(c: Any, actor: str) -> list[Any]:
    """`actor`'s own orders that may still be taken back to be changed: those given since the last command that
    rolled a die or was the referee's (which close or resolve a phase), latest first. Taking one back checks the
    phase exactly (`withdraw`)."""
    mine = []
    for e in c.game.latest_effective():
        if e.rolls or e.command.get("player") == "referee":
            break
        if e.command.get("player") == actor:
            mine.append(e)
    return mine


def withdraw(c: Any, actor: str, n: int | None = None) -> list[dict[str, Any]]:
    """Take back `actor`'s order of entry `n` (None: his latest) so he may give another, as long as its phase has
    not resolved. Raises, with nothing changed, when the order is not his, or the phase has moved on since."""
    if n is None:
        left = withdrawable(c, actor)
        if not left:
            raise CampagneError("takeback.none", player=actor)
        n = left[0].n
    effective = c.game.effective
    at = next((i for i, e in enumerate(effective) if e.n == n), None)
    if at is None or effective[at].command.get("player") != actor:
        raise CampagneError("club.not_yours")
    later = effective[at + 1:]
    if any(e.rolls or e.command.get("player") == "referee" for e in effective[at:]):
        raise CampagneError("club.resolved")
    phase = _phase(c)
    written = [c.undo(len(later) + 1, f"{actor}{TAKEN_BACK}").to_dict()]
    if _phase(c) != phase:
        raise CampagneError("club.resolved")
    for e in later:
        entry = c.push(dict(e.command))
        if entry.rolls:
            raise CampagneError("club.resolved")
        written.append(entry.to_dict())
    return written
