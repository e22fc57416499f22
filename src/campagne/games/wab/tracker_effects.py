"""What befalls the units of a tracked battle: the tests they owe and their odds, models removed, units destroyed
or fleeing, a standard captured, the general killed, shots resolved; and the command's dice handed to an action."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from ...core.dice import Dice
from .tracker_reading import attached, causes_terror, engaged, nerve, unit_state
from .battle_state import BattleState, BattleUnit, PASSING, Pending, event, other
from . import movement, psychology, shooting, shooting_odds, tables, working


# --------------------------------------------------------------------------- tests due


def situation_of(state: BattleState, bu: BattleUnit, phase: str | None = None,
                 **facts: Any) -> psychology.Situation:
    """What psychology reads of the unit now (phase, models, rules, enemies in reach), `facts` added."""
    phase = phase or (state.phase if state.phase in psychology.PHASES else "movement")
    in_reach = bool(facts.pop("in_charge_reach", False)) or engaged(state, bu.key)
    return psychology.Situation(
        phase=phase, models=bu.models, starting_models=bu.unit.start_models, fleeing=bu.status == "fleeing",
        off_table=bu.status == "off_table", stubborn=bu.unit.has_rule("stubborn"),
        frenzied=bu.unit.has_rule("frenzy"), enemy_in_charge_reach=in_reach, causes_terror=causes_terror(bu),
        enemy_within_8=bu.enemy_within_8, character=bu.is_character, **facts)


def add_due(state: BattleState, bu: BattleUnit, due: list[psychology.TestDue], charge: str | None = None,
            first: bool = False) -> list[dict[str, Any]]:
    """Turn `psychology.tests_due` items into pending tests (not twice the same); attached characters
    take no test of their own (they follow their unit)."""
    events = []
    if bu.attached_to:
        return events
    new = []
    for d in due:
        if any(p.unit == bu.key and p.test == d.test and p.reason == d.reason and p.charge == charge
               for p in state.pending):
            continue
        p = Pending(state.new_id("T"), "test", bu.side, bu.key, d.test, d.reason, d.en, d.fr, dict(d.params),
                    charge)
        new.append(p)
        events.append(event("test_due", f"{bu.name} must take a {d.test} test: {d.en}",
                            f"{bu.name_fr} doit passer un test de {TEST_FR.get(d.test, d.test)} : {d.fr}",
                            test=p.id, unit=bu.key, side=bu.side, kind=d.test, reason=d.reason))
    if first:
        state.pending[0:0] = new
    else:
        state.pending.extend(new)
    return events


TEST_FR = {"panic": "panique", "fear": "peur", "terror": "terreur", "rally": "ralliement", "return": "retour",
           "reform": "reformation", "break": "moral"}


def pending_odds(state: BattleState, p: Pending, n: psychology.Nerve | None = None) -> dict[str, Fraction]:
    """The exact odds of a pending test as the state stands (its Ld, the general, half strength...): a function of
    the unit's nerve `n` (its own when not given) and, a rally's, of the enemy within 8"."""
    bu = state.units[p.unit]
    if n is None:
        n = nerve(state, bu)
    # (asked at every view and listing while a test waits, and twice per question, with the same nerve: kept on
    # the unit's frozen profile, shared by the battle's copies, by all the odds read; a copy given, never kept)
    kept = bu.unit.profile._memo.setdefault("odds", {})
    key = (p.test, n, p.reason, bool(p.params.get("reroll")), bool(p.params.get("outnumbered")), bu.enemy_within_8)
    found = kept.get(key)
    if found is None:
        if len(kept) >= ODDS_KEPT:
            kept.clear()
        found = kept[key] = _pending_odds(p, n, bu.enemy_within_8)
    return dict(found)


ODDS_KEPT = 256  # a profile's remembered odds at most (its units' nerves, tests and reasons over a run's battles)


def _pending_odds(p: Pending, n: psychology.Nerve, enemy_within_8: bool) -> dict[str, Fraction]:
    if p.test == "panic":
        return psychology.panic_odds(n, p.reason, won_combat=bool(p.params.get("reroll")))
    if p.test == "fear":
        return psychology.fear_odds(n, p.reason, outnumbered=bool(p.params.get("outnumbered")))
    if p.test == "terror":
        return psychology.terror_odds(n, p.reason)
    if p.test == "rally":
        return psychology.rally_odds(n, enemy_within_8=enemy_within_8)
    if p.test == "return":
        return psychology.return_odds(n)
    if p.test == "reform":
        return psychology.leadership_odds(n)
    return {}


def pass_probability(outcomes: Mapping[str, Fraction]) -> Fraction:
    return sum((v for k, v in outcomes.items() if k in PASSING), Fraction(0))


# --------------------------------------------------------------------------- units changing


