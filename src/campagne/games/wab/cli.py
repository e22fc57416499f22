"""WAB 2's own sub-commands on the command line (the descriptor's `tools`): `campagne odds wab ...`
(`cli_odds`) and `campagne battle ...` (`cli_battle`)."""

from __future__ import annotations

from typing import Any


def register(app: Any, odds_app: Any) -> None:
    """Mount the `battle` group on the root app and the `wab` group on `odds`."""
    from .cli_battle import battle_app
    from .cli_odds import odds_wab
    odds_app.add_typer(odds_wab, name="wab")
    app.add_typer(battle_app, name="battle")
