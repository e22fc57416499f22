"""Computer players for the Gorges Tranchées, and the referee's routine: every decision the rules ask for.

A computer player is a function from the state to one legal order; its orders are journaled like anyone's,
so a replay never needs it. `random` picks among legal orders; `greedy` goes for relic points and land:
annex neutral territories (the ghost's first), challenge where the land is likeliest won (the auto-resolve's
exact odds against the defender's best answer, the save roll if he refuses) and only when that pays, fortify the
frontier, accept a challenge when the battle keeps the land more surely than refusing. `absent` is `greedy`
standing in for a person. Candidates are checked by the rules themselves on a copy of the state, so a computer
can never play an illegal order.
Each decides on its player's information state (`views.information_state`: the state with what his view hides
taken out), never on the state itself; the referee's routine sees everything, as the referee does.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from ...core.dice import Dice
from ...core.errors import CampagneError
from .battles import auto_odds
from .conquest import condition, engaged, save_chance
from .data import races
from .events import CHOICES, options
from .legal import reach
from .rules import ORDERS, GorgesRules, awaiting
from .state import REFEREE, Battle, GorgesState, Player
from .views import information_state

COMPUTERS = ("random", "greedy", "absent")


def computer_players(s: GorgesState, stand_in: frozenset[str] = frozenset()) -> set[str]:
    """Players a computer plays for: computer controllers, and people it stands in for."""
    return {pid for pid, p in s.players.items() if p.controller in COMPUTERS or pid in stand_in}


def legal(s: GorgesState, command: dict[str, Any]) -> bool:
    """Would the rules take this order? (Tried on a copy, with throw-away dice.)"""
    try:
        GorgesRules().apply(copy.deepcopy(s), command, Dice.seeded("ai-probe", 0))
    except CampagneError:
        return False
    return True


def first_legal(s: GorgesState, candidates: Iterator[dict[str, Any]]) -> dict[str, Any] | None:
    for c in candidates:
        if legal(s, c):
            return c
    return None


# --------------------------------------------------------------------------- decisions


def decide(s: GorgesState, pid: str, rng: random.Random) -> dict[str, Any]:
    """One order for player `pid`, who is awaited."""
    p = s.players[pid]
    greedy = p.controller != "random"
    phase = s.phase
    lost = next((a for a in p.armies.values() if not a.hero.present), None)
    if lost is not None:  # a new legendary hero first (« pris dans la liste des Seigneurs »)
        return {"type": "hero", "player": pid, "army": lost.key, "name": f"{lost.hero.name} II"}
    waiting = next((a for a in p.armies.values() if a.renown_pending), None)
    if waiting is not None:  # « Choisissez une unité »: an honour won names its unit before anything else
        return {"type": "renown", "player": pid, "army": waiting.key, "unit": f"Unit {rng.randint(1, 6)}"}
    if phase == "events":
        return _event(s, p, rng, greedy)
    if phase == "mines":
        return _mines(s, p, rng, greedy)
    if phase == "movement":
        return _move(s, p, rng, greedy) or {"type": "done", "player": pid}
    if phase == "construction":
        return _build(s, p, rng, greedy) or {"type": "done", "player": pid}
    if phase == "challenges":
        offered = next((c for c in s.challenges if c.challenger == pid and c.status == "offered"), None)
        if offered is not None:  # relic points are what wins the year: the greedy one always takes them
            take = greedy or rng.random() < 0.5
            return {"type": "take-relics" if take else "decline-relics", "player": pid, "challenge": offered.id}
        pending = [c for c in s.challenges if c.defender == pid and c.status == "pending"]
        if pending:
            return _answer(s, p, pending[0], rng, greedy)
        return _challenge(s, p, rng, greedy) or {"type": "done", "player": pid}
    raise AssertionError(f"{pid} awaited in {phase}")


def _mines(s: GorgesState, p: Player, rng: random.Random, greedy: bool) -> dict[str, Any]:
    """Dark Elves' prisoners: the greedy one helps a mine of his capital's, else the first; event 52: the greedy
    one re-rolls a collapse, else the poorest gold (under 150 points), else keeps; the random one picks."""
    from .mines import mines_of
    if p.slaves_bonus and not p.mines_rolled:
        mines = mines_of(s, p.id)
        pick = (p.capital if p.capital in mines else mines[0]) if greedy else rng.choice(mines)
        return {"type": "slaves", "player": p.id, "territory": pick}
    rolled = {r["territory"]: r["roll"] for r in p.mines_rolled}
    if not greedy:
        pick = rng.choice([*rolled, None])
    else:
        collapse = [t for t, r in rolled.items() if r.row.key == "collapse"]
        poor = sorted((r.sub("army_points").total, t) for t, r in rolled.items() if r.row.key == "gold_and_iron")
        pick = collapse[0] if collapse else poor[0][1] if poor and poor[0][0] < 150 else None
    if pick is None:
        return {"type": "done", "player": p.id}
    return {"type": "reroll-mine", "player": p.id, "territory": pick}


def referee_decides(s: GorgesState) -> dict[str, Any]:
    """The referee's routine: battles of absent players auto-resolved, then the next phase."""
    if s.phase == "final":  # the year's final battle, sent to the resolver
        return {"type": "final-battle", "player": REFEREE, "auto": True}
    open_ = [b for b in s.battles if b.result is None and b.fought is None]
    if open_:
        return {"type": "auto-resolve", "player": REFEREE, "battle": open_[0].id}
    return {"type": "next", "player": REFEREE}