def remove_models(state: BattleState, bu: BattleUnit, n: int, *, how: str = "battle") -> list[dict[str, Any]]:
    """Remove n models (never below 0). A unit left with none is destroyed; the general's death makes his
    army test for panic ("Le général est tué"); characters with a destroyed unit stand alone."""
    n = min(n, bu.models)
    if n <= 0:
        return []
    bu.unit.models -= n
    events = [event("casualties", f"{bu.name} loses {n} model(s), {bu.models} left",
                    f"{bu.name_fr} perd {n} figurine(s), il en reste {bu.models}", unit=bu.key, models=n,
                    left=bu.models)]
    if bu.models == 0:
        events += destroy(state, bu, how=how)
    return events


def destroy(state: BattleState, bu: BattleUnit, *, how: str = "battle", by: str | None = None,
            capture: bool = False, in_combat: bool = False) -> list[dict[str, Any]]:
    """The unit is destroyed (its last models killed, or caught while fleeing)."""
    if bu.status == "destroyed":
        return []
    bu.unit.models = 0
    bu.status = "destroyed"
    bu.wounded = 0
    bu.destroyed_at = [state.turn, state.side]
    bu.destroyed_in_combat = in_combat
    if bu.is_character:
        bu.killed_how = bu.killed_how or how
    bu.attached_to = None
    if bu.is_character:
        events = [event("destroyed", f"{bu.name} is killed", f"{bu.name_fr} est tué", unit=bu.key)]
    else:
        events = [event("destroyed", f"{bu.name} is destroyed", f"{bu.name_fr} est détruite", unit=bu.key)]
    state.engagements = [e for e in state.engagements if bu.key not in (e.attacker, e.defender)]
    state.pending = [p for p in state.pending if p.unit != bu.key]
    for c in attached(state, bu.key):
        c.attached_to = None
        events.append(event("character_alone", f"{c.name} now stands alone", f"{c.name_fr} se retrouve seul",
                            unit=c.key))
    if capture and (bu.unit.standard or bu.unit.army_standard):
        events += capture_standard(state, bu, by or other(bu.side))
    if bu.unit.is_general:
        events += general_killed(state, bu)
    return events


def capture_standard(state: BattleState, bu: BattleUnit, by: str) -> list[dict[str, Any]]:
    if any(c["unit"] == bu.key for c in state.captured):
        return []
    army = bool(bu.unit.army_standard)
    state.captured.append({"unit": bu.key, "by": by, "army_standard": army})
    what = ("the army standard", "la Grande Bannière") if army else ("the standard", "l'étendard")
    return [event("standard_captured", f"Side {by} captures {what[0]} of {bu.name}",
                  f"Le camp {by} capture {what[1]} de {bu.name_fr}", unit=bu.key, by=by, army_standard=army)]


def general_killed(state: BattleState, gen: BattleUnit) -> list[dict[str, Any]]:
    events = [event("general_killed", f"The general of side {gen.side} is killed: his army tests for panic",
                    f"Le général du camp {gen.side} est tué : son armée teste la panique", side=gen.side)]
    for bu in state.side_units(gen.side):
        if bu.key != gen.key and bu.status == "ready" and bu.models > 0:
            events += add_due(state, bu, psychology.tests_due(situation_of(state, bu, general_killed=True)))
    return events


def start_fleeing(state: BattleState, bu: BattleUnit, dice: Dice, *, why: tuple[str, str],
                  from_unit: str | None = None, fire_and_flee: bool = False,
                  roll: psychology.FleeResult | None = None) -> list[dict[str, Any]]:
    """The unit flees: its flee distance (2D6" / 3D6") is rolled, it leaves every combat, its pending
    panic/fear/terror tests and reaction are dropped; characters with it flee too."""
    if roll is None:
        roll = psychology.flee_distance(dice, bu.unit.profile.M, fire_and_flee=fire_and_flee,
                                        purpose=f"{bu.key} flees")
    was_fleeing = bu.status == "fleeing"
    bu.status = "fleeing"
    bu.flee_distance = roll.distance
    bu.fled_inches = (bu.fled_inches if was_fleeing else 0) + roll.distance
    bu.fled_from = from_unit
    bu.broke_at = None
    if bu.unit.has_rule("frenzy"):
        bu.unit.special_rules = [r for r in bu.unit.special_rules if r != "frenzy"]
    state.engagements = [e for e in state.engagements if bu.key not in (e.attacker, e.defender)]
    state.pending = [p for p in state.pending if p.unit != bu.key or p.test in ("rally", "return")]
    events = [event("flees", f"{bu.name} flees {roll.distance}\" ({roll.expression}): {why[0]}",
                    f"{bu.name_fr} fuit de {roll.distance}ps ({roll.expression}) : {why[1]}", unit=bu.key,
                    distance=roll.distance, expression=roll.expression, fled_inches=bu.fled_inches)]
    for c in attached(state, bu.key):
        c.status = "fleeing"
        c.flee_distance, c.fled_inches, c.fled_from = bu.flee_distance, bu.fled_inches, from_unit
        events.append(event("flees_with", f"{c.name} flees with {bu.name}", f"{c.name_fr} fuit avec {bu.name_fr}",
                            unit=c.key))
    for ch in state.charges:
        if ch.target == bu.key and ch.status == "declared":
            ch.status = "target_fled"
            ch.reaction = ch.reaction or "flee"
            if ch.distance is not None:
                charger = state.units[ch.charger]
                reach = movement.charge_reach(charger.unit, ch.distance + roll.distance, ch.terrain)
                ch.catches_fleeing = reach.reaches
                en = "reaches it: report it caught" if reach.reaches else "cannot reach it: the charge fails"
                fr = ("l'atteint : signalez-la rattrapée" if reach.reaches
                      else "ne peut l'atteindre : la charge échoue")
                events.append(event("charge_hint",
                                    f"{charger.name} ({ch.distance}\" + {roll.distance}\" fled) {en} "
                                                   f"(campagne battle fact caught {bu.key} {charger.key})",
                                    f"{charger.name_fr} ({ch.distance}ps + {roll.distance}ps de fuite) {fr} "
                                    f"(campagne battle fact caught {bu.key} {charger.key})", charge=ch.id,
                                    catches=reach.reaches))
    return events


