"""The grid battle's rules, one scenario each on a small battlefield (seed 004): movement and obstacles,
slopes and cliffs, control zones, attacks with riposte, cover and high ground, civilians, deployment, rounds,
and magic with corruption."""

from __future__ import annotations

import pytest

from campagne.core.errors import CampagneError
from campagne.games.skirmish import movement
from campagne.games.skirmish.rules import ORDERS  # noqa: F401  (registers the messages)
from skirmish_kit import cell, of_type, opening, order, position


def reach(state, unit: str) -> dict[str, int]:
    u = state.units[unit]
    return {state.field.name(c): left for c, left in movement.reach(state, u, u.kind.ap).items()}


# --------------------------------------------------------------------------- movement


def test_each_cell_costs_one_ap_diagonals_too_and_no_further_than_the_ap():
    s = position([("a", "soldiers", "A1"), ("b", "soldiers", "H8")])  # 4 AP
    r = reach(s, "soldiers.1")
    assert r["E1"] == 0 and r["E5"] == 0 and r["B2"] == 3 and "F1" not in r
    order(s, "a", "move", unit="soldiers.1", cell="C3")
    assert cell(s, "soldiers.1") == "C3" and s.units["soldiers.1"].ap == 2
    order(s, "a", "move", unit="soldiers.1", cell="D4")  # a second move in the same activation
    assert s.units["soldiers.1"].ap == 1
    with pytest.raises(CampagneError):
        order(s, "a", "move", unit="soldiers.1", cell="F6")  # 2 cells, 1 AP left


def test_an_obstacle_costs_one_more_and_not_enough_ap_means_no_entry():
    s = position([("a", "soldiers", "A1"), ("b", "soldiers", "H8")], terrain=[".F......"] + ["........"] * 7)
    r = reach(s, "soldiers.1")
    assert r["B1"] == 2  # 1 + 1 for the forest
    s2 = position([("a", "soldiers", "A1", {}), ("b", "soldiers", "H8")],
                  terrain=["...F...."] + ["........"] * 7)
    # C1 leaves 1 AP; the forest on D1 costs 2: D1 is reached another way or not at all within 4 AP
    # by C1 (3 AP) only 1 is left for the forest's 2; by B2 and C2, 2 are left: D1 is reached with none
    assert reach(s2, "soldiers.1")["D1"] == 0


def test_obstacles_do_not_add_up_on_one_step():
    # a forest entered up a slope: +1, not +2
    s = position([("a", "soldiers", "A1"), ("b", "soldiers", "H8")], terrain=[".F......"] + ["........"] * 7,
                 height=["01000000"] + ["00000000"] * 7)
    assert reach(s, "soldiers.1")["B1"] == 2


def test_a_slope_costs_one_more_both_ways_and_a_cliff_is_never_crossed():
    s = position([("a", "soldiers", "B1"), ("b", "soldiers", "H8")], height=["01200000"] + ["00000000"] * 7)
    r = reach(s, "soldiers.1")
    assert r["A1"] == 2  # down the slope B1 (1) -> A1 (0)
    assert r["C1"] == 2  # up the slope to C1 (2)
    s2 = position([("a", "soldiers", "A1"), ("b", "soldiers", "H8")], height=["02000000", "02000000"] + ["00000000"] * 6)
    r2 = reach(s2, "soldiers.1")
    assert "B1" not in r2 and "B2" not in r2  # two levels up: a cliff
    assert r2["C3"] == 1  # round the cliff: A2, B3, C3
    with pytest.raises(CampagneError):
        order(s2, "a", "move", unit="soldiers.1", cell="B1")


def test_scouts_ignore_obstacles_and_slopes():
    s = position([("a", "skirmishers", "A1"), ("b", "soldiers", "H8")], terrain=[".FF....."] + ["........"] * 7)
    assert reach(s, "skirmishers.1")["C1"] == 3  # 5 AP, two forest cells at 1 each