def _event(s: GorgesState, p: Player, rng: random.Random, greedy: bool) -> dict[str, Any]:
    from .context import Ctx
    key = (p.event or {})["key"]
    kind = CHOICES[key]
    opts = options(Ctx(s, {}, Dice.seeded("ai", 0)), p, kind)
    if not opts:
        return {"type": "event", "player": p.id, "choice": ["none"]}
    if greedy and kind in ("enemy_territory", "enemy_mine", "enemy_fortress", "enemy_hero"):
        # hurt the leader in relic points
        leader = max((q for q in s.players if q != p.id), key=lambda q: s.players[q].relics)
        opts = sorted(opts, key=lambda o: s.owners.get(o.split(":")[0]) != leader and not o.startswith(leader + ":"))
    elif greedy and kind == "neutral_territory":
        own = set(s.owned(p.id))
        opts = sorted(opts, key=lambda t: (t != s.ghost, not any(n in own for n in s.neighbours(t))))
    elif greedy and kind == "own_territory":
        # Deserters (« Retirez son drapeau »): the flag a greedy player loses is his least useful one — never his
        # capital while he has another, then one with the fewest of his own territories around it.
        opts = sorted(opts, key=lambda t: (t == p.capital, sum(1 for n in s.neighbours(t) if s.owners.get(n) == p.id),
                                           t))
    choice = [opts[0] if greedy else rng.choice(opts)]
    if kind == "own_unit" or key == "unexpected_victory":  # spoils that name a unit of the army
        choice.append(f"Unit {rng.randint(1, 6)}")
    if kind == "opponent_and_target":
        others = [q for q in s.players if q not in (choice[0],)]
        choice.append(rng.choice([q for q in others if q != choice[0]]))
    return {"type": "event", "player": p.id, "choice": choice}


def _move_score(s: GorgesState, p: Player, t: str, taken: set[str | None], steps: int) -> tuple:
    """The ghost's neutral cell first, then neutral land, then an unfortified enemy cell; not where another
    of his armies goes; nearer first."""
    owner = s.owners.get(t)
    return (t == s.ghost and owner is None, owner is None,
            owner not in (None, p.id) and not s.has(t, "fortress") and not s.has(t, "town"),
            t not in taken, -steps)


def _move(s: GorgesState, p: Player, rng: random.Random, greedy: bool) -> dict[str, Any] | None:
    taken = {a.position for a in p.armies.values() if a.in_play}
    for a in p.armies.values():
        if not a.in_play or a.moves_made or a.position is None or a.move_allowance <= 0:
            continue
        paths = reach(s, a.position, a.move_allowance)
        if greedy:
            best = max(paths, key=lambda t: _move_score(s, p, t, taken, len(paths[t])))
            if best == a.position or s.owners.get(best) == p.id:
                continue  # nothing worth the walk: stay
            keepers = [b for b in p.armies.values() if b.in_play and s.owners.get(b.position or "") == p.id]
            if keepers == [a] and races()[p.race].get("need_army_in_territory", True):
                continue  # the last army on his own land stays: else it is sent back to the capital
        else:
            best = rng.choice(sorted(paths))
            if best == a.position:
                continue
        taken.add(best)
        return {"type": "move", "player": p.id, "army": a.key, "path": paths[best]}
    return None


