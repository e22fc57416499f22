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
    d = self.__dict__.copy()  # the atoms kept in one go, the other values then replaced by their copies
    atoms = _ATOMS
    for k, v in d.items():
        kind = type(v)
        if kind in atoms:
            continue
        if kind is list:  # most fields: short lists, often empty (copy_plain's list case, without its call)
            found = memo.get(id(v))
            if found is None:
                found = memo[id(v)] = []
                if v:
                    found.extend([x if type(x) in atoms else copy_plain(x, memo) for x in v])
            d[k] = found
        else:
            d[k] = copy_plain(v, memo)
    clone.__dict__ = d
    return clone


def copy_plain(value: Any, memo: dict) -> Any:
    """`copy.deepcopy(value, memo)`, the same copy (a container met twice copied once), with the lists and dicts
    of JSON-like data (the notes, rolls and lists of ids of a state, most of a copy's objects) copied by hand
    rather than through deepcopy's dispatch, which took most of a copy's time."""
    kind = type(value)
    atoms = _ATOMS
    if kind is list:
        found = memo.get(id(value))
        if found is not None:
            return found
        out: Any = []
        memo[id(value)] = out
        # a list, not a generator: extend runs it in one go (the container is in the memo before its items)
        out.extend([v if type(v) in atoms else copy_plain(v, memo) for v in value])
        return out
    if kind is dict:
        found = memo.get(id(value))
        if found is not None:
            return found
        out = {}
        memo[id(value)] = out
        for k, v in value.items():
            out[k if type(k) in atoms else copy.deepcopy(k, memo)] = v if type(v) in atoms else copy_plain(v, memo)
        return out
    if kind is tuple and all(type(v) in atoms for v in value):
        return value  # as deepcopy: a tuple whose items are all kept is kept
    if getattr(kind, "__deepcopy__", None) is copy_fields:
        found = memo.get(id(value))
        return copy_fields(value, memo) if found is None else found
    return copy.deepcopy(value, memo)
