"""Confidence intervals for what is sampled (the rest of campagne is exact)."""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from typing import Any

Z95 = 1.959963984540054


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a binomial proportion (95 % by default). It always holds the observed
    rate (rounding could leave a bound a hair inside it), and reaches 0 or 1 when the rate does."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if successes <= 0 else max(0.0, min(p, centre - half))
    high = 1.0 if successes >= n else min(1.0, max(p, centre + half))
    return low, high


class WinRates:
    """How often each kind of player (by army, race, seat...) won over many sampled campaigns."""

    def __init__(self) -> None:
        self.seen: dict[str, Counter[str]] = defaultdict(Counter)
        self.wins: dict[str, Counter[str]] = defaultdict(Counter)

    def count(self, by: str, key: str, won: bool) -> None:
        self.seen[by][key] += 1
        self.wins[by][key] += won

    def rows(self, by: str) -> list[dict[str, Any]]:
        """One row per key, sorted: campaigns, wins, the rate and its 95 % Wilson interval."""
        rows = []
        for key, n in sorted(self.seen[by].items()):
            w = self.wins[by][key]
            rows.append({by: key, "campaigns": n, "wins": w, "win_rate": w / n, "ci95": list(wilson(w, n))})
        return rows


def win_rate_lines(data: dict[str, Any], groups: tuple[tuple[str, str], ...], relics: str = "") -> list[str]:
    """A study's win-rate rows as text: per group (its key, its title), one line per key with the wins, the rate
    and its 95 % interval (and the mean relic points, `relics` naming them, where the rows carry them)."""
    lines = []
    for by, title in groups:
        lines.append(title)
        for row in data[f"by_{by}"]:
            lo, hi = row["ci95"]
            extra = f"  {row['mean_relics']:5.1f} {relics}" if "mean_relics" in row else ""
            lines.append(f"  {row[by]:<18} {row['wins']:>4}/{row['campaigns']:<4} {row['win_rate']:6.1%}  "
                         f"[{lo:.1%}, {hi:.1%}]{extra}")
    return lines


def student_t(p: float, df: int) -> float:
    """The `p` quantile (p above 0.5) of Student's t with `df` whole degrees of freedom: the paired test over a few
    rounds needs it where the normal quantile (1.645 for 95 %) would overrule by chance too often (1.895 at 7)."""
    if not 0.5 < p < 1 or df < 1:
        raise ValueError("student_t wants 0.5 < p < 1 and df >= 1")
    low, high = 0.0, 1.0
    while _t_upper(high, df) > 1 - p:
        high *= 2
    for _ in range(100):  # bisection on the exact tail: plenty for the few digits a test reads
        mid = (low + high) / 2
        low, high = (mid, high) if _t_upper(mid, df) > 1 - p else (low, mid)
    return (low + high) / 2


def _t_upper(t: float, df: int) -> float:
    """P(T > t) for t >= 0, by the finite series for whole degrees of freedom (Abramowitz & Stegun 26.7.3-4)."""
    theta = math.atan(t / math.sqrt(df))
    c2, s = math.cos(theta) ** 2, math.sin(theta)
    if df % 2:
        term, total = math.cos(theta), 0.0
        if df > 1:
            total = term
            for k in range(3, df - 1, 2):
                term *= c2 * (k - 1) / k
                total += term
        inside = 2 / math.pi * (theta + s * total)
    else:
        term, total = 1.0, 1.0
        for k in range(2, df - 1, 2):
            term *= c2 * (k - 1) / k
            total += term
        inside = s * total
    return (1 - inside) / 2
