"""Secrets, game by game: the campaigns holding them, built through the command line, and what each game's gate must
give each viewer exactly (a party reads the pact, a non-party not even that it exists; a Gorges line's hidden fields).
The search of every output of every command as every other player, for every game, is the conformance kit's
(tests/conformance/test_secrets.py), which builds on the campaigns made here.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from campagne import session
from campagne.cli.main import app

RUNNER = CliRunner()
PACT = "ZEBRA-PACT-7731"
TRUCE = "carl and alice, a truce"
STRATEGY_WORDS = ("outflank", "Outflanking", "Contournement")


def run(path: Path, *args: str, code: int = 0) -> str:
    r = RUNNER.invoke(app, [*args, "-c", str(path)], env={"CAMPAGNE_JSON": None, "CAMPAGNE_LANG": None,
                                                          "CAMPAGNE_CAMPAIGN": None})
    assert r.exit_code == code, (args, r.output)
    return r.stdout


def view(path: Path, *args: str) -> dict:
    return json.loads(run(path, "status", "--json", *args))


def outputs(path: Path, viewer: str, tmp: Path) -> dict[str, str]:
    """What a player reads of the journal and his view, text and --json."""
    return {"status json": run(path, "status", "--as", viewer, "--json"),
            "journal json": run(path, "journal", "--as", viewer, "--json"),
            "journal": run(path, "journal", "--as", viewer)}


def atlantis_in_diplomacy(path: Path) -> Path:
    """alice, bob and carl placed, the first diplomacy phase open."""
    run(path, "new", "atlantis", "--seed", "3", "--public-dice", "-p", "alice", "-p", "bob", "-p", "carl")
    places = {"alice": ("mestor", "baie-tritons"), "bob": ("gadirus-myrine", "gadeira"),
              "carl": ("euamon", "euemonia")}
    while view(path)["phase"] == "setup":
        who = view(path)["awaiting"][0]
        run(path, "order", who, "choose", *places[who])
    while view(path)["phase"] != "diplomacy":
        run(path, "next")
    return path


_BUILT: list[tuple[bytes, bytes]] = []  # the campaign below, built once a run: each test plays on its own copy


def atlantis_with_secrets(tmp_path: Path) -> Path:
    """alice and bob make two private pacts, then carl a public truce with alice (his first agreement, her third);
    alice marches on bob and writes down her strategy, bob has not yet."""
    path = tmp_path / "atlantis.jsonl"
    if not _BUILT:
        made = _build_atlantis_with_secrets(tmp_path / "built")
        _BUILT.append((made.read_bytes(), session.referee_file(made).read_bytes()))
    journal, referee = _BUILT[0]
    path.write_bytes(journal)
    session.referee_file(path).write_bytes(referee)
    return path


def _build_atlantis_with_secrets(tmp_path: Path) -> Path:
    tmp_path.mkdir(parents=True, exist_ok=True)
    path = atlantis_in_diplomacy(tmp_path / "atlantis.jsonl")
    run(path, "order", "alice", "agree", "bob", "--set", f'text="{PACT}"', "--set", "public=false")
    run(path, "order", "bob", "accept", "1")
    run(path, "order", "bob", "agree", "alice", "--set", 'text="and a second one"', "--set", "public=false")
    run(path, "order", "alice", "decline", "2")
    run(path, "order", "carl", "agree", "alice", "--set", f'text="{TRUCE}"')
    run(path, "order", "alice", "accept", "3")  # hers is the third she may see; carl's the first he may
    while view(path)["phase"] != "movement":
        run(path, "next")
    while view(path)["phase"] == "movement" and view(path)["awaiting"] != ["referee"] and view(path)["awaiting"]:
        who = view(path)["awaiting"][0]
        run(path, "order", who, *(["move", "gadeira"] if who == "alice" else ["hold"]))
    run(path, "next")
    assert view(path)["phase"] == "battles" and view(path)["battles"], "the test needs a battle"
    run(path, "order", "alice", "strategy", "outflank")
    return path


def test_a_party_reads_the_private_pact_and_no_one_else_that_it_exists(tmp_path: Path) -> None:
    path = atlantis_with_secrets(tmp_path)
    bob, carl = outputs(path, "bob", tmp_path), outputs(path, "carl", tmp_path)
    assert PACT in bob["journal json"] and PACT in bob["status json"]  # a party sees the pact
    entries = json.loads(carl["journal json"])["entries"]
    about = [ev for e in entries for ev in e["events"] if str(ev.get("type")).startswith("agreement")]
    assert about and all("carl" in ev["parties"] for ev in about)  # his own truce only
    # the lines of the two private pacts (two proposals and their answers) are not in his journal at all, and his
    # lines are numbered 1..k with no gap where they were: nothing says that some diplomacy happened, nor how much
    referee = json.loads(run(path, "journal", "--referee", "--json"))["entries"]
    assert len(entries) == len(referee) - 4
    assert [e["n"] for e in entries] == list(range(1, len(entries) + 1))
    assert all(e["command"].get("type") in {r["command"]["type"] for r in referee} for e in entries)
    assert "withheld" not in carl["journal json"] + carl["journal"]
    numbers = [int(x) for x in re.findall(r"^#(\d+) ", carl["journal"], re.M)]
    assert numbers == [0, *range(1, len(entries) + 1)]  # the opening, then his lines
    journal_fr = run(path, "journal", "--as", "carl", "--lang", "fr")
    assert set(re.findall(r"greement #(\d+)|ccord n°(\d+)", carl["journal"] + journal_fr)) <= {("1", ""), ("", "1")}
    # his truce with alice is the first agreement he may see: #1 to him, as everything about it reads to him
    assert [(a["id"], a["text"]) for a in json.loads(carl["status json"])["agreements"]] == [(1, TRUCE)]
    confirmed = [e for e in entries if e["command"].get("type") == "accept"]
    assert [e["command"]["agreement"] for e in confirmed] == [1] and confirmed[0]["events"][0]["id"] == 1
    assert [a["id"] for a in json.loads(bob["status json"])["agreements"]] == [1, 2, 3]
    # alice's strategy, written first, reaches bob as written, not which
    battles = json.loads(bob["status json"])["battles"]
    assert battles[0]["strategies"]["alice"] == "chosen"


def agreement_numbers(text: str) -> set[int]:
    """Every agreement number an output names: in sentences ("Agreement #3", "accord n°3") and, when it is JSON, as
    the view, its orders and the journal's commands and events hold them."""
    plain = html.unescape(text)
    found = {int(x) for x in re.findall(r"greement #(\d+)|ccord n°(\d+)", plain) for x in x if x}
    # a club's order forms: a number fixed in the order they post, or the choices of a list
    found |= {int(x) for x in re.findall(r'"agreement": (\d+)', plain)}
    for options in re.findall(r'<select name="(?:f_)?agreement">(.*?)</select>', text, re.S):
        found |= {int(x) for x in re.findall(r'<option value="(\d+)"', options)}
    try:
        data = json.loads(text)
    except ValueError:
        return found

    def walk(x: Any, agreements: bool = False) -> None:
        if isinstance(x, list):
            for y in x:
                walk(y, agreements)
        elif isinstance(x, dict):
            if (agreements or str(x.get("type", "")).startswith("agreement")) and isinstance(x.get("id"), int):
                found.add(x["id"])
            if isinstance(x.get("agreement"), int):  # an order: `accept 3`
                found.add(x["agreement"])
            if x.get("name") == "agreement":  # a legal order's field: its choices
                found.update(c for c in x.get("choices") or () if isinstance(c, int))
            for k, v in x.items():
                walk(v, k == "agreements")
    walk(data)
    return found


