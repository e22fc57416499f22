"""Tool commands: dice, exact odds, army strength, unattended simulation."""

from __future__ import annotations

from fractions import Fraction
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


def _check_computer_run(ruleset: str, controller: str, known: tuple[str, ...] = ("atlantis",)) -> None:
    """What `simulate` and `study` accept: a campaign of `known`, played by computer players."""
    from ..core.errors import CampagneError
    if ruleset not in known:
        raise CampagneError("ruleset.unknown", name=ruleset, known=", ".join(known))
    if controller not in ("greedy", "random", "mixed"):
        raise CampagneError("cli.bad_controller", spec=controller, controller=controller)


@app.command()
def simulate(ruleset: str = typer.Argument(..., help="atlantis or gorges"),
             players: int = typer.Option(4, "--players", min=1, max=9, help="Gorges: 2 to 8."),
             turns: int = typer.Option(12, "--turns", min=1, max=10_000),
             seed: str = typer.Option("1", "--seed"),
             controller: str = typer.Option("greedy", "--controller", help="greedy, random or mixed"),
             journal_file: Optional[str] = typer.Option(None, "--journal", help="Also write the journal here."),
             lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Play a whole campaign with computer players. / Jouer une campagne entière avec des ordinateurs."""
    o = out(lang, json_)

    def go() -> None:
        _check_computer_run(ruleset, controller, ("atlantis", "gorges"))
        seed_value = parse_seed(seed)
        if ruleset == "gorges":
            game = _play_gorges(o, players, min(turns, 12), seed_value, controller)
        else:
            from ..games.atlantis.simulate import run_campaign
            game = _with_progress(o, o.t("Campagne", "Campaign"), turns, lambda on_turn: run_campaign(
                players, turns, seed_value, controller, on_turn=on_turn))
        if journal_file:
            _write_journal(Path(journal_file), ruleset, seed_value, game)
        if o.json:
            o.data({"turns": game.state.turn, "commands": len(game.entries),
                    "standings": game.state.standings or [], "journal": journal_file})
            return
        from ..registry import game as registered
        o.text(registered(ruleset).load("text").status_text(game.view(None), o))
        if journal_file:
            o.text(o.t(f"Journal : {journal_file}", f"Journal: {journal_file}"))
    run_safely(o, go)


def _with_progress(o: Out, label: str, total: int, play: Any, first: int = 1) -> Any:
    """Run `play(on_turn)` under a progress bar by turn (none with --json); `first` is the number the
    first turn reports, for games that report a turn as it starts rather than as it ends."""
    if o.json:
        return play(None)
    from rich.progress import Progress
    with Progress(transient=True) as bar:
        task = bar.add_task(label, total=total)
        return play(lambda t: bar.update(task, completed=min(t - first + 1, total)))


def _play_gorges(o: Out, players: int, turns: int, seed: int | str, controller: str) -> Any:
    """A Gorges year by computer players (their races spread over the fifteen)."""
    from ..core.errors import CampagneError
    from ..games.gorges.simulate import default_players, simulate
    if not 2 <= players <= 8:
        raise CampagneError("gorges.setup.players", count=players)
    roster = default_players(players, controller)
    return _with_progress(o, o.t("Année sur l'île", "A year on the island"), turns,
                          lambda on_turn: simulate(roster, seed, on_turn=on_turn, turns=turns), first=2)


def _write_journal(path: Path, ruleset: str, seed: int | str, game: Any) -> None:
    from ..storage import journal as jfile
    jfile.create(path, {"ruleset": ruleset, "seed": seed, "setup": dict(game.setup),
                        "opening": game.opening.to_dict()})
    jfile.append(jfile.read(path), [e.to_dict() for e in game.entries])


@app.command()
def study(ruleset: str = typer.Argument(..., help="atlantis or gorges"),
          campaigns: int = typer.Option(50, "--campaigns", min=1, max=100_000),
          players: int = typer.Option(4, "--players", min=2, max=9),
          turns: int = typer.Option(12, "--turns", min=1, max=1000, help="Atlantis only (a Gorges year is 12)."),
          seed: str = typer.Option("1", "--seed"),
          controller: str = typer.Option("greedy", "--controller", help="greedy, random or mixed"),
          lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Balance study: many computer campaigns, win rates with 95 % intervals. / Étude d'équilibre."""
    o = out(lang, json_)

    def go() -> None:
        _check_computer_run(ruleset, controller, ("atlantis", "gorges"))
        if ruleset == "gorges":
            from ..core.errors import CampagneError
            from ..games.gorges.study import run_study as gorges_study
            if players > 8:
                raise CampagneError("gorges.setup.players", count=players)
            play = lambda on: gorges_study(campaigns, players, seed, controller, on_campaign=on)  # noqa: E731
            groups = (("race", o.t("Par race", "By race")),
                      ("seat", o.t("Par place dans l'ordre du premier tour", "By seat in the first turn's order")))
        else:
            from ..games.atlantis.study import run_study
            play = lambda on: run_study(campaigns, players, turns, seed, controller, on_campaign=on)  # noqa: E731
            groups = (("army", o.t("Par armée", "By army")), ("kingdom", o.t("Par royaume", "By kingdom")),
                      ("placement", o.t("Par rang de placement (D100)", "By placement rank (D100)")))
        result = _with_progress(o, o.t("Campagnes", "Campaigns"), campaigns, play)
        data = result.to_dict()
        if o.json:
            o.data(data)
            return
        for by, title in groups:
            o.text(title)
            for row in data[f"by_{by}"]:
                lo, hi = row["ci95"]
                relics = f"  {row['mean_relics']:5.1f} " + o.t("reliques", "relics") if "mean_relics" in row else ""
                o.text(f"  {row[by]:<18} {row['wins']:>4}/{row['campaigns']:<4} {row['win_rate']:6.1%}  "
                       f"[{lo:.1%}, {hi:.1%}]{relics}")
        if ruleset == "gorges":
            o.text(o.t(f"Batailles par année : {data['battles_per_campaign']:.2f} ; "
                       f"jets de sauvegarde : {data['saves_per_campaign']:.2f}",
                       f"Battles per year: {data['battles_per_campaign']:.2f}; "
                       f"save rolls: {data['saves_per_campaign']:.2f}"))
        else:
            o.text(o.t(f"Batailles par campagne : {data['battles_per_campaign']:.2f} ; "
                       f"conquêtes : {data['conquests_per_campaign']:.2f}",
                       f"Battles per campaign: {data['battles_per_campaign']:.2f}; "
                       f"conquests: {data['conquests_per_campaign']:.2f}"))
    run_safely(o, go)
