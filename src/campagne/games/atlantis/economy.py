"""Loot phase orders (reinforcements, fortresses, reorganisation) and supply bargaining."""

from __future__ import annotations

from . import army as armies
from .context import Ctx, Event, need
from .turn import require_phase


def order_buy(ctx: Ctx) -> list[Event]:
    """"1 point de butin = 1 point d'armée": models for an existing unit, arriving with the reinforcements."""
    require_phase(ctx.state, "loot")
    p = ctx.active_player()
    uid = ctx.arg("unit")
    models = ctx.arg("models", int)
    need(models > 0, "order.negative", field="models", value=models)
    army = p.army if p.army is not None else p.returning
    need(army is not None and any(u.id == uid for u in army.units), "order.unknown_unit", player=p.id, unit=uid)
    cost = armies.reinforce_cost(army, uid, models)
    ctx.spend(p, cost, "reinforcements")
    p.loot -= cost
    item = {"unit": uid, "models": models, "cost": cost}
    p.pending_reinforcements.append(item)
    return [{"type": "reinforcements_bought", "player": p.id, **item}]


def order_recruit(ctx: Ctx) -> list[Event]:
    """A new unit (given as an army-list unit table), paid now, arriving with the reinforcements."""
    require_phase(ctx.state, "loot")
    p = ctx.active_player()
    spec = ctx.cmd.get("unit")
    need(isinstance(spec, dict), "order.bad_field", field="unit", value=spec)
    unit = armies.make_unit(spec, source=f"recruit by {p.id}")
    taken = {u.id for u in (p.army.units if p.army else [])} | {
        i["recruit"]["id"] for i in p.pending_reinforcements if i.get("recruit")}
    need(unit.id not in taken, "army.duplicate_unit", file="recruit", unit=unit.id)
    cost = armies.recruit_cost(spec)
    ctx.spend(p, cost, "reinforcements")
    p.loot -= cost
    item = {"recruit": unit.to_dict(), "cost": cost}
    p.pending_reinforcements.append(item)
    return [{"type": "reinforcements_bought", "player": p.id, "unit": unit.id, "models": unit.models,
             "cost": cost, "new_unit": True}]


def order_fortress(ctx: Ctx) -> list[Event]:
    require_phase(ctx.state, "loot")
    p = ctx.active_player()
    tid = ctx.territory()
    s = ctx.state
    need(s.owners.get(tid) == p.id, "loot.not_yours", territory=tid, player=p.id)
    need(s.fortresses.get(tid, 0) < ctx.k["max_fortresses"], "loot.max_fortresses", territory=tid,
         max=ctx.k["max_fortresses"])
    cost = ctx.k["fortress_cost"]
    ctx.spend(p, cost, "fortress")
    p.loot -= cost
    s.fortresses[tid] = s.fortresses.get(tid, 0) + 1
    return [{"type": "fortress_built", "player": p.id, "territory": tid, "cost": cost,
             "fortresses": s.fortresses[tid]}]


def order_reorganise(ctx: Ctx) -> list[Event]:
    """"Une armée se situant dans une cité peut se réorganiser" — a new list of at most the same points,
    a new general if need be; the army cannot move this turn."""
    require_phase(ctx.state, "loot")
    p = ctx.active_player()
    s = ctx.state
    need(p.army is not None and p.position is not None, "conquest.no_army", player=p.id)
    here = s.map.territories[p.position]
    need(here.royal_city and s.owners.get(p.position) == p.id, "loot.not_in_city", player=p.id,
         territory=p.position)
    spec = ctx.cmd.get("army")
    need(isinstance(spec, dict), "order.bad_field", field="army", value=spec)
    new = armies.load_army_mapping(spec, f"reorganise {p.id}")
    need(new.points <= p.army.points, "loot.reorganise_points", new=new.points, old=p.army.points)
    # Reinforcements already bought must still find their unit (or a free id) when they arrive.
    for item in p.pending_reinforcements:
        uid = item["recruit"]["id"] if item.get("recruit") else item["unit"]
        need(new.has_unit(uid) != bool(item.get("recruit")), "loot.reorganise_pending", player=p.id, unit=uid)
    armies.roll_warbands(new, ctx.dice)
    armies.reset_start_models(new)
    old_points = p.army.points
    p.army = new
    p.reorganising = True
    return [{"type": "reorganised", "player": p.id, "territory": p.position, "points_before": old_points,
             "points_after": new.points, "general": new.general is not None}]


def order_supply_spend(ctx: Ctx) -> list[Event]:
    """"+1 Par 50 points de butin dépensés (marchandage)" on the coming supply roll."""
    require_phase(ctx.state, "supply")
    p = ctx.active_player()
    need(p.army is not None and not p.supplied, "supply.not_needed", player=p.id)
    amount = ctx.arg("loot", int)
    ctx.spend(p, amount, "supply")
    p.supply_spend = amount
    return [{"type": "supply_bargain", "player": p.id, "loot": amount}]


def order_losses(ctx: Ctx) -> list[Event]:
    """`losses UNIT...`: the units that take the army's losses first, in this order — from events (eruption),
    desertion, conquest and an auto-resolved battle (« affectées aux unités au choix du joueur », as in WAB
    where the owner removes his casualties). No unit: back to the default rule. A standing order, given in any
    phase; computers and absent players keep the default."""
    from .battles import check_unit
    p = ctx.player()
    units = ctx.cmd.get("units", [])
    need(isinstance(units, list) and all(isinstance(u, str) for u in units), "order.bad_field", field="units",
         value=units)
    for uid in units:
        check_unit(p, uid)
    p.loss_order = list(dict.fromkeys(units))
    return [{"type": "loss_order", "player": p.id, "units": p.loss_order}]
