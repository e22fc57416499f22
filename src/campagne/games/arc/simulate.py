"""A whole game of Arc played by computer players, for demonstrations and balance studies (the descriptor's
`simulate`, and `study`'s games)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.errors import CampagneError
from ...core.game import Game
from .ai import autoplay
from .data import SIDES
from .rules import ArcRules
from .setup import build_setup
from .state import TURNS


def controllers(controller: str = "greedy") -> list[str]:
    """Each side's computer: `controller` for all, or `mixed`: greedy, random, greedy."""
    if isinstance(controller, (list, tuple)):  # one per side (studies)
        return list(controller)
    kinds = ("greedy", "random") if controller == "mixed" else (controller,)
    return [kinds[i % len(kinds)] for i in range(len(SIDES))]


def simulate(seed: int | str, controller: str = "greedy", turns: int = TURNS,
             on_turn: Callable[[int], None] | None = None, **options: Any) -> Game:
    """Play the game (or its first `turns` turns) with computer players; `on_turn(t)` as each turn ends."""
    players = [{"id": s, "controller": c} for s, c in zip(SIDES, controllers(controller))]
    game = Game(ArcRules(), build_setup(players, options), seed)
    done_turns = 0
    while not game.state.ended:
        before = len(game.entries)
        autoplay(game, seed, stop_turn=done_turns + 1)
        now = game.state.turn - 1 if not game.state.ended else game.state.turn
        if on_turn and now > done_turns:
            on_turn(now)
        done_turns = max(done_turns, now)
        if done_turns >= turns or len(game.entries) == before:
            break
    return game


def run(players: int, turns: int, seed: int | str, controller: str = "greedy",
        on_turn: Callable[[int], None] | None = None, **options: Any) -> Game:
    """The descriptor's `simulate`: Arc is played by its three sides (`options`: the set-up's, as studies vary
    them)."""
    if players != len(SIDES):
        raise CampagneError("arc.setup.players", players=f"{players} players")
    return simulate(seed, controller, min(turns, TURNS), on_turn, **options)
