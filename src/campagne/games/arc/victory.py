"""Victory: the strategic objective, the secret objectives, and the standing after turn 8.

« conquérir et à tenir pendant un tour complet cinq points »: a place is held by the side whose visible counter
stands on it (an empty place stays with its last holder; hidden counters hold nothing, or their holding would
betray them); « tenir pendant un tour complet » is read as holding it at the end of two turns in a row, and
« prise pendant un tour au moins » (the secret objectives) the same, once at any time. « au moins la moitié »
of a type: half its set-up count, rounded up; captured counters count as eliminated. Objectives are checked at
the end of each turn, the Directorat's first (the order of play) when two are met at the same end.
If nobody has won after turn 8 the standing ranks the players by strategic points held, then parts of their
secret objective achieved, then enemy counters eliminated or captured.
"""

from __future__ import annotations

from collections import Counter
from operator import attrgetter
from typing import Any

from ...core.interface import Outcome
from .data import SIDES, sides
from .state import TURNS, ArcState, Memo, memo_of

Event = dict[str, Any]


def update_control(state: ArcState) -> None:
    for p in state.board.places.values():
        holders = {u.side for u in state.at(p.hex) if not u.hidden}
        if len(holders) == 1:
            state.control[p.id] = holders.pop()
        else:
            state.control.setdefault(p.id, None)


def held_two_turns(state: ArcState, place: str, team: tuple[str, ...]) -> bool:
    log = state.control_log
    return any(log[i].get(place) in team and log[i - 1].get(place) in team for i in range(1, len(log)))


def strategic_met(state: ArcState, team: tuple[str, ...]) -> bool:
    log = state.control_log
    places = sides()["strategic"]["places"]
    return len(log) >= 2 and all(log[-1].get(p) in team and log[-2].get(p) in team for p in places)


def lost(state: ArcState, unit_type: str) -> tuple[int, int]:
    """(eliminated or captured, set up) counters of a type."""
    of = [u for u in state.units.values() if u.type == unit_type and u.status != "converted"]
    return sum(1 for u in of if u.status in ("eliminated", "captured")), len(of)


# (asked twice at every step, by the outcome and the view, while counters are lost a few times a game: kept in the
# state's memo by all it reads, each counter's type, side and status; shared, never to be changed)
_COUNTED = attrgetter("type", "side", "status")


def tally(state: ArcState) -> tuple[dict[str, tuple[int, int]], set[str], dict[str, int]]:
    """`count(state)`, remembered by the counters' types, sides and statuses."""
    tallies = memo_of(state).tallies
    key = tuple(map(_COUNTED, state.units.values()))
    found = tallies.get(key)
    if found is None:
        if len(tallies) >= Memo.KEPT:
            tallies.clear()
        found = tallies[key] = count(state)
    return found


def count(state: ArcState) -> tuple[dict[str, tuple[int, int]], set[str], dict[str, int]]:
    """In two passes over the counters what `secret_parts` and `score_key` read, for every side at once (asked at
    every step, side by side, it was a pass per type named): each type's `lost`, the types of which a counter
    was captured, and each side's counters eliminated or captured."""
    units = state.units.values()
    # (counted by the Counter's own loop; the fallen, few, looked at one by one)
    totals = Counter([u.type for u in units if u.status != "converted"])
    fallen_types: Counter[str] = Counter()
    captured: set[str] = set()
    fallen: dict[str, int] = {}
    for u in [u for u in units if u.status == "eliminated" or u.status == "captured"]:
        fallen_types[u.type] += 1
        fallen[u.side] = fallen.get(u.side, 0) + 1
        if u.status == "captured":
            captured.add(u.type)
    return {t: (fallen_types[t], n) for t, n in totals.items()}, captured, fallen


def secret_parts(state: ArcState, side: str, counted: Any = None) -> tuple[int, int]:
    """(parts achieved, parts) of a side's secret objective (`counted`: the state's `tally`, when known)."""
    o = sides()[side]
    of, captured, _ = counted or tally(state)
    done = total = 0
    for t in o["eliminate_all"]:
        k, n = of.get(t, (0, 0))
        total += 1
        done += n > 0 and k == n
    for t in o["eliminate_half"]:
        k, n = of.get(t, (0, 0))
        total += 1
        done += n > 0 and 2 * k >= n
    for t in o["capture"]:
        total += 1
        done += t in captured
    for place in o["hold"]:
        total += 1
        done += held_two_turns(state, place, (side,))
    return done, total


def turn_end(state: ArcState) -> list[Event]:
    state.control_log.append(dict(state.control))
    events: list[Event] = [{"type": "control", "turn": state.turn, "control": dict(state.control)}]
    for side in SIDES:
        team = state.team(side)
        if strategic_met(state, team):
            return events + finish(state, list(team), "strategic")
        done, total = secret_parts(state, side)
        if done == total:
            return events + finish(state, [side], "secret")
    if state.turn >= TURNS:
        return events + finish(state, [], "standing")
    return events


def finish(state: ArcState, winners: list[str], how: str) -> list[Event]:
    state.phase, state.acting, state.done = "ended", [], []
    state.victory = how
    state.winner = "+".join(winners) if winners else None
    state.standing = standing(state, winners)
    return [{"type": "game_over", "victory": how, "winners": winners, "standing": state.standing}]


def score_key(state: ArcState, side: str, counted: Any = None) -> tuple[int, int, int]:
    """(strategic places held, secret parts achieved, enemy counters eliminated or captured); `counted`: the
    state's `tally`, when known."""
    counted = counted or tally(state)
    places = sides()["strategic"]["places"]
    held = sum(1 for p in places if state.control.get(p) == side)
    parts = secret_parts(state, side, counted)[0]
    kills = sum(n for s, n in counted[2].items() if state.enemies(s, side))
    return held, parts, kills


def standing(state: ArcState, winners: list[str]) -> list[str]:
    counted = tally(state)
    rest = sorted((s for s in SIDES if s not in winners), key=lambda s: score_key(state, s, counted), reverse=True)
    return [*winners, *rest]


def ended(state: ArcState) -> bool:
    """`outcome(state).ended` alone (the agents' match asks it at every step)."""
    return state.ended


def outcome(state: ArcState) -> Outcome:
    """Scores: a total victory gives its winners 1 and the others 0; the standing after turn 8 gives
    0.5, 0.25 and 0 (nobody won)."""
    counted = tally(state)
    keys = {s: score_key(state, s, counted) for s in SIDES}  # each side's once (the standing sorts by them too)
    order = state.standing or sorted(SIDES, key=keys.__getitem__, reverse=True)  # as `standing(state, [])`
    if state.victory in ("strategic", "secret"):
        winners = state.winner.split("+") if state.winner else []
        scores = {s: 1.0 if s in winners else 0.0 for s in SIDES}
    else:
        scores = {s: (0.5, 0.25, 0.0)[order.index(s)] for s in SIDES}
    details = {"victory": state.victory, "turn": state.turn,
               "keys": {s: list(k) for s, k in keys.items()}}
    return Outcome(state.ended, tuple(order), scores, details)
