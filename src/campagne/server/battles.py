"""The post-battle form: the referee writes a whole battle's result into the campaign in one form, built from the
game's `battle_options` exactly as `campagne battle-result TARGET --option VALUE...` takes them (one form per
group of options that go together: a result played on the table, an automatic resolution...), read by the same
`core.options.read_options` and turned into the referee's command by the game's own `battle_command`.

The battles it offers are those the rules await a result for: the referee's legal `battle-result` orders, each
naming its battle by its one fixed value (a territory, a battle's number)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ..core.errors import CampagneError, register_messages
from ..core.interface import GameOption
from ..core.options import read_options
from . import store
from .access import member, need_referee, posted_number
from .models import Campaign
from .views import lang

MAX_VALUE = 300


def targets(campaign: Campaign, c: Any) -> list[tuple[str, str]]:
    """(value, label) of each battle awaiting its result: its name and its sides."""
    out = []
    for lo in store.legal(campaign, c, "referee"):
        if lo.type != "battle-result" or len(lo.fixed) != 1:
            continue
        value = str(next(iter(lo.fixed.values())))
        sides = next((f.choices for f in lo.fields if f.kind == "choice"), ())
        out.append((value, f"{value} ({' v '.join(map(str, sides))})" if sides else value))
    return out


def _groups(declared: tuple[GameOption, ...]) -> list[tuple[dict[str, str], list[GameOption]]]:
    """The groups of options in their declared order, each with the options that go with any group."""
    common = [o for o in declared if not o.group]
    order: list[dict[str, str]] = []
    for o in declared:
        if o.group and dict(o.group) not in order:
            order.append(dict(o.group))
    if not order:
        return [({}, common)] if common else []
    return [(g, [o for o in declared if dict(o.group) == g] + common) for g in order]


def forms(campaign: Campaign, c: Any, code: str) -> list[dict[str, Any]]:
    """One form per group of the game's battle options, when a battle awaits its result."""
    d = store.descriptor(campaign)
    battles = targets(campaign, c) if d.battle_command else []
    if not battles:
        return []
    out = []
    for i, (group, options) in enumerate(_groups(d.battle_options)):
        fields = [{"name": f"o_{o.name}", "option": o.name, "kind": o.kind, "choices": list(o.choices),
                   "help": o.help.get(code, "")} for o in options]
        out.append({"index": i, "label": group.get(code, ""), "fields": fields, "targets": battles})
    return out


def given(declared: list[GameOption], post: Any) -> list[tuple[str, str | None]]:
    """The (option, raw value) pairs a submitted form holds: a ticked box, a filled field, one line of a list
    each; an empty field is no option given."""
    out: list[tuple[str, str | None]] = []
    for o in declared:
        raw = post.get(f"o_{o.name}")
        if raw is None or not str(raw).strip():
            continue
        raw = str(raw)
        if len(raw) > MAX_VALUE * (20 if o.kind == "list" else 1):
            raise CampagneError("club.field_bad", field=o.name)
        if o.kind == "bool":
            if raw in ("true", "on", "1"):
                out.append((o.name, None))
        elif o.kind == "list":
            out += [(o.name, line.strip()) for line in raw.splitlines() if line.strip()]
        else:
            out.append((o.name, raw.strip()))
    return out


@login_required
@require_POST
def battle_result(request: HttpRequest, pk: int) -> HttpResponse:
    """Enter a battle's result from the post-battle form: journaled as `campagne battle-result` would, or nothing."""
    from ..computers import play_computers
    need_referee(member(request.user, pk)[1])
    index = posted_number(request.POST, "group")
    try:
        with store.changing(pk) as (campaign, c):
            d = store.descriptor(campaign)
            target = request.POST.get("target", "")
            if not d.battle_command or target not in dict(targets(campaign, c)):
                raise CampagneError("club.no_such_battle", battle=target[:40])
            offered = _groups(d.battle_options)
            if index is None or index >= len(offered):
                raise CampagneError("club.not_offered")
            group = offered[index][1]
            options = read_options(d.battle_options, given(group, request.POST), d.name, "battle-result")
            command = d.load("battle_command")(target, options)
            first = c.push(command)
            if d.autoplay:
                play_computers(c)
        messages.success(request, _("Battle result entered: line #%(n)s of the journal.") % {"n": first.n})
    except CampagneError as exc:
        messages.error(request, exc.message(lang().lang))
    return redirect("club:campaign", pk=pk)


register_messages({
    "club.no_such_battle": {"en": "No battle {battle!r} awaits its result; nothing was changed.",
                            "fr": "Aucune bataille {battle!r} n'attend son résultat ; rien n'a été changé."},
})
