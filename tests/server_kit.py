"""Helpers of the club server's tests: a club with a campaign of a game, its members, and requests as each."""

from __future__ import annotations

import re
from typing import Any

from django.contrib.auth import get_user_model
from django.test import Client

from campagne.registry import games
from campagne.server import store
from campagne.server.models import Campaign, Membership

PASSWORD = "a-long-test-password-31"


def user(name: str, **extra: Any) -> Any:
    User = get_user_model()
    found = User.objects.filter(username=name).first()
    return found or User.objects.create_user(name, password=PASSWORD, **extra)


def club(game: str, seed: Any = 7, humans: int | None = None,
         names: dict[str, str] | None = None) -> tuple[Campaign, dict[str, Client]]:
    """A campaign of `game` with its players all people (public dice from `seed`, None: the referee's secret dice);
    clients signed in as its referee, each player, a
    spectator and an outsider (keys: "referee", the player ids, "spectator", "outsider"); `names`: the players'
    set-up names by id (each his id otherwise)."""
    d = games()[game]
    count = humans or len(d.seats) or max(2, d.players[0], min(3, d.players[1]))
    ids = list(d.seats) or ["alice", "bob", "carl", "dora", "emile", "fanny", "gaston", "hugo"][:count]
    players = [{"id": i, "controller": "human", "name": (names or {}).get(i, i), **{f.name: f.default for f in d.player_fields}}
               for i in ids]
    campaign = store.create(f"Test {game}", game, players, seed=seed, public=seed is not None)  # reproducible dice
    clients = {"referee": signed_in(user(f"ref-{game}"), campaign, Membership.REFEREE)}
    with store.viewing(campaign.pk) as (_c, c):
        seats = store.seats(c)
    for seat in seats:
        clients[seat] = signed_in(user(f"{game}-{seat}"), campaign, Membership.PLAYER, seat)
    clients["spectator"] = signed_in(user(f"spec-{game}"), campaign, Membership.SPECTATOR)
    outsider = Client()
    outsider.force_login(user(f"outsider-{game}"))
    clients["outsider"] = outsider
    return campaign, clients


def signed_in(u: Any, campaign: Campaign, role: str, player: str = "") -> Client:
    Membership.objects.get_or_create(user=u, campaign=campaign, defaults={"role": role, "player": player})
    client = Client()
    client.force_login(u)
    return client


def form_fields(html: str, order_type: str | None = None) -> list[dict[str, str]]:
    """The order forms of a page: their hidden fields and the first choice of each select."""
    out = []
    for form in re.findall(r'<form class="order".*?</form>', html, re.S):
        values = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))
        for name, first in re.findall(r'<select name="(\w+)">(?:<option value="">—</option>)?<option value="([^"]*)"',
                                      form):
            values[name] = first
        for name, low in re.findall(r'<input type="number" name="(\w+)" min="(-?\d+)"', form):
            values[name] = low
        for name in re.findall(r'<input type="text" name="(\w+)"', form):
            values[name] = "x"
        kind = re.search(r'<form class="order"[^>]* data-type="([^"]*)"', form)
        values["_type"] = kind.group(1) if kind else ""
        if order_type is None or values["_type"] == order_type:
            out.append({k: _unescape(v) for k, v in values.items()})
    return out


def every_form(client: Client, pk: int, order_type: str | None = None) -> list[dict[str, str]]:
    """The order forms a member is offered now, over every group of them: the club's page draws the orders of no
    piece with those of the one selected, the others a choice away (`?sel=` on the orders box)."""
    page = client.get(f"/c/{pk}/").content.decode()
    select = re.search(r'<select name="sel".*?</select>', page, re.S)
    pages = [page] + [client.get(f"/c/{pk}/orders/", {"sel": _unescape(v)}).content.decode()
                      for v in re.findall(r'<option value="([^"]*)"', select.group(0) if select else "")]
    found: dict[str, dict[str, str]] = {}
    for p in pages:
        for f in form_fields(p, order_type):
            found.setdefault(f.get("order", "") + f.get("_type", ""), f)
    return list(found.values())


def _unescape(s: str) -> str:
    import html
    return html.unescape(s)


def length(campaign: Campaign) -> int:
    campaign.refresh_from_db()
    return campaign.length
