"""The turn: opening and closing each phase, and the phases that need no decision.

"Chaque phase doit être terminée pour chaque joueur avant de passer à la suivante." The referee's
`next` closes the current phase (refused while somebody still has to act) and opens the next one;
opening a phase does what the rules do automatically (events, taxes, supply routes, initiative,
finding battles, reinforcements).
"""

from __future__ import annotations

from ...core.errors import CampagneError
from . import army as armies
from .context import Ctx, Event
from .state import PHASES, AtlantisState, Player, phase_label


# --------------------------------------------------------------------------- turn start


def start_turn(ctx: Ctx) -> list[Event]:
    s = ctx.state
    s.turn += 1
    events: list[Event] = [{"type": "turn", "turn": s.turn}]
    for p in s.players.values():
        p.event, p.leadership_mod, p.initiative_mod = "none", 0, 0
        p.supplied, p.supply_spend, p.halted, p.reorganising = True, 0, False, False
        p.moved, p.passage, p.negotiated, p.conquest_done = False, None, False, False
        p.previous_position = p.position
        if p.returning is not None and not p.eliminated:
            events += _return_survivors(s, p)
    for p in s.active_players():
        # No land and no army in the field: a player whose army still stands (in enemy land) may win land back.
        if not s.owned(p.id) and (p.army is None or p.position is None):
            p.eliminated = True
            p.army, p.position = None, None
            events.append({"type": "eliminated", "player": p.id})
    return events + open_phase(ctx, "events")


def _return_survivors(s: AtlantisState, p: Player) -> list[Event]:
    """Survivors of a destroyed army re-form at the colony's capital ("dans le territoire de la capitale")."""
    city = s.royal_city_of(p.id)
    home = city if city and s.owners.get(city) == p.id else next(iter(s.owned(p.id)), None)
    army, p.returning = p.returning, None
    if home is None or army is None or army.model_count == 0:
        return [{"type": "army_lost", "player": p.id}]
    p.army, p.position, p.came_from = army, home, home
    return [{"type": "army_reformed", "player": p.id, "territory": home, "models": army.model_count}]


# --------------------------------------------------------------------------- phases


def open_phase(ctx: Ctx, phase: str) -> list[Event]:
    ctx.state.phase = phase
    events: list[Event] = [{"type": "phase", "turn": ctx.state.turn, "phase": phase}]
    opener = _OPEN.get(phase)
    if opener:
        events += opener(ctx)
    return events


def close_phase(ctx: Ctx) -> list[Event]:
    """`next`: finish the current phase and open the next (a new turn after the reinforcements)."""
    s = ctx.state
    events: list[Event] = []
    if s.phase in ("diplomacy", "supply"):  # agreements are made in these phases only
        from .diplomacy import lapse_proposals
        events += lapse_proposals(s)
    closer = _CLOSE.get(s.phase)
    events += closer(ctx) if closer else []
    i = PHASES.index(s.phase)
    if i + 1 < len(PHASES):
        return events + open_phase(ctx, PHASES[i + 1])
    return events + start_turn(ctx)


def open_events(ctx: Ctx) -> list[Event]:
    """2D6 on the TABLE DES EVENEMENTS for each player; effects last for the turn."""
    events = []
    table = ctx.tables["events"]
    for p in ctx.state.active_players():
        row, lookup = table.roll(ctx.dice, f"event {p.id}")
        p.event = row.key
        p.leadership_mod = row.get("leadership", 0)
        p.initiative_mod = row.get("initiative_roll", 0)
        ev: Event = {"type": "divine_event", "player": p.id, "event": row.key, "lookup": lookup.to_dict()}
        if p.army is not None and row.get("losses"):
            n = ctx.roll(row.get("losses"), f"eruption {p.id}")
            ev["losses"] = _removed(armies.remove_models(p.army, n, p.losses_first()))
        elif p.army is not None and row.get("recruits"):
            n = ctx.roll(row.get("recruits"), f"escaped slaves {p.id}")
            unit_id = _fresh_unit_id(p, "slaves")
            armies.add_escaped_slaves(p.army, n, unit_id)
            ev["recruits"] = {"unit": unit_id, "models": n}
        events.append(ev)
    return events


def _fresh_unit_id(p: Player, base: str) -> str:
    taken = {u.id for u in p.army.units} if p.army else set()
    n = 1
    while f"{base}{n}" in taken:
        n += 1
    return f"{base}{n}"


def _removed(pairs: list[tuple[str, int]]) -> list[dict]:
    return [{"unit": u, "models": n} for u, n in pairs if n]


def tax_value(ctx: Ctx, tid: str) -> int:
    t = ctx.state.map.territories[tid]
    taxes = ctx.tables["taxes"]
    if t.royal_city and t.kingdom == "atlantis":
        return taxes.row("atlantis").get("value")
    if t.royal_city:
        return taxes.row("city").get("value")
    if t.terrain in ("river", "plain"):
        return taxes.row(t.terrain).get("value")
    return taxes.row("forest_or_mountain").get("value")


