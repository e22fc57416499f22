"""The Gorges Tranchées campaign sheets (games/gorges/sheet.py), checked against the journal they are built
from and against the state a replay of that journal gives at the end of every turn."""

from __future__ import annotations

import copy
import re
from html.parser import HTMLParser
from typing import Any, ClassVar

import pytest

from campagne.core.game import Game
from campagne.games.gorges.ai import legal, step
from campagne.games.gorges.data import tables
from campagne.games.gorges.rules import GorgesRules
from campagne.games.gorges.sheet import build_sheets, sheets_html, sheets_markdown
from campagne.games.gorges.simulate import default_players, simulate
from campagne.games.gorges.state import ARMY_KEYS, REFEREE, GorgesState

SEASONS = ["spring"] * 3 + ["summer"] * 3 + ["autumn"] * 3 + ["winter"] * 3
FR_LABELS = ["Ordre du tour", "Événement", "Reliques", "Mines", "Déplacements", "Constructions", "Défis",
             "Sauvegardes", "Batailles", "Conquêtes", "Territoires tenus", "Armées", "Otages", "Notes"]
EN_LABELS = ["Turn order", "Event", "Relics", "Mines", "Movement", "Buildings", "Challenges", "Saves", "Battles",
             "Conquests", "Territories held", "Armies", "Hostages", "Notes"]


def journal(game: Game) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    header = {"ruleset": "gorges", "seed": game.seed, "setup": game.setup, "opening": game.opening.to_dict()}
    return header, [e.to_dict() for e in game.entries]


def sheets_of(game: Game, lang: str = "fr") -> dict[str, dict[str, Any]]:
    header, entries = journal(game)
    return {s["player"]: s for s in build_sheets(header, entries, game.state, lang)}


def per_turn(game: Game):
    """(turn, event, command) for every event of the journal once the first turn has started."""
    turn = 0
    for entry in [game.opening] + list(game.entries):
        for ev in entry.events:
            if ev["type"] == "turn":
                turn = ev["turn"]
            elif turn:
                yield turn, ev, entry.command


def name(table: str, key: str, lang: str) -> str:
    text = tables()[table].row(key).get(f"name_{lang}")
    return text[:-1] if text.endswith(".") and not text.endswith("..") else text


def cell(tid: str) -> str:
    return "Les Gorges Tranchées (0,0)" if tid == "0,0" else f"({tid})"


NEEDED = {"battle_result", "save", "mine", "building", "renown", "hostage_relics", "order_changed"}


@pytest.fixture(scope="module")
def game() -> Game:
    """The first seeded year of four computer players with every kind of line the tests read (searched, not
    hard-coded, so that a change of the rules does not silently leave a check without a case). Greedy and random
    computers in turn: the greedy ones refuse a challenge only when the save roll keeps the land more surely, so
    a year of greedy computers alone may hold no save."""
    for seed in range(1, 30):
        g = simulate(default_players(4, "mixed"), seed)
        kinds = {ev["type"] for e in g.entries for ev in e.events}
        captured = any(ev["type"] == "injury" and ev.get("held_by") for e in g.entries for ev in e.events)
        if NEEDED <= kinds and captured:
            return g
    raise AssertionError("no simulated year with a capture, a save, a Regiment of Renown...")


@pytest.fixture(scope="module")
def sheets(game) -> dict[str, dict[str, Any]]:
    return sheets_of(game, "fr")


@pytest.fixture(scope="module")
def sheets_en(game) -> dict[str, dict[str, Any]]:
    return sheets_of(game, "en")


@pytest.fixture(scope="module")
def turn_ends(game) -> dict[int, tuple[GorgesState, GorgesState]]:
    return ends_of(game)


def ends_of(game: Game) -> dict[int, tuple[GorgesState, GorgesState]]:
    """Replaying the journal: for each turn, the state just before the order that ends it (armies as they
    stand after the last battle) and just after (relic points and owners once the turn and season ended)."""
    replay = Game(GorgesRules(), game.setup, game.seed)
    ends: dict[int, tuple[GorgesState, GorgesState]] = {}
    for entry in game.entries:
        closing = any(ev["type"] in ("turn", "campaign_ended") for ev in entry.events)
        before = copy.deepcopy(replay.state) if closing else None
        turn = replay.state.turn
        replay.push(entry.command, atomic=False)
        if before is not None:
            ends[turn] = (before, copy.deepcopy(replay.state))
    return ends


