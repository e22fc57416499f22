"""The club server's pages and permissions, through Django's test client."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from server_kit import club, form_fields, length, user

from campagne.registry import games
from campagne.server import store

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh() -> None:
    store.forget()


def test_pages_need_a_login() -> None:
    campaign, _ = club("atlantis")
    anonymous = Client()
    for url in ("/", f"/c/{campaign.pk}/", f"/c/{campaign.pk}/live/", f"/c/{campaign.pk}/journal/",
                f"/c/{campaign.pk}/map.svg", f"/c/{campaign.pk}/view.json", "/new/"):
        r = anonymous.get(url)
        assert r.status_code == 302 and "/login/" in r["Location"], url
    r = anonymous.post(f"/c/{campaign.pk}/orders/", {"order": "{}"})
    assert r.status_code == 302 and length(campaign) == campaign.length


@pytest.mark.parametrize("game", sorted(games()))
def test_every_game_page_for_every_role(game: str) -> None:
    campaign, clients = club(game)
    d = games()[game]
    for who, client in clients.items():
        for url in ("/", f"/c/{campaign.pk}/", f"/c/{campaign.pk}/live/", f"/c/{campaign.pk}/journal/",
                    f"/c/{campaign.pk}/orders/", f"/c/{campaign.pk}/view.json", f"/c/{campaign.pk}/map.svg"):
            r = client.get(url)
            assert r.status_code == 200, (game, who, url, r.status_code)
        page = client.get(f"/c/{campaign.pk}/").content.decode()
        if d.picture:
            assert "<svg" in page
        sheets = client.get(f"/c/{campaign.pk}/sheets/")
        assert sheets.status_code == (200 if d.sheets and who not in ("spectator", "outsider") else 404), who


def test_a_player_gives_an_order_once() -> None:
    campaign, clients = club("atlantis")
    with store.viewing(campaign.pk) as (_c, c):
        who = c.game.view(None)["awaiting"][0]
    page = clients[who].get(f"/c/{campaign.pk}/").content.decode()
    form = form_fields(page)[0]
    before = length(campaign)
    r = clients[who].post(f"/c/{campaign.pk}/orders/", form, HTTP_HX_REQUEST="true")
    assert r.status_code == 200, r.content.decode()[:500]
    assert length(campaign) > before
    after = length(campaign)
    again = clients[who].post(f"/c/{campaign.pk}/orders/", form, HTTP_HX_REQUEST="true")
    assert again.status_code == 409 and length(campaign) == after
    assert "double" in again.content.decode() or "périmé" in again.content.decode() \
        or "out of date" in again.content.decode()


def test_the_order_received_names_its_line_as_the_journal_numbers_it() -> None:
    """One numbering: "Order received: line #5" is the line the journal page shows as #5 (not the file's line)."""
    import re
    campaign, clients = club("atlantis")
    with store.viewing(campaign.pk) as (_c, c):
        who = c.game.view(None)["awaiting"][0]
    form = form_fields(clients[who].get(f"/c/{campaign.pk}/").content.decode())[0]
    r = clients[who].post(f"/c/{campaign.pk}/orders/", form, HTTP_HX_REQUEST="true", follow=True)
    said = re.search(r"(?:line|ligne) #(\d+) (?:of the|du) journal", r.content.decode())
    assert said, r.content.decode()[:2000]
    with store.viewing(campaign.pk) as (_c, c):
        given = [e for e in c.file.entries if e["command"].get("player") == who][-1]
    assert int(said.group(1)) == given["n"]
    assert f"#{given['n']} " in clients[who].get(f"/c/{campaign.pk}/journal/").content.decode()


def test_nobody_orders_for_another() -> None:
    campaign, clients = club("atlantis")
    with store.viewing(campaign.pk) as (_c, c):
        who = c.game.view(None)["awaiting"][0]
    form = form_fields(clients[who].get(f"/c/{campaign.pk}/").content.decode())[0]
    before = length(campaign)
    others = [k for k in clients if k not in (who, "referee")]
    for other in others:
        r = clients[other].post(f"/c/{campaign.pk}/orders/", form, HTTP_HX_REQUEST="true")
        assert r.status_code in (403, 409), other
    assert length(campaign) == before