# --------------------------------------------------------------------------- shooting


def shot_modifiers(shooter: BattleUnit, target: BattleUnit, modifiers: list[str]) -> list[str]:
    """The MODIFICATEURS the tracker knows of (the target's formation and kind, the shooter's move)
    added to those the referee gives (cover, long range...)."""
    mods = list(modifiers)
    tu = target.unit
    if tu.formation == "skirmishers" and "skirmishers" not in mods:
        mods.append("skirmishers")
    if target.is_character and not target.attached_to and "lone_character" not in mods:
        mods.append("lone_character")
    if tu.kind == "light_chariot" and "light_chariot" not in mods:
        mods.append("light_chariot")
    if tu.has_rule("large_target") and "large_target" not in mods:
        mods.append("large_target")
    if shooter.moved and "moving" not in mods:
        mods.append("moving")
    return mods


def check_shots(shooter: BattleUnit, target: BattleUnit, *, models: int, distance: float | None,
                weapon: tables.Weapon | None, modifiers: list[str], sixes_only: bool = False) -> None:
    """Refuse, before anything changes, a shot the sheet forbids (out of range, no move and shoot,
    unknown or repeated modifiers)."""
    shooting_odds.prepare_shooting(models, shooter.unit.profile.BS, shot_modifiers(shooter, target, modifiers),
                          None if weapon else shooter.unit.profile.S, target.unit.profile.T, None,
                          weapon=weapon, distance=distance, sixes_only=sixes_only)


def resolve_shots(state: BattleState, shooter: BattleUnit, target: BattleUnit, dice: Dice, *, models: int,
                  distance: float | None, weapon: tables.Weapon | None, modifiers: list[str],
                  sixes_only: bool = False) -> tuple[shooting.ShootingTrace, list[dict[str, Any]]]:
    """Roll a unit's shooting at a target and remove the casualties; returns the trace and events."""
    mods = shot_modifiers(shooter, target, modifiers)
    tu = target.unit
    ts = unit_state(state, target)
    trace = shooting.resolve_shooting(
        models, shooter.unit.profile.BS, dice, mods, strength=None if weapon else shooter.unit.profile.S,
        toughness=tu.profile.T, armour_save=ts.armour_save, weapon=weapon, distance=distance,
        sixes_only=sixes_only, target_models=target.models, target_wounds=tu.profile.W,
        target_wounded=ts.wounded, label=f"WAB {shooter.key} shoots {target.key}")
    lost = trace.casualties or 0
    wname = (weapon.name_en, weapon.name_fr) if weapon else ("missiles", "armes de jet")
    hits, wounds, unsaved = trace.hits, trace.wounds, trace.unsaved
    events = [event("shooting", f"{shooter.name} shoots {target.name} with {models} model(s) ({wname[0]}): "
                                f"{hits} hit(s), {wounds} wound(s), {unsaved} unsaved, {lost} dead",
                    f"{shooter.name_fr} tire sur {target.name_fr} avec {models} figurine(s) ({wname[1]}) : "
                    f"{hits} touche(s), {wounds} blessure(s), {unsaved} non sauvegardée(s), {lost} mort(s)",
                    unit=shooter.key, target=target.key, trace=trace.to_dict(),
                    working=working.shooting_lines(trace.to_dict(), shooter.names))]
    if target.unit.profile.W > 1 and target.models > lost:
        target.wounded = (ts.wounded + trace.unsaved) % target.unit.profile.W
    target.phase_shooting_casualties += lost
    events += remove_models(state, target, lost)
    return trace, events


# --------------------------------------------------------------------------- dice from the table


def with_faces(cmd: Mapping[str, Any], dice: Dice,
               action: Callable[[Dice], list[dict[str, Any]]]) -> list[dict]:
    """Run `action` on the command's dice. The faces rolled at the table (`faces`) are handed out by
    `WabBattle.apply` (`table_dice.TableDice`) to the whole command, so `dice` already holds them."""
    return action(dice)
