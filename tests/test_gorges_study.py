"""Balance studies of the Gorges Tranchées: win rates by race and by seat, with their intervals."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from campagne.cli.main import app
from campagne.games.gorges.study import roster, run_study


def test_a_study_counts_every_player_of_every_year_once() -> None:
    seen: list[int] = []
    data = run_study(4, 3, seed=7, on_campaign=seen.append).to_dict()
    assert seen == [1, 2, 3, 4]
    for by in ("by_race", "by_seat"):
        assert sum(r["campaigns"] for r in data[by]) == 4 * 3
        assert sum(r["wins"] for r in data[by]) == 4  # one winner a year
        for r in data[by]:
            assert r["ci95"][0] <= r["win_rate"] <= r["ci95"][1]
    assert [r["seat"] for r in data["by_seat"]] == ["1", "2", "3"]
    assert run_study(4, 3, seed=7).to_dict() == data  # reproducible


def test_races_are_drawn_without_repetition() -> None:
    import random
    for seed in range(20):
        r = roster(8, random.Random(seed), "mixed")
        assert len({p["race"] for p in r}) == 8
        assert [p["controller"] for p in r[:2]] == ["greedy", "random"]


def test_study_gorges_from_the_command_line() -> None:
    r = CliRunner().invoke(app, ["study", "gorges", "--campaigns", "2", "--players", "3", "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["campaigns"] == 2
    bad = CliRunner().invoke(app, ["study", "gorges", "--players", "9"])
    assert bad.exit_code == 2