# --------------------------------------------------------------------------- one row per player and turn


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_player_has_the_twelve_turns_with_their_season(game, lang):
    """« La campagne durera une année ... Chaque saison comportera trois tours de jeu »."""
    sheets = sheets_of(game, lang)
    assert set(sheets) == set(game.state.players)
    seasons = {"fr": ["Printemps", "Eté", "Automne", "Hiver"], "en": ["Spring", "Summer", "Autumn", "Winter"]}[lang]
    for sheet in sheets.values():
        assert [t["turn"] for t in sheet["turns"]] == list(range(1, 13))
        assert [t["season"] for t in sheet["turns"]] == SEASONS
        assert [t["season_name"] for t in sheet["turns"]] == [s for s in seasons for _ in range(3)]
        assert [t["season_turn"] for t in sheet["turns"]] == [1, 2, 3] * 4


def test_place_in_the_turn_order_is_the_journals(game, sheets):
    """« En commençant par celui qui a le plus petit empire »; event 64 (Chef rusé) moves a player first."""
    orders: dict[int, list[str]] = {}
    for entry in [game.opening] + list(game.entries):
        for ev in entry.events:
            if ev["type"] == "turn":
                orders[ev["turn"]] = ev["order"]
                current = ev["turn"]
            elif ev["type"] == "order_changed":
                orders[current] = ev["order"]
    for pid, sheet in sheets.items():
        for row in sheet["turns"]:
            assert row["place"] == orders[row["turn"]].index(pid) + 1
            assert row["of"] == 4 and row["order"] == orders[row["turn"]]


def test_the_event_drawn_is_named_in_french_and_english(game, sheets, sheets_en):
    seen = 0
    for turn, ev, _ in per_turn(game):
        if ev["type"] != "event":
            continue
        fr = sheets[ev["player"]]["turns"][turn - 1]["event"]
        en = sheets_en[ev["player"]]["turns"][turn - 1]["event"]
        assert fr["key"] == en["key"] == ev["event"] and fr["d66"] == ev["d66"]
        assert fr["name_fr"] == name("events", ev["event"], "fr") and fr["name_en"] == name("events", ev["event"], "en")
        assert fr["text"] == f"{ev['d66']} – {fr['name_fr']}"
        assert fr["name_en"] in en["text"] and fr["name_fr"] in en["text"]
        assert "choix en attente" not in fr["details"]  # every choice was made in the simulated year
        seen += 1
    assert seen == 4 * 12


# --------------------------------------------------------------------------- relic points and the board


def test_relics_found_are_the_search_phases(game, sheets):
    """« Pour chaque résultat de 6, ils gagnent 1 Point de Relique » — the sheet's « trouvés »."""
    found: dict[tuple[str, int], int] = {}
    for turn, ev, _ in per_turn(game):
        if ev["type"] == "search":
            found[(ev["player"], turn)] = found.get((ev["player"], turn), 0) + ev["relics"]
    assert sum(found.values()) > 0
    for pid, sheet in sheets.items():
        for row in sheet["turns"]:
            assert row["relics"]["found"] == found[(pid, row["turn"])]


def test_relic_totals_and_gains_match_the_state(game, sheets, turn_ends):
    previous = {pid: 0 for pid in game.state.players}
    for pid, sheet in sheets.items():
        assert sheet["relics"] == sheet["turns"][-1]["relics"]["total"] == game.state.players[pid].relics
        for row in sheet["turns"]:
            _, after = turn_ends[row["turn"]]
            assert row["relics"]["total"] == after.players[pid].relics, (pid, row["turn"])
            assert row["relics"]["gained"] == row["relics"]["total"] - previous[pid]
            previous[pid] = row["relics"]["total"]


def test_territories_held_at_the_end_of_each_turn(game, sheets, turn_ends):
    for pid, sheet in sheets.items():
        for row in sheet["turns"]:
            _, after = turn_ends[row["turn"]]
            assert sorted(row["territory_ids"]) == sorted(after.owned(pid))
            assert row["territories"] == [cell(t) for t in row["territory_ids"]]
        assert len(sheet["territories"]) == len(game.state.owned(pid))


