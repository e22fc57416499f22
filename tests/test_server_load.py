"""Many players giving orders at once to a running club (`campagne serve` on loopback): none lost, none doubled
(each order is sent twice at once, the second changes nothing), and the journal afterwards replays and verifies
with `campagne journal`. Bounded: a few seconds in the default run; the study run has 96 players at once."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from study_budget import study_size
from campagne.cli.main import app
from campagne.server import loadtest


def _run(tmp_path: Path, campaigns: int, players: int, orders_each: int, database: str | None = None) -> None:
    py = sys.executable
    built = subprocess.run([py, "-m", "campagne.server.loadtest", "build", str(tmp_path), str(campaigns),
                            str(players)], capture_output=True, text=True, timeout=300,
                           env=_env(tmp_path, database))
    assert built.returncode == 0, built.stderr[-2000:]
    club = json.loads(built.stdout.strip().splitlines()[-1])
    with loadtest.served(tmp_path, database=database) as base:
        result = loadtest.hammer(base, club, orders_each, views_each=1)
    expected = sum(len(c["accounts"]) for c in club["campaigns"]) * orders_each
    assert not result["errors"], result["errors"][:5]
    assert result["given"] == expected and result["refused_again"] == expected
    verify(tmp_path, club, orders_each, database)


def verify(tmp_path: Path, club: dict[str, Any], orders_each: int, database: str | None = None) -> None:
    """Every player's `orders_each` orders are in the exported journal once each, and it verifies."""
    py = sys.executable
    exported = subprocess.run([py, "-m", "campagne.server.loadtest", "export", str(tmp_path)], capture_output=True,
                              text=True, timeout=300, env=_env(tmp_path, database))
    assert exported.returncode == 0, exported.stderr[-2000:]
    for c in json.loads(exported.stdout.strip().splitlines()[-1]):
        lines = [json.loads(x) for x in Path(c["path"]).read_text(encoding="utf-8").splitlines()]
        texts = [e["command"].get("text") for e in lines[1:] if str(e.get("command", {}).get("text", ""))
                 .startswith("load-")]
        players = len(next(x for x in club["campaigns"] if x["pk"] == c["pk"])["accounts"])
        assert len(texts) == len(set(texts)) == players * orders_each  # none lost, none doubled
        r = CliRunner().invoke(app, ["journal", "--json", "-c", c["path"]], env={"CAMPAGNE_JSON": None})
        assert r.exit_code == 0, r.output
        report = json.loads(r.stdout)
        assert report["verified"] and report["dice_verified"]


def _env(folder: Path, database: str | None) -> dict[str, str]:
    """The club's environment: its folder, and the database named (never the environment's own DATABASE_URL)."""
    import os
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "DATABASE_URL")}
    return {**env, "CAMPAGNE_SERVER_DIR": str(folder), "CAMPAGNE_SECRET_KEY": loadtest.KEY,
            **({"DATABASE_URL": database} if database else {})}


def test_concurrent_orders_none_lost_none_doubled(tmp_path: Path) -> None:
    _run(tmp_path, campaigns=1, players=8, orders_each=2)


@pytest.mark.study
def test_many_campaigns_of_eight_players_at_once(tmp_path: Path) -> None:
    _run(tmp_path, campaigns=study_size(3), players=8, orders_each=2)  # 24 players at the study's size
