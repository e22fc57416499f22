"""The end of the year: the relic standing and the advantage it gives in the final battle.

« Plus un joueur possède de Point de Relique plus son armée sera avantagée lors de la bataille finale. » The
seed does not say how; campagne's definition (docs/rules/gorges.md, « La bataille finale »): each relic
point more than the poorest player gives +5 % army points in the final battle, never more than +25 %
(« elle ne pourra jamais avoir plus de 25% de point que l'autre »); the richest in relics chooses the
scenario and deployment (as event 45 « Embuscade »). Ties in relics: more territories, then the roll-off.
"""

from __future__ import annotations

from typing import Any

from .context import Ctx, Event
from .state import GorgesState

PERCENT_PER_RELIC = 5


def final_bonus(relics: int, poorest: int, cap: int) -> int:
    """The final battle's extra points, in percent of the agreed points."""
    return min(cap, PERCENT_PER_RELIC * max(0, relics - poorest))


def standings(s: GorgesState, cap: int = 25) -> list[dict[str, Any]]:
    poorest = min(p.relics for p in s.players.values())
    rows = [{"player": p.id, "name": p.name, "race": p.race, "relics": p.relics, "territories": s.empire(p.id),
             "hostages": len(p.hostages), "final_battle_bonus_percent": final_bonus(p.relics, poorest, cap)}
            for p in s.players.values()]
    rows.sort(key=lambda r: (-r["relics"], -r["territories"]))
    return rows


def finish(ctx: Ctx) -> list[Event]:
    s = ctx.state
    rows = standings(s, ctx.k["armies"]["max_points_bonus_percent"])
    top = [r for r in rows if (r["relics"], r["territories"]) == (rows[0]["relics"], rows[0]["territories"])]
    rolloff: dict[str, int] = {}
    while len(top) > 1:
        rolled = {r["player"]: ctx.roll("1D6", f"final roll-off {r['player']}") for r in top}
        rolloff.update(rolled)
        best = max(rolled.values())
        top = [r for r in top if rolled[r["player"]] == best]
    winner = top[0]["player"]
    rows.sort(key=lambda r: r["player"] != winner)  # stable: the others keep their order
    for i, r in enumerate(rows):
        r["rank"] = i + 1
        r["chooses_scenario"] = r["player"] == winner
    s.standings = rows
    s.phase = "ended"
    return [{"type": "campaign_ended", "turn": s.turn, "winner": winner, "standings": rows, "rolloff": rolloff}]


def ended(s: GorgesState) -> bool:
    """`outcome(s).ended` alone (the agents' match asks it at every step; the whole outcome ranks the relics)."""
    return s.phase == "ended"


def outcome(s: GorgesState):
    """Where the year stands, for the one interface: the final standing once ended, else the relic standing now."""
    from ...core.outcome import from_ranking
    ended = s.phase == "ended"
    return from_ranking(ended, s.standings if ended and s.standings else standings(s))
