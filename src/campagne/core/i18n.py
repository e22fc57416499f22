"""The reader's language, as every game's text renderer receives it: French or English."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

LANGS = ("fr", "en")


@dataclass(frozen=True)
class Lang:
    """`t(fr, en)` picks the reader's wording. The command line's `Out` answers the same two names."""

    lang: str = "en"

    def t(self, fr: str, en: str) -> str:
        return fr if self.lang == "fr" else en


@functools.lru_cache(maxsize=4096)
def chance(p: Any) -> str:
    """An exact probability for people: the percentage, and the fraction itself when it is not a round one (each
    written once: the odds of a page repeat the same few hundred)."""
    from fractions import Fraction
    p = Fraction(p)
    if p in (0, 1):
        return f"{int(p) * 100}%"
    places = 1
    if f"{float(p):.1%}" in ("0.0%", "100.0%"):  # neither sure nor impossible: say how near
        places = 3
    shown = f"{float(p):.{places}%}"
    exact = "" if (p * 100 * 10 ** places).denominator == 1 else f" ({p.numerator}/{p.denominator})"
    return f"{shown}{exact}"
