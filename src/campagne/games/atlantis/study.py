"""Balance studies: many unattended campaigns, and who wins how often (with confidence intervals).

A rules designer asks "does the kingdom, the army list or the order of play decide the campaign?";
each campaign is exact and reproducible (seeded), the proportions over campaigns are sampled, so
each comes with a 95 % Wilson interval.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...core.stats import wilson
from .simulate import run_campaign

__all__ = ["Study", "run_study", "wilson"]


@dataclass
class Study:
    campaigns: int
    players: int
    turns: int
    wins: dict[str, Counter] = field(default_factory=lambda: {"army": Counter(), "kingdom": Counter(),
                                                              "placement": Counter()})
    seen: dict[str, Counter] = field(default_factory=lambda: {"army": Counter(), "kingdom": Counter(),
                                                              "placement": Counter()})
    territories: Counter = field(default_factory=Counter)
    battles: int = 0
    conquests: int = 0

    def rates(self, by: str) -> list[dict[str, Any]]:
        rows = []
        for key, n in sorted(self.seen[by].items()):
            w = self.wins[by][key]
            lo, hi = wilson(w, n)
            rows.append({by: key, "campaigns": n, "wins": w, "win_rate": w / n, "ci95": [lo, hi]})
        return rows

    def to_dict(self) -> dict[str, Any]:
        return {"campaigns": self.campaigns, "players": self.players, "turns": self.turns,
                "by_army": self.rates("army"), "by_kingdom": self.rates("kingdom"),
                "by_placement": self.rates("placement"),
                "battles_per_campaign": self.battles / max(1, self.campaigns),
                "conquests_per_campaign": self.conquests / max(1, self.campaigns)}


def run_study(campaigns: int, players: int, turns: int, seed: int | str = 1, controller: str = "greedy",
              on_campaign: Callable[[int], None] | None = None) -> Study:
    study = Study(campaigns, players, turns)
    for i in range(campaigns):
        game = run_campaign(players, turns, f"{seed}/{i}", controller)
        s = game.state
        winner = (s.standings or [{}])[0].get("player")
        placement = {pid: rank for rank, pid in enumerate(s.setup_order, start=1)}
        for p in s.players.values():
            keys = {"army": game.setup["players"][list(s.players).index(p.id)]["army"]["people"],
                    "kingdom": p.kingdom or "-", "placement": str(placement[p.id])}
            for by, key in keys.items():
                study.seen[by][key] += 1
                if p.id == winner:
                    study.wins[by][key] += 1
        for e in game.entries:
            for ev in e.events:
                study.battles += ev["type"] == "battle_result"
                study.conquests += ev["type"] == "conquest"
        if on_campaign:
            on_campaign(i + 1)
    return study
