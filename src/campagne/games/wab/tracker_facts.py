"""The referee's facts (`battle fact KIND ...`): the table of every fact with the fields it reads (`FACTS`,
`FACT_FIELDS`), the command that dispatches them, and the facts of losses, flight and the battle's state
(casualties, a character or the general killed, friends broken, left the table, caught, pursued, joined,
table quarters, a standard captured, a formation). Those of movement are in `tracker_move_facts`, shooting's
in `tracker_shoot_facts`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...core.names import did_you_mean
from ...core.errors import CampagneError, bilingual
from ...core.dice import Dice
from .tracker_rolls import Events
from .tracker_move_facts import (charge_checks, check_enemies, check_not_attached, contact_checks,
                                 fact_charge, fact_contact, fact_move, fact_near, fact_react, fact_unit,
                                 fact_units, kinds_of_move, move_checks, near_checks, react_checks)
from .tracker_shoot_facts import fact_shoot
from .tracker_fight import catch, pursue
from .tracker import (BattleState, BattleUnit, HOWS, SIDES, TURN_PHASES, add_due, capture_standard,
                      choice_field, destroy, engaged, event, find_unit, general_of, illegal, int_field,
                      need_active, need_phase, need_status, other, remove_models, situation_of, with_faces)
from . import psychology


def set_quarters(state: BattleState, raw: Any) -> None:
    """The table quarters each side holds (`{a: n, b: n}`, four at most in all), checked and kept."""
    if not isinstance(raw, Mapping) or set(raw) - set(SIDES):
        raise CampagneError("wab.battle.bad_field", field="quarters", value=raw,
                            reason=bilingual("{a: n, b: n}", "{a: n, b: n}"))
    q = {s: int_field(raw, s, 0, 4, default=0) for s in SIDES}
    if q["a"] + q["b"] > 4:
        raise CampagneError("wab.battle.bad_field", field="quarters", value=raw,
                            reason=bilingual("four quarters at most", "quatre quarts au plus"))
    state.quarters = q


def casualties_checks(state: BattleState, cmd: Mapping[str, Any]) -> tuple[BattleUnit, int, str]:
    """Everything that may refuse a casualty report, reading the state only: the legal orders ask it on the
    state itself (what follows, `remove_models`, refuses nothing)."""
    what = ("Casualties", "Des pertes")
    need_phase(state, what, *TURN_PHASES)
    bu = fact_unit(state, cmd)
    need_status(bu, what, "ready", "fleeing")
    n = int_field(cmd, "models", 1, bu.models)
    return bu, n, choice_field(cmd, "how", HOWS, default="battle")


def fact_casualties(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    bu, n, how = casualties_checks(state, cmd)
    return remove_models(state, bu, n, how=how)


def fact_killed(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    what = ("A character killed", "Un personnage tué")
    need_phase(state, what, *TURN_PHASES)
    bu = fact_unit(state, cmd)
    return _kill_character(state, bu, choice_field(cmd, "how", HOWS, default="battle"), what)


def _kill_character(state: BattleState, bu: BattleUnit, how: str, what: tuple[str, str]) -> Events:
    if not bu.is_character:
        raise illegal(bu, what, "it is not a character (remove models with casualties)",
                      "ce n'est pas un personnage (retirez des figurines avec casualties)")
    need_status(bu, what, "ready", "fleeing")
    bu.killed_how = how
    return [event("killed", f"{bu.name} is killed ({how})",
                  f"{bu.name_fr} est tué ({'en duel' if how == 'duel' else 'au combat'})",
                  unit=bu.key, how=how)] + destroy(state, bu, how=how)


def fact_general_killed(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    what = ("The general's death", "La mort du général")
    need_phase(state, what, *TURN_PHASES)
    side = choice_field(cmd, "side", SIDES)
    gen = general_of(state, side)
    if gen is None:
        raise CampagneError("wab.battle.unknown_unit", unit=f"{side}:general",
                            known=", ".join(u.key for u in state.units.values() if u.is_character))
    return _kill_character(state, gen, choice_field(cmd, "how", HOWS, default="battle"), what)


def fact_friends_broke(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    what = ("A panic test for friends broken within 12\"",
            "Un test de panique pour des amis démoralisés à 12ps")
    need_phase(state, what, "close_combat")
    bu, friend = fact_units(state, cmd, "friend")
    need_status(bu, what, "ready")
    if friend.side != bu.side or friend.key == bu.key:
        raise illegal(bu, what, f"{friend.name} is not a friend", f"{friend.name_fr} n'est pas une unité amie")
    broke = (friend.broke_at == [state.turn, state.side]
             or (friend.destroyed_in_combat and friend.destroyed_at == [state.turn, state.side]))
    if not broke:
        raise illegal(bu, what,
                      f"{friend.name} has not broken nor been destroyed in this close combat phase",
                      f"{friend.name_fr} n'a été ni démoralisée ni anéantie pendant ce corps à corps")
    won = bu.won_combat_at == [state.turn, state.side]
    events = add_due(state, bu, psychology.tests_due(situation_of(state, bu, "close_combat",
                                                                  friends_broken_within_12=1,
                                                                  won_combat=won)))
    return events or [event("no_test", f"{bu.name} takes no test", f"{bu.name_fr} ne passe aucun test",
                            unit=bu.key)]


def fact_left_table(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    what = ("Leaving the table", "Quitter la table")
    need_phase(state, what, *TURN_PHASES)
    bu = fact_unit(state, cmd)
    check_not_attached(bu, what)
    need_status(bu, what, "ready", "fleeing")
    group = [bu, *[c for c in state.units.values() if c.attached_to == bu.key and c.on_table]]
    events: Events = []
    for u in group:
        if u.status == "fleeing":
            u.status, u.fled_models = "fled", u.models
            events.append(event("fled", f"{u.name} flees off the table ({u.models} models)",
                                f"{u.name_fr} sort de la table en fuite ({u.models} figurines)", unit=u.key,
                                models=u.models))
        else:
            u.status = "off_table"
            events.append(event("off_table", f"{u.name} leaves the table (it will test to come back)",
                                f"{u.name_fr} quitte la table (elle testera pour revenir)", unit=u.key))
        state.engagements = [e for e in state.engagements if u.key not in (e.attacker, e.defender)]
        state.pending = [p for p in state.pending if p.unit != u.key]
    return events


def fact_caught(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    what = ("Catching a fleeing unit", "Rattraper une unité en fuite")
    need_phase(state, what, *TURN_PHASES)
    bu, by = fact_units(state, cmd, "by")
    check_enemies(by, bu, what)
    if bu.status != "fleeing":
        raise illegal(bu, what, "it is not fleeing", "elle n'est pas en fuite")
    need_status(by, what, "ready")
    return [event("caught", f"{by.name} catches {bu.name}", f"{by.name_fr} rattrape {bu.name_fr}", unit=bu.key,
                  by=by.key)] + catch(state, bu, by)


def fact_pursue(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    what = ("A pursuit", "Une poursuite")
    need_phase(state, what, "close_combat")
    wb, lb = fact_units(state, cmd)
    need_status(wb, what, "ready")
    check_enemies(wb, lb, what)
    if lb.status != "fleeing" or lb.fled_from != wb.key or lb.broke_at != [state.turn, state.side]:
        raise illegal(wb, what, f"{lb.name} has not just broken from a combat against it",
                      f"{lb.name_fr} ne vient pas d'être démoralisée dans un combat contre elle")
    if engaged(state, wb.key):
        raise illegal(wb, what, "it is still in close combat", "elle est encore au corps à corps")
    if wb.pursued:
        raise illegal(wb, what, "it has already pursued", "elle a déjà poursuivi")
    caught = cmd.get("caught")
    if caught is not None and not isinstance(caught, bool):
        raise CampagneError("wab.battle.bad_field", field="caught", value=caught,
                            reason=bilingual("true or false", "true ou false"))
    return with_faces(cmd, dice, lambda d: pursue(state, wb, lb, d, caught))


def fact_join(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    what = ("Joining a unit", "Rejoindre une unité")
    need_phase(state, what, "deployment", "movement")
    c = fact_unit(state, cmd)
    if not c.is_character:
        raise illegal(c, what, "only characters join units", "seuls les personnages rejoignent des unités")
    need_status(c, what, "ready")
    if state.phase == "movement":
        need_active(state, c, what)
    if engaged(state, c.key):
        raise illegal(c, what, "it is in close combat", "il est au corps à corps")
    target = cmd.get("target")
    if target in (None, "", "none"):
        if not c.attached_to:
            raise illegal(c, what, "it has joined no unit", "il n'a rejoint aucune unité")
        c.attached_to = None
        return [event("leaves", f"{c.name} leaves its unit", f"{c.name_fr} quitte son unité", unit=c.key)]
    host = find_unit(state, target)
    if host.side != c.side or host.is_character or host.key == c.key:
        raise illegal(c, what, f"{host.name} is not a friendly unit",
                      f"{host.name_fr} n'est pas une unité amie")
    need_status(host, what, "ready")
    c.attached_to = host.key
    return [event("joins", f"{c.name} joins {host.name}", f"{c.name_fr} rejoint {host.name_fr}", unit=c.key,
                  target=host.key)]


def fact_quarters(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    set_quarters(state, {s: cmd.get(s, 0) for s in SIDES})
    q = state.quarters
    return [event("quarters", f"Table quarters held: a {q['a']}, b {q['b']}",
                  f"Quarts de table occupés : a {q['a']}, b {q['b']}", quarters=dict(q))]


def fact_captured(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    what = ("A standard captured", "Un étendard capturé")
    need_phase(state, what, *TURN_PHASES)
    bu = fact_unit(state, cmd)
    if not (bu.unit.standard or bu.unit.army_standard):
        raise illegal(bu, what, "it has no standard", "elle n'a pas d'étendard")
    if any(c["unit"] == bu.key for c in state.captured):
        raise illegal(bu, what, "its standard is already captured", "son étendard est déjà capturé")
    return capture_standard(state, bu, other(bu.side))


def fact_formation(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    """The unit's files and ranks as they stand on the table, which the rank bonus counts (« +1 pour chaque
    rang complet d'infanterie derrière le premier avec un maximum de +2 »): at deployment, or in its side's
    movement phase (« Une unité peut augmenter ou diminuer de 1 son nombre de rangs en sacrifiant la moitié de
    son mouvement »: the referee applies the cost)."""
    what = ("A formation", "Une formation")
    bu = fact_unit(state, cmd)
    if state.phase != "deployment":
        need_phase(state, what, "movement")
        need_active(state, bu, what)
    need_status(bu, what, "ready")
    if bu.is_character or bu.unit.formation == "skirmishers":
        raise illegal(bu, what, "it fights in no ranks", "elle ne combat pas en rangs")
    if (cmd.get("files") is None) == (cmd.get("ranks") is None):
        raise CampagneError("wab.battle.formation_needs")
    models = bu.models
    if cmd.get("files") is not None:
        files = int_field(cmd, "files", 1, max(models, 1))
    else:
        ranks = int_field(cmd, "ranks", 1, max(models, 1))
        files = -(-models // ranks)
        if -(-models // files) != ranks:
            raise CampagneError("wab.battle.bad_field", field="ranks", value=ranks,
                                reason=bilingual(f"{models} models cannot stand in {ranks} ranks",
                                                 f"{models} figurines ne peuvent se tenir sur {ranks} rangs"))
    bu.unit.files = files
    u = bu.unit
    return [event("formation", f"{bu.name}: {files} wide, {u.ranks} rank(s), {u.full_ranks} full (rank bonus "
                               f"+{u.rank_bonus})",
                  f"{bu.name_fr} : {files} de front, {u.ranks} rang(s), {u.full_ranks} complet(s) (bonus de rangs "
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


def _fact_kind(state: BattleState, cmd: Mapping[str, Any]) -> str:
    """What every fact checks before its own handler."""
    kind = cmd.get("fact")
    if kind not in FACTS:
        raise CampagneError("wab.battle.unknown_fact", fact=kind, known=", ".join(FACTS))
    check_fact_fields(kind, cmd)
    if state.phase == "ended":
        raise CampagneError("wab.battle.over")
    if kind in ("charge",):
        need_phase(state, ("A charge", "Une charge"), "movement")
    return kind


def cmd_fact(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    return FACTS[_fact_kind(state, cmd)][0](state, cmd, dice)


# The facts whose handler is split into its checks (reading the state) and its change (refusing nothing).
FACT_CHECKS: dict[str, Callable[[BattleState, Mapping[str, Any]], Any]] = {
    "casualties": casualties_checks, "charge": charge_checks, "contact": contact_checks, "move": move_checks,
    "near": near_checks, "react": react_checks}


def fact_checks(state: BattleState, cmd: Mapping[str, Any]) -> None:
    """Everything that may refuse one of `FACT_CHECKS`'s facts, on the state itself (`cmd_fact` without the
    change): the legal orders ask through it rather than trying the fact on a copy."""
    FACT_CHECKS[_fact_kind(state, cmd)](state, cmd)


def move_kinds(state: BattleState, cmd: Mapping[str, Any], kinds: tuple[str, ...]) -> tuple[str, ...]:
    """The kinds of move among `kinds` that `fact_checks` accepts for the move `cmd` with each as its `how` (its
    fields and the unit checked once for all kinds): what the legal orders list, asked once per unit."""
    try:
        _fact_kind(state, cmd)
    except CampagneError:
        return ()
    return kinds_of_move(state, cmd, kinds)
