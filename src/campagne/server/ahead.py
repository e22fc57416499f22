"""What each seat's first page of a new state draws, drawn ahead of the pages: the seat's view, journal, legal
orders, odds and threats, map, and the page's live part and orders box, in the languages each seat reads it in.

Why: a campaign's state changes when an order resolves a phase; its players then come to read it, often at once
(a phase resolving is what each was waiting for). Each reader's first page of a state draws his own parts
(10-30 ms of processor: Arc's threats most of it), and 8 of them arriving together on 2 processors waited for each
other (`benchmarks/bench_server.py --pages --turns 2`). Drawn ahead, in the background of the process that wrote
the change, or before the workers fork for the campaigns under way at the server's start, the pages find them
ready; a page arriving while a part is being drawn ahead waits for that drawing (`store.remembered`) rather than
drawing it beside it.

Only `campagne serve` turns this on (`start`): elsewhere (tests, the command line) nothing is drawn unasked.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from django.conf import settings
from django.db import connection

from ..core.errors import CampagneError
from . import store, views
from .models import Campaign

log = logging.getLogger(__name__)


def draw(campaign: Campaign, c: Any) -> None:
    """Every seat's parts of the campaign's state `c` (the referee's and each player's), as their pages ask them,
    in the languages each seat has read the campaign in (the club's language before any page was read)."""
    for viewer in [None, *store.seats(c)]:  # None: the referee's
        languages = store.read_in(campaign, viewer, settings.LANGUAGE_CODE)
        store.seen(campaign, c, viewer)
        store.reading(campaign, c, viewer)
        for code in languages:
            store.picture(campaign, c, code, viewer)
        if campaign.ended:
            continue
        store.legal(campaign, c, viewer or "referee")
        if viewer is not None:
            for code in languages:
                store.advice(campaign, c, viewer, code)
        for code in languages:  # then the page's own parts drawn from those: its live part, its orders box
            views.draw_ahead(campaign, c, viewer, code)


def _quietly(campaign: Campaign, c: Any) -> None:
    try:
        draw(campaign, c)
    except Exception:  # noqa: BLE001 - the page asking it will draw it again and say why, in words
        log.exception("drawing ahead campaign %s", campaign.pk)
    finally:
        connection.close()  # this thread's own (the journal's computer marks are read from the database)


def after_write(campaign: Campaign, c: Any) -> None:
    """A command was written: its new state drawn for every seat in the background, the answer to the one who gave
    it not held up."""
    threading.Thread(target=_quietly, args=(campaign, c), name=f"ahead-{campaign.pk}", daemon=True).start()


def before_fork(budget: float = 3.0) -> None:
    """The campaigns under way (the newest first; 200 at most) replayed once here rather than once in every worker
    by its first page, and drawn for every seat until `budget` seconds are spent: what every worker would otherwise
    draw again for its first readers after the server starts. Past the budget, each game's odds still once, for
    one seat: the data they read on first use (Gorges's tables: ~25 ms) read here, not by a first page in every
    worker."""
    until = time.monotonic() + budget
    advised: set[str] = set()
    for pk in Campaign.objects.filter(archived=False, ended=False).order_by("-pk").values_list("pk", flat=True)[:200]:
        try:
            with store.viewing(pk) as (campaign, c):
                if time.monotonic() < until:
                    draw(campaign, c)
                elif campaign.game not in advised:
                    for seat in store.seats(c)[:1]:
                        for code, _name in settings.LANGUAGES:
                            store.advice(campaign, c, seat, code)
                advised.add(campaign.game)
        except CampagneError:
            pass  # a campaign that does not replay: its pages say why


def start() -> None:
    """From now on, every command written draws its new state ahead (`campagne serve`, before it forks)."""
    if after_write not in store.on_written:
        store.on_written.append(after_write)
