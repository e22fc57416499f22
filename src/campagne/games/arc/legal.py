"""Legal orders of Arc as data (`core.interface.LegalOrder`): what `player` may declare now.

Built from `declare`, the module `rules` checks orders with, so every listed combination is accepted and every
accepted order listed. Fields whose domains depend on another are split: one LegalOrder per counter (and per
spell and partner), its destinations, targets or hexes as the choice field.
"""

from __future__ import annotations

from ...core.interface import Field, LegalOrder
from . import declare, movement
from .rules import awaiting
from .state import ArcState, Unit


def legal_orders(state: ArcState, player: str) -> list[LegalOrder]:
    if player == "referee":  # `next` is never offered: Arc closes a phase itself when its last player is done
        return [] if state.ended else [LegalOrder("end", "referee")]
    if player not in awaiting(state):
        return []
    if state.pending is not None:  # readings 2: only the decision a combat waits on
        return decision(state.pending)
    phase = state.phase
    out: list[LegalOrder] = []
    if phase == "deploy":
        for unit, hexes in sorted(declare.placeable(state, player).items()):
            out.append(LegalOrder("place", player, {"unit": unit}, (Field("hex", choices=tuple(hexes)),)))
    elif phase in ("move", "special"):
        seen: dict = {}  # the state does not change while the counters' moves are listed
        at = movement.positions(state)
        for u in declare.movers(state, player, phase):
            for mount in declare.mounts(u):
                r = movement.reach_now(state, u, pegasus=mount == "pegasus", at=at, seen=seen)
                if r:
                    listed = getattr(r, "listed", None)  # a remembered reach: its field's domain made once
                    if listed is None:
                        dest = tuple(sorted(r))
                        listed = r.listed = (dest, _mp(u, r.costs, dest))  # type: ignore[attr-defined]
                    out.append(LegalOrder("fly" if mount else "move", player, {"unit": u.id},
                                          (Field("hex", choices=listed[0], notes=listed[1]),)))
        if phase == "move":
            out += [LegalOrder("meditate", player, {"unit": u}) for u in declare.meditators(state, player)]
    elif phase == "magic":
        for c in declare.casts(state, player):
            fixed = {"caster": c["caster"], "spell": c["spell"]}
            if c["partner"]:
                fixed["partner"] = c["partner"]
            out.append(LegalOrder("cast-with" if c["partner"] else "cast", player, fixed,
                                  (Field("target", choices=tuple(c["targets"])),)))
    else:
        for unit, targets in sorted(declare.attackers(state, player, phase).items()):
            for kind in ("attack",) if state.readings >= 2 else ("attack", "attack-advance"):
                out.append(LegalOrder(kind, player, {"unit": unit}, (Field("target", choices=tuple(targets)),)))
    out.append(LegalOrder("done", player))
    return out


def decision(pending: dict) -> list[LegalOrder]:
    """The retreat's end hexes (« les unités en retraite doivent se déplacer »), or the attackers that may advance
    into the vacated hex and the choice not to (« une des unités attaquantes peut immédiatement se déplacer »)."""
    p = pending["player"]
    if pending["kind"] == "retreat":
        return [LegalOrder("retreat", p, {"unit": pending["unit"]},
                           (Field("hex", choices=tuple(sorted(pending["options"]))),))]
    return [*(LegalOrder("advance", p, {"unit": u}) for u in pending["units"]), LegalOrder("stay", p)]


def _mp(u: Unit, costs: dict[str, int], hexes: tuple[str, ...]) -> dict[str, dict[str, str]]:
    """The movement points each destination spends, of the counter's allowance (none: unlimited)."""
    if u.kind.mvt < 0:
        return {}
    words: dict[int, dict[str, str]] = {}  # (one note per number of points, not per hex)
    out = {}
    for h in hexes:
        c = costs.get(h)
        if c is not None:
            note = words.get(c)
            if note is None:
                note = words[c] = {"fr": f"{c} PM", "en": f"{c} MP"}
            out[h] = note
    return out
