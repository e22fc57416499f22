"""Secrets, tested as an adversary would: a campaign of each game holding its secrets is built through the command
line, then every output command is run as every other player (text and --json) and searched for each secret.
The referee sees them all (so the search can fail). Arc's hidden counters and secret objectives have their own
adversarial test (tests/test_arc_secrets.py); a WAB battle has no secret (everything happens on the table).
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
    """Everything a player can ask for, as that player."""
    out = {}
    for lang in ("en", "fr"):
        out[f"status {lang}"] = run(path, "status", "--as", viewer, "--lang", lang)
        out[f"journal {lang}"] = run(path, "journal", "--as", viewer, "--lang", lang)
        out[f"sheet md {lang}"] = run(path, "sheet", "--as", viewer, "--lang", lang)
    out["status json"] = run(path, "status", "--as", viewer, "--json")
    out["journal json"] = run(path, "journal", "--as", viewer, "--json")
    out["sheet json"] = run(path, "sheet", "--as", viewer, "--json")
    out["sheet html"] = run(path, "sheet", "--as", viewer, "--format", "html")
    svg = tmp / f"{viewer}.svg"
    run(path, "map", "--as", viewer, "--out", str(svg))
    out["map"] = svg.read_text(encoding="utf-8")
    return out


def atlantis_with_secrets(tmp_path: Path) -> Path:
    """alice and bob make a private pact; alice marches on bob and writes down her strategy, bob has not yet."""
    path = tmp_path / "atlantis.jsonl"
    run(path, "new", "atlantis", "--seed", "3", "-p", "alice", "-p", "bob", "-p", "carl")
    places = {"alice": ("mestor", "baie-tritons"), "bob": ("gadirus-myrine", "gadeira"),
              "carl": ("euamon", "euemonia")}
    while view(path)["phase"] == "setup":
        who = view(path)["awaiting"][0]
        run(path, "order", who, "choose", *places[who])
    while view(path)["phase"] != "diplomacy":
        run(path, "next")
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


def test_atlantis_secrets_reach_no_other_player(tmp_path: Path) -> None:
    path = atlantis_with_secrets(tmp_path)
    referee = run(path, "journal", "--json") + run(path, "status", "--json")
    assert PACT in referee and "outflank" in referee  # the search can find them
    for viewer in ("bob", "carl"):
        seen = outputs(path, viewer, tmp_path)
        seen["orders"] = run(path, "order", viewer, "--list", "--json")
        for where, text in seen.items():
            if viewer == "carl":
                assert PACT not in text, f"the private pact reaches carl through {where}"
            if where != "orders":  # bob's own legal strategies name every strategy
                for word in STRATEGY_WORDS:
                    assert word not in text, f"alice's secret strategy reaches {viewer} through {where}"
    bob = outputs(path, "bob", tmp_path)
    assert PACT in bob["journal json"] and PACT in bob["status json"]  # a party sees the pact


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
