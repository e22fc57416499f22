"""The grid battle (seed 004, « Les batailles ») as a `Ruleset`: deployment, rounds of alternating
activations, and the orders that move, attack, cast and end an activation.

- Deployment: « chaque camp déploie une unité dans sa zone de déployement à tour de rôle en commençant par le
  défenseur »; a camp that places a civilian places all its civilians before the turn passes (« les unités
  civiles doivent être déployées sur le champ de bataille toutes en même temps »). Civilians with no military
  unit of their camp to defend them are destroyed before anything else (« automatiquement détruites »).
- Rounds: « chaque camp choisi à tour de rôle une unité à activer »; a camp with no unit left to activate is
  skipped (« l'autre camp fini d'activer ses unités »); the round ends when every unit has been activated; the
  camp that opens a round goes round the camps (the defender opens round 1). The battle ends after round 5 or
  when one camp (or none) is left (« jusqu'à ce qu'un des camp soit éliminé ou que 5 rounds »).
- An activation: the first order naming a unit activates it (its AP: the card's, plus Haste); `move`, then
  `attack` or `cast` (which spend all AP left unless the unit is `mobile`), or `end`. It ends when its AP are
  spent or on `end`; AP left are lost (« ne sont pas conservés »).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.dice import Dice
from ...core.errors import CampagneError, need, register_messages
from ...core.interface import Outcome
from ...core.orders import Arg, Order, OrderContext, order_for
from . import combat, magic, movement, refusals
from .data import card_actions, spells
from .followup import maybe_engage
from .setup import read
from .state import ROUNDS, SkirmishState, Unit, phase_label

Event = dict[str, Any]

register_messages({
    "skirmish.not_your_turn": {"en": "It is not {player}'s turn (waiting for {waiting}).",
                               "fr": "Ce n'est pas à {player} de jouer (on attend {waiting})."},
    "skirmish.busy": {"en": "{active} is being activated: finish its activation first (end {active}).",
                      "fr": "{active} est en cours d'activation : terminez-la d'abord (end {active})."},
    "skirmish.no_ap": {"en": "{unit} has no action point left.", "fr": "{unit} n'a plus de point d'action."},
    "skirmish.once": {"en": "{unit} may {what} once per activation.",
                      "fr": "{unit} ne peut {what} qu'une fois par activation."},
    "skirmish.nothing_to_close": {"en": "No activation to close: {camp} must choose a unit to activate.",
                                  "fr": "Aucune activation à clore : {camp} doit choisir une unité à activer."},
    "skirmish.bad_dice": {"en": "{unit} casts with 1 to {most} dice (Magic {most}), not {dice!r}.",
                          "fr": "{unit} lance de 1 à {most} dés (Magie {most}), pas {dice!r}."},
})

WHAT = {"deploy": ("être déployée", "be deployed"), "act": ("agir", "act"), "deploy_on": ("être déployée en", "be deployed on"),
        "move_to": ("aller en", "move to"), "attack": ("attaquer", "attack"), "cast": ("lancer", "cast"),
        "cast_on": ("viser", "target")}


def what(key: str) -> dict[str, str]:
    return {"fr": WHAT[key][0], "en": WHAT[key][1]}


def awaiting(state: SkirmishState) -> list[str]:
    return [] if state.ended or state.current is None else [state.current]


def acting(ctx: OrderContext) -> str:
    s: SkirmishState = ctx.state
    p = ctx.cmd["player"]
    need(p == s.current, "skirmish.not_your_turn", player=p, waiting=s.current or "-")
    return p


# --------------------------------------------------------------------------- deployment


def deployable(state: SkirmishState, camp: str) -> list[Unit]:
    left = [u for u in state.of(camp) if u.status == "reserve"]
    return [u for u in left if not u.kind.military] if state.civilians_first else left


def free_cells(state: SkirmishState, camp: str) -> list[int]:
    taken = state.occupant()
    return sorted(c for c in state.zones[camp] if c not in taken)


def order_deploy(ctx: OrderContext) -> list[Event]:
    s: SkirmishState = ctx.state
    p = acting(ctx)
    unit, cell = refusals.unit_word(s, p, ctx.arg("unit")), ctx.arg("cell")
    u = s.units.get(unit)
    if u is None or u not in deployable(s, p):
        refusals.why_not_unit(s, p, unit, deploying=True)
    i = s.field.index(cell)
    if i not in free_cells(s, p):
        if i is None:
            refusals.why_not_cell(s, u, cell, 0)  # type: ignore[arg-type]
        raise CampagneError("skirmish.not_in_zone", cell=s.field.name(i), player=p)
    u.cell, u.status = i, "deployed"  # type: ignore[union-attr]
    events: list[Event] = [{"type": "deployed", "unit": u.id, "camp": p, "cell": s.field.name(i)}]  # type: ignore
    civilians_left = [x for x in s.of(p) if x.status == "reserve" and not x.kind.military]
    s.civilians_first = not u.kind.military and bool(civilians_left)  # type: ignore[union-attr]
    if not s.civilians_first:
        events += next_deployer(s)
    return events


def next_deployer(state: SkirmishState) -> list[Event]:
    n = len(state.camps)
    at = state.camps.index(state.current) if state.current in state.camps else -1
    for k in range(1, n + 1):
        camp = state.camps[(at + k) % n]
        if any(u.status == "reserve" for u in state.of(camp)):
            state.current = camp
            return []
    return start_round(state, 1)


# --------------------------------------------------------------------------- rounds


def start_round(state: SkirmishState, number: int) -> list[Event]:
    state.phase, state.round, state.active = "battle", number, None
    for u in state.units.values():
        u.activated, u.ap, u.shield, u.haste = False, 0, 0, 0  # what lasts « jusqu'à la fin du round »
        u.attacked = u.cast = False
        u.used, u.aim = (), 0
    opener = state.camps[(number - 1) % len(state.camps)]
    state.current = state.camps[(state.camps.index(opener) - 1) % len(state.camps)]
    events: list[Event] = [{"type": "round", "round": number}]
    return events + pass_turn(state)


def to_activate(state: SkirmishState, camp: str) -> list[Unit]:
    return [u for u in state.of(camp) if u.status == "deployed" and not u.activated]


def pass_turn(state: SkirmishState) -> list[Event]:
    """The next camp in order with a unit still to activate; none: the round ends."""
    n = len(state.camps)
    at = state.camps.index(state.current) if state.current in state.camps else -1
    for k in range(1, n + 1):
        camp = state.camps[(at + k) % n]
        if to_activate(state, camp):
            state.current = camp
            return []
    if state.round >= ROUNDS:
        return finish(state)
    return start_round(state, state.round + 1)


def finish(state: SkirmishState) -> list[Event]:
    left = state.camps_standing()
    state.phase, state.current, state.active = "ended", None, None
    state.winner = left[0] if len(left) == 1 else None
    state.standing = sorted(state.camps, key=lambda c: (c != state.winner, -state.score(c)))
    return [{"type": "battle_over", "round": state.round, "winner": state.winner, "standing": list(state.standing),
             "hp_left": {c: state.hp_left(c) for c in state.camps}}]


def over(state: SkirmishState) -> bool:
    """« jusqu'à ce qu'un des camp soit éliminé »: readings 2, as soon as any camp has no unit left (with three
    camps or more, the others stop there too); readings 1, when one camp (or none) is left."""
    left = state.camps_standing()
    return len(left) < len(state.camps) if state.readings >= 2 else len(left) <= 1


# --------------------------------------------------------------------------- activations


def actor(ctx: OrderContext, key: str) -> tuple[Unit, int]:
    """The unit an order names, checked, and the AP it has (not activated yet: what its activation gives)."""
    s: SkirmishState = ctx.state
    p = acting(ctx)
    unit = refusals.unit_word(s, p, ctx.arg("unit"))
    u = s.units.get(unit)
    need(s.active is None or s.active == unit, "skirmish.busy", active=s.active)
    if not (u is not None and u.camp == p and u.status == "deployed" and (not u.activated or s.active == unit)):
        refusals.why_not_unit(s, p, unit)
    return u, (u.ap if s.active == unit else u.kind.ap + u.haste)  # type: ignore[union-attr]


def activate(state: SkirmishState, u: Unit, ap: int) -> list[Event]:
    if state.active == u.id:
        return []
    state.active, u.activated, u.ap, u.haste = u.id, True, ap, 0
    u.used, u.aim = (), 0
    return [{"type": "activated", "unit": u.id, "ap": ap}]


def after_action(state: SkirmishState, u: Unit, spent_all: bool) -> list[Event]:
    """An attack or a spell spends all AP left « à moins qu'elle ait une capacité disant le contraire »
    (`mobile`: 1 AP); the battle may be over; an activation without AP ends."""
    u.ap = 0 if spent_all and not u.kind.has("mobile") else max(0, u.ap - 1)
    if over(state):
        return finish(state)
    if not u.alive or u.ap == 0:
        return end_activation(state)
    return []


def end_activation(state: SkirmishState) -> list[Event]:
    u = state.units.get(state.active or "")
    state.active = None
    if u is not None:
        u.ap, u.aim = 0, 0  # « Viser » is for the attack of this activation
    return pass_turn(state)


def order_move(ctx: OrderContext) -> list[Event]:
    s: SkirmishState = ctx.state
    u, ap = actor(ctx, "act")
    cell = ctx.arg("cell")
    i = s.field.index(cell)
    way = movement.route(s, u, ap, i) if i is not None else None
    if way is None:
        refusals.why_not_cell(s, u, cell, ap)
    events = activate(s, u, ap)
    left, path = way  # type: ignore[misc]
    start, u.cell, u.ap = u.cell, i, left
    events.append({"type": "moved", "unit": u.id, "from": s.field.name(start), "to": s.field.name(i),  # type: ignore
                   "path": [s.field.name(c) for c in path], "ap_left": left})
    return events + (end_activation(s) if left == 0 else [])


def order_attack(ctx: OrderContext) -> list[Event]:
    s: SkirmishState = ctx.state
    u, ap = actor(ctx, "attack")
    target = ctx.arg("target")
    need(ap >= 1, "skirmish.no_ap", unit=u.id)
    need(not u.attacked, "skirmish.once", unit=u.id, what=what("attack"))
    target = refusals.pick(str(target), sorted(combat.targets(s, u))) or target
    kind = combat.attack_kind(s, u, s.units[target]) if target in s.units else None
    if kind is None:
        refusals.why_not_target(u.id, target, sorted(combat.targets(s, u)), what("attack"))
    events = activate(s, u, ap)
    u.attacked = True
    events += combat.attack(s, u, s.units[target], kind, ctx.dice)  # type: ignore[arg-type]
    return events + after_action(s, u, True)


def order_cast(ctx: OrderContext) -> list[Event]:
    s: SkirmishState = ctx.state
    u, ap = actor(ctx, "cast")
    key, target = ctx.arg("spell"), ctx.arg("target")
    dice_n = ctx.cmd.get("dice")  # a whole number (the command line reads the word as one): never "2"
    if key not in u.spells:
        refusals.why_not_target(u.id, key, list(u.spells), what("cast"))
    need(isinstance(dice_n, int) and not isinstance(dice_n, bool) and 1 <= dice_n <= u.kind.magic,
         "skirmish.bad_dice", unit=u.id, most=u.kind.magic, dice=dice_n)
    need(ap >= 1, "skirmish.no_ap", unit=u.id)
    need(not u.cast, "skirmish.once", unit=u.id, what=what("cast"))
    aimed = sorted(magic.spell_targets(s, u, spells()[key]))
    target = refusals.pick(str(target), aimed) or target
    if target not in aimed:
        refusals.why_not_target(u.id, target, aimed, what("cast_on"))
    events = activate(s, u, ap)
    u.cast = True
    events += magic.cast(s, u, key, s.units[target], dice_n, ctx.dice)  # type: ignore[arg-type]
    return events + after_action(s, u, True)


def usable(state: SkirmishState, u: Unit, ap: int) -> list[str]:
    """The actions on u's card it may activate now (readings 2): not used in this activation, affordable, and
    « Viser » only before its attack."""
    if state.readings < 2:
        return []
    acts = card_actions()
    return [k for k in u.kind.actions if k not in u.used and acts[k].cost <= ap
            and not (acts[k].effect == "aim" and u.attacked)]


def order_act(ctx: OrderContext) -> list[Event]:
    """« Une unité activée peut se déplacer, attaquer et activer toute action sur sa carte »: the action costs its
    AP (« un point d'action pour chacune de ses actions »), and the activation goes on while AP are left."""
    s: SkirmishState = ctx.state
    u, ap = actor(ctx, "act")
    key = ctx.arg("action")
    if key not in usable(s, u, ap):
        refusals.why_not_action(s, u, key, ap)
    a = card_actions()[key]
    events = activate(s, u, ap)
    u.used, u.ap = (*u.used, key), u.ap - a.cost
    if a.effect == "brace":
        u.shield += a.value  # until the round ends, as the Mystic shield
    else:
        u.aim += a.value
    events.append({"type": "card_action", "unit": u.id, "action": key, "effect": a.effect, "value": a.value,
                   "ap_spent": a.cost, "ap_left": u.ap})
    return events + (end_activation(s) if u.ap == 0 else [])


def order_end(ctx: OrderContext) -> list[Event]:
    s: SkirmishState = ctx.state
    u, ap = actor(ctx, "act")
    events = activate(s, u, ap)
    events.append({"type": "activation_end", "unit": u.id, "ap_lost": u.ap})
    return events + end_activation(s)


def order_next(ctx: OrderContext) -> list[Event]:
    """The referee closes the activation in progress (a camp gone from the table): its AP are lost, as at
    `end`. Without one in progress there is nothing to close: the camp must choose a unit."""
    s: SkirmishState = ctx.state
    need(s.active is not None, "skirmish.nothing_to_close", camp=s.current or "-")
    events: list[Event] = [{"type": "activation_end", "unit": s.active, "ap_lost": s.units[s.active].ap,
                            "by": "referee"}]
    return events + end_activation(s)


def _args(*names: str) -> tuple[Arg, ...]:
    helps = {"unit": ("l'unité (ex. soldiers.1)", "the unit (e.g. soldiers.1)"),
             "cell": ("la case, colonne et ligne (ex. C4)", "the cell, column and row (e.g. C4)"),
             "target": ("l'unité visée", "the unit aimed at"),
             "spell": ("le sort (firebolt, lightning, heal, shield, haste)",
                       "the spell (firebolt, lightning, heal, shield, haste)"),
             "dice": ("le nombre de dés lancés (au plus la Magie de l'unité)",
                      "how many dice to roll (at most the unit's Magic)"),
             "action": ("l'action de sa carte (brace : se retrancher, aim : viser)",
                        "the action on its card (brace, aim)")}
    return tuple(Arg(n, "int" if n == "dice" else "str", {"fr": helps[n][0], "en": helps[n][1]}) for n in names)


ORDERS: dict[str, Order] = {
    "deploy": Order(order_deploy, "player", ("deploy",), _args("unit", "cell"),
                    {"fr": "Déployer une unité dans sa zone de déploiement.",
                     "en": "Deploy a unit in the camp's deployment zone."}),
    "move": Order(order_move, "player", ("battle",), _args("unit", "cell"),
                  {"fr": "Activer (ou continuer d'activer) une unité et la déplacer jusqu'à une case.",
                   "en": "Activate (or go on activating) a unit and move it to a cell."}),
    "attack": Order(order_attack, "player", ("battle",), _args("unit", "target"),
                    {"fr": "Attaquer une unité ennemie (corps à corps ou à distance).",
                     "en": "Attack an enemy unit (melee or ranged)."}),
    "cast": Order(order_cast, "player", ("battle",), _args("unit", "spell", "target", "dice"),
                  {"fr": "Lancer un sort avec autant de dés (au plus sa Magie).",
                   "en": "Cast a spell with this many dice (at most its Magic)."}),
    "end": Order(order_end, "player", ("battle",), _args("unit"),
                 {"fr": "Terminer l'activation d'une unité (l'activer sans rien faire, si elle ne l'est pas).",
                  "en": "End a unit's activation (activate it doing nothing, if it is not yet)."}),
    "next": Order(order_next, "referee", ("battle",), (),
                  {"fr": "L'arbitre clôt l'activation en cours (ses PA sont perdus).",
                   "en": "The referee closes the activation in progress (its AP are lost)."}),
    # last, so that the agents' action numbers of the other orders stay as they were
    "act": Order(order_act, "player", ("battle",), _args("unit", "action"),
                 {"fr": "Activer une action de la carte de l'unité (à son coût en PA).",
                  "en": "Activate an action on the unit's card (at its cost in AP)."}),
}


def order_referee_end(ctx: OrderContext) -> list[Event]:
    """The referee's `end`, as in every game: the battle stops here, the camps ranked as after round 5 (the one
    camp left first, then by the share of their hit points kept)."""
    return [{"type": "ended_by_referee", "round": ctx.state.round}, *finish(ctx.state)]


# A camp's `end UNIT` ends an activation; the referee's `end` (no unit) ends the battle, as in every game.
REFEREE_END: dict[str, Order] = {
    "end": Order(order_referee_end, "referee", ("deploy", "battle"), (),
                 {"fr": "L'arbitre arrête la bataille (classement aux points de vie gardés).",
                  "en": "The referee stops the battle (ranked by the hit points kept)."}),
}


def opening(state: SkirmishState) -> list[Event]:
    """Undefended civilians are destroyed, then deployment (or, for a position, round 1) begins."""
    events: list[Event] = []
    for camp in state.camps:
        mine = state.of(camp)
        if mine and not any(u.kind.military for u in mine):
            for u in mine:
                u.status, u.cell, u.hp = "destroyed", None, 0
            events.append({"type": "undefended", "camp": camp, "units": [u.id for u in mine]})
    if over(state):
        return events + finish(state)
    if all(u.status != "reserve" for u in state.units.values()):
        return events + start_round(state, 1)
    state.current = state.camps[-1]
    return events + next_deployer(state)


class SkirmishRules:
    """The grid battle as a `Ruleset` (see campagne.core.game)."""

    name = "skirmish"

    def new_state(self, setup: Mapping[str, Any], dice: Dice) -> tuple[SkirmishState, list[Event]]:
        state = read(setup)
        events: list[Event] = [{"type": "setup", "battlefield": state.field.id, "camps": list(state.camps)}]
        return state, events + opening(state)

    def apply(self, state: SkirmishState, command: dict[str, Any], dice: Dice) -> list[Event]:
        if isinstance(command, dict) and command.get("type") == "end" and command.get("player") == "referee" \
                and "unit" not in command:
            spec = order_for(REFEREE_END, command, state.phase, state.camps, phase_label)  # `campagne end`
        else:
            spec = order_for(ORDERS, command, state.phase, state.camps, phase_label)
        events = spec.handler(OrderContext(state, command, dice))
        # a battle ended undecided with engagements left is engaged again at once (followup.py, issue 24); not
        # when the referee stops it
        return events if spec is REFEREE_END["end"] else maybe_engage(state, events)

    def awaiting(self, state: SkirmishState) -> list[str]:
        return awaiting(state)

    def view(self, state: SkirmishState, viewer: str | None) -> dict[str, Any]:
        from .views import view
        return view(state, viewer)

    def phase(self, state: SkirmishState) -> tuple[int, str]:
        """The view's turn and phase, without drawing the view."""
        return state.round, state.phase


def outcome(state: SkirmishState) -> Outcome:
    """The standing: the one camp left first; then by the share of their hit points the camps kept (the seed
    names no winner when several camps are left after round 5: « il faudra utiliser une autre Action - Engager
    un combat pour amorcer une nouvelle bataille »). Scores: that share, and 1 to the camp left alone."""
    order = state.standing or sorted(state.camps, key=lambda c: -state.score(c))
    scores = {c: 1.0 if c == state.winner else round(state.score(c), 6) for c in state.camps}
    return Outcome(state.ended, tuple(order), scores,
                   {"winner": state.winner, "round": state.round, "hp_left": {c: state.hp_left(c) for c in state.camps}})
