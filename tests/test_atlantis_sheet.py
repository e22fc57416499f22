"""The campaign sheets of the annex "Exemple de feuille de campagne", rebuilt from the journal."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from campagne.core.game import Game
from campagne.core.i18n import Lang
from campagne.games.atlantis.army_file import player_name_words
from campagne.games.atlantis.rules import AtlantisRules
from campagne.games.atlantis.sheet import build_sheets, sheets_html, sheets_markdown
from campagne.games.atlantis.simulate import run_campaign, setup_for

FR_HEADINGS = ["Événement", "Diplomatie", "Butin", "Impôts", "Renforts", "Forteresses", "Ravitaillé",
               "Oui", "Non", "Effet", "Mouvement", "Territoire de départ", "Territoire d'arrivée",
               "Bataille",
               "Stratégie", "Scénario", "Résultat", "Conquête", "Territoire conquis", "Notes"]
EN_HEADINGS = ["Event", "Diplomacy", "Loot", "Taxes", "Reinforcements", "Fortresses", "Supplied", "Yes",
               "No", "Effect", "Movement", "Starting territory", "Destination territory", "Battle",
               "Strategy", "Scenario", "Result", "Conquest", "Territory conquered", "Notes"]


def journal(game: Game) -> tuple[dict, list[dict]]:
    header = {"ruleset": "atlantis", "seed": game.seed, "setup": dict(game.setup),
              "opening": game.opening.to_dict()}
    return header, [e.to_dict() for e in game.entries]


def sheets_of(game: Game, lang: str = "fr") -> dict[str, dict]:
    header, entries = journal(game)
    return {s["player"]: s for s in build_sheets(header, entries, game.state, lang)}


def per_turn(entries: list[dict]):
    """(turn, event) for every event of the journal after the first turn has started."""
    turn = 0
    for entry in entries:
        for ev in entry["events"]:
            if ev["type"] == "turn":
                turn = ev["turn"]
            elif turn:
                yield turn, ev


@pytest.fixture(scope="module")
def simulated() -> Game:
    return run_campaign(4, 6, 3)


@pytest.fixture(scope="module")
def with_battle() -> Game:
    """The first seeded greedy campaign in which two armies fought (searched, not hard-coded)."""
    for seed in range(1, 60):
        game = run_campaign(4, 8, seed)
        if any(ev["type"] == "battle_result" for e in game.entries for ev in e.events):
            return game
    raise AssertionError("no battle in 59 simulated campaigns")


def small_game(kingdoms=("gadirus-myrine", "azues", "mestor")) -> Game:
    """Three players placed by hand, in the diplomacy phase of turn 1."""
    game = Game(AtlantisRules(), setup_for(3), 11)
    todo = list(kingdoms)
    while game.state.phase == "setup":
        kid = todo.pop(0)
        game.push({"type": "choose", "player": game.awaiting()[0], "kingdom": kid,
                   "territory": game.state.map.royal_city(kid)})
    game.push({"type": "next", "player": "referee"})
    assert game.state.phase == "diplomacy"
    return game


# --------------------------------------------------------------------------- from a simulated campaign


def test_one_row_per_player_per_played_turn(simulated):
    sheets = sheets_of(simulated)
    played = [ev["turn"] for e in simulated.entries for ev in e.events if ev["type"] == "turn"]
    assert played == [1, 2, 3, 4, 5, 6]
    assert set(sheets) == set(simulated.state.players)
    for sheet in sheets.values():
        assert [t["turn"] for t in sheet["turns"]] == played


def test_header_comes_from_the_state(simulated):
    s = simulated.state
    for pid, sheet in sheets_of(simulated).items():
        p = s.players[pid]
        assert sheet["name"] == p.name and sheet["loot"] == p.loot
        assert sheet["army_points"] == (p.army.points if p.army else 0)
        assert sheet["territories"] == [s.map.territories[t].name for t in s.owned(pid)]
        assert sheet["kingdom"] == s.map.kingdoms[p.kingdom].name


def test_taxes_are_the_sum_of_the_journals_taxes_events(simulated):
    _, entries = journal(simulated)
    expected: dict[tuple[str, int], int] = {}
    for turn, ev in per_turn(entries):
        if ev["type"] == "taxes":
            expected[(ev["player"], turn)] = expected.get((ev["player"], turn), 0) + ev["amount"]
    assert any(expected.values())
    for pid, sheet in sheets_of(simulated).items():
        for row in sheet["turns"]:
            assert row["loot"]["taxes"] == expected.get((pid, row["turn"]), 0)


def test_moves_fortresses_and_conquests_are_on_the_sheet(simulated):
    _, entries = journal(simulated)
    sheets = sheets_of(simulated)
    names = simulated.state.map.territories
    seen = set()
    for turn, ev in per_turn(entries):
        row = sheets.get(ev.get("player"), {"turns": []})["turns"][turn - 1] if ev.get("player") else None
        if ev["type"] == "moved":
            assert row["movement"] == {"from": names[ev["from"]].name, "to": names[ev["to"]].name}
            seen.add("moved")
        elif ev["type"] == "conquest":
            assert row["conquest"]["territory"] == names[ev["territory"]].name
            assert row["conquest"]["effect"]
            seen.add("conquest")
        elif ev["type"] == "fortress_built":
            assert names[ev["territory"]].name in row["loot"]["fortresses"]
            seen.add("fortress")
    assert seen == {"moved", "conquest", "fortress"}


def test_a_battle_shows_strategies_scenario_and_result(with_battle):
    sheets = sheets_of(with_battle)
    rows = [(pid, t) for pid, s in sheets.items() for t in s["turns"] if t["battle"]]
    assert len(rows) >= 2 and len(rows) % 2 == 0  # each battle is on both players' sheets
    for pid, row in rows:
        b = row["battle"]
        assert "Attaque frontale" in b["strategy"] and "adversaire" in b["strategy"]
        assert b["scenario"].startswith("Pitched Battle")
        assert b["result"].startswith(("Victoire", "Défaite"))
    loser = next(pid for pid, row in rows if row["battle"]["result"].startswith("Défaite"))
    assert any("retraite" in n for n in sheets[loser]["turns"][rows[0][1]["turn"] - 1]["notes"])


def test_markdown_headings_follow_the_language(simulated):
    fr = sheets_markdown(list(sheets_of(simulated, "fr").values()), "fr")
    en = sheets_markdown(list(sheets_of(simulated, "en").values()), "en")
    for word in FR_HEADINGS + ["Joueur", "Peuple", "Royaume", "Butin courant", "Points d'armées",
                               "Force de combat", "Initiative", "Territoires possédés"]:
        assert word in fr
    for word in EN_HEADINGS + ["Player", "People", "Kingdom", "Current loot", "Army points",
                               "Combat strength", "Territories held"]:
        assert word in en
    assert "Diplomatie" not in en and "Diplomacy" not in fr


# --------------------------------------------------------------------------- HTML


class _Collector(HTMLParser):
    VOID = {"meta", "br"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.text: list[str] = []
        self.sections = 0

    def handle_starttag(self, tag, attrs):
        if tag == "section":
            self.sections += 1
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        assert self.stack and self.stack[-1] == tag, (tag, self.stack[-3:])
        self.stack.pop()

    def handle_data(self, data):
        self.text.append(data)


def test_html_parses_and_escapes():
    game = small_game()
    sheets = list(sheets_of(game).values())
    page = sheets_html(sheets, "fr")
    assert page.startswith("<!DOCTYPE html>") and "page-break-after" in page
    assert "Gadirus &amp; Myrine" in page and "Gadirus & Myrine" not in page
    parser = _Collector()
    parser.feed(page)
    parser.close()
    assert parser.stack == [] and parser.sections == 3
    text = "".join(parser.text)
    assert "Gadirus & Myrine" in text
    for word in FR_HEADINGS:
        assert word in text


def test_html_escapes_every_text():
    game = small_game()
    game.push({"type": "agree", "player": "p1", "parties": ["p1", "p2"], "text": "<b>a & b</b>"})
    game.push({"type": "accept", "player": "p2", "agreement": 1})
    page = sheets_html(list(sheets_of(game, "en").values()), "en")
    assert "<b>" not in page and "&lt;b&gt;a &amp; b&lt;/b&gt;" in page


# --------------------------------------------------------------------------- secrets


def test_private_agreement_only_on_its_parties_sheets():
    game = small_game()
    game.push({"type": "agree", "player": "p1", "parties": ["p1", "p2"], "public": False,
               "text": "Pacte secret du trident"})
    game.push({"type": "accept", "player": "p2", "agreement": 1})
    game.push({"type": "agree", "player": "p2", "parties": ["p2", "p3"], "public": True,
               "text": "Paix publique", "loot": 20, "loot_from": "p2", "loot_to": "p3"})
    game.push({"type": "accept", "player": "p3", "agreement": 1})  # the first agreement p3 may see
    sheets = sheets_of(game)  # the referee's: each party's row names it by his own number
    diplomacy = {pid: s["turns"][0]["diplomacy"] for pid, s in sheets.items()}
    assert "Accord n°2 (public)" in diplomacy["p2"] and "Accord n°1 (public)" in diplomacy["p3"]
    assert "Pacte secret du trident" in diplomacy["p1"] and "Pacte secret du trident" in diplomacy["p2"]
    assert "Pacte secret du trident" not in diplomacy["p3"]
    assert "Paix publique" in diplomacy["p3"] and "Paix publique" in diplomacy["p2"]
    assert "Paix publique" not in diplomacy["p1"]
    assert "20" in diplomacy["p3"]
    md = sheets_markdown([sheets["p3"]], "fr")
    assert "trident" not in md


def test_own_strategy_at_once_the_opponents_once_revealed():
    game = small_game()
    header, entries = journal(game)
    # the French sheet names a simulated player by his people in French (« Mycéniens 1 »)
    names = {p.id: player_name_words(p.name, Lang("fr")) or p.name for p in game.state.players.values()}
    where = game.state.map.royal_city("azues")
    fight = [{"type": "battle_declared", "territory": where, "a": "p1", "b": "p2"},
             {"type": "strategy_chosen", "player": "p1", "territory": where,
              "secret": {"strategy": "outflank"}}]
    entries = entries + [{"n": 99, "command": {}, "events": fight, "rolls": []}]

    def battle(pid, ents):
        return {s["player"]: s for s in build_sheets(header, ents, game.state)}[pid]["turns"][0]["battle"]

    assert battle("p1", entries)["strategy"] == "Contournement"
    assert "Contournement" not in battle("p2", entries)["strategy"]
    revealed = entries + [{"n": 100, "command": {}, "rolls": [], "events": [
        {"type": "strategy_chosen", "player": "p2", "territory": where, "secret": {"strategy": "defence"}},
        {"type": "strategies_revealed", "territory": where, "strategies": {"p1": "outflank", "p2": "defence"},
         "scenario": "Flank Attack", "cell": "outflank/defence"}]}]
    p2 = battle("p2", revealed)
    assert p2["strategy"] == "Défense (adversaire : Contournement)"
    assert p2["scenario"].startswith("Flank Attack — La manœuvre de A")
    assert p2["opponent"] == names["p1"]


def test_notes_for_the_rarer_events():
    game = small_game()
    header, entries = journal(game)
    t = game.state.map.royal_city(game.state.players["p1"].kingdom)  # p1's land, taken by p2
    events = [
        {"type": "agreement_broken", "id": 1, "player": "p2", "phase": "diplomacy", "parties": ["p1", "p2"],
         "public": True},
        {"type": "reorganised", "player": "p1", "territory": t, "points_before": 1500, "points_after": 1400,
         "general": False},
        {"type": "waited", "player": "p1", "initiative": 120, "acting": []},
        {"type": "held", "player": "p3", "territory": t},
        {"type": "battle_declared", "territory": t, "a": "p1", "b": "p2"},
        {"type": "battle_result", "territory": t, "winner": "p2", "loser": "p1", "resolver": "table",
         "killed": {"p1": {"u": 5}, "p2": {}}, "fled": {"p1": {"u": 2}, "p2": {}}, "recovered": {"p2": {}},
         "characters_fate": [{"player": "p1", "unit": "general", "survived": False}]},
        {"type": "territory_taken", "player": "p2", "territory": t, "by": "battle"},
        {"type": "army_destroyed", "player": "p1", "territory": t, "reason": "no_retreat",
         "returning_models": 9},
        {"type": "passage", "player": "p3", "territory": t, "bribe": 50, "result": "failure"},
        {"type": "withdrew", "player": "p3", "from": t, "to": t},
        {"type": "turn", "turn": 2},
        {"type": "army_reformed", "player": "p1", "territory": t, "models": 9},
        {"type": "eliminated", "player": "p3"},
        {"type": "take_over", "player": "p3", "kingdom": "euamon", "territories": []},
    ]
    entries = entries + [{"n": 99, "command": {}, "events": events, "rolls": []}]
    sheets = {s["player"]: s for s in build_sheets(header, entries, game.state, "en")}
    p1, p2, p3 = (sheets[p]["turns"] for p in ("p1", "p2", "p3"))
    assert "broken by" in p1[0]["diplomacy"] and p3[0]["diplomacy"] == ""
    assert p1[0]["battle"]["result"].startswith("Defeat") and "general" in p1[0]["battle"]["result"]
    assert p2[0]["conquest"] == {"territory": game.state.map.territories[t].name,
                                 "effect": "Taken after the battle"}
    assert len(p1[0]["notes"]) == 4 and any("Territory lost" in n for n in p1[0]["notes"])
    assert len(p3[0]["notes"]) == 3 and len(p3[1]["notes"]) == 2 and len(p1[1]["notes"]) == 1
    page = sheets_html(list(sheets.values()), "en") + sheets_markdown(list(sheets.values()), "en")
    assert "The negotiation fails" in page


def test_a_simulated_players_sheet_names_him_and_his_people_in_french(simulated):
    """A simulated player's set-up name (« Mycenaean 1 ») and his people are read in French on a French sheet, the
    journal keeping the name it was set up with."""
    sheets = list(sheets_of(simulated).values())
    assert sheets[0]["name"] == "Mycenaean 1" == simulated.setup["players"][0]["name"]  # stored as set up
    fr, en = sheets_markdown(sheets, "fr"), sheets_markdown(sheets, "en")
    assert "# Feuille de campagne — Mycéniens 1" in fr and "**Peuple** : Mycéniens" in fr, fr[:300]
    assert not re.search(r"Mycenaean|Egyptian|Assyrian|Amazon\b", fr), fr[:300]
    assert "<h1>Feuille de campagne — Égyptiens 2</h1>" in sheets_html(sheets, "fr")
    assert "# Campaign sheet — Mycenaean 1" in en and "**People**: Mycenaean" in en, en[:300]
