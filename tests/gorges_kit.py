"""Building Gorges Tranchées positions for rules tests: a fresh campaign, orders with scripted dice, a board
arranged by hand, and an event forced by its d66 faces."""

from __future__ import annotations

from typing import Any

from campagne.core.dice import Dice, ScriptedDice
from campagne.games.gorges.context import Ctx
from campagne.games.gorges.data import tables
from campagne.games.gorges.rules import GorgesRules
from campagne.games.gorges.state import GorgesState

RULES = GorgesRules()


def new_state(races: tuple[str, ...] = ("empire", "skaven"), seed: int | str = 1,
              controllers: tuple[str, ...] | None = None) -> GorgesState:
    """A campaign just set up: turn 1, the ghost has moved, the phase is 'ghost' (nobody awaited)."""
    players = [{"id": f"P{i + 1}", "race": r, "controller": (controllers or ("human",) * len(races))[i]}
               for i, r in enumerate(races)]
    state, _ = RULES.new_state({"players": players}, Dice.seeded(seed, 0))
    return state


def apply(state: GorgesState, command: dict[str, Any], faces: list[int] | None = None) -> list[dict[str, Any]]:
    """Apply one order; with `faces`, the dice are scripted and must all be used."""
    dice: Dice = ScriptedDice(faces) if faces is not None else Dice.seeded("kit", 0)
    events = RULES.apply(state, command, dice)
    if faces is not None:
        assert isinstance(dice, ScriptedDice)
        assert dice.remaining == [], f"unused scripted faces {dice.remaining}"
    return events


def ctx(state: GorgesState, faces: list[int] | None = None, **cmd: Any) -> Ctx:
    return Ctx(state, dict(cmd), ScriptedDice(faces) if faces is not None else Dice.seeded("kit", 0))


def at_phase(state: GorgesState, phase: str, acting: list[str] | None = None) -> GorgesState:
    """Put the campaign in `phase` with `acting` (default: every player, in turn order) to act."""
    state.phase = phase
    state.acting = list(state.order if acting is None else acting)
    for p in state.players.values():
        p.done = False
    return state


def place(state: GorgesState, army_ref: str, territory: str | None) -> None:
    a = state.army(army_ref)
    assert a is not None, army_ref
    a.position = territory
    a.out_until = None if territory else a.out_until


def own(state: GorgesState, pid: str | None, *territories: str) -> None:
    for t in territories:
        assert t in state.owners, t
        state.owners[t] = pid


def d66_faces(key: str) -> list[int]:
    """The two faces of the d66 that gives the event `key` (e.g. 'colonists' -> [2, 2])."""
    rng = tables()["events"].row(key).range
    assert rng is not None
    return [int(rng[0]), int(rng[1])]


def force_event(state: GorgesState, pid: str, key: str, extra_faces: list[int] = ()) -> list[dict[str, Any]]:
    """Roll player `pid`'s event with scripted dice giving `key`; `extra_faces` feed the rolls its row asks
    for (2D3 for events 12/33, the injury for 14/56, 1D3 for 63...)."""
    from campagne.games.gorges.events import roll_event
    c = ctx(state, d66_faces(key) + list(extra_faces))
    events = roll_event(c, state.players[pid])
    assert isinstance(c.dice, ScriptedDice) and c.dice.remaining == [], c.dice.remaining
    if state.players[pid].event and state.players[pid].event.get("pending"):
        state.phase = "events"
        if pid not in state.acting:
            state.acting.append(pid)
    return events


def land_path(state: GorgesState, start: str, length: int) -> list[str]:
    """A walk of `length` bordering land territories from `start`, never coming back."""
    path, here, seen = [], start, {start}
    for _ in range(length):
        here = next(n for n in sorted(state.neighbours(here)) if n not in seen)
        seen.add(here)
        path.append(here)
    return path
