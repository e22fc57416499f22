"""Whether a player may cast anything (`declare.could_act` in the magic phase, which closes the phase for a player
with nothing to declare) is asked without listing every spell and every zone (`_casts` with `_some_zone`, stopping at
the first spell found): on the magic phases of seeded games, the answer is `bool(casts(...))`, and a zone spell's
`_some_zone` is empty exactly when its `zone_words` are (and `_shapes_around` says whether they shape a zone around
an enemy), for every counter that may cast, every zone spell of its order."""

from __future__ import annotations

import random

from match_kit import random_walk

from campagne.agents.match import Match
from campagne.games.arc import declare
from campagne.games.arc.data import SIDES
from campagne.games.arc.magic import can_cast, order_of


def test_could_cast_answers_as_the_whole_list() -> None:
    seen = {"casts": 0, "none": 0, "shapes": 0, "no shape": 0}
    rng = random.Random(3)
    for seed in range(2):
        m = Match("arc", max_steps=120)
        m.reset(seed)
        for _ in random_walk(m, rng):
            s = m.game.state
            if s.phase == "magic":
                for p in SIDES:
                    whole = declare.casts(s, p)
                    assert declare.could_act(s, p, "magic") == bool(whole), (p, s.turn, s.phase)
                    seen["casts" if whole else "none"] += 1
                    for c in declare.own(s, p):
                        for key, spell in declare.spells_of(order_of(c)).items() if can_cast(s, c) else ():
                            if spell["kind"] != "zone":
                                continue
                            words = declare.zone_words(s, c, key, spell)
                            assert bool(declare._some_zone(s, c, key, spell)) == bool(words), (c.id, key)
                            # the shapes around enemies (after the lines): as `_shapes_around` says, lines or not
                            shapes = [w for w in words if "+" in w]
                            assert declare._shapes_around(s, c, spell) == bool(shapes), (c.id, key)
                            seen["shapes" if shapes else "no shape"] += 1
    assert all(seen.values()), seen
