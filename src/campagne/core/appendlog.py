"""A list that is only ever appended to, whose copies share what they hold in common.

A journal only grows, and the club's server copies a campaign's journal at every order (a command works on a copy,
thrown away if refused). Copying a Python list of tens of thousands of entries touches every one of them, and the
copies then weigh on every pass of the garbage collector: an order on a long journal took milliseconds more than
on a short one. Here the full blocks are tuples shared by every copy; a copy copies only the list of blocks and the
last, partial block, whatever the length.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import chain, islice
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")

BLOCK = 256


class AppendLog(Sequence[T], Generic[T]):
    """A sequence with `append`, `extend` and `copy` (in time independent of its length); read like a list."""

    __slots__ = ("_blocks", "_tail")
    __hash__ = None  # type: ignore[assignment]  # it changes, as a list does

    def __init__(self, items: Iterable[T] = ()) -> None:
        self._blocks: tuple[tuple[T, ...], ...] = ()
        self._tail: list[T] = []
        self.extend(items)

    def append(self, item: T) -> None:
        self._tail.append(item)
        if len(self._tail) == BLOCK:
            self._blocks = (*self._blocks, tuple(self._tail))
            self._tail = []

    def extend(self, items: Iterable[T]) -> None:
        for item in items:
            self.append(item)

    def copy(self) -> AppendLog[T]:
        clone = AppendLog.__new__(AppendLog)
        clone._blocks = self._blocks  # immutable: shared
        clone._tail = list(self._tail)
        return clone

    __copy__ = copy

    def __len__(self) -> int:
        return len(self._blocks) * BLOCK + len(self._tail)

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):  # a list, as a list's slice is
            start, stop, step = index.indices(len(self))
            if step == 1:
                return list(islice(self._from(start), max(0, stop - start)))
            return [self[i] for i in range(start, stop, step)]
        size = len(self)
        i = index.__index__()
        if i < 0:
            i += size
        if not 0 <= i < size:
            raise IndexError("AppendLog index out of range")
        block, offset = divmod(i, BLOCK)
        return self._blocks[block][offset] if block < len(self._blocks) else self._tail[offset]

    def _from(self, start: int) -> Iterator[T]:
        block, offset = divmod(start, BLOCK)
        if block >= len(self._blocks):
            return iter(self._tail[offset:])
        return chain(islice(self._blocks[block], offset, None), *self._blocks[block + 1:], self._tail)

    def __iter__(self) -> Iterator[T]:
        return chain(*self._blocks, self._tail)

    def __reversed__(self) -> Iterator[T]:
        yield from reversed(self._tail)
        for block in reversed(self._blocks):
            yield from reversed(block)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, (AppendLog, list)):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other))

    def __repr__(self) -> str:
        return f"AppendLog({list(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return AppendLog, (list(self),)
