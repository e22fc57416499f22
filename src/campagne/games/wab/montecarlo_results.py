"""What the Monte Carlo (`montecarlo.simulate_fight`) found: sampled probabilities and a fight's results.

Statistics: every probability comes with its 95 % Wilson score interval (`Estimate`; `widened(z)`
gives another level, e.g. Bonferroni for many comparisons at once); the mean number of rounds with
a normal 95 % interval. `FightResult.first_round` holds the first round's frequencies under the names
of `odds.RoundOdds` (attacker_wins, defender_breaks, ...), so the two can be compared directly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...core.stats import Z95, wilson


@dataclass(frozen=True)
class Estimate:
    """A sampled probability: `count` of `n` fights, its 95 % Wilson interval [low, high]."""

    p: float
    low: float
    high: float
    count: int
    n: int

    @classmethod
    def of(cls, count: int, n: int, z: float = Z95) -> Estimate:
        low, high = wilson(count, n, z)
        return cls(count / n if n else 0.0, low, high, int(count), int(n))

    def widened(self, z: float) -> Estimate:
        """The same count with another interval (e.g. a Bonferroni z for several comparisons at once)."""
        return Estimate.of(self.count, self.n, z)

    def contains(self, value: float) -> bool:
        return self.low <= value <= self.high

    def to_dict(self) -> dict[str, Any]:
        return {"p": self.p, "ci95": [self.low, self.high], "count": self.count}


@dataclass(frozen=True)
class FightResult:
    """What `simulate_fight` found. `outcomes` are exclusive and sum to 1; `a_wins` / `b_wins` group
    them (the enemy broke, was destroyed, gave ground with give_ground="end", or fled from fear); a
    charge that does not take place (a_no_charge / b_no_charge), a mutual destruction and an
    unresolved fight count for neither side."""

    n_sims: int
    outcomes: dict[str, Estimate]
    a_wins: Estimate
    b_wins: Estimate
    mean_rounds: float
    rounds_ci: tuple[float, float]
    rounds: dict[int, int]
    mean_losses: dict[str, float]
    caught: dict[str, Estimate]
    first_round: dict[str, Estimate]
    gave_ground: dict[str, float]
    dice: int
    seconds: float
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def dice_per_second(self) -> float:
        return self.dice / self.seconds if self.seconds > 0 else float("inf")

    def to_dict(self) -> dict[str, Any]:
        return {
            "n_sims": self.n_sims,
            "outcomes": {k: v.to_dict() for k, v in self.outcomes.items() if v.count},
            "a_wins": self.a_wins.to_dict(), "b_wins": self.b_wins.to_dict(),
            "mean_rounds": self.mean_rounds, "mean_rounds_ci95": list(self.rounds_ci),
            "rounds": {str(k): v for k, v in sorted(self.rounds.items())},
            "mean_losses": dict(self.mean_losses),
            "caught_in_pursuit": {k: v.to_dict() for k, v in self.caught.items()},
            "first_round": {k: v.to_dict() for k, v in self.first_round.items()},
            "mean_times_gave_ground": dict(self.gave_ground),
            "dice": self.dice, "seconds": self.seconds, "dice_per_second": self.dice_per_second,
            "options": dict(self.options),
        }
