"""The odds beside a Gorges player's decisions and his threat view (`advice`): computed from what he may know,
exact (checked against the dice enumerated by hand), and about what the rules would let him do."""

from __future__ import annotations

import copy
import itertools
from collections import deque
from fractions import Fraction
from typing import Any

import pytest
from gorges_kit import INLAND, apply, at_phase, challenge, game, own, place

from campagne.core.dice import ScriptedDice
from campagne.core.i18n import chance
from campagne.games.gorges import rolls, simulate
from campagne.games.gorges.advice import advice
from campagne.games.gorges.battles import auto_modifiers
from campagne.games.gorges.legal import legal_orders
from campagne.games.gorges.rules import GorgesRules
from campagne.games.gorges.state import GorgesState
from campagne.games.gorges.views import information_state

NEAR, NEAR2 = "3,-1", "2,1"  # both border INLAND (tests/test_gorges_rules.py)
D6 = range(1, 7)


def d6(hit: Any, dice: int = 1) -> Fraction:
    """By hand: the chance that `hit(faces...)` holds over `dice` D6."""
    throws = list(itertools.product(D6, repeat=dice))
    return Fraction(sum(1 for t in throws if hit(*t)), len(throws))


@pytest.fixture(scope="module")
def states() -> list[GorgesState]:
    """Copies of states two simulated campaigns pass through (every few orders, the computers' probes included)."""
    seen: list[GorgesState] = []
    original, count = GorgesRules.apply, {"n": 0}

    def spy(self: GorgesRules, state: GorgesState, command: dict[str, Any], dice: Any) -> Any:
        count["n"] += 1
        # a challenge awaiting its answer, a battle awaiting its result: the rarer states, kept more often
        answering = any(c.status == "pending" for c in state.challenges) or any(
            b.result is None for b in state.battles)
        if count["n"] % 7 == 0 or (answering and count["n"] % 4 == 0):
            seen.append(copy.deepcopy(state))
        return original(self, state, command, dice)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(GorgesRules, "apply", spy)
        simulate.run(4, turns=6, seed=3, controller="mixed")
        simulate.run(5, turns=12, seed=5, controller="mixed")
    return seen


def test_advice_shows_only_what_the_player_may_know(states: list[GorgesState]) -> None:
    told: dict[str, int] = {}
    for s in states[::4]:
        for pid in s.players:
            mine = advice(s, pid, "en")
            assert mine == advice(information_state(s, pid), pid, "en")
            hidden = copy.deepcopy(s)  # what the others keep to themselves, changed: nothing he is told changes
            for q in (q for q in hidden.players.values() if q.id != pid):
                q.battle_points += 1000
                q.items.append({"source": "mine", "max_points": 60})
                for a in q.armies.values():
                    a.bonus_points += 500
                    a.hero.next_battle.append({"key": "dead"})
            assert advice(hidden, pid, "en") == mine, (s.turn, s.phase, pid)
            for a in mine:
                told[a["about"]] = told.get(a["about"], 0) + 1
        assert advice(s, None) == [] and advice(s, "referee") == [] and advice(s, "*spectator*") == []
    assert {"threat", "move", "challenge", "battle-result", "refuse", "accept"} <= set(told), told


def test_each_text_is_in_french_under_fr(states: list[GorgesState]) -> None:
    for s in states[::9]:
        for pid in s.players:
            fr, en = advice(s, pid, "fr"), advice(s, pid, "en")
            assert [a["about"] for a in fr] == [a["about"] for a in en]
            for f, e in zip(fr, en):
                assert f["text"] != e["text"]
                assert not any(w in f["text"] for w in ("Threat", "Challenge", "won ", "your "))
                assert f["text"].startswith("Menace") == (f["about"] == "threat")


