"""The odds beside a side's decisions in a WAB battle (`advice`): each test its units must take, exact, and how
far a charged unit would flee; told to that side only."""

from __future__ import annotations

from fractions import Fraction

from test_wab_tracker import fact, game, to_phase

from campagne.core.i18n import chance
from campagne.games.wab.advice import advice


def test_a_panic_test_is_given_with_its_exact_chance_to_its_side_only() -> None:
    g = game()
    to_phase(g, "movement", "b", turn=1)
    fact(g, "charge", unit="b:warriors", target="a:archers", facing="flank", distance=6)
    told = advice(g.state, "a", "en")
    # Archers Ld 5, no general within 12": 2D6 <= 5, 10/36
    assert [a["about"] for a in told] == ["roll", "fact"]  # the panic test, then the reaction to choose
    assert f"passed {chance(Fraction(10, 36))}" in told[0]["text"]
    assert advice(g.state, "alice", "fr") and "réussi 27,8\u00a0%" in advice(g.state, "alice", "fr")[0]["text"]
    assert advice(g.state, "b") == [] and advice(g.state, "bob") == []
    assert advice(g.state, None) == [] and advice(g.state, "referee") == []
    fact(g, "near", unit="a:archers", general=True)  # Ld 8: 26/36
    assert f"passed {chance(Fraction(26, 36))}" in advice(g.state, "a")[0]["text"]


def test_a_charged_unit_is_told_how_far_it_would_flee() -> None:
    g = game()
    to_phase(g, "movement", "a")
    fact(g, "charge", unit="a:spearmen", target="b:warriors", distance=4)
    told = advice(g.state, "b", "en")
    assert [a["about"] for a in told] == ["fact"]
    # Warriors move 4 or less: 2D6 fled, 7" on average; farther than 4": 1 - P(2D6 <= 4) = 1 - 6/36
    assert "7.0\" on average" in told[0]["text"]
    assert f"farther than the charge (4\") {chance(Fraction(30, 36))}" in told[0]["text"]
    assert advice(g.state, "a") == []
