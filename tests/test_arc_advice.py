"""The odds beside an Arc player's decisions and his threat view (`advice`): a function of what his view shows
(hidden counters, the others' declarations and the flags the view leaves out change nothing), exact, and the
combat table's own numbers."""

from __future__ import annotations

import copy
import random
from fractions import Fraction
from typing import Any

import pytest

from arc_kit import position, u

from campagne.core.i18n import chance
from campagne.games.arc import simulate
from campagne.games.arc.advice import advice
from campagne.games.arc.data import SIDES
from campagne.games.arc.rules import ArcRules
from campagne.games.arc.state import ArcState
from campagne.games.arc.views import view


_SIMULATED: dict[tuple[int, bool, int], list[ArcState]] = {}


def _states(monkeypatch: pytest.MonkeyPatch, seed: int, two_player: bool, every: int = 9) -> list[ArcState]:
    """Copies of states a simulated game passes through (its first three turns): simulated once for the whole
    module (the tests only read them)."""
    if (seed, two_player, every) not in _SIMULATED:
        _SIMULATED[(seed, two_player, every)] = _simulated(monkeypatch, seed, two_player, every)
    return _SIMULATED[(seed, two_player, every)]


def _simulated(monkeypatch: pytest.MonkeyPatch, seed: int, two_player: bool, every: int) -> list[ArcState]:
    seen: list[ArcState] = []
    original = ArcRules.apply
    count = {"n": 0}

    def apply(self: ArcRules, state: ArcState, command: dict[str, Any], dice: Any) -> Any:
        count["n"] += 1
        if count["n"] % every == 0 and state.phase != "deploy":
            seen.append(copy.deepcopy(state))
        return original(self, state, command, dice)
    monkeypatch.setattr(ArcRules, "apply", apply)
    simulate.simulate(seed, "random", 3, two_player=two_player)
    monkeypatch.undo()
    return seen


def _meddle(s: ArcState, viewer: str, rng: random.Random) -> tuple[ArcState, int]:
    """A copy where everything `viewer`'s view hides is changed: each hidden counter he does not see moved
    next to one of his counters, flipped, its points gone, a lasting spell on it; the others' declarations
    replaced; the flags the view leaves out (charge, surprise move, attacks) set on the counters he sees.
    Also how many hidden counters now stand next to one of his."""
    t = copy.deepcopy(s)
    mine = [x.hex for x in s.units.values() if x.side == viewer and x.alive and x.hex]
    near = [h for m in mine for h in s.board.neighbours[m]] or list(s.board.coords)
    moved = 0
    for x in t.units.values():
        if x.side == viewer:
            continue
        x.charged = x.moved_hidden = x.attacked = x.attacked_by_enemy = True
        if x.alive and x.hex and not s.sees(viewer, s.units[x.id]):
            x.hex, x.reduced, x.points = rng.choice(near), not x.reduced, 0
            moved += 1
            t.effects.append({"id": 900 + moved, "spell": "light", "order": "bhar", "kind": "light",
                              "side": viewer, "unit": x.id, "hexes": None, "until": None, "cost": 50,
                              "shift": 2, "effect": None})
    for p in SIDES:
        if p != viewer:
            t.plans[p] = [{"type": "attack", "unit": x.id, "target": "nobody", "advance": False}
                          for x in t.units.values() if x.side == p][:3]
    return t, moved


@pytest.mark.parametrize("seed,two_player", [(3, False), (8, True)])
def test_advice_is_a_function_of_the_players_view(monkeypatch: pytest.MonkeyPatch, seed: int,
                                                  two_player: bool) -> None:
    rng = random.Random(seed)
    told = hidden_near = 0
    kinds = set()
    for s in _states(monkeypatch, seed, two_player):
        for p in SIDES:
            mine = advice(s, p, "en")
            other, moved = _meddle(s, p, rng)
            assert view(other, p) == view(s, p)  # only what his view hides was changed
            assert advice(other, p, "en") == mine
            told += len(mine)
            hidden_near += moved
            kinds |= {a["about"] for a in mine}
        assert advice(s, None) == [] and advice(s, "*spectator*") == []
    assert told > 100 and hidden_near > 20
    assert {"attack", "cast", "threat"} <= kinds


def test_french_sentences_under_fr(monkeypatch: pytest.MonkeyPatch) -> None:
    s = _states(monkeypatch, 5, False, every=40)[-1]
    for p in SIDES:
        fr, en = advice(s, p, "fr"), advice(s, p, "en")
        assert len(fr) == len(en) and [a["about"] for a in fr] == [a["about"] for a in en]
        for a, b in zip(fr, en):
            assert a["text"] != b["text"] and isinstance(a["text"], str)
            if a["about"] == "threat":
                assert a["text"].startswith("Menace sur") and b["text"].startswith("Threat to")


# The seed's « TABLE DE COMBAT », typed again by hand: the column 2-1 and the column 5-1, rolls 1 to 12.
COLUMN_2_1 = ["D2", "D2", "D3", "D3", "D4", "B2", "B3", "B3", "B4", "A1", "A2", "A3"]
COLUMN_5_1 = ["D3", "D4", "D4", "D5", "D5", "D5", "D6", "D6", "B4", "B5", "B6", "B6"]


def _by_hand(column: list[str]) -> str:
    counts = {c: column.count(c) for c in column}
    return ", ".join(f"{c} {chance(Fraction(n, 12))}" for c, n in sorted(counts.items()))


