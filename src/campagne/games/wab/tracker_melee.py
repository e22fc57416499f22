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

from collections.abc import Mapping
from typing import Any

from ...core.dice import Dice
from ...core.errors import CampagneError, bilingual
from . import combat, odds, psychology, working
from .tracker import (BattleState, BattleUnit, Engagement, attached, causes_fear, destroy, event, find_unit,
                      start_fleeing, unit_state)
from .tracker_commands import after_break, exchanges, outcome, share_of

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


def attack_shares(state: BattleState, group: list[Engagement],
                  given: Mapping[str, Any] | None = None) -> dict[str, dict[str, int]]:
    """The attacks of each character who fights several enemy units in this combat, shared between them:
    « Une figurine peut porter autant d'attaques qu'il est indiqué dans son profil » (his attacks, not his
    attacks against each unit). `given` (character -> {enemy unit: attacks}) is the referee's allocation;
    otherwise they are shared evenly, the odd ones to the units reported in contact first."""
    fights: dict[str, list[str]] = {}
    for e in group:
        if e.fought or e not in state.engagements:
            continue
        A, B = state.units[e.attacker], state.units[e.defender]
        for me, enemy in ((A, B), (B, A)):
            for c in [*attached(state, me.key), *([me] if me.is_character else [])]:
                if enemy.key not in fights.setdefault(c.key, []):
                    fights[c.key].append(enemy.key)
    given = given or {}
    if not isinstance(given, Mapping):
        raise _bad_attacks(str(given)[:40], "character → enemy unit → attacks",
                           "personnage → unité ennemie → attaques")
    shares: dict[str, dict[str, int]] = {}
    for ref, spec in given.items():
        c = find_unit(state, ref)
        if len(fights.get(c.key, [])) < 2:
            raise _bad_attacks(ref, f"{c.key} does not fight several units in this combat",
                               f"{c.key} ne combat pas plusieurs unités dans ce combat")
        if not isinstance(spec, Mapping):
            raise _bad_attacks(ref, "enemy unit → attacks", "unité ennemie → attaques")
        total = unit_state(state, c).attacks_per_model
        split = {k: 0 for k in fights[c.key]}
        for enemy_ref, n in spec.items():
            enemy = find_unit(state, enemy_ref)
            if enemy.key not in split:
                raise _bad_attacks(enemy_ref, f"{c.key} fights {', '.join(fights[c.key])}",
                                   f"{c.key} combat {', '.join(fights[c.key])}")
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise _bad_attacks(n, "a whole number of attacks, 0 or more",
                                   "un nombre entier d'attaques, 0 ou plus")
            split[enemy.key] = n
        if sum(split.values()) != total:
            raise _bad_attacks(" + ".join(map(str, split.values())),
                               f"{c.key} has {total} attacks to share, no more, no fewer",
                               f"{c.key} a {total} attaques à répartir, ni plus ni moins")
        shares[c.key] = split
    for key, enemies in fights.items():
        if len(enemies) < 2 or key in shares:
            continue
        total = unit_state(state, state.units[key]).attacks_per_model
        each, odd = divmod(total, len(enemies))
        shares[key] = {k: each + (1 if i < odd else 0) for i, k in enumerate(enemies)}
    return shares


def given_attacks(state: BattleState, group: list[Engagement], given: Any) -> dict[str, Any]:
    """The part of the fight command's `attacks` that names characters of this combat."""
    if given is None:
        return {}
    if not isinstance(given, Mapping):
        raise _bad_attacks(str(given)[:40], "character → enemy unit → attacks",
                           "personnage → unité ennemie → attaques")
    keys = {k for e in group for k in (e.attacker, e.defender)}
    keys |= {c.key for k in list(keys) for c in attached(state, k)}
    return {ref: spec for ref, spec in given.items() if find_unit(state, ref).key in keys}


def _bad_attacks(value: Any, en: str, fr: str) -> CampagneError:
    return CampagneError("wab.battle.bad_field", field="attacks", value=value, reason=bilingual(en, fr))


