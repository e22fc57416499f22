"""A whole year played by computer players, for balance studies and demonstrations.

`simulate(players, seed)` sets up a campaign with the given races (computer controllers), lets the computers
and the referee's routine play every order until the campaign ends, and returns the game (its journal of
commands replays to the same state) — `on_turn` is called as each turn starts, for a progress bar.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.errors import CampagneError
from ...core.game import Game
from ..skirmish.convert import CURRENT
from .ai import step
from .data import races
from .rules import GorgesRules, awaiting
from .state import REFEREE
from .turn import TURNS

MAX_ORDERS = 20_000  # a year takes a few hundred; more means a rules bug, not a long game


def controllers(count: int, controller: str = "greedy") -> list[str]:
    """Each player's computer: `controller` for all, or `mixed`: greedy and random in turn."""
    if isinstance(controller, (list, tuple)):  # one per seat (studies)
        return list(controller)
    kinds = ("greedy", "random") if controller == "mixed" else (controller,)
    return [kinds[i % len(kinds)] for i in range(count)]


def default_players(count: int, controller: str = "greedy") -> list[dict[str, Any]]:
    """`count` players P1..Pn, races taken in the seed's order, shifted so that every race gets played."""
    keys = list(races())
    return [{"id": f"P{i + 1}", "race": keys[(i * 4) % len(keys)], "controller": c}
            for i, c in enumerate(controllers(count, controller))]


def simulate(players: list[dict[str, Any]], seed: int | str,
             on_turn: Callable[[int], None] | None = None, turns: int = 12) -> Game:
    """Play the year (or its first `turns` turns, then the referee ends it) with computer players."""
    game = Game(GorgesRules(), {"players": players, "readings": 2, "grid_armies": CURRENT}, seed)
    turn = game.state.turn
    if on_turn:
        on_turn(turn)
    for _ in range(MAX_ORDERS):
        s = game.state
        if turns < TURNS and s.turn >= turns and s.phase == "battles" and not awaiting(s):
            command: dict[str, Any] | None = {"type": "end", "player": REFEREE}
        else:
            command = step(s, seed, len(game.entries), referee=True)
        if command is None:
            return game
        game.push(command, atomic=False)
        if on_turn and game.state.turn != turn:
            turn = game.state.turn
            on_turn(turn)
    raise RuntimeError(f"the simulated campaign did not end within {MAX_ORDERS} orders")


def run(players: int, turns: int, seed: int | str, controller: str = "greedy",
        on_turn: Callable[[int], None] | None = None) -> Game:
    """The descriptor's `simulate`: `players` computers with their races spread over the fifteen; `on_turn(t)`
    is told each turn as it ends (this loop reports a turn as it starts)."""
    if not 2 <= players <= 8:
        raise CampagneError("gorges.setup.players", count=players)
    report = (lambda t: on_turn(t - 1)) if on_turn else None
    return simulate(default_players(players, controller), seed, on_turn=report, turns=min(turns, TURNS))
