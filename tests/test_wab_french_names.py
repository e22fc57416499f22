"""WAB units named in French text by their lists' French names (issue 23, « names, not ids ... every page fully
translated »): « Général allié rejoint Lanciers », not « Ally General rejoint Spearmen »; the English text keeps the
English names; a unit without a French name is named by its name; a journal written before still replays word
for word."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from test_wab_melee import fight_round, one_against_two
from test_wab_tracker import fact, game, push, refused, to_phase, wab_side, wab_unit
from typer.testing import CliRunner

from campagne.cli.main import app
from campagne.core.i18n import Lang
from campagne.games.atlantis.army import load_packaged_army
from campagne.games.wab.cli_battle_text import event_line, view_lines
from campagne.games.wab.gorges_armies import army_list
from campagne.games.wab.inputs import load_side
from campagne.games.wab.army_lists import load_unit_text, units_from_atlantis_army
from campagne.games.wab.profiles import Unit

GOLDEN = Path(__file__).parent / "golden"
UNIT = """
name = "Hoplites"
{extra}
models = 20
profile = {{ M = 4, WS = 3, BS = 3, S = 3, T = 3, W = 1, I = 3, A = 1, Ld = 8, save = "4+" }}
"""


def texts(entry, lang):
    return [event_line(e, Lang(lang)) for e in entry.events if "text" in e]


def test_a_unit_keeps_its_french_name_and_one_without_is_named_by_its_name():
    named = load_unit_text(UNIT.format(extra='name_fr = "Hoplites de Sparte"'))
    assert (named.name, named.name_fr) == ("Hoplites", "Hoplites de Sparte")
    assert Unit.from_dict(named.to_dict()) == named and named.to_dict()["name_fr"] == "Hoplites de Sparte"
    plain = load_unit_text(UNIT.format(extra=""))
    assert plain.name_fr == "Hoplites"
    assert "name_fr" not in plain.to_dict()  # what a unit without one always wrote
    assert Unit.from_dict(plain.to_dict()) == plain


def test_atlantis_and_gorges_armies_bring_their_french_names():
    units = {u.id: u for u in units_from_atlantis_army(load_packaged_army("mercenaires-atlantes"))}
    assert (units["general"].name, units["general"].name_fr) == ("Ally General", "Général allié")
    assert (units["spearmen"].name, units["spearmen"].name_fr) == ("Spearmen", "Lanciers")

    class Hero:
        name, on_the_field, changes, rules = "Brak", True, {}, []

    class Army:
        key, renown, hero = "G", [], Hero()

    class Player:
        name, race = "Alice", "orcs"

    listed = {u["id"]: u for u in army_list(Player(), Army())["units"]}
    assert listed["regiment_1"]["name_fr"] == "Premier régiment" and listed["riders"]["name_fr"] == "Cavaliers"
    assert "name_fr" not in listed["hero"]  # a hero's name is his own, in both languages


def test_the_tracker_names_units_in_french_in_french_and_in_english_in_english():
    g = game()  # the two mercenary lists: Spearmen are « Lanciers », Warriors « Guerriers »
    joined = fact(g, "join", unit="a:general", target="a:spearmen")
    assert texts(joined, "fr") == ["Général allié rejoint Lanciers"]
    assert texts(joined, "en") == ["Ally General joins Spearmen"]
    # a refusal names the units in the reader's language too
    err = refused(g, {"type": "fact", "fact": "join", "unit": "b:general", "target": "a:archers"},
                  "wab.battle.illegal")
    assert "Chef de guerre (b:general)" in err.message("fr") and "Chieftain (b:general)" in err.message("en")
    to_phase(g, "movement", "a", turn=1)
    moved = fact(g, "move", unit="a:spearmen", distance=4)
    assert texts(moved, "fr")[0] == "Lanciers se déplace de 4ps" and texts(moved, "en")[0] == 'Spearmen moves 4"'
    charged = fact(g, "charge", unit="a:spearmen", target="b:warriors", distance=7)
    assert texts(charged, "fr")[0] == "Lanciers charge Guerriers de face depuis 7ps"
    fact(g, "react", unit="b:warriors", reaction="hold")
    fact(g, "contact", unit="a:spearmen", target="b:warriors", charged=True)
    to_phase(g, "close_combat", "a")
    fought = "\n".join(texts(push(g, type="fight"), "fr"))
    assert "Lanciers" in fought and "Guerriers" in fought and "Général allié" in fought
    assert "Spearmen" not in fought and "Warriors" not in fought and "Ally General" not in fought
    # the status: each unit by its name in the reader's language, beside its key
    fr = "\n".join(view_lines(g.view(None), Lang("fr")))
    en = "\n".join(view_lines(g.view(None), Lang("en")))
    assert "a:spearmen     Lanciers" in fr and "(avec Lanciers" in fr and "Spearmen" not in fr
    assert "a:spearmen     Spearmen" in en and "Lanciers" not in en


def test_a_combat_of_several_units_and_its_working_name_them_in_each_language():
    setup = one_against_two()
    setup["b"]["army"]["units"][0]["name_fr"] = "Levée"
    _, entry = fight_round(setup, [("a:veterans", "b:levy", "front"), ("a:veterans", "b:reserve", "flank")])
    said = {lang: "\n".join(texts(entry, lang)) for lang in ("en", "fr")}
    assert "Levée, Reserve" in said["fr"] and "Résultat du combat : " in said["fr"] and "Levy" not in said["fr"]
    assert "Levy, Reserve" in said["en"] and "Levée" not in said["en"]


def test_a_side_read_from_a_list_names_its_units_in_french_and_a_wab_list_may_give_french_names():
    assert load_side("mercenaires-atlantes")["french_names"] is True
    side = wab_side(wab_unit("veterans"))
    side["army"]["units"][0]["name_fr"] = "Vétérans"
    g = game({"a": side, "b": wab_side(wab_unit("levy"))})
    assert g.state.units["a:veterans"].name_fr == "Vétérans" and g.state.units["b:levy"].name_fr == "Levy"


def test_an_atlantis_side_written_before_french_names_keeps_english_names_in_french_text():
    setup = {s: {"army": load_packaged_army(a).to_dict(), "format": "atlantis"}
             for s, a in (("a", "mercenaires-atlantes"), ("b", "mercenaires-sauvages"))}
    joined = fact(game(setup), "join", unit="a:general", target="a:spearmen")
    assert texts(joined, "fr") == ["Ally General rejoint Spearmen"]


@pytest.mark.parametrize("lang, said", [("fr", "Ally General rejoint Spearmen"),
                                        ("en", "Ally General joins Spearmen")])
def test_a_journal_written_before_french_names_still_replays(tmp_path, lang, said):
    """A battle journal written by campagne before the French names (join, move, charge, reaction, contact, a
    round of close combat) replays, every event checked against the one it recorded."""
    path = tmp_path / "old.jsonl"
    shutil.copy(GOLDEN / "wab-before-french-names.jsonl", path)
    shutil.copy(GOLDEN / "wab-before-french-names.jsonl.referee", tmp_path / "old.jsonl.referee")
    r = CliRunner().invoke(app, ["journal", "-c", str(path), "--lang", lang])
    assert r.exit_code == 0, r.output
    assert said in r.output and ("se rejoue à l'identique" if lang == "fr" else "replays identically") in r.output
