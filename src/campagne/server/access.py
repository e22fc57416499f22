"""Who may see and do what in a campaign: the one place roles are read.

A member plays the role their membership gives (referee, player of one id, spectator); the club's organiser (a
superuser) without a membership is a referee; anyone else signed in watches as a spectator, who sees the view of no
player. The viewer handed to the game's views is None for the referee (everything), the player's id, or
`store.SPECTATOR`.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import BadRequest, PermissionDenied
from django.db import DEFAULT_DB_ALIAS, connection
from django.http import Http404

from .models import Campaign, Membership
from .store import SPECTATOR


@dataclass(frozen=True)
class Seat:
    role: str
    player: str
    membership: Membership | None
    revealed: bool = False  # the campaign is over: its journal and views are everybody's

    @property
    def role_name(self) -> str:
        """The role in the reader's language (the stored word is the machine's)."""
        return str(dict(Membership.ROLES).get(self.role, self.role))

    @property
    def referee(self) -> bool:
        return self.role == Membership.REFEREE

    @property
    def viewer(self) -> str | None:
        """Who the game's views are drawn for."""
        if self.referee or self.revealed:
            return None
        if self.role == Membership.PLAYER and self.player:
            return self.player
        return SPECTATOR

    @property
    def actor(self) -> str | None:
        """Whose orders this person may give: the referee's, one player's, or none."""
        if self.referee:
            return "referee"
        if self.role == Membership.PLAYER and self.player:
            return self.player
        return None


def seat(user: Any, campaign: Campaign, member: bool = True) -> Seat:
    m = Membership.objects.filter(user=user, campaign=campaign).first() if user.is_authenticated and member \
        else None
    if m is not None:
        return Seat(m.role, m.player, m, campaign.ended)
    if getattr(user, "is_superuser", False):
        return Seat(Membership.REFEREE, "", None)
    return Seat(Membership.SPECTATOR, "", None, campaign.ended)


def member(user: Any, pk: int) -> tuple[Campaign, Seat]:
    """The campaign and this person's seat in it, read together in one query (every page asks; the ORM's own join
    took ten times longer to build than to run); a campaign that does not exist is a 404."""
    uid = user.pk if user.is_authenticated else None
    row = next(iter(Campaign.objects.raw(_member_sql(), [uid, pk])), None)
    if row is None:
        raise Http404("no such campaign")
    if row.member_id is None:
        return row, seat(user, row, member=False)
    m = Membership.from_db(DEFAULT_DB_ALIAS, ["id", "user_id", "campaign_id", "role", "player", "seen_line"],
                           [row.member_id, uid, pk, row.member_role, row.member_player, row.member_seen])
    return row, Seat(m.role, m.player, m, row.ended)  # (its other fields are read from the database if asked)


@functools.cache
def _member_sql() -> str:
    c, m, q = Campaign._meta, Membership._meta, connection.ops.quote_name

    def col(name: str) -> str:
        return q(m.get_field(name).column)
    return (f"SELECT c.*, m.{col('id')} AS member_id, m.{col('role')} AS member_role, m.{col('player')} AS "
            f"member_player, m.{col('seen_line')} AS member_seen FROM {q(c.db_table)} c LEFT JOIN {q(m.db_table)} m "
            f"ON m.{col('campaign')} = c.{q(c.pk.column)} AND m.{col('user')} = %s WHERE c.{q(c.pk.column)} = %s")


def posted_number(post: Any, name: str) -> int | None:
    """A whole number a form sends (a line, a member, a choice's index): None when left empty; a value no form of
    the club sends (not digits, or beyond what a database column holds) is a bad request (400), never a 500."""
    raw = post.get(name, "")
    if raw == "":
        return None
    if not (isinstance(raw, str) and 0 < len(raw) <= 19 and raw.isascii() and raw.isdigit()) or int(raw) >= 2 ** 63:
        raise BadRequest(f"malformed {name}")
    return int(raw)


def need_referee(s: Seat) -> None:
    if not s.referee:
        raise PermissionDenied("referee only")


def can_create(user: Any) -> bool:
    """The club's organisers (staff) and the referees of a campaign may start campaigns."""
    return bool(user.is_staff or user.is_superuser or
                Membership.objects.filter(user=user, role=Membership.REFEREE).exists())
