"""The club server against requests no page of it sends: ids out of range, malformed form values, password
guessing; and what it writes to its log for a refused request, and the admin's static files."""

from __future__ import annotations

import logging
import re

import pytest
from django.test import Client
from django.urls import get_resolver
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from server_kit import club, length, user

from campagne.server import store

pytestmark = pytest.mark.django_db

HUGE = ("99999999999999999999999", "9223372036854775808", "18446744073709551616", "0", "00", "9" * 400)


@pytest.fixture(autouse=True)
def _fresh(settings: object) -> None:
    store.forget()
    # the accounts' passwords hashed fast: these tests sign in and make members by the dozen
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # type: ignore[attr-defined]


def _campaign_routes() -> list[str]:
    """Every club URL that names a campaign, walked from the URL configuration itself (a route added later is
    checked too): its route with `{}` for the campaign's id."""
    club_urls = next(p for p in get_resolver().url_patterns if getattr(p, "namespace", None) == "club")
    routes = [str(p.pattern) for p in club_urls.url_patterns if "<" in str(p.pattern)]
    out = [re.sub(r"<[^>]*pk>", "{}", r) for r in routes if "pk>" in r]
    assert len(out) >= 15 and all("<" not in r for r in out), routes
    return out


def test_every_campaign_url_answers_404_for_an_id_out_of_range() -> None:
    campaign, clients = club("gorges", humans=2)
    referee = clients["referee"]
    organiser = Client()
    organiser.force_login(user("organiser", is_superuser=True, is_staff=True))
    for route in _campaign_routes():
        for who in (referee, organiser, clients["alice"]):
            for pk in HUGE:  # matches no route: 404 whatever the method
                url = "/" + route.format(pk)
                assert who.get(url).status_code == 404, url
                assert who.post(url, {"member": "1", "from": "1"}).status_code == 404, url
            for pk in (str(2 ** 63 - 1), str(campaign.pk + 1000)):  # no such campaign (or not that method)
                url = "/" + route.format(pk)
                assert who.get(url).status_code in (404, 405), url
                assert who.post(url, {"member": "1", "from": "1"}).status_code in (404, 405), url
    for pk in HUGE:  # the admin's pages: a missing row, never a crash
        for model in ("campaign", "membership", "invitation"):
            r = organiser.get(f"/admin/club/{model}/{pk}/change/")
            assert r.status_code in (302, 404), (model, pk, r.status_code)
    assert length(campaign) == campaign.length


# what the referee's and the players' forms send a number in; each one malformed is a 400, and nothing changed
NUMBERED = [("reset-link/", "member", "referee"), ("undo/", "from", "referee"),
            ("battle-result/", "group", "referee"), ("withdraw/", "entry", "alice")]
MALFORMED = ("abc", "-1", "1e3", "1.0", " 1", "٣", "１", "1_0", "0x10", "9" * 30, "9223372036854775808", "\x00")


def test_malformed_numbers_in_forms_are_400() -> None:
    campaign, clients = club("gorges", humans=2)
    for route, field, who in NUMBERED:
        for value in MALFORMED:
            r = clients[who].post(f"/c/{campaign.pk}/{route}", {field: value, "reason": "r", "target": "x"})
            assert r.status_code == 400, (route, field, value, r.status_code)
    assert length(campaign) == campaign.length


def test_the_referee_reset_link_for_member_abc_is_400_not_500() -> None:
    campaign, clients = club("gorges", humans=2)
    r = clients["referee"].post(f"/c/{campaign.pk}/reset-link/", {"member": "abc"})
    assert r.status_code == 400


@settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(values=st.dictionaries(st.sampled_from(["member", "from", "group", "entry", "hours", "seq", "target",
                                               "player", "role", "reason", "order", "phase", "f_text"]),
                              st.text(max_size=40) | st.integers().map(str), max_size=5),
       route=st.sampled_from(["reset-link/", "undo/", "battle-result/", "withdraw/", "deadline/", "stand-in/",
                              "invite/", "orders/", "advance-early/"]),
       who=st.sampled_from(["referee", "alice", "spectator"]))
def test_any_form_value_is_answered_below_500(values: dict[str, str], route: str, who: str) -> None:
    campaign, clients = _shared_club()
    r = clients[who].post(f"/c/{campaign.pk}/{route}", values)
    assert r.status_code < 500, (route, values, r.status_code)


_CLUB: dict[str, object] = {}


def _shared_club() -> tuple[object, dict[str, Client]]:
    """One club for the examples of a hypothesis run (the database is the test's: made on its first example)."""
    from campagne.server.models import Campaign
    held = _CLUB.get("club")
    if held is None or not Campaign.objects.filter(pk=held[0].pk).exists():  # type: ignore[index]
        _CLUB["club"] = club("gorges", humans=2)
    return _CLUB["club"]  # type: ignore[return-value]




def _sign_in(client: Client, name: str, password: str) -> int:
    return client.post("/login/", {"username": name, "password": password}).status_code


def test_thirty_wrong_passwords_lock_the_account_out() -> None:
    from django.conf import settings as conf
    u = user("guessed")
    guesser = Client(REMOTE_ADDR="203.0.113.7")
    for i in range(30):
        assert _sign_in(guesser, "guessed", f"wrong-{i}") in (200, 429)
    r = guesser.post("/login/", {"username": "guessed", "password": "a-long-test-password-31"})
    assert r.status_code == 429 and "_auth_user_id" not in guesser.session  # the right one, refused
    assert str(conf.AXES_COOLOFF_TIME.seconds // 60) in r.content.decode() and "Traceback" not in r.content.decode()
    assert guesser.get("/").status_code == 302  # not signed in
    # the account's owner, from his own address, still signs in
    owner = Client(REMOTE_ADDR="198.51.100.3")
    assert _sign_in(owner, "guessed", "a-long-test-password-31") == 302 and u.pk


def test_a_few_wrong_passwords_then_the_right_one_sign_in() -> None:
    user("forgetful")
    c = Client(REMOTE_ADDR="203.0.113.8")
    for _ in range(2):  # twice a few mistakes, each time followed by the right password: never locked
        for i in range(5):
            assert _sign_in(c, "forgetful", f"wrong-{i}") == 200
        assert _sign_in(c, "forgetful", "a-long-test-password-31") == 302
        c.post("/logout/")


def test_a_403_is_one_line_in_the_log(caplog: pytest.LogCaptureFixture) -> None:
    campaign, clients = club("gorges", humans=2)
    with caplog.at_level(logging.WARNING, logger="django.request"):
        r = clients["alice"].post(f"/c/{campaign.pk}/undo/", {"from": "1", "reason": "r"})
        assert r.status_code == 403
        r = clients["referee"].post(f"/c/{campaign.pk}/reset-link/", {"member": "abc"})
        assert r.status_code == 400
    refused = [rec for rec in caplog.records if rec.name == "django.request"]
    assert {rec.status_code for rec in refused} == {403, 400}  # type: ignore[attr-defined]
    for rec in refused:
        assert rec.exc_info is None and "Traceback" not in caplog.text
        assert "\n" not in rec.getMessage()


def test_the_admin_and_club_static_files_are_served() -> None:
    c = Client()
    for path in ("/static/admin/css/base.css", "/static/admin/js/core.js", "/static/club/htmx.min.js"):
        r = c.get(path)
        assert r.status_code == 200, path
        assert b"".join(r.streaming_content if r.streaming else [r.content])
    assert c.get("/static/admin/nothing-here.css").status_code == 404