def open_loot(ctx: Ctx) -> list[Event]:
    """Taxes from the second turn, on every territory free of enemy armies (or whose occupier agreed)."""
    s = ctx.state
    if s.turn < ctx.k["taxes_from_turn"]:
        return []
    events = []
    for p in s.active_players():
        total, lands = 0, []
        for tid in s.owned(p.id):
            occupiers = [q.id for q in s.armies_in(tid) if q.id != p.id]
            if all(s.permits(q, p.id, "taxes") for q in occupiers):
                value = tax_value(ctx, tid)
                total += value
                lands.append({"territory": tid, "tax": value})
        p.loot += total
        events.append({"type": "taxes", "player": p.id, "amount": total, "territories": lands})
    return events


# --------------------------------------------------------------------------- supply


def supply_route(s: AtlantisState, p: Player) -> list[str] | None:
    """A route from the army to its royal city through own (or permitted), enemy-free territories.

    The army's own territory is where the route starts and need not be owned (interpretation, see
    docs/rules/atlantis.md); every other territory on it must be. The royal city must always be his
    and free: "le territoire de la cité royale du joueur" — even when the army stands in it.
    """
    city = s.royal_city_of(p.id)
    if p.position is None or city is None:
        return None

    def open_to(tid: str) -> bool:
        owner = s.owners.get(tid)
        if owner != p.id and not s.permits(owner, p.id, "supply"):
            return False
        return all(q.id == p.id or s.permits(q.id, p.id, "supply") for q in s.armies_in(tid))

    if not open_to(city):
        return None
    return s.map.shortest_path(p.position, city, lambda tid: tid == p.position or open_to(tid))


def route_grantors(s: AtlantisState, p: Player, route: list[str] | None) -> list[str]:
    """Players whose supply permission the route uses: "Le joueur offrant cette possibilité doit l'annoncer
    clairement aux autres joueurs durant cette phase d'évaluation du ravitaillement" — so the (public)
    supply_route event names them."""
    used: set[str] = set()
    crossed = (route[1:] if len(route) > 1 else route) if route else []  # the start needs no permission
    for tid in crossed:
        owner = s.owners.get(tid)
        if owner not in (None, p.id):
            used.add(owner)
        used.update(q.id for q in s.armies_in(tid) if q.id != p.id)
    return sorted(used)


def open_supply(ctx: Ctx) -> list[Event]:
    events = []
    for p in ctx.state.active_players():
        if p.army is None:
            continue
        route = supply_route(ctx.state, p)
        p.supplied = route is not None
        events.append({"type": "supply_route", "player": p.id, "supplied": p.supplied, "route": route,
                       "permitted_by": route_grantors(ctx.state, p, route)})
    return events


def close_supply(ctx: Ctx) -> list[Event]:
    """Unsupplied armies roll on the TABLE DU MANQUE DE RAVITAILLEMENT."""
    events = []
    table = ctx.tables["supply"]
    for p in ctx.state.active_players():
        if p.army is None:
            continue
        if p.supplied:
            p.unsupplied_turns = 0
            continue
        steps = ctx.bribe_steps(p.supply_spend)
        row, lookup = table.roll(ctx.dice, f"supply {p.id}",
                                 [("unsupplied_turn", p.unsupplied_turns), ("loot_50", steps)])
        p.loot -= p.supply_spend
        ev: Event = {"type": "supply", "player": p.id, "effect": row.key, "spent": p.supply_spend,
                     "lookup": lookup.to_dict()}
        p.leadership_mod += row.get("leadership", 0)
        p.halted = bool(row.get("halt", False))
        if row.get("desertion"):
            n = ctx.roll(row.get("desertion"), f"desertion {p.id}")
            ev["losses"] = _removed(armies.remove_models(p.army, n, p.losses_first()))
        p.unsupplied_turns += 1
        events.append(ev)
    return events


# --------------------------------------------------------------------------- reinforcements


def open_reinforcements(ctx: Ctx) -> list[Event]:
    """Bought troops join a supplied army; they wait while it is cut off."""
    events = []
    for p in ctx.state.active_players():
        if not p.pending_reinforcements:
            continue
        if p.army is None or supply_route(ctx.state, p) is None:
            events.append({"type": "reinforcements_wait", "player": p.id,
                           "pending": list(p.pending_reinforcements)})
            continue
        for item in p.pending_reinforcements:
            if item.get("recruit"):
                armies.recruit(p.army, item["recruit"])
                armies.roll_warbands(p.army, ctx.dice)
            else:
                armies.reinforce(p.army, item["unit"], item["models"])
        events.append({"type": "reinforcements", "player": p.id, "joined": list(p.pending_reinforcements)})
        p.pending_reinforcements = []
    return events


def require_phase(state: AtlantisState, *phases: str) -> None:
    if state.phase not in phases:
        raise CampagneError("order.wrong_phase", phase=phase_label(state.phase), allowed=phase_label(*phases))


# Set here to avoid import cycles: movement/battles/conquest open their own phases.
_OPEN: dict = {"events": open_events, "loot": open_loot, "supply": open_supply,
               "reinforcements": open_reinforcements}
_CLOSE: dict = {"supply": close_supply}


def register_phase(phase: str, opener=None, closer=None) -> None:
    if opener:
        _OPEN[phase] = opener
    if closer:
        _CLOSE[phase] = closer
