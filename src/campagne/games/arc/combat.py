"""Combat: who may attack whom, the odds and their column shifts, the table's result, retreats and advances.

Missiles and melee share one sequence (« totaliser la force d'attaque... diviser ce total par la force de
défense... consulter la table »): several attackers add up; the ratio is rounded in the defender's favour;
below 1-4 the combat does not happen, beyond 8-1 the defender is eliminated without a roll; a result on the
attacker is ignored for missile fire. The « +N » of the lists (leaders, night, surprise, charge, temples, bless,
light, Fereira's People) are column shifts of the table: its rows worsen for the attacker as the d12 rises, so
a bonus added to the die would be a malus; a combat takes the shifts of its strongest attacker (the one
leading it) and those that bear on its target. Shifts move within the table (1-4 .. 8-1).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...core.dice import Dice
from .data import COLUMNS, effect, ratio, result
from .magic import active, effect_on, private, zone_entry
from .movement import zoc_hexes
from .state import ArcState, Unit

Event = dict[str, Any]
ATTR = {"missiles": "missile", "melee": "melee"}


def stacked_leader(state: ArcState, target: Unit) -> bool:
    """A leader standing on a friendly unit (« Un Leader empilé sur une unité amie »)."""
    return target.kind.leader and any(x is not target and x.side == target.side and not x.kind.leader
                                      and not x.hidden for x in state.at(target.hex))  # type: ignore[arg-type]


def may_attack(state: ArcState, a: Unit, t: Unit, phase: str) -> bool:
    """Whether `a` may fire at or assault `t` now (range, terrain, what the attacker can do)."""
    if not (a.alive and t.alive and a.hex and t.hex) or not state.enemies(a.side, t.side):
        return False
    if t.hidden or a.meditating or a.strength(ATTR[phase]) <= 0:
        return False
    b = state.board
    if b.distance(a.hex, t.hex) > 1:  # « Les tirs se font sur un hex contigu »; melee: adjacent
        return False
    if (b.kind(a.hex) == "river") != (b.kind(t.hex) == "river"):
        return False  # « Il ne peut pas y avoir de combat entre une unité sur la rivière et une autre sur la rive »
    if stacked_leader(state, t) and a.kind.ability("stacked_leader") is None:
        return False
    return True


def targets(state: ArcState, a: Unit, phase: str, occ: dict[str, list[Unit]] | None = None) -> list[str]:
    """`occ`: `movement.occupancy(state)`, when the caller has it (asking for every counter of a side): the
    counters on the attacker's hex and its neighbours looked up, not every counter tried."""
    if not a.alive or a.hex is None:
        return []
    if occ is not None:
        near_units = [t for h in (a.hex, *state.board.neighbours[a.hex]) for t in occ.get(h, ())]
        return sorted(t.id for t in near_units if may_attack(state, a, t, phase))
    near = {a.hex, *state.board.neighbours[a.hex]}  # one pass over the counters, not one per hex (`state.at`)
    return sorted(t.id for t in state.units.values()
                  if t.hex in near and t.status == "active" and may_attack(state, a, t, phase))


def defence(state: ArcState, t: Unit) -> Fraction:
    d = t.strength("defence")
    if not t.kind.leader:  # « le Leader ajoute sa valeur défensive à celle de l'unité sur laquelle il est empilé »
        # (a hidden leader does not: he would betray himself, and the odds shown before a combat with him)
        d += sum((x.strength("defence") for x in state.at(t.hex)  # type: ignore[arg-type]
                  if x.side == t.side and x.kind.leader and not x.hidden), Fraction(0))
    return d


def lead(attackers: list[Unit], phase: str) -> Unit:
    return max(attackers, key=lambda u: u.strength(ATTR[phase]))


