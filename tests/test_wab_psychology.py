"""WAB 2 tests of nerve (seed 002): hand cases with scripted dice, and every exact twin checked against
the rolling code itself by enumerating every sequence of faces."""

from __future__ import annotations

import json
from fractions import Fraction as F
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from campagne.core.dice import Dice, ScriptedDice
from campagne.core.errors import MESSAGES, CampagneError
from campagne.games.wab import psychology as P
from campagne.games.wab.psychology import ChargeFacts, Nerve, PanicTrigger, Reaction, Situation


def enumerate_outcomes(run) -> dict[str, F]:
    """The exact law of `run(dice).outcome`, found by feeding it every sequence of d6 faces."""
    out: dict[str, F] = {}

    def rec(prefix: list[int]) -> None:
        dice = ScriptedDice(prefix)
        try:
            result = run(dice)
        except AssertionError as exc:
            if "ran out" not in str(exc):
                raise
            for face in range(1, 7):
                rec(prefix + [face])
            return
        assert not dice.remaining
        key = result if isinstance(result, (str, int)) else result.outcome
        out[key] = out.get(key, F(0)) + F(1, 6 ** len(prefix))

    rec([])
    return out


def same_law(a: dict, b: dict) -> bool:
    keys = set(a) | set(b)
    return all(a.get(k, 0) == b.get(k, 0) for k in keys)


# --------------------------------------------------------------------------- the basic test


def test_ld7_passes_21_in_36():
    assert P.p_2d6_at_most(7) == F(21, 36)
    assert P.leadership_odds(7) == {"passed": F(21, 36), "failed": F(15, 36)}


@pytest.mark.parametrize("target, ways", [(1, 0), (2, 1), (6, 15), (7, 21), (11, 35), (12, 36), (15, 36)])
def test_2d6_at_most(target, ways):
    assert P.p_2d6_at_most(target) == F(ways, 36)


def test_leadership_test_scripted():
    r = P.leadership_test(ScriptedDice([3, 4]), 7)
    assert (r.passed, r.outcome, r.target) == (True, "passed", 7)
    assert r.rolls[0].faces == (3, 4) and "2D6" in r.rolls[0].purpose
    r = P.leadership_test(ScriptedDice([4, 4]), 7)
    assert (r.passed, r.outcome) == (False, "failed")
    assert r.trace[-1]["fr"].endswith("raté") and r.trace[-1]["en"].endswith("failed")
    json.dumps(r.to_dict())


def test_leadership_test_records_on_seeded_dice():
    dice = Dice.seeded("wab", 1)
    P.leadership_test(dice, 8)
    assert len(dice.records) == 1 and dice.records[0].expr == "2D6"


@pytest.mark.parametrize("ld", [-1, 11, "7", True, 7.0])
def test_bad_leadership(ld):
    with pytest.raises(CampagneError) as e:
        Nerve(ld)
    assert e.value.code == "wab.psy.bad_ld"
    assert "Commandement" in e.value.message("fr")


def test_general_within_12_lends_his_ld_but_not_to_skirmishers():
    assert P.leadership_odds(Nerve(6, general_ld=9))["passed"] == P.p_2d6_at_most(9)
    assert P.leadership_odds(Nerve(9, general_ld=6))["passed"] == P.p_2d6_at_most(9)  # never worse
    assert P.leadership_odds(Nerve(6, general_ld=9, skirmishers=True))["passed"] == P.p_2d6_at_most(6)


# --------------------------------------------------------------------------- break test


def test_break_test_scripted_holds_and_breaks():
    n = Nerve(7, models=20)
    r = P.break_test(ScriptedDice([2, 3]), n, 2)  # 5 <= 7 - 2
    assert (r.outcome, r.target, r.passed) == ("holds", 5, True)
    r = P.break_test(ScriptedDice([3, 3]), n, 2)
    assert (r.outcome, r.effects) == ("broken", {"flee": True})


