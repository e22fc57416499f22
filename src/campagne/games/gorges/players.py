"""Gorges Tranchées computer players over the one interface: they see their view and the legal orders, never the
state (`core.interface`: a player is `(view, legal, rng) -> command`).

The greedy one walks to the ghost's neutral cell, then to neutral land, then to an enemy cell without a
building; builds a fortress, else a town, else a mine; refuses a challenge when its save (the odds its view
shows) holds more often than not, else accepts with the army on the spot; challenges from where it stands.
"""

from __future__ import annotations

import random
from typing import Any

from ...core.interface import LegalOrder


def _first(lo: LegalOrder, **values: Any) -> dict[str, Any]:
    filled = {f.name: values.get(f.name, f.choices[0] if f.kind == "choice" else f.low if f.kind == "int"
                                 else "Hero" if f.kind == "text" else False) for f in lo.fields if not f.optional}
    return lo.command(filled)


def _cell_score(view: dict[str, Any], me: str, cell: str) -> tuple:
    owner = view["owners"].get(cell)
    built = bool(view.get("buildings", {}).get(cell))
    return (cell == view["ghost"] and owner is None, owner is None, owner not in (None, me) and not built)


def greedy(view: dict[str, Any], legal: list[LegalOrder], rng: random.Random) -> dict[str, Any] | None:
    if not legal:
        return None
    me = view["viewer"]
    kinds: dict[str, list[LegalOrder]] = {}
    for lo in legal:
        kinds.setdefault(lo.type, []).append(lo)
    if "hero" in kinds:
        lo = kinds["hero"][0]
        return lo.command({"name": f"{lo.fixed['army']} II"})
    if "event" in kinds:
        return _first(kinds["event"][0])
    if "refuse" in kinds or "accept" in kinds:
        for c in view["challenges"]:
            if c.get("defender") != me or c.get("status") != "pending":
                continue
            save = (c.get("save_if_refused") or {}).get("probability", 1.0)
            refuse = [lo for lo in kinds.get("refuse", []) if lo.fixed.get("challenge") == c["id"]]
            accept = [lo for lo in kinds.get("accept", []) if lo.fixed.get("challenge") == c["id"]]
            if refuse and (save >= 0.5 or not accept):
                return _first(refuse[0])
            if accept:
                spot = [a["key"] for a in view["players"][me]["armies"] if a["position"] == c["target"]]
                field = accept[0].fields[0]
                pick = next((k for k in spot if k in field.choices), field.choices[0])
                return accept[0].command({field.name: pick})
    best: tuple[tuple, dict[str, Any]] | None = None
    for lo in kinds.get("move", []):
        for path in lo.fields[0].choices:
            score = _cell_score(view, me, path[-1])
            if any(score) and (best is None or (score, -len(path)) > best[0]):
                best = ((score, -len(path)), lo.command({"path": path}))
    if best is not None:
        return best[1]
    for building in ("fortress", "town", "mine"):
        for lo in kinds.get("build", []):
            if building in lo.fields[0].choices:
                return lo.command({"building": building})
    for lo in kinds.get("challenge", []):
        here = lo.fields[0].choices
        mine = {a["key"]: a["position"] for a in view["players"][me]["armies"]}
        if mine.get(lo.fixed["army"]) in here:
            return lo.command({"territory": mine[lo.fixed["army"]]})
    if "done" in kinds:
        return _first(kinds["done"][0])
    return rng.choice(legal).sample(rng)
