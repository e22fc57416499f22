"""The battle in words for the club's pages and the generic commands (`campagne status`, `journal`): the
descriptor's `text`. The same sentences as `campagne battle ...` prints (`cli_battle_text`), without the commands
to type: a page gives its orders by its forms, each labelled here."""

from __future__ import annotations

import re
from typing import Any

from .cli_battle_text import event_line, view_lines
from .rhythm import NEAR_FACTS

# a command-line aside of an event's sentence: « (campagne battle dice F,F,...) », « answer with campagne ... »
_ASIDE = re.compile(r"\s*\((?:campagne |--)[^()]*\)|[,;:]?\s*(?:answer with|répondez avec) campagne .*?(?=\.$|$)")


def status_text(view: dict[str, Any], o: Any, brief: bool = False) -> str:
    return "\n".join(view_lines(view, o, brief, syntax=False))


def event_text(ev: dict[str, Any], o: Any) -> str:
    return _ASIDE.sub("", event_line(ev, o))


_ORDERS = {"dice": ("Entrer les dés lancés à la table", "Enter the dice rolled at the table"),
           "roll": ("Tirer le test", "Roll the test"), "fight": ("Combattre", "Fight"),
           "next": ("Phase suivante", "Next phase"), "end": ("Finir la bataille", "End the battle"),
           "fact": ("Signaler ce qui s'est passé sur la table", "Report what happened on the table")}


def order_words(kind: str, o: Any) -> str | None:
    pair = _ORDERS.get(kind)
    return o.t(*pair) if pair else None


def field_words(kind: str, name: str, o: Any) -> str | None:
    if name == "table":
        return o.t("dés lancés à la table", "dice rolled at the table")
    if name.startswith("die_") and name[4:].isdigit():
        return o.t(f"dé {name[4:]}", f"die {name[4:]}")
    if name in NEAR_FACTS:
        _attr, en, fr = NEAR_FACTS[name]
        return o.t(f"est-elle {fr} ?", f"is it {en}?")
    return None


def seat_choice_words(field: str, value: Any, o: Any) -> str | None:
    """A side's packaged army list (Atlantis's) on the new-campaign page by its printed name."""
    from ..atlantis.army_file import packaged_army_words
    return packaged_army_words(str(value), o) if field == "side" else None
