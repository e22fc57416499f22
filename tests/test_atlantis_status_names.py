"""Atlantis's status names its players as its journal does (issue 23, « names, not ids »): the players awaited,
the placement rolls, the campaign's winner and its standings, each in the reader's language (« Mycéniens 1 »), on
`campagne status` and at the end of `campagne simulate`; the ids stay in --json."""

from __future__ import annotations

import re
from pathlib import Path

from test_cli import RUNNER, Cli

from campagne.cli.main import app


def test_the_status_names_the_awaited_players_and_the_placement_rolls(tmp_path: Path) -> None:
    cli = Cli(tmp_path / "c.jsonl")
    cli.run("new", "atlantis", "--seed", "2026", "-p", "alice:human:mycenaean:Mycenaean 1",
            "-p", "bob:human:egyptian:Egyptian 2")
    first = cli.status()["awaiting"][0]  # the secret dice decide who places first
    name = {"alice": ("Mycéniens 1", "Mycenaean 1"), "bob": ("Égyptiens 2", "Egyptian 2")}
    fr = cli.run("status", "--lang", "fr").stdout
    assert f"En attente de : {name[first][0]}\n" in fr, fr
    assert re.search(r"choix : (Égyptiens 2 \d+, Mycéniens 1|Mycéniens 1 \d+, Égyptiens 2) \d+\n", fr), fr
    en = cli.run("status", "--lang", "en").stdout
    assert f"Waiting for: {name[first][1]}\n" in en, en
    assert re.search(r"choice: (Egyptian 2 \d+, Mycenaean 1|Mycenaean 1 \d+, Egyptian 2) \d+\n", en), en
    assert cli.status()["awaiting"] == [first]  # --json keeps the ids


def test_the_end_of_a_simulated_campaign_names_its_winner_and_standings() -> None:
    fr = RUNNER.invoke(app, ["simulate", "atlantis", "--players", "2", "--turns", "1", "--seed", "7",
                             "--lang", "fr"]).stdout
    assert "Fin de la campagne : Mycéniens 1 l'emporte" in fr, fr
    assert "  1. Mycéniens 1 — 4 territoires" in fr and "  2. Égyptiens 2 — 4 territoires" in fr, fr
    en = RUNNER.invoke(app, ["simulate", "atlantis", "--players", "2", "--turns", "1", "--seed", "7",
                             "--lang", "en"]).stdout
    assert "Campaign over: Mycenaean 1 wins" in en and "  2. Egyptian 2 — 4 territories" in en, en
