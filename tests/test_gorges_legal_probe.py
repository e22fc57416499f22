"""`legal_orders` asks `move` and `challenge` through the orders' own checks on the state itself, without a trial
copy (legal.py `_refusal`): on every movement and challenge state of simulated years, the answer (the refusal's
code, or none) is the trial's, for walks good and bad, every army and every defender, and the state is untouched."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from campagne.core.dice import Dice
from campagne.core.errors import CampagneError
from campagne.games.gorges import legal, simulate
from campagne.games.gorges.rules import GorgesRules


def _trial(s: Any, command: dict[str, Any]) -> str | None:
    try:
        GorgesRules().apply(copy.deepcopy(s), command, Dice.seeded("legal-probe", 0))
    except CampagneError as e:
        return e.code
    return None


def _commands(s: Any) -> list[dict[str, Any]]:
    out = []
    for pid, p in s.players.items():
        for key, a in p.armies.items():
            here = a.position or s.capital_of(pid)
            walks = list(legal.reach(s, here, 3).values())
            for w in [w for w in walks if w][:6] + [[here], ["0,0"], []]:  # near, too far, standing, sea, none
                out.append({"type": "move", "player": pid, "army": key, "path": w})
            for d in [*s.players, "nobody"]:
                for t in sorted({here, *s.neighbours(here)})[:3]:
                    out.append({"type": "challenge", "player": pid, "army": key, "defender": d, "territory": t})
    return out


def test_the_probe_without_a_copy_answers_as_the_trial(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = {"states": 0, "inside": False, "refused": 0, "accepted": 0}
    original = GorgesRules.apply

    def apply(self: GorgesRules, state: Any, command: dict[str, Any], dice: Any) -> Any:
        if not seen["inside"] and state.phase in ("movement", "challenges") and seen["states"] < 16:
            seen["inside"] = True
            before = copy.deepcopy(state)
            for c in _commands(state):
                why = legal._refusal(state, c)
                assert why == _trial(state, c), c
                seen["refused" if why else "accepted"] += 1
            assert state == before
            seen["states"] += 1
            seen["inside"] = False
        return original(self, state, command, dice)
    monkeypatch.setattr(GorgesRules, "apply", apply)
    simulate.run(3, 3, 3, "greedy")
    assert seen["states"] > 10 and seen["accepted"] > 20 and seen["refused"] > 20, seen
