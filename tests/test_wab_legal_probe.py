"""WAB's legal orders ask a casualty report and the end through the tracker's own checks on the state itself,
without a trial copy (legal.py `_accepts`): on the states of seeded battles played by agents (dice thrown by the
engine, and rolled at the table), for every unit whatever its state and for counts in and out of range, and for
every winner (none, a bad one), the answer is the trial's, and the state is untouched."""

from __future__ import annotations

import copy
import random

import pytest

from campagne.agents.match import Match
from campagne.core.legal import accepts
from campagne.games.wab import legal
from campagne.games.wab.tracker import WabBattle


@pytest.mark.parametrize("options", [{}, {"table_dice": True}])
def test_the_casualty_probe_without_a_copy_answers_as_the_trial(options: dict) -> None:
    seen: dict[tuple[str, bool], int] = {}
    rng = random.Random(4)
    for seed in range(3):
        m = Match("wab", options=options, max_steps=120)
        m.reset(seed)
        while not m.over:
            s = m.game.state
            before = copy.deepcopy(s)
            for bu in s.units.values():
                for n in {0, 1, bu.models, bu.models + 1}:
                    for how in (None, "duel", "nope"):
                        c = {"type": "fact", "player": "referee", "fact": "casualties", "unit": bu.key,
                             "models": n, **({} if how is None else {"how": how})}
                        ok = legal._accepts(s, c)
                        assert ok == accepts(WabBattle(), s, c), (c, s.phase, bu.status)
                        seen["fact", ok] = seen.get(("fact", ok), 0) + 1
            for winner in ("a", "b", None, "x"):
                c = {"type": "end", "player": "referee", **({} if winner is None else {"winner": winner})}
                ok = legal._accepts(s, c)
                assert ok == accepts(WabBattle(), s, c), (c, s.phase)
                seen["end", ok] = seen.get(("end", ok), 0) + 1
            assert s == before
            m.act(rng.choice(m.legal_actions()))
    assert all(seen.get((kind, ok), 0) > 5 for kind in ("fact", "end") for ok in (True, False)), seen
