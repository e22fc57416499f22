"""What a referee and players read at the table (Gorges Tranchées): the status in words, in both languages."""

from __future__ import annotations

from campagne.core.i18n import Lang
from campagne.games.gorges.text import status_text


def test_gorges_status_says_controllers_challenge_conditions_and_absences_in_words():
    view = {"turn": 2, "season": "spring", "phase": "challenges", "awaiting": [], "order": ["a", "b"],
            "ghost": "0,0", "standings": None, "battles": [],
            "players": {"a": {"controller": "greedy", "race": "empire", "relics": 0, "empire": 1, "capital": "1,1",
                              "event": None, "hostages": [],
                              "armies": [{"ref": "a:G", "hero": "Karl", "hero_dead": False, "hero_captured_by": None,
                                          "position": None, "out_until": "next_season", "renown": [],
                                          "move_allowance": 0}]}},
            "challenges": [{"id": 1, "challenger": "a", "army": "G", "defender": "b", "target": "0,1",
                            "condition": "adjacent_territories", "status": "refused"}]}
    fr = status_text(view, Lang("fr"))
    assert "(ordinateur glouton)" in fr and "hors jeu jusqu'à la prochaine saison" in fr
    assert "dont l'un de ses territoires est adjacent" in fr and "— refusé" in fr
    assert "adjacent_territories" not in fr and "next_season" not in fr


def test_gorges_journal_lines_say_dice_amounts_and_sentences_not_internal_codes():
    # Search and mines print their dice and amounts; the fate of a beaten army, two armies without a challenge,
    # armies removed and flags print sentences (before: `out_until_next_season`, `a_destroyed`, `→ None`).
    import re

    from campagne.games.gorges.simulate import run
    from campagne.games.gorges.text import event_text
    seen: set[str] = set()
    for seed in (3, 5):
        for e in run(4, 12, seed).entries:
            for ev in e.events:
                for lang in ("en", "fr"):
                    line = event_text(ev, Lang(lang))
                    assert not re.search(r"\b[a-z]+_[a-z_]+\b|None|\{", line), line
                seen.add(ev["type"])
                if ev["type"] == "mine" and isinstance(ev.get("army_points"), int):
                    assert f"+{ev['army_points']} army points" in event_text(ev, Lang("en"))
                if ev["type"] == "search":
                    assert "dice: " in event_text(ev, Lang("en"))
    assert {"mine", "search", "fate", "two_armies", "army_removed", "flag", "challenge"} <= seen
