"""The reader's language, as every game's text renderer receives it: French or English."""

from __future__ import annotations

from dataclasses import dataclass

LANGS = ("fr", "en")


@dataclass(frozen=True)
class Lang:
    """`t(fr, en)` picks the reader's wording. The command line's `Out` answers the same two names."""

    lang: str = "en"

    def t(self, fr: str, en: str) -> str:
        return fr if self.lang == "fr" else en