def carls_outputs(path: Path) -> dict[str, str]:
    """Everything carl reads on the command line: status, journal, his orders' list and his sheet, in both
    languages and --json."""
    out = {}
    for lang in ("en", "fr"):
        for what in (["status"], ["journal"], ["sheet"], ["order", "carl", "--list"]):
            out[f"{what[0]} {lang}"] = run(path, *what, *(["--as", "carl"] if what[0] != "order" else []),
                                           "--lang", lang)
            out[f"{what[0]} json"] = run(path, *what, *(["--as", "carl"] if what[0] != "order" else []), "--json")
    out["sheet html"] = run(path, "sheet", "--as", "carl", "--format", "html")
    return out


def test_a_non_party_cannot_count_the_private_agreements_made_before_his(tmp_path: Path) -> None:
    """alice and bob made two private agreements, then carl his first (a truce with alice): every agreement number
    carl reads is 1, his truce's; a 2 or a 3 (the referee's, one sequence) would tell him two came before."""
    path = atlantis_with_secrets(tmp_path)
    for where, text in carls_outputs(path).items():
        assert agreement_numbers(text) <= {1}, f"carl counts {sorted(agreement_numbers(text))} in {where}"
    assert agreement_numbers(run(path, "journal", "--referee", "--json")) == {1, 2, 3}  # the search finds them
    # alice confirmed it as her third; she reads it so, and carl's proposal reaches her as #3
    alice = json.loads(run(path, "journal", "--as", "alice", "--json"))["entries"]
    assert [e["command"].get("agreement") for e in alice if e["command"]["type"] in ("accept", "decline")] == [1, 2, 3]


def test_a_private_agreement_taken_back_stays_unknown_to_the_others(tmp_path: Path) -> None:
    """Neither the private proposal nor the referee's undo of it (which names its line) is in carl's journal."""
    path = atlantis_in_diplomacy(tmp_path / "undone.jsonl")
    before = run(path, "journal", "--as", "carl", "--json")
    run(path, "order", "alice", "agree", "bob", "--set", f'text="{PACT}"', "--set", "public=false")
    run(path, "undo", "--reason", "second thoughts")
    assert run(path, "journal", "--as", "carl", "--json") == before
    bobs = json.loads(run(path, "journal", "--as", "bob", "--json"))["entries"]
    assert bobs[-2]["command"]["type"] == "agree" and bobs[-1]["command"]["entries"] == [bobs[-2]["n"]]


