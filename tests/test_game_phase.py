"""A ruleset's quick `phase(state)` (what a server asks at every order) names the turn and phase the view names,
at every state of a played game of each game that has one; a ruleset without it is read from its view."""

from __future__ import annotations

import random
from typing import Any

import pytest
from test_legal_orders import wab_setup

from campagne.core.game import Game
from campagne.core.players import random_player
from campagne.registry import games


def _named(view: dict[str, Any]) -> tuple[Any, Any]:
    return view.get("turn", ""), view.get("phase", "")


@pytest.mark.parametrize("name", sorted(n for n, d in games().items() if d.simulate))
def test_the_quick_phase_is_the_view_s_turn_and_phase(name: str) -> None:
    d = games()[name]
    players = max(d.players[0], min(3, d.players[1]))
    played = d.load("simulate")(players, 2, 5, "greedy")
    game = Game(d.load("ruleset")(), played.setup, 5)
    assert hasattr(game.ruleset, "phase")
    seen = {game.phase()}
    assert game.phase() == _named(game.view(None))
    for entry in played.entries:
        game.push(entry.command)
        assert game.phase() == _named(game.view(None)), (name, entry.n)
        seen.add(game.phase())
    assert len(seen) > 2  # the game went through several phases


def test_wab_s_quick_phase_too() -> None:
    d = games()["wab"]
    game = Game(d.load("ruleset")(), wab_setup(), 3)
    rng = random.Random(3)
    seen = set()
    for _ in range(60):
        assert game.phase() == _named(game.view(None))
        seen.add(game.phase())
        legal = d.load("legal_orders")(game.state, "referee")
        if game.state.phase == "ended" or not legal:
            break
        game.push(random_player({}, [lo for lo in legal if lo.type != "end"] or legal, rng))
    assert len(seen) > 2


def test_a_ruleset_without_it_is_read_from_its_view() -> None:
    class Plain:
        name = "plain"

        def new_state(self, setup, dice):  # type: ignore[no-untyped-def]
            return {"turn": 4, "phase": "orders"}, []

        def view(self, state, viewer):  # type: ignore[no-untyped-def]
            return dict(state)

        def awaiting(self, state):  # type: ignore[no-untyped-def]
            return []
    assert Game(Plain(), {}, 1).phase() == (4, "orders")
