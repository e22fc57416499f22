"""A demo club: a referee, players with printed passwords, and a campaign of each registered game under way."""

from __future__ import annotations

import secrets
from typing import Any

from django.contrib.auth import get_user_model

from ..core.errors import CampagneError
from ..registry import games
from . import store
from .models import Campaign, Membership

PEOPLE = ("alice", "bob", "carl", "dora", "emile", "fanny", "gaston", "hugo")


def _user(name: str, passwords: dict[str, str], **extra: Any) -> Any:
    User = get_user_model()
    user = User.objects.filter(username=name).first()
    if user is None:
        passwords[name] = secrets.token_urlsafe(9)
        user = User.objects.create_user(name, password=passwords[name], **extra)
    return user


def build(referee: Any) -> dict[str, str]:
    """The demo club (once: an existing demo campaign is left as it is); the new accounts' passwords."""
    passwords: dict[str, str] = {}
    for name, d in games().items():
        title = f"Démo / demo — {d.title.get('fr', name)}"
        if Campaign.objects.filter(title=title).exists():
            continue
        count = len(d.seats) or max(2, d.players[0], min(3, d.players[1]))
        ids = list(d.seats) or list(PEOPLE[:count])
        players = []
        for pid in ids:
            entry: dict[str, Any] = {"id": pid, "controller": "human", "name": pid}
            for f in d.player_fields:
                entry[f.name] = f.default
            players.append(entry)
        try:
            campaign = store.create(title, name, players, seed=None)
        except CampagneError:
            continue  # a game whose set-up needs more than defaults: not in the demo
        Membership.objects.get_or_create(user=referee, campaign=campaign, defaults={"role": Membership.REFEREE})
        with store.viewing(campaign.pk) as (_c, c):
            seats = store.seats(c)
        for person, seat in zip(PEOPLE, seats):
            Membership.objects.get_or_create(user=_user(person, passwords), campaign=campaign,
                                             defaults={"role": Membership.PLAYER, "player": seat})
        Membership.objects.get_or_create(user=_user("spectateur", passwords), campaign=campaign,
                                         defaults={"role": Membership.SPECTATOR})
        if d.autoplay:  # under way: computers play everybody's first orders
            from .referee import play_for
            try:
                with store.changing(campaign.pk) as (campaign, c):
                    play_for(campaign, c, frozenset(seats))
            except CampagneError:
                pass
    return passwords
