"""The search player's paired comparison (common random numbers): every candidate order is played out on the SAME
determinizations with the SAME dice and the same computers' seeds, so that the difference between two candidates'
scores on one determinization measures the decision, not the luck of the draw; candidates are compared with the
game's own computer's choice by their paired differences (a one-sided paired test).

Why (docs/studies.md, "Fourth pass"): with independent playouts per candidate (flat ISMCTS), the dice of a
playout moved its score far more than the order tried at its root, so at the budgets this machine affords the
candidates could not be told apart from chance. Names no game.
"""

from __future__ import annotations

import copy
import json
import math
import random
import time
from collections.abc import Callable
from typing import Any

from .core.dice import KeyedDice
from .core.errors import CampagneError
from .core.interface import LegalOrder
from .core.stats import student_t


def fine_shares(figures: dict[str, dict[str, Any]], players: list[str]) -> dict[str, float]:
    """Each player's share of the table's total in each of the game's key figures (hit points, territories,
    relics...), averaged over the figures whose total is above 0: a continuous score that moves with every point,
    where a rank (or a place between lowest and highest, 0 or 1 between two players) moves by whole steps."""
    out: dict[str, list[float]] = {p: [] for p in players}
    for by_player in figures.values():
        values = {p: max(0.0, float(by_player[p])) for p in players if isinstance(by_player.get(p), (int, float))}
        total = sum(values.values())
        if len(values) != len(players) or total <= 0:
            continue
        for p, v in values.items():
            out[p].append(v / total)
    return {p: sum(v) / len(v) if v else 1 / max(1, len(players)) for p, v in out.items()}


def spread_candidates(hint: dict[str, Any] | None, choices: list[dict[str, Any]], legal: list[LegalOrder],
                      room: int, rng: random.Random, key: Callable[[dict[str, Any]], str]) -> list[dict[str, Any]]:
    """The game's own computer's choice first, then at most `room` others: one of each other kind of order first
    (an attack, a challenge, a pass...: the orders that change a fight are rarely of the greedy choice's kind), in
    at most half the room rounded up, then others of the greedy choice's own kind (another destination, another
    bribe: where an Atlantis move goes is the decision, and with every slot given to other kinds no other
    destination was ever tried), each drawn at random within its kind, then more at random."""
    first = [hint] if hint is not None else []
    seen = {key(hint)} if hint is not None else set()
    others = [c for c in choices if key(c) not in seen]
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for c in others:
        by_kind.setdefault(str(c.get("type")), []).append(c)
    picked: list[dict[str, Any]] = []
    own = str((hint or {}).get("type"))
    for kind in sorted(k for k in by_kind if k != own):
        if len(picked) < (room + 1) // 2:
            picked.append(rng.choice(by_kind[kind]))
    alike = by_kind.get(own, []) if hint is not None else []
    picked += rng.sample(alike, min(len(alike), room - len(picked)))
    rest = [c for c in others if all(key(c) != key(p) for p in picked)]
    if len(picked) < room and rest:
        picked += rng.sample(rest, min(len(rest), room - len(picked)))
    return first + picked


def paired_choice(g: Any, state: Any, player: str, sample: Callable[..., Any], choices: list[dict[str, Any]],
                  rng: random.Random, budget: Any, everyone: frozenset[str], score: Callable[[Any], dict[str, float]],
                  playout: Callable[..., Any], key: Callable[[dict[str, Any]], str],
                  clock: Callable[[], float] = time.monotonic) -> dict[str, Any]:
    """Play every candidate out on the same determinizations, the dice and the computers' seeds drawn per round
    (never per candidate), and keep the game's own computer's choice (`choices[0]`) unless another's mean paired
    difference beats it by `budget.edge` and beyond chance: a one-sided Student's t test at `budget.alpha`, shared
    out (Bonferroni) among the challengers and the looks. Sequential: a first look after `budget.iterations`
    playouts in all; a challenger behind or level with the game's choice is dropped there; while one is ahead but
    not yet shown better, the rounds double, at most to `budget.extend` times the first look's. A seconds budget
    plays rounds until the seconds are spent (at least two) and looks once."""
    challengers = len(choices) - 1
    first = max(2, budget.iterations // len(choices))
    timed = budget.seconds is not None
    looks = [first] if timed else [first * 2 ** i for i in range(8) if first * 2 ** i <= first * max(1, budget.extend)]
    alpha = budget.alpha / (max(1, challengers) * len(looks))
    diffs: list[list[float]] = [[] for _ in choices]
    active = list(range(1, len(choices)))
    start, r = clock(), 0
    for look in looks:
        while r < look and not (timed and r >= 2 and clock() - start >= budget.seconds):
            _round(g, state, player, sample, choices, [0, *active], rng, budget, everyone, score, playout, diffs)
            r += 1
        q = student_t(1 - alpha, r - 1)
        stats = {i: _mean_se(diffs[i]) for i in active}
        shown = [i for i in active if stats[i][0] > budget.edge and stats[i][0] - q * stats[i][1] > 0]
        if shown:
            return json.loads(key(choices[max(shown, key=lambda i: (stats[i][0], -i))]))
        active = [i for i in active if stats[i][0] > 0]  # behind or level: it would hardly end shown better
        if not active or timed:
            break
    return json.loads(key(choices[0]))


def _round(g: Any, state: Any, player: str, sample: Callable[..., Any], choices: list[dict[str, Any]],
           which: list[int], rng: random.Random, budget: Any, everyone: frozenset[str],
           score: Callable[[Any], dict[str, float]], playout: Callable[..., Any], diffs: list[list[float]]) -> None:
    """One round: one determinization, one dice stream, one playout seed, drawn whichever candidates still run (so
    a round's draw is the same whatever was dropped), every candidate in `which` (the game's choice first) played
    out on them; each one's difference from the game's choice appended."""
    det_seed, dice_seed, play_seed = rng.getrandbits(64), rng.getrandbits(64), rng.getrandbits(64)
    known = sample(state, player, random.Random(det_seed))
    base = 0.0
    for i in which:
        s = copy.deepcopy(known)
        try:
            g.ruleset.apply(s, choices[i], KeyedDice(dice_seed))
        except CampagneError:  # refused in this determinization (it guessed what it cannot see): worst
            value = -1.0
        else:
            value = score(playout(g, s, random.Random(play_seed), budget.depth, everyone)).get(player, 0.0)
        if i == 0:
            base = value
        diffs[i].append(value - base)


def _mean_se(d: list[float]) -> tuple[float, float]:
    """The mean paired difference and its standard error (the spread at least 0.01: a few equal rounds prove
    little)."""
    n = len(d)
    mean = sum(d) / n
    var = max(1e-4, sum((x - mean) ** 2 for x in d) / max(1, n - 1))
    return mean, math.sqrt(var / n)
