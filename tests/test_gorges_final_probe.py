"""`legal_orders` asks the referee's `final-battle` through its handler's own checks on the state itself
(final.py `final_checks`, legal.py `_refusal`): on the grid, the battle's set-up is checked and the battle is not
fought at every listing. On the final phase of simulated years, the answer (the refusal's code, or none) is the
trial's on a copy, for every way to decide it, good and bad, and the state is untouched."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from test_gorges_legal_probe import _trial  # the trial on a copy every Gorges probe is held to

from campagne.games.gorges import legal, simulate
from campagne.games.gorges.rules import GorgesRules

HOW = [{"auto": True, "resolver": "grid"}, {"auto": True}, {"auto": True, "resolver": "table"}, {}, {"winner": "nobody"},
       {"resolver": "grid"}, {"auto": True, "resolver": "moon"}, {"auto": True, "resolver": "grid", "engagements": 0},
       {"auto": True, "winner": "nobody"}]


def test_the_final_battle_asked_without_a_copy_answers_as_the_trial(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[Any, int] = {}
    original = GorgesRules.apply

    def apply(self: GorgesRules, state: Any, command: dict[str, Any], dice: Any) -> Any:
        if state.phase == "final" and not seen.get("inside"):
            seen["inside"] = True
            before = copy.deepcopy(state)
            for how in HOW + [{"winner": p} for p in state.players]:
                c = {"type": "final-battle", "player": "referee", **how}
                why = legal._refusal(state, c)
                assert why == _trial(state, c), c
                seen[why is None] = seen.get(why is None, 0) + 1
            assert state == before
            seen["inside"] = False
            seen["states"] = seen.get("states", 0) + 1
        return original(self, state, command, dice)
    monkeypatch.setattr(GorgesRules, "apply", apply)
    for players, seed in ((2, 1),):
        simulate.run(players, 12, seed, "greedy")
    assert seen.get("states", 0) >= 1 and seen.get(True, 0) >= 5 and seen.get(False, 0) >= 6, seen
