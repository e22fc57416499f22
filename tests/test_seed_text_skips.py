"""The tests against the seed texts never skip silently: one line at the end of the run names the missing
texts by title, and under CI=true the run fails (seed_texts.py's hooks, imported by conftest.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent

CONFTEST = """
import sys
sys.path.insert(0, {tests!r})
from seed_texts import pytest_runtest_logreport, pytest_sessionfinish, pytest_terminal_summary  # noqa: F401
"""

A_TEST = """
from seed_texts import seed_text_or_skip

def test_needs_the_wab_sheet():
    seed_text_or_skip("002_ee88188f0d3b4183.txt", "this check")

def test_needs_nothing():
    assert True
"""


def run(tmp_path: Path, ci: str | None, seeds: Path | None) -> subprocess.CompletedProcess:
    (tmp_path / "test_x.py").write_text(A_TEST, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "CAMPAGNE_SEEDS", "PYTEST_ADDOPTS")}
    if ci is not None:
        env["CI"] = ci
    if seeds is not None:
        env["CAMPAGNE_SEEDS"] = str(seeds)
    # seed_texts also looks beside the repository: point the child at a copy of it that has no neighbour
    copy = tmp_path / "repo" / "tests"
    copy.mkdir(parents=True)
    (copy / "seed_texts.py").write_text((TESTS / "seed_texts.py").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "conftest.py").write_text(CONFTEST.format(tests=str(copy)), encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly",
                           str(tmp_path / "test_x.py")], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=120)


def test_a_missing_seed_text_is_named_by_title_at_the_end_of_the_run(tmp_path):
    r = run(tmp_path, ci=None, seeds=None)
    assert r.returncode == 0, r.stdout + r.stderr
    last = r.stdout.strip().splitlines()
    line = next(x for x in last if "against the seed texts were SKIPPED" in x)
    assert line.startswith("1 test(s)") and "Feuille de référence WAB 2e édition v2.0" in line


def test_under_ci_a_skipped_seed_text_fails_the_run(tmp_path):
    r = run(tmp_path, ci="true", seeds=None)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "CI=true: the run fails" in r.stdout


def test_with_the_texts_nothing_is_said_and_ci_passes(tmp_path):
    seeds = tmp_path / "seeds"
    seeds.mkdir()
    (seeds / "002_ee88188f0d3b4183.txt").write_text("texte", encoding="utf-8")
    r = run(tmp_path, ci="true", seeds=seeds)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "SKIPPED" not in r.stdout
