"""One game played by agents through the one game interface: whose turn, which action numbers are legal, what
each agent sees, and the final standing. The PettingZoo environment and the OpenSpiel game both drive one.

Who plays: the players the game's outcome ranks (its standing at the start), each an agent. The referee is
played by the engine's routine between the agents' orders (resolve what waits by the rules, else close the phase,
and end the campaign once `turns` turns are over), except in a game for which the engine has no computer
players: there the referee reports what happens on the table (a battle tracker), so he is an agent too, named
"referee", who sees everything and scores nothing.

Whose turn: the first awaited agent with an order to give; several awaited at once give theirs in turn.

Rewards: once the game has ended, each agent's score in the game's outcome (1 the winner, 0 the last). A game
stopped before (`max_steps` orders of the agents, or nobody able to act) is truncated, and scored the same way
from its standing then.

Dice: command n of a game seeded s rolls the engine's dice seeded (s, n): the same seed and the same actions give
the same game.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from typing import Any

import numpy as np

from ..core.errors import CampagneError
from ..core.game import Game
from ..core.interface import GameDescriptor, LegalOrder
from ..core.outcome import from_ranking
from ..registry import games
from .encoding import FEATURES, ActionCodec, Blocks, Features, view_text

REFEREE = "referee"
NAMES = ("alice", "bob", "carl", "dora", "emile", "fanny", "gaston", "hugo", "ines")
ROUTINE = 10_000  # the referee's orders in a row before a game is called stuck


def default_players(d: GameDescriptor, count: int | None = None) -> list[dict[str, Any]]:
    """People for every seat (the game's fixed seats, else `count` or its usual number), each with the defaults
    of the game's player fields."""
    count = count or max(2, d.players[0], min(3, d.players[1]))
    ids = list(d.seats) or list(NAMES[:count])
    return [{"id": i, "controller": "human", "name": i, **{f.name: f.default for f in d.player_fields}} for i in ids]


def default_options(d: GameDescriptor) -> dict[str, Any]:
    return {o.name.replace("-", "_"): ([] if o.kind == "list" else o.default) for o in d.setup_options}


class Match:
    """A game of `game` between agents (see the module's note)."""

    def __init__(self, game: str, players: int | None = None, options: Mapping[str, Any] | None = None,
                 referee: str | None = None, turns: int = 12, max_steps: int = 1000,
                 slots: int | Mapping[str, int] | None = None,
                 feature_size: int = FEATURES) -> None:
        d = games()[game]
        self.descriptor = d
        self.ruleset = d.load("ruleset")()
        self._legal_orders = d.load("legal_orders")
        self._view = d.load("view")
        self._outcome = d.load("outcome")
        self._ended = d.load("ended") if d.ended else None  # (asked at every step: cheaper than the outcome)
        self.setup = d.load("setup")(default_players(d, players), {**default_options(d), **dict(options or {})})
        if referee not in (None, "auto", "agent"):
            raise ValueError("referee: 'auto' or 'agent'")
        self.referee_agent = referee == "agent" or (referee is None and not d.computers)
        seats = list(self._outcome(Game(self.ruleset, self.setup, 0).state).standing)
        self.agents: tuple[str, ...] = tuple(seats + ([REFEREE] if self.referee_agent else []))
        declared = d.load("orders")
        types = [name for name, order in declared.items()
                 if self.referee_agent or getattr(order, "actor", "player") == "player"]
        self.codec = ActionCodec(types, dict(d.agent_actions) if slots is None else slots)
        self.turns, self.max_steps, self.feature_size = turns, max_steps, feature_size
        # each agent's vector from his last one: the parts of his view that did not change are not walked again
        known: dict[int, Any] = {}  # (the frozen items' parts, shared by the agents: they see the same drawings)
        self._features = {a: Features(feature_size, d.frozen_view_items, known) for a in self.agents}
        self.game: Game | None = None
        self._opening: tuple[Any, Any] | None = None  # every game's start (state, entry), when it rolls no die
        self.reset(0)

    # -- playing
    def reset(self, seed: int) -> None:
        self.seed = seed
        self.game = self._new_game(seed)
        self.steps = 0
        self.stuck = False
        self.history: list[tuple[str, int]] = []  # (agent, action) of every agent's order
        self.advance()

    def _new_game(self, seed: int) -> Game:
        # a state is a pure function of the setup, the dice and the commands: a start that rolled no die is the
        # start of every seed's game, built once (a battle's armies read from their lists: ~2 ms) and copied
        if self._opening is not None:
            state, opening = self._opening
            return Game(self.ruleset, self.setup, seed, state=copy.deepcopy(state), opening=opening)
        game = Game(self.ruleset, self.setup, seed)
        if not game.opening.rolls:
            self._opening = (copy.deepcopy(game.state), game.opening)
        return game

    def advance(self) -> str | None:
        """Let the referee's routine act until an agent has an order to give; that agent (None: the game is over)."""
        self.current: str | None = None
        self.blocks: Blocks | None = None
        for _ in range(ROUTINE):
            state = self.game.state
            if (self._outcome(state).ended if self._ended is None else self._ended(state)) \
                    or self.steps >= self.max_steps:
                return None
            for who in self.game.awaiting():
                if who in self.agents:
                    blocks = self.codec.blocks(self.legal_orders(who))
                    if blocks.count:
                        self.current, self.blocks = who, blocks
                        return who
            command = None if self.referee_agent else self._routine()
            if command is None:
                break
            try:
                self.game.push(command, atomic=False)  # the rules refuse before they change anything
            except CampagneError:
                break
        self.stuck = True
        return None

    def _routine(self) -> dict[str, Any] | None:
        legal = self.legal_orders(REFEREE)
        turn = self.game.phase()[0]
        over = isinstance(turn, int) and turn > self.turns
        # what waits for the table is sent to the resolver: the generic auto-resolve, or any order of the game's that
        # is fixed as `auto` (a campaign's closing battle, say)
        resolver = [lo for lo in legal if lo.type == "auto-resolve" or lo.fixed.get("auto") is True]
        for kind in ("auto", "end", "next") if over else ("auto", "next"):
            found = resolver if kind == "auto" else [lo for lo in legal if lo.type == kind]
            if found:
                return found[0].command({f.name: f.choices[0] if f.kind == "choice" else f.low if f.kind == "int"
                                         else False for f in found[0].fields if not f.optional})
        return None

    def act(self, action: int) -> dict[str, Any]:
        """The current agent gives the order action number `action` names; returns the command given."""
        if self.current is None or self.blocks is None:
            raise ValueError("the game is over: nobody is to act")
        command = self.codec.decode(self.blocks, int(action))
        self.game.push(command, atomic=False)
        self.history.append((self.current, int(action)))
        self.steps += 1
        self.advance()
        return command

    # -- reading
    def legal_orders(self, who: str) -> list[LegalOrder]:
        return self._legal_orders(self.game.state, who)

    def view(self, agent: str) -> dict[str, Any]:
        return self._view(self.game.state, None if agent == REFEREE else agent)

    def text(self, agent: str) -> str:
        """What `agent` sees, as JSON."""
        return view_text(self.view(agent))

    def vector(self, agent: str) -> np.ndarray:
        return self._features[agent](self.view(agent))

    def mask(self, agent: str) -> np.ndarray:
        return self.codec.mask(self.blocks if agent == self.current else None)

    def legal_actions(self) -> list[int]:
        return self.codec.legal_actions(self.blocks) if self.blocks is not None else []

    def command(self, action: int) -> dict[str, Any]:
        """The command action number `action` names now, for the current agent."""
        if self.blocks is None:
            raise ValueError("the game is over: nobody is to act")
        return self.codec.decode(self.blocks, int(action))

    @property
    def over(self) -> bool:
        return self.current is None

    @property
    def ended(self) -> bool:
        """Over by the game's own end (not cut short)."""
        return bool(self._outcome(self.game.state).ended)

    def scores(self) -> dict[str, float]:
        """Each agent's score: the outcome's once the game has ended, else from its standing now."""
        outcome = self._outcome(self.game.state)
        scores = outcome.scores if outcome.ended else from_ranking(True, [{"player": p} for p in outcome.standing]
                                                                   ).scores
        return {a: float(scores.get(a, 0.0)) for a in self.agents}

    def __deepcopy__(self, memo: dict[int, Any]) -> Match:
        """A copy that plays on alone: the game copied, the rest shared (never changed)."""
        twin = copy.copy(self)
        twin.game = self.game.copy()
        known: dict[int, Any] = {}
        twin._features = {a: Features(self.feature_size, self.descriptor.frozen_view_items, known)
                          for a in self.agents}  # each remembers its own views
        twin.history = list(self.history)
        return twin


def fresh_seed() -> int:
    return random.SystemRandom().randrange(2 ** 31)
