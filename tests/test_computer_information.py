"""Computer players decide on their player's information state (the state with what his view hides taken out,
`views.information_state`), never on the state itself: a whole simulated Atlantis campaign and Gorges year
are played while every state handed to a computer's decision is checked to hold no other player's secret."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from campagne.core.game import Game
from campagne.games.atlantis import ai as atlantis_ai
from campagne.games.atlantis import simulate as atlantis_sim
from campagne.games.atlantis import views as atlantis_views
from campagne.games.gorges import ai as gorges_ai
from campagne.games.gorges import simulate as gorges_sim
from campagne.games.gorges import views as gorges_views


def _watch(monkeypatch: pytest.MonkeyPatch, module: Any, views: Any, names: tuple[str, ...]) -> dict[str, int]:
    """Wrap the module's decision functions: each state they receive must be its own information state; count
    the decisions and those taken while another player held a secret (the real state differed)."""
    seen = {"decisions": 0, "with_secrets": 0}
    real_information_state = views.information_state

    def informed(s: Any, viewer: str) -> Any:
        known = real_information_state(s, viewer)
        seen["with_secrets"] += known != s
        return known
    monkeypatch.setattr(module, "information_state", informed)
    for name in names:
        original = getattr(module, name)

        def wrapper(s: Any, pid: str, *rest: Any, _original: Any = original) -> Any:
            assert s == real_information_state(s, pid), f"{pid} decided on a state holding others' secrets"
            seen["decisions"] += 1
            return _original(s, pid, *rest)
        monkeypatch.setattr(module, name, wrapper)
    return seen


def test_atlantis_computers_never_see_another_player_s_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _watch(monkeypatch, atlantis_ai, atlantis_views, ("decide", "optional_orders"))
    game = atlantis_sim.run(4, turns=8, seed=2, controller="random")
    assert game.state.turn >= 2 and seen["decisions"] > 50
    assert seen["with_secrets"] > 0  # strategies written by others were hidden from some decisions


def test_gorges_computers_never_see_another_player_s_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _watch(monkeypatch, gorges_ai, gorges_views, ("decide",))
    gorges_sim.run(4, turns=2, seed=5)
    assert seen["decisions"] > 50
    assert seen["with_secrets"] > 0  # items, points or notes of others were hidden from some decisions


def test_an_information_state_keeps_what_the_view_shows() -> None:
    """What a computer knows is what its view shows: the view of the information state is the view itself."""
    game = atlantis_sim.run(3, turns=2, seed=3)
    for pid in game.state.players:
        assert atlantis_views.view(atlantis_views.information_state(game.state, pid), pid) == \
            atlantis_views.view(game.state, pid)
    gorges = gorges_sim.run(3, turns=1, seed=3)
    for pid in gorges.state.players:
        assert gorges_views.view(gorges_views.information_state(gorges.state, pid), pid) == \
            gorges_views.view(gorges.state, pid)


def test_atlantis_information_state_is_only_read() -> None:
    """The information state shares with the state what it leaves as it is: computers deciding on it and the odds
    drawn from it leave the state exactly as it was, at every state of a campaign, for every player."""
    from campagne.games.atlantis.advice import advice
    from campagne.games.atlantis.rules import AtlantisRules, awaiting
    game = atlantis_sim.run(4, turns=8, seed=2, controller="random")
    replay = Game(AtlantisRules(), game.setup, game.seed)
    rng = random.Random(8)
    checked = hidden = 0
    for entry in game.entries:
        s = replay.state
        before = copy.deepcopy(s)
        hidden += any(b.scenario is None and any(b.strategies.values()) for b in s.battles)
        for pid in s.players:
            advice(s, pid, "fr")
            known = atlantis_views.information_state(s, pid)
            atlantis_ai.optional_orders(known, pid, rng)
            if pid in awaiting(s):
                atlantis_ai.decide(known, pid, rng)
                checked += 1
        assert s == before, entry.n
        replay.push(entry.command)
    assert checked > 40 and hidden > 0  # strategies were hidden in some of those states


def test_gorges_information_state_is_only_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """As for Atlantis: along a simulated year, the computers' decisions and the odds drawn from the information
    state leave the state exactly as it was (checked before every third command, for every player)."""
    from campagne.games.gorges.advice import advice
    from campagne.games.gorges.rules import GorgesRules, awaiting
    rng = random.Random(5)
    seen = {"states": 0, "decisions": 0, "secrets": 0, "inside": False}
    original = GorgesRules.apply

    def apply(self: GorgesRules, state: Any, command: dict[str, Any], dice: Any) -> Any:
        if seen["inside"]:  # the computers' and odds' own trials, on copies
            return original(self, state, command, dice)
        seen["states"] += 1
        if seen["states"] % 3 == 0 and state.phase != "setup":
            seen["inside"] = True
            before = copy.deepcopy(state)
            seen["secrets"] += any(p.items or p.notes or p.battle_points or any(a.notes or a.hero.items
                                   for a in p.armies.values()) for p in state.players.values())
            for pid in state.players:
                advice(state, pid, "fr")
                if pid in awaiting(state):
                    gorges_ai.decide(gorges_views.information_state(state, pid), pid, rng)
                    seen["decisions"] += 1
            seen["inside"] = False
            assert state == before, command
        return original(self, state, command, dice)
    monkeypatch.setattr(GorgesRules, "apply", apply)
    gorges_sim.run(4, turns=4, seed=5)
    assert seen["decisions"] > 40 and seen["secrets"] > 0
