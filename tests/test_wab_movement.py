"""WAB 2 movement without geometry (seed 002): allowances, manoeuvres, march and forced march checks."""

from __future__ import annotations

import json
import math
from fractions import Fraction as F

import pytest

from campagne.core.dice import ScriptedDice
from campagne.core.errors import MESSAGES, CampagneError
from campagne.games.wab import marching as MA
from campagne.games.wab import movement as M
from campagne.games.wab import movement_tables
from campagne.games.wab.marching import MarchFacts
from campagne.games.wab.movement import Mover


def inches(unit, terrain="normal", action="move"):
    return M.move_allowance(unit, terrain, action).inches


# --------------------------------------------------------------------------- allowances


def test_normal_charge_and_terrain():
    foot = Mover(4)
    assert inches(foot) == 4
    assert inches(foot, action="charge") == 8
    assert inches(foot, "difficult") == 2
    assert inches(foot, "very_difficult") == 1
    assert inches(foot, "obstacle") == 2
    assert inches(foot, "difficult", "charge") == 4
    assert inches(Mover(5), "very_difficult") == F(5, 4)


def test_open_order_and_skirmishers_halve_in_very_difficult():
    assert inches(Mover(5, formation="open"), "very_difficult") == F(5, 2)
    assert inches(Mover(5, formation="skirmishers"), "very_difficult") == F(5, 2)
    assert inches(Mover(5, formation="close_order"), "very_difficult") == F(5, 4)


def test_the_most_restrictive_terrain_applies():
    assert inches(Mover(8), ["normal", "difficult", "very_difficult"]) == 2
    assert M.terrain_factor(Mover(8), ["open", "obstacle"]) == (F(1, 2), M.Terrain.OBSTACLE)


@pytest.mark.parametrize("terrain", ["normal", "difficult", "very_difficult", "obstacle"])
@pytest.mark.parametrize("formation, open_order", [("close", False), ("open", True), ("skirmish", True)])
def test_terrain_factor_is_the_tables(terrain, formation, open_order):
    assert (M.terrain_factor(Mover(6, formation=formation), terrain)[0]
            == movement_tables.terrain_factor(terrain, open_order))


@pytest.mark.parametrize("move", [0, 4, 5, 8, 10])
def test_multipliers_are_the_tables(move):
    assert inches(Mover(move), action="charge") == movement_tables.charge_reach(move)
    assert inches(Mover(move, musician=True), action="march") == movement_tables.march_move(move)
    assert (inches(Mover(move, character=True), action="march")
            == movement_tables.march_move(move, character=True))
    assert inches(Mover(move, kind="character"), action="march") == 3 * move
    assert inches(Mover(move), action="forced_march") == movement_tables.march_move(move, forced=True)


def test_march_through_difficult_terrain_is_refused():
    with pytest.raises(CampagneError) as e:
        M.move_allowance(Mover(4), "difficult", "march")
    assert e.value.code == "wab.move.not_allowed"
    assert "Marche rapide" in e.value.message("fr") and "March" in e.value.message("en")
    with pytest.raises(CampagneError):
        M.move_allowance(Mover(4), "obstacle", "forced_march")


@pytest.mark.parametrize("bad", [dict(terrain="swamp"), dict(action="teleport")])
def test_unknown_terrain_or_action(bad):
    with pytest.raises(CampagneError) as e:
        M.move_allowance(Mover(4), **{"terrain": "normal", "action": "move", **bad})
    assert e.value.code in ("wab.move.bad_terrain", "wab.move.bad_action")


def test_bad_mover():
    for kw in (dict(move=-1), dict(move=4, formation="phalanx"), dict(move=True)):
        with pytest.raises(CampagneError):
            Mover(**kw)


def test_charge_reach():
    r = M.charge_reach(Mover(4), 7.5)
    assert r.reaches and r.allowance == 8 and r.failed_move == 4
    assert not M.charge_reach(Mover(4), 7.5, wheel=1).reaches
    assert not M.charge_reach(Mover(4), 5, "difficult").reaches   # 8 x 1/2 = 4
    json.dumps(r.to_dict())


# --------------------------------------------------------------------------- manoeuvres