def test_battles_resolved_by_the_table_are_the_2d6_counted_by_hand(states: list[GorgesState]) -> None:
    checked = 0
    for s in (s for s in states if s.phase == "battles"):
        for b in (b for b in s.battles if b.result is None):
            for pid in (b.attacker, b.defender):
                mods = auto_modifiers(s, b, pid)  # what he knows: the other's bonus points are his secret
                lead = sum(mods[b.attacker].values()) - sum(mods[b.defender].values())
                attacker = d6(lambda a1, a2, d1, d2: a1 + a2 + lead > d1 + d2, dice=4)
                win = attacker if pid == b.attacker else 1 - attacker
                # the loser's hero dies on 4+, the winner's on a 6; the beaten army is out until next season on 4-6
                hero = win * d6(lambda f: f == 6) + (1 - win) * d6(lambda f: f >= 4)
                army = s.players[pid].armies[b.attacker_army if pid == b.attacker else b.defender_army]
                falls = f", your hero falls {chance(hero)}" if army.hero.on_the_field else ""  # none: nobody to kill
                out = (1 - win) * d6(lambda f: f >= 4)
                mine = [a["text"] for a in advice(s, pid, "en")
                        if a["about"] == "battle-result" and a.get("territory") == b.territory]
                assert any(f"won {chance(win)}{falls}, your army out of play until next season {chance(out)}" in t
                           for t in mine), (mine, win, hero)
                checked += 1
    assert checked > 4


def _refused_here(relics: int = 0) -> GorgesState:
    """P2's General stands on P1's INLAND and challenges P1, who has `relics` relic points."""
    s = game()
    own(s, "P1", INLAND)
    place(s, "P2:G", INLAND)
    s.players["P1"].relics = relics
    challenge(s, "P2", "G", "P1", INLAND)
    return s


@pytest.mark.parametrize("arrange, shift", [
    (lambda s: None, 0),
    (lambda s: own(s, "P2", NEAR), -1),  # « - 1 si le territoire est adjacent à l'un de vos territoires »
    (lambda s: (own(s, "P1", NEAR2), s.buildings.__setitem__(NEAR2, ["fortress"])), +1),
    (lambda s: (own(s, "P1", NEAR2), s.buildings.__setitem__(NEAR2, ["town"])), +2),
])
def test_refusing_shows_the_save_counted_by_hand_with_each_relic_offer(arrange: Any, shift: int) -> None:
    s = _refused_here(relics=2)
    arrange(s)
    text = next(a["text"] for a in advice(s, "P1", "en") if a["about"] == "refuse")
    saves = [d6(lambda f: f + shift + r >= 6) for r in range(3)]  # « un test à 6+ », +1 per relic point given
    assert f"your save keeps it {chance(saves[0])}" in text
    for r in (1, 2):
        assert f"{r} relic point(s) offered, if he takes them: {chance(saves[r])}" in text
    assert not any(a["about"] == "refuse" for a in advice(s, "P2", "en"))  # the challenger has nothing to answer


def test_accepting_shows_each_army_s_battle_and_the_challenger_sees_the_relics_answer() -> None:
    s = _refused_here(relics=2)
    text = next(a["text"] for a in advice(s, "P1", "en") if a["about"] == "accept")
    # P2's General (+1) attacks; P1's General (+1) or a Lieutenant defends, the defender winning ties
    for army, lead in (("G", 0), ("L1", 1), ("L2", 1)):
        assert f"{chance(1 - d6(lambda a1, a2, d1, d2: a1 + a2 + lead > d1 + d2, dice=4))} with {army}" in text
    apply(s, {"type": "refuse", "player": "P1", "challenge": 1, "relics": 2}, [])
    told = {a["about"]: a["text"] for a in advice(s, "P2", "en")}
    assert f"you take {INLAND} {chance(1 - d6(lambda f: f + 2 >= 6))}" in told["take-relics"]
    assert f"you take {INLAND} {chance(1 - d6(lambda f: f >= 6))}" in told["decline-relics"]


def _mines(race: str) -> tuple[GorgesState, str]:
    s = game(race, "dwarfs")
    capital = s.players["P1"].capital
    own(s, "P1", INLAND)
    s.buildings[capital], s.buildings[INLAND] = ["mine"], ["mine"]
    return at_phase(s, "mines", ["P1"]), capital


