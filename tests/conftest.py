"""Shared test configuration: hypothesis profiles and a few fixtures.

Profiles:
  default  100 examples, no deadline (the everyday `pytest` run)
  ci       100 examples, no deadline, derandomized (the Makefile's one run of every test, `make test`, so CI's:
           the same examples at every run; the study tests' own sizes: tests/study_budget.py)

`HYPOTHESIS_PROFILE=ci pytest` selects a profile from the environment; `--hypothesis-profile=...` on the
command line (hypothesis' own pytest option) wins over both.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings
from seed_texts import pytest_runtest_logreport, pytest_sessionfinish, pytest_terminal_summary  # noqa: F401

# (the three hooks above count the tests skipped for want of a seed text, report them at the end of the
# run, and fail the run under CI=true: see seed_texts.py)

settings.register_profile("default", max_examples=100, deadline=None)
settings.register_profile("ci", max_examples=100, deadline=None, derandomize=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

REPO = Path(__file__).resolve().parents[1]


def _command_built_once() -> None:
    """Typer's test runner builds the whole click command (every game's tools, ~90 functions' signatures read
    through typing) at each `invoke`: a third of a long command-line test's time. The same app gives the same
    command, so it is built once per app (and again if commands are added to it)."""
    import typer.testing
    built: dict[tuple[int, int, int], object] = {}
    build = typer.testing._get_command

    def get_command(app: object) -> object:
        key = (id(app), len(app.registered_commands), len(app.registered_groups))  # type: ignore[attr-defined]
        if key not in built:
            built[key] = build(app)  # type: ignore[arg-type]
        return built[key]

    typer.testing._get_command = get_command  # type: ignore[assignment]


_command_built_once()


def pytest_addoption(parser: pytest.Parser) -> None:
    # here, not in tests/conformance/conftest.py: an option must be known however the run is started
    parser.addoption("--game", action="append", default=[], metavar="NAME",
                     help="the conformance kit (tests/conformance): check only this registered game (repeatable)")
SRC = REPO / "src"


@pytest.fixture(scope="session", autouse=True)
def _fast_password_hashing() -> Iterator[None]:
    """The club's accounts made by the tests hash their password fast (PBKDF2 costs about a second an account on
    this machine, and the server tests make members by the dozen); signing in works the same."""
    from django.test.utils import override_settings
    fast = override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"])
    fast.enable()
    yield
    fast.disable()


@pytest.fixture
def tmp_journal(tmp_path: Path) -> Path:
    """A fresh campaign journal (header only) in a temporary directory."""
    from campagne.storage import journal

    path = tmp_path / "campaign.jsonl"
    journal.create(path, {"ruleset": "toy", "seed": 1234, "setup": {"players": ["a", "b"]}})
    return path


@pytest.fixture
def subprocess_env() -> dict[str, str]:
    """Environment for child Python processes that import the same campagne as the tests do."""
    import campagne

    here = str(Path(campagne.__file__).resolve().parents[1])
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (here, env.get("PYTHONPATH", "")) if p)
    return env
