"""Journal entries and events as text, for every game: the game gives its own event templates."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.i18n import Lang as Out


CONTROLLERS = {"human": ("humain", "human"), "greedy": ("ordinateur glouton", "greedy computer"),
               "random": ("ordinateur au hasard", "random computer"), "absent": ("absent", "absent"),
               "search": ("ordinateur chercheur", "search computer")}


def controller_name(controller: str, o: Out) -> str:
    """Who gives a player's orders, in words: a person, or which computer player."""
    kind, _, seconds = str(controller).partition(":")
    fr, en = CONTROLLERS.get(kind, (controller, controller))
    if kind == "search" and seconds.startswith("iters="):
        count = seconds.partition("=")[2]
        fr, en = f"{fr} ({count} itérations par décision)", f"{en} ({count} iterations a decision)"
    elif kind == "search" and seconds:
        fr, en = f"{fr} ({seconds} s par décision)", f"{en} ({seconds} s a decision)"
    return o.t(fr, en)


def player_namer(text: Any) -> Any:
    """The game's words for a player who chose no name (its text's `choice_words`, Arc's sides), remembered per
    player and language for the lines of one page or command (a journal asks again at every line); None when the
    game has none. Its `chosen(name, o)` gives a set-up name in the reader's language (`name_words`)."""
    words = getattr(text, "choice_words", None)
    if words is None and getattr(text, "player_name_words", None) is None:
        return None
    memo: dict[tuple[Any, str], Any] = {}

    def namer(pid: Any, o: Any) -> Any:
        key = (pid, o.lang)
        if key not in memo:
            memo[key] = words(pid, o) if words is not None else None
        return memo[key]
    namer.chosen = lambda name, o: name_words(text, name, o)  # type: ignore[attr-defined]
    return namer


def name_words(text: Any, name: str, o: Any) -> str:
    """A player's set-up name as the reader reads it: the game's text hook `player_name_words` (Atlantis's
    simulated players named by their people, « Mycenaean 1 » -> « Mycéniens 1 ») or the name as written. At
    rendering only: the journal keeps the set-up's name."""
    words = getattr(text, "player_name_words", None)
    return (words(name, o) if words is not None else None) or name


def player_name(text: Any, names: Mapping[str, str], pid: Any, o: Any) -> str:
    """A player as people read him, wherever he is named (the journal, the forms, the notices and mails): the
    name he chose in the reader's language (`name_words`), else the game's word for his seat (`player_namer`),
    else his id. The one path: the journal's `Named.person`."""
    return str(naming(o, text, names).person(pid) or pid)


def naming(o: Any, text: Any, names: Mapping[str, str]) -> Any:
    """The reader's words that name the players as the journal does (`Named`): for a status (its awaited
    players, its end's winner and standings) as for a journal line."""
    return Named(o, names, namer=player_namer(text))


class Named:
    """The reader's language and the campaign's players' names (id -> name): the sentences name people by the
    name they chose, never by the id the orders take."""

    def __init__(self, o: Any, names: Mapping[str, str], seen: Mapping[str, Any] | None = None,
                 namer: Any = None) -> None:
        self.lang, self.names, self._o = o.lang, dict(names), o
        self.seen = seen or {}  # what the reader sees of the campaign now (its view): its own map's names...
        self.namer = namer  # the game's own words for a player who chose no name (Arc's sides), else None

    def person(self, pid: Any) -> str | None:
        """A player's name: the one he chose, else the game's word for his seat; None for neither."""
        if not isinstance(pid, str):
            return None
        chosen = self.names.get(pid)
        if chosen and self.namer is not None and hasattr(self.namer, "chosen"):
            return self.namer.chosen(chosen, self)
        return chosen or (self.namer(pid, self) if self.namer is not None else None)

    def t(self, fr: str, en: str) -> str:
        return fr if self.lang == "fr" else en

    def __getattr__(self, name: str) -> Any:
        return getattr(self._o, name)


def who(pid: Any, o: Any) -> str:
    """A player by his name when the reader's sentences know it (`Named`), else his id."""
    person = getattr(o, "person", None)
    return str((person(pid) if callable(person) else None) or pid)


# The reason a player's take-back gives its undo, after his id (kept as the club has always written it).
TAKEN_BACK = ": order taken back to be changed"

