"""The resolvers compared on the same battles (issue 24; docs/rules/skirmish.md, « The resolvers compared »):
Atlantis battles resolved by the seed's table (simulation), the WAB 2 auto-battle and the grid; Gorges battles
by the auto-resolve's table and the grid. Prints two Markdown tables: each side's losses and the attacker's odds
of winning, with 95 % intervals.

    .venv/bin/python benchmarks/grid_study.py [--battles 10] [--repeats 4] [--seed 1] [--grid-armies 2]

About 1.6 s per Atlantis battle and repeat (the three resolvers), 0.5 s per Gorges one.
"""

from __future__ import annotations

import argparse

from campagne.games.skirmish.resolver_study import atlantis_study, gorges_study, table


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--battles", type=int, default=10)
    ap.add_argument("--repeats", type=int, default=4)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--grid-armies", type=int, default=None, help="the conversion (1: before issue 24; default: now)")
    a = ap.parse_args()
    print(f"Atlantis: {a.battles} battles x {a.repeats} resolutions each")
    print("\n".join(table(atlantis_study(a.battles, a.repeats, seed=a.seed, grid_armies=a.grid_armies), "points")))
    print(f"\nGorges: {a.battles} battles x {a.repeats} resolutions each (hit points lost on the grid only)")
    print("\n".join(table(gorges_study(a.battles, a.repeats, seed=a.seed), "share")))


if __name__ == "__main__":
    main()
