"""Journal entries and events as text, for every game: the game gives its own event templates."""

from __future__ import annotations

from typing import Any

from ..core.i18n import Lang as Out


CONTROLLERS = {"human": ("humain", "human"), "greedy": ("ordinateur glouton", "greedy computer"),
               "random": ("ordinateur au hasard", "random computer"), "absent": ("absent", "absent")}


def controller_name(controller: str, o: Out) -> str:
    """Who gives a player's orders, in words: a person, or which computer player."""
    fr, en = CONTROLLERS.get(controller, (controller, controller))
    return o.t(fr, en)


def entry_lines(entry: dict[str, Any], o: Out, text: Any) -> list[str]:
    """A journal entry: its command, then one line per event (`text`: the game's event_text)."""
    cmd = entry.get("command", {})
    head = f"#{entry.get('n', 0)} {cmd.get('type', '?')}"
    if cmd.get("player") and cmd.get("player") != "referee":
        head += f" ({cmd['player']})"
    lines = [head]
    for ev in entry.get("events", []):
        lines.append("   " + text(ev, o))
    return lines


def format_event(table: dict[str, tuple[str, str]], ev: dict[str, Any], extra: dict[str, Any], o: Out) -> str:
    """An event as one line from its game's templates; one without a template shows its raw fields."""
    templates = table.get(ev.get("type", ""))
    if templates is None:
        rest = {k: v for k, v in ev.items() if k not in ("type", "lookup")}
        return f"{ev.get('type')}: {rest}"
    fields = {**ev, **extra}
    try:
        return (templates[0] if o.lang == "fr" else templates[1]).format(**fields)
    except (KeyError, IndexError):
        return f"{ev.get('type')}: {ev}"


def undone_line(entry: dict[str, Any], o: Out) -> str:
    """What an undo took back, as a sentence: the order's number, kind and giver (never its content: a strategy
    or an agreement's terms stay the owner's)."""
    cmd = entry.get("command", {})
    who = cmd.get("player") or "referee"
    return o.t(f"Annulé : l'ordre n°{entry.get('n')} « {cmd.get('type')} » de {who}.",
               f"Undone: order #{entry.get('n')} “{cmd.get('type')}” by {who}.")
