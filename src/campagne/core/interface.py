"""The one interface every game is plugged in through.

Like OpenSpiel's `Game`/`State` and boardgame.io's game object: a game is declared by a `GameDescriptor`
(identity, set-up schema, its `Ruleset`, its orders as data, legal orders, views, renderers, outcome,
computer players, its own tools). Every interface (command line, web server, studies, agents) serves
every game through it and never names a game.

Pure: no I/O, no clock, no global state. The descriptor's renderers and tools are named by dotted paths
(`"campagne.games.x.text:status_text"`) so that listing the games imports nothing heavy.

Legal orders are data: `legal_orders(state, player)` returns `LegalOrder`s, each an order type with some
fields fixed and the others drawn from explicit domains (`Field`). Its contract, property-tested for every
game: every combination of values drawn from the domains of one `LegalOrder` is accepted by `apply`, and
every order `apply` accepts is described by one of them. Fields whose domains depend on one another (an
army, then the cells it can reach) are split into several `LegalOrder`s with the first field fixed.
"""

from __future__ import annotations

import functools
import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import CampagneError, register_messages

FIELD_KINDS = ("choice", "int", "text", "bool")


@dataclass(frozen=True)
class Field:
    """One field of an order and its domain.

    `choice`: one of `choices` (JSON values: a territory id, a path as a list of ids, an army...);
    `int`: a whole number in `low..high` (both inclusive); `text`: free text — some text, not blanks, unless the
    field is optional (as the club's forms read an empty box: a missing field); `bool`: true or false.
    An `optional` field may be left out of the command.
    """

    name: str
    kind: str = "choice"
    choices: tuple[Any, ...] = ()
    low: int | None = None
    high: int | None = None
    optional: bool = False
    # what each choice costs or gives, in words a person scans beside it ("3 MP", "2 AP, 2 left"): a choice (as
    # text) -> {"fr", "en"}, or "each" for a whole number's price a piece ("8 loot a model"); shown by
    # `order --list` and kept in --json, never part of the order itself
    notes: Mapping[str, Mapping[str, str]] = field(default_factory=dict, compare=False, hash=False)

    def __post_init__(self) -> None:
        if self.kind not in FIELD_KINDS:
            raise ValueError(f"unknown field kind {self.kind!r}")
        if self.kind == "int" and (self.low is None or self.high is None or self.low > self.high):
            raise ValueError(f"field {self.name}: an int field needs low <= high")

    def contains(self, value: Any) -> bool:
        if self.kind == "choice":
            return any(_same(value, c) for c in self.choices)
        if self.kind == "int":
            return isinstance(value, int) and not isinstance(value, bool) and self.low <= value <= self.high  # type: ignore[operator]
        if self.kind == "bool":
            return isinstance(value, bool)
        return isinstance(value, str) and (self.optional or bool(value.strip()))

    def sample(self, rng: random.Random) -> Any:
        if self.kind == "choice":
            return rng.choice(self.choices)
        if self.kind == "int":
            return rng.randint(self.low, self.high)  # type: ignore[arg-type]
        if self.kind == "bool":
            return rng.random() < 0.5
        return rng.choice(("", "accord", "agreement") if self.optional else ("accord", "agreement"))

    def size(self) -> int | None:
        """How many values the domain holds (None: free text)."""
        if self.kind == "choice":
            return len(self.choices)
        if self.kind == "int":
            return self.high - self.low + 1  # type: ignore[operator]
        if self.kind == "bool":
            return 2
        return None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind}
        if self.kind == "choice":
            out["choices"] = list(self.choices)
        if self.kind == "int":
            out["low"], out["high"] = self.low, self.high
        if self.optional:
            out["optional"] = True
        if self.notes:
            out["notes"] = {k: dict(v) for k, v in self.notes.items()}
        return out


