"""The real command line, end to end.

Most tests drive `campagne.cli.main.app` in-process with typer's CliRunner (every call passes the
campaign and clears $CAMPAGNE_JSON / $CAMPAGNE_LANG, which the root options set, so nothing leaks
between tests); a few run the `campagne` console script in a child process for exit statuses.

The centre piece plays a 4-player campaign (alice and bob are people, carthage greedy and hespera
random computers) to its declared end, only through the CLI: the people choose their kingdoms side
by side, alice marches on bob, one battle is entered by hand (winner, killed, fled, a character)
and the next one is auto-resolved, with undo, the journals, sheets and map along the way.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from campagne import session
from campagne.cli.main import app
from campagne.games.atlantis.map import load_default_map
from campagne.games.atlantis.movement import legal_paths

RUNNER = CliRunner()
CLEAN = {"CAMPAGNE_JSON": None, "CAMPAGNE_LANG": None, "CAMPAGNE_CAMPAIGN": None}
MAP = load_default_map()
PLAYERS = ["-p", "alice", "-p", "bob:human:egyptian", "-p", "carthage:greedy:assyrian",
           "-p", "hespera:random:amazon"]
SEED = 2026
PHASES = {"setup", "events", "diplomacy", "loot", "supply", "movement", "battles", "conquest",
          "reinforcements", "ended"}


@dataclass
class Cli:
    """One campaign driven through the CLI in-process."""

    path: Path
    log: list[tuple[list[str], int]] = field(default_factory=list)

    def run(self, *args: object, code: int | None = 0, lang: str | None = None):
        argv = [str(a) for a in args]
        env = {"CAMPAGNE_CAMPAIGN": str(self.path), "CAMPAGNE_JSON": None, "CAMPAGNE_LANG": lang}
        result = RUNNER.invoke(app, argv, env=env)
        self.log.append((argv, result.exit_code))
        if code is not None:
            assert result.exit_code == code, (argv, result.exit_code, result.stdout, result.stderr,
                                              result.exception)
        assert "Traceback" not in result.output, result.output
        return result

    def json(self, *args: object, **kw: Any) -> Any:
        return json.loads(self.run(*args, "--json", **kw).stdout)

    def status(self, *extra: object) -> dict[str, Any]:
        return self.json("status", *extra)

    def state(self):
        """The state, for the test to decide what a person orders (read only)."""
        return session.load(self.path, verify=False).state

    def lines(self) -> list[bytes]:
        return self.path.read_bytes().splitlines(keepends=True)


def distance(a: str, b: str) -> int:
    return len(MAP.shortest_path(a, b, lambda t: True))


def choose_side_by_side(cli: Cli) -> None:
    """The people choose neighbouring kingdoms, armies on adjacent border territories."""
    while (v := cli.status())["phase"] == "setup":
        pid = v["awaiting"][0]
        assert pid in ("alice", "bob"), v["awaiting"]  # the computers choose by themselves
        other = "bob" if pid == "alice" else "alice"
        taken = {q["kingdom"] for q in v["players"].values() if q["kingdom"]}
        there = v["players"][other]["position"]
        best = None
        for kid, kingdom in MAP.kingdoms.items():
            if not kingdom.colonisable or kid in taken:
                continue
            for t in MAP.kingdom_territories(kid):
                if there:
                    score = distance(t, there)
                else:  # first to choose: a border territory with free neighbouring kingdoms
                    score = -sum(1 for n in MAP.neighbours(t)
                                 if MAP.territories[n].kingdom not in taken | {"atlantis", kid})
                if best is None or score < best[0]:
                    best = (score, kid, t)
        assert best is not None
        cli.run("order", pid, "choose", best[1], best[2])


def new_campaign(cli: Cli, seed: int = SEED) -> dict[str, Any]:
    out = cli.json("new", "atlantis", "--seed", seed, "--public-dice", *PLAYERS)
    return out


# --------------------------------------------------------------------------- new, status


def test_new_then_status_json(tmp_path: Path) -> None:
    cli = Cli(tmp_path / "c.jsonl")
    created = new_campaign(cli)
    assert created["campaign"] == str(cli.path) and "view" in created
    assert cli.path.exists() and cli.lines()[0].startswith(b"{")
    v = cli.status()
    for key in ("turn", "phase", "awaiting", "players", "territories", "battles", "agreements", "standings"):
        assert key in v, key
    assert v["turn"] == 0 and v["phase"] == "setup"
    assert set(v["players"]) == {"alice", "bob", "carthage", "hespera"}
    assert {pid: p["controller"] for pid, p in v["players"].items()} == {
        "alice": "human", "bob": "human", "carthage": "greedy", "hespera": "random"}
    assert len(v["territories"]) == 32
    assert all(set(t) >= {"owner", "fortresses", "armies"} for t in v["territories"].values())
    # The computers have chosen up to the first person; the rules wait for that person only.
    assert len(v["awaiting"]) == 1 and v["awaiting"][0] in ("alice", "bob")
    for pid in ("carthage", "hespera"):
        p = v["players"][pid]
        assert (p["kingdom"] is None) or (p["loot"] == 250 and len(p["territories"]) == 3)
    for p in v["players"].values():
        assert p["army"]["points"] <= 1500
    # Text, both languages.
    en = cli.run("status").stdout
    fr = cli.run("status", lang="fr").stdout
    assert "Turn 0" in en and "Waiting for:" in en
    assert "Tour 0" in fr and "En attente de" in fr
    assert cli.run("--lang", "fr", "status").stdout == fr
    # A second `new` on the same file is refused, the journal untouched.
    before = cli.path.read_bytes()
    r = cli.run("new", "atlantis", *PLAYERS, code=2)
    assert len(r.stderr.strip().splitlines()) == 1
    assert cli.path.read_bytes() == before


def test_campaign_env_var_and_option_and_default_file(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    r = RUNNER.invoke(app, ["new", "atlantis", *PLAYERS, "--json"],
                      env={"CAMPAGNE_CAMPAIGN": None, "CAMPAGNE_JSON": None, "CAMPAGNE_LANG": None})
    assert r.exit_code == 0, r.output
    assert (tmp_path / "campaign.jsonl").exists()
    other = tmp_path / "other.jsonl"
    r = RUNNER.invoke(app, ["--campaign", str(other), "new", "atlantis", "-p", "solo", "--json"],
                      env={"CAMPAGNE_CAMPAIGN": None, "CAMPAGNE_JSON": None, "CAMPAGNE_LANG": None})
    assert r.exit_code == 0, r.output
    r = RUNNER.invoke(app, ["status", "--json", "-c", str(other)],
                      env={"CAMPAGNE_CAMPAIGN": None, "CAMPAGNE_JSON": None, "CAMPAGNE_LANG": None})
    assert set(json.loads(r.stdout)["players"]) == {"solo"}


# --------------------------------------------------------------------------- a whole campaign


@dataclass
class Played:
    cli: Cli
    hand: dict[str, Any]  # the battle entered by hand: territory, sides, what was entered
    auto: dict[str, Any]
    observed: dict[str, Any]
    ended: dict[str, Any]


def _hand_battle(cli: Cli, v: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    a, d = b["a"], b["b"]

    def troops(pid: str) -> list[dict]:
        return [u for u in v["players"][pid]["army"]["units"]
                if u["kind"] != "character" and u["models"] >= 3]

    heroes = [u for u in v["players"][d]["army"]["units"] if u["kind"] == "character" and u["models"] > 0]
    ua, ud = troops(a), troops(d)
    entered = {"winner": a, "loser": d, "killed": {a: {ua[0]["id"]: 2}, d: {ud[0]["id"]: 3}},
               "fled": {d: {ud[1]["id"]: 2}},
               "character": {"player": d, "unit": heroes[0]["id"] if heroes else "general", "how": "battle"}}
    before = {pid: {u["id"]: u["models"] for u in v["players"][pid]["army"]["units"]} for pid in (a, d)}
    c = entered["character"]
    out = cli.json("battle-result", b["territory"], "--winner", a,
                   "--killed", f"{a}:{ua[0]['id']}=2", "--killed", f"{d}:{ud[0]['id']}=3",
                   "--fled", f"{d}:{ud[1]['id']}=2", "--character", f"{c['player']}:{c['unit']}:{c['how']}",
                   "--vp", f"{a}=1250", "--vp", f"{d}=400")
    return {**b, "entered": entered, "before": before, "out": out}


def _person(cli: Cli, v: dict[str, Any], pid: str, observed: dict[str, Any]) -> None:
    """What alice and bob order: alice marches on bob, bob stands; forced moves as the rules say."""
    other = "bob" if pid == "alice" else "alice"
    s = cli.state()
    me, them = s.players[pid], s.players[other]
    if v["phase"] == "movement":
        paths = legal_paths(s, me)
        if me.must_retreat or me.must_leave:
            if paths:
                paths.sort(key=lambda q: (distance(q[-1], them.position) if them.position else 0, q))
                cli.run("order", pid, "move", *paths[0])
            else:
                cli.run("order", pid, "hold")
            return
        target = [q for q in paths if them.position and q[-1] == them.position]
        settled = other not in s.acting or not (them.must_retreat or them.must_leave)
        if pid == "alice" and target and settled:
            cli.run("order", pid, "move", *target[0])
        elif pid == "alice" and paths and them.position and not target and settled and s.turn >= 3:
            # Not adjacent any more: close in through alice's own (or any) land.
            paths.sort(key=lambda q: (distance(q[-1], them.position), q))
            cli.run("order", pid, "move", *paths[0])
        else:
            cli.run("order", pid, "hold")
    elif v["phase"] == "battles":
        b = next(b for b in s.battles if b.result is None and pid in (b.a, b.b))
        prev = b.previous[pid][-1] if b.previous[pid] else None
        prefs = ("defence", "frontal", "rapid") if pid == "bob" else ("frontal", "defence", "rapid")
        pick = next(x for x in prefs if x != prev)
        cli.run("order", pid, "strategy", pick)
        if pid == "bob" and "secret" not in observed and b.strategies.get("alice") is None \
                and {b.a, b.b} == {"alice", "bob"}:
            observed["secret"] = {
                "strategy": pick,
                "alice_journal": cli.json("journal", "--as", "alice"),
                "bob_journal": cli.json("journal", "--as", "bob"),
                "referee_journal": cli.json("journal"),
                "alice_status": cli.status("--as", "alice"),
                "alice_text": cli.run("journal", "--as", "alice").stdout,
            }
    elif v["phase"] == "conquest":
        cli.run("order", pid, "negotiate" if not me.negotiated else "conquer")
    else:  # pragma: no cover - the rules wait for people only in these phases
        raise AssertionError(f"{pid} awaited in {v['phase']}")


def _undo_round_trip(cli: Cli, observed: dict[str, Any]) -> None:
    """`next` then `undo` gives back the state; the journal keeps both, the undo naming what it took back, and
    still verifies."""
    before = cli.path.read_bytes()
    view_before = cli.status()
    cli.run("next")
    assert len(cli.lines()) == before.count(b"\n") + 1
    undone = cli.json("undo", "--reason", "closed too early")
    assert undone["undone"]["command"]["type"] == "next"
    after = cli.path.read_bytes()
    assert after.startswith(before) and after.count(b"\n") == before.count(b"\n") + 2
    assert undone["undo"]["command"] == {"type": "undo", "player": "referee", "entries": [undone["undone"]["n"]],
                                         "reason": "closed too early"}
    assert cli.status() == view_before
    text = cli.run("journal").stdout
    observed["undo"] = {"journal_after_undo": text, "undone": undone}
    cli.run("next")


def play_whole_campaign(path: Path) -> Played:
    cli = Cli(path)
    new_campaign(cli)
    choose_side_by_side(cli)
    v = cli.status()
    assert v["phase"] == "events" and v["turn"] == 1
    a, b = v["players"]["alice"]["position"], v["players"]["bob"]["position"]
    assert MAP.adjacent(a, b), (a, b)
    hand: dict[str, Any] | None = None
    auto: dict[str, Any] | None = None
    observed: dict[str, Any] = {}
    for _ in range(600):
        v = cli.status()
        assert v["phase"] in PHASES
        waiting = v["awaiting"]
        if not waiting:
            if v["phase"] == "events" and "undo" not in observed:
                _undo_round_trip(cli, observed)
                continue
            if v["phase"] == "diplomacy" and "fr" not in observed:
                observed["fr"] = cli.run("status", lang="fr").stdout
            if hand and auto and v["phase"] == "reinforcements":
                break
            cli.run("next")
            continue
        if waiting[0] == "referee":
            battle = next(x for x in v["battles"] if x["result"] is None and x["scenario"])
            if hand is None:
                hand = _hand_battle(cli, v, battle)
            else:
                out = cli.json("battle-result", battle["territory"], "--auto")
                auto = auto or {**battle, "out": out}
            continue
        pid = "bob" if "bob" in waiting else waiting[0]
        assert pid in ("alice", "bob"), waiting  # computers never keep the rules waiting
        _person(cli, v, pid, observed)
    else:
        raise AssertionError("the campaign did not reach two battles")
    assert hand is not None and auto is not None
    before_end = cli.status()
    observed["before_end"] = before_end
    ended = cli.json("end")
    observed["end_text"] = Cli(path).run("status").stdout
    return Played(cli, hand, auto, observed, ended)


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Played:
    return play_whole_campaign(tmp_path_factory.mktemp("campaign") / "campaign.jsonl")


def _entries(cli: Cli) -> list[dict[str, Any]]:
    """The journal's entries (the line revealing the seed at the end is not one)."""
    return [e for e in (json.loads(line) for line in cli.lines()[1:]) if "command" in e]


