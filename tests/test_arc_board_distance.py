"""Arc's board reckons a distance itself (asked about a hundred thousand times a game): the grid's own."""

from campagne.core import hexgrid
from campagne.games.arc.board import arc_board


def test_the_boards_distance_is_the_grids() -> None:
    b = arc_board()
    hexes = list(b.coords)
    for a in hexes[::5]:
        for c in hexes[::3]:
            assert b.distance(a, c) == hexgrid.distance(b.axial(a), b.axial(c)), (a, c)


def test_a_hexs_neighbours_are_the_hexes_one_away() -> None:
    """`detect` reads « à 1 hex » as the hex itself or a neighbour: the board's neighbours are every hex at
    distance 1, and no other."""
    b = arc_board()
    for a in b.coords:
        assert set(b.neighbours[a]) == {c for c in b.coords if b.distance(a, c) == 1}, a


def test_near_keeps_the_items_within_the_radius_in_their_order() -> None:
    """`near` (a counter's search keys its foes with it) is `distance` written out, the bound included."""
    b = arc_board()
    hexes = list(b.coords)
    items = [(h, i) for i, h in enumerate(hexes[::4])]
    for a in hexes[::9]:
        for radius in (0, 1, 3, 6):
            assert b.near(a, radius, items) == tuple(x for x in items if b.distance(a, x[0]) <= radius), (a, radius)