@pytest.mark.parametrize("attacker,reduced,column,eliminated", [
    ("mpa_infantry", False, COLUMN_2_1, "0%"),  # 10 v 4: 2-1, rounded for the defender; no E in the column
    ("allied_barons", False, COLUMN_5_1, "66.7%"),  # 20 v 4: 5-1; E on D5, D6, B5, B6: 8 rolls in 12
    ("mpa_infantry", True, COLUMN_5_1, "100%"),  # 10 v 2: 5-1; reduced, a 1/2 E (D3, D4, B4) eliminates it
])
def test_the_odds_of_an_attack_are_the_table_enumerated_by_hand(attacker: str, reduced: bool,
                                                                column: list[str], eliminated: str) -> None:
    """A Directorat counter on the faithful (defence 4, reduced 2), by day, in melee."""
    s = position([u(attacker, "D5"), u("faithful", "D7", reduced=reduced)], turn=3, phase="melee")
    lines = [a for a in advice(s, "bonnaire", "en") if a["about"] == "attack"]
    assert [(a["units"], a["target"]) for a in lines] == [([f"{attacker}.1"], "faithful.1")]
    text = lines[0]["text"]
    assert f"d12: {_by_hand(column)};" in text
    hit = Fraction(sum(1 for c in column if c[0] in "DB"), 12)
    back = Fraction(sum(1 for c in column if c[0] in "AB"), 12)
    assert f"Christian faithful 1 hit {chance(hit)}, eliminated {eliminated}, attackers hit {chance(back)}" in text
    assert ("ratio 2-1" if column is COLUMN_2_1 else "ratio 5-1") in text
    fr = [a["text"] for a in advice(s, "bonnaire", "fr") if a["about"] == "attack"][0]
    name = {"mpa_infantry": "Infanterie MPA 1", "allied_barons": "Cavalerie des barons alliés 1"}[attacker]
    assert fr.startswith(f"{name} contre Fidèles chrétiens 1, en mêlée") and "touché" in fr  # names, not ids


def test_the_threat_view_names_the_enemy_that_can_strike_and_never_a_hidden_one() -> None:
    """The Directorat fights now (melee, no move first): the infantry next to the faithful threatens it; the
    Red Brotherhood's invisible counter beside it is no threat Ulf can know of."""
    s = position([u("mpa_infantry", "D5"), u("faithful", "D7"), u("fraternite", "C8")], turn=3, phase="melee")
    assert s.units["fraternite.1"].hidden
    threats = [a for a in advice(s, "ulf", "en") if a["about"] == "threat"]
    assert [(a["unit"], a["enemies"]) for a in threats] == [("faithful.1", ["mpa_infantry.1"])]
    assert "in melee 2-1 (shift 0, column 2-1): hit 75.0%, eliminated 0%" in threats[0]["text"]
    s.units["fraternite.1"].hidden = False  # seen: now a threat too (Red Brotherhood: +1 by night only)
    threats = [a for a in advice(s, "ulf", "en") if a["about"] == "threat"]
    assert threats[0]["enemies"] == ["fraternite.1", "mpa_infantry.1"]


def test_a_knight_that_can_ride_in_a_straight_line_threatens_with_its_charge() -> None:
    """Knights (melee 40) ten rows below the infantry (defence 10), Ulf to move: 4-1, and the charge's +1
    (« en ligne droite sur 4 hex ») when they ride straight up to it; from the side, no charge."""
    straight = position([u("mpa_infantry", "D5"), u("knights", "D15")], turn=3, phase="melee")
    text = [a["text"] for a in advice(straight, "bonnaire", "en") if a["about"] == "threat"]
    assert text == ["Threat to MPA infantry 1 (D5) — if they attack it: Knights of the aristocracy 1 in melee 4-1 (shift +1, "
                    "column 5-1): hit 100%, eliminated 66.7%"]
    beside = position([u("mpa_infantry", "D5"), u("knights", "E6")], turn=3, phase="melee")
    text = [a["text"] for a in advice(beside, "bonnaire", "en") if a["about"] == "threat"]
    assert "(shift 0, column 4-1)" in text[0]


def test_a_spell_s_odds_are_the_target_s_failed_save() -> None:
    """Flame strike on MPA infantry (save 10: saved on 10, 11 or 12): it takes effect 9 times in 12."""
    s = position([u("christian_priests", "D5"), u("mpa_infantry", "D9")], turn=3, phase="magic", segment=1)
    flame = [a["text"] for a in advice(s, "ulf", "en") if a["about"] == "cast" and ", flame " in a["text"]]
    assert flame == ["Christian priests 1, flame (50 pts): takes effect (save failed) on "
                     "MPA infantry 1 75.0%"]


def test_nothing_for_the_referee_a_spectator_or_at_the_set_up() -> None:
    s = position([u("mpa_infantry", "D5"), u("faithful", "D7")], turn=3, phase="melee")
    assert advice(s, None) == [] and advice(s, "nobody", "fr") == []
    assert advice(s, "bonnaire", "fr") != advice(s, "bonnaire", "en")
    s.phase = "deploy"
    assert advice(s, "bonnaire") == []


def test_threats_skip_only_the_moves_that_cannot_matter(monkeypatch: pytest.MonkeyPatch) -> None:
    """The threats leave out an enemy's whole move when no hex it may end on (its allowance away) matters: the
    advice is the same as with every move drawn."""
    from campagne.games.arc import advice as module
    states = _states(monkeypatch, 3, False)[::5]  # those of the first test, simulated once
    quick = [[advice(s, p, "en") for p in SIDES] for s in states]
    monkeypatch.setattr(module, "_may_reach", lambda *_: True)
    assert quick == [[advice(s, p, "en") for p in SIDES] for s in states]
    assert sum(len(a) for row in quick for a in row) > 20