def fight_combat(state: BattleState, group: list[Engagement], dice: Dice, *, momentum: str | None = None,
                 high_ground: str | None = None, difficult_terrain: bool = False,
                 attacks: Mapping[str, Any] | None = None) -> Events:
    """One round of a combat of several units (see the module docstring). A character fighting several
    units shares his attacks between them (`attack_shares`); the wounds characters cause count in their
    side's result."""
    events: Events = []
    fought: list[tuple[BattleUnit, BattleUnit, Any]] = []
    members: dict[str, BattleUnit] = {}
    shares = attack_shares(state, group, attacks)
    character_wounds = {"a": 0, "b": 0}
    for e in group:
        A, B = state.units[e.attacker], state.units[e.defender]
        members.setdefault(A.key, A)
        members.setdefault(B.key, B)
        if e.fought or e not in state.engagements:
            continue
        charge = "a" if (e.charged_at == [state.turn, state.side] and not e.counter) else None
        round_number = e.rounds + 1
        events += exchanges(state, A, B, dice, charge, round_number, character_wounds, shares)
        e.fought = True
        if A.status != "ready" or B.status != "ready" or e not in state.engagements:
            continue

        def role(side: str | None, A: BattleUnit = A) -> str | None:
            return None if side is None else ("a" if A.side == side else "b")
        trace = combat.resolve_round(
            unit_state(state, A, attacks=share_of(shares, A, B)), unit_state(state, B, attacks=share_of(shares, B, A)),
            dice, test_loser=False, charge=charge,
            flank=e.facing == "flank", rear=e.facing == "rear",
            high_ground=role(high_ground or e.high_ground), momentum=role(momentum or e.momentum),
            difficult_terrain=difficult_terrain or e.difficult_terrain, round_number=round_number,
            fear_failed=e.fear_failed if round_number == 1 else ())
        e.rounds += 1
        lost = trace.casualties
        events.append(event(
            "blows", f"{A.name} and {B.name} strike: {A.name} loses {lost['a']}, {B.name} loses {lost['b']}",
            f"{A.name_fr} et {B.name_fr} frappent : {A.name_fr} perd {lost['a']}, {B.name_fr} perd {lost['b']}",
            attacker=A.key, defender=B.key, round=round_number, trace=trace.to_dict(),
            working=working.round_lines(trace.to_dict(), {"a": A.names, "b": B.names}, with_result=False)))
        for r, bu in (("a", A), ("b", B)):
            bu.unit.models = trace.models_left[r]
            bu.wounded = trace.wounded_left[r]
        for bu in (A, B):
            if bu.models == 0:
                events += destroy(state, bu, by="b" if bu.side == "a" else "a", capture=True, in_combat=True)
        fought.append((A, B, trace))
    if not fought:
        return events
    return events + _result(state, fought, members, dice, character_wounds)


def _result(state: BattleState, fought: list[tuple[BattleUnit, BattleUnit, Any]],
            members: dict[str, BattleUnit], dice: Dice, character_wounds: Mapping[str, int]) -> Events:
    wounds = dict(character_wounds)
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
    names = {s: {lang: ", ".join(bu.names[lang] for bu in units[s]) for lang in ("en", "fr")} for s in ("a", "b")}
    said = (f"; side {winner} wins by {abs(difference)}", f" ; le camp {winner} l'emporte de {abs(difference)}") \
        if winner else ("; draw", " ; égalité")
    events = [event(
        "combat", f"Combat of {names['a']['en']} ({results['a']}) against {names['b']['en']} ({results['b']})"
        + said[0],
        f"Combat de {names['a']['fr']} ({results['a']}) contre {names['b']['fr']} ({results['b']})" + said[1],
        units={s: [bu.key for bu in units[s]] for s in ("a", "b")}, wounds=wounds,
        bonuses={s: sorted(best[s].items()) for s in ("a", "b")}, results=results, difference=difference,
        winner=winner, working=[working.result_line(names, wounds, {s: sorted(best[s].items()) for s in "ab"},
                                                    results)])]
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
        chances = working.odds_fields(psychology.break_odds(unit_state(state, lb).nerve(lb.models), abs(difference),
                                                            feared_enemy_outnumbers=feared), working.NOT_BROKEN)
        test = combat.break_test(unit_state(state, lb), abs(difference), dice, models_left=lb.models,
                                 feared_enemy_outnumbers=feared)
        words = outcome(test.outcome)
        events.append(event("break_test", f"{lb.name} break test: {words[0]}",
                            f"{lb.name_fr} test de moral : {words[1]}", unit=lb.key, outcome=test.outcome,
                            result=test.to_dict(), **chances,
                            working=[working.odds_line(chances, True), *working.test_lines(test.to_dict())]))
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
                                          f"(report each: campagne battle fact friends_broke UNIT friend={lb.key})",
                            f"Les amis à moins de 12ps de {lb.name_fr} doivent tester la panique "
                            f"(signalez chacune : campagne battle fact friends_broke UNITÉ friend={lb.key})", unit=lb.key))
    for lb in broken:
        for wb in enemies[lb.key]:
            if lb.status == "fleeing":
                events += after_break(state, wb, lb, dice)
    return events
