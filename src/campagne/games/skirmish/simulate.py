"""Whole grid battles played by computer players (the descriptor's `simulate`, and `study`'s battles)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.game import Game
from .ai import autoplay
from .rules import SkirmishRules
from .setup import build_setup

CAMPS = ("alice", "bob", "carol", "dave")
# Two camps fight with the two 10-unit rosters; three or four with patrols, so every zone holds its camp.
ROSTERS = {2: ("garrison", "warband"), 3: ("patrol",) * 3, 4: ("patrol",) * 4}


def controllers(controller: str, n: int) -> list[str]:
    if isinstance(controller, (list, tuple)):  # one per camp (studies)
        return list(controller)
    kinds = ("greedy", "random") if controller == "mixed" else (controller,)
    return [kinds[i % len(kinds)] for i in range(n)]


def battle(seed: int | str, players: int = 2, controller: str = "greedy", battlefield: str = "plain",
           rosters: tuple[str, ...] | None = None, defender: str | None = None) -> Game:
    chosen = rosters or ROSTERS[players]
    setup = build_setup([{"id": c, "controller": k, "roster": r} for c, k, r in
                         zip(CAMPS, controllers(controller, players), chosen)],
                        {"battlefield": battlefield, **({"defender": defender} if defender else {})})
    game = Game(SkirmishRules(), setup, seed)
    autoplay(game, seed)
    return game


def run(players: int, turns: int, seed: int | str, controller: str = "greedy",
        on_turn: Callable[[int], None] | None = None, **options: Any) -> Game:
    """The descriptor's `simulate`: one battle of `players` camps (five rounds at most: `turns` is not used)."""
    game = battle(seed, players, controller, options.get("battlefield", "plain"), defender=options.get("defender"))
    if on_turn:
        on_turn(game.state.round)
    return game
