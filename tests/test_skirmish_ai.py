"""The heuristic computer of the grid battle (`ai.tactician`): focus fire, protect civilians, cover and high
ground — each on a small position, deciding from the view and the legal orders only."""

from __future__ import annotations

import random

from skirmish_kit import position

from campagne.games.skirmish.ai import tactician
from campagne.games.skirmish.legal import legal_orders
from campagne.games.skirmish.views import view


def choose(state, camp="a"):
    return tactician(view(state, camp), legal_orders(state, camp), random.Random(0))


def test_it_finishes_the_wounded_enemy_first():
    s = position([("a", "archers", "A1"), ("b", "soldiers", "A5"), ("b", "soldiers", "C5", {"hp": 1})])
    cmd = choose(s)
    assert cmd == {"type": "attack", "player": "a", "unit": "archers.1", "target": "soldiers.2"}


def test_it_strikes_the_enemy_next_to_its_civilians():
    s = position([("a", "archers", "A1"), ("a", "peasants", "H8"), ("b", "soldiers", "A5"),
                  ("b", "soldiers", "F7")])
    s.units["peasants.1"].activated = True
    cmd = choose(s)
    assert cmd["type"] == "attack" and cmd["target"] == "soldiers.2"


def test_its_civilians_move_away_from_the_enemy():
    s = position([("a", "peasants", "D4"), ("a", "soldiers", "H8"), ("b", "soldiers", "D2")])
    s.units["soldiers.1"].activated = True
    cmd = choose(s)
    assert cmd["type"] == "move" and cmd["unit"] == "peasants.1"
    cell = s.field.index(cmd["cell"])
    assert s.field.distance(cell, s.field.index("D2")) > 2


def test_its_shooters_seek_cover_and_height_within_range():
    terrain = ["........", "........", "........", "........", "........", "........", "...H....", "........"]
    height = ["00000000"] * 5 + ["00000000", "00000000", "01000000"]
    s = position([("a", "archers", "E8"), ("b", "soldiers", "E1")], terrain=terrain, height=height)
    cmd = choose(s)
    assert cmd["type"] == "move" and cmd["cell"] in ("D7", "B8")  # the hedge's cover or the knoll