# An event's fields that name a player: shown by his name.
PEOPLE = ("player", "winner", "loser", "attacker", "defender", "challenger", "holder", "owner", "a", "b")


def entry_lines(entry: dict[str, Any], o: Out, text: Any, names: Mapping[str, str] | None = None,
                title: Any = None, seen: Mapping[str, Any] | None = None, namer: Any = None) -> list[str]:
    """A journal entry: its command, then one line per event (`text`: the game's event_text), the players by
    their names when `names` (id -> name) is given, the order by its title in the reader's language when
    `title` (type -> words) is given (in French on the command line, beside the word its reader types); `seen`,
    the reader's view of the campaign now, lets the game name what only the campaign names (its own map); `namer`
    (the game's `choice_words`) names the players who chose no name by their seat (Arc's sides)."""
    if names or seen or namer:
        o = Named(o, names or {}, seen, namer)  # type: ignore[assignment]
    cmd = entry.get("command", {})
    kind = str(cmd.get("type", "?"))
    if kind == "setup" and not entry.get("n"):  # the journal's opening, the same in every game: no order typed
        head = f"#0 {o.t('mise en place', 'set-up')}"
    else:
        head = f"#{entry.get('n', 0)} {title(kind) if title else kind}"
    if cmd.get("player") and cmd.get("player") != "referee":
        head += f" ({who(cmd['player'], o)})"
    lines = [head]
    for ev in entry.get("events", []):
        lines.append("   " + (engine_event(ev, o) or text(ev, o)))
    return lines


def engine_event(ev: dict[str, Any], o: Out) -> str | None:
    """The engine's own events, the same in every game (the referee's undo); None for a game's event."""
    if ev.get("type") != "undone" or "entries" not in ev:
        return None
    numbers = [f"#{n}" for n in ev.get("entries") or []]
    if len(numbers) > 1:
        fr = "les lignes " + ", ".join(numbers[:-1]) + " et " + numbers[-1]
        en = "lines " + ", ".join(numbers[:-1]) + " and " + numbers[-1]
    else:
        fr = en = "".join(numbers)
        fr, en = f"la ligne {fr}", f"line {en}"
    reason = str(ev.get("reason") or "").strip()
    if reason.endswith(TAKEN_BACK) and reason[:-len(TAKEN_BACK)]:  # a player's take-back (campagne/takeback.py)
        player = who(reason[:-len(TAKEN_BACK)], o)
        many = len(numbers) > 1  # his order and those given after it, given again unchanged
        return o.t(f"{player} reprend {fr} pour {'les' if many else 'la'} changer.",
                   f"{player} takes back {en} to change {'them' if many else 'it'}.")
    return o.t(f"L'arbitre a repris {fr}" + (f" : {reason}" if reason else "") + ".",
               f"The referee took back {en}" + (f": {reason}" if reason else "") + ".")


def format_event(table: dict[str, tuple[str, str]], ev: dict[str, Any], extra: dict[str, Any], o: Out) -> str:
    """An event as one line from its game's templates; one without a template shows its raw fields."""
    templates = table.get(ev.get("type", ""))
    if templates is None:
        return engine_event(ev, o) or unworded(o)
    fields = {**ev, **extra}
    if callable(getattr(o, "person", None)):
        fields.update({k: who(v, o) for k in PEOPLE if isinstance(v := fields.get(k), str) and k in ev})
    try:
        return (templates[0] if o.lang == "fr" else templates[1]).format(**fields)
    except (KeyError, IndexError):
        return unworded(o)


def unworded(o: Out) -> str:
    """An event its game gives no sentence for: said so, never its fields (`journal --json` keeps them; the
    conformance kit's tests/conformance/test_sentences.py finds the event that lacks its sentence)."""
    return o.t("(un événement sans phrase : voir journal --json)", "(an event without a sentence: see journal --json)")


def undone_line(entry: dict[str, Any], o: Out) -> str:
    """What an undo took back, as a sentence: the order's number, kind and giver (never its content: a strategy
    or an agreement's terms stay the owner's)."""
    cmd = entry.get("command", {})
    who = cmd.get("player") if cmd.get("player") not in (None, "", "referee") else o.t("l'arbitre", "the referee")
    return o.t(f"Annulé : l'ordre #{entry.get('n')} « {cmd.get('type')} » de {who}.",
               f"Undone: order #{entry.get('n')} “{cmd.get('type')}” by {who}.")
