"""`campagne serve`: the first start sets the club up (migrations, the first referee, his password printed once);
`--demo` adds players and a campaign of each registered game; a second start creates nothing more."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

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


def _serve(folder: Path, *args: str, key: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "DATABASE_URL",
                                                            "CAMPAGNE_SECRET_KEY")}
    if key is not None:
        env["CAMPAGNE_SECRET_KEY"] = key
    exe = Path(sys.executable).with_name("campagne")
    return subprocess.run([str(exe), "serve", "--dir", str(folder), "--prepare-only", *args], capture_output=True,
                          text=True, timeout=300, env=env)


def _private(path: Path) -> bool:
    return path.stat().st_mode & 0o077 == 0


def test_a_new_club_folder_is_made_and_its_files_are_its_owners(tmp_path: Path) -> None:
    folder = tmp_path / "srv" / "club"  # does not exist yet, nor its parent (docs/server.md's --dir /srv/club)
    r = _serve(folder)
    assert r.returncode == 0, r.stderr[-2000:]
    assert folder.is_dir() and _private(folder)
    files = [p for p in folder.iterdir()]
    assert {"club.sqlite3", "club.secret"} <= {p.name for p in files}
    assert all(_private(p) for p in files), [(p.name, oct(p.stat().st_mode)) for p in files]


def test_an_existing_club_readable_by_others_is_closed_at_start(tmp_path: Path) -> None:
    assert _serve(tmp_path).returncode == 0
    cache = tmp_path / "club.cache"  # the session folder an earlier version kept
    cache.mkdir()
    (cache / "x.djcache").write_bytes(b"session")
    for name in ("club.sqlite3", "club.secret", "club.sqlite3-wal", "club.sqlite3-shm", "club.cache/x.djcache"):
        path = tmp_path / name
        path.touch()
        path.chmod(0o644)
    cache.chmod(0o755)
    assert _serve(tmp_path).returncode == 0
    for name in ("club.sqlite3", "club.secret", "club.sqlite3-wal", "club.sqlite3-shm", "club.cache",
                 "club.cache/x.djcache"):
        path = tmp_path / name  # (SQLite removes its -wal and -shm files when the last connection closes)
        assert name.startswith("club.sqlite3-") or path.exists(), name
        assert not path.exists() or _private(path), name


def test_a_club_folder_that_is_a_file_is_one_sentence(tmp_path: Path) -> None:
    (tmp_path / "f").write_text("x")
    r = _serve(tmp_path / "f")
    assert r.returncode == 2 and "Traceback" not in r.stderr + r.stdout
    assert "is not a folder" in r.stderr + r.stdout


def test_a_server_with_another_secret_key_refuses_to_start(tmp_path: Path) -> None:
    assert _serve(tmp_path, key="the-club-key-1").returncode == 0
    assert _serve(tmp_path, key="the-club-key-1").returncode == 0  # the same key: it starts
    r = _serve(tmp_path, key="another-key-2")
    said = r.stderr + r.stdout
    assert r.returncode == 2 and "another secret key" in said and "Traceback" not in said, said[-2000:]
    assert "the-club-key-1" not in said
    # the app started otherwise (gunicorn campagne.server.wsgi) refuses another key too
    assert _wsgi(tmp_path, "another-key-2").stderr.strip().splitlines()[-1].startswith(
        "django.core.exceptions.ImproperlyConfigured: This club's database was started with another secret key")
    assert _wsgi(tmp_path, "the-club-key-1").returncode == 0


def _wsgi(folder: Path, key: str | None) -> subprocess.CompletedProcess[str]:
    """`import campagne.server.wsgi`, as gunicorn does, outside the tests' and the debug mark."""
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "DATABASE_URL", "PYTEST_VERSION",
                                                            "CAMPAGNE_SECRET_KEY", "CAMPAGNE_DEBUG")}
    return subprocess.run([sys.executable, "-c", "import campagne.server.wsgi"], capture_output=True, text=True,
                          timeout=120, env={**env, "CAMPAGNE_SERVER_DIR": str(folder),
                                            **({"CAMPAGNE_SECRET_KEY": key} if key else {})})


def _settings_under(monkeypatch: Any, folder: Path, **env: str) -> Any:
    """The settings module run afresh (as gunicorn or `django-admin` would load it) in an environment with neither
    the tests' nor the debug mark, nor a key, but `env`."""
    import runpy
    for name in ("PYTEST_VERSION", "CAMPAGNE_DEBUG", "CAMPAGNE_SECRET_KEY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("CAMPAGNE_SERVER_DIR", str(folder))
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    import campagne.server
    settings = Path(campagne.server.__file__).with_name("settings.py")
    return runpy.run_path(str(settings), run_name="campagne.server.settings_afresh")


def test_the_settings_refuse_to_run_without_a_configured_secret_key(tmp_path: Path, monkeypatch: Any) -> None:
    """Started otherwise than by `campagne serve` (gunicorn campagne.server.wsgi, django-admin), the club needs its
    key all the same: a key made up at each start would end every session at each restart and differ between its
    processes. The environment's key, or the one `campagne serve` keeps in the club's folder, is taken."""
    from django.core.exceptions import ImproperlyConfigured
    with pytest.raises(ImproperlyConfigured) as refused:
        _settings_under(monkeypatch, tmp_path)
    said = str(refused.value)
    assert "CAMPAGNE_SECRET_KEY" in said and "\n" not in said and "it was not started" in said
    os.mkfifo(tmp_path / "club.secret")  # not a key, and never waited on
    with pytest.raises(ImproperlyConfigured):
        _settings_under(monkeypatch, tmp_path)
    assert _settings_under(monkeypatch, tmp_path, CAMPAGNE_SECRET_KEY="from-the-env")["SECRET_KEY"] == "from-the-env"
    (tmp_path / "club.secret").unlink()
    (tmp_path / "club.secret").write_text("kept-by-serve\n", encoding="utf-8")
    assert _settings_under(monkeypatch, tmp_path)["SECRET_KEY"] == "kept-by-serve"
    (tmp_path / "club.secret").unlink()
    assert len(_settings_under(monkeypatch, tmp_path, CAMPAGNE_DEBUG="1")["SECRET_KEY"]) > 40  # debug: a fresh one


def test_the_wsgi_app_started_without_a_key_stops_with_one_sentence(tmp_path: Path) -> None:
    r = _wsgi(tmp_path, None)
    assert r.returncode != 0
    assert r.stderr.strip().splitlines()[-1].startswith("django.core.exceptions.ImproperlyConfigured: The club "
                                                         "server has no secret key"), r.stderr[-2000:]
    r = _wsgi(tmp_path, "k")  # a database not set up yet: no key to compare with
    assert r.returncode == 0, r.stderr[-2000:]
