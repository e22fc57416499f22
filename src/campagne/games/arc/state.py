"""The state of a game of Arc: the counters on the map, the turn and phase, the orders given and not yet
resolved (secret to their player), the spells that last, the places held."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .board import Board
from .data import SIDES, UnitType, unit_types

TURNS = 8
# « mouvement général / combat (magie, missiles, mêlées, retraites/avances) / mouvement spécial »
PHASES = ("move", "magic", "missiles", "melee", "special")
# The game opens at nightfall after the day's battle on the hill (« Elle dure toute la journée... pendant
# cette nuit »): turns of six hours from 18h, so turns 1-2 and 5-6 are night (18h-6h), 3-4 and 7-8 day.
NIGHT_TURNS = (1, 2, 5, 6)
PHASE_NAMES = {"deploy": ("mise en place", "set-up"), "move": ("mouvement général", "general movement"),
               "magic": ("magie", "magic"), "missiles": ("missiles", "missiles"), "melee": ("mêlées", "melee"),
               "special": ("mouvement spécial", "special movement"), "ended": ("terminée", "over")}


def phase_label(*phases: str) -> dict[str, str]:
    return {"fr": ", ".join(PHASE_NAMES[p][0] for p in phases), "en": ", ".join(PHASE_NAMES[p][1] for p in phases)}


@dataclass
class Unit:
    id: str  # "mercenaries.4"
    type: str  # a unit type id of data/units.toml
    side: str
    hex: str | None
    start_hexes: tuple[str, ...] = ()  # where it may be placed at set-up (« au choix »)
    reduced: bool = False
    hidden: bool = False
    points: int = 0
    status: str = "active"  # "eliminated", "captured"
    moved_hidden: bool = False  # moved invisible this turn (surprise)
    charged: bool = False
    moved: bool = False
    attacked: bool = False
    attacked_by_enemy: bool = False
    meditating: bool = False
    heal_next_turn: bool = False
    fading: int = 0  # Aris Dombal: thirds of his attack lost

    @property
    def kind(self) -> UnitType:
        return unit_types()[self.type]

    @property
    def alive(self) -> bool:
        return self.status == "active"

    def strength(self, what: str) -> Fraction:
        k = self.kind  # (a table look-up: asked once, the views and odds ask strengths by the hundred)
        s = k.strength(what, self.reduced)
        if what in ("melee", "missile") and k.ability("fading"):
            s = s * Fraction(max(0, 3 - self.fading), 3)
        return s

    def strength_texts(self) -> tuple[str, str, str]:
        """Melee, missile and defence as text: what `strength` gives is a function of the type, `reduced` and
        `fading` alone, so each type keeps them by the last two (a view prints them for every counter)."""
        k = self.kind
        key = (self.reduced, self.fading)
        found = k._texts.get(key)
        if found is None:
            found = k._texts[key] = (str(self.strength("melee")), str(self.strength("missile")),
                                     str(self.strength("defence")))
        return found


class Memo:
    """What the rules find again and again while a game's counters stand still (each counter's reach, see
    `movement.reach_now`), kept beside a game's state rather than at a module's level. Its keys hold all that the
    values depend on, so every copy of the state shares it (a search's trial copies find what the game found); a
    pickled state (a snapshot) carries it empty."""

    __slots__ = ("aimed", "drawn", "reaches", "searches", "tallies", "zones")
    KEPT = 4096  # entries of each at most: a general movement's few thousand reaches

    def __init__(self) -> None:
        self.reaches: dict[tuple[Any, ...], Any] = {}  # by the positions, each counter's (`movement.reach_now`)
        self.searches: dict[tuple[Any, ...], Any] = {}  # a counter's search by its visible foes (`movement.settled`)
        self.drawn: dict[tuple[Any, ...], Any] = {}  # each counter as a view draws it (`views.unit_views`)
        self.tallies: dict[tuple[Any, ...], Any] = {}  # the lost counters counted (`victory.tally`)
        self.zones: dict[tuple[Any, ...], list[str]] = {}  # a zone spell's listed zones (`declare.zone_words`)
        self.aimed: dict[tuple[Any, ...], Any] = {}  # by the counters, a unit spell's targets (`magic.aimed_at`)

    def __deepcopy__(self, memo: Any) -> Memo:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Memo, ())


def memo_of(state: ArcState) -> Memo:
    """The state's memo (one is made for a state unpickled from before it had one)."""
    memo = state.__dict__.get("memo")
    if memo is None:
        memo = state.memo = Memo()
    return memo


@dataclass
class ArcState:
    board: Board
    forces: dict[str, str]
    two_player: bool
    controllers: dict[str, str]
    names: dict[str, str]
    units: dict[str, Unit]
    turn: int = 0
    segment: int = 0  # 0: the Directorat, 1: Ulf and Fereira
    phase: str = "deploy"
    acting: list[str] = field(default_factory=list)
    done: list[str] = field(default_factory=list)
    plans: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    effects: list[dict[str, Any]] = field(default_factory=list)
    next_effect: int = 1
    control: dict[str, str | None] = field(default_factory=dict)  # place id -> side
    control_log: list[dict[str, str | None]] = field(default_factory=list)  # at each turn's end
    winner: str | None = None
    victory: str | None = None  # "strategic", "secret", "standing"
    standing: list[str] = field(default_factory=list)
    # The set-up's "readings": 1 (a game set up before issue 24: the program chooses each retreat hex and the
    # advance is declared with the attack, `attack-advance`) or 2 (docs/rules/arc.md: the owner chooses his
    # retreat hex, the attacker chooses to advance after the result). Old journals replay as they were played.
    readings: int = 1
    # readings 2: a combat phase's resolution waiting on a decision: the steps still to resolve (combats,
    # retreats, advances) and the decision awaited ({"kind": "retreat"|"advance", "player", ...})
    steps: list[dict[str, Any]] | None = None
    pending: dict[str, Any] | None = None

    def __post_init__(self) -> None:
        self.memo = Memo()  # not a field: not the game's data, neither compared nor written out

    def __deepcopy__(self, memo: Any) -> ArcState:
        """Fast: counters hold only immutable values, so one shallow copy each; the board is shared."""
        new = copy.copy(self)
        new.units = {k: copy.copy(u) for k, u in self.units.items()}
        new.plans = {k: [dict(p) for p in v] for k, v in self.plans.items()}
        new.effects = [dict(e) for e in self.effects]
        new.forces, new.controllers, new.names = dict(self.forces), dict(self.controllers), dict(self.names)
        new.acting, new.done, new.standing = list(self.acting), list(self.done), list(self.standing)
        new.control, new.control_log = dict(self.control), [dict(c) for c in self.control_log]
        if self.steps is not None or self.pending is not None:
            new.steps, new.pending = copy.deepcopy(self.steps), copy.deepcopy(self.pending)
        return new

    @property
    def night(self) -> bool:
        return self.turn in NIGHT_TURNS

    @property
    def standings(self) -> list[dict[str, Any]]:
        """The standing as the generic tools print it: [{"player", "rank"}], best first."""
        return [{"player": p, "rank": i + 1} for i, p in enumerate(self.standing)]

    @property
    def ended(self) -> bool:
        return self.phase == "ended"

    def enemies(self, a: str, b: str) -> bool:
        return enemies(a, b, self.two_player)

    def alive(self) -> list[Unit]:
        return [u for u in self.units.values() if u.status == "active"]

    def at(self, h: str) -> list[Unit]:
        return [u for u in self.units.values() if u.hex == h and u.status == "active"]

    def sees(self, viewer: str | None, u: Unit) -> bool:
        """Whether `viewer`'s side sees this counter (None: the referee sees all)."""
        return viewer is None or not u.hidden or u.side == viewer

    def team(self, side: str) -> tuple[str, ...]:
        if self.two_player and side in ("ulf", "fereira"):
            return ("ulf", "fereira")
        return (side,)


def enemies(a: str, b: str, two_player: bool) -> bool:
    """Two sides are enemies unless one side, or Ulf and Fereira allied in the two-player variant."""
    return a != b and not (two_player and {a, b} == {"ulf", "fereira"})


SIDE_ORDER = SIDES
