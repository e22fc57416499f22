"""Issue 24's literal readings of seed 004 (the set-up's `"readings": 2`, written by `new` and `simulate`): the
one-way sight from high ground and the end of the battle when one camp is eliminated; a set-up without the key
(a battle journaled before) keeps the older readings so that its journal replays."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from campagne.core.errors import CampagneError
from campagne.games.skirmish import sight
from campagne.games.skirmish.grid import from_mapping
from campagne.games.skirmish.rules import ORDERS  # noqa: F401  (registers the messages)
from campagne.games.skirmish.setup import build_setup
from skirmish_kit import of_type, order, position
from test_skirmish_sight import RANDOM_ROWS

KNOLL = (["......", "..F...", "......"], ["100000", "000000", "000000"])  # A1 on a knoll, a forest C2 below


def bf(rows, heights=None):
    return from_mapping("t", {"terrain": rows, **({"height": heights} if heights else {}), "zones": ["A1:A1"] * 2})


def test_lower_cells_cut_no_sight_of_the_high_unit_only():
    """« Les cases en contre-bas ne peuvent pas couper la ligne de vue d'une unité en position sur-élevée »: the
    high unit sees over the forest below; the unit below, looking up, gets no such benefit."""
    b = bf(*KNOLL)
    a, z = b.index("A1"), b.index("E3")
    assert sight.sees(b, a, z, one_way=True)
    assert not sight.sees(b, z, a, one_way=True)
    assert sight.sees(b, z, a)  # readings 1: the pair's higher end lends it both ways
    # the array agrees, viewer by viewer
    table = sight.all_pairs(b, one_way=True)
    assert table[a, z] and not table[z, a]
    assert all(bool(table[i, j]) == sight.sees(b, i, j, True) for i in range(b.size) for j in range(b.size) if i != j)


def test_a_shot_from_below_through_the_forest_is_refused_the_shot_from_above_is_not():
    units = [("a", "archers", "E3"), ("b", "archers", "A1")]
    s = position(units, terrain=KNOLL[0] + ["......"] * 3, height=KNOLL[1] + ["000000"] * 3, readings=2)
    from campagne.games.skirmish.advice import advice
    from campagne.games.skirmish.legal import legal_orders
    from campagne.games.skirmish.views import view
    with pytest.raises(CampagneError):
        order(s, "a", "attack", unit="archers.1", target="archers.2")  # E3 below does not see A1 through C2
    assert not [lo for lo in legal_orders(s, "a") if lo.type == "attack"] and not view(s, "a")["odds"]
    assert not [x for x in advice(s, "a") if x["about"] == "attack"]
    order(s, "a", "end", unit="archers.1")
    assert [lo.fields[0].choices for lo in legal_orders(s, "b") if lo.type == "attack"] == [("archers.1",)]
    assert [o["target"] for o in view(s, "b")["odds"]] == ["archers.1"]
    events = order(s, "b", "attack", (1, 1), unit="archers.2", target="archers.1")
    assert of_type(events, "attack")[0]["kind"] == "ranged"
    old = position(units, terrain=KNOLL[0] + ["......"] * 3, height=KNOLL[1] + ["000000"] * 3)
    assert of_type(order(old, "a", "attack", (1, 1), unit="archers.1", target="archers.2"), "attack")


def test_the_battle_ends_when_one_camp_is_eliminated_even_with_three_camps():
    """« On recommence alors un nouveau round de bataille jusqu'à ce qu'un des camp soit éliminé »."""
    units = [("a", "soldiers", "B2"), ("b", "militia", "C2", {"hp": 1}), ("c", "militia", "H8")]
    s = position(units, camps=("a", "b", "c"), readings=2)
    events = order(s, "a", "attack", (6, 1, 1, 1, 1, 1), unit="soldiers.1", target="militia.1")
    over = of_type(events, "battle_over")
    assert s.ended and over and over[0]["winner"] is None  # two camps left: no camp alone
    assert over[0]["standing"][-1] == "b"  # the camp eliminated ranks last
    old = position(units, camps=("a", "b", "c"))
    order(old, "a", "attack", (6, 1, 1, 1, 1, 1), unit="soldiers.1", target="militia.1")
    assert not old.ended  # readings 1: until one camp is left


def test_new_battles_are_set_up_with_the_readings_and_unknown_readings_are_refused():
    setup = build_setup([{"id": "a", "roster": "patrol"}, {"id": "b", "roster": "patrol"}], {})
    assert setup["readings"] == 2
    with pytest.raises(CampagneError):
        position([("a", "soldiers", "A1"), ("b", "militia", "H8")], readings=3)


def test_actions_on_a_unit_s_card_are_activated_at_their_cost_in_action_points():
    """« Une unité activée peut se déplacer, attaquer et activer toute action sur sa carte »; « L'unité doit
    dépenser un point d'action pour chacune de ses actions »."""
    from campagne.games.skirmish.legal import legal_orders
    s = position([("a", "archers", "A1"), ("a", "soldiers", "A3"), ("b", "militia", "E1")], readings=2)
    acts = {lo.fixed["unit"]: lo.fields[0].choices for lo in legal_orders(s, "a") if lo.type == "act"}
    assert acts == {"archers.1": ("aim",), "soldiers.1": ("brace",)}
    events = order(s, "a", "act", unit="archers.1", action="aim")
    assert of_type(events, "card_action")[0]["ap_left"] == 3 and s.active == "archers.1"
    with pytest.raises(CampagneError, match="already used"):
        order(s, "a", "act", unit="archers.1", action="aim")
    attack = of_type(order(s, "a", "attack", (3, 1, 1), unit="archers.1", target="militia.1"), "attack")[0]
    assert attack["hit_need"] == 3 and attack["hits"] == 1  # skill 4, taking aim: a 3 hits
    order(s, "b", "end", unit="militia.1")
    order(s, "a", "act", unit="soldiers.1", action="brace")
    assert s.units["soldiers.1"].ap == 2 and s.units["soldiers.1"].shield == 1  # +1 to saves this round


