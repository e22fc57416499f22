"""A close combat of several units, fought as the sheet says: one combat, one result per side.

« Chaque camp additionne le nombre de blessures qu'il a causé, auquel il ajoute, si applicables, les
modificateurs qui suivent. Le camp obtenant le plus grand résultat est victorieux. » and « Le perdant doit
faine un test de Moral pour chaque unité engagée. » (seed 002, RESULTATS DES COMBATS, TEST DE MORAL).

Units in base contact, directly or through another unit, fight one combat (`combats`). In it every
engaged pair exchanges its blows as in a combat of two (`combat.resolve_round(test_loser=False)`: the
same strike order, to-hit, to-wound, saves, casualties before the later striker), pair after pair, a unit
struck in one pair fighting the next with the models it has left. Then each side adds the wounds all its
units caused and its bonuses, each bonus counted once for the side (the best any of its units earns: a
side with two standards has +1, its ranks are those of its deepest unit, a flank charge +1 however many
units charge in the flank). The side with the higher result wins; every unit of the losing side still in
the combat takes a break test on the difference, all tests taken before any broken unit flees
(« Ces tests se font une fois que tous les combats ont été résolus »), then the winners may pursue.

A combat of two units is fought by `tracker_commands.fight` (the same rule, the journal's events as
before). See docs/rules/wab.md, Interpretation 7.
"""

from __future__ import annotations

from typing import Any

from ...core.dice import Dice
from . import combat, odds
from .tracker import (BattleState, BattleUnit, Engagement, causes_fear, destroy, event, start_fleeing,
                      unit_state)
from .tracker_commands import _after_break, exchanges, outcome

Events = list[dict[str, Any]]


def combats(engagements: list[Engagement]) -> list[list[Engagement]]:
    """The engagements grouped into combats: units in contact directly or through other units fight one
    combat. In the order of each combat's first engagement."""
    parent: dict[str, str] = {}

    def root(key: str) -> str:
        while parent.setdefault(key, key) != key:
            key = parent[key]
        return key
    for e in engagements:
        parent[root(e.attacker)] = root(e.defender)
    groups: dict[str, list[Engagement]] = {}
    for e in engagements:
        groups.setdefault(root(e.attacker), []).append(e)
    return list(groups.values())


def fight_combat(state: BattleState, group: list[Engagement], dice: Dice, *, momentum: str | None = None,
                 high_ground: str | None = None, difficult_terrain: bool = False) -> Events:
    """One round of a combat of several units (see the module docstring)."""
    events: Events = []
    fought: list[tuple[BattleUnit, BattleUnit, Any]] = []
    members: dict[str, BattleUnit] = {}
    for e in group:
        A, B = state.units[e.attacker], state.units[e.defender]
        members.setdefault(A.key, A)
        members.setdefault(B.key, B)
        if e.fought or e not in state.engagements:
            continue
        charge = "a" if (e.charged_at == [state.turn, state.side] and not e.counter) else None
        round_number = e.rounds + 1
        events += exchanges(state, A, B, dice, charge, round_number)
        e.fought = True
        if A.status != "ready" or B.status != "ready" or e not in state.engagements:
            continue

        def role(side: str | None, A: BattleUnit = A) -> str | None:
            return None if side is None else ("a" if A.side == side else "b")
        trace = combat.resolve_round(
            unit_state(state, A), unit_state(state, B), dice, test_loser=False, charge=charge,
            flank=e.facing == "flank", rear=e.facing == "rear",
            high_ground=role(high_ground or e.high_ground), momentum=role(momentum or e.momentum),
            difficult_terrain=difficult_terrain or e.difficult_terrain, round_number=round_number,
            fear_failed=e.fear_failed if round_number == 1 else ())
        e.rounds += 1
        lost = trace.casualties
        events.append(event(
            "blows", f"{A.name} and {B.name} strike: {A.name} loses {lost['a']}, {B.name} loses {lost['b']}",
            f"{A.name} et {B.name} frappent : {A.name} perd {lost['a']}, {B.name} perd {lost['b']}",
            attacker=A.key, defender=B.key, round=round_number, trace=trace.to_dict()))
        for r, bu in (("a", A), ("b", B)):
            bu.unit.models = trace.models_left[r]
            bu.wounded = trace.wounded_left[r]
        for bu in (A, B):
            if bu.models == 0:
                events += destroy(state, bu, by="b" if bu.side == "a" else "a", capture=True, in_combat=True)
        fought.append((A, B, trace))
    if not fought:
        return events
    return events + _result(state, fought, members, dice)


