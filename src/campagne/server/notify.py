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


def notice_text(notice: Any, lang: str, name: str | None = None) -> str:
    """What a passed deadline did, in one sentence of `lang` (the page's and the mail's words)."""
    who = name or notice.player
    if notice.kind == "extension":
        if lang == "fr":
            return (f"Délai dépassé : {who} a utilisé une prolongation (il lui en reste {notice.left}) ; la phase "
                    f"attend ses ordres jusqu'à la nouvelle échéance.")
        return (f"Deadline passed: {who} used an extension ({notice.left} left); the phase waits for his orders "
                f"until the new deadline.")
    count = len(notice.lines)
    if lang == "fr":
        return f"Délai dépassé : un ordinateur a joué pour {who} ({count} ordre(s), marqués dans le journal)."
    return f"Deadline passed: a computer played for {who} ({count} order(s), marked in the journal)."


def deadline_notices(campaign: Campaign, notices: list[Any]) -> int:
    """Mail each player concerned what a passed deadline did for him (where the club mails); how many mails went."""
    if not notices or (not getattr(settings, "MAIL_CONFIGURED", False) and "locmem" not in settings.EMAIL_BACKEND):
        return 0
    by_player = {n.player: n for n in notices}
    sent = 0
    for m in Membership.objects.filter(campaign=campaign, role=Membership.PLAYER, player__in=list(by_player)) \
            .select_related("user"):
        if m.user.email:
            n = by_player[m.player]
            sent += send_mail(f"campagne — {campaign.title}: délai dépassé / deadline passed",
                              f"{notice_text(n, 'fr')}\n{notice_text(n, 'en')}\n", None, [m.user.email],
                              fail_silently=True)
    return sent
