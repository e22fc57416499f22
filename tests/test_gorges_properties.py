"""Invariants of the Gorges Tranchées rules, checked after every order of years played by computer players
(hypothesis draws the races, controllers, player count and seed), and undo as an exact inverse."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from campagne.core.game import Game
from campagne.games.gorges.ai import step
from campagne.games.gorges.data import constants, races
from campagne.games.gorges.rules import GorgesRules
from campagne.games.gorges.state import PHASES, GorgesState

K = constants()


def check(s: GorgesState) -> None:
    """What must hold whatever the dice and the players did."""
    land = set(s.owners)
    assert s.ghost in land  # « il rebondit pour rester sur la terre »
    assert s.phase in PHASES + ("ended",)
    assert 1 <= s.turn <= 12
    for t, owner in s.owners.items():
        assert owner is None or owner in s.players
    for t, kinds in s.buildings.items():
        assert t in land and len(kinds) == len(set(kinds))
        assert not ("fortress" in kinds and "town" in kinds)  # a town replaces its fortress
    for p in s.players.values():
        assert p.relics >= 0
        assert set(p.armies) <= {"G", "L1", "L2", "R"} and {"G", "L1", "L2"} <= set(p.armies)
        for a in p.armies.values():
            assert (a.position is None) == (a.out_until in ("next_turn", "next_season"))
            assert a.position is None or a.position in land
            cap = K["armies"]["renown_regiments_general" if a.key == "G" else "renown_regiments_lieutenant"]
            assert len(a.renown) <= cap
        for a in p.armies.values():  # a captured hero is his captor's hostage
            if a.hero.captured_by is not None:
                held = s.players[a.hero.captured_by].hostages
                assert {"player": p.id, "army": a.key, "hero": a.hero.name} in [
                    {k: h[k] for k in ("player", "army", "hero")} for h in held]
    for c in s.challenges:
        assert c.status in ("pending", "accepted", "refused") and c.challenger != c.defender
    accepted: dict[str, int] = {}
    for c in s.challenges:
        if c.status == "accepted":
            accepted[c.defender] = accepted.get(c.defender, 0) + 1
    assert all(n == 1 for n in accepted.values())  # computers never ask for « l'ensemble des joueurs »


def check_journal(game: Game) -> None:
    """« L'on ne peut construire qu'un édifice par saison », and no town built by the races that cannot."""
    counts: dict[tuple[str, int], int] = {}
    turn = 1
    for e in game.entries:
        for ev in e.events:
            if ev["type"] == "turn":
                turn = ev["turn"]
            if ev["type"] == "building" and "why" not in ev:  # built by an army (not a mine of an event)
                key = (ev["player"], (turn - 1) // 3)
                counts[key] = counts.get(key, 0) + 1
                race = game.state.players[ev["player"]].race
                assert ev["building"] != "town" or races()[race].get("can_build_towns", True)
    assert all(n <= 1 for n in counts.values()), counts


@settings(max_examples=6, deadline=None)
@given(data=st.data(), count=st.integers(2, 6), seed=st.integers(0, 100_000))
def test_invariants_hold_after_every_order(data, count, seed):
    keys = list(races())
    players = [{"id": f"P{i + 1}", "race": data.draw(st.sampled_from(keys)),
                "controller": data.draw(st.sampled_from(("random", "greedy")))} for i in range(count)]
    game = Game(GorgesRules(), {"players": players}, seed)
    check(game.state)
    while game.state.phase != "ended":
        command = step(game.state, seed, len(game.entries), referee=True)
        assert command is not None, "nobody can act: the campaign is stuck"
        game.push(command, atomic=False)  # a computer's order is legal: no copy to roll back to
        check(game.state)
    check_journal(game)


@pytest.mark.study
@settings(max_examples=25, deadline=None)
@given(data=st.data(), count=st.integers(2, 8), seed=st.integers(0, 10 ** 9))
def test_invariants_hold_after_every_order_long(data, count, seed):
    test_invariants_hold_after_every_order.hypothesis.inner_test(data=data, count=count, seed=seed)


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 100_000), cut=st.integers(1, 200))
def test_undo_is_the_exact_inverse_of_an_order(seed, cut):
    """Undoing the last order gives back the state before it, field for field."""
    players = [{"id": "P1", "race": "skaven", "controller": "random"},
               {"id": "P2", "race": "high_elves", "controller": "greedy"},
               {"id": "P3", "race": "daemons_of_chaos", "controller": "random"}]
    game = Game(GorgesRules(), {"players": players}, seed)
    before = None
    for _ in range(cut):
        command = step(game.state, seed, len(game.entries), referee=True)
        if command is None:
            break
        before = copy.deepcopy(game.state)
        game.push(command)
    if before is None:
        return
    game.undo()
    assert GorgesRules().view(game.state, None) == GorgesRules().view(before, None)
