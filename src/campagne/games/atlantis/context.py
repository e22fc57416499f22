"""What every order handler receives: the state, the order, the dice, and small shared checks."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.errors import CampagneError, need
from ...core.names import did_you_mean
from ...core.orders import OrderContext
from ...core.tables import TableSet
from .data import constants, tables
from .state import AtlantisState, Player

Event = dict[str, Any]


@dataclass
class Ctx(OrderContext):
    state: AtlantisState

    @property
    def tables(self) -> TableSet:
        return tables()

    @property
    def k(self) -> dict[str, Any]:
        return constants()

    def player(self) -> Player:
        pid = self.cmd.get("player")
        if pid not in self.state.players:
            raise CampagneError("order.unknown_player", player=pid, hint=did_you_mean(str(pid), self.state.players))
        return self.state.players[pid]

    def active_player(self) -> Player:
        p = self.player()
        if p.eliminated:
            raise CampagneError("order.eliminated", player=p.id)
        return p

    def territory(self, name: str = "territory") -> str:
        tid = self.arg(name)
        if tid not in self.state.map.territories:
            raise CampagneError("order.unknown_territory", territory=tid,
                                hint=did_you_mean(str(tid), self.state.map.territories))
        return tid

    def strength(self, p: Player) -> int:
        """The army's combat strength, rolling first the D3 of any Warband that has none yet
        (a new or rebuilt Warband: "L'aléatoire dure tant que dure la Warband")."""
        from .army_strength import combat_strength, roll_warbands
        roll_warbands(p.army, self.dice)
        return combat_strength(p.army, p.leadership_mod)

    def bribe_steps(self, loot: int) -> int:
        return loot // self.k["bribe_step"]

    def spend(self, p: Player, amount: int, what: str) -> None:
        if amount < 0:
            raise CampagneError("order.negative", field=what, value=amount)
        if amount > p.loot:
            raise CampagneError("order.not_enough_loot", player=p.id, need=amount, have=p.loot)


__all__ = ["Ctx", "Event", "need"]
