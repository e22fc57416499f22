"""The tracker's rolls of the tests due (`battle roll`): each test with the facts it asks for, its odds, its dice and
what it does (a unit flees, a charge is given up...). The commands as a whole are in `tracker_commands`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.errors import CampagneError, bilingual
from ...core.dice import Dice
from .tracker import (BattleState, Charge, PASSING, Pending, bool_field, event, nerve, pending_odds,
                      start_fleeing, with_faces)
from .rhythm import NEAR_FACTS, questions, report_fact
from . import psychology, working


Events = list[dict[str, Any]]


# --------------------------------------------------------------------------- roll


def _read_roll(state: BattleState, cmd: Mapping[str, Any]) -> tuple[str | None, bool, Pending, dict[str, bool]]:
    """The test asked for (None: the first due), whether all are rolled, the first rolled and the answers given
    to the tracker's questions; refused when no test is due, or the test, a box or an answer is wrong."""
    tests = [p for p in state.pending if p.kind == "test"]
    if not tests:
        raise CampagneError("wab.battle.nothing_to_roll")
    wanted = cmd.get("test")
    if wanted is not None and not any(p.id == wanted for p in tests):
        raise CampagneError("wab.battle.no_test", test=wanted, pending=", ".join(p.id for p in tests) or "-")
    roll_all = bool_field(cmd, "all")
    first = next(p for p in tests if p.id == wanted) if wanted is not None else tests[0]
    answers = {name: bool_field(cmd, name) for name in NEAR_FACTS if cmd.get(name) is not None}
    return wanted, roll_all, first, answers


def roll_checks(state: BattleState, cmd: Mapping[str, Any]) -> None:
    """`cmd_roll`'s refusals, asked on the state itself and leaving it as it was (the answers are reported for the
    questions' sake, then taken back): what follows them, the tests rolled and what they do, refuses nothing
    (tests/test_wab_legal_probe.py holds it to the trial on a copy)."""
    _wanted, _all, first, answers = _read_roll(state, cmd)
    if not answers:
        ask = questions(state, first)
    else:
        bu = state.units[first.unit]
        kept = {attr: getattr(bu, attr) for attr, *_ in NEAR_FACTS.values()}
        reported = bu.reported
        bu.reported = dict(reported)
        try:
            for name, value in answers.items():
                report_fact(state, bu, name, value)
            ask = questions(state, first)
        finally:
            for attr, value in kept.items():
                setattr(bu, attr, value)
            bu.reported = reported
    if ask:
        raise _question(state, first, ask)


