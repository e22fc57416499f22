"""The words of the order forms: each order's title, each field's label and each choice's name in the reader's
language, from the game's text and its orders' help, never the command line's syntax (`key=value`, `--set`).

A game's text module may say them itself (each optional, None: not said):
- `order_words(type, o) -> str | None`: the order's title;
- `field_words(type, name, o) -> str | None`: a field's label;
- `choice_words(value, o, state=None) -> str | None`: the name of a choice's id (a territory, a kingdom, a
  counter), from the campaign's own state when given (its own map, its grid battle's units).
- `seat_choice_words(field, value, o) -> str | None`: the printed name of a seat's packaged choice on the
  new-campaign page (a race, an army list), the form still posting the key.
- `player_name_words(name, o) -> str | None`: a player's set-up name in the reader's language (read through
  `render.text.player_name`, the journal's path, for the forms as for the journal).
Otherwise the order's help is its title (without its command-line asides), the fields orders share have their
words (`core.fieldwords`), the values they share ("none", "all") theirs (`render.words.choice_name`, as on the
command line), an argument's help labels the others, and a player's printed name his id's. Nothing here names a
game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.fieldwords import field_word
from ..render.text import player_name
from ..render.words import choice_name, order_help, order_title, plain, said as _said

__all__ = ["Words", "plain"]


@dataclass
class Words:
    """The words of one reader's forms: the game's text module (or None), his language, the players' names."""

    text: Any
    o: Any
    specs: Any
    names: dict[str, str] = field(default_factory=dict)
    state: Any = None  # the campaign's state, whose own map and units the game's choice_words may name
    where: str = ""  # which campaign `state` is (the drawn forms of two campaigns name their own places)

    def __post_init__(self) -> None:
        chosen = self.names  # each player as the journal names him: one path (`render.text.player_name`)
        self.names = {pid: player_name(self.text, chosen, pid, self.o) for pid in chosen}

    @property
    def key(self) -> str:
        """What the forms drawn with these words depend on besides the order (a drawn form is remembered by it)."""
        return f"{getattr(self.text, '__name__', '')}\n{self.o.lang}\n{sorted(self.names.items())}\n{self.where}"

    def _spec(self, kind: str) -> Any:
        return self.specs.get(kind) if hasattr(self.specs, "get") else None

    def _help(self, help_: Any) -> str:
        return plain(help_.get(self.o.lang, "")) if isinstance(help_, dict) else ""

    def order(self, kind: str) -> str:
        return order_title(self.text, self.specs, kind, self.o)

    def help(self, kind: str) -> str:
        """The order's whole help, shown under its form when the title is not it already."""
        helped = order_help(self.specs, kind, self.o.lang)
        return "" if helped.lower() == self.order(kind).lower() else helped

    def field(self, kind: str, name: str) -> str:
        said = _said(getattr(self.text, "field_words", None), kind, name, self.o)
        if said:
            return said
        shared = field_word(name, self.o)
        if shared:
            return shared
        for arg in getattr(self._spec(kind), "args", ()) or ():
            if getattr(arg, "name", None) == name:
                helped = self._help(arg.help).split(":")[0].split(" (")[0].strip()
                if helped:
                    return helped
        return name.replace("_", " ")

    def choice(self, value: Any) -> str:
        """A choice as a person reads it: names for ids, a path's steps, a list's items."""
        if isinstance(value, list):
            return " → ".join(self.choice(v) for v in value)
        if isinstance(value, dict):
            return ", ".join(f"{self.field('', k)} {self.choice(v)}" for k, v in value.items())
        if isinstance(value, bool):
            return self.o.t("oui", "yes") if value else self.o.t("non", "no")
        if isinstance(value, str):
            if value in self.names:
                return self.names[value]
            said = choice_name(getattr(self.text, "choice_words", None), value, self.o, self.state)
            if said:
                return said
            if ":" in value:  # a player's piece: "alice:L1"
                who, _, what = value.partition(":")
                return f"{self.names.get(who, who)} {what}"
        return str(value)

    def note(self, f: Any, value: Any) -> str:
        """What a choice costs or gives (`Field.notes`), in the reader's language."""
        notes = getattr(f, "notes", None) or {}
        found = notes.get(value if isinstance(value, str) else str(value)) if notes else None
        if found is None and isinstance(value, list) and value and isinstance(value[-1], str):
            found = notes.get(value[-1])  # a path's cost, noted at its end
        return (found.get(self.o.lang) or found.get("en") or "") if isinstance(found, dict) else ""

    def each(self, f: Any) -> str:
        notes = getattr(f, "notes", None) or {}
        found = notes.get("each") if notes else None
        return (found.get(self.o.lang) or found.get("en") or "") if isinstance(found, dict) else ""
