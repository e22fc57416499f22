"""Legal orders as data, for every game (core/interface.py's contract):

(a) every command drawn from one LegalOrder's domains is accepted by the rules (tried on a copy);
(b) every order the computer players and the referee's routine give is described by the legal orders then;
(c) whoever the rules wait for has at least one legal order.

States come from whole games played by the games' own computer players (their journals replayed order by
order), with hypothesis choosing the seeds and the players; the `study` variant plays more of them. Then the
generic random player (core/players.py) plays whole games over the interface alone.
"""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from study_budget import study_size
from campagne.core.game import Game
from campagne.core.interface import described
from campagne.core.legal import accepts
from campagne.core.players import play_out, random_player
from campagne.registry import game as registered

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_state(descriptor, state, rng: random.Random, samples: int = 2) -> None:
    rules = descriptor.load("ruleset")()
    legal_orders = descriptor.load("legal_orders")
    players = list(descriptor.load("view")(state, None)["players"]) + ["referee"]
    awaited = rules.awaiting(state)
    for who in players:
        legal = legal_orders(state, who)
        if who in awaited:
            assert legal, f"{who} is awaited but has no legal order"  # (c)
        for lo in legal:
            for _ in range(samples):
                command = lo.sample(rng)
                assert lo.describes(command)
                assert accepts(rules, state, command), (who, command)  # (a)


def replay_checking(name: str, setup: dict, seed, commands: list[dict], rng: random.Random, every: int) -> None:
    descriptor = registered(name)
    rules = descriptor.load("ruleset")()
    legal_orders = descriptor.load("legal_orders")
    game = Game(rules, setup, seed)
    for i, command in enumerate(commands):
        state = game.state
        if i % every == 0:
            check_state(descriptor, state, rng)
        who = command.get("player", "referee")
        assert described(legal_orders(state, who), command), (i, command)  # (b)
        game.push(command)
    assert copy.deepcopy(game.state) is not None


@settings(max_examples=4, **SETTINGS)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5), controller=st.sampled_from(["greedy", "random"]))
def test_atlantis_legal_orders_hold_along_computer_campaigns(seed, players, controller):
    from campagne.games.atlantis.simulate import run_campaign
    played = run_campaign(players, 3, seed, controller)
    replay_checking("atlantis", dict(played.setup), seed, [e.command for e in played.entries],
                    random.Random(seed), every=3)


@settings(max_examples=3, **SETTINGS)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), controller=st.sampled_from(["greedy", "random"]))
def test_gorges_legal_orders_hold_along_computer_years(seed, players, controller):
    from campagne.games.gorges.simulate import default_players, simulate
    played = simulate(default_players(players, controller), seed, turns=3)
    replay_checking("gorges", dict(played.setup), seed, [e.command for e in played.entries],
                    random.Random(seed), every=4)


def wab_setup():
    from campagne.games.wab.inputs import build_setup
    return build_setup([{"id": "alice", "side": "mercenaires-atlantes"},
                        {"id": "bob", "side": "mercenaires-sauvages"}], {})


@settings(max_examples=4, **SETTINGS)
@given(seed=st.integers(0, 10_000))
def test_wab_legal_orders_hold_along_random_battles(seed):
    descriptor = registered("wab")
    rng = random.Random(seed)
    game = Game(descriptor.load("ruleset")(), wab_setup(), seed)
    legal_orders = descriptor.load("legal_orders")
    for _ in range(40):
        if game.state.phase == "ended":
            break
        check_state(descriptor, game.state, rng, samples=1)
        legal = legal_orders(game.state, "referee")
        game.push(random_player({}, [lo for lo in legal if lo.type != "end"] or legal, rng))


@pytest.mark.study
@settings(max_examples=8, **SETTINGS)
@given(seed=st.integers(0, 10**6), players=st.integers(1, 7), controller=st.sampled_from(["greedy", "random"]))
def test_atlantis_legal_orders_hold_in_longer_campaigns(seed, players, controller):
    from campagne.games.atlantis.simulate import run_campaign
    played = run_campaign(players, 6, seed, controller)
    replay_checking("atlantis", dict(played.setup), seed, [e.command for e in played.entries],
                    random.Random(seed), every=2)