def test_leaving_a_controlled_cell_for_another_spends_all_ap():
    # two rows: b's soldier on D1 controls C1, C2, D2, E1, E2; a's soldier on C2 is in its zone
    s = position([("a", "soldiers", "C2"), ("b", "soldiers", "D1")], terrain=["........"] * 2)
    r = reach(s, "soldiers.1")
    assert r["D2"] == 0  # controlled -> controlled (the same enemy): all AP spent, it stops there
    assert "E2" not in r and "F2" not in r  # so nothing beyond
    assert r["B2"] == 3 and r["A2"] == 2  # leaving the zone for a free cell costs the cell only
    order(s, "a", "move", unit="soldiers.1", cell="D2")
    assert s.active is None and s.current == "b"  # no AP left: the activation ended


def test_entering_a_control_zone_from_outside_costs_only_the_cell():
    s = position([("a", "soldiers", "A4"), ("b", "soldiers", "E4")])
    assert reach(s, "soldiers.1")["D4"] == 1  # B4, C4 free, D4 controlled: 3 AP


def test_another_enemy_unit_controls_alike():
    # one row: B1 is controlled by b's militia on A1, C1 by b's soldiers on D1
    s = position([("a", "soldiers", "C1"), ("b", "soldiers", "D1"), ("b", "militia", "A1")], terrain=["........"])
    assert reach(s, "soldiers.1")["B1"] == 0


def test_units_pass_through_friends_not_enemies_and_stop_on_empty_cells():
    s = position([("a", "soldiers", "A1"), ("a", "soldiers", "B1"), ("b", "militia", "A3"), ("b", "militia", "B3")],
                 terrain=["..F.....", "FFF....."] + ["........"] * 6)
    r = reach(s, "soldiers.1")
    assert "B1" not in r  # a friend's cell: passed through, not stopped on
    assert r["C1"] == 1  # A1 -> B1 (1) -> the forest on C1 (2)
    assert "A3" not in r and "A4" not in r  # never through an enemy
    with pytest.raises(CampagneError):
        order(s, "a", "move", unit="soldiers.1", cell="B1")


def test_unused_ap_are_lost():
    s = position([("a", "soldiers", "A1"), ("b", "soldiers", "H8")])
    order(s, "a", "move", unit="soldiers.1", cell="B1")
    events = order(s, "a", "end", unit="soldiers.1")
    assert of_type(events, "activation_end")[0]["ap_lost"] == 3
    assert s.units["soldiers.1"].activated and s.units["soldiers.1"].ap == 0


# --------------------------------------------------------------------------- attacks


def test_melee_hits_on_skill_saves_on_armour_and_the_riposte_is_simultaneous():
    s = position([("a", "soldiers", "B2"), ("b", "militia", "C2")])
    # soldiers 3 dice on 4+: 2 hits; militia saves on 5+: 1; riposte 2 dice on 5+: 2 hits; soldiers save 4+: 1
    events = order(s, "a", "attack", (4, 5, 1, 5, 2, 5, 6, 4, 1), unit="soldiers.1", target="militia.1")
    attack, riposte = of_type(events, "attack")[0], of_type(events, "riposte")[0]
    assert (attack["hits"], attack["lost"], riposte["hits"], riposte["lost"]) == (2, 1, 2, 1)
    assert s.units["militia.1"].hp == 1 and s.units["soldiers.1"].hp == 2
    assert s.active is None and s.current == "b"  # attacking spent all AP


def test_the_riposte_is_made_even_by_a_unit_destroyed():
    s = position([("a", "soldiers", "B2"), ("b", "militia", "C2", {"hp": 1}), ("b", "militia", "H8")])
    events = order(s, "a", "attack", (6, 6, 6, 1, 1, 1, 6, 6, 1, 1), unit="soldiers.1", target="militia.1")
    assert [e["type"] for e in events] == ["activated", "attack", "riposte", "destroyed"]
    assert s.units["militia.1"].status == "destroyed" and s.units["soldiers.1"].hp == 1