def shifts(state: ArcState, a: Unit, t: Unit, phase: str) -> list[tuple[str, int]]:
    k = a.kind
    out: list[tuple[str, int]] = []
    if k.ability("attack"):
        out.append(("leader", k.ability("attack")))
    if state.night:
        for key, when in (("night_attack", None), ("night_missile", "missiles"), ("night_melee", "melee")):
            if k.ability(key) and when in (None, phase):
                out.append(("night", k.ability(key)))
    if a.hidden and a.moved_hidden and k.ability("surprise"):
        out.append(("surprise", k.ability("surprise")))
    if a.charged and phase == "melee" and k.ability("charge"):
        out.append(("charge", k.ability("charge")))
    if k.ability("temple") and any(state.board.distance(a.hex, h) <= 1 for h in state.board.temples()):  # type: ignore[arg-type]
        out.append(("temple", k.ability("temple")))
    if a.type == "people":
        f = state.units.get("fereira.1")
        if f and f.alive and f.hex and state.board.distance(f.hex, a.hex) <= 4:  # type: ignore[arg-type]
            out.append(("fereira", 1))
    bless = effect_on(state, a.id, "bless")
    if bless:
        out.append(("bless", bless["shift"]))
    light = effect_on(state, t.id, "light")
    if light:
        out.append(("light", light["shift"]))
    if stacked_leader(state, t) and k.ability("stacked_leader"):
        out.append(("stacked_leader", k.ability("stacked_leader")))
    return out


def odds(state: ArcState, attackers: list[Unit], t: Unit, phase: str) -> dict[str, Any]:
    attack = sum((a.strength(ATTR[phase]) for a in attackers), Fraction(0))
    d = defence(state, t)
    text, col = ratio(attack, d)
    sh = shifts(state, lead(attackers, phase), t, phase) if attackers else []
    total = sum(v for _, v in sh)
    column = None if col is None or col < 0 else min(10, max(0, col + total))
    return {"attack": attack, "defence": d, "ratio": text, "column": column, "forbidden": col == -1,
            "automatic": col is None, "shifts": sh, "shift": total,
            "table_column": COLUMNS[column] if column is not None else None}


def resolve(state: ArcState, t: Unit, attacks: list[dict[str, Any]], phase: str, dice: Dice) -> list[Event]:
    """One declared combat (readings 1): the attacks on `t` (each {"unit", "advance"}), in declaration order;
    retreats go where `retreat_path` says, the advance is the one declared with the attack."""
    return _resolve(state, t, attacks, phase, dice, None)


def resolve_steps(state: ArcState, t: Unit, attacks: list[dict[str, Any]], phase: str,
                  dice: Dice) -> tuple[list[Event], list[dict[str, Any]]]:
    """One declared combat (readings 2): the result applied, and what follows it as steps decided by the owners
    (decisions.py): each retreat (« les unités en retraite doivent se déplacer »: where, its owner says), then the
    advance (« une des unités attaquantes peut immédiatement se déplacer dans l'hex libre »: after the result)."""
    follow: list[dict[str, Any]] = []
    events = _resolve(state, t, attacks, phase, dice, follow)
    fought = [e for e in events if e.get("type") == "combat" and e.get("result") != "forbidden"]
    if fought and fought[0].get("at"):
        follow.append({"step": "advance", "origin": fought[0]["at"], "attackers": list(fought[0]["attackers"])})
    return events, follow


