"""The tracker's reading of its state and of a command's fields: finding units, their engagements, general and
nerve, whether they cause fear or shoot; whole numbers, distances, choices and sides read from a command; the
checks of phase, status and side every command makes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
import dataclasses
import math

from ...core.errors import CampagneError, bilingual
from .battle_state import BattleState, BattleUnit, Engagement, PHASE_NAMES, SIDES
from . import odds, psychology, tables


# --------------------------------------------------------------------------- reading helpers


def find_unit(state: BattleState, ref: Any) -> BattleUnit:
    if not isinstance(ref, str) or not ref:
        raise CampagneError("wab.battle.unknown_unit", unit=ref, known=", ".join(state.units))
    if ref in state.units:
        return state.units[ref]
    found = [u for u in state.units.values() if u.id == ref]
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        raise CampagneError("wab.battle.ambiguous_unit", unit=ref, choices=" / ".join(u.key for u in found))
    raise CampagneError("wab.battle.unknown_unit", unit=ref, known=", ".join(state.units))


def general_of(state: BattleState, side: str) -> BattleUnit | None:
    return next((u for u in state.side_units(side) if u.unit.is_general), None)


def engagements_of(state: BattleState, key: str) -> list[Engagement]:
    return [e for e in state.engagements if key in (e.attacker, e.defender)]


def engaged(state: BattleState, key: str) -> bool:
    return bool(engagements_of(state, key))


def attached(state: BattleState, key: str) -> list[BattleUnit]:
    return [u for u in state.units.values() if u.attached_to == key and u.on_table and u.models > 0]


def host_of(state: BattleState, bu: BattleUnit) -> BattleUnit:
    return state.units[bu.attached_to] if bu.attached_to else bu


def unit_state(state: BattleState, bu: BattleUnit, **facts: Any) -> odds.UnitState:
    """The `odds.UnitState` of a unit now: models, wounds, the general's Ld and the army standard."""
    return _unit_state(state, bu, dataclasses.replace(bu.unit), facts)


def _unit_state(state: BattleState, bu: BattleUnit, unit: Any, facts: dict[str, Any]) -> odds.UnitState:
    gen = general_of(state, bu.side)
    general_ld = None
    if gen is not None and gen.status == "ready" and gen.models > 0:
        with_general = (gen.key == bu.key or gen.attached_to == bu.key
                        or (gen.attached_to is not None and gen.attached_to == bu.attached_to)
                        or bu.general_near)
        if with_general:
            general_ld = gen.unit.profile.Ld
    bearers = [u for u in state.side_units(bu.side)
               if u.unit.army_standard and u.status == "ready" and u.models > 0]
    standard_near = (any(b.key == bu.key or b.attached_to == bu.key for b in bearers)
                     or (bool(bearers) and bu.army_standard_near))
    return odds.UnitState(unit, general_ld=general_ld,
                          army_standard_near=standard_near,
                          wounded=min(bu.wounded, max(bu.unit.profile.W - 1, 0)), **facts)


def nerve(state: BattleState, bu: BattleUnit) -> psychology.Nerve:
    # (the unit itself, not a copy: a nerve holds only values read from it, and changes nothing)
    return _unit_state(state, bu, bu.unit, {}).nerve(bu.models)


def causes_fear(bu: BattleUnit) -> bool:
    return bu.unit.has_rule("fear") or bu.unit.has_rule("terror")


def causes_terror(bu: BattleUnit) -> bool:
    return bu.unit.has_rule("terror")


def missile_weapon(bu: BattleUnit) -> tables.Weapon | None:
    """The first missile weapon of the sheet's table its equipment names (a whole item, or words in it)."""
    return bu.unit.profile.missile_weapon()


def bool_field(cmd: Mapping[str, Any], name: str, default: bool = False) -> bool:
    """The command's true-or-false field `name` (`default` when absent); refused when it is neither."""
    value = cmd.get(name, default)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise CampagneError("wab.battle.bad_field", field=name, value=value,
                            reason=bilingual("true or false", "true ou false"))
    return value


