"""The fixed encoding of orders as action numbers (re-exported by `encoding`, where the agents' code reads it).

Actions. A game's action space is one block of numbers per order type the game declares (its descriptor's
`orders`, in their declared order), each block as long as the most concrete orders of that type a player can be
offered at once: the game's own bound where its descriptor declares one (`agent_actions`, type -> size), else
`SLOTS`. The blocks' lengths, so the action space and the type of every action number, are fixed for the game:
action `starts[t] + k` is always an order of type `types[t]`. Within a type, `k` counts the concrete orders of
that type listed now by `legal_orders`, in the order the rules list them: each `LegalOrder` takes a run of
numbers, one per combination of its fields' values (the last field fastest). What `k` names within its type
depends on the state (a unit's id or a hex is not a number the game declares), as with any game whose moves are
listed, not drawn.

The domains, bounded where they are open:
- `choice`: every choice, in the rules' order; `bool`: false, true;
- `int`: every whole number when the range holds at most `INT_VALUES`, else `INT_VALUES` evenly spaced ones from
  `low` to `high` (both kept): an agent bids, buys or bribes on that grid;
- `text` (free text: a hero's name, a reason): the one text `TEXT`;
- an `optional` field: first "left out", then its values.
A type's concrete orders past its block are not offered (`Blocks.cut` counts them; tests/test_agents_env.py plays
seeded random games of every game and finds none).
"""

from __future__ import annotations

import bisect
import itertools
import math
import operator
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..core.interface import Field, LegalOrder

SLOTS = 1 << 10  # a type's block when its game declares no bound for it
INT_VALUES = 32
TEXT = "agent"
_LEFT_OUT = object()


def field_values(f: Field) -> tuple[Any, ...]:
    """The values an action may give this field (see the module's note)."""
    if f.kind == "choice":
        values: tuple[Any, ...] = tuple(f.choices)
    elif f.kind == "bool":
        values = (False, True)
    elif f.kind == "int":
        low, high = int(f.low), int(f.high)  # type: ignore[arg-type]
        if high - low + 1 <= INT_VALUES:
            values = tuple(range(low, high + 1))
        else:
            values = tuple(sorted({low + (high - low) * i // (INT_VALUES - 1) for i in range(INT_VALUES)}))
    else:
        values = () if f.optional else (TEXT,)
    return ((_LEFT_OUT,) + values) if f.optional else values


@dataclass
class Blocks:
    """The legal orders of one player now, laid out on the action numbers."""

    starts: list[int]
    sizes: list[int]
    orders: list[LegalOrder]
    values: list[list[tuple[Any, ...]]]
    cut: int = 0  # concrete orders past their type's slots (or of an undeclared type): not offered

    @property
    def count(self) -> int:
        return sum(self.sizes)


class ActionCodec:
    """Action numbers <-> commands, for one game's declared order types and their blocks' lengths."""

    def __init__(self, types: Sequence[str], slots: int | Mapping[str, int] = SLOTS) -> None:
        self.types = tuple(types)
        self.slots = tuple(int(slots if isinstance(slots, int) else slots.get(t, SLOTS)) for t in self.types)
        self.offsets = tuple(itertools.accumulate(self.slots, initial=0))[:-1]  # where each type's block starts
        self.size = sum(self.slots)
        self._type_index = {t: i for i, t in enumerate(self.types)}

    def blocks(self, legal: Iterable[LegalOrder]) -> Blocks:
        # (made at every step: the most frequent field, a required choice, read without `field_values`' call)
        used: dict[str, int] = {}
        starts: list[int] = []
        sizes: list[int] = []
        orders: list[LegalOrder] = []
        values_of: list[list[tuple[Any, ...]]] = []
        cut = 0
        index_of, slots, offsets = self._type_index.get, self.slots, self.offsets
        for lo in legal:
            values = [f.choices if f.kind == "choice" and not f.optional and type(f.choices) is tuple
                      else field_values(f) for f in lo.fields]
            size = math.prod(map(len, values))
            if size == 0:
                continue
            kind = lo.type
            index, before = index_of(kind), used.get(kind, 0)
            if index is None or before + size > slots[index]:
                cut += size
                continue
            starts.append(offsets[index] + before)
            sizes.append(size)
            orders.append(lo)
            values_of.append(values)
            used[kind] = before + size
        # the runs of one type follow each other, and the types' blocks are in order: sorted by start (most often
        # they came so)
        if any(map(operator.gt, starts, starts[1:])):
            order = sorted(range(len(starts)), key=starts.__getitem__)
            starts, sizes = [starts[i] for i in order], [sizes[i] for i in order]
            orders, values_of = [orders[i] for i in order], [values_of[i] for i in order]
        return Blocks(starts, sizes, orders, values_of, cut)

    def mask(self, blocks: Blocks | None) -> np.ndarray:
        mask = np.zeros(self.size, dtype=np.int8)
        if blocks is not None:
            for start, size in zip(blocks.starts, blocks.sizes):
                mask[start:start + size] = 1
        return mask

    def legal_actions(self, blocks: Blocks) -> list[int]:
        return [a for start, size in zip(blocks.starts, blocks.sizes) for a in range(start, start + size)]

    def decode(self, blocks: Blocks, action: int) -> dict[str, Any]:
        """The command action number `action` names now (ValueError: not a legal action now)."""
        i = bisect.bisect_right(blocks.starts, action) - 1
        if i < 0 or action >= blocks.starts[i] + blocks.sizes[i]:
            raise ValueError(f"action {action} is not legal now")
        k = action - blocks.starts[i]
        chosen: dict[str, Any] = {}
        lo, values = blocks.orders[i], blocks.values[i]
        for f, vals in zip(reversed(lo.fields), reversed(values)):
            k, j = divmod(k, len(vals))
            if vals[j] is not _LEFT_OUT:
                chosen[f.name] = vals[j]
        return lo.command(chosen)

    def encode(self, blocks: Blocks, command: dict[str, Any]) -> int | None:
        """The action number of `command` now, if it is one of the offered orders (None otherwise)."""
        from ..core.interface import _same
        for start, lo, values in zip(blocks.starts, blocks.orders, blocks.values):
            if not lo.describes(command):
                continue
            k = 0
            for f, vals in zip(lo.fields, values):
                value = command.get(f.name, _LEFT_OUT)
                j = next((j for j, v in enumerate(vals) if v is value or (v is not _LEFT_OUT and value is not
                                                                        _LEFT_OUT and _same(v, value))), None)
                if j is None:
                    break
                k = k * len(vals) + j
            else:
                return start + k
        return None

    def name(self, action: int) -> str:
        """The order type of an action number (fixed for the game)."""
        if not 0 <= action < self.size:
            raise ValueError(f"action {action} is no action of this game")
        return self.types[bisect.bisect_right(self.offsets, action) - 1]