def test_army_standard_rerolls_a_failed_break_test_once():
    n = Nerve(7, models=20, army_standard=True)
    r = P.break_test(ScriptedDice([6, 6, 1, 1]), n, 0)
    assert r.outcome == "holds" and len(r.rolls) == 2
    r = P.break_test(ScriptedDice([6, 6, 6, 5]), n, 0)
    assert r.outcome == "broken" and len(r.rolls) == 2
    assert P.break_odds(n, 0)["broken"] == F(15, 36) ** 2
    skirm = Nerve(7, models=20, army_standard=True, skirmishers=True)
    assert P.break_odds(skirm, 0)["broken"] == F(15, 36)


def test_under_five_models_breaks_without_test_only_when_reduced():
    r = P.break_test(ScriptedDice([]), Nerve(9, models=4, starting_models=20), 1)
    assert r.outcome == "auto_broken" and r.rolls == ()
    # a unit raised with fewer than five (three chariots) is not "réduite à moins de cinq"
    assert P.break_odds(Nerve(9, models=3, starting_models=3), 1) == {"holds": F(26, 36), "broken": F(10, 36)}
    assert P.break_odds(Nerve(9, models=3), 1)["holds"] == F(26, 36)


def test_fear_outnumbering_enemy_breaks_automatically():
    n = Nerve(8, models=10)
    assert P.break_odds(n, 1, feared_enemy_outnumbers=True) == {"auto_broken": 1}
    r = P.break_test(ScriptedDice([]), n, 1, feared_enemy_outnumbers=True)
    assert r.outcome == "auto_broken" and r.trace[-1]["step"] == "fear_break"
    # frenzied: not affected by fear, takes the normal test
    fr = Nerve(8, models=10, frenzied=True)
    assert P.break_odds(fr, 1, feared_enemy_outnumbers=True) == P.break_odds(fr, 1)


def test_stubborn_d6_against_automatic_break_by_fear():
    n = Nerve(8, models=10, stubborn=True)
    assert P.break_test(ScriptedDice([3]), n, 2, feared_enemy_outnumbers=True).outcome == "broken"
    r = P.break_test(ScriptedDice([4]), n, 2, feared_enemy_outnumbers=True)
    assert (r.outcome, r.passed) == ("resists", True)
    assert P.break_odds(n, 2, feared_enemy_outnumbers=True) == {"resists": F(1, 2), "broken": F(1, 2)}
    # under five: its own state, not the adversary's -> still automatic (unless stubborn_d6="any")
    small = Nerve(8, models=4, starting_models=10, stubborn=True)
    assert P.break_odds(small, 2) == {"auto_broken": 1}
    anyd6 = Nerve(8, models=4, starting_models=10, stubborn=True, stubborn_d6="any")
    assert P.break_odds(anyd6, 2) == {"resists": F(1, 2), "broken": F(1, 2)}


def test_stubborn_gives_ground_on_a_failed_test():
    n = Nerve(7, models=12, stubborn=True)
    r = P.break_test(ScriptedDice([6, 6]), n, 1)
    assert r.outcome == "gives_ground" and r.effects == {"give_ground": True}
    assert P.break_test(ScriptedDice([6, 6]), n, 1, give_ground=False).outcome == "broken"
    # stubborn uses its own Ld (the Ld 10 line belongs to Haine)
    assert P.break_odds(n, 1) == {"holds": P.p_2d6_at_most(6), "gives_ground": 1 - P.p_2d6_at_most(6)}


def test_hatred_takes_break_tests_on_ld_10_modifiable():
    n = Nerve(6, models=20, hates_enemy=True)
    assert P.break_odds(n, 3)["holds"] == P.p_2d6_at_most(7)
    r = P.break_test(ScriptedDice([3, 4]), n, 3)
    assert r.outcome == "holds" and any(t["step"] == "hatred" for t in r.trace)
    # ... but not its psychology tests
    assert P.panic_odds(n, "general_killed")["holds"] == P.p_2d6_at_most(6)


@pytest.mark.parametrize("difference", [-1, 1.5, "2"])
def test_bad_difference(difference):
    with pytest.raises(CampagneError) as e:
        P.break_odds(Nerve(7), difference)
    assert e.value.code == "wab.psy.bad_difference"


