"""The referee's console, accounts and the journal's import and export, through Django's test client."""

from __future__ import annotations

import hashlib
import json
import random
import re
from pathlib import Path

import pytest
from django.test import Client
from typer.testing import CliRunner

from server_kit import PASSWORD, club, form_fields, length, user

from campagne.cli.main import app
from campagne.server import store
from campagne.server.models import Campaign, Invitation, Membership

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh() -> None:
    store.forget()


def _stand_in_everyone(campaign: Campaign, clients: dict[str, Client]) -> None:
    with store.viewing(campaign.pk) as (_c, c):
        seats = store.seats(c)
    for seat in seats:
        r = clients["referee"].post(f"/c/{campaign.pk}/stand-in/", {"player": seat})
        assert r.status_code == 302


def test_referee_closes_a_phase_and_undoes_with_a_reason() -> None:
    campaign, clients = club("atlantis")
    _stand_in_everyone(campaign, clients)
    with store.viewing(campaign.pk) as (_c, c):
        assert c.game.view(None)["awaiting"] == ["referee"] or not c.game.view(None)["awaiting"]
        phase = store.phase_key(c)
    page = clients["referee"].get(f"/c/{campaign.pk}/").content.decode()
    nxt = form_fields(page, "next")
    assert nxt, "the referee's console offers the game's own referee orders"
    r = clients["referee"].post(f"/c/{campaign.pk}/orders/", nxt[0], HTTP_HX_REQUEST="true")
    assert r.status_code == 200
    with store.viewing(campaign.pk) as (_c, c):
        assert store.phase_key(c) != phase
        last = c.game.effective[-1].n
    before = length(campaign)
    assert clients["referee"].post(f"/c/{campaign.pk}/undo/", {"from": last, "reason": ""}).status_code == 302
    assert length(campaign) == before  # no reason: nothing
    r = clients["referee"].post(f"/c/{campaign.pk}/undo/", {"from": last, "reason": "wrong button"})
    assert length(campaign) > before
    with store.viewing(campaign.pk) as (_c, c):
        assert last in c.game.undone
    # players see only that a line was undone, never the reason's command
    journal = clients["alice"].get(f"/c/{campaign.pk}/view.json").json()
    undone = [e for e in journal["entries"] if e.get("undone")]
    assert all(set(e["command"]) == {"type", "player"} for e in undone)


def test_only_the_referee_uses_the_console() -> None:
    campaign, clients = club("atlantis")
    before = length(campaign)
    for who in ("alice", "spectator", "outsider"):
        for url, data in (("undo/", {"from": 1, "reason": "x"}), ("stand-in/", {"player": "alice"}),
                          ("invite/", {"role": "player", "player": "bob"}), ("deadline/", {"hours": "2"}),
                          ("archive/", {}), ("reset-link/", {"member": 1})):
            assert clients[who].post(f"/c/{campaign.pk}/{url}", data).status_code == 403, (who, url)
        for url in ("export.jsonl", "export.referee"):
            assert clients[who].get(f"/c/{campaign.pk}/{url}").status_code == 403
        assert clients[who].get("/new/").status_code == 403
    assert length(campaign) == before
    for url in ("undo/", "stand-in/", "invite/"):
        assert clients["referee"].get(f"/c/{campaign.pk}/{url}").status_code == 405


def test_invitation_link_signs_up_once() -> None:
    campaign, clients = club("gorges", humans=2)
    Membership.objects.filter(campaign=campaign, player="bob").delete()
    r = clients["referee"].post(f"/c/{campaign.pk}/invite/", {"role": "player", "player": "bob"}, follow=True)
    link = re.search(r"(http://testserver/join/[\w-]+/)", r.content.decode()).group(1)
    newcomer = Client()
    assert newcomer.get(link).status_code == 200
    r = newcomer.post(link, {"username": "newbob", "password1": PASSWORD, "password2": PASSWORD})
    assert r.status_code == 302
    m = Membership.objects.get(campaign=campaign, player="bob")
    assert m.user.username == "newbob" and m.role == "player"
    assert Client().post(link, {"username": "other", "password1": PASSWORD, "password2": PASSWORD}).status_code == 410
    assert Invitation.objects.get().used_by == m.user
    # a player already taken cannot be invited twice
    r = clients["referee"].post(f"/c/{campaign.pk}/invite/", {"role": "player", "player": "bob"}, follow=True)
    assert Invitation.objects.count() == 1


