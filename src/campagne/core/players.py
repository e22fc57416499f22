"""Computer players over the one game interface: they see a view and the legal orders, nothing else.

`random_player` picks one of the legal orders and fills its fields at random; `play_out` drives any registered
game's `core.game.Game` with such players (and the referee's `next` when nobody is awaited) until the game's
outcome says it has ended or a budget of orders runs out. Optional orders (buying, breaking an agreement...)
never stall a game: a player ends its part of a phase with the orders that do (`done`, `hold`, `next`...)
as often as with any other.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from .interface import GameDescriptor, LegalOrder

Player = Callable[[dict[str, Any], list[LegalOrder], random.Random], "dict[str, Any] | None"]
REFEREE = "referee"
# Orders that end a player's part of a phase or let the game go on: chosen half of the time when offered.
PROGRESS = ("done", "hold", "next", "end-turn", "refuse", "withdraw", "strategy", "choose", "event", "accept")


def controller_kind(controller: str) -> str:
    """A controller's kind without its strength: `search:2` (a search player given 2 seconds) -> `search`. The
    games keep the whole name (it says how strong the stand-in is) and accept any kind they know."""
    return str(controller).partition(":")[0]


def random_player(view: dict[str, Any], legal: list[LegalOrder], rng: random.Random) -> dict[str, Any] | None:
    """One legal order drawn at random (None when there is none)."""
    if not legal:
        return None
    moving = [lo for lo in legal if lo.type in PROGRESS]
    pool = moving if moving and rng.random() < 0.5 else legal
    return rng.choice(pool).sample(rng)


def play_out(descriptor: GameDescriptor, setup: Mapping[str, Any], seed: int | str,
             players: Mapping[str, Player], max_orders: int = 5000,
             referee: Player | None = None, rng: random.Random | None = None,
             until: Callable[[Any], bool] | None = None) -> Any:
    """Play a game with these players (player id -> player; the referee closes phases when nobody is awaited,
    or with `referee` when given) until its outcome says it ended, `until(state)` holds, or `max_orders` orders
    were given. Returns the `core.game.Game`, whose commands replay to the same state."""
    from .game import Game
    rng = rng or random.Random(f"{seed}:players")
    game = Game(descriptor.load("ruleset")(), setup, seed)
    legal_orders, view, outcome = descriptor.load("legal_orders"), descriptor.load("view"), descriptor.load("outcome")
    for _ in range(max_orders):
        if outcome(game.state).ended or (until is not None and until(game.state)):
            break
        waiting = [w for w in game.awaiting() if w != REFEREE and w in players]
        who = waiting[0] if waiting else REFEREE
        chooser = players.get(who) if who != REFEREE else (referee or _referee)
        command = chooser(view(game.state, who if who != REFEREE else None),
                          legal_orders(game.state, who), rng)
        if command is None:
            break
        game.push(command)
    return game


def _referee(view: dict[str, Any], legal: list[LegalOrder], rng: random.Random) -> dict[str, Any] | None:
    """The referee's routine: resolve what waits by the rules (auto-resolve), else close the phase."""
    for kind in ("auto-resolve", "next"):
        found = [lo for lo in legal if lo.type == kind]
        if found:
            return found[0].command({f.name: f.choices[0] if f.kind == "choice" else f.low if f.kind == "int"
                                     else False for f in found[0].fields if not f.optional})
    return None
