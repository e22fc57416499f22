"""The end of the year in the final battle (readings 2, docs/rules/gorges.md « La bataille finale »).

« Plus un joueur possède de Point de Relique plus son armée sera avantagée lors de la bataille finale. » Relic
points are an advantage in a battle, not the winner's name: when the year ends (winter's last turn, or the
referee's `end`) the campaign enters the phase « La bataille finale »; each army's advantage is shown, the
battle is fought at the table and its result entered by the referee (`final-battle --winner P`) or sent to the
resolver (`final-battle --auto`); only then is a winner named.

The advantage keeps « plus … plus » true for every player, not only for the richest: it is proportional to
the relic points above the poorest player's, the richest getting the whole 25 % the seed allows (« elle ne
pourra jamais avoir plus de 25% de point que l'autre »): 25 % × (r − poorest) / (richest − poorest). More relic
points always mean strictly more points, two players with as many relic points get the same.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from typing import Any

from ...core.errors import need, register_messages
from .context import Ctx, Event
from .state import GorgesState

register_messages({
    "gorges.final.winner": {"en": "The final battle's winner must be one of the players ({players}), not {winner!r}.",
                            "fr": "Le vainqueur de la bataille finale doit être l'un des joueurs ({players}), "
                                  "pas {winner!r}."},
    "gorges.final.how": {"en": "Give the final battle's winner (--set winner=PLAYER) or send it to the resolver "
                               "(--set auto=true): one of the two.",
                         "fr": "Donnez le vainqueur de la bataille finale (--set winner=JOUEUR) ou envoyez-la au "
                               "résolveur (--set auto=true) : l'un des deux."},
    "gorges.final.waiting": {"en": "The year already ends in the final battle: enter its result (final-battle).",
                             "fr": "L'année s'achève déjà par la bataille finale : saisissez son résultat "
                                   "(final-battle)."},
})

PHASE = "final"
FINAL_DICE = "2D6"
PERCENT_PER_MODIFIER = 5  # the resolver: +1 to the 2D6 per 5 % of advantage (+5 for the whole 25 %)


def advantage(relics: int, poorest: int, richest: int, cap: int) -> Fraction:
    """The final battle's extra army points, in percent of the agreed points (exact)."""
    if richest == poorest:
        return Fraction(0)
    return Fraction(cap * (relics - poorest), richest - poorest)


def shown(x: Fraction) -> float | int:
    """A percentage as people read it: whole when it is, else to the hundredth (strictly increasing as long as
    the relic points' spread stays under 2,500: always, in a year)."""
    return int(x) if x.denominator == 1 else round(float(x), 2)


def final_standings(s: GorgesState, cap: int) -> list[dict[str, Any]]:
    rel = [p.relics for p in s.players.values()]
    poorest, richest = min(rel), max(rel)
    rows = [{"player": p.id, "name": p.name, "race": p.race, "relics": p.relics, "territories": s.empire(p.id),
             "hostages": len(p.hostages),
             "final_battle_bonus_percent": shown(advantage(p.relics, poorest, richest, cap))}
            for p in s.players.values()]
    rows.sort(key=lambda r: (-r["relics"], -r["territories"]))
    return rows


def refresh(s: GorgesState, cap: int) -> None:
    """The standing shown while the final battle waits follows the referee's corrections."""
    if s.phase == PHASE:
        s.standings = final_standings(s, cap)


def enter_final(ctx: Ctx) -> list[Event]:
    """The year is over: the final battle awaits its result, each army's advantage shown."""
    s = ctx.state
    s.standings = final_standings(s, ctx.k["armies"]["max_points_bonus_percent"])
    s.phase, s.acting = PHASE, []
    return [{"type": "final_battle", "turn": s.turn, "standings": [dict(r) for r in s.standings]}]


def final_checks(ctx: Ctx) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """Everything that may refuse the final battle, reading the state only (the legal orders ask it of the state
    itself): how it is decided, and on the grid its set-up (each army fits its deployment zone: the grid reads
    the set-up and rolls nothing). The fight that follows is played by the grid's computers among the grid's
    own legal orders, so it refuses nothing. Returns the standings and the grid's set-up (None: no grid)."""
    s = ctx.state
    winner, auto = ctx.cmd.get("winner"), bool(ctx.cmd.get("auto"))
    need((winner is None) == auto, "gorges.final.how")
    # reckoned again: a referee's correction (adjust) made while the battle waited counts
    rows = final_standings(s, ctx.k["armies"]["max_points_bonus_percent"])
    resolver = ctx.cmd.get("resolver", "table")
    need(resolver in ("table", "grid"), "order.bad_field", field="resolver", value=resolver)
    need(auto or resolver == "table", "gorges.final.how")
    if not auto:
        need(winner in s.players, "gorges.final.winner", players=", ".join(s.players), winner=winner)
    if not (auto and resolver == "grid"):
        return rows, None
    from ...core.dice import Dice
    from ..skirmish.campaign import RULES, engagements, gorges_final_setup
    rel = [p.relics for p in s.players.values()]
    cap = ctx.k["armies"]["max_points_bonus_percent"]
    percents = {r["player"]: advantage(s.players[r["player"]].relics, min(rel), max(rel), cap) for r in rows}
    setup = gorges_final_setup(s, percents, engagements(ctx.cmd))
    RULES.new_state(setup, Dice.seeded("grid-fits", 0))  # refuses an army its zone cannot hold
    return rows, setup


