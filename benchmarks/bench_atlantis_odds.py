"""How fast are campagne's exact conquest odds, and do they agree with icepool's?

Run: python benchmarks/bench_atlantis_odds.py   (a few seconds)

One question: force 10, 100 loot of bribe, a mountain capital of an Atlantean kingdom.
campagne solves the conquest chain once per process (cold) and then answers from its cache
(warm). icepool answers the same question with its own absorbing-chain solver
(`map(..., repeat="inf")`) over a model written here from the tables, independently of odds.py.
"""

from __future__ import annotations

import sys
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))  # run from a fresh clone too

from campagne.games.atlantis import odds  # noqa: E402
from campagne.games.atlantis.data import constants, tables  # noqa: E402

GOAL_US = 1000.0
QUESTION = dict(force=10, bribe=100, terrain="mountain", capital=True)


def campagne_answer():
    return odds.conquest(**QUESTION)


def icepool_answer():
    """P(each outcome) with icepool: state = cumulative attack modifier, absorbed = 1000 + outcome."""
    import icepool

    t = tables()
    result = t["conquest_result"]
    defence = t["conquest_defence"]
    attack = t["conquest_attack"]
    bribe = attack.modifier("loot_50")
    k = (QUESTION["force"] + QUESTION["bribe"] // bribe.data["loot"] * bribe.value
         - defence.modifier("mountain").value - defence.modifier("capital").value)
    n, faces = 2, 6  # the defender's "6+2D6"
    assert defence.dice == f"6+{n}D{faces}"
    defender = 6 + n @ icepool.d(faces)
    end = 1000

    def step(m):
        if m >= end:
            return m

        def after(roll):
            row = result.lookup(k + m - roll)
            if row.data["outcome"] == "again":
                return m + attack.modifier(row.key).value
            return end + odds.CONQUEST_OUTCOMES.index(row.key)
        return defender.map(after)

    final = icepool.map(step, 0, repeat="inf")
    return {odds.CONQUEST_OUTCOMES[o - end]: final.probability(o) for o in final.outcomes()}


def best_us(func, number: int, repeat: int = 5) -> float:
    return min(timeit.repeat(func, number=number, repeat=repeat)) / number * 1e6


def main() -> None:
    tables(), constants()  # reading the data files is not the odds' cost
    odds.clear_caches()
    start = time.perf_counter()
    exact = campagne_answer()
    cold_us = (time.perf_counter() - start) * 1e6
    warm_us = best_us(campagne_answer, number=20_000)

    try:
        import icepool  # noqa: F401
    except ImportError:
        print(f"conquest odds: {warm_us:.1f} µs/question (goal < {GOAL_US:.0f} µs), "
              f"cold {cold_us:.0f} µs ; icepool not installed (pip install icepool)")
        return
    ice = icepool_answer()
    ice_us = best_us(icepool_answer, number=1, repeat=5)
    ice_taken = float(ice.get("taken_easily", 0) + ice.get("taken", 0))
    agree = abs(float(exact.success) - ice_taken) < 1e-9
    identical = ice == {key: p for key, p in exact.outcomes.items() if p}

    print(f"question: {QUESTION}")
    print(f"P(taken) campagne {float(exact.success):.12f} ({exact.success}) ; icepool {ice_taken:.12f}")
    print(f"conquest odds: {warm_us:.1f} µs/question (goal < {GOAL_US:.0f} µs), cold {cold_us:.0f} µs "
          f"(solves every strength once) ; icepool same question: {ice_us:.0f} µs ; "
          f"agree: {'yes' if agree else 'NO'}{' (identical fractions)' if identical else ''}")
    if not agree or warm_us >= GOAL_US:
        sys.exit(1)


if __name__ == "__main__":
    main()