def test_civilians_never_riposte():
    s = position([("a", "soldiers", "B2"), ("b", "peasants", "C2"), ("b", "militia", "H8")])
    events = order(s, "a", "attack", (6, 6, 1, 6, 1), unit="soldiers.1", target="peasants.1")
    assert not of_type(events, "riposte") and s.units["peasants.1"].hp == 1


def test_civilians_cannot_attack():
    s = position([("a", "peasants", "B2"), ("a", "soldiers", "A8"), ("b", "militia", "C2")])
    with pytest.raises(CampagneError):
        order(s, "a", "attack", unit="peasants.1", target="militia.1")


def test_no_melee_across_a_cliff_but_a_shot_at_one_cell_may_cross_it():
    height = ["02000000"] + ["00000000"] * 7
    s = position([("a", "soldiers", "A1"), ("a", "archers", "A2"), ("b", "militia", "B1")], height=height)
    with pytest.raises(CampagneError):
        order(s, "a", "attack", unit="soldiers.1", target="militia.1")
    # the archers on A2 are adjacent to B1 (level 2): two levels apart, a cliff; they shoot, no riposte
    events = order(s, "a", "attack", (1, 1), unit="archers.1", target="militia.1")
    assert of_type(events, "attack")[0]["kind"] == "ranged" and not of_type(events, "riposte")


def test_a_ranged_attack_needs_range_and_sight_unless_indirect():
    terrain = ["..F....."] + ["........"] * 7
    s = position([("a", "archers", "A1"), ("a", "mortar", "A2"), ("b", "militia", "E1"), ("b", "militia", "H8")],
                 terrain=terrain)
    with pytest.raises(CampagneError):
        order(s, "a", "attack", unit="archers.1", target="militia.1")  # the forest on C1 cuts the line
    with pytest.raises(CampagneError):
        order(s, "a", "attack", unit="archers.1", target="militia.2")  # H8: 7 cells, range 6
    events = order(s, "a", "attack", (1, 1, 1), unit="mortar.1", target="militia.1")  # indirect
    assert of_type(events, "attack")[0]["kind"] == "ranged"


def test_cover_adds_one_to_saves_against_ranged_attacks_only():
    terrain = ["....H..."] + ["........"] * 7
    s = position([("a", "archers", "A1"), ("a", "soldiers", "D2"), ("b", "militia", "E1")], terrain=terrain)
    events = order(s, "a", "attack", (4, 4, 4, 3), unit="archers.1", target="militia.1")
    a = of_type(events, "attack")[0]
    assert a["save_need"] == 4 and a["lost"] == 1  # armour 5, +1 in cover
    s.units["archers.1"].activated = True
    order(s, "b", "end", unit="militia.1")
    events = order(s, "a", "attack", (4, 1, 1, 4, 1, 1), unit="soldiers.1", target="militia.1")
    assert of_type(events, "attack")[0]["save_need"] == 5  # melee: no cover bonus


def test_high_ground_adds_one_to_hit_a_unit_below_and_not_the_other_way():
    height = ["10000000"] + ["00000000"] * 7
    s = position([("a", "soldiers", "A1"), ("b", "militia", "B1"), ("b", "militia", "H8")], height=height)
    events = order(s, "a", "attack", (3, 3, 1, 1, 1, 5, 1, 4), unit="soldiers.1", target="militia.1")
    attack, riposte = of_type(events, "attack")[0], of_type(events, "riposte")[0]
    assert attack["hit_need"] == 3 and attack["elevated"] and attack["hits"] == 2
    assert riposte["hit_need"] == 5 and not riposte["elevated"]


