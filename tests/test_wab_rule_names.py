"""WAB's special rules and the odds tool's labels in the reader's language (issue 23, « every page fully translated »):
a rule key (`stubborn`) or an army list's known text (« Phalanx ») is written « Têtu », « Phalange » in French, an
unknown text as the list wrote it; the keys (and now the names) are still taken as input; `campagne odds wab` names
units, weapons, modifiers and rules, and writes its numbers, as the reader's language does."""

from __future__ import annotations

import re

from test_wab_odds import cli
from test_wab_tracker import game, wab_side, wab_unit

from campagne.core.i18n import Lang
from campagne.games.wab import data
from campagne.games.wab.cli_battle_text import view_lines
from campagne.games.wab.profiles import SPECIAL_RULES
from campagne.games.wab.rule_names import rule_key, special_rule_name, unit_rules_words
from campagne.games.wab.tracker_views import view

ENGLISH_RULES = re.compile(r"\b(stubborn|frenzy|hatred|hates|fear|terror|warband|phalanx|large target)\b", re.I)


def test_every_rule_key_has_a_french_name_and_keys_and_names_are_taken_as_input():
    names = data.unit_defaults()["special_rule_names"]
    assert set(names) == set(SPECIAL_RULES)
    for key in SPECIAL_RULES:
        fr, en = special_rule_name(key, "fr"), special_rule_name(key, "en")
        assert fr and not ENGLISH_RULES.search(fr), (key, fr)
        assert rule_key(key) == rule_key(fr) == rule_key(en.upper()) == key
    assert (special_rule_name("Phalanx", "fr"), special_rule_name("Phalanx", "en")) == ("Phalange", "Phalanx")
    assert special_rule_name("Cause fear", "fr") == "Provoque la peur"
    assert special_rule_name("Vows of the Wolf", "fr") == "Vows of the Wolf"  # unknown: as the list wrote it
    assert rule_key("Vows of the Wolf") == "Vows of the Wolf"


def test_a_units_rules_are_said_once_each():
    unit = {"name": "Hoplites", "special_rules": ["fear", "stubborn"],
            "profile": {"special_rules": ["Phalanx", "Cause fear", "Hoplites"]}}
    assert unit_rules_words(unit, "fr") == ["Phalange", "Provoque la peur", "Têtu"]
    assert unit_rules_words(unit, "en") == ["Phalanx", "Cause fear", "Stubborn"]


def battle():
    hoplites = wab_unit("hoplites", rules=("stubborn", "hatred"), equipment=())
    hoplites["profile"]["special_rules"] = ["Phalanx"]
    return game({"a": wab_side(hoplites), "b": wab_side(wab_unit("berserks", rules=("frenzy",))), "first": "a"})


def test_the_status_names_each_units_rules_in_the_readers_language():
    v = view(battle().state, None)
    fr = "\n".join(view_lines(v, Lang("fr"), syntax=False))
    en = "\n".join(view_lines(v, Lang("en"), syntax=False))
    assert "Phalange, Têtu, Haine" in fr and "Frénésie" in fr, fr
    assert not ENGLISH_RULES.search(fr), fr
    assert "Phalanx, Stubborn, Hatred" in en and "Frenzy" in en, en


def test_a_pending_test_is_named_in_french():
    v = view(battle().state, None)
    v["pending"] = [{"kind": "test", "id": "t1", "unit": "a:hoplites", "unit_name": "Hoplites", "test": "fear",
                     "fr": "chargée par un ennemi qui provoque la peur", "en": "charged by a feared enemy",
                     "p_pass_exact": "1/2"}]
    fr = "\n".join(view_lines(v, Lang("fr")))
    assert "test de peur" in fr and not ENGLISH_RULES.search(fr), fr


COMBAT = ["odds", "wab", "combat", "--a-list", "mercenaires-sauvages", "--a-unit", "warriors", "--a-rules",
          "stubborn,Haine", "--b-list", "mycenaean", "--b-unit", "spearmen1", "--charge", "a"]
SHOOTING = ["odds", "wab", "shooting", "--shooters", 10, "--bs", 3, "--weapon", "bow", "--distance", 20,
            "--toughness", 3, "--armour-save", 5, "-m", "moving"]


def test_the_odds_tool_speaks_french_in_french():
    fr = cli(*COMBAT, "--lang", "fr").stdout
    assert fr.startswith("Guerriers (attaquant) / Lanciers (défenseur)"), fr
    assert "règles spéciales : Bande guerrière, Têtu, Haine" in fr, fr
    assert not ENGLISH_RULES.search(fr) and not re.search(r"Warriors|Spearmen|\d\.\d", fr), fr
    assert re.search(r"Victoire de l'attaquant : \d+,\d\d\u00a0%", fr), fr
    shot = cli(*SHOOTING, "--lang", "fr").stdout
    assert shot.splitlines()[0].startswith("10 tirs, F3 (Arc), Tirer en se déplaçant -1, Tirer à longue portée"), shot
    assert "Moyenne : 0,556" in shot and "bow" not in shot and "moving" not in shot, shot


def test_the_odds_tool_keeps_english_in_english():
    en = cli(*COMBAT).stdout
    assert en.startswith("Warriors (attacker) / Spearmen (defender)"), en
    assert "special rules: Warband, Stubborn, Hatred" in en and re.search(r"Attacker wins: \d+\.\d\d%", en), en
    shot = cli(*SHOOTING).stdout
    assert shot.splitlines()[0].startswith("10 shots, S3 (Bow), Shooting while moving -1"), shot
