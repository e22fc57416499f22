"""The tracker's close combats (`battle fight`): each engagement's round, the blows exchanged, the combat result
and the loser's break test, then the flight, the pursuit and the catching of fleeing units."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.errors import CampagneError, bilingual
from ...core.dice import Dice
from .tracker_rolls import Events, outcome
from .tracker import (BattleState, BattleUnit, Engagement, attached, bool_field, destroy, engaged, event,
                      find_unit, need_phase, other, remove_models, side_field, start_fleeing, unit_state,
                      with_faces)
from . import combat, odds, psychology, working


# --------------------------------------------------------------------------- fight


def fight_todo(state: BattleState, cmd: Mapping[str, Any]) -> list[Engagement]:
    """The combats a fight resolves, refused when there are none: the fight's first checks, reading the state
    only (the legal orders ask them on the state itself; a fight they let through is still tried)."""
    need_phase(state, ("Fighting", "Combattre"), "close_combat")
    todo = [e for e in state.engagements if not e.fought]
    detail = ("", "")
    if cmd.get("unit") is not None:
        bu = find_unit(state, cmd["unit"])
        todo = [e for e in todo if bu.key in (e.attacker, e.defender)]
        detail = (f" for {bu.key}", f" pour {bu.key}")
    if not todo:
        raise CampagneError("wab.battle.no_combat", detail=bilingual(*detail))
    return todo


def cmd_fight(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    todo = fight_todo(state, cmd)
    situation = {"momentum": side_field(cmd, "momentum"), "high_ground": side_field(cmd, "high_ground"),
                 "difficult_terrain": bool_field(cmd, "difficult_terrain")}
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
        f"{A.name_fr} ({res['a']}) contre {B.name_fr} ({res['b']}) : {A.name_fr} perd {lost['a']}, "
        f"{B.name_fr} perd {lost['b']}" + (f" ; {_winner_name(trace, A, B, 'fr')} l'emporte" if trace.winner
                                            else " ; égalité"),
        attacker=A.key, defender=B.key, round=round_number, trace=trace.to_dict(),
        working=working.round_lines(trace.to_dict(), {"a": A.names, "b": B.names})))
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
                            f"{lb.name_fr} test de moral : {said[1]}",
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
                                f"Les amis à moins de 12ps de {lb.name_fr} doivent tester la panique "
                                f"(signalez chacune : campagne battle fact friends_broke UNITÉ friend={lb.key})", unit=lb.key))
            events += after_break(state, wb, lb, dice)
    return events


def other_role(role: str) -> str:
    return "b" if role == "a" else "a"


def _winner_name(trace: Any, A: BattleUnit, B: BattleUnit, lang: str = "en") -> str:
    return (A if trace.winner == "a" else B).names[lang]


def after_break(state: BattleState, wb: BattleUnit, lb: BattleUnit, dice: Dice) -> Events:
    """After `lb` breaks from `wb`: a pursuit that must be made is made; otherwise a hint that it may be."""
    if wb.status != "ready" or engaged(state, wb.key):
        return []
    rule = psychology.pursuit_rule(frenzied=wb.unit.has_rule("frenzy"),
                                   hates_enemy=wb.unit.has_rule("hatred"))
    if rule.must_pursue:
        return pursue(state, wb, lb, dice)
    return [event("pursuit_hint", f"{wb.name} may pursue {lb.name} (pursue {wb.key} {lb.key})",
                  f"{wb.name_fr} peut poursuivre {lb.name_fr} (pursue {wb.key} {lb.key})", unit=wb.key,
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
        fr = f"{wb.name_fr} poursuit {lb.name_fr} : {roll.distance}ps contre {lb.flee_distance}ps de fuite"
    else:
        en, fr = f"{wb.name} pursues {lb.name}", f"{wb.name_fr} poursuit {lb.name_fr}"
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
             "sixes_only": s.sixes_only, "casualties": states[other_role(side)][1].casualties(n)}, me.names))

    order = setup.order or ("a", "b")
    simultaneous = setup.order is None
    strike(order[0])
    hit_second = states[order[1]][1].casualties(unsaved[order[0]])
    if simultaneous or hit_second == 0 or states[order[1]][0].models > hit_second:
        strike(order[1])
    events = [event("exchange", f"{x.name} and {y.name} exchange blows: {unsaved['a']} and {unsaved['b']} "
                                "unsaved wound(s)" + (" (a duel)" if duel else ""),
                    f"{x.name_fr} et {y.name_fr} échangent des coups : {unsaved['a']} et {unsaved['b']} "
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