def test_attacking_spends_all_ap_unless_the_unit_is_mobile():
    s = position([("a", "skirmishers", "A1"), ("b", "militia", "D1"), ("b", "militia", "H8")])
    order(s, "a", "attack", (1, 1), unit="skirmishers.1", target="militia.1")
    assert s.active == "skirmishers.1" and s.units["skirmishers.1"].ap == 4
    with pytest.raises(CampagneError):
        order(s, "a", "attack", unit="skirmishers.1", target="militia.1")  # one attack per activation
    order(s, "a", "move", unit="skirmishers.1", cell="A3")
    assert s.units["skirmishers.1"].ap == 2


def test_protection_cancels_hits_the_armour_did_not_save():
    s = position([("a", "soldiers", "B2"), ("b", "champion", "C2")])
    events = order(s, "a", "attack", (4, 4, 4, 1, 1, 2, 5, 6, 1, 1, 1, 1, 1), unit="soldiers.1", target="champion.1")
    a = of_type(events, "attack")[0]
    assert a["protection"] == [5, 6, 1] and a["lost"] == 1 and s.units["champion.1"].hp == 3


# --------------------------------------------------------------------------- civilians and deployment


def test_undefended_civilians_are_destroyed_outright():
    state, events = opening([("a", "soldiers", None), ("b", "peasants", None), ("b", "merchants", None)],
                            zones=("A1:H1", "A8:H8"))
    lost = of_type(events, "undefended")[0]
    assert lost["camp"] == "b" and set(lost["units"]) == {"peasants.1", "merchants.1"}
    assert state.ended and state.winner == "a"


def test_deployment_alternates_from_the_defender_and_civilians_come_all_at_once():
    state, _ = opening([("a", "soldiers", None), ("a", "peasants", None), ("a", "peasants", None),
                        ("b", "soldiers", None), ("b", "soldiers", None)], zones=("A1:H1", "A8:H8"))
    assert state.phase == "deploy" and state.current == "a"  # the defender (first player) first
    order(state, "a", "deploy", unit="peasants.1", cell="A1")
    assert state.current == "a" and state.civilians_first  # the other civilian now
    with pytest.raises(CampagneError):
        order(state, "a", "deploy", unit="soldiers.1", cell="B1")
    order(state, "a", "deploy", unit="peasants.2", cell="B1")
    assert state.current == "b"
    with pytest.raises(CampagneError):
        order(state, "b", "deploy", unit="soldiers.2", cell="A1")  # not its zone
    order(state, "b", "deploy", unit="soldiers.2", cell="A8")
    order(state, "a", "deploy", unit="soldiers.1", cell="C1")
    order(state, "b", "deploy", unit="soldiers.3", cell="B8")
    assert state.phase == "battle" and state.round == 1 and state.current == "a"


def test_the_defender_chosen_deploys_first():
    from campagne.games.skirmish.rules import SkirmishRules
    from campagne.core.dice import Dice
    from skirmish_kit import setup
    raw = setup([("a", "soldiers", None), ("b", "soldiers", None)], zones=("A1:H1", "A8:H8"))
    raw["defender"] = "b"
    state, _ = SkirmishRules().new_state(raw, Dice.seeded(0))
    assert state.camps == ["b", "a"] and state.current == "b" and state.zones["b"] == state.field.zones[0]


# --------------------------------------------------------------------------- rounds


def test_camps_alternate_and_a_camp_with_none_left_lets_the_other_finish():
    s = position([("a", "soldiers", "A1"), ("a", "soldiers", "A3"), ("a", "soldiers", "A5"), ("b", "militia", "H8")])
    order(s, "a", "end", unit="soldiers.1")
    assert s.current == "b"
    with pytest.raises(CampagneError):
        order(s, "a", "end", unit="soldiers.2")  # not a's turn
    order(s, "b", "end", unit="militia.1")
    order(s, "a", "end", unit="soldiers.2")
    assert s.current == "a"  # b has nobody left to activate
    order(s, "a", "end", unit="soldiers.3")
    assert s.round == 2 and s.current == "b"  # round 2 opens with the next camp
    assert not any(u.activated for u in s.units.values())


