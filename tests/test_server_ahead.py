"""`server.ahead`: each seat's first page of a new state drawn ahead, after a command is written (in the background)
and before the server's workers fork (for the campaigns under way), so that readers arriving together find it ready;
each seat's parts drawn for that seat only."""

from __future__ import annotations

import re

import pytest

from server_kit import club
from test_server_board import awaited_player, order_by_clicking
from test_server_page_cache import drawn, map_of, page

from campagne.registry import games
from campagne.server import ahead, store, views

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    store.forget()
    monkeypatch.setattr(store, "on_written", [])


def without_tokens(html: str) -> str:
    """A page without what differs from one request to the next (its CSRF tokens)."""
    return re.sub(r'(csrfmiddlewaretoken" value=|"X-CSRFToken": )"[^"]*"', "", html)


def parts_drawn(campaign, c) -> dict[str, set]:  # type: ignore[no-untyped-def]
    """Which seats' parts of `c`'s state are held: advice (by language), legal orders, journal, view."""
    state = (len(c.file.entries), campaign.created)
    return {
        "advice": {(k[2], k[3]) for k in store._advice if k[:2] == (campaign.pk, state)},
        "legal": {k[2] for k in store._legal if k[:2] == (campaign.pk, state)},
        "reading": {k[2] for k in store._readings if k[:2] == (campaign.pk, state)},
        "seen": {k[2] for k in store._seen if k[:2] == (campaign.pk, state)},
    }


def test_every_seat_is_drawn_before_the_workers_fork() -> None:
    from campagne.server.processes import _warm
    campaign, _clients = club("arc")
    store.forget()
    _warm()
    assert ahead.after_write in store.on_written
    with store.viewing(campaign.pk) as (_c, c):
        seats = store.seats(c)
        held = parts_drawn(campaign, c)
    assert held["advice"] == {(p, "fr") for p in seats}  # no page read yet: in the club's language
    assert held["legal"] == {*seats, "referee"}
    assert held["reading"] == held["seen"] == {None, *seats}


def test_an_order_written_draws_the_new_state_of_every_seat_ahead_each_his_own() -> None:
    campaign, clients = club("arc")  # Arc's counters are hidden: each player's map and odds are his own
    ahead.start()
    who = awaited_player(campaign)
    with store.viewing(campaign.pk) as (_c, c):
        seats = store.seats(c)
    language = {p: ("en", "fr")[i % 2] for i, p in enumerate(seats)}
    for p in seats:  # each reads the campaign in his language: what is drawn ahead for him
        page(clients[p], campaign.pk, language[p])
    order_by_clicking(clients[who], campaign)
    assert ahead.idle.settled(60)
    with store.viewing(campaign.pk) as (_c, c):
        held = parts_drawn(campaign, c)
        held_at = len(c.file.entries)
    assert held["advice"] >= {(p, language[p]) for p in seats}, "not drawn ahead"
    assert held["advice"] <= {(p, language[p]) for p in seats} | {(who, "en")}  # (his box was read in English)
    assert held["legal"] == {*seats, "referee"}
    assert {k[4] for k in views._lives if k[:2] == (campaign.pk, held_at)} >= set(seats), "pages not drawn ahead"
    lives, boxes = len(views._lives), len(views._boxes)
    ahead_pages = {p: page(clients[p], campaign.pk, language[p]) for p in seats}
    # the pages were the parts drawn ahead, under the keys the pages ask (a piece selected by none of them yet)
    assert (len(views._lives), len(views._boxes)) == (lives, boxes)
    for p in seats:  # what was drawn ahead is each reader's own, and what his page draws by itself
        assert map_of(ahead_pages[p]) == drawn(campaign, language[p], p)
    store.forget()
    views._lives.clear()
    views._boxes.clear()
    for p in seats:
        again = without_tokens(page(clients[p], campaign.pk, language[p]))
        assert again == without_tokens(ahead_pages[p]), first_differences(again, without_tokens(ahead_pages[p]))


def test_nothing_is_drawn_unasked_outside_the_server() -> None:
    campaign, clients = club("arc")
    order_by_clicking(clients[awaited_player(campaign)], campaign)
    with store.viewing(campaign.pk) as (_c, c):
        after = (len(c.file.entries), campaign.created)
    assert ahead.idle.settled(30)  # (whatever was wanted, drawn by now)
    assert not any(k[:2] == (campaign.pk, after) for k in store._advice)


def first_differences(a: str, b: str) -> str:
    import difflib
    return "\n".join(list(difflib.unified_diff(a.splitlines(), b.splitlines(), lineterm=""))[:40])


def test_drawing_ahead_waits_for_the_requests_under_way_and_draws_only_the_newest_state() -> None:
    """A seat is drawn ahead only while the process serves no request; a campaign's newer state written before its
    older one was drawn replaces it (80 agreements proposed at once: the last state drawn, not 80)."""
    campaign, _clients = club("atlantis")
    with store.viewing(campaign.pk) as (_c, c):
        older = c
    with store.changing(campaign.pk) as (_c, c):
        legal = store.descriptor(campaign).load("legal_orders")
        lo = next(lo for p in store.seats(c) for lo in legal(c.state, p) if lo.type not in ("end", "undo"))
        c.push(lo.command({f.name: f.choices[0] if f.kind == "choice" else f.low if f.kind == "int" else False
                           for f in lo.fields if not f.optional}))
        newer = c
    assert len(newer.file.entries) > len(older.file.entries)
    with ahead.idle.cond:
        ahead.idle.busy += 1  # a request under way
    try:
        ahead.after_write(campaign, older)
        ahead.after_write(campaign, newer)
        assert not ahead.idle.settled(0.3), "drawn while a request was under way"
        assert not store._seen
    finally:
        with ahead.idle.cond:
            ahead.idle.busy -= 1
            ahead.idle.cond.notify_all()
    assert ahead.idle.settled(60)
    drawn_at = {k[1][0] for k in store._seen if k[0] == campaign.pk}
    assert drawn_at == {len(newer.file.entries)}, "the older state was drawn too"


@pytest.mark.parametrize("game", sorted(games()))
def test_the_language_a_seat_reads_in_is_the_one_drawn_ahead_for_it_in_every_game(game: str) -> None:
    """A game without a map too (WAB): the page's language is noted for its seat, to be drawn ahead in it."""
    campaign, clients = club(game)
    with store.viewing(campaign.pk) as (_c, c):
        seat = store.seats(c)[0]
    assert store.read_in(campaign, seat, "fr") == ["fr"]  # before any page: the club's language
    page(clients[seat], campaign.pk, "en")
    assert store.read_in(campaign, seat, "fr") == ["en"]
