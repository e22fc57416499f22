"""The Arc ruleset (seed 003): the orders declared as data, the phases of a turn and their resolution.

A turn: the Directorat (Bonnaire) plays its phases, then Ulf and Fereira play theirs « en simultané »:
general movement, magic, missiles, melee (retreats and advances happen as each combat is resolved), special
movement. In each phase the acting players declare their orders (secret: only their own view shows them),
then say `done`; when every acting player is done the declarations are resolved in order: the Directorat's in
the order given; Ulf's and Fereira's one player's list after the other's, Ulf first on odd turns and Fereira
first on even turns. A player with nothing to declare in a phase is done at once. Eight turns at most.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.dice import Dice
from ...core.errors import CampagneError, need, register_messages
from ...core.orders import Arg, Order, OrderContext, order_for
from . import combat, decisions, declare, magic, movement, refusals, victory
from .setup import new_state
from .state import PHASES, TURNS, ArcState, phase_label

Event = dict[str, Any]
FIRST_SEGMENT, SECOND_SEGMENT = ("bonnaire",), ("ulf", "fereira")

register_messages({
    "arc.not_acting": {"en": "{player} does not play now (waiting for {waiting}).",
                       "fr": "{player} ne joue pas maintenant (on attend {waiting})."},
    "arc.bad_mount": {"en": "{unit} cannot fly: only Gonzague has Pegasus.",
                      "fr": "{unit} ne peut pas voler : seul Gonzague a Pégase."},
    "arc.no_decision": {"en": "No retreat or advance awaits a decision now.",
                        "fr": "Aucune retraite ni avance n'attend de décision maintenant."},
    "arc.advance_after": {"en": "The choice to advance is made after the combat's result: declare attack, you "
                                "will be asked if the hex is vacated.",
                          "fr": "Le choix d'avancer se fait après le résultat du combat : déclarez attack, la "
                                "question vous sera posée si l'hex est libéré."},
})

DECISIONS = ("retreat", "advance", "stay")

WHAT = {"place": ("être placé", "be placed"), "move": ("bouger", "move"), "meditate": ("méditer", "meditate"),
        "cast": ("lancer ce sort", "cast this spell"), "attack": ("attaquer", "attack"),
        "place_on": ("être placé en", "be placed on"), "move_to": ("aller en", "move to"),
        "cast_on": ("viser", "target"), "attack_it": ("attaquer", "attack"),
        "retreat_to": ("finir sa retraite en", "end its retreat on")}


def what(key: str) -> dict[str, str]:
    return {"fr": WHAT[key][0], "en": WHAT[key][1]}


def awaiting(state: ArcState) -> list[str]:
    if state.pending is not None:  # readings 2: a combat waits on its player's decision
        return [state.pending["player"]]
    return [] if state.ended else [p for p in state.acting if p not in state.done]


def acting_player(ctx: OrderContext) -> str:
    s: ArcState = ctx.state
    p = ctx.cmd["player"]
    need(p in awaiting(s), "arc.not_acting", player=p, waiting=", ".join(awaiting(s)) or "-")
    deciding = ctx.cmd["type"] in DECISIONS
    if s.pending is not None and not deciding:
        refusals.decide_first(s.pending)
    need(s.pending is not None or not deciding, "arc.no_decision")
    return p


def plan(ctx: OrderContext, **fields: Any) -> list[Event]:
    s: ArcState = ctx.state
    p = ctx.cmd["player"]
    s.plans[p].append({"type": ctx.cmd["type"], **fields})
    return [{"type": "declared", "player": p, "order": ctx.cmd["type"], "visible_to": [p], **fields}]


def order_place(ctx: OrderContext) -> list[Event]:
    p = acting_player(ctx)
    unit, hex_ = refusals.counter_word(ctx.state, p, ctx.arg("unit")), ctx.arg("hex")
    options = declare.placeable(ctx.state, p)
    if unit not in options:
        refusals.why_not_counter(ctx.state, p, unit, what("place"))
    if hex_ not in options[unit]:
        refusals.why_not_target(unit, hex_, options[unit], what("place_on"))
    return plan(ctx, unit=unit, hex=hex_)


def order_move(ctx: OrderContext) -> list[Event]:
    """`move UNIT HEX` (Gonzague on horseback), `fly gonzague.1 HEX` (on Pegasus: « 40 (Pégase) »)."""
    s: ArcState = ctx.state
    p = acting_player(ctx)
    unit, hex_ = refusals.counter_word(s, p, ctx.arg("unit")), ctx.arg("hex")
    # (the one counter asked whether it is among `declare.movers`, and its reach whether it holds the hex: not
    # every mover listed, nor the reach sorted, at every move declared)
    u = s.units.get(unit) if isinstance(unit, str) else None
    if u is None or not (u.side == p and u.status == "active" and u.hex is not None
                         and unit not in declare.busy(s, p) and movement.can_move(s, u, s.phase)):
        refusals.why_not_counter(s, p, unit, what("move"), s.phase)
    mount = "pegasus" if ctx.cmd["type"] == "fly" else None
    if mount not in declare.mounts(u):
        raise CampagneError("arc.bad_mount", unit=refusals.name(unit), mount=mount)
    if hex_ not in movement.reach_now(s, u, pegasus=mount == "pegasus"):
        refusals.why_not_hex(s, u, hex_, mount == "pegasus")
    return plan(ctx, unit=unit, hex=hex_, mount=mount)


def order_meditate(ctx: OrderContext) -> list[Event]:
    p = acting_player(ctx)
    unit = refusals.counter_word(ctx.state, p, ctx.arg("unit"))
    if unit not in declare.meditators(ctx.state, p):
        refusals.why_not_counter(ctx.state, p, unit, what("meditate"))
    return plan(ctx, unit=unit)


def order_cast(ctx: OrderContext) -> list[Event]:
    p = acting_player(ctx)
    cmd = ctx.cmd
    caster, key, target = refusals.counter_word(ctx.state, p, ctx.arg("caster")), ctx.arg("spell"), ctx.arg("target")
    partner = refusals.counter_word(ctx.state, p, ctx.arg("partner")) if cmd["type"] == "cast-with" else None
    mine = declare.casts(ctx.state, p, caster)
    options = [c for c in mine if c["spell"] == key and c["partner"] == partner]
    if not options:
        if not mine:
            refusals.why_not_counter(ctx.state, p, caster, what("cast"))
        refusals.why_not_spell(ctx.state, p, caster, key, partner)
    s = magic.spell(magic.order_of(ctx.state.units[caster]), key)  # type: ignore[arg-type]
    if s["kind"] == "zone":  # « 4HC / 2HC choisis par lanceur de sort »: any zone in range, listed or not
        target = magic.shape_word(str(target).split("+")) if "+" in str(target) else \
            refusals.target_word(target, options[0]["targets"])
        if target not in options[0]["targets"] and \
                magic.zone_hexes(ctx.state, ctx.state.units[caster], key, target) is None:
            refusals.why_not_zone(caster, key, target, s["hexes"], s["range"])
        return plan(ctx, caster=caster, spell=key, target=target, partner=partner)
    target = refusals.target_word(target, options[0]["targets"])
    if target not in options[0]["targets"]:
        refusals.why_not_target(caster, target, options[0]["targets"], what("cast_on"))
    return plan(ctx, caster=caster, spell=key, target=target, partner=partner)


def order_attack(ctx: OrderContext) -> list[Event]:
    s: ArcState = ctx.state
    p = acting_player(ctx)
    need(s.readings < 2 or ctx.cmd["type"] != "attack-advance", "arc.advance_after")
    unit, target = refusals.counter_word(s, p, ctx.arg("unit")), ctx.arg("target")
    options = declare.attackers(s, p, s.phase)
    if unit not in options:
        refusals.why_not_counter(s, p, unit, what("attack"))
    target = refusals.target_word(target, options[unit])
    if target not in options[unit]:
        refusals.why_not_attack(s, s.units[unit], target)
        refusals.why_not_target(unit, target, options[unit], what("attack_it"))
    return plan(ctx, unit=unit, target=target, advance=ctx.cmd["type"] == "attack-advance")


def order_retreat(ctx: OrderContext) -> list[Event]:
    """`retreat UNIT HEX` (readings 2): the owner's retreat hex, among those the rules allow."""
    s: ArcState = ctx.state
    acting_player(ctx)
    pending = s.pending
    assert pending is not None
    unit, hex_ = refusals.counter_word(s, ctx.cmd["player"], ctx.arg("unit")), ctx.arg("hex")
    if pending["kind"] != "retreat" or unit != pending["unit"]:
        refusals.decide_first(pending)
    if hex_ not in pending["options"]:
        refusals.why_not_target(unit, hex_, sorted(pending["options"]), what("retreat_to"))
    return decisions.retreat_to(s, hex_, ctx.dice) + resume(s, ctx.dice)


