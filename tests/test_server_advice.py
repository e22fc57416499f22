"""The odds beside a player's decisions and his threat view on the campaign page: the game's `advice` for that
player, shown to him only (never to a spectator, nor another player's to him)."""

from __future__ import annotations

import html

import pytest

from server_kit import club
from test_server_withdraw import _to_phase

from campagne.server import store

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh() -> None:
    store.forget()


@pytest.mark.parametrize("game,humans,phase", [("atlantis", 3, "movement"), ("skirmish", None, "battle")])
def test_each_player_sees_his_own_odds_and_threats(game: str, humans: int | None, phase: str) -> None:
    campaign, clients = club(game, humans=humans)
    _to_phase(campaign, clients, phase)
    d = store.descriptor(campaign)
    with store.viewing(campaign.pk) as (_c, c):
        told = {p: d.load("advice")(c.state, p, "fr") for p in store.seats(c)}
    assert any(told.values()), "nobody has odds or threats: the test shows nothing"
    for p, mine in told.items():
        page = html.unescape(clients[p].get(f"/c/{campaign.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode())
        for a in mine:
            assert a["text"] in page
        for other, theirs in told.items():
            for a in theirs:
                if a not in mine:
                    assert a["text"] not in page, (p, other)
    spectator = clients["spectator"].get(f"/c/{campaign.pk}/").content.decode()
    assert 'class="advice"' not in spectator
