"""Arc's odds and threats (`arc.advice`) on states of simulated games: CPU time per state and reader.

    .venv/bin/python benchmarks/bench_arc_advice.py [--runs 3] [--dump FILE] [--profile]

The states: every 41st order (set-up aside) of three games of greedy computers (seeds 3, 5, 11), each read by
every side. For each (state, reader): `advice_facts` then `advice_words` in one language, and in both (the facts
computed once, as the server does); the least of `--runs` runs, CPU time (`time.process_time`). `--dump FILE`
writes every output (the facts and the words in French and English) to compare two versions of the code;
`--profile` prints the facts' cProfile over all the states.
"""

from __future__ import annotations

import argparse
import copy
import cProfile
import json
import pstats
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))  # run from a fresh clone too

from campagne.games.arc import simulate  # noqa: E402
from campagne.games.arc.advice import advice_facts, advice_words  # noqa: E402
from campagne.games.arc.data import SIDES  # noqa: E402
from campagne.games.arc.rules import ArcRules  # noqa: E402
from campagne.games.arc.state import ArcState  # noqa: E402

SEEDS = (3, 5, 11)
EVERY = 41


def states(seeds: tuple[int, ...] = SEEDS, every: int = EVERY, turns: int = 8) -> list[ArcState]:
    """Copies of every `every`-th state (set-up aside) the simulated games of `seeds` pass through."""
    seen: list[ArcState] = []
    original = ArcRules.apply
    count = {"n": 0}

    def apply(self: ArcRules, state: ArcState, command: dict[str, Any], dice: Any) -> Any:
        if state.phase != "deploy":
            count["n"] += 1
            if count["n"] % every == 0:
                seen.append(copy.deepcopy(state))
        return original(self, state, command, dice)
    ArcRules.apply = apply  # type: ignore[method-assign]
    try:
        for seed in seeds:
            count["n"] = 0
            simulate.simulate(seed, turns=turns)
    finally:
        ArcRules.apply = original  # type: ignore[method-assign]
    return seen


def canonical(facts: Any) -> str:
    """The facts as text that changes when any of their numbers or names does."""
    return json.dumps(facts, sort_keys=True, default=repr, ensure_ascii=False)


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--dump")
    p.add_argument("--profile", action="store_true")
    a = p.parse_args()
    ss = states()
    pairs = [(s, side) for s in ss for side in SIDES]
    if a.profile:
        prof = cProfile.Profile()
        prof.enable()
        for s, side in pairs:
            advice_facts(s, side)
        prof.disable()
        pstats.Stats(prof).sort_stats("cumulative").print_stats(35)
        return 0
    one: list[float] = [1e9] * len(pairs)
    both: list[float] = [1e9] * len(pairs)
    for _ in range(a.runs):
        for i, (s, side) in enumerate(pairs):
            t = time.process_time()
            advice_words(advice_facts(s, side), "en")
            one[i] = min(one[i], time.process_time() - t)
            t = time.process_time()
            facts = advice_facts(s, side)
            advice_words(facts, "en"), advice_words(facts, "fr")
            both[i] = min(both[i], time.process_time() - t)
    ms = 1000 / len(pairs)
    print(f"arc advice: {len(ss)} states x {len(SIDES)} readers, CPU ms per state and reader (least of {a.runs}): "
          f"one language {sum(one) * ms:.1f}, both {sum(both) * ms:.1f} (worst {max(both) * 1000:.0f})")
    if a.dump:
        with open(a.dump, "w", encoding="utf-8") as f:
            for s, side in pairs:
                facts = advice_facts(s, side)
                f.write(canonical(facts) + "\n")
                for lang in ("en", "fr"):
                    f.write(canonical(advice_words(facts, lang)) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
