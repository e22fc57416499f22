"""A pending test's odds kept on its unit's frozen profile (`tracker_effects.pending_odds`, asked at every view
and listing while the test waits) are those worked out afresh: on seeded battles' states, every test and reason,
asked of every unit with the facts around it changed (the general and the army standard near or not, an
enemy within 8", the models left, a won combat's re-roll, outnumbered or not); it fails when the key forgets the
test, the nerve, the reason, a flag or the enemy within 8", or gives the remembered odds themselves."""

from __future__ import annotations

import random

from campagne.games.wab.battle_state import Pending
from campagne.games.wab.nerve_tests import FEAR_SITUATIONS, TERROR_SITUATIONS, PanicTrigger
from campagne.games.wab.tracker_effects import _pending_odds, pending_odds
from campagne.games.wab.tracker_reading import nerve
from test_wab_legal_probe import battle_states


def test_the_remembered_odds_are_the_odds() -> None:
    rng = random.Random(7)
    # every test and reason (a fear and a terror test of one reason, a panic's re-roll, a fear outnumbered...)
    tests = sorted({("panic", t.value) for t in PanicTrigger} | {("fear", r) for r in FEAR_SITUATIONS}
                   | {("terror", r) for r in TERROR_SITUATIONS} | {("rally", "fleeing"), ("return", "return"),
                                                                   ("reform", "reform")})
    asked, met = 0, set()
    for s in battle_states({}, 4, 90, rng):  # (each state as the battle goes on: asked before it moves)
        met |= {p.test for p in s.pending if p.kind == "test"}
        if rng.random() < 0.7:
            continue
        units = [bu for bu in s.units.values() if bu.models > 0]
        for bu in rng.sample(units, min(2, len(units))):
            kept = (bu.general_near, bu.army_standard_near, bu.enemy_within_8, bu.unit.models)
            for test, reason in tests:
                for flag in ("reroll", "outnumbered", None):
                    q = Pending("t", "test", bu.side, bu.key, test, reason, "", "", {flag: True} if flag else {})
                    bu.general_near, bu.army_standard_near, bu.enemy_within_8 = (rng.random() < 0.5 for _ in "abc")
                    bu.unit.models = rng.randint(1, max(1, kept[3]))
                    got = pending_odds(s, q)
                    assert got == _pending_odds(q, nerve(s, bu), bu.enemy_within_8), (test, reason)
                    got.clear()  # a copy: the remembered odds untouched
                    asked += 1
            bu.general_near, bu.army_standard_near, bu.enemy_within_8, bu.unit.models = kept
    assert len(met) >= 3 and asked > 300, (met, asked)
