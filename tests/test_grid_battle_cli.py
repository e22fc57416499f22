"""A campaign battle fought on the grid from the command line (issue 22): `campagne battle-result TERRITORY --auto
--resolver grid` (Atlantis) and `battle-result N --auto --resolver grid` (Gorges) go through, and every reading
command works on the campaign after it (Atlantis's journal text once read a grid battle's round count as a list of
rounds and stopped with an internal error)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from campagne.cli.main import app
from campagne.registry import games
from campagne.storage import journal as jfile

RUNNER = CliRunner()


def run(path: Path, *args: str, lang: str = "en", json_: bool = False):
    env = {"CAMPAGNE_CAMPAIGN": str(path), "CAMPAGNE_JSON": "1" if json_ else None, "CAMPAGNE_LANG": lang}
    result = RUNNER.invoke(app, list(args), env=env)
    assert result.exit_code == 0, (args, result.exit_code, result.output, result.exception)
    return result


def atlantis_battle(tmp_path: Path) -> Path:
    """Two people: b marches on a at Cap Boréal, both write down their strategy; the referee's battle is next."""
    path = tmp_path / "atlantis.jsonl"
    run(path, "new", "atlantis", "-p", "a", "-p", "b", "--seed", "3", "--public-dice")
    run(path, "order", "a", "choose", "azues", "cap-boreal")
    run(path, "order", "b", "choose", "mestor", "mestoria")
    for _ in range(4):  # events, diplomacy, loot, supply
        run(path, "next")
    run(path, "order", "b", "move", "cap-boreal")
    run(path, "order", "a", "hold")
    run(path, "next")
    run(path, "order", "a", "strategy", "frontal")
    run(path, "order", "b", "strategy", "frontal")
    return path


def gorges_battle(tmp_path: Path) -> Path:
    """A simulated Gorges campaign's journal cut just before its first auto-resolved battle."""
    played = games()["gorges"].load("simulate")(2, 4, 5, "greedy", None)
    cut = next(i for i, e in enumerate(played.entries) if e.command["type"] == "auto-resolve")
    path = tmp_path / "gorges.jsonl"
    jfile.create(path, {"ruleset": "gorges", "seed": 5, "setup": dict(played.setup),
                        "opening": played.opening.to_dict()})
    jfile.append(jfile.read(path), [e.to_dict() for e in played.entries[:cut]])
    return path


@pytest.fixture(scope="module")
def before_battle(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each game's campaign just before its battle, made once; every test plays on its own copy."""
    return {"atlantis": atlantis_battle(tmp_path_factory.mktemp("atlantis")),
            "gorges": gorges_battle(tmp_path_factory.mktemp("gorges"))}


@pytest.mark.parametrize("json_", [False, True], ids=["text", "json"])
@pytest.mark.parametrize("name", ["atlantis", "gorges"])
def test_a_grid_battle_from_the_command_line_then_every_reading_command(tmp_path: Path, name: str, json_: bool,
                                                                        before_battle: dict[str, Path]) -> None:
    path = tmp_path / before_battle[name].name
    for source in (before_battle[name], Path(f"{before_battle[name]}.referee")):
        if source.exists():
            Path(tmp_path / source.name).write_bytes(source.read_bytes())
    target = "cap-boreal" if name == "atlantis" else "1"
    players = ("a", "b") if name == "atlantis" else ("P1", "P2")
    run(path, "battle-result", target, "--auto", "--resolver", "grid", json_=json_)
    last = jfile.read(path).entries[-1]
    assert last["command"].get("resolver") == "grid"
    reading = [("status",), ("journal", "--as", players[1])]
    if not json_:  # every other reading command once (each replays the battle: a second of its own)
        reading += [("sheet",), ("sheet", "--format", "html"), ("map", "--out", str(tmp_path / "m.svg")),
                    ("order", players[0], "--list"), ("status", "--as", players[0]), ("journal", "--as", players[0])]
    for args in reading:
        run(path, *args)
    assert "grid battle" in run(path, "journal").output or name == "gorges"
    assert "quadrillage" in run(path, "journal", lang="fr").output or name == "gorges"
