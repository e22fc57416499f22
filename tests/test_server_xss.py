"""What people type (a player's name, an agreement's text, a campaign's title) reaches every page escaped: the
game's SVG map and sheets are put in the page as they are, so they must escape it too."""

from __future__ import annotations

import pytest
from django.test import Client

from server_kit import user

from campagne.server import store

pytestmark = pytest.mark.django_db
EVIL = "<script>alert(1)</script>"


@pytest.mark.parametrize("game", ["atlantis", "gorges"])
def test_typed_text_is_escaped_everywhere(game: str) -> None:
    store.forget()
    staff = user("organiser", is_staff=True)
    c = Client()
    c.force_login(staff)
    players = "\n".join(f"p{i}:human::{EVIL}" for i in range(1, 4))
    r = c.post("/new/", {"game": game, "title": EVIL, "players": players})
    assert r.status_code == 302, r.content.decode()[:2000]
    pk = int(r["Location"].strip("/").split("/")[-1])
    for url in ("/", f"/c/{pk}/", f"/c/{pk}/live/", f"/c/{pk}/journal/", f"/c/{pk}/sheets/", f"/c/{pk}/map.svg",
                f"/c/{pk}/orders/"):
        page = c.get(url).content.decode()
        assert EVIL not in page, url
    assert "&lt;script&gt;" in c.get(f"/c/{pk}/").content.decode()  # it is shown, escaped
