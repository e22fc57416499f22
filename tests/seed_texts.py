"""Where the tests find the seed texts: ../shared/seeds/ beside the repository, else $CAMPAGNE_SEEDS.

A fresh clone has neither, so the cell-by-cell tests against the texts skip there. They must not skip
silently: the hooks below (imported by conftest.py) count those skips, say so in one line at the end of the
run, and make the run fail when `CI=true` (the project's CI has the texts; a skip there hides a broken check).
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

import pytest

# The texts by file name, with the titles they print (README.md names them the same way).
TITLES = {
    "000_dabd953c74445716.txt": "Warhammer Ancient Battles – Règles de campagne v1.1 (Atlantis)",
    "001_f2b502a830cd0160.txt": "Règles de campagne – l'Île des Gorges Tranchées",
    "002_ee88188f0d3b4183.txt": "Feuille de référence WAB 2e édition v2.0",
}
SKIP_MARK = "seed text not found:"

_skipped: dict[str, int] = {}  # seed file -> tests skipped for want of it, in this run


def seed_path(name: str) -> Path | None:
    here = Path(__file__).parents[1].parent / "shared" / "seeds" / name
    if here.is_file():
        return here
    env = os.environ.get("CAMPAGNE_SEEDS")
    if env and (Path(env) / name).is_file():
        return Path(env) / name
    return None


@cache
def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def seed_text_or_skip(name: str, needed_by: str) -> str:
    """The seed's text; the test is skipped, saying why, when the seed is not on this machine."""
    path = seed_path(name)
    if path is None:
        pytest.skip(f"{SKIP_MARK} {name} ({TITLES.get(name, 'unknown title')}) is neither beside the "
                    f"repository (../shared/seeds/) nor in $CAMPAGNE_SEEDS: {needed_by} needs it")
    return _read(path)


def _seed_of_skip(report: pytest.TestReport) -> str | None:
    if not report.skipped or not isinstance(report.longrepr, tuple):
        return None
    message = str(report.longrepr[2])
    if SKIP_MARK not in message:
        return None
    return message.split(SKIP_MARK, 1)[1].split()[0]


# --------------------------------------------------------------------------- hooks (see conftest.py)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    name = _seed_of_skip(report)
    if name is not None:
        _skipped[name] = _skipped.get(name, 0) + 1


def _summary() -> str:
    total = sum(_skipped.values())
    titles = "; ".join(f"« {TITLES.get(n, n)} » ({n})" for n in sorted(_skipped))
    return (f"{total} test(s) against the seed texts were SKIPPED, the texts not being on this machine: "
            f"{titles}. Put them in ../shared/seeds/ or $CAMPAGNE_SEEDS to run them.")


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:  # noqa: ANN001 (pytest's hook)
    if _skipped:
        terminalreporter.write_line(_summary(), yellow=True, bold=True)
        if os.environ.get("CI") == "true":
            terminalreporter.write_line("CI=true: the run fails, the seed texts must be checked in CI.",
                                        red=True, bold=True)


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if _skipped and os.environ.get("CI") == "true" and session.exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