def test_armies_and_hostages_at_the_end_of_each_turn(game, sheets, turn_ends):
    """Hero, position, Regiments of Renown, the notes waiting for the next battle, magic items, hostages."""
    captured = renowned = noted = 0
    for pid, sheet in sheets.items():
        for row in sheet["turns"]:
            before, after = turn_ends[row["turn"]]
            p = before.players[pid]
            shown = {a["key"]: a for a in row["armies"]}
            assert set(shown) == set(after.players[pid].armies)
            for key in ARMY_KEYS:
                a, s = shown[key], p.armies[key]
                assert (a["position"], a["hero"], a["hero_dead"], a["hero_captured_by"]) == \
                    (s.position, s.hero.name, s.hero.dead, s.hero.captured_by), (pid, row["turn"], key)
                assert a["renown_units"] == [r["unit"] for r in s.renown]
                assert a["hero_changes"] == {c: v for c, v in s.hero.changes.items() if v}
                assert a["hero_rules"] == s.hero.rules
                assert a["note_keys"] == [n["key"] for n in s.notes]
                assert len(a["items"]) == len(s.hero.items)
                renowned += len(s.renown)
                noted += len(s.notes)
            assert row["hostage_refs"] == [f"{h['player']}:{h['army']}" for h in p.hostages]
            assert len(row["hostages"]) == len(p.hostages)
            captured += len(p.hostages)  # computers name a new hero at once: the hostage is what stays
            assert row["battle_points"] == p.battle_points and len(row["items"]) == len(p.items)
            assert row["next_battle_keys"] == [n["key"] for n in p.notes]
            noted += len(p.notes)
    assert captured and renowned and noted  # the year exercised each of them


def test_army_lines_say_where_and_who(sheets):
    last = sheets["P1"]["turns"][-1]
    for a in last["armies"]:
        assert a["where"] == (cell(a["position"]) if a["position"] else "hors jeu jusqu'à la prochaine saison")
        if a["hero_captured_by"]:
            assert a["hero_status"] == f"otage de {a['hero_captured_by']}"


# --------------------------------------------------------------------------- phases of the turn


def test_mines_moves_buildings_challenges_and_saves_are_on_the_sheet(game, sheets):
    seen = set()
    for turn, ev, _ in per_turn(game):
        rows = {pid: s["turns"][turn - 1] for pid, s in sheets.items()}
        kind = ev["type"]
        if kind == "mine":
            assert any(line.startswith(f"{cell(ev['territory'])} : {ev['roll']}") for line in rows[ev["player"]]["mines"])
            seen.add(kind)
        elif kind == "move" and ev["why"] == "move":
            path = " → ".join(cell(t) for t in [ev["from"], *ev["path"]])
            assert f"{ev['army'].split(':')[1]} : {path}" in rows[ev["player"]]["movement"]
            seen.add(kind)
        elif kind == "move_roll":
            assert any(line.startswith("Dé de déplacement") and f"→ {ev['allowance']} " in line
                       for line in rows[ev["player"]]["movement"])
        elif kind == "building" and "why" not in ev:
            assert any(cell(ev["territory"]) in line for line in rows[ev["player"]]["buildings"])
            seen.add(kind)
        elif kind == "challenge":
            mark = f"Défi n°{ev['id']} "
            assert any(line.startswith(mark) for line in rows[ev["challenger"]]["challenges"])
            assert any(line.startswith(mark) for line in rows[ev["defender"]]["challenges"])
            seen.add(kind)
        elif kind == "challenge_refused":
            assert any(line.startswith(f"Défi n°{ev['id']} ") and line.endswith("refusé")
                       for line in rows[ev["defender"]]["challenges"])
        elif kind == "save":
            assert any(line.startswith(f"Défi n°{ev['challenge']}, ") and f"lance {ev['roll']}" in line
                       for line in rows[ev["defender"]]["saves"])
            seen.add(kind)
        elif kind == "annexed":
            assert f"{cell(ev['territory'])} annexé ({ev['army'].split(':')[1]})" in rows[ev["player"]]["conquests"]
            seen.add(kind)
    assert {"mine", "move", "building", "challenge", "annexed"} <= seen


