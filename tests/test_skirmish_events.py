"""Simulated grid battles read by tests/skirmish_events_check.py: no event breaks seed 004; and the checker finds
each kind of breach planted in a journal."""

from __future__ import annotations

import pytest

from skirmish_events_check import campaign_like, check, simulated
from study_budget import study_size


@pytest.mark.parametrize("seed,players", [(1, 2), (2, 3)])
def test_simulated_battles_break_no_rule(seed, players):
    assert check(*simulated(seed, players)) == []


@pytest.mark.study
@pytest.mark.parametrize("seed", range(1, 1 + study_size(20)))
def test_many_simulated_battles_break_no_rule(seed):
    assert check(*simulated(f"study/{seed}", 2 + seed % 2)) == []


@pytest.mark.parametrize("battlefield", ["hills", "forest"])
def test_a_campaign_s_grid_battle_breaks_no_rule(battlefield):
    assert check(*campaign_like(1, battlefield)) == []


@pytest.mark.study
@pytest.mark.parametrize("seed", range(1, 1 + study_size(20)))
def test_many_campaign_grid_battles_break_no_rule(seed):
    assert check(*campaign_like(f"study/{seed}", ("hills", "mountain", "river", "swamp")[seed % 4])) == []


def _setup(units, terrain=None, height=None, camps=("a", "b")):
    bf = {"terrain": terrain or ["........"] * 8, "zones": ["A1:A1", "B1:B1", "C1:C1"]}
    if height:
        bf["height"] = height
    return {"players": [{"id": c, "roster": [{"card": k, "cell": x} for cc, k, x in units if cc == c]} for c in camps],
            "battlefield": bf, "readings": 2}


def act(unit, ap):
    return {"type": "activated", "unit": unit, "ap": ap}


def test_the_checker_finds_each_kind_of_breach():
    s = _setup([("a", "soldiers", "A1"), ("b", "militia", "H8")])

    def found(*events, setup=s):
        return " ".join(check(setup, [list(events)]))
    assert "jumps" in found(act("soldiers.1", 4), {"type": "moved", "unit": "soldiers.1", "from": "A1", "to": "C1",
                                                    "path": ["C1"], "ap_left": 3})
    assert "needs 5" in found(act("soldiers.1", 4), {"type": "moved", "unit": "soldiers.1", "from": "A1", "to": "F1",
                                                      "path": ["B1", "C1", "D1", "E1", "F1"], "ap_left": 0})
    assert "card gives 4" in found(act("soldiers.1", 6))
    assert "in melee at" in found(act("soldiers.1", 4), {"type": "attack", "kind": "melee", "attacker": "soldiers.1",
                                                          "target": "militia.1", "lost": 0})
    # a control zone: from B1 (next to C2) to C1 (next to C2) spends all AP
    z = _setup([("a", "soldiers", "A1"), ("b", "militia", "C2")])
    assert "goes on after a step" in found(
        act("soldiers.1", 4), {"type": "moved", "unit": "soldiers.1", "from": "A1", "to": "D1",
                               "path": ["B1", "C1", "D1"], "ap_left": 1}, setup=z)
    # sight: the archers below (E3) do not see A1 on its knoll through the forest C2 (one way)
    knoll = _setup([("a", "archers", "E3"), ("b", "archers", "A1")], ["......", "..F...", "......"],
                   ["100000", "000000", "000000"])
    shot = {"type": "attack", "kind": "ranged", "attacker": "archers.1", "target": "archers.2", "lost": 0}
    assert "does not see" in found(act("archers.1", 4), shot, setup=knoll)
    assert found(act("archers.2", 4), {**shot, "attacker": "archers.2", "target": "archers.1"}, setup=knoll) == ""
    assert "not on its card" in found(act("soldiers.1", 4), {"type": "card_action", "unit": "soldiers.1",
                                                              "action": "aim", "ap_spent": 1})
    # three camps: one eliminated and the battle goes on
    three = _setup([("a", "soldiers", "A1"), ("b", "militia", "B1"), ("c", "militia", "H8")], camps=("a", "b", "c"))
    assert "goes on" in found(act("soldiers.1", 4), {"type": "attack", "kind": "melee", "attacker": "soldiers.1",
                                                      "target": "militia.1", "lost": 2},
                              {"type": "destroyed", "unit": "militia.1", "camp": "b"}, setup=three)


def _sight_pairs(names, pairs):
    """Two walks written apart (the rules' integer walk, the checker's exact fractions) agree pair by pair, one
    way and for the pair."""
    import random

    from campagne.games.skirmish import sight
    from campagne.games.skirmish.grid import battlefield
    from skirmish_events_check import Field
    rng = random.Random(24)
    for name in names:
        mine, theirs = Field(name), battlefield(name)
        every = [(a, b) for a in range(theirs.size) for b in range(theirs.size) if a != b]
        for a, b in (every if pairs is None else rng.sample(every, pairs)):
            for one_way in (False, True):
                assert sight.sees(theirs, a, b, one_way) == mine.sees(theirs.xy(a), theirs.xy(b), one_way), (name, a, b)


def test_the_checker_s_sight_agrees_with_the_rules_on_sampled_pairs():
    _sight_pairs(("hills", "mountain"), 200)


@pytest.mark.study
def test_the_checker_s_sight_agrees_with_the_rules_on_many_pairs_of_every_packaged_battlefield():
    from campagne.games.skirmish.data import battlefields
    _sight_pairs(tuple(battlefields()), study_size(3000))  # every pair of all six: about 140 s