# Three whole years, each its own test so that the study run's workers share them (one took a worker's whole run);
# the study profile is derandomized, so three drawn examples were three fixed ones all the same.
@pytest.mark.study
@pytest.mark.parametrize("seed, players, controller", [(240_113, 2, "greedy"), (517_029, 5, "random"),
                                                       (803_671, 8, "greedy")][:study_size(1)])
def test_gorges_legal_orders_hold_in_whole_years(seed, players, controller):
    from campagne.games.gorges.simulate import default_players, simulate
    played = simulate(default_players(players, controller), seed)
    replay_checking("gorges", dict(played.setup), seed, [e.command for e in played.entries],
                    random.Random(seed), every=6)


# --------------------------------------------------------------------------- the generic random player


def _ending_referee(last_turn: int):
    """The referee's routine, declaring the end once `last_turn` is reached (an Atlantis campaign ends when the
    club says so)."""
    from campagne.core.players import _referee

    def referee(view, legal, rng):
        if view["turn"] >= last_turn and any(lo.type == "end" for lo in legal):
            return {"type": "end", "player": "referee"}
        return _referee(view, legal, rng)
    return referee


def test_the_generic_random_player_finishes_an_atlantis_campaign():
    from campagne.games.atlantis.simulate import setup_for
    descriptor = registered("atlantis")
    setup = setup_for(4, "random")
    game = play_out(descriptor, setup, 7, {pid: random_player for pid in ("p1", "p2", "p3", "p4")},
                    referee=_ending_referee(3), max_orders=3000)
    outcome = descriptor.load("outcome")(game.state)
    assert outcome.ended and set(outcome.scores) == {"p1", "p2", "p3", "p4"}
    assert max(outcome.scores.values()) == 1 and min(outcome.scores.values()) == 0
    replayed = Game.replay(descriptor.load("ruleset")(), setup, 7, [e.command for e in game.entries])
    assert replayed.view(None) == game.view(None)


def test_the_generic_random_player_finishes_a_gorges_year():
    from campagne.games.gorges.simulate import default_players
    descriptor = registered("gorges")
    setup = {"players": default_players(3, "random")}
    game = play_out(descriptor, setup, 11, {p["id"]: random_player for p in setup["players"]}, max_orders=20_000)
    outcome = descriptor.load("outcome")(game.state)
    assert outcome.ended and game.state.turn == 12
    assert Game.replay(descriptor.load("ruleset")(), setup, 11,
                       [e.command for e in game.entries]).view(None) == game.view(None)


# --------------------------------------------------------------------------- each game's heuristic players


@pytest.mark.parametrize("name, turns", [
    ("atlantis", None),
    ("gorges", 4),  # four turns of the year in the default run: its twelve take a minute for every computer
    pytest.param("gorges", None, marks=pytest.mark.study),
])
def test_every_computer_of_a_descriptor_plays_over_the_view_and_the_legal_orders(name, turns):
    """The descriptors' computers are players `(view, legal, rng)`: handed a player's view (never the state), they
    finish a game (or play its first `turns` turns) over the interface alone, and the game replays identically."""
    descriptor = registered(name)
    if name == "atlantis":
        from campagne.games.atlantis.simulate import setup_for
        setup, referee, budget = setup_for(3, "greedy"), _ending_referee(3), 3000
    else:
        from campagne.games.gorges.simulate import default_players
        setup, referee, budget = {"players": default_players(3, "greedy")}, None, 20_000
    ids = [p["id"] for p in setup["players"]]
    from campagne.core.interface import load
    for controller, path in descriptor.computers.items():
        chosen = load(path)
        seen: list[dict] = []

        def watching(view, legal, rng, chosen=chosen, seen=seen):
            assert isinstance(view, dict) and view["viewer"] in ids  # a player's view, not the state
            seen.append(view)
            return chosen(view, legal, rng)
        game = play_out(descriptor, setup, 13, {pid: watching for pid in ids}, referee=referee, max_orders=budget,
                        until=None if turns is None else (lambda state: state.turn > turns))
        assert descriptor.load("outcome")(game.state).ended or turns is not None and game.state.turn > turns, \
            (name, controller)
        assert seen
        replayed = Game.replay(descriptor.load("ruleset")(), setup, 13, [e.command for e in game.entries])
        assert replayed.view(None) == game.view(None)