def order_advance(ctx: OrderContext) -> list[Event]:
    """`advance UNIT` or `stay` (readings 2): after the result, one attacker next to the vacated hex enters it,
    or none does."""
    s: ArcState = ctx.state
    acting_player(ctx)
    pending = s.pending
    assert pending is not None
    if pending["kind"] != "advance":
        refusals.decide_first(pending)
    unit = None
    if ctx.cmd["type"] == "advance":
        unit = refusals.counter_word(s, ctx.cmd["player"], ctx.arg("unit"))
        if unit not in pending["units"]:
            refusals.why_not_advance(unit, pending)
    return decisions.advance_with(s, unit, ctx.dice) + resume(s, ctx.dice)


def resume(state: ArcState, dice: Dice) -> list[Event]:
    """After a decision: the phase's remaining steps, then (once none waits) the phase closes as usual."""
    events = decisions.run(state, dice)
    if state.pending is not None:
        return events
    state.steps = None
    victory.update_control(state)
    return events + advance(state, dice, resolved=True)


def order_done(ctx: OrderContext) -> list[Event]:
    s: ArcState = ctx.state
    p = acting_player(ctx)
    s.done.append(p)
    events: list[Event] = [{"type": "done", "player": p, "phase": s.phase}]
    if not awaiting(s):
        events += advance(s, ctx.dice)
    return events


