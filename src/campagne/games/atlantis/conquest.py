"""Conquest: the right of passage, and conquering Atlantean or enemy players' territories.

An army standing in an Atlantean territory must negotiate a right of passage or attack
("Un général qui pénètre sur un territoire Atlante a deux possibilités"); an army in an enemy
player's territory with no enemy army there may attack its garrison.
"""

from __future__ import annotations

from typing import Any

from . import army as armies
from .context import Ctx, Event, need
from .state import AtlantisState, Player
from .turn import require_phase


def general_modifier(p: Player) -> str | None:
    """The general's row of the passage table (Leadership with this turn's event/supply modifiers);
    a general killed in battle and not recovered is "Pas de Général"."""
    ld = armies.effective_leadership(p.army, p.leadership_mod) if p.army else None
    if ld is None:
        return "no_general"
    if ld <= 7:
        return "general_ld_7_or_less"
    if ld == 9:
        return "general_ld_9"
    if ld >= 10:
        return "general_ld_10"
    return None


def needs_decision(s: AtlantisState, p: Player) -> bool:
    """Is this army in Atlantean land without a right to stay, and so must negotiate or attack?"""
    if p.eliminated or p.army is None or p.position is None or p.conquest_done:
        return False
    return s.owners.get(p.position) is None and p.passage != p.position


def may_attack_player_land(s: AtlantisState, p: Player) -> bool:
    if p.army is None or p.position is None or p.conquest_done:
        return False
    owner = s.owners.get(p.position)
    return owner not in (None, p.id) and not s.enemy_army_in(p.position, p.id)


def _conquest_army(ctx: Ctx) -> Player:
    require_phase(ctx.state, "conquest")
    p = ctx.active_player()
    need(p.army is not None and p.position is not None, "conquest.no_army", player=p.id)
    return p


def order_negotiate(ctx: Ctx) -> list[Event]:
    p = _conquest_army(ctx)
    s = ctx.state
    need(needs_decision(s, p), "conquest.nothing_to_negotiate", player=p.id)
    need(not p.negotiated, "conquest.already_negotiated", player=p.id)
    bribe = ctx.arg("bribe", int, 0)
    ctx.spend(p, bribe, "bribe")
    p.loot -= bribe
    mods: list[tuple[str, int]] = [("loot_50", ctx.bribe_steps(bribe))]
    gm = general_modifier(p)
    if gm:
        mods.append((gm, 1))
    row, lookup = ctx.tables["passage"].roll(ctx.dice, f"passage {p.id}", mods)
    p.negotiated = True
    ev: Event = {"type": "passage", "player": p.id, "territory": p.position, "bribe": bribe,
                 "result": row.key, "lookup": lookup.to_dict()}
    if row.key == "success":
        p.passage = p.position
        p.conquest_done = True
    return [ev]


def order_withdraw(ctx: Ctx) -> list[Event]:
    """After a failed negotiation: back to where the army came from, if that territory is free."""
    p = _conquest_army(ctx)
    s = ctx.state
    need(p.negotiated and needs_decision(s, p), "conquest.cannot_withdraw", player=p.id)
    back = p.came_from
    need(back is not None and back != p.position and _free(s, p, back), "conquest.origin_not_free",
         player=p.id, territory=back)
    start, p.position, p.came_from = p.position, back, p.position
    p.conquest_done = True
    return [{"type": "withdrew", "player": p.id, "from": start, "to": back}]


def _free(s: AtlantisState, p: Player, tid: str) -> bool:
    return not s.enemy_army_in(tid, p.id)


def defender_modifiers(s: AtlantisState, tid: str) -> list[tuple[str, int]]:
    """Rows of the FORCE DU DEFENSEUR table that apply to territory `tid` (key, times)."""
    t = s.map.territories[tid]
    owner = s.owners.get(tid)
    city = s.map.royal_city(t.kingdom)
    mods: list[tuple[str, int]] = []
    # "Si la capitale du royaume n'est pas conquise": the capital still has the attacked land's owner.
    if s.owners.get(city) == owner:
        mods.append(("capital_unconquered", 1))
    if t.royal_city:
        mods.append(("capital", 1))
    if t.kingdom == "atlantis":
        mods.append(("atlantis", 1))
    if t.terrain in ("forest", "mountain"):
        mods.append((t.terrain, 1))
    if owner is not None and s.fortresses.get(tid, 0):
        mods.append(("fortress", s.fortresses[tid]))
    return mods


def order_conquer(ctx: Ctx) -> list[Event]:
    p = _conquest_army(ctx)
    s = ctx.state
    tid = p.position
    owner = s.owners.get(tid)
    atlantean = owner is None
    need((atlantean and needs_decision(s, p)) or may_attack_player_land(s, p),
         "conquest.nothing_to_conquer", player=p.id, territory=tid)
    bribe = ctx.arg("bribe", int, 0)
    ctx.spend(p, bribe, "bribe")
    p.loot -= bribe
    results = ctx.tables["conquest_result" if atlantean else "conquest_result_player"]
    defence = ctx.tables["conquest_defence"]
    def_mods = defender_modifiers(s, tid)
    base = ctx.strength(p) + ctx.bribe_steps(bribe)
    cumulative = 0
    rounds: list[dict[str, Any]] = []
    while True:
        attack = base + cumulative
        defence_roll = ctx.roll(defence.dice, f"conquest defence {tid}")
        defended = defence_roll + sum(v for _, v in defence.modifier_total(def_mods))
        row = results.lookup(attack - defended)
        rnd: dict[str, Any] = {"attack": attack, "defence": defended, "defence_roll": defence_roll,
                               "difference": attack - defended, "result": row.key}
        if row.get("losses"):
            n = ctx.roll(row.get("losses"), f"conquest losses {p.id}")
            rnd["losses"] = [{"unit": u, "models": m} for u, m in armies.remove_models(p.army, n, p.losses_first()) if m]
        rounds.append(rnd)
        if row.get("outcome") != "again":
            break
        cumulative += row.get("attack", 0)
    loot = row.get("loot", 0)
    if loot < 0:
        loot = -min(-loot, p.loot)  # loot is never negative (see docs)
    p.loot += loot
    p.conquest_done = True
    events: list[Event] = [{"type": "conquest", "player": p.id, "territory": tid, "from": owner,
                            "bribe": bribe, "defender_modifiers": [list(m) for m in def_mods],
                            "rounds": rounds, "result": row.key, "loot": loot}]
    outcome = row.get("outcome")
    if outcome == "taken":
        s.owners[tid] = p.id
        p.passage = None
        events.append({"type": "territory_taken", "player": p.id, "territory": tid, "by": "conquest"})
    elif outcome == "beaten":
        p.must_leave = True
    elif outcome == "crushed":
        p.must_retreat = True
        p.retreat_from, p.retreat_kind = tid, "crushed"
    return events


def conquest_awaiting(s: AtlantisState) -> list[str]:
    return [p.id for p in s.active_players() if needs_decision(s, p)]
