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