def test_manoeuvre_costs_are_the_tables():
    u = Mover(8)
    tables_cost = movement_tables.manoeuvre_cost
    assert M.manoeuvre_cost(u, "turn_about") == 8 * tables_cost("turn_about")
    assert M.manoeuvre_cost(u, ("change_formation", 1)) == 8 * tables_cost("change_formation", 1)
    assert M.manoeuvre_cost(u, ("change_formation", -2)) == 8 * tables_cost("change_formation", 2)
    with pytest.raises(CampagneError):
        M.manoeuvre_cost(u, ("change_formation", 3))
    assert M.manoeuvre_cost(u, ("wheel", 2.5)) == F(5, 2)


def test_wheel_distance_is_the_outer_arc():
    assert M.wheel_distance(5, 90) == pytest.approx(5 * math.pi / 2)
    assert M.wheel_distance(5, 0) == 0


def test_turn_about_once_closed_twice_open():
    plan = M.plan_move(Mover(4), manoeuvres=["turn_about"], distance=3)
    assert plan.spent == 4 and plan.remaining == 0 and plan.may_shoot
    with pytest.raises(CampagneError):
        M.plan_move(Mover(4), manoeuvres=["turn_about", "turn_about"])
    plan = M.plan_move(Mover(4, formation="open"), manoeuvres=["turn_about", "turn_about"])
    assert plan.remaining == 2
    with pytest.raises(CampagneError):
        M.plan_move(Mover(4, formation="open"), manoeuvres=["turn_about"] * 3)


def test_change_formation_costs_half_or_all():
    assert M.plan_move(Mover(6), manoeuvres=[("change_formation", 1)]).remaining == 3
    assert M.plan_move(Mover(6), manoeuvres=[{"kind": "change_formation", "ranks": -2}]).remaining == 0
    with pytest.raises(CampagneError) as e:
        M.plan_move(Mover(6), manoeuvres=[("change_formation", 1)], distance=4)
    assert e.value.code == "wab.move.too_far" and "ps" in e.value.message("fr")


def test_reform_needs_a_musician_and_ends_the_move():
    with pytest.raises(CampagneError) as e:
        M.plan_move(Mover(4), manoeuvres=["reform"])
    assert "musicien" in e.value.message("fr")
    plan = M.plan_move(Mover(4, musician=True), manoeuvres=[("wheel", 1), "reform"])
    assert plan.remaining == 0 and not plan.may_shoot
    with pytest.raises(CampagneError):
        M.plan_move(Mover(4, musician=True), manoeuvres=["reform"], distance=1)
    with pytest.raises(CampagneError):
        M.plan_move(Mover(4, musician=True), manoeuvres=["reform", ("wheel", 1)])


def test_charge_allows_one_initial_wheel_only():
    plan = M.plan_move(Mover(4), action="charge", manoeuvres=[("wheel", 2)], distance=5)
    assert plan.spent == 7 and plan.remaining == 1
    for bad in ([("wheel", 1), ("wheel", 1)], ["turn_about"]):
        with pytest.raises(CampagneError):
            M.plan_move(Mover(4), action="charge", manoeuvres=bad)


def test_march_allows_one_wheel_only():
    assert M.plan_move(Mover(4, musician=True), action="march", manoeuvres=[("wheel", 2)]).remaining == 6
    with pytest.raises(CampagneError):
        M.plan_move(Mover(4, musician=True), action="march", manoeuvres=[("wheel", 1), ("wheel", 1)])
    with pytest.raises(CampagneError):
        M.plan_move(Mover(4), manoeuvres=["somersault"])


def test_reform_rolls_a_leadership_test():
    r = M.reform(ScriptedDice([3, 4]), Mover(4, musician=True, ld=7))
    assert r.reformed and r.effects == {"no_further_move": True, "no_shooting": True}
    r = M.reform(ScriptedDice([4, 4]), Mover(4, musician=True), 7)
    assert not r.reformed and r.effects == {"no_further_move": True}
    assert r.test.test == "reform"
    json.dumps(r.to_dict())
    with pytest.raises(CampagneError):
        M.reform(ScriptedDice([1, 1]), Mover(4, ld=7))


# --------------------------------------------------------------------------- march


def reasons(result):
    ok, why = result
    assert ok == (not why)
    for r in why:
        assert set(r) == {"en", "fr"} and r["en"] != r["fr"]
    return [r["en"] for r in why]


def test_march_needs_a_musician():
    assert reasons(MA.may_march(Mover(4))) == ["the unit has no musician"]
    assert MA.may_march(Mover(4, musician=True)) == (True, [])
    assert MA.may_march(Mover(4, kind="character"))[0]  # a lone character marches without one


