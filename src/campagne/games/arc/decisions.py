"""The decisions a combat waits on (readings 2, docs/rules/arc.md « Retraites et avances »).

A combat phase's declarations are resolved as a list of steps (`state.steps`): each combat, then what follows
it. A retreat with more than one hex where it may end waits for its owner's `retreat UNIT HEX` (« les unités en
retraite doivent se déplacer et ne peuvent pas s'arrêter dans une ZOC ennemie »: the rules give the hexes, the
owner picks one); a vacated hex next to attackers still able to enter it waits for the attacker's `advance UNIT`
or `stay` (« si l'unité attaquée n'est plus dans l'hex qu'elle occupait (éliminée ou retraite), une des unités
attaquantes peut immédiatement se déplacer dans l'hex libre »: after the result). While a decision is awaited
(`state.pending`) only its player is awaited, and only the decision is listed.
"""

from __future__ import annotations

from typing import Any

from ...core.dice import Dice
from . import combat
from .magic import private, zone_entry
from .state import ArcState

Event = dict[str, Any]


def combat_steps(state: ArcState, order: list[str]) -> list[dict[str, Any]]:
    """The phase's combats, each player's in the resolution order, each target's attacks together (the players'
    plans are taken: the declarations are being resolved)."""
    steps: list[dict[str, Any]] = []
    for p in order:
        plans, state.plans[p] = state.plans[p], []
        groups: dict[str, list[dict[str, Any]]] = {}
        for x in plans:
            groups.setdefault(x["target"], []).append(x)
        steps += [{"step": "combat", "target": t, "attacks": a} for t, a in groups.items()]
    return steps


def run(state: ArcState, dice: Dice) -> list[Event]:
    """Resolve the steps left until one waits on a decision (`state.pending`) or none is left."""
    events: list[Event] = []
    steps = state.steps if state.steps is not None else []
    while steps and state.pending is None:
        step = steps.pop(0)
        if step["step"] == "combat":
            t = state.units[step["target"]]
            if not t.alive:
                events.append({"type": "combat_void", "target": t.id, "phase": state.phase})
                continue
            found, follow = combat.resolve_steps(state, t, step["attacks"], state.phase, dice)
            events += found
            steps[0:0] = follow
        elif step["step"] == "retreat":
            events += _retreat(state, step, dice)
        else:
            events += _advance(state, step)
    return events


def _retreat(state: ArcState, step: dict[str, Any], dice: Dice) -> list[Event]:
    u = state.units[step["unit"]]
    if not u.alive or u.hex is None:
        return []
    options = combat.retreat_options(state, u, step["n"])
    if not options:  # « S'il n'y a pas de voie de retraite possible, l'unité est éliminée »
        where = u.hex
        u.status, u.hex = "eliminated", None
        return [{"type": "eliminated", "unit": u.id, "at": where, "role": step["role"], "reason": "no_retreat"}]
    if len(options) == 1:
        return combat.retreat_along(state, u, next(iter(options.values())), dice, chosen=False)
    state.pending = {"kind": "retreat", "player": u.side, "unit": u.id, "options": options}
    return [private(u, {"type": "choice", "kind": "retreat", "player": u.side, "unit": u.id,
                        "hexes": sorted(options)})]


def _advance(state: ArcState, step: dict[str, Any]) -> list[Event]:
    origin = step["origin"]
    if state.at(origin):
        return []
    units = [a for a in (state.units[x] for x in step["attackers"]) if combat.may_advance(state, a, origin)]
    if not units:
        return []
    player = units[0].side
    state.pending = {"kind": "advance", "player": player, "hex": origin, "units": [a.id for a in units]}
    return [{"type": "choice", "kind": "advance", "player": player, "hex": origin, "units": [a.id for a in units],
             "visible_to": [player]}]


def retreat_to(state: ArcState, hex_: str, dice: Dice) -> list[Event]:
    """The owner's retreat hex (checked by the order)."""
    p = state.pending
    assert p is not None and p["kind"] == "retreat"
    state.pending = None
    return combat.retreat_along(state, state.units[p["unit"]], p["options"][hex_], dice, chosen=True)


def advance_with(state: ArcState, unit: str | None, dice: Dice) -> list[Event]:
    """The attacker's advance (`unit`), or none (`stay`)."""
    p = state.pending
    assert p is not None and p["kind"] == "advance"
    state.pending = None
    if unit is None:
        return [{"type": "stay", "player": p["player"], "hex": p["hex"]}]
    a = state.units[unit]
    ev = {"type": "advance", "unit": a.id, "from": a.hex, "to": p["hex"], "chosen": True}
    a.hex = p["hex"]
    return [ev, *zone_entry(state, a, [p["hex"]], dice)]  # « toute troupe pénétrant dans la zone »