def test_reset_link_handed_by_the_referee() -> None:
    campaign, clients = club("gorges", humans=2)
    m = Membership.objects.get(campaign=campaign, player="alice")
    r = clients["referee"].post(f"/c/{campaign.pk}/reset-link/", {"member": m.pk}, follow=True)
    link = re.search(r"(http://testserver/reset/[\w-]+/[\w-]+/)", r.content.decode()).group(1)
    c = Client()
    r = c.get(link)
    assert r.status_code == 302  # Django moves the token into the session
    new = "another-long-password-77"
    r = c.post(r["Location"], {"new_password1": new, "new_password2": new})
    assert r.status_code == 302
    assert Client().login(username=m.user.username, password=new)
    r = Client().post("/login/", {"username": m.user.username, "password": new})
    assert r.status_code == 302


def test_login_page_and_wrong_password() -> None:
    user("someone")
    c = Client()
    assert c.get("/login/").status_code == 200
    assert c.post("/login/", {"username": "someone", "password": "wrong"}).status_code == 200
    assert c.post("/login/", {"username": "someone", "password": PASSWORD}).status_code == 302


def test_the_club_writes_the_chained_lines_the_command_line_checks(tmp_path: Path) -> None:
    # The club's lines are the file's (the same function writes them): chained, its referee's file keeping the
    # last link, so an export verifies with `campagne journal` and the same export cut short is refused.
    from campagne.core.errors import CampagneError
    from campagne.core.players import random_player
    from campagne.registry import game
    campaign, clients = club("atlantis", seed=None)  # the referee's secret dice
    legal_orders, rng = game("atlantis").load("legal_orders"), random.Random(1)
    for _ in range(4):  # orders given through the club, each in its own transaction
        with store.changing(campaign.pk) as (_row, c):
            actor = (c.game.awaiting() or ["referee"])[0]
            for _attempt in range(20):
                try:
                    c.push(random_player({}, legal_orders(c.state, actor), rng))
                    break
                except CampagneError:
                    continue
    journal = clients["referee"].get(f"/c/{campaign.pk}/export.jsonl").content
    referee = clients["referee"].get(f"/c/{campaign.pk}/export.referee").content
    lines = journal.splitlines()
    assert len(lines) > 2 and json.loads(lines[0])["format"] == 2 and "seed" not in json.loads(lines[0])
    assert all(json.loads(b)["prev"] == hashlib.sha256(a).hexdigest() for a, b in zip(lines, lines[1:]))
    assert json.loads(referee)["link"] == hashlib.sha256(lines[-1]).hexdigest()
    path = tmp_path / "campaign.jsonl"
    path.write_bytes(journal)
    (tmp_path / "campaign.jsonl.referee").write_bytes(referee)
    r = CliRunner().invoke(app, ["journal", "--json", "-c", str(path)], env={"CAMPAGNE_JSON": None})
    assert r.exit_code == 0 and json.loads(r.stdout)["dice_verified"], r.output
    path.write_bytes(b"".join(line + b"\n" for line in lines[:-1]))
    r = CliRunner().invoke(app, ["journal", "-c", str(path)], env={"CAMPAGNE_JSON": None})
    assert r.exit_code == 2 and f"line {len(lines)}" in r.stderr


