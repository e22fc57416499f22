"""Gorges Tranchées's own commands, mounted by the command line from the game's descriptor:
`campagne odds gorges save` (cli_odds.py) and the referee's table rolls `campagne gorges ...` (cli_rolls.py)."""

from __future__ import annotations

import typer


def register(app: typer.Typer, odds_app: typer.Typer) -> None:
    from .cli_odds import odds_gorges
    from .cli_rolls import gorges_app
    odds_app.add_typer(odds_gorges, name="gorges")
    app.add_typer(gorges_app, name="gorges")
