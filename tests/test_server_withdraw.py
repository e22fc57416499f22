"""A player's own order may be taken back and changed until its phase resolves, never after; the orders others
gave since are given again unchanged; nobody takes back another's order; nothing of the order taken back is
shown to the others."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from server_kit import club, form_fields, length

from campagne.server import store

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh() -> None:
    store.forget()


def _to_phase(campaign: Any, clients: dict[str, Client], phase: str) -> None:
    """Whoever is awaited gives the first order offered (the referee closes phases) until `phase`."""
    for _ in range(200):
        view = clients["referee"].get(f"/c/{campaign.pk}/view.json").json()["view"]
        if view.get("phase") == phase and view.get("turn"):
            return
        awaited = [p for p in view.get("awaiting", []) if p != "referee"]
        who = awaited[0] if awaited else "referee"
        forms = [f for f in form_fields(clients[who].get(f"/c/{campaign.pk}/").content.decode())
                 if f["_type"] not in ("end", "undo")]
        if who == "referee":
            forms = [f for f in forms if f["_type"] == "next"] or forms
        assert clients[who].post(f"/c/{campaign.pk}/orders/", forms[0]).status_code == 302
    raise AssertionError(f"never reached {phase}")


def _propose(client: Client, campaign: Any, words: str) -> None:
    page = client.get(f"/c/{campaign.pk}/").content.decode()
    agree = next(f for f in form_fields(page, "agree") if "f_text" in f and "f_parties" in f)
    agree["f_text"] = words
    assert client.post(f"/c/{campaign.pk}/orders/", agree).status_code == 302


def _taken_back(page: str) -> list[str]:
    return re.findall(r'<form class="withdraw".*?name="entry" value="(\d+)"', page, re.S)


def test_an_order_is_changed_until_its_phase_resolves() -> None:
    campaign, clients = club("atlantis", humans=3)
    _to_phase(campaign, clients, "diplomacy")
    _propose(clients["alice"], campaign, "alice-first-words")
    _propose(clients["bob"], campaign, "bob-words")
    page = clients["alice"].get(f"/c/{campaign.pk}/").content.decode()
    mine = _taken_back(page)
    assert len(mine) == 1
    assert not _taken_back(clients["carl"].get(f"/c/{campaign.pk}/").content.decode())
    # another player cannot take it back
    before = length(campaign)
    r = clients["bob"].post(f"/c/{campaign.pk}/withdraw/", {"entry": mine[0]}, HTTP_HX_REQUEST="true")
    assert r.status_code == 409 and length(campaign) == before
    assert clients["referee"].post(f"/c/{campaign.pk}/withdraw/", {"entry": mine[0]}, HTTP_HX_REQUEST="true").status_code == 403
    assert clients["spectator"].post(f"/c/{campaign.pk}/withdraw/", {"entry": mine[0]}, HTTP_HX_REQUEST="true").status_code == 403
    assert clients["alice"].post(f"/c/{campaign.pk}/withdraw/", {"entry": "x"}, HTTP_HX_REQUEST="true").status_code == 400
    # alice takes hers back: bob's proposal is given again, hers is gone
    r = clients["alice"].post(f"/c/{campaign.pk}/withdraw/", {"entry": mine[0]})
    assert r.status_code == 302 and length(campaign) > before
    with store.viewing(campaign.pk) as (_c, c):
        texts = [a.text for a in c.state.agreements]
        assert "bob-words" in texts and "alice-first-words" not in texts
    # what the others see of it: no word of the order taken back
    for other in ("bob", "carl", "spectator"):
        shown = clients[other].get(f"/c/{campaign.pk}/view.json").content.decode() + \
            clients[other].get(f"/c/{campaign.pk}/journal/").content.decode()
        assert "alice-first-words" not in shown, other
    _propose(clients["alice"], campaign, "alice-second-words")
    again = _taken_back(clients["alice"].get(f"/c/{campaign.pk}/").content.decode())
    assert len(again) == 1
    # the phase resolves: no more changing
    _to_phase(campaign, clients, "loot")
    assert not _taken_back(clients["alice"].get(f"/c/{campaign.pk}/").content.decode())
    before = length(campaign)
    r = clients["alice"].post(f"/c/{campaign.pk}/withdraw/", {"entry": again[0]}, HTTP_HX_REQUEST="true")
    assert r.status_code == 409 and length(campaign) == before
    assert "résolue" in r.content.decode() or "resolved" in r.content.decode()
