"""Every campaign game can seat the search player (`campagne.ai_search`): a game that hides things says how to
guess them (a `determinize` hook or an `information_state`), and the search's first order is one the rules take."""

from __future__ import annotations

import copy

import pytest

from campagne import ai_search, computers
from campagne.core.game import Game
from campagne.core.interface import described
from campagne.registry import game as registered


def test_the_search_player_can_play_it(game: str) -> None:
    d = registered(game)
    if d.kind != "campaign" or not d.autoplay:
        pytest.skip("the search player stands in for campaign players, driven after the game's own computers")
    assert ai_search.offered(d), "a game that hides things needs `determinize` or `information_state`"
    ids = list(d.seats) or [f"p{i}" for i in range(max(2, d.players[0]))]
    players = [{"id": i, "controller": "search" if k == 0 else "greedy", "name": i,
                **{f.name: f.default for f in d.player_fields}} for k, i in enumerate(ids)]
    g = Game(d.load("ruleset")(), d.load("setup")(players, {}), 3)
    module = computers.load_autoplay(d)
    for _ in range(20):
        if ids[0] in g.awaiting():
            break
        module.autoplay(g, 3, referee=True, after=g.entries[-1:], limit=50)
    assert ids[0] in g.awaiting(), "the game's computers and referee stop when a search player must act"
    before = copy.deepcopy(d.load("view")(g.state, None))
    order = ai_search.decide(d, g.state, ids[0], 3, ai_search.Budget(iterations=2, depth=3))
    assert d.load("view")(g.state, None) == before
    assert described(d.load("legal_orders")(g.state, ids[0]), order)
    g.push(order)


def test_its_expected_scores_are_the_outcome_s_on_average(game: str) -> None:
    """A game's `expected` (what a search player scores a playout's end by) speaks the outcome's terms: on a game
    its computers ended, a score in 0..1 for each of the same players, summing as the outcome's drawn scores do."""
    d = registered(game)
    if not d.expected:
        pytest.skip("no `expected`: a playout's end is scored by the outcome it drew")
    ids = list(d.seats) or [f"p{i}" for i in range(max(2, d.players[0]))]
    players = [{"id": i, "controller": "greedy", "name": i, **{f.name: f.default for f in d.player_fields}}
               for i in ids]
    g = computers.simulate(d, d.load("setup")(players, {}), 3, turns=1)
    drawn = d.load("outcome")(g.state)
    assert drawn.ended, "a year of one turn, played by the game's computers, ends"
    expected = d.load("expected")(g.state)
    assert set(expected) == set(drawn.scores) and all(0 <= v <= 1 for v in expected.values())
    assert abs(sum(expected.values()) - sum(drawn.scores.values())) < 1e-9


def test_a_search_player_who_never_overrules_plays_the_seat_s_baseline_game(game: str) -> None:
    """The game's computers play every seat in their own sequence and the search decides its seat's orders when
    they come (`computers.play_all`): a search player who keeps its computer's every choice plays the very game of
    its seat's baseline, order for order, so a study's differences from the baseline are the search's own. Before,
    the computers played on past a search player waiting beside them (an Atlantis conquest: the other seat's came
    first, and the dice by order number made another game)."""
    from campagne import search_study
    d = registered(game)
    if d.kind != "campaign" or not d.autoplay:
        pytest.skip("the search player stands in for campaign players, driven after the game's own computers")
    players = max(2, min(3, d.players[-1]))
    never = ai_search.Budget(iterations=2, depth=1, room=1, extend=1, edge=10.0)
    turns = 1  # Arc's search costs seconds a decision: its first turn holds the sequence that went astray
    for seed in (3, 4):
        ids = search_study.seats(d, players)
        entries = [{"id": i, "controller": c, "name": i, **{f.name: f.default for f in d.player_fields}}
                   for i in ids for c in ["search" if i == ids[seed % len(ids)] else "greedy"]]
        searched = computers.simulate(d, d.load("setup")(entries, {}), seed, turns=turns, budget=never)
        entries = [{**e, "controller": "greedy"} for e in entries]
        alone = computers.simulate(d, d.load("setup")(entries, {}), seed, turns=turns)
        assert [e.command for e in searched.entries] == [e.command for e in alone.entries]
