"""The resolvers compared (issue 24): the same Atlantis battles (same two armies, same territory, same scenario,
same seeds) resolved by the seed's table (`simulation`), the WAB 2 auto-battle (`wab`) and the grid (`grid`,
armies converted by skirmish/convert.py); and the same Gorges battles by the auto-resolve's table and the grid.
For each: what each side lost (Atlantis: army points of the models killed or fled, before recovery; Gorges: the
share of its hit points, on the grid) and how often the attacker wins, with 95 % intervals.

Pure (no I/O): `benchmarks/grid_study.py` prints it; `tests/test_resolver_study.py` runs it small.
"""

from __future__ import annotations

import copy
import statistics
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ...core.dice import Dice
from ...core.stats import wilson

ATLANTIS_PAIRS = (("egyptian", "mycenaean"), ("assyrian", "amazon"), ("atlante", "egyptian"),
                  ("mycenaean", "assyrian"), ("amazon", "atlante"))
ATLANTIS_PLACES = ("mestoria", "cap-boreal")  # a plain and a river... whatever the map says, the grid's terrain
GORGES_RACES = (("empire", "orcs_and_goblins"), ("dwarfs", "skaven"), ("bretonnia", "wood_elves"),
                ("high_elves", "warriors_of_chaos"), ("ogre_kingdoms", "lizardmen"))


@dataclass
class Tally:
    """One resolver over the battles: each battle's losses by side and whether the attacker won."""

    attacker_lost: list[float] = field(default_factory=list)
    defender_lost: list[float] = field(default_factory=list)
    attacker_wins: int = 0

    @property
    def n(self) -> int:
        return len(self.attacker_lost)

    def add(self, attacker_lost: float, defender_lost: float, attacker_won: bool) -> None:
        self.attacker_lost.append(attacker_lost)
        self.defender_lost.append(defender_lost)
        self.attacker_wins += attacker_won

    def row(self) -> dict[str, Any]:
        lo, hi = wilson(self.attacker_wins, self.n)
        return {"battles": self.n, "attacker_lost": _mean_ci(self.attacker_lost),
                "defender_lost": _mean_ci(self.defender_lost),
                "attacker_wins": float(Fraction(self.attacker_wins, max(1, self.n))), "wins_95": (lo, hi)}


def _mean_ci(xs: list[float]) -> tuple[float, float, float]:
    """The mean and its 95 % interval (normal approximation: 1.96 standard errors)."""
    if not xs:
        return (0.0, 0.0, 0.0)
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else 0.0
    return (m, m - half, m + half)


# --------------------------------------------------------------------------- Atlantis


def atlantis_battle(a: str, b: str, territory: str, seed: Any, grid_armies: int | None = None) -> Any:
    """An Atlantis campaign at its battle in `territory`: army list `a` (A, the attacker) against `b`, the
    scenario of two frontal strategies, the battlefield's terrain rolled on `seed`."""
    from ..atlantis.army import load_packaged_army
    from ..atlantis.rules import AtlantisRules
    from ..atlantis.state import Battle
    from .convert import CURRENT
    rules = AtlantisRules()
    setup = {"players": [{"id": "a", "controller": "greedy", "army": load_packaged_army(a).to_dict()},
                         {"id": "b", "controller": "greedy", "army": load_packaged_army(b).to_dict()}],
             "grid_armies": grid_armies or CURRENT}
    dice = Dice.seeded("study-setup", seed)
    state, _ = rules.new_state(setup, dice)
    for p in state.players.values():
        p.position = territory
    state.phase, state.turn = "battles", 1
    state.battles = [Battle(territory, "a", "b", {"a": None, "b": None}, {"a": [], "b": []})]
    for pid in ("a", "b"):
        rules.apply(state, {"type": "strategy", "player": pid, "strategy": "frontal"}, dice)
    return state


def battle_losses(state: Any, result: dict[str, Any]) -> dict[str, int]:
    """The army points each side lost in the battle itself (models killed or fled; the table's models removed),
    before any recovery, retreat or destruction: what the resolvers decide, not what the aftermath adds."""
    out = {}
    for pid in ("a", "b"):
        army = state.players[pid].army
        ppm = {u.id: u.points_per_model for u in army.units}
        gone: dict[str, int] = {}
        for part in ("killed", "fled"):
            for uid, n in result.get(part, {}).get(pid, {}).items():
                gone[uid] = gone.get(uid, 0) + n
        for r in result.get("removed", {}).get(pid, []):
            gone[r["unit"]] = gone.get(r["unit"], 0) + r["models"]
        out[pid] = sum(ppm.get(uid, 0) * n for uid, n in gone.items())
    return out


