"""`battle new --from-campaign` for a Gorges Tranchées battle (issue 23, part 5): a Gorges army has no unit list,
so the tracker fights it with the standard roster of data/gorges.toml, its Regiments of Renown and its legendary
hero as they stand in the campaign (docs/rules/gorges.md, « A Gorges battle fought with the WAB tracker »)."""

from __future__ import annotations

import pytest
from gorges_kit import new_state

from campagne.core.errors import CampagneError
from campagne.games.gorges.state import Battle
from campagne.games.wab.gorges_armies import setup_from_gorges
from campagne.games.wab.tracker import build_state


def _with_a_battle():
    s = new_state(("empire", "skaven"))
    s.battles.append(Battle(id=4, challenge=1, territory="B3", attacker="P1", attacker_army="L1", defender="P2",
                            defender_army="G"))
    return s


def test_a_gorges_battle_sets_both_armies_up_as_they_stand():
    s = _with_a_battle()
    attacker, defender = s.players["P1"].armies["L1"], s.players["P2"].armies["G"]
    attacker.renown.append({"unit": "Greatswords", "honours": [{"spoils": 5, "rule": "stubborn"},
                                                              {"spoils": 5, "rule": "armour_piercing"}]})
    attacker.hero.changes = {"WS": 1, "Ld": -1}
    attacker.hero.rules = ["fear"]
    defender.hero.dead = True
    setup = setup_from_gorges(s)  # its only battle
    assert setup["context"] == {"territory": "B3", "campaign": "gorges", "battle": 4, "armies": {"a": "L1", "b": "G"}}
    assert (setup["a"]["player"], setup["b"]["player"]) == ("P1", "P2")
    state = build_state(setup)
    hero = state.units["a:hero"]
    assert hero.unit.is_general and hero.unit.name == attacker.hero.name
    assert (hero.unit.profile.WS, hero.unit.profile.Ld) == (6, 8) and hero.unit.has_rule("fear")
    renown = state.units["a:renown_1"]
    assert renown.unit.name == "Greatswords" and renown.unit.special_rules == ["stubborn"]
    assert "b:hero" not in state.units  # dead: not on the field
    assert not any(u.key.startswith("b:renown") for u in state.units.values())
    assert {u.id for u in state.units.values() if u.side == "b"} == {"regiment_1", "regiment_2", "archers", "riders"}
    assert all(u.points > 0 for u in state.units.values())
    assert setup_from_gorges(s, 4) == setup


def test_a_battle_not_to_fight_is_refused_naming_those_to_fight():
    s = _with_a_battle()
    with pytest.raises(CampagneError) as e:
        setup_from_gorges(s, 9)
    assert e.value.code == "wab.gorges.no_battle" and "4" in e.value.message("en")
    s.battles.append(Battle(id=5, challenge=2, territory="C3", attacker="P2", attacker_army="L1", defender="P1",
                            defender_army="G"))
    with pytest.raises(CampagneError) as e:
        setup_from_gorges(s)
    assert e.value.code == "wab.gorges.which_battle" and "4, 5" in e.value.message("en")


def test_battle_new_from_a_gorges_journal_prints_gorges_result_line(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from campagne import session
    from campagne.cli.main import app
    journal = tmp_path / "g.jsonl"
    session.create(journal, "gorges", {"players": [{"id": "P1", "race": "empire"}, {"id": "P2", "race": "skaven"}]},
                   1, public=True)
    real = session.load

    def with_battle(path, *args, **kwargs):  # the journal's state with a battle waiting (as a challenge leaves it)
        c = real(path, *args, **kwargs)
        if c.file.header.get("ruleset") == "gorges":
            c.game.state.battles.append(Battle(id=4, challenge=1, territory="B3", attacker="P1",
                                               attacker_army="L1", defender="P2", defender_army="G"))
        return c
    monkeypatch.setattr(session, "load", with_battle)
    run = CliRunner()
    battle = str(tmp_path / "b.jsonl")
    r = run.invoke(app, ["battle", "new", "--from-campaign", str(journal), "-c", battle, "--public-dice"])
    assert r.exit_code == 0, r.output
    assert "a:hero" in r.output and "b:regiment_1" in r.output
    r = run.invoke(app, ["battle", "end", "--winner", "a", "-c", battle])
    assert "campagne battle-result 4 --winner P1" in r.output
