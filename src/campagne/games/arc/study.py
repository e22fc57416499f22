"""Balance studies of Arc: many unattended games, and which side wins how often, and how (the strategic
objective, a secret objective, or the standing after turn 8). Each game is exact and reproducible (seeded);
the proportions are sampled, so each comes with a 95 % Wilson interval."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...core.errors import CampagneError
from ...core.stats import WinRates
from .data import SIDES
from .simulate import simulate


@dataclass
class Study:
    games: int
    tally: WinRates = field(default_factory=WinRates)
    victories: Counter[str] = field(default_factory=Counter)
    turns: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"campaigns": self.games, "players": len(SIDES), "by_side": self.tally.rows("side"),
                "victories": dict(self.victories), "mean_turns": self.turns / max(1, self.games)}


def run(campaigns: int, players: int, turns: int, seed: int | str = 1, controller: str = "greedy",
        on_campaign: Callable[[int], None] | None = None, **options: Any) -> Study:
    """The descriptor's `study` (a game of Arc is three sides and eight turns at most: `turns` is not used)."""
    if players != len(SIDES):
        raise CampagneError("arc.setup.players", players=f"{players} players")
    study = Study(campaigns)
    for i in range(campaigns):
        game = simulate(f"{seed}/{i}", controller, **options)
        s = game.state
        winners = s.winner.split("+") if s.winner else s.standing[:1]
        for side in SIDES:
            study.tally.count("side", side, side in winners)
        study.victories[s.victory or "unfinished"] += 1
        study.turns += s.turn
        if on_campaign:
            on_campaign(i + 1)
    return study


def text(data: dict[str, Any], o: Any) -> list[str]:
    lines = [o.t(f"{data['campaigns']} parties ; victoires (totale ou au classement) par camp :",
                 f"{data['campaigns']} games; wins (total or on the standing) by side:")]
    for row in data["by_side"]:
        lo, hi = row["ci95"]
        lines.append(f"  {row['side']:<10} {row['wins']:>4}/{row['campaigns']:<4} {row['win_rate']:6.1%}  "
                     f"[{lo:.1%}, {hi:.1%}]")
    names = {"strategic": o.t("objectif stratégique", "strategic objective"),
             "secret": o.t("objectif secret", "secret objective"),
             "standing": o.t("classement après le tour 8", "standing after turn 8")}
    lines.append(o.t("Fins de partie : ", "Game ends: ") + ", ".join(
        f"{names.get(k, k)} {v}" for k, v in sorted(data["victories"].items())))
    lines.append(o.t(f"Tours joués en moyenne : {data['mean_turns']:.2f}", f"Mean turns played: {data['mean_turns']:.2f}"))
    return lines


# -- the hook of `campagne study --out` (campagne.studies): one row per game
def row(game: Any) -> dict[str, Any]:
    """Each side, the winners (two allies may share a victory), the combats fought."""
    s = game.state
    winners = s.winner.split("+") if s.winner else s.standing[:1]
    combats = sum(ev["type"] == "combat" for e in game.entries for ev in e.events)
    return {"start": {side: {"side": side} for side in SIDES}, "winners": list(winners), "battles": combats}


def figures(s: Any) -> dict[str, dict[str, float]]:
    """Each side as a turn ends: its counters on the map and their melee strength, its magic points left, and the
    three figures its standing is ranked by (strategic places held, parts of its secret objective achieved, enemy
    counters eliminated or captured)."""
    from .victory import score_key
    on_map = [u for u in s.units.values() if u.status == "active" and u.hex is not None]
    out: dict[str, dict[str, float]] = {name: {} for name in (
        "counters", "melee_strength", "magic_points", "strategic_places", "secret_parts", "enemies_eliminated")}
    for side in SIDES:
        mine = [u for u in on_map if u.side == side]
        out["counters"][side] = len(mine)
        out["melee_strength"][side] = float(sum(u.strength("melee") for u in mine))
        out["magic_points"][side] = sum(u.points for u in mine)
        key = score_key(s, side)
        out["strategic_places"][side], out["secret_parts"][side], out["enemies_eliminated"][side] = key
    return out
