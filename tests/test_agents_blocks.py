"""`ActionCodec.blocks` (made at every step, its most frequent field read in place) lays out the legal orders as
`field_values` and the types' declared order say: orders of every kind of field, listed out of the types' order,
past a type's slots, of an undeclared type, with an empty choice."""

from __future__ import annotations

import math
import random

from campagne.agents.encoding import ActionCodec, field_values
from campagne.core.interface import Field, LegalOrder


def _plain(codec: ActionCodec, legal: list[LegalOrder]) -> tuple:  # type: ignore[type-arg]
    used: dict[str, int] = {}
    runs, cut = [], 0
    for lo in legal:
        values = [field_values(f) for f in lo.fields]
        size = math.prod(len(v) for v in values)
        if size == 0:
            continue
        if lo.type not in codec.types or used.get(lo.type, 0) + size > codec.slots[codec.types.index(lo.type)]:
            cut += size
            continue
        runs.append((codec.offsets[codec.types.index(lo.type)] + used.get(lo.type, 0), size, lo, values))
        used[lo.type] = used.get(lo.type, 0) + size
    runs.sort(key=lambda r: r[0])
    return [r[0] for r in runs], [r[1] for r in runs], [r[2] for r in runs], [r[3] for r in runs], cut


def test_the_blocks_are_the_plain_layout() -> None:
    rng = random.Random(2)
    codec = ActionCodec(("move", "fight", "end"), {"move": 40, "fight": 12, "end": 3})
    fields = [Field("to", choices=("a", "b", "c")), Field("to", choices=["x", "y"]), Field("to", choices=()),
              Field("how", choices=("p", "q"), optional=True), Field("n", "int", low=1, high=4),
              Field("n", "int", low=0, high=100), Field("yes", "bool"), Field("why", "text"),
              Field("why", "text", optional=True)]
    for _ in range(300):
        legal = [LegalOrder(rng.choice(("move", "fight", "end", "other")), "p", {},
                            tuple(rng.sample(fields, rng.randint(0, 2)))) for _ in range(rng.randint(0, 8))]
        b = codec.blocks(legal)
        starts, sizes, orders, values, cut = _plain(codec, legal)
        assert (b.starts, b.sizes, b.cut) == (starts, sizes, cut)
        assert all(x is y for x, y in zip(b.orders, orders)) and len(b.orders) == len(orders)
        assert [list(map(tuple, v)) for v in b.values] == values
