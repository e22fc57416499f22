"""What a passed deadline did, told on the page and by mail; the computer's orders and the undone lines marked in
the journal for those who may see them; each message once."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from server_kit import club, every_form

from campagne.server import deadlines, store
from campagne.server.models import Membership

pytestmark = pytest.mark.django_db


def _awaited(campaign) -> list[str]:
    with store.viewing(campaign.pk) as (_c, c):
        return [p for p in c.game.awaiting() if p != "referee"]


def _deadline_missed(campaign, clients) -> str:  # type: ignore[no-untyped-def]
    """The first awaited player, given a mail address, misses the deadline the referee set (one extension each):
    his extension is used. Returns him."""
    campaign.extensions = 1
    campaign.save()
    who = _awaited(campaign)[0]
    m = Membership.objects.get(campaign=campaign, player=who)
    m.user.email = f"{who}@example.org"
    m.user.save()
    clients["referee"].post(f"/c/{campaign.pk}/deadline/", {"hours": "2"})
    campaign.refresh_from_db()
    assert deadlines.due(campaign.pk, now=campaign.deadline + timedelta(minutes=1)) == [who]
    return who


def test_an_extension_used_then_a_computer_playing_are_told_on_the_page_by_mail_and_in_the_journal() -> None:
    campaign, clients = club("atlantis")
    for client in clients.values():
        client.cookies["django_language"] = "en"
    who = _deadline_missed(campaign, clients)
    page = clients["spectator"].get(f"/c/{campaign.pk}/").content.decode()
    assert f"Deadline passed: {who} used an extension (0 left)" in page
    assert any("used an extension (0 left)" in x.body for x in mail.outbox)
    clients["referee"].cookies["django_language"] = "fr"
    assert f"{who} a utilisé une prolongation (il lui en reste 0)" in \
        clients["referee"].get(f"/c/{campaign.pk}/live/").content.decode()
    clients["referee"].cookies["django_language"] = "en"
    campaign.refresh_from_db()
    assert deadlines.due(campaign.pk, now=campaign.deadline + timedelta(minutes=1)) == [who]
    page = clients[who].get(f"/c/{campaign.pk}/").content.decode()
    assert f"a computer played for {who}" in page
    assert any("a computer played for" in x.body for x in mail.outbox)
    journal = clients["referee"].get(f"/c/{campaign.pk}/journal/").content.decode()
    assert f"(played by a computer for {who})" in journal


def test_undone_lines_are_marked_for_the_referee_and_their_player_and_each_message_shows_once() -> None:
    campaign, clients = club("atlantis")
    clients["referee"].cookies["django_language"] = "en"
    who = _awaited(campaign)[0]
    form = every_form(clients[who], campaign.pk)[0]
    assert clients[who].post(f"/c/{campaign.pk}/orders/", {k: v for k, v in form.items() if k != "_type"}
                             ).status_code == 302
    with store.viewing(campaign.pk) as (_c, c):
        first = c.file.entries[-1]["n"]
    page = clients["referee"].get(f"/c/{campaign.pk}/").content.decode()
    assert page.count("undone by the referee") == 0
    response = clients["referee"].post(f"/c/{campaign.pk}/undo/", {"from": str(first), "reason": "a slip"},
                                       follow=True)
    said = "command(s) undone."
    assert response.content.decode().count(said) == 1, "the message is shown once"
    journal = clients["referee"].get(f"/c/{campaign.pk}/journal/").content.decode()
    assert "(undone by the referee)" in journal
    assert "(annulé par l&#x27;arbitre)" in clients[who].get(f"/c/{campaign.pk}/journal/").content.decode()
    other = next(p for p in ("alice", "bob", "carl") if p != who)
    assert "annulé par l&#x27;arbitre" not in clients[other].get(f"/c/{campaign.pk}/journal/").content.decode()


def test_the_notices_and_mails_name_a_player_as_the_journal_does_in_each_language() -> None:
    """A simulated player set up as « Mycenaean 1 » reads « Mycéniens 1 » in French in the journal: the deadline's
    notice line and its mail (and the « your turn » mail) name him so too, never by his id."""
    campaign, clients = club("atlantis", names={p: f"Mycenaean {i}" for i, p in
                                                enumerate(("alice", "bob", "carl"), 1)})
    who = _deadline_missed(campaign, clients)
    name = {"alice": "1", "bob": "2", "carl": "3"}[who]
    clients["referee"].cookies["django_language"] = "fr"
    live = clients["referee"].get(f"/c/{campaign.pk}/live/").content.decode()
    assert f"Mycéniens {name} a utilisé une prolongation" in live
    clients["referee"].cookies["django_language"] = "en"
    live = clients["referee"].get(f"/c/{campaign.pk}/live/").content.decode()
    assert f"Mycenaean {name} used an extension" in live
    body = mail.outbox[-1].body
    assert f"Mycéniens {name} a utilisé une prolongation" in body and f"Mycenaean {name} used an extension" in body
    assert f"{who} " not in body


def test_the_your_turn_mail_names_the_player_as_the_journal_does() -> None:
    campaign, clients = club("atlantis", names={"alice": "Mycenaean 1", "bob": "Mycenaean 2", "carl": "Mycenaean 3"})
    for p in ("alice", "bob", "carl"):
        m = Membership.objects.get(campaign=campaign, player=p)
        m.user.email = f"{p}@example.org"
        m.user.save()
    before = len(mail.outbox)
    for _ in range(6):  # orders until someone new is awaited
        who = _awaited(campaign)
        if not who or len(mail.outbox) > before:
            break
        form = every_form(clients[who[0]], campaign.pk)[0]
        clients[who[0]].post(f"/c/{campaign.pk}/orders/", {k: v for k, v in form.items() if k != "_type"})
    bodies = [x.body for x in mail.outbox[before:] if "your turn" in x.subject]
    assert bodies, "a player newly awaited is mailed"
    assert all("(Mycéniens " in b and "(Mycenaean " in b for b in bodies)
