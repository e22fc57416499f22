"""The commands of the WAB battle tracker (tracker.py): next, roll, fight, end and the referee's facts.

Every handler checks everything it can before changing the state (a refused command changes
nothing); rolls go through the command's `Dice` (or the faces given, `tracker.with_faces`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...core.errors import CampagneError
from ...core.dice import Dice
from .tracker_rolls import Events, cmd_roll
from .tracker_fight import cmd_fight
from .tracker_facts import cmd_fact, set_quarters
# where the other modules have always found them (cli_battle, tracker_melee)
from .tracker_facts import FACTS, FACT_FIELDS, INT_FACT_FIELDS
from .tracker_fight import after_break, exchanges, fight, share_of
from .tracker_rolls import outcome
from .tracker import BattleState, PHASE_NAMES, add_due, bool_field, event, other, side_field, situation_of
from .rhythm import last_phase, forget_facts, idle_phase
from . import psychology


# --------------------------------------------------------------------------- next


def _blocking(state: BattleState) -> None:
    if state.pending:
        items = ", ".join(f"{p.id} {p.test} {p.unit}" for p in state.pending)
        raise CampagneError("wab.battle.pending", items=items)


def _start_side_turn(state: BattleState, turn: int, side: str) -> Events:
    state.turn, state.side, state.phase = turn, side, "start_of_turn"
    forget_facts(state)  # a fact of the last player turn is never carried over unasked
    for bu in state.side_units(side):
        bu.moved = bu.rallied = bu.reformed = bu.no_shooting = bu.no_charge = bu.shot = bu.pursued = False
        bu.marched = bu.charged = None
    events = [event("turn", f"Turn {turn}, side {side} ({state.sides[side]['name']}): start of turn",
                    f"Tour {turn}, camp {side} ({state.sides[side]['name']}) : début du tour", turn=turn,
                    side=side,
                    phase="start_of_turn")]
    # 1 "Les unités qui ont quitté la table doivent faire un test pour y revenir."
    for bu in state.side_units(side):
        if bu.status == "off_table":
            events += add_due(state, bu, psychology.tests_due(situation_of(state, bu, "start_of_turn")))
    return events


def next_checks(state: BattleState, cmd: Mapping[str, Any]) -> bool:
    """Everything that may refuse `next`, reading the state only (the legal orders ask it on the state itself):
    the first phase's move on (`_next_checks`) and the command's field. The phases then passed refuse
    nothing: one is passed only with no test pending (`idle_phase`), and the scenario's last close combat
    stops the passing (`last_phase`) before its move on could refuse."""
    _next_checks(state)
    return bool_field(cmd, "one_phase")


def cmd_next(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    """Move on to the next phase, then past every phase with nothing to do (`idle_phase`), each
    journaled as passed: the referee's `next` lands where the table has something to do (`one_phase`:
    one phase only, for a program that plays every phase)."""
    one_phase = next_checks(state, cmd)
    events = _next_phase(state)
    if one_phase:  # a program stepping through every phase (the auto-battle's robot)
        return events
    for _ in range(12):  # at most a whole turn of two sides
        why = idle_phase(state)
        if why is None or last_phase(state):
            break
        events.append(event("phase_passed", f"{PHASE_NAMES[state.phase][0]}: nothing to do ({why[0]}), passed",
                            f"{PHASE_NAMES[state.phase][1]} : rien à faire ({why[1]}), phase passée",
                            phase=state.phase, side=state.side, turn=state.turn))
        events += _next_phase(state)
    return events


def _next_checks(state: BattleState) -> None:
    """What refuses moving on to the next phase: a test pending; in close combat, a combat not fought, or the
    scenario's last turn over (the battle waits for `end`)."""
    _blocking(state)
    if state.phase != "close_combat":
        return
    todo = [e for e in state.engagements if not e.fought]
    if todo:
        raise CampagneError("wab.battle.unfought", items=", ".join(f"{e.attacker} / {e.defender}"
                                                                   for e in todo))
    if state.side != state.first and state.max_turns is not None and state.turn >= state.max_turns:
        raise CampagneError("wab.battle.last_turn", turn=state.turn, max=state.max_turns)


