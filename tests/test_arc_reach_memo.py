"""Arc's remembered reaches live beside each game's state (`state.Memo`), not at a module's level: a game's copies
share them (their keys hold all a reach depends on), another game does not, and a pickled state (a server's
snapshot) carries none."""

from __future__ import annotations

import copy
import pickle

from campagne.agents.match import Match
from campagne.games.arc import declare, movement


def _in_move(seed: int) -> Match:
    match = Match("arc")
    match.reset(seed)
    while match.game.state.phase != "move":
        match.act(match.legal_actions()[0])
    return match


def test_each_game_keeps_its_own_reaches() -> None:
    assert not any(isinstance(v, dict) and "REACH" in k.upper() for k, v in vars(movement).items())
    one = _in_move(1)
    state = one.game.state
    u = declare.movers(state, one.current, "move")[0]
    r = movement.reach_now(state, u)
    assert movement.reach_now(state, u) is r  # remembered
    assert set(r) == set(movement.reach(state, u))
    assert copy.deepcopy(state).memo is state.memo  # a copy finds what its game found
    other = Match("arc")
    other.reset(2)
    assert other.game.state.memo is not state.memo and not other.game.state.memo.reaches
    thawed = pickle.loads(pickle.dumps(state))
    assert not thawed.memo.reaches and thawed.memo is not state.memo
    assert set(movement.reach_now(thawed, thawed.units[u.id])) == set(r)
    del thawed.memo  # a snapshot pickled before the memo: one is made when first asked
    assert set(movement.reach_now(thawed, thawed.units[u.id])) == set(r)