def _production(shift: int) -> str:
    """The mines table by hand: « 1 Effondrement, 2-4 Or et Fer, 5-6 Trésor fabuleux », 7 read as 6."""
    rows = {"Collapse": d6(lambda f: f + shift <= 1), "Gold and iron": d6(lambda f: 2 <= f + shift <= 4),
            "Fabulous treasure": d6(lambda f: f + shift >= 5)}
    return ", ".join(f"{k} {chance(v)}" for k, v in rows.items() if v)


def test_the_dark_elves_prisoners_and_event_52_s_re_roll_show_the_mine_table() -> None:
    s, capital = _mines("dark_elves")
    s.players["P1"].slaves_bonus = True
    told = {a["about"]: a["text"] for a in advice(s, "P1", "en")}
    assert told["slaves"] == f"Prisoners in a mine (+1): {_production(1)}; without: {_production(0)}"
    s, capital = _mines("empire")
    p = s.players["P1"]
    p.event = {"key": "slaves"}  # event 52 « Esclave »
    p.mines_rolled = [{"territory": t, "roll": rolls.mine(ScriptedDice([1])), "slaves": False}
                      for t in (capital, INLAND)]
    told = {a["territory"]: a["text"] for a in advice(s, "P1", "en") if a["about"] == "reroll-mine"}
    assert told == {t: f"Re-roll the mine of {t} (now: Collapse): {_production(0)}" for t in (capital, INLAND)}
    assert not [a for a in advice(s, "P2", "en") if a["about"] == "reroll-mine"]


def test_the_high_elves_re_roll_and_the_skaven_raid_show_their_dice() -> None:
    s = at_phase(game("high_elves", "dwarfs"), "movement", ["P1"])
    for a in s.players["P1"].armies.values():
        a.move_allowance = 1
    told = {a["about"]: a["text"] for a in advice(s, "P1", "en")}
    third = chance(d6(lambda f: f in (1, 2)))  # a D3
    assert told["reroll"] == f"Re-roll the movement die (you have 1): 1 {third}, 2 {third}, 3 {third}; the second " \
                             f"result applies"
    s = at_phase(game("skaven", "dwarfs"), "challenges", ["P1"])
    raid = next(a["text"] for a in advice(s, "P1", "en") if a["about"] == "raid")
    assert f"lost underground and removed from play {chance(d6(lambda f: f <= 2))}" in raid  # 1-2


def _distance(s: GorgesState, start: str, goal: str) -> int:
    seen, queue = {start: 0}, deque([start])
    while queue:
        here = queue.popleft()
        for n in s.neighbours(here):
            if n not in seen:
                seen[n] = seen[here] + 1
                queue.append(n)
    return seen[goal]


def test_threats_are_enemy_armies_a_move_die_away_from_his_land(states: list[GorgesState]) -> None:
    threats = 0
    for s in states[::5]:
        for pid, p in s.players.items():
            for a in (a for a in advice(s, pid, "en") if a["about"] == "threat" and ":" in a["enemy"]
                      and "can reach" in a["text"]):
                enemy = s.army(a["enemy"])
                assert enemy is not None and enemy.player != pid
                top = 4 if s.players[enemy.player].race == "bretonnia" else 3  # 1D3, Bretonnia 1D3+1
                for t in a["territories"]:
                    assert s.owners[t] == pid
                    d = _distance(s, enemy.position, t)
                    assert d <= top
                    odds = chance(Fraction(top + 1 - max(d, top - 2), 3)) if d else "already there"
                    capital = " (your capital)" if t == p.capital else ""
                    assert f"{t}{capital} {odds}," in a["text"], (a["text"], t, d)
                    threats += 1
    assert threats > 20


def test_the_moves_shown_are_those_the_rules_list(states: list[GorgesState]) -> None:
    checked = 0
    for s in [s for s in states if s.phase == "movement" and s.acting][:8]:
        pid = s.acting[0]
        known = information_state(s, pid)
        ends = {w[-1] for lo in legal_orders(known, pid) if lo.type == "move" for w in lo.fields[0].choices}
        wanted = {t for t in ends if s.owners.get(t) not in (None, pid)
                  or any(a.player != pid for a in s.armies_at(t))}
        assert {a["territory"] for a in advice(s, pid, "en") if a["about"] == "move"} == wanted
        checked += bool(wanted)
    assert checked > 1
