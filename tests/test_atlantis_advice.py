"""The odds beside an Atlantis player's decisions and the threat view (`advice`): computed from what he may know,
exact, and about what the rules would let happen."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from campagne.core.i18n import chance, exact
from campagne.games.atlantis import odds, simulate
from campagne.games.atlantis.advice import BRIBES, advice
from campagne.games.atlantis.ai import conquest_odds
from campagne.games.atlantis.rules import AtlantisRules
from campagne.games.atlantis.state import AtlantisState
from campagne.games.atlantis.views import information_state


def _states(monkeypatch: pytest.MonkeyPatch, seed: int, every: int = 3) -> list[AtlantisState]:
    """Copies of states a simulated campaign passes through."""
    import copy
    seen: list[AtlantisState] = []
    original = AtlantisRules.apply
    count = {"n": 0}

    def apply(self: AtlantisRules, state: AtlantisState, command: dict[str, Any], dice: Any) -> Any:
        count["n"] += 1
        if count["n"] % every == 0:
            seen.append(copy.deepcopy(state))
        return original(self, state, command, dice)
    monkeypatch.setattr(AtlantisRules, "apply", apply)
    simulate.run(4, turns=5, seed=seed, controller="random")
    monkeypatch.undo()
    return seen


@pytest.mark.parametrize("seed", [3, 8])
def test_advice_shows_only_what_the_player_may_know(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    states = _states(monkeypatch, seed)
    told = 0
    for s in states:
        for pid in s.players:
            mine = advice(s, pid, "en")
            assert mine == advice(information_state(s, pid), pid, "en")
            told += len(mine)
        assert advice(s, None) == [] and advice(s, "*spectator*") == []
    assert told > 20


@pytest.mark.parametrize("seed", [3, 8])
def test_threats_are_enemy_armies_two_steps_from_the_player_s_land(monkeypatch: pytest.MonkeyPatch,
                                                                    seed: int) -> None:
    threats = 0
    for s in _states(monkeypatch, seed, every=5):
        for pid in s.players:
            for a in advice(s, pid, "fr"):
                if a["about"] != "threat":
                    continue
                threats += 1
                q = s.players[a["enemy"]]
                assert s.owners.get(a["territory"]) == pid and a["enemy"] != pid
                near = set(s.map.neighbours(q.position))
                near |= {t for n in near for t in s.map.neighbours(n)}
                assert a["territory"] in near
                assert a["text"].startswith("Menace")
    assert threats > 5


@pytest.mark.parametrize("seed", [3, 8])
def test_conquest_odds_are_the_exact_ones_for_each_bribe_he_can_pay(monkeypatch: pytest.MonkeyPatch,
                                                                     seed: int) -> None:
    checked = 0
    for s in _states(monkeypatch, seed, every=1):
        if s.phase != "conquest":
            continue
        for pid, p in s.players.items():
            lines = [a["text"] for a in advice(s, pid, "en") if a["about"] == "conquer"]
            if not lines:
                continue
            assert len(lines) == len([b for b in BRIBES if b <= p.loot])
            expected = conquest_odds(s, p, p.position, 0)
            assert f"taken {chance(expected.success)}" in lines[0]
            checked += 1
    assert checked > 0


def test_a_probability_is_said_exactly() -> None:
    assert chance(Fraction(1, 2)) == "50.0%"
    assert chance(Fraction(1, 3)) == "33.3%" and chance(Fraction(1, 3), "fr") == "33,3\u00a0%"  # the fraction: --json
    assert exact(Fraction(1, 3)) == "1/3"
    assert chance(Fraction(0)) == "0%" and chance(Fraction(1)) == "100%"
    assert chance(Fraction(9999, 10000)) == "99.990%"
    assert chance(odds.battle(5, 5).attacker_wins) == "50.0%"