def _resolve(state: ArcState, t: Unit, attacks: list[dict[str, Any]], phase: str, dice: Dice,
             follow: list[dict[str, Any]] | None) -> list[Event]:
    attackers = [state.units[x["unit"]] for x in attacks]
    attackers = [a for a in attackers if may_attack(state, a, t, phase)]
    if not attackers:
        return [{"type": "combat_void", "target": t.id, "phase": phase}]
    origin = t.hex
    o = odds(state, attackers, t, phase)
    ev: Event = {"type": "combat", "phase": phase, "attackers": [a.id for a in attackers], "target": t.id,
                 "at": origin, "attack": str(o["attack"]), "defence": str(o["defence"]), "ratio": o["ratio"],
                 "shift": o["shift"]}
    held = active(state, "hold", unit=t.id)
    if o["forbidden"] and not held:
        ev["result"] = "forbidden"
        return [ev]
    for a in attackers:
        a.attacked = True
        if a.hidden and not a.kind.ability("reinvisible"):
            a.hidden = False  # « l'unité devient alors visible pendant le reste du tour »
        a.moved_hidden = False
    t.attacked_by_enemy = True
    events: list[Event] = [ev]
    if held:  # « cumulé à une attaque dans le même tour, permet la destruction automatique du pion adverse »
        ev["result"], ev["hold"] = "D5", True
    elif o["automatic"]:
        ev["result"] = "D5"
    else:
        roll = dice.roll("1D12", f"combat {t.id}")
        ev["roll"], ev["column"] = roll, o["table_column"]
        ev["result"] = result(o["column"], roll)
    eff = effect(ev["result"])
    if eff["side"] in "DB":
        events += hit_defender(state, t, eff, attackers, dice, follow)
    elif having(attackers, "forces_retreat"):
        events += hit(state, t, {"retreat": 1, "half": False, "eliminate": False}, attackers, "forced", dice,
                      follow)
    if eff["side"] in "AB":
        if phase == "missiles":
            events.append({"type": "ignored", "reason": "missiles", "result": ev["result"]})
        else:
            for a in attackers:
                events += hit(state, a, eff, [t], "attacker", dice, follow)
    if follow is None and origin and not state.at(origin):
        for x, a in zip(attacks, [state.units[y["unit"]] for y in attacks]):
            if x.get("advance") and may_advance(state, a, origin) and a in attackers:
                events.append({"type": "advance", "unit": a.id, "from": a.hex, "to": origin})
                a.hex = origin
                events += zone_entry(state, a, [origin], dice)  # « toute troupe pénétrant dans la zone »
                break
    return events


def may_advance(state: ArcState, a: Unit, origin: str) -> bool:
    """« une des unités attaquantes peut immédiatement se déplacer dans l'hex libre »: an attacker still on the
    map and next to the vacated hex (one that has just retreated or was pushed away is no longer), able to
    enter it (cavalry and a wall)."""
    return (a.alive and a.hex is not None and state.board.distance(a.hex, origin) == 1
            and state.board.cost(origin, a.kind.cavalry) is not None)


def having(attackers: list[Unit], ability: str) -> Unit | None:
    """The first attacker with `ability`: the abilities that act on a combat's outcome (Fra Borges' capture,
    the death save the Red Brotherhood and Bonnaire force, the snipers' forced retreat) count for any unit
    taking part in the attack, not only its strongest (« capture automatique de leaders adverses en cas
    d'attaque réussie »: the attack of several units is still his)."""
    return next((a for a in attackers if a.kind.ability(ability)), None)


def hit_defender(state: ArcState, t: Unit, eff: dict[str, Any], attackers: list[Unit], dice: Dice,
                 follow: list[dict[str, Any]] | None = None) -> list[Event]:
    captor = having(attackers, "captures")
    if t.kind.leader and captor:
        where = t.hex
        t.status, t.hex = "captured", None
        return [{"type": "captured", "unit": t.id, "by": captor.id, "at": where}]
    if t.kind.leader and having(attackers, "death_save"):
        roll = dice.roll("1D12", f"save against death {t.id}")
        if roll < t.kind.save:  # « ce dernier fait un ST contre la Mort »: the save is made on d12 >= ST
            where = t.hex
            t.status, t.hex = "eliminated", None
            return [{"type": "death", "unit": t.id, "roll": roll, "save": t.kind.save, "at": where}]
        events = [{"type": "death_saved", "unit": t.id, "roll": roll, "save": t.kind.save}]
    else:
        events = []
    if having(attackers, "forces_retreat") and not eff["retreat"] and not eff["eliminate"]:
        eff = {**eff, "retreat": 1}  # « toute attaque implique automatiquement un retrait des unités adverses »
    return events + hit(state, t, eff, attackers, "defender", dice, follow)