@dataclass(frozen=True)
class LegalOrder:
    """Orders `player` may give now: type `type`, the `fixed` fields as given, and one value per field of
    `fields` drawn from its domain. Every such combination is accepted by the rules."""

    type: str
    player: str
    fixed: Mapping[str, Any] = field(default_factory=dict)
    fields: tuple[Field, ...] = ()

    def command(self, values: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The command with these field values (missing optional fields are left out)."""
        values = values or {}
        cmd: dict[str, Any] = {"type": self.type, "player": self.player, **self.fixed}
        for f in self.fields:
            if f.name in values:
                cmd[f.name] = values[f.name]
            elif not f.optional:
                raise ValueError(f"order {self.type}: field {f.name} has no value")
        return cmd

    def sample(self, rng: random.Random) -> dict[str, Any]:
        """One fully chosen command, each field drawn at random from its domain (optional ones sometimes left out)."""
        return self.command({f.name: f.sample(rng) for f in self.fields if not (f.optional and rng.random() < 0.5)})

    def describes(self, command: Mapping[str, Any]) -> bool:
        """Whether `command` is one of the orders this describes."""
        if command.get("type") != self.type or command.get("player") != self.player:
            return False
        names = {f.name for f in self.fields}
        for key, value in self.fixed.items():
            if not _same(command.get(key, _MISSING), value):
                return False
        for f in self.fields:
            if f.name in command:
                if not f.contains(command[f.name]):
                    return False
            elif not f.optional:
                return False
        extra = set(command) - {"type", "player"} - set(self.fixed) - names
        return not extra

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "player": self.player, "fixed": dict(self.fixed),
                "fields": [f.to_dict() for f in self.fields]}


_MISSING = object()


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON values (a tuple and a list alike)."""
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    return a == b


def described(orders: list[LegalOrder], command: Mapping[str, Any]) -> bool:
    """Whether one of `orders` describes `command`."""
    return any(o.describes(command) for o in orders)


@dataclass(frozen=True)
class PlayerField:
    """One part of a player entry of the set-up (`campagne new NAME -p ID:CONTROLLER:WHAT:NAME`)."""

    name: str  # the set-up key ("army", "race", "side")
    help: Mapping[str, str]  # {"fr": ..., "en": ...}
    default: Any = None
    choices: tuple[str, ...] = ()  # the packaged ones (a game may accept a file too)


@dataclass(frozen=True)
class GameOption:
    """An option a game declares for one of the generic commands: `campagne new NAME` besides the players
    (`--map FILE`, `--forces medium`, `--two-player`), `campagne battle-result TARGET` (`--winner P`, `--auto`).
    Its value reaches the game's function (`setup`, `battle_command`) under `name` (dashes as underscores).
    Options of different `group`s do not go together (a result entered by hand, an auto-resolve...): the
    command line refuses them in one sentence, a form offers one group at a time."""

    name: str  # as typed, without the dashes: "map", "forces", "two-player"
    help: Mapping[str, str]
    kind: str = "str"  # "str", "int", "bool" (a flag) or "list" (repeatable)
    default: Any = None
    choices: tuple[str, ...] = ()
    group: Mapping[str, str] = field(default_factory=dict)  # {"fr": ..., "en": ...}; empty: goes with any
    file: bool = False  # its value names a file (the command line's path): a page offers an upload
    offers: tuple[str, ...] = ()  # values a page suggests while it takes any text (the game's packaged ones)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "help": dict(self.help), "kind": self.kind, "default": self.default,
                "choices": list(self.choices), "group": dict(self.group), "file": self.file,
                "offers": list(self.offers)}


def check_option_groups(declared: Sequence[GameOption], typed: Sequence[str]) -> None:
    """Refuse, in one sentence, two typed options of different groups (`--killed` with `--auto`)."""
    by_name = {o.name: o for o in declared}
    first: GameOption | None = None
    for name in typed:
        option = by_name.get(name)
        if option is None or not option.group:
            continue
        if first is None:
            first = option
        elif dict(option.group) != dict(first.group):
            raise CampagneError("options.apart", first=f"--{first.name}", second=f"--{option.name}",
                                first_group=dict(first.group), second_group=dict(option.group))


SetupOption = GameOption  # its former name, for rulesets written against it