def order_next(ctx: OrderContext) -> list[Event]:
    """The referee's `next`, as in every game: close the phase once nobody is awaited. Arc resolves a phase by
    itself when its last player is done, so there is always someone to wait for: named, as every game names them
    (an absent player is played by `campagne play --stand-in`)."""
    s: ArcState = ctx.state
    waiting = awaiting(s)
    from ...core.errors import bilingual
    from ...core.i18n import Lang
    from .words import sides_list
    need(not waiting, "phase.waiting", phase=phase_label(s.phase),
         players=bilingual(sides_list(waiting, Lang("en")), sides_list(waiting, Lang("fr"))))
    return advance(s, ctx.dice)


def order_end(ctx: OrderContext) -> list[Event]:
    """The referee ends the game before its eighth turn (the club's decision): ranked as after the eighth turn,
    by the points held, the objectives and the losses inflicted; nobody wins outright."""
    s: ArcState = ctx.state
    victory.update_control(s)
    return victory.finish(s, [], "referee")


def _args(*names: str) -> tuple[Arg, ...]:
    helps = {"unit": ("le pion (ex. mpa_infantry.3)", "the counter (e.g. mpa_infantry.3)"),
             "hex": ("l'hex, colonne et ligne (ex. Q10)", "the hex, column and row (e.g. Q10)"),
             "caster": ("le prêtre qui lance le sort", "the priest casting the spell"),
             "spell": ("le sort (bless, healing, dispel, silence, light, hold, weather, flame, blade)",
                       "the spell (bless, healing, dispel, silence, light, hold, weather, flame, blade)"),
             "target": ("la cible : un pion, un sort en cours (dispel) ou une zone, premier hex:direction (D9:S)",
                        "the target: a counter, a lasting spell (dispel) or a zone, first hex:direction (D9:S)"),
             "partner": ("un prêtre contigu qui joint ses points", "an adjacent priest pooling his points"),
             }
    helps["target"] = ("la cible : un pion, un sort en cours (dispel) ou une zone, ses hex joints par + "
                       "(D9+D10+E10+E11) ou une ligne premier hex:direction (D9:S)",
                       "the target: a counter, a lasting spell (dispel) or a zone, its hexes joined by + "
                       "(D9+D10+E10+E11) or a line first hex:direction (D9:S)")
    return tuple(Arg(n, "str", {"fr": helps[n][0], "en": helps[n][1]}) for n in names)


