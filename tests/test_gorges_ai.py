"""The Gorges greedy computer's challenges: it fights for land when the exact odds favour it and not otherwise
(docs/rules/gorges.md, 25-26 and « Auto-resolve »)."""

from __future__ import annotations

import random

from gorges_kit import INLAND, at_phase, challenge, game, own, place

from campagne.games.gorges import ai
from campagne.games.gorges.views import information_state

NEAR = "1,0"  # next to INLAND


def _answer(s, pid="P2"):
    return ai.decide(information_state(s, pid), pid, random.Random(0))


def test_a_challenge_whose_refusal_costs_nothing_is_refused():
    # Adjacent land: refusing makes no save roll, so the land is kept surely; a battle (lost 44 % of the time
    # by the defender) could only lose it. The old computer fought because the save roll it would not make was weak.
    s = game()
    own(s, "P1", INLAND)
    own(s, "P2", NEAR)
    challenge(s, "P1", "G", "P2", NEAR)
    assert _answer(s)["type"] == "refuse"


def test_a_challenge_on_his_land_is_fought_when_the_battle_keeps_it_more_surely_than_the_save():
    s = game()
    own(s, "P2", INLAND)
    place(s, "P1:G", INLAND)
    challenge(s, "P1", "G", "P2", INLAND)
    order = _answer(s)
    assert order["type"] == "accept" and order["army"] == "G"  # his general's army: +1


def test_no_challenge_at_poor_odds():
    # P1's lone army without its general stands on P2's fortified land held by P2's general: the battle is lost
    # six times in seven and refusing costs P2 little; the old computer challenged anyway.
    s = game()
    own(s, "P2", INLAND)
    s.buildings[INLAND] = ["fortress"]
    place(s, "P2:G", INLAND)
    place(s, "P1:L1", INLAND)
    at_phase(s, "challenges", acting=["P1"])
    assert _answer(s, "P1") == {"type": "done", "player": "P1"}


def test_a_challenge_at_fair_odds_is_issued():
    s = game()
    own(s, "P2", INLAND)
    place(s, "P1:G", INLAND)
    at_phase(s, "challenges", acting=["P1"])
    order = _answer(s, "P1")
    assert order["type"] == "challenge" and order["territory"] == INLAND
