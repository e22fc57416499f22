"""What a state's copy by hand shares with the state: the walk the games' copy tests share."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any


def shared_parts(a: Any, b: Any, may_share: Callable[[Any], bool], path: str = "state") -> list[str]:
    """Paths where the copy `b` holds the very same mutable object as `a`, except where `may_share(part)`."""
    out: list[str] = []
    _walk(a, b, may_share, path, out)
    return out


def _walk(a: Any, b: Any, may_share: Callable[[Any], bool], path: str, out: list[str]) -> None:
    if isinstance(a, (str, int, float, bool, type(None), tuple, frozenset)) or may_share(a):
        return
    if a is b:
        out.append(path)
        return
    if isinstance(a, dict):
        assert a.keys() == b.keys(), path
        for k in a:
            _walk(a[k], b[k], may_share, f"{path}[{k!r}]", out)
    elif isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            _walk(x, y, may_share, f"{path}[{i}]", out)
    elif dataclasses.is_dataclass(a):
        assert type(a) is type(b), path
        for f in dataclasses.fields(a):
            _walk(getattr(a, f.name), getattr(b, f.name), may_share, f"{path}.{f.name}", out)
    else:
        raise AssertionError(f"{path}: a {type(a).__name__} the test does not know how to walk")
