"""How fast are the exact odds of one round of WAB 2 close combat (seed 002)?

Run: python benchmarks/bench_wab_odds.py   (a few seconds)

The question of issue 4: two 20-model units, five wide (hoplites with a standard and musician
charging Thracian infantry), the whole round exactly (strike order, casualties before the second
blows, combat result with ranks after casualties, the loser's break test). Goal: under 10 ms.

Printed, each beside the goal:
- `first call`: the first question in this process, importing the rules and reading the sheet's
  tables (data/tables.toml) on the way;
- `cold`: a question after `attack_odds.clear_caches()` (no cached binomial), best of 5 × 200;
- `warm`: the same question again, best of 5 × 200;
- two heavier rounds for scale: ten-wide units with two attacks each (frenzy), and 40 models ten
  wide with hatred and a flank attack.
Exits with status 1 when a goal is missed or a distribution does not sum to exactly 1.
"""

from __future__ import annotations

import sys
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))  # run from a fresh clone too

GOAL_MS = 10.0


def main() -> int:
    start = time.perf_counter()
    from campagne.games.wab import attack_odds, odds
    from campagne.games.wab.unit_state import UnitState

    a = UnitState.from_profile("4,3,3,3,3,1,3,1,7", 20, 5, save=4, standard=True, musician=True, name="Hoplites")
    b = UnitState.from_profile("4,4,3,3,3,1,4,1,8", 20, 5, save=5, name="Thracians")
    first = odds.round_odds(a, b, charge="a")
    first_ms = (time.perf_counter() - start) * 1e3

    def warm():
        return odds.round_odds(a, b, charge="a")

    def cold():
        attack_odds.clear_caches()
        return odds.round_odds(a, b, charge="a")

    def best_ms(func, number: int = 200, repeat: int = 5) -> float:
        return min(timeit.repeat(func, number=number, repeat=repeat)) / number * 1e3

    cold_ms = best_ms(cold)
    warm_ms = best_ms(warm)
    ok = sum(first.result_distribution.values()) == 1 and warm().result_distribution == first.result_distribution

    wide_a = UnitState.from_profile("5,3,3,3,3,1,3,1,7", 20, 10, special_rules=["frenzy"], name="Warband")
    wide_b = UnitState.from_profile("4,3,3,3,3,1,3,1,7", 20, 10, save=5, special_rules=["frenzy"], name="Warband")
    big_a = UnitState.from_profile("4,4,3,4,3,1,4,1,8", 40, 10, save=4, special_rules=["hatred"], name="Legion")
    big_b = UnitState.from_profile("4,3,3,3,3,1,3,1,7", 40, 10, save=5, standard=True, name="Levy")
    heavy = {
        "20 vs 20 ten wide, 2 A each (frenzy)": lambda: odds.round_odds(wide_a, wide_b, charge="a"),
        "40 vs 40 ten wide, hatred, flank": lambda: odds.round_odds(big_a, big_b, flank=True),
    }
    print(f"WAB round odds, 20 vs 20 five wide (goal < {GOAL_MS:.0f} ms):")
    print(f"  first call (imports + tables): {first_ms:8.2f} ms")
    print(f"  cold (caches cleared):         {cold_ms:8.3f} ms   goal < {GOAL_MS:.0f} ms  "
          f"{'OK' if cold_ms < GOAL_MS else 'MISSED'}")
    print(f"  warm:                          {warm_ms:8.3f} ms   goal < {GOAL_MS:.0f} ms  "
          f"{'OK' if warm_ms < GOAL_MS else 'MISSED'}")
    for name, func in heavy.items():
        r = func()
        ok = ok and sum(r.result_distribution.values()) == 1
        cold = best_ms(lambda f=func: (attack_odds.clear_caches(), f()), 20)
        print(f"  {name + ':':<38} {cold:8.3f} ms (cold)")
    print(f"  P(attacker wins) {float(first.attacker_wins):.4f}, P(defender breaks) "
          f"{float(first.defender_breaks):.4f}; distributions sum to exactly 1: {'yes' if ok else 'NO'}")
    return 0 if ok and cold_ms < GOAL_MS and warm_ms < GOAL_MS else 1


if __name__ == "__main__":
    sys.exit(main())