nerves = st.builds(
    Nerve, ld=st.integers(0, 10), models=st.integers(0, 30), starting_models=st.one_of(st.none(), st.integers(30, 40)),
    skirmishers=st.booleans(), general_ld=st.one_of(st.none(), st.integers(0, 10)), army_standard=st.booleans(),
    stubborn=st.booleans(), frenzied=st.booleans(), hates_enemy=st.booleans(),
    stubborn_d6=st.sampled_from(["fear", "any"]))


@given(nerves, st.integers(0, 12), st.booleans(), st.booleans())
def test_break_odds_are_the_law_of_break_test(nerve, difference, feared, give_ground):
    odds = P.break_odds(nerve, difference, feared_enemy_outnumbers=feared, give_ground=give_ground)
    assert sum(odds.values()) == 1
    law = enumerate_outcomes(lambda d: P.break_test(d, nerve, difference, feared_enemy_outnumbers=feared,
                                                    give_ground=give_ground))
    assert same_law(law, odds)


@given(nerves, st.integers(0, 10))
def test_bigger_defeats_never_help(nerve, difference):
    def bad(o):
        return o.get("broken", 0) + o.get("auto_broken", 0) + o.get("gives_ground", 0)
    assert bad(P.break_odds(nerve, difference)) <= bad(P.break_odds(nerve, difference + 1))


# --------------------------------------------------------------------------- panic


def test_panic_half_strength_minus_one():
    n = Nerve(8, models=10, starting_models=20)
    r = P.panic_test(ScriptedDice([4, 4]), n, "general_killed")
    assert r.target == 7 and r.outcome == "flees" and r.effects == {"flee": True}
    assert P.panic_odds(n, PanicTrigger.GENERAL_KILLED)["holds"] == F(21, 36)
    assert P.panic_odds(Nerve(8, models=11, starting_models=20), "general_killed")["holds"] == F(26, 36)


def test_panic_reroll_only_for_friends_broken_when_won():
    n = Nerve(7, models=20)
    r = P.panic_test(ScriptedDice([6, 6, 2, 2]), n, "friends_broken_12", won_combat=True)
    assert r.outcome == "holds" and len(r.rolls) == 2
    assert P.panic_odds(n, "friends_broken_12", won_combat=True)["flees"] == F(15, 36) ** 2
    assert P.panic_odds(n, "charged_flank_rear", won_combat=True)["flees"] == F(15, 36)


def test_panic_immunities():
    assert P.panic_odds(Nerve(7, stubborn=True), "friends_fleeing_4") == {"immune": 1}
    assert P.panic_odds(Nerve(7, stubborn=True), "charged_flank_rear")["holds"] == F(21, 36)
    r = P.panic_test(ScriptedDice([]), Nerve(7, frenzied=True), "general_killed")
    assert r.outcome == "immune" and r.rolls == ()


def test_panic_trigger_checked():
    with pytest.raises(CampagneError) as e:
        P.panic_test(ScriptedDice([1, 1]), Nerve(7), "bad_news")
    assert e.value.code == "wab.psy.bad_trigger" and "panique" in e.value.message("fr")


@given(nerves, st.sampled_from(list(PanicTrigger)), st.booleans())
def test_panic_odds_are_the_law_of_panic_test(nerve, trigger, won):
    odds = P.panic_odds(nerve, trigger, won_combat=won)
    assert sum(odds.values()) == 1
    assert same_law(enumerate_outcomes(lambda d: P.panic_test(d, nerve, trigger, won_combat=won)), odds)


def test_friends_fleeing_2_to_1():
    assert P.panic_from_friends_fleeing(20, [11])        # 20 < 2 x 11: not outnumbered 2:1 -> test
    assert not P.panic_from_friends_fleeing(20, [10])    # exactly 2:1: the unit outnumbers them 2:1
    assert P.panic_from_friends_fleeing(20, [4, 12])     # any one fleeing unit big enough
    assert P.panic_from_friends_fleeing(20, [3], ratio_rule=False)
    assert not P.panic_from_friends_fleeing(20, [])


def test_shooting_25_percent():
    assert P.shooting_panic(20, 5) and not P.shooting_panic(20, 4) and P.shooting_panic(3, 1)
    assert not P.shooting_panic(0, 0)


# --------------------------------------------------------------------------- fear, terror


