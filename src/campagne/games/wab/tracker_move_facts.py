"""The referee's facts of the movement phase (`battle fact ...`): charges and their reactions, contact, moves,
who is near whom; the checks every fact shares (its units, enemies, not attached), and the shooters' weapon
and modifiers a stand and shoot reads too (the `shoot` fact itself: tracker_shoot_facts.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.errors import CampagneError, bilingual
from ...core.dice import Dice
from .tracker_rolls import Events
from .tracker import (BattleState, BattleUnit, Charge, Engagement, FACINGS, Pending, add_due, bool_field,
                      causes_fear, causes_terror, check_shots, choice_field, distance_field, engaged, event,
                      find_unit, illegal, int_field, missile_weapon, need_active, need_phase, need_status,
                      resolve_shots, side_field, situation_of, start_fleeing, with_faces)
from .rhythm import NEAR_FACTS, report_fact
from . import marching, movement, psychology


# --------------------------------------------------------------------------- facts


def fact_units(state: BattleState, cmd: Mapping[str, Any], other_field: str = "target") -> tuple[BattleUnit,
                                                                                           BattleUnit]:
    """The fact's unit and the other it names (`target` by default), refused when either is missing."""
    if cmd.get("unit") is None:
        raise CampagneError("wab.battle.missing", what=bilingual(str(cmd.get("fact")), str(cmd.get("fact"))),
                            field="unit")
    if cmd.get(other_field) is None:
        raise CampagneError("wab.battle.missing", what=bilingual(str(cmd.get("fact")), str(cmd.get("fact"))),
                            field=other_field)
    return find_unit(state, cmd["unit"]), find_unit(state, cmd[other_field])


def fact_unit(state: BattleState, cmd: Mapping[str, Any]) -> BattleUnit:
    """The fact's unit, refused when it is missing."""
    if cmd.get("unit") is None:
        raise CampagneError("wab.battle.missing", what=bilingual(str(cmd.get("fact")), str(cmd.get("fact"))),
                            field="unit")
    return find_unit(state, cmd["unit"])


def ready_against(state: BattleState, cmd: Mapping[str, Any], what: tuple[str, str]) -> tuple[BattleUnit,
                                                                                             BattleUnit]:
    """The two units of an order one gives against the other (a charge, a shot), refused unless the first is its
    side's to move, ready, not a character who joined a unit, and the second an enemy."""
    x, y = fact_units(state, cmd)
    need_active(state, x, what)
    need_status(x, what, "ready")
    check_not_attached(x, what)
    check_enemies(x, y, what)
    return x, y


def check_enemies(x: BattleUnit, y: BattleUnit, what: tuple[str, str]) -> None:
    """Refuses `what` between two units of one side."""
    if x.side == y.side:
        raise illegal(x, what, f"{y.name} is a friend", f"{y.name_fr} est une unité amie")


def check_not_attached(x: BattleUnit, what: tuple[str, str]) -> None:
    """Refuses `what` for a character who joined a unit: the unit acts for him."""
    if x.attached_to:
        raise illegal(x, what, f"it has joined {x.attached_to}: its unit acts for it",
                      f"il a rejoint {x.attached_to} : son unité agit pour lui")


