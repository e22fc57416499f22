"""A quicker deep copy for the plain dataclasses games keep their state in (legal orders, the computers and the
odds try candidate orders on copies, so a copy is made at every candidate)."""

from __future__ import annotations

import copy
from typing import Any

_ATOMS = frozenset({str, int, float, bool, type(None)})


def copy_fields(self: Any, memo: dict) -> Any:
    """A whole copy of a plain dataclass instance (as its `__deepcopy__`): its fields holding numbers, strings or
    None taken as they are, the others copied whole. Each game's copy test checks its copies are whole."""
    clone = object.__new__(type(self))
    memo[id(self)] = clone
    d = clone.__dict__
    for k, v in self.__dict__.items():
        d[k] = v if type(v) in _ATOMS else copy.deepcopy(v, memo)
    return clone
