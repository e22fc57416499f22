"""The auto-battle's plan (autobattle.py, heuristic steps 1 and 2): each unit's role (character, missile,
cavalry, block), the pairs of opposite numbers in line order, the missile troops' targets, the characters'
hosts and the reserves, drawn once from the armies at the start of the battle."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .tracker import SIDES, BattleState, BattleUnit, missile_weapon, other


@dataclass
class Plan:
    """Who fights whom: pairs (attacker unit, defender unit) in line order, shooting targets, reserves."""

    pairs: list[tuple[str, str]] = field(default_factory=list)
    targets: dict[str, str] = field(default_factory=dict)   # missile unit -> enemy unit
    reserves: list[str] = field(default_factory=list)
    joins: dict[str, str] = field(default_factory=dict)     # character -> host
    position: dict[str, int] = field(default_factory=dict)  # unit -> place in the battle line
    roles: dict[str, str] = field(default_factory=dict)

    def opposite(self, key: str) -> str | None:
        for x, y in self.pairs:
            if x == key:
                return y
            if y == key:
                return x
        return None

    def to_dict(self) -> dict[str, Any]:
        return {"pairs": [list(p) for p in self.pairs], "targets": dict(self.targets),
                "reserves": list(self.reserves),
                "joins": dict(self.joins), "position": dict(self.position), "roles": dict(self.roles)}


def role(bu: BattleUnit) -> str:
    u = bu.unit
    if bu.is_character:
        return "character"
    if u.formation == "skirmishers" or u.kind == "artillery":
        return "missile"
    if u.kind == "infantry" and u.formation == "open_order" and missile_weapon(bu) is not None:
        return "missile"
    if u.kind in ("cavalry", "light_chariot"):
        return "cavalry"
    return "block"


def by_points(units: list[BattleUnit]) -> list[BattleUnit]:
    """The units, the costliest first: the plan's and the battle's order of whom to face (ties by models, then key)."""
    return sorted(units, key=lambda u: (-u.points, -u.models, u.key))


def make_plan(state: BattleState) -> Plan:
    plan = Plan()
    groups: dict[str, dict[str, list[BattleUnit]]] = {}
    for side in SIDES:
        g: dict[str, list[BattleUnit]] = {"character": [], "missile": [], "cavalry": [], "block": []}
        for bu in state.side_units(side):
            r = role(bu)
            plan.roles[bu.key] = r
            g[r].append(bu)
        if not g["block"] and not g["cavalry"]:
            g["block"], g["missile"] = g["missile"], []
        groups[side] = {k: by_points(v) for k, v in g.items()}
    pairs_of: dict[str, list[tuple[str, str]]] = {}
    left: dict[str, list[BattleUnit]] = {s: [] for s in SIDES}
    for r in ("block", "cavalry"):
        a, b = groups["a"][r], groups["b"][r]
        n = min(len(a), len(b))
        pairs_of[r] = [(a[i].key, b[i].key) for i in range(n)]
        left["a"] += a[n:]
        left["b"] += b[n:]
    la, lb = by_points(left["a"]), by_points(left["b"])
    n = min(len(la), len(lb))
    extra = [(la[i].key, lb[i].key) for i in range(n)]
    plan.reserves = [u.key for u in la[n:] + lb[n:]]
    cav = pairs_of["cavalry"]
    plan.pairs = cav[0::2] + pairs_of["block"] + extra + cav[1::2]
    for i, (x, y) in enumerate(plan.pairs):
        plan.position[x] = plan.position[y] = i
    for side in SIDES:
        enemy_main = by_points([state.units[k] for pair in plan.pairs for k in pair
                                 if state.units[k].side != side])
        if not enemy_main:
            enemy_main = by_points([u for u in state.side_units(other(side)) if not u.is_character])
        for i, m in enumerate(groups[side]["missile"]):
            if enemy_main:
                target = enemy_main[i % len(enemy_main)]
                plan.targets[m.key] = target.key
                plan.position[m.key] = plan.position.get(target.key, 0)
            plan.reserves.append(m.key)
        hosts = sorted([u for u in state.side_units(side) if not u.is_character
                        and u.unit.formation != "skirmishers"],
                       key=lambda u: (-u.models, -u.points, u.key))
        for c in groups[side]["character"]:
            if hosts:
                plan.joins[c.key] = hosts[0].key
                plan.position[c.key] = plan.position.get(hosts[0].key, 0)
            else:
                plan.reserves.append(c.key)
                plan.position[c.key] = 0
    for k in plan.reserves:
        plan.position.setdefault(k, 0)
    return plan


__all__ = ["Plan", "by_points", "make_plan", "role"]