def test_march_enemies_within_8():
    u = Mover(4, musician=True)
    assert not MA.may_march(u, MarchFacts(enemies_within_8=("infantry",)))[0]
    for harmless in ("fleeing", MA.Enemy("cavalry", fleeing=True), "character", "artillery"):
        assert MA.may_march(u, MarchFacts(enemies_within_8=(harmless,)))[0], harmless
    horse = Mover(8, kind="cavalry", musician=True)
    assert MA.may_march(horse, {"enemies_within_8": ["infantry"]})[0]
    assert MA.may_march(Mover(8, kind="light_chariot", musician=True),
                        {"enemies_within_8": [("infantry", False)]})[0]
    assert not MA.may_march(horse, {"enemies_within_8": ["cavalry"]})[0]


@pytest.mark.parametrize("kind, formation", [("infantry", "skirmish"), ("elephant", "close"), ("artillery", "close")])
def test_march_forbidden_to_some(kind, formation):
    u = Mover(6, kind=kind, formation=formation, musician=True)
    assert len(reasons(MA.may_march(u))) == 1
    assert not MA.may_force_march(u, {"column_of_march": True})[0]


def test_march_terrain_obstacles_and_manoeuvres():
    u = Mover(4, musician=True)
    difficult = ["it cannot cross (very) difficult terrain"]
    assert reasons(MA.may_march(u, {"terrain": ["difficult"]})) == difficult
    assert reasons(MA.may_march(u, {"terrain": "very_difficult"})) == difficult
    assert reasons(MA.may_march(u, {"obstacle": True})) == ["it cannot cross obstacles"]
    assert MA.may_march(u, {"manoeuvres": [("wheel", 2)]})[0]
    assert not MA.may_march(u, {"manoeuvres": ["turn_about"]})[0]
    assert not MA.may_march(u, {"manoeuvres": [("wheel", 1), ("wheel", 1)]})[0]


def test_forced_march():
    u = Mover(4, musician=True)
    assert reasons(MA.may_force_march(u)) == ["the unit is not in column of march"]
    assert MA.may_force_march(u, MarchFacts(column_of_march=True)) == (True, [])
    # any enemy within 8" forbids it, even fleeing ones
    assert not MA.may_force_march(u, MarchFacts(column_of_march=True, enemies_within_8=("fleeing",)))[0]
    assert not MA.may_force_march(Mover(8, kind="cavalry", musician=True),
                                 {"column_of_march": True, "enemies_within_8": ["infantry"]})[0]
    # a character needs a musician to force march
    assert not MA.may_force_march(Mover(4, kind="character"), {"column_of_march": True})[0]
    eff = MA.forced_march_effects(column_of_one=True)
    assert eff["may_charge"] is False and eff["fighting_ranks"] == 1 and eff["may_weave"]
    assert set(eff["rules"]) == {"no_charge", "first_rank_only", "column_of_one_weaves"}


# --------------------------------------------------------------------------- fleeing, adapters


def test_flee_move():
    r = M.flee_move(ScriptedDice([6, 6]), Mover(5))
    assert r.distance == 12 and r.expression == "2D6"
    r = M.flee_move(ScriptedDice([1, 2, 3]), Mover(8))
    assert r.distance == 6 and r.expression == "3D6"
    assert M.flee_move_odds(Mover(8), fire_and_flee=True) == __import__(
        "campagne.core.dice_notation", fromlist=["distribution"]).distribution("2D6")


def test_mover_of_a_profiles_unit():
    from campagne.games.wab import profiles
    u = profiles.Unit.from_dict({"name": "Light horse", "kind": "cavalry", "formation": "open_order", "models": 6,
                                 "musician": True,
                                 "profile": {"M": 8, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1,
                                             "Ld": 7, "save": "6+"}})
    m = M.mover_of(u)
    assert (m.move, m.kind, m.formation, m.musician, m.ld) == (8, "cavalry", "open", True, 7)
    assert inches(u, "very_difficult") == 4
    assert MA.may_march(u, {"enemies_within_8": ["infantry"]})[0]


def test_messages_are_bilingual():
    codes = [c for c in MESSAGES if c.startswith("wab.move.")]
    assert len(codes) >= 6
    for c in codes:
        assert set(MESSAGES[c]) == {"en", "fr"}
    json.dumps(M.move_allowance(Mover(4), "difficult", "charge").to_dict())
    json.dumps(M.plan_move(Mover(4), manoeuvres=["turn_about"]).to_dict())
