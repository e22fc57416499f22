"""Line of sight on the squares (seed 004, « Couper les lignes de vue »): the exact supercover walk, its corner
cases both ways, height, and the all-pairs array against the pair rule."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from campagne.games.skirmish import sight
from campagne.games.skirmish.grid import from_mapping


def bf(terrain: list[str], height: list[str] | None = None):
    raw = {"terrain": terrain, "zones": ["A1:A1", "B1:B1"]}
    if height:
        raw["height"] = height
    return from_mapping("t", raw)


def names(b, cells):
    return [b.name(c) for c in cells]


def crossed(b, a: str, z: str) -> list[str]:
    return names(b, sight.crossed(b, b.index(a), b.index(z)))


OPEN = bf(["......"] * 6)


def test_a_straight_line_crosses_the_cells_between():
    assert crossed(OPEN, "A1", "E1") == ["B1", "C1", "D1"]
    assert crossed(OPEN, "E1", "A1") == ["D1", "C1", "B1"]
    assert crossed(OPEN, "B2", "B6") == ["B3", "B4", "B5"]


def test_a_line_through_exact_corners_steps_diagonally_and_touches_nothing_else():
    # A1 -> D4 passes through the corners B2/C3...: only the diagonal cells are crossed, both ways
    assert crossed(OPEN, "A1", "D4") == ["B2", "C3"]
    assert crossed(OPEN, "D4", "A1") == ["C3", "B2"]
    # A1 -> C5 (2 across, 4 down) passes exactly through the corner between A2/B2/A3/B3... — ((0.5,0.5) to
    # (2.5,4.5): at y=2 x=1.5 (mid cell), at x=1 y=1.5 (mid cell): no corner; at x=2 y=3.5: no corner)
    assert crossed(OPEN, "A1", "C5") == ["A2", "B2", "B3", "B4", "C4"]
    assert sorted(crossed(OPEN, "C5", "A1")) == sorted(["A2", "B2", "B3", "B4", "C4"])
    # A1 -> C3 via B2's corners only; the cells A2, B1, C2, B3 are only touched at a corner
    assert crossed(OPEN, "A1", "C3") == ["B2"]


def test_a_knight_line_crosses_two_cells_and_their_order_mirrors():
    assert crossed(OPEN, "A1", "B3") == ["A2", "B2"]
    assert crossed(OPEN, "B3", "A1") == ["B2", "A2"]


def test_a_forest_touched_at_a_corner_does_not_cut_the_line_but_one_crossed_does():
    b = bf(["......", ".F....", "......", "......", "......", "......"])  # forest on B2
    assert not sight.sees(b, b.index("A1"), b.index("C3"))  # crosses B2
    assert not sight.sees(b, b.index("C3"), b.index("A1"))
    b2 = bf(["......", "F.....", "......", "......", "......", "......"])  # forest on A2, touched by A1-C3? no:
    assert sight.sees(b2, b2.index("B1"), b2.index("A3")) is False  # B1 -> A3 crosses B2 and A2
    b3 = bf(["......", "..F...", "......", "......", "......", "......"])  # forest on C2: only a corner of A1-C3
    assert sight.sees(b3, b3.index("A1"), b3.index("C3")) and sight.sees(b3, b3.index("C3"), b3.index("A1"))


def test_a_unit_inside_a_forest_is_seen_and_sees():
    b = bf(["F....F"] + ["......"] * 5)
    assert sight.sees(b, b.index("A1"), b.index("F1"))
    b2 = bf(["F.F..F"] + ["......"] * 5)
    assert not sight.sees(b2, b2.index("A1"), b2.index("F1"))


def test_lower_cells_do_not_cut_the_sight_of_an_elevated_unit_both_ways():
    b = bf(["......", "..F...", "......"], ["100000", "000000", "000000"])  # A1 on a knoll, forest C2 below
    a, z = b.index("A1"), b.index("E3")
    assert sight.sees(b, a, z) and sight.sees(b, z, a)
    flat = bf(["......", "..F...", "......"])
    assert not sight.sees(flat, flat.index("A1"), flat.index("E3"))
    # a forest as high as the high end still cuts
    b2 = bf(["......", "..F...", "......"], ["100000", "001000", "000000"])
    assert not sight.sees(b2, b2.index("A1"), b2.index("E3"))


def test_a_crest_higher_than_both_ends_hides():
    b = bf(["......"], ["001000"])
    assert not sight.sees(b, b.index("A1"), b.index("E1"))
    assert sight.sees(b, b.index("A1"), b.index("C1"))  # the crest itself is seen


def test_elevation_is_the_higher_cell():
    b = bf(["...."], ["1000"])
    assert sight.elevated(b, b.index("A1"), b.index("D1"))
    assert not sight.elevated(b, b.index("D1"), b.index("A1"))


RANDOM_ROWS = st.integers(3, 9).flatmap(lambda w: st.integers(3, 9).flatmap(lambda h: st.tuples(
    st.lists(st.text(alphabet=".F.H", min_size=w, max_size=w), min_size=h, max_size=h),
    st.lists(st.text(alphabet="0012", min_size=w, max_size=w), min_size=h, max_size=h))))


@settings(max_examples=60, deadline=None)
@given(rows=RANDOM_ROWS, data=st.data())
def test_sight_is_symmetric_and_the_walk_is_the_same_cells_reversed(rows, data):
    b = bf(*rows)
    a = data.draw(st.integers(0, b.size - 1))
    z = data.draw(st.integers(0, b.size - 1))
    assert sight.sees(b, a, z) == sight.sees(b, z, a)
    assert sight.crossed(b, a, z) == sight.crossed(b, z, a)[::-1]


@settings(max_examples=60, deadline=None)
@given(dx=st.integers(-12, 12), dy=st.integers(-12, 12))
def test_the_walk_crosses_exactly_the_cells_the_segment_enters(dx, dy):
    """Checked against geometry: a cell is crossed when the segment passes through its open interior
    (sampled finely: the exact walk never misses or adds a cell)."""
    from fractions import Fraction
    got = set(sight.offsets(dx, dy))
    want = set()
    steps = 4 * 12 * 12
    for k in range(1, steps):
        t = Fraction(k, steps)
        x, y = Fraction(1, 2) + dx * t, Fraction(1, 2) + dy * t
        if x.denominator == 1 or y.denominator == 1:
            continue  # on a grid line: touching, not crossing
        want.add((int(x // 1), int(y // 1)))
    want -= {(0, 0), (dx, dy)}
    assert got == want


@settings(max_examples=15, deadline=None)
@given(rows=RANDOM_ROWS)
def test_all_pairs_agrees_with_the_pair_rule(rows):
    b = bf(*rows)
    table = sight.all_pairs(b)
    for a in range(b.size):
        for z in range(b.size):
            assert bool(table[a, z]) == sight.sees(b, a, z), (b.name(a), b.name(z))
