"""A counter's search remembered by its visible foes (`movement.settled`, the state's memo) gives what a search
made afresh gives (`movement.search`, costs and paths in their order: from buckets, as from a heap), and so do
the reaches (remembered by the positions too) and a resolved move's path built on it: along seeded games, and on
states changed at random in every way a search may depend on (a counter moved, hidden or seen, lost, of another
type, the alliance of the two-player game), the memo kept."""

from __future__ import annotations

import copy
import random

from match_kit import at_phase, random_walk

from campagne.agents.match import Match
from campagne.games.arc import movement
from campagne.games.arc.data import unit_types


def _same(state, u, pegasus: bool) -> None:  # type: ignore[no-untyped-def]
    best, prev, occ = movement.search(state, u, pegasus)
    # the search from buckets is the heap's (the heap's: a search toward a hex never met)
    heaped, heaped_prev, _ = movement.search(state, u, pegasus, until="nowhere")
    assert list(best.items()) == list(heaped.items()) and prev == heaped_prev, (u.id, u.hex, pegasus)
    got_best, got_prev = movement.settled(state, u, pegasus)
    assert list(got_best.items()) == list(best.items()) and got_prev == prev, (u.id, u.hex, pegasus)
    whole = movement.Reach(u.hex, prev, [h for h in best if h != u.hex and (h not in occ or movement.can_end(
        state, u, h, occ))], best)
    assert list(movement.reach(state, u, pegasus)) == list(whole)
    assert list(movement.reach_now(state, u, pegasus)) == list(whole)  # remembered by the positions
    seen: dict = {}
    at = movement.positions(state)
    for _ in range(2):  # as a listing asks: the positions' reaches kept in `seen`
        assert list(movement.reach_now(state, u, pegasus, at=at, seen=seen)) == list(whole)
    for h in [*list(whole)[:3], *list(best)[:3], u.hex]:
        assert movement.path_to(state, u, h, pegasus) == (whole[h] if h in whole else None), (u.id, h)


def _mounts(u) -> tuple[bool, ...]:  # type: ignore[no-untyped-def]
    return (False, True) if u.kind.pegasus else (False,)


def test_the_remembered_search_is_the_search_along_games() -> None:
    rng = random.Random(3)
    for seed in (1, 2):
        m = Match("arc", max_steps=120)
        m.reset(seed)
        for _ in random_walk(m, rng):
            s = m.game.state
            on_board = [u for u in s.units.values() if u.alive and u.hex]
            for u in rng.sample(on_board, min(3, len(on_board))):
                for pegasus in _mounts(u):
                    _same(s, u, pegasus)


def test_the_remembered_search_follows_every_change_it_depends_on() -> None:
    rng = random.Random(8)
    m = at_phase("arc", 4, "move")
    s = copy.deepcopy(m.game.state)  # (its memo shared: what one state found, the changed one may find)
    hexes, types = sorted(s.board.neighbours), sorted(unit_types())
    changes = 0
    for _ in range(90):
        on_board = [u for u in s.units.values() if u.alive and u.hex]
        for u in rng.sample(on_board, min(4, len(on_board))):
            for pegasus in _mounts(u):
                _same(s, u, pegasus)
        x = rng.choice(list(s.units.values()))
        what = rng.randrange(6)
        if what == 0:
            x.hex = rng.choice(hexes)
        elif what == 1:
            x.hex = rng.choice(sorted(s.board.neighbours[x.hex])) if x.hex else rng.choice(hexes)
        elif what == 2:
            x.hidden = not x.hidden
        elif what == 3:
            x.status = "active" if x.status != "active" else rng.choice(("eliminated", "captured"))
        elif what == 4:
            x.type = rng.choice(types)
        else:
            s.two_player = not s.two_player
        changes += 1
    assert changes and s.memo.searches


def test_the_remembered_search_follows_the_type_of_a_foe() -> None:
    """The snipers heed the ZOC of archers only (« aucune restriction de mouvement dans des ZOC adverses, sauf
    archers »): the same foe on the same hex, an archer or not, makes two searches."""
    m = at_phase("arc", 4, "move")
    s = m.game.state
    sniper = next(u for u in s.units.values() if u.side == "fereira")
    sniper.type, sniper.status, sniper.hidden = "snipers", "active", False
    foe = next(u for u in s.units.values() if s.enemies(u.side, "fereira"))
    foe.status, foe.hidden = "active", False
    for u in s.units.values():  # the two alone on the board
        if u is not sniper and u is not foe:
            u.hex = None
    b, differ = s.board, 0
    for start in sorted(b.neighbours)[::7]:
        sniper.hex = start
        for at in sorted(h for h in b.neighbours if b.distance(start, h) == 2)[:2]:
            foe.hex = at
            found = []
            for kind in ("mpa_archers", "dwarves", "people", "mpa_archers"):
                foe.type = kind
                _same(s, sniper, False)
                found.append(movement.search(s, sniper)[0])
            differ += found[0] != found[2]
    assert differ  # (else this test would prove nothing)


def test_the_remembered_search_follows_a_foe_up_to_the_allowance() -> None:
    """The key holds the foes within the mover's allowance only (`movement.settled`): one at the allowance's
    distance changes the search (its hex barred), one beyond changes nothing. The foe walks in from beyond, so a
    key that dropped the foes at the allowance's distance would give the search made without him."""
    m = at_phase("arc", 4, "move")
    s = m.game.state
    mover = next(u for u in s.units.values() if u.side == "bonnaire" and u.kind.mvt > 0 and not u.kind.pegasus)
    mover.status, mover.hidden = "active", False
    foe = next(u for u in s.units.values() if s.enemies(u.side, "bonnaire"))
    foe.status, foe.hidden = "active", False
    for u in s.units.values():  # the two alone on the board
        if u is not mover and u is not foe:
            u.hex = None
    b, mp, differ, shared = s.board, mover.kind.mvt, 0, 0
    for start in sorted(b.neighbours)[::23]:
        mover.hex = start
        for d in (mp + 2, mp + 1, mp, mp - 1):
            ring = sorted(h for h in b.neighbours if b.distance(start, h) == d)
            for at in ring[:: max(1, len(ring) // 3)]:
                foe.hex = None
                alone, kept = movement.search(s, mover)[0], movement.settled(s, mover)[0]
                foe.hex = at
                _same(s, mover, False)
                differ += d == mp and movement.search(s, mover)[0] != alone
                shared += d > mp and movement.settled(s, mover)[0] is kept  # (the one search: none made)
    assert differ and shared  # (else this test would prove nothing)
