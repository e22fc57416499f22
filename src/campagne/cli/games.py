"""`campagne games [NAME]`: the registered games, from their descriptors; with a name, what its commands take."""

from __future__ import annotations

from typing import Any, Optional

import typer

from .main import app
from .output import JsonOpt, LangOpt, Out, out, run_safely


@app.command()
def games(name: Optional[str] = typer.Argument(None, help="One game: its players' fields and its options."),
          lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """The games campagne serves. / Les jeux que campagne sait mener."""
    o = out(lang, json_)

    def go() -> None:
        from ..registry import game, games as registered
        if name:
            return _one(o, game(name))
        infos = [g.info() for g in registered().values()]
        if o.json:
            o.data(infos)
            return
        for info in infos:
            o.text(_headline(o, info))
    run_safely(o, go)


def _headline(o: Out, info: dict[str, Any]) -> str:
    kinds = {"campaign": o.t("campagne", "campaign"), "battle": o.t("bataille", "battle")}
    low, high = info["players"]
    return (f"{info['name']:<10} {info['title'][o.lang]} — {kinds.get(info['kind'], info['kind'])}, "
            + (o.t(f"{low} joueurs", f"{low} players") if low == high
               else o.t(f"{low} à {high} joueurs", f"{low} to {high} players")))


def _one(o: Out, descriptor: Any) -> None:
    from .game_options import options_help
    info = descriptor.info()
    if o.json:
        o.data(info)
        return
    o.text(_headline(o, info))
    words = [o.t("CONTRÔLEUR", "CONTROLLER"), *(f.name.upper() for f in descriptor.player_fields), o.t("NOM", "NAME")]
    o.text(o.t("  joueurs : -p ID", "  players: -p ID") + "".join(f"[:{w}" for w in words) + "]" * len(words))
    o.text(o.t("  contrôleurs : ", "  controllers: ") + ", ".join(info["controllers"]))
    for f in descriptor.player_fields:
        shown = ", ".join(f.choices) if f.choices else ""
        o.text(f"    {f.name.upper()}: {f.help.get(o.lang, '')}" + (f" ({shown})" if shown else ""))
    for command, declared in (("new", descriptor.setup_options), ("battle-result", descriptor.battle_options)):
        if declared:
            o.text(o.t(f"campagne {command} — options de {descriptor.name} :",
                       f"campagne {command} — options of {descriptor.name}:"))
            for line in options_help(declared, o.lang):
                o.text(line)
