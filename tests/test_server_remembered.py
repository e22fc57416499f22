"""`store.remembered`: a page part is drawn once even when several of a process's threads ask for it at once (people
sharing a seat, 8 readers of a new state); the others wait for it instead of drawing it again beside it."""

from __future__ import annotations

import threading

from campagne.server import store


def test_a_part_asked_at_once_is_drawn_once() -> None:
    memo: dict[object, object] = {}
    started, go = threading.Event(), threading.Event()
    made: list[str] = []
    got: dict[str, object] = {}

    def first() -> object:
        made.append("first")
        started.set()
        go.wait(10)
        return "drawn by the first"

    def second() -> object:
        made.append("second")
        return "drawn by the second"

    t1 = threading.Thread(target=lambda: got.update(a=store.remembered(memo, "k", 8, first)))
    t1.start()
    assert started.wait(10)
    t2 = threading.Thread(target=lambda: got.update(b=store.remembered(memo, "k", 8, second)))
    t2.start()
    t2.join(0.3)
    assert t2.is_alive(), "the second asker drew the part beside the first instead of waiting for it"
    go.set()
    t1.join(10)
    t2.join(10)
    assert made == ["first"]
    assert got == {"a": "drawn by the first", "b": "drawn by the first"}
    assert not store._making  # nothing left behind


def test_a_failed_draw_is_drawn_again_by_the_next_asker() -> None:
    memo: dict[object, object] = {}

    def broken() -> object:
        raise ValueError("no")

    try:
        store.remembered(memo, "k", 8, broken)
    except ValueError:
        pass
    assert store.remembered(memo, "k", 8, lambda: 3) == 3
    assert not store._making


def test_other_keys_are_not_held_up() -> None:
    memo: dict[object, object] = {}
    go = threading.Event()
    t = threading.Thread(target=lambda: store.remembered(memo, "slow", 8, lambda: go.wait(10)))
    t.start()
    try:
        assert store.remembered(memo, "quick", 8, lambda: 1) == 1
    finally:
        go.set()
        t.join(10)
