"""The fixed encodings an agent library needs: orders as action numbers, views as a fixed-size vector.

Actions: see `actions` (`ActionCodec`, re-exported here).

Observations. `view_text(view)` is the player's view as JSON (keys sorted); `features(view)` hashes its leaves
into a fixed-size float vector: a number adds its log-scaled value at the slot of its path, a text adds 1 at the
slot of its path and value (list positions are left out of paths, so a list adds up). Both are functions of the
view alone, the one gate for secrets.
"""

from __future__ import annotations

import itertools
import json
import math
import zlib
from collections import defaultdict
from collections.abc import Iterable
from operator import is_
from typing import Any

import numpy as np

from ..core.copying import _ATOMS, copy_plain
from .actions import INT_VALUES, SLOTS, TEXT, ActionCodec, Blocks, field_values  # noqa: F401 (the agents' one place)

FEATURES = 512
BOUND = 1000.0
POOL = 8  # parts kept per place by `Features._walk`
POOL_PARTS = 1 << 10  # parts kept in all before they are all dropped


def view_text(view: Any) -> str:
    # JSON's usual separators: the games declare their secrets as that JSON writes them ("max_points": 3)
    return json.dumps(view, ensure_ascii=False, sort_keys=True, default=str)


_SCALE = 1 << 16  # sums in whole multiples of 1/_SCALE: the same whatever the order of the view's keys
_CACHED = 1 << 16  # entries kept per table below before it starts again (texts of a view are open: names, ids)
# An observation walks a few thousand leaves per view, most of them in dicts of the same keys (a unit, a player):
# the layout of such a dict (each key's path and the slot of its numbers) is made once per (vector size, path, keys),
# the slot of each path=text and the scaled value of each number once, rather than at every leaf.
_tables: dict[int, tuple[dict[Any, Any], dict[str, tuple[str, int]], dict[tuple[str, str], int]]] = {}
_scaled: dict[Any, int] = {}


def _scaled_value(x: Any) -> int:
    f = float(x)
    found = round(math.copysign(math.log1p(abs(f)), f) * _SCALE) if math.isfinite(f) else 0
    if len(_scaled) >= _CACHED:
        _scaled.clear()
    if f == f:  # a NaN is never found again as a key
        _scaled[x] = found
    return found


def _plain(value: Any) -> Any:
    """A value of a JSON type, as view_text writes it (its default: str)."""
    if isinstance(value, dict):
        return dict(value)
    if isinstance(value, (list, tuple)):
        return list(value)
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, bool):
        return bool(value)
    if isinstance(value, float):
        return float(value)
    if isinstance(value, int):
        return int(value)
    return str(value)


def features(view: Any, size: int = FEATURES) -> np.ndarray:
    return _vector(_sums([("", [view])], size)[0])


def _vector(sums: np.ndarray) -> np.ndarray:
    # (each sum rounded once to float32, then scaled by a power of two: exact, the same as through float64;
    # the bounds by the ufuncs themselves, np.clip's wrapper taking longer than the work at every view)
    vec = sums.astype(np.float32)
    vec *= np.float32(1 / _SCALE)
    np.minimum(vec, np.float32(BOUND), out=vec)
    np.maximum(vec, np.float32(-BOUND), out=vec)
    return vec


