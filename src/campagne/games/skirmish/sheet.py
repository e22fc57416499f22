"""The battle sheets: one per camp, its units now (cards, cell, hit points, corruption), its losses, and the
battle round by round as the journal tells it (nothing in a grid battle is secret)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ...core.i18n import Lang
from .state import SkirmishState
from .text import event_text, unit_line
from .views import view

QUIET = ("activated",)


def build_sheets(header: Mapping[str, Any], entries: Iterable[Mapping[str, Any]], state: SkirmishState,
                 lang: str = "fr", viewer: str | None = None) -> list[dict[str, Any]]:
    o = Lang("fr" if lang == "fr" else "en")
    rounds: dict[int, list[str]] = {}
    r = 0
    for entry in [header.get("opening") or {}, *entries]:
        if entry.get("undone"):
            continue
        for e in entry.get("events", []):
            if e.get("type") == "round":
                r = e["round"]
            if e.get("type") not in QUIET:
                rounds.setdefault(r, []).append(event_text(e, o))
    sheets = []
    for camp in (state.camps if viewer is None else (viewer,)):
        v = view(state, camp)
        sheets.append({"player": camp, "name": state.names.get(camp, camp), "defender": camp == state.camps[0],
                       "hp": f"{v['hp_left'][camp]}/{v['start_hp'][camp]}",
                       "units": [unit_line(u, o).strip() for u in v["units"] if u["camp"] == camp and u["status"] != "destroyed"],
                       "lost": [u["id"] for u in v["units"] if u["camp"] == camp and u["status"] == "destroyed"],
                       "rounds": [{"round": k, "lines": lines} for k, lines in sorted(rounds.items())]})
    return sheets


def sheets_markdown(sheets: list[dict[str, Any]], lang: str = "fr") -> str:
    o = Lang("fr" if lang == "fr" else "en")
    out: list[str] = []
    for sh in sheets:
        role = o.t(" (défenseur)", " (defender)") if sh["defender"] else ""
        out.append(f"# {sh['name']}{role}")
        out.append(o.t("Points de vie : ", "Hit points: ") + sh["hp"])
        out.append("")
        out.append("## " + o.t("Unités", "Units"))
        out += [f"- {u}" for u in sh["units"]]
        if sh["lost"]:
            out.append("")
            out.append(o.t("Détruites : ", "Destroyed: ") + ", ".join(sh["lost"]))
        for r in sh["rounds"]:
            out.append("")
            out.append("## " + (o.t("Déploiement", "Deployment") if r["round"] == 0 else f"Round {r['round']}"))
            out += [f"- {line}" for line in r["lines"]]
        out.append("")
    return "\n".join(out)


def sheets_html(sheets: list[dict[str, Any]], lang: str = "fr") -> str:
    from ...render.sheet_page import markdown_page
    return markdown_page(sheets_markdown(sheets, lang), "Bataille")
