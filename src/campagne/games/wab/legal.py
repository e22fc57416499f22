"""What may be ordered now in a WAB battle followed by the tracker, as data (`core.interface.LegalOrder`).

The tracker is the referee's: he reports what happens on the table as facts and moves the battle on. A side
(`a` or `b`) is awaited when one of its units has a test to take or a reaction to choose: it may roll its tests
and choose its reactions; everything else is the referee's. Every order listed is accepted by the tracker
(`core.legal.accepts`).

Limits: facts that carry table geometry (a charge's distance, a move, a shot at a range, who is near whom) are
the table's and are not listed, except the yes-or-no facts a test asks for (`tracker.questions`), listed as
the roll's fields; in a battle whose dice are rolled at the table (the set-up's `table_dice`), while a command
waits for them, only they (one box per die of the stage, `dice_fields`) or its cancelling are listed, to the referee
and to the side that gave it; a reaction is listed with the reactions the sheet allows for a charged unit, a
casualty report with 1 to all of a unit's models, the end with either winner or none.

A casualty report (two a unit, at every listing of the referee's orders) and the end are asked without a copy,
through the tracker's own checks on the state itself (`_accepts`); tests/test_wab_legal_probe.py holds it to the trial.
"""

from __future__ import annotations

from typing import Any

from ...core.errors import CampagneError
from ...core.interface import Field, LegalOrder
from ...core.legal import accepts
from .table_dice import DIE
from .tracker import BattleState

REACTIONS = ("hold", "stand_and_shoot", "flee")
REFEREE = "referee"


def _rules() -> Any:
    from .tracker import WabBattle
    return WabBattle()


def _accepts(state: BattleState, command: dict[str, Any]) -> bool:
    """Would the tracker accept `command` now? A casualty report and the end (without quarters) through the
    tracker's own checks on the state itself (`casualties_checks`, `end_checks`: what follows them refuses
    nothing, and neither rolls a die, so the table's dice change nothing), any other order tried on a copy."""
    kind = command.get("type")
    if state.table_dice is None and state.phase != "ended" and (
            kind == "fact" and command.get("fact") == "casualties" or kind == "end" and "quarters" not in command):
        from .tracker_commands import end_checks
        from .tracker_facts import casualties_checks, check_fact_fields
        try:
            if kind == "end":
                end_checks(state, command)
            else:
                check_fact_fields("casualties", command)
                casualties_checks(state, command)
        except CampagneError:
            return False
        return True
    return accepts(_rules(), state, command)


def _keep(state: BattleState, orders: list[LegalOrder]) -> list[LegalOrder]:
    """The orders whose every listed value the tracker accepts (asked value by value, `_accepts`)."""
    kept = []
    for lo in orders:
        fields = []
        base = {f.name: False for f in lo.fields if f.kind == "bool"}  # a box left unticked
        for f in lo.fields:
            if f.kind == "choice":
                good = tuple(v for v in f.choices if _accepts(state, lo.command({**base, f.name: v})))
                if not good:
                    break
                # left out only where the tracker takes it without (a drawn battle's end needs a winner)
                optional = f.optional and _accepts(state, lo.command(base))
                fields.append(Field(f.name, choices=good, optional=optional))
            elif f.kind in ("int", "bool"):
                # a one-model unit's casualties: 1 is both ends, tried once
                ends = dict.fromkeys((f.low, f.high) if f.kind == "int" else (False, True))
                if not all(_accepts(state, lo.command({**base, f.name: v})) for v in ends):
                    break
                fields.append(f)
            else:
                fields.append(f)
        else:
            if fields or _accepts(state, lo.command(base)):
                kept.append(LegalOrder(lo.type, lo.player, lo.fixed, tuple(fields)))
    return kept


def legal_orders(state: BattleState, player: str) -> list[LegalOrder]:
    if state.phase == "ended":
        return []
    if player in ("a", "b"):
        return _side(state, player)
    if player != REFEREE:
        return []
    if state.table_dice is not None:
        # a command waits for the table's dice: only they or giving it up
        return [LegalOrder("dice", REFEREE, {}, dice_fields(state)), LegalOrder("dice", REFEREE, {"cancel": True})]
    orders = [LegalOrder("next", REFEREE), LegalOrder("fight", REFEREE),
              LegalOrder("end", REFEREE, {}, (Field("winner", choices=("a", "b"), optional=True),))]
    tests = [p for p in state.pending if p.kind == "test"]
    if tests:
        orders.append(LegalOrder("roll", REFEREE, {"all": True}, _answers(state, tests[0])))
    for bu in state.units.values() if isinstance(state.units, dict) else state.units:
        if bu.models > 0:
            orders.append(LegalOrder("fact", REFEREE, {"fact": "casualties", "unit": bu.key},
                                     (Field("models", "int", low=1, high=bu.models),)))
    return _keep(state, orders) + [o for p in ("a", "b") for o in _side(state, p, REFEREE)]


def dice_fields(state: BattleState) -> tuple[Field, ...]:
    """One box per die of the stage the table rolls now, bounded by the die, each noting what it needs."""
    w = state.table_dice["wanted"]  # type: ignore[index]
    needs = {"en": w["en"], "fr": w["fr"]}
    return tuple(Field(DIE.format(i + 1), "int", low=1, high=w["sides"], notes={"each": needs})
                 for i in range(w["count"]))


def _answers(state: BattleState, p: Any) -> tuple[Field, ...]:
    """The distance facts a test asks for this turn (`tracker.questions`): yes or no, each."""
    from .rhythm import questions
    return tuple(Field(name, "bool") for name in questions(state, p))


def _side(state: BattleState, side: str, player: str | None = None) -> list[LegalOrder]:
    who = player or side
    waiting = state.table_dice
    if waiting is not None:  # the side whose command waits for the table's dice enters them too
        if player is None and waiting["command"].get("player") == side:
            return [LegalOrder("dice", side, {}, dice_fields(state))]
        return []
    orders = []
    for p in state.pending:
        if p.side != side:
            continue
        if p.kind == "test":
            orders.append(LegalOrder("roll", who, {"test": p.id}, _answers(state, p)))
        elif p.kind == "reaction":
            orders.append(LegalOrder("fact", who, {"fact": "react", "unit": p.unit},
                                     (Field("reaction", choices=REACTIONS),)))
    return _keep(state, orders)
