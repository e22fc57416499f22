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