def cmd_roll(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    wanted, roll_all, first, answers = _read_roll(state, cmd)
    # the answers to the tracker's questions, for the unit of the (first) test rolled
    for name, value in answers.items():
        report_fact(state, state.units[first.unit], name, value)
    ask = questions(state, first)
    if ask:
        raise _question(state, first, ask)

    def go(d: Dice) -> Events:
        events: Events = []
        if wanted is not None:
            return roll_test(state, first, d)
        for _ in range(1000):
            left = [p for p in state.pending if p.kind == "test"]
            if not left:
                break
            ask = questions(state, left[0])
            if ask:  # stop before a test that needs a fact: asked for with that test
                e = _question(state, left[0], ask)
                events.append(event("question", e.message("en"), e.message("fr"), test=left[0].id, facts=ask))
                break
            events += roll_test(state, left[0], d)
            if not roll_all:
                break
        return events
    return with_faces(cmd, dice, go)


def _question(state: BattleState, p: Pending, ask: list[str]) -> CampagneError:
    bu = state.units[p.unit]
    return CampagneError("wab.battle.ask", unit=bilingual(bu.name, bu.name_fr),
                         test=bilingual(p.test, _fr(p.test)), id=p.id,
                         facts=bilingual(", or ".join(NEAR_FACTS[n][1] for n in ask),
                                         ", ou ".join(NEAR_FACTS[n][2] for n in ask)),
                         answer=" ".join(f"--set {n}=true|false" for n in ask))


def roll_test(state: BattleState, p: Pending, dice: Dice) -> Events:
    """Roll one pending test and apply what it does."""
    bu = state.units[p.unit]
    n = nerve(state, bu)
    chances = working.odds_fields(pending_odds(state, p), PASSING)  # before the dice: the odds it was taken at
    state.pending.remove(p)
    events: Events = []
    if p.test == "panic":
        r = psychology.panic_test(dice, n, p.reason, won_combat=bool(p.params.get("reroll")))
    elif p.test == "fear":
        r = psychology.fear_test(dice, n, p.reason, outnumbered=bool(p.params.get("outnumbered")))
    elif p.test == "terror":
        r = psychology.terror_test(dice, n, p.reason)
    elif p.test == "rally":
        r = psychology.rally_test(dice, n, enemy_within_8=bu.enemy_within_8)
    elif p.test == "return":
        r = psychology.return_test(dice, n)
    else:  # reform
        r = psychology.leadership_test(dice, n, test="reform")
    said = outcome(r.outcome)
    events.append(event("test", f"{bu.name}: {p.test} test ({p.en}): {said[0]}",
                        f"{bu.name_fr} : test de {_fr(p.test)} ({p.fr}) : {said[1]}", test=p.id, unit=bu.key,
                        kind=p.test, reason=p.reason, result=r.to_dict(), **chances,
                        working=[working.odds_line(chances), *working.test_lines(r.to_dict())]))
    charge = next((c for c in state.charges if c.id == p.charge), None)
    if p.test in ("panic", "terror", "fear") and r.effects.get("flee"):
        if charge is not None and charge.charger == bu.key:
            events += _cancel_charge(state, charge)
        events += start_fleeing(state, bu, dice, why=(f"failed {p.test} test", f"test de {_fr(p.test)} raté"))
    elif p.test == "fear" and r.outcome == "no_charge" and charge is not None:
        bu.no_shooting = bu.no_charge = True
        events += _cancel_charge(state, charge)
    elif p.test == "fear" and r.outcome == "hits_on_6" and charge is not None:
        charge.target_fear_failed = True
    elif p.test == "rally":
        if r.outcome == "rallied":
            for u in [bu, *[c for c in state.units.values() if c.attached_to == bu.key
                            and c.status == "fleeing"]]:
                u.status, u.rallied, u.no_shooting, u.no_charge = "ready", True, True, True
                u.fled_inches = u.flee_distance = 0
                u.fled_from, u.broke_at = None, None
            events.append(event("rallied", f"{bu.name} rallies and reforms; it can do nothing else this turn",
                                f"{bu.name_fr} se rallie et se reforme ; elle ne peut rien faire d'autre ce "
                                "tour",
                                unit=bu.key))
        else:
            move = psychology.flee_distance(dice, bu.unit.profile.M, purpose=f"{bu.key} keeps fleeing")
            events += start_fleeing(state, bu, dice, why=("keeps fleeing", "continue à fuir"), roll=move,
                                    from_unit=bu.fled_from)
    elif p.test == "return" and r.passed:
        bu.status = "ready"
        for c in state.units.values():
            if c.attached_to == bu.key and c.status == "off_table":
                c.status = "ready"
        events.append(event("returns", f"{bu.name} comes back on the table",
                            f"{bu.name_fr} revient sur la table",
                            unit=bu.key))
    elif p.test == "reform":
        bu.reformed = bu.no_shooting = True
    return events


OUTCOMES = {
    "passed": ("passed", "réussi"), "failed": ("failed", "raté"), "holds": ("holds", "tient"),
    "flees": ("flees", "fuit"), "immune": ("immune", "immunisée"), "hits_on_6": ("stays, hits on 6s",
                                                                                 "reste, touche sur des 6"),
    "no_charge": ("no charge", "pas de charge"), "rallied": ("rallied", "ralliée"),
    "keeps_fleeing": ("keeps fleeing", "continue à fuir"), "too_few": ("too few to rally",
                                                                       "trop peu pour se rallier"),
    "returns": ("comes back", "revient"), "stays_off": ("stays off the table", "reste hors de la table"),
    "broken": ("broken", "démoralisée"), "auto_broken": ("broken automatically",
                                                         "démoralisée automatiquement"),
    "resists": ("resists", "résiste"), "gives_ground": ("gives ground", "lâche du terrain"),
}


def outcome(key: str) -> tuple[str, str]:
    return OUTCOMES.get(key, (key.replace("_", " "), key.replace("_", " ")))


def _fr(test: str) -> str:
    from .tracker import TEST_FR
    return TEST_FR.get(test, test)


def _cancel_charge(state: BattleState, ch: Charge) -> Events:
    ch.status = "cancelled"
    state.pending = [p for p in state.pending if p.charge != ch.id]
    c = state.units[ch.charger]
    return [event("charge_cancelled", f"The charge of {c.name} does not take place; it stays where it is and "
                                      "may not shoot",
                  f"La charge de {c.name_fr} n'a pas lieu ; l'unité reste sur place et ne peut tirer",
                  charge=ch.id)]
