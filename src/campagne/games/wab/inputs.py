"""What people type that a WAB battle turns into data: each side's army list (a packaged Atlantis list, an
Atlantis army file or a WAB army list file) and the battle's set-up."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...core.errors import CampagneError, register_messages
from ...storage.text_file import load_toml, read_utf8


def load_side(name: str) -> dict[str, Any]:
    """A setup side from a packaged Atlantis list, an Atlantis army file or a WAB army list file."""
    from ..atlantis import army as armies
    path = Path(name)
    if path.suffix != ".toml":
        return {"army": armies.load_packaged_army(name).to_dict(), "format": "atlantis"}
    raw = load_toml(read_utf8(path, "wab.cli.bad_list", "wab.cli.bad_list", name="name"), "wab.cli.bad_list",
                    name=name)
    units = raw.get("units") or []
    atlantis = "people" in raw or "general" in raw or any(isinstance(u, dict) and "points_per_model" in u
                                                          for u in units)
    if atlantis:
        return {"army": armies.load_army_file(path).to_dict(), "format": "atlantis"}
    return {"army": raw, "format": "wab"}


def build_setup(players: list[dict[str, Any]], options: Mapping[str, Any]) -> dict[str, Any]:
    """Two players, sides a and b in that order, each with its army list (`side`)."""
    if len(players) != 2:
        raise CampagneError("wab.cli.two_sides", count=len(players))
    setup: dict[str, Any] = {}
    for side, p in zip(("a", "b"), players):
        setup[side] = {**load_side(p.get("side") or "mercenaires-atlantes"), "player": p["id"]}
    return setup


register_messages({
    "wab.cli.bad_list": {
        "en": "Cannot read the army list {name!r}: {reason}.",
        "fr": "Impossible de lire la liste d'armée {name!r} : {reason}.",
    },
    "wab.cli.two_sides": {"en": "A battle has two sides (got {count} players).",
                          "fr": "Une bataille oppose deux camps ({count} joueurs donnés)."},
})
