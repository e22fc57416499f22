"""Balance studies of the Gorges Tranchées: many unattended years, and which race wins how often.

A rules designer asks "is a race, or playing first, worth more than the others?". Each year is exact and
reproducible (seeded); the proportions over years are sampled, so each comes with a 95 % Wilson interval.
Races are drawn for each year without repetition, so that every race meets every other.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...core.errors import CampagneError
from ...core.stats import WinRates, win_rate_lines
from .data import races
from .simulate import controllers, simulate


@dataclass
class Study:
    campaigns: int
    players: int
    tally: WinRates = field(default_factory=WinRates)
    relics: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    battles: int = 0
    saves: int = 0

    def rates(self, by: str) -> list[dict[str, Any]]:
        rows = self.tally.rows(by)
        if by == "race":
            for row in rows:
                row["mean_relics"] = sum(self.relics[row["race"]]) / len(self.relics[row["race"]])
        return rows

    def to_dict(self) -> dict[str, Any]:
        return {"campaigns": self.campaigns, "players": self.players, "by_race": self.rates("race"),
                "by_seat": self.rates("seat"), "battles_per_campaign": self.battles / max(1, self.campaigns),
                "saves_per_campaign": self.saves / max(1, self.campaigns)}


def roster(players: int, rng: random.Random, controller: str = "greedy") -> list[dict[str, Any]]:
    """`players` players with races drawn without repetition; `mixed` alternates greedy and random."""
    drawn = rng.sample(list(races()), players)
    return [{"id": f"P{i + 1}", "race": r, "controller": c}
            for i, (r, c) in enumerate(zip(drawn, controllers(players, controller)))]


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
                study.tally.count(by, key, p.id == winner)
            study.relics[p.race].append(p.relics)
        for e in game.entries:
            for ev in e.events:
                study.battles += ev["type"] == "battle_result"
                study.saves += ev["type"] == "save"
        if on_campaign:
            on_campaign(i + 1)
    return study


def run(campaigns: int, players: int, turns: int, seed: int | str = 1, controller: str = "greedy",
        on_campaign: Callable[[int], None] | None = None) -> Study:
    """The descriptor's `study` (a Gorges year is always twelve turns: `turns` is not used)."""
    if not 2 <= players <= 8:
        raise CampagneError("gorges.setup.players", count=players)
    return run_study(campaigns, players, seed, controller, on_campaign=on_campaign)


def text(data: dict, o: Any) -> list[str]:
    """The study's report in the reader's language (`o`: a core.i18n.Lang)."""
    groups = (("race", o.t("Par race", "By race")),
              ("seat", o.t("Par place dans l'ordre du premier tour", "By seat in the first turn's order")))
    return [*win_rate_lines(data, groups, relics=o.t("reliques", "relics")), o.t(
        f"Batailles par année : {data['battles_per_campaign']:.2f} ; jets de sauvegarde : {data['saves_per_campaign']:.2f}",
        f"Battles per year: {data['battles_per_campaign']:.2f}; save rolls: {data['saves_per_campaign']:.2f}")]


# -- the hooks of `campagne study --out` (campagne.studies): one row per year
def row(game: Any) -> dict[str, Any]:
    """Each player's race and seat in the first turn's order, the winner, the battles and challenges fought."""
    s = game.state
    first_order = next(ev["order"] for ev in game.opening.events if ev["type"] == "turn")
    start = {p.id: {"race": p.race, "seat": str(first_order.index(p.id) + 1)} for p in s.players.values()}
    winner = (s.standings or [{}])[0].get("player")
    battles = sum(ev["type"] in ("battle_result", "challenge") for e in game.entries for ev in e.events)
    return {"start": start, "winners": [winner] if winner else [], "battles": battles}


def figures(s: Any) -> dict[str, dict[str, float]]:
    """Each player's territories and relics as a turn ends."""
    return {"territories": {p: len(s.owned(p)) for p in s.players},
            "relics": {p: s.players[p].relics for p in s.players}}
