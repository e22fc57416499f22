"""Balance studies of the grid battle: many unattended battles on every battlefield, how often each camp
(the defender first) wins outright, keeps the larger share of its hit points, and how many rounds a battle
lasts. Each battle is exact and reproducible (seeded); the rates come with 95 % Wilson intervals."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...core.stats import WinRates
from .data import battlefields
from .simulate import CAMPS, battle


@dataclass
class Study:
    battles: int
    players: int
    tally: WinRates = field(default_factory=WinRates)
    outright: dict[str, int] = field(default_factory=dict)
    rounds: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"campaigns": self.battles, "players": self.players, "by_side": self.tally.rows("side"),
                "outright": dict(self.outright), "mean_rounds": self.rounds / max(1, self.battles)}


def run(campaigns: int, players: int, turns: int, seed: int | str = 1, controller: str = "greedy",
        on_campaign: Callable[[int], None] | None = None) -> Study:
    """The descriptor's `study`: `campaigns` battles, the battlefields in turn (`turns` is not used)."""
    fields = list(battlefields())
    study = Study(campaigns, players)
    for i in range(campaigns):
        game = battle(f"{seed}/{i}", players, controller, fields[i % len(fields)])
        s = game.state
        best = s.standing[0] if s.standing else None
        for camp in CAMPS[:players]:
            study.tally.count("side", camp, camp == best)
        key = s.winner or "none"
        study.outright[key] = study.outright.get(key, 0) + 1
        study.rounds += s.round
        if on_campaign:
            on_campaign(i + 1)
    return study


def text(data: dict[str, Any], o: Any) -> list[str]:
    lines = [o.t(f"{data['campaigns']} batailles ; en tête (seul survivant ou plus grande part de PV gardée), par camp "
                 "(alice défend) :",
                 f"{data['campaigns']} battles; ahead (alone on the field or the larger share of hit points kept), "
                 "by camp (alice defends):")]
    for row in data["by_side"]:
        lo, hi = row["ci95"]
        lines.append(f"  {row['side']:<8} {row['wins']:>4}/{row['campaigns']:<4} {row['win_rate']:6.1%}  "
                     f"[{lo:.1%}, {hi:.1%}]")
    lines.append(o.t("Seul camp restant : ", "Last camp standing: ")
                 + ", ".join(f"{k} {v}" for k, v in sorted(data["outright"].items())))
    lines.append(o.t(f"Rounds joués en moyenne : {data['mean_rounds']:.2f}", f"Mean rounds played: {data['mean_rounds']:.2f}"))
    return lines


# -- the hooks of `campagne study --out` (campagne.studies): one row per battle
def row(game: Any) -> dict[str, Any]:
    """Each camp and its roster, the camp ahead, the attacks made."""
    s = game.state
    start = {p["id"]: {"side": p["id"], "roster": str(p.get("roster", ""))} for p in game.setup["players"]}
    attacks = sum(ev["type"] == "attack" for e in game.entries for ev in e.events)
    return {"start": start, "winners": s.standing[:1], "battles": attacks}


def figures(s: Any) -> dict[str, dict[str, float]]:
    """Each camp's hit points left as a round ends."""
    return {"hit_points": {c: sum(max(0, u.hp) for u in s.units.values() if u.camp == c) for c in s.camps}}
