"""Tool commands: dice, exact odds, army strength, unattended simulation."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

import typer

from .main import JsonOpt, LangOpt, app, out
from .output import Out, parse_seed, run_safely


def dice_command(o: Out, expr: str, dist: bool, seed: Optional[str]) -> None:
    import random

    from ..core.dice import Dice, parse
    e = parse(expr)
    if dist:
        d = e.distribution()
        mean = e.mean()
        if o.json:
            o.data({"expr": e.text, "distribution": {str(k): float(v) for k, v in d.items()},
                    "exact": {str(k): str(v) for k, v in d.items()}, "mean": float(mean)})
            return
        o.text(f"{e.text}: " + o.t("moyenne", "mean") + f" {float(mean):.4g} ({mean})")
        width = max(d.values())
        for k, v in d.items():
            bar = "#" * max(1, round(40 * v / width)) if v else ""
            o.text(f"{k:>6}  {float(v):8.4%}  {str(v):>12}  {bar}")
        return
    roller = Dice(random.Random(seed)) if seed is not None else Dice(random.Random())
    record = roller.roll_record(e, "dice command")
    if o.json:
        o.data(record.to_dict())
    else:
        o.text(f"{record.expr} → {record.total}  " + o.t("(dés : ", "(dice: ") + f"{list(record.faces)})")


CONTROLLERS = ("greedy", "random", "mixed")


def _computer_game(name: str, controller: str, players: int) -> Any:
    """What `simulate` and `study` accept: a registered campaign that can be played by computer players,
    for a number of players it allows."""
    from ..core.errors import CampagneError
    from ..registry import games
    playable = {n: g for n, g in games().items() if g.simulate}
    if name not in playable:
        raise CampagneError("ruleset.unknown", name=name, known=", ".join(playable))
    if controller not in CONTROLLERS:
        raise CampagneError("cli.bad_controller", spec=controller, controller=controller)
    low, high = playable[name].players
    if not low <= players <= high:
        raise CampagneError("cli.player_count", game=name, count=players, low=low, high=high)
    return playable[name]


@app.command()
def simulate(ruleset: str = typer.Argument(..., help="A registered game (campagne games)."),
             players: int = typer.Option(4, "--players", min=1, max=99, help="As many as the game allows."),
             turns: int = typer.Option(12, "--turns", min=1, max=10_000),
             seed: str = typer.Option("1", "--seed"),
             controller: str = typer.Option("greedy", "--controller", help="greedy, random or mixed"),
             journal_file: Optional[str] = typer.Option(None, "--journal", help="Also write the journal here."),
             lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Play a whole campaign with computer players. / Jouer une campagne entière avec des ordinateurs."""
    o = out(lang, json_)

    def go() -> None:
        descriptor = _computer_game(ruleset, controller, players)
        seed_value = parse_seed(seed)
        play = descriptor.load("simulate")
        game = _with_progress(o, o.t("Campagne", "Campaign"), turns,
                              lambda on_turn: play(players, turns, seed_value, controller, on_turn))
        if journal_file:
            _write_journal(Path(journal_file), ruleset, seed_value, game)
        if o.json:
            o.data({"turns": game.state.turn, "commands": len(game.entries),
                    "standings": game.state.standings or [], "journal": journal_file})
            return
        o.text(descriptor.load("text").status_text(game.view(None), o))
        if journal_file:
            o.text(o.t(f"Journal : {journal_file}", f"Journal: {journal_file}"))
    run_safely(o, go)


def _with_progress(o: Out, label: str, total: int, play: Any) -> Any:
    """Run `play(on_step)` under a progress bar (none with --json); `on_step(k)`: k of `total` done."""
    if o.json:
        return play(None)
    from rich.progress import Progress
    with Progress(transient=True) as bar:
        task = bar.add_task(label, total=total)
        return play(lambda k: bar.update(task, completed=min(k, total)))


def _write_journal(path: Path, ruleset: str, seed: int | str, game: Any) -> None:
    from ..storage import journal as jfile
    with jfile.locked(path):  # its creation serialised with any other on this name (which cleans up after a kill)
        jfile.create(path, {"ruleset": ruleset, "seed": seed, "setup": dict(game.setup),  # whole, or not at all
                            "opening": game.opening.to_dict()}, [e.to_dict() for e in game.entries])


@app.command()
def study(ruleset: str = typer.Argument(..., help="A registered game (campagne games)."),
          campaigns: int = typer.Option(50, "--campaigns", min=1, max=100_000),
          players: int = typer.Option(4, "--players", min=1, max=99),
          turns: int = typer.Option(12, "--turns", min=1, max=1000, help="Where the game's length is not fixed."),
          seed: str = typer.Option("1", "--seed"),
          controller: str = typer.Option("greedy", "--controller", help="greedy, random or mixed"),
          lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Balance study: many computer campaigns, win rates with 95 % intervals. / Étude d'équilibre."""
    o = out(lang, json_)

    def go() -> None:
        descriptor = _computer_game(ruleset, controller, players)
        module = descriptor.load("study")
        result = _with_progress(o, o.t("Campagnes", "Campaigns"), campaigns,
                                lambda on: module.run(campaigns, players, turns, seed, controller, on))
        data = result.to_dict()
        if o.json:
            o.data(data)
            return
        for line in module.text(data, o):
            o.text(line)
    run_safely(o, go)


from ..core.errors import register_messages  # noqa: E402

register_messages({
    "cli.player_count": {"en": "{game} is played by {low} to {high} players, not {count}.",
                         "fr": "{game} se joue de {low} à {high} joueurs, pas {count}."},
})