@dataclass(frozen=True)
class GameDescriptor:
    """Everything an interface needs to serve one game.

    The entries named by dotted paths ("module:attribute", or a module) are imported only when used (`load`):
    - ruleset: a `core.game.Ruleset` class; orders: its mapping type -> `core.orders.Order`;
    - legal_orders: `(state, player) -> list[LegalOrder]` (player may be "referee");
    - view: `(state, viewer) -> dict` (viewer None: the referee), the one gate for secrets;
      redact_entry: `(entry, viewer) -> entry`, a journal line as that viewer may see it, or None when he may not
      know the line exists (it is then not in his journal, whose lines he numbers his own way: campagne.reading);
    - setup: `(players: list[dict], options: dict) -> setup dict`; each player dict holds "id",
      "controller", "name" and one key per `player_fields`; options hold the `setup_options`;
      battle_command: `(target, options) -> command`, options holding the `battle_options` typed;
    - text: a module with `status_text(view, o, brief=False) -> str` and `event_text(event, o) -> str`,
      `o` a `core.i18n.Lang` (anything with `lang` and `t(fr, en)`);
    - picture: `(state, lang, viewer=None) -> SVG text`, drawn from what `viewer` may see (its view); sheets: a module with `build_sheets(header, entries, state, lang,
      viewer=None)`, `sheets_markdown(sheets, lang)` and `sheets_html(sheets, lang)`;
    - outcome: `(state) -> Outcome`;
    - computers: controller name -> a player `(view, legal: list[LegalOrder], rng) -> command | None`;
      autoplay: the game's loop letting its computers (and, asked, the referee) act on a journaled campaign;
    - tools: `register(app, odds_app)` mounting the game's own sub-commands (typer apps) on the CLI;
    - secrets: `(state) -> {player id: [Secret]}`, what each player must not learn from this state (the conformance
      kit searches everything he reads for it);
    - read_order, battle_command, simulate, study: see their fields.
    """

    name: str
    title: Mapping[str, str]  # {"fr": ..., "en": ...}
    seed: str  # the seed text it implements
    players: tuple[int, int]  # fewest, most
    kind: str  # "campaign" or "battle"
    ruleset: str  # dotted path of the Ruleset class
    orders: str  # dotted path of the orders declared as data (a mapping name -> core.orders.Order)
    legal_orders: str  # dotted path: (state, player) -> list[LegalOrder]
    view: str  # (state, viewer) -> view dict: the one gate for secrets
    redact_entry: str  # (entry dict, viewer) -> the entry as this viewer may see it, or None: not his to know of
    setup: str  # (players: list[dict], options: dict) -> setup dict, validated
    # what one journal holds, for sentences: {"fr": "une campagne d'…", "en": "an … campaign"} (default: the title)
    noun: Mapping[str, str] = field(default_factory=dict)
    seats: tuple[str, ...] = ()  # the player ids the game fixes (Arc's three sides), if it fixes them
    player_fields: tuple[PlayerField, ...] = ()
    setup_options: tuple[GameOption, ...] = ()
    battle_options: tuple[GameOption, ...] = ()  # what `campagne battle-result TARGET` takes for this game
    text: str = ""  # module with status_text(view, lang, brief) and event_text(event, lang)
    picture: str = ""  # (state, lang, viewer) -> SVG text
    # the picture draws no secret, so it is the same for every viewer (a server draws it once per state);
    # tests/test_picture_public.py holds a game that says so to it
    picture_public: bool = False
    sheets: str = ""  # module with build_sheets(...), sheets_markdown, sheets_html
    outcome: str = ""  # (state) -> Outcome
    # optional: (state) -> bool, the outcome's `ended` alone, for a caller that asks it at every step (the agents'
    # match: the whole outcome, scores and standing, was a twentieth of Arc's step); tests/test_agents_ended.py
    ended: str = ""
    computers: Mapping[str, str] = field(default_factory=dict)  # controller name -> dotted path of a player
    autoplay: str = ""  # the game's loop letting computers act (journal-aware), if it has one
    # (state, viewer) -> the state as viewer knows it (what his view hides taken out), for heuristics that need
    # the rules' functions: the game's autoplay hands its computers this, never the state
    information_state: str = ""
    # (state, viewer, rng) -> a state consistent with what viewer knows, drawn at random, for a search player to play
    # out (his to change): what his information state hides, sampled. Without it a search player plays on a copy of
    # the information state (ai_search.determinizer), or of the state when the game hides nothing.
    determinize: str = ""
    # (state) -> {player: expected score}: what the one interface's scores would be on average were the game to end
    # now by its own chance (Gorges: the final battle's exact odds from the relic points), for a search player to
    # score a playout that reached the end by its expectation rather than by one roll of the deciding dice
    expected: str = ""
    # (state, viewer, lang) -> [{"about": an order type or "threat", "text": ...}]: the exact odds beside this
    # viewer's decisions now and the threats he faces, computed from what he may know (his information state)
    advice: str = ""
    # optional, the same split in two (a server computes the numbers once per state and viewer, and writes them in
    # each reader's language): (state, viewer) -> figures in no language, only read; (figures, lang) -> advice
    advice_facts: str = ""
    advice_words: str = ""
    read_order: str = ""  # (command, state) -> command: reads the files an order names, names typed (at the edge)
    battle_command: str = ""  # (target, options) -> the referee's command of `campagne battle-result`
    # (players, turns, seed, controller, on_turn[, **set-up options]) -> a finished core.game.Game; controller: one
    # for every seat, or a list, one per seat
    simulate: str = ""
    # module: run(campaigns, players, turns, seed, controller, on_campaign), text(data, o); optional row(game) and
    # figures(state), read by campagne.studies (docs/studies.md)
    study: str = ""
    tools: str = ""  # dotted path of a function mounting the game's own sub-commands on the CLI
    # (state) -> {player id: [Secret]}: what each player must not learn from this state (the other players' hidden
    # values and texts), as data; empty: the game hides nothing (say why beside it). tests/conformance/test_secrets.py
    # searches every output a player reads, on the command line and at the club server, for each of his.
    secrets: str = ""
    # order type -> the most concrete orders of that type `legal_orders` can offer one player at once (each
    # combination of a LegalOrder's fields' values, an open int counting 32 values): the length of the type's block
    # of agents' action numbers (campagne.agents.encoding), 1,024 when not given. Checked by random play.
    agent_actions: Mapping[str, int] = field(default_factory=dict)
    # top-level lists of the view whose items are never changed once a view holds them (drawn once and shared by
    # the views, as Arc's counters): the agents' vector tells an unchanged one by identity (encoding.Features)
    frozen_view_items: tuple[str, ...] = ()

    def load(self, attribute: str) -> Any:
        """The object an attribute of this descriptor names."""
        return load(getattr(self, attribute))

    def info(self) -> dict[str, Any]:
        return {"name": self.name, "title": dict(self.title), "seed": self.seed,
                "players": list(self.players), "kind": self.kind,
                "controllers": ["human", *self.computers],
                "setup_options": [o.to_dict() for o in self.setup_options],
                "battle_options": [o.to_dict() for o in self.battle_options]}


