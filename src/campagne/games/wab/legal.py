"""What may be ordered now in a WAB battle followed by the tracker, as data (`core.interface.LegalOrder`).

The tracker is the referee's: he reports what happens on the table as facts and moves the battle on. A side
(`a` or `b`) is awaited when one of its units has a test to take or a reaction to choose: it may roll its tests
and choose its reactions; everything else is the referee's. Every order listed is accepted by the tracker
(`core.legal.accepts`), each of its choices too, but for a table fact's targets (chosen by the tracker's own
rules, `_table_facts`: trying each would cost a page its time).

Limits: facts that carry table geometry are the table's; listed are those a test or a charge needs
(`_table_facts`: a charge with its target, facing and distance, a move's kind, a base contact, a terror-causing
enemy or a fleeing friend near a unit at the start of a turn) and the yes-or-no facts a test asks for
(`tracker.questions`), listed as the roll's fields; a shot and the rest of the table's facts are not. In a battle
whose dice are rolled at the table (the set-up's `table_dice`), while a command waits for them, only they (one box
per die of the stage, `dice_fields`) or its cancelling are listed, to the referee and to the side that gave it; a
reaction is listed with the reactions the sheet allows for a charged unit, a casualty report with 1 to all of a
unit's models, the end with either winner or none.

A casualty report (two a unit, at every listing of the referee's orders), the end, `next`, the table's facts and a
charge reaction are asked without a copy, through the tracker's own checks on the state itself (`_accepts`), a
unit's kinds of move at once (`tracker_facts.move_kinds`), and a fight's first checks before its trial;
tests/test_wab_legal_probe.py holds them to the trial.
"""

from __future__ import annotations

from typing import Any

from ...core.errors import CampagneError
from ...core.interface import Field, LegalOrder
from ...core.legal import accepts
from .battle_state import FACINGS
from .table_dice import DIE
from .tracker import BattleState
from .tracker_commands import end_refusals, next_checks
from .tracker_facts import FACT_CHECKS, fact_checks, move_kinds
from .tracker_fight import fight_todo
from .tracker_rolls import roll_checks

REACTIONS = ("hold", "stand_and_shoot", "flee")
REFEREE = "referee"


def _rules() -> Any:
    from .tracker import WabBattle
    return WabBattle()


def _accepts(state: BattleState, command: dict[str, Any]) -> bool:
    """Would the tracker accept `command` now? Through the tracker's own checks on the state itself, for the orders
    whose handler is split into its checks and a change that refuses nothing: the facts of
    `tracker_facts.FACT_CHECKS` (casualties, charge, contact, move, near, react), the end without quarters, `next`
    (a die a change needs from the table only makes the command wait for it), a test's roll; a fight's first checks
    (`fight_todo`) refuse without a copy, and any other order, or a fight they let through, is tried on a copy."""
    kind = command.get("type")
    if state.table_dice is not None or state.phase == "ended" or "faces" in command:
        return accepts(_rules(), state, command)
    try:
        if kind == "fact" and command.get("fact") in FACT_CHECKS:
            fact_checks(state, command)
            return True
        if kind == "end" and "quarters" not in command:
            end_refusals(state, command)
            return True
        if kind == "next":
            next_checks(state, command)
            return True
        if kind == "roll":
            roll_checks(state, command)
            return True
        if kind == "fight":
            fight_todo(state, command)
    except CampagneError:
        return False
    return accepts(_rules(), state, command)


def _keep(state: BattleState, orders: list[LegalOrder]) -> list[LegalOrder]:
    """The orders whose every listed value the tracker accepts (asked value by value, `_accepts`)."""
    kept = []
    for lo in orders:
        fields = []
        # each field tried beside the others' first values: a box left unticked, a number's least, a choice's
        # first (then its first good one: a charge's distance is tried against a target it may charge)
        base = _first(lo)
        for f in lo.fields:
            if f.kind == "choice":
                good = tuple(v for v in f.choices if _accepts(state, lo.command({**base, f.name: v})))
                if not good:
                    break
                # left out only where the tracker takes it without (a drawn battle's end needs a winner)
                optional = f.optional and _accepts(state, lo.command(base))
                fields.append(Field(f.name, choices=good, optional=optional))
                if f.name in base:
                    base[f.name] = good[0]
            elif f.kind in ("int", "bool"):
                # a one-model unit's casualties: 1 is both ends, tried once; and a casualty report's checks read
                # its count only as within 1..models, this field's own bounds: its least answers for both
                ends = ((f.low,) if lo.fixed.get("fact") == "casualties" else
                        dict.fromkeys((f.low, f.high) if f.kind == "int" else (False, True)))
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
    return _keep(state, orders) + _table_facts(state) + [o for p in ("a", "b") for o in _side(state, p, REFEREE)]