def test_the_campaign_ends_with_standings(played: Played) -> None:
    view = played.ended["view"]
    assert view["phase"] == "ended"
    standings = view["standings"]
    assert [r["rank"] for r in standings] == [1, 2, 3, 4]
    assert {r["player"] for r in standings} == {"alice", "bob", "carthage", "hespera"}
    ended = [ev for e in played.ended["entries"] for ev in e["events"] if ev["type"] == "campaign_ended"]
    assert len(ended) == 1 and ended[0]["winner"] == standings[0]["player"]
    # Most territories first (the winner may only tie on territories, then the later tie-breaks).
    counts = [r["territories"] for r in standings]
    assert counts[0] == max(counts)
    for r in standings:
        assert r["territories"] == len(view["players"][r["player"]]["territories"])
    assert "Standings:" in played.observed["end_text"]
    # Nothing more can be ordered.
    before = played.cli.path.read_bytes()
    r = played.cli.run("next", code=2)
    assert len(r.stderr.strip().splitlines()) == 1
    assert played.cli.path.read_bytes() == before


def test_people_and_computers_all_played(played: Played) -> None:
    commands = [e["command"] for e in _entries(played.cli)]
    by = {(c.get("player"), c["type"]) for c in commands}
    for pid in ("alice", "bob"):
        assert (pid, "choose") in by and (pid, "strategy") in by
    assert ("alice", "move") in by
    assert ("bob", "hold") in by or ("bob", "move") in by
    for pid in ("carthage", "hespera"):
        assert (pid, "choose") in by
        assert any(c.get("player") == pid and c["type"] in ("move", "hold") for c in commands)
    assert played.observed["before_end"]["turn"] >= 2


