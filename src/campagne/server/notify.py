"""The « your turn » notice: on the site (the club's list and the campaign page say it), and by mail to the players
newly awaited where the club has a mail server (`CAMPAGNE_SMTP_HOST`) and they gave an address."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.mail import send_mail

from .models import Campaign, Membership


def awaited(c: Any) -> set[str]:
    return {p for p in c.game.awaiting() if p != "referee"}


def newly_awaited(campaign: Campaign, before: set[str], after: set[str], link: str) -> int:
    """Mail the players awaited now who were not before; how many mails went."""
    if not getattr(settings, "MAIL_CONFIGURED", False) and "locmem" not in settings.EMAIL_BACKEND:
        return 0
    sent = 0
    for m in Membership.objects.filter(campaign=campaign, role=Membership.PLAYER, player__in=after - before) \
            .select_related("user"):
        if m.user.email:
            sent += send_mail(f"campagne — {campaign.title}: à vous de jouer / your turn",
                              f"{campaign.title}: on attend vos ordres ({m.player}).\n"
                              f"Your orders are awaited ({m.player}).\n\n{link}\n",
                              None, [m.user.email], fail_silently=True)
    return sent
