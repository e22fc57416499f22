"""Building Gorges Tranchées positions for rules tests: a fresh campaign, orders with scripted dice, a board
arranged by hand, and an event forced by its d66 faces."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from campagne.core.dice import Dice, ScriptedDice
from campagne.core.errors import MESSAGES, CampagneError
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


# --------------------------------------------------------------------------- rules positions shared by the tests

NEXT = {"type": "next", "player": "referee"}
# Far from both capitals of a two-player game (P1 '-3,4', P2 '3,-4'), inland, no forest nor building around it.
INLAND = "2,0"


def game(*races: str) -> GorgesState:
    """A fresh campaign whose turn order is the players' order (P1 first)."""
    s = new_state(races or ("skaven", "dwarfs"))
    s.order = [f"P{i + 1}" for i in range(len(s.players))]
    return s


def refused(s: GorgesState, cmd: dict, code: str, faces: list[int] | None = None) -> CampagneError:
    """The order is refused with `code` (a bilingual message) and the state is exactly as before."""
    before = copy.deepcopy(s)
    with pytest.raises(CampagneError) as info:
        apply(s, cmd, faces)
    err = info.value
    assert err.code == code, err.message("en")
    assert set(MESSAGES[code]) == {"en", "fr"}
    assert s == before
    return err


def of_type(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["type"] == kind]


def challenge(s: GorgesState, pid: str, army: str, defender: str, territory: str) -> dict:
    """`pid`'s army challenges `defender` over `territory` in the challenges phase."""
    at_phase(s, "challenges", acting=[pid])
    events = apply(s, {"type": "challenge", "player": pid, "army": army, "defender": defender,
                       "territory": territory}, [])
    return of_type(events, "challenge")[0]


def to_battle(s: GorgesState, territory: str = INLAND, att: str = "P1:G", dfd: str = "P2:G"):
    """A challenge over `territory`, accepted, then the phases up to the battle."""
    a, d = s.army(att), s.army(dfd)
    place(s, att, territory)
    place(s, dfd, territory)
    c = challenge(s, a.player, a.key, d.player, territory)
    apply(s, {"type": "accept", "player": d.player, "challenge": c["id"], "army": d.key}, [])
    apply(s, {"type": "done", "player": a.player}, [])
    apply(s, NEXT, [])  # conquest: nothing to roll (the two armies were challenged)
    apply(s, NEXT, [])  # battles open
    assert s.phase == "battles"
    return s.battles[-1]


def result(s: GorgesState, battle: int, winner: str, faces: list[int], **extra) -> list[dict]:
    """The referee enters a battle's result; `faces` feed the after-battle rolls."""
    return apply(s, {"type": "battle-result", "player": "referee", "battle": battle, "winner": winner, **extra},
                 faces)
