"""The Atlantis state's copy by hand (legal orders try every candidate on a copy, so it is written for speed)
is a whole copy: equal to the state, sharing nothing mutable with it but the static map and the settled
agreements, which never change again. Checked on every state of simulated campaigns, so that a field added
later and forgotten by the copy fails here."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from state_copy_kit import shared_parts

from campagne.core.maps import TerritoryMap
from campagne.games.atlantis import simulate
from campagne.games.atlantis.rules import AtlantisRules
from campagne.games.atlantis.state import Agreement, AtlantisState


def _check(s: AtlantisState) -> None:
    clone = copy.deepcopy(s)
    assert clone == s
    assert clone.map is s.map
    shared = shared_parts(s, clone, lambda x: isinstance(x, TerritoryMap) or isinstance(x, Agreement) and x.settled)
    assert not shared, f"the copy shares mutable parts with the state: {shared[:5]}"


@pytest.mark.parametrize("seed", [1, 4])
def test_every_state_of_a_campaign_copies_whole(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    seen = {"states": 0, "settled": 0}
    original = AtlantisRules.apply

    def apply(self: AtlantisRules, state: AtlantisState, command: dict[str, Any], dice: Any) -> Any:
        _check(state)
        seen["states"] += 1
        seen["settled"] = max(seen["settled"], sum(a.settled for a in state.agreements))
        return original(self, state, command, dice)
    monkeypatch.setattr(AtlantisRules, "apply", apply)
    simulate.run(4, turns=6, seed=seed, controller="random")
    assert seen["states"] > 50, seen


def test_agreements_in_force_or_proposed_are_copied_and_settled_ones_shared() -> None:
    s = simulate.run(3, turns=2, seed=2).state
    kinds = [{"status": "proposed", "accepted": ["a"]}, {"status": "in_force", "passage": ["b"]},
             {"status": "in_force", "broken_by": "a"}, {"status": "declined"}, {"status": "lapsed"}]
    s.agreements = [Agreement(id=i + 1, parties=["a", "b"], text="t", public=False, turn=1, **k)
                    for i, k in enumerate(kinds)]
    _check(s)
    clone = copy.deepcopy(s)
    assert [x is y for x, y in zip(s.agreements, clone.agreements)] == [False, False, True, True, True]


def test_a_copy_changed_leaves_the_state_as_it_was() -> None:
    game = simulate.run(3, turns=3, seed=2)
    s = game.state
    before = copy.deepcopy(s)
    clone = copy.deepcopy(s)
    for p in clone.players.values():
        p.loot += 5
        p.loss_order.append("x")
        if p.army is not None:
            p.army.units[0].models += 1
            p.army.units[0].special_rules.append("x")
            if p.army.general is not None:
                p.army.general.equipment.append("x")
    clone.owners[next(iter(clone.owners))] = "nobody"
    clone.agreements.append(Agreement(id=99, parties=["a", "b"], text="", public=True, turn=1))
    assert s == before and clone != s