def test_fear_when_charged():
    n = Nerve(7, models=10)
    assert P.fear_test(ScriptedDice([3, 3]), n, "charged", outnumbered=True).outcome == "passed"
    r = P.fear_test(ScriptedDice([5, 5]), n, "charged", outnumbered=True)
    assert r.outcome == "flees" and r.effects["flee"]
    r = P.fear_test(ScriptedDice([5, 5]), n, "charged", outnumbered=False)
    assert r.outcome == "hits_on_6" and r.effects["hits_on"] == 6 and r.effects["first_round"]
    assert P.fear_odds(n, "charged", outnumbered=True) == {"passed": F(21, 36), "flees": F(15, 36)}


def test_fear_when_wishing_to_charge():
    r = P.fear_test(ScriptedDice([6, 5]), Nerve(8), "charging")
    assert r.outcome == "no_charge" and r.effects == {"no_charge": True, "no_shooting": True}
    assert P.fear_odds(Nerve(8, frenzied=True), "charging") == {"immune": 1}


def test_terror():
    r = P.terror_test(ScriptedDice([6, 2]), Nerve(7), "within_8")
    assert r.outcome == "flees" and r.target == 7
    assert P.terror_odds(Nerve(9), "charging") == {"passed": F(30, 36), "flees": F(6, 36)}
    with pytest.raises(CampagneError) as e:
        P.terror_test(ScriptedDice([]), Nerve(7), "nearby")
    assert e.value.code == "wab.psy.bad_situation"


@given(nerves, st.sampled_from(["charged", "charging"]), st.booleans())
def test_fear_odds_are_the_law(nerve, situation, outnumbered):
    odds = P.fear_odds(nerve, situation, outnumbered=outnumbered)
    assert same_law(enumerate_outcomes(lambda d: P.fear_test(d, nerve, situation, outnumbered=outnumbered)), odds)


@given(nerves, st.sampled_from(["charged", "charging", "within_8"]))
def test_terror_odds_are_the_law(nerve, situation):
    assert same_law(enumerate_outcomes(lambda d: P.terror_test(d, nerve, situation)), P.terror_odds(nerve, situation))


# --------------------------------------------------------------------------- rally, return, reform


def test_rally_modifiers_and_minimum():
    n = Nerve(8, models=8, starting_models=20)          # half strength: -1
    r = P.rally_test(ScriptedDice([3, 3]), n, enemy_within_8=True)   # 8 - 1 - 1 = 6
    assert (r.target, r.outcome) == (6, "rallied")
    assert r.effects == {"reform": True, "no_move": True, "no_shooting": True, "no_charge": True}
    assert P.rally_test(ScriptedDice([4, 3]), n, enemy_within_8=True).outcome == "keeps_fleeing"
    r = P.rally_test(ScriptedDice([]), Nerve(8, models=4, starting_models=20))
    assert r.outcome == "too_few" and r.rolls == ()
    assert P.rally_odds(Nerve(8, models=4)) == {"too_few": 1}


@given(nerves, st.booleans())
def test_rally_odds_are_the_law(nerve, enemy):
    odds = P.rally_odds(nerve, enemy_within_8=enemy)
    assert same_law(enumerate_outcomes(lambda d: P.rally_test(d, nerve, enemy_within_8=enemy)), odds)


def test_return_test():
    assert P.return_test(ScriptedDice([1, 6]), Nerve(7)).outcome == "returns"
    assert P.return_test(ScriptedDice([2, 6]), Nerve(7)).outcome == "stays_off"
    assert P.return_odds(Nerve(7)) == {"returns": F(21, 36), "stays_off": F(15, 36)}


# --------------------------------------------------------------------------- frenzy, hatred


def test_frenzy_and_hatred_helpers():
    assert P.attacks_per_model(1, frenzied=True) == 2
    assert P.attacks_per_model(2, frenzied=True, hand_weapons=2) == 4
    assert P.must_charge(frenzied=True, enemy_in_charge_reach=True)
    assert not P.must_charge(frenzied=True, enemy_in_charge_reach=False)
    assert not P.frenzied_after_break_test(True, broken=True) and P.frenzied_after_break_test(True, broken=False)
    assert P.hatred_rerolls_misses(1, hates_enemy=True) and not P.hatred_rerolls_misses(2, hates_enemy=True)
    rule = P.pursuit_rule(frenzied=True)
    assert rule.must_pursue and not rule.test_allowed
    assert P.pursuit_rule(hates_enemy=True).must_pursue
    assert not P.pursuit_rule(hates_enemy=True, defensive_position=True).must_pursue
    assert not P.pursuit_rule().must_pursue


