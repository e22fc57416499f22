"""The club server leaks nothing, tested as an adversary would: a seeded campaign of every game holding its secrets
is put in the club, then every page, fragment, JSON and export is requested as each player (and a spectator) and
searched for the others' secrets:
- the secrets each game is known to keep (tests/test_secrets_adversarial.py: Atlantis's private pact and hidden
  strategy), the dice seed and its salt;
- and, for every game, every string of the referee's view and journal that the game's own gate (its view, its
  redacted journal, its text and picture drawn for this viewer, its legal orders for him) does not give this
  viewer: the server shows nothing beyond what the game lets each viewer see.
"""

from __future__ import annotations

import journal_kit

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from typer.testing import CliRunner

from server_kit import form_fields, signed_in, user
from test_secrets_adversarial import (PACT, STRATEGY_WORDS, agreement_numbers, atlantis_in_diplomacy,
                                      atlantis_with_secrets, run)

from campagne import session
from campagne.cli.main import app
from campagne.core.i18n import Lang
from campagne.registry import games
from campagne.render.text import entry_lines
from campagne.server import store
from campagne.server.models import Campaign, Membership
from campagne.server.referee import play_for

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh() -> None:
    store.forget()


def responses(client: Client, pk: int) -> dict[str, str]:
    """Everything a member can ask the server for."""
    out = {}
    for lang in ("fr", "en"):
        for url in ("/", f"/c/{pk}/", f"/c/{pk}/live/", f"/c/{pk}/orders/", f"/c/{pk}/journal/",
                    f"/c/{pk}/sheets/", f"/c/{pk}/map.svg", f"/c/{pk}/view.json", f"/c/{pk}/export.jsonl",
                    f"/c/{pk}/export.referee"):
            r = client.get(url, HTTP_ACCEPT_LANGUAGE=lang)
            out[f"{url} {lang}"] = r.content.decode("utf-8", "replace")
    return out


def leaves(obj: Any, out: set[str] | None = None) -> set[str]:
    out = set() if out is None else out
    if isinstance(obj, dict):
        for k, v in obj.items():
            leaves(v, out)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            leaves(v, out)
    elif isinstance(obj, str) and len(obj) >= 5 and not obj.replace(".", "").replace("-", "").isdigit():
        out.add(obj)
    return out


def own_outputs(campaign: Campaign, c: Any, viewer: str) -> str:
    """What the game itself gives this viewer (its gate is tested by each game's own secrets tests)."""
    d = store.descriptor(campaign)
    redact = d.load("redact_entry")
    view = c.game.view(viewer)
    entries = [redact(c.file.header.get("opening", {}), viewer)] + session.visible_entries(c, viewer, redact)
    texts = [json.dumps(view, ensure_ascii=False, default=str), json.dumps(entries, ensure_ascii=False, default=str)]
    legal = d.load("legal_orders")(c.state, viewer) if viewer != store.SPECTATOR else []
    texts.append(json.dumps([lo.to_dict() for lo in legal], ensure_ascii=False, default=str))
    for lang in ("fr", "en"):
        if d.text:
            text = d.load("text")
            texts.append(text.status_text(view, Lang(lang)))
            texts += ["\n".join(entry_lines(e, Lang(lang), text.event_text)) for e in entries]
        if d.picture:
            texts.append(d.load("picture")(c.state, lang, viewer))
    return "\n".join(texts)


def secrets_of_others(campaign: Campaign, c: Any, viewer: str) -> set[str]:
    d = store.descriptor(campaign)
    redact = d.load("redact_entry")
    everything = leaves(c.game.view(None)) | leaves(session.visible_entries(c, None, redact))
    mine = own_outputs(campaign, c, viewer)
    return {s for s in everything if s not in mine and html.escape(s) not in mine}


