"""The game loop every ruleset shares: commands in, events and recorded rolls out.

A ruleset is declared by four functions (see `Ruleset`): build the initial state from a setup,
apply a command (validate everything first, then mutate and return events), give a player's
view, and list who must act. `Game` drives one: the state is a pure function of
(ruleset, setup, seed, commands), since command number n rolls dice seeded by (seed, n).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from .appendlog import AppendLog
from .dice import Dice, NoDice, RecordedDice
from .errors import CampagneError, register_messages

Command = dict[str, Any]
Event = dict[str, Any]


class Ruleset(Protocol):
    name: str

    def new_state(self, setup: Mapping[str, Any], dice: Dice) -> tuple[Any, list[Event]]: ...

    def apply(self, state: Any, command: Command, dice: Dice) -> list[Event]:
        """Validate `command` against the rules and phase; raise CampagneError before any change;
        otherwise mutate `state` and return the events that happened."""
        ...

    def view(self, state: Any, viewer: str | None) -> dict[str, Any]:
        """What `viewer` may see (None: the referee sees everything)."""
        ...

    def awaiting(self, state: Any) -> list[str]:
        """Who must act now (player ids, or 'referee')."""
        ...

    # Optional: `phase(state) -> (turn, phase)`, the view's "turn" and "phase" read without drawing the whole view
    # (a server asks it at every order); `Game.phase` reads the view where a ruleset has none.


@dataclass(frozen=True)
class Entry:
    """One journal line: a command with the events and rolls it produced."""

    n: int
    command: Command
    events: tuple[Event, ...]
    rolls: tuple[dict, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"n": self.n, "command": self.command, "events": list(self.events), "rolls": list(self.rolls)}


UNDO = "undo"  # the referee's order taking back the last commands: the engine's, not a game's


@dataclass
class Game:
    """A game: its state is a pure function of (ruleset, setup, the dice, the commands).

    Command number n rolls dice seeded by (seed, n). Without the seed (the referee's secret, not at hand) a game
    replays from the rolls its journal recorded, and any new roll is refused. `undo` is itself a command: the
    undone entries stay in `entries`, marked in `undone`, and a command given after it has a new number, so new
    dice — an order taken back and given again never sees the same roll twice.
    """

    ruleset: Ruleset
    setup: Mapping[str, Any]
    seed: int | str | None
    state: Any = None
    opening: Entry | None = None
    entries: AppendLog[Entry] = field(default_factory=AppendLog)
    undone: set[int] = field(default_factory=set)
    opening_rolls: tuple[dict, ...] | None = None  # replaying without the seed: the opening's recorded rolls

    def __post_init__(self) -> None:
        if not isinstance(self.entries, AppendLog):
            self.entries = AppendLog(self.entries)
        if self.state is None:
            dice = self._dice(0, self.opening_rolls)
            self.state, events = self.ruleset.new_state(self.setup, dice)
            self.opening = Entry(0, {"type": "setup"}, tuple(events),
                                 tuple(r.to_dict() for r in dice.records))

    def _dice(self, n: int, recorded: Iterable[Mapping[str, Any]] | None = None) -> Dice:
        if recorded is not None:
            return RecordedDice(recorded)
        return Dice.seeded(self.seed, n) if self.seed is not None else NoDice()

    # -- playing
    def push(self, command: Command, atomic: bool = True, recorded: Iterable[Mapping[str, Any]] | None = None
             ) -> Entry:
        """Apply a command (its dice: seeded, or `recorded` ones). If it is refused, the state is left exactly as
        it was."""
        n = len(self.entries) + 1
        if isinstance(command, Mapping) and command.get("type") == UNDO:
            return self._undo(n, command)
        dice = self._dice(n, recorded)
        if atomic:
            backup = copy.deepcopy(self.state)
            try:
                events = self.ruleset.apply(self.state, command, dice)
            except BaseException:
                self.state = backup
                raise
        else:
            events = self.ruleset.apply(self.state, command, dice)
        entry = Entry(n, command, tuple(events), tuple(r.to_dict() for r in dice.records))
        self.entries.append(entry)
        return entry

    def copy(self) -> Game:
        """A game that plays on from here without changing this one: the state copied, the journal's entries shared
        (they are never changed, only appended to), whatever the journal's length."""
        return Game(self.ruleset, self.setup, self.seed, state=copy.deepcopy(self.state), opening=self.opening,
                    entries=self.entries.copy(), undone=set(self.undone), opening_rolls=self.opening_rolls)

    @property
    def commands(self) -> list[Command]:
        return [e.command for e in self.entries]

    @property
    def effective(self) -> list[Entry]:
        """The entries that make the state: neither undone nor an undo."""
        return [e for e in self.entries if e.n not in self.undone and e.command.get("type") != UNDO]

    def latest_effective(self) -> Iterator[Entry]:
        """The effective entries, latest first, read lazily from the end (a page asking for the last few reads
        no more of a long journal)."""
        for e in reversed(self.entries):
            if e.n not in self.undone and e.command.get("type") != UNDO:
                yield e

    def undo(self, count: int = 1, reason: str = "") -> Entry:
        """Take back the last `count` commands in force (journaled as the referee's `undo`)."""
        effective = self.effective
        if not effective or count < 1:
            raise CampagneError("game.nothing_to_undo")
        return self.push({"type": UNDO, "player": "referee", "entries": [e.n for e in effective[-count:]],
                          "reason": reason})

    def _undo(self, n: int, command: Mapping[str, Any]) -> Entry:
        effective = self.effective
        wanted = command.get("entries")
        if not isinstance(wanted, list) or not wanted or command.get("player") != "referee":
            raise CampagneError("game.bad_undo")
        if [e.n for e in effective[-len(wanted):]] != wanted or len(wanted) > len(effective):
            raise CampagneError("game.undo_not_last", entries=", ".join(map(str, wanted)))
        keep = effective[:-len(wanted)]
        # The state again, from the recorded rolls of what stays: no new die is rolled by taking back.
        rebuilt = Game(self.ruleset, self.setup, self.seed, opening_rolls=self.opening.rolls)  # type: ignore[union-attr]
        for e in keep:
            rebuilt.ruleset.apply(rebuilt.state, dict(e.command), RecordedDice(e.rolls))
        self.state = rebuilt.state
        self.undone |= set(wanted)
        entry = Entry(n, dict(command), ({"type": "undone", "entries": list(wanted),
                                          "reason": str(command.get("reason", ""))},), ())
        self.entries.append(entry)
        return entry

    def view(self, viewer: str | None = None) -> dict[str, Any]:
        return self.ruleset.view(self.state, viewer)

    def awaiting(self) -> list[str]:
        return self.ruleset.awaiting(self.state)

    def phase(self) -> tuple[Any, Any]:
        """The turn and the phase the game is in, as its view names them."""
        quick = getattr(self.ruleset, "phase", None)
        if quick is not None:
            return quick(self.state)
        view = self.view(None)
        return view.get("turn", ""), view.get("phase", "")

    # -- replaying
    @classmethod
    def replay(cls, ruleset: Ruleset, setup: Mapping[str, Any], seed: int | str | None,
               commands: Iterable[Command], first_line: int = 1) -> Game:
        """Rebuild a game from its commands (with the seed). A command the rules now refuse (a journal edited by
        hand, or written under other rules) is reported with its file line (`first_line`: the first command's)."""
        game = cls(ruleset, setup, seed)
        for offset, command in enumerate(commands):
            try:
                game.push(command, atomic=False)
            except CampagneError as exc:
                raise _refused(exc, first_line + offset) from None
        return game

    @classmethod
    def verify(cls, ruleset: Ruleset, setup: Mapping[str, Any], seed: int | str | None,
               recorded: Iterable[Mapping[str, Any]], opening: Mapping[str, Any] | None = None,
               first_line: int = 1) -> Game:
        """Replay recorded entries and check each produced the same events and rolls — with the seed when it is at
        hand (every die checked), else from the recorded dice (the rules checked, not the dice's draw).

        Raises CampagneError('journal.disagrees', line=...) at the first entry that differs.
        `first_line` is the file line of the first recorded entry, for the message.
        """
        opening_rolls = None if seed is not None or opening is None else opening.get("rolls", ())
        try:
            game = cls(ruleset, setup, seed, opening_rolls=opening_rolls)
        except CampagneError as exc:
            if exc.code.startswith("dice."):
                raise CampagneError("journal.disagrees", line=first_line - 1, what="setup") from None
            raise
        if opening is not None and _normal(game.opening.to_dict()) != _normal(dict(opening)):  # type: ignore[union-attr]
            raise CampagneError("journal.disagrees", line=first_line - 1, what="setup")
        for offset, rec in enumerate(recorded):
            line = first_line + offset
            if rec.get("n") != offset + 1:
                raise CampagneError("journal.disagrees", line=line, what="n")
            try:
                entry = game.push(rec["command"], atomic=False,
                                  recorded=None if seed is not None else rec.get("rolls", ()))
            except CampagneError as exc:
                if exc.code.startswith("dice."):
                    raise CampagneError("journal.disagrees", line=line, what="rolls") from None
                raise _refused(exc, line) from None
            mine = entry.to_dict()
            for key in ("events", "rolls"):
                if _normal(mine[key]) != _normal(rec.get(key)):
                    raise CampagneError("journal.disagrees", line=line, what=key)
        return game


def _refused(exc: CampagneError, line: int) -> CampagneError:
    reason = {lang: exc.message(lang).rstrip(".") for lang in ("en", "fr")}
    return CampagneError("journal.refused", line=line, reason=reason)


def _normal(value: Any) -> Any:
    """Compare as JSON would (tuples and lists alike)."""
    kind = type(value)
    if kind is dict:  # the usual case, tested first: verifying a long journal normalises every event
        return {k: _normal(v) for k, v in value.items()}
    if kind is list or kind is tuple:
        return [_normal(v) for v in value]
    if kind in (str, int, float, bool) or value is None:
        return value
    if isinstance(value, Mapping):
        return {k: _normal(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_normal(v) for v in value]
    return value


register_messages({
    "game.bad_undo": {"en": "An undo is the referee's order, naming the journal lines it takes back.",
                      "fr": "Une annulation est l'ordre de l'arbitre, nommant les lignes du journal qu'elle reprend."},
    "game.undo_not_last": {"en": "Only the last commands in force can be taken back (not {entries}).",
                           "fr": "Seules les dernières commandes en vigueur peuvent être annulées (pas {entries})."},
    "game.nothing_to_undo": {
        "en": "There is nothing to undo.",
        "fr": "Il n'y a rien à annuler.",
    },
    "journal.disagrees": {
        "en": "The journal does not replay: line {line} disagrees with the rules ({what} differ).",
        "fr": "Le journal ne se rejoue pas : la ligne {line} ne correspond pas aux règles ({what} différents).",
    },
    "journal.refused": {
        "en": "The journal does not replay: the command on line {line} is refused ({reason}).",
        "fr": "Le journal ne se rejoue pas : la commande de la ligne {line} est refusée ({reason}).",
    },
})
