"""Tool commands: dice, exact odds, army strength, unattended simulation."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any, Optional

import typer

from .main import JsonOpt, LangOpt, app, atlantis_app, odds_atlantis, out
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


def _fmt(p: Fraction) -> str:
    return f"{float(p):7.2%}  ({p})"


@odds_atlantis.command("conquest")
def odds_conquest(force: int = typer.Option(..., "--force", help="The army's combat strength."),
                  bribe: int = typer.Option(0, "--bribe", help="Loot spent on bribes (+1 per 50)."),
                  terrain: str = typer.Option("plain", "--terrain", help="plain|river|forest|mountain"),
                  capital: bool = typer.Option(False, "--capital"),
                  capital_unconquered: bool = typer.Option(False, "--capital-unconquered"),
                  atlantis: bool = typer.Option(False, "--atlantis"),
                  player_territory: bool = typer.Option(False, "--player-territory"),
                  fortresses: int = typer.Option(0, "--fortresses"),
                  exact: bool = typer.Option(False, "--exact", help="Fractions instead of decimals in JSON."),
                  lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Exact odds of a conquest. / Probabilités exactes d'une conquête."""
    o = out(lang, json_)

    def go() -> None:
        from ..games.atlantis import odds
        r = odds.conquest(force, bribe=bribe, terrain=terrain, capital=capital,
                          capital_unconquered=capital_unconquered, atlantis=atlantis,
                          player_territory=player_territory, fortresses=fortresses)
        if o.json:
            o.data(odds.conquest_json(r, exact=exact))
            return
        names = {"taken_easily": o.t("pris facilement", "taken easily"), "taken": o.t("pris", "taken"),
                 "beaten": o.t("battu", "beaten"), "crushed": o.t("écrasé", "crushed")}
        for k, v in r.outcomes.items():
            o.text(f"{names[k]:>16}: {_fmt(v)}")
        o.text(o.t("Figurines perdues en moyenne : ", "Expected models lost: ") + f"{float(r.expected_models_lost):.3f}")
        o.text(o.t("Butin gagné en moyenne : ", "Expected loot gained: ") + f"{float(r.expected_loot_gained):.2f}")
        o.text(o.t("Manches en moyenne : ", "Expected rounds: ") + f"{float(r.expected_rounds):.3f}")
    run_safely(o, go)


@odds_atlantis.command("passage")
def odds_passage(bribe: int = typer.Option(0, "--bribe"),
                 general_ld: Optional[int] = typer.Option(None, "--general-ld"),
                 no_general: bool = typer.Option(False, "--no-general"),
                 exact: bool = typer.Option(False, "--exact"),
                 lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Exact odds of negotiating a right of passage. / Probabilité d'obtenir un droit de passage."""
    o = out(lang, json_)

    def go() -> None:
        from ..core.errors import CampagneError
        from ..games.atlantis import odds
        if no_general and general_ld is not None:
            raise CampagneError("cli.general_conflict")
        p = odds.passage(bribe=bribe, general_ld=None if no_general else (8 if general_ld is None else general_ld), no_general=no_general)
        if o.json:
            o.data(odds.passage_json(p, exact=exact))
        else:
            o.text(o.t("Réussite : ", "Success: ") + _fmt(p))
    run_safely(o, go)


@odds_atlantis.command("battle")
def odds_battle(attacker_force: int = typer.Option(..., "--attacker-force"),
                defender_force: int = typer.Option(..., "--defender-force"),
                general_indisposed: bool = typer.Option(False, "--general-indisposed"),
                exact: bool = typer.Option(False, "--exact"),
                lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Exact odds of the Simulation des combats. / Probabilités exactes de la simulation des combats."""
    o = out(lang, json_)

    def go() -> None:
        from ..games.atlantis import odds
        r = odds.battle(attacker_force, defender_force, general_indisposed=general_indisposed)
        if o.json:
            o.data(odds.battle_json(r, exact=exact))
            return
        o.text(o.t("Victoire de l'attaquant : ", "Attacker wins: ") + _fmt(r.attacker_wins))
        o.text(o.t("Victoire du défenseur : ", "Defender wins: ") + _fmt(r.defender_wins))
        o.text(o.t("Points perdus en moyenne : attaquant ", "Expected points lost: attacker ")
               + f"{float(r.expected_points_lost_attacker):.1f}, "
               + o.t("défenseur ", "defender ") + f"{float(r.expected_points_lost_defender):.1f}")
    run_safely(o, go)


@odds_atlantis.command("supply")
def odds_supply(previous_unsupplied_turns: int = typer.Option(0, "--previous-unsupplied-turns"),
                spend: int = typer.Option(0, "--spend"), exact: bool = typer.Option(False, "--exact"),
                lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Exact odds of the lack-of-supply table. / Probabilités exactes du manque de ravitaillement."""
    o = out(lang, json_)

    def go() -> None:
        from ..games.atlantis import odds
        from ..games.atlantis.data import tables
        r = odds.supply(previous_unsupplied_turns=previous_unsupplied_turns, spend=spend)
        if o.json:
            o.data(odds.supply_json(r, exact=exact))
            return
        table = tables()["supply"]
        for key, p in r.items():
            row = table.row(key)
            o.text(f"{_fmt(p)}  {row.text(o.lang)}")
    run_safely(o, go)


@atlantis_app.command("strength")
def strength(army_file: str = typer.Argument(..., help="An army list (TOML) or a packaged list name."),
             lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Combat strength and initiative of an army list. / Force de combat et initiative d'une armée."""
    o = out(lang, json_)

    def go() -> None:
        from ..games.atlantis import army as armies
        a = armies.load_army_file(army_file) if army_file.endswith(".toml") else \
            armies.load_packaged_army(army_file)
        dist = armies.strength_distribution(a)
        rolled = len(dist) == 1
        payload = {"army": a.name, "points": a.points, "initiative": armies.initiative(a),
                   "strength": next(iter(dist)) if rolled else None,
                   "strength_distribution": {str(k): float(v) for k, v in dist.items()},
                   "strength_breakdown": None, "initiative_breakdown": armies.initiative_breakdown(a, 0, o.lang)}
        if rolled:
            payload["strength_breakdown"] = armies.strength_breakdown(a, 0, o.lang)
        if o.json:
            o.data(payload)
            return
        o.text(f"{a.name} — {a.points} " + o.t("points", "points"))
        if rolled:
            for label, v in payload["strength_breakdown"]:
                o.text(f"  {label:<32} {v:+d}")
            o.text(o.t("Force de combat : ", "Combat strength: ") + str(payload["strength"]))
        else:
            o.text(o.t("Force de combat (Warbands pas encore lancées) :",
                       "Combat strength (Warbands not rolled yet):"))
            for k, v in dist.items():
                o.text(f"  {k:>4}: {_fmt(v)}")
        for label, v in payload["initiative_breakdown"]:
            o.text(f"  {label:<32} {v:+d}")
        o.text(o.t("Initiative : ", "Initiative: ") + str(payload["initiative"]))
    run_safely(o, go)


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


from ..core.errors import register_messages  # noqa: E402

register_messages({
    "cli.general_conflict": {"en": "Give either --general-ld or --no-general, not both.",
                             "fr": "Donnez --general-ld ou --no-general, pas les deux."},
})
