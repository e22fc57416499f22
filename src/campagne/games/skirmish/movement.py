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

from typing import Any

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


def search(state: SkirmishState, unit: Unit, ap: int, zoc_spends: bool = True) -> tuple[dict[int, int], dict[int, int]]:
    """Every cell `unit` can get to with `ap` AP, with the most AP it can have left there, and the cell it
    comes from on such a way. Steps cost 1 or 2 AP: the cells are taken by AP left, most first (a bucket
    queue), so each is settled with its best. `zoc_spends` off lifts the control zones' rule: a refusal asks
    so whether they bar a cell."""
    bf = state.field
    start = unit.cell
    assert start is not None
    zoc = controlled(state, unit.camp) if zoc_spends else set()
    enemy = {u.cell for u in state.units.values() if u.status == "deployed" and u.camp != unit.camp}
    steps = bf.scout_steps if unit.kind.has("scout") else bf.steps
    best: dict[int, int] = {start: ap}
    parent: dict[int, int] = {}
    buckets: list[list[int]] = [[] for _ in range(ap + 1)]
    buckets[ap].append(start)
    for left in range(ap, 0, -1):
        for cell in buckets[left]:
            if best[cell] != left:
                continue
            inside = cell in zoc
            for nxt, cost in steps[cell]:
                if cost > left or nxt in enemy:
                    continue
                after = 0 if inside and nxt in zoc else left - cost
                if after > best.get(nxt, -1):
                    best[nxt], parent[nxt] = after, cell
                    if after:
                        buckets[after].append(nxt)
    return best, parent


def reach(state: SkirmishState, unit: Unit, ap: int, memo: dict[Any, dict[int, int]] | None = None) -> dict[int, int]:
    """The empty cells `unit` can end a move on with `ap` AP, with the AP it has left there. `memo`, a battle's
    own (`views.Memo.reach`): the search kept by all it is a function of (the field, the cell, the AP, the camp,
    whether a scout, where the enemies within `ap` cells stand), since the computers ask every unit's reach at
    every order. A step goes to one of the 8 cells around and costs 1 AP or more, so the search enters no cell
    farther than `ap` from the unit's (one at `ap` with none left, whatever its control) and steps on from none
    farther than `ap` - 1: an enemy farther than `ap` is never stepped on and its control zone, the cells around
    it, is asked of none of those. Its moves, at every other order, leave the search as it was."""
    if memo is None:
        best, _ = search(state, unit, ap)
    else:
        here, width, camp = unit.cell, state.field.width, unit.camp
        x, y, bound = here % width, here // width, ap  # type: ignore[operator]
        enemies = frozenset(c for u in state.units.values() if u.status == "deployed" and u.camp != camp
                            and abs((c := u.cell) % width - x) <= bound and abs(c // width - y) <= bound)
        key = (state.field.id, here, ap, camp, unit.kind.has("scout"), enemies)
        best = memo.get(key)  # type: ignore[assignment]
        if best is None:
            best = memo[key] = search(state, unit, ap)[0]
    occupied = state.occupant()
    return {c: left for c, left in best.items() if c != unit.cell and c not in occupied}


def route(state: SkirmishState, unit: Unit, ap: int, cell: int) -> tuple[int, list[int]] | None:
    """(AP left, the cells stepped through) of a move to `cell`, or None when it cannot end there."""
    best, parent = search(state, unit, ap)
    if cell == unit.cell or cell not in best or cell in state.occupant():
        return None
    path = [cell]
    while parent[path[-1]] != unit.cell:
        path.append(parent[path[-1]])
    return best[cell], path[::-1]