ORDERS: dict[str, Order] = {
    "place": Order(order_place, "player", ("deploy",), _args("unit", "hex"),
                   {"fr": "Placer un pion sur un de ses hex de départ « au choix ».",
                    "en": "Place a counter on one of its start hexes (« au choix »)."}),
    "move": Order(order_move, "player", ("move", "special"), _args("unit", "hex"),
                  {"fr": "Déclarer le mouvement d'un pion (résolu quand chacun a fini).",
                   "en": "Declare a counter's move (resolved once everyone is done)."}),
    "fly": Order(order_move, "player", ("move", "special"), _args("unit", "hex"),
                 {"fr": "Gonzague vole sur Pégase (40 points, par-dessus murs et rivière).",
                  "en": "Gonzague flies on Pegasus (40 points, over walls and river)."}),
    "meditate": Order(order_meditate, "player", ("move",), _args("unit"),
                      {"fr": "Un prêtre de Bhâr se retire et médite ce tour (la moitié de sa magie revient).",
                       "en": "A priest of Bhâr withdraws and meditates this turn (half his magic comes back)."}),
    "cast": Order(order_cast, "player", ("magic",), _args("caster", "spell", "target"),
                  {"fr": "Déclarer un sort.", "en": "Declare a spell."}),
    "cast-with": Order(order_cast, "player", ("magic",), _args("caster", "partner", "spell", "target"),
                       {"fr": "Déclarer un sort lancé à deux prêtres contigus (« attaque jumelée »).",
                        "en": "Declare a spell cast by two adjacent priests together."}),
    "attack": Order(order_attack, "player", ("missiles", "melee"), _args("unit", "target"),
                    {"fr": "Déclarer l'attaque d'un pion (les attaquants d'une même cible s'additionnent).",
                     "en": "Declare a counter's attack (the attackers of one target add up)."}),
    "attack-advance": Order(order_attack, "player", ("missiles", "melee"), _args("unit", "target"),
                            {"fr": "Attaquer, puis avancer dans l'hex s'il est libéré.",
                             "en": "Attack, then advance into the hex if it is vacated."}),
    "retreat": Order(order_retreat, "player", ("missiles", "melee"), _args("unit", "hex"),
                     {"fr": "Choisir l'hex où finit la retraite de son pion (parmi ceux que la règle permet).",
                      "en": "Choose the hex where one's counter's retreat ends (among those the rules allow)."}),
    "advance": Order(order_advance, "player", ("missiles", "melee"), _args("unit"),
                     {"fr": "Après le résultat, un attaquant contigu avance dans l'hex libéré.",
                      "en": "After the result, an adjacent attacker advances into the vacated hex."}),
    "stay": Order(order_advance, "player", ("missiles", "melee"), (),
                  {"fr": "Après le résultat, aucun attaquant n'avance dans l'hex libéré.",
                   "en": "After the result, no attacker advances into the vacated hex."}),
    "done": Order(order_done, "player", ("deploy", *PHASES), (),
                  {"fr": "Fin des déclarations de cette phase.", "en": "No more orders this phase."}),
    "end": Order(order_end, "referee", None, (),
                 {"fr": "L'arbitre finit la partie : classement aux points tenus, objectifs et pertes infligées.",
                  "en": "The referee ends the game: ranked by points held, objectives and losses inflicted."}),
}


