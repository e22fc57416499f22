"""The conformance kit: one standard every registered game meets, checked once, over the registry.

Every test module in this folder takes the fixture `game` (a registered game's name) and runs for each game
`campagne.registry.games()` lists — campagne's own and any club's ruleset installed as a package. A club checks its
own game alone with

    pytest tests/conformance --game NAME

(several `--game` may be given; without it every registered game is checked).
"""

from __future__ import annotations

import pytest

from campagne.registry import games


def chosen_games(config: pytest.Config) -> list[str]:
    known = games()
    wanted = config.getoption("--game") or sorted(known)
    unknown = [name for name in wanted if name not in known]
    if unknown:
        raise pytest.UsageError(f"--game {', '.join(unknown)}: not a registered game ({', '.join(known)})")
    return list(wanted)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "game" in metafunc.fixturenames:
        metafunc.parametrize("game", chosen_games(metafunc.config))
