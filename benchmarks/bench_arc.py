"""Arc (seed 003): a whole 8-turn game of three greedy computer players in-process (goal < 1 s), and the legal
orders of one player at the start of a turn's general movement (goal < 10 ms). Exits 1 when a goal is missed.

    .venv/bin/python benchmarks/bench_arc.py
"""

from __future__ import annotations

import sys
import time

from campagne.core.game import Game
from campagne.games.arc.ai import autoplay
from campagne.games.arc.legal import legal_orders
from campagne.games.arc.rules import ArcRules
from campagne.games.arc.setup import build_setup

SIDES = ("bonnaire", "ulf", "fereira")


def new(seed: int, controllers: tuple[str, ...] = ("greedy",) * 3) -> Game:
    return Game(ArcRules(), build_setup([{"id": s, "controller": c} for s, c in zip(SIDES, controllers)],
                                        {"forces": "medium"}), seed)


def whole_game(seed: int) -> tuple[float, Game]:
    t = time.perf_counter()
    g = new(seed)
    autoplay(g, seed)
    return time.perf_counter() - t, g


def main() -> int:
    ok = True
    runs = [whole_game(seed) for seed in (1, 2, 3)]
    best = min(t for t, _ in runs)
    g = runs[0][1]
    print(f"arc: whole 8-turn game, three greedy computers (in-process): {best * 1000:.0f} ms best of 3 "
          f"({len(g.entries)} orders; goal < 1000 ms)")
    ok &= best < 1.0
    g = new(1, ("human",) * 3)
    autoplay(g, 1)
    # the deployment: everyone done, to reach turn 1's general movement with every counter free to move
    while g.state.phase == "deploy":
        g.push({"type": "done", "player": g.awaiting()[0]})
    worst = 0.0
    for p in ("bonnaire",):
        times = []
        for _ in range(5):
            t = time.perf_counter()
            legal = legal_orders(g.state, p)
            times.append(time.perf_counter() - t)
        worst = max(worst, min(times))
        print(f"arc: legal_orders of {p} at turn {g.state.turn}'s general movement: {min(times) * 1000:.1f} ms "
              f"({len(legal)} order types, {sum(len(f.choices) for lo in legal for f in lo.fields)} choices; "
              f"goal < 10 ms)")
    g.push({"type": "done", "player": "bonnaire"})
    while g.awaiting() and g.state.phase != "move":
        g.push({"type": "done", "player": g.awaiting()[0]})
    for p in g.awaiting():
        times = []
        for _ in range(5):
            t = time.perf_counter()
            legal = legal_orders(g.state, p)
            times.append(time.perf_counter() - t)
        dt = min(times)
        worst = max(worst, dt)
        print(f"arc: legal_orders of {p} at turn {g.state.turn}'s general movement: {dt * 1000:.1f} ms "
              f"({len(legal)} order types; goal < 10 ms)")
    ok &= worst < 0.010
    print("goals met" if ok else "a goal is missed")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
