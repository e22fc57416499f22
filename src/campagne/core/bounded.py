"""Bounds on what a person's text may hold once parsed (pure: no I/O): TOML and JSON nested at most `MAX_DEPTH`
levels (a recursive parser, or any recursive walk of the result, would overflow on a text nested 100,000 deep),
and JSON strictly JSON (no NaN or Infinity, no number of thousands of digits)."""

from __future__ import annotations

import json
import tomllib
from typing import Any

from .errors import CampagneError, bilingual

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
