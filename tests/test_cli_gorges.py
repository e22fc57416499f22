"""The Gorges Tranchées campaign from the command line: new gorges, status, order, next, battle-result, undo,
journal, simulate gorges — people and computer players mixed, bad input refused with one sentence."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from campagne import session
from campagne.games.gorges.ai import decide
from test_cli import RUNNER, Cli, app

PLAYERS = ["-p", "alice:human:empire", "-p", "bob:human:skaven", "-p", "carl:greedy:high-elves",
           "-p", "dora:random:dwarfs"]
PEOPLE = ("alice", "bob")


def args_of(command: dict[str, Any]) -> list[str]:
    """The words a person types for an order (the same order a computer would give)."""
    t, pid = command["type"], command["player"]
    rest: list[str] = {
        "event": lambda c: list(c["choice"]),
        "move": lambda c: [c["army"], *c["path"]],
        "done": lambda c: [],
        "build": lambda c: [c["army"], c["building"]],
        "challenge": lambda c: [c["army"], c["defender"], c["territory"]],
        "accept": lambda c: [str(c["challenge"]), c["army"]],
        "refuse": lambda c: [str(c["challenge"])],
        "hero": lambda c: [c["army"], c["name"]],
        "renown": lambda c: [c["army"], c["unit"]],
    }[t](command)
    return ["order", pid, t, *rest]


def person_plays(cli: Cli, pid: str, rng: random.Random) -> None:
    state = cli.state()
    state.players[pid].controller = "greedy"  # the person decides as a greedy player would, by hand
    cli.run(*args_of(decide(state, pid, rng)))


def referee_plays(cli: Cli, view: dict[str, Any], n: int) -> None:
    """Battles: entered by hand (every other one, with a hero killed and the units that fought) or
    auto-resolved; otherwise the next phase."""
    if view["phase"] == "final":  # the year's final battle, fought at the table: its winner entered
        cli.run("order", "referee", "final-battle", "--set", "winner=bob")
        return
    open_ = [b for b in view["battles"] if b["result"] is None]
    if not open_:
        cli.run("next")
        return
    b = open_[0]
    if n % 2:
        cli.run("battle-result", b["id"], "--auto")
        return
    loser = f"{b['defender']}:{b['defender_army']}"
    army = next(a for a in view["players"][b["defender"]]["armies"] if a["key"] == b["defender_army"])
    hero_there = not army["hero_dead"] and army["hero_captured_by"] is None and not army["hero_next_battle"]
    killed = ["--hero-killed", loser] if hero_there else []  # a hero already dead or away cannot die here
    cli.run("battle-result", b["id"], "--winner", b["attacker"], *killed,
            "--unit", f"{b['attacker']}:Hallebardiers", "--unit", f"{b['defender']}:Guerriers",
            "--unit", f"{b['defender']}:Archers")


def play(cli: Cli, until_turn: int, seed: int = 1) -> dict[str, Any]:
    rng = random.Random(seed)
    for n in range(5000):
        view = cli.status()
        if view["phase"] == "ended" or view["turn"] > until_turn:
            return view
        people = [p for p in view["awaiting"] if p in PEOPLE]
        if people:
            person_plays(cli, people[0], rng)
        else:
            assert view["awaiting"] in ([], ["referee"]), view["awaiting"]  # computers never stall it
            referee_plays(cli, view, n)
    raise AssertionError("the campaign did not move on")


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    c = Cli(tmp_path / "gorges.jsonl")
    c.json("new", "gorges", "--seed", 11, "--public-dice", *PLAYERS)
    return c


def test_new_gorges_sets_up_the_island_and_shows_it(cli: Cli) -> None:
    v = cli.status()
    assert v["ruleset"] == "gorges" and v["turn"] == 1 and v["season"] == "spring"
    assert {p: v["players"][p]["race"] for p in v["players"]} == {
        "alice": "empire", "bob": "skaven", "carl": "high_elves", "dora": "dwarfs"}
    for p in v["players"].values():
        assert [a["position"] for a in p["armies"]] == [p["capital"]] * 3
        assert v["owners"][p["capital"]] == p["id"]
    fr = cli.run("status", lang="fr").stdout
    assert "Printemps" in fr and "point de relique" in fr  # 0 point de relique: French singular for 0


def test_two_turns_from_the_command_line_then_undo_and_a_verified_journal(cli: Cli) -> None:
    view = play(cli, until_turn=2)
    assert view["turn"] == 3
    journal = cli.json("journal")
    assert journal["verified"] is True
    kinds = {e["command"]["type"] for e in journal["entries"]}
    assert {"next", "event", "move", "done"} <= kinds
    who = {e["command"]["player"] for e in journal["entries"]}
    assert {"alice", "bob"} <= who and ({"carl", "dora"} & who)  # people and computers both played
    before = cli.lines()
    undone = cli.json("undo", "--reason", "a slip")
    assert undone["undone"]["command"]["player"] not in ("carl", "dora")
    after = cli.lines()
    assert after[:len(before)] == before  # the undone lines stay, the undo is one more
    assert json.loads(after[len(before)])["command"]["reason"] == "a slip"
    assert cli.json("journal")["verified"] is True


def test_bad_input_is_one_sentence_and_changes_nothing(cli: Cli, tmp_path: Path) -> None:
    before = cli.lines()
    r = cli.run("order", "alice", "move", "G", "9,9", code=2)
    assert "Traceback" not in r.output and len(r.output.strip().splitlines()) == 1
    cli.run("order", "alice", "teleport", code=2)
    cli.run("order", "nobody", "done", code=2)
    cli.run("battle-result", "1", "--winner", "alice", code=2)  # not the battles phase
    assert cli.lines() == before
    other = Cli(tmp_path / "x.jsonl")
    other.run("new", "gorges", "-p", "a:human:orcs-of-mars", "-p", "b", code=2)
    other.run("new", "gorges", "-p", "a", code=2)  # one player is not a campaign
    assert not other.path.exists()


def test_a_person_may_not_play_out_of_turn(cli: Cli) -> None:
    cli.run("next")  # the ghost has moved: the events are drawn
    v = cli.status()
    while v["phase"] != "movement":
        people = [p for p in v["awaiting"] if p in PEOPLE]
        if people:
            person_plays(cli, people[0], random.Random(3))
        else:
            cli.run("next")
        v = cli.status()
    first = v["awaiting"][0]
    other = next(p for p in PEOPLE if p != first)
    r = cli.run("order", other, "done", code=2)
    assert "first" in r.stderr or "d'abord" in r.stderr or "first" in r.output


def test_simulate_gorges_plays_a_year_and_gives_the_relic_standing(tmp_path: Path) -> None:
    journal = tmp_path / "year.jsonl"
    r = RUNNER.invoke(app, ["simulate", "gorges", "--players", "4", "--seed", "5", "--json",
                            "--journal", str(journal)])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["turns"] == 12
    assert {row["rank"] for row in data["standings"]} == {1, 2, 3, 4}
    c = session.load(journal)  # verifies every line
    assert c.state.phase == "ended"
    # the year ends in its final battle (relic points an advantage there): its winner heads the standing
    final = [ev for e in c.game.entries for ev in e.events if ev["type"] == "final_result"]
    assert len(final) == 1 and data["standings"][0]["player"] == final[0]["winner"]
    text = RUNNER.invoke(app, ["simulate", "gorges", "--players", "3", "--seed", "5", "--lang", "fr"])
    assert text.exit_code == 0 and "points de relique" in text.stdout
    bad = RUNNER.invoke(app, ["simulate", "gorges", "--players", "9"])
    assert bad.exit_code == 2


@pytest.mark.study
def test_a_four_player_year_plays_to_its_end_from_the_command_line(cli: Cli) -> None:
    """People (alice, bob) type their orders, computers (carl, dora) answer by themselves, the referee
    enters half the battles by hand and auto-resolves the others; the year ends with the standing."""
    view = play(cli, until_turn=12)
    assert view["phase"] == "ended" and view["turn"] == 12
    assert [r["rank"] for r in view["standings"]] == [1, 2, 3, 4]
    journal = cli.json("journal")
    final = [ev for e in journal["entries"] for ev in e["events"] if ev["type"] == "final_result"]
    assert [ev["winner"] for ev in final] == ["bob"]  # the winner named by the final battle the referee entered
    assert journal["verified"] is True
    assert any(e["command"]["type"] == "battle-result" for e in journal["entries"])
    assert any(e["command"]["type"] == "auto-resolve" for e in journal["entries"])


def test_new_gorges_names_the_legendary_heroes(tmp_path: Path) -> None:
    """« Le Général et ses Lieutenants (que l'on appel aussi Héros Légendaires) doivent être prit dans la liste
    des Seigneurs de son livre d'armée »: the club names them at set-up."""
    c = Cli(tmp_path / "h.jsonl")
    c.json("new", "gorges", "-p", "a:human:empire", "-p", "b:greedy:orques et gobelins",
           "--hero", "a:G=Karl Franz", "--hero", "a:l1=Balthasar Gelt")
    armies = {x["key"]: x["hero"] for x in c.status()["players"]["a"]["armies"]}
    assert armies == {"G": "Karl Franz", "L1": "Balthasar Gelt", "L2": "Lieutenant 2"}
    assert c.status()["players"]["b"]["race"] == "orcs_and_goblins"
    Cli(tmp_path / "x.jsonl").run("new", "gorges", "-p", "a", "-p", "b", "--hero", "a:L3=X", code=2)


def test_a_clubs_own_island(tmp_path: Path) -> None:
    """The club's island file: its cells, capitals and buildings are the campaign's; a bad file is one
    sentence and no journal."""
    from campagne.core import hexgrid
    caps = {(2, 0): 1, (-2, 0): 2, (0, 2): 3}
    lines = ['name = "Île du club"', "ghost_start = [0, 0]"]
    for q, r in hexgrid.spiral((0, 0), 2):
        lines += ["[[cells]]", f"q = {q}", f"r = {r}", f'terrain = "{"forest" if (q, r) == (1, -1) else "plain"}"']
        if (q, r) in caps:
            lines.append(f"capital = {caps[(q, r)]}")
        if (q, r) == (0, -1):
            lines.append("fortress = true")
    island = tmp_path / "club.toml"
    island.write_text("\n".join(lines) + "\n", encoding="utf-8")
    c = Cli(tmp_path / "club.jsonl")
    c.json("new", "gorges", "--map", island, "-p", "a:human:wood-elves", "-p", "b:greedy:empire")
    v = c.status()
    assert len(v["owners"]) == 19 and v["buildings"] == {"0,-1": ["fortress"]}
    assert {v["players"]["a"]["capital"], v["players"]["b"]["capital"]} <= {"2,0", "-2,0", "0,2"}
    svg = tmp_path / "club.svg"
    c.run("map", "--out", svg)
    assert svg.read_text(encoding="utf-8").count("<polygon") >= 19
    too_many = Cli(tmp_path / "four.jsonl")
    too_many.run("new", "gorges", "--map", island, "-p", "a", "-p", "b", "-p", "c", "-p", "d", code=2)
    assert not too_many.path.exists()
    broken = tmp_path / "broken.toml"
    broken.write_text("name = \n", encoding="utf-8")
    Cli(tmp_path / "b.jsonl").run("new", "gorges", "--map", broken, "-p", "a", "-p", "b", code=2)


def test_map_and_sheet_answer_in_json_for_gorges(cli: Cli, tmp_path: Path) -> None:
    play(cli, until_turn=1)
    out = cli.json("map", "--out", tmp_path / "m.svg")
    assert out == {"svg": str(tmp_path / "m.svg")}
    sheets = cli.json("sheet", "--player", "alice")["sheets"]
    assert [s["player"] for s in sheets] == ["alice"] and sheets[0]["turns"][0]["turn"] == 1
    html = cli.run("sheet", "--format", "html", "--lang", "fr").stdout
    assert "<html" in html.lower() and "Feuille de campagne" in html


def test_a_journal_of_another_game_is_refused_by_name(cli: Cli) -> None:
    """A battle command on a campaign journal, a campaign command on a battle journal: one sentence, nothing
    replayed or written."""
    before = cli.lines()
    r = RUNNER.invoke(app, ["battle", "status", "--campaign", str(cli.path)])
    assert r.exit_code == 2 and "Gorges Tranchées campaign, not of a WAB battle" in r.output
    battle = cli.path.with_name("battle.jsonl")
    made = RUNNER.invoke(app, ["battle", "new", "--a", "mercenaires-atlantes", "--b", "mercenaires-sauvages",
                               "--campaign", str(battle)])
    assert made.exit_code == 0, made.output
    r = RUNNER.invoke(app, ["status", "--campaign", str(battle), "--lang", "fr"])
    assert r.exit_code == 2
    assert "pas d'une " in r.output and "d'une campagne d'Atlantis ou d'une campagne des Gorges Tranchées" in r.output
    assert cli.lines() == before


def test_status_tells_the_awaited_person_what_to_type(cli: Cli) -> None:
    rng = random.Random(5)
    seen: set[str] = set()
    for _ in range(200):
        v = cli.status()
        if v["turn"] > 1:
            break
        people = [p for p in v["awaiting"] if p in PEOPLE]
        if not people:
            cli.run("next")
            continue
        text = cli.run("status").stdout
        who = v["awaiting"][0]
        kind = {"events": "event", "movement": "move", "construction": "build",
                "challenges": "challenge"}[v["phase"]]
        pending = [c for c in v["challenges"] if c["status"] == "pending" and c["defender"] == who]
        expected = f"campagne order {who} {'accept' if pending else kind}"
        assert expected in text, (expected, text)
        seen.add(v["phase"])
        person_plays(cli, people[0], rng)
    assert {"movement", "construction"} <= seen