def order_final_battle(ctx: Ctx) -> list[Event]:
    """The referee enters the final battle's winner (`winner`) or sends it to the resolver (`auto`): each player
    rolls 2D6 + 1 per 5 % of advantage (an addition to the seed, as the auto-resolve of the year's battles);
    the highest wins, players tied roll again."""
    s = ctx.state
    winner, auto = ctx.cmd.get("winner"), bool(ctx.cmd.get("auto"))
    rows, setup = final_checks(ctx)
    s.standings = rows
    scores: dict[str, dict[str, Any]] = {}
    grid: dict[str, Any] = {}
    if setup is not None:  # fought on the grid (seed 004), the advantages in each army's points
        from ..skirmish.campaign import resolve_gorges_final
        grid = resolve_gorges_final(s, setup, ctx.dice)
        winner = grid["winner"]
    elif auto:
        rel = [p.relics for p in s.players.values()]
        cap = ctx.k["armies"]["max_points_bonus_percent"]
        bonus = {pid: advantage(p.relics, min(rel), max(rel), cap) for pid, p in s.players.items()}
        left = [r["player"] for r in rows]
        while len(left) > 1:
            totals = {}
            for pid in left:
                roll = ctx.roll(FINAL_DICE, f"final battle {pid}")
                mod = bonus[pid] / PERCENT_PER_MODIFIER
                totals[pid] = roll + mod
                scores.setdefault(pid, {"rolls": [], "modifier": shown(mod)})["rolls"].append(roll)
            best = max(totals.values())
            left = [p for p in left if totals[p] == best]
        winner = left[0]
    need(winner in s.players, "gorges.final.winner", players=", ".join(s.players), winner=winner)
    how = ("grid" if grid else "auto") if auto else "entered"
    ordered = [dict(r) for r in sorted(rows, key=lambda r: r["player"] != winner)]  # stable: the others by relics
    for i, r in enumerate(ordered):
        r["rank"] = i + 1
    ordered[0]["final_battle"] = how  # the standing says how the year was won
    s.standings, s.phase = ordered, "ended"
    return [{"type": "final_result", "winner": winner, "how": how, "scores": scores, **grid},
            {"type": "campaign_ended", "turn": s.turn, "winner": winner, "standings": [dict(r) for r in ordered],
             "rolloff": {},
             "final_battle": how}]


def final_odds(s: GorgesState, cap: int) -> dict[str, Fraction]:
    """Each player's exact chance of winning the final battle sent to the resolver (2D6 + 1 per 5 % of advantage,
    the highest wins, the players tied at the top roll again) with the relic points he holds now."""
    from ...core.dice_notation import distribution
    rel = [p.relics for p in s.players.values()]
    mods = {pid: advantage(p.relics, min(rel), max(rel), cap) / PERCENT_PER_MODIFIER for pid, p in s.players.items()}
    dice = distribution(FINAL_DICE)
    totals = {pid: {roll + m: p for roll, p in dice.items()} for pid, m in mods.items()}
    memo: dict[frozenset[str], dict[str, Fraction]] = {}

    def below(pid: str, w: Fraction) -> Fraction:
        return sum((p for t, p in totals[pid].items() if t < w), Fraction(0))

    def wins(left: frozenset[str]) -> dict[str, Fraction]:
        """Among `left` rolling together until one is alone at the top: P(top set = T) summed over the highest
        total w, a tie T of several rolling again among themselves (T = left itself: the same roll again)."""
        if len(left) == 1:
            return {next(iter(left)): Fraction(1)}
        if left in memo:
            return memo[left]
        out = {pid: Fraction(0) for pid in left}
        again = Fraction(0)  # the chance the whole of `left` ties: the roll starts over
        for w in sorted({t for pid in left for t in totals[pid]}):
            at = {pid: totals[pid].get(w, Fraction(0)) for pid in left}
            under = {pid: below(pid, w) for pid in left}
            tops = [pid for pid in left if at[pid]]
            for size in range(1, len(tops) + 1):
                for tie in combinations(tops, size):
                    chance = Fraction(1)
                    for pid in left:
                        chance *= at[pid] if pid in tie else under[pid]
                    if not chance:
                        continue
                    if len(tie) == len(left):
                        again += chance
                    else:
                        for pid, share in wins(frozenset(tie)).items():
                            out[pid] += chance * share
        memo[left] = {pid: v / (1 - again) for pid, v in out.items()}
        return memo[left]

    return wins(frozenset(s.players))


def expected(s: GorgesState) -> dict[str, float]:
    """Each player's expected score in the one interface's terms (the winner 1, the others by their relic
    standing down to 0) were the year to end now in its final battle sent to the resolver: the exact chance of
    each winner, not one roll of it. A search player scores its playouts so: the year is decided by that 2D6
    roll, which a playout would otherwise draw once, adding its whole noise to what it measures. A campaign set up
    before readings 2 ends on the relic standing instead: the first (relics, then territories) wins, the tied first
    as often each (their roll-off)."""
    from .data import constants
    from .standing import standings
    cap = constants()["armies"]["max_points_bonus_percent"]
    rows = standings(s, cap)
    order = [r["player"] for r in rows]
    if s.readings >= 2:
        odds = final_odds(s, cap)
    else:
        top = [r["player"] for r in rows if (r["relics"], r["territories"]) == (rows[0]["relics"], rows[0]["territories"])]
        odds = {pid: Fraction(1, len(top)) for pid in top}
    last = max(1, len(order) - 1)
    out = {pid: 0.0 for pid in order}
    for winner, chance in odds.items():
        rest = [winner] + [pid for pid in order if pid != winner]
        for i, pid in enumerate(rest):
            out[pid] += float(chance) * (1.0 if len(rest) == 1 else 1 - i / last)
    return out
