"""The WAB battle's copy (legal orders try every listed value on one, so it is written for speed) is a whole
copy: equal to the battle, sharing nothing mutable with it but the units' profiles (frozen). Checked on every
state of random battles, so that a field added later and not copied fails here."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from state_copy_kit import shared_parts

from campagne.agents.match import Match
from campagne.games.wab.profiles import Profile
from campagne.games.wab.tracker import BattleState, WabBattle


@pytest.mark.parametrize("seed", [1, 2])
def test_every_state_of_a_battle_copies_whole(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    seen = {"states": 0, "inside": False}
    original = WabBattle.apply

    def apply(self: WabBattle, state: BattleState, command: dict[str, Any], dice: Any) -> Any:
        if not seen["inside"]:
            seen["inside"] = True
            clone = copy.deepcopy(state)
            assert clone == state
            shared = shared_parts(state, clone, lambda x: isinstance(x, Profile))
            assert not shared, f"the copy shares mutable parts with the state: {shared[:5]}"
            seen["states"] += 1
            seen["inside"] = False
        return original(self, state, command, dice)
    monkeypatch.setattr(WabBattle, "apply", apply)
    match, rng = Match("wab", referee="agent"), random.Random(seed)
    match.reset(seed)
    for n in range(60):
        if match.over:
            match.reset(seed + n)
        match.act(rng.choice(match.legal_actions()))
    assert seen["states"] >= 60, seen  # every state the match went through (its orders are no longer tried on copies)


def test_a_copy_changed_leaves_the_battle_as_it_was() -> None:
    match = Match("wab", referee="agent")
    s = match.game.state
    before = copy.deepcopy(s)
    clone = copy.deepcopy(s)
    for bu in clone.units.values():
        bu.unit.models -= 1
        bu.unit.special_rules.append("frenzy")
        bu.reported["x"] = [1, "a"]
    clone.quarters["a"] += 1
    clone.context["x"] = 1
    assert s == before and clone != s
