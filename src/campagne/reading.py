"""A reader's journal: the lines his view lets him read, numbered 1, 2, 3... in his own numbering.

A game's `redact_entry` returns None for a line a viewer may not know exists (Atlantis: a private agreement's
orders, to a non-party). Were the lines numbered once for everybody, he would count those lines by the gaps in the
numbers, so each reader numbers the lines he sees 1..k (as each player numbers the agreements he may see); the
referee (viewer None) keeps the journal's own numbering. Every line number a reader reads (his journal, what a
command prints to him, the club's messages and forms) or types (`take-back --entry N`, a form's line) goes through
one `Reading`: `reader_n` (the journal's number -> his) and `journal_n` (his -> the journal's).

The engine's undo names journal lines: a reader reads it naming his own numbers for the lines he sees, and an undo of
lines he sees none of is not in his journal. A line taken back that is not his reads as only that there was one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Optional

UNDO = "undo"  # the engine's own order (core.game.UNDO)

Redact = Callable[[dict[str, Any], str], Optional[dict[str, Any]]]


class Reading:
    """The journal as `viewer` reads it: `entries`, his lines redacted and numbered his way, and the one translation
    between his numbers and the journal's."""

    def __init__(self, entries: Sequence[Mapping[str, Any]], viewer: str | None, redact: Redact) -> None:
        self.viewer = viewer
        self.total = len(entries)
        self.lines: list[int] = []  # the journal's number of each line he reads, in order: his k-th is lines[k-1]
        self._his: dict[int, int] = {}
        self.entries: list[dict[str, Any]] = []
        undone: set[int] = set()
        for e in entries:
            cmd = e.get("command") or {}
            if cmd.get("type") == UNDO:
                undone |= {n for n in cmd.get("entries") or [] if isinstance(n, int)}
        for e in entries:
            shown = self._read(dict(e), undone, redact)
            if shown is None:
                continue
            n = e.get("n")
            self.lines.append(n)  # type: ignore[arg-type]
            self._his[n] = len(self.lines)  # type: ignore[index]
            self.entries.append(self._renumbered(shown))

    def _read(self, e: dict[str, Any], undone: set[int], redact: Redact) -> dict[str, Any] | None:
        if self.viewer is None:
            return e
        cmd = e.get("command") or {}
        if cmd.get("type") == UNDO:  # seen when it takes back a line he sees
            # (an undo names only lines written before it, so they were all read before it)
            return e if any(n in self._his for n in cmd.get("entries") or []) else None
        seen = redact(e, self.viewer)
        if seen is None:
            return None
        if e.get("n") in undone and cmd.get("player") != self.viewer:
            # another's order taken back: only that there was one, its type and giver as the game lets him see them
            command = seen.get("command") or {}
            return {"n": e.get("n"), "command": {k: command[k] for k in ("type", "player") if k in command},
                    "undone": True, "events": [], "rolls": []}
        return seen

    def _renumbered(self, e: dict[str, Any]) -> dict[str, Any]:
        if self.viewer is None:
            return e
        out = {**e, "n": self._his[e["n"]]}
        cmd = out.get("command") or {}
        if cmd.get("type") != UNDO:
            return out
        named = cmd.get("entries") or []
        # an undo that also took back lines he does not read: its reason may name them (a player's take-back names
        # whose order it was), so he reads that lines were taken back, not why
        told = {"reason": ""} if len(self.mine(named)) < len(named) else {}
        out["command"] = {**cmd, "entries": self.mine(named), **told}
        out["events"] = [{**ev, "entries": self.mine(ev.get("entries") or []), **told}
                         if ev.get("type") == "undone" else ev for ev in out.get("events") or []]
        return out

    def mine(self, numbers: Sequence[Any]) -> list[int]:
        """The journal's numbers as his, leaving out the lines he does not read."""
        return [self._his[n] for n in numbers if n in self._his]

    def reader_n(self, n: int) -> int | None:
        """His number for the journal's line `n` (None: not a line he reads)."""
        return n if self.viewer is None else self._his.get(n)

    def journal_n(self, k: int) -> int | None:
        """The journal's number of the line he calls `k` (None: he has no such line)."""
        if self.viewer is None:
            return k if 1 <= k <= self.total else None
        return self.lines[k - 1] if 1 <= k <= len(self.lines) else None

    def count(self) -> int:
        """How many lines he reads."""
        return len(self.lines)

    def length_after(self, k: int) -> int:
        """The journal's length when he had read `k` lines, the latest consistent with it (a form drawn then)."""
        if self.viewer is None:
            return k
        return self.total if k >= len(self.lines) else self.lines[k] - 1

    def shown(self, written: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        """Lines just written (a command's, its computers' replies) as he reads them: those he reads, his way."""
        wanted = {e.get("n") for e in written}
        return [e for n, e in zip(self.lines, self.entries) if n in wanted]

    def since(self, start: int) -> list[dict[str, Any]]:
        """His lines from the journal's `start`-th on."""
        return [e for n, e in zip(self.lines, self.entries) if n > start]


def reading(entries: Sequence[Mapping[str, Any]], viewer: str | None, redact: Redact) -> Reading:
    return Reading(entries, viewer, redact)
