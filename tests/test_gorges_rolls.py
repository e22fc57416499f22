"""The referee's table rolls of the Gorges Tranchées (games/gorges/rolls.py, games/gorges/cli_rolls.py)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from campagne.cli.main import app
from campagne.core.dice import Dice, ScriptedDice
from campagne.core.errors import CampagneError
from campagne.games.gorges import rolls
from campagne.games.gorges.data import tables


def test_event_11_is_first_row():
    r = rolls.random_event(ScriptedDice([1, 1]))
    assert r.row.range == "11" and r.key == "withdrawn_from_front" and r.subrolls == ()
    assert r.to_dict()["fr"].startswith("Retirez l'une de vos armées")


@pytest.mark.parametrize("row", tables()["events"].rows, ids=lambda r: r.range)
def test_every_event_row_reached(row):
    tens, units = int(row.range[0]), int(row.range[1])
    faces = [tens, units] + [1] * 10  # enough for any sub-roll
    r = rolls.random_event(ScriptedDice(faces))
    assert r.row.range == row.range and r.faces == (tens, units)


def test_event_sub_rolls():
    fog = rolls.random_event(ScriptedDice([1, 2, 3, 1]))  # 12: 2D3 keep lowest
    assert fog.sub("move_dice").total == 1 and fog.sub("move_dice").dice == "2D3kl1"
    couriers = rolls.random_event(ScriptedDice([3, 3, 3, 1]))  # 33: 2D3 keep highest
    assert couriers.sub("move_dice").total == 3
    chest = rolls.random_event(ScriptedDice([6, 3, 2]))  # 63: 1D3 relic points
    assert chest.sub("relic_points").total == 2
    scouts = rolls.random_event(ScriptedDice([4, 3, 2]))  # 43: 1D3+1 units
    assert scouts.sub("redeploy_units").total == 3
    dawn = rolls.random_event(ScriptedDice([4, 2]))  # 42: unit dice are rolled at the next battle
    assert dawn.subrolls == ()
    assassin = rolls.random_event(ScriptedDice([1, 4, 1, 1]))  # 14: injury table, then serious wound 1
    inj = assassin.sub("character_injuries")
    assert inj.key == "serious_wound" and inj.sub("serious_wound").key == "dead"


def test_search():
    assert rolls.search(ScriptedDice([6])).key == "relic_point"
    assert rolls.search(ScriptedDice([5])).key == "nothing"
    assert rolls.search(ScriptedDice([5]), fruitful_search=True).key == "relic_point"
    d = ScriptedDice([])
    ghost = rolls.search(d, ghost_here=True)
    assert ghost.key == "relic_point" and ghost.dice is None and d.records == []
    assert ghost.to_dict()["note_fr"].startswith("Le territoire sur lequel se trouve le fantôme")


def test_mine():
    assert rolls.mine(ScriptedDice([1])).key == "collapse"
    gold = rolls.mine(ScriptedDice([2, 4]))
    assert gold.key == "gold_and_iron" and gold.sub("army_points").total == 200
    treasure = rolls.mine(ScriptedDice([5, 3]))
    assert treasure.key == "fabulous_treasure" and treasure.sub("magic_item_points").total == 30
    assert rolls.mine(ScriptedDice([4, 1]), dark_elf_slaves=True).key == "fabulous_treasure"


@pytest.mark.parametrize("face,key", [(1, "a_destroyed"), (2, "a_pushed_back"), (3, "a_pushed_back"),
                                      (4, "b_pushed_back"), (5, "b_pushed_back"), (6, "b_destroyed")])
def test_two_armies(face, key):
    assert rolls.two_armies(ScriptedDice([face])).key == key


def test_after_battle_paths():
    # spoils 5 (feats: 3), defeat 6, fate 2, one injury 6 (lesson: 6)
    r = rolls.after_battle(ScriptedDice([5, 3, 6, 2, 6, 6]), characters_hurt=1)
    assert r.spoils.key == "feats_of_arms" and r.spoils.sub("feats_of_arms").key == "always_strikes_first"
    assert r.defeat.key == "vengeance" and r.fate.key == "pushed_back"
    (i,) = r.injuries
    assert not i.choose and i.rolls[0].key == "lesson_learned" and i.rolls[0].sub("lesson_learned").key == "plus_w"
    r = rolls.after_battle(ScriptedDice([6, 4, 1, 4]))
    assert r.spoils.key == "lure_of_gold" and r.spoils.sub("magic_item_points").total == 40
    assert r.defeat.key == "crushing_defeat" and r.fate.key == "out_until_next_season" and r.injuries == ()
    r = rolls.after_battle(ScriptedDice([3, 2, 2, 1, 4, 2]), characters_hurt=1)
    assert r.spoils.sub("army_points").total == 100
    assert r.injuries[0].rolls[0].key == "psychological_wound"
    assert r.injuries[0].rolls[0].sub("psychological_wound").key == "fear_of_enemy_race"


def test_vampire_counts_roll_twice():
    d = ScriptedDice([1, 1, 1, 2, 3, 5])  # spoils 1, defeat 1, fate 1, injuries 2 (captured) and 3 (minor: 5)
    r = rolls.after_battle(d, winner_race="Empire", loser_race="Comtes Vampire", characters_hurt=1)
    assert r.loser_race == "vampire_counts"
    (i,) = r.injuries
    assert i.choose and [x.key for x in i.rolls] == ["captured", "minor_wound"]
    assert i.rolls[1].sub("serious_wound").key == "minus_t"
    assert d.remaining == []
    assert i.to_dict()["choose"] is True and len(i.to_dict()["rolls"]) == 2


def test_bad_input():
    with pytest.raises(CampagneError) as exc:
        rolls.after_battle(Dice.seeded(1), loser_race="Hobbits")
    assert exc.value.code == "gorges.unknown_race" and "Race inconnue" in exc.value.message("fr")
    with pytest.raises(CampagneError) as exc:
        rolls.after_battle(Dice.seeded(1), characters_hurt=-1)
    assert exc.value.code == "gorges.bad_characters" and "personnages" in exc.value.message("fr")


def test_seeded_reproducible():
    a = rolls.after_battle(Dice.seeded("x", 7), "vampire_counts", "vampire_counts", 3, 2).to_dict()
    b = rolls.after_battle(Dice.seeded("x", 7), "vampire_counts", "vampire_counts", 3, 2).to_dict()
    assert a == b
    assert rolls.random_event(Dice.seeded(3)).to_dict() == rolls.random_event(Dice.seeded(3)).to_dict()


def test_trace_bilingual():
    t = rolls.mine(ScriptedDice([2, 1])).to_dict()["trace"]
    assert "Or et Fer." in t["fr"][0] and "Gold and iron." in t["en"][0] and "50" in t["en"][1]


runner = CliRunner()


@pytest.mark.parametrize("args", [["event"], ["search"], ["search", "--ghost"], ["mine"], ["two-armies"], ["blizzard"],
                                  ["after-battle", "--loser-race", "vampire_counts", "--characters", "2"]])
def test_cli_json_shape_and_seed(args):
    r1 = runner.invoke(app, ["gorges", *args, "--seed", "42", "--json"])
    assert r1.exit_code == 0, r1.output
    d = json.loads(r1.stdout)
    assert set(d) == {"command", "seed", "result"} and d["seed"] == "42" and "trace" in d["result"]
    r2 = runner.invoke(app, ["gorges", *args, "--seed", "42", "--json"])
    assert r2.stdout == r1.stdout


def test_cli_after_battle_json():
    d = json.loads(runner.invoke(app, ["gorges", "after-battle", "--seed", "1", "--json", "--loser-race",
                                       "Comtes Vampire", "--characters", "1"]).stdout)["result"]
    assert {"spoils_of_war", "ignominious_defeat", "fate_of_beaten_army", "injuries"} <= set(d)
    assert d["injuries"][0]["choose"] is True and len(d["injuries"][0]["rolls"]) == 2


def test_cli_fresh_seed_printed_and_text():
    r = runner.invoke(app, ["gorges", "event", "--lang", "fr"])
    assert r.exit_code == 0 and r.stdout.startswith("Graine : ")
    seed = r.stdout.split()[2]
    again = runner.invoke(app, ["gorges", "event", "--lang", "fr", "--seed", seed])
    assert again.stdout == r.stdout


@pytest.mark.parametrize("args", [["after-battle", "--winner-race", "Hobbits"],
                                  ["after-battle", "--characters", "-1"],
                                  ["after-battle", "--characters", "lots"]])
def test_cli_bad_input_exit_2(args):
    r = runner.invoke(app, ["gorges", *args, "--seed", "1"])
    assert r.exit_code == 2


def test_cli_blizzard_fog_on_one_or_two():
    """« Tirez 1d6 au début de chaque tour de bataille. Sur un 1-2 un brouillard opaque limite la vue ... à 24ps. »"""
    seen = set()
    for seed in range(40):
        d = json.loads(runner.invoke(app, ["gorges", "blizzard", "--seed", str(seed), "--json"]).stdout)["result"]
        seen.add((d["roll"] <= 2, "24" in d["en"]))
    assert seen == {(True, True), (False, False)}
