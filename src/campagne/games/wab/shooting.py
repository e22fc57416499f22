"""One unit's shooting RESOLVED with dice (seed 002, "TIR"): every die recorded, a full trace.

`resolve_shooting(...)` rolls what `shooting_odds.shooting_odds(...)` computes exactly, from the same
`shooting_odds.prepare_shooting` (TABLE DE TIR, MODIFICATEURS, the weapons table and its notes): a D6 per shot
to hit (a score of 7 to 9: a 6, then a second D6), a D6 per hit to wound, a D6 per wound to save.
With the target's models and wounds given, the casualties are counted as in close combat (W wounds
per model, carried over in the unit).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ...core.dice import Dice, Roll
from .combat import AttackRoll, roll_attacks
from .attack_odds import check_int
from .shooting_odds import ShootingSetup, prepare_shooting


@dataclass
class ShootingTrace:
    setup: ShootingSetup
    shots: list[AttackRoll]
    casualties: int | None = None  # None when the target's models were not given
    rolls: list[Roll] = field(default_factory=list)

    @property
    def hits(self) -> int:
        return sum(s.hit for s in self.shots)

    @property
    def wounds(self) -> int:
        return sum(s.wounded for s in self.shots)

    @property
    def unsaved(self) -> int:
        return sum(s.unsaved for s in self.shots)

    def to_dict(self) -> dict[str, Any]:
        return {"setup": self.setup.to_dict(), "shots": [s.to_dict() for s in self.shots], "hits": self.hits,
                "wounds": self.wounds, "unsaved_wounds": self.unsaved, "casualties": self.casualties,
                "rolls": [r.to_dict() for r in self.rolls]}


def resolve_shooting(shooters: int, bs: int, dice: Dice, modifiers: Iterable[str] = (),
                     strength: int | None = None, toughness: int = 3, armour_save: int | None = None, *,
                     weapon: Any = None, distance: int | float | Fraction | None = None,
                     sixes_only: bool = False, target_models: int | None = None, target_wounds: int = 1,
                     target_wounded: int = 0, label: str = "WAB shot") -> ShootingTrace:
    """Roll one unit's shooting (arguments as `shooting_odds.prepare_shooting`); `target_models` /
    `target_wounds` (W) / `target_wounded` (wounds already on one model) give the casualties."""
    setup = prepare_shooting(shooters, bs, modifiers, strength, toughness, armour_save, weapon=weapon,
                             distance=distance, sixes_only=sixes_only)
    start = len(dice.records)
    shots = roll_attacks(dice, setup.shots, setup.to_hit, setup.to_wound, setup.save, label=label)
    trace = ShootingTrace(setup, shots)
    if target_models is not None:
        check_int(target_models, "target models", 0, 100_000)
        check_int(target_wounds, "target W", 1, 10)
        check_int(target_wounded, "wounds already on a target model", 0, target_wounds - 1)
        trace.casualties = min(target_models, (target_wounded + trace.unsaved) // target_wounds)
    trace.rolls = list(dice.records[start:])
    return trace