def test_exported_journal_verifies_with_the_command_line(tmp_path: Path) -> None:
    campaign, clients = club("atlantis")
    _stand_in_everyone(campaign, clients)
    journal = clients["referee"].get(f"/c/{campaign.pk}/export.jsonl").content
    referee = clients["referee"].get(f"/c/{campaign.pk}/export.referee").content
    path = tmp_path / "campaign.jsonl"
    path.write_bytes(journal)
    r = CliRunner().invoke(app, ["journal", "--json", "-c", str(path)], env={"CAMPAGNE_JSON": None})
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["verified"]
    (tmp_path / "campaign.jsonl.referee").write_bytes(referee)
    r = CliRunner().invoke(app, ["journal", "--json", "-c", str(path)], env={"CAMPAGNE_JSON": None})
    assert r.exit_code == 0 and json.loads(r.stdout)["dice_verified"]
    # and it comes back in: the same lines, the same state
    staff = user("organiser", is_staff=True)
    c = Client()
    c.force_login(staff)
    with path.open("rb") as fh, (tmp_path / "campaign.jsonl.referee").open("rb") as ref:
        r = c.post("/new/", {"title": "back", "journal": fh, "referee": ref})
    assert r.status_code == 302
    back = Campaign.objects.get(title="back")
    assert store.export_journal(back).encode() == journal and back.seed == campaign.seed


def test_a_bad_journal_is_refused_with_one_sentence(tmp_path: Path) -> None:
    staff = user("organiser", is_staff=True)
    c = Client()
    c.force_login(staff)
    campaign, clients = club("atlantis")
    good = clients["referee"].get(f"/c/{campaign.pk}/export.jsonl").content
    lines = good.decode().splitlines()
    edited = lines[:-1] + [lines[-1].replace('"n":', '"n":9') if len(lines) > 1 else lines[-1] + "x"]
    count = Campaign.objects.count()
    for name, content in (("garbage", b"\x00\x01 not json"), ("wrong type", b'{"hello": 1}\n'),
                          ("edited", ("\n".join(edited) + "\n").encode()), ("empty", b"")):
        path = tmp_path / name
        path.write_bytes(content)
        with path.open("rb") as fh:
            r = c.post("/new/", {"title": name, "journal": fh})
        assert r.status_code == 200, name
        assert 'class="msg error"' in r.content.decode(), name
    assert Campaign.objects.count() == count


def test_a_new_campaign_from_the_form() -> None:
    staff = user("organiser", is_staff=True)
    c = Client()
    c.force_login(staff)
    r = c.post("/new/", {"game": "gorges", "title": "Island", "players": "ann\nben:greedy\n"})
    assert r.status_code == 302
    campaign = Campaign.objects.get(title="Island")
    assert Membership.objects.get(campaign=campaign, user=staff).role == "referee"
    r = c.post("/new/", {"game": "gorges", "title": "Bad", "players": "ann:robot"})
    assert r.status_code == 200 and 'class="msg error"' in r.content.decode()
    r = c.post("/new/", {"game": "no-such-game", "title": "Bad", "players": "ann"})
    assert r.status_code == 200 and not Campaign.objects.filter(title="Bad").exists()


