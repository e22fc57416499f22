"""Moving a unit on the grid (seed 004, « Déplacer une unité », « Obstacle », « Zone de contrôle »).

- each cell entered costs 1 AP, +1 across an obstacle (a forest entered, a slope crossed; never more than +1);
- « S'il reste moins de points d'actions à une unité que ce qu'il faudrait pour entrer sur une case, l'unité ne
  peut pas s'y déplacer »;
- a cliff is never crossed;
- « Quitter une case contrôlée par une unité ennemie pour rentrer sur une case aussi contrôlée par une unité
  ennemie (que ce soit la même unité ou non) utilise tous les points d'actions de l'unité »: such a step still
  needs its cost, then leaves the unit with none (it stops there);
- a unit passes through its own camp's units but not through an enemy, and ends its move on an empty cell
  (campagne's reading: the seed puts one unit on a cell and says nothing of passing).
One `move` order names the cell reached; the way taken is the one leaving the most AP (any such way is the
same under these rules), and the event records it.
"""

from __future__ import annotations

import heapq

from .state import SkirmishState, Unit


def controlled(state: SkirmishState, camp: str) -> set[int]:
    """The cells an enemy of `camp` controls: « Chaque case adjacente à une unité est dite contrôlée par l'unité »
    (every unit, civilians too: the seed makes no exception)."""
    around = state.field.around
    out: set[int] = set()
    for u in state.units.values():
        if u.status == "deployed" and u.camp != camp:
            out.update(around[u.cell])  # type: ignore[index]
    return out


def step_cost(state: SkirmishState, unit: Unit, a: int, b: int) -> int | None:
    """AP to step from a into the adjacent cell b (None: a cliff between)."""
    bf = state.field
    if bf.cliff(a, b):
        return None
    return 1 if unit.kind.has("scout") else 1 + bf.extra_cost(a, b)


def reach(state: SkirmishState, unit: Unit, ap: int) -> dict[int, tuple[int, list[int]]]:
    """The empty cells `unit` can end a move on with `ap` AP: cell -> (AP left, the cells stepped through)."""
    bf = state.field
    start = unit.cell
    assert start is not None
    zoc = controlled(state, unit.camp)
    occupied = state.occupant()
    best: dict[int, int] = {start: ap}
    parent: dict[int, int] = {}
    heap = [(-ap, start)]
    while heap:
        neg, cell = heapq.heappop(heap)
        left = -neg
        if left < best.get(cell, -1) or left == 0:
            continue
        for nxt in bf.around[cell]:
            other = occupied.get(nxt)
            if other is not None and other.camp != unit.camp:
                continue
            cost = step_cost(state, unit, cell, nxt)
            if cost is None or cost > left:
                continue
            after = 0 if cell in zoc and nxt in zoc else left - cost
            if after > best.get(nxt, -1):
                best[nxt], parent[nxt] = after, cell
                heapq.heappush(heap, (-after, nxt))
    out: dict[int, tuple[int, list[int]]] = {}
    for cell, left in best.items():
        if cell == start or cell in occupied:
            continue
        path, c = [cell], cell
        while parent[c] != start:
            c = parent[c]
            path.append(c)
        out[cell] = (left, path[::-1])
    return out
