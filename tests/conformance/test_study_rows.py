"""Every game its computers can play gives a study's row (campagne.studies, `campagne study --out`): one controller
per seat reaches the seats, every per-player list follows the seats, the winners are players, every event is counted
once in a turn, and the figures are one per player per turn."""

from __future__ import annotations

import pytest

from campagne.registry import games
from campagne.studies import play, spec


def test_a_short_game_gives_a_whole_row_with_one_controller_per_seat(game: str) -> None:
    d = games()[game]
    if not d.simulate:
        pytest.skip(f"{game} has no simulate")
    players = len(d.seats) or d.players[0]
    kinds = [c for c in ("greedy", "random") if c in d.computers]
    controllers = [kinds[i % len(kinds)] for i in range(players)]  # greedy, random, greedy...
    task = spec.tasks(spec.build(game, 1, players, 1, 11, controllers))[0]
    played = d.load("simulate")(players, 1, task["seed"], task["controller"], None)
    row = play.describe(d, played, task)
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
