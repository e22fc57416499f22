"""Legal orders of Arc as data (`core.interface.LegalOrder`): what `player` may declare now.

Built from `declare`, the module `rules` checks orders with, so every listed combination is accepted and every
accepted order listed. Fields whose domains depend on another are split: one LegalOrder per counter (and per
mount, spell, partner and zone direction), its destinations, targets or hexes as the choice field.
"""

from __future__ import annotations

from ...core.interface import Field, LegalOrder
from . import declare
from .rules import awaiting
from .state import ArcState

ADVANCE = Field("advance", choices=("yes", "no"), optional=True)


def legal_orders(state: ArcState, player: str) -> list[LegalOrder]:
    if player not in awaiting(state):
        return []
    phase = state.phase
    out: list[LegalOrder] = []
    if phase == "deploy":
        for unit, hexes in sorted(declare.placeable(state, player).items()):
            out.append(LegalOrder("place", player, {"unit": unit}, (Field("hex", choices=tuple(hexes)),)))
    elif phase in ("move", "special"):
        for u in declare.movers(state, player, phase):
            for mount in declare.mounts(u):
                dest = declare.destinations(state, u, mount)
                if dest:
                    fixed = {"unit": u.id, **({"mount": mount} if mount else {})}
                    out.append(LegalOrder("move", player, fixed, (Field("hex", choices=tuple(dest)),)))
        if phase == "move":
            out += [LegalOrder("meditate", player, {"unit": u}) for u in declare.meditators(state, player)]
    elif phase == "magic":
        for c in declare.casts(state, player):
            fixed = {"caster": c["caster"], "spell": c["spell"]}
            if c["partner"]:
                fixed["partner"] = c["partner"]
            if c["direction"]:
                fixed["direction"] = c["direction"]
            out.append(LegalOrder("cast", player, fixed, (Field("target", choices=tuple(c["targets"])),)))
    else:
        for unit, targets in sorted(declare.attackers(state, player, phase).items()):
            out.append(LegalOrder("attack", player, {"unit": unit}, (Field("target", choices=tuple(targets)), ADVANCE)))
    out.append(LegalOrder("done", player))
    return out
