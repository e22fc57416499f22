"""The Gorges state's copy (legal orders, the computers and the odds try candidate orders on copies, so it is
written for speed) is a whole copy: equal to the state, sharing nothing mutable with it but the island and the
rolls on the rules tables, which never change. Checked on every state of simulated years, so that a field added
later and not copied fails here."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from state_copy_kit import shared_parts

from campagne.games.gorges import simulate
from campagne.core.tables import Row
from campagne.games.gorges.map import IslandMap
from campagne.games.gorges.rolls import TableRoll, ValueRoll
from campagne.games.gorges.rules import GorgesRules
from campagne.games.gorges.state import GorgesState


# never changed: the island, and the rolls on the rules tables (frozen, their rows the tables' own)
SHARED = (IslandMap, TableRoll, ValueRoll, Row)


@pytest.mark.parametrize("seed, players", [(1, 3), (4, 6)])
def test_every_state_of_a_year_copies_whole(monkeypatch: pytest.MonkeyPatch, seed: int, players: int) -> None:
    seen = {"states": 0, "inside": False}
    original = GorgesRules.apply

    def apply(self: GorgesRules, state: GorgesState, command: dict[str, Any], dice: Any) -> Any:
        if not seen["inside"]:  # the computers' own probes copy a copy
            seen["inside"] = True
            clone = copy.deepcopy(state)
            assert clone == state and clone.map is state.map
            shared = shared_parts(state, clone, lambda x: isinstance(x, SHARED))
            assert not shared, f"the copy shares mutable parts with the state: {shared[:5]}"
            seen["states"] += 1
            seen["inside"] = False
        return original(self, state, command, dice)
    monkeypatch.setattr(GorgesRules, "apply", apply)
    simulate.run(players, 12, seed, "random")
    assert seen["states"] > 200, seen


def test_a_copy_changed_leaves_the_state_as_it_was() -> None:
    s = simulate.run(3, 3, 2).state
    before = copy.deepcopy(s)
    clone = copy.deepcopy(s)
    for p in clone.players.values():
        p.relics += 5
        p.items.append({"source": "x"})
        for a in p.armies.values():
            a.notes.append({"key": "x"})
            a.hero.changes["M"] = 9
            a.move_roll.append(6)
    clone.owners[next(iter(clone.owners))] = "nobody"
    if clone.buildings:
        next(iter(clone.buildings.values())).append("x")
    assert s == before and clone != s
