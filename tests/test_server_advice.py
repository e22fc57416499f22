"""The odds beside a player's decisions and his threat view on the campaign page: the game's `advice` for that
player, shown to him only (never to a spectator, nor another player's to him)."""

from __future__ import annotations

import html
import types

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


def test_the_numbers_are_computed_once_per_state_and_viewer_and_written_in_each_language(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Arc's odds and threats cost most of a page: a reader in French and one in English of the same side share
    them; each side's are his own (an Arc campaign's page, its state a melee with threats on both sides)."""
    from arc_kit import position, u
    from campagne.games.arc import advice as module
    campaign, _clients = club("arc")
    state = position([u("mpa_infantry", "D5"), u("faithful", "D7"), u("knights", "D15")], turn=3, phase="melee")
    c = types.SimpleNamespace(state=state, file=types.SimpleNamespace(entries=[]))
    players = ["bonnaire", "ulf"]
    told = {(p, lang): module.advice(state, p, lang) for p in players for lang in ("en", "fr")}
    assert all(told.values()) and told[("ulf", "en")] != told[("bonnaire", "en")] != told[("bonnaire", "fr")]
    real, asked = module.known_state, []
    monkeypatch.setattr(module, "known_state", lambda s, v: asked.append(v) or real(s, v))
    for lang in ("en", "fr", "en"):
        for p in players:
            assert store.advice(campaign, c, p, lang) == told[(p, lang)]  # type: ignore[arg-type]
    assert sorted(asked) == players
