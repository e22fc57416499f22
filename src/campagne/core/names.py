"""Names people type: an id or a printed name ("Mestoria", "mestoria", "MESTORIA" alike, accents optional),
and the nearest valid ones when a name is unknown ("did you mean euamon?")."""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable, Mapping

from .errors import bilingual


def normal(text: str) -> str:
    """Case, accents, spaces and dashes do not matter."""
    decomposed = unicodedata.normalize("NFKD", str(text))
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return "".join(c for c in bare.casefold() if c.isalnum())


def resolve(word: str, names: Mapping[str, str]) -> str | None:
    """The id `word` names: an id as it is, or an id or printed name (`names`: id -> printed name) up to case,
    accents, spaces and dashes; None when it names none or more than one."""
    if word in names:
        return word
    key = normal(word)
    found = {i for i, printed in names.items() if normal(i) == key or normal(printed) == key}
    return found.pop() if len(found) == 1 else None


def nearest(word: str, known: Iterable[str], n: int = 3) -> list[str]:
    """The valid names closest to a mistyped one."""
    by_key: dict[str, str] = {}
    for k in known:
        by_key.setdefault(normal(k), k)
    return [by_key[m] for m in difflib.get_close_matches(normal(word), list(by_key), n=n, cutoff=0.6)]


def did_you_mean(word: str, known: Iterable[str]) -> dict[str, str]:
    """A message parameter: " (did you mean a, b?)" in the reader's language, or nothing."""
    close = nearest(word, known)
    if not close:
        return bilingual("", "")
    shown = ", ".join(close)
    return bilingual(f" (did you mean {shown}?)", f" (vouliez-vous dire {shown} ?)")
