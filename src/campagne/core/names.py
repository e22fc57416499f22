"""Names people type: an id or a printed name ("Mestoria", "mestoria", "MESTORIA" alike, accents optional),
and the nearest valid ones when a name is unknown ("did you mean euamon?")."""

from __future__ import annotations

import difflib
import functools
import re
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


def pick(word: str, ids: Iterable[str], printed: Mapping[str, str | Iterable[str]] | None = None) -> str | None:
    """The one id of `ids` a typed word names, or None: the id itself; up to case, accents, spaces and dashes,
    the id or one of its printed names (`printed`: id -> a name or several, e.g. French and English); or an id
    without its number (`wynandy` for `wynandy.1`, `A7` never for anything) when it names exactly one.
    The one reading of every kind of id a game takes (counter, unit, army, player, place)."""
    ids = list(ids)
    if word in ids:
        return word
    key = normal(word)
    if not key:
        return None
    found = set()
    for i in ids:
        names = (printed or {}).get(i, ())
        names = [names] if isinstance(names, str) else list(names)
        if normal(i) == key or any(normal(n) == key for n in names):
            found.add(i)
    if not found:
        found = {i for i in ids if "." in i and normal(i.rsplit(".", 1)[0]) == key}
    return found.pop() if len(found) == 1 else None


_DIGITS = re.compile(r"(\d+)")


def natural(text: object) -> tuple[tuple[int, int | str], ...]:
    """A sort key reading numbers as numbers: M8 before M10, soldiers.2 before soldiers.10 (the one order of
    every list of choices people scan)."""
    return _natural(str(text))


@functools.lru_cache(maxsize=65536)
def _natural(text: str) -> tuple[tuple[int, int | str], ...]:
    # a pure function of a short text, asked for millions of times by the lists of hexes and zones: kept
    return tuple((1, int(part)) if part.isdigit() else (0, part.casefold())
                 for part in _DIGITS.split(text) if part)