def _next_phase(state: BattleState) -> Events:
    _next_checks(state)
    if state.phase == "deployment":
        return _start_side_turn(state, 1, state.first)
    if state.phase == "start_of_turn":
        state.phase = "movement"
        events = [event("phase",
                        "Movement: charges and reactions, rally, compulsory moves, charges, other moves",
                        "Mouvement : charges et réactions, ralliement, mouvements obligatoires, charges, "
                        "autres mouvements", phase="movement")]
        # "Une unité peut tenter de se rallier au début de sa phase de mouvement."
        for bu in state.side_units(state.side):
            if bu.status == "fleeing" and bu.models > 0:
                events += add_due(state, bu, psychology.tests_due(situation_of(state, bu, "movement")))
        return events
    if state.phase == "movement":
        events: Events = []
        for ch in state.charges:
            if ch.status == "declared" and ch.turn == state.turn and ch.side == state.side:
                ch.status = "failed"
                c = state.units[ch.charger]
                events.append(event("charge_failed",
                                    f"The charge of {c.name} did not reach: it moves its normal "
                                                     f"move ({c.unit.profile.M}\") towards its target",
                                    f"La charge de {c.name_fr} n'a pas atteint sa cible : l'unité se déplace de "
                                    f"son mouvement normal ({c.unit.profile.M}ps) dans sa direction",
                                    charge=ch.id))
        state.phase = "shooting"
        for bu in state.units.values():
            bu.phase_start_models, bu.phase_shooting_casualties = bu.models, 0
        return events + [event("phase", "Shooting", "Tir", phase="shooting")]
    if state.phase == "shooting":
        state.phase = "close_combat"
        for e in state.engagements:
            e.fought = False
        return [event("phase", "Close combat", "Corps à corps", phase="close_combat",
                      combats=[[e.attacker, e.defender] for e in state.engagements])]
    # close combat (every combat fought, not the last turn: `_next_checks`)
    if state.side == state.first:
        return _start_side_turn(state, state.turn, other(state.first))
    return _start_side_turn(state, state.turn + 1, state.first)


# --------------------------------------------------------------------------- end


def end_checks(state: BattleState, cmd: Mapping[str, Any]) -> dict[str, Any]:
    """Everything that may refuse the end once the quarters given are set, reading the state only (the legal
    orders ask it on the state itself): the battle's result."""
    from .tracker_views import final_result
    return final_result(state, side_field(cmd, "winner"))


def end_refusals(state: BattleState, cmd: Mapping[str, Any]) -> None:
    """What `end_checks` refuses, without making the result (a winner that is no side, none when the points tie):
    the legal orders ask it at every listing."""
    from .tracker_views import decided_winner
    decided_winner(state, side_field(cmd, "winner"))


def cmd_end(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    # The battle may stop at any moment (the scenario's last turn, an army routed): tests still pending
    # are simply not taken.
    side_field(cmd, "winner")
    before = dict(state.quarters)
    if cmd.get("quarters") is not None:
        set_quarters(state, cmd["quarters"])
    try:
        result = end_checks(state, cmd)
    except CampagneError:
        state.quarters = before
        raise
    state.result = result
    state.phase = "ended"
    state.pending = []
    w = result["winner"]
    vp = result["vp"]
    return [event("battle_ended",
                  f"The battle is over: side {w} ({state.sides[w]['name']}) wins; victory points: "
                                  f"a {vp['a']}, b {vp['b']}",
                  f"La bataille est terminée : le camp {w} ({state.sides[w]['name']}) l'emporte ; points de "
                  f"victoire : a {vp['a']}, b {vp['b']}", result=result)]


COMMANDS: dict[str, Callable[[BattleState, Mapping[str, Any], Dice], Events]] = {
    "next": cmd_next,
    "roll": cmd_roll,
    "fight": cmd_fight,
    "fact": cmd_fact,
    "end": cmd_end,
}


__all__ = ["COMMANDS", "cmd_next", "cmd_end", "FACTS", "FACT_FIELDS", "INT_FACT_FIELDS", "fight", "exchanges",
           "share_of", "outcome", "after_break"]
