"""Atlantis's simulated players (« Mycenaean 1 ») read by their people's French name in French (issue 23, « every
page fully translated »), at rendering only: the set-up keeps the name, so a journal replays bit for bit."""

from __future__ import annotations

from campagne.core.game import Game
from campagne.core.i18n import Lang
from campagne.games.atlantis.army_file import player_name_words
from campagne.games.atlantis.picture import campaign_svg
from campagne.games.atlantis.rules import AtlantisRules
from campagne.games.atlantis.simulate import run


def test_a_seat_name_is_read_in_french_and_any_other_name_as_written():
    fr, en = Lang("fr"), Lang("en")
    assert player_name_words("Mycenaean 1", fr) == "Mycéniens 1"
    assert player_name_words("Egyptian 12", fr) == "Égyptiens 12"
    assert player_name_words("Mycenaean 1", en) is None
    assert player_name_words("alice", fr) is None and player_name_words("Bob 2", fr) is None


def test_the_map_legend_names_them_in_french_and_the_journal_replays_unchanged():
    g = run(2, 1, 7)
    assert [p["name"] for p in g.setup["players"]] == ["Mycenaean 1", "Egyptian 2"]  # stored as set up
    fr, en = campaign_svg(g.state, "fr"), campaign_svg(g.state, "en")
    assert "Mycéniens 1" in fr and "Mycenaean" not in fr and "Mycenaean 1" in en
    again = Game(AtlantisRules(), g.setup, g.seed)
    for e in g.entries:
        again.push(e.command)
    assert [e.to_dict() for e in again.entries] == [e.to_dict() for e in g.entries]
