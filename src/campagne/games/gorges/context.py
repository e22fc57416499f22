"""What every Gorges order handler receives: the state, the order, the dice, and the checks they share."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.errors import CampagneError, need, register_messages
from ...core.names import did_you_mean, pick
from ...core.orders import OrderContext
from .data import constants, races
from .map import parse_cell_id
from .state import Army, GorgesState, Player, cell_id

Event = dict[str, Any]

register_messages({
    "gorges.unknown_army": {"en": "{player} has no army {army!r} (G, L1, L2, or R for a reinforcement){hint}.",
                            "fr": "{player} n'a pas d'armée {army!r} (G, L1, L2, ou R pour des renforts){hint}."},
    "gorges.army_out": {"en": "The army {army} is out of play.", "fr": "L'armée {army} est hors jeu."},
    "gorges.not_your_turn": {"en": "{player} cannot act yet: {current} plays first.",
                             "fr": "{player} ne peut pas encore jouer : {current} joue d'abord."},
})


@dataclass
class Ctx(OrderContext):
    state: GorgesState

    @property
    def k(self) -> dict[str, Any]:
        return constants()

    def player(self, field: str = "player") -> Player:
        pid = self.cmd.get(field)
        if pid not in self.state.players:
            raise CampagneError("order.unknown_player", player=pid, hint=did_you_mean(str(pid), self.state.players))
        return self.state.players[pid]

    def race(self, p: Player) -> dict[str, Any]:
        return races()[p.race]

    def army(self, p: Player, field: str = "army", in_play: bool = True) -> Army:
        """The army named by `field`: 'G' (of `p`) or 'P2:G' (of another player)."""
        raw = self.arg(field)
        pid, _, key = raw.partition(":") if ":" in raw else (p.id, "", raw)
        pid = pick(pid, self.state.players, {i: q.name for i, q in self.state.players.items()}) or pid
        owner = self.state.players.get(pid)
        if owner is None:
            raise CampagneError("order.unknown_player", player=pid, hint=did_you_mean(str(pid), self.state.players))
        a = owner.armies.get(key.upper())
        if a is None:
            raise CampagneError("gorges.unknown_army", player=pid, army=raw, hint=did_you_mean(key, owner.armies))
        need(not in_play or a.in_play, "gorges.army_out", army=a.ref)
        return a

    def territory(self, field: str = "territory") -> str:
        raw = self.arg(field)
        tid = cell_id(parse_cell_id(raw))
        self.state.map.cell(tid)  # refuses sea and unknown cells
        return tid

    def in_turn(self, p: Player) -> None:
        """The phases where players act one after the other, smallest empire first."""
        need(bool(self.state.acting) and self.state.acting[0] == p.id, "gorges.not_your_turn", player=p.id,
             current=self.state.acting[0] if self.state.acting else "-")


__all__ = ["Ctx", "Event", "need"]
