"""Movement of the WAB 2 reference sheet (seed 002) without table geometry: calculators and checks.

The battle tracker does not know where the models stand; the referee reports facts (the terrain
crossed, the enemies within 8", the manoeuvres made) and these functions say how far the unit may
go, what a manoeuvre costs, and whether a march or forced march is allowed, with bilingual reasons.

Readings of the sheet (quoted):

- "Une unité peut charger au double de son mouvement normal"; "Si elle est incapable d'atteindre sa
  cible, l'unité se déplace de son mouvement normal dans sa direction" (`charge_reach`).
- Terrain: "Normal Aucun / Difficile ½ / Très difficile ¼ / Obstacle ½ pour franchir"; "Les unités
  en ordre relâché ou les tirailleurs ont juste un ½ mouvement en terrain très difficile". Without
  geometry the most restrictive terrain crossed applies to the whole move, and crossing an obstacle
  halves the move in which it is crossed (the sheet prints ½ in the same column). Factors multiply
  the action's allowance (a charge through a wood: 2M × ½).
- "Demi-tour ... coûte un quart de son mouvement ... Une unité en ordre relâché peut le faire 2 fois"
  (skirmishers too: they are the loosest order); the quarter is of the profile M.
- "augmenter ou diminuer de 1 son nombre de rangs en sacrifiant la moitié de son mouvement ... de 2 ...
  tout son mouvement"; more than 2 ranks at once is not possible.
- Reform: "Une unité avec un musicien peut se reformer ... ne peut avancer plus loin ni tirer lors de
  ce tour. Cette manœuvre nécessite un test de commandement réussi." A failed test leaves the formation
  unchanged and (the attempt having used the move) the unit moves no further either.
- Wheel: "La distance parcourue par l'unité est celle parcourue par la figurine extérieure de la roue"
  (`wheel_distance`); in a charge only one initial wheel and no other manoeuvre; "Les unités en marche
  rapide [forcée] ne peuvent que faire une roue comme manœuvre" is read as a single wheel.
- March ("MARCHES RAPIDES"): musician; "double son mouvement, un personnage le triple" (a lone
  character has no musician: it marches without one); no enemy within 8" "sauf des troupes en fuite, des
  personnages et de l'artillerie. L'infanterie adverse est exclue pour la cavalerie ou les chars"
  (chariots include light chariots); not skirmishers, elephants, artillery; no (very) difficult terrain,
  no obstacle.
- Forced march ("MARCHES FORCEES"): musician, column of march, triples; "impossible s'il y a un ennemi à
  moins de 8ps" with no exception listed (any enemy, even fleeing, forbids it); not skirmishers, elephants,
  artillery; one wheel; no (very) difficult terrain, no obstacle; no charge or counter-charge; only the
  first rank fights; a column of one may weave between units. Whether a unit may march or force march:
  marching.py.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import partial
from enum import StrEnum
from fractions import Fraction
from typing import Any

from ...core.dice import Dice
from ...core.errors import CampagneError, bilingual, register_messages
from . import psychology
from .profiles import unit_attr

register_messages({
    "wab.move.bad_terrain": {
        "en": "Unknown terrain {terrain!r}: expected one of {allowed}.",
        "fr": "Terrain inconnu {terrain!r} : attendu l'un de {allowed}.",
    },
    "wab.move.bad_action": {
        "en": "Unknown movement {action!r}: expected one of {allowed}.",
        "fr": "Mouvement inconnu {action!r} : attendu l'un de {allowed}.",
    },
    "wab.move.bad_manoeuvre": {
        "en": "Unknown manoeuvre {manoeuvre!r}: expected one of {allowed}.",
        "fr": "Manœuvre inconnue {manoeuvre!r} : attendu l'une de {allowed}.",
    },
    "wab.move.bad_value": {
        "en": "Invalid {field}: {value!r}.",
        "fr": "{field} invalide : {value!r}.",
    },
    "wab.move.not_allowed": {
        "en": "{what} is not allowed: {reason}.",
        "fr": "{what} n'est pas permis : {reason}.",
    },
    "wab.move.too_far": {
        "en": "The unit may move {allowance}\" but this move needs {needed}\".",
        "fr": "L'unité peut se déplacer de {allowance}ps mais ce mouvement en demande {needed}.",
    },
})


class Terrain(StrEnum):
    OPEN = "normal"                    # Normal: champs, routes, collines douces (also spelt "open")
    DIFFICULT = "difficult"            # Difficile: bois, collines pentues
    VERY_DIFFICULT = "very_difficult"  # Très difficile: forêts denses, collines escarpées
    OBSTACLE = "obstacle"              # Obstacle: clôtures, murs et murets (½ pour franchir)


class Action(StrEnum):
    MOVE = "move"
    CHARGE = "charge"
    MARCH = "march"                    # marche rapide
    FORCED_MARCH = "forced_march"      # marche forcée


class Manoeuvre(StrEnum):
    WHEEL = "wheel"
    TURN_ABOUT = "turn_about"
    CHANGE_FORMATION = "change_formation"
    REFORM = "reform"


TERRAIN_NAMES = {
    Terrain.OPEN: ("open ground", "terrain normal"),
    Terrain.DIFFICULT: ("difficult terrain", "terrain difficile"),
    Terrain.VERY_DIFFICULT: ("very difficult terrain", "terrain très difficile"),
    Terrain.OBSTACLE: ("an obstacle", "un obstacle"),
}
ACTION_NAMES = {
    Action.MOVE: ("Move", "Mouvement"),
    Action.CHARGE: ("Charge", "Charge"),
    Action.MARCH: ("March", "Marche rapide"),
    Action.FORCED_MARCH: ("Forced march", "Marche forcée"),
}
MANOEUVRE_NAMES = {
    Manoeuvre.WHEEL: ("wheel", "roue"),
    Manoeuvre.TURN_ABOUT: ("turn about", "demi-tour"),
    Manoeuvre.CHANGE_FORMATION: ("change of formation", "changement de formation"),
    Manoeuvre.REFORM: ("reform", "reformer les rangs"),
}
LOOSE_FORMATIONS = frozenset({"open", "skirmish"})


def _enum(cls: type[StrEnum], value: Any, code: str, field_name: str) -> Any:
    try:
        return cls(value)
    except ValueError:
        raise CampagneError(code, **{field_name: value, "allowed": ", ".join(v.value for v in cls)}) from None


TERRAIN_ALIASES = {"open": "normal", "normal": "normal", "difficile": "difficult",
                   "tres_difficile": "very_difficult", "très_difficile": "very_difficult"}
FORMATION_ALIASES = {"close_order": "close", "open_order": "open", "skirmishers": "skirmish",
                     "ordre_serre": "close", "ordre_relache": "open", "tirailleurs": "skirmish"}


def terrain(value: Any) -> Terrain:
    if isinstance(value, str):
        value = TERRAIN_ALIASES.get(value.lower(), value.lower())
    return _enum(Terrain, value, "wab.move.bad_terrain", "terrain")


def terrains_of(value: Any) -> tuple[Terrain, ...]:
    """The terrains a move crosses, read from one name or many (open ground when none is given)."""
    if value is None:
        return (Terrain.OPEN,)
    if isinstance(value, str):
        return (terrain(value),)
    out = tuple(terrain(v) for v in value)
    return out or (Terrain.OPEN,)


@dataclass(frozen=True)
class Mover:
    """What movement needs about a unit.

    kind: infantry, cavalry, chariot, light_chariot, elephant, artillery (a lone character: `character=True`,
    or kind "character");
    formation: close, open (ordre relâché) or skirmish (tirailleurs); close_order, open_order and
    skirmishers (the names of profiles.py) are accepted.
    """

    move: int
    kind: str = "infantry"
    formation: str = "close"
    musician: bool = False
    character: bool = False
    ranks: int = 1
    ld: int | None = None

    def __post_init__(self) -> None:
        if isinstance(self.move, bool) or not isinstance(self.move, int) or self.move < 0:
            raise CampagneError("wab.move.bad_value", field="M", value=self.move)
        formation = FORMATION_ALIASES.get(str(self.formation).lower(), str(self.formation).lower())
        object.__setattr__(self, "formation", formation)
        if self.formation not in ("close", "open", "skirmish"):
            raise CampagneError("wab.move.bad_value", field="formation", value=self.formation)
        if self.kind == "character":
            object.__setattr__(self, "character", True)

    @property
    def loose(self) -> bool:
        return self.formation in LOOSE_FORMATIONS

    @property
    def skirmishers(self) -> bool:
        return self.formation == "skirmish"


def mover_of(unit: Any, **overrides: Any) -> Mover:
    """A `Mover` from any unit-like object (e.g. `profiles.Unit`): reads move/m, kind/troop_type,
    formation/order, musician, character, ranks, ld (directly or on `unit.profile`)."""
    if isinstance(unit, Mover):
        return Mover(**{**unit.__dict__, **overrides}) if overrides else unit
    pick = partial(unit_attr, unit)

    formation = str(pick("formation", "order", default="close") or "close").lower()
    if "skirmish" in str(pick("kind", default="")).lower():
        formation = "skirmish"
    values = dict(move=int(pick("move", "m", "M")),
                  kind=str(pick("kind", "troop_type", "type", default="infantry")),
                  formation=formation, musician=bool(pick("musician", default=False)),
                  character=bool(pick("character", "is_character", default=False)),
                  ranks=int(pick("ranks", default=1) or 1), ld=pick("ld", "Ld"))
    values.update(overrides)
    return Mover(**values)


def terrain_factor(unit: Mover, terrains: Any = Terrain.OPEN) -> tuple[Fraction, Terrain]:
    """The most restrictive factor among the terrains crossed, and which terrain gave it."""
    best = (Fraction(1), Terrain.OPEN)
    for t in terrains_of(terrains):
        if t is Terrain.OPEN:
            f = Fraction(1)
        elif t is Terrain.DIFFICULT or t is Terrain.OBSTACLE:
            f = Fraction(1, 2)
        else:
            f = Fraction(1, 2) if unit.loose else Fraction(1, 4)
        if f < best[0]:
            best = (f, t)
    return best


def _step(key: str, en: str, fr: str, **data: Any) -> dict[str, Any]:
    return {"step": key, "en": en, "fr": fr, **data}


@dataclass(frozen=True)
class Allowance:
    """How far a unit may go, in inches (a Fraction: ¼ of 5" is 5/4"), and why."""

    inches: Fraction
    action: Action
    trace: tuple[dict[str, Any], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"inches": float(self.inches), "exact": str(self.inches), "action": self.action.value,
                "trace": list(self.trace)}


def action_multiplier(unit: Mover, action: Action) -> int:
    if action is Action.CHARGE:
        return 2
    if action is Action.MARCH:
        return 3 if unit.character else 2
    if action is Action.FORCED_MARCH:
        return 3
    return 1


def move_allowance(unit: Any, terrain: Any = Terrain.OPEN, action: Action | str = Action.MOVE) -> Allowance:
    """The distance a unit may move: M × (1 move, 2 charge, 2 march / 3 for a character, 3 forced march)
    × the terrain factor. A march or forced march through (very) difficult terrain or over an obstacle
    raises `wab.move.not_allowed`."""
    u = mover_of(unit)
    act = _enum(Action, action, "wab.move.bad_action", "action")
    mult = action_multiplier(u, act)
    trace = [_step("base", f"M {u.move}", f"M {u.move}", value=u.move)]
    if mult != 1:
        en, fr = ACTION_NAMES[act]
        trace.append(_step("action", f"{en}: ×{mult}", f"{fr} : ×{mult}", value=mult))
    factor, worst = terrain_factor(u, terrain)
    if act in (Action.MARCH, Action.FORCED_MARCH) and worst is not Terrain.OPEN:
        en, fr = ACTION_NAMES[act]
        ten, tfr = TERRAIN_NAMES[worst]
        raise CampagneError("wab.move.not_allowed", what=bilingual(en, fr),
                            reason=bilingual(f"it cannot cross {ten}", f"elle ne peut pas franchir {tfr}"))
    if factor != 1:
        ten, tfr = TERRAIN_NAMES[worst]
        trace.append(_step("terrain", f"{ten}: ×{factor}", f"{tfr} : ×{factor}", value=str(factor)))
    inches = Fraction(u.move * mult) * factor
    return Allowance(inches, act, tuple(trace))


@dataclass(frozen=True)
class ChargeReach:
    reaches: bool
    allowance: Fraction
    failed_move: Fraction

    def to_dict(self) -> dict[str, Any]:
        return {"reaches": self.reaches, "allowance": float(self.allowance),
                "failed_move": float(self.failed_move)}


def charge_reach(unit: Any, distance: float, terrain: Any = Terrain.OPEN, *, wheel: float = 0) -> ChargeReach:
    """Does a charge over `distance` inches (plus the initial wheel's outer-model distance) reach?

    If not, "l'unité se déplace de son mouvement normal dans sa direction" (`failed_move`).
    """
    if distance < 0 or wheel < 0:
        raise CampagneError("wab.move.bad_value", field="distance", value=distance if distance < 0 else wheel)
    allowance = move_allowance(unit, terrain, Action.CHARGE).inches
    normal = move_allowance(unit, terrain, Action.MOVE).inches
    return ChargeReach(Fraction(distance) + Fraction(wheel) <= allowance, allowance, normal)


def wheel_distance(frontage: float, degrees: float) -> float:
    """Distance covered by the outer model of a wheel: the arc of radius `frontage` (inches)."""
    if frontage < 0 or not 0 <= degrees <= 360:
        raise CampagneError("wab.move.bad_value", field="wheel", value=(frontage, degrees))
    return 2 * math.pi * frontage * degrees / 360


@dataclass(frozen=True)
class Step:
    """One manoeuvre of a move: kind, and for a wheel its outer distance, for a change of formation
    the change in the number of ranks (+1, -2, ...)."""

    kind: Manoeuvre
    distance: float = 0
    ranks: int = 0

    @classmethod
    def of(cls, value: Any) -> Step:
        if isinstance(value, Step):
            return value
        if isinstance(value, str):
            return cls(_enum(Manoeuvre, value, "wab.move.bad_manoeuvre", "manoeuvre"))
        if isinstance(value, dict):
            kind = _enum(Manoeuvre, value.get("kind"), "wab.move.bad_manoeuvre", "manoeuvre")
            return cls(kind, float(value.get("distance", 0)), int(value.get("ranks", 0)))
        kind, *rest = value
        kind = _enum(Manoeuvre, kind, "wab.move.bad_manoeuvre", "manoeuvre")
        if kind is Manoeuvre.CHANGE_FORMATION:
            return cls(kind, ranks=int(rest[0]) if rest else 0)
        return cls(kind, distance=float(rest[0]) if rest else 0)


@dataclass(frozen=True)
class MovePlan:
    allowance: Fraction
    spent: Fraction
    remaining: Fraction
    may_shoot: bool
    trace: tuple[dict[str, Any], ...]

    def to_dict(self) -> dict[str, Any]:
        return {"allowance": float(self.allowance), "spent": float(self.spent),
                "remaining": float(self.remaining),
                "may_shoot": self.may_shoot, "trace": list(self.trace)}


def manoeuvre_cost(unit: Any, step: Any) -> Fraction:
    """What one manoeuvre costs in inches of the move (a reform costs what is left: see `plan_move`)."""
    u = mover_of(unit)
    s = Step.of(step)
    if s.kind is Manoeuvre.WHEEL:
        return Fraction(s.distance)
    if s.kind is Manoeuvre.TURN_ABOUT:
        return Fraction(u.move, 4)
    if s.kind is Manoeuvre.CHANGE_FORMATION:
        if abs(s.ranks) == 1:
            return Fraction(u.move, 2)
        if abs(s.ranks) == 2:
            return Fraction(u.move)
        raise CampagneError("wab.move.not_allowed",
                            what=bilingual("Change of formation", "Changer de formation"),
                            reason=bilingual(f"{s.ranks:+d} ranks (only ±1 or ±2 ranks)",
                                             f"{s.ranks:+d} rangs (seulement ±1 ou ±2 rangs)"))
    return Fraction(0)


def _not_allowed(what: tuple[str, str], en: str, fr: str) -> CampagneError:
    return CampagneError("wab.move.not_allowed", what=bilingual(*what), reason=bilingual(en, fr))


def plan_move(unit: Any, *, terrain: Any = Terrain.OPEN, action: Action | str = Action.MOVE,
              manoeuvres: Iterable[Any] = (), distance: float = 0) -> MovePlan:
    """Check a move made of manoeuvres (in order) and a straight `distance`, and say what is left.

    Raises `wab.move.not_allowed` for an illegal manoeuvre (a second wheel in a charge or march, a
    turn about in a charge, a third turn about for open order, a reform without musician, anything
    after a reform) and `wab.move.too_far` when the costs exceed the allowance.
    """
    u = mover_of(unit)
    act = _enum(Action, action, "wab.move.bad_action", "action")
    allowance = move_allowance(u, terrain, act)
    trace = list(allowance.trace)
    spent = Fraction(0)
    wheels = turns = 0
    reformed = False
    steps = [Step.of(m) for m in manoeuvres]
    what = ACTION_NAMES[act]
    for i, s in enumerate(steps):
        if reformed:
            raise _not_allowed(("Reform", "Reformer les rangs"), "a unit that reforms cannot move any further",
                               "une unité qui se reforme ne peut avancer plus loin")
        en_name, fr_name = MANOEUVRE_NAMES[s.kind]
        if act is not Action.MOVE and s.kind is not Manoeuvre.WHEEL:
            raise _not_allowed(what, f"the only manoeuvre allowed is a wheel (not a {en_name})",
                               f"la seule manœuvre permise est une roue (pas {fr_name})")
        if s.kind is Manoeuvre.WHEEL:
            wheels += 1
            if act is not Action.MOVE and wheels > 1:
                raise _not_allowed(what, "only one wheel", "une seule roue")
            if act is Action.CHARGE and i != 0:
                raise _not_allowed(what, "the wheel must come first", "la roue doit être initiale")
        if s.kind is Manoeuvre.TURN_ABOUT:
            turns += 1
            limit = 2 if u.loose else 1
            if turns > limit:
                raise _not_allowed(("Turn about", "Demi-tour"),
                                   f"at most {limit} per move for this formation",
                                   f"au plus {limit} par mouvement pour cette formation")
        if s.kind is Manoeuvre.REFORM:
            if not u.musician:
                raise _not_allowed(("Reform", "Reformer les rangs"), "the unit has no musician",
                                   "l'unité n'a pas de musicien")
            reformed = True
            trace.append(_step("reform", "reforms: no further move, no shooting this turn",
                               "se reforme : ne peut avancer plus loin ni tirer ce tour"))
            continue
        cost = manoeuvre_cost(u, s)
        spent += cost
        trace.append(_step(s.kind.value, f"{en_name}: {float(cost):g}\"", f"{fr_name} : {float(cost):g}ps",
                           cost=float(cost)))
    if reformed and distance:
        raise _not_allowed(("Reform", "Reformer les rangs"), "a unit that reforms cannot move any further",
                           "une unité qui se reforme ne peut avancer plus loin")
    spent += Fraction(distance)
    if spent > allowance.inches:
        raise CampagneError("wab.move.too_far", allowance=float(allowance.inches), needed=float(spent))
    remaining = Fraction(0) if reformed else allowance.inches - spent
    return MovePlan(allowance.inches, spent, remaining, not reformed, tuple(trace))


# --------------------------------------------------------------------------- reform


@dataclass(frozen=True)
class ReformResult:
    reformed: bool
    test: psychology.TestResult
    effects: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"reformed": self.reformed, "test": self.test.to_dict(), "effects": dict(self.effects)}


def reform(dice: Dice, unit: Any, nerve: psychology.Nerve | int | None = None) -> ReformResult:
    """"Reformer les rangs": needs a musician and a passed Ld test; either way the unit moves no further
    and (if reformed) may not shoot this turn."""
    u = mover_of(unit)
    if not u.musician:
        raise _not_allowed(("Reform", "Reformer les rangs"), "the unit has no musician",
                           "l'unité n'a pas de musicien")
    if nerve is None:
        if u.ld is None:
            raise CampagneError("wab.move.bad_value", field="Ld", value=None)
        nerve = int(u.ld)
    result = psychology.leadership_test(dice, nerve, test="reform")
    effects = {"no_further_move": True}
    if result.passed:
        effects["no_shooting"] = True
    return ReformResult(result.passed, result, effects)


# --------------------------------------------------------------------------- fleeing


def flee_move(dice: Dice, unit: Any, *, fire_and_flee: bool = False) -> psychology.FleeResult:
    """"TROUPES EN FUITE": M <= 6 flees 2D6", more 3D6" (towards the nearest table edge, avoiding the
    enemy)."""
    return psychology.flee_distance(dice, mover_of(unit).move, fire_and_flee=fire_and_flee,
                                    purpose="fleeing move")


def flee_move_odds(unit: Any, *, fire_and_flee: bool = False) -> dict[int, Fraction]:
    return psychology.flee_distance_odds(mover_of(unit).move, fire_and_flee=fire_and_flee)
