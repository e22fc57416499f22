"""The post-battle form of the referee's console: built from the game's `battle_options` (one form per group),
it writes the whole result into the campaign as `campagne battle-result` does, and refuses what the command line
refuses, in one sentence, changing nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from server_kit import length, signed_in, user

from campagne.computers import play_computers
from campagne.server import battles, store
from campagne.server.models import Campaign, Membership

pytestmark = pytest.mark.django_db

PLAYERS = {"atlantis": [{"id": "ann", "controller": "random", "name": "ann", "army": "egyptian"},
                        {"id": "ben", "controller": "random", "name": "ben", "army": "atlante"},
                        {"id": "cat", "controller": "random", "name": "cat", "army": "mycenaean"}],
           "gorges": [{"id": "ann", "controller": "random", "name": "ann", "race": "empire"},
                      {"id": "ben", "controller": "random", "name": "ben", "race": "skaven"},
                      {"id": "cat", "controller": "random", "name": "cat", "race": "dwarfs"}]}


@pytest.fixture(autouse=True)
def _fresh() -> None:
    store.forget()


def _at_a_battle(game: str) -> tuple[Campaign, Client, list[tuple[str, str]]]:
    """A campaign of computers, the referee closing phases until a battle awaits its result."""
    for seed in range(1, 30):
        campaign = store.create(f"Battles {game} {seed}", game, PLAYERS[game], seed=seed, public=True)
        for _ in range(120):
            with store.viewing(campaign.pk) as (campaign, c):
                waiting = battles.targets(campaign, c)
                if waiting or c.state.phase == "ended":
                    break
            with store.changing(campaign.pk) as (campaign, c):
                c.push({"type": "next", "player": "referee"})
                play_computers(c)
        if waiting:
            return campaign, signed_in(user(f"ref-b-{game}"), campaign, Membership.REFEREE), waiting
    raise AssertionError(f"no {game} campaign reached a battle")


def _form(page: str) -> str:
    assert 'class="battle"' in page
    return page


@pytest.mark.parametrize("game", ["atlantis", "gorges"])
def test_the_post_battle_form_writes_the_result(game: str) -> None:
    campaign, referee, waiting = _at_a_battle(game)
    page = _form(referee.get(f"/c/{campaign.pk}/").content.decode())
    d = store.descriptor(campaign)
    for o in d.battle_options:
        assert f'name="o_{o.name}"' in page, f"the form lacks --{o.name}"
    target, label = waiting[0]
    with store.viewing(campaign.pk) as (campaign, c):
        sides = next(lo for lo in store.legal(campaign, c, "referee")
                     if lo.type == "battle-result" and str(next(iter(lo.fixed.values()))) == target).fields[0].choices
    hand = next(i for i, (g, opts) in enumerate(battles._groups(d.battle_options))
                if any(o.name == "winner" for o in opts))
    before = length(campaign)
    r = referee.post(f"/c/{campaign.pk}/battle-result/", {"target": target, "group": hand, "o_winner": sides[0]})
    assert r.status_code == 302
    assert length(campaign) > before
    with store.viewing(campaign.pk) as (campaign, c):
        mine = [e for e in c.file.entries if e["command"].get("type") == "battle-result"]
        assert mine and mine[-1]["command"]["winner"] == sides[0]
        assert target not in dict(battles.targets(campaign, c))


@pytest.mark.parametrize("game", ["atlantis", "gorges"])
def test_the_post_battle_form_refuses_and_changes_nothing(game: str) -> None:
    campaign, referee, waiting = _at_a_battle(game)
    target = waiting[0][0]
    d = store.descriptor(campaign)
    groups = battles._groups(d.battle_options)
    hand = next(i for i, (g, opts) in enumerate(groups) if any(o.name == "winner" for o in opts))
    auto = next(i for i, (g, opts) in enumerate(groups) if any(o.name == "auto" for o in opts))
    before = length(campaign)
    bad: list[dict[str, Any]] = [
        {"target": "nowhere", "group": hand, "o_winner": "ann"},  # no such battle
        {"target": target, "group": hand},  # no winner
        {"target": target, "group": hand, "o_winner": "nobody"},  # not a side
        {"target": target, "group": 99, "o_winner": "ann"},  # no such group
    ]
    for post in bad:
        r = referee.post(f"/c/{campaign.pk}/battle-result/", post, follow=True)
        assert r.status_code == 200
        assert length(campaign) == before, post
        assert 'class="msg error"' in r.content.decode() or "msg error" in r.content.decode(), post
    for group in ("x", "-1"):  # a value no form sends: a bad request
        r = referee.post(f"/c/{campaign.pk}/battle-result/", {"target": target, "group": group})
        assert r.status_code == 400 and length(campaign) == before
    # an option of another group is not read: the auto-resolve form with a winner typed in resolves automatically
    r = referee.post(f"/c/{campaign.pk}/battle-result/", {"target": target, "group": auto, "o_auto": "true",
                                                          "o_winner": "ann"})
    assert length(campaign) > before
    with store.viewing(campaign.pk) as (campaign, c):
        assert c.file.entries[before - 1 if before else 0:] and any(
            e["command"].get("type") == "auto-resolve" for e in c.file.entries)


@pytest.mark.parametrize("game", ["atlantis"])
def test_only_the_referee_enters_a_result(game: str) -> None:
    campaign, _referee, waiting = _at_a_battle(game)
    player = signed_in(user("b-player"), campaign, Membership.PLAYER, "ann")
    before = length(campaign)
    r = player.post(f"/c/{campaign.pk}/battle-result/", {"target": waiting[0][0], "group": 0, "o_winner": "ann"})
    assert r.status_code == 403 and length(campaign) == before
    assert 'class="battle"' not in player.get(f"/c/{campaign.pk}/").content.decode()


@pytest.mark.parametrize("game", ["atlantis", "gorges"])
def test_the_post_battle_form_sends_a_battle_to_the_grid_and_every_page_reads_it(game: str) -> None:
    """`--resolver grid` from the referee's console, as from the command line (issue 22: the command line stopped
    with an internal error, and with --json the journal it wrote then broke every reading command)."""
    campaign, referee, waiting = _at_a_battle(game)
    d = store.descriptor(campaign)
    auto = next(i for i, (g, opts) in enumerate(battles._groups(d.battle_options))
                if any(o.name == "resolver" for o in opts))
    before = length(campaign)
    r = referee.post(f"/c/{campaign.pk}/battle-result/",
                     {"target": waiting[0][0], "group": auto, "o_auto": "on", "o_resolver": "grid"})
    assert r.status_code == 302
    assert length(campaign) > before
    with store.viewing(campaign.pk) as (campaign, c):
        assert any(e["command"].get("resolver") == "grid" for e in c.file.entries)
    for page in ("", "journal/", "map.svg", "sheets/", "view.json", "export.jsonl"):
        for lang in ("fr", "en"):
            got = referee.get(f"/c/{campaign.pk}/{page}", HTTP_ACCEPT_LANGUAGE=lang)
            assert got.status_code == 200, (page, lang, got.status_code)
