"""A unit spell's targets remembered in the state's memo (`magic.aimed_at`, asked for every priest and spell at
every declaration of the magic phase) are those `magic.unit_targets` finds afresh: along seeded games' magic
phases, and on states changed at random in every way the targets depend on (a counter moved, hidden or seen,
lost, reduced, to be healed, of another type or side, the alliance), the memo shared by the changed copies; and
`movement.foes_of`, asked at every move resolved, is each visible enemy's hex and type in the counters' order.
(Its key holds each counter's id and the caster's type too, though no change here tells them apart: the counters
stand in the key in their fixed order, and the two orders' unit spells of one name are alike.)"""

from __future__ import annotations

import copy
import random

from match_kit import at_phase

from campagne.agents.match import Match
from campagne.games.arc import magic, movement
from campagne.games.arc.data import unit_types
from campagne.games.arc.declare import spells_of


def _asks(state) -> int:  # type: ignore[no-untyped-def]
    """Every caster's every unit spell, asked through the memo (twice: as one listing, then a new one) and
    afresh; how many."""
    asked = 0
    for c in state.units.values():
        if c.hex is None or magic.order_of(c) is None:
            continue
        for key, s in sorted(spells_of(magic.order_of(c)).items()):
            if s["kind"] in magic.UNIT_SPELLS:
                fresh = magic.unit_targets(state, c, key)
                seen: dict = {}
                assert magic.aimed_at(state, c, key, seen) == fresh, (c.id, c.hex, key)
                assert magic.aimed_at(state, c, key, seen) == fresh
                assert magic.aimed_at(state, c, key, {}) == fresh
                asked += 1
    return asked


def _foes(state, side: str) -> tuple:  # type: ignore[no-untyped-def]
    return tuple((e.hex, e.type) for e in state.units.values() if e.status == "active" and not e.hidden
                 and e.hex is not None and state.enemies(e.side, side))


def test_the_remembered_targets_are_the_targets_along_games() -> None:
    rng, asked = random.Random(5), 0
    for seed in (1, 2):
        m = Match("arc", max_steps=400)
        m.reset(seed)
        while not m.over:
            if m.game.state.phase == "magic":
                asked += _asks(m.game.state)
            m.act(rng.choice(m.legal_actions()))
    assert asked > 20


def test_the_remembered_targets_follow_every_change_they_depend_on() -> None:
    rng = random.Random(9)
    m = at_phase("arc", 4, "move")
    s = copy.deepcopy(m.game.state)  # (its memo shared: what one state found, the changed one may find)
    hexes, types = sorted(s.board.neighbours), sorted(unit_types())
    sides = sorted({u.side for u in s.units.values()})
    priests = [u for u in s.units.values() if magic.order_of(u) is not None]
    for p in priests:  # on the board, near the others
        p.status, p.hex = "active", rng.choice(hexes[:200])
    first, second = priests[:2]
    asked = 0
    for i in range(50):
        asked += _asks(s)
        for side in sides:
            assert movement.foes_of(s, side) == _foes(s, side)
        if i % 5 == 0:  # two priests of one order: the same side on two hexes, then two sides on one hex
            second.type, second.status = first.type, "active"
            second.side, second.hex = first.side, rng.choice(sorted(s.board.neighbours[first.hex]))
            asked += _asks(s)
            second.side, second.hex = rng.choice([x for x in sides if x != first.side]), first.hex
            asked += _asks(s)
            # a friend reduced beside a healer, to be healed or not
            friend = rng.choice([u for u in s.units.values() if u is not first and u is not second])
            friend.side, friend.status, friend.reduced = first.side, "active", True
            friend.hex = rng.choice(sorted(s.board.neighbours[first.hex]))
            for heal in (False, True, False):
                friend.heal_next_turn = heal
                asked += _asks(s)
            # an enemy beside a priest, a priest itself or not (silence aims at priests only)
            foe = rng.choice([u for u in s.units.values() if u not in (first, second, friend)])
            foe.side = next(x for x in sides if s.enemies(x, first.side))
            foe.status, foe.hidden, foe.hex = "active", False, rng.choice(sorted(s.board.neighbours[first.hex]))
            for kind in (first.type, next(t for t in types if unit_types()[t].ability("spells") is None), first.type):
                foe.type = kind
                asked += _asks(s)
        x = rng.choice(list(s.units.values()))
        what = rng.randrange(8)
        if what == 0:
            x.hex = rng.choice(sorted(s.board.neighbours[x.hex])) if x.hex else rng.choice(hexes)
        elif what == 1:
            x.hidden = not x.hidden
        elif what == 2:
            x.status = "active" if x.status != "active" else rng.choice(("eliminated", "captured"))
        elif what == 3:
            x.reduced = not x.reduced
        elif what == 4:
            x.heal_next_turn = not x.heal_next_turn
        elif what == 5:
            x.type = rng.choice(types)
        elif what == 6:
            x.side = rng.choice(sides)
        else:
            s.two_player = not s.two_player
    assert asked > 50 and s.memo.aimed
