"""The conformance kit's secrets check, at the club, on what the server answers to a member's own order: the HTMX
fragment, the page its redirect leads to, and the form drawn next — after the order that closes a phase too (the
club closes it as soon as every player has answered, the computers replying) — searched for each secret his game
declares he must not learn (`test_secrets.py` searches every page and JSON he may ask for; this, what his POST
answers). Two set-ups per game: its hand-built campaign (or a new one) between people, and one person against the
game's computers."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from conformance.test_secrets import (
    campaign_games,
    cli,
    hand_built,
    has_secrets,
    leaks,
    members,
    player_specs,
)

from campagne import session
from campagne.core.interface import Secret
from campagne.registry import games



def club_secrets(pk: int) -> dict[str, list[Secret]]:
    """What each player must not learn from the club's campaign as it stands now."""
    from campagne.server import store
    with store.viewing(pk) as (campaign, c):
        return games()[campaign.game].load("secrets")(c.state)


def order_replies(client: Any, pk: int, rng: random.Random, n: int, only: str | None = None
                  ) -> dict[str, str] | None:
    """One of the member's orders (of type `only`, if given) given through the club, the `n`-th: the answer to its
    POST (the HTMX fragment, or the page its redirect leads to, every other time) and the orders fragment drawn
    next; None: none offered."""
    from server_kit import form_fields
    forms = [f for f in form_fields(client.get(f"/c/{pk}/orders/").content.decode())
             if f["_type"] != "end" and only in (None, f["_type"])]
    if not forms:
        return None
    form = {k: v for k, v in rng.choice(forms).items() if k != "_type"}
    if n % 2:
        r = client.post(f"/c/{pk}/orders/", form, follow=True)
        where = f"order {n} {form.get('order', '')[:60]} (page after the redirect)"
    else:
        r = client.post(f"/c/{pk}/orders/", form, HTTP_HX_REQUEST="true")
        where = f"order {n} {form.get('order', '')[:60]} (fragment)"
    assert r.status_code in (200, 409), (where, r.status_code)
    return {where: r.content.decode("utf-8", "replace"),
            f"order {n}: the form drawn next": client.get(f"/c/{pk}/orders/", HTTP_HX_REQUEST="true").content.decode()}


def orders_at_the_club(pk: int, clients: dict[str, Any], seed: int, posts: int) -> dict[str, list[Secret]]:
    """Each awaited member gives orders through the club (the phase closed by the last one: the club closes it as
    soon as every player has answered); every answer searched for his secrets as they stand after it. Returns
    what was searched for."""
    from campagne.server import store
    from campagne.server.models import Campaign
    Campaign.objects.filter(pk=pk).update(advance_early=True)
    rng, looked = random.Random(seed), {}
    for n in range(posts):
        with store.viewing(pk) as (_row, c):
            awaiting = [p for p in c.game.awaiting() if p in clients]
        if not awaiting:
            if order_replies(clients["referee"], pk, rng, n, only="next") is None:  # his part: not searched
                break
            continue
        who = awaiting[n % len(awaiting)]
        replies = order_replies(clients[who], pk, rng, n)
        if replies is None:
            break
        secrets = club_secrets(pk).get(who, [])
        looked |= {s.what: s for s in secrets}
        found = leaks(replies, secrets)
        assert not found, f"{who}'s own order at the club answers what he must not read: " + "; ".join(found[:5])
    return looked


@pytest.mark.django_db
def test_a_member_s_own_orders_at_the_club_answer_only_his_view(game: str, tmp_path: Path) -> None:
    """What the club answers to a member's order (the fragment, the page after the redirect, the form drawn next,
    after the order that closes a phase too), searched for his secrets: the game's hand-built campaign or a new
    one between people, and one person against the game's computers."""
    from campagne.server import store
    if game not in campaign_games():
        pytest.skip(f"{game} is a battle: it has no secret (its descriptor says why)")
    store.forget()
    path = hand_built(game, tmp_path)
    if path is None:
        path = tmp_path / f"{game}-club.jsonl"
        cli(path, "new", game, *(x for i in player_specs(game, computers=False) for x in ("-p", i)),
            "--seed", "3", "--public-dice")
    referee = session.referee_file(path)
    campaign = store.import_journal(f"orders {game}", path.read_bytes(),
                                    referee.read_bytes() if referee.exists() else None)
    looked = orders_at_the_club(campaign.pk, members(campaign), seed=1, posts=6)
    alone, specs = tmp_path / f"{game}-alone.jsonl", player_specs(game, computers=True)
    cli(alone, "new", game, *(x for s in specs for x in ("-p", s)), "--seed", "2", "--public-dice")
    for played_on in (False, True):
        if played_on:  # nothing searched yet: on to the second turn, where the first battles' secrets (Gorges's
            # notes) are
            cli(alone, "play", "--stand-in", specs[0], "--referee", "--until-turn", "2", code=None)
        campaign = store.import_journal(f"alone {game} {played_on}", alone.read_bytes(),
                                        session.referee_file(alone).read_bytes())
        looked |= orders_at_the_club(campaign.pk, members(campaign), seed=2, posts=6)
        if looked or not has_secrets(game):
            break
    if has_secrets(game):
        assert looked, f"no {game} secret was searched for in the answers to orders at the club"


@pytest.mark.django_db
def test_a_leak_planted_in_what_the_club_answers_to_an_order_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every view the referee's: the search of the answers to a member's orders sees it (else it could not fail)."""
    from campagne.server import store
    game = next(g for g in ("arc", *sorted(campaign_games())) if g in games() and has_secrets(g))
    rules = games()[game].load("ruleset")
    referee_view = rules.view
    monkeypatch.setattr(rules, "view", lambda self, state, viewer: referee_view(self, state, None))
    store.forget()
    campaign = store.create(f"planted {game}", game, [
        {"id": i, "controller": "human", "name": i, **{f.name: f.default for f in games()[game].player_fields}}
        for i in player_specs(game, computers=False)], seed=3, public=True)
    with pytest.raises(AssertionError, match="own order at the club answers what he must not read"):
        orders_at_the_club(campaign.pk, members(campaign), seed=1, posts=4)
