"""The tests of nerve of the WAB 2 sheet, each rolled (`xxx_test`) and its exact odds (`xxx_odds`): the break
test, panic (and what triggers it), fear and terror, rally and the return to the table."""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from fractions import Fraction
from typing import Any

from ...core.errors import CampagneError
from ...core.dice import Dice, Roll
from .nerve import Nerve, ONE, TestResult, leadership_test, odds, p_2d6_at_most, roll_2d6, step
from . import tables


# --------------------------------------------------------------------------- break test


def _check_difference(difference: Any) -> int:
    if isinstance(difference, bool) or not isinstance(difference, int) or difference < 0:
        raise CampagneError("wab.psy.bad_difference", difference=difference)
    return difference


def _break_setup(nerve: Nerve, difference: int, feared_enemy_outnumbers: bool) -> tuple[str, int, list]:
    """("auto", 0, trace) | ("stubborn_d6", 0, trace) | ("roll", target, trace)."""
    _check_difference(difference)
    trace: list[dict[str, Any]] = []
    if nerve.reduced_under_five:
        if nerve.stubborn and nerve.stubborn_d6 == "any":
            trace.append(step("under_five_stubborn", f"{nerve.models} models (< 5): stubborn, D6 1-3 broken / "
                                                     "4-6 resists",
                              f"{nerve.models} figurines (moins de cinq) : têtue, D6 1-3 démoralisée / "
                              "4-6 résiste"))
            return "stubborn_d6", 0, trace
        trace.append(step("under_five", f"{nerve.models} models (< 5): broken automatically",
                          f"{nerve.models} figurines (moins de cinq) : démoralisée automatiquement"))
        return "auto", 0, trace
    if feared_enemy_outnumbers:
        if nerve.frenzied:
            trace.append(step("frenzy_no_fear", "frenzied: not affected by fear, tests normally",
                              "frénétique : pas affectée par la peur, teste normalement"))
        elif nerve.stubborn:
            trace.append(step("fear_stubborn", "beaten by a feared enemy that outnumbers it: stubborn, "
                                               "D6 1-3 broken / 4-6 resists",
                              "vaincue par un ennemi supérieur en nombre provoquant la peur : têtue, "
                              "D6 1-3 démoralisée / 4-6 résiste"))
            return "stubborn_d6", 0, trace
        else:
            trace.append(step("fear_break", "beaten by a feared enemy that outnumbers it: broken without test",
                              "vaincue par un ennemi supérieur en nombre provoquant la peur : démoralisée "
                              "sans test"))
            return "auto", 0, trace
    ld, ld_trace = nerve.effective_ld(morale=True)
    trace += ld_trace
    target = ld - difference
    trace.append(step("difference", f"lost by {difference}: needs 2D6 <= {target}",
                      f"perdu de {difference} : il faut 2D6 <= {target}", value=-difference))
    return "roll", target, trace


def break_test(dice: Dice, nerve: Nerve, difference: int, *, feared_enemy_outnumbers: bool = False,
               give_ground: bool = True) -> TestResult:
    """The break test ("test de moral") of a unit beaten by `difference` combat result points.

    Outcomes: holds, broken, auto_broken (under five models, or fear), resists / broken by the stubborn
    D6, gives_ground (stubborn, failed test, `give_ground=True`).
    """
    kind, target, trace = _break_setup(nerve, difference, feared_enemy_outnumbers)
    rolls: list[Roll] = []
    if kind == "auto":
        return TestResult("break", "auto_broken", False, None, (), tuple(trace), {"flee": True})
    if kind == "stubborn_d6":
        record = dice.roll_record("D6", "WAB stubborn: D6 1-3 broken / 4-6 resists")
        rolls.append(record)
        ok = record.total >= 4
        trace.append(step("d6", f"D6 = {record.total}: {'resists' if ok else 'broken'}",
                          f"D6 = {record.total} : {'résiste' if ok else 'démoralisée'}", total=record.total))
        return TestResult("break", "resists" if ok else "broken", ok, None, tuple(rolls), tuple(trace),
                          {} if ok else {"flee": True})
    ok = roll_2d6(dice, target, "break test", trace, rolls)
    if not ok and nerve.army_standard_applies:
        trace.append(step("army_standard", "army standard within 12\": re-roll",
                          "Grande Bannière à moins de 12ps : relance"))
        ok = roll_2d6(dice, target, "break test (army standard re-roll)", trace, rolls, "reroll")
    if ok:
        return TestResult("break", "holds", True, target, tuple(rolls), tuple(trace))
    if nerve.stubborn and give_ground:
        trace.append(step("give_ground", "stubborn: gives ground instead of breaking",
                          "têtue : lâche du terrain au lieu d'être démoralisée"))
        return TestResult("break", "gives_ground", False, target, tuple(rolls), tuple(trace),
                          {"give_ground": True})
    return TestResult("break", "broken", False, target, tuple(rolls), tuple(trace), {"flee": True})


