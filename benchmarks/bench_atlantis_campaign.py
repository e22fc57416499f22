"""Campaign-level speed figures of issue 3, each printed beside its reference, measured in one run.

    python benchmarks/bench_atlantis_campaign.py

- a whole `simulate atlantis --players 4 --turns 12` campaign in-process (goal < 1 s);
- replaying (and verifying) the journal of a 1,000-turn campaign (goal < 1 s for the replay);
- start-up of `campagne --help` and `campagne status` as commands (goal < 0.3 s each).
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from campagne.core.game import Game
from campagne.games.atlantis.rules import AtlantisRules
from campagne.games.atlantis.simulate import run_campaign


def best_of(runs: int, action) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        action()
        times.append(time.perf_counter() - t)
    return min(times)


def command_env() -> dict[str, str]:
    """As installed for a user: Python may cache compiled bytecode (some shells forbid it with
    PYTHONDONTWRITEBYTECODE, which makes every start recompile the sources)."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def command_time(args: list[str], cwd: str, runs: int = 7) -> float:
    exe = shutil.which("campagne") or str(Path(sys.executable).with_name("campagne"))
    subprocess.run([exe, *args], cwd=cwd, check=True, capture_output=True, env=command_env())  # warm-up
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([exe, *args], cwd=cwd, check=True, capture_output=True, env=command_env())
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    sim = best_of(3, lambda: run_campaign(4, 12, 1))
    print(f"simulate atlantis --players 4 --turns 12 (in-process): {sim * 1000:.0f} ms (goal < 1000 ms)")

    t = time.perf_counter()
    long = run_campaign(4, 1000, 5)
    made = time.perf_counter() - t
    commands = [e.command for e in long.entries]
    print(f"  (a 1,000-turn campaign with computer players took {made:.1f} s to play: "
          f"{len(commands)} commands)")
    replay = best_of(3, lambda: Game.replay(AtlantisRules(), long.setup, long.seed, commands))
    print(f"replay of a 1,000-turn journal: {replay * 1000:.0f} ms (goal < 1000 ms)")
    recorded = [e.to_dict() for e in long.entries]
    verify = best_of(3, lambda: Game.verify(AtlantisRules(), long.setup, long.seed, recorded,
                                            opening=long.opening.to_dict()))
    print(f"replay with verification of every roll and event: {verify * 1000:.0f} ms (reference: the replay above)")

    with tempfile.TemporaryDirectory() as tmp:
        env_cwd = tmp
        subprocess.run([shutil.which("campagne") or str(Path(sys.executable).with_name("campagne")),
                        "new", "atlantis", "-p", "a:greedy", "-p", "b:greedy", "--seed", "3"],
                       cwd=env_cwd, check=True, capture_output=True, env={**os.environ})
        help_t = command_time(["--help"], env_cwd)
        status_t = command_time(["status"], env_cwd)
        py_t = command_time_python(env_cwd)
    print(f"campagne --help: {help_t * 1000:.0f} ms (goal < 300 ms; bare python -c pass: {py_t * 1000:.0f} ms)")
    print(f"campagne status: {status_t * 1000:.0f} ms (goal < 300 ms)")


def command_time_python(cwd: str, runs: int = 7) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], cwd=cwd, check=True)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


if __name__ == "__main__":
    main()