class Features:
    """`features` of one viewer's successive views, the sums of the parts unchanged since his last view reused:
    each top-level entry, each item of a top-level list (a counter, a unit) and each item of the lists a top-level
    dict holds (each player's declarations) is compared with a copy of the last one (`==`, at C speed; a copy,
    since a view may hold the state's own lists, changed in place later) and walked again only when it changed.
    The same vector as `features` (whole sums: a number equal to the last, 1 and 1.0 say, adds the same).

    `frozen`: the top-level lists whose items are never changed once a view holds them (a game's memo shares its
    drawings between views: `GameDescriptor.frozen_view_items`). Their items are kept themselves, not copied, so
    an item unchanged since the last view is the very same object and is told by identity, not compared; and one
    another viewer's vector walked (`known`) is not walked again."""

    def __init__(self, size: int = FEATURES, frozen: Iterable[str] = (),
                 known: dict[int, tuple[Any, Any, np.ndarray]] | None = None) -> None:
        self.size = size
        self.frozen = frozenset(f"/{key}" for key in frozen)
        # the parts of the frozen items walked, by the item's identity (the item held, so its id is not reused),
        # with the path and size they were walked under: `known` may be shared by the vectors of one game's
        # viewers, who see the same drawings
        self.known = {} if known is None else known
        self.last: dict[Any, Any] = {}
        # the sum of every part of `last`, kept whole: an unchanged part costs no add (exact: whole numbers)
        self.total = np.zeros(size, dtype=np.int64)
        # the last few parts walked, by where they stand (`_walk`): a part that comes back (a game's start after
        # a reset, a flag set then cleared) is found there rather than walked again
        self.pool: dict[Any, list[tuple[Any, np.ndarray]]] = {}
        self.pooled = 0

    def __call__(self, view: Any) -> np.ndarray:
        if type(view) is not dict:
            return features(view, self.size)
        total = self.total.copy()
        last = self.last
        kept: dict[Any, Any] = {}
        # each part kept as (kind, what it was, ..., its sum), its sum last
        for key, value in view.items():
            path = f"/{key}"
            before = last.get(key)
            kind = type(value)
            if kind is list:
                entry = self._list(path, value, before if before is not None and before[0] == "list" else None)
            elif kind is dict and value and all(type(v) is list for v in value.values()):
                entry = self._lists(path, value, before if before is not None and before[0] == "lists" else None)
            elif kind is dict:
                entry = self._dict(path, value, before)
            elif before is not None and before[0] == "one" and type(before[1]) is kind and before[1] == value:
                entry = before
            else:
                entry = ("one", *self._walk(("one", key), "", [{key: value}], value))
            kept[key] = entry
            if entry is before:  # (nothing changed, the most frequent)
                continue
            total += entry[-1]
            if before is not None:
                total -= before[-1]
        for key, before in last.items():  # parts gone from this view
            if key not in kept:
                total -= before[-1]
        self.last, self.total = kept, total
        return _vector(total)

    def _walk(self, where: Any, path: str, container: Any, item: Any, near: Any = None) -> tuple[Any, np.ndarray]:
        """`item`'s (copy, part): its part the sum of `container` walked under `path` (`item` its one leaf or
        entry). `where` names all the part depends on besides the item itself: the kind of part, its path, and
        the item's key in a dict (in a list, its `_match_key`, so that few are compared). An equal item of the
        same type met there lately gives its part (`POOL` kept a place, `POOL_PARTS` in all); else a dict is
        told from `near` (path, copy, part: the last item of its id, a dict whose keys sit under that path) by
        the entries that changed (`_changed`); else it is walked."""
        kept = self.pool.get(where)
        if kept is not None:
            for old, part in kept:
                if type(old) is type(item) and old == item:
                    return old, part
        found = _changed(self.size, *near, item) if near is not None else None
        if found is not None:
            copy, part = found
        else:
            part, odd = _sums([(path, container)], self.size)
            if odd:  # (a value of no JSON type: walked each time)
                return _NEVER, part
            copy = copy_plain(item, {})
        if self.pooled >= POOL_PARTS:  # (bounded: a part is 4 KB)
            self.pool.clear()
            self.pooled, kept = 0, None
        if kept is None:
            kept = self.pool[where] = []
        elif len(kept) >= POOL:
            del kept[0]
            self.pooled -= 1
        kept.append((copy, part))
        self.pooled += 1
        return copy, part

    def _list(self, path: str, value: list[Any], before: Any) -> Any:
        """A list's part ("list", copies of its items, their sums, its sum), `before` itself when unchanged."""
        frozen = path in self.frozen
        if before is not None:
            _, copies, parts, whole = before
            if frozen:  # (the same objects: told by identity alone, never changed)
                if len(copies) == len(value) and all(map(is_, copies, value)):
                    return before
            # (nothing changed, the most frequent: one comparison at C speed, item types included)
            elif copies == value and list(map(type, copies)) == list(map(type, value)):
                return before
            whole = whole.copy()
        else:
            copies, parts, whole = [], [], np.zeros(self.size, dtype=np.int64)
        # the list's sum kept whole: each changed item's old part taken off, its new one added (exact). A list's
        # items all sit under its one path, so its sum is the same in any order: an item equal to one of the last
        # elsewhere in it (the rest shifted by one gone or come: a counter lost, hidden or seen) keeps its part
        n = len(copies)
        new_copies: list[Any] = [None] * len(value)
        new_parts: list[Any] = [None] * len(value)
        taken = [False] * n
        left = []
        for i, item in enumerate(value):
            if i < n:
                old = copies[i]
                if old is item or type(old) is type(item) and old == item:
                    new_copies[i], new_parts[i], taken[i] = item if frozen else old, parts[i], True
                    continue
            left.append(i)
        if left:
            spare: dict[Any, list[int]] = {}  # the last items not kept in place, by `_match_key`
            for j in range(n):
                if not taken[j]:
                    spare.setdefault(_match_key(copies[j]), []).append(j)
            for i in left:
                item = value[i]
                for j in spare.get(_match_key(item), ()):
                    old = copies[j]
                    if not taken[j] and (old is item or type(old) is type(item) and old == item):
                        new_copies[i], new_parts[i], taken[j] = item if frozen else old, parts[j], True
                        break
                else:
                    known = self.known.get(id(item)) if frozen else None
                    if known is not None and known[0] is item and known[1] == (path, self.size):
                        new_copies[i] = item  # (walked by another viewer's vector: the same drawing)
                        new_parts[i] = part = known[2]
                        whole += part
                        continue
                    key, near = _match_key(item), None
                    if type(item) is dict:  # the last item of its id (its key), changed: told by its entries
                        j = next((j for j in spare.get(key, ()) if not taken[j] and type(copies[j]) is dict), None)
                        if j is not None:
                            near, taken[j] = (path, copies[j], parts[j]), True
                            whole -= parts[j]
                    new_copies[i], part = self._walk(("list", path, key), path, [item], item, near)
                    if frozen and new_copies[i] is not _NEVER:  # (kept itself: the next view's, if unchanged)
                        new_copies[i] = item
                        if len(self.known) >= POOL_PARTS:
                            self.known.clear()
                        self.known[id(item)] = (item, (path, self.size), part)  # (the item held: its id kept)
                    new_parts[i] = part
                    whole += part
        for j in range(n):
            if not taken[j]:
                whole -= parts[j]
        return ("list", new_copies, new_parts, whole)

    def _lists(self, path: str, value: dict[Any, list[Any]], before: Any) -> Any:
        """A dict of lists' part ("lists", each key's `_list` part, its sum), `before` itself when unchanged: a
        list of it walked the way `_sums` walks it from the view (its items under the path of the dict's key)."""
        olds = before[1] if before is not None else {}
        parts = {k: self._list(f"{path}/{k}", v, olds.get(k)) for k, v in value.items()}
        if before is not None and olds.keys() == parts.keys() and all(parts[k] is olds[k] for k in parts):
            return before
        whole = np.zeros(self.size, dtype=np.int64)
        for part in parts.values():
            whole += part[-1]
        return ("lists", parts, whole)


    def _dict(self, path: str, value: dict[Any, Any], before: Any) -> tuple[str, dict[Any, Any], dict[Any, Any],
                                                                          np.ndarray]:
        """A top-level dict's sum kept whole like a list's, by its keys: an entry's part is its walk under the
        dict's path (`{path}/{k}`, as the whole walk reaches it), so one player changed in a dict of players is
        the only one walked again."""
        if before is not None and before[0] == "dict":
            _, copies, parts, whole = before
            if copies == value and list(map(type, copies.values())) == list(map(type, value.values())):
                return before
            whole = whole.copy()
        else:
            copies, parts, whole = {}, {}, np.zeros(self.size, dtype=np.int64)
        new_copies, new_parts = {}, {}
        for k, item in value.items():
            old = copies.get(k, _NEVER)
            if type(old) is type(item) and old == item and k in parts:
                new_copies[k], new_parts[k] = old, parts[k]
                continue
            near = (f"{path}/{k}", old, parts[k]) if type(item) is dict and type(old) is dict else None
            new_copies[k], part = self._walk(("dict", path, k), path, {k: item}, item, near)
            new_parts[k] = part
            if k in parts:
                whole -= parts[k]
            whole += part
        for k, part in parts.items():
            if k not in value:
                whole -= part
        return "dict", new_copies, new_parts, whole