def break_odds(nerve: Nerve, difference: int, *, feared_enemy_outnumbers: bool = False,
               give_ground: bool = True) -> dict[str, Fraction]:
    kind, target, _ = _break_setup(nerve, difference, feared_enemy_outnumbers)
    if kind == "auto":
        return odds(auto_broken=ONE)
    if kind == "stubborn_d6":
        return odds(resists=Fraction(1, 2), broken=Fraction(1, 2))
    p = p_2d6_at_most(target)
    fail = 1 - p
    if nerve.army_standard_applies:
        fail = fail * fail
    failed_as = "gives_ground" if nerve.stubborn and give_ground else "broken"
    return odds(holds=1 - fail, **{failed_as: fail})


# --------------------------------------------------------------------------- panic


class PanicTrigger(StrEnum):
    """The six panic triggers of the sheet, in its order."""

    FRIENDS_FLEEING_4 = "friends_fleeing_4"      # 1 Des amis (2:1) sont en fuite dans un rayon de 4ps
    FRIENDS_BROKEN_12 = "friends_broken_12"      # 2 Des amis sont démoralisés / anéantis ... 12ps
    CHARGED_FLANK_REAR = "charged_flank_rear"    # 3 Une unité chargée de flanc ou par l'arrière
    GENERAL_KILLED = "general_killed"            # 4 Le général est tué
    SHOOTING_25 = "shooting_25"                  # 5 25% ou plus de pertes lors d'une seule phase de tir
    NEGLECTED_CHARGER = "neglected_charger"      # 6 chargée par un ennemi qu'elle a négligé


PANIC_TEXT = {
    PanicTrigger.FRIENDS_FLEEING_4: ("friends (2:1) fleeing within 4\" at the start of the turn",
                                     "des amis (2:1) sont en fuite dans un rayon de 4ps au début du tour"),
    PanicTrigger.FRIENDS_BROKEN_12: ("friends broken or destroyed in combat within 12\"",
                                     "des amis sont démoralisés / anéantis au combat dans un rayon de 12ps"),
    PanicTrigger.CHARGED_FLANK_REAR: ("charged in the flank or rear", "chargée de flanc ou par l'arrière"),
    PanicTrigger.GENERAL_KILLED: ("the general is killed", "le général est tué"),
    PanicTrigger.SHOOTING_25: ("25% or more casualties in one shooting phase",
                               "25% ou plus de pertes lors d'une seule phase de tir"),
    PanicTrigger.NEGLECTED_CHARGER: ("charged by an enemy it neglected",
                                     "chargée par un ennemi qu'elle a négligé"),
}


def _trigger(trigger: Any) -> PanicTrigger:
    try:
        return PanicTrigger(trigger)
    except ValueError:
        raise CampagneError("wab.psy.bad_trigger", trigger=trigger,
                            allowed=", ".join(t.value for t in PanicTrigger)) from None


def _panic_setup(nerve: Nerve, trigger: PanicTrigger, won_combat: bool) -> tuple[int | None, bool, list]:
    trace = [step("trigger", PANIC_TEXT[trigger][0], PANIC_TEXT[trigger][1], trigger=trigger.value)]
    if nerve.frenzied:
        trace.append(step("frenzy", "frenzied within charge reach: not affected by panic",
                          "frénétique à portée de charge : pas affectée par la panique"))
        return None, False, trace
    if nerve.stubborn and trigger is PanicTrigger.FRIENDS_FLEEING_4:
        trace.append(step("stubborn", "stubborn: no test for friends fleeing within 4\"",
                          "têtue : pas de test pour des amis en fuite à moins de 4ps"))
        return None, False, trace
    ld, ld_trace = nerve.effective_ld()
    trace += ld_trace
    target = ld
    if nerve.half_strength:
        target -= 1
        trace.append(step("half_strength", "reduced to half or less: -1 Ld",
                          "réduite de moitié ou plus : -1 au Commandement", value=-1))
    reroll = trigger is PanicTrigger.FRIENDS_BROKEN_12 and won_combat
    return target, reroll, trace