def int_field(cmd: Mapping[str, Any], name: str, low: int = 0, high: int | None = None,
              default: Any = ...) -> Any:
    """The command's whole-number field `name` within the bounds; refused when absent without a `default`."""
    if name not in cmd or cmd[name] is None:
        if default is ...:
            raise CampagneError("wab.battle.missing", what=bilingual(str(cmd.get("fact") or cmd.get("type")),
                                                                     str(cmd.get("fact") or cmd.get("type"))),
                                field=name)
        return default
    value = cmd[name]
    if (isinstance(value, bool) or not isinstance(value, int) or value < low
            or (high is not None and value > high)):
        rng = f"{low}..{high}" if high is not None else f">= {low}"
        raise CampagneError("wab.battle.bad_field", field=name, value=value,
                            reason=bilingual(f"a whole number {rng}", f"un nombre entier {rng}"))
    return value


def distance_field(cmd: Mapping[str, Any], name: str = "distance", required: bool = False) -> float | None:
    """The command's distance in inches (None when absent and not `required`); refused when not a distance."""
    value = cmd.get(name)
    if value is None:
        if required:
            raise CampagneError("wab.battle.missing",
                                what=bilingual(str(cmd.get("fact")), str(cmd.get("fact"))),
                                field=name)
        return None
    if (isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0
            or value > 1000):  # NaN compares false with everything: refused by name
        raise CampagneError("wab.battle.bad_field", field=name, value=value,
                            reason=bilingual("a distance in inches, 0 or more",
                                             "une distance en pouces, 0 ou plus"))
    return value


def choice_field(cmd: Mapping[str, Any], name: str, choices: tuple[str, ...], default: Any = ...) -> Any:
    """The command's field `name`, one of `choices`; refused when absent without a `default`."""
    value = cmd.get(name, default)
    if value is ...:
        what = str(cmd.get("fact") or cmd.get("type"))
        raise CampagneError("wab.battle.missing", what=bilingual(what, what), field=name)
    if value not in choices and not (value is None and default is None):
        raise CampagneError("wab.battle.bad_field", field=name, value=value,
                            reason=bilingual(f"one of {', '.join(choices)}", f"l'un de {', '.join(choices)}"))
    return value


def side_field(cmd: Mapping[str, Any], name: str) -> str | None:
    """The command's side field `name` (a or b; None when absent or none)."""
    value = cmd.get(name)
    if value in (None, "", "none"):
        return None
    if value not in SIDES:
        raise CampagneError("wab.battle.bad_field", field=name, value=value,
                            reason=bilingual("a, b or none", "a, b ou none"))
    return value


def illegal(bu: BattleUnit, what: tuple[str, str], en: str, fr: str) -> CampagneError:
    """The refusal of `what` for the unit, and why in both languages."""
    return CampagneError("wab.battle.illegal", unit=bu.label(), what=bilingual(*what),
                         reason=bilingual(en, fr))


def need_status(bu: BattleUnit, what: tuple[str, str], *allowed: str) -> None:
    """Refuses `what` unless the unit stands in one of the `allowed` statuses, with models left."""
    if bu.status not in allowed or bu.models <= 0:
        status = _STATUS_TEXT.get(bu.status, (bu.status, bu.status))
        raise illegal(bu, what, f"it is {status[0]}", f"elle est {status[1]}")


_STATUS_TEXT = {"ready": ("on the table", "sur la table"), "fleeing": ("fleeing", "en fuite"),
                "fled": ("off the table, fled", "sortie de table en fuite"),
                "destroyed": ("destroyed", "détruite"), "off_table": ("off the table", "hors de la table")}


def need_phase(state: BattleState, what: tuple[str, str], *phases: str) -> None:
    """Refuses `what` outside the `phases` given, and once the battle is over."""
    if state.phase == "ended":
        raise CampagneError("wab.battle.over")
    if state.phase not in phases:
        raise CampagneError("wab.battle.wrong_phase", what=bilingual(*what), phase=phase_label(state.phase),
                            allowed=phase_label(*phases))


def phase_label(*phases: str) -> dict[str, str]:
    return bilingual(", ".join(PHASE_NAMES[p][0] for p in phases),
                     ", ".join(PHASE_NAMES[p][1] for p in phases))


def need_active(state: BattleState, bu: BattleUnit, what: tuple[str, str]) -> None:
    """Refuses `what` for a unit of the side whose turn it is not."""
    if bu.side != state.side:
        raise illegal(bu, what, f"it is side {state.side}'s turn", f"c'est le tour du camp {state.side}")
