"""Two shortcuts of WAB's legal orders and odds, held to what they replace on the states of seeded battles: a
casualty report is asked at its least count only (its checks read the count only as within 1..models, the
listed field's own bounds), and a unit's nerve is read from the unit itself rather than from a copy of it."""

from __future__ import annotations

import copy
import random

import pytest

from campagne.games.wab import legal
from campagne.games.wab.tracker_reading import nerve, unit_state
from test_wab_legal_probe import battle_states


@pytest.mark.parametrize("options", [{}, {"table_dice": True}])
def test_a_casualty_report_is_accepted_with_one_model_as_with_all(options: dict) -> None:
    seen = {True: 0, False: 0}
    for s in battle_states(options, 3, 80, random.Random(5)):
        for bu in s.units.values():
            if bu.models <= 0:
                continue
            asks = [legal._accepts(s, {"type": "fact", "player": "referee", "fact": "casualties", "unit": bu.key,
                                       "models": n}) for n in (1, bu.models)]
            assert asks[0] == asks[1], (bu.key, bu.models, s.phase, bu.status)
            seen[asks[0]] += 1
    assert min(seen.values()) > 5, seen


def test_a_nerve_read_without_a_copy_is_the_nerve_of_the_copy() -> None:
    asked = 0
    for s in battle_states({}, 2, 60, random.Random(6)):
        before = copy.deepcopy(s)
        for bu in s.units.values():
            for near in (False, True):  # the facts reported around it change the nerve
                bu.general_near = bu.army_standard_near = near
                assert nerve(s, bu) == unit_state(s, bu).nerve(bu.models), bu.key
                asked += 1
            bu.general_near, bu.army_standard_near = (before.units[bu.key].general_near,
                                                      before.units[bu.key].army_standard_near)
        assert s == before
    assert asked > 100
