"""Where the tests find the seed texts: ../shared/seeds/ beside the repository, else $CAMPAGNE_SEEDS."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

import pytest


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
        pytest.skip(f"seed text {name} not found beside the repository (../shared/seeds/) nor in "
                    f"$CAMPAGNE_SEEDS: {needed_by} needs it")
    return _read(path)
