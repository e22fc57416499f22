"""Legal orders of a grid battle as data (`core.interface.LegalOrder`): what the camp whose turn it is may do.

Built from the same functions the rules check orders with (movement.reach, combat.attack_kind,
magic.spell_targets), so every listed combination is accepted and every accepted order listed. One
LegalOrder per unit (and per spell), its cells or targets as the choice field.
"""

from __future__ import annotations

from ...core.interface import Field, LegalOrder
from . import combat, magic, movement
from .rules import awaiting, deployable, free_cells, usable
from .state import SkirmishState
from .views import Memo


def legal_orders(state: SkirmishState, player: str, memo: Memo | None = None) -> list[LegalOrder]:
    """`memo`: the battle's own (`views.Memo`, `campaign.fight`), where the units' reaches are kept."""
    if player == "referee":
        if state.ended:
            return []
        return [LegalOrder("end", "referee"), *([LegalOrder("next", "referee")] if state.active else [])]
    if player not in awaiting(state):
        return []
    bf = state.field
    out: list[LegalOrder] = []
    if state.phase == "deploy":
        cells = tuple(bf.name(c) for c in free_cells(state, player))
        for u in deployable(state, player):
            out.append(LegalOrder("deploy", player, {"unit": u.id}, (Field("cell", choices=cells),)))
        return out
    if state.active:
        units = [state.units[state.active]]
    else:
        units = [u for u in state.of(player) if u.status == "deployed" and not u.activated]
    for u in units:
        ap = u.ap if state.active == u.id else u.kind.ap + u.haste
        reach = movement.reach(state, u, ap, None if memo is None else memo.reach)
        if reach:
            cells = sorted(reach)
            names = tuple(map(bf.name, cells))
            # a note is a function of the AP left alone (a few values for many cells): written once each
            said = {left: {"fr": f"{ap - left} PA, reste {left}", "en": f"{ap - left} AP, {left} left"}
                    for left in set(reach.values())}
            notes = {name: dict(said[reach[c]]) for name, c in zip(names, cells)}
            out.append(LegalOrder("move", player, {"unit": u.id}, (Field("cell", choices=names, notes=notes),)))
        if ap >= 1:
            targets = combat.targets(state, u) if not u.attacked else {}
            if targets:
                out.append(LegalOrder("attack", player, {"unit": u.id}, (Field("target", choices=tuple(sorted(targets))),)))
            for key, found in (magic.castable(state, u) if not u.cast else {}).items():
                out.append(LegalOrder("cast", player, {"unit": u.id, "spell": key},
                                      (Field("target", choices=tuple(found)), Field("dice", "int", low=1, high=u.kind.magic))))
        acts = usable(state, u, ap)
        if acts:
            out.append(LegalOrder("act", player, {"unit": u.id}, (Field("action", choices=tuple(acts)),)))
        out.append(LegalOrder("end", player, {"unit": u.id}))
    return out
