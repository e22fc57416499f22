"""Arc's greedy computer goes for its side's secret objective (seed 003, « OBJECTIFS DU WARGAME »): its strongest
counters hunt the enemy counters the objective names, the leaders first."""

from __future__ import annotations

import random

from arc_kit import position, u

from campagne.games.arc import ai
from campagne.games.arc.legal import legal_orders
from campagne.games.arc.views import view


def test_ulf_s_knights_go_for_koulnikov_not_the_nearest_enemy() -> None:
    # Ulf's objective: « élimination du pion de leader de Koulnikov ». Fereira's people stand next to the
    # knights: the old computer, going for the nearest enemy, kept them there.
    s = position([u("knights", "D9"), u("faithful", "C10"), u("koulnikov", "D3"), u("people", "D11")])
    s.acting = ["ulf"]
    v = view(s, "ulf")
    assert ai.prey(v, s.board) == ["D3"]
    plan = ai.plan_phase(v, legal_orders(s, "ulf"), random.Random(0), s.board)
    knights = next(c for c in plan if c["unit"] == "knights.1")
    assert s.board.distance(knights["hex"], "D3") < s.board.distance("D9", "D3")


def test_autoplay_pushes_at_most_limit_orders_and_goes_on_from_there() -> None:
    """A search player asking the game's computer for its next order pays for one order, not a whole phase's
    plan (before, a deployment of some sixty placements was pushed and resolved for one order: 2.6 s)."""
    from campagne.core.game import Game
    from campagne.games.arc.rules import ArcRules
    from campagne.games.arc.setup import build_setup

    def new() -> Game:
        players = [{"id": s, "controller": "greedy"} for s in ("bonnaire", "ulf", "fereira")]
        return Game(ArcRules(), build_setup(players, {}), 1)
    g = new()
    for _ in range(20):
        assert 1 <= len(ai.autoplay(g, 1, limit=3)) <= 3
    assert g.state.phase != "deploy"  # the rest of a plan is planned again: the game goes on