def panic_test(dice: Dice, nerve: Nerve, trigger: PanicTrigger | str, *,
               won_combat: bool = False) -> TestResult:
    """A panic test; outcomes holds, flees ("s'enfuit comme une unité démoralisée") or immune.

    `won_combat`: trigger 2 only, "Si l'unité a gagné son corps à corps, elle bénéficie d'une relance".
    """
    trig = _trigger(trigger)
    target, reroll, trace = _panic_setup(nerve, trig, won_combat)
    if target is None:
        return TestResult("panic", "immune", True, None, (), tuple(trace))
    rolls: list[Roll] = []
    ok = roll_2d6(dice, target, "panic test", trace, rolls)
    if not ok and reroll:
        trace.append(step("won_combat", "won its combat: re-roll", "a gagné son corps à corps : relance"))
        ok = roll_2d6(dice, target, "panic test (re-roll)", trace, rolls, "reroll")
    return TestResult("panic", "holds" if ok else "flees", ok, target, tuple(rolls), tuple(trace),
                      {} if ok else {"flee": True})


def panic_odds(nerve: Nerve, trigger: PanicTrigger | str, *, won_combat: bool = False) -> dict[str, Fraction]:
    target, reroll, _ = _panic_setup(nerve, _trigger(trigger), won_combat)
    if target is None:
        return odds(immune=ONE)
    fail = 1 - p_2d6_at_most(target)
    if reroll:
        fail *= fail
    return odds(holds=1 - fail, flees=fail)


def panic_from_friends_fleeing(models: int, fleeing_models: Iterable[int], *,
                               ratio_rule: bool = True) -> bool:
    """Trigger 1 "Des amis (2 :1)": do these fleeing friends within 4\" call for a test?

    Read as: friends that the unit outnumbers by 2 to 1 or more do not panic it (see INTERPRETATIONS).
    """
    fleeing = [f for f in fleeing_models if f > 0]
    if not ratio_rule:
        return bool(fleeing)
    return any(models < 2 * f for f in fleeing)


def shooting_panic(models_at_start: int, casualties: int) -> bool:
    """Trigger 5: "25% ou plus de pertes lors d'une seule phase de tir"."""
    return models_at_start > 0 and casualties * 4 >= models_at_start


# --------------------------------------------------------------------------- fear and terror

Failure = tuple[str, dict[str, Any], tuple[str, str]]  # outcome, effects, (English, French) of a failed test


FEAR_SITUATIONS = ("charged", "charging")
TERROR_SITUATIONS = ("charged", "charging", "within_8")


def _situation(test: str, situation: str, allowed: tuple[str, ...]) -> str:
    if situation not in allowed:
        raise CampagneError("wab.psy.bad_situation", test=test, situation=situation,
                            allowed=", ".join(allowed))
    return situation


def _fear_failure(situation: str, outnumbered: bool) -> Failure:
    if situation == "charging":
        return "no_charge", {"no_charge": True, "no_shooting": True}, (
            "failed: the charge does not take place; the unit stays and may not shoot",
            "échec : la charge n'a pas lieu, l'unité reste sur place et ne peut tirer")
    if outnumbered:
        return "flees", {"flee": True}, ("failed and outnumbered by the feared enemy: flees",
                                         "échec et l'adversaire est supérieur en nombre : fuit")
    return "hits_on_6", {"hits_on": 6, "first_round": True, "reaction_shots_on": 6}, (
        "failed but not outnumbered: stays, needs 6s to hit in the first round and with reaction shots",
        "échec mais pas en infériorité numérique : reste, il faudra des 6 pour toucher au premier tour "
        "et pour les tirs de réaction")


def _frenzy_proof_test(dice: Dice, nerve: Nerve, test: str, immune: tuple[str, str], failure: Failure
                       ) -> TestResult:
    """Fear and terror: a frenzied unit is not affected; else a Leadership test, `failure` if failed."""
    trace: list[dict[str, Any]] = []
    if nerve.frenzied:
        trace.append(step("frenzy", *immune))
        return TestResult(test, "immune", True, None, (), tuple(trace))
    target, ld_trace = nerve.effective_ld()
    trace += ld_trace
    rolls: list[Roll] = []
    if roll_2d6(dice, target, f"{test} test", trace, rolls):
        return TestResult(test, "passed", True, target, tuple(rolls), tuple(trace))
    outcome, effects, (en, fr) = failure
    trace.append(step(outcome, en, fr))
    return TestResult(test, outcome, False, target, tuple(rolls), tuple(trace), effects)


def _frenzy_proof_odds(nerve: Nerve, failure: Failure) -> dict[str, Fraction]:
    if nerve.frenzied:
        return odds(immune=ONE)
    p = p_2d6_at_most(nerve.effective_ld()[0])
    return odds(passed=p, **{failure[0]: 1 - p})


