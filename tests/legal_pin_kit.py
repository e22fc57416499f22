"""Positions of every registered game and a digest of what `legal_orders` lists there, for everyone.

The positions: seeded games played by agents choosing uniformly among the legal actions (`agents.match.Match`,
no computer player involved, so the walk depends on the rules alone). At each position where an agent acts, the
digest of `legal_orders(state, who)` for every player of the game and the referee: types, players, fixed values,
every field's domain with its notes, in the order listed. Written once from the reference implementation (the
state tried value by value on a deep copy) into tests/golden/legal_orders.json, so that making `legal_orders`
faster cannot change what it returns:

    PYTHONPATH=src .venv/bin/python tests/legal_pin_kit.py   # writes the golden file again (only on purpose)
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

GOLDEN = Path(__file__).parent / "golden" / "legal_orders.json"
# (seed, positions) per game: enough positions to pass every phase the agents reach, few enough to stay fast
WALKS: dict[str, tuple[tuple[int, int], ...]] = {
    "atlantis": ((1, 120), (2, 120)),
    "gorges": ((1, 90), (2, 90)),
    "arc": ((1, 80),),
    "skirmish": ((1, 80),),
    "wab": ((1, 60), (2, 60)),
}


def digest(legal: list[Any]) -> str:
    data = [[lo.type, lo.player, dict(lo.fixed), [f.to_dict() for f in lo.fields]] for lo in legal]
    text = json.dumps(data, sort_keys=True, default=repr, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def walk(game: str, seed: int, positions: int) -> list[str]:
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
        people = sorted(view(state, None)["players"]) + [REFEREE]
        lines += [f"{n} {who} {digest(legal_orders(state, who))}" for who in people]
        match.act(rng.choice(match.legal_actions()))
    return lines


def snapshot() -> dict[str, list[str]]:
    return {f"{game} {seed}": walk(game, seed, size) for game, runs in WALKS.items() for seed, size in runs}


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(snapshot(), indent=0) + "\n")
    print(f"written: {GOLDEN}")
