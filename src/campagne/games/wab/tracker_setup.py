"""A WAB battle's set-up read into its state (`build_state`), and a set-up made from two armies
(`setup_from_armies`): the format is described in `tracker.py`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.errors import CampagneError, bilingual
from .army_lists import WabArmy
from .profiles import Unit, slug
from .battle_state import BattleState, BattleUnit, SIDES


# --------------------------------------------------------------------------- setup


def _bad_setup(en: str, fr: str) -> CampagneError:
    return CampagneError("wab.battle.bad_setup", reason=bilingual(en, fr))


def _side_units(side: str, raw: Any) -> tuple[str, list[tuple[Unit, int]]]:
    """(army name, [(unit, points)]) of one side of the setup."""
    if not isinstance(raw, Mapping) or not isinstance(raw.get("army"), Mapping):
        raise _bad_setup(f"side {side} needs an army (a mapping)",
                         f"le camp {side} demande une armée (une table)")
    fmt = raw.get("format") or ("atlantis" if "people" in raw["army"] else "wab")
    files = raw.get("files") or {}
    extra_points = raw.get("points") or {}
    if not isinstance(extra_points, Mapping) or not all(isinstance(v, int) and not isinstance(v, bool)
                                                        for v in extra_points.values()):
        raise _bad_setup(f"side {side}: points must map unit ids to whole numbers",
                         f"camp {side} : points doit associer des nombres entiers aux unités")
    if fmt == "atlantis":
        from ..atlantis.army import Army
        from .army_lists import units_from_atlantis_army
        army = Army.from_dict(raw["army"], f"<side {side}>")
        units = units_from_atlantis_army(army, files)
        if not raw.get("french_names"):
            # a set-up written before French text named the units by their lists' French names (a journal
            # made then must replay word for word): its French text names them as the English does
            for u in units:
                u.name_fr = u.name
        values = {u.id: u.points for u in army.units}
        if army.general is not None:
            values["general"] = army.general.points
        return army.name, [(u, int(extra_points.get(u.id, values.get(u.id, 0)))) for u in units]
    if fmt != "wab":
        raise _bad_setup(f"side {side}: unknown army format {fmt!r} (atlantis or wab)",
                         f"camp {side} : format d'armée inconnu {fmt!r} (atlantis ou wab)")
    army_raw = dict(raw["army"])
    points: dict[str, int] = {}
    units_raw = []
    for i, u in enumerate(army_raw.get("units", []) or []):
        if isinstance(u, Mapping) and "points" in u:
            u = dict(u)
            value = u.pop("points")
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise _bad_setup(f"side {side}: unit #{i + 1} has points {value!r}",
                                 f"camp {side} : l'unité n°{i + 1} a points = {value!r}")
            points[str(u.get("id") or slug(str(u.get("name", "unit"))))] = value
        units_raw.append(u)
    army_raw["units"] = units_raw
    army = WabArmy.from_dict(army_raw, f"<side {side}>")
    points.update({k: int(v) for k, v in extra_points.items()})
    return army.name, [(u, points.get(u.id, 0)) for u in army.units]


def build_state(setup: Mapping[str, Any]) -> BattleState:
    if not isinstance(setup, Mapping):
        raise _bad_setup("the setup must be a mapping", "la mise en place doit être une table")
    first = setup.get("first", "a")
    if first not in SIDES:
        raise _bad_setup(f"first must be a or b, not {first!r}", f"first doit valoir a ou b, pas {first!r}")
    max_turns = setup.get("max_turns")
    if max_turns is not None and (not isinstance(max_turns, int) or isinstance(max_turns, bool)
                                  or max_turns < 1):
        raise _bad_setup(f"max_turns must be a whole number of at least 1, not {max_turns!r}",
                         f"max_turns doit être un nombre entier d'au moins 1, pas {max_turns!r}")
    context = setup.get("context") or {}
    if not isinstance(context, Mapping):
        raise _bad_setup("context must be a mapping", "context doit être une table")
    assume = bool(setup.get("assume_within_12", False))
    sides: dict[str, dict[str, Any]] = {}
    units: dict[str, BattleUnit] = {}
    for side in SIDES:
        raw = setup.get(side)
        name, pairs = _side_units(side, raw)
        player = raw.get("player") or side
        if not isinstance(player, str):
            raise _bad_setup(f"side {side}: player must be a text",
                             f"camp {side} : player doit être un texte")
        sides[side] = {"name": raw.get("name") or name, "player": player,
                       "format": raw.get("format") or ("atlantis" if "people" in raw["army"] else "wab")}
        for u, points in pairs:
            if u.models <= 0:
                continue
            key = f"{side}:{u.id}"
            units[key] = BattleUnit(key=key, side=side, id=u.id, unit=u, points=points,
                                    battle_models=u.models,
                                    general_near=assume, army_standard_near=assume)
        if not any(bu.side == side for bu in units.values()):
            raise _bad_setup(f"side {side} has no unit with models",
                             f"le camp {side} n'a aucune unité avec des figurines")
    if sides["a"]["player"] == sides["b"]["player"] and setup["a"].get("player"):
        raise _bad_setup("the two sides are the same player", "les deux camps sont le même joueur")
    return BattleState(sides=sides, units=units, first=first, context=dict(context), max_turns=max_turns,
                       side=first, assume_within_12=assume, table_dice_always=bool(setup.get("table_dice")))


def setup_from_armies(a: Any, b: Any, *, first: str = "a", players: Mapping[str, str] | None = None,
                      context: Mapping[str, Any] | None = None, max_turns: int | None = None,
                      assume_within_12: bool = False) -> dict[str, Any]:
    """A setup from two armies: `atlantis.army.Army` objects, `army_lists.WabArmy` objects, or their dicts."""
    from ..atlantis.army import Army

    def side(x: Any, s: str) -> dict[str, Any]:
        if isinstance(x, Army):
            out = {"army": x.to_dict(), "format": "atlantis", "french_names": True}
        elif isinstance(x, WabArmy):
            out = {"army": x.to_dict(), "format": "wab"}
        elif isinstance(x, Mapping) and "army" in x:
            out = dict(x)
            if out.get("format") == "atlantis" or "people" in out["army"]:
                out.setdefault("french_names", True)
        elif isinstance(x, Mapping):
            out = ({"army": dict(x), "format": "atlantis", "french_names": True} if "people" in x
                   else {"army": dict(x), "format": "wab"})
        else:
            raise _bad_setup(f"side {s}: not an army", f"camp {s} : pas une armée")
        if players and s in players:
            out["player"] = players[s]
        return out

    setup: dict[str, Any] = {"a": side(a, "a"), "b": side(b, "b"), "first": first}
    if context:
        setup["context"] = dict(context)
    if max_turns is not None:
        setup["max_turns"] = max_turns
    if assume_within_12:
        setup["assume_within_12"] = True
    return setup
