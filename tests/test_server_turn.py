"""One whole turn played through the web by a referee and two players, through Django's test client: whoever is
awaited gives the first order offered (the referee closes the phase), until the next turn begins."""

from __future__ import annotations

import pytest

from server_kit import club, form_fields

from campagne.server import store

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh() -> None:
    store.forget()


def play_turn(campaign, clients, steps: int = 200) -> list[str]:  # type: ignore[no-untyped-def]
    said = []
    view = clients["referee"].get(f"/c/{campaign.pk}/view.json").json()["view"]
    turn = view.get("turn")
    for _ in range(steps):
        view = clients["referee"].get(f"/c/{campaign.pk}/view.json").json()["view"]
        if view.get("turn") != turn and view.get("turn") not in (0, None):
            return said
        awaited = [p for p in view.get("awaiting", []) if p != "referee"]
        who = awaited[0] if awaited else "referee"
        page = clients[who].get(f"/c/{campaign.pk}/").content.decode()
        forms = [f for f in form_fields(page) if f["_type"] not in ("end", "undo")]
        if who == "referee":
            forms = [f for f in forms if f["_type"] == "next"] or forms
        assert forms, (who, view.get("phase"))
        r = clients[who].post(f"/c/{campaign.pk}/orders/", forms[0], HTTP_HX_REQUEST="true")
        assert r.status_code == 200, r.content.decode()[:400]
        said.append(f"{who}: {forms[0]['_type']}")
    raise AssertionError(f"the turn did not end: {said[-10:]}")


@pytest.mark.parametrize("game", ["gorges", "atlantis"])
def test_one_turn_through_the_web(game: str) -> None:
    campaign, clients = club(game, humans=2 if game == "gorges" else 3)
    said = play_turn(campaign, clients)
    assert any(not s.startswith("referee") for s in said)

