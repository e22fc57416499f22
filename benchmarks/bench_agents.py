"""Environment steps per second of every registered game's PettingZoo environment (campagne.agents), beside
PettingZoo's classic chess environment (chess_v6), measured side by side in one run on this machine.

One loop for all: `env.last()` (the observation: a vector and the action mask), a legal action drawn uniformly from
the mask, `env.step`; a reset whenever the game is over (the time of resets counts). Chess is timed before and
after the games, so that a drift of the machine shows. Prints each rate beside chess's (goal: at least chess's rate
for every game) and exits 1 when a game is slower.

    .venv/bin/python benchmarks/bench_agents.py [--seconds 5] [GAME...]
"""

from __future__ import annotations

import argparse
import sys
import time
import warnings

import numpy as np


def rate(env, seconds: float, seed: int = 0) -> tuple[float, int]:
    """Agents' steps per second over about `seconds` of process time, and how many games were started."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    steps, games = 0, 1
    start = time.process_time()
    while time.process_time() - start < seconds:
        obs, _reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            env.step(None)
            if not env.agents:
                env.reset(seed=seed + games)
                games += 1
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    return steps / (time.process_time() - start), games


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="*")
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    warnings.filterwarnings("ignore")
    from pettingzoo.classic import chess_v6

    from campagne.agents.pettingzoo_env import env
    from campagne.registry import games

    chess_before, _ = rate(chess_v6.env(), args.seconds)
    print(f"chess (PettingZoo classic chess_v6): {chess_before:8.0f} steps/s")
    measured = {}
    for name in args.games or games():
        steps, count = rate(env(name), args.seconds)
        measured[name] = steps
        print(f"{name:<10} {steps:8.0f} steps/s ({count} games begun)")
    chess_after, _ = rate(chess_v6.env(), args.seconds)
    chess = min(chess_before, chess_after)
    print(f"chess again: {chess_after:8.0f} steps/s")
    print()
    print("| game | steps/s | × chess |")
    print("| --- | ---: | ---: |")
    print(f"| chess (chess_v6) | {chess:.0f} | 1.00 |")
    for name, steps in measured.items():
        print(f"| {name} | {steps:.0f} | {steps / chess:.2f} |")
    slow = [name for name, steps in measured.items() if steps < chess]
    if slow:
        print(f"\nslower than chess: {', '.join(slow)} (goal: at least chess's rate)")
    return 1 if slow else 0


if __name__ == "__main__":
    sys.exit(main())
