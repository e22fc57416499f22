"""A search player who overrules a planned order: the game's computers plan again rather than push the rest of a
stale plan (`computers.play_all`)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from campagne import ai_search, computers, search_study
from campagne.core.players import random_player
from campagne.registry import game as registered


def test_the_computers_plan_again_when_the_search_overrules_a_planned_phase(monkeypatch: pytest.MonkeyPatch) -> None:
    """An Arc computer plans its whole phase; a search player who overrules one of its planned orders leaves the
    rest of the plan stale (its seat's next orders, after the search ended the phase otherwise): the computers
    plan again from the game as it stands, where the stale order was pushed and refused (Arc seed 10 of the
    seventh pass: « ulf does not play now »)."""
    d = registered("arc")
    legal_orders = d.load("legal_orders")

    def contrary(descriptor: Any, state: Any, player: str, seed: Any, budget: Any = None, clock: Any = None,
                 own: Any = None) -> Any:
        """A search player who overrules whenever it can: a random legal order other than its computer's."""
        offered, rng = legal_orders(state, player), random.Random(str(seed))
        for _ in range(5):
            c = random_player(descriptor.load("view")(state, player), offered, rng)
            if c is not None and c != own:
                return c
        return own
    monkeypatch.setattr(ai_search, "decide", contrary)
    ids = search_study.seats(d, 3)
    for seed in (1,):
        entries = [{"id": i, "controller": "search" if k == seed % 3 else "greedy", "name": i,
                    **{f.name: f.default for f in d.player_fields}} for k, i in enumerate(ids)]
        g = computers.simulate(d, d.load("setup")(entries, {}), seed, turns=2)
        assert g.state.turn >= 2 or d.load("outcome")(g.state).ended
