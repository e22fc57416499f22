"""Balance studies: win counts add up, intervals contain the observed rate, runs are reproducible."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from campagne.games.atlantis.study import run_study, wilson


@given(st.integers(0, 500), st.integers(1, 500))
def test_wilson_interval_contains_the_observed_rate(successes: int, n: int) -> None:
    successes = min(successes, n)
    lo, hi = wilson(successes, n)
    assert 0.0 <= lo <= successes / n <= hi <= 1.0


def test_a_known_wilson_interval() -> None:
    lo, hi = wilson(10, 20)  # 0.5 ± ...: the textbook value is [0.299, 0.701]
    assert round(lo, 3) == 0.299 and round(hi, 3) == 0.701


def test_a_small_study_counts_every_player_once_and_one_winner_per_campaign() -> None:
    result = run_study(campaigns=3, players=3, turns=2, seed=4)
    data = result.to_dict()
    for by in ("army", "kingdom", "placement"):
        rows = data[f"by_{by}"]
        assert sum(r["campaigns"] for r in rows) == 3 * 3
        assert sum(r["wins"] for r in rows) == 3
    assert run_study(campaigns=3, players=3, turns=2, seed=4).to_dict() == data


def test_a_study_row_names_each_start_kingdom_as_the_map_does() -> None:
    """The report's reader reads « Gadirus & Myrine », not the map's id « gadirus-myrine »."""
    from campagne.games.atlantis.simulate import run_campaign
    from campagne.games.atlantis.study import row
    game = run_campaign(3, 1, "names", "greedy")
    names = {k.name for k in game.state.map.kingdoms.values()}
    kingdoms = [start["kingdom"] for start in row(game)["start"].values()]
    assert kingdoms and all(k in names for k in kingdoms), kingdoms
