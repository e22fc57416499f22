"""What players see of a Gorges campaign: the board is public, a player's items and battle notes are his,
and a pending challenge shows the defender the exact odds of his save roll."""

from __future__ import annotations

from fractions import Fraction

from gorges_kit import apply, at_phase, new_state, own, place

from campagne.games.gorges.odds import save_odds
from campagne.games.gorges.views import redact_entry, view


def test_a_pending_challenge_shows_the_exact_save_odds_if_refused() -> None:
    s = new_state(("empire", "warriors of chaos"))
    target = next(t for t in s.neighbours(s.players["P1"].capital))
    own(s, "P1", target)
    s.buildings[s.players["P1"].capital] = ["fortress"]
    place(s, "P2:G", target)
    at_phase(s, "challenges", ["P2"])
    apply(s, {"type": "challenge", "player": "P2", "army": "G", "defender": "P1", "territory": target})
    c = view(s, "P1")["challenges"][0]
    # Chaos -1 against the Empire's fortress +2 next to it; P2 holds no land next to it (no -1).
    adjacent = any(s.owners.get(n) == "P2" for n in s.neighbours(target))
    expected = save_odds(adjacent=adjacent, fortress_adjacent=True, attacker_race="warriors_of_chaos",
                         defender_race="empire")
    assert Fraction(c["save_if_refused"]["exact"]) == expected == Fraction(1, 3)


def test_a_challenge_without_an_army_on_the_territory_has_no_save_to_show() -> None:
    """The owner challenges an intruder on his own land: refusing means being pushed back, no save."""
    s = new_state(("empire", "skaven"))
    s.players["P2"].event = None
    at_phase(s, "challenges", ["P2"])
    place(s, "P1:G", s.players["P2"].capital)
    apply(s, {"type": "challenge", "player": "P2", "army": "G", "defender": "P1",
              "territory": s.players["P2"].capital})
    assert "save_if_refused" not in view(s, None)["challenges"][0]


def test_items_and_battle_notes_are_their_owners_alone() -> None:
    s = new_state(("empire", "skaven"))
    s.players["P1"].items.append({"source": "mine", "max_points": 40})
    s.players["P1"].notes.append({"key": "trap", "when": "next_battle", "fr": "Piège.", "en": "Trap."})
    mine, theirs, referee = view(s, "P1"), view(s, "P2"), view(s, None)
    assert mine["players"]["P1"]["items"] == [{"source": "mine", "max_points": 40}]
    assert referee["players"]["P1"]["notes"][0]["key"] == "trap"
    assert theirs["players"]["P1"]["items"] == 1 and theirs["players"]["P1"]["notes"] == 1
    entry = {"n": 1, "events": [{"type": "battle_note", "player": "P1", "note": "trap"}]}
    assert redact_entry(entry, "P2")["events"][0]["note"] == "hidden"
    assert redact_entry(entry, "P1")["events"][0]["note"] == "trap"


def test_auto_resolve_odds_in_a_players_view_do_not_count_the_others_hidden_bonus_points():
    # Before, alice's view showed odds counting bob's hidden +500 points (from his mines): a leak.
    from campagne.core.game import Game
    from campagne.games.gorges.battles import auto_odds
    from campagne.games.gorges.rules import GorgesRules
    from campagne.games.gorges.simulate import default_players
    from campagne.games.gorges.views import view
    for seed in range(40):
        game = Game(GorgesRules(), {"players": default_players(3, "greedy")}, seed)
        from campagne.games.gorges.ai import step
        for _ in range(400):
            s = game.state
            if s.phase in ("final", "ended"):
                break  # a year without a battle: the next seed
            open_ = [b for b in s.battles if b.result is None]
            if open_:
                b = open_[0]
                s.players[b.defender].battle_points = 500  # hidden +500 for the defender
                referee = auto_odds(s, b)
                attacker_view = view(s, b.attacker)["battles"][0]["auto_resolve_odds"]
                assert attacker_view["unknown"] == [b.defender]
                assert attacker_view["attacker"]["exact"] == str(auto_odds(s, b, b.attacker))
                assert auto_odds(s, b, b.attacker) > referee  # the hidden points are not counted
                assert view(s, None)["battles"][0]["auto_resolve_odds"]["attacker"]["exact"] == str(referee)
                return
            command = step(s, seed, len(game.entries), referee=False) or {"type": "next", "player": "referee"}
            game.push(command)
    raise AssertionError("no battle reached")