def charge_checks(state: BattleState, cmd: Mapping[str, Any]) -> tuple[BattleUnit, BattleUnit, str, Any, Any,
                                                                         bool]:
    """Everything that may refuse a charge, reading the state only: the legal orders ask it on the state itself
    (what follows in `fact_charge` refuses nothing)."""
    what = ("A charge", "Une charge")
    c, t = ready_against(state, cmd, what)
    if engaged(state, c.key):
        raise illegal(c, what, "it is already in close combat", "elle est déjà au corps à corps")
    if c.charged:
        raise illegal(c, what, "it has already declared a charge this turn",
                      "elle a déjà déclaré une charge ce tour")
    if c.rallied:
        raise illegal(c, what, "it rallied this turn: it can do nothing else",
                      "elle s'est ralliée ce tour : elle ne peut rien faire d'autre")
    if c.no_charge:
        raise illegal(c, what, "it may not charge this turn", "elle ne peut pas charger ce tour")
    if c.marched == "forced_march":
        raise illegal(c, what, "units in forced march cannot charge",
                      "les unités en marche forcée ne peuvent pas charger")
    if not t.on_table or t.models <= 0:
        need_status(t, what, "ready", "fleeing")
    check_not_attached(t, ("Being charged", "Être chargé"))
    facing = choice_field(cmd, "facing", FACINGS, default="front")
    distance = distance_field(cmd)
    terrain = cmd.get("terrain") or "normal"
    movement.terrain(terrain) if isinstance(terrain, str) else [movement.terrain(x) for x in terrain]
    return c, t, facing, distance, terrain, bool_field(cmd, "neglected")


