from hypothesis import given, strategies as st

from campagne.core import hexgrid
from campagne.core.dice import ScriptedDice
from campagne.core.hexgrid import DIRECTIONS, distance, neighbours, opposite, step, walk

coords = st.tuples(st.integers(-30, 30), st.integers(-30, 30))


def test_faces_and_opposites():
    assert DIRECTIONS[1] == (1, 0) and DIRECTIONS[4] == (-1, 0)
    assert [opposite(d) for d in range(1, 7)] == [4, 5, 6, 1, 2, 3]
    for d in range(1, 7):
        assert step(step((0, 0), d), opposite(d)) == (0, 0)


@given(coords)
def test_neighbours_symmetric_and_at_distance_one(c):
    ns = neighbours(c)
    assert len(set(ns)) == 6
    for n in ns:
        assert distance(c, n) == 1
        assert c in neighbours(n)


@given(coords, coords, coords)
def test_distance_is_a_metric(a, b, c):
    assert distance(a, a) == 0
    assert distance(a, b) == distance(b, a)
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, c) <= distance(a, b) + distance(b, c)


def test_ring_and_spiral_sizes():
    assert len(hexgrid.ring((0, 0), 3)) == 18
    assert all(distance(c, (2, 1)) == 3 for c in hexgrid.ring((2, 1), 3))
    assert len(hexgrid.spiral((0, 0), 4)) == 61


def disc(radius):
    return lambda c: distance(c, (0, 0)) <= radius


def test_walk_straight_without_sea():
    end, path = walk((0, 0), 1, 2, disc(5))
    assert end == (2, 0) and path == ((1, 0), (2, 0))


def test_walk_bounces_off_the_sea():
    # Land is the disc of radius 2: going east from (0,0), 5 steps: (1,0) (2,0), then sea ahead
    # -> turn west: (1,0) (0,0) (-1,0).
    end, path = walk((0, 0), 1, 5, disc(2))
    assert path == ((1, 0), (2, 0), (1, 0), (0, 0), (-1, 0))
    assert end == (-1, 0)


def test_walk_boxed_in_spends_the_step_in_place():
    end, path = walk((0, 0), 3, 2, lambda c: c == (0, 0))
    assert end == (0, 0) and path == ((0, 0), (0, 0))


def test_walk_with_scripted_dice():
    dice = ScriptedDice([6, 4])
    direction = dice.roll("1D6", "ghost direction")
    steps = dice.roll("1D6", "ghost distance")
    end, path = walk((0, 0), direction, steps, disc(2))
    # south-east (0,+1): (0,1) (0,2), sea -> north-west: (0,1) (0,0)
    assert path == ((0, 1), (0, 2), (0, 1), (0, 0))


@given(st.integers(1, 6), st.integers(0, 12), st.integers(0, 4), coords)
def test_walk_never_on_sea(direction, steps, radius, start):
    is_land = disc(radius)
    if not is_land(start):
        return
    end, path = walk(start, direction, steps, is_land)
    assert len(path) == steps
    assert is_land(end) and all(is_land(c) for c in path)
    prev = start
    for c in path:
        assert distance(prev, c) <= 1
        prev = c


def test_pixel_layout_pointy_top():
    assert hexgrid.to_pixel((0, 0), 10) == (0.0, 0.0)
    x, y = hexgrid.to_pixel((0, 1), 10)
    assert y == 15.0
    cs = hexgrid.corners((0, 0), 10)
    assert len(cs) == 6 and min(y for _, y in cs) == -10.0
