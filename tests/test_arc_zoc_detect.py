"""Arc's `zoc_hexes`, `detect` and `combat.targets`, made cheaper (an enemy side looked up once, the detectors
looked for only when a counter is hidden, targets among the neighbours), give what the plain pass over every
counter gave: on the states of seeded games, for every counter as the mover (moving and retreating), detection on
copies with counters made hidden, and every counter's targets in both combat phases."""

from __future__ import annotations

import copy
import random

import pytest
from match_kit import random_walk

from campagne.agents.match import Match
from campagne.games.arc import movement
from campagne.games.arc.state import ArcState, Unit


def zoc_before(state: ArcState, mover: Unit, retreat: bool = False) -> set[str]:
    out: set[str] = set()
    b = state.board
    for e in state.units.values():
        if e.status != "active" or e.hidden or e.hex is None or not state.enemies(e.side, mover.side):
            continue
        if b.exerts_zoc(e.hex) and movement.exerts_zoc_on(state, e, mover, retreat):
            out.update(b.neighbours[e.hex])
    return out


def detect_before(state: ArcState) -> list[dict]:
    events: list[dict] = []
    b = state.board
    detectors = [d for d in state.alive() if d.hex and d.kind.ability("detects") and not d.hidden]
    for h in state.alive():
        if not h.hidden or h.hex is None:
            continue
        for d in detectors:
            if h.type in d.kind.ability("detects") and state.enemies(d.side, h.side) \
                    and b.distance(d.hex, h.hex) <= 1:
                h.hidden = False
                events.append({"type": "detected", "unit": h.id, "at": h.hex, "by": d.id})
                break
    return events


def states(seeds: tuple[int, ...] = (1,), steps: int = 300, every: int = 50) -> list[ArcState]:
    out, rng = [], random.Random(5)
    for two in (False, True):
        m = Match("arc", players=2 if two else None, max_steps=steps)
        for seed in seeds:
            m.reset(seed)
            out += [copy.deepcopy(m.game.state) for n, _ in enumerate(random_walk(m, rng)) if n % every == 0]
    return out


@pytest.fixture(scope="module")
def seen() -> list[ArcState]:
    return states()


def test_zoc_hexes_are_the_plain_pass(seen: list[ArcState]) -> None:
    found = 0
    for state in seen:
        for u in state.units.values():
            for retreat in (False, True):
                zoc = movement.zoc_hexes(state, u, retreat)
                assert zoc == zoc_before(state, u, retreat), (u.id, retreat)
                found += bool(zoc)
    assert found


def test_detect_is_the_plain_pass_with_counters_made_hidden(seen: list[ArcState]) -> None:
    rng, detected = random.Random(3), 0
    for state in seen:
        for _ in range(3):
            s = copy.deepcopy(state)
            detectors = [d for d in s.alive() if d.hex and d.kind.ability("detects")]
            for u in s.units.values():
                u.hidden = u.hidden or rng.random() < 0.3
                if u.alive and u.type in ("fraternite", "bonnaire") and detectors and rng.random() < 0.5:
                    u.hidden, u.hex = True, rng.choice(s.board.neighbours[rng.choice(detectors).hex])
            a, b = copy.deepcopy(s), copy.deepcopy(s)
            events = movement.detect(a)
            assert events == detect_before(b)
            assert {u.id: u.hidden for u in a.units.values()} == {u.id: u.hidden for u in b.units.values()}
            detected += len(events)
        assert movement.detect(copy.deepcopy(state)) == detect_before(copy.deepcopy(state))
    assert detected


def test_targets_among_the_neighbours_are_the_plain_pass(seen: list[ArcState]) -> None:
    """`combat.targets` given who stands where (`occ`) looks only at the attacker's hex and its neighbours: the
    same targets as trying every counter, in both combat phases, hidden counters beside them included."""
    from campagne.games.arc import combat

    rng, found = random.Random(8), 0
    for state in seen:
        s = copy.deepcopy(state)
        for u in s.units.values():
            u.hidden = u.hidden or rng.random() < 0.2
        occ = movement.occupancy(s)
        for phase in ("missiles", "melee"):
            for u in s.units.values():
                listed = combat.targets(s, u, phase, occ)
                assert listed == combat.targets(s, u, phase), (u.id, phase)
                found += len(listed)
    assert found


def found_before(state: ArcState, u: Unit, path: list[str]) -> tuple[list[str], list[dict]]:
    if u.kind.ability("invisible"):
        return path, []
    for i, h in enumerate(path):
        hidden = [x for x in state.at(h) if x.hidden and state.enemies(x.side, u.side)]
        if hidden:
            events = []
            for x in hidden:
                x.hidden = False
                events.append({"type": "detected", "unit": x.id, "at": h, "by": u.id})
            kept = path[:i]
            while kept and not movement.can_end(state, u, kept[-1]):
                kept.pop()
            return kept, events
    return path, []


def test_found_on_the_way_is_the_plain_pass(seen: list[ArcState]) -> None:
    """A move's path walked for hidden enemies (their hexes found in one pass first): the same path kept, the
    same detections, with counters made hidden (friends and enemies, eliminated ones too) on and off the path."""
    rng, found = random.Random(4), 0
    for state in seen:
        for _ in range(3):
            s = copy.deepcopy(state)
            on_board = [u for u in s.units.values() if u.hex]
            if not on_board:
                continue
            mover = rng.choice(on_board)
            path = [rng.choice(sorted(s.board.neighbours[mover.hex]))]
            for _ in range(rng.randrange(1, 6)):
                path.append(rng.choice(sorted(s.board.neighbours[path[-1]])))
            for u in s.units.values():
                if u is not mover and rng.random() < 0.3:
                    u.hidden = True
                    u.hex = rng.choice(path) if rng.random() < 0.5 else u.hex
                    u.status = "eliminated" if rng.random() < 0.1 else u.status
            a, b = copy.deepcopy(s), copy.deepcopy(s)
            got = movement.found_on_the_way(a, a.units[mover.id], list(path))
            assert got == found_before(b, b.units[mover.id], list(path))
            assert {u.id: u.hidden for u in a.units.values()} == {u.id: u.hidden for u in b.units.values()}
            found += bool(got[1])
    assert found
