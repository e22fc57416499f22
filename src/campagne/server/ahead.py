"""What each seat's first page of a new state draws, drawn ahead of the pages: the seat's view, journal, legal
orders, odds and threats, map, and the page's live part and orders box, in the languages each seat reads it in.

Why: a campaign's state changes when an order resolves a phase; its players then come to read it, often at once
(a phase resolving is what each was waiting for). Each reader's first page of a state draws his own parts
(10-30 ms of processor: Arc's threats most of it), and 8 of them arriving together on 2 processors waited for each
other (`benchmarks/bench_server.py --pages --turns 2`). Drawn ahead, in the idle time of the process that wrote
the change (never while it serves a request: drawing every seat at each of 80 agreements proposed at once made
every order wait), or before the workers fork for the campaigns under way at the server's start, the pages find
them ready; a page arriving while a part is being drawn ahead waits for that drawing (`store.remembered`) rather
than drawing it beside it.

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
    """Every seat's parts of the campaign's state `c` (the referee's and each player's), as their pages ask them."""
    for viewer in [None, *store.seats(c)]:  # None: the referee's
        draw_seat(campaign, c, viewer)


def draw_seat(campaign: Campaign, c: Any, viewer: str | None) -> None:
    """One seat's parts, in the languages it has read the campaign in (the club's language before any page)."""
    languages = store.read_in(campaign, viewer, settings.LANGUAGE_CODE)
    store.seen(campaign, c, viewer)
    store.reading(campaign, c, viewer)
    for code in languages:
        store.picture(campaign, c, code, viewer)
    if not campaign.ended:
        store.legal(campaign, c, viewer or "referee")
        if viewer is not None:
            for code in languages:
                store.advice(campaign, c, viewer, code)
    for code in languages:  # then the page's own parts drawn from those: its live part, its orders box
        views.draw_ahead(campaign, c, viewer, code)


class _Idle:
    """The process's requests under way, and the states written that are still to be drawn ahead: one drawing
    thread per process, which draws a seat only while no request is under way (the idle time between them), so
    that drawing ahead never slows an order or a page; a campaign's newer state replaces an older one not drawn
    yet (players proposing agreements one after the other: only the last state is drawn)."""

    def __init__(self) -> None:
        self.cond = threading.Condition()
        self.busy = 0
        self.pending: dict[int, tuple[Campaign, Any]] = {}
        self.drawing = False
        self.thread: threading.Thread | None = None

    def wanted(self, campaign: Campaign, c: Any) -> None:
        with self.cond:
            self.pending[campaign.pk] = (campaign, c)
            if self.thread is None or not self.thread.is_alive():  # (the first in this process, after the fork)
                self.thread = threading.Thread(target=self._run, name="ahead", daemon=True)
                self.thread.start()
            self.cond.notify_all()

    def _next(self) -> tuple[Campaign, Any]:
        with self.cond:
            while not self.pending:
                self.drawing = False
                self.cond.notify_all()
                self.cond.wait()
            self.drawing = True
            pk = next(iter(self.pending))
            return self.pending.pop(pk)

    def _run(self) -> None:
        while True:
            campaign, c = self._next()
            try:
                for viewer in [None, *store.seats(c)]:
                    with self.cond:
                        while self.busy:
                            self.cond.wait()
                        if campaign.pk in self.pending:
                            break  # a newer state of it was written meanwhile: that one is drawn instead
                    draw_seat(campaign, c, viewer)
            except Exception:  # noqa: BLE001 - the page asking it will draw it again and say why, in words
                log.exception("drawing ahead campaign %s", campaign.pk)
            finally:
                connection.close()  # this thread's own (the journal's computer marks are read from the database)

    def settled(self, timeout: float) -> bool:
        """Whether every state wanted was drawn within `timeout` seconds (tests)."""
        with self.cond:
            return self.cond.wait_for(lambda: not self.pending and not self.drawing, timeout)


idle = _Idle()


class Requests:
    """Middleware: counts the process's requests under way, for the drawing thread to wait for none."""

    def __init__(self, get_response: Any) -> None:
        self.get_response = get_response

    def __call__(self, request: Any) -> Any:
        with idle.cond:
            idle.busy += 1
        try:
            return self.get_response(request)
        finally:
            with idle.cond:
                idle.busy -= 1
                if not idle.busy:
                    idle.cond.notify_all()


def after_write(campaign: Campaign, c: Any) -> None:
    """A command was written: its new state drawn for every seat in the process's idle time."""
    idle.wanted(campaign, c)


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
