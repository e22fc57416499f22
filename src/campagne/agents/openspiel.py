"""Every registered game as an OpenSpiel Python game: importing this module registers `campagne_GAME` for each,
so that `pyspiel.load_game("campagne_" + GAME)` gives it to OpenSpiel's algorithms (MCTS, random playouts...).

- Chance: the engine draws every die from the game's seed (command n rolls dice seeded by (seed, n)), so the one
  chance node is the first: it draws the seed, uniformly among `seeds` (a game parameter, 64 by default). No player
  observes it; each learns what the dice did through his view.
- Players: the agents of `match.Match` (the game's players, and the referee where he is an agent), numbered in
  that order; actions: `encoding`'s numbers; the game is sequential (the first awaited agent acts).
- Information state of a player: his view now (JSON) and, for each order he gave, in order, a digest of his view
  when he gave it and the order itself (so that two different pasts of his read differently: perfect recall, but
  for what changed between his turns and no longer shows); his observation: his view alone. The tensor is the view's fixed vector.
- Returns: each player's score once over (see `match`), in 0..1: a general-sum game.
"""

from __future__ import annotations

import copy
import hashlib
import json
from typing import Any

import numpy as np
import pyspiel

from .match import Match
from .encoding import FEATURES

PREFIX = "campagne_"
SEEDS = 64
MAX_STEPS = 1000


def game_type(name: str, match: Match) -> pyspiel.GameType:
    count = len(match.agents)
    return pyspiel.GameType(
        short_name=PREFIX + name, long_name=f"campagne {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=count, min_num_players=count,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={"seeds": SEEDS, "max_steps": MAX_STEPS, "turns": match.turns})


class CampagneGame(pyspiel.Game):
    NAME = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {"seeds": SEEDS, "max_steps": MAX_STEPS, "turns": 12, **(params or {})}
        self.match = Match(self.NAME, max_steps=int(params["max_steps"]), turns=int(params["turns"]))
        self.seeds = int(params["seeds"])
        info = pyspiel.GameInfo(num_distinct_actions=self.match.codec.size, max_chance_outcomes=self.seeds,
                                num_players=len(self.match.agents), min_utility=0.0, max_utility=1.0,
                                max_game_length=int(params["max_steps"]) + 1)  # the seed, then the orders
        super().__init__(game_type(self.NAME, self.match), info, params)

    def new_initial_state(self) -> CampagneState:
        return CampagneState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> CampagneObserver:
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return CampagneObserver(recall)


class CampagneState(pyspiel.State):
    def __init__(self, game: CampagneGame) -> None:
        super().__init__(game)
        self.match = copy.deepcopy(game.match)
        self.seeds = game.seeds
        self.seeded = False
        self.recall: dict[str, list[str]] = {a: [] for a in self.match.agents}

    def current_player(self) -> int:
        if not self.seeded:
            return pyspiel.PlayerId.CHANCE
        if self.match.over:
            return pyspiel.PlayerId.TERMINAL
        return self.match.agents.index(self.match.current)

    def _legal_actions(self, player: int) -> list[int]:
        return self.match.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(s, 1.0 / self.seeds) for s in range(self.seeds)]

    def _apply_action(self, action: int) -> None:
        if not self.seeded:
            self.match.reset(int(action))
            self.seeded = True
        else:
            agent = self.match.current
            seen = hashlib.sha1(self.match.text(agent).encode()).hexdigest()[:16]
            command = self.match.act(int(action))
            self.recall[agent].append(f"{seen} {json.dumps(command, sort_keys=True, ensure_ascii=False)}")

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        try:
            command = self.match.command(action)
        except ValueError:
            return f"{self.match.codec.name(action)} #{action}"
        return " ".join(f"{k}={v}" for k, v in command.items())

    def is_terminal(self) -> bool:
        return self.seeded and self.match.over

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * len(self.match.agents)
        scores = self.match.scores()
        return [scores[a] for a in self.match.agents]

    def __str__(self) -> str:
        if not self.seeded:
            return "seed to draw"
        turn, phase = self.match.game.phase()
        return f"turn {turn}, {phase}, step {self.match.steps}: {self.match.current or 'over'}"


class CampagneObserver:
    """A player's observation (his view) or, with perfect recall, his information state (and his own actions)."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(FEATURES, np.float32)
        self.dict = {"view": self.tensor}

    def set_from(self, state: CampagneState, player: int) -> None:
        self.tensor[:] = 0 if not state.seeded else state.match.vector(state.match.agents[player])

    def string_from(self, state: CampagneState, player: int) -> str:
        if not state.seeded:
            return ""
        agent = state.match.agents[player]
        text = state.match.text(agent)
        if not self.perfect_recall:
            return text
        return "\n".join([text, *state.recall[agent]])


def register() -> list[str]:
    """Register every registered game with OpenSpiel (once); their OpenSpiel names."""
    from ..registry import games
    names = []
    known = set(pyspiel.registered_names())
    for name in games():
        short = PREFIX + name
        names.append(short)
        if short in known:
            continue
        cls = type(f"Campagne_{name}", (CampagneGame,), {"NAME": name})
        pyspiel.register_game(game_type(name, Match(name)), cls)
    return names


NAMES = register()