def fact_charge(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    c, t, facing, distance, terrain, neglected = charge_checks(state, cmd)
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
                    f"{c.name_fr} charge {t.name_fr} {where[1]}" + (f" depuis {distance}ps" if distance is not None
                                                              else ""),
                    charge=ch.id, unit=c.key, target=t.key, facing=facing, distance=distance,
                    reaches=reaches)]
    if reaches is False:
        events.append(event("out_of_reach",
                            f"{c.name} cannot reach {t.name} ({2 * c.unit.profile.M}\" charge move "
                                            "before terrain): the charge will fail",
                            f"{c.name_fr} ne peut atteindre {t.name_fr} (mouvement de charge "
                            f"{2 * c.unit.profile.M}ps avant "
                            "terrain) : la charge échouera", charge=ch.id))
    # "Si l'unité souhaite charger un ennemi qui provoque la peur, elle doit réussir un test."
    events += add_due(state, c, psychology.tests_due(situation_of(
        state, c, "movement", wants_to_charge_fear=causes_fear(t), wants_to_charge_terror=causes_terror(t),
        in_charge_reach=True)), charge=ch.id)
    if t.status == "fleeing":
        # "a fleeing unit can only flee again" (psychology.reaction_problems)
        ch.reaction = "flee"
        return events + start_fleeing(state, t, dice, why=("charged while fleeing: flees again",
                                                           "chargée en fuite : fuit encore"), from_unit=c.key)
    events += add_due(state, t, psychology.tests_due(situation_of(
        state, t, "movement", charged_in_flank_or_rear=facing != "front",
                                                                  charged_by_neglected_enemy=neglected,
        charged_by_fear=causes_fear(c), charged_by_terror=causes_terror(c),
                                                                  outnumbered_by_feared=c.models > t.models,
        in_charge_reach=True)), charge=ch.id)
    if engaged(state, t.key):
        ch.reaction = "hold"
        events.append(event("reaction", f"{t.name} is already in close combat: it holds",
                            f"{t.name_fr} est déjà au corps à corps : elle maintient sa position", unit=t.key,
                            reaction="hold", charge=ch.id))
    else:
        legal = [r.value for r in psychology.legal_reactions(_charge_facts(state, ch, strict=False))]
        state.pending.append(Pending(state.new_id("R"), "reaction", t.side, t.key, "reaction", "charged",
                                     f"charged by {c.name}: declare a reaction ({', '.join(legal)})",
                                     f"chargée par {c.name_fr} : déclarez une réaction ({', '.join(legal)})",
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


def default_shooters(bu: BattleUnit) -> int:
    """The models that shoot when the referee gives none: the front rank, or every skirmisher."""
    return bu.models if bu.unit.formation == "skirmishers" else min(bu.unit.files, bu.models)


def fact_weapon(cmd: Mapping[str, Any], bu: BattleUnit) -> Any:
    """The fact's `weapon=`, or else the unit's missile weapon; refused when it has none."""
    from . import tables
    if cmd.get("weapon"):
        return tables.weapon(cmd["weapon"])
    w = missile_weapon(bu)
    if w is None:
        raise CampagneError("wab.battle.no_weapon", unit=bu.label(),
                            equipment=", ".join(bu.unit.profile.equipment)
                            or "-")
    return w


def fact_modifiers(cmd: Mapping[str, Any]) -> list[str]:
    """The fact's shooting modifiers (a list, or a comma-separated string), checked."""
    mods = cmd.get("modifiers") or []
    if isinstance(mods, str):
        mods = [m for m in mods.split(",") if m]
    if not isinstance(mods, list) or not all(isinstance(m, str) for m in mods):
        raise CampagneError("wab.battle.bad_field", field="modifiers", value=mods,
                            reason=bilingual("a list of shooting modifiers",
                                             "une liste de modificateurs de tir"))
    return list(mods)


def react_checks(state: BattleState, cmd: Mapping[str, Any]) -> tuple[Any, ...]:
    """Everything that may refuse a charge reaction, reading the state only (what follows in `fact_react`
    refuses nothing): the charge it answers, its tests taken, the reaction the rules allow, a shot's fields."""
    what = ("A charge reaction", "Une réaction à la charge")
    need_phase(state, what, "movement")
    t = fact_unit(state, cmd)
    p = next((x for x in state.pending if x.kind == "reaction" and x.unit == t.key), None)
    if p is None:
        raise illegal(t, what, "it has no charge to react to", "elle n'a pas de charge à laquelle réagir")
    ch = next(c for c in state.charges if c.id == p.charge)
    waiting = [x for x in state.pending if x.charge == ch.id and x.kind == "test"]
    if waiting:
        raise CampagneError("wab.battle.pending", items=", ".join(f"{x.id} {x.test} {x.unit}"
                                                                  for x in waiting))
    reaction = choice_field(cmd, "reaction", tuple(r.value for r in psychology.Reaction))
    shoots = reaction in ("stand_and_shoot", "fire_and_flee")
    if shoots and ch.distance is None:
        raise illegal(t, what,
                      "the charge's distance was not given (charge ... distance=D): stand and shoot is "
                                "only allowed from more than half the charge move",
                      "la distance de la charge n'a pas été donnée (charge ... distance=D) : le maintien et "
                      "tir n'est permis que depuis plus de la moitié du mouvement de charge")
    facts = _charge_facts(state, ch)
    r = psychology.check_reaction(reaction, facts)
    c = state.units[ch.charger]
    weapon = fact_weapon(cmd, t) if shoots else None
    shooters = int_field(cmd, "models", 1, t.models, default=default_shooters(t)) if shoots else 0
    mods = ["charging_target", *[m for m in fact_modifiers(cmd) if m != "charging_target"]] if shoots else []
    if shoots:
        check_shots(t, c, models=shooters, distance=ch.distance, weapon=weapon, modifiers=mods,
                    sixes_only=ch.target_fear_failed)
    return t, p, ch, c, r, facts, shoots, weapon, shooters, mods


def fact_react(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    t, p, ch, c, r, facts, shoots, weapon, shooters, mods = react_checks(state, cmd)

    def go(d: Dice) -> Events:
        events: Events = []
        state.pending.remove(p)
        ch.reaction = r.value
        names = psychology.REACTION_NAMES[r]
        events.append(event("reaction", f"{t.name} reacts: {names[0]}", f"{t.name_fr} réagit : {names[1]}",
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


def contact_checks(state: BattleState, cmd: Mapping[str, Any]) -> tuple[BattleUnit, BattleUnit, Any, Charge | None,
                                                                          bool, dict[str, Any]]:
    """Everything that may refuse a base contact, reading the state only (what follows in `fact_contact`
    refuses nothing): its units, the declared charge it ends (its tests taken, within reach) and its fields."""
    what = ("Base contact", "Le contact socle à socle")
    need_phase(state, what, "movement", "close_combat")
    x, y = fact_units(state, cmd)
    check_enemies(x, y, what)
    need_status(x, what, "ready")
    if y.status == "fleeing":
        raise illegal(y, what,
                      f"it is fleeing: report it caught (campagne battle fact caught {y.key} {x.key}) "
                      "or the charge failed",
                      f"elle est en fuite : signalez-la rattrapée (campagne battle fact caught {y.key} {x.key}) "
                      "ou la charge échouée")
    need_status(y, what, "ready")
    check_not_attached(x, what)
    check_not_attached(y, what)
    if any({e.attacker, e.defender} == {x.key, y.key} for e in state.engagements):
        raise illegal(x, what, f"it is already in contact with {y.name}",
                      f"elle est déjà au contact de {y.name_fr}")
    facing = choice_field(cmd, "facing", FACINGS, default=None)
    ch = next((c for c in state.charges if c.charger == x.key and c.target == y.key and c.status == "declared"
               and c.turn == state.turn and c.side == state.side), None)
    if ch is not None:
        waiting = [p for p in state.pending if p.charge == ch.id]
        if waiting:
            raise CampagneError("wab.battle.pending", items=", ".join(f"{p.id} {p.test} {p.unit}"
                                                                      for p in waiting))
        if ch.reaches is False:
            raise illegal(x, what,
                          f"its charge from {ch.distance}\" cannot reach (2 x M = {2 * x.unit.profile.M}\")",
                          f"sa charge depuis {ch.distance}ps ne peut atteindre (2 x M = "
                          f"{2 * x.unit.profile.M}ps)")
        charged = True
    else:
        charged = bool_field(cmd, "charged")
        if charged:
            need_active(state, x, ("A charge", "Une charge"))
    sides = {name: side_field(cmd, name) for name in ("high_ground", "momentum")}
    return x, y, facing, ch, charged, {**sides, "difficult_terrain": bool_field(cmd, "difficult_terrain")}


def fact_contact(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    x, y, facing, ch, charged, extra = contact_checks(state, cmd)
    if ch is not None:
        ch.status = "contact"
        e = Engagement(state.new_id("E"), x.key, y.key, facing or ch.facing, [state.turn, state.side],
                       counter=ch.reaction == "counter_charge", fear_failed=["b"] if ch.target_fear_failed
                       else [])
    else:
        e = Engagement(state.new_id("E"), x.key, y.key, facing or "front",
                       [state.turn, state.side] if charged else None)
    for name, value in extra.items():
        setattr(e, name, value)
    state.engagements.append(e)
    return [event("contact", f"{x.name} is in base contact with {y.name} ({e.facing})",
                  f"{x.name_fr} est au contact de {y.name_fr} "
                  f"({ {'front': 'de face', 'flank': 'de flanc', 'rear': 'de dos'}[e.facing]})",
                  engagement=e.id, attacker=x.key, defender=y.key, facing=e.facing,
                  charge=e.charged_at is not None)]


def move_checks(state: BattleState, cmd: Mapping[str, Any]) -> tuple[BattleUnit, str, Any, Any]:
    """Everything that may refuse a move, reading the state only (what follows in `fact_move` refuses
    nothing): the unit, the kind of move (a march's conditions, a reform's) and its fields."""
    return _move_kind_checks(_movable(state, cmd), cmd)


def kinds_of_move(state: BattleState, cmd: Mapping[str, Any], kinds: tuple[str, ...]) -> tuple[str, ...]:
    """The kinds of move among `kinds` that `move_checks` accepts for `cmd` with each as its `how`: the unit's
    own checks and its mover made once, not once per kind (the legal orders list a unit's moves at every ask)."""
    try:
        bu = _movable(state, cmd)
    except CampagneError:
        return ()
    mover = movement.mover_of(bu.unit)
    # asked with no fact of the table (the legal orders' ask), the answer is a function of the frozen mover alone:
    # kept on the unit's frozen profile, shared by the battle's copies (`Profile._memo`)
    memo = bu.unit.profile._memo if cmd.keys() <= _PLAIN_MOVE else None
    key = ("move_kinds", mover, kinds)
    if memo is not None and key in memo:
        return memo[key]
    good = []
    for how in kinds:
        try:
            _move_kind_checks(bu, {**cmd, "how": how}, mover)
        except CampagneError:
            continue
        good.append(how)
    if memo is not None:
        memo[key] = tuple(good)
    return tuple(good)


_PLAIN_MOVE = frozenset({"type", "player", "fact", "unit"})


def _movable(state: BattleState, cmd: Mapping[str, Any]) -> BattleUnit:
    """A move's unit, if it may move at all this phase (whatever the kind of move)."""
    what = ("A move", "Un mouvement")
    need_phase(state, what, "movement")
    bu = fact_unit(state, cmd)
    need_active(state, bu, what)
    need_status(bu, what, "ready")
    check_not_attached(bu, what)
    if engaged(state, bu.key):
        raise illegal(bu, what, "it is in close combat", "elle est au corps à corps")
    if bu.rallied:
        raise illegal(bu, what, "it rallied this turn: it can do nothing else",
                      "elle s'est ralliée ce tour : elle ne peut rien faire d'autre")
    if bu.reformed:
        raise illegal(bu, what, "it reformed: it cannot move any further",
                      "elle s'est reformée : elle ne peut "
                                                                             "avancer plus loin")
    return bu


def _move_kind_checks(bu: BattleUnit, cmd: Mapping[str, Any], mover: Any = None) -> tuple[BattleUnit, str, Any,
                                                                                           Any]:
    """What may refuse a movable unit's move of the kind and fields `cmd` gives (`mover`: its mover, if made)."""
    how = choice_field(cmd, "how", ("move", "march", "forced_march", "reform"), default="move")
    enemies = cmd.get("enemies_within_8")
    if enemies is None and cmd.get("enemy_within_8") is not None:
        enemies = ["infantry"] if bool_field(cmd, "enemy_within_8") else []
    if enemies is not None and not isinstance(enemies, list):
        raise CampagneError("wab.battle.bad_field", field="enemies_within_8", value=enemies,
                            reason=bilingual("a list of enemy kinds (infantry, cavalry, character...)",
                                             "une liste de types d'ennemis (infantry, cavalry, "
                                             "character...)"))
    terrain = cmd.get("terrain") or ["normal"]
    if isinstance(terrain, str):
        terrain = [terrain]
    distance = distance_field(cmd)
    if mover is None:
        mover = movement.mover_of(bu.unit)
    if how in ("march", "forced_march"):
        facts = marching.MarchFacts(enemies_within_8=tuple(enemies or ()), terrain=tuple(terrain),
                                    obstacle=bool_field(cmd, "obstacle"),
                                    column_of_march=bool_field(cmd, "column"))
        ok, reasons = (marching.may_march if how == "march" else marching.may_force_march)(mover, facts)
        if not ok:
            name = ("March", "Marche rapide") if how == "march" else ("Forced march", "Marche forcée")
            raise CampagneError("wab.battle.illegal", unit=bu.label(), what=bilingual(*name),
                                reason=reasons[0])
    if how == "reform":
        movement.plan_move(mover, manoeuvres=["reform"])
    elif distance is not None:
        movement.plan_move(mover, terrain=terrain, action=how, distance=distance)
    return bu, how, enemies, distance


def fact_move(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    bu, how, enemies, distance = move_checks(state, cmd)
    bu.moved = True
    if how in ("march", "forced_march"):
        bu.marched = how
    if enemies is not None:
        report_fact(state, bu, "enemy_within_8", bool(enemies))
    names = {"move": ("moves", "se déplace"), "march": ("marches", "marche rapidement"),
             "forced_march": ("makes a forced march", "fait une marche forcée"),
             "reform": ("reforms with its musician", "se reforme avec son musicien")}[how]
    events = [event("move", f"{bu.name} {names[0]}" + (f" {distance}\"" if distance is not None else ""),
                    f"{bu.name_fr} {names[1]}" + (f" de {distance}ps" if distance is not None else ""),
                    unit=bu.key,
                    how=how, distance=distance)]
    if how == "reform":
        state.pending.append(Pending(state.new_id("T"), "test", bu.side, bu.key, "reform", "reform",
                                     "reforms: a Leadership test (it may not move further nor shoot)",
                                     "se reforme : test de commandement (ne peut avancer plus loin ni "
                                     "tirer)"))
        events.append(event("test_due", f"{bu.name} must take a reform test",
                            f"{bu.name_fr} doit passer un test de "
                                                                                 "reformation", unit=bu.key,
                            kind="reform", test=state.pending[-1].id))
    return events


def near_checks(state: BattleState, cmd: Mapping[str, Any]) -> tuple[BattleUnit, dict[str, bool], bool,
                                                                       list[BattleUnit]]:
    """Everything that may refuse a distance fact, reading the state only (what follows in `fact_near` refuses
    nothing): the facts reported, and a terror or fleeing-friends test's unit, phase and friends."""
    what = ("A distance fact", "Un fait de distance")
    bu = fact_unit(state, cmd)
    changes = {}
    for name, attr in (("general", "general_near"), ("army_standard", "army_standard_near"),
                       ("enemy_within_8", "enemy_within_8")):
        if cmd.get(name) is not None:
            changes[attr] = bool_field(cmd, name)
    terror = bool_field(cmd, "terror_within_8")
    friends_raw = cmd.get("friends_fleeing") or []
    if isinstance(friends_raw, str):
        friends_raw = [f for f in friends_raw.split(",") if f]
    friends = [find_unit(state, f) for f in friends_raw]
    if terror or friends:
        need_phase(state, ("Terror or fleeing-friends tests", "Les tests de terreur ou d'amis en fuite"),
                   "start_of_turn")
        need_active(state, bu, what)
        need_status(bu, what, "ready")
        for f in friends:
            if f.side != bu.side or f.status != "fleeing" or f.key == bu.key:
                raise illegal(bu, what, f"{f.name} is not a fleeing friend",
                              f"{f.name_fr} n'est pas une unité amie en fuite")
    if not changes and not (terror or friends):  # nothing reported: nothing to say
        raise CampagneError("wab.battle.missing", what=bilingual(*what), field="general / army_standard / "
                                                                               "enemy_within_8 / "
                                                                               "terror_within_8 / "
                                                                               "friends_fleeing")
    return bu, changes, terror, friends


def fact_near(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    bu, changes, terror, friends = near_checks(state, cmd)
    events: Events = []
    for attr, v in changes.items():
        report_fact(state, bu, next(n for n, f in NEAR_FACTS.items() if f[0] == attr), v)
    if changes:
        said = [(NEAR_FACTS[n], v) for n, f in NEAR_FACTS.items() for attr, v in changes.items() if f[0] == attr]
        events.append(event("near", f"{bu.name}, this turn: " + "; ".join(
                                f"{f[1]}: {'yes' if v else 'no'}" for f, v in said),
                            f"{bu.name_fr}, ce tour : " + " ; ".join(
                                f"{f[2]} : {'oui' if v else 'non'}" for f, v in said), unit=bu.key,
                            **changes))
    if terror or friends:
        events += add_due(state, bu, psychology.tests_due(situation_of(
            state, bu, "start_of_turn", friends_fleeing_within_4=tuple(f.models for f in friends),
            terror_enemy_within_8=terror)))
        if not any(e["type"] == "test_due" for e in events):
            events.append(event("no_test", f"{bu.name} takes no test", f"{bu.name_fr} ne passe aucun test",
                                unit=bu.key))
    return events