# The referee's `next` of every game, never offered here (Arc closes a phase itself when its last player is
# done): given all the same, it says whom the phase waits for, as every game does, never « unknown order ».
CLOSING: dict[str, Order] = {
    "next": Order(order_next, "referee", None, (),
                  {"fr": "L'arbitre clôt la phase (quand plus personne n'est attendu).",
                   "en": "The referee closes the phase (once nobody is awaited)."}),
}


# --------------------------------------------------------------------------- resolving a phase


def resolution_order(state: ArcState) -> list[str]:
    if len(state.acting) < 2:
        return list(state.acting)
    return ["ulf", "fereira"] if state.turn % 2 == 1 else ["fereira", "ulf"]


def resolve_phase(state: ArcState, dice: Dice) -> list[Event]:
    events: list[Event] = [{"type": "resolve", "phase": state.phase, "turn": state.turn,
                            "order": resolution_order(state)}]
    if state.readings >= 2 and state.phase in ("missiles", "melee"):
        state.steps = decisions.combat_steps(state, resolution_order(state))
        events += decisions.run(state, dice)
        if state.pending is not None:
            return events  # the rest once its player has decided (`resume`)
        state.steps = None
    for p in resolution_order(state):
        plans, state.plans[p] = state.plans[p], []
        if state.phase in ("missiles", "melee"):
            groups: dict[str, list[dict[str, Any]]] = {}
            for x in plans:
                groups.setdefault(x["target"], []).append(x)
            for target, attacks in groups.items():
                t = state.units[target]
                events += combat.resolve(state, t, attacks, state.phase, dice) if t.alive else \
                    [{"type": "combat_void", "target": target, "phase": state.phase}]
            continue
        for x in plans:
            events += resolve_one(state, x, dice)
    if state.phase in ("deploy", "move", "special"):
        events += movement.convert_people(state)
        events += movement.detect(state)
    victory.update_control(state)
    return events


def resolve_one(state: ArcState, x: dict[str, Any], dice: Dice) -> list[Event]:
    if x["type"] == "place":
        u = state.units[x["unit"]]
        u.hex = x["hex"]
        return [magic.private(u, {"type": "placed", "unit": u.id, "hex": u.hex})]
    if x["type"] == "meditate":
        u = state.units[x["unit"]]
        u.meditating = True
        return [{"type": "meditating", "unit": u.id}]
    if x["type"] in ("cast", "cast-with"):
        return magic.resolve_cast(state, x, dice)
    u = state.units[x["unit"]]
    if not movement.can_move(state, u, state.phase):
        return [magic.private(u, {"type": "blocked", "unit": u.id, "to": x["hex"]})]
    path = movement.path_to(state, u, x["hex"], pegasus=x.get("mount") == "pegasus")
    if path is None:
        return [magic.private(u, {"type": "blocked", "unit": u.id, "to": x["hex"]})]
    line = movement.charge_line(state, u, x["hex"]) if u.kind.ability("charge") else None
    u.charged = line is not None
    return movement.move_unit(state, u, x["hex"], line or path, dice)


def advance(state: ArcState, dice: Dice, resolved: bool = False) -> list[Event]:
    """Resolve the phase every acting player has closed, then open the next one (skipping the players who
    have nothing to declare), until someone must act or the game ends; `resolved`: the phase already is (its
    last decision just made)."""
    events: list[Event] = []
    while not awaiting(state) and not state.ended:
        if not resolved:
            events += resolve_phase(state, dice)
            if state.pending is not None:
                break
        resolved = False
        events += next_phase(state, dice)
        if state.ended:
            break
        state.done = [p for p in state.acting if not declare.could_act(state, p, state.phase)]
    return events


