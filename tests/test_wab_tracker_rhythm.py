"""The battle tracker at the table's rhythm: odds for every test it makes (exact in the journal and --json,
percentages in text), the working of every result, the empty phases passed by themselves (issue 23)."""

from __future__ import annotations

from fractions import Fraction

from test_wab_tracker import fact, game, push, to_phase, wab_side, wab_unit


LINES = {"a": wab_side(wab_unit("hoplites", models=10, WS=3, S=3, save="5+")),
         "b": wab_side(wab_unit("levy", models=10, WS=3, S=3, save="6+", Ld=7))}


def test_a_break_test_carries_its_odds_exact_and_in_words():
    g = game(LINES, seed=2)
    to_phase(g, "movement", "a")
    fact(g, "contact", unit="hoplites", target="levy", charged=True)
    to_phase(g, "close_combat", "a")
    # the hoplites kill three (5 + 1 close order + 1 rank = 5), the levy misses (1 close order): the levy loses
    # by 4 and tests on Ld 7 - 4 = 3, 2D6 <= 3 is 3/36; it holds on 1 + 1
    entry = push(g, type="fight", faces=[6, 6, 6, 1, 1, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1])
    test = next(e for e in entry.events if e["type"] == "break_test")
    assert test["outcome"] == "holds" and test["result"]["target"] == 3
    assert Fraction(test["p_pass_exact"]) == Fraction(3, 36)
    assert sum(Fraction(v) for v in test["odds"].values()) == 1
    assert test["working"][0] == {"en": "Chance of not breaking: 8.3%",
                                  "fr": "Chance de ne pas être démoralisée : 8,3\u00a0%"}


def test_a_rolled_test_carries_the_odds_it_was_taken_at():
    g = game()
    to_phase(g, "movement", "b", turn=1)
    fact(g, "charge", unit="b:warriors", target="a:archers", facing="flank", distance=6)
    entry = push(g, type="roll", faces=[1, 2], general=True)  # the general's Ld 8: 2D6 <= 8 is 26/36
    test = next(e for e in entry.events if e["type"] == "test")
    assert test["p_pass_exact"] == "13/18" and test["working"][0]["en"] == "Chance of passing: 72.2%"
    assert test["working"][0]["fr"] == "Chance de réussite : 72,2\u00a0%"


def test_the_command_line_asks_for_the_table_dice_stage_by_stage_and_shows_the_working(tmp_path):
    import json

    from typer.testing import CliRunner

    from campagne.cli.main import app
    runner = CliRunner()
    path = str(tmp_path / "b.jsonl")

    def cli(*args, code=0):
        r = runner.invoke(app, [*args, "-c", path], env={"CAMPAGNE_JSON": None, "CAMPAGNE_LANG": None})
        assert r.exit_code == code, r.output
        return r.output

    cli("battle", "new", "--a", "mercenaires-atlantes", "--b", "mercenaires-sauvages", "--seed", "1")
    text = cli("battle", "next")  # the start of turn has nothing to do: it passes by itself
    assert "Start of turn: nothing to do (no test at the start of the turn), passed" in text
    cli("battle", "fact", "contact", "a:spearmen", "b:warriors", "--set", "charged=true")
    cli("battle", "next")
    text = cli("battle", "next", "--lang", "fr")
    assert "Corps à corps" in text
    text = cli("battle", "fight", "--table")
    assert "now roll" in text and "to hit, each needing" in text
    before = open(path).read()
    out = cli("battle", "dice", "7", code=2)
    assert "7" in out and "D6" in out and "Traceback" not in out and open(path).read() == before
    out = cli("battle", "dice", "x", code=2)
    assert "'x' is not a die face" in out and "wab.dice" not in out and open(path).read() == before
    # the referee enters what the tracker asks for, stage after stage, until the combat is fought
    for _ in range(12):
        view = json.loads(cli("battle", "status", "--json"))
        if view["table_dice"] is None:
            break
        assert "table" in view["hints"][0]["en"]
        text = cli("battle", "dice", ",".join(["4"] * view["table_dice"]["wanted"]["count"]))
    # the combat's working, under its sentence: the dice, the scores needed, each side's result added up
    assert "to hit 4+ [4 4 4" in text and "Combat result: Spearmen" in text


def test_a_campaign_battle_starts_the_tracker_with_both_armies_as_they_stand():
    from test_wab_autobattle import battle_game

    from campagne.core.errors import CampagneError
    from campagne.games.atlantis import army as armies
    from campagne.games.wab.inputs import setup_from_atlantis
    from campagne.games.wab.tracker import build_state
    s = battle_game().state
    first = s.players["a"].army.units[0]
    before = first.models
    armies.remove_models(s.players["a"].army, 3, order=[first.id], strict=True)  # an earlier battle's losses
    setup = setup_from_atlantis(s)  # the campaign's only battle
    assert setup["context"]["territory"] == "mestoria" and setup["a"]["player"] == "a"
    state = build_state(setup)
    assert state.units[f"a:{first.id}"].models == before - 3  # as it stands, losses included
    assert {u.side for u in state.units.values()} == {"a", "b"}
    assert setup_from_atlantis(s, "mestoria") == setup
    try:
        setup_from_atlantis(s, "azaea")
    except CampagneError as e:
        assert e.code == "wab.cli.no_battle_there" and "mestoria" in e.message("en")
    else:
        raise AssertionError("a territory without a battle is refused")


def test_battle_new_without_armies_says_what_to_give(tmp_path):
    from typer.testing import CliRunner

    from campagne.cli.main import app
    r = CliRunner().invoke(app, ["battle", "new", "-c", str(tmp_path / "b.jsonl")])
    assert r.exit_code == 2 and "--from-campaign" in r.output and not (tmp_path / "b.jsonl").exists()


def test_a_characters_exchange_of_blows_shows_its_working():
    from test_wab_seed_readings import lone_hero_side
    g = game({"a": lone_hero_side(), "b": wab_side(wab_unit("levy", models=10))}, seed=3)
    fact(g, "join", unit="a:hero", target="a:spearmen")
    to_phase(g, "movement", "a")
    fact(g, "contact", unit="a:spearmen", target="b:levy", charged=True)
    to_phase(g, "close_combat", "a")
    entry = push(g, type="fight")
    blows = next(e for e in entry.events if e["type"] == "exchange")
    assert [w["en"].split(":")[0] for w in blows["working"]] == ["Hero", "Levy"]
    assert all("to hit" in w["en"] and "pour toucher" in w["fr"] for w in blows["working"])
