"""Exact odds of one combat of Arc: the ratio, the table's result for each d12 roll, each result's probability.

`combat_odds(16, 4)` -> {"ratio": "4-1", "by_roll": {"1": "D3", ..., "12": "A1"}, "outcomes": {"D3": 1/12...}};
beyond 8-1 {"ratio": "9-1", "automatic": "D5"}; below 1-4 a refusal. `shift` moves the column (the « +N » of
the unit lists), within the table; a shift adds "column" (the table's column the rolls are read in, "5-1") and
"shift" (the shift applied, once bounded by the table's ends).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...core.errors import CampagneError, register_messages
from .data import COLUMNS, crt, ratio, result

register_messages({
    "arc.odds.forbidden": {"en": "At {ratio} no combat is possible: the table stops at 1-4.",
                           "fr": "À {ratio} aucun combat n'est possible : la table s'arrête à 1-4."},
    "arc.odds.bad_strength": {"en": "Attack and defence must be positive numbers (got {attack} and {defence}).",
                              "fr": "L'attaque et la défense doivent être des nombres positifs ({attack} et {defence} donnés)."},
})


def combat_odds(attack: Fraction | int, defence: Fraction | int, shift: int = 0) -> dict[str, Any]:
    if attack <= 0 or defence <= 0:
        raise CampagneError("arc.odds.bad_strength", attack=str(attack), defence=str(defence))
    text, col = ratio(attack, defence)
    if col is None:
        return {"ratio": text, "automatic": crt()["beyond"]}
    if col < 0:
        raise CampagneError("arc.odds.forbidden", ratio=text)
    column = min(len(COLUMNS) - 1, max(0, col + shift))
    by_roll = {str(r): result(column, r) for r in range(1, 13)}
    outcomes: dict[str, Fraction] = {}
    for code in by_roll.values():
        outcomes[code] = outcomes.get(code, Fraction(0)) + Fraction(1, 12)
    out: dict[str, Any] = {"ratio": text, "by_roll": by_roll, "outcomes": outcomes}
    if shift:  # the rolls are read in another column than the ratio's: name it (and the shift, as it was bounded)
        out.update(column=COLUMNS[column], shift=column - col)
    return out


def to_json(odds: dict[str, Any]) -> dict[str, Any]:
    """Probabilities as exact "p/q" strings."""
    out = dict(odds)
    if "outcomes" in out:
        out["outcomes"] = {k: str(v) for k, v in out["outcomes"].items()}
    return out
