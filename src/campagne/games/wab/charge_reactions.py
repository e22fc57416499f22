"""A charged unit's reactions (hold, stand and shoot, flee, fire and flee): which the sheet allows against a charge
(`ChargeFacts`), their resolution, and the flee distances they and every flight roll."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Any

from ...core.errors import CampagneError, bilingual
from ...core.dice import Dice, Roll, parse
from .nerve import ZERO, step


# --------------------------------------------------------------------------- flee distances


def flee_expression(move: int, *, fire_and_flee: bool = False) -> str:
    """DISTANCE DE FUITE: "6” ou moins" 2D6 (Réduction D6), "Plus de 6”" 3D6 (Réduction 2D6)."""
    if isinstance(move, bool) or not isinstance(move, int) or move < 0:
        raise CampagneError("wab.psy.bad_move", move=move)
    if move <= 6:
        return "D6" if fire_and_flee else "2D6"
    return "2D6" if fire_and_flee else "3D6"


@dataclass(frozen=True)
class FleeResult:
    distance: int
    expression: str
    roll: Roll

    def to_dict(self) -> dict[str, Any]:
        return {"distance": self.distance, "expression": self.expression, "roll": self.roll.to_dict()}


def flee_distance(dice: Dice, move: int, *, fire_and_flee: bool = False, purpose: str = "flee") -> FleeResult:
    """Roll a flee distance in inches (fire and flee: one die fewer, "-1D6")."""
    expr = flee_expression(move, fire_and_flee=fire_and_flee)
    record = dice.roll_record(expr, f"WAB {purpose}: {expr}\"")
    return FleeResult(max(0, record.total), expr, record)


def flee_distance_odds(move: int, *, fire_and_flee: bool = False) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for total, p in parse(flee_expression(move, fire_and_flee=fire_and_flee)).distribution().items():
        out[max(0, total)] = out.get(max(0, total), ZERO) + p
    return dict(sorted(out.items()))


# --------------------------------------------------------------------------- charge reactions


class Reaction(StrEnum):
    HOLD = "hold"                        # Maintien
    STAND_AND_SHOOT = "stand_and_shoot"  # Maintien et Tir
    FLEE = "flee"                        # Fuite
    FIRE_AND_FLEE = "fire_and_flee"      # Tir et Fuite
    COUNTER_CHARGE = "counter_charge"    # Contre Charge


REACTION_NAMES = {
    Reaction.HOLD: ("Hold", "Maintien"),
    Reaction.STAND_AND_SHOOT: ("Stand and shoot", "Maintien et tir"),
    Reaction.FLEE: ("Flee", "Fuite"),
    Reaction.FIRE_AND_FLEE: ("Fire and flee", "Tir et fuite"),
    Reaction.COUNTER_CHARGE: ("Counter-charge", "Contre-charge"),
}

MOUNTED_COUNTER = frozenset({"cavalry", "light_chariot"})


@dataclass(frozen=True)
class ChargeFacts:
    """What the referee reports about a charge, for the charged unit's reaction.

    - `distance`: inches between the units when the charge is declared;
    - `charger_move`: the charger's M (its charge move is double that);
    - `charger_kind` / `target_kind`: infantry, cavalry, light_chariot, chariot, elephant, artillery...;
    - `in_front`: the charger comes from the target's front (in its arc of vision).
    """

    distance: float
    charger_move: int
    charger_kind: str = "infantry"
    target_kind: str = "infantry"
    in_front: bool = True
    target_has_missiles: bool = False
    target_fleeing: bool = False
    target_forced_march: bool = False
    target_engaged: bool = False

    @property
    def charge_move(self) -> int:
        return 2 * self.charger_move


def _reaction(reaction: Any) -> Reaction:
    try:
        return Reaction(reaction)
    except ValueError:
        raise CampagneError("wab.psy.bad_reaction", reaction=reaction,
                            allowed=", ".join(r.value for r in Reaction)) from None


def reaction_problems(reaction: Reaction | str, facts: ChargeFacts) -> list[dict[str, str]]:
    """Why `reaction` is not allowed (empty when it is), each reason in English and French."""
    r = _reaction(reaction)
    out = []
    if facts.target_fleeing and r is not Reaction.FLEE:
        out.append(bilingual("a fleeing unit can only flee again", "une unité en fuite ne peut que fuir"))
    if facts.target_engaged and r is not Reaction.HOLD:
        out.append(bilingual("a unit already in combat can only hold", "une unité déjà au combat ne peut que "
                                                                       "maintenir sa position"))
    if r in (Reaction.STAND_AND_SHOOT, Reaction.FIRE_AND_FLEE):
        if not facts.target_has_missiles:
            out.append(bilingual("the unit has no missile weapons", "l'unité n'a pas d'armes de jet"))
        if not facts.distance > facts.charger_move:
            out.append(bilingual(
                f"the enemy charges from {facts.distance}\", not more than half its charge move "
                f"({facts.charge_move}\" / 2 = {facts.charger_move}\")",
                f"l'ennemi charge depuis {facts.distance}ps, pas plus de la moitié de son mouvement de charge "
                f"({facts.charge_move}ps / 2 = {facts.charger_move}ps)"))
    if r is Reaction.COUNTER_CHARGE:
        if facts.target_kind not in MOUNTED_COUNTER:
            out.append(bilingual("only cavalry or light chariots may counter-charge",
                                 "seules la cavalerie et les chariots légers peuvent contre-charger"))
        if facts.charger_kind not in MOUNTED_COUNTER:
            out.append(bilingual("only a charge by cavalry or light chariots can be counter-charged",
                                 "seule une charge de cavalerie ou de chariots légers peut être contre-chargée"))
        if not facts.in_front:
            out.append(bilingual("only a charge from the front (in the arc of vision) can be counter-charged",
                                 "seule une charge de face (dans l'arc de vision) peut être contre-chargée"))
        if facts.target_forced_march:
            out.append(bilingual("units in forced march cannot counter-charge",
                                 "les unités en marche forcée ne peuvent pas contre-charger"))
    return out


def legal_reactions(facts: ChargeFacts) -> list[Reaction]:
    return [r for r in Reaction if not reaction_problems(r, facts)]


def check_reaction(reaction: Reaction | str, facts: ChargeFacts) -> Reaction:
    """Return the reaction, or raise `CampagneError('wab.psy.reaction_illegal')` with the first reason."""
    r = _reaction(reaction)
    problems = reaction_problems(r, facts)
    if problems:
        en, fr = REACTION_NAMES[r]
        raise CampagneError("wab.psy.reaction_illegal", reaction=bilingual(en, fr), reason=problems[0])
    return r


@dataclass(frozen=True)
class ReactionResult:
    reaction: Reaction
    shoots: bool
    flees: bool
    flee: FleeResult | None
    trace: tuple[dict[str, Any], ...]

    def to_dict(self) -> dict[str, Any]:
        return {"reaction": self.reaction.value, "shoots": self.shoots, "flees": self.flees,
                "flee": self.flee.to_dict() if self.flee else None, "trace": list(self.trace)}


def resolve_reaction(dice: Dice, reaction: Reaction | str, facts: ChargeFacts, *,
                     target_move: int) -> ReactionResult:
    """Check a declared reaction and roll what it needs (the flee distance). Shooting is resolved elsewhere.

    Stand and shoot: "Déterminez les pertes immédiatement"; flee: "se déplace de sa distance de fuite
    (2 ou 3D6ps) ... Elle ne peut pas tirer"; fire and flee: "tire puis s'enfuit ... (-1D6)".
    """
    r = check_reaction(reaction, facts)
    en, fr = REACTION_NAMES[r]
    trace = [step("reaction", f"reaction: {en}", f"réaction : {fr}", reaction=r.value)]
    shoots = r in (Reaction.STAND_AND_SHOOT, Reaction.FIRE_AND_FLEE)
    flees = r in (Reaction.FLEE, Reaction.FIRE_AND_FLEE)
    flee = None
    if flees:
        flee = flee_distance(dice, target_move, fire_and_flee=r is Reaction.FIRE_AND_FLEE,
                             purpose="flee from a charge")
        trace.append(step("flee", f"flees {flee.distance}\" ({flee.expression})",
                          f"fuit de {flee.distance}ps ({flee.expression})", distance=flee.distance))
    return ReactionResult(r, shoots, flees, flee, tuple(trace))
