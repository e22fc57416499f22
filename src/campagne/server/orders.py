"""Orders on the web: the forms of a phase built from the game's `legal_orders`, and a submitted form read back
into a command, checked against the current phase and the journal's sequence number before the rules see it.

Only what `legal_orders` offers can be given: each choice is a select of its domain, each number bounded, and a
submitted command must be described by one of the legal orders drawn again under the campaign's lock.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from django.utils.safestring import mark_safe

from ..core.errors import CampagneError, register_messages
from ..core.interface import LegalOrder, described
from ..core.i18n import Lang
from ..takeback import withdraw, withdrawable  # noqa: F401 (the one take-back, shared with the command line)
from . import store
from .words import Words

MAX_TEXT = 500


def _key(lo: LegalOrder) -> str:
    return json.dumps({"type": lo.type, "fixed": dict(lo.fixed)}, sort_keys=True, ensure_ascii=False)


_drawn: dict[str, dict[str, Any]] = {}


def forms(legal: list[LegalOrder], words: Words, give: str) -> list[dict[str, Any]]:
    """One form per legal order: its key and type, and its visible part (its title, what it is given to, a labelled
    widget per field with each choice's name and cost, the button `give`, the help) drawn here rather than by the
    template's loops: a phase may offer dozens of forms and hundreds of choices, redrawn after every order. Each
    form is drawn once (a player's orders of a phase mostly stay the same while the others give theirs)."""
    out, key = [], f"{words.key}\n{give}"
    for lo in legal:
        out.append(store.remembered(_drawn, f"{key}\n{lo!r}", 4096, lambda: _form(lo, words, give)))
    return out


def _form(lo: LegalOrder, words: Words, give: str) -> dict[str, Any]:
    fixed = " · ".join(f"{words.field(lo.type, k)} : {words.choice(v)}" if words.o.lang == "fr" else
                       f"{words.field(lo.type, k)}: {words.choice(v)}" for k, v in lo.fixed.items()
                       if not (k == "player" and v == lo.player))
    body = [f'<strong class="order-name">{escape(words.order(lo.type))}</strong>'
            + (f' <span class="fixed">{escape(fixed)}</span>' if fixed else "") + "\n"]
    body += [f"<label>{escape(words.field(lo.type, f.name))}\n{_widget(f, words)}\n</label>\n" for f in lo.fields]
    body.append(f'<button type="submit">{escape(give)}</button>\n')
    text = words.help(lo.type)
    if text:
        body.append(f"<br><small>{escape(text)}</small>\n")
    return {"key": _key(lo), "type": lo.type, "body": mark_safe("".join(body))}


def page(drawn: list[dict[str, Any]], *, url: str, csrf: str, seq: int, phase: str, confirm_end: str,
         ids: list[str] | None = None) -> str:
    """The forms of the page around their drawn parts: each posts its order's key with the form's sequence number
    and phase (joined here, not by a template loop, which took most of a page's time with a hundred forms). `ids`:
    each form's id, by which a click on the map gives its order."""
    names = [f' id="{escape(i)}"' for i in ids] if ids is not None else [""] * len(drawn)
    url, common = escape(url), (f'<input type="hidden" name="csrfmiddlewaretoken" value="{escape(csrf)}">\n'
                                f'<input type="hidden" name="seq" value="{seq}">'
                                f'<input type="hidden" name="phase" value="{escape(phase)}">')
    confirm = f' hx-confirm="{escape(confirm_end)}"'
    return mark_safe("".join(
        f'<form class="order"{name} data-type="{escape(f["type"])}" method="post" action="{url}" hx-post="{url}" '
        f'hx-target="#orders" hx-swap="innerHTML"'
        f'{confirm if f["type"] == "end" else ""}>\n{common}<input type="hidden" name="order" value="{escape(f["key"])}">'
        f'\n{f["body"]}</form>\n' for f, name in zip(drawn, names)))


def _widget(f: Any, words: Words) -> str:
    """The input of one field, bounded by its domain, each choice by its name with what it costs beside it."""
    name = f"f_{escape(f.name)}"
    if f.kind == "choice":
        def shown(c: Any) -> str:
            note = words.note(f, c)
            return words.choice(c) + (f" — {note}" if note else "")
        options = "".join(f'<option value="{escape(json.dumps(c, ensure_ascii=False))}">{escape(shown(c))}</option>'
                          for c in f.choices)
        empty = '<option value="">—</option>' if f.optional else ""
        return f'<select name="{name}">{empty}{options}</select>'
    if f.kind == "int":
        each = words.each(f)
        return (f'<input type="number" name="{name}" min="{f.low}" max="{f.high}" value="{f.low}" '
                f'{"" if f.optional else "required"}>' + (f' <small class="cost">{escape(each)}</small>' if each else ""))
    if f.kind == "bool":
        return f'<input type="checkbox" name="{name}" value="true">'
    return f'<input type="text" name="{name}" maxlength="{MAX_TEXT}">'


def command_from_post(legal: list[LegalOrder], post: Any, strict: bool = True,
                      label: Any = None) -> dict[str, Any]:
    """The command a submitted form gives, or a refusal saying why (nothing changed). `strict`: `legal` are the
    orders possible now, and the command must be one of them; otherwise they are those the form was drawn from,
    the values are read by their domains, and the rules judge the command against the state now. `label`:
    (order type, field) -> the field's words in both languages, to name it in a refusal."""
    key = post.get("order", "")
    chosen = next((lo for lo in legal if _key(lo) == key), None)
    if chosen is None:
        raise CampagneError("club.not_offered")
    values: dict[str, Any] = {}
    for f in chosen.fields:
        raw = post.get(f"f_{f.name}")
        if f.kind == "bool":
            values[f.name] = raw in ("true", "on", "1")
            continue
        if raw is None or raw == "":
            if f.optional:
                continue
            raise CampagneError("club.field_missing", field=f.name)
        if f.kind == "choice":
            try:
                value = json.loads(raw)
            except ValueError:
                raise CampagneError("club.field_bad", field=f.name) from None
        elif f.kind == "int":
            try:
                value = int(raw)
            except ValueError:
                raise CampagneError("club.field_bad", field=f.name) from None
        else:
            value = str(raw)
            if len(value) > MAX_TEXT:
                raise CampagneError("club.field_bad", field=f.name)
        if f.kind == "int" and not f.contains(value):  # a number out of its bounds: say them (a die's faces)
            raise CampagneError("club.field_outside", value=value, low=f.low, high=f.high,
                                field=label(chosen.type, f) if label else f.name)
        if not f.contains(value):
            raise CampagneError("club.field_bad", field=f.name)
        values[f.name] = value
    command = chosen.command(values)
    if strict and not described(legal, command):
        raise CampagneError("club.not_offered")
    return command


def _reader(actor: str) -> str | None:
    return None if actor == "referee" else actor  # the referee reads the journal's own numbers


def _drawn_at(campaign: Any, c: Any, actor: str, post: Any) -> int:
    """The journal's length when the form was drawn, from the number of lines its giver had read then (the form
    carries his count, never the journal's: that would count the lines he may not know exist)."""
    try:
        seq = int(post.get("seq", ""))
    except ValueError:
        raise CampagneError("club.stale") from None
    reading = store.reading(campaign, c, _reader(actor))
    if post.get("phase") != store.phase_key(c) or seq < 1 or seq > reading.count() + 1:
        raise CampagneError("club.stale")
    return reading.length_after(seq - 1)


def check_fresh(campaign: Any, c: Any, actor: str, post: Any) -> None:
    """The form was drawn in this phase, and its giver has given no order since (a double submit, or a second tab,
    changes nothing)."""
    drawn = _drawn_at(campaign, c, actor, post)
    if any(e.get("command", {}).get("player") == actor for e in c.file.entries[drawn:]):
        raise CampagneError("club.already_given")


def check_open(campaign: Any, c: Any, actor: str, post: Any) -> None:
    """The campaign is under way and the form is fresh: checked before anything is copied or tried."""
    if campaign.ended:
        raise CampagneError("club.ended")
    check_fresh(campaign, c, actor, post)


def seq_of(campaign: Any, c: Any, viewer: str | None) -> int:
    """The sequence number a form carries: the lines its reader (`viewer`, None: the referee) reads in his journal
    when it is drawn, + 1."""
    return store.reading(campaign, c, viewer).count() + 1


def read_against(campaign: Any, c: Any, actor: str, post: Any) -> tuple[list[LegalOrder], bool]:
    """What a fresh form is read against: the legal orders it was drawn from when others' orders came since (the
    rules themselves then judge the command, against the state now), else the legal orders of now (strictly).
    Asked first outside the campaign's lock, to draw them there."""
    drawn = _drawn_at(campaign, c, actor, post)
    at_form = store.cached_legal(campaign, drawn, actor) if drawn != len(c.file.entries) else None
    if at_form is not None:
        return at_form, False
    return store.legal(campaign, c, actor), True


def give(campaign: Any, c: Any, actor: str, post: Any) -> list[dict[str, Any]]:
    """Give the order a form holds, as `actor` (a player's id, or "referee"), then let the computers reply: the
    entries written. Raises a CampagneError, with nothing changed, if anything is refused."""
    from ..computers import play_computers
    check_fresh(campaign, c, actor, post)
    d = store.descriptor(campaign)
    legal, strict = read_against(campaign, c, actor, post)
    command = command_from_post(legal, post, strict, _labels(campaign, c))
    if d.read_order:
        command = d.load("read_order")(command, c.state)
    first = c.push(command)
    written = [first.to_dict()]
    if d.autoplay:
        written += [e.to_dict() for e in play_computers(c)]
    if actor != "referee" and getattr(campaign, "advance_early", False):
        written += advance(campaign, c)
    return written


def _labels(campaign: Any, c: Any) -> Any:
    """A field's words in both languages, with what it is for (its note), for a refusal read in either."""
    from ..core.errors import bilingual
    d = store.descriptor(campaign)
    text = d.load("text") if d.text else None
    said = {code: Words(text, lang_of(code), d.load("orders"), dict(c.player_names), c.state,
                          str(campaign.pk)) for code in ("en", "fr")}

    def label(kind: str, f: Any) -> dict[str, str]:
        out = {}
        for code, words in said.items():
            each = words.each(f)
            out[code] = words.field(kind, f.name) + (f" ({each})" if each else "")
        return bilingual(out["en"], out["fr"])
    return label


NEXT = {"type": "next", "player": "referee"}  # the referee's closing of a phase, as `campagne next` gives it


def advance(campaign: Any, c: Any) -> list[dict[str, Any]]:
    """Close the phase for the referee when no player is awaited any more and the rules offer him to close it (the computers
    answer the next phase as usual); once: the next phase waits for its own orders."""
    from ..computers import play_computers
    if any(p != "referee" for p in c.game.awaiting()):
        return []
    if not any(lo.describes(NEXT) for lo in store.legal(campaign, c, "referee")):
        return []
    written = [c.push(dict(NEXT)).to_dict()]
    if store.descriptor(campaign).autoplay:
        written += [e.to_dict() for e in play_computers(c)]
    return written


def lang_of(code: str | None) -> Lang:
    return Lang("fr" if (code or "").startswith("fr") else "en")


register_messages({
    "club.not_offered": {"en": "This order is not one of those possible now; nothing was changed.",
                         "fr": "Cet ordre n'est pas de ceux possibles maintenant ; rien n'a été changé."},
    "club.field_missing": {"en": "The field {field} needs a value; nothing was changed.",
                           "fr": "Le champ {field} demande une valeur ; rien n'a été changé."},
    "club.field_outside": {"en": "{value} is not one of the values of {field}, from {low} to {high}; nothing was "
                                 "changed.",
                           "fr": "{value} n'est pas une des valeurs de {field}, de {low} à {high} ; rien n'a été "
                                 "changé."},
    "club.field_bad": {"en": "The value of {field} is not one of those offered; nothing was changed.",
                       "fr": "La valeur de {field} n'est pas de celles proposées ; rien n'a été changé."},
    "club.stale": {"en": "This form is out of date: the phase has moved on since it was shown; nothing was changed. "
                         "Here is the current one.",
                   "fr": "Ce formulaire est périmé : la phase a changé depuis son affichage ; rien n'a été changé. "
                         "Voici le formulaire actuel."},
    "club.already_given": {"en": "An order was already given from this page since it was shown (a double submit?); "
                                 "nothing more was changed.",
                           "fr": "Un ordre a déjà été donné depuis l'affichage de cette page (double envoi ?) ; rien "
                                 "de plus n'a été changé."},
})
