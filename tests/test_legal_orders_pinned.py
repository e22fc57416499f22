"""`legal_orders` returns exactly what it returned before it was made faster: on the seeded positions of
`legal_pin_kit` (every game), the digest of each person's legal orders equals the one written from the reference
implementation (tests/golden/legal_orders.json)."""

from __future__ import annotations

import json

import pytest

from legal_pin_kit import GOLDEN, WALKS, walk

PINNED = json.loads(GOLDEN.read_text())


@pytest.mark.parametrize("game,seed,size", [(g, s, n) for g, runs in WALKS.items() for s, n in runs])
def test_legal_orders_are_those_pinned(game, seed, size):
    expected = PINNED[f"{game} {seed}"]
    found = walk(game, seed, size)
    for want, got in zip(expected, found):
        assert got == want, f"{game} seed {seed}: position and person {want!r}, now {got!r}"
    assert len(found) == len(expected)
