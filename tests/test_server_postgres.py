"""The club on Debian's PostgreSQL (a private cluster started for the test, on a Unix socket only): a club is built,
players give orders at once through `campagne serve`, none lost or doubled, and the journal verifies. Skipped
where PostgreSQL's programs are not installed."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
from pathlib import Path

import pytest

import test_server_load as load

BINS = sorted(glob.glob("/usr/lib/postgresql/*/bin"))


def _as_postgres(*cmd: str) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else list(cmd)


@pytest.fixture
def postgres(tmp_path: Path):  # type: ignore[no-untyped-def]
    if not BINS or (os.geteuid() == 0 and not shutil.which("runuser")):
        pytest.skip("PostgreSQL is not installed here")
    bin_ = Path(BINS[-1])
    import tempfile
    home = Path(tempfile.mkdtemp(prefix="campagne-pg-"))  # reachable by the postgres user (pytest's tmp is not)
    home.chmod(0o755)
    data = home / "pg"
    data.mkdir()
    if os.geteuid() == 0:
        shutil.chown(data, "postgres")
    subprocess.run(_as_postgres(str(bin_ / "initdb"), "-D", str(data), "-A", "trust", "-U", "club"), check=True,
                   capture_output=True, timeout=120)
    port = "54329"
    subprocess.run(_as_postgres(str(bin_ / "pg_ctl"), "-D", str(data), "-w", "-l", str(data / "log"), "-o",
                                f"-k {data} -p {port} -c listen_addresses=''", "start"), check=True,
                   capture_output=True, timeout=120)
    try:
        subprocess.run(_as_postgres(str(bin_ / "createdb"), "-h", str(data), "-p", port, "-U", "club", "club"),
                       check=True, capture_output=True, timeout=60)
        yield f"postgres://club@{str(data).replace('/', '%2F')}:{port}/club"
    finally:
        subprocess.run(_as_postgres(str(bin_ / "pg_ctl"), "-D", str(data), "-m", "fast", "stop"),
                       capture_output=True, timeout=120)
        shutil.rmtree(home, ignore_errors=True)


def test_concurrent_orders_on_postgresql(tmp_path: Path, postgres: str) -> None:
    work = tmp_path / "club"
    work.mkdir()
    load._run(work, campaigns=1, players=6, orders_each=2, database=postgres)
    assert not (work / "club.sqlite3").exists()  # it was PostgreSQL's
