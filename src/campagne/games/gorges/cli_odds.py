"""`campagne odds gorges save ...`: exact odds of the conquest save roll of seed 001.

    campagne odds gorges save [--adjacent] [--fortress-adjacent] [--town-adjacent] [--relics-given N]
                              [--attacker-race R] [--defender-race R]
                              [--mine-adjacent] [--forest-adjacent] [--sympathiser] [--reinforced-defence]

`--json` prints exactly {"saved"} (a float; `--exact` writes it "p/q"). Races are given by key
(warriors_of_chaos), English or French name. Mounted by `games/gorges/cli.py`.
"""

from __future__ import annotations

from typing import Optional

import typer

from ...cli.output import JsonOpt, LangOpt, out, run_safely
from ...core.i18n import chance

odds_gorges = typer.Typer(no_args_is_help=True,
                          help="Gorges Tranchées odds (seed 001). / Probabilités des Gorges Tranchées.")


@odds_gorges.command("save")
def odds_save(adjacent: bool = typer.Option(False, "--adjacent",
                                            help="The territory is adjacent to one of the attacker's (-1)."),
              fortress_adjacent: bool = typer.Option(False, "--fortress-adjacent",
                                                     help="The defender owns a fortress adjacent (+1)."),
              town_adjacent: bool = typer.Option(False, "--town-adjacent",
                                                 help="The defender owns a town adjacent (+2)."),
              relics_given: int = typer.Option(0, "--relics-given", help="Relic points handed over (+1 each)."),
              attacker_race: Optional[str] = typer.Option(None, "--attacker-race"),
              defender_race: Optional[str] = typer.Option(None, "--defender-race"),
              mine_adjacent: bool = typer.Option(False, "--mine-adjacent",
                                                 help="A defender's mine adjacent (counts for Dwarfs only)."),
              forest_adjacent: bool = typer.Option(False, "--forest-adjacent",
                                                   help="A defender's forest adjacent (Wood Elves only)."),
              sympathiser: bool = typer.Option(False, "--sympathiser", help="The defender drew event 13."),
              reinforced_defence: bool = typer.Option(False, "--reinforced-defence",
                                                      help="The defender drew event 65."),
              exact: bool = typer.Option(False, "--exact", help="Fractions \"p/q\" instead of decimals."),
              lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Exact odds of the conquest save roll. / Probabilité exacte du jet de sauvegarde de conquête."""
    o = out(lang, json_)

    def go() -> None:
        from . import odds
        kwargs = dict(adjacent=adjacent, fortress_adjacent=fortress_adjacent, town_adjacent=town_adjacent,
                      relics_given=relics_given, attacker_race=attacker_race, defender_race=defender_race,
                      mine_adjacent=mine_adjacent, forest_adjacent=forest_adjacent, sympathiser=sympathiser,
                      reinforced_defence=reinforced_defence)
        p = odds.save_odds(**kwargs)
        if o.json:
            o.data(odds.save_json(p, exact=exact))
            return
        mods = odds.save_modifiers(**kwargs)
        total = sum(v for _, v in mods)
        detail = ", ".join(f"{k} {v:+d}" for k, v in mods) or o.t("aucun", "none")
        o.text(o.t("Jet de sauvegarde (6+ sur 1D6) : ", "Save roll (6+ on 1D6): ")
               + chance(p, o.lang))
        o.text(o.t("Modificateurs : ", "Modifiers: ") + f"{detail} = {total:+d}")
    run_safely(o, go)
