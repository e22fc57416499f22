"""Balance studies of the Gorges Tranchées: many unattended years, and which race wins how often.

A rules designer asks "is a race, or playing first, worth more than the others?". Each year is exact and
reproducible (seeded); the proportions over years are sampled, so each comes with a 95 % Wilson interval.
Races are drawn for each year without repetition, so that every race meets every other.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...core.stats import wilson
from .data import races
from .simulate import simulate


@dataclass
class Study:
    campaigns: int
    players: int
    wins: dict[str, Counter] = field(default_factory=lambda: {"race": Counter(), "seat": Counter()})
    seen: dict[str, Counter] = field(default_factory=lambda: {"race": Counter(), "seat": Counter()})
    relics: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    battles: int = 0
    saves: int = 0

    def rates(self, by: str) -> list[dict[str, Any]]:
        rows = []
        for key, n in sorted(self.seen[by].items()):
            w = self.wins[by][key]
            lo, hi = wilson(w, n)
            row = {by: key, "campaigns": n, "wins": w, "win_rate": w / n, "ci95": [lo, hi]}
            if by == "race":
                row["mean_relics"] = sum(self.relics[key]) / len(self.relics[key])
            rows.append(row)
        return rows

    def to_dict(self) -> dict[str, Any]:
        return {"campaigns": self.campaigns, "players": self.players, "by_race": self.rates("race"),
                "by_seat": self.rates("seat"), "battles_per_campaign": self.battles / max(1, self.campaigns),
                "saves_per_campaign": self.saves / max(1, self.campaigns)}


def roster(players: int, rng: random.Random, controller: str = "greedy") -> list[dict[str, Any]]:
    """`players` players with races drawn without repetition; `mixed` alternates greedy and random."""
    drawn = rng.sample(list(races()), players)
    kinds = ("greedy", "random") if controller == "mixed" else (controller,)
    return [{"id": f"P{i + 1}", "race": r, "controller": kinds[i % len(kinds)]} for i, r in enumerate(drawn)]


def run_study(campaigns: int, players: int, seed: int | str = 1, controller: str = "greedy",
              on_campaign: Callable[[int], None] | None = None) -> Study:
    study = Study(campaigns, players)
    for i in range(campaigns):
        year_seed = f"{seed}/{i}"
        game = simulate(roster(players, random.Random(year_seed), controller), year_seed)
        s = game.state
        winner = (s.standings or [{}])[0].get("player")
        first_order = next(ev["order"] for ev in game.opening.events if ev["type"] == "turn")
        for p in s.players.values():
            seat = str(first_order.index(p.id) + 1)  # place in the first turn's order (smallest empire first)
            for by, key in (("race", p.race), ("seat", seat)):
                study.seen[by][key] += 1
                study.wins[by][key] += p.id == winner
            study.relics[p.race].append(p.relics)
        for e in game.entries:
            for ev in e.events:
                study.battles += ev["type"] == "battle_result"
                study.saves += ev["type"] == "save"
        if on_campaign:
            on_campaign(i + 1)
    return study
