"""Snapshot and tail: the state of a campaign kept beside its journal every `EVERY` commands, so that a process
that has not the campaign in memory (just started, or one of several) replays only the lines after the last
snapshot, and an order's cost does not grow with the journal's length. (A process that holds the campaign catches
up from memory instead: `store._caught_up`.)

A snapshot is the server's own (a pickle of the rules' state and the undone lines, written by this code only, in
the club's database like everything else it trusts); the journal stays the campaign: a snapshot that does not
load, or belongs to other rules, is ignored and the whole journal replayed.
"""

from __future__ import annotations

import pickle
from typing import Any

from ..core.game import Entry, Game
from .models import Snapshot

EVERY = 400


def take(campaign: Any, c: Any, written: int | None = None) -> None:
    """Keep the state now if the `written` commands just written crossed a multiple of `EVERY` (None: a journal
    just imported, kept if it is that long); the older snapshot is dropped. Asks the database nothing otherwise:
    it runs after every command."""
    count = len(c.game.entries)
    if count < EVERY or (written is not None and count // EVERY == (count - written) // EVERY):
        return
    try:
        blob = pickle.dumps((c.game.state, sorted(c.game.undone)), protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # noqa: BLE001 - a state that does not pickle: no snapshot, the journal replays whole
        return
    Snapshot.objects.create(campaign=campaign, entries=count, state=blob)
    Snapshot.objects.filter(campaign=campaign, entries__lt=count).delete()


def game_from(campaign: Any, rules: Any, header: dict[str, Any], entries: list[dict[str, Any]], seed: Any
              ) -> Game | None:
    """The game rebuilt from the last snapshot and the journal's tail after it; None without a usable snapshot."""
    snap = Snapshot.objects.filter(campaign=campaign, entries__lte=len(entries)).order_by("-entries").first()
    if snap is None:
        return None
    try:
        state, undone = pickle.loads(bytes(snap.state))
    except Exception:  # noqa: BLE001 - written by another version: replay the whole journal
        return None
    opening = header.get("opening") or {}
    game = Game(rules, header["setup"], seed, state=state,
                opening=Entry(0, {"type": "setup"}, tuple(opening.get("events", ())), tuple(opening.get("rolls", ()))),
                entries=[Entry(e["n"], e["command"], tuple(e.get("events", ())), tuple(e.get("rolls", ())))
                         for e in entries[:snap.entries]],
                undone=set(undone))
    for rec in entries[snap.entries:]:
        game.push(rec["command"], atomic=False, recorded=None if seed is not None else rec.get("rolls", ()))
    return game
