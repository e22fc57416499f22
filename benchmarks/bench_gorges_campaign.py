"""Speed figures of the Gorges Tranchées campaign (issue 5), each printed beside its goal.

    python benchmarks/bench_gorges_campaign.py

- a whole 4-player year (`simulate gorges --players 4`) played in-process by greedy computer players
  (goal < 2 s: the computers try each candidate order on a copy of the state);
- replaying and verifying that year's journal, as every campaign command does before it acts (goal < 0.5 s);
- `campagne status` on that journal, as a real command (goal < 0.5 s).
Exits non-zero when a goal is missed.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from bench_atlantis_campaign import best_of, command_time

from campagne.core.game import Game
from campagne.games.gorges.rules import GorgesRules
from campagne.games.gorges.simulate import default_players, simulate
from campagne.storage import journal as jfile


def main() -> int:
    failed = False
    year = best_of(3, lambda: simulate(default_players(4), 1))
    failed |= year > 2.0
    print(f"simulate gorges --players 4 (a whole year, in-process): {year * 1000:.0f} ms (goal < 2000 ms)")
    game = simulate(default_players(4), 1)
    recorded = [e.to_dict() for e in game.entries]
    replay = best_of(3, lambda: Game.replay(GorgesRules(), game.setup, game.seed, [e.command for e in game.entries]))
    verify = best_of(3, lambda: Game.verify(GorgesRules(), game.setup, game.seed, recorded,
                                            opening=game.opening.to_dict()))
    failed |= verify > 0.5
    print(f"replay of its {len(recorded)} orders: {replay * 1000:.0f} ms; with verification: "
          f"{verify * 1000:.0f} ms (goal < 500 ms)")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "campaign.jsonl"
        jfile.create(path, {"ruleset": "gorges", "seed": game.seed, "setup": dict(game.setup),
                            "opening": game.opening.to_dict()})
        jfile.append(jfile.read(path), recorded)
        status = command_time(["status"], tmp)
    failed |= status > 0.5
    print(f"campagne status on the year's journal: {status * 1000:.0f} ms (goal < 500 ms)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
