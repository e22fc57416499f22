"""Marches of the WAB 2 reference sheet (seed 002): whether a unit may march ("MARCHES RAPIDES") or force
march ("MARCHES FORCEES"), from the facts the referee reports (enemies within 8", terrain crossed, obstacles,
manoeuvres), with bilingual reasons; and what a forced march means for the rest of the turn. The readings of
the sheet are in movement.py's docstring; the allowance of a march is `movement.move_allowance`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.errors import bilingual
from .movement import Manoeuvre, Mover, Step, Terrain, mover_of, terrain_factor, terrains_of

KIND_NAMES_FR = {"infantry": "infanterie", "cavalry": "cavalerie", "chariot": "char",
                 "light_chariot": "char léger", "elephant": "éléphants", "artillery": "artillerie", "character": "personnage"}
CHARIOTS = frozenset({"chariot", "light_chariot"})
NO_MARCH_KINDS = frozenset({"elephant", "artillery"})
MARCH_IGNORED_ENEMIES = frozenset({"character", "artillery"})



@dataclass(frozen=True)
class Enemy:
    """An enemy unit within 8": its kind (infantry, cavalry, chariot, character, artillery...) and
    whether it flees."""

    kind: str = "infantry"
    fleeing: bool = False

    @classmethod
    def of(cls, value: Any) -> Enemy:
        if isinstance(value, Enemy):
            return value
        if isinstance(value, str):
            return cls(kind="infantry", fleeing=True) if value == "fleeing" else cls(kind=value)
        if isinstance(value, dict):
            return cls(kind=str(value.get("kind", "infantry")), fleeing=bool(value.get("fleeing", False)))
        kind, fleeing = value
        return cls(str(kind), bool(fleeing))


@dataclass(frozen=True)
class MarchFacts:
    """What the referee reports for a march: enemies within 8", terrain crossed, obstacles, manoeuvres."""

    enemies_within_8: tuple[Any, ...] = ()
    terrain: tuple[Any, ...] = (Terrain.OPEN,)
    obstacle: bool = False
    manoeuvres: tuple[Any, ...] = ()
    column_of_march: bool = False


def _facts(facts: MarchFacts | dict | None) -> MarchFacts:
    if facts is None:
        return MarchFacts()
    if isinstance(facts, dict):
        data = dict(facts)
        for key in ("enemies_within_8", "manoeuvres"):
            if key in data:
                data[key] = tuple(data[key])
        if "terrain" in data:
            data["terrain"] = terrains_of(data["terrain"])
        return MarchFacts(**data)
    return facts


def _march_reasons(u: Mover, f: MarchFacts, forced: bool) -> list[dict[str, str]]:
    reasons: list[dict[str, str]] = []
    if not u.musician and not (u.character and not forced):
        reasons.append(bilingual("the unit has no musician", "l'unité n'a pas de musicien"))
    if forced and not f.column_of_march:
        reasons.append(bilingual("the unit is not in column of march",
                                 "l'unité n'est pas en colonne de marche"))
    if u.skirmishers or u.kind in NO_MARCH_KINDS:
        what = "skirmishers" if u.skirmishers else u.kind
        fr = {"skirmishers": "tirailleurs", "elephant": "éléphants", "artillery": "artillerie"}[what]
        reasons.append(bilingual(f"{what} cannot march", f"les {fr} ne peuvent pas marcher"))
    for e in (Enemy.of(v) for v in f.enemies_within_8):
        if forced:
            ignored = False
        else:
            ignored = (e.fleeing or e.kind in MARCH_IGNORED_ENEMIES
                       or (e.kind == "infantry" and (u.kind == "cavalry" or u.kind in CHARIOTS)))
        if not ignored:
            state = " (fleeing)" if e.fleeing else ""
            kind_fr = KIND_NAMES_FR.get(e.kind, e.kind)
            reasons.append(bilingual(f"an enemy ({e.kind}{state}) is within 8\"",
                                     f"un ennemi ({kind_fr}{' en fuite' if e.fleeing else ''}) est à moins de 8ps"))
            break
    worst = terrain_factor(u, f.terrain)[1]
    if worst in (Terrain.DIFFICULT, Terrain.VERY_DIFFICULT):
        reasons.append(bilingual("it cannot cross (very) difficult terrain",
                                 "elle ne peut passer des terrains (très) difficiles"))
    if f.obstacle or worst is Terrain.OBSTACLE or Terrain.OBSTACLE in terrains_of(f.terrain):
        reasons.append(bilingual("it cannot cross obstacles", "elle ne peut franchir des obstacles"))
    steps = [Step.of(m) for m in f.manoeuvres]
    if any(s.kind is not Manoeuvre.WHEEL for s in steps):
        reasons.append(bilingual("the only manoeuvre allowed is a wheel",
                                 "la seule manœuvre permise est une roue"))
    elif len(steps) > 1:
        reasons.append(bilingual("only one wheel", "une seule roue"))
    return reasons


def may_march(unit: Any, facts: MarchFacts | dict | None = None) -> tuple[bool, list[dict[str, str]]]:
    """"MARCHES RAPIDES": (allowed, reasons it is not), each reason {"en", "fr"}."""
    reasons = _march_reasons(mover_of(unit), _facts(facts), forced=False)
    return not reasons, reasons


def may_force_march(unit: Any, facts: MarchFacts | dict | None = None) -> tuple[bool, list[dict[str, str]]]:
    """"MARCHES FORCEES": (allowed, reasons it is not), each reason {"en", "fr"}."""
    reasons = _march_reasons(mover_of(unit), _facts(facts), forced=True)
    return not reasons, reasons


FORCED_MARCH_EFFECTS: dict[str, dict[str, str]] = {
    "no_charge": bilingual("cannot charge or counter-charge", "ne peut pas charger ou contre-charger"),
    "first_rank_only": bilingual("in combat only the first rank fights",
                                 "en combat, seul le premier rang peut combattre"),
    "column_of_one_weaves": bilingual("a column of one may weave between units",
                                      "une colonne par un peut serpenter entre les unités"),
}


def forced_march_effects(*, column_of_one: bool = False) -> dict[str, Any]:
    """What being in forced march means for the rest of the turn (the tracker keeps it on the unit)."""
    return {"may_charge": False, "may_counter_charge": False, "fighting_ranks": 1, "may_weave": column_of_one,
            "rules": dict(FORCED_MARCH_EFFECTS)}