def test_a_battle_and_its_aftermath_are_on_both_players_sheets(game, sheets):
    """« le vainqueur lancera un 1d6 dans la table des Butins de Guerre, le vaincu ... des défaites
    ignominieuses. Enfin le vainqueur lance 1d6 pour connaître le destin de l'armée vaincu »."""
    battles = 0
    current: dict[str, Any] = {}
    for turn, ev, command in per_turn(game):
        if ev["type"] == "battle_result":
            current = {"turn": turn, "id": ev["battle"], "winner": ev["winner"], "loser": ev["loser"], "injuries": 0}
            battles += 1
            for pid, outcome, word in ((ev["winner"], "won", "Victoire"), (ev["loser"], "lost", "Défaite")):
                b = next(b for b in sheets[pid]["turns"][turn - 1]["battles"] if b["id"] == ev["battle"])
                assert b["outcome"] == outcome and b["result"] == word and b["territory_id"] == ev["territory"]
            continue
        if not current or command.get("type") not in ("auto-resolve", "battle-result"):
            continue
        both = [next(b for b in sheets[pid]["turns"][current["turn"] - 1]["battles"] if b["id"] == current["id"])
                for pid in (current["winner"], current["loser"])]
        if ev["type"] == "spoils":
            assert all(name("spoils_of_war", ev["result"], "fr") in b["spoils"] for b in both)
        elif ev["type"] == "defeat":
            assert all(name("ignominious_defeats", ev.get("instead") or ev["result"], "fr") in b["defeat"]
                       for b in both)
        elif ev["type"] == "fate":
            assert all(tables()["fate_of_beaten_army"].row(ev["result"]).fr in b["fate"] for b in both)
        elif ev["type"] == "injury":
            current["injuries"] += 1
            assert all(len(b["injuries"]) >= current["injuries"] for b in both)
            assert all(name("character_injuries", ev["result"], "fr") in b["injuries"][current["injuries"] - 1]
                       for b in both)
        assert both[0]["spoils"] == both[1]["spoils"] and both[0]["defeat"] == both[1]["defeat"]
        assert both[0]["fate"] == both[1]["fate"] and both[0]["injuries"] == both[1]["injuries"]
    assert battles >= 2


def test_a_capture_makes_a_hostage_on_the_captors_sheet(game, sheets):
    """« Capturé. L'ennemi a pris votre personnage en otage ... Chaque otage compte comme 1 Point de Relique
    à la fin de la saison. »"""
    captures = [(turn, ev) for turn, ev, _ in per_turn(game) if ev["type"] == "injury" and ev.get("held_by")]
    assert captures
    for turn, ev in captures:
        row = sheets[ev["held_by"]]["turns"][turn - 1]
        assert ev["army"] in row["hostage_refs"]
    season_ends = [(turn, ev) for turn, ev, _ in per_turn(game) if ev["type"] == "hostage_relics"]
    assert season_ends
    for turn, ev in season_ends:
        assert f"Otages : +{ev['relics']} (fin de la saison)" in sheets[ev["player"]]["turns"][turn - 1]["relics"]["details"]


def test_the_end_of_the_campaign_is_noted(game, sheets):
    standings = game.state.standings
    for r in standings:
        notes = sheets[r["player"]]["turns"][-1]["notes"]
        assert any(n.startswith(f"Fin de la campagne : rang {r['rank']}/4, {r['relics']} points de relique")
                   for n in notes)
        assert sheets[r["player"]]["rank"] == r["rank"]


def _generous_campaign(seed: int) -> Game:
    g = Game(GorgesRules(), {"players": default_players(4)}, seed)
    while (command := step(g.state, seed, len(g.entries), referee=True)) is not None:
        s = g.state
        if command["type"] in ("accept", "refuse"):
            c = next(c for c in s.challenges if c.id == command["challenge"])
            army = s.army(f"{c.challenger}:{c.army}")
            if army.position == c.target and s.owners[c.target] == c.defender and s.players[c.defender].relics:
                command = {"type": "refuse", "player": c.defender, "challenge": c.id, "relics": 1}
        g.push(command, atomic=False)
    return g


