"""Deadlines per phase: a missed one costs an extension, then a computer stands in; two missed phases in a row put
a player in civil disorder until he gives an order again; reliability counts phases on time and missed."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from server_kit import club, form_fields, length

from campagne.server import deadlines, store
from campagne.server.models import Campaign, Membership

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh() -> None:
    store.forget()


def _awaited(campaign: Campaign) -> list[str]:
    with store.viewing(campaign.pk) as (_c, c):
        return [p for p in c.game.view(None)["awaiting"] if p != "referee"]


def test_missed_deadline_extension_then_stand_in_then_civil_disorder() -> None:
    campaign, clients = club("atlantis")
    campaign.extensions = 1
    campaign.save()
    assert clients["referee"].post(f"/c/{campaign.pk}/deadline/", {"hours": "2"}).status_code == 302
    campaign.refresh_from_db()
    assert campaign.deadline is not None
    late = campaign.deadline + timedelta(minutes=1)
    who = _awaited(campaign)[0]
    lines = length(campaign)
    assert deadlines.due(campaign.pk, now=late) == [who]  # an extension
    m = Membership.objects.get(campaign=campaign, player=who)
    assert m.extensions_used == 1 and m.missed == 0
    campaign.refresh_from_db()
    assert campaign.deadline > late and length(campaign) == lines  # the deadline moved on, and no line written
    before = length(campaign)
    assert deadlines.due(campaign.pk, now=campaign.deadline + timedelta(minutes=1)) == [who]  # no extension left
    m.refresh_from_db()
    assert m.missed == 1 and length(campaign) > before and who not in _awaited(campaign)
    campaign.refresh_from_db()
    assert campaign.deadline is None
    assert deadlines.due(campaign.pk) == []  # no deadline: nothing


def test_on_time_order_counts_and_ends_civil_disorder() -> None:
    campaign, clients = club("atlantis")
    who = _awaited(campaign)[0]
    Membership.objects.filter(campaign=campaign, player=who).update(civil_disorder=True, missed_in_row=2)
    Campaign.objects.filter(pk=campaign.pk).update(deadline=timezone.now() + timedelta(hours=5))
    form = form_fields(clients[who].get(f"/c/{campaign.pk}/").content.decode())[0]
    assert clients[who].post(f"/c/{campaign.pk}/orders/", form).status_code == 302
    m = Membership.objects.get(campaign=campaign, player=who)
    assert m.on_time == 1 and not m.civil_disorder and m.missed_in_row == 0
    with store.viewing(campaign.pk) as (_c, c):
        who_next = [p for p in c.game.view(None)["awaiting"] if p != "referee"]
    if who == (who_next or [None])[0]:  # a second order in the same phase: the phase counts once
        form = form_fields(clients[who].get(f"/c/{campaign.pk}/").content.decode())[0]
        clients[who].post(f"/c/{campaign.pk}/orders/", form)
        m.refresh_from_db()
        assert m.on_time == 1
    page = clients["spectator"].get(f"/c/{campaign.pk}/").content.decode()
    assert "1 / 1" in page  # reliability shown to the club


def test_bad_deadline_changes_nothing() -> None:
    campaign, clients = club("atlantis")
    for bad in ("soon", "-3", "99999"):
        clients["referee"].post(f"/c/{campaign.pk}/deadline/", {"hours": bad})
        campaign.refresh_from_db()
        assert campaign.deadline is None
