"""The club's tables: campaigns (their journal's lines, exactly as the JSON Lines file holds them), who plays
what in each (memberships), and the referee's invitation links. No game logic here: the games are reached
through `campagne.registry` and `campagne.session` only (`store.py`)."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Campaign(models.Model):
    title = models.CharField(_("title"), max_length=200)
    game = models.CharField(_("game"), max_length=64)  # the registered game's name, as the journal's header says
    created = models.DateTimeField(auto_now_add=True)
    length = models.PositiveIntegerField(default=0)  # journal lines held (the header is line 1)
    # The referee's secret (the file beside a journal on the command line): never shown to a player before the end.
    seed = models.CharField(max_length=200, blank=True)  # JSON: an int or a string
    salt = models.CharField(max_length=64, blank=True)
    ended = models.BooleanField(_("ended"), default=False)
    archived = models.BooleanField(_("archived"), default=False)
    phase = models.CharField(max_length=200, blank=True)  # "turn:phase" of the last state, for lists
    deadline = models.DateTimeField(_("deadline"), null=True, blank=True)
    extensions = models.PositiveSmallIntegerField(_("extensions per player"), default=2)
    extension_hours = models.PositiveSmallIntegerField(_("hours per extension"), default=24)
    # the phase closes as soon as every awaited player has given his orders (the referee's `next`, given for him)
    advance_early = models.BooleanField(_("close a phase as soon as every player has answered"), default=False)

    class Meta:
        ordering = ["-created"]
        verbose_name = _("campaign")

    def __str__(self) -> str:
        return f"{self.title} ({self.game})"


class JournalLine(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="lines")
    number = models.PositiveIntegerField()  # 1: the header; then one command per line; the reveal at the end
    text = models.TextField()  # the JSON object of that line, as the file holds it

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["campaign", "number"], name="one_line_per_number")]


class Membership(models.Model):
    REFEREE, PLAYER, SPECTATOR = "referee", "player", "spectator"
    ROLES = [(REFEREE, _("referee")), (PLAYER, _("player")), (SPECTATOR, _("spectator"))]

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="members")
    role = models.CharField(_("role"), max_length=16, choices=ROLES)
    player = models.CharField(_("player id"), max_length=64, blank=True)  # the game's id of the player played
    on_time = models.PositiveIntegerField(default=0)  # phases answered before their deadline
    missed = models.PositiveIntegerField(default=0)  # phases missed
    missed_in_row = models.PositiveSmallIntegerField(default=0)
    extensions_used = models.PositiveSmallIntegerField(default=0)
    answered = models.CharField(max_length=200, blank=True)  # the last phase ("turn:phase") counted on time
    civil_disorder = models.BooleanField(_("civil disorder"), default=False)
    seen_line = models.PositiveIntegerField(default=0)  # the journal line this member last looked at

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "campaign"], name="one_role_per_campaign"),
            models.UniqueConstraint(fields=["campaign", "player"], condition=~models.Q(player=""),
                                    name="one_person_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.user} — {self.campaign} — {self.role} {self.player}".strip()


def _token() -> str:
    return secrets.token_urlsafe(24)


class Invitation(models.Model):
    """A sign-up link the referee hands over: whoever opens it creates an account with this role."""

    token = models.CharField(max_length=64, unique=True, default=_token)
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="invitations")
    role = models.CharField(max_length=16, choices=Membership.ROLES)
    player = models.CharField(max_length=64, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                                   related_name="+")
    created = models.DateTimeField(auto_now_add=True)
    used_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                related_name="+")


class Snapshot(models.Model):
    """The rules' state after the first `entries` commands of a campaign's journal (see `snapshots.py`)."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="snapshots")
    entries = models.PositiveIntegerField()
    state = models.BinaryField()
    created = models.DateTimeField(auto_now_add=True)


class Club(models.Model):
    """The club's one row: a fingerprint of the secret key it was first started with, so that a machine started with
    another key (a fresh `--dir` on a second machine) refuses to start instead of breaking every session and
    password-reset link the others made (`cli/server.py`). A keyed hash: the key cannot be read back from it."""

    key_check = models.CharField(max_length=128)
    created = models.DateTimeField(auto_now_add=True)


class Notice(models.Model):
    """What a passed deadline did, told on the campaign's page (and by mail): a player's extension used (`left`:
    how many he has left), or a computer's orders for him (`lines`: the journal lines it wrote, marked as the
    computer's in the journal)."""

    EXTENSION, COMPUTER = "extension", "computer"
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="notices")
    kind = models.CharField(max_length=16)
    player = models.CharField(max_length=64)
    left = models.PositiveSmallIntegerField(default=0)
    lines = models.JSONField(default=list)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-pk"]
