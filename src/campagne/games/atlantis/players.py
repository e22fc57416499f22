"""Atlantis computer players over the one interface: they see their view and the legal orders, never the state
(`core.interface`: a player is `(view, legal, rng) -> command`).

The greedy one takes the first free kingdom at its royal city; marches into land that is not its own (Atlantean
land first), else holds; writes a strategy at random (the strategies are a bluff); in the conquest phase
conquers with the bribe it can spare (up to 100), negotiates a passage when it cannot conquer, else withdraws;
confirms the agreements that give it loot or a permission and declines the others.
"""

from __future__ import annotations

import random
from typing import Any

from ...core.interface import LegalOrder


def greedy(view: dict[str, Any], legal: list[LegalOrder], rng: random.Random) -> dict[str, Any] | None:
    if not legal:
        return None
    me = view["viewer"]
    kinds: dict[str, list[LegalOrder]] = {}
    for lo in legal:
        kinds.setdefault(lo.type, []).append(lo)
    if "choose" in kinds:
        lo = kinds["choose"][0]
        return lo.command({"territory": lo.fields[0].choices[0]})
    for a in view.get("agreements", []):
        if a.get("status") == "proposed" and me in a["parties"] and me not in a.get("accepted", []):
            gives = a.get("loot_to") == me or any(me in (a.get(k) or []) for k in ("passage", "supply", "taxes"))
            for lo in kinds.get("accept" if gives else "decline", []):
                if lo.fixed.get("agreement") == a["id"]:
                    return lo.command()
    if "move" in kinds:
        owners = {t: x["owner"] for t, x in view["territories"].items()}
        paths = kinds["move"][0].fields[0].choices
        ranked = sorted(paths, key=lambda p: (owners.get(p[-1]) == me, owners.get(p[-1]) is not None, len(p)))
        if owners.get(ranked[0][-1]) != me:
            return kinds["move"][0].command({"path": ranked[0]})
    if "hold" in kinds:
        return kinds["hold"][0].command()
    if "strategy" in kinds:
        lo = kinds["strategy"][0]
        return lo.command({"strategy": rng.choice(lo.fields[0].choices)})
    for kind in ("conquer", "negotiate"):
        for lo in kinds.get(kind, []):
            bribe = next(f for f in lo.fields if f.name == "bribe")
            return lo.command({"bribe": min(bribe.high, max(0, (bribe.high - 50) // 50 * 50), 100)})
    if "withdraw" in kinds:
        return kinds["withdraw"][0].command()
    return rng.choice(legal).sample(rng)


def absent(view: dict[str, Any], legal: list[LegalOrder], rng: random.Random) -> dict[str, Any] | None:
    """The seed's absent player: « ses troupes restent sur place »; his battles are the referee's to resolve."""
    kinds = {lo.type: lo for lo in legal}
    if "choose" in kinds:
        return kinds["choose"].command({"territory": kinds["choose"].fields[0].choices[0]})
    for kind in ("hold", "withdraw"):
        if kind in kinds:
            return kinds[kind].command()
    if "strategy" in kinds:
        return kinds["strategy"].command({"strategy": rng.choice(kinds["strategy"].fields[0].choices)})
    return greedy(view, legal, rng)
