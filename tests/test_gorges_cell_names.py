"""Gorges's status and journal print a named cell by its name with its id beside it (issue 23), as its forms do
("Les Gorges Tranchées (0,0)"); an unnamed cell stays its id."""

from __future__ import annotations

from gorges_kit import new_state, place

from campagne.core.i18n import Lang
from campagne.games.gorges.text import event_text, status_text
from campagne.games.gorges.views import view
from campagne.render.text import Named


def test_status_and_journal_name_the_maps_named_cells() -> None:
    s = new_state()
    seen = view(s, None)
    assert seen["cell_names"]["0,0"] == "Les Gorges Tranchées"
    pid = next(iter(s.players))
    place(s, f"{pid}:G", "0,0")
    for lang in ("fr", "en"):
        text = status_text(view(s, None), Lang(lang))
        assert "Les Gorges Tranchées (0,0)" in text, text
        assert " 0,0" not in text.replace("Tranchées (0,0)", "")
    o = Named(Lang("en"), {}, seen)
    ghost = event_text({"type": "ghost", "roller": pid, "direction": 1, "steps": 6, "from": "0,0", "to": "0,-2"}, o)
    assert ghost.endswith("Les Gorges Tranchées (0,0) → 0,-2"), ghost
    move = event_text({"type": "move", "army": f"{pid}:G", "from": "1,0", "path": ["0,0"], "why": "move"}, o)
    assert "1,0 → Les Gorges Tranchées (0,0)" in move, move
    taken = event_text({"type": "territory_taken", "player": pid, "territory": "0,0"}, Lang("fr"))
    assert taken.endswith("prend 0,0")  # without the reader's view, the id alone


def test_a_search_line_gives_each_territorys_die_beside_its_territory() -> None:
    """« 3 – Fouille des territoires »: one die per territory; the line printed the territories' ids only, as if
    they were the dice (`dice -2,3, -2,4`), and a dash when none was searched."""
    seen = view(new_state(), None)
    ev = {"type": "search", "player": "a", "rolls": {"0,0": 6, "-2,4": 3}, "relics": 1, "total": 1}
    assert event_text(ev, Named(Lang("en"), {}, seen)).startswith(
        "a searches — dice: 6 on Les Gorges Tranchées (0,0), 3 on -2,4 → 1 relic point(s)")
    assert "dés : 6 en Les Gorges Tranchées (0,0), 3 en -2,4" in event_text(ev, Named(Lang("fr"), {}, seen))
    assert "no territory to search" in event_text(dict(ev, rolls={}), Lang("en"))
