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

    # Whether the reader types commands (the command line) or clicks forms (the club's pages): a status's
    # hint of what to type next is for the first only; a page shows the forms instead.
    typed = False

    def t(self, fr: str, en: str) -> str:
        return fr if self.lang == "fr" else en


@functools.lru_cache(maxsize=4096)
def chance(p: Any, lang: str = "en") -> str:
    """An exact probability as people read it: the percentage only, written as the language writes numbers
    ("40,3 %" in French, "40.3%" in English), with more places when it is neither sure nor impossible but rounds
    to it. The exact fraction is `exact(p)`: kept in --json and on hover, never in the sentence (each written once:
    the odds of a page repeat the same few hundred)."""
    from fractions import Fraction
    p = Fraction(p)
    if p in (0, 1):
        shown = str(int(p) * 100)
    else:
        places = 3 if f"{float(p):.1%}" in ("0.0%", "100.0%") else 1  # say how near
        shown = f"{float(p) * 100:.{places}f}"
        if shown in ("0.000", "100.000"):  # nearer still: never read as nil or sure
            shown = "<0.001" if p < Fraction(1, 2) else ">99.999"
    return f"{shown.replace('.', ',')}\u00a0%" if lang == "fr" else f"{shown}%"


def exact(p: Any) -> str:
    """The exact fraction of a probability, "1120886388732197/2784689448946560" (a whole one as itself)."""
    from fractions import Fraction
    return str(Fraction(p))


def decimal(x: Any, lang: str = "en", places: int = 2) -> str:
    """A number with `places` decimals as the language writes it: "0,75" in French, "0.75" in English."""
    shown = f"{float(x):.{places}f}"
    return shown.replace(".", ",") if lang == "fr" else shown