def atlantis_once(state: Any, territory: str, resolver: str, seed: Any) -> tuple[int, int, bool]:
    """(points A lost, points B lost, A won) for one resolution of the battle on its own dice."""
    from ..atlantis.rules import AtlantisRules
    s = copy.deepcopy(state)
    events = AtlantisRules().apply(s, {"type": "auto-resolve", "player": "referee", "territory": territory,
                                       "resolver": resolver}, Dice.seeded(f"study-{resolver}", seed))
    result = next(e for e in events if e["type"] == "battle_result")
    lost = battle_losses(state, result)
    return lost["a"], lost["b"], result["winner"] == "a"


def atlantis_study(battles: int, repeats: int, resolvers: Iterable[str] = ("simulation", "wab", "grid"),
                   seed: Any = 1, grid_armies: int | None = None) -> dict[str, Tally]:
    """`battles` battles (army pairs and territories in turn), each resolved `repeats` times by every resolver on
    the same seeds (`grid_armies`: the conversion, the current one by default)."""
    out = {r: Tally() for r in resolvers}
    for k in range(battles):
        a, b = ATLANTIS_PAIRS[k % len(ATLANTIS_PAIRS)]
        territory = ATLANTIS_PLACES[(k // len(ATLANTIS_PAIRS)) % len(ATLANTIS_PLACES)]
        state = atlantis_battle(a, b, territory, f"{seed}/{k}", grid_armies)
        for r in out:
            for j in range(repeats):
                out[r].add(*atlantis_once(state, territory, r, f"{seed}/{k}/{j}"))
    return out


# --------------------------------------------------------------------------- Gorges


def gorges_battle(races: tuple[str, str], seed: Any) -> tuple[Any, Any]:
    """A Gorges campaign at a battle between the Generals' armies of two races (the first attacks)."""
    from ..gorges.rules import GorgesRules
    from ..gorges.state import Battle
    from .convert import CURRENT
    setup = {"players": [{"id": "P1", "race": races[0], "controller": "greedy"},
                         {"id": "P2", "race": races[1], "controller": "greedy"}], "readings": 2,
             "grid_armies": CURRENT}
    state, _ = GorgesRules().new_state(setup, Dice.seeded("study-setup", seed))
    place = next(t for t, o in state.owners.items() if o is None and state.map.cell(t).terrain != "sea")
    for pid in ("P1", "P2"):
        state.players[pid].armies["G"].position = place
    state.phase = "battles"
    b = Battle(1, 0, place, "P1", "G", "P2", "G")
    state.battles = [b]
    return state, b


def gorges_once(state: Any, b: Any, resolver: str, seed: Any) -> tuple[float, float, bool]:
    """(the share of its hit points the attacker lost, the defender's — on the grid; the table kills no one —,
    the attacker won)."""
    from ..gorges.rules import GorgesRules
    from .campaign import gorges_setup
    from .data import cards
    s = copy.deepcopy(state)
    att, dfd = s.players[b.attacker].armies[b.attacker_army], s.players[b.defender].armies[b.defender_army]
    full = {p["id"]: sum(cards()[e["card"]].hp for e in p["roster"])
            for p in gorges_setup(s, b, att, dfd)["players"]}
    events = GorgesRules().apply(s, {"type": "auto-resolve", "player": "referee", "battle": b.id,
                                     "resolver": resolver}, Dice.seeded(f"study-{resolver}", seed))
    auto = next(e for e in events if e["type"] == "auto_resolve")
    left = auto.get("hp_left") or full
    return (1 - left[b.attacker] / full[b.attacker], 1 - left[b.defender] / full[b.defender],
            auto["winner"] == b.attacker)


def gorges_study(battles: int, repeats: int, seed: Any = 1) -> dict[str, Tally]:
    out = {r: Tally() for r in ("table", "grid")}
    for k in range(battles):
        state, b = gorges_battle(GORGES_RACES[k % len(GORGES_RACES)], f"{seed}/{k}")
        for r in out:
            for j in range(repeats):
                out[r].add(*gorges_once(state, b, r, f"{seed}/{k}/{j}"))
    return out


def table(tallies: dict[str, Tally], unit: str) -> list[str]:
    """The study as a Markdown table: losses by side (mean [95 % interval]) and the attacker's odds of winning."""
    def fmt(x: float) -> str:
        return f"{x:.0f}" if unit == "points" else f"{100 * x:.0f} %"

    lines = [f"| resolver | battles | attacker lost ({unit}) | defender lost ({unit}) | attacker wins |",
             "| --- | --- | --- | --- | --- |"]
    for name, t in tallies.items():
        r = t.row()
        (am, alo, ahi), (dm, dlo, dhi), (wlo, whi) = r["attacker_lost"], r["defender_lost"], r["wins_95"]
        lines.append(f"| {name} | {r['battles']} | {fmt(am)} [{fmt(alo)}, {fmt(ahi)}] | {fmt(dm)} [{fmt(dlo)}, "
                     f"{fmt(dhi)}] | {100 * r['attacker_wins']:.0f} % [{100 * wlo:.0f}, {100 * whi:.0f}] |")
    return lines