def _changed(size: int, path: str, old: dict[Any, Any], part: np.ndarray, item: dict[Any, Any]
             ) -> tuple[dict[Any, Any], np.ndarray] | None:
    """A dict's (copy, part) from `old`'s (a copy of a dict whose entries sit under `path`, and its part): the
    leaves not equal to the old ones (of the same type) taken off and walked again, the others' copies kept
    (never changed: private); None when a new leaf is of no JSON type. Exact: whole sums."""
    come: list[tuple[str, Any]] = []
    gone: list[tuple[str, Any]] = []
    copy = {}
    for k, v in item.items():
        w = old.get(k, _NEVER)
        copy[k] = w if type(w) is type(v) and w == v else _delta(path, k, w, v, come, gone)
    gone.extend((path, {k: v}) for k, v in old.items() if k not in item)
    delta, odd = _sums(come, size, gone)
    return None if odd else (copy, part + delta)


def _delta(path: str, k: Any, was: Any, value: Any, come: list[tuple[str, Any]], gone: list[tuple[str, Any]]
           ) -> Any:
    """`value`'s copy, `was` (its last copy, `_NEVER`: none) the entry `k` of a dict under `path` (`k` is
    `_ITEM`: an item of a list at `path`); what changed between them added to `come` and `gone` as `_add`'s
    (path, container) pairs. Two dicts are told entry by entry and two lists item by item in their places (a
    list's items all sit at its path): a player whose one army moved walks that army's changed fields alone."""
    kind = type(value)
    if type(was) is kind:
        if was == value:
            return was
        if kind is dict or kind is list:
            at = path if k is _ITEM else f"{path}/{k}"
            # (an equal entry or item, the most frequent, kept here: no call)
            if kind is dict:
                out = {}
                for j, v in value.items():
                    w = was.get(j, _NEVER)
                    out[j] = w if type(w) is type(v) and w == v else _delta(at, j, w, v, come, gone)
                gone.extend((at, {j: v}) for j, v in was.items() if j not in value)
                return out
            n = len(was)
            items = []
            for i, v in enumerate(value):
                w = was[i] if i < n else _NEVER
                items.append(w if type(w) is type(v) and w == v else _delta(at, _ITEM, w, v, come, gone))
            gone.extend((at, [v]) for v in was[len(value):])
            return items
    come.append((path, [value]) if k is _ITEM else (path, {k: value}))
    if was is not _NEVER:
        gone.append((path, [was]) if k is _ITEM else (path, {k: was}))
    return value if kind in _ATOMS else copy_plain(value, {})