def search(campaign: Campaign, clients: dict[str, Client], known: dict[str, set[str]]) -> int:
    """Every response of every viewer searched; returns how many secrets were looked for."""
    looked = 0
    with store.viewing(campaign.pk) as (_c, c):
        hidden = {who: secrets_of_others(campaign, c, store.SPECTATOR if who == "spectator" else who)
                  for who in clients if who != "referee"}
    referee = clients["referee"].get(f"/c/{campaign.pk}/export.referee").content.decode()
    seed = json.loads(referee) if referee.strip() else {}
    for who, client in clients.items():
        if who == "referee":
            continue
        wanted = hidden[who] | known.get(who, set())
        if seed:
            wanted |= {str(seed["salt"]), f'"seed": {json.dumps(seed["seed"])}', f'"seed":{json.dumps(seed["seed"])}'}
        for where, text in responses(client, campaign.pk).items():
            for secret in wanted:
                assert secret not in text and html.escape(secret) not in text, (who, where, secret)
        looked += len(wanted)
    return looked


def members(campaign: Campaign) -> dict[str, Client]:
    clients = {"referee": signed_in(user(f"ref-{campaign.pk}"), campaign, Membership.REFEREE)}
    with store.viewing(campaign.pk) as (_c, c):
        for seat in store.seats(c):
            clients[seat] = signed_in(user(f"{campaign.pk}-{seat}"), campaign, Membership.PLAYER, seat)
    clients["spectator"] = signed_in(user(f"spec-{campaign.pk}"), campaign, Membership.SPECTATOR)
    return clients


def test_atlantis_pact_strategy_and_seed_reach_no_other_player(tmp_path: Path) -> None:
    path = atlantis_with_secrets(tmp_path)
    campaign = store.import_journal("secrets", path.read_bytes(), session.referee_file(path).read_bytes())
    clients = members(campaign)
    referee = "\n".join(responses(clients["referee"], campaign.pk).values())
    assert PACT in referee and "outflank" in referee  # the search can find them
    known = {"carl": {PACT, *STRATEGY_WORDS}, "spectator": {PACT, *STRATEGY_WORDS}}
    assert search(campaign, clients, known) > 10
    # bob, a party to the pact, sees it; his pages show alice's strategy nowhere but in his own orders' choices
    bob = responses(clients["bob"], campaign.pk)
    assert PACT in bob[f"/c/{campaign.pk}/view.json en"]
    for where, text in bob.items():
        if "/orders/" not in where and f"/c/{campaign.pk}/ " not in where + " ":
            for word in STRATEGY_WORDS:
                assert word not in text, (where, word)


def test_no_page_lets_a_non_party_count_the_private_agreements_before_his(tmp_path: Path) -> None:
    """alice and bob made two private agreements, then carl a truce with alice: every agreement number carl's pages,
    forms and JSON name is 1, his truce's (the referee's 3 would tell him two came before)."""
    path = atlantis_with_secrets(tmp_path)
    campaign = store.import_journal("numbers", path.read_bytes(), session.referee_file(path).read_bytes())
    carl = signed_in(user(f"{campaign.pk}-carl"), campaign, Membership.PLAYER, "carl")
    pages = responses(carl, campaign.pk)
    assert 1 in agreement_numbers(pages[f"/c/{campaign.pk}/orders/ en"])  # the form to break his truce: as #1
    for where, text in pages.items():
        named = set().union(*(agreement_numbers(line) for line in text.splitlines())) | agreement_numbers(text)
        assert named <= {1}, f"carl counts {sorted(named)} in {where}"
    referee = signed_in(user(f"ref-{campaign.pk}"), campaign, Membership.REFEREE)
    assert agreement_numbers(referee.get(f"/c/{campaign.pk}/view.json").content.decode()) == {1, 2, 3}


def _numbers(page: str) -> list[int]:
    """The line numbers a journal page shows, in order (the opening is #0)."""
    return [int(n) for n in re.findall(r"(?:^|<pre[^>]*>)#(\d+) ", html.unescape(page), re.M)]


