"""The search player's study against each campaign game's own computers (numbers in docs/studies.md): here at a
tiny budget, its rows well formed and the same for the same seed."""

from __future__ import annotations

import pytest

from campagne import search_study
from campagne.ai_search import Budget
from campagne.registry import game
from study_budget import study_size

# game: (players, turns, the events that are fights); Arc is left out: one game takes minutes with a search player
GAMES = {"atlantis": (3, 2, ("battle_declared",)), "gorges": (2, 1, ("challenge",)),
         "skirmish": (2, None, ("attack",))}
TINY = Budget(iterations=2, depth=6, room=1, extend=1)  # the paired comparison: 2 rounds of 2 candidates, one look


@pytest.mark.study
@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_search_player_study_at_a_tiny_budget(name: str) -> None:
    players, turns, fights = GAMES[name]
    d = game(name)
    rows, summary = search_study.run(d, players, study_size(2), TINY, turns=turns, fights=fights)
    assert summary["games"] == len(rows) == study_size(2)
    assert all(r["ended"] and r["search"] in search_study.seats(d, players) for r in rows)
    assert summary["ci95"][0] <= summary["win_rate"] <= summary["ci95"][1]
    assert summary["fair_share"] == 1 / players
    again = search_study.one_game(d, players, 1, TINY, turns=turns, fights=fights)
    assert again == rows[0]  # seeded: the same game again


@pytest.mark.study
def test_the_seat_s_baseline_has_no_search_player() -> None:
    d = game("gorges")
    row = search_study.baseline(d, 2, 3, turns=1, fights=("challenge",))
    assert row["search"] == "p2" and row["ended"] and row == search_study.baseline(d, 2, 3, turns=1,
                                                                                    fights=("challenge",))


@pytest.mark.study
def test_the_search_player_beside_the_seat_s_baseline() -> None:
    d = game("gorges")
    seen: list[dict] = []
    both = search_study.side_by_side(d, 2, study_size(1), TINY, turns=1, fights=("challenge",), on_row=seen.append)
    assert [r["kind"] for r in seen] == ["search", "greedy"] * study_size(1)
    assert both["search"]["games"] == both["greedy"]["games"] == study_size(1)
    assert all(s["cpu_per_game"] > 0 for s in both.values())
    strip = [{k: v for k, v in r.items() if k != "cpu"} for r in seen]
    assert strip[1] == {**search_study.baseline(d, 2, 1, turns=1, fights=("challenge",)), "kind": "greedy"}
    assert strip[0] == {**search_study.one_game(d, 2, 1, TINY, turns=1, fights=("challenge",)), "kind": "search"}