@dataclass(frozen=True)
class Secret:
    """One thing a player must not learn, as a search finds it in what he reads: `text` anywhere; or, with `near`,
    `text` with `near` within `span` characters of it (a hidden counter's id is public once it attacks, its hex is
    what is hidden; a strategy is one of a public list, whose it is is what is hidden). `what` names it in a
    failure ("ulf's hidden counter faithful.2 at K7")."""

    text: str
    near: str = ""
    span: int = 160
    what: str = ""

    def found_in(self, output: str) -> bool:
        """Whether `output` tells it."""
        if not self.near:
            return self.text in output
        start = output.find(self.text)
        while start >= 0:
            window = output[max(0, start - self.span):start + len(self.text) + self.span]
            if self.near in window:
                return True
            start = output.find(self.text, start + 1)
        return False


def no_secrets(state: Any) -> dict[str, list[Secret]]:
    """The `secrets` of a game that hides nothing from anyone (its descriptor says why)."""
    return {}


@dataclass(frozen=True)
class Outcome:
    """Where a game stands: whether it has ended, the standing (best first) and a score per player in
    0..1 when it has (for studies and computer players)."""

    ended: bool
    standing: tuple[str, ...]
    scores: Mapping[str, float]
    details: Mapping[str, Any] = field(default_factory=dict)


@functools.cache
def load(path: str) -> Any:
    """Import `module:attribute` (once: pages ask for a game's hooks at every request, and an import, even done,
    takes the import lock)."""
    module, _, attribute = path.partition(":")
    obj: Any = importlib.import_module(module)
    for part in attribute.split(".") if attribute else ():
        obj = getattr(obj, part)
    return obj


Computer = Callable[[Any, str, random.Random], "dict[str, Any] | None"]


register_messages({
    "options.apart": {"en": "{first} ({first_group}) and {second} ({second_group}) do not go together.",
                      "fr": "{first} ({first_group}) et {second} ({second_group}) ne vont pas ensemble."},
})
