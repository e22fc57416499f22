"""A whole campaign played by computer players, start to declared end (pure: no I/O)."""

from __future__ import annotations

from collections.abc import Callable

from ...core.game import Game
from . import army as armies
from .ai import autoplay
from .rules import AtlantisRules
from ..skirmish.convert import CURRENT
from .state import NUMBERED_PER_PLAYER

STARTING_LISTS = ("mycenaean", "egyptian", "assyrian", "amazon", "atlante")


def setup_for(n_players: int, controller: str = "greedy") -> dict:
    players = []
    for i in range(n_players):
        style = controller if controller != "mixed" else ("greedy", "random")[i % 2]
        style = controller[i] if isinstance(controller, (list, tuple)) else style  # one per seat (studies)
        army = armies.load_packaged_army(STARTING_LISTS[i % len(STARTING_LISTS)])
        players.append({"id": f"p{i + 1}", "name": f"{army.people} {i + 1}", "controller": style,
                        "army": army.to_dict()})
    return {"players": players, NUMBERED_PER_PLAYER[0]: NUMBERED_PER_PLAYER[1], "grid_armies": CURRENT}


def run_campaign(n_players: int, turns: int, seed: int | str, controller: str = "greedy",
                 on_turn: Callable[[int], None] | None = None) -> Game:
    """Play `turns` turns; the referee then declares the end and the standings are in the state."""
    game = Game(AtlantisRules(), setup_for(n_players, controller), seed)
    last = 0
    while game.state.phase != "ended":
        autoplay(game, seed, referee=True, after=game.entries[-1:], stop_turn=turns, limit=200)
        if on_turn and game.state.turn != last:
            last = game.state.turn
            on_turn(last)
    return game


def run(players: int, turns: int, seed: int | str, controller: str = "greedy",
        on_turn: Callable[[int], None] | None = None) -> Game:
    """The descriptor's `simulate`: `on_turn(t)` is told each turn as it ends."""
    return run_campaign(players, turns, seed, controller, on_turn=on_turn)
