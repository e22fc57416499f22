"""A unit's move search kept in a battle's memo (`movement.reach`) is keyed by the enemies within its AP in cells
only (their moves beyond it, at every other order of a battle, do not touch it): on scattered positions whose
enemies then move anywhere, at every distance of the bound, the kept search gives what a fresh one gives."""

from __future__ import annotations

import random

import pytest
from skirmish_kit import position

from campagne.games.skirmish.data import battlefields
from campagne.games.skirmish.movement import reach

CARDS = ["soldiers", "archers", "skirmishers", "knights", "peasants", "champion", "militia"]  # skirmishers: scouts


@pytest.mark.parametrize("terrain", ["mountain", "hills"])
def test_the_kept_search_is_the_fresh_one_whatever_the_enemies_do(terrain: str) -> None:
    b = battlefields()[terrain]
    width, height = len(b["terrain"][0]), len(b["terrain"])
    rng, compared, near_bound = random.Random(terrain), 0, 0
    for trial in range(12):
        cells = rng.sample(range(width * height), 14)
        names = [f"{chr(65 + c % width)}{c // width + 1}" for c in cells]
        state = position([("ab"[k % 2], rng.choice(CARDS), n) for k, n in enumerate(names)], terrain=b["terrain"],
                         height=b["height"])
        memo: dict = {}
        movers = [u for u in state.on_field() if u.camp == "a"]
        enemies = [u for u in state.on_field() if u.camp == "b"]
        for _ in range(15):
            for u in movers:
                ap = u.kind.ap
                assert reach(state, u, ap, memo) == reach(state, u, ap)
                compared += 1
                near_bound += any(state.field.distance(u.cell, e.cell) == ap for e in enemies)
            free = sorted(set(range(width * height)) - {u.cell for u in state.on_field()})
            e = rng.choice(enemies)  # one enemy moves anywhere free (a whole turn's moves, one by one)
            e.cell = rng.choice(free)
    assert compared > 500 and near_bound > 50 and memo