_ITEM = object()  # (`_delta`'s `k` for a list's item)


def _match_key(item: Any) -> Any:
    """Where `Features._list` looks for an item among the last ones: a text by itself, a dict by its "id" (a
    counter, a unit), any other by its type alone; only an equal item of the same type is taken."""
    kind = type(item)
    if kind is str:
        return item
    if kind is dict:
        key = item.get("id")
        return (dict, key) if type(key) is str else dict
    return kind


class _Never:
    """Kept in place of a part holding a value of no JSON type (a Fraction equals 1, but adds its text): equal to
    nothing, so that part is walked again each time."""

    def __eq__(self, other: object) -> bool:
        return False

    __hash__ = None  # type: ignore[assignment]


_NEVER = _Never()


def _sums(todo: list[tuple[str, Any]], size: int, gone: list[tuple[str, Any]] | None = None
          ) -> tuple[np.ndarray, bool]:
    """The whole sums (in 1/_SCALE) of the leaves under `todo`'s (path, container) pairs, less those under
    `gone`'s, slot by slot, and whether a leaf of no JSON type was met under `todo` (read as its text)."""
    acc: dict[int, int] = defaultdict(int)  # (a few slots of the size: made into the array from them)
    odd = _add(todo, size, acc)
    if gone:
        less: dict[int, int] = defaultdict(int)
        _add(gone, size, less)
        for slot, value in less.items():
            acc[slot] -= value
    out = np.zeros(size, dtype=np.int64)
    if acc:
        out[list(acc)] = list(acc.values())
    return out, odd


def _add(todo: list[tuple[str, Any]], size: int, acc: dict[int, int]) -> bool:
    """`_sums`' walk: the leaves under `todo` added to `acc`; whether one was of no JSON type."""
    odd = False
    layouts, places, texts = _tables.setdefault(size, ({}, {}, {}))  # by (path, *keys), path, (path, text)
    for table in (layouts, places, texts):
        if len(table) >= _CACHED:
            table.clear()
    crc32, scaled, repeat = zlib.crc32, _scaled, itertools.repeat

    def place(path: str) -> tuple[str, int]:
        return path, crc32(path.encode()) % size

    # (path, container) still to walk; the order of the walk is free: every sum is of whole numbers
    while todo:
        path, value = todo.pop()
        if type(value) is dict:
            layout = layouts.get((path, *value))
            if layout is None:
                layout = layouts[(path, *value)] = tuple(place(f"{path}/{k}") for k in value)
            pairs: Iterable[tuple[tuple[str, int], Any]] = zip(layout, value.values())
        else:
            here = places.get(path)
            if here is None:
                here = places[path] = place(path)
            pairs = zip(repeat(here), value)
        for (key, slot), v in pairs:
            kind = type(v)
            if kind is str:
                text = (key, v)
                at = texts.get(text)
                if at is None:
                    at = texts[text] = crc32(f"{key}={v}".encode()) % size
                acc[at] += _SCALE
            elif kind is int or kind is float or kind is bool:
                add = scaled.get(v)
                acc[slot] += _scaled_value(v) if add is None else add
            elif v is None:
                continue
            elif kind is dict or kind is list or kind is tuple:
                todo.append((key, v))
            else:
                todo.append((key, [_plain(v)]))
                odd = True
    return odd
