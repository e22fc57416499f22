"""Phase 4, « Production des mines », and the choices it leaves to a player.

« Les joueurs lancent 1d6 pour chaque mine se trouvant sur leurs territoires » — rolled as the phase opens, for
every player who has nothing to choose. Two rules give a choice (docs/rules/gorges.md, interpretation 33):
- the Dark Elves' slaves, « ils peuvent mettre leurs prisonniers dans l'une de leur mine. Celle-ci gagnera un
  bonus de +1 lors de sa prochaine production »: with several mines the player names the mine (`slaves T`)
  before his mines are rolled;
- event 52 « Esclave. Vous pouvez relancer un dé de production de mine à ce tour »: his mines are rolled and
  shown (`mine_rolled`), then he re-rolls the production die of the mine he names (`reroll-mine T`) or keeps
  them all (`done`); only then are the productions applied (`mine`).
The phase waits for those players (all at once: their choices do not depend on one another).
"""

from __future__ import annotations

from typing import Any

from ...core.errors import need, register_messages
from . import rolls
from .context import Ctx, Event
from .state import GorgesState, Player

register_messages({
    "gorges.mines.not_a_mine": {"en": "{territory} is not one of {player}'s mines ({mines}).",
                                "fr": "{territory} n'est pas l'une des mines de {player} ({mines})."},
    "gorges.mines.no_slaves": {"en": "{player} has no prisoners to put in a mine this turn.",
                               "fr": "{player} n'a pas de prisonniers à mettre dans une mine à ce tour."},
    "gorges.mines.slaves_first": {"en": "{player} first names the mine of his prisoners: slaves TERRITORY ({mines}).",
                                  "fr": "{player} nomme d'abord la mine de ses prisonniers : slaves TERRITOIRE "
                                        "({mines})."},
    "gorges.mines.no_reroll": {"en": "{player} has no mine production to re-roll (event 52 « Esclave »).",
                               "fr": "{player} n'a pas de production de mine à relancer (événement 52 « Esclave »)."},
})


def mines_of(s: GorgesState, pid: str) -> list[str]:
    return sorted(t for t in s.owned(pid) if s.has(t, "mine"))


def may_reroll(p: Player) -> bool:
    return (p.event or {}).get("key") == "slaves"


def open_mines(ctx: Ctx) -> list[Event]:
    s = ctx.state
    s.acting = []
    events: list[Event] = []
    for pid in s.order:
        p = s.players[pid]
        mines = mines_of(s, pid)
        if not mines:
            continue
        if p.slaves_bonus and len(mines) > 1:
            s.acting.append(pid)  # he names the mine of his prisoners first
            continue
        events += _roll(ctx, p, mines[0] if p.slaves_bonus else None)
    return events


def _roll(ctx: Ctx, p: Player, slaves_mine: str | None) -> list[Event]:
    """Roll the player's mines; apply them at once unless event 52 lets him re-roll one first."""
    s = ctx.state
    if slaves_mine is not None:
        p.slaves_bonus = False
    rolled = [{"territory": t, "roll": rolls.mine(ctx.dice, dark_elf_slaves=(t == slaves_mine)),
               "slaves": t == slaves_mine} for t in mines_of(s, p.id)]
    if may_reroll(p):
        p.mines_rolled = rolled
        if p.id not in s.acting:
            s.acting.append(p.id)
        return [{**production(r["roll"]), "type": "mine_rolled", "player": p.id, "territory": r["territory"],
                 "slaves": r["slaves"]} for r in rolled]
    s.acting = [x for x in s.acting if x != p.id]
    return [apply_mine(s, p, r["territory"], r["roll"], r["slaves"], None) for r in rolled]


def production(r: Any) -> dict[str, Any]:
    """What a production roll gives, before it is applied (shown to the player deciding on a re-roll)."""
    out: dict[str, Any] = {"roll": r.roll, "total": r.total, "result": r.row.key}
    if r.row.key == "gold_and_iron":
        out["army_points"] = r.sub("army_points").total
    elif r.row.key != "collapse":
        out["magic_item_max"] = r.sub("magic_item_points").total
    return out


def apply_mine(s: GorgesState, p: Player, tid: str, r: Any, slaves: bool, rerolled: int | None) -> Event:
    ev: Event = {"type": "mine", "player": p.id, "territory": tid, "roll": r.roll, "total": r.total,
                 "result": r.row.key, "slaves": slaves}
    if rerolled is not None:
        ev["rerolled"] = rerolled
    if r.row.key == "collapse":
        s.buildings[tid] = [b for b in s.buildings.get(tid, []) if b != "mine"]
    elif r.row.key == "gold_and_iron":
        points = r.sub("army_points").total
        p.battle_points += points
        ev["army_points"], ev["battle_points"] = points, p.battle_points
    else:
        value = r.sub("magic_item_points").total
        p.items.append({"source": "mine", "max_points": value})
        ev["magic_item_max"] = value
    return ev


def order_slaves(ctx: Ctx) -> list[Event]:
    """`slaves TERRITORY`: the Dark Elves put their prisoners in this mine (+1 to its production now)."""
    s = ctx.state
    p = ctx.player()
    mines = mines_of(s, p.id)
    need(p.slaves_bonus and p.id in s.acting and not p.mines_rolled, "gorges.mines.no_slaves", player=p.id)
    tid = ctx.territory()
    need(tid in mines, "gorges.mines.not_a_mine", territory=tid, player=p.id, mines=", ".join(mines) or "-")
    return [{"type": "slaves_mine", "player": p.id, "territory": tid}] + _roll(ctx, p, tid)


def order_reroll_mine(ctx: Ctx) -> list[Event]:
    """`reroll-mine TERRITORY`: event 52, the production die of this mine rolled again; then every mine of the
    player produces."""
    p = ctx.player()
    need(bool(p.mines_rolled), "gorges.mines.no_reroll", player=p.id)
    tid = ctx.territory()
    mines = [r["territory"] for r in p.mines_rolled]
    need(tid in mines, "gorges.mines.not_a_mine", territory=tid, player=p.id, mines=", ".join(mines))
    return _produce(ctx, p, tid)


def keep_mines(ctx: Ctx, p: Player) -> list[Event]:
    """`done` in the mines phase: the rolls are kept (or, Dark Elves, the prisoners go to no mine)."""
    s = ctx.state
    if p.slaves_bonus and not p.mines_rolled:
        need(False, "gorges.mines.slaves_first", player=p.id, mines=", ".join(mines_of(s, p.id)))
    return _produce(ctx, p, None)


def _produce(ctx: Ctx, p: Player, reroll: str | None) -> list[Event]:
    s = ctx.state
    events: list[Event] = []
    for r in p.mines_rolled:
        first, again = r["roll"], None
        if r["territory"] == reroll:
            again = first.roll
            first = rolls.mine(ctx.dice, dark_elf_slaves=r["slaves"])
        events.append(apply_mine(s, p, r["territory"], first, r["slaves"], again))
    p.mines_rolled = []
    s.acting = [x for x in s.acting if x != p.id]
    return events
