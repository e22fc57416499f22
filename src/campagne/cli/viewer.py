"""Whose view a campaign command prints: a command given by a player prints what he may see; when exactly one
person plays against computers, every command shows his view unless `--referee` asks for the referee's (he would
otherwise read his opponents' secrets in what his own commands print); with several people, the referee's view
stays the default (`--as` narrows it)."""

from __future__ import annotations

from typing import Any, Optional

import typer

RefereeOpt = typer.Option(False, "--referee", help="The referee's view (everything), not the lone person's. / La vue "
                                                   "de l'arbitre (tout), pas celle de la personne seule.")


def people(c: Any) -> list[str]:
    """The players a person controls (not a computer)."""
    return [pid for pid, p in c.game.view(None)["players"].items() if p.get("controller") == "human"]


def viewer_of(c: Any, as_: Optional[str] = None, referee: bool = False) -> Optional[str]:
    """Whose view to print: the one `--as` names, the referee's with `--referee`, else the lone person's when
    exactly one person plays, else the referee's (None)."""
    from ..core.errors import CampagneError
    if as_ is not None and referee:
        raise CampagneError("cli.as_or_referee", player=as_)
    if as_ is not None or referee:
        return as_
    humans = people(c)
    return humans[0] if len(humans) == 1 else None


def shown(c: Any, entries: list[dict[str, Any]], viewer: Optional[str]) -> list[dict[str, Any]]:
    """Journal lines just written as `viewer` may read them (the game's gate): those he reads, numbered his way."""
    if viewer is None:
        return entries
    from ..registry import game
    from ..session import reading_of
    return reading_of(c, viewer, game(c.file.header.get("ruleset", "")).load("redact_entry")).shown(entries)


def his_line(c: Any, viewer: Optional[str], k: Optional[int]) -> Optional[int]:
    """The journal's number of the line `viewer` calls `k` (None stays None: his latest); a number he has no line
    for names no line (0), which the take-back refuses as not his."""
    if k is None or viewer is None:
        return k
    from ..registry import game
    from ..session import reading_of
    found = reading_of(c, viewer, game(c.file.header.get("ruleset", "")).load("redact_entry")).journal_n(k)
    return 0 if found is None else found


from ..core.errors import register_messages  # noqa: E402

register_messages({
    "cli.as_or_referee": {"en": "--as {player} and --referee do not go together: one view at a time.",
                          "fr": "--as {player} et --referee ne vont pas ensemble : une vue à la fois."},
})
