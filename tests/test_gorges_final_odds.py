"""The final battle's exact odds (final.py `final_odds`, `expected`): what a search player scores a Gorges year's end
by, in place of one roll of the battle that decides it. They are the resolver's own: the same chances as the rules'
`final-battle --auto`, in the rules' own terms (more relic points, more chance; as many, as much)."""

from __future__ import annotations

from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from campagne.core.dice import Dice
from campagne.core.dice_notation import distribution
from campagne.core.game import Game
from campagne.games.gorges import final
from campagne.registry import game

CAP = 25


def _state(relics: list[int], readings: int = 2):
    d = game("gorges")
    ids = [f"p{i + 1}" for i in range(len(relics))]
    setup = d.load("setup")([{"id": i, "controller": "greedy", "name": i, "race": "empire"} for i in ids], {})
    s = Game(d.load("ruleset")(), setup, 1).state
    for pid, r in zip(ids, relics):
        s.players[pid].relics = r
    s.readings = readings
    return d, s


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 12), min_size=2, max_size=4))
def test_more_relics_more_chance_as_many_as_much(relics: list[int]) -> None:
    _, s = _state(relics)
    odds = final.final_odds(s, CAP)
    assert sum(odds.values()) == 1
    for a, b in product(s.players, repeat=2):
        ra, rb = s.players[a].relics, s.players[b].relics
        assert (odds[a] > odds[b]) == (ra > rb) and (odds[a] == odds[b]) == (ra == rb)


def test_two_players_the_richer_wins_as_2d6_plus_5_beats_2d6_rolled_again_on_a_tie() -> None:
    _, s = _state([4, 1])
    d6 = distribution("2D6")
    ahead = sum(p * q for (a, p), (b, q) in product(d6.items(), d6.items()) if a + 5 > b)
    tie = sum(p * q for (a, p), (b, q) in product(d6.items(), d6.items()) if a + 5 == b)
    assert final.final_odds(s, CAP) == {"p1": ahead / (1 - tie), "p2": 1 - ahead / (1 - tie)}
    assert final.expected(s) == {"p1": float(ahead / (1 - tie)), "p2": float(1 - ahead / (1 - tie))}


def test_the_odds_are_the_resolver_s() -> None:
    """Three players, advantages of 25 %, 0 and 12.5 % (a fraction of a modifier: ties are rarer): the rules'
    own resolution, rolled 1,500 times, wins each as often as the odds say (within 4 standard errors)."""
    d, s = _state([3, 1, 2])
    odds = final.final_odds(s, CAP)
    ruleset, n, won = d.load("ruleset")(), 1500, {pid: 0 for pid in s.players}
    for i in range(n):
        s.phase, s.standings = final.PHASE, []
        ruleset.apply(s, {"type": "final-battle", "player": "referee", "auto": True}, Dice.seeded("odds", i))
        won[s.standings[0]["player"]] += 1
    for pid, p in odds.items():
        assert abs(won[pid] / n - float(p)) < 4 * (float(p) * (1 - float(p)) / n) ** 0.5, (pid, won, odds)
    assert odds["p1"] > odds["p3"] > odds["p2"] > 0


def test_before_readings_2_the_year_ends_on_the_relic_standing() -> None:
    _, s = _state([2, 2, 1], readings=1)
    s.owners.clear()  # as many territories: the first two tie, their roll-off as likely each way
    assert final.expected(s) == {"p1": 0.75, "p2": 0.75, "p3": 0.0}
    s.players["p2"].relics = 3
    assert final.expected(s) == {"p2": 1.0, "p1": 0.5, "p3": 0.0}
