"""The grid battle's own sub-commands, mounted by the command line from the descriptor (`tools`):

    campagne odds skirmish attack --dice N --skill K --armour A [--elevated] [--cover] [--protection P]
                                  [--exact] [--json]

`--json` prints exactly {"hp_lost": {"0": p, ...}, "mean": m} (p exact "p/q" with --exact); the text, percentages
as the language writes them; bad input: one sentence, exit status 2.
"""

from __future__ import annotations

from typing import Any, Optional

import typer


def register(app: Any, odds_app: Any) -> None:
    from ...cli.output import Out, run_safely

    odds_skirmish = typer.Typer(no_args_is_help=True, help="Grid battle odds (seed 004). / Probabilités des batailles.")
    odds_app.add_typer(odds_skirmish, name="skirmish")

    @odds_skirmish.command("attack")
    def odds_attack(dice: int = typer.Option(..., "--dice", help="Attack dice. / Dés d'attaque."),
                    skill: int = typer.Option(..., "--skill", help="Combat skill (hits on SKILL+). / Capacité de combat."),
                    armour: int = typer.Option(..., "--armour", help="Target's armour (saves on ARMOUR+). / Armure."),
                    elevated: bool = typer.Option(False, "--elevated", help="High ground: +1 to hit. / Position sur-élevée."),
                    cover: bool = typer.Option(False, "--cover", help="A ranged attack at a target in cover: +1 to "
                                                                      "saves. / Cible à couvert (tir)."),
                    protection: int = typer.Option(0, "--protection", help="Target's protection (0: none)."),
                    exact: bool = typer.Option(False, "--exact", help="With --json: probabilities as exact p/q. / Avec --json : fractions exactes."),
                    lang: Optional[str] = typer.Option(None, "--lang", help="fr or en"),
                    json_: bool = typer.Option(False, "--json", help="Machine-readable output.")) -> None:
        """Exact odds of one attack: hit points lost. / Probabilités exactes d'une attaque."""
        o = Out.make(lang, json_)

        def go() -> None:
            from .odds import attack_odds, to_json
            from .text import odds_lines
            odds = attack_odds(dice, skill, armour, elevated, cover, protection)
            if o.json:
                o.data(to_json(odds, exact))
                return
            # the text says percentages whatever --exact asks: exact fractions are --json's (and the pages' hover)
            for line in odds_lines(to_json(odds, False), o):
                o.text(line)
        run_safely(o, go)
