"""`campagne order PLAYER --list`: the orders a player may give now, each with every choice in natural order and
what it costs, then the odds and threats in short (`--advice`: all of them)."""

from __future__ import annotations

import textwrap
from typing import Any, Optional

from .output import Out, campaign_path


def list_orders(o: Out, campaign: Optional[str], player: str, whole_advice: bool = False) -> None:
    """What `player` may do now: the game's legal orders, each with every choice in natural order (M8 before M10)
    and what it costs; then the odds and threats, in short unless `whole_advice`."""
    from .. import session
    from ..registry import games
    from .campaign import player_id
    from .opening import descriptor_of, warn_journal
    with session.open_campaign(campaign_path(campaign), expect=tuple(games())) as c:  # a battle's too
        warn_journal(o, c)
        descriptor = descriptor_of(c)
        player = player_id(c, player)
        legal = descriptor.load("legal_orders")(c.state, player)
        specs = descriptor.load("orders")
        advice = descriptor.load("advice")(c.state, player, o.lang) if descriptor.advice else []
        named = getattr(descriptor.load("text"), "choice_words", None) if descriptor.text else None
        state = c.state  # the campaign's own map and units, which its choices are named from
    if o.json:
        o.data({"player": player, "orders": [lo.to_dict() for lo in legal], "advice": advice})
        return
    if not legal:
        o.text(o.t(f"{player} n'a aucun ordre à donner maintenant.", f"{player} has no order to give now."))
    helped: set[str] = set()
    for lo in legal:
        spec = specs.get(lo.type)
        words = [str(v if not isinstance(v, list) else " ".join(map(str, v))) for v in lo.fixed.values()]
        line = " ".join([lo.type, *words, *(f"<{f.name}>" for f in lo.fields)])
        names = [n for n in (_name(v, named, o, state) for v in lo.fixed.values()) if n]
        line += f"  ({', '.join(names)})" if names else ""  # the command stays as typed, the names beside it
        text = getattr(spec, "help", None)
        help_ = f"  — {text.get(o.lang, '')}" if text and lo.type not in helped else ""  # once per kind of order
        helped.add(lo.type)
        o.text(f"  {line}{help_}")
        for f in lo.fields:
            o.text(textwrap.fill(f"{f.name}: {_domain_text(f, o, named, state)}", 110, initial_indent=" " * 6,
                                 subsequent_indent=" " * 8, break_long_words=False, break_on_hyphens=False))
    for line in advice_lines(advice, o, whole_advice):
        o.text(line)


def _name(value: Any, named: Any, o: Out, state: Any = None) -> str | None:
    """The name the table reads for an id an order takes ("MPA infantry 1" for mpa_infantry.1), if the game
    gives one (from the campaign's `state`: its own map, its grid battle's units)."""
    from ..render.words import choice_name
    found = choice_name(named, value, o, state) if isinstance(value, str) else None
    return found if found and found != value else None


def _named(value: Any, named: Any, o: Out, state: Any) -> str:
    """A choice as typed, its name beside it when the table reads it otherwise ("none (aucun)"); a name that
    already holds it, alone ("Fort Noir (0,0)")."""
    name = _name(value, named, o, state)
    if not name or name.casefold() == str(value).casefold():
        return str(value)
    return name if f"({value})" in name else f"{value} ({name})"


SHORT_ODDS, SHORT_THREATS = 5, 3  # what `order --list` shows of the advice; --advice shows it all


def advice_lines(advice: list[dict[str, Any]], o: Out, whole: bool = False) -> list[str]:
    """The odds beside the orders and the threats, in short: the first few of each and how many more, never
    cut silently (--advice: all of them)."""
    if not advice:
        return []
    odds = [a for a in advice if a.get("about") != "threat"]
    threats = [a for a in advice if a.get("about") == "threat"]
    lines = [o.t("Chances et menaces :", "Odds and threats:")]
    shown_odds = odds if whole else odds[:SHORT_ODDS]
    shown_threats = threats if whole else threats[:SHORT_THREATS]
    lines += [f"  {a['text']}" for a in shown_odds + shown_threats]
    more_odds, more_threats = len(odds) - len(shown_odds), len(threats) - len(shown_threats)
    if more_odds or more_threats:
        lines.append(o.t(f"  … et {more_odds} autres chances, {more_threats} autres menaces (--advice : toutes).",
                         f"  … and {more_odds} more odds, {more_threats} more threats (--advice: all of them)."))
    return lines


def _domain_text(f: Any, o: Out, named: Any = None, state: Any = None) -> str:
    """A field's every choice, in natural order when they are words, as typed with its name beside it when it has
    one ("none (aucun)"), each with its cost (`Field.notes`)."""
    from ..core.names import natural
    notes = getattr(f, "notes", None) or {}
    if f.kind == "int":
        each = notes.get("each")
        return f"{f.low}..{f.high}" + (f" ({each.get(o.lang, each.get('en'))})" if each else "")
    if f.kind == "bool":
        return "true | false"
    if f.kind == "text":
        return o.t("texte libre", "free text")
    choices = list(f.choices)
    if all(isinstance(c, str) for c in choices):
        choices.sort(key=natural)
    words = [" ".join(map(str, c)) if isinstance(c, list) else _named(c, named, o, state) for c in choices]
    if not notes:
        return " | ".join(words)
    groups: dict[str, list[str]] = {}  # the choices of one cost together, the cost said once
    for c, word in zip(choices, words):
        end = c[-1] if isinstance(c, list) and c and isinstance(c[-1], str) else c  # a path's cost: at its end
        note = notes.get(end) if isinstance(end, str) else None
        groups.setdefault(note.get(o.lang, note.get("en", "")) if note else "", []).append(word)
    colon = o.t(" : ", ": ")
    return " · ".join(f"{cost + colon if cost else ''}{', '.join(ws)}" for cost, ws in sorted(groups.items(),
                                                                                          key=lambda g: natural(g[0])))
