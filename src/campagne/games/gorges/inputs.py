"""What people type that Gorges Tranchées turns into data: the players of `campagne new gorges` (races by
key, English or French name), the legendary heroes leading their armies (`--hero ID:ARMY=NAME`), a club's island."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.errors import CampagneError, register_messages
from ..skirmish.convert import CURRENT
from .odds import race_key


def build_setup(players: list[dict[str, Any]], options: Mapping[str, Any]) -> dict[str, Any]:
    roster = [{"id": p["id"], "name": p["name"], "controller": p["controller"],
               "race": race_key(p.get("race") or "empire"), "heroes": {}} for p in players]
    for item in options.get("hero") or []:
        left, sep, name = item.partition("=")
        pid, sep2, key = left.partition(":")
        who = next((p for p in roster if p["id"] == pid), None)
        if not sep or not sep2 or not name or who is None or key.upper() not in ("G", "L1", "L2"):
            raise CampagneError("gorges.setup.bad_hero", item=item)
        who["heroes"][key.upper()] = name
    # issue 24's readings (docs/rules/gorges.md) and armies on the grid by their composition (skirmish/convert.py)
    setup: dict[str, Any] = {"players": roster, "readings": 2, "grid_armies": CURRENT}
    if options.get("map"):
        from .map import read_map_file
        setup["map"] = read_map_file(options["map"])[1]  # validated: a malformed island is refused with its sentence
    return setup


def battle_command(battle: str, o: Mapping[str, Any]) -> dict[str, Any]:
    """`campagne battle-result N ...`: battle N's result entered by hand (--winner, --hero-killed, --unit,
    --storm-of-magic, --capture) or auto-resolved (--auto)."""
    if o.get("auto"):
        command = {"type": "auto-resolve", "player": "referee", "battle": battle}
        if o.get("resolver") == "grid":  # fought on the grid (seed 004); otherwise the auto-resolve's table
            command["resolver"] = "grid"
        if o.get("players"):
            command["players"] = True
        if o.get("engagements") not in (None, 1):  # follow-up battles on the grid (skirmish/followup.py)
            command["engagements"] = o["engagements"]
        return command
    if not o.get("winner"):
        raise CampagneError("order.missing", order="battle-result", field="--winner")
    units: dict[str, list[str]] = {}
    for item in o.get("unit") or []:
        pid, sep, name = item.partition(":")
        if not sep or not name:
            raise CampagneError("cli.bad_pair", item=item, what="--unit")
        units.setdefault(pid, []).append(name)
    command: dict[str, Any] = {"type": "battle-result", "player": "referee", "battle": battle,
                               "winner": o["winner"], "heroes_killed": list(o.get("hero_killed") or []),
                               "units": units, "storm_of_magic": bool(o.get("storm_of_magic"))}
    if o.get("capture"):
        command["capture"] = o["capture"]
    return command


register_messages({
    "gorges.setup.bad_hero": {"en": "Bad --hero value {item!r}: use PLAYER:ARMY=NAME, ARMY G, L1 or L2.",
                              "fr": "Valeur --hero invalide {item!r} : utilisez JOUEUR:ARMÉE=NOM, ARMÉE G, L1 ou L2."},
})
