"""Golden outputs of the command line: what a club sees, kept byte for byte across refactorings.

Each scenario is a list of commands run in a fresh folder; every command's exit status and output (and the
files it writes) are compared with `tests/golden/<scenario>.txt`. The files were written by the command line
as it was before the one-interface refactoring (every game served through its descriptor), so a difference
is a change a club would see. To accept an intended change, regenerate with
`CAMPAGNE_WRITE_GOLDEN=1 pytest tests/test_golden_cli.py` and review the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from campagne.cli.main import app

GOLDEN = Path(__file__).parent / "golden"
RUNNER = CliRunner()

SCENARIOS: dict[str, list[list[str]]] = {
    "atlantis": [
        ["new", "atlantis", "--seed", "2026", "--public-dice", "-p", "alice", "-p", "bob:human:egyptian",
         "-p", "carthage:greedy:assyrian", "-p", "hespera:random:amazon"],
        ["status"],
        ["status", "--lang", "fr"],
        ["order", "alice", "choose", "mestor", "mestoria"],
        ["order", "bob", "dance"],
        ["play", "--stand-in", "alice", "--stand-in", "bob", "--referee", "--until-turn", "2"],
        ["status", "--as", "alice"],
        ["status", "--json"],
        ["next"],
        ["order", "alice", "hold"],
        ["journal", "--as", "bob"],
        ["journal", "--json", "--as", "alice"],
        ["sheet", "--lang", "fr"],
        ["sheet", "--player", "alice", "--json"],
        ["map", "--out", "map.svg"],
        ["undo"],
        ["battle-result", "nowhere", "--winner", "alice"],
        ["end"],
    ],
    "gorges": [  # one person against computers: his view by default, so the referee's asked for (--referee)
        ["new", "gorges", "--seed", "5", "--public-dice", "-p", "a", "-p", "b:greedy:skaven", "-p", "c:random:dwarfs",
         "--hero", "a:G=Karl", "--referee"],
        ["status", "--referee"],
        ["next", "--referee"],
        ["status", "--lang", "fr", "--referee"],
        ["play", "--stand-in", "a", "--referee", "--until-turn", "3"],
        ["status", "--as", "a"],
        ["order", "a", "move", "G", "-3,3"],
        ["journal", "--as", "a"],
        ["journal", "--json", "--as", "b"],
        ["sheet", "--referee"],
        ["map", "--out", "island.svg", "--referee"],
        ["battle-result", "1", "--auto", "--referee"],
        ["undo", "--referee"],
    ],
    "wab": [
        ["battle", "new", "--a", "mercenaires-atlantes", "--b", "mercenaires-sauvages", "--player-a", "alice",
         "--player-b", "bob", "--territory", "mestoria", "--max-turns", "3", "--seed", "2026", "--public-dice", "-c",
         "b.jsonl"],
        ["battle", "fact", "join", "a:general", "a:spearmen", "-c", "b.jsonl"],
        ["battle", "facts"],
        ["battle", "next", "-c", "b.jsonl"],  # the start of turn has nothing to do: on to the movement
        ["battle", "status", "-c", "b.jsonl"],
        ["battle", "fact", "move", "a:spearmen", "--set", "distance=4", "-c", "b.jsonl"],
        ["battle", "next", "-c", "b.jsonl"],
        ["battle", "fact", "shoot", "a:archers", "b:warriors", "--set", "distance=18", "--table", "-c", "b.jsonl"],
        ["battle", "dice", "7", "-c", "b.jsonl"],
        ["battle", "dice", "6,5,4,3,2", "-c", "b.jsonl"],
        ["battle", "status", "--as", "b", "--lang", "fr", "-c", "b.jsonl"],
        ["battle", "dice", "6,5,4", "-c", "b.jsonl"],
        ["battle", "dice", "1", "-c", "b.jsonl"],
        ["battle", "roll", "--all", "-c", "b.jsonl"],
        ["battle", "status", "--json", "-c", "b.jsonl"],
        ["battle", "undo", "-c", "b.jsonl"],
        ["battle", "dice", "--cancel", "-c", "b.jsonl"],
        ["battle", "end", "--winner", "b", "-c", "b.jsonl"],
        ["battle", "result", "--lang", "fr", "-c", "b.jsonl"],
        ["battle", "result", "--json", "-c", "b.jsonl"],
        ["battle", "auto", "--a", "mercenaires-atlantes", "--b", "mercenaires-sauvages", "--seed", "3"],
        ["odds", "wab", "attacks", "--attacks", "10", "--ws", "3", "--target-ws", "3", "--strength", "4",
         "--toughness", "3", "--armour-save", "5", "--json"],
        ["odds", "wab", "combat", "--a-profile", "4,3,3,3,3,1,3,1,7", "--a-models", "20", "--a-save", "5",
         "--a-standard", "--b-profile", "4,4,3,3,3,1,4,1,8", "--b-models", "16", "--b-files", "4", "--b-save",
         "4", "--charge", "a"],
    ],
    "tools": [
        ["odds", "atlantis", "conquest", "--force", "14", "--bribe", "100", "--terrain", "forest", "--capital",
         "--capital-unconquered"],
        ["odds", "atlantis", "passage", "--bribe", "50", "--general-ld", "9", "--json"],
        ["odds", "atlantis", "battle", "--attacker-force", "15", "--defender-force", "12", "--json", "--exact"],
        ["odds", "atlantis", "supply", "--previous-unsupplied-turns", "1", "--spend", "50", "--lang", "fr"],
        ["atlantis", "strength", "mycenaean-1000"],
        ["odds", "gorges", "save", "--adjacent", "--fortress-adjacent", "--defender-race", "empire"],
        ["gorges", "event", "--seed", "12"],
        ["gorges", "after-battle", "--seed", "3", "--json"],
        ["simulate", "atlantis", "--players", "3", "--turns", "2", "--seed", "7", "--json"],
        ["simulate", "gorges", "--players", "3", "--seed", "7", "--turns", "3"],
        ["study", "gorges", "--campaigns", "2", "--players", "3", "--json"],
    ],
}


def _run_scenario(name: str, folder: Path) -> str:
    env = {"CAMPAGNE_CAMPAIGN": None, "CAMPAGNE_JSON": None, "CAMPAGNE_LANG": None}
    blocks = []
    for argv in SCENARIOS[name]:
        before = {p.name: p.stat().st_mtime_ns for p in folder.iterdir()}
        result = RUNNER.invoke(app, argv, env=env)
        blocks.append(f"$ campagne {' '.join(argv)}\n[exit {result.exit_code}]\n{result.stdout}{result.stderr}")
        for path in sorted(folder.iterdir()):
            if path.suffix == ".svg" and before.get(path.name) != path.stat().st_mtime_ns:
                blocks.append(f"--- {path.name}\n{path.read_text(encoding='utf-8')}")
    return "\n".join(blocks)


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_outputs_unchanged(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    got = _run_scenario(name, tmp_path)
    golden = GOLDEN / f"{name}.txt"
    if os.environ.get("CAMPAGNE_WRITE_GOLDEN"):
        golden.write_text(got, encoding="utf-8")
    expected = golden.read_text(encoding="utf-8")
    assert got.splitlines() == expected.splitlines()
