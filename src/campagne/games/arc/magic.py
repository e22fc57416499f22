"""Magic: the priests' spells (data/spells.toml), their targets, costs, saves and lasting effects.

« seules les unités de Prêtres peuvent lancer des sorts »; two priests side by side may cast one spell together
(« attaque jumelée si elles sont HC »), sharing its cost whether or not one could pay alone; each priest takes part in one spell a phase, as
any unit attacks once a phase. A save (« ST ») succeeds on a d12 roll of the unit's magic save or more (« une
petite valeur indique une meilleure défense magique »). Spells aimed at friends (bless, healing) need no save.
Zones (weather turn, blade barrier): « 4HC / 2HC choisis par lanceur de sort », any 4 (2) contiguous hexes of the
map the caster chooses, one of them at most the spell's range from him, named by its hexes ("D9+D10+E10+E11"), or
as before by a straight line's first hex (in range) and direction ("D9:S").
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from ...core.dice import Dice
from ...core.names import natural
from .data import spells
from .state import ArcState, Memo, Unit, memo_of

Event = dict[str, Any]
UNIT_SPELLS = ("bless", "healing", "silence", "light", "hold", "flame")


def active(state: ArcState, kind: str, unit: str | None = None) -> dict[str, Any] | None:
    for e in state.effects:
        if e["kind"] == kind and (unit is None or e.get("unit") == unit):
            return e
    return None


def effect_on(state: ArcState, unit: str, kind: str) -> dict[str, Any] | None:
    return active(state, kind, unit)


def order_of(u: Unit) -> str | None:
    return u.kind.ability("spells")


def can_cast(state: ArcState, u: Unit) -> bool:
    return (u.alive and u.hex is not None and order_of(u) is not None and not u.meditating
            and not effect_on(state, u.id, "silence"))


def spell(order: str, key: str) -> dict[str, Any]:
    return spells()[order][key]


def effect_word(e: dict[str, Any]) -> str:
    """How a lasting spell is named in a dispel order: "effect.3"."""
    return f"effect.{e['id']}"


def effect_named(state: ArcState, word: Any) -> dict[str, Any] | None:
    return next((e for e in state.effects if effect_word(e) == word), None)


def spell_cost(state: ArcState, order: str, key: str, target: Any) -> int | None:
    s = spell(order, key)
    if s["kind"] == "dispel":
        e = effect_named(state, target)
        return None if e is None else e["cost"]
    return s["cost"]


def partners(state: ArcState, caster: Unit, busy: set[str]) -> list[Unit]:
    return [p for p in state.alive() if p is not caster and p.side == caster.side and p.id not in busy
            and order_of(p) == order_of(caster) and can_cast(state, p)
            and state.board.distance(p.hex, caster.hex) <= 1]  # type: ignore[arg-type]


def unit_targets(state: ArcState, caster: Unit, key: str) -> list[str]:
    s = spell(order_of(caster), key)  # type: ignore[arg-type]
    b = state.board
    kind, reach, side, at = s["kind"], s["range"], caster.side, caster.hex
    friendly = kind in ("bless", "healing")
    out = []
    # (asked for every priest and spell at every declaration of the magic phase: who may be aimed at is read
    # before the distance, the dearest test)
    for t in state.units.values():
        if t.status != "active" or t.hex is None:
            continue
        if friendly:
            ok = t.side == side and (kind == "bless" or (t.reduced and not t.heal_next_turn))
        else:
            ok = not t.hidden and state.enemies(side, t.side) and (kind != "silence" or order_of(t) is not None)
        if ok and b.distance(at, t.hex) <= reach:  # type: ignore[arg-type]
            out.append(t.id)
    return sorted(out)


# (asked for every priest and spell at every declaration of the magic phase, while no counter moves: kept in the
# state's memo by all `unit_targets` reads, the board, the alliance and each counter's part below; its order,
# `order_of`, is its type's)
_AIMED = attrgetter("id", "type", "side", "hex", "status", "hidden", "reduced", "heal_next_turn")


def aimed_at(state: ArcState, caster: Unit, key: str, seen: dict[str, Any]) -> list[str]:
    """`unit_targets`, remembered: shared, never to be changed. `seen`: a dict the caller keeps while the state
    does not change (the counters' targets found once per set of counters, their key hashed once)."""
    here = seen.get("aimed")
    if here is None:
        aimed = memo_of(state).aimed
        at = (state.board, state.two_player, *map(_AIMED, state.units.values()))
        here = aimed.get(at)
        if here is None:
            if len(aimed) >= Memo.KEPT // 16:
                aimed.clear()
            here = aimed[at] = {}
        seen["aimed"] = here
    found = here.get((caster.side, caster.hex, caster.type, key))
    if found is None:
        found = here[(caster.side, caster.hex, caster.type, key)] = unit_targets(state, caster, key)
    return found


def dispel_targets(state: ArcState, caster: Unit) -> list[str]:
    b = state.board
    out = []
    for e in state.effects:
        where = e.get("hexes") or ([state.units[e["unit"]].hex] if e.get("unit") else [])
        if any(h and b.distance(caster.hex, h) <= 4 for h in where):  # type: ignore[arg-type]
            out.append(effect_word(e))
    return out


def zone_starts(state: ArcState, caster: Unit, key: str, direction: int) -> list[str]:
    s = spell(order_of(caster), key)  # type: ignore[arg-type]
    b = state.board
    starts = b.line_starts(direction, s["hexes"])
    return [h for h in b.within(caster.hex, s["range"]) if h in starts]  # type: ignore[arg-type]


def shape_word(hexes: Any) -> str:
    """A zone named by its hexes, one word whatever the order typed: "D9+D10+E10+E11"."""
    return "+".join(sorted({str(h).strip() for h in hexes}, key=natural))


def zone_hexes(state: ArcState, caster: Unit, key: str, word: Any) -> list[str] | None:
    """The hexes of the zone a word names, if the caster may lay it there (None otherwise): a straight line
    "FIRST:DIRECTION" from a first hex in range, or any `hexes` contiguous hexes "A+B+...", one in range."""
    s = spell(order_of(caster), key)  # type: ignore[arg-type]
    b = state.board
    line = read_zone(word)
    if line is not None:
        if line[0] not in b or line[0] not in zone_starts(state, caster, key, line[1]):
            return None
        return b.line(line[0], line[1], s["hexes"])
    hexes = [h.strip() for h in str(word).split("+")]
    if len(set(hexes)) != s["hexes"] or len(hexes) != s["hexes"] or not all(h in b for h in hexes):
        return None
    if not any(b.distance(caster.hex, h) <= s["range"] for h in hexes):  # type: ignore[arg-type]
        return None
    linked, todo = {hexes[0]}, [hexes[0]]
    while todo:  # contiguous: each hex reached from the first through the zone's own hexes
        for m in b.neighbours[todo.pop()]:
            if m in hexes and m not in linked:
                linked.add(m)
                todo.append(m)
    return sorted(hexes, key=natural) if len(linked) == len(hexes) else None


def zone_cells(state: ArcState, word: str, n: int) -> list[str]:
    """The hexes a listed zone word covers (a line, or hexes joined by +), unchecked."""
    line = read_zone(word)
    if line is not None:
        return state.board.line(line[0], line[1], n) or []
    return word.split("+")


def read_zone(word: Any) -> tuple[str, int] | None:
    from .declare import read_zone as read
    return read(word)


def saved(u: Unit, dice: Dice, what: str) -> tuple[bool, int]:
    roll = dice.roll("1D12", f"magic save {u.id} ({what})")
    return roll >= u.kind.save, roll


def private(u: Unit, ev: Event) -> Event:
    if u.hidden:
        ev["visible_to"] = [u.side]
    return ev


def strike(state: ArcState, u: Unit, how: str, cause: str) -> Event:
    where = u.hex
    if how == "eliminate" or u.reduced:
        u.status, u.hex = "eliminated", None
        return private(u, {"type": "eliminated", "unit": u.id, "at": where, "role": cause})
    u.reduced = True
    return private(u, {"type": "reduced", "unit": u.id, "at": where, "cause": cause})


def resolve_cast(state: ArcState, plan: dict[str, Any], dice: Dice) -> list[Event]:
    caster = state.units[plan["caster"]]
    partner = state.units.get(plan.get("partner") or "")
    order, key = order_of(caster), plan["spell"]
    base = {"type": "spell", "caster": caster.id, "spell": key, "partner": partner.id if partner else None}
    if not can_cast(state, caster) or (partner and not can_cast(state, partner)):
        return [{**base, "result": "fizzled"}]
    s = spell(order, key)  # type: ignore[arg-type]
    target = plan.get("target")
    cost = spell_cost(state, order, key, target)  # type: ignore[arg-type]
    pool = caster.points + (partner.points if partner else 0)
    zone = zone_hexes(state, caster, key, target) if s["kind"] == "zone" else None
    if s["kind"] == "zone":
        valid = zone is not None
    elif s["kind"] == "dispel":
        valid = target in dispel_targets(state, caster)
    else:
        valid = target in unit_targets(state, caster, key)
    if cost is None or cost > pool or not valid:
        return [{**base, "target": target, "result": "fizzled"}]
    events_pay = pay(caster, partner, cost)
    ev = {**base, "target": target, "cost": cost, **events_pay}
    events: list[Event] = [ev]
    if s["kind"] == "zone":
        hexes = zone
        eff = new_effect(state, order, key, s, caster, hexes=hexes)  # type: ignore[arg-type]
        ev.update(result="zone", hexes=hexes, effect=eff["id"])
        for u in [u for h in hexes for u in state.at(h)]:  # type: ignore[union-attr]
            events += zone_hit(state, u, eff, dice)
        return events
    if s["kind"] == "dispel":
        gone = effect_named(state, target)
        assert gone is not None
        state.effects.remove(gone)
        ev.update(result="dispelled", effect=gone["id"], dispelled=gone["spell"])
        return events
    t = state.units[target]
    if state.enemies(caster.side, t.side):
        t.attacked_by_enemy = True  # a spell is an attack: it interrupts a meditation
    if s["save"] and state.enemies(caster.side, t.side):
        ok, roll = saved(t, dice, key)
        ev["save_roll"] = roll
        if ok:
            ev["result"] = "saved"
            return events
    if s["kind"] == "healing":
        if s["delay"]:
            t.heal_next_turn = True  # « effet tour suivant »
            ev["result"] = "healing_next_turn"
        else:
            t.reduced = False  # « effet même tour »
            ev["result"] = "healed"
    elif s["kind"] == "flame":
        ev["result"] = "struck"
        events.append(strike(state, t, "eliminate", "flame"))
    else:
        eff = new_effect(state, order, key, s, caster, unit=t.id)  # type: ignore[arg-type]
        ev.update(result="effect", effect=eff["id"])
    return events


def pay(caster: Unit, partner: Unit | None, cost: int) -> dict[str, Any]:
    """« Chaque unité peut se joindre à une autre pour lancer une attaque jumelée »: two priests casting together
    share the cost, half each (the caster the odd point), one paying what the other cannot."""
    if partner is None:
        caster.points -= cost
        return {}
    mine = min(caster.points, max(cost - partner.points, (cost + 1) // 2))
    caster.points -= mine
    partner.points -= cost - mine
    return {"paid": {caster.id: mine, partner.id: cost - mine}}


def new_effect(state: ArcState, order: str, key: str, s: dict[str, Any], caster: Unit, unit: str | None = None,
               hexes: list[str] | None = None) -> dict[str, Any]:
    turns = s.get("turns", 0)
    e = {"id": state.next_effect, "spell": key, "order": order, "kind": s["kind"], "side": caster.side,
         "unit": unit, "hexes": hexes, "until": state.turn + turns - 1 if turns else None, "cost": s["cost"],
         "shift": s.get("shift", 0), "effect": s.get("effect")}
    state.next_effect += 1
    state.effects.append(e)
    return e


def zone_hit(state: ArcState, u: Unit, eff: dict[str, Any], dice: Dice) -> list[Event]:
    ok, roll = saved(u, dice, eff["spell"])
    ev = private(u, {"type": "zone", "unit": u.id, "effect": eff["id"], "save_roll": roll,
                     "result": "saved" if ok else eff["effect"]})
    if ok:
        return [ev]
    return [ev, strike(state, u, eff["effect"], eff["spell"])]


def zone_entry(state: ArcState, u: Unit, path: list[str], dice: Dice) -> list[Event]:
    """« toute troupe pénétrant dans la zone durant la durée du sort subit les effets après ST »: rolled when
    the move is resolved, once a zone."""
    events: list[Event] = []
    for eff in list(state.effects):
        if eff["kind"] == "zone" and u.alive and any(h in eff["hexes"] for h in path):
            events += zone_hit(state, u, eff, dice)
    return events


def end_of_turn(state: ArcState) -> list[Event]:
    """Spells run out; the priests of Bhâr's healing takes effect; meditation gives back half the points."""
    events: list[Event] = []
    for e in list(state.effects):
        if e["until"] is not None and e["until"] <= state.turn:
            state.effects.remove(e)
            events.append({"type": "spell_ends", "effect": e["id"], "spell": e["spell"]})
        elif e.get("unit") and not state.units[e["unit"]].alive:
            state.effects.remove(e)
    for u in state.alive():
        if u.heal_next_turn:
            u.heal_next_turn, u.reduced = False, False
            events.append(private(u, {"type": "healed", "unit": u.id}))
        if u.meditating:
            if not u.attacked_by_enemy:  # « à condition de ne pas être interrompu par une attaque »
                full = u.kind.points
                u.points = min(full, u.points + full // 2)
                events.append({"type": "meditated", "unit": u.id, "points": u.points})
            u.meditating = False
    return events
