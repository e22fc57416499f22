"""The « your turn » notice: on the site (the club's list and the campaign page say it), and by mail to the players
newly awaited where the club has a mail server (`CAMPAGNE_SMTP_HOST`) and they gave an address."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.mail import send_mail

from ..core.i18n import Lang
from ..render.text import player_name
from . import store
from .models import Campaign, Membership


def awaited(c: Any) -> set[str]:
    return {p for p in c.game.awaiting() if p != "referee"}


def name_of(campaign: Campaign, c: Any, player: str, lang: str) -> str:
    """A player as the campaign's journal names him in `lang` (`render.text.player_name`): a mail or a notice
    never names him otherwise."""
    d = store.descriptor(campaign)
    return player_name(d.load("text") if d.text else None, c.player_names, player, Lang(lang))


def newly_awaited(campaign: Campaign, c: Any, before: set[str], after: set[str], link: str) -> int:
    """Mail the players awaited now who were not before; how many mails went."""
    if not getattr(settings, "MAIL_CONFIGURED", False) and "locmem" not in settings.EMAIL_BACKEND:
        return 0
    sent = 0
    for m in Membership.objects.filter(campaign=campaign, role=Membership.PLAYER, player__in=after - before) \
            .select_related("user"):
        if m.user.email:
            sent += send_mail(f"campagne — {campaign.title}: à vous de jouer / your turn",
                              f"{campaign.title}: on attend vos ordres ({name_of(campaign, c, m.player, 'fr')}).\n"
                              f"Your orders are awaited ({name_of(campaign, c, m.player, 'en')}).\n\n{link}\n",
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


def deadline_notices(campaign: Campaign, c: Any, notices: list[Any]) -> int:
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
                              f"{notice_text(n, 'fr', name_of(campaign, c, n.player, 'fr'))}\n"
                              f"{notice_text(n, 'en', name_of(campaign, c, n.player, 'en'))}\n", None, [m.user.email],
                              fail_silently=True)
    return sent