def test_a_take_back_of_a_private_order_does_not_name_its_giver_to_the_others(tmp_path: Path) -> None:
    """alice takes back her private proposal, given before bob's public one: bob's is taken back and given again,
    which carl reads, but not that alice took something back (her line is not his to know of)."""
    path = atlantis_in_diplomacy(tmp_path / "taken.jsonl")
    run(path, "order", "alice", "agree", "bob", "--set", f'text="{PACT}"', "--set", "public=false")
    run(path, "order", "bob", "agree", "carl", "--set", 'text="bob and carl, in the open"')
    run(path, "take-back", "alice")
    carls = json.loads(run(path, "journal", "--as", "carl", "--json"))["entries"]
    undo = next(e for e in carls if e["command"]["type"] == "undo")
    assert undo["command"]["reason"] == "" and undo["events"][0]["reason"] == ""
    text = run(path, "journal", "--as", "carl")
    said = text[text.index(f"\n#{undo['n']} undo"):text.index(f"\n#{undo['n'] + 1} ")]
    assert "alice" not in json.dumps(undo) and "alice" not in said and "took back" in said, said
    assert [e["n"] for e in carls] == list(range(1, len(carls) + 1))
    bobs = json.loads(run(path, "journal", "--as", "bob", "--json"))["entries"]  # a party reads why
    assert "alice" in next(e for e in bobs if e["command"]["type"] == "undo")["command"]["reason"]


def test_the_number_a_player_is_told_is_his_journals(tmp_path: Path) -> None:
    """After alice and bob's private pact, what carl's order prints, the line his journal shows it on, and the
    number his take-back names are one number: his own (the referee's is larger by the pact's two lines)."""
    path = atlantis_in_diplomacy(tmp_path / "told.jsonl")
    run(path, "order", "alice", "agree", "bob", "--set", f'text="{PACT}"', "--set", "public=false")
    run(path, "order", "bob", "accept", "1")
    printed = run(path, "order", "carl", "agree", "alice", "--set", f'text="{TRUCE}"')
    told = int(re.search(r"^#(\d+) agree", printed, re.M).group(1))
    carls = json.loads(run(path, "journal", "--as", "carl", "--json"))["entries"]
    assert carls[-1]["n"] == told == len(carls)
    assert json.loads(run(path, "journal", "--referee", "--json"))["entries"][-1]["n"] == told + 2
    # his take-back names his number; the referee's number for it names no line of his
    run(path, "take-back", "carl", "--entry", str(told + 2), code=2)
    taken = run(path, "take-back", "carl", "--entry", str(told))
    assert f"#{told + 1} " in taken and "#%d" % (told + 3) not in taken  # the undo: his next line, his number
    carls = json.loads(run(path, "journal", "--as", "carl", "--json"))["entries"]
    assert carls[-2]["n"] == told and carls[-1]["command"]["type"] == "undo"
    assert [e["n"] for e in carls] == list(range(1, len(carls) + 1))
    assert carls[-1]["events"][0]["entries"] == [told]  # the undo names his line by his number


def gorges_year(tmp_path: Path) -> tuple[Path, list[dict]]:
    path = tmp_path / "gorges.jsonl"
    out = RUNNER.invoke(app, ["simulate", "gorges", "--players", "4", "--seed", "21", "--journal", str(path),
                              "--json"])
    assert out.exit_code == 0, out.output
    return path, json.loads(run(path, "journal", "--json"))["entries"]


OWN_FIELDS = ("army_points", "battle_points", "magic_item_max", "item", "changes")


def test_gorges_secrets_reach_no_other_player(tmp_path: Path) -> None:
    path, entries = gorges_year(tmp_path)
    secrets = [(i, j, ev) for i, e in enumerate(entries) for j, ev in enumerate(e["events"])
               if ev["type"] == "battle_note" or any(k in ev for k in OWN_FIELDS)]
    assert secrets, "the simulated year should hold secrets (mines, items, battle notes)"
    players = sorted(view(path)["players"])
    for viewer in players:
        mine = json.loads(run(path, "journal", "--as", viewer, "--json"))["entries"]
        for i, j, ev in secrets:
            owner = ev.get("player") or ev.get("army", "").split(":")[0]
            seen = mine[i]["events"][j]
            if owner == viewer:
                assert seen == ev
            elif ev["type"] == "battle_note":
                assert seen["note"] == "hidden" and set(seen) == {"type", "player", "note"}
            else:
                assert all(seen[k] == "hidden" for k in OWN_FIELDS if k in ev), (viewer, ev, seen)
        for e in mine:
            for r in e["rolls"]:
                if str(r.get("purpose", "")).endswith(".army_points"):
                    assert r["faces"] == "hidden"
        status = view(path, "--as", viewer)
        for pid, p in status["players"].items():
            if pid != viewer:
                assert isinstance(p["items"], int) and all("bonus_points" not in a for a in p["armies"])
        sheets = json.loads(run(path, "sheet", "--as", viewer, "--json"))["sheets"]
        assert [s["player"] for s in sheets] == [viewer]