def test_an_activation_in_progress_must_end_first():
    s = position([("a", "soldiers", "A1"), ("a", "soldiers", "A3"), ("b", "militia", "H8")])
    order(s, "a", "move", unit="soldiers.1", cell="B1")
    with pytest.raises(CampagneError):
        order(s, "a", "move", unit="soldiers.2", cell="B3")
    with pytest.raises(CampagneError):
        order(s, "referee", "end", unit="soldiers.1")


def test_the_battle_ends_after_round_five_with_no_camp_alone():
    s = position([("a", "soldiers", "A1"), ("b", "militia", "H8")])
    for _ in range(5):
        order(s, s.current, "end", unit="soldiers.1" if s.current == "a" else "militia.1")
        order(s, s.current, "end", unit="soldiers.1" if s.current == "a" else "militia.1")
    assert s.ended and s.round == 5 and s.winner is None
    with pytest.raises(CampagneError):
        order(s, "a", "end", unit="soldiers.1")


def test_the_battle_ends_when_one_camp_is_left():
    s = position([("a", "soldiers", "B2"), ("b", "militia", "C2", {"hp": 1}), ("c", "militia", "H8")],
                 camps=("a", "b", "c"))
    order(s, "a", "attack", (6, 1, 1, 1, 1, 1), unit="soldiers.1", target="militia.1")
    assert not s.ended  # c is still there
    assert s.current == "c"  # b has no unit left: the turn goes round to c
    s2 = position([("a", "soldiers", "B2"), ("b", "militia", "C2", {"hp": 1})])
    events = order(s2, "a", "attack", (6, 1, 1, 1, 1, 1), unit="soldiers.1", target="militia.1")
    assert s2.ended and s2.winner == "a" and of_type(events, "battle_over")


# --------------------------------------------------------------------------- magic


def test_a_spell_is_cast_when_the_sum_reaches_its_difficulty():
    s = position([("a", "mage", "A1"), ("b", "militia", "E1"), ("b", "militia", "H8")])
    events = order(s, "a", "cast", (3, 4, 5, 1, 1), unit="mage.1", spell="firebolt", target="militia.1", dice=2)
    cast = of_type(events, "cast")[0]
    assert cast["success"] and cast["total"] == 7 and cast["corruption"] == 0
    assert of_type(events, "spell_hits")[0]["lost"] == 2 and s.units["militia.1"].status == "destroyed"
    assert s.active is None  # casting spent all AP


def test_a_spell_short_of_its_difficulty_does_nothing_but_a_double_corrupts():
    s = position([("a", "mage", "A1"), ("b", "militia", "E1")])
    events = order(s, "a", "cast", (3, 3), unit="mage.1", spell="firebolt", target="militia.1", dice=2)
    cast = of_type(events, "cast")[0]
    assert not cast["success"] and cast["corruption"] == 1
    assert not of_type(events, "spell_hits") and s.units["mage.1"].corruption == 1


def test_a_triple_gives_two_corruption_points_and_corruption_persists():
    s = position([("a", "archmage", "A1"), ("b", "soldiers", "E1"), ("b", "militia", "H8")])
    order(s, "a", "cast", (4, 4, 4, 1, 1, 1, 1, 1), unit="archmage.1", spell="lightning", target="soldiers.1", dice=3)
    assert s.units["archmage.1"].corruption == 2
    assert s.units["soldiers.1"].status == "destroyed"  # five hits, none saved
    order(s, "b", "end", unit="militia.1")
    assert s.round == 2 and s.units["archmage.1"].corruption == 2


def test_corruption_counts():
    from campagne.games.skirmish.magic import corruption
    assert corruption([1, 2, 3]) == 0 and corruption([2, 2]) == 1 and corruption([5, 5, 5]) == 2
    assert corruption([1, 1, 1, 1]) == 3 and corruption([2, 2, 5, 5]) == 2


