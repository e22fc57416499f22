"""What the agents' environments return stays what it was before they were made faster: for every game, a short
seeded episode played as benchmarks/bench_agents.py plays it (the observation, then an action drawn from the mask),
every agent's observation vector and action mask, the rewards, terminations and truncations after each step, digested
and compared with the digest written from the implementation before the optimisation
(tests/golden/agents_env.json). `python tests/test_agents_env_pinned.py` writes the golden file again (only on
purpose: when a game's rules or view change)."""

from __future__ import annotations

import hashlib
import json
import warnings
from pathlib import Path

import numpy as np
import pytest

from campagne.agents.pettingzoo_env import env
from campagne.registry import games

GOLDEN = Path(__file__).parent / "golden" / "agents_env.json"
GAMES = sorted(games())
STEPS = 40  # the agents' steps of an episode: a few resets happen with max_steps below
MAX_STEPS = 15
SEEDS = (1,)  # one episode of 40 steps holds three games: enough, and the whole suite's time is short


def episode(game: str, seed: int) -> str:
    """The digest of a seeded episode's every observation, mask, reward and ending (a reset when one is over)."""
    warnings.filterwarnings("ignore", module="pettingzoo")
    e, rng, h = env(game, max_steps=MAX_STEPS), np.random.default_rng(seed), hashlib.sha256()
    e.reset(seed=seed)
    steps = games_begun = 0
    while steps < STEPS:
        for agent in e.agents:  # everyone's observation: the one acting and the others (an empty mask)
            obs = e.observe(agent)
            mask = obs["action_mask"]
            h.update(f"{agent} {mask.shape} {mask.dtype} {obs['observation'].dtype}".encode())
            h.update(obs["observation"].tobytes())
            h.update(np.flatnonzero(mask).tobytes())
        obs, reward, terminated, truncated, _ = e.last()
        h.update(json.dumps([e.agent_selection, reward, terminated, truncated, e.rewards, e.terminations,
                             e.truncations], sort_keys=True).encode())
        if terminated or truncated:
            e.step(None)
            if not e.agents:
                games_begun += 1
                e.reset(seed=seed + games_begun)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    return h.hexdigest()[:20]


def digests() -> dict[str, str]:
    return {f"{game} {seed}": episode(game, seed) for game in GAMES for seed in SEEDS}


@pytest.mark.parametrize("game", GAMES)
def test_a_seeded_episode_returns_what_it_returned_before(game: str) -> None:
    pinned = json.loads(GOLDEN.read_text())
    for seed in SEEDS:
        assert episode(game, seed) == pinned[f"{game} {seed}"], f"{game} seed {seed}"


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(digests(), indent=1, sort_keys=True) + "\n")
