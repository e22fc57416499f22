"""Secrets, game by game: the campaigns holding them, built through the command line, and what each game's gate must
give each viewer exactly (a party reads the pact, a non-party not even that it exists; a Gorges line's hidden fields).
The search of every output of every command as every other player, for every game, is the conformance kit's
(tests/conformance/test_secrets.py), which builds on the campaigns made here.
"""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from campagne.cli.main import app

RUNNER = CliRunner()
PACT = "ZEBRA-PACT-7731"
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


def atlantis_with_secrets(tmp_path: Path) -> Path:
    """alice and bob make a private pact; alice marches on bob and writes down her strategy, bob has not yet."""
    path = atlantis_in_diplomacy(tmp_path / "atlantis.jsonl")
    run(path, "order", "alice", "agree", "bob", "--set", f'text="{PACT}"', "--set", "public=false")
    run(path, "order", "bob", "accept", "1")
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
    assert not [e for e in entries for ev in e["events"] if str(ev.get("type")).startswith("agreement")]
    withheld = [e for e in entries if e["command"] == {"type": "withheld"}]
    assert len(withheld) == 2 and all(not e["events"] for e in withheld)  # alice's proposal, bob's confirmation
    assert "agree" not in carl["journal"] and "ccord" not in run(path, "journal", "--as", "carl", "--lang", "fr")
    assert json.loads(carl["status json"])["agreements"] == []
    # alice's strategy, written first, reaches bob as written, not which
    battles = json.loads(bob["status json"])["battles"]
    assert battles[0]["strategies"]["alice"] == "chosen"


def test_a_private_agreement_taken_back_stays_unknown_to_the_others(tmp_path: Path) -> None:
    path = atlantis_in_diplomacy(tmp_path / "undone.jsonl")
    run(path, "order", "alice", "agree", "bob", "--set", f'text="{PACT}"', "--set", "public=false")
    run(path, "undo", "--reason", "second thoughts")
    undone = json.loads(run(path, "journal", "--as", "carl", "--json"))["entries"][-2]
    assert undone["undone"] and undone["command"] == {"type": "withheld"}
    assert json.loads(run(path, "journal", "--as", "bob", "--json"))["entries"][-2]["command"]["type"] == "agree"


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