def test_card_actions_are_refused_with_their_reason():
    s = position([("a", "archers", "A1"), ("a", "soldiers", "A3"), ("b", "militia", "E1")], readings=2)
    with pytest.raises(CampagneError, match="not on soldiers.1's card"):
        order(s, "a", "act", unit="soldiers.1", action="aim")
    order(s, "a", "attack", (1, 1), unit="archers.1", target="militia.1")
    order(s, "b", "end", unit="militia.1")
    order(s, "a", "move", unit="soldiers.1", cell="A6")  # 3 AP: 1 left
    with pytest.raises(CampagneError, match="costs 2 action points"):
        order(s, "a", "act", unit="soldiers.1", action="brace")
    old = position([("a", "soldiers", "A3"), ("b", "militia", "E1")])
    with pytest.raises(CampagneError, match="no action in this battle"):
        order(old, "a", "act", unit="soldiers.1", action="brace")


@settings(max_examples=60, deadline=None)
@given(rows=RANDOM_ROWS, data=st.data())
def test_one_way_sight_favours_the_high_unit_only(rows, data):
    """The literal reading changes only what the lower unit sees: at equal heights sight stays mutual; the
    higher end sees exactly as the older pair rule let it; the lower end sees no more than the higher one."""
    b = bf(*rows)
    a, z = data.draw(st.integers(0, b.size - 1)), data.draw(st.integers(0, b.size - 1))
    if b.level[a] < b.level[z]:
        a, z = z, a
    up, down = sight.sees(b, a, z, one_way=True), sight.sees(b, z, a, one_way=True)
    if b.level[a] == b.level[z]:
        assert up == down == sight.sees(b, a, z)
    else:
        assert up == sight.sees(b, a, z) and (up or not down)