# --------------------------------------------------------------------------- flee distances


def test_flee_distances_read_the_table():
    from campagne.games.wab import tables
    for move in range(0, 11):
        assert P.flee_expression(move) == tables.flee_dice(move)
        assert P.flee_expression(move, fire_and_flee=True) == tables.fire_and_flee_dice(move)
    assert P.flee_expression(6) == "2D6" and P.flee_expression(7) == "3D6"
    assert P.flee_expression(4, fire_and_flee=True) == "D6"
    r = P.flee_distance(ScriptedDice([2, 5, 6]), 8)
    assert r.distance == 13 and r.expression == "3D6"
    assert sum(P.flee_distance_odds(8, fire_and_flee=True).values()) == 1
    assert P.flee_distance_odds(5, fire_and_flee=True) == {k: F(1, 6) for k in range(1, 7)}
    with pytest.raises(CampagneError):
        P.flee_expression(-1)


# --------------------------------------------------------------------------- charge reactions


def facts(**kw):
    base = dict(distance=9, charger_move=4, target_has_missiles=True)
    base.update(kw)
    return ChargeFacts(**base)


def test_stand_and_shoot_only_beyond_half_the_charge_move():
    assert Reaction.STAND_AND_SHOOT in P.legal_reactions(facts(distance=5))      # 5 > 8 / 2
    assert Reaction.STAND_AND_SHOOT not in P.legal_reactions(facts(distance=4))  # exactly half
    with pytest.raises(CampagneError) as e:
        P.check_reaction("stand_and_shoot", facts(distance=3))
    assert e.value.code == "wab.psy.reaction_illegal"
    assert "Maintien et tir" in e.value.message("fr") and "Stand and shoot" in e.value.message("en")
    with pytest.raises(CampagneError):
        P.check_reaction("fire_and_flee", facts(target_has_missiles=False))


def test_counter_charge_cavalry_against_cavalry_in_front():
    ok = facts(charger_kind="cavalry", target_kind="light_chariot")
    assert Reaction.COUNTER_CHARGE in P.legal_reactions(ok)
    for bad in (facts(charger_kind="infantry", target_kind="cavalry"),
                facts(charger_kind="cavalry", target_kind="infantry"),
                facts(charger_kind="cavalry", target_kind="cavalry", in_front=False),
                facts(charger_kind="cavalry", target_kind="cavalry", target_forced_march=True)):
        assert Reaction.COUNTER_CHARGE not in P.legal_reactions(bad)
        with pytest.raises(CampagneError):
            P.check_reaction(Reaction.COUNTER_CHARGE, bad)


def test_fleeing_unit_can_only_flee():
    assert P.legal_reactions(facts(target_fleeing=True)) == [Reaction.FLEE]
    assert P.legal_reactions(facts(target_engaged=True)) == [Reaction.HOLD]


def test_resolve_reaction_rolls_the_flee():
    r = P.resolve_reaction(ScriptedDice([4, 5]), "flee", facts(), target_move=5)
    assert r.flees and not r.shoots and r.flee.distance == 9
    r = P.resolve_reaction(ScriptedDice([6]), "fire_and_flee", facts(), target_move=5)
    assert r.flees and r.shoots and r.flee.distance == 6 and r.flee.expression == "D6"
    r = P.resolve_reaction(ScriptedDice([]), "hold", facts(), target_move=5)
    assert not r.flees and r.flee is None
    json.dumps(r.to_dict())
    with pytest.raises(CampagneError) as e:
        P.check_reaction("surrender", facts())
    assert e.value.code == "wab.psy.bad_reaction"


# --------------------------------------------------------------------------- tests due


def due_of(situation):
    return [(t.test, t.reason) for t in P.tests_due(situation)]


