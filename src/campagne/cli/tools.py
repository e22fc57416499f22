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
        from ..render.text import naming
        from ..session import chosen_names
        text = descriptor.load("text")
        o.text(text.status_text(game.view(None), naming(o, text, chosen_names(game.setup))))
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
          games: int = typer.Option(50, "--games", "--campaigns", help="Games to play (for each --vary value)."),
          players: Optional[int] = typer.Option(None, "--players", help="Default: the game's seats, or 4."),
          turns: int = typer.Option(12, "--turns", help="Where the game's length is not fixed."),
          seed: str = typer.Option("1", "--seed", help="Game i is played on the seed SEED/i."),
          controller: list[str] = typer.Option([], "--controller",
                                               help="A computer player for all seats, or repeated: one per seat."),
          vary: list[str] = typer.Option([], "--vary", help="FIELD=V1,V2: players, turns or a set-up option its "
                                                            "simulation takes (needs --out)."),
          out_dir: Optional[str] = typer.Option(None, "--out", help="Write DIR/games.parquet and DIR/report.html."),
          workers: Optional[int] = typer.Option(None, "--workers", help="Local Dask worker processes (default: "
                                                                        "one per core)."),
          cluster: Optional[str] = typer.Option(None, "--cluster", help="An existing Dask scheduler (tcp://HOST:PORT)."),
          open_: bool = typer.Option(False, "--open", help="Open the report in a browser."),
          lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Balance study: many computer campaigns, win rates with 95 % intervals. / Étude d'équilibre."""
    o = out(lang, json_)

    def go() -> None:
        from ..studies import spec as studies
        if out_dir is not None:
            return _study_out(o, studies.build(ruleset, games, players, turns, parse_seed(seed), controller, vary),
                              Path(out_dir), workers, cluster, open_)
        _study_text(o, ruleset, games, players, turns, seed, controller, vary, workers, cluster, open_)
    run_safely(o, go)


def _study_text(o: Out, ruleset: str, games: int, players: Optional[int], turns: int, seed: str,
                controllers: list[str], vary: list[str], workers: Optional[int], cluster: Optional[str],
                open_: bool) -> None:
    """The study's text report, played here (without --out)."""
    from ..core.errors import CampagneError
    from ..studies import spec as studies
    given = [("--vary", vary), ("--workers", workers is not None), ("--cluster", cluster), ("--open", open_),
             ("--controller", len(controllers) > 1)]
    for option, used in given:
        if used:
            raise CampagneError("studies.needs_out", option=option)
    controller = controllers[0] if controllers else "greedy"
    spec = studies.build(ruleset, games, players, turns, parse_seed(seed), [controller])
    descriptor = _computer_game(ruleset, controller, spec.players)
    module = descriptor.load("study")
    result = _with_progress(o, o.t("Campagnes", "Campaigns"), games,
                            lambda on: module.run(games, spec.players, turns, seed, controller, on))
    data = result.to_dict()
    if o.json:
        o.data(data)
        return
    for line in module.text(data, o):
        o.text(line)


def _study_out(o: Out, spec: Any, directory: Path, workers: Optional[int], cluster: Optional[str],
               open_: bool) -> None:
    """The study played on Dask, its rows in DIR/games.parquet and its report in DIR/report.html."""
    from ..studies.run import check_where, run_study
    check_where(directory, workers, cluster)  # before the progress bar shows
    written = _with_progress(o, o.t("Parties", "Games"), spec.size(),
                             lambda on: run_study(spec, directory, workers, cluster, o.lang, on))
    if o.json:
        o.data({"games": written.games, "rows": str(written.rows), "report": str(written.report)})
    else:
        o.text(o.t(f"{written.games} parties : {written.rows} ; rapport : {written.report}",
                   f"{written.games} games: {written.rows}; report: {written.report}"))
    if open_:
        import webbrowser
        webbrowser.open(written.report.resolve().as_uri())


from ..core.errors import register_messages  # noqa: E402

register_messages({
    "cli.player_count": {"en": "{game} is played by {low} to {high} players, not {count}.",
                         "fr": "{game} se joue de {low} à {high} joueurs, pas {count}."},
})