def test_french_and_english() -> None:
    campaign, clients = club("gorges", humans=2)
    fr = clients["alice"].get(f"/c/{campaign.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    en = clients["alice"].get(f"/c/{campaign.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Ordres" in fr and "Orders" in en


def test_every_string_of_the_server_is_in_french() -> None:
    po = (Path(store.__file__).parent / "locale" / "fr" / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    entries = po.split("\n\n")[1:]
    untranslated = [e for e in entries if re.search(r'^msgstr ""$', e, re.M) and not re.search(r'^"', e.split("msgstr")[1], re.M)]
    assert not untranslated
    assert "#, fuzzy" not in po, "a translation guessed by makemessages is not one"
    mo = Path(store.__file__).parent / "locale" / "fr" / "LC_MESSAGES" / "django.mo"
    assert mo.exists() and mo.stat().st_size > 1000


def test_a_finished_campaign_is_revealed_to_all() -> None:
    campaign, clients = club("gorges", seed=None, humans=2)  # the referee's secret dice: revealed at the end
    assert clients["alice"].get(f"/c/{campaign.pk}/export.jsonl").status_code == 403
    page = clients["referee"].get(f"/c/{campaign.pk}/").content.decode()
    end = form_fields(page, "end")[0]
    assert clients["referee"].post(f"/c/{campaign.pk}/orders/", end).status_code == 302
    campaign.refresh_from_db()
    assert not campaign.ended  # a Gorges year ends in its final battle: its result first
    page = clients["referee"].get(f"/c/{campaign.pk}/").content.decode()
    final = form_fields(page, "final-battle")[0]
    assert clients["referee"].post(f"/c/{campaign.pk}/orders/", final).status_code == 302
    campaign.refresh_from_db()
    assert campaign.ended
    exported = clients["alice"].get(f"/c/{campaign.pk}/export.jsonl").content.decode()
    assert '"reveal"' in exported.splitlines()[-1]
    assert clients["alice"].get(f"/c/{campaign.pk}/view.json").json()["view"] == \
        clients["referee"].get(f"/c/{campaign.pk}/view.json").json()["view"]
    before = length(campaign)
    assert clients["referee"].post(f"/c/{campaign.pk}/orders/", end).status_code == 302
    assert length(campaign) == before
    clients["referee"].post(f"/c/{campaign.pk}/archive/")
    home = clients["alice"].get("/").content.decode()
    assert "Archive" in home or "Archives" in home


def test_a_phase_closes_early_once_every_player_has_answered() -> None:
    campaign, clients = club("atlantis")
    assert clients["referee"].post(f"/c/{campaign.pk}/advance-early/").status_code == 302
    assert clients["alice"].post(f"/c/{campaign.pk}/advance-early/").status_code == 403
    campaign.refresh_from_db()
    assert campaign.advance_early
    for _ in range(60):
        with store.viewing(campaign.pk) as (_c, c):
            view = c.game.view(None)
            seen = len(c.game.entries)
        who = view["awaiting"][0] if view["awaiting"] else "referee"
        forms = form_fields(clients[who].get(f"/c/{campaign.pk}/").content.decode())
        if who == "referee":
            forms = [f for f in forms if f["_type"] == "next"]
        assert clients[who].post(f"/c/{campaign.pk}/orders/", forms[0]).status_code == 302
        with store.viewing(campaign.pk) as (_c, c):
            made = [e.command for e in c.game.entries[seen:]]
        if who != "referee" and {"type": "next", "player": "referee"} in made:
            return  # a player's last answer closed the phase
    raise AssertionError("no phase closed early")


def test_no_reset_link_for_a_member_of_another_referee() -> None:
    campaign, clients = club("gorges", humans=2)
    other, _ = club("atlantis")
    m = Membership.objects.get(campaign=campaign, player="alice")
    Membership.objects.create(user=m.user, campaign=other, role="spectator")
    r = clients["referee"].post(f"/c/{campaign.pk}/reset-link/", {"member": m.pk}, follow=True)
    assert "/reset/" not in r.content.decode()


def test_a_huge_journal_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store, "MAX_JOURNAL_BYTES", 10_000)
    staff = user("organiser", is_staff=True)
    c = Client()
    c.force_login(staff)
    path = tmp_path / "huge.jsonl"
    path.write_bytes(b'{"journal":"campagne"}\n' * 1000)
    count = Campaign.objects.count()
    with path.open("rb") as fh:
        r = c.post("/new/", {"title": "huge", "journal": fh})
    page = r.content.decode()
    assert r.status_code == 200 and ("too large" in page or "trop gros" in page)
    assert Campaign.objects.count() == count


def test_the_admin_is_the_organisers() -> None:
    campaign, clients = club("gorges", humans=2)
    boss = user("boss", is_staff=True, is_superuser=True)
    c = Client()
    c.force_login(boss)
    for url in ("/admin/", "/admin/club/campaign/", f"/admin/club/campaign/{campaign.pk}/change/",
                "/admin/club/membership/", "/admin/club/journalline/"):
        assert c.get(url).status_code == 200, url
    assert c.get("/admin/club/campaign/add/").status_code == 403
    assert clients["referee"].get("/admin/").status_code == 302  # not staff: to the admin's log-in
    page = c.get(f"/admin/club/campaign/{campaign.pk}/change/").content.decode()
    assert campaign.salt not in page
