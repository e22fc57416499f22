"""Positions of every registered game and a digest of what `legal_orders` lists there, for everyone.

The positions: seeded games played by agents choosing uniformly among the legal actions (`agents.match.Match`,
no computer player involved, so the walk depends on the rules alone). At each position where an agent acts, the
digest of `legal_orders(state, who)` for every player of the game and the referee: types, players, fixed values,
every field's domain with its notes, in the order listed. Written once from the reference implementation (the
state tried value by value on a deep copy) into tests/golden/legal_orders.json, so that making `legal_orders`
faster cannot change what it returns:

    cd tests && PYTHONPATH=SRC python legal_pin_kit.py   # writes the golden file again (only on purpose)

SRC the reference's sources (the walks changed: those of commit 74d1dc4, before legal_orders was made faster,
e.g. `git archive 74d1dc4 src | tar -x -C /tmp/ref`); the current sources only when a rule changes on purpose.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

GOLDEN = Path(__file__).parent / "golden" / "legal_orders.json"
# (seed, positions, every) per game: enough positions to pass every phase the agents reach, every `every`-th
# one digested, few enough to stay fast
WALKS: dict[str, tuple[tuple[int, int, int], ...]] = {
    "atlantis": ((1, 120, 1), (2, 120, 1)),
    "gorges": ((1, 90, 1), (2, 90, 1)),
    "arc": ((1, 240, 3),),
    "skirmish": ((1, 80, 1),),
    "wab": ((1, 60, 1), (2, 60, 1)),
}


def digest(legal: list[Any]) -> str:
    data = [[lo.type, lo.player, dict(lo.fixed), [f.to_dict() for f in lo.fields]] for lo in legal]
    text = json.dumps(data, sort_keys=True, default=repr, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def walk(game: str, seed: int, positions: int, every: int = 1) -> list[str]:
    """One line per position and person: `position who digest`."""
    from campagne.agents.match import REFEREE, Match
    match = Match(game, referee="agent" if game == "wab" else None)
    match.reset(seed)
    legal_orders, view = match.descriptor.load("legal_orders"), match.descriptor.load("view")
    rng = random.Random(seed)
    lines: list[str] = []
    for n in range(positions):
        if match.over:
            match.reset(seed * 1000 + n)
        state = match.game.state
        if n % every == 0:
            people = sorted(view(state, None)["players"]) + [REFEREE]
            lines += [f"{n} {who} {digest(legal_orders(state, who))}" for who in people]
        match.act(rng.choice(match.legal_actions()))
    return lines


def snapshot() -> dict[str, list[str]]:
    return {f"{game} {seed}": walk(game, seed, size, every) for game, runs in WALKS.items()
            for seed, size, every in runs}


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(snapshot(), indent=0) + "\n")
    print(f"written: {GOLDEN}")
