"""Balance studies: many unattended campaigns, and who wins how often (with confidence intervals).

A rules designer asks "does the kingdom, the army list or the order of play decide the campaign?";
each campaign is exact and reproducible (seeded), the proportions over campaigns are sampled, so
each comes with a 95 % Wilson interval.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...core.stats import WinRates, wilson, win_rate_lines
from .simulate import run_campaign

__all__ = ["Study", "run_study", "wilson"]


@dataclass
class Study:
    campaigns: int
    players: int
    turns: int
    tally: WinRates = field(default_factory=WinRates)
    battles: int = 0
    conquests: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"campaigns": self.campaigns, "players": self.players, "turns": self.turns,
                "by_army": self.tally.rows("army"), "by_kingdom": self.tally.rows("kingdom"),
                "by_placement": self.tally.rows("placement"),
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
                study.tally.count(by, key, p.id == winner)
        for e in game.entries:
            for ev in e.events:
                study.battles += ev["type"] == "battle_result"
                study.conquests += ev["type"] == "conquest"
        if on_campaign:
            on_campaign(i + 1)
    return study


def run(campaigns: int, players: int, turns: int, seed: int | str = 1, controller: str = "greedy",
        on_campaign: Callable[[int], None] | None = None) -> Study:
    """The descriptor's `study`."""
    return run_study(campaigns, players, turns, seed, controller, on_campaign)


def text(data: dict, o: Any) -> list[str]:
    """The study's report in the reader's language (`o`: a core.i18n.Lang)."""
    groups = (("army", o.t("Par armée", "By army")), ("kingdom", o.t("Par royaume", "By kingdom")),
              ("placement", o.t("Par rang de placement (D100)", "By placement rank (D100)")))
    return [*win_rate_lines(data, groups), o.t(
        f"Batailles par campagne : {data['battles_per_campaign']:.2f} ; conquêtes : {data['conquests_per_campaign']:.2f}",
        f"Battles per campaign: {data['battles_per_campaign']:.2f}; conquests: {data['conquests_per_campaign']:.2f}")]


# -- the hooks of `campagne study --out` (campagne.studies): one row per campaign
def row(game: Any) -> dict[str, Any]:
    """Each player's start (army list, kingdom, placement rank), the winner, the battles fought."""
    s = game.state
    placement = {pid: rank for rank, pid in enumerate(s.setup_order, start=1)}
    armies = {p["id"]: p["army"]["people"] for p in game.setup["players"]}
    kingdoms = s.map.kingdoms  # a study's reader reads the kingdom's name, not its id

    def kingdom(kid: str | None) -> str:
        return kingdoms[kid].name if kid in kingdoms else (kid or "-")
    start = {p.id: {"army": armies[p.id], "kingdom": kingdom(p.kingdom), "placement": str(placement.get(p.id, "-"))}
             for p in s.players.values()}
    winner = (s.standings or [{}])[0].get("player")
    battles = sum(ev["type"] == "battle_result" for e in game.entries for ev in e.events)
    return {"start": start, "winners": [winner] if winner else [], "battles": battles}


def figures(s: Any) -> dict[str, dict[str, float]]:
    """Each player's territories, loot and army points (the standings' figures) as a turn ends."""
    from .rules import standings
    rows = standings(s)
    return {key: {r["player"]: r[key] for r in rows} for key in ("territories", "loot", "army_points")}