def test_a_non_party_reads_his_own_line_numbers_at_the_club(tmp_path: Path) -> None:
    """alice and bob's private pact takes two lines of the journal: carl's journal page, JSON and forms have no line
    for them and no gap where they were, and every number the club tells him (his order received, the take-back of
    it) is the one his journal shows; the referee keeps the journal's own numbers."""
    path = atlantis_in_diplomacy(tmp_path / "club.jsonl")
    run(path, "order", "alice", "agree", "bob", "--set", f'text="{PACT}"', "--set", "public=false")
    run(path, "order", "bob", "accept", "1")
    campaign = store.import_journal("numbered", path.read_bytes(), session.referee_file(path).read_bytes())
    carl = signed_in(user(f"{campaign.pk}-carl"), campaign, Membership.PLAYER, "carl")
    referee = signed_in(user(f"ref-{campaign.pk}"), campaign, Membership.REFEREE)
    entries = carl.get(f"/c/{campaign.pk}/view.json").json()["entries"]
    everything = referee.get(f"/c/{campaign.pk}/view.json").json()["entries"]
    assert [e["n"] for e in entries] == list(range(1, len(everything) - 1))  # the pact's two lines: not his
    page = carl.get(f"/c/{campaign.pk}/journal/").content.decode()
    assert _numbers(page) == list(range(len(entries) + 1)) and "withheld" not in page
    assert _numbers(referee.get(f"/c/{campaign.pk}/journal/").content.decode()) == list(range(len(everything) + 1))
    # his forms count his lines, not the journal's
    form = next(f for f in form_fields(carl.get(f"/c/{campaign.pk}/").content.decode(), "agree") if "f_text" in f)
    assert form["seq"] == str(len(entries) + 1)
    form["f_text"] = "carl's own words"
    r = carl.post(f"/c/{campaign.pk}/orders/", form, follow=True)
    said = re.search(r"(?:line|ligne) #(\d+) (?:of the|du) journal", r.content.decode())
    assert said and int(said.group(1)) == len(entries) + 1, r.content.decode()[:2000]
    assert _numbers(carl.get(f"/c/{campaign.pk}/journal/").content.decode())[-1] == int(said.group(1))
    # the take-back form names his line by his number, and takes back that order
    mine = re.findall(r'<form class="withdraw".*?name="entry" value="(\d+)"',
                      carl.get(f"/c/{campaign.pk}/").content.decode(), re.S)
    assert mine == [said.group(1)]
    assert carl.post(f"/c/{campaign.pk}/withdraw/", {"entry": mine[0]}).status_code == 302
    with store.viewing(campaign.pk) as (_c, c):
        assert "carl's own words" not in [a.text for a in c.state.agreements]
    entries = carl.get(f"/c/{campaign.pk}/view.json").json()["entries"]
    assert [e["n"] for e in entries] == list(range(1, len(entries) + 1))
    assert entries[-1]["events"][0]["entries"] == [int(said.group(1))]  # the undo names his line his way


def test_gorges_year_secrets_reach_no_other_player(tmp_path: Path) -> None:
    path = tmp_path / "gorges.jsonl"
    # a year under way (a finished campaign is revealed to all, by design)
    r = CliRunner().invoke(app, ["simulate", "gorges", "--players", "4", "--seed", "21",
                                 "--journal", str(path), "--json"])
    assert r.exit_code == 0, r.output
    journal_kit.cut(path, 60)  # before the year's end: the campaign goes on
    campaign = store.import_journal("gorges", path.read_bytes())
    assert not campaign.ended
    clients = members(campaign)
    assert search(campaign, clients, {}) > 10
    # what a player's JSON holds is exactly the command line's `journal --as` for him
    for who in ("P1", "P2"):
        cli = CliRunner().invoke(app, ["journal", "--as", who, "--json", "-c", str(path)], env={"CAMPAGNE_JSON": None})
        served = clients[who].get(f"/c/{campaign.pk}/view.json").json()
        assert served["entries"] == json.loads(cli.stdout)["entries"]


@pytest.mark.parametrize("game", sorted(g for g in games() if g not in ("atlantis", "gorges")))
def test_every_other_game_keeps_its_secrets(game: str) -> None:
    d = games()[game]
    ids = list(d.seats) or ["alice", "bob"]
    players = [{"id": i, "controller": "human", "name": i, **{f.name: f.default for f in d.player_fields}}
               for i in ids]
    campaign = store.create(f"secrets {game}", game, players)
    if d.autoplay:  # under way: hidden counters placed, orders given
        with store.changing(campaign.pk) as (campaign, c):
            play_for(campaign, c, frozenset(store.seats(c)))
    clients = members(campaign)
    assert search(campaign, clients, {}) >= 3  # the seed and its salt at least
