"""Arc's own sub-commands, mounted by the command line from the descriptor (`tools`):

    campagne odds arc combat --attack A --defense D [--shift N] [--json]

`--json` prints exactly {"ratio", "by_roll", "outcomes"} (probabilities as exact "p/q"), or {"ratio",
"automatic"} beyond 8-1; below 1-4 one sentence and exit status 2.
"""

from __future__ import annotations

from typing import Any, Optional

import typer


def register(app: Any, odds_app: Any) -> None:
    from ...cli.output import Out, run_safely

    odds_arc = typer.Typer(no_args_is_help=True, help="Le jeu du destin d'Arc odds (seed 003). / Probabilités d'Arc.")
    odds_app.add_typer(odds_arc, name="arc")

    @odds_arc.command("combat")
    def odds_combat(attack: int = typer.Option(..., "--attack", help="Total attack strength. / Force d'attaque totale."),
                    defense: int = typer.Option(..., "--defense", help="Defence of the target. / Défense de la cible."),
                    shift: int = typer.Option(0, "--shift", help="Column shift (+1 at night...). / Décalage de colonnes."),
                    lang: Optional[str] = typer.Option(None, "--lang", help="fr or en"),
                    json_: bool = typer.Option(False, "--json", help="Machine-readable output.")) -> None:
        """Exact odds of one combat on the d12 table. / Probabilités exactes d'un combat."""
        o = Out.make(lang, json_)

        def go() -> None:
            from .odds import combat_odds, to_json
            from .text import odds_lines
            r = combat_odds(attack, defense, shift)
            if o.json:
                o.data(to_json(r))
                return
            for line in odds_lines(r, o):
                o.text(line)
        run_safely(o, go)