def test_start_of_turn_order():
    s = Situation("start_of_turn", models=10, friends_fleeing_within_4=(8,), terror_enemy_within_8=True)
    assert due_of(s) == [("panic", "friends_fleeing_4"), ("terror", "within_8")]
    assert due_of(Situation("start_of_turn", off_table=True, terror_enemy_within_8=True)) == [("return", "off_table")]
    assert due_of(Situation("start_of_turn", models=20, friends_fleeing_within_4=(5,))) == []   # 2:1
    assert due_of(Situation("start_of_turn", models=10, stubborn=True, friends_fleeing_within_4=(8,))) == []


def test_movement_phase():
    s = Situation("movement", fleeing=True, models=8, starting_models=20, enemy_within_8=True)
    (due,) = P.tests_due(s)
    assert due.test == "rally" and due.params == {"possible": True, "half_strength": True, "enemy_within_8": True}
    s = Situation("movement", charged_by_fear=True, outnumbered_by_feared=True, charged_in_flank_or_rear=True)
    assert due_of(s) == [("fear", "charged"), ("panic", "charged_flank_rear")]
    s = Situation("movement", wants_to_charge_terror=True, charged_by_neglected_enemy=True)
    assert due_of(s) == [("terror", "charging"), ("panic", "neglected_charger")]
    s = Situation("movement", frenzied=True, enemy_in_charge_reach=True, charged_by_fear=True,
                  charged_in_flank_or_rear=True)
    assert due_of(s) == []


def test_shooting_and_combat_phases():
    assert due_of(Situation("shooting", models=15, shooting_casualties=5)) == [("panic", "shooting_25")]
    assert due_of(Situation("shooting", models=16, shooting_casualties=4)) == []
    s = Situation("close_combat", models=4, starting_models=20, lost_combat_by=2, friends_broken_within_12=1,
                  won_combat=False, general_killed=True)
    due = P.tests_due(s)
    assert [(d.test, d.reason) for d in due] == [("break", "lost_combat"), ("panic", "friends_broken_12"),
                                                 ("panic", "general_killed")]
    assert due[0].params["automatic"] and due[0].params["difference"] == 2
    json.dumps([d.to_dict() for d in due])
    with pytest.raises(CampagneError) as e:
        P.tests_due(Situation("magic"))
    assert e.value.code == "wab.psy.bad_phase"


# --------------------------------------------------------------------------- messages, adapters


def test_every_message_is_bilingual():
    codes = [c for c in MESSAGES if c.startswith("wab.psy.")]
    assert len(codes) >= 9
    for c in codes:
        assert set(MESSAGES[c]) == {"en", "fr"} and MESSAGES[c]["en"] != MESSAGES[c]["fr"]


SEED = Path(__file__).resolve().parents[1].parent / "shared" / "seeds" / "002_ee88188f0d3b4183.txt"


def _flat(text: str) -> str:
    return " ".join(text.replace("’", "'").split())


def test_interpretations_quote_the_sheet():
    for item in P.INTERPRETATIONS:
        assert item["reading"] and item["fr"] and item["rule"]
    if not SEED.exists():
        pytest.skip("seed 002 not available")
    seed = _flat(SEED.read_text(encoding="utf-8"))
    for item in P.INTERPRETATIONS:
        if item["fr"] != "-" and "..." not in item["fr"]:
            assert _flat(item["fr"])[:45] in seed, item["rule"]


def test_nerve_of_a_profiles_unit():
    from campagne.games.wab import profiles
    u = profiles.Unit.from_dict({"name": "Berserks", "models": 12, "files": 6, "start_models": 20,
                                 "special_rules": ["frenzy", "hatred"],
                                 "profile": {"M": 4, "WS": 4, "BS": 3, "S": 4, "T": 3, "W": 1, "I": 4, "A": 1,
                                             "Ld": 8, "save": "-"}})
    n = P.nerve_of(u, general_ld=9)
    assert (n.ld, n.models, n.starting_models, n.frenzied, n.hates_enemy, n.general_ld) == (8, 12, 20, True, True, 9)
    assert not n.half_strength and P.nerve_of(u, models=10).half_strength