def _result(state: BattleState, fought: list[tuple[BattleUnit, BattleUnit, Any]],
            members: dict[str, BattleUnit], dice: Dice) -> Events:
    wounds = {"a": 0, "b": 0}
    best: dict[str, dict[str, int]] = {"a": {}, "b": {}}
    for A, B, trace in fought:
        for strike in trace.strikes:
            wounds[(A if strike.side == "a" else B).side] += strike.wounds_caused
        for r, bu in (("a", A), ("b", B)):
            for key, value in odds.side_bonuses(trace.setup, r, bu.models):
                best[bu.side][key] = max(best[bu.side].get(key, value), value)
    results = {s: wounds[s] + sum(best[s].values()) for s in ("a", "b")}
    difference = results["a"] - results["b"]
    winner = None if difference == 0 else ("a" if difference > 0 else "b")
    units = {s: [bu for bu in members.values() if bu.side == s] for s in ("a", "b")}
    names = {s: ", ".join(bu.name for bu in units[s]) for s in ("a", "b")}
    said = (f"; side {winner} wins by {abs(difference)}", f" ; le camp {winner} l'emporte de {abs(difference)}") \
        if winner else ("; draw", " ; égalité")
    events = [event(
        "combat", f"Combat of {names['a']} ({results['a']}) against {names['b']} ({results['b']})" + said[0],
        f"Combat de {names['a']} ({results['a']}) contre {names['b']} ({results['b']})" + said[1],
        units={s: [bu.key for bu in units[s]] for s in ("a", "b")}, wounds=wounds,
        bonuses={s: sorted(best[s].items()) for s in ("a", "b")}, results=results, difference=difference,
        winner=winner)]
    if winner is None:
        return events
    loser = "b" if winner == "a" else "a"
    for bu in units[winner]:
        if bu.status == "ready":
            bu.won_combat_at = [state.turn, state.side]
    standing = {s: [bu for bu in units[s] if bu.status == "ready" and bu.models > 0] for s in ("a", "b")}
    enemies = {bu.key: [members[k] for k in dict.fromkeys(
        w.key for A, B, _ in fought for w in (A, B)
        if bu.key in (A.key, B.key) and w.side == winner and w.status == "ready")] for bu in standing[loser]}
    winner_models = sum(bu.models for bu in standing[winner])
    fears = any(causes_fear(bu) for bu in standing[winner])
    broken: list[BattleUnit] = []
    for lb in standing[loser]:  # every engaged unit of the losing side tests, before any flees
        feared = fears and winner_models > lb.models
        test = combat.break_test(unit_state(state, lb), abs(difference), dice, models_left=lb.models,
                                 feared_enemy_outnumbers=feared)
        words = outcome(test.outcome)
        events.append(event("break_test", f"{lb.name} break test: {words[0]}",
                            f"{lb.name} test de moral : {words[1]}", unit=lb.key, outcome=test.outcome,
                            result=test.to_dict()))
        if test.outcome in ("broken", "auto_broken"):
            broken.append(lb)
    for lb in broken:
        if lb.status != "ready":
            continue
        by = enemies[lb.key][0].key if enemies[lb.key] else None
        events += start_fleeing(state, lb, dice, why=("broken in close combat", "démoralisée au corps à corps"),
                                from_unit=by)
        lb.broke_at = [state.turn, state.side]
        events.append(event("panic_hint", f"Friends within 12\" of {lb.name} must test for panic "
                                          f"(report them: friends_broke UNIT friend={lb.key})",
                            f"Les amis à moins de 12ps de {lb.name} doivent tester la panique "
                            f"(signalez-les : friends_broke UNITÉ friend={lb.key})", unit=lb.key))
    for lb in broken:
        for wb in enemies[lb.key]:
            if lb.status == "fleeing":
                events += _after_break(state, wb, lb, dice)
    return events