MOVES = ("move", "march", "forced_march", "reform")
TABLE = 72  # inches: the longest distance a table's charge is measured over (a longer one is refused here only)


def _table_facts(state: BattleState) -> list[LegalOrder]:
    """The facts of the table a test or a charge needs, as forms (the club's pages offer only what is listed): at
    the start of a turn, a terror-causing enemy within 8" or a friend fleeing near a unit of the side whose turn
    it is (the tests they bring); in the movement phase, its units' charges (target, facing, distance), moves (the
    kinds each may make) and base contacts; in close combat, contacts. Only the side whose turn
    it is declares them (a charged unit's reaction is its own side's order)."""
    units = [bu for bu in state.units.values() if bu.models > 0 and bu.attached_to is None]
    mine = [bu for bu in units if bu.side == state.side and bu.status == "ready"]
    theirs = tuple(bu.key for bu in units if bu.side != state.side and bu.status in ("ready", "fleeing"))
    out = []
    for bu in mine:
        if state.phase == "start_of_turn":
            fleeing = tuple(f.key for f in units if f.side == bu.side and f.status == "fleeing")
            # each a fact the table reports when it holds (« yes »): a form of its own, the test it brings
            out.append(LegalOrder("fact", REFEREE, {"fact": "near", "unit": bu.key, "terror_within_8": True}))
            if fleeing:
                out.append(LegalOrder("fact", REFEREE, {"fact": "near", "unit": bu.key},
                                      (Field("friends_fleeing", choices=fleeing),)))
        if state.phase == "movement" and theirs:
            out.append(LegalOrder("fact", REFEREE, {"fact": "charge", "unit": bu.key}, (
                Field("target", choices=theirs), Field("facing", choices=FACINGS, optional=True),
                Field("distance", "int", low=1, high=TABLE))))
            # which moves it may make (the unit's checks made once for the four)
            kinds = move_kinds(state, {"type": "fact", "player": REFEREE, "fact": "move", "unit": bu.key}, MOVES)
            if kinds:
                out.append(LegalOrder("fact", REFEREE, {"fact": "move", "unit": bu.key},
                                      (Field("how", choices=kinds),)))
        if state.phase in ("movement", "close_combat"):
            touching = {e.defender if e.attacker == bu.key else e.attacker for e in state.engagements
                        if bu.key in (e.attacker, e.defender)}
            declared = {c.target for c in state.charges if c.charger == bu.key and c.status == "declared"}
            # a declared charge's contact waits for its tests and its reach: tried (the others as the rules say)
            targets = tuple(t for t in theirs if state.units[t].status == "ready" and t not in touching and (
                t not in declared or _accepts(state, {"type": "fact", "player": REFEREE,
                                                      "fact": "contact", "unit": bu.key, "target": t})))
            if targets:
                out.append(LegalOrder("fact", REFEREE, {"fact": "contact", "unit": bu.key}, (
                    Field("target", choices=targets), Field("facing", choices=FACINGS, optional=True))))
    # a charge, a contact or a test's facts: tried once, on its first values (its targets chosen above)
    return [lo for lo in out if lo.fixed["fact"] == "move" or _accepts(state, lo.command(_first(lo)))]


def _first(lo: LegalOrder) -> dict[str, Any]:
    """An order's required fields each at its first value (a box unticked, a number's least, a first choice)."""
    return {f.name: False if f.kind == "bool" else f.low if f.kind == "int" else f.choices[0]
            for f in lo.fields if not f.optional and (f.kind in ("bool", "int") or f.kind == "choice" and f.choices)}


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