def test_relic_points_handed_over_for_the_save_move_on_both_sheets():
    """« +1 par Point de Relique que vous donnez à votre adversaire, si celui-ci est d'accords »: a defender
    who refuses a challenge hands over one relic point before his save roll whenever he has one."""
    for seed in range(3, 20):
        g = _generous_campaign(seed)
        given = [(turn, ev) for turn, ev, _ in per_turn(g) if ev["type"] == "save"
                 and any(m["key"] == "relic_given" for m in ev["modifiers"])]
        if given:
            break
    else:
        raise AssertionError("no relic point handed over in 17 years")
    sheets, ends = sheets_of(g, "fr"), ends_of(g)
    for pid, sheet in sheets.items():
        for row in sheet["turns"]:
            assert row["relics"]["total"] == ends[row["turn"]][1].players[pid].relics
    turn, ev = given[0]
    challenger = next(e["challenger"] for t, e, _ in per_turn(g) if t == turn and e["type"] == "challenge"
                      and e["id"] == ev["challenge"])
    assert f"1 point de relique donné à {challenger} (sauvegarde +1)" in \
        sheets[ev["defender"]]["turns"][turn - 1]["relics"]["details"]
    assert f"1 point de relique reçu de {ev['defender']}" in sheets[challenger]["turns"][turn - 1]["relics"]["details"]


# --------------------------------------------------------------------------- battles entered by the referee


def _entered_campaign(seed: int) -> Game:
    """Computer players; the referee enters every other battle by hand, naming the units that fought and
    killing the loser's hero, and auto-resolves the others."""
    g = Game(GorgesRules(), {"players": default_players(4, "mixed")}, seed)
    for n in range(5000):
        s = g.state
        open_ = [b for b in s.battles if b.result is None]
        if open_ and n % 2 == 0:
            b = open_[0]
            there = s.players[b.defender].armies[b.defender_army].hero.on_the_field  # a dead or absent hero cannot die
            command = {"type": "battle-result", "player": REFEREE, "battle": b.id, "winner": b.attacker,
                       "heroes_killed": [f"{b.defender}:{b.defender_army}"] if there else [],
                       "units": {b.attacker: ["Hallebardiers"], b.defender: ["Guerriers", "Archers"]}}
        else:
            command = step(s, seed, len(g.entries), referee=True)
        if command is None:
            return g
        g.push(command, atomic=False)
    raise AssertionError("the campaign did not end")


def test_named_units_of_an_entered_battle_reach_the_sheet():
    """« Choisissez une unité ayant participé à la bataille. Elle devient un Régiment de Renom »."""
    for seed in range(2, 20):
        g = _entered_campaign(seed)
        banners = [(turn, ev) for turn, ev, cmd in per_turn(g)
                   if ev["type"] == "renown" and cmd["type"] == "battle-result"]
        if banners:
            break
    else:
        raise AssertionError("no Regiment of Renown from an entered battle in 18 years")
    sheets = sheets_of(g, "fr")
    entered = [(turn, ev) for turn, ev, _ in per_turn(g) if ev["type"] == "battle_result" and ev["how"] == "entered"]
    assert entered
    for turn, ev in entered:
        b = next(b for b in sheets[ev["winner"]]["turns"][turn - 1]["battles"] if b["id"] == ev["battle"])
        assert b["how"] == "résultat saisi par l'arbitre" and b["injuries"]
    for turn, ev in banners:
        pid, key = ev["army"].split(":")
        army = next(a for a in sheets[pid]["turns"][turn - 1]["armies"] if a["key"] == key)
        assert "Hallebardiers" in army["renown_units"]
        assert any(r.startswith("Hallebardiers : ") for r in army["renown"])


# --------------------------------------------------------------------------- layout