def _build(s: GorgesState, p: Player, rng: random.Random, greedy: bool) -> dict[str, Any] | None:
    if p.built_season == s.season_index or (not greedy and rng.random() < 0.5):
        return None
    can_town = races()[p.race].get("can_build_towns", True)
    for a in p.armies.values():
        tid = a.position
        if not a.in_play or tid is None or s.owners.get(tid) != p.id:
            continue
        kinds = ["fortress", "town" if can_town else None, "mine"] if greedy else ["mine", "fortress", "town"]
        for kind in kinds:
            cmd = {"type": "build", "player": p.id, "army": a.key, "building": kind}
            if kind and legal(s, cmd):
                return cmd
    return None


def _battle_odds(s: GorgesState, viewer: str, attacker: str, a_army: str, defender: str, d_army: str,
                 target: str) -> Fraction:
    """The exact chance the attacker wins the battle if it is auto-resolved, as `viewer` knows the armies (a
    rival's bonus points are his secret, counted as none)."""
    return auto_odds(s, Battle(0, 0, target, attacker, a_army, defender, d_army), viewer)


def _saving(s: GorgesState, c: Any) -> bool:
    """Would refusing this challenge make a save roll (the challenger's army stands on the defender's land)?"""
    army = s.players[c.challenger].armies.get(c.army)
    return army is not None and army.in_play and army.position == c.target and s.owners.get(c.target) == c.defender


def _answer(s: GorgesState, p: Player, c: Any, rng: random.Random, greedy: bool) -> dict[str, Any]:
    """The greedy one fights when the battle keeps the land more surely than refusing does: refusing keeps it
    with the save's chance when a save is rolled, surely otherwise (an intruder pushed back loses no land of his);
    it fights with the army likeliest to win."""
    fighters = [a for a in p.armies.values() if a.in_play and not a.built and not engaged(s, a)]
    best = None
    if greedy and fighters:
        odds = {a.key: 1 - _battle_odds(s, p.id, c.challenger, c.army, p.id, a.key, c.target) for a in fighters}
        best = max(fighters, key=lambda a: (odds[a.key], a.position == c.target))
        keep = save_chance(s, c.challenger, p.id, c.target) if _saving(s, c) else Fraction(1)
        fight = odds[best.key] > keep
    else:
        fight = bool(fighters) and rng.random() < 0.5
    if fight:
        on_target = [a for a in fighters if a.position == c.target]
        pick = best if best is not None else (on_target or fighters)[0]
        cmd = {"type": "accept", "player": p.id, "challenge": c.id, "army": pick.key}
        if legal(s, cmd):
            return cmd
    return {"type": "refuse", "player": p.id, "challenge": c.id}


PAYS = Fraction(2, 5)  # a challenge the greedy one issues must win the land at least this often (an even battle,
# where the defender wins ties, is 0.44: worth it, as a challenger who loses keeps all his land)


def _challenge_value(s: GorgesState, p: Player, a: Any, d: str, t: str, cond: str) -> Fraction:
    """How surely this challenge takes (or clears) the land, if the defender answers as best suits him: a battle
    the challenger wins with the auto-resolve's odds; a refusal that costs the defender his save roll, pushes his
    intruder back, or nothing."""
    fighters = [x for x in s.players[d].armies.values() if x.in_play and not x.built and not engaged(s, x)]
    battle = min((_battle_odds(s, p.id, p.id, a.key, d, x.key, t) for x in fighters), default=None)
    if cond == "in_enemy_territory" or (a.position == t and s.owners.get(t) == d):
        refusal = 1 - save_chance(s, p.id, d, t)
    elif s.owners.get(t) == p.id:
        refusal = Fraction(1)  # the intruder refusing is pushed back: the land is cleared
    else:
        refusal = Fraction(0)
    return refusal if battle is None else min(battle, refusal) if refusal else battle


