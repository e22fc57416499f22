"""The commands of the WAB battle tracker (tracker.py): next, roll, fight, end and the referee's facts.

Every handler checks everything it can before changing the state (a refused command changes
nothing); rolls go through the command's `Dice` (or the faces given, `tracker.with_faces`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...core.dice import Dice
from ...core.errors import CampagneError, bilingual
from ...core.names import did_you_mean
from . import combat, movement, odds, psychology, working
from .tracker import (FACINGS, HOWS, PHASE_NAMES, SIDES, TURN_PHASES, BattleState, BattleUnit, Charge, Engagement, Pending,
                      _active, _bool, _choice, _distance, _illegal, _int, _need_status, _phase, _side_field,
                      _situation, add_due, attached, capture_standard, destroy, engaged, event,
                      find_unit, general_of, missile_weapon, nerve, other, remove_models, resolve_shots,
                      start_fleeing, unit_state, with_faces, causes_fear, causes_terror, check_shots,
                      PASSING, pending_odds)
from .rhythm import NEAR_FACTS, last_phase, forget_facts, idle_phase, questions, report_fact

Events = list[dict[str, Any]]


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
            events += add_due(state, bu, psychology.tests_due(_situation(state, bu, "start_of_turn")))
    return events


def cmd_next(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    """Move on to the next phase, then past every phase with nothing to do (`idle_phase`), each
    journaled as passed: the referee's `next` lands where the table has something to do (`one_phase`:
    one phase only, for a program that plays every phase)."""
    events = _next_phase(state)
    if _bool(cmd, "one_phase"):  # a program stepping through every phase (the auto-battle's robot)
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


def _next_phase(state: BattleState) -> Events:
    _blocking(state)
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
                events += add_due(state, bu, psychology.tests_due(_situation(state, bu, "movement")))
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
                                    f"La charge de {c.name} n'a pas atteint sa cible : l'unité se déplace de "
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
    # close combat
    todo = [e for e in state.engagements if not e.fought]
    if todo:
        raise CampagneError("wab.battle.unfought", items=", ".join(f"{e.attacker} / {e.defender}"
                                                                   for e in todo))
    if state.side == state.first:
        return _start_side_turn(state, state.turn, other(state.first))
    if state.max_turns is not None and state.turn >= state.max_turns:
        raise CampagneError("wab.battle.last_turn", turn=state.turn, max=state.max_turns)
    return _start_side_turn(state, state.turn + 1, state.first)


# --------------------------------------------------------------------------- roll


def cmd_roll(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    tests = [p for p in state.pending if p.kind == "test"]
    if not tests:
        raise CampagneError("wab.battle.nothing_to_roll")
    wanted = cmd.get("test")
    if wanted is not None and not any(p.id == wanted for p in tests):
        raise CampagneError("wab.battle.no_test", test=wanted, pending=", ".join(p.id for p in tests) or "-")
    roll_all = _bool(cmd, "all")
    first = next(p for p in tests if p.id == wanted) if wanted is not None else tests[0]
    # the answers to the tracker's questions, for the unit of the (first) test rolled
    answers = {name: _bool(cmd, name) for name in NEAR_FACTS if cmd.get(name) is not None}
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
    return CampagneError("wab.battle.ask", unit=bu.name, test=bilingual(p.test, _fr(p.test)), id=p.id,
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
                        f"{bu.name} : test de {_fr(p.test)} ({p.fr}) : {said[1]}", test=p.id, unit=bu.key,
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
                                f"{bu.name} se rallie et se reforme ; elle ne peut rien faire d'autre ce "
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
                            f"{bu.name} revient sur la table",
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
                  f"La charge de {c.name} n'a pas lieu ; l'unité reste sur place et ne peut tirer",
                  charge=ch.id)]


# --------------------------------------------------------------------------- fight


def cmd_fight(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    _phase(state, ("Fighting", "Combattre"), "close_combat")
    todo = [e for e in state.engagements if not e.fought]
    detail = ("", "")
    if cmd.get("unit") is not None:
        bu = find_unit(state, cmd["unit"])
        todo = [e for e in todo if bu.key in (e.attacker, e.defender)]
        detail = (f" for {bu.key}", f" pour {bu.key}")
    if not todo:
        raise CampagneError("wab.battle.no_combat", detail=bilingual(*detail))
    situation = {"momentum": _side_field(cmd, "momentum"), "high_ground": _side_field(cmd, "high_ground"),
                 "difficult_terrain": _bool(cmd, "difficult_terrain")}
    from .tracker_melee import attack_shares, combats, fight_combat, given_attacks
    # units in contact, directly or through others, fight one combat (« Chaque camp additionne … »)
    chosen = {e.id for e in todo}
    groups = [[e.id for e in g] for g in combats([e for e in state.engagements if not e.fought])
              if any(e.id in chosen for e in g)]
    # the referee's allocation of a character's attacks: every character named fights in one of these combats
    given = cmd.get("attacks")
    named = [given_attacks(state, [x for x in state.engagements if x.id in ids], given) for ids in groups]
    for ref in (given or {}):
        if not any(ref in n for n in named):
            raise CampagneError("wab.battle.bad_field", field="attacks", value=ref,
                                reason=bilingual("a character fighting in this phase's combats",
                                                 "un personnage qui combat dans les combats de cette phase"))

    def go(d: Dice) -> Events:
        events: Events = []
        for ids, mine in zip(groups, named):
            group = [x for x in state.engagements if x.id in ids and not x.fought]
            if len(ids) == 1 and group:
                attack_shares(state, group, mine)  # refuses an allocation for a character fighting one unit
                events += fight(state, group[0], d, **situation)
            elif group:
                events += fight_combat(state, group, d, attacks=mine, **situation)
        return events
    return with_faces(cmd, dice, go)


def fight(state: BattleState, e: Engagement, dice: Dice, *, momentum: str | None = None,
          high_ground: str | None = None, difficult_terrain: bool = False) -> Events:
    """One round of close combat between an engaged pair (`combat.resolve_round`) and what follows."""
    A, B = state.units[e.attacker], state.units[e.defender]
    charge = "a" if (e.charged_at == [state.turn, state.side] and not e.counter) else None
    round_number = e.rounds + 1
    by_side = {"a": 0, "b": 0}
    events = exchanges(state, A, B, dice, charge, round_number, by_side)
    e.fought = True
    if A.status != "ready" or B.status != "ready" or e not in state.engagements:
        return events
    sa, sb = unit_state(state, A), unit_state(state, B)

    def role(side: str | None) -> str | None:  # a side (a/b) -> its unit's role in the pair
        return None if side is None else ("a" if A.side == side else "b")
    trace = combat.resolve_round(
        sa, sb, dice, character_wounds={"a": by_side[A.side], "b": by_side[B.side]},
        charge=charge, flank=e.facing == "flank", rear=e.facing == "rear",
        high_ground=role(high_ground or e.high_ground), momentum=role(momentum or e.momentum),
        difficult_terrain=difficult_terrain or e.difficult_terrain, round_number=round_number,
        fear_failed=e.fear_failed if round_number == 1 else ())
    e.rounds += 1
    res = trace.results
    lost = trace.casualties
    events.append(event(
        "combat", f"{A.name} ({res['a']}) against {B.name} ({res['b']}): {A.name} loses {lost['a']}, "
                  f"{B.name} loses {lost['b']}" + (f"; {_winner_name(trace, A, B)} wins" if trace.winner
                                                   else "; draw"),
        f"{A.name} ({res['a']}) contre {B.name} ({res['b']}) : {A.name} perd {lost['a']}, {B.name} perd "
        f"{lost['b']}" + (f" ; {_winner_name(trace, A, B)} l'emporte" if trace.winner else " ; égalité"),
        attacker=A.key, defender=B.key, round=round_number, trace=trace.to_dict(),
        working=working.round_lines(trace.to_dict(), {"a": A.name, "b": B.name})))
    for role, bu in (("a", A), ("b", B)):
        bu.unit.models = trace.models_left[role]
        bu.wounded = trace.wounded_left[role]
    units = {"a": A, "b": B}
    winner = trace.winner
    if winner:
        units[winner].won_combat_at = [state.turn, state.side]
    for role, bu in units.items():
        if bu.models == 0:
            events += destroy(state, bu, by=other(bu.side), capture=True, in_combat=True)
    loser = trace.loser
    if loser and trace.break_test is not None:
        lb, wb = units[loser], units[other(loser)]
        result = trace.break_test.outcome
        said = outcome(result)
        left = trace.models_left
        feared = odds.feared_enemy_outnumbers(trace.setup, loser, left[loser], left[other_role(loser)])
        chances = working.odds_fields(odds.break_odds(trace.setup, loser, abs(trace.difference), left[loser],
                                                      feared), working.NOT_BROKEN)
        events.append(event("break_test", f"{lb.name} break test: {said[0]}",
                            f"{lb.name} test de moral : {said[1]}",
                            unit=lb.key, outcome=result, result=trace.break_test.to_dict(), **chances,
                            working=[working.odds_line(chances, True),
                                     *working.test_lines(trace.break_test.to_dict())]))
        if trace.broken[loser] and lb.status == "ready":
            events += start_fleeing(state, lb, dice, why=("broken in close combat",
                                                          "démoralisée au corps à corps"),
                                    from_unit=wb.key)
            lb.broke_at = [state.turn, state.side]
            events.append(event("panic_hint", f"Friends within 12\" of {lb.name} must test for panic "
                                              f"(report each: campagne battle fact friends_broke UNIT friend={lb.key})",
                                f"Les amis à moins de 12ps de {lb.name} doivent tester la panique "
                                f"(signalez chacune : campagne battle fact friends_broke UNITÉ friend={lb.key})", unit=lb.key))
            events += _after_break(state, wb, lb, dice)
    return events


def other_role(role: str) -> str:
    return "b" if role == "a" else "a"


def _winner_name(trace: Any, A: BattleUnit, B: BattleUnit) -> str:
    return A.name if trace.winner == "a" else B.name


def _after_break(state: BattleState, wb: BattleUnit, lb: BattleUnit, dice: Dice) -> Events:
    if wb.status != "ready" or engaged(state, wb.key):
        return []
    rule = psychology.pursuit_rule(frenzied=wb.unit.has_rule("frenzy"),
                                   hates_enemy=wb.unit.has_rule("hatred"))
    if rule.must_pursue:
        return pursue(state, wb, lb, dice)
    return [event("pursuit_hint", f"{wb.name} may pursue {lb.name} (pursue {wb.key} {lb.key})",
                  f"{wb.name} peut poursuivre {lb.name} (pursue {wb.key} {lb.key})", unit=wb.key,
                  target=lb.key)]


def pursue(state: BattleState, wb: BattleUnit, lb: BattleUnit, dice: Dice,
           caught: bool | None = None) -> Events:
    """The pursuer rolls the flee dice of its own Movement: at least the distance fled catches."""
    wb.pursued = True
    data: dict[str, Any] = {"unit": wb.key, "target": lb.key, "fled": lb.flee_distance}
    if caught is None:
        roll = psychology.flee_distance(dice, wb.unit.profile.M, purpose=f"{wb.key} pursues {lb.key}")
        caught = roll.distance >= lb.flee_distance
        data["distance"] = roll.distance
        en = f"{wb.name} pursues {lb.name}: {roll.distance}\" against {lb.flee_distance}\" fled"
        fr = f"{wb.name} poursuit {lb.name} : {roll.distance}ps contre {lb.flee_distance}ps de fuite"
    else:
        en, fr = f"{wb.name} pursues {lb.name}", f"{wb.name} poursuit {lb.name}"
    data["caught"] = caught
    events = [event("pursuit", en + (": caught" if caught else ": escapes"),
                    fr + (" : rattrapée" if caught else " : s'échappe"), **data)]
    if caught:
        events += catch(state, lb, wb)
    return events


def catch(state: BattleState, fleeing: BattleUnit, by: BattleUnit) -> Events:
    """A fleeing unit caught by chargers or pursuers is destroyed, with the characters fleeing with it."""
    events: Events = []
    for c in [u for u in state.units.values() if u.attached_to == fleeing.key and u.on_table]:
        c.attached_to = None
        events += destroy(state, c, how="battle", by=by.side, in_combat=True)
    events += destroy(state, fleeing, by=by.side, capture=True, in_combat=True)
    for ch in state.charges:
        if ch.target == fleeing.key and ch.status == "target_fled":
            ch.status = "caught"
    return events


def exchanges(state: BattleState, A: BattleUnit, B: BattleUnit, dice: Dice, charge: str | None,
              round_number: int, wounds: dict[str, int] | None = None,
              shares: Mapping[str, Mapping[str, int]] | None = None) -> Events:
    """The blows of characters attached to the two units: each against one enemy model, or against an
    enemy character (a duel), before the units' round (see the module docstring of tracker.py).
    `wounds` (by side, a/b) gathers the wounds they cause, which count in their side's combat result
    (« Chaque camp additionne le nombre de blessures qu'il a causé »); `shares` (character -> enemy unit
    -> attacks) holds the attacks of a character who fights several units (`attack_shares`)."""
    ca, cb = attached(state, A.key), attached(state, B.key)
    pairs: list[tuple[BattleUnit, BattleUnit, str | None]] = []
    for i, c in enumerate(ca):
        pairs.append((c, cb[i] if i < len(cb) else B, charge))
    for c in cb[len(ca):]:
        pairs.append((c, A, None if charge is None else "b"))
    events: Events = []
    for x, y, ch in pairs:
        if x.status != "ready" or y.status != "ready" or x.models <= 0 or y.models <= 0:
            continue
        share = {u.key: share_of(shares, u, B if u.side == A.side else A) for u in (x, y)}
        events += exchange(state, x, y, dice, ch, round_number, wounds, share)
    return events


def share_of(shares: Mapping[str, Mapping[str, int]] | None, bu: BattleUnit, enemy: BattleUnit) -> int | None:
    """The attacks `bu` strikes against `enemy` when he shares them (None: all his attacks)."""
    return (shares or {}).get(bu.key, {}).get(enemy.key)


def exchange(state: BattleState, x: BattleUnit, y: BattleUnit, dice: Dice, charge: str | None,
             round_number: int, wounds: dict[str, int] | None = None,
             share: Mapping[str, int | None] | None = None) -> Events:
    share = share or {}
    sx = unit_state(state, x, contact=1, attacks=share.get(x.key))
    sy = unit_state(state, y, contact=1, attacks=share.get(y.key))
    setup = odds.prepare_round(sx, sy, charge=charge, round_number=round_number)
    duel = x.is_character and y.is_character
    states = {"a": (x, sx), "b": (y, sy)}
    alive = {"a": True, "b": True}
    unsaved: dict[str, int] = {"a": 0, "b": 0}
    steps: list[dict[str, str]] = []  # the working: each one's blows, in the order struck

    def strike(side: str) -> None:
        s = setup.strike[side]
        me = states[side][0]
        rolls = combat.roll_attacks(dice, s.attacks_per_model, s.to_hit, s.to_wound, s.save,
                                    reroll_misses=s.reroll_misses,
                                    label=f"WAB {me.key} ({'duel' if duel else 'character'}) attack")
        n = unsaved[side] = sum(r.unsaved for r in rolls)
        steps.extend(working.strike_lines(
            {"attacks": [r.to_dict() for r in rolls], "hits": sum(r.hit for r in rolls),
             "wounds": sum(r.wounded for r in rolls), "unsaved_wounds": n, "to_hit": s.to_hit,
             "to_wound": s.to_wound, "save": s.save, "models_fighting": 1, "reroll_misses": s.reroll_misses,
             "sixes_only": s.sixes_only, "casualties": states[other_role(side)][1].casualties(n)}, me.name))

    order = setup.order or ("a", "b")
    simultaneous = setup.order is None
    strike(order[0])
    hit_second = states[order[1]][1].casualties(unsaved[order[0]])
    if simultaneous or hit_second == 0 or states[order[1]][0].models > hit_second:
        strike(order[1])
    events = [event("exchange", f"{x.name} and {y.name} exchange blows: {unsaved['a']} and {unsaved['b']} "
                                "unsaved wound(s)" + (" (a duel)" if duel else ""),
                    f"{x.name} et {y.name} échangent des coups : {unsaved['a']} et {unsaved['b']} "
                    "blessure(s) non sauvegardée(s)" + (" (un duel)" if duel else ""), units=[x.key, y.key],
                    unsaved={x.key: unsaved["a"], y.key: unsaved["b"]}, duel=duel, working=steps,
                    **({"attacks": {k: v for k, v in share.items() if v is not None}}
                       if any(v is not None for v in share.values()) else {}))]
    for side, other_side in (("a", "b"), ("b", "a")):
        bu, st = states[side]
        taken = unsaved[other_side]
        if not taken:
            continue
        if wounds is not None:  # the wounds caused count in the side's result (capped at the wounds left)
            wounds[states[other_side][0].side] += st.wounds_caused(taken)
        dead = st.casualties(taken)
        if bu.unit.profile.W > 1 and bu.models > dead:
            bu.wounded = (st.wounded + taken) % bu.unit.profile.W
        if dead:
            alive[side] = False
            events += remove_models(state, bu, dead, how="duel" if duel else "battle")
    return events


# --------------------------------------------------------------------------- end


def cmd_end(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    from .tracker_views import final_result
    # The battle may stop at any moment (the scenario's last turn, an army routed): tests still pending
    # are simply not taken.
    winner = _side_field(cmd, "winner")
    before = dict(state.quarters)
    if cmd.get("quarters") is not None:
        _set_quarters(state, cmd["quarters"])
    try:
        result = final_result(state, winner)
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


def _set_quarters(state: BattleState, raw: Any) -> None:
    if not isinstance(raw, Mapping) or set(raw) - set(SIDES):
        raise CampagneError("wab.battle.bad_field", field="quarters", value=raw,
                            reason=bilingual("{a: n, b: n}", "{a: n, b: n}"))
    q = {s: _int(raw, s, 0, 4, default=0) for s in SIDES}
    if q["a"] + q["b"] > 4:
        raise CampagneError("wab.battle.bad_field", field="quarters", value=raw,
                            reason=bilingual("four quarters at most", "quatre quarts au plus"))
    state.quarters = q


# --------------------------------------------------------------------------- facts


def _two(state: BattleState, cmd: Mapping[str, Any], other_field: str = "target") -> tuple[BattleUnit,
                                                                                           BattleUnit]:
    if cmd.get("unit") is None:
        raise CampagneError("wab.battle.missing", what=bilingual(str(cmd.get("fact")), str(cmd.get("fact"))),
                            field="unit")
    if cmd.get(other_field) is None:
        raise CampagneError("wab.battle.missing", what=bilingual(str(cmd.get("fact")), str(cmd.get("fact"))),
                            field=other_field)
    return find_unit(state, cmd["unit"]), find_unit(state, cmd[other_field])


def _one(state: BattleState, cmd: Mapping[str, Any]) -> BattleUnit:
    if cmd.get("unit") is None:
        raise CampagneError("wab.battle.missing", what=bilingual(str(cmd.get("fact")), str(cmd.get("fact"))),
                            field="unit")
    return find_unit(state, cmd["unit"])


def _enemies(x: BattleUnit, y: BattleUnit, what: tuple[str, str]) -> None:
    if x.side == y.side:
        raise _illegal(x, what, f"{y.name} is a friend", f"{y.name} est une unité amie")


def _not_attached(x: BattleUnit, what: tuple[str, str]) -> None:
    if x.attached_to:
        raise _illegal(x, what, f"it has joined {x.attached_to}: its unit acts for it",
                       f"il a rejoint {x.attached_to} : son unité agit pour lui")


def fact_charge(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    what = ("A charge", "Une charge")
    c, t = _two(state, cmd)
    _active(state, c, what)
    _need_status(c, what, "ready")
    _not_attached(c, what)
    _enemies(c, t, what)
    if engaged(state, c.key):
        raise _illegal(c, what, "it is already in close combat", "elle est déjà au corps à corps")
    if c.charged:
        raise _illegal(c, what, "it has already declared a charge this turn",
                       "elle a déjà déclaré une charge ce tour")
    if c.rallied:
        raise _illegal(c, what, "it rallied this turn: it can do nothing else",
                       "elle s'est ralliée ce tour : elle ne peut rien faire d'autre")
    if c.no_charge:
        raise _illegal(c, what, "it may not charge this turn", "elle ne peut pas charger ce tour")
    if c.marched == "forced_march":
        raise _illegal(c, what, "units in forced march cannot charge",
                       "les unités en marche forcée ne peuvent pas charger")
    if not t.on_table or t.models <= 0:
        _need_status(t, what, "ready", "fleeing")
    _not_attached(t, ("Being charged", "Être chargé"))
    facing = _choice(cmd, "facing", FACINGS, default="front")
    distance = _distance(cmd)
    terrain = cmd.get("terrain") or "normal"
    movement.terrain(terrain) if isinstance(terrain, str) else [movement.terrain(x) for x in terrain]
    neglected = _bool(cmd, "neglected")
    reaches = None
    if distance is not None:
        reaches = movement.charge_reach(c.unit, distance, terrain).reaches
    ch = Charge(state.new_id("C"), c.key, t.key, facing, distance, terrain if isinstance(terrain, str)
                else "normal",
                reaches, neglected, state.turn, state.side)
    state.charges.append(ch)
    c.charged = ch.id
    c.moved = True
    where = {"front": ("in the front", "de face"), "flank": ("in the flank", "de flanc"),
             "rear": ("in the rear", "par l'arrière")}[facing]
    events = [event("charge", f"{c.name} charges {t.name} {where[0]}" + (f" from {distance}\""
                                                                         if distance is not None
                                                                          else ""),
                    f"{c.name} charge {t.name} {where[1]}" + (f" depuis {distance}ps" if distance is not None
                                                              else ""),
                    charge=ch.id, unit=c.key, target=t.key, facing=facing, distance=distance,
                    reaches=reaches)]
    if reaches is False:
        events.append(event("out_of_reach",
                            f"{c.name} cannot reach {t.name} ({2 * c.unit.profile.M}\" charge move "
                                            "before terrain): the charge will fail",
                            f"{c.name} ne peut atteindre {t.name} (mouvement de charge "
                            f"{2 * c.unit.profile.M}ps avant "
                            "terrain) : la charge échouera", charge=ch.id))
    # "Si l'unité souhaite charger un ennemi qui provoque la peur, elle doit réussir un test."
    events += add_due(state, c, psychology.tests_due(_situation(
        state, c, "movement", wants_to_charge_fear=causes_fear(t), wants_to_charge_terror=causes_terror(t),
        in_charge_reach=True)), charge=ch.id)
    if t.status == "fleeing":
        # "a fleeing unit can only flee again" (psychology.reaction_problems)
        ch.reaction = "flee"
        return events + start_fleeing(state, t, dice, why=("charged while fleeing: flees again",
                                                           "chargée en fuite : fuit encore"), from_unit=c.key)
    events += add_due(state, t, psychology.tests_due(_situation(
        state, t, "movement", charged_in_flank_or_rear=facing != "front",
                                                                charged_by_neglected_enemy=neglected,
        charged_by_fear=causes_fear(c), charged_by_terror=causes_terror(c),
                                                                outnumbered_by_feared=c.models > t.models,
        in_charge_reach=True)), charge=ch.id)
    if engaged(state, t.key):
        ch.reaction = "hold"
        events.append(event("reaction", f"{t.name} is already in close combat: it holds",
                            f"{t.name} est déjà au corps à corps : elle maintient sa position", unit=t.key,
                            reaction="hold", charge=ch.id))
    else:
        legal = [r.value for r in psychology.legal_reactions(_charge_facts(state, ch, strict=False))]
        state.pending.append(Pending(state.new_id("R"), "reaction", t.side, t.key, "reaction", "charged",
                                     f"charged by {c.name}: declare a reaction ({', '.join(legal)})",
                                     f"chargée par {c.name} : déclarez une réaction ({', '.join(legal)})",
                                     {"charger": c.key, "legal": legal}, ch.id))
    return events


def _charge_facts(state: BattleState, ch: Charge, strict: bool = True) -> psychology.ChargeFacts:
    c, t = state.units[ch.charger], state.units[ch.target]
    distance = ch.distance
    if distance is None:
        distance = 0.0  # unknown: stand and shoot cannot be shown to be allowed
    return psychology.ChargeFacts(
        distance=distance, charger_move=c.unit.profile.M, charger_kind=c.unit.kind, target_kind=t.unit.kind,
        in_front=ch.facing == "front", target_has_missiles=missile_weapon(t) is not None,
        target_fleeing=t.status == "fleeing", target_forced_march=t.marched == "forced_march",
        target_engaged=engaged(state, t.key))


def _default_shooters(bu: BattleUnit) -> int:
    return bu.models if bu.unit.formation == "skirmishers" else min(bu.unit.files, bu.models)


def _weapon(cmd: Mapping[str, Any], bu: BattleUnit) -> Any:
    from . import tables
    if cmd.get("weapon"):
        return tables.weapon(cmd["weapon"])
    w = missile_weapon(bu)
    if w is None:
        raise CampagneError("wab.battle.no_weapon", unit=bu.label(),
                            equipment=", ".join(bu.unit.profile.equipment)
                            or "-")
    return w


def _modifiers(cmd: Mapping[str, Any]) -> list[str]:
    mods = cmd.get("modifiers") or []
    if isinstance(mods, str):
        mods = [m for m in mods.split(",") if m]
    if not isinstance(mods, list) or not all(isinstance(m, str) for m in mods):
        raise CampagneError("wab.battle.bad_field", field="modifiers", value=mods,
                            reason=bilingual("a list of shooting modifiers",
                                             "une liste de modificateurs de tir"))
    return list(mods)


def fact_react(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    what = ("A charge reaction", "Une réaction à la charge")
    _phase(state, what, "movement")
    t = _one(state, cmd)
    p = next((x for x in state.pending if x.kind == "reaction" and x.unit == t.key), None)
    if p is None:
        raise _illegal(t, what, "it has no charge to react to", "elle n'a pas de charge à laquelle réagir")
    ch = next(c for c in state.charges if c.id == p.charge)
    waiting = [x for x in state.pending if x.charge == ch.id and x.kind == "test"]
    if waiting:
        raise CampagneError("wab.battle.pending", items=", ".join(f"{x.id} {x.test} {x.unit}"
                                                                  for x in waiting))
    reaction = _choice(cmd, "reaction", tuple(r.value for r in psychology.Reaction))
    shoots = reaction in ("stand_and_shoot", "fire_and_flee")
    if shoots and ch.distance is None:
        raise _illegal(t, what,
                       "the charge's distance was not given (charge ... distance=D): stand and shoot is "
                                "only allowed from more than half the charge move",
                       "la distance de la charge n'a pas été donnée (charge ... distance=D) : le maintien et "
                       "tir n'est permis que depuis plus de la moitié du mouvement de charge")
    facts = _charge_facts(state, ch)
    r = psychology.check_reaction(reaction, facts)
    c = state.units[ch.charger]
    weapon = _weapon(cmd, t) if shoots else None
    shooters = _int(cmd, "models", 1, t.models, default=_default_shooters(t)) if shoots else 0
    mods = ["charging_target", *[m for m in _modifiers(cmd) if m != "charging_target"]] if shoots else []
    if shoots:
        check_shots(t, c, models=shooters, distance=ch.distance, weapon=weapon, modifiers=mods,
                    sixes_only=ch.target_fear_failed)

    def go(d: Dice) -> Events:
        events: Events = []
        state.pending.remove(p)
        ch.reaction = r.value
        names = psychology.REACTION_NAMES[r]
        events.append(event("reaction", f"{t.name} reacts: {names[0]}", f"{t.name} réagit : {names[1]}",
                            unit=t.key, reaction=r.value, charge=ch.id))
        if shoots:
            # "Déterminez les pertes immédiatement"; a failed fear test: "il faudra obtenir des 6 pour toucher
            # lors ... des tirs (Maintien & Tir ou Tir & Fuite)"
            _, evs = resolve_shots(state, t, c, d, models=shooters, distance=ch.distance, weapon=weapon,
                                   modifiers=mods, sixes_only=ch.target_fear_failed)
            events += evs
        res = psychology.resolve_reaction(d, r, facts, target_move=t.unit.profile.M)
        if res.flees:
            events += start_fleeing(state, t, d, why=("flees from the charge", "fuit devant la charge"),
                                    from_unit=c.key, roll=res.flee)
        return events
    return with_faces(cmd, dice, go)


def fact_contact(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    what = ("Base contact", "Le contact socle à socle")
    _phase(state, what, "movement", "close_combat")
    x, y = _two(state, cmd)
    _enemies(x, y, what)
    _need_status(x, what, "ready")
    if y.status == "fleeing":
        raise _illegal(y, what,
                       f"it is fleeing: report it caught (campagne battle fact caught {y.key} {x.key}) "
                       "or the charge failed",
                       f"elle est en fuite : signalez-la rattrapée (campagne battle fact caught {y.key} {x.key}) "
                       "ou la charge échouée")
    _need_status(y, what, "ready")
    _not_attached(x, what)
    _not_attached(y, what)
    if any({e.attacker, e.defender} == {x.key, y.key} for e in state.engagements):
        raise _illegal(x, what, f"it is already in contact with {y.name}",
                       f"elle est déjà au contact de {y.name}")
    facing = _choice(cmd, "facing", FACINGS, default=None)
    ch = next((c for c in state.charges if c.charger == x.key and c.target == y.key and c.status == "declared"
               and c.turn == state.turn and c.side == state.side), None)
    if ch is not None:
        waiting = [p for p in state.pending if p.charge == ch.id]
        if waiting:
            raise CampagneError("wab.battle.pending", items=", ".join(f"{p.id} {p.test} {p.unit}"
                                                                      for p in waiting))
        if ch.reaches is False:
            raise _illegal(x, what,
                           f"its charge from {ch.distance}\" cannot reach (2 x M = {2 * x.unit.profile.M}\")",
                           f"sa charge depuis {ch.distance}ps ne peut atteindre (2 x M = "
                           f"{2 * x.unit.profile.M}ps)")
        ch.status = "contact"
        e = Engagement(state.new_id("E"), x.key, y.key, facing or ch.facing, [state.turn, state.side],
                       counter=ch.reaction == "counter_charge", fear_failed=["b"] if ch.target_fear_failed
                       else [])
    else:
        charged = _bool(cmd, "charged")
        if charged:
            _active(state, x, ("A charge", "Une charge"))
        e = Engagement(state.new_id("E"), x.key, y.key, facing or "front",
                       [state.turn, state.side] if charged else None)
    for name in ("high_ground", "momentum"):
        setattr(e, name, _side_field(cmd, name))
    e.difficult_terrain = _bool(cmd, "difficult_terrain")
    state.engagements.append(e)
    return [event("contact", f"{x.name} is in base contact with {y.name} ({e.facing})",
                  f"{x.name} est au contact de {y.name} "
                  f"({ {'front': 'de face', 'flank': 'de flanc', 'rear': 'de dos'}[e.facing]})",
                  engagement=e.id, attacker=x.key, defender=y.key, facing=e.facing,
                  charge=e.charged_at is not None)]


def fact_move(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    what = ("A move", "Un mouvement")
    _phase(state, what, "movement")
    bu = _one(state, cmd)
    _active(state, bu, what)
    _need_status(bu, what, "ready")
    _not_attached(bu, what)
    if engaged(state, bu.key):
        raise _illegal(bu, what, "it is in close combat", "elle est au corps à corps")
    if bu.rallied:
        raise _illegal(bu, what, "it rallied this turn: it can do nothing else",
                       "elle s'est ralliée ce tour : elle ne peut rien faire d'autre")
    if bu.reformed:
        raise _illegal(bu, what, "it reformed: it cannot move any further",
                       "elle s'est reformée : elle ne peut "
                                                                             "avancer plus loin")
    how = _choice(cmd, "how", ("move", "march", "forced_march", "reform"), default="move")
    enemies = cmd.get("enemies_within_8")
    if enemies is None and cmd.get("enemy_within_8") is not None:
        enemies = ["infantry"] if _bool(cmd, "enemy_within_8") else []
    if enemies is not None and not isinstance(enemies, list):
        raise CampagneError("wab.battle.bad_field", field="enemies_within_8", value=enemies,
                            reason=bilingual("a list of enemy kinds (infantry, cavalry, character...)",
                                             "une liste de types d'ennemis (infantry, cavalry, "
                                             "character...)"))
    terrain = cmd.get("terrain") or ["normal"]
    if isinstance(terrain, str):
        terrain = [terrain]
    distance = _distance(cmd)
    mover = movement.mover_of(bu.unit)
    if how in ("march", "forced_march"):
        facts = movement.MarchFacts(enemies_within_8=tuple(enemies or ()), terrain=tuple(terrain),
                                    obstacle=_bool(cmd, "obstacle"), column_of_march=_bool(cmd, "column"))
        ok, reasons = (movement.may_march if how == "march" else movement.may_force_march)(mover, facts)
        if not ok:
            name = ("March", "Marche rapide") if how == "march" else ("Forced march", "Marche forcée")
            raise CampagneError("wab.battle.illegal", unit=bu.label(), what=bilingual(*name),
                                reason=reasons[0])
    if how == "reform":
        movement.plan_move(mover, manoeuvres=["reform"])
    elif distance is not None:
        movement.plan_move(mover, terrain=terrain, action=how, distance=distance)
    bu.moved = True
    if how in ("march", "forced_march"):
        bu.marched = how
    if enemies is not None:
        report_fact(state, bu, "enemy_within_8", bool(enemies))
    names = {"move": ("moves", "se déplace"), "march": ("marches", "marche rapidement"),
             "forced_march": ("makes a forced march", "fait une marche forcée"),
             "reform": ("reforms with its musician", "se reforme avec son musicien")}[how]
    events = [event("move", f"{bu.name} {names[0]}" + (f" {distance}\"" if distance is not None else ""),
                    f"{bu.name} {names[1]}" + (f" de {distance}ps" if distance is not None else ""),
                    unit=bu.key,
                    how=how, distance=distance)]
    if how == "reform":
        state.pending.append(Pending(state.new_id("T"), "test", bu.side, bu.key, "reform", "reform",
                                     "reforms: a Leadership test (it may not move further nor shoot)",
                                     "se reforme : test de commandement (ne peut avancer plus loin ni "
                                     "tirer)"))
        events.append(event("test_due", f"{bu.name} must take a reform test",
                            f"{bu.name} doit passer un test de "
                                                                                 "reformation", unit=bu.key,
                            kind="reform", test=state.pending[-1].id))
    return events


def fact_near(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    what = ("A distance fact", "Un fait de distance")
    bu = _one(state, cmd)
    events: Events = []
    changes = {}
    for name, attr in (("general", "general_near"), ("army_standard", "army_standard_near"),
                       ("enemy_within_8", "enemy_within_8")):
        if cmd.get(name) is not None:
            changes[attr] = _bool(cmd, name)
    terror = _bool(cmd, "terror_within_8")
    friends_raw = cmd.get("friends_fleeing") or []
    if isinstance(friends_raw, str):
        friends_raw = [f for f in friends_raw.split(",") if f]
    friends = [find_unit(state, f) for f in friends_raw]
    if terror or friends:
        _phase(state, ("Terror or fleeing-friends tests", "Les tests de terreur ou d'amis en fuite"),
               "start_of_turn")
        _active(state, bu, what)
        _need_status(bu, what, "ready")
        for f in friends:
            if f.side != bu.side or f.status != "fleeing" or f.key == bu.key:
                raise _illegal(bu, what, f"{f.name} is not a fleeing friend",
                               f"{f.name} n'est pas une unité amie en fuite")
    for attr, v in changes.items():
        report_fact(state, bu, next(n for n, f in NEAR_FACTS.items() if f[0] == attr), v)
    if changes:
        said = [(NEAR_FACTS[n], v) for n, f in NEAR_FACTS.items() for attr, v in changes.items() if f[0] == attr]
        events.append(event("near", f"{bu.name}, this turn: " + "; ".join(
                                f"{f[1]}: {'yes' if v else 'no'}" for f, v in said),
                            f"{bu.name}, ce tour : " + " ; ".join(
                                f"{f[2]} : {'oui' if v else 'non'}" for f, v in said), unit=bu.key,
                            **changes))
    if terror or friends:
        events += add_due(state, bu, psychology.tests_due(_situation(
            state, bu, "start_of_turn", friends_fleeing_within_4=tuple(f.models for f in friends),
            terror_enemy_within_8=terror)))
        if not any(e["type"] == "test_due" for e in events):
            events.append(event("no_test", f"{bu.name} takes no test", f"{bu.name} ne passe aucun test",
                                unit=bu.key))
    if not events:
        raise CampagneError("wab.battle.missing", what=bilingual(*what), field="general / army_standard / "
                                                                               "enemy_within_8 / "
                                                                               "terror_within_8 / "
                                                                               "friends_fleeing")
    return events


def fact_shoot(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    what = ("Shooting", "Le tir")
    _phase(state, what, "shooting")
    s, t = _two(state, cmd)
    _active(state, s, what)
    _need_status(s, what, "ready")
    _not_attached(s, what)
    _enemies(s, t, what)
    if engaged(state, s.key):
        raise _illegal(s, what, "it is in close combat", "elle est au corps à corps")
    if s.shot:
        raise _illegal(s, what, "it has already shot this phase", "elle a déjà tiré pendant cette phase")
    if s.no_shooting or s.rallied or s.reformed:
        raise _illegal(s, what, "it may not shoot this turn", "elle ne peut pas tirer ce tour")
    if not t.on_table or t.models <= 0:
        _need_status(t, ("Being shot at", "Être la cible d'un tir"), "ready", "fleeing")
    weapon = _weapon(cmd, s)
    models = _int(cmd, "models", 1, s.models, default=_default_shooters(s))
    distance = _distance(cmd)
    mods = _modifiers(cmd)
    check_shots(s, t, models=models, distance=distance, weapon=weapon, modifiers=mods)

    def go(d: Dice) -> Events:
        _, events = resolve_shots(state, s, t, d, models=models, distance=distance, weapon=weapon,
                                  modifiers=mods)
        s.shot = True
        if t.status == "ready" and t.models > 0:
            events += add_due(state, t, psychology.tests_due(_situation(
                state, t, "shooting", shooting_casualties=t.phase_shooting_casualties,
                models_at_phase_start=t.phase_start_models or t.models)))
        return events
    return with_faces(cmd, dice, go)


def fact_casualties(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    what = ("Casualties", "Des pertes")
    _phase(state, what, *TURN_PHASES)
    bu = _one(state, cmd)
    _need_status(bu, what, "ready", "fleeing")
    n = _int(cmd, "models", 1, bu.models)
    return remove_models(state, bu, n, how=_choice(cmd, "how", HOWS, default="battle"))


def fact_killed(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    what = ("A character killed", "Un personnage tué")
    _phase(state, what, *TURN_PHASES)
    bu = _one(state, cmd)
    return _kill_character(state, bu, _choice(cmd, "how", HOWS, default="battle"), what)


def _kill_character(state: BattleState, bu: BattleUnit, how: str, what: tuple[str, str]) -> Events:
    if not bu.is_character:
        raise _illegal(bu, what, "it is not a character (remove models with casualties)",
                       "ce n'est pas un personnage (retirez des figurines avec casualties)")
    _need_status(bu, what, "ready", "fleeing")
    bu.killed_how = how
    return [event("killed", f"{bu.name} is killed ({how})",
                  f"{bu.name} est tué ({'en duel' if how == 'duel' else 'au combat'})",
                  unit=bu.key, how=how)] + destroy(state, bu, how=how)


def fact_general_killed(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    what = ("The general's death", "La mort du général")
    _phase(state, what, *TURN_PHASES)
    side = _choice(cmd, "side", SIDES)
    gen = general_of(state, side)
    if gen is None:
        raise CampagneError("wab.battle.unknown_unit", unit=f"{side}:general",
                            known=", ".join(u.key for u in state.units.values() if u.is_character))
    return _kill_character(state, gen, _choice(cmd, "how", HOWS, default="battle"), what)


def fact_friends_broke(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    what = ("A panic test for friends broken within 12\"",
            "Un test de panique pour des amis démoralisés à 12ps")
    _phase(state, what, "close_combat")
    bu, friend = _two(state, cmd, "friend")
    _need_status(bu, what, "ready")
    if friend.side != bu.side or friend.key == bu.key:
        raise _illegal(bu, what, f"{friend.name} is not a friend", f"{friend.name} n'est pas une unité amie")
    broke = (friend.broke_at == [state.turn, state.side]
             or (friend.destroyed_in_combat and friend.destroyed_at == [state.turn, state.side]))
    if not broke:
        raise _illegal(bu, what,
                       f"{friend.name} has not broken nor been destroyed in this close combat phase",
                       f"{friend.name} n'a été ni démoralisée ni anéantie pendant ce corps à corps")
    won = bu.won_combat_at == [state.turn, state.side]
    events = add_due(state, bu, psychology.tests_due(_situation(state, bu, "close_combat",
                                                                friends_broken_within_12=1,
                                                                won_combat=won)))
    return events or [event("no_test", f"{bu.name} takes no test", f"{bu.name} ne passe aucun test",
                            unit=bu.key)]


def fact_left_table(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    what = ("Leaving the table", "Quitter la table")
    _phase(state, what, *TURN_PHASES)
    bu = _one(state, cmd)
    _not_attached(bu, what)
    _need_status(bu, what, "ready", "fleeing")
    group = [bu, *[c for c in state.units.values() if c.attached_to == bu.key and c.on_table]]
    events: Events = []
    for u in group:
        if u.status == "fleeing":
            u.status, u.fled_models = "fled", u.models
            events.append(event("fled", f"{u.name} flees off the table ({u.models} models)",
                                f"{u.name} sort de la table en fuite ({u.models} figurines)", unit=u.key,
                                models=u.models))
        else:
            u.status = "off_table"
            events.append(event("off_table", f"{u.name} leaves the table (it will test to come back)",
                                f"{u.name} quitte la table (elle testera pour revenir)", unit=u.key))
        state.engagements = [e for e in state.engagements if u.key not in (e.attacker, e.defender)]
        state.pending = [p for p in state.pending if p.unit != u.key]
    return events


def fact_caught(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    what = ("Catching a fleeing unit", "Rattraper une unité en fuite")
    _phase(state, what, *TURN_PHASES)
    bu, by = _two(state, cmd, "by")
    _enemies(by, bu, what)
    if bu.status != "fleeing":
        raise _illegal(bu, what, "it is not fleeing", "elle n'est pas en fuite")
    _need_status(by, what, "ready")
    return [event("caught", f"{by.name} catches {bu.name}", f"{by.name} rattrape {bu.name}", unit=bu.key,
                  by=by.key)] + catch(state, bu, by)


def fact_pursue(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    what = ("A pursuit", "Une poursuite")
    _phase(state, what, "close_combat")
    wb, lb = _two(state, cmd)
    _need_status(wb, what, "ready")
    _enemies(wb, lb, what)
    if lb.status != "fleeing" or lb.fled_from != wb.key or lb.broke_at != [state.turn, state.side]:
        raise _illegal(wb, what, f"{lb.name} has not just broken from a combat against it",
                       f"{lb.name} ne vient pas d'être démoralisée dans un combat contre elle")
    if engaged(state, wb.key):
        raise _illegal(wb, what, "it is still in close combat", "elle est encore au corps à corps")
    if wb.pursued:
        raise _illegal(wb, what, "it has already pursued", "elle a déjà poursuivi")
    caught = cmd.get("caught")
    if caught is not None and not isinstance(caught, bool):
        raise CampagneError("wab.battle.bad_field", field="caught", value=caught,
                            reason=bilingual("true or false", "true ou false"))
    return with_faces(cmd, dice, lambda d: pursue(state, wb, lb, d, caught))


def fact_join(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    what = ("Joining a unit", "Rejoindre une unité")
    _phase(state, what, "deployment", "movement")
    c = _one(state, cmd)
    if not c.is_character:
        raise _illegal(c, what, "only characters join units", "seuls les personnages rejoignent des unités")
    _need_status(c, what, "ready")
    if state.phase == "movement":
        _active(state, c, what)
    if engaged(state, c.key):
        raise _illegal(c, what, "it is in close combat", "il est au corps à corps")
    target = cmd.get("target")
    if target in (None, "", "none"):
        if not c.attached_to:
            raise _illegal(c, what, "it has joined no unit", "il n'a rejoint aucune unité")
        c.attached_to = None
        return [event("leaves", f"{c.name} leaves its unit", f"{c.name} quitte son unité", unit=c.key)]
    host = find_unit(state, target)
    if host.side != c.side or host.is_character or host.key == c.key:
        raise _illegal(c, what, f"{host.name} is not a friendly unit",
                       f"{host.name} n'est pas une unité amie")
    _need_status(host, what, "ready")
    c.attached_to = host.key
    return [event("joins", f"{c.name} joins {host.name}", f"{c.name} rejoint {host.name}", unit=c.key,
                  target=host.key)]


def fact_quarters(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    _set_quarters(state, {s: cmd.get(s, 0) for s in SIDES})
    q = state.quarters
    return [event("quarters", f"Table quarters held: a {q['a']}, b {q['b']}",
                  f"Quarts de table occupés : a {q['a']}, b {q['b']}", quarters=dict(q))]


def fact_captured(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    what = ("A standard captured", "Un étendard capturé")
    _phase(state, what, *TURN_PHASES)
    bu = _one(state, cmd)
    if not (bu.unit.standard or bu.unit.army_standard):
        raise _illegal(bu, what, "it has no standard", "elle n'a pas d'étendard")
    if any(c["unit"] == bu.key for c in state.captured):
        raise _illegal(bu, what, "its standard is already captured", "son étendard est déjà capturé")
    return capture_standard(state, bu, other(bu.side))


def fact_formation(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    """The unit's files and ranks as they stand on the table, which the rank bonus counts (« +1 pour chaque
    rang complet d'infanterie derrière le premier avec un maximum de +2 »): at deployment, or in its side's
    movement phase (« Une unité peut augmenter ou diminuer de 1 son nombre de rangs en sacrifiant la moitié de
    son mouvement »: the referee applies the cost)."""
    what = ("A formation", "Une formation")
    bu = _one(state, cmd)
    if state.phase != "deployment":
        _phase(state, what, "movement")
        _active(state, bu, what)
    _need_status(bu, what, "ready")
    if bu.is_character or bu.unit.formation == "skirmishers":
        raise _illegal(bu, what, "it fights in no ranks", "elle ne combat pas en rangs")
    if (cmd.get("files") is None) == (cmd.get("ranks") is None):
        raise CampagneError("wab.battle.formation_needs")
    models = bu.models
    if cmd.get("files") is not None:
        files = _int(cmd, "files", 1, max(models, 1))
    else:
        ranks = _int(cmd, "ranks", 1, max(models, 1))
        files = -(-models // ranks)
        if -(-models // files) != ranks:
            raise CampagneError("wab.battle.bad_field", field="ranks", value=ranks,
                                reason=bilingual(f"{models} models cannot stand in {ranks} ranks",
                                                 f"{models} figurines ne peuvent se tenir sur {ranks} rangs"))
    bu.unit.files = files
    u = bu.unit
    return [event("formation", f"{bu.name}: {files} wide, {u.ranks} rank(s), {u.full_ranks} full (rank bonus "
                               f"+{u.rank_bonus})",
                  f"{bu.name} : {files} de front, {u.ranks} rang(s), {u.full_ranks} complet(s) (bonus de rangs "
                  f"+{u.rank_bonus})", unit=bu.key, files=files, ranks=u.ranks, rank_bonus=u.rank_bonus)]


FactHandler = Callable[[BattleState, Mapping[str, Any], Dice], Events]

# kind -> (handler, positional fields for the command line, description en, fr)
FACTS: dict[str, tuple[FactHandler, tuple[str, ...], str, str]] = {
    "charge": (fact_charge, ("unit", "target"),
               "UNIT charges TARGET [facing=front|flank|rear distance=D terrain=T neglected=true]",
               "UNITÉ charge CIBLE [facing=front|flank|rear distance=D terrain=T neglected=true]"),
    "react": (fact_react, ("unit", "reaction"),
              "UNIT declares hold|stand_and_shoot|flee|fire_and_flee|counter_charge [models=N weapon=W]",
              "UNITÉ déclare hold|stand_and_shoot|flee|fire_and_flee|counter_charge [models=N weapon=W]"),
    "contact": (fact_contact, ("unit", "target"),
                "UNIT is in base contact with TARGET [facing=... charged=true high_ground=a momentum=a]",
                "UNITÉ est au contact de CIBLE [facing=... charged=true high_ground=a momentum=a]"),
    "move": (fact_move, ("unit",),
             "UNIT moved [how=move|march|forced_march|reform distance=D terrain=T enemies_within_8=[kinds]]",
             "UNITÉ s'est déplacée [how=move|march|forced_march|reform distance=D terrain=T "
             "enemies_within_8=[types]]"),
    "near": (fact_near, ("unit",),
             "UNIT [general=true army_standard=true enemy_within_8=true terror_within_8=true "
             "friends_fleeing=X,Y]",
             "UNITÉ [general=true army_standard=true enemy_within_8=true terror_within_8=true "
             "friends_fleeing=X,Y]"),
    "shoot": (fact_shoot, ("unit", "target"),
              "UNIT shoots TARGET [models=N distance=D weapon=W modifiers=soft_cover,...]",
              "UNITÉ tire sur CIBLE [models=N distance=D weapon=W modifiers=soft_cover,...]"),
    "casualties": (fact_casualties, ("unit", "models"), "UNIT loses N models", "UNITÉ perd N figurines"),
    "killed": (fact_killed, ("unit",), "CHARACTER is killed [how=battle|duel]",
               "PERSONNAGE est tué [how=battle|duel]"),
    "general_killed": (fact_general_killed, ("side",), "the general of SIDE is killed [how=battle|duel]",
                       "le général du CAMP est tué [how=battle|duel]"),
    "friends_broke": (fact_friends_broke, ("unit", "friend"), "FRIEND broke within 12\" of UNIT",
                      "AMI a été démoralisé à moins de 12ps d'UNITÉ"),
    "left_table": (fact_left_table, ("unit",), "UNIT left the table", "UNITÉ a quitté la table"),
    "caught": (fact_caught, ("unit", "by"), "fleeing UNIT is caught by BY",
               "UNITÉ en fuite est rattrapée par BY"),
    "pursue": (fact_pursue, ("unit", "target"), "UNIT pursues TARGET [caught=true|false]",
               "UNITÉ poursuit CIBLE [caught=true|false]"),
    "join": (fact_join, ("unit", "target"), "CHARACTER joins UNIT (none: leaves it)",
             "PERSONNAGE rejoint UNITÉ (none : la quitte)"),
    "quarters": (fact_quarters, ("a", "b"), "table quarters held by a and b",
                 "quarts de table occupés par a et b"),
    "captured": (fact_captured, ("unit",), "the standard of UNIT is captured",
                 "l'étendard d'UNITÉ est capturé"),
    "formation": (fact_formation, ("unit",), "UNIT stands files=N wide (or in ranks=N ranks)",
                  "UNITÉ se tient sur files=N de front (ou sur ranks=N rangs)"),
}
INT_FACT_FIELDS = {"models", "a", "b", "files", "ranks"}

# The fields each fact reads: any other is refused, so a mistyped one (`distnace=30`) never drops a check.
FACT_FIELDS: dict[str, frozenset[str]] = {k: frozenset(v) for k, v in {
    "charge": ("unit", "target", "facing", "distance", "terrain", "neglected"),
    "react": ("unit", "reaction", "models", "weapon", "modifiers"),
    "contact": ("unit", "target", "facing", "charged", "high_ground", "momentum", "difficult_terrain"),
    "move": ("unit", "how", "distance", "terrain", "enemies_within_8", "enemy_within_8", "obstacle", "column"),
    "near": ("unit", "general", "army_standard", "enemy_within_8", "terror_within_8", "friends_fleeing"),
    "shoot": ("unit", "target", "models", "distance", "weapon", "modifiers"),
    "casualties": ("unit", "models", "how"),
    "killed": ("unit", "how"),
    "general_killed": ("side", "how"),
    "friends_broke": ("unit", "friend"),
    "left_table": ("unit",),
    "caught": ("unit", "by"),
    "pursue": ("unit", "target", "caught"),
    "join": ("unit", "target"),
    "quarters": ("a", "b"),
    "captured": ("unit",),
    "formation": ("unit", "files", "ranks"),
}.items()}
COMMAND_FIELDS = frozenset({"type", "fact", "faces", "player"})


def check_fact_fields(kind: str, cmd: Mapping[str, Any]) -> None:
    """Refuse a field the fact does not read, naming the nearest ones."""
    known = FACT_FIELDS[kind]
    for key in cmd:
        if key not in known and key not in COMMAND_FIELDS:
            raise CampagneError("wab.battle.unknown_field", fact=kind, field=str(key)[:40],
                                known=", ".join(sorted(known)), hint=did_you_mean(str(key), known))


def cmd_fact(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    kind = cmd.get("fact")
    if kind not in FACTS:
        raise CampagneError("wab.battle.unknown_fact", fact=kind, known=", ".join(FACTS))
    check_fact_fields(kind, cmd)
    if state.phase == "ended":
        raise CampagneError("wab.battle.over")
    if kind in ("charge",):
        _phase(state, ("A charge", "Une charge"), "movement")
    return FACTS[kind][0](state, cmd, dice)


COMMANDS: dict[str, Callable[[BattleState, Mapping[str, Any], Dice], Events]] = {
    "next": cmd_next,
    "roll": cmd_roll,
    "fight": cmd_fight,
    "fact": cmd_fact,
    "end": cmd_end,
}
