"""`campagne games`: the registered games, from their descriptors."""

from __future__ import annotations

from typing import Optional

from .main import app
from .output import JsonOpt, LangOpt, out, run_safely


@app.command()
def games(lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """The games campagne serves. / Les jeux que campagne sait mener."""
    o = out(lang, json_)

    def go() -> None:
        from ..registry import games as registered
        infos = [g.info() for g in registered().values()]
        if o.json:
            o.data(infos)
            return
        kinds = {"campaign": o.t("campagne", "campaign"), "battle": o.t("bataille", "battle")}
        for info in infos:
            low, high = info["players"]
            o.text(f"{info['name']:<10} {info['title'][o.lang]} — {kinds.get(info['kind'], info['kind'])}, "
                   + o.t(f"{low} à {high} joueurs", f"{low} to {high} players"))
    run_safely(o, go)