def test_a_caster_rolls_at_most_its_magic_and_only_its_spells_at_range():
    s = position([("a", "mage", "A1"), ("b", "militia", "H1")])
    with pytest.raises(CampagneError):
        order(s, "a", "cast", unit="mage.1", spell="firebolt", target="militia.1", dice=3)
    with pytest.raises(CampagneError):
        order(s, "a", "cast", unit="mage.1", spell="lightning", target="militia.1", dice=2)
    with pytest.raises(CampagneError):
        order(s, "a", "cast", unit="mage.1", spell="firebolt", target="militia.1", dice=2)  # 7 cells, range 6


def test_spells_are_fixed_at_creation():
    from campagne.games.skirmish.setup import read
    from skirmish_kit import setup
    with pytest.raises(CampagneError):
        read(setup([("a", "mage", "A1", {"spells": ["firebolt"]}), ("b", "militia", "H1")]))
    s = position([("a", "mage", "A1", {"spells": ["shield", "haste"]}), ("b", "militia", "H1")])
    assert s.units["mage.1"].spells == ("shield", "haste")


def test_heal_shield_and_haste():
    s = position([("a", "archmage", "A1"), ("a", "soldiers", "B1", {"hp": 1}), ("a", "mage", "A2"),
                  ("b", "soldiers", "C1"), ("b", "militia", "H8")])
    order(s, "a", "cast", (2, 3, 4), unit="archmage.1", spell="shield", target="soldiers.1", dice=3)
    assert s.units["soldiers.1"].shield == 1
    order(s, "b", "end", unit="militia.1")
    order(s, "a", "cast", (1, 5), unit="mage.1", spell="heal", target="soldiers.1", dice=2)
    assert s.units["soldiers.1"].hp == 3
    # b's soldiers attack the shielded soldiers: saves on 3+ (armour 4, +1)
    events = order(s, "b", "attack", (4, 1, 1, 3, 4, 4, 1, 1, 1), unit="soldiers.2", target="soldiers.1")
    assert of_type(events, "attack")[0]["save_need"] == 3
    s2 = position([("a", "archmage", "A1"), ("a", "soldiers", "B1"), ("b", "militia", "H8")])
    order(s2, "a", "cast", (2, 3, 4), unit="archmage.1", spell="haste", target="soldiers.1", dice=3)
    order(s2, "b", "end", unit="militia.1")
    events = order(s2, "a", "move", unit="soldiers.1", cell="B2")
    assert of_type(events, "activated")[0]["ap"] == 6


# --------------------------------------------------------------------------- a property of movement


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_every_move_follows_the_rules_step_by_step(data):
    """On random battlefields and positions, every cell a unit may move to is reached by steps that cross no
    cliff and no enemy, each paying 1 (+1 across an obstacle), a step from a controlled cell to a controlled
    cell leaving no AP — and the AP left are what the steps leave."""
    w, h = data.draw(st.integers(3, 7)), data.draw(st.integers(3, 7))
    terrain = [data.draw(st.text(alphabet="..FBHM", min_size=w, max_size=w)) for _ in range(h)]
    height = [data.draw(st.text(alphabet="0012", min_size=w, max_size=w)) for _ in range(h)]
    cells = data.draw(st.lists(st.integers(0, w * h - 1), min_size=2, max_size=5, unique=True))
    names = [f"{chr(65 + c % w)}{c // w + 1}" for c in cells]
    card = data.draw(st.sampled_from(["soldiers", "knights", "skirmishers"]))
    units = [("a", card, names[0])] + [("a" if i % 2 else "b", "militia", n) for i, n in enumerate(names[1:])]
    s = position(units, terrain=terrain, height=height)
    u = s.units[f"{card}.1"]
    bf = s.field
    zoc = movement.controlled(s, "a")
    enemies = {x.cell for x in s.units.values() if x.camp != "a"}
    for target in movement.reach(s, u, u.kind.ap):
        left, path = movement.route(s, u, u.kind.ap, target)
        ap, here = u.kind.ap, u.cell
        for step in path:
            assert step in bf.around[here] and not bf.cliff(here, step) and step not in enemies
            cost = 1 if u.kind.has("scout") else 1 + (1 if bf.terrain[step].obstacle or bf.slope(here, step) else 0)
            assert cost <= ap
            ap = 0 if here in zoc and step in zoc else ap - cost
            here = step
        assert ap == left >= 0 and here == target and target not in s.occupant()


