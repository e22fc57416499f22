"""Every registered game as a PettingZoo AEC environment: `env(GAME)`, GAME a registered game's name.

Observation of an agent: a dict, "observation" the fixed-size vector of his view (`encoding.features`) and
"action_mask" the action numbers legal for him now (all zero when it is not his turn). His view itself, as JSON, is
`env.unwrapped.view_text(agent)`. Actions: `encoding`'s numbers; `env.unwrapped.command(action)` reads one as the
command it gives. Rewards, turns, the referee and truncation: see `match`.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .encoding import BOUND
from .match import Match, fresh_seed


class CampagneEnv(AECEnv):
    metadata = {"name": "campagne_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: str, render_mode: str | None = None, **match: Any) -> None:
        super().__init__()
        self.match = Match(game, **match)
        self.metadata = {**self.metadata, "name": f"campagne_{game}_v0"}
        self.render_mode = render_mode
        self.possible_agents = list(self.match.agents)
        size, width = self.match.codec.size, self.match.feature_size
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(-BOUND, BOUND, (width,), np.float32),
            "action_mask": spaces.Box(0, 1, (size,), np.int8)}) for a in self.possible_agents}
        self._seeds = random.Random(fresh_seed())

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        # a seed starts a new sequence of games: reset() after reset(seed=s) plays the same games each time
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.randrange(2 ** 31)
        self.match.reset(game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.match.current or self.agents[0]
        if self.match.over:  # over before anyone acted
            self._finish()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return {"observation": self.match.vector(agent), "action_mask": self.match.mask(agent)}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.match.act(int(action))
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.match.over:
            self._finish()
        else:
            self.agent_selection = self.match.current  # type: ignore[assignment]
        self._accumulate_rewards()

    def _finish(self) -> None:
        ended = self.match.ended
        scores = self.match.scores()
        for a in self.agents:
            self.rewards[a] = scores[a]
            self.terminations[a] = ended
            self.truncations[a] = not ended

    # -- reading, beside the API
    def view_text(self, agent: str) -> str:
        return self.match.text(agent)

    def command(self, action: int) -> dict[str, Any]:
        return self.match.command(action)

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        turn, phase = self.match.game.phase()
        return f"turn {turn}, {phase}: {self.match.current or 'over'} to act"

    def close(self) -> None:
        pass


def env(game: str, **kwargs: Any) -> CampagneEnv:
    """The environment of a registered game (keywords: see `match.Match` and `render_mode`)."""
    return CampagneEnv(game, **kwargs)
