"""A profile's missile weapon is kept on the (frozen) profile itself, not in a memo at the module's level (the
core holds no global state): the same weapon as the lookup afresh, and the memo is no part of what the profile is
(equality, hash: a battle asked for its shooters equals one that was not)."""

from __future__ import annotations

import copy
import dataclasses

from campagne.agents.match import Match
from campagne.games.wab import profiles, tracker_reading
from campagne.games.wab.profiles import Profile


def _profiles() -> list[Profile]:
    match = Match("wab", referee="agent")
    return [bu.unit.profile for bu in match.game.state.units.values()]


def test_the_weapon_kept_is_the_one_looked_up_afresh_and_no_part_of_the_profile() -> None:
    seen = _profiles()
    assert any(p.missile_weapon() is not None for p in seen) and any(p.missile_weapon() is None for p in seen)
    for p in seen:
        fresh = dataclasses.replace(p)
        assert fresh == p and hash(fresh) == hash(p) and "missile" not in fresh._memo
        assert p.missile_weapon() == profiles._missile_of(p.equipment) == fresh.missile_weapon()
        assert copy.deepcopy(p) is p  # a battle's copies share the profile, and so what it keeps
    assert not hasattr(tracker_reading, "_missile_of")


def test_an_equipment_list_is_looked_up_each_time() -> None:
    items = ["hand weapon"]
    p = Profile(4, 3, 3, 3, 3, 1, 3, 1, 7, equipment=items)  # type: ignore[arg-type]
    assert p.missile_weapon() is None
    items.append("short bow")
    assert p.missile_weapon() is not None


def test_the_profile_written_from_what_it_keeps_is_a_fresh_dict_each_time() -> None:
    """`to_dict` writes the characteristics it keeps (made once): what a view changes in one is not in the next."""
    p = Profile(4, 3, 3, 3, 3, 1, 3, 1, 7, save="5+", equipment=("hand weapon", "shield"), special_rules=("fear",))
    first = p.to_dict()
    assert first == {"M": 4, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 7, "save": "5+",
                     "equipment": ["hand weapon", "shield"], "special_rules": ["fear"]}
    first["Ld"] = 10
    first["equipment"].append("bow")
    assert p.to_dict() == {**first, "Ld": 7, "equipment": ["hand weapon", "shield"]}
    assert dataclasses.replace(p) == p
