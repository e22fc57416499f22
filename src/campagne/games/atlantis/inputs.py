"""What people type that Atlantis turns into data: the players of `campagne new atlantis` (army lists by
packaged name or TOML file), a club's map, and the files an order names (a recruited unit, a reorganised army)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...core.bounded import is_whole, whole_number
from ...core.errors import CampagneError
from ...storage.text_file import load_toml, read_utf8
from . import army as armies
from ..skirmish.convert import CURRENT
from .state import NUMBERED_PER_PLAYER


def read_army(name: str) -> Any:
    """A packaged army list by name, or a club's own TOML file."""
    return armies.load_army_file(name) if name.endswith(".toml") else armies.load_packaged_army(name)


def build_setup(players: list[dict[str, Any]], options: Mapping[str, Any]) -> dict[str, Any]:
    """The set-up of a campaign: each player's army list read, and a club's map if given (`map`)."""
    setup: dict[str, Any] = {"players": [{"id": p["id"], "name": p["name"], "controller": p["controller"],
                                          "army": read_army(p.get("army") or "mycenaean").to_dict()}
                                         for p in players], NUMBERED_PER_PLAYER[0]: NUMBERED_PER_PLAYER[1],
             "grid_armies": CURRENT}  # armies on the grid by their points (skirmish/convert.py)
    if options.get("map"):
        from .map import load_map_file
        setup["map"] = load_map_file(options["map"]).to_mapping()
    return setup


def read_order(command: dict[str, Any], state: Any = None) -> dict[str, Any]:
    """Orders that name a file (a new army list, a recruited unit) carry its content in the journal; territories
    and kingdoms may be typed by their printed names ("Cap Boréal"), journaled by their ids."""
    if command.get("type") == "adjust":
        from .adjust import fields_from_words
        command = fields_from_words(command)
    from ..skirmish.played import typed
    command = typed(command)  # `grid ORDER WORDS...`: journaled as the grid's fields, as a form gives them
    if state is not None:
        _ids(command, state.map)
    if "army_file" in command:
        command["army"] = read_army(command.pop("army_file")).to_dict()
    if "unit_file" in command:
        path = Path(command.pop("unit_file"))
        text = read_utf8(path, "army.unreadable", "army.malformed")
        command["unit"] = load_toml(text, "army.malformed", file=str(path))
    if command.get("type") == "take-over" and "army" not in command:
        command["army"] = armies.load_packaged_army("atlante").to_dict()
    return command


def _ids(command: dict[str, Any], tmap: Any) -> None:
    from ...core.names import resolve
    territories = {t: tmap.territories[t].name for t in tmap.territories}
    kingdoms = {k: v.name for k, v in tmap.kingdoms.items()}
    for key, names in (("territory", territories), ("kingdom", kingdoms)):
        if isinstance(command.get(key), str):
            command[key] = resolve(command[key], names) or command[key]
    if isinstance(command.get("path"), list):
        command["path"] = [resolve(t, territories) or t if isinstance(t, str) else t for t in command["path"]]


def _pairs(items: list[str], what: str) -> dict[str, dict[str, int]]:
    """PLAYER:UNIT=N items -> {player: {unit: n}}."""
    out: dict[str, dict[str, int]] = {}
    for item in items:
        left, sep, n = item.partition("=")
        pid, sep2, uid = left.partition(":")
        if not sep or not sep2 or not is_whole(n) or n.startswith("-"):
            raise CampagneError("cli.bad_pair", item=item, what=what)
        out.setdefault(pid, {})[uid] = whole_number(n, what)
    return out


def battle_command(territory: str, o: Mapping[str, Any]) -> dict[str, Any]:
    """`campagne battle-result TERRITORY ...`: a result entered by hand (--winner, --killed, --fled,
    --character, --vp), an auto-resolve (--auto [--general-indisposed] [--allocation] [--resolver]), or a new
    battlefield (--reroll-terrain)."""
    if o.get("reroll_terrain"):
        return {"type": "reroll-terrain", "player": "referee", "territory": territory}
    if o.get("auto"):
        order_of: dict[str, list[str]] = {}
        for item in o.get("allocation") or []:
            pid, sep, units = item.partition(":")
            if not sep or not units:
                raise CampagneError("cli.bad_pair", item=item, what="--allocation")
            order_of[pid] = [u for u in units.split(",") if u]
        command: dict[str, Any] = {"type": "auto-resolve", "player": "referee", "territory": territory,
                                   "general_indisposed": bool(o.get("general_indisposed")), "allocation": order_of}
        if o.get("resolver", "simulation") != "simulation":
            command["resolver"] = o["resolver"]
        if o.get("players"):
            command["players"] = True
        if o.get("engagements") not in (None, 1):  # follow-up battles on the grid (skirmish/followup.py)
            command["engagements"] = o["engagements"]
        return command
    if not o.get("winner"):
        raise CampagneError("order.missing", order="battle-result", field="--winner")
    chars = []
    for item in o.get("character") or []:
        parts = item.split(":")
        if len(parts) != 3:
            raise CampagneError("cli.bad_pair", item=item, what="--character")
        chars.append({"player": parts[0], "unit": parts[1], "how": parts[2]})
    vps = {}
    for item in o.get("vp") or []:
        pid, sep, n = item.partition("=")
        if not sep or not is_whole(n):
            raise CampagneError("cli.bad_pair", item=item, what="--vp")
        vps[pid] = whole_number(n, "--vp")
    mercenaries = []
    for item in o.get("mercenaries") or []:
        parts = item.split(":")
        if len(parts) not in (2, 3) or not all(parts):
            raise CampagneError("cli.bad_pair", item=item, what="--mercenaries")
        mercenaries.append({"side": parts[0], "list": parts[1], "member": parts[2] if len(parts) == 3 else None})
    command = {"type": "battle-result", "player": "referee", "territory": territory, "winner": o["winner"],
               "killed": _pairs(o.get("killed") or [], "--killed"), "fled": _pairs(o.get("fled") or [], "--fled"),
               "characters": chars, "vp": vps}
    if mercenaries:
        command["mercenaries"] = mercenaries
    return command
