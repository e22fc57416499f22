"""The club on Debian's PostgreSQL (a private cluster started for the test, on a Unix socket only), served by two
`campagne serve` as two machines would: a club is built, players give orders at once through both, none lost or
doubled, and the journal verifies; sessions and the secret key are the club's, not a machine's. Skipped where
PostgreSQL's programs are not installed."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import threading
from pathlib import Path
from typing import Any

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


def _status(base: str, path: str, session: str) -> int:
    """The status of a GET with only this session's cookie (no redirect followed)."""
    import http.client
    import urllib.parse
    url = urllib.parse.urlsplit(base)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
    try:
        conn.request("GET", path, headers={"Cookie": f"sessionid={session}"})
        return conn.getresponse().status
    finally:
        conn.close()


def test_two_servers_on_one_database(tmp_path: Path, postgres: str) -> None:
    """Two machines behind a load balancer: two `campagne serve`, each its own --dir (the second's made by it), one
    database and one secret key. Orders through both go into the journal, which verifies; a log-out on one ends the
    session on the other at once; a third started with a key of its own refuses to start."""
    import json
    import sys
    first, second = tmp_path / "a", tmp_path / "b" / "club"
    first.mkdir()
    built = subprocess.run([sys.executable, "-m", "campagne.server.loadtest", "build", str(first), "1", "4"],
                           capture_output=True, text=True, timeout=300, env=load._env(first, postgres))
    assert built.returncode == 0, built.stderr[-2000:]
    club = json.loads(built.stdout.strip().splitlines()[-1])
    campaign = club["campaigns"][0]
    ports = [load.loadtest.free_port(), load.loadtest.free_port()]
    procs = [load.loadtest.start(folder, port, threads=2, database=postgres, workers=1)
             for folder, port in zip((first, second), ports)]
    bases = [f"http://{load.loadtest.HOST}:{port}" for port in ports]
    try:
        accounts = sorted(campaign["accounts"].items())
        results: list[dict[str, Any]] = [{}, {}]

        def half(i: int) -> None:  # half the players on each machine, at once
            part = {"campaigns": [{**campaign, "accounts": dict(accounts[i::2])}]}
            results[i] = load.loadtest.hammer(bases[i], part, orders_each=2, views_each=1)
        threads = [threading.Thread(target=half, args=(i,)) for i in (0, 1)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=300)
        for i, result in enumerate(results):
            assert not result["errors"] and result["given"] == 2 * len(accounts[i::2]), result
        person = load.loadtest.Browser(bases[0])
        person.login(accounts[0][0])
        session = next(c.value for c in person.jar if c.name == "sessionid")
        page = f"/c/{campaign['pk']}/"
        assert [_status(base, page, session) for base in bases] == [200, 200]  # one session, both machines
        status, _ = person.request("logout", "/logout/", {"csrfmiddlewaretoken": person._csrf()})
        assert status == 200
        assert [_status(base, page, session) for base in bases] == [302, 302]  # ended on both at once
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            proc.wait(timeout=30)
    load.verify(first, club, orders_each=2, database=postgres)
    assert not any((folder / "club.sqlite3").exists() for folder in (first, second))  # it was PostgreSQL's
    # a third machine given a fresh --dir and no key would make a key of its own: it refuses to start
    env = {k: v for k, v in load._env(tmp_path / "c", postgres).items() if k != "CAMPAGNE_SECRET_KEY"}
    exe = Path(sys.executable).with_name("campagne")
    r = subprocess.run([str(exe), "serve", "--dir", str(tmp_path / "c"), "--prepare-only"], capture_output=True,
                       text=True, timeout=120, env=env)
    assert r.returncode == 2 and "another secret key" in r.stdout + r.stderr, (r.stdout + r.stderr)[-2000:]
