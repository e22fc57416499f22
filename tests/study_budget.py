"""The study run's budget, in one place.

`make test` (so CI) runs the `study` tests at the size they are written for: a few minutes on two cores, beside the
default run. CAMPAGNE_STUDY_SCALE=N runs N times as many examples, seeds or games, for a longer hunt:

    CAMPAGNE_STUDY_SCALE=10 .venv/bin/pytest -n auto -m study --hypothesis-profile=ci
"""

from __future__ import annotations

import os

STUDY_SCALE = float(os.environ.get("CAMPAGNE_STUDY_SCALE", "1"))


def study_size(n: int) -> int:
    """How many examples, seeds or games a study test runs: its written `n`, scaled by CAMPAGNE_STUDY_SCALE."""
    return max(1, round(n * STUDY_SCALE))
