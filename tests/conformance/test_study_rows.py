"""Every game its computers can play gives a study's row (campagne.studies, `campagne study --out`): one controller
per seat reaches the seats, every per-player list follows the seats, the winners are players, every event is counted
once in a turn, and the figures are one per player per turn."""

from __future__ import annotations

import functools
import math
from typing import Any

import pytest

from campagne.registry import games
from campagne.studies import play, spec


@functools.lru_cache(maxsize=None)
def short_game(game: str) -> tuple[Any, dict[str, Any], list[str]]:
    """A short game of `game` by its computers (greedy, random, greedy...: one controller per seat), its row and
    the controllers."""
    d = games()[game]
    if not d.simulate:
        pytest.skip(f"{game} has no simulate")
    players = len(d.seats) or d.players[0]
    kinds = [c for c in ("greedy", "random") if c in d.computers]
    controllers = [kinds[i % len(kinds)] for i in range(players)]  # greedy, random, greedy...
    task = spec.tasks(spec.build(game, 1, players, 1, 11, controllers))[0]
    played = d.load("simulate")(players, 1, task["seed"], task["controller"], None)
    return played, play.describe(d, played, task), controllers


def test_a_short_game_gives_a_whole_row_with_one_controller_per_seat(game: str) -> None:
    played, row, controllers = short_game(game)
    players = len(controllers)
    ids = row["player_ids"]
    assert row["controllers"] == controllers and row["players"] == len(ids) == players
    assert row["start"] and all(len(values) == players and all(values) for values in row["start"].values())
    assert len(row["rank"]) == len(row["score"]) == players and set(row["winners"]) <= set(ids)
    assert row["turn_numbers"] == list(range(row["turn_numbers"][0], row["turn_numbers"][-1] + 1))
    assert all(len(counts) == len(row["turn_numbers"]) for counts in row["events"].values())
    assert sum(map(sum, row["events"].values())) == len(played.opening.events) + sum(
        len(e.events) for e in played.entries)
    for per_turn in row["figures"].values():
        assert len(per_turn) == len(row["turn_numbers"]) and all(len(v) == players for v in per_turn)


def test_a_game_with_a_study_gives_key_figures_per_turn(game: str) -> None:
    """Every game with study hooks gives the report's economy curves: at least one figure, a number for every
    player at every turn."""
    d = games()[game]
    if not d.study:
        pytest.skip(f"{game} has no study hooks")
    _, row, _ = short_game(game)
    assert row["figures"], f"{game}: no per-turn figures (its study module has no figures(state))"
    values = [v for per_turn in row["figures"].values() for turn in per_turn for v in turn]
    assert values and all(isinstance(v, float) and math.isfinite(v) for v in values)
