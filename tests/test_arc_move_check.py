"""A move's declaration asks whether its one counter is among `declare.movers` and whether its reach holds the hex
(rather than listing every mover and sorting the reach): along seeded games' movement phases, every counter of
every side (its own, another's, already declared, lost), on Pegasus or not, to hexes in its reach and out of it,
is accepted exactly when the counter is a mover and the hex one of `declare.destinations`."""

from __future__ import annotations

import random

from campagne.agents.match import Match
from campagne.core.dice import Dice
from campagne.core.errors import CampagneError
from campagne.games.arc import declare
from campagne.games.arc.data import SIDES


def _refusal(m: Match, cmd: dict) -> str | None:  # type: ignore[type-arg]
    try:
        m.game.ruleset.apply(m.game.state.__deepcopy__({}), cmd, Dice.seeded("legal-probe", 0))
    except CampagneError as e:
        return e.code
    return None


def test_a_move_is_accepted_exactly_for_a_mover_and_a_hex_of_its_reach() -> None:
    rng, asked, took = random.Random(11), 0, 0
    for seed in (1,):
        m = Match("arc", max_steps=150)
        m.reset(seed)
        while not m.over:
            s = m.game.state
            if s.phase in ("move", "special") and m.current in SIDES:
                p = m.current
                movers = {u.id for u in declare.movers(s, p, s.phase)}
                hexes = sorted(s.board.neighbours)
                for u in rng.sample(list(s.units.values()), 3):
                    for kind in ("move", "fly"):
                        mount = "pegasus" if kind == "fly" else None
                        ends = declare.destinations(s, u, mount) if u.id in movers and mount in declare.mounts(u) \
                            else []
                        for h in [*ends[:2], *rng.sample(hexes, 2)]:
                            got = _refusal(m, {"type": kind, "player": p, "unit": u.id, "hex": h})
                            assert (got is None) == (h in ends), (u.id, kind, h, got)
                            asked += 1
                            took += got is None
            m.act(rng.choice(m.legal_actions()))
    assert asked > 100 and took > 10
