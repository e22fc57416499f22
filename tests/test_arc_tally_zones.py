"""Arc's outcome and magic listings read in one pass or from the state's memo give what the plain passes gave:
`victory.tally` (each side's secret parts and score key from one pass over the counters) and `declare.zone_words`
(a zone spell's zones kept in `state.Memo`), on states of seeded games."""

from __future__ import annotations

import copy
import random

from match_kit import random_walk

from campagne.agents.match import Match
from campagne.games.arc import declare, victory
from campagne.games.arc.data import SIDES, sides
from campagne.games.arc.magic import can_cast, order_of
from campagne.games.arc.state import ArcState, Memo


def _states(seed: int, steps: int) -> list[ArcState]:
    match = Match("arc")
    match.reset(seed)
    return [copy.deepcopy(m.game.state) for m in random_walk(match, random.Random(seed), steps)]


def _plain_parts(state: ArcState, side: str) -> tuple[int, int]:
    o = sides()[side]
    done = total = 0
    for t in o["eliminate_all"]:
        k, n = victory.lost(state, t)
        total, done = total + 1, done + (n > 0 and k == n)
    for t in o["eliminate_half"]:
        k, n = victory.lost(state, t)
        total, done = total + 1, done + (n > 0 and 2 * k >= n)
    for t in o["capture"]:
        total += 1
        done += any(u.type == t and u.status == "captured" for u in state.units.values())
    for place in o["hold"]:
        total, done = total + 1, done + victory.held_two_turns(state, place, (side,))
    return done, total


def _plain_key(state: ArcState, side: str) -> tuple[int, int, int]:
    held = sum(1 for p in sides()["strategic"]["places"] if state.control.get(p) == side)
    kills = sum(1 for u in state.units.values() if u.status in ("eliminated", "captured")
                and state.enemies(u.side, side))
    return held, _plain_parts(state, side)[0], kills


def test_tally_gives_the_plain_passes_score_keys() -> None:
    rng = random.Random(5)
    checked = 0
    for state in _states(3, 60)[::6]:
        for _ in range(4):  # counters lost, captured or converted at random, whole types at times
            for u in state.units.values():
                if rng.random() < 0.3:
                    u.status = rng.choice(("eliminated", "captured", "converted", "active"))
            if rng.random() < 0.5:
                kind = rng.choice([u.type for u in state.units.values()])
                for u in state.units.values():
                    if u.type == kind:
                        u.status = "captured"
            for s in SIDES:
                assert victory.secret_parts(state, s) == _plain_parts(state, s)
                assert victory.score_key(state, s) == _plain_key(state, s)
                checked += 1
    assert checked > 50


def test_remembered_zones_are_the_zones_listed_afresh() -> None:
    checked = 0
    for state in _states(7, 150):
        if state.phase != "magic":
            continue
        twin = copy.deepcopy(state)
        twin.memo = Memo()  # nothing remembered
        for c in state.units.values():
            if not can_cast(state, c):
                continue
            for key, s in declare.spells_of(order_of(c)).items():
                if s["kind"] == "zone":
                    listed = declare.zone_words(state, c, key, s)
                    assert listed == declare.zone_words(twin, twin.units[c.id], key, s)
                    assert declare.zone_words(state, c, key, s) == listed  # asked again: from the memo
                    checked += 1
    assert checked > 10
