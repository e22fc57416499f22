"""`legal_orders` returns exactly what it returned before it was made faster: on the seeded positions of
`legal_pin_kit` (every game), the digest of each person's legal orders equals the one written from the reference
implementation (tests/golden/legal_orders.json)."""

from __future__ import annotations

import json

import pytest

from legal_pin_kit import GOLDEN, WALKS, walk

PINNED = json.loads(GOLDEN.read_text())


@pytest.mark.parametrize("game,seed,size,every", [(g, *run) for g, runs in WALKS.items() for run in runs])
def test_legal_orders_are_those_pinned(game, seed, size, every):
    expected = PINNED[f"{game} {seed}"]
    found = walk(game, seed, size, every)
    for want, got in zip(expected, found):
        assert got == want, f"{game} seed {seed}: position and person {want!r}, now {got!r}"
    assert len(found) == len(expected)


def test_gorges_jumps_are_offered_to_the_races_that_have_them():
    """Tomb Kings' burrow and Wood Elves' forest jumps were listed with coordinates the rules refuse, so never
    offered: now with cell ids, each accepted, and one offered wherever the rules accept one."""
    import random

    from campagne.core.game import Game
    from campagne.core.legal import accepts
    from campagne.games.gorges.legal import legal_orders
    from campagne.games.gorges.rules import GorgesRules
    from campagne.games.gorges.simulate import default_players

    rules, rng = GorgesRules(), random.Random(1)
    players = default_players(2, "random")
    players[0]["race"], players[1]["race"] = "tomb_kings", "wood_elves"
    game = Game(rules, {"players": players}, 3)
    offered = set()
    while game.state.phase != "ended" and game.state.turn <= 2:
        s = game.state
        for who in s.players:
            for lo in legal_orders(s, who):
                if lo.type in ("forest", "burrow"):
                    offered.add(lo.type)
                    assert all(accepts(rules, s, lo.command({"territory": t})) for t in lo.fields[0].choices)
            if s.phase == "movement" and s.acting[:1] == [who] and who == players[0]["id"]:
                home = s.players[who].capital
                if accepts(rules, s, {"type": "burrow", "player": who, "army": "G", "territory": home}):
                    assert any(lo.type == "burrow" and lo.fixed["army"] == "G" and home in lo.fields[0].choices
                               for lo in legal_orders(s, who))
        waiting = rules.awaiting(s)
        legal = legal_orders(s, waiting[0] if waiting else "referee")
        legal = [lo for lo in legal if lo.type not in ("adjust", "end", "hero")] or legal
        game.push(rng.choice(legal).sample(rng))
    assert "burrow" in offered


def test_arc_remembered_reaches_follow_the_counters() -> None:
    """Arc's legal moves remember each counter's reach by where everyone stands: a counter moved (or hidden, or
    lost) on a copy gives the reach searched afresh there, never the one remembered before."""
    import copy

    from campagne.agents.match import Match
    from campagne.games.arc import declare, movement

    match = Match("arc")
    match.reset(1)
    while match.game.state.phase != "move":
        match.act(match.legal_actions()[0])
    state = match.game.state
    player = match.current
    movers = declare.movers(state, player, "move")
    before = {u.id: set(movement.reach_now(state, u)) for u in movers}
    assert before == {u.id: set(movement.reach(state, u)) for u in movers}
    changed = 0
    for u in movers[:2]:
        dest = sorted(before[u.id])[-1]
        for change in ({"hex": dest}, {"hidden": not u.hidden}, {"status": "eliminated"}):
            twin = copy.deepcopy(state)
            for k, v in change.items():
                setattr(twin.units[u.id], k, v)
            for other in declare.movers(twin, player, "move")[:8]:
                fresh = set(movement.reach(twin, other))
                assert set(movement.reach_now(twin, other)) == fresh
                changed += fresh != before.get(other.id)
    assert changed  # the changes did change some reach
