"""`campagne battle-result TARGET ...` takes the options its game declares (`battle_options`), and only those:
another game's option, two options of different groups (a result played on the table and an automatic
resolution), a value outside an option's choices are each refused in one sentence, status 2, the journal
untouched; `campagne games NAME` lists them."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from campagne.registry import games
from test_cli import RUNNER, Cli, app

CAMPAIGNS = {name: d for name, d in games().items() if d.battle_options}
PLAYERS = {"atlantis": ["-p", "alice", "-p", "bob:random:egyptian"],
           "gorges": ["-p", "alice:human:empire", "-p", "bob:random:skaven"]}


def _cli(tmp_path: Path, name: str) -> Cli:
    cli = Cli(tmp_path / f"{name}.jsonl")
    cli.run("new", name, *PLAYERS[name], "--seed", "7", "--public-dice")
    return cli


def _words(option: Any) -> list[str]:
    """The option as typed, with a value of its kind."""
    if option.kind == "bool":
        return [f"--{option.name}"]
    value = option.choices[0] if option.choices else ("3" if option.kind == "int" else "alice")
    return [f"--{option.name}", value]


def test_the_games_with_battle_results_declare_their_options() -> None:
    assert {"atlantis", "gorges"} <= set(CAMPAIGNS)


@pytest.mark.parametrize("name", sorted(set(CAMPAIGNS) & set(PLAYERS)))
def test_another_game_s_option_is_refused(tmp_path: Path, name: str) -> None:
    cli = _cli(tmp_path, name)
    own = {o.name for o in CAMPAIGNS[name].battle_options}
    foreign = [o for other, d in CAMPAIGNS.items() if other != name for o in d.battle_options if o.name not in own]
    assert foreign, "the games share every option: nothing to refuse"
    before = cli.path.read_bytes()
    for option in foreign:
        result = cli.run("battle-result", "1", *_words(option), code=2)
        assert f"--{option.name}" in result.output and len(result.output.strip().splitlines()) == 1
    assert cli.path.read_bytes() == before


@pytest.mark.parametrize("name", sorted(set(CAMPAIGNS) & set(PLAYERS)))
def test_options_of_two_groups_are_refused_together(tmp_path: Path, name: str) -> None:
    cli = _cli(tmp_path, name)
    before = cli.path.read_bytes()
    options = CAMPAIGNS[name].battle_options
    pairs = [(a, b) for a, b in itertools.combinations(options, 2) if a.group and b.group and a.group != b.group]
    assert pairs
    for a, b in pairs:
        result = cli.run("battle-result", "1", *_words(a), *_words(b), code=2, lang="fr")
        assert "ne vont pas ensemble" in result.output, result.output
        assert f"--{a.name}" in result.output and f"--{b.name}" in result.output
    assert cli.path.read_bytes() == before


def test_a_value_outside_the_choices_and_the_options_before_the_battle_are_refused(tmp_path: Path) -> None:
    cli = _cli(tmp_path, "atlantis")
    assert "simulation, wab" in cli.run("battle-result", "x", "--auto", "--resolver", "dice", code=2).output
    assert "TARGET" in cli.run("battle-result", "--winner", "alice", "x", code=2).output
    assert "--winner" in cli.run("battle-result", "x", "--winner", code=2).output


class _Strict(Mapping[str, Any]):
    """The options as the command line hands them; reading an undeclared one is the game's mistake."""

    def __init__(self, values: dict[str, Any]) -> None:
        self.values = values

    def __getitem__(self, key: str) -> Any:
        if key not in self.values:
            raise AssertionError(f"battle_command reads {key!r}, which its game does not declare")
        return self.values[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.values)

    def __len__(self) -> int:
        return len(self.values)


@pytest.mark.parametrize("name", sorted(CAMPAIGNS))
def test_battle_command_reads_only_declared_options(name: str) -> None:
    from campagne.cli.game_options import read_game_options
    d = CAMPAIGNS[name]
    command = d.load("battle_command")
    groups = {json.dumps(dict(o.group), sort_keys=True) for o in d.battle_options}
    for group in groups:
        chosen = [o for o in d.battle_options if json.dumps(dict(o.group), sort_keys=True) == group]
        words = [w for o in chosen for w in _words(o) if o.kind != "list"]
        words += ["--winner", "alice"] if any(o.name == "winner" for o in chosen) else []
        values = read_game_options(d.battle_options, words, name, "battle-result")
        result = command("1", _Strict(values))
        assert result["player"] == "referee" and result["type"]


@pytest.mark.parametrize("name", sorted(CAMPAIGNS))
def test_games_name_lists_the_battle_options(name: str) -> None:
    result = RUNNER.invoke(app, ["games", name, "--json"], env={"CAMPAGNE_JSON": None})
    assert result.exit_code == 0
    info = json.loads(result.stdout)
    assert [o["name"] for o in info["battle_options"]] == [o.name for o in CAMPAIGNS[name].battle_options]
    text = RUNNER.invoke(app, ["games", name, "--lang", "fr"], env={"CAMPAGNE_JSON": None}).stdout
    assert all(f"--{o.name}" in text for o in CAMPAIGNS[name].battle_options)
