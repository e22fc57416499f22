"""The maps as boards (issue 23, part 3): Arc's lasting spells drawn where they lie and listed in the status, its
counters labelled in the viewer's language, the grid battle's terrain letters in its legend."""

from __future__ import annotations

from campagne.core.game import Game
from campagne.core.i18n import Lang
from campagne.games.arc.picture import picture
from campagne.games.arc.rules import ArcRules
from campagne.games.arc.setup import build_setup
from campagne.games.arc.text import status_text
from campagne.games.arc.views import view


def arc_state():  # type: ignore[no-untyped-def]
    players = [{"id": s, "controller": "human", "name": s} for s in ("bonnaire", "ulf", "fereira")]
    return Game(ArcRules(), build_setup(players, {}), 3).state


def test_a_lasting_zone_spell_is_drawn_on_its_hexes_and_listed_in_the_status() -> None:
    s = arc_state()
    priest = next(u for u in s.units.values() if u.side == "bonnaire" and u.type == "bhar_priests")
    s.effects.append({"id": 1, "spell": "weather", "order": "cast", "kind": "zone", "side": "ulf", "unit": None,
                      "hexes": ["K6", "K8"], "until": 3, "cost": 10, "shift": 0, "effect": "halt"})
    s.effects.append({"id": 2, "spell": "bless", "order": "cast", "kind": "bless", "side": "bonnaire",
                      "unit": priest.id, "hexes": None, "until": 2, "cost": 5, "shift": 1, "effect": None})
    for viewer in ("bonnaire", "ulf"):
        v = view(s, viewer)
        svg = picture(v, "en")
        assert svg.count('class="spell-zone"') == 2 and "weather (Ulf" in svg
        assert "Lasting spells" in svg  # in the legend too
        text = status_text(v, Lang("en"))
        assert "Lasting spells:" in text and "weather (Ulf) — zone K6 K8, until turn 3" in text
        fr = status_text(v, Lang("fr"))
        assert "Sorts en cours :" in fr and "intempéries (Ulf) — zone K6 K8, jusqu'au tour 3" in fr
    # the spell on a counter: a star on it for whoever sees the counter
    assert "✶" in picture(view(s, "bonnaire"), "en").split(f'data-thing="{priest.id}"')[1].split("</g>")[0]


def test_arcs_counter_labels_and_legend_are_in_the_viewers_language() -> None:
    s = arc_state()
    v = view(s, None)
    en, fr = picture(v, "en"), picture(v, "fr")
    assert ">Legend<" in en and ">Légende<" in fr
    assert ">the Directorate (Bonnaire)<" in en and ">le Directorat (Bonnaire)<" in fr
    assert ">hill<" in en and ">colline<" in fr
    faithful = [u for u in v["units"] if u["type"] == "faithful" and u.get("hex")]
    assert faithful
    number = faithful[0]["id"].partition(".")[2]
    assert f">FAI{number}<" in en and f">FID{number}<" in fr
    assert "FAI: faithful (" in en  # the abbreviation read back as the id a player types


def test_the_grid_battles_legend_names_its_terrain_letters() -> None:
    from campagne.games.skirmish.picture import picture as skirmish_picture
    from campagne.registry import games
    d = games()["skirmish"]
    players = [{"id": i, "controller": "human", "name": i, **{f.name: f.default for f in d.player_fields}}
               for i in ("alice", "bob")]
    options = {o.name.replace("-", "_"): ([] if o.kind == "list" else o.default) for o in d.setup_options}
    state = Game(d.load("ruleset")(), d.load("setup")(players, {**options, "battlefield": "forest"}), 3).state
    svg = skirmish_picture(d.load("view")(state, "alice"), "en")
    assert ">F</text>" in svg and ">forest<" in svg and ">barricade<" in svg and ">corruption<" in svg
    assert 'data-place="A1"' in svg
