"""Atlantis's own commands: `campagne odds atlantis conquest|passage|battle|supply` and
`campagne atlantis strength`, mounted by the command line from the game's descriptor (`register`)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Optional

import typer

from ...cli.output import JsonOpt, LangOpt, out, run_safely
from ...core.i18n import chance

odds_atlantis = typer.Typer(no_args_is_help=True, help="Atlantis odds (seed 000). / Probabilités de l'Atlantide.")
atlantis_app = typer.Typer(no_args_is_help=True, help="Atlantis tools (seed 000). / Outils de l'Atlantide.")


def register(app: typer.Typer, odds_app: typer.Typer) -> None:
    odds_app.add_typer(odds_atlantis, name="atlantis")
    app.add_typer(atlantis_app, name="atlantis")


def _fmt(p: Fraction, o: Any) -> str:
    """A probability in a table: its percentage as the reader's language writes it (--json keeps the fraction)."""
    return f"{chance(p, o.lang):>8}"


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
        from . import odds
        r = odds.conquest(force, bribe=bribe, terrain=terrain, capital=capital,
                          capital_unconquered=capital_unconquered, atlantis=atlantis,
                          player_territory=player_territory, fortresses=fortresses)
        if o.json:
            o.data(odds.conquest_json(r, exact=exact))
            return
        names = {"taken_easily": o.t("pris facilement", "taken easily"), "taken": o.t("pris", "taken"),
                 "beaten": o.t("battu", "beaten"), "crushed": o.t("écrasé", "crushed")}
        for k, v in r.outcomes.items():
            o.text(f"{names[k]:>16}: {_fmt(v, o)}")
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
        from ...core.errors import CampagneError
        from . import odds
        if no_general and general_ld is not None:
            raise CampagneError("cli.general_conflict")
        p = odds.passage(bribe=bribe, general_ld=None if no_general else (8 if general_ld is None else general_ld), no_general=no_general)
        if o.json:
            o.data(odds.passage_json(p, exact=exact))
        else:
            o.text(o.t("Réussite : ", "Success: ") + _fmt(p, o))
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
        from . import odds
        r = odds.battle(attacker_force, defender_force, general_indisposed=general_indisposed)
        if o.json:
            o.data(odds.battle_json(r, exact=exact))
            return
        o.text(o.t("Victoire de l'attaquant : ", "Attacker wins: ") + _fmt(r.attacker_wins, o))
        o.text(o.t("Victoire du défenseur : ", "Defender wins: ") + _fmt(r.defender_wins, o))
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
        from . import odds
        from .data import tables
        r = odds.supply(previous_unsupplied_turns=previous_unsupplied_turns, spend=spend)
        if o.json:
            o.data(odds.supply_json(r, exact=exact))
            return
        table = tables()["supply"]
        for key, p in r.items():
            row = table.row(key)
            o.text(f"{_fmt(p, o)}  {row.text(o.lang)}")
    run_safely(o, go)


@atlantis_app.command("strength")
def strength(army_file: str = typer.Argument(..., help="An army list (TOML) or a packaged list name."),
             lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Combat strength and initiative of an army list. / Force de combat et initiative d'une armée."""
    o = out(lang, json_)

    def go() -> None:
        from . import army as armies
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
                o.text(f"  {k:>4}: {_fmt(v, o)}")
        for label, v in payload["initiative_breakdown"]:
            o.text(f"  {label:<32} {v:+d}")
        o.text(o.t("Initiative : ", "Initiative: ") + str(payload["initiative"]))
    run_safely(o, go)


from ...core.errors import register_messages  # noqa: E402

register_messages({
    "cli.general_conflict": {"en": "Give either --general-ld or --no-general, not both.",
                             "fr": "Donnez --general-ld ou --no-general, pas les deux."},
})
