"""`campagne serve`: the first start sets the club up (migrations, the first referee, his password printed once);
`--demo` adds players and a campaign of each registered game; a second start creates nothing more."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from campagne.registry import games


def serve(folder: Path, *args: str) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "DATABASE_URL",
                                                            "CAMPAGNE_SECRET_KEY")}
    exe = Path(sys.executable).with_name("campagne")
    r = subprocess.run([str(exe), "serve", "--dir", str(folder), "--prepare-only", *args], capture_output=True,
                       text=True, timeout=300, env=env)
    assert r.returncode == 0, r.stderr[-2000:]
    return r.stdout


def test_serve_sets_up_a_club_once(tmp_path: Path) -> None:
    first = serve(tmp_path, "--demo")
    accounts = re.findall(r"Account (\S+) — password: (\S+)", first)
    names = [a for a, _ in accounts]
    assert names[0] == "referee" and {"alice", "bob", "spectateur"} <= set(names)
    assert (tmp_path / "club.sqlite3").exists() and (tmp_path / "club.secret").stat().st_mode & 0o077 == 0
    again = serve(tmp_path, "--demo")
    assert "password" not in again  # printed once
    check = subprocess.run([sys.executable, "-c", (
        "import os; os.environ['CAMPAGNE_SERVER_DIR']=os.sys.argv[1]; os.environ['CAMPAGNE_SECRET_KEY']='x';"
        "from campagne.server import setup; setup();"
        "from campagne.server.models import Campaign; from django.contrib.auth import authenticate;"
        "print(sorted(Campaign.objects.values_list('game', flat=True)));"
        f"print(authenticate(username='alice', password={dict(accounts)['alice']!r}) is not None)"),
        str(tmp_path)], capture_output=True, text=True, timeout=120,
        env={k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"})
    assert check.returncode == 0, check.stderr[-2000:]
    lines = check.stdout.strip().splitlines()
    assert eval(lines[0]) == sorted(games())  # a campaign of each registered game, once
    assert lines[1] == "True"


def test_serve_alone_starts_an_empty_club(tmp_path: Path) -> None:
    out = serve(tmp_path)
    assert re.findall(r"Account (\S+) — password", out) == ["referee"]