def test_the_number_of_dice_is_a_whole_number():
    s = position([("a", "mage", "A1"), ("b", "militia", "E1")])
    for bad in ("2", True, 2.0, None):
        with pytest.raises(CampagneError):
            order(s, "a", "cast", unit="mage.1", spell="firebolt", target="militia.1", dice=bad)


def refusal(state, camp, kind, **fields) -> tuple[str, str]:
    with pytest.raises(CampagneError) as e:
        order(state, camp, kind, **fields)
    return e.value.message("en"), e.value.message("fr")


def test_a_refused_move_names_the_action_points_the_control_zone_the_cell_taken_and_the_cliff():
    s = position([("a", "soldiers", "A1"), ("b", "soldiers", "H8")])  # 4 AP
    assert refusal(s, "a", "move", unit="soldiers.1", cell="F6") == (
        "F6 needs 5 action points, soldiers.1 has 4 left.", "F6 demande 5 points d'action, il en reste 4 à soldiers.1.")
    assert refusal(s, "a", "move", unit="soldiers.1", cell="H8")[0] == \
        "soldiers.1 cannot end its move on H8: soldiers.2 stands there (one unit a cell)."
    assert "no cell of the battlefield" in refusal(s, "a", "move", unit="soldiers.1", cell="Z6")[0]
    assert refusal(s, "a", "move", unit="soldier.1", cell="B2")[0] == \
        "'soldier.1' is none of a's units (did you mean soldiers.1?)."
    z = position([("a", "soldiers", "C2"), ("b", "soldiers", "D1")], terrain=["........"] * 2)
    assert refusal(z, "a", "move", unit="soldiers.1", cell="E2")[0].startswith(
        "soldiers.1 cannot reach E2: stepping from C2 to D2, both controlled by the enemy (soldiers.2), spends all")
    assert refusal(z, "a", "attack", unit="soldiers", target="soldiers.3")[0] == \
        "soldiers.1 cannot attack 'soldiers.3': it may attack soldiers.2."
    c = position([("a", "soldiers", "A1"), ("b", "soldiers", "H8")], height=["02000000", "02000000"] + ["00000000"] * 6)
    assert "no way to B1" in refusal(c, "a", "move", unit="soldiers.1", cell="B1")[0]
    order(z, "a", "move", unit="soldiers", cell="D2")  # the one soldiers unit of camp a, without its .1
    assert cell(z, "soldiers.1") == "D2"


def test_a_refused_spell_or_target_lists_what_the_caster_may_cast_and_aim_at():
    s = position([("a", "mage", "A1"), ("b", "militia", "E1"), ("b", "militia", "H8")])
    en, fr = refusal(s, "a", "cast", unit="mage.1", spell="fireblt", target="militia.1", dice=2)
    assert en.startswith("mage.1 cannot cast 'fireblt': it may cast ") and "firebolt" in en
    assert fr.startswith("mage.1 ne peut pas lancer 'fireblt' : elle peut lancer ")
    en, _ = refusal(s, "a", "cast", unit="mage.1", spell="firebolt", target="soldiers.9", dice=2)
    assert en.startswith("mage.1 cannot target 'soldiers.9': it may target militia.1")
