"""Bounds on what a person's text may hold once parsed (pure: no I/O): TOML and JSON nested at most `MAX_DEPTH`
levels (a recursive parser, or any recursive walk of the result, would overflow on a text nested 100,000 deep),
and JSON strictly JSON (no NaN or Infinity, no number of thousands of digits)."""

from __future__ import annotations

import json
import re
import tomllib
from typing import Any

from .errors import CampagneError, bilingual, register_messages

MAX_DEPTH = 64  # nesting of tables and lists; campagne's own files and journal lines stay under 10


TOO_DEEP = bilingual(f"it is nested more than {MAX_DEPTH} levels deep", f"il s'imbrique sur plus de {MAX_DEPTH} niveaux")


def too_deep(value: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether tables and lists nest more than `limit` levels in `value` (walked without recursion)."""
    if not isinstance(value, (dict, list)):
        return False
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > limit:
            return True
        for v in (item.values() if isinstance(item, dict) else item):
            if isinstance(v, (dict, list)):
                stack.append((v, depth + 1))
    return False


def load_toml(text: str, malformed: str, **where: Any) -> dict[str, Any]:
    """TOML a person wrote, parsed; a syntax error or a nesting too deep raises the message `malformed` (its
    `reason`, and `where`: the file named as that message names it)."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CampagneError(malformed, reason=str(exc), **where) from None
    except RecursionError:
        raise CampagneError(malformed, reason=TOO_DEEP, **where) from None
    if too_deep(raw):
        raise CampagneError(malformed, reason=TOO_DEEP, **where)
    return raw


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def loads_json(raw: bytes | str, limit: int = MAX_DEPTH) -> Any:
    """Strict JSON: NaN and Infinity refused, numbers of thousands of digits refused (Python's own limit), and
    nesting bounded. Every refusal is a ValueError."""
    try:
        value = json.loads(raw, parse_constant=_no_constant)
    except RecursionError:
        raise ValueError("nested too deep") from None
    brackets = raw.count(b"[" if isinstance(raw, bytes) else "[") + raw.count(b"{" if isinstance(raw, bytes) else "{")
    if brackets > limit and isinstance(value, (dict, list)) and too_deep(value, limit):
        raise ValueError("nested too deep")
    return value


# Numbers a person types. Python's int() also reads `1_0` as 10, `٣` (Arabic-Indic) as 3 and ` +5 ` as 5; float()
# reads `nan` and `inf`. campagne reads a whole number as ASCII digits with an optional minus, nothing else, and
# none of a size no rule has a use for.
NUMBER_LIMIT = 10**9
_WHOLE = re.compile(r"-?[0-9]+")


def is_whole(text: Any) -> bool:
    """Whether `text` is a whole number as people type it (ASCII digits, an optional minus), whatever its size."""
    return isinstance(text, str) and _WHOLE.fullmatch(text) is not None


def strict_int(value: Any) -> int:
    """`int(value)` for what a person typed: a whole number as `is_whole` reads it, under NUMBER_LIMIT in size (an
    int is taken as it is, a bool never); else ValueError, as int() raises."""
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif is_whole(value) and len(value.lstrip("-")) <= 10:
        number = int(value)
    else:
        raise ValueError(f"not a whole number: {value!r}")
    if abs(number) >= NUMBER_LIMIT:
        raise ValueError(f"too large: {value!r}")
    return number


def whole_number(value: Any, field: str) -> int:
    """A field's whole number, or one sentence: not a number as people type them, or too large."""
    try:
        return strict_int(value)
    except ValueError:
        if is_whole(value) or (isinstance(value, int) and not isinstance(value, bool)):
            raise CampagneError("number.too_large", field=field, value=str(value)[:30]) from None
        raise CampagneError("order.not_int", field=field, value=value) from None


register_messages({
    "number.too_large": {"en": "{field}: {value} is too large (at most 999,999,999 either way).",
                         "fr": "{field} : {value} est trop grand (au plus 999 999 999 dans un sens ou l'autre)."},
})