def next_phase(state: ArcState, dice: Dice) -> list[Event]:
    events: list[Event] = []
    if state.phase == "deploy":
        if state.segment == 0:
            state.segment, state.acting = 1, list(SECOND_SEGMENT)
        else:
            state.turn, state.segment, state.phase, state.acting = 1, 0, "move", list(FIRST_SEGMENT)
            events.append({"type": "turn", "turn": 1, "night": state.night})
        return events
    i = PHASES.index(state.phase)
    if i + 1 < len(PHASES):
        state.phase = PHASES[i + 1]
    elif state.segment == 0:
        state.segment, state.phase, state.acting = 1, "move", list(SECOND_SEGMENT)
    else:
        events += end_turn(state)
        if state.ended:
            return events
        state.turn, state.segment, state.phase, state.acting = state.turn + 1, 0, "move", list(FIRST_SEGMENT)
        events.append({"type": "turn", "turn": state.turn, "night": state.night})
    events.append({"type": "phase", "phase": state.phase, "acting": list(state.acting), "turn": state.turn})
    return events


def end_turn(state: ArcState) -> list[Event]:
    events = magic.end_of_turn(state)
    for u in state.alive():
        if u.kind.ability("fading"):  # « force d'attaque se réduit d'un tiers par tour; ... un tour de repos »
            u.fading = min(3, u.fading + 1) if u.attacked else (0 if not u.moved else u.fading)
        if u.kind.ability("invisible") and not u.hidden:  # visible « pendant le reste du tour »
            u.hidden = True
            events.append({"type": "vanish", "unit": u.id, "at": u.hex})
        u.moved = u.attacked = u.attacked_by_enemy = u.moved_hidden = u.charged = False
    events += movement.detect(state)
    victory.update_control(state)
    events += victory.turn_end(state)
    return events


class ArcRules:
    """Le jeu du destin d'Arc as a `Ruleset` (see campagne.core.game)."""

    name = "arc"

    def new_state(self, setup: Mapping[str, Any], dice: Dice) -> tuple[ArcState, list[Event]]:
        state = new_state(setup)
        events: list[Event] = [{"type": "setup", "forces": dict(state.forces), "two_player": state.two_player}]
        if "scenario" in setup:
            state.turn, state.phase = int(setup.get("turn", 1)), setup.get("phase", "move")
            state.segment = 0 if setup.get("segment", 0) == 0 else 1
            state.acting = list(FIRST_SEGMENT if state.segment == 0 else SECOND_SEGMENT)
        else:
            state.acting = list(FIRST_SEGMENT)
        victory.update_control(state)
        state.done = [p for p in state.acting if not declare.could_act(state, p, state.phase)]
        if not awaiting(state):
            events += advance(state, dice)
        return state, events

    def apply(self, state: ArcState, command: dict[str, Any], dice: Dice) -> list[Event]:
        phase = "ended" if state.ended else state.phase
        closing = isinstance(command, dict) and command.get("type") == "next"
        spec = order_for(CLOSING if closing else ORDERS, command, phase, state.controllers, phase_label)
        return spec.handler(OrderContext(state, command, dice))

    def awaiting(self, state: ArcState) -> list[str]:
        return awaiting(state)

    def view(self, state: ArcState, viewer: str | None) -> dict[str, Any]:
        from .views import view
        return view(state, viewer)

    def phase(self, state: ArcState) -> tuple[int, str]:
        """The view's turn and phase, without drawing the view."""
        return state.turn, state.phase


__all__ = ["ORDERS", "ArcRules", "CampagneError", "TURNS", "awaiting"]
