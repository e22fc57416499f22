"""`campagne gorges ...`: the referee's table rolls of the Gorges Tranchées (seed 001).

    campagne gorges event        [--seed S] [--json] [--lang fr|en]
    campagne gorges search       [--ghost] [--fruitful] ...
    campagne gorges mine         [--slaves] ...
    campagne gorges after-battle [--winner-race R] [--loser-race R] [--characters N] [--winner-characters N] ...
    campagne gorges two-armies   ...
    campagne gorges blizzard     ...   (winter: at the start of each battle turn)

Without `--seed` a fresh seed is drawn and printed, so any roll can be replayed. `--json` prints
{"command", "seed", "result"} where result is the `to_dict()` of games/gorges/rolls.py. Bad input (an unknown
race, a negative count) prints one sentence and exits with status 2. Mounted by `games/gorges/cli.py`.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

import typer

from ...cli.output import JsonOpt, LangOpt, out, run_safely

gorges_app = typer.Typer(no_args_is_help=True,
                         help="Gorges Tranchées referee rolls (seed 001). / Jets d'arbitre des Gorges Tranchées.")

SeedOpt = typer.Option(None, "--seed", help="Seed for reproducible rolls (default: a fresh one, printed).")


def _run(command: str, seed: str | None, lang: str | None, json_: bool,
         roll: Callable[[Any], Any]) -> None:
    o = out(lang, json_)

    def go() -> None:
        from ...core.dice import Dice
        used = seed if seed is not None else str(secrets.randbelow(10 ** 9))
        result = roll(Dice.seeded("gorges", used))
        if o.json:
            o.data({"command": command, "seed": used, "result": result.to_dict()})
            return
        o.text(o.t(f"Graine : {used} (rejouer avec --seed {used})", f"Seed: {used} (replay with --seed {used})"))
        for line in result.lines(o.lang):
            o.text(line)
    run_safely(o, go)


@gorges_app.command("event")
def event(seed: str | None = SeedOpt, lang: str | None = LangOpt, json_: bool = JsonOpt) -> None:
    """Roll the d66 random event. / Tirer l'événement aléatoire au d66."""
    from . import rolls
    _run("event", seed, lang, json_, rolls.random_event)


@gorges_app.command("search")
def search(ghost: bool = typer.Option(False, "--ghost", help="Captain Crown's ghost is on this territory."),
           fruitful: bool = typer.Option(False, "--fruitful", help="Event 26, fruitful search (relics on 5-6)."),
           seed: str | None = SeedOpt, lang: str | None = LangOpt, json_: bool = JsonOpt) -> None:
    """Search one territory (6 = relic point). / Fouiller un territoire (6 = Point de Relique)."""
    from . import rolls
    _run("search", seed, lang, json_, lambda d: rolls.search(d, ghost_here=ghost, fruitful_search=fruitful))


@gorges_app.command("mine")
def mine(slaves: bool = typer.Option(False, "--slaves", help="Dark Elves' slaves in this mine (+1)."),
         seed: str | None = SeedOpt, lang: str | None = LangOpt, json_: bool = JsonOpt) -> None:
    """Roll one mine's production. / Production d'une mine."""
    from . import rolls
    _run("mine", seed, lang, json_, lambda d: rolls.mine(d, dark_elf_slaves=slaves))


@gorges_app.command("after-battle")
def after_battle(winner_race: str | None = typer.Option(None, "--winner-race"),
                 loser_race: str | None = typer.Option(None, "--loser-race"),
                 characters: int = typer.Option(0, "--characters", help="The loser's legendary heroes hurt."),
                 winner_characters: int = typer.Option(0, "--winner-characters",
                                                       help="The winner's legendary heroes hurt."),
                 seed: str | None = SeedOpt, lang: str | None = LangOpt, json_: bool = JsonOpt) -> None:
    """Spoils, defeat, fate of the beaten army, injuries. / Butins, défaite, sort du vaincu, blessures."""
    from . import rolls
    _run("after-battle", seed, lang, json_,
         lambda d: rolls.after_battle(d, winner_race, loser_race, characters, winner_characters))


@gorges_app.command("two-armies")
def two_armies(seed: str | None = SeedOpt, lang: str | None = LangOpt, json_: bool = JsonOpt) -> None:
    """Two armies in one territory, no challenge. / Deux armées sur un territoire, sans défi."""
    from . import rolls
    _run("two-armies", seed, lang, json_, rolls.two_armies)


@gorges_app.command("blizzard")
def blizzard(seed: str | None = SeedOpt, lang: str | None = LangOpt, json_: bool = JsonOpt) -> None:
    """Winter: the blizzard roll at the start of a battle turn (1-2: sight 24"). / Hiver : le blizzard."""
    from . import rolls
    _run("blizzard", seed, lang, json_, lambda d: rolls.roll_table(d, "blizzard", "gorges blizzard"))
