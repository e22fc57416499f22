"""Army lists of the Atlantis campaign (seed 000): losses and gains; and, in one namespace, the whole of an
army (`from . import army as armies`): its data (`army_model`), its file (`army_file`), its combat strength
and initiative (`army_strength`). The functions here change an army in place."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.errors import CampagneError, bilingual
from . import data
from .army_file import (
    load_army_file,
    load_army_mapping,
    load_army_text,
    load_packaged_army,
    make_unit,
    packaged_army_names,
)
from .army_model import (
    ESCAPED_SLAVES_EQUIPMENT,
    ESCAPED_SLAVES_POINTS,
    ESCAPED_SLAVES_PROFILE,
    ESCAPED_SLAVES_RULES,
    KINDS,
    Army,
    General,
    Unit,
)
from .army_strength import (
    combat_strength,
    effective_leadership,
    initiative,
    initiative_breakdown,
    roll_warbands,
    strength_breakdown,
    strength_distribution,
)

# --------------------------------------------------------------------------- losses and gains


def _check_amount(value: Any, what: dict[str, str], minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise CampagneError("army.bad_amount", what=what, minimum=minimum, value=value)
    return value


def _check_order(army: Army, order: Sequence[str] | None) -> list[Unit]:
    if order is None:
        return []
    units = []
    for uid in order:
        u = army.unit(uid)
        if u not in units:
            units.append(u)
    return units


def _default_victim(army: Army, eligible=lambda u: True) -> Unit | None:
    """Rank-and-file first, the unit with the most models (ties: the earlier one); characters only
    when no rank-and-file model is left."""
    rank_and_file = [u for u in army.units if u.models > 0 and not u.is_character]
    pool = rank_and_file or [u for u in army.units if u.models > 0 and u.is_character]
    best = None
    for u in pool:
        if eligible(u) and (best is None or u.models > best.models):
            best = u
    return best


def _take(unit: Unit, removed: dict[str, int]) -> None:
    unit.models -= 1
    removed[unit.id] = removed.get(unit.id, 0) + 1
    if unit.models == 0:
        unit.warband_roll = None  # "L'aléatoire dure tant que dure la Warband"


def remove_models(army: Army, n: int, order: Sequence[str] | None = None,
                  strict: bool = False) -> list[tuple[str, int]]:
    """Remove `n` models (eruption, desertion, conquest losses) and return (unit id, removed).

    Default allocation: one model at a time from the rank-and-file unit with the most models left
    (ties: the earlier unit of the list); characters are taken only when no rank-and-file model is
    left; the general is never taken. `order` is the player's choice: losses come from its first
    unit until it is empty, then the next...; whatever it cannot absorb follows the default rule,
    unless `strict` is true: then only the units of `order` lose models (the losses of a given unit
    after a battle) and what they cannot absorb is not removed.
    Never goes below 0: at most `army.model_count` models are removed. A unit reduced to 0 models
    loses its Warband roll.
    """
    n = _check_amount(n, bilingual("The number of models lost", "Le nombre de figurines perdues"))
    chosen = _check_order(army, order)
    removed: dict[str, int] = {}
    for _ in range(n):
        victim = next((u for u in chosen if u.models > 0), None)
        if victim is None and not strict:
            victim = _default_victim(army)
        if victim is None:
            break
        _take(victim, removed)
    return list(removed.items())


def remove_points(army: Army, points: int, order: Sequence[str] | None = None) -> list[tuple[str, int]]:
    """Remove losses given in army points ("Simulation des combats": "Les pertes sont exprimées en
    points d'armées et affectées aux unités au choix du joueur").

    Whole models are removed one at a time. Each time the unit is the first of `order` (else the
    default rule of `remove_models`) whose next model costs at most twice the points still to lose
    (so a model is taken when the remaining points are at least half its cost: rounding to the
    nearest model); its cost is then deducted. Units whose models cost 0 never absorb point losses.
    It stops when no unit qualifies; the general is never taken. Returns (unit id, models removed).
    """
    remaining = _check_amount(points, bilingual("The points lost", "Les points perdus"))
    chosen = _check_order(army, order)
    removed: dict[str, int] = {}

    def eligible(u: Unit) -> bool:
        return u.models > 0 and u.points_per_model > 0 and 2 * remaining >= u.points_per_model

    while remaining > 0:
        victim = next((u for u in chosen if eligible(u)), None) or _default_victim(army, eligible)
        if victim is None:
            break
        remaining -= victim.points_per_model
        _take(victim, removed)
    return list(removed.items())


def recover_models(army: Army, per_unit: Mapping[str, int]) -> list[tuple[str, int]]:
    """Give back models after a battle ("Il récupère 50% des figurines tuées..."): each unit gets at
    most its `start_models` back. A unit brought back from 0 models is a new Warband: no roll.
    Returns (unit id, models actually given back)."""
    units = [(army.unit(uid), _check_amount(n, bilingual("The number of models recovered",
                                                          "Le nombre de figurines récupérées")))
             for uid, n in per_unit.items()]
    out = []
    for u, n in units:
        given = min(n, u.start_models - u.models)
        if given > 0:
            if u.models == 0:
                u.warband_roll = None
            u.models += given
            out.append((u.id, given))
    return out


def reset_start_models(army: Army) -> None:
    """After a reorganisation ("recomposer sa liste d'armée"): the current models become the cap
    of later recoveries."""
    for u in army.units:
        u.start_models = u.models


def _loot(army_points: int) -> int:
    return army_points * int(data.constants()["loot_per_army_point"])


def reinforce_cost(army: Army, unit_id: str, models: int) -> int:
    u = army.unit(unit_id)
    models = _check_amount(models, bilingual("The number of reinforcements", "Le nombre de renforts"), 1)
    return _loot(models * u.points_per_model)


def reinforce(army: Army, unit_id: str, models: int) -> int:
    """Add `models` bought models to a unit ("1 point de butin = 1 point d'armée"); returns the loot
    they cost (models × points per model). The recovery cap grows if the unit goes beyond it."""
    cost = reinforce_cost(army, unit_id, models)
    u = army.unit(unit_id)
    if u.models == 0:
        u.warband_roll = None  # a new Warband
    u.models += models
    u.start_models = max(u.start_models, u.models)
    return cost


def recruit_cost(raw: Mapping[str, Any]) -> int:
    return _loot(make_unit(raw).points)


def recruit(army: Army, unit_dict: Mapping[str, Any]) -> int:
    """Add a new unit bought with loot; returns its cost in loot (models × points per model + extra
    points, 1 loot = 1 army point). Its id must be new in the army."""
    unit = make_unit(unit_dict)
    if army.has_unit(unit.id):
        raise CampagneError("army.duplicate_unit", file=army.name, unit=unit.id)
    army.units.append(unit)
    return _loot(unit.points)


def add_escaped_slaves(army: Army, models: int, unit_id: str = "escaped_slaves") -> Unit:
    """Event 12, "Esclaves en fuite": a new skirmisher unit of `models` escaped slaves (the caller
    rolls the 10+1D6), with the seed's profile, daggers, javelins and bucklers, and Hatred of the
    enemies of their liberators. Worth ESCAPED_SLAVES_POINTS (5) points a model."""
    models = _check_amount(models, bilingual("The number of escaped slaves", "Le nombre d'esclaves en fuite"), 1)
    if army.has_unit(unit_id):
        raise CampagneError("army.duplicate_unit", file=army.name, unit=unit_id)
    row = data.tables()["events"].row("escaped_slaves")
    unit = Unit(id=unit_id, name=str(row.get("name_en", "Escaped slaves")), kind="skirmishers",
                ws=int(ESCAPED_SLAVES_PROFILE["WS"]), models=models, points_per_model=ESCAPED_SLAVES_POINTS,
                toughness=int(ESCAPED_SLAVES_PROFILE["T"]), hates=True, start_models=models,
                profile=dict(ESCAPED_SLAVES_PROFILE), equipment=list(ESCAPED_SLAVES_EQUIPMENT),
                special_rules=list(ESCAPED_SLAVES_RULES))
    army.units.append(unit)
    return unit


def characters(army: Army) -> list[Unit]:
    """The character units (each model a character recovered on D6 ≤ its Toughness)."""
    return [u for u in army.units if u.is_character]


__all__ = [
    "Army", "General", "Unit", "KINDS", "ESCAPED_SLAVES_POINTS", "ESCAPED_SLAVES_PROFILE",
    "load_army_text", "load_army_file", "load_packaged_army", "packaged_army_names",
    "combat_strength", "strength_breakdown", "strength_distribution", "roll_warbands",
    "initiative", "initiative_breakdown", "effective_leadership",
    "remove_models", "remove_points", "recover_models", "reset_start_models",
    "reinforce", "reinforce_cost", "recruit", "recruit_cost", "make_unit", "add_escaped_slaves",
    "characters", "load_army_mapping",
]
