"""The campaign page's parts drawn once per state and reader (`views._seen_by`) are never another's: two players of
the same state each get their own map, a language its own words, and an order given draws every page anew."""

from __future__ import annotations

import re

import pytest

from server_kit import club, length
from test_server_board import awaited_player, order_by_clicking

from campagne.server import store

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh() -> None:
    store.forget()


def map_of(page: str) -> str:
    """The map a page shows, without the marks of the pieces its reader may order."""
    found = re.search(r'<div class="map-view">(.*?)</div></div>', page, re.S)
    assert found, "no map on the page"
    return found.group(1).replace(' data-orders="1"', "")


def drawn(campaign, lang: str, viewer: str) -> str:  # type: ignore[no-untyped-def]
    with store.viewing(campaign.pk) as (_c, c):
        return store.descriptor(campaign).load("picture")(c.state, lang, viewer)


def page(client, pk: int, lang: str = "en") -> str:  # type: ignore[no-untyped-def]
    r = client.get(f"/c/{pk}/", HTTP_ACCEPT_LANGUAGE=lang)
    assert r.status_code == 200
    return r.content.decode()


def test_two_players_of_one_state_each_get_their_own_map_in_their_own_language() -> None:
    campaign, clients = club("arc")  # Arc's counters are hidden: each player's map is his own
    seats = [p for p in clients if p not in ("referee", "spectator", "outsider")]
    pictures = {p: drawn(campaign, "en", p) for p in seats}
    assert len(set(pictures.values())) > 1, "every player's map is the same: the test shows nothing"
    for p in seats:  # one after the other, at the same state: the first one's drawing is kept
        assert map_of(page(clients[p], campaign.pk)) == pictures[p], p
    french = drawn(campaign, "fr", seats[0])
    assert french != pictures[seats[0]]
    assert map_of(page(clients[seats[0]], campaign.pk, "fr")) == french
    assert map_of(page(clients[seats[0]], campaign.pk, "en")) == pictures[seats[0]]


def test_an_order_given_draws_every_page_anew() -> None:
    campaign, clients = club("arc")
    who = awaited_player(campaign)
    others = [p for p in clients if p not in ("referee", "spectator", "outsider", who)]
    before = {p: page(clients[p], campaign.pk) for p in [who, *others]}
    order_by_clicking(clients[who], campaign)
    after = page(clients[who], campaign.pk)
    assert map_of(after) == drawn(campaign, "en", who)
    assert after.count("<pre") > before[who].count("<pre")  # the new line in the latest of the journal
    for p in others:
        assert map_of(page(clients[p], campaign.pk)) == drawn(campaign, "en", p)


def test_a_reload_draws_no_order_form_again_yet_carries_its_own_csrf_token(monkeypatch: pytest.MonkeyPatch) -> None:
    """The orders box (every pending proposal's form, every withdraw form) is drawn once per state and reader: a
    reload draws none again, and each request's box carries that request's token, which an order is accepted
    with (the token slot of the box kept never shows)."""
    from django.test import Client

    from campagne.server import orders, views
    from server_kit import form_fields, user
    campaign, clients = club("atlantis")
    who = awaited_player(campaign)
    calls = []
    real = orders.forms
    monkeypatch.setattr(orders, "forms", lambda *a, **k: calls.append(1) or real(*a, **k))
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(user(f"atlantis-{who}"))
    first = page(strict, campaign.pk)
    drawn_once = len(calls)
    assert drawn_once and form_fields(first)
    again = page(strict, campaign.pk)
    assert len(calls) == drawn_once, "the reload drew the order forms again"
    assert views._CSRF_SLOT not in first + again
    n = length(campaign)
    r = strict.post(f"/c/{campaign.pk}/orders/", form_fields(again)[0], HTTP_HX_REQUEST="true")
    assert r.status_code == 200 and length(campaign) > n


def test_the_server_asks_each_games_odds_once_before_its_workers_start() -> None:
    """`campagne serve` asks, before it forks, each game's odds once for one seat of a campaign under way: the data
    they read on first use (Gorges's tables, ~25 ms) is then every worker's, not paid by a first page in each
    (measured: a Gorges opening's first pages, 8 readers at once, 180-240 ms -> 75-155 ms)."""
    from campagne.server.processes import _warm
    campaign, _clients = club("gorges")
    store.forget()
    _warm()
    with store.viewing(campaign.pk) as (_c, c):
        first = store.seats(c)[0]
        state = (len(c.file.entries), campaign.created)
    assert (campaign.pk, state, first) in store._advice_facts or any(
        key[0] == campaign.pk and key[2] == first for key in store._advice)
