"""`encoding.Features`' pool (parts met lately, found again by where they stand and the item itself) and its
changed dicts (told from the last of their id by the entries that changed) give the very vector `features`
gives: each view below would take a part from the wrong place if the pool's key forgot the kind of part, its
path, a dict's key or a top-level key, or if a changed dict were told under the wrong path."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import numpy as np

import campagne.agents.encoding as encoding
from campagne.agents.encoding import Features, features


def _same_along(views: list[Any], size: int = 64) -> Features:
    memo = Features(size)
    for view in views:
        assert np.array_equal(memo(view), features(view, size)), view
    return memo


def test_the_pool_is_keyed_by_the_kind_the_path_and_the_key() -> None:
    _same_along([
        {"u": ["x"]}, {"v": ["x"]}, {"u": ["x"]},  # one item under two paths
        {"u": {"x": "x"}}, {"u": ["x"]}, {"u": {"x": "x"}},  # the same text a list's item, then a dict's entry
        {"u": {"p": 1, "q": 2}}, {"u": {"p": 2, "q": 1}}, {"u": {"p": 1, "q": 1}},  # one value, two keys
        {"n": 5}, {"m": 5}, {"n": 5, "m": 5},  # top-level values by their key
        {"n": [5]}, {"n": 5}, {"n": {"n": 5}}, {"n": [5]},
        {"n": Fraction(5)}, {"n": [Fraction(5)]}, {"n": 5}])  # equal, of no JSON type: never the pool's


def test_a_part_that_comes_back_is_found_in_the_pool_not_walked(monkeypatch: Any) -> None:
    walked: list[Any] = []
    plain = encoding._sums

    def spy(todo, size, gone=None):  # type: ignore[no-untyped-def]
        walked.extend(todo)
        return plain(todo, size, gone)

    start = {"units": [{"id": "a", "hex": "0101"}], "phase": "move"}
    later = {"units": [{"id": "a", "hex": "0202"}], "phase": "fight"}
    memo = _same_along([start, later])
    expected = features(start, 64)
    monkeypatch.setattr(encoding, "_sums", spy)
    got = memo({"units": [{"id": "a", "hex": "0101"}], "phase": "move"})  # a game's start again, say
    assert walked == []
    assert np.array_equal(got, expected)


def test_a_changed_dict_is_told_by_its_entries_and_gives_the_vector() -> None:
    unit = {"id": "a", "hex": "0101", "flags": {"moved": False, "shot": False}, "models": 10, "gone": None}
    views = [{"units": [unit], "sides": {"a": {"points": 3, "lost": [1]}}}]
    rng = random.Random(3)
    for _ in range(60):
        u = dict(unit)
        u["flags"] = {k: rng.random() < 0.5 for k in ("moved", "shot", "fled")[:rng.randint(1, 3)]}
        u["models"] = rng.choice([10, 9, 9.0, True, "10", Fraction(10)])  # (equal, not the same sum)
        if rng.random() < 0.3:
            del u["hex"]  # an entry gone, then back
        if rng.random() < 0.2:
            u["new"] = Fraction(1, rng.randint(1, 3))  # no JSON type: walked whole
        side = {"points": rng.randint(1, 4), "lost": [rng.randint(0, 2)]}
        if rng.random() < 0.3:
            side["extra"] = {"x": "y"}
        views.append({"units": [u, {**u, "id": "b"}][:rng.randint(1, 2)], "sides": {"a": side, "b": dict(side)}})
    _same_along(views)
    _same_along(views, 512)


def test_the_pool_is_bounded(monkeypatch: Any) -> None:
    monkeypatch.setattr(encoding, "POOL_PARTS", 5)
    monkeypatch.setattr(encoding, "POOL", 2)
    memo = _same_along([{"u": [i, str(i)], "v": {"k": i}} for i in range(20)] + [{"u": [3], "v": {"k": 4}}])
    assert memo.pooled <= 5 and all(len(kept) <= 2 for kept in memo.pool.values())
    assert memo.pooled == sum(len(kept) for kept in memo.pool.values())
