"""Each counter as a view draws it (`views.unit_views`) is remembered in the state's memo by all the drawing reads
of it: the remembered drawings are those made afresh (`views.unit_view`), on states whose counters change at random
in every field a view shows, the memo kept."""

from __future__ import annotations

import copy
import random

from match_kit import random_steps

from campagne.agents.match import Match
from campagne.games.arc import views
from campagne.games.arc.data import SIDES, unit_types


def test_the_remembered_drawings_are_the_drawings() -> None:
    rng = random.Random(9)
    m = Match("arc")
    m.reset(5)
    random_steps(m, rng, 40)
    s = copy.deepcopy(m.game.state)  # its memo shared with the game's
    types, units = sorted(unit_types()), list(s.units.values())
    hexes = sorted(s.board.neighbours)
    changes = {
        "type": lambda: rng.choice(types), "side": lambda: rng.choice(SIDES), "hex": lambda: rng.choice(hexes),
        "reduced": lambda: rng.random() < 0.5, "hidden": lambda: rng.random() < 0.5,
        "status": lambda: rng.choice(("active", "eliminated", "captured", "converted")),
        "points": lambda: rng.randrange(12), "meditating": lambda: rng.random() < 0.5,
        "fading": lambda: rng.randrange(4), "start_hexes": lambda: tuple(rng.sample(hexes, 2)),
    }
    for i in range(200):
        u = rng.choice(units)
        what = sorted(changes)[i % len(changes)]
        setattr(u, what, changes[what]())
        for viewer in (None, *SIDES):
            drawn = views.view(s, viewer)["units"]
            seen = sorted((x for x in units if x.status == "active" and x.hex and s.sees(viewer, x)),
                          key=lambda x: x.id)
            assert drawn == [views.unit_view(x) for x in seen], (i, what)
        assert views.unit_views(s, units) == [views.unit_view(x) for x in units], (i, what)  # the fallen too
    assert s.memo.drawn