def fear_test(dice: Dice, nerve: Nerve, situation: str = "charged", *,
              outnumbered: bool = False) -> TestResult:
    """Fear test when charged by ("charged") or wishing to charge ("charging") a fear-causing enemy.

    `outnumbered`: the feared enemy has more models than the unit ("supérieur en nombre").
    """
    _situation("fear", situation, FEAR_SITUATIONS)
    return _frenzy_proof_test(dice, nerve, "fear", ("frenzied: not affected by fear",
                                                    "frénétique : pas affectée par la peur"),
                              _fear_failure(situation, outnumbered))


def fear_odds(nerve: Nerve, situation: str = "charged", *, outnumbered: bool = False) -> dict[str, Fraction]:
    _situation("fear", situation, FEAR_SITUATIONS)
    return _frenzy_proof_odds(nerve, _fear_failure(situation, outnumbered))


TERROR_FAILURE: Failure = ("flees", {"flee": True}, ("failed: flees like a unit broken in combat",
                                                    "échec : fuit comme une unité démoralisée en corps à corps"))


def terror_test(dice: Dice, nerve: Nerve, situation: str = "charged") -> TestResult:
    """Terror test (charging, charged by, or a terror-causing enemy within 8" at the start of the turn)."""
    _situation("terror", situation, TERROR_SITUATIONS)
    return _frenzy_proof_test(dice, nerve, "terror", ("frenzied within charge reach: not affected by terror",
                                                      "frénétique à portée de charge : pas affectée par la terreur"),
                              TERROR_FAILURE)


def terror_odds(nerve: Nerve, situation: str = "charged") -> dict[str, Fraction]:
    _situation("terror", situation, TERROR_SITUATIONS)
    return _frenzy_proof_odds(nerve, TERROR_FAILURE)


# --------------------------------------------------------------------------- rally, return


def _rally_setup(nerve: Nerve, enemy_within_8: bool) -> tuple[int | None, list]:
    if not tables.can_rally(nerve.models, character=nerve.character):
        return None, [step("too_few", f"{nerve.models} models: at least five are needed to rally",
                           f"{nerve.models} figurines : il en faut au moins cinq pour se rallier")]
    target, trace = nerve.effective_ld()
    if nerve.half_strength:
        target -= 1
        trace.append(step("half_strength", "reduced to half or less: -1", "réduite de moitié ou plus : -1",
                          value=-1))
    if enemy_within_8:
        target -= 1
        trace.append(step("enemy_8", "enemy within 8\": -1", "ennemi à moins de 8ps : -1", value=-1))
    return target, trace


def rally_test(dice: Dice, nerve: Nerve, *, enemy_within_8: bool = False) -> TestResult:
    """Rally at the start of the movement phase: rallied (reforms, does nothing else), keeps_fleeing,
    too_few."""
    target, trace = _rally_setup(nerve, enemy_within_8)
    if target is None:
        return TestResult("rally", "too_few", False, None, (), tuple(trace), {"flee": True})
    rolls: list[Roll] = []
    if roll_2d6(dice, target, "rally test", trace, rolls):
        trace.append(step("rallied", "rallied: reforms but can do nothing else this turn",
                          "ralliée : se reforme mais ne peut rien faire d'autre ce tour"))
        return TestResult("rally", "rallied", True, target, tuple(rolls), tuple(trace),
                          {"reform": True, "no_move": True, "no_shooting": True, "no_charge": True})
    trace.append(step("keeps_fleeing", "failed: keeps fleeing", "échec : continue à fuir"))
    return TestResult("rally", "keeps_fleeing", False, target, tuple(rolls), tuple(trace), {"flee": True})


def rally_odds(nerve: Nerve, *, enemy_within_8: bool = False) -> dict[str, Fraction]:
    target, _ = _rally_setup(nerve, enemy_within_8)
    if target is None:
        return odds(too_few=ONE)
    p = p_2d6_at_most(target)
    return odds(rallied=p, keeps_fleeing=1 - p)


def return_test(dice: Dice, nerve: Nerve) -> TestResult:
    """"Les unités qui ont quitté la table doivent faire un test pour y revenir": a plain Ld test."""
    result = leadership_test(dice, nerve, test="return")
    return TestResult("return", "returns" if result.passed else "stays_off", result.passed, result.target,
                      result.rolls, result.trace)


def return_odds(nerve: Nerve) -> dict[str, Fraction]:
    p = p_2d6_at_most(nerve.effective_ld()[0])
    return odds(returns=p, stays_off=1 - p)