def _md_rows(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("|")]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_markdown_is_well_formed_and_in_one_language(game, lang):
    text = sheets_markdown(list(sheets_of(game, lang).values()), lang)
    for line in _md_rows(text):
        assert len(re.findall(r"(?<!\\)\|", line)) == 3, line  # two cells per row, inner pipes escaped
    tables_ = re.findall(r"^## .*\n\n\| \| \|\n\|---\|---\|\n((?:\|.*\n)+)", text + "\n", re.MULTILINE)
    assert len(tables_) == 4 * 12
    assert all(t.count("\n") == 14 for t in tables_)
    labels, other = (FR_LABELS, EN_LABELS) if lang == "fr" else (EN_LABELS, FR_LABELS)
    for label in labels:
        assert f"| **{label}** |" in text
    for label in set(other) - set(labels):
        assert f"| **{label}** |" not in text
    assert text.count("# Feuille de campagne — " if lang == "fr" else "# Campaign sheet — ") == 4


class _Collector(HTMLParser):
    VOID: ClassVar[set[str]] = {"meta", "br"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.text: list[str] = []
        self.sections = self.tables = 0

    def handle_starttag(self, tag, attrs):
        self.sections += tag == "section"
        self.tables += tag == "table"
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        assert self.stack and self.stack[-1] == tag, (tag, self.stack[-3:])
        self.stack.pop()

    def handle_data(self, data):
        self.text.append(data)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_html_is_well_formed_printable_and_escaped(lang):
    players = default_players(4)
    players[0]["name"] = "<Bob & co|>"
    g = simulate(players, 1, turns=2)
    sheets = list(sheets_of(g, lang).values())
    page = sheets_html(sheets, lang)
    assert page.startswith("<!DOCTYPE html>") and f'<html lang="{lang}">' in page and "page-break-after" in page
    assert "&lt;Bob &amp; co|&gt;" in page and "<Bob" not in page
    parser = _Collector()
    parser.feed(page)
    parser.close()
    assert parser.stack == [] and parser.sections == 4 and parser.tables == 4 * 2
    text = "".join(parser.text)
    for label in FR_LABELS if lang == "fr" else EN_LABELS:
        assert label in text
    md = sheets_markdown(sheets, lang)
    assert "&lt;Bob & co\\|>" in md and "<Bob" not in md
    assert all(len(re.findall(r"(?<!\\)\|", line)) == 3 for line in _md_rows(md))


def test_a_campaign_ended_early_still_closes_its_last_turn():
    """The referee's `end` before winter: the last turn played is on the sheets with its end-of-turn board."""
    g = simulate(default_players(3), 5, turns=2)
    sheets = sheets_of(g, "en")
    for pid, sheet in sheets.items():
        assert [t["turn"] for t in sheet["turns"]] == [1, 2]
        last = sheet["turns"][-1]
        assert last["relics"]["total"] == g.state.players[pid].relics
        assert sorted(last["territory_ids"]) == sorted(g.state.owned(pid))
        assert any(n.startswith("End of the campaign: rank") for n in last["notes"])


# --------------------------------------------------------------------------- race abilities and rarer orders

RACES = ("wood_elves", "tomb_kings", "ogre_kingdoms", "daemons_of_chaos", "skaven", "high_elves")


def _special(s: GorgesState, done: set[tuple]) -> dict[str, Any] | None:
    """An order the computers never give, when the rules take it: the races' abilities (forest, burrow,
    capital, swap, tunnel raid, re-roll), a new hero for a dead or captured one, a magic item given to a hero."""
    candidates: list[tuple[tuple, dict[str, Any]]] = []
    for p in s.players.values():
        for a in p.armies.values():
            if not a.hero.present:
                candidates.append((("hero", a.ref, a.hero.name), {"type": "hero", "player": p.id, "army": a.key,
                                                                   "name": f"Héros de {a.ref}"}))
        if p.items:
            candidates.append((("equip", p.id, len(p.items), s.turn),
                               {"type": "equip", "player": p.id, "army": "G"}))
    pid = s.acting[0] if s.acting else None
    if pid is not None and s.phase == "movement":
        p = s.players[pid]
        mine = [a for a in p.armies.values() if a.in_play]
        once = (p.race, s.turn)
        if p.race == "wood_elves":
            forests = [f"{q},{r}" for q, r in s.map.forests]
            candidates += [(once, {"type": "forest", "player": pid, "army": a.key, "territory": f})
                           for a in mine for f in forests]
        elif p.race == "tomb_kings":
            candidates += [(once, {"type": "burrow", "player": pid, "army": a.key, "territory": t})
                           for a in mine for t in sorted(s.owned(pid)) if t != a.position]
        elif p.race == "ogre_kingdoms":
            candidates += [(once, {"type": "capital", "player": pid, "territory": t})
                           for t in s.neighbours(p.capital) if s.owners.get(t) == pid]
        elif p.race == "daemons_of_chaos" and len(mine) >= 2:
            candidates.append((once, {"type": "swap", "player": pid, "army": mine[0].key, "other": mine[1].key}))
        elif p.race == "high_elves":
            candidates.append((once, {"type": "reroll", "player": pid}))
    if pid is not None and s.phase == "challenges" and s.players[pid].race == "skaven":
        candidates += [((pid, s.turn), {"type": "raid", "player": pid, "army": "G", "territory": t})
                       for t, o in sorted(s.owners.items()) if o not in (None, pid)]
    for key, command in candidates:
        if key not in done and legal(s, command):
            done.add(key)
            return command
    return None


def _abilities_campaign(seed: int) -> Game:
    g = Game(GorgesRules(), {"players": [{"id": f"P{i + 1}", "race": r, "controller": "greedy"}
                                         for i, r in enumerate(RACES)]}, seed)
    done: set[tuple] = set()
    while g.state.phase != "ended":
        s = g.state
        command = _special(s, done)
        open_ = [b for b in s.battles if b.result is None]
        if command is None and open_ and s.season == "autumn":
            b = open_[0]  # « Toutes les parties Tempête de Magie jouée rapporte 1 Point de Relique »
            there = s.players[b.attacker].armies[b.attacker_army].hero.on_the_field  # a dead or absent hero cannot die
            command = {"type": "battle-result", "player": REFEREE, "battle": b.id, "winner": b.defender,
                       "storm_of_magic": True,
                       "heroes_killed": [f"{b.attacker}:{b.attacker_army}"] if there else []}
        command = command or step(s, seed, len(g.entries), referee=True)
        g.push(command, atomic=False)
    return g


def test_race_abilities_and_rarer_orders_reach_the_sheet():
    g = _abilities_campaign(2)  # a year whose storm of magic kills a hero on the field (a new one is named)
    kinds = {(ev["type"], ev.get("why")) for e in g.entries for ev in e.events}
    sheets, ends = sheets_of(g, "fr"), ends_of(g)
    lines = {pid: "\n".join(line for row in s["turns"] for col in ("movement", "challenges", "notes", "relics")
                            for line in (row[col]["details"] if col == "relics" else row[col]))
             for pid, s in sheets.items()}
    wood, tomb, ogre, daemons, skaven, high = (f"P{i}" for i in range(1, 7))
    assert ("move", "forest") in kinds and "(Elfes Sylvains : de forêt en forêt)" in lines[wood]
    assert ("move", "burrow") in kinds and "(Rois des Tombes : sous le sable)" in lines[tomb]
    assert ("capital_moved", None) in kinds and "Capitale déplacée : " in lines[ogre]
    assert ("swap", None) in kinds and "Armées interverties : G ↔ L1" in lines[daemons]
    assert ("raid", None) in kinds and "Tunnel skaven de G sur " in lines[skaven]
    assert "(relancé)" in lines[high]
    assert ("storm_of_magic", None) in kinds and "Tempête de magie : +2" in "\n".join(lines.values())
    assert ("hero", None) in kinds and "Nouveau héros pour " in "\n".join(lines.values())
    assert ("equip", None) in kinds and "reçoit un objet magique" in "\n".join(lines.values())
    for pid, sheet in sheets.items():  # and the board followed through all of it
        for row in sheet["turns"]:
            before, after = ends[row["turn"]]
            assert row["relics"]["total"] == after.players[pid].relics
            assert sorted(row["territory_ids"]) == sorted(after.owned(pid))
            for a in row["armies"]:
                s = before.players[pid].armies.get(a["key"]) or after.players[pid].armies[a["key"]]
                assert (a["position"], a["hero"], len(a["items"])) == (s.position, s.hero.name, len(s.hero.items))