def test_orders_need_csrf() -> None:
    campaign, clients = club("atlantis")
    with store.viewing(campaign.pk) as (_c, c):
        who = c.game.view(None)["awaiting"][0]
    form = form_fields(clients[who].get(f"/c/{campaign.pk}/").content.decode())[0]
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(user(f"atlantis-{who}"))
    r = strict.post(f"/c/{campaign.pk}/orders/", form)
    assert r.status_code == 403 and length(campaign) == campaign.length


def test_bad_input_changes_nothing() -> None:
    campaign, clients = club("atlantis")
    with store.viewing(campaign.pk) as (_c, c):
        who = c.game.view(None)["awaiting"][0]
    form = form_fields(clients[who].get(f"/c/{campaign.pk}/").content.decode())[0]
    before = length(campaign)
    field = next(k for k in form if k.startswith("f_"))
    for bad in ({**form, field: '"atlantis-nowhere"'}, {**form, field: "{not json"}, {**form, "seq": "x"},
                {**form, "phase": "9:nothing"}, {**form, "order": "garbage"}):
        r = clients[who].post(f"/c/{campaign.pk}/orders/", bad, HTTP_HX_REQUEST="true")
        assert r.status_code == 409, bad
        assert 'class="msg error"' in r.content.decode()
    assert length(campaign) == before


def test_your_turn_is_said_on_the_site_and_mailed(settings) -> None:  # type: ignore[no-untyped-def]
    from django.core import mail
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    campaign, clients = club("atlantis")
    with store.viewing(campaign.pk) as (_c, c):
        who = c.game.view(None)["awaiting"][0]
    home = clients[who].get("/").content.decode()
    assert 'class="turn"' in home
    from campagne.server.models import Membership
    for m in Membership.objects.filter(campaign=campaign).select_related("user"):
        m.user.email = f"{m.user.username}@example.org"
        m.user.save()
    form = form_fields(clients[who].get(f"/c/{campaign.pk}/").content.decode())[0]
    clients[who].post(f"/c/{campaign.pk}/orders/", form)
    with store.viewing(campaign.pk) as (_c, c):
        now = [p for p in c.game.view(None)["awaiting"] if p != "referee"]
    assert {m.to[0] for m in mail.outbox} == {f"atlantis-{p}@example.org" for p in now if p != who}


@pytest.mark.parametrize("game", sorted(games()))
def test_every_legal_choice_is_offered(game: str) -> None:
    campaign, clients = club(game)
    with store.viewing(campaign.pk) as (_c, c):
        seats = ["referee", *store.seats(c)]
        legal = {who: store.legal(campaign, c, who) for who in seats}
    for who in seats:
        # the orders of no piece on every page, each piece's with it when it is selected (on the map or the list)
        page = clients[who].get(f"/c/{campaign.pk}/orders/").content.decode()
        pages = [page] + [clients[who].get(f"/c/{campaign.pk}/orders/", {"sel": html.unescape(p)}).content.decode()
                          for p in re.findall(r'<option value="([^"]*)"[^>]*>', _select(page))]
        forms = {re.search(r'id="([^"]*)"', f).group(1): f  # type: ignore[union-attr]
                 for p in pages for f in re.findall(r'<form class="order".*?</form>', p, re.S)}.values()
        assert len(forms) == len(legal[who]), who
        assert all(p.count('<form class="order"') < len(legal[who]) for p in pages) or len(pages) == 1, who
        choices = sum(len(f.choices) + (1 if f.optional else 0) for lo in legal[who] for f in lo.fields
                      if f.kind == "choice")
        assert sum(f.count("<option") for f in forms) == choices, who


def _select(page: str) -> str:
    found = re.search(r'<select name="sel".*?</select>', page, re.S)
    return found.group(0) if found else ""