def _challenge(s: GorgesState, p: Player, rng: random.Random, greedy: bool) -> dict[str, Any] | None:
    """The greedy one issues the challenge likeliest to win land (the land is relic points: one search roll a
    turn each), when it pays (`PAYS`); the random one any it may, six times in ten."""
    if any(c.challenger == p.id and c.condition != "raid" for c in s.challenges):
        return None
    if not greedy and rng.random() < 0.4:
        return None
    candidates = []
    for a in p.armies.values():
        if not a.in_play or a.built or a.position is None or engaged(s, a):
            continue
        for d in s.players:
            if d == p.id:
                continue
            targets = {a.position} | set(s.owned(d)) | {x.position for x in s.players[d].armies.values() if x.position}
            for t in sorted(x for x in targets if x):
                cond = condition(s, p, a.position, d, t)
                if cond is None:
                    continue
                value = _challenge_value(s, p, a, d, t, cond) if greedy else Fraction(1)
                if value >= PAYS:  # the ghost's cell and a rival's capital are worth more than other land
                    candidates.append((-value, t != s.ghost, t != s.capital_of(d), a.key, d, t))
    if not candidates:
        return None
    ordered = sorted(candidates) if greedy else rng.sample(candidates, len(candidates))
    return first_legal(s, ({"type": "challenge", "player": p.id, "army": k, "defender": d, "territory": t}
                           for *_, k, d, t in ordered))


# --------------------------------------------------------------------------- driving a game


def _on_the_grid(s: GorgesState, pid: str, rng: random.Random) -> dict[str, Any] | None:
    """A person away (`play --stand-in`) whose grid battle waits for him: the grid's tactician plays his camp
    (nothing on the grid is hidden, so the state's grid is his view of it)."""
    from ..skirmish.played import stand_in
    from .battles import fighting
    b = fighting(s, pid) if s.phase == "battles" else None
    if b is None:
        return None
    fields = stand_in(b.fought, pid, rng.getrandbits(32))
    return {"type": "grid", "player": pid, **fields} if fields else None


def step(s: GorgesState, seed: Any, n: int, referee: bool, stand_in: frozenset[str] = frozenset()
         ) -> dict[str, Any] | None:
    """The next order a computer (or the referee's routine) gives, or None if a person must act."""
    waiting = awaiting(s)
    if s.phase == "ended":
        return None
    rng = random.Random(f"{seed}:{n}")
    computers = computer_players(s, stand_in)
    for pid in waiting:
        if pid in computers:
            return _on_the_grid(s, pid, rng) or decide(information_state(s, pid), pid, rng)
    if waiting == [REFEREE] or not waiting:
        return referee_decides(s) if referee else None
    return None



def autoplay(game: Any, seed: Any, referee: bool = False, after: list[Any] | None = None,
             stop_turn: int | None = None, limit: int = 100_000,
             stand_in: frozenset[str] = frozenset(), end_at_stop: bool = True) -> list[Any]:
    """Push computer players' orders (and the referee's routine if `referee`) until a person must act —
    the same contract as the Atlantis `autoplay`. With `stop_turn` the referee stops once that turn's
    battles are over (and ends the campaign there if `end_at_stop`)."""
    pushed: list[Any] = []
    for _ in range(limit):
        s = game.state
        if s.phase == "ended":
            break
        if (referee and stop_turn is not None and s.turn >= stop_turn and s.phase == "battles"
                and not awaiting(s)):
            if end_at_stop:
                pushed.append(game.push({"type": "end", "player": REFEREE}))
                if game.state.phase == "final":  # the year ends in its final battle (readings 2)
                    pushed.append(game.push(referee_decides(game.state)))
            break
        command = step(s, seed, len(game.entries), referee, stand_in)
        if command is None:
            break
        pushed.append(game.push(command))
    return pushed


__all__ = ["COMPUTERS", "ORDERS", "autoplay", "computer_players", "decide", "legal", "referee_decides", "step"]
