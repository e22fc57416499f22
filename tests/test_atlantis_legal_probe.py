"""Atlantis's legal orders ask `hold`, `move`, `wait` and `end` through the orders' own checks on the state itself,
without a trial copy (legal.py `_accepts`: `hold_checks`, `move_checks`, `wait_checks`, `end_checks`): on states of
every phase of a simulated campaign (and its movement states with the general in turn made to retreat, to leave,
halted or reorganising) the answer is the trial's on a copy, for every player in and out of his turn, paths good and
bad, initiatives in and out of range, and the state is untouched."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from campagne.core.legal import accepts
from campagne.games.atlantis import legal, simulate
from campagne.games.atlantis.movement import legal_paths
from campagne.games.atlantis.rules import AtlantisRules


def _commands(s: Any) -> list[dict[str, Any]]:
    out = [{"type": "end", "player": who} for who in ("referee", next(iter(s.players)))]
    names = sorted(s.map.territories)
    for pid, p in s.players.items():
        out.append({"type": "hold", "player": pid})
        paths = legal_paths(s, p) if p.army is not None and p.position else []
        for path in [*paths[:4], [names[0]], [names[0], names[1]], [p.position or names[2]], ["Nowhere"], [], "x",
                     None]:
            out.append({"type": "move", "player": pid, **({} if path is None else {"path": path})})
        current = s.delays.get(pid, s.initiative_rolls.get(pid, 0))
        for value in (-1, 0, current - 1, current, "2", None):
            out.append({"type": "wait", "player": pid, **({} if value is None else {"initiative": value})})
    return out


def _variants(s: Any) -> list[Any]:
    """The movement state with its general in turn made to retreat, to leave, halted or reorganising (copies):
    what `hold` and `move` check first, rare in a short campaign."""
    out = []
    if s.phase == "movement" and s.acting:
        for flag in ("must_retreat", "must_leave", "halted", "reorganising"):
            t = copy.deepcopy(s)
            setattr(t.players[t.acting[0]], flag, True)
            out.append(t)
    return out


def test_hold_move_wait_and_end_without_a_copy_answer_as_the_trial(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[Any, int] = {}
    calls: dict[str, int] = {}  # orders met in each phase: every second one's state asked
    original = AtlantisRules.apply
    inside = [False]

    def apply(self: AtlantisRules, state: Any, command: dict[str, Any], dice: Any) -> Any:
        calls[state.phase] = calls.get(state.phase, 0) + 1
        if not inside[0] and seen.get(state.phase, 0) < (12 if state.phase == "movement" else 3) \
                and calls[state.phase] % 2 == 1:
            inside[0] = True
            before = copy.deepcopy(state)
            for t in [state, *_variants(state)]:
                for c in _commands(t):
                    ok = legal._accepts(t, c)
                    assert ok == accepts(AtlantisRules(), t, c), (c, t.phase)
                    seen[c["type"], ok] = seen.get((c["type"], ok), 0) + 1
            assert state == before
            seen[state.phase] = seen.get(state.phase, 0) + 1
            inside[0] = False
        return original(self, state, command, dice)
    monkeypatch.setattr(AtlantisRules, "apply", apply)
    simulate.run(3, 3, 2, "greedy")
    assert all(seen.get((k, ok)) for k in ("hold", "move", "wait", "end") for ok in (True, False)), sorted(
        (str(k), v) for k, v in seen.items())