def hit(state: ArcState, u: Unit, eff: dict[str, Any], foes: list[Unit], role: str, dice: Dice,
        follow: list[dict[str, Any]] | None = None) -> list[Event]:
    """The result on one counter; `follow` (readings 2): its retreat left to its owner, as a step of its own."""
    where = u.hex
    if eff["eliminate"] or (eff["half"] and u.reduced):
        u.status, u.hex = "eliminated", None
        return [{"type": "eliminated", "unit": u.id, "at": where, "role": role}]
    events: list[Event] = []
    if eff["half"]:
        u.reduced = True
        events.append({"type": "reduced", "unit": u.id, "at": where})
    if eff["retreat"] and follow is not None:
        follow.append({"step": "retreat", "unit": u.id, "n": eff["retreat"], "role": role})
    elif eff["retreat"]:
        path = retreat_path(state, u, eff["retreat"], foes)
        if path is None:
            u.status, u.hex = "eliminated", None
            events.append({"type": "eliminated", "unit": u.id, "at": where, "role": role, "reason": "no_retreat"})
        else:
            events += retreat_along(state, u, path, dice)
    return events


def retreat_along(state: ArcState, u: Unit, path: list[str], dice: Dice, **extra: Any) -> list[Event]:
    """The retreat itself, a leader stacked on the unit going with it; `extra` (readings 2): said in the event,
    which a hidden counter's owner alone then reads."""
    where, dest = u.hex, path[-1]
    followers = [x for x in state.at(where) if x is not u and x.side == u.side and x.kind.leader
                 and not u.kind.leader]  # type: ignore[arg-type]
    u.hex = dest
    ev: Event = {"type": "retreat", "unit": u.id, "from": where, "to": dest, "path": path, **extra}
    events: list[Event] = [private(u, ev) if extra else ev]
    events += zone_entry(state, u, path, dice)  # « toute troupe pénétrant dans la zone »: retreats too
    for f in followers[:1]:
        f.hex = dest
        events.append({"type": "retreat", "unit": f.id, "from": where, "to": dest, "path": path})
        events += zone_entry(state, f, path, dice)
    return events


def retreat_hex(state: ArcState, u: Unit, n: int, foes: list[Unit]) -> str | None:
    """Where a retreat of `n` hexes ends (see `retreat_path`)."""
    path = retreat_path(state, u, n, foes)
    return path[-1] if path else None


def retreat_path(state: ArcState, u: Unit, n: int, foes: list[Unit]) -> list[str] | None:
    """The hexes a retreat of `n` hexes goes through, its end last (one of `retreat_options`): the hex farthest
    from its attackers (then the first by name), the owner's choice made by the rules in readings 1."""
    options = retreat_options(state, u, n)
    if not options:
        return None
    foe_hexes = [f.hex for f in foes if f.hex]
    end = max(sorted(options), key=lambda m: sum(state.board.distance(m, f) for f in foe_hexes))
    return options[end]


def retreat_options(state: ArcState, u: Unit, n: int) -> dict[str, list[str]]:
    """Where a retreat of `n` hexes may end, each with the hexes it goes through (its end last): every step
    farther from where it began, never through an enemy, never ending in an enemy ZOC, on a free hex (« elle
    doit poursuivre sa retraite si nécessaire pour atteindre un hex de libre »): the nearest such hexes."""
    b = state.board
    start = u.hex
    assert start is not None
    zoc = zoc_hexes(state, u, retreat=True)
    prev: dict[str, str] = {}
    layer = [start]
    for depth in range(1, n + 4):
        nxt: list[str] = []
        for h in layer:
            for m in sorted(b.neighbours[h]):
                if m in prev or b.distance(start, m) != depth or b.cost(m, u.kind.cavalry) is None:
                    continue
                if any(state.enemies(x.side, u.side) for x in state.at(m)):
                    continue  # hidden or not: the rules know, and enemies never share a hex by a retreat
                prev[m] = h
                nxt.append(m)
        if depth >= n:
            free = [m for m in nxt if m not in zoc and not any(not state.enemies(x.side, u.side)
                                                              for x in state.at(m))]
            if free:
                out = {}
                for end in free:
                    path = [end]
                    while prev[path[-1]] != start:
                        path.append(prev[path[-1]])
                    out[end] = path[::-1]
                return out
            nxt = [m for m in nxt if m not in zoc]
        if not nxt:
            return {}
        layer = nxt
    return {}
