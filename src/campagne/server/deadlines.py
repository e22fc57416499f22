"""Deadlines per phase: who answered in time, who missed, extensions, computer stand-ins and civil disorder.

A referee sets the phase's deadline; `due` (run on a campaign's page and its live part, which every open page
polls) finds the phases whose deadline has passed: each awaited person uses one of his extensions (the deadline moves on), and
when he has none left a computer stands in for him (`referee.play_for`); after two missed phases in a row he is
in civil disorder, and the computer plays for him at every phase until he gives an order again.
"""

from __future__ import annotations

import functools
import json
from datetime import timedelta
from types import SimpleNamespace
from typing import Any

from django.db import connection
from django.db.models import Case, F, When
from django.utils import timezone

from ..core.errors import CampagneError
from . import notify, store
from .models import Campaign, Membership, Notice


def note_order(campaign: Campaign, seat: Any, phase: str) -> None:
    """A person gave an order in `phase`: that phase counts once as answered on time when it has a deadline not yet
    passed; he is back from civil disorder (one update, read and written by the database itself: two orders of
    his at once count once)."""
    m = seat.membership
    if m is None or m.role != Membership.PLAYER:
        return
    back = {"missed_in_row": 0, "civil_disorder": False}
    if campaign.deadline is not None and timezone.now() <= campaign.deadline:
        back.update(on_time=Case(When(answered=phase, then=F("on_time")), default=F("on_time") + 1), answered=phase)
    Membership.objects.filter(pk=m.pk).update(**back)


def reliability(m: Membership) -> str:
    total = m.on_time + m.missed
    return f"{m.on_time}/{total}" if total else "—"


def due(pk: int, now: Any = None, row: Campaign | None = None) -> list[str]:
    """Apply the passed deadline of this campaign, if any: the players who missed it (an extension, or a stand-in).
    Applied once, however many pages ask at once (from any of the server's processes): under the campaign's
    lock, the deadline read again and moved on or cleared in the same transaction. `row`: the campaign's row
    the page has just read (most pages find no deadline passed, and ask nothing more)."""
    from .referee import play_for
    now = now or timezone.now()
    row = row or Campaign.objects.get(pk=pk)
    if row.deadline is None or now < row.deadline or row.ended:
        return []
    with store.changing(pk) as (campaign, c):
        if campaign.deadline is None or now < campaign.deadline or campaign.ended:
            return []  # another page applied it first
        awaited = [p for p in c.game.awaiting() if p != "referee"]
        members = {m.player: m for m in Membership.objects.filter(campaign=campaign, role=Membership.PLAYER)
                   .exclude(player="")}
        missed = [p for p in awaited if p in members]
        extend = [p for p in missed if members[p].extensions_used < campaign.extensions
                  and not members[p].civil_disorder]
        if extend:
            for p in extend:
                Membership.objects.filter(pk=members[p].pk).update(extensions_used=F("extensions_used") + 1)
                Notice.objects.create(campaign=campaign, kind=Notice.EXTENSION, player=p,
                                      left=campaign.extensions - members[p].extensions_used - 1)
            campaign.deadline = now + timedelta(hours=campaign.extension_hours)
            campaign.save(update_fields=["deadline"])
            told = campaign
        else:
            told = None
        for p in ([] if extend else missed):
            m = members[p]
            Membership.objects.filter(pk=m.pk).update(missed=F("missed") + 1, missed_in_row=F("missed_in_row") + 1,
                                                      civil_disorder=m.missed_in_row + 1 >= 2)
        if not extend:
            campaign.deadline = None
            campaign.save(update_fields=["deadline"])
    if told is not None:
        notify.deadline_notices(told, c, list(Notice.objects.filter(campaign=told, kind=Notice.EXTENSION,
                                                                 player__in=extend)[:len(extend)]))
        return extend
    if missed:
        try:
            with store.changing(pk) as (campaign, c):
                written = play_for(campaign, c, frozenset(missed))
                notices = [Notice.objects.create(
                    campaign=campaign, kind=Notice.COMPUTER, player=p,
                    lines=[e.n for e in written if e.command.get("player") == p]) for p in missed]
            notify.deadline_notices(campaign, c, notices)
        except CampagneError:
            pass
    return missed


def computer_lines(campaign: Campaign) -> dict[int, str]:
    """The journal lines a computer wrote for an absent player (line -> the player), marked in the journal."""
    return {n: player for player, lines in _rows("computer", campaign.pk) for n in _json(lines)}


def notices(campaign: Campaign, last: int = 5) -> list[Any]:
    """The latest things passed deadlines did, for the campaign's page (what `notify.notice_text` reads of them)."""
    return [SimpleNamespace(kind=kind, player=player, left=left, lines=_json(lines))
            for kind, player, left, lines in _rows("latest", campaign.pk, last)]


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value  # SQLite's text, PostgreSQL's decoded jsonb


def _rows(which: str, *params: Any) -> list[tuple[Any, ...]]:
    """Every page reads the notices: one hand-written query (the ORM took ~0.5 ms of CPU to build each, 40 times
    what running it takes)."""
    with connection.cursor() as cursor:
        cursor.execute(_sql(which), list(params))
        return list(cursor.fetchall())


@functools.cache
def _sql(which: str) -> str:
    n, q = Notice._meta, connection.ops.quote_name

    def col(name: str) -> str:
        return q(n.get_field(name).column)
    if which == "computer":
        return (f"SELECT {col('player')}, {col('lines')} FROM {q(n.db_table)} WHERE {col('campaign')} = %s "
                f"AND {col('kind')} = '{Notice.COMPUTER}'")
    return (f"SELECT {col('kind')}, {col('player')}, {col('left')}, {col('lines')} FROM {q(n.db_table)} "
            f"WHERE {col('campaign')} = %s ORDER BY {col('created')} DESC, {col('id')} DESC LIMIT %s")