def test_the_battle_entered_by_hand(played: Played) -> None:
    hand = played.hand
    assert {hand["a"], hand["b"]} == {"alice", "bob"}
    results = [ev for e in _entries(played.cli) for ev in e["events"]
               if ev["type"] == "battle_result" and ev["territory"] == hand["territory"]]
    table = [r for r in results if r["resolver"] == "table"]
    assert len(table) == 1
    r = table[0]
    entered = hand["entered"]
    assert r["winner"] == entered["winner"] and r["loser"] == entered["loser"]
    assert r["vp"] == {entered["winner"]: 1250, entered["loser"]: 400}
    for pid, units in entered["killed"].items():
        assert r["killed"][pid] == units
    assert r["fled"][entered["loser"]] == entered["fled"][entered["loser"]]
    fate = r["characters_fate"]
    assert len(fate) == 1 and fate[0]["player"] == entered["loser"] and fate[0]["how"] == "battle"
    assert fate[0]["roll"] in range(1, 7)
    # The winner recovers half the killed (rounded down); the models went back to the unit.
    winner = entered["winner"]
    (unit, killed), = entered["killed"][winner].items()
    assert r["recovered"][winner] == {unit: killed // 2}
    after = {u["id"]: u["models"] for u in hand["out"]["view"]["players"][winner]["army"]["units"]}
    assert after[unit] == hand["before"][winner][unit] - killed + killed // 2
    # The winner holds the territory if it was the loser's (a player's land changes hands).
    taken = [ev for e in hand["out"]["entries"] for ev in e["events"] if ev["type"] == "territory_taken"]
    assert all(t["player"] == winner for t in taken)


def test_the_auto_resolved_battle(played: Played) -> None:
    auto = played.auto
    results = [ev for e in auto["out"]["entries"] for ev in e["events"] if ev["type"] == "battle_result"]
    assert len(results) == 1
    r = results[0]
    assert r["resolver"] == "simulation" and r["territory"] == auto["territory"]
    assert r["winner"] in (auto["a"], auto["b"]) and r["loser"] in (auto["a"], auto["b"])
    last = r["rounds"][-1]
    assert last["attacker"] != last["defender"]
    assert all(x["attacker"] == x["defender"] for x in r["rounds"][:-1])  # ties were rolled again
    assert r["difference"] == abs(last["attacker"] - last["defender"])
    # The losses are the TABLE DES PERTES row for the difference.
    table = {1: (35, 50), 2: (30, 100), 3: (25, 125), 4: (20, 150), 5: (15, 175), 6: (10, 200), 7: (5, 225),
             8: (0, 250), 9: (0, 300)}
    w, l = table.get(r["difference"], (0, 400))
    assert r["points_lost"] == {r["winner"]: w, r["loser"]: l}


def test_undo_gives_back_the_journal_and_it_verifies(played: Played) -> None:
    undo = played.observed["undo"]
    assert "Journal verified" in undo["journal_after_undo"]
    assert undo["undone"]["view"]["phase"] == "events"


def test_journal_replays_and_verifies(played: Played) -> None:
    text = played.cli.run("journal").stdout
    assert text.rstrip().endswith("Journal verified: it replays identically.")
    assert "#1 " in text
    data = played.cli.json("journal")
    assert data["verified"] is True
    assert len(data["entries"]) == len(_entries(played.cli))
    assert [e["n"] for e in data["entries"]] == list(range(1, len(data["entries"]) + 1))
    assert data["opening"]["events"][0]["type"] == "placement_rolls"
    fr = played.cli.run("journal", lang="fr").stdout
    assert "Journal vérifié" in fr


def test_journal_as_alice_hides_bob_s_secret_strategy(played: Played) -> None:
    secret = played.observed.get("secret")
    assert secret, "bob chose his strategy before alice at least once"
    pick = secret["strategy"]

    def bob_strategy_entry(journal: dict[str, Any]) -> dict[str, Any]:
        return [e for e in journal["entries"] if e["command"]["type"] == "strategy"
                and e["command"]["player"] == "bob"][-1]

    seen_by_alice = bob_strategy_entry(secret["alice_journal"])
    assert seen_by_alice["command"]["strategy"] == "hidden"
    assert all(ev.get("secret") in (None, "hidden") for ev in seen_by_alice["events"])
    assert pick not in json.dumps(seen_by_alice)
    seen_by_bob = bob_strategy_entry(secret["bob_journal"])
    assert seen_by_bob["command"]["strategy"] == pick
    assert bob_strategy_entry(secret["referee_journal"])["command"]["strategy"] == pick
    battle = next(b for b in secret["alice_status"]["battles"] if b["result"] is None)
    assert battle["strategies"]["bob"] == "chosen" and battle["strategies"]["alice"] is None
    assert "bob has written down a strategy" in secret["alice_text"]
    # Once both are written, the table reveals them to everybody.
    revealed = [ev for e in played.cli.json("journal", "--as", "alice")["entries"] for ev in e["events"]
                if ev["type"] == "strategies_revealed" and "bob" in ev["strategies"]]
    assert revealed and revealed[0]["strategies"]["bob"] == pick


def test_journal_as_unknown_player_is_refused(played: Played) -> None:
    r = played.cli.run("journal", "--as", "zed", code=2)
    assert r.stderr.strip() == "Unknown player 'zed'."


class _Html(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        self.tags.append(tag)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def test_sheets_markdown_and_html(played: Played, tmp_path: Path) -> None:
    md = played.cli.run("sheet", "--format", "md").stdout
    for pid in ("alice", "bob", "carthage", "hespera"):
        assert f"# Campaign sheet — {pid}" in md
    assert "## Turn 1" in md and "**Battle**" in md
    alice = played.cli.run("sheet", "--player", "alice", "--lang", "fr").stdout
    assert "alice" in alice and "bob" not in alice.split("\n")[0]
    assert "Tour 1" in alice
    out = tmp_path / "sheets.html"
    r = played.cli.run("sheet", "--format", "html", "--out", out)
    assert str(out) in r.stdout
    html = out.read_text(encoding="utf-8")
    parser = _Html()
    parser.feed(html)
    assert "table" in parser.tags and "html" in parser.tags
    assert all(pid in html for pid in ("alice", "bob", "carthage", "hespera"))
    md_file = tmp_path / "sheets.md"
    played.cli.run("sheet", "--out", md_file)
    from campagne.storage.out_file import MARK  # a file --out writes carries campagne's mark, then the sheets
    assert md_file.read_text(encoding="utf-8").strip() == f"{MARK}\n{md}".strip()
    data = played.cli.json("sheet")
    assert {s["player"] for s in data["sheets"]} == {"alice", "bob", "carthage", "hespera"}


def test_map_svg_is_valid_xml(played: Played, tmp_path: Path) -> None:
    out = tmp_path / "x.svg"
    played.cli.run("map", "--out", out)
    root = ET.parse(out).getroot()
    assert root.tag.endswith("svg")
    text = out.read_text(encoding="utf-8")
    assert "Atlantis" in text
    names = [t.name for t in MAP.territories.values()]
    assert sum(1 for n in names if n.replace("&", "&amp;").replace("'", "&#x27;") in text or n in text) >= 30
    fr = tmp_path / "fr.svg"
    played.cli.run("map", "--out", fr, lang="fr")
    ET.parse(fr)


def test_french_output(played: Played) -> None:
    fr = played.observed["fr"]
    assert fr.startswith("Tour ") and "phase : Diplomatie" in fr
    assert "butin" in fr and "territoires" in fr


def _step(cli: Cli) -> None:
    """One step of a plain campaign: people hold (or write a strategy, or negotiate), the referee closes."""
    v = cli.status()
    if v["phase"] == "setup":
        choose_side_by_side_once(cli)
    elif not v["awaiting"]:
        cli.run("next")
    elif v["awaiting"][0] == "referee":
        b = next(x for x in v["battles"] if x["result"] is None and x["scenario"])
        cli.run("battle-result", b["territory"], "--auto")
    else:
        pid = v["awaiting"][0]
        s = cli.state()
        if v["phase"] == "movement":
            paths = legal_paths(s, s.players[pid])
            must = s.players[pid].must_retreat or s.players[pid].must_leave
            cli.run("order", pid, *(["move", *paths[0]] if must and paths else ["hold"]))
        elif v["phase"] == "battles":
            cli.run("order", pid, "strategy", "frontal" if pid == "alice" else "defence")
        else:
            cli.run("order", pid, "negotiate" if not s.players[pid].negotiated else "conquer")


def test_undo_never_leaves_the_campaign_waiting_for_a_computer(tmp_path: Path) -> None:
    cli = Cli(tmp_path / "c.jsonl")
    new_campaign(cli)
    computers = {"carthage", "hespera"}
    for _ in range(300):
        raw = cli.lines()
        players = [json.loads(line)["command"].get("player") for line in raw[1:]]
        if players and players[-1] in computers and any(p not in computers for p in players):
            break
        _step(cli)
    else:
        pytest.fail("no computer order found")
    cli.run("undo")
    v = cli.status()
    assert not computers & set(v["awaiting"]), v["awaiting"]
    cli.run("next" if not v["awaiting"] else "status")


def test_a_private_agreement_is_seen_by_its_parties_only(stages: dict[str, bytes], tmp_path: Path) -> None:
    cli = Cli(tmp_path / "c.jsonl")
    restore(cli.path, stages, "diplomacy")
    # Terms traded for loot must be public (« échange avantage contre butin »); a private one moves no loot.
    cli.run("order", "alice", "agree", "bob", "--set", 'text="meet at dawn by the river"', "--set", "public=false",
            "--set", "loot=50", "--set", "loot_from=alice", "--set", "loot_to=bob", code=2)
    cli.run("order", "alice", "agree", "bob", "--set", 'text="meet at dawn by the river"', "--set", "public=false")
    out = cli.json("order", "bob", "accept", "1")  # binding once bob confirms it
    assert [a["status"] for a in out["view"]["agreements"]] == ["in_force"]
    secret = "meet at dawn"
    for party in ("alice", "bob"):
        assert secret in json.dumps(cli.json("journal", "--as", party))
        assert [a["text"] for a in cli.status("--as", party)["agreements"]] == ["meet at dawn by the river"]
    assert secret in json.dumps(cli.json("journal"))
    for outsider in ("carthage", "hespera"):
        assert secret not in json.dumps(cli.json("journal", "--as", outsider))
        assert secret not in cli.run("journal", "--as", outsider).stdout
        assert cli.status("--as", outsider)["agreements"] == []
    # A public one is everybody's business.
    cli.run("order", "bob", "agree", "alice", "--set", 'text="peace"')
    assert [a["text"] for a in cli.status("--as", "hespera")["agreements"]] == ["peace"]
    assert "to be confirmed by alice (campagne order alice accept 2)" in cli.run("status").stdout
    assert "Journal verified" in cli.run("journal").stdout


# --------------------------------------------------------------------------- play --stand-in, then take over


def test_play_stand_in_then_people_take_over(tmp_path: Path) -> None:
    cli = Cli(tmp_path / "c.jsonl")
    new_campaign(cli, seed=7)
    out = cli.json("play", "--stand-in", "alice", "--stand-in", "bob", "--referee", "--until-turn", 2)
    assert out["view"]["turn"] == 2 and out["view"]["phase"] == "reinforcements"
    assert all(p["kingdom"] for p in out["view"]["players"].values())
    assert any(e["command"]["type"] == "choose" and e["command"]["player"] == "alice" for e in out["entries"])
    # The people take over: the referee closes the phase, a new turn starts.
    nxt = cli.json("next")
    assert nxt["view"]["turn"] == 3 and nxt["view"]["phase"] == "events"
    assert "Journal verified" in cli.run("journal").stdout
    # Without --referee the computers only stand in for the people's decisions.
    v = cli.status()
    assert v["awaiting"] == []
    out = cli.json("play", "--stand-in", "alice")
    assert out["entries"] == [] and out["view"]["phase"] == "events"
    r = cli.run("play", "--stand-in", "zed", code=2)
    assert r.stderr.strip() == "Unknown player 'zed'."


# --------------------------------------------------------------------------- tools


def tool(*args: object):
    """A command that needs no campaign."""
    return RUNNER.invoke(app, [str(a) for a in args], env=CLEAN)


def test_dice_distribution_is_exact() -> None:
    r = tool("dice", "2D6", "--dist", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    want = {s: Fraction(6 - abs(s - 7), 36) for s in range(2, 13)}
    assert {int(k): Fraction(v) for k, v in data["exact"].items()} == want
    assert data["distribution"] == {str(k): float(v) for k, v in want.items()}
    assert data["mean"] == 7
    r = tool("dice", "D66", "--dist", "--json")
    d66 = json.loads(r.stdout)["exact"]
    assert len(d66) == 36 and set(d66.values()) == {"1/36"}
    assert "11" in d66 and "66" in d66 and "17" not in d66 and "60" not in d66
    r = tool("dice", "2D3kl1", "--dist", "--json")
    assert json.loads(r.stdout)["exact"] == {"1": "5/9", "2": "1/3", "3": "1/9"}
    # A seeded roll is reproducible.
    rolls = [tool("dice", "6+2D6", "--seed", "9", "--json").stdout for _ in range(2)]
    assert rolls[0] == rolls[1]
    roll = json.loads(rolls[0])
    assert roll["total"] == 6 + sum(roll["faces"]) and 8 <= roll["total"] <= 18


def test_atlantis_strength_of_the_seed_s_example() -> None:
    r = tool("atlantis", "strength", "mycenaean-1000", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["strength"] == 10 and data["initiative"] == 120
    assert data["strength_distribution"] == {"10": 1.0}


def test_simulate_writes_a_journal_that_verifies(tmp_path: Path) -> None:
    journal = tmp_path / "sim.jsonl"
    r = tool("simulate", "atlantis", "--players", 4, "--turns", 12, "--seed", 5, "--json",
             "--journal", journal)
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["turns"] >= 12 and data["journal"] == str(journal)
    assert data["commands"] == len(journal.read_bytes().splitlines()) - 1
    assert [s["rank"] for s in data["standings"]] == [1, 2, 3, 4]
    cli = Cli(journal)
    text = cli.run("journal", "-c", journal).stdout
    assert text.rstrip().endswith("Journal verified: it replays identically.")
    assert cli.status()["phase"] == "ended"
    # The same seed gives the same campaign.
    again = tmp_path / "again.jsonl"
    tool("simulate", "atlantis", "--players", 4, "--turns", 12, "--seed", 5, "--json", "--journal", again)
    assert again.read_bytes() == journal.read_bytes()
    # Text output: the standings.
    r = tool("simulate", "atlantis", "--players", 3, "--turns", 2, "--seed", 1)
    assert r.exit_code == 0 and "Standings:" in r.stdout


# --------------------------------------------------------------------------- bad input


@pytest.fixture(scope="module")
def stages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """Journals of one campaign at several points: setup (alice to choose), loot, movement (alice to move)."""
    path = tmp_path_factory.mktemp("stages") / "c.jsonl"
    cli = Cli(path)
    new_campaign(cli)
    out: dict[str, bytes] = {}
    v = cli.status()
    if v["awaiting"] != ["alice"]:  # let bob choose first, if he must
        choose_side_by_side_once(cli)
    assert cli.status()["awaiting"] == ["alice"]
    out["setup"] = path.read_bytes()
    out["setup.referee"] = path.with_name(path.name + ".referee").read_bytes()
    choose_side_by_side(cli)
    cli.run("next")
    assert cli.status()["phase"] == "diplomacy"
    out["diplomacy"] = path.read_bytes()
    out["diplomacy.referee"] = path.with_name(path.name + ".referee").read_bytes()
    cli.run("next")
    assert cli.status()["phase"] == "loot"
    out["loot"] = path.read_bytes()
    out["loot.referee"] = path.with_name(path.name + ".referee").read_bytes()
    cli.run("next")
    cli.run("next")
    while (v := cli.status())["awaiting"] != ["alice"]:
        assert v["phase"] == "movement" and v["awaiting"] == ["bob"], v["awaiting"]
        cli.run("order", "bob", "hold")
    out["movement"] = path.read_bytes()
    out["movement.referee"] = path.with_name(path.name + ".referee").read_bytes()
    return out


def restore(path: Path, stages: dict[str, bytes], stage: str) -> None:
    """A campaign at a stage: its journal, and the referee's file beside it."""
    path.write_bytes(stages[stage])
    path.with_name(path.name + ".referee").write_bytes(stages[f"{stage}.referee"])


def choose_side_by_side_once(cli: Cli) -> None:
    v = cli.status()
    pid = v["awaiting"][0]
    taken = {q["kingdom"] for q in v["players"].values() if q["kingdom"]}
    kid = next(k for k, x in MAP.kingdoms.items() if x.colonisable and k not in taken)
    cli.run("order", pid, "choose", kid, MAP.royal_city(kid))


GARBAGE_TOML = "name = [unclosed\n"
NOT_A_MAP = 'name = "x"\n[[kingdoms]]\nid = "a"\n'

# (stage, argv, a piece of the English sentence)
BAD_INPUT = [
    ("movement", ["order", "alice", "move", "nowhere"], "Unknown territory 'nowhere'"),
    ("setup", ["order", "alice", "choose", "mestor", "nowhere"], "Unknown territory 'nowhere'"),
    ("movement", ["battle-result", "nowhere", "--auto"], "Not possible in the Movement phase"),
    ("movement", ["order", "alice", "move", "atlantis-city"], "cannot move"),
    ("movement", ["order", "alice", "buy", "spearmen1", "1"], "Not possible in the Movement phase"),
    ("setup", ["next"], "Not possible in the Initial placement phase"),
    ("loot", ["order", "alice", "buy", "spearmen1", "1000"], "needs"),
    ("loot", ["order", "alice", "fortress", "atlantis-city"], "does not belong to alice"),
    ("movement", ["order", "zed", "hold"], "Unknown player 'zed'"),
    ("movement", ["status", "--as", "zed"], "Unknown player 'zed'"),
    ("movement", ["dice", "2D"], "Bad dice expression '2D' at position 3"),
    ("movement", ["dice", "1D6/2"], "Bad dice expression"),
    ("movement", ["dice", "2D6kl3", "--dist"], "Bad dice expression"),
    ("loot", ["order", "alice", "reorganise", "{bad_army}"], "Malformed army list"),
    ("loot", ["order", "alice", "reorganise", "{missing_army}"], "Cannot read the army list"),
    ("movement", ["new", "atlantis", "-c", "{other}", "-p", "alice:human:{bad_army}"], "Malformed army list"),
    ("movement", ["new", "atlantis", "-c", "{other}", "-p", "alice", "--map", "{bad_map}"], "Malformed map"),
    ("movement", ["new", "atlantis", "-c", "{other}", "-p", "alice", "--map", "{not_a_map}"],
     "Malformed map"),
    ("movement", ["status", "-c", "{garbage_journal}"], "line 3 is not a JSON object"),
    ("movement", ["next", "-c", "{garbage_journal}"], "line 3 is not a JSON object"),
    ("movement", ["journal", "-c", "{garbage_journal}"], "line 3 is not a JSON object"),
    ("movement", ["status", "-c", "{missing_journal}"], "No campaign journal at"),
    ("movement", ["order", "alice", "hold", "-c", "{missing_journal}"], "No campaign journal at"),
    ("movement", ["order", "alice", "dance"], ""),
    ("movement", ["order", "alice", "hold", "now"], "Too many arguments for hold"),
    ("movement", ["sheet", "--format", "pdf"], "Unknown format 'pdf'"),
    ("movement", ["new", "atlantis", "-c", "{other}", "-p", "alice:robot"], "Bad controller 'robot'"),
    ("movement", ["new", "chess", "-c", "{other}", "-p", "alice"], "Unknown ruleset 'chess'"),
    ("movement", ["battle-result", "marches-azues", "--winner", "alice", "--killed", "x"],
     "Bad --killed value"),
]


def _materialise(argv: list[str], tmp_path: Path, journal: Path) -> tuple[list[str], list[Path]]:
    garbage = tmp_path / "garbage.jsonl"
    lines = journal.read_bytes().splitlines(keepends=True)
    garbage.write_bytes(b"".join(lines[:2] + [b"this is not json\n"] + lines[2:]))
    (tmp_path / "bad_army.toml").write_text(GARBAGE_TOML, encoding="utf-8")
    (tmp_path / "bad_map.toml").write_text(GARBAGE_TOML, encoding="utf-8")
    (tmp_path / "not_a_map.toml").write_text(NOT_A_MAP, encoding="utf-8")
    names = {"bad_army": tmp_path / "bad_army.toml", "missing_army": tmp_path / "nope.toml",
             "bad_map": tmp_path / "bad_map.toml", "not_a_map": tmp_path / "not_a_map.toml",
             "garbage_journal": garbage, "missing_journal": tmp_path / "missing.jsonl",
             "other": tmp_path / "other.jsonl"}
    out = [a.format(**{k: str(v) for k, v in names.items()}) if "{" in a else a for a in argv]
    watched = [journal, garbage]
    return out, watched


@pytest.mark.parametrize("stage, argv, sentence", BAD_INPUT, ids=[" ".join(a[1]) for a in BAD_INPUT])
def test_bad_input_is_one_sentence_status_2_and_changes_nothing(stages: dict[str, bytes], tmp_path: Path,
                                                                 stage: str, argv: list[str],
                                                                 sentence: str) -> None:
    journal = tmp_path / "c.jsonl"
    restore(journal, stages, stage)
    args, watched = _materialise(argv, tmp_path, journal)
    before = {p: p.read_bytes() for p in watched}
    files_before = sorted(p.name for p in tmp_path.iterdir())
    cli = Cli(journal)
    r = cli.run(*args, code=2)
    lines = [line for line in r.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, r.stderr
    assert sentence in lines[0]
    assert r.stdout == ""
    assert isinstance(r.exception, SystemExit) and "Traceback" not in r.output
    assert {p: p.read_bytes() for p in watched} == before
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix != ".lock") == \
        sorted(n for n in files_before if not n.endswith(".lock"))
    # The same under --json: one JSON object on stdout, nothing on stderr.
    r = cli.run(*args, "--json", code=2)
    err = json.loads(r.stdout)
    assert {"error", "message"} <= set(err) and isinstance(err["message"], str) and err["message"]
    assert r.stderr.strip() == ""
    assert {p: p.read_bytes() for p in watched} == before


@pytest.mark.parametrize("argv, french", [
    (["order", "alice", "move", "nowhere"], "Territoire inconnu 'nowhere'."),
    (["order", "zed", "hold"], "Joueur inconnu 'zed'."),
    (["dice", "2D"], "Expression de dés '2D' invalide à la position 3"),
    (["order", "alice", "buy", "spearmen1", "1"], "Impossible pendant la phase"),
])
def test_bad_input_in_french(stages: dict[str, bytes], tmp_path: Path, argv: list[str], french: str) -> None:
    journal = tmp_path / "c.jsonl"
    restore(journal, stages, "movement")
    r = Cli(journal).run(*argv, "--lang", "fr", code=2)
    assert r.stderr.startswith(french) and len(r.stderr.strip().splitlines()) == 1
    assert journal.read_bytes() == stages["movement"]


CODE_LIKE = re.compile(r"^[a-z_]+\.[a-z_.]+(:|$)")


@pytest.mark.parametrize("argv", [
    ["order", "alice", "dance"], ["order", "alice", "choose"], ["order", "alice", "buy", "spearmen1", "many"],
    ["battle-result", "marches-azues", "--killed", "a:b=1"],
])
def test_cli_refusals_are_sentences_not_codes(tmp_path: Path, argv: list[str]) -> None:
    # A fresh interpreter: in this one other tests may already have imported the Atlantis messages.
    # (Regression: build_order used to print 'order.unknown: order=dance' and the like.)
    journal = tmp_path / "c.jsonl"
    Cli(journal).run("new", "atlantis", "-p", "alice")
    r = run_console(argv, tmp_path, journal)
    assert r.returncode == 2
    line = r.stderr.strip()
    assert line and not CODE_LIKE.match(line), line


# --------------------------------------------------------------------------- the console script


def console() -> list[str]:
    script = Path(sys.executable).with_name("campagne")
    if script.exists():
        return [str(script)]
    found = shutil.which("campagne")
    if found:
        return [found]
    return [sys.executable, "-c", "from campagne.cli.main import main; main()"]


def run_console(argv: list[str], cwd: Path, journal: Path | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CAMPAGNE_")}
    if journal is not None:
        env["CAMPAGNE_CAMPAIGN"] = str(journal)
    return subprocess.run(console() + argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


def test_console_script_exit_statuses(tmp_path: Path) -> None:
    r = run_console(["--help"], tmp_path)
    assert r.returncode == 0 and "campagne" in r.stdout
    r = run_console(["status"], tmp_path)  # no campaign.jsonl here
    assert r.returncode == 2 and r.stderr.strip().startswith("No campaign journal at campaign.jsonl")
    assert r.stdout == "" and not (tmp_path / "campaign.jsonl").exists()
    r = run_console(["dice", "2D6", "--dist", "--json"], tmp_path)
    assert r.returncode == 0 and json.loads(r.stdout)["exact"]["7"] == "1/6"
    r = run_console(["dice", "2D6+"], tmp_path)
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
    journal = tmp_path / "c.jsonl"
    r = run_console(["new", "atlantis", "-p", "alice", "-p", "bob:greedy"], tmp_path, journal)
    assert r.returncode == 0, r.stderr
    before = journal.read_bytes()
    for argv in (["order", "alice", "move", "nowhere"], ["next"], ["order", "zed", "hold"],
                 ["order", "alice", "choose", "atlantis", "atlantis-city"]):
        r = run_console(argv, tmp_path, journal)
        assert r.returncode == 2, (argv, r.stdout, r.stderr)
        assert len([x for x in r.stderr.splitlines() if x.strip()]) == 1 and "Traceback" not in r.stderr
        assert journal.read_bytes() == before
    r = run_console(["--json", "order", "alice", "move", "nowhere"], tmp_path, journal)
    assert r.returncode == 2 and set(json.loads(r.stdout)) >= {"error", "message"}
    r = run_console(["status", "--json"], tmp_path, journal)
    assert r.returncode == 0 and json.loads(r.stdout)["awaiting"] in (["alice"], [])


def test_a_plain_command_runs_in_a_light_app_with_the_same_behaviour() -> None:
    from campagne.cli.main import _app_for, _command_of, app
    assert _command_of(["--lang", "fr", "-c", "x.jsonl", "status", "--json"]) == "status"
    assert _command_of(["--json"]) is None
    assert _app_for(["odds", "atlantis", "passage"]) is app  # groups keep the whole app
    assert _app_for(["nonsense"]) is app  # the whole app names an unknown command
    light = _app_for(["--lang", "fr", "status"])
    assert light is not app and [c.callback for c in light.registered_commands] == [
        c.callback for c in app.registered_commands if c.callback.__name__ == "status"]


def test_a_malformed_army_file_or_club_map_is_one_sentence(tmp_path: Path) -> None:
    """A save of "banana", a map giving land to somebody who is not a player: refused with a sentence, status 2."""
    source = Path(__file__).parents[1] / "src/campagne/games/atlantis/armies/mercenaires-atlantes.toml"
    banana = tmp_path / "banana.toml"
    banana.write_text(source.read_text(encoding="utf-8").replace('save = "5+"', 'save = "banana"'), encoding="utf-8")
    cli = Cli(tmp_path / "c.jsonl")
    r = cli.run("new", "atlantis", "-p", f"alice:human:{banana}", "-p", "bob", code=2)
    assert "the save is written" in r.output and "banana" in r.output
    r = cli.run("battle", "new", "--a", str(banana), "--b", "mercenaires-sauvages", "-c", str(tmp_path / "b.jsonl"),
                code=2)
    assert "the save is written" in r.output
    club = tmp_path / "club.toml"
    text = (Path(__file__).parents[1] / "src/campagne/games/atlantis/data/map.toml").read_text(encoding="utf-8")
    first = text.index("[[territories]]")
    end = text.index("\n", text.index("kingdom =", first))
    club.write_text(text[:end] + '\nowner = "zed"' + text[end:], encoding="utf-8")
    r = cli.run("new", "atlantis", "-p", "alice", "-p", "bob", "--map", str(club), code=2)
    assert "who is not a player of this campaign" in r.output
    assert not (tmp_path / "c.jsonl").exists()


def test_games_says_a_fixed_number_of_players_once() -> None:
    """`campagne games` read « 3 to 3 players » for Arc: a number of seats the game fixes is said once."""
    import re

    from typer.testing import CliRunner

    from campagne.cli.main import app
    for lang, to in (("en", "to"), ("fr", "à")):
        out = CliRunner().invoke(app, ["games", "--lang", lang]).stdout
        assert out.count("\n") >= 5
        assert not re.search(rf"\b(\d+) {to} \1\b", out), out


def test_the_journal_names_the_players_by_their_names_not_their_ids(tmp_path: Path) -> None:
    """Events name people as they chose to be named (`-p alice:human::Alice`); the orders still take the ids."""
    path = tmp_path / "named.jsonl"
    env = {"CAMPAGNE_JSON": None, "CAMPAGNE_LANG": None, "CAMPAGNE_CAMPAIGN": None}
    made = RUNNER.invoke(app, ["new", "atlantis", "-p", "alice:human::Alice", "-p", "bob:greedy::Bob", "--seed", "3",
                               "--public-dice", "-c", str(path)], env=env)
    assert made.exit_code == 0, made.output
    said = RUNNER.invoke(app, ["journal", "-c", str(path)], env=env).stdout
    assert re.search(r"Placement rolls \(D100\): (Alice|Bob): \d+, (Alice|Bob): \d+", said), said
    listed = RUNNER.invoke(app, ["order", "Alice", "--list", "-c", str(path)], env=env)  # a player by his name too
    assert listed.exit_code == 0 and "choose " in listed.stdout, listed.output


def test_an_event_names_its_players_in_both_games_that_name_them() -> None:
    from campagne.core.i18n import Lang
    from campagne.games.atlantis import text as atlantis
    from campagne.games.gorges import text as gorges
    from campagne.render.text import entry_lines
    names = {"alice": "Alice", "bob": "Bob"}
    entry = {"n": 4, "command": {"type": "collect", "player": "alice"},
             "events": [{"type": "taxes", "player": "alice", "amount": 5}]}
    assert entry_lines(entry, Lang("fr"), atlantis.event_text, names) == \
        ["#4 collect (Alice)", "   Alice perçoit 5 de butin d'impôts"]
    turn = {"n": 5, "command": {"type": "next", "player": "referee"},
            "events": [{"type": "order_changed", "player": "bob", "order": ["bob", "alice"]}]}
    assert entry_lines(turn, Lang("en"), gorges.event_text, names)[1] == "   Bob now plays first (Bob, Alice)"
    assert entry_lines(turn, Lang("en"), gorges.event_text)[1] == "   bob now plays first (bob, alice)"  # no names
