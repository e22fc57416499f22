"""Exact odds of the Gorges Tranchées conquest save roll (seed 001, "8 - Conquête de territoire")."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from campagne.cli.main import app
from campagne.core.errors import CampagneError
from campagne.games.gorges.data import races
from campagne.games.gorges.odds import race_key, save_odds

F = Fraction


@pytest.mark.parametrize("kwargs,want", [
    ({}, F(1, 6)),                                               # 6+ on 1D6
    ({"adjacent": True}, F(0)),                                  # -1: 7+ is impossible
    ({"fortress_adjacent": True}, F(2, 6)),                      # 5+
    ({"town_adjacent": True}, F(3, 6)),                          # 4+
    ({"fortress_adjacent": True, "town_adjacent": True}, F(4, 6)),
    ({"adjacent": True, "town_adjacent": True}, F(2, 6)),
    ({"relics_given": 2}, F(3, 6)),
    ({"relics_given": 5}, F(1)),
    ({"relics_given": 9}, F(1)),
    ({"fortress_adjacent": True, "defender_race": "empire"}, F(3, 6)),    # Empire fortress +2
    ({"town_adjacent": True, "defender_race": "Empire"}, F(4, 6)),        # Empire town +3
    ({"town_adjacent": True, "attacker_race": "warriors_of_chaos"}, F(2, 6)),
    ({"town_adjacent": True, "attacker_race": "Hommes Bêtes"}, F(2, 6)),
    ({"town_adjacent": True, "attacker_race": "empire"}, F(3, 6)),        # only the defender's Empire counts
    ({"mine_adjacent": True, "defender_race": "dwarfs"}, F(2, 6)),
    ({"mine_adjacent": True}, F(1, 6)),                                   # only Dwarf mines protect
    ({"mine_adjacent": True, "fortress_adjacent": True, "defender_race": "dwarfs"}, F(2, 6)),  # not cumulative
    ({"forest_adjacent": True, "defender_race": "Wood Elves"}, F(2, 6)),
    ({"forest_adjacent": True, "defender_race": "empire"}, F(1, 6)),
    ({"fortress_adjacent": True, "reinforced_defence": True}, F(3, 6)),   # event 65
    ({"fortress_adjacent": True, "sympathiser": True}, F(1, 6)),          # event 13
    ({"reinforced_defence": True}, F(1, 6)),                              # no fortification, no effect
])
def test_hand_checked_values(kwargs: dict, want: Fraction) -> None:
    assert save_odds(**kwargs) == want


def test_every_race_is_accepted_by_key_and_names() -> None:
    for key, race in races().items():
        assert race_key(key) == key == race_key(race["name_en"]) == race_key(race["name_fr"])
        assert F(0) <= save_odds(attacker_race=key, defender_race=key) <= 1


@pytest.mark.parametrize("kwargs", [{"attacker_race": "Elves"}, {"defender_race": "nobody"},
                                    {"relics_given": -1}])
def test_bad_input_is_a_campagne_error(kwargs: dict) -> None:
    with pytest.raises(CampagneError) as exc:
        save_odds(**kwargs)
    assert exc.value.message("fr") != exc.value.message("en")
    assert exc.value.code.startswith("gorges.")


RACE = st.sampled_from([None, *races()])
FLAGS = st.fixed_dictionaries({
    "adjacent": st.booleans(), "fortress_adjacent": st.booleans(), "town_adjacent": st.booleans(),
    "relics_given": st.integers(0, 8), "attacker_race": RACE, "defender_race": RACE,
    "mine_adjacent": st.booleans(), "forest_adjacent": st.booleans(),
    "sympathiser": st.booleans(), "reinforced_defence": st.booleans()})


@given(FLAGS)
def test_probability_and_monotonic_in_each_bonus(kw: dict) -> None:
    p = save_odds(**kw)
    assert 0 <= p <= 1 and (p * 6).denominator == 1
    for bonus in ("fortress_adjacent", "town_adjacent", "mine_adjacent", "forest_adjacent", "reinforced_defence"):
        assert save_odds(**{**kw, bonus: True}) >= save_odds(**{**kw, bonus: False})
    assert save_odds(**{**kw, "relics_given": kw["relics_given"] + 1}) >= p
    for malus in ("adjacent", "sympathiser"):
        assert save_odds(**{**kw, malus: True}) <= save_odds(**{**kw, malus: False})
    assert save_odds(**{**kw, "attacker_race": "warriors_of_chaos"}) <= save_odds(**{**kw, "attacker_race": None})


runner = CliRunner()


def cli(*args: object):
    return runner.invoke(app, ["odds", "gorges", "save", *map(str, args)])


def test_cli_json_has_exactly_saved() -> None:
    r = cli("--town-adjacent", "--adjacent", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout) == {"saved": pytest.approx(2 / 6)}
    r = cli("--fortress-adjacent", "--defender-race", "empire", "--relics-given", "1", "--exact", "--json")
    assert json.loads(r.stdout) == {"saved": "2/3"}


def test_cli_matches_the_library() -> None:
    r = cli("--town-adjacent", "--attacker-race", "beastmen", "--exact", "--json")
    assert F(json.loads(r.stdout)["saved"]) == save_odds(town_adjacent=True, attacker_race="beastmen")


def test_cli_human_text_in_both_languages() -> None:
    fr = cli("--fortress-adjacent", "--lang", "fr")
    en = cli("--fortress-adjacent", "--lang", "en")
    assert fr.exit_code == en.exit_code == 0
    assert "Jet de sauvegarde" in fr.stdout and "33,3\xa0%" in fr.stdout  # the exact 1/3 is --json's
    assert "Save roll" in en.stdout and "fortress_adjacent +1" in en.stdout


@pytest.mark.parametrize("args", [("--attacker-race", "martians"), ("--relics-given", "-2")])
def test_cli_bad_input_exits_2_with_one_sentence(args: tuple) -> None:
    r = cli(*args, "--lang", "fr")
    assert r.exit_code == 2
    assert r.stdout == ""
    j = cli(*args, "--json")
    assert j.exit_code == 2 and json.loads(j.stdout)["error"].startswith("gorges.")


def test_events_13_and_65_change_fortress_saves_not_town_saves():
    # « Fortification » is a fortress across the seed (Empire « fortifications … et leurs villes », events 23, 24).
    from campagne.games.gorges.odds import save_modifiers
    town = dict(dict(town_adjacent=True), sympathiser=True, reinforced_defence=True)
    assert [k for k, _ in save_modifiers(**town)] == ["town_adjacent"]
    fortress = dict(fortress_adjacent=True, sympathiser=True, reinforced_defence=True)
    assert [k for k, _ in save_modifiers(**fortress)] == ["fortress_adjacent", "event:enemy_sympathiser",
                                                           "event:reinforced_defence"]
