"""Sessions are the database's: a session deleted or changed by another machine of the club (its log-out, the
organiser's revocation in the admin) is so at the next request here, though this process keeps sessions decoded."""

from __future__ import annotations

import pytest
from django.contrib.sessions.backends.db import SessionStore as DjangoStore
from django.contrib.sessions.models import Session
from django.test import Client

from server_kit import user

from campagne.server import sessions

pytestmark = pytest.mark.django_db


def test_a_session_deleted_elsewhere_ends_at_once_here() -> None:
    c = Client()
    c.force_login(user("roaming"))
    assert c.get("/").status_code == 200 and c.get("/").status_code == 200  # read, then read again (held)
    Session.objects.filter(session_key=c.cookies["sessionid"].value).delete()  # another machine's log-out
    r = c.get("/")
    assert r.status_code == 302 and "/login/" in r["Location"]


def test_a_session_changed_elsewhere_is_read_again_and_a_copy_is_handed_out() -> None:
    c = Client()
    c.force_login(user("roaming"))
    key = c.cookies["sessionid"].value
    here = sessions.SessionStore(key)
    assert "note" not in here.load()
    there = DjangoStore(key)  # another machine changes the session
    there["note"] = ["from elsewhere"]
    there.save()
    first = sessions.SessionStore(key).load()
    assert first["note"] == ["from elsewhere"]
    first["note"].append("changed by one request")  # a request's changes are its own until saved
    assert sessions.SessionStore(key).load()["note"] == ["from elsewhere"]
