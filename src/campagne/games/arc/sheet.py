"""Arc's game sheets: one per side, its counters now and its turns as its player saw them (the journal redacted
for that player, so a sheet never shows another's hidden counters nor declarations)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ...core.i18n import Lang
from .data import SIDES
from .state import ArcState
from .text import event_text, side, unit_line
from .views import redact_entry, view

QUIET = ("declared", "done", "resolve", "phase", "control")


def build_sheets(header: Mapping[str, Any], entries: Iterable[Mapping[str, Any]], state: ArcState,
                 lang: str = "fr", viewer: str | None = None) -> list[dict[str, Any]]:
    o = Lang("fr" if lang == "fr" else "en")
    entries = list(entries)
    sheets = []
    for s in (SIDES if viewer is None else (viewer,)):
        v = view(state, s)
        turns: dict[int, list[str]] = {}
        turn = 0
        for entry in entries:
            for e in (redact_entry(dict(entry), s) or {}).get("events", []):
                if e.get("type") == "turn":
                    turn = e["turn"]
                if e.get("type") not in QUIET:
                    turns.setdefault(turn, []).append(event_text(e, o))
        sheets.append({"player": s, "name": state.names.get(s, s), "side": side(s, o),
                       "forces": state.forces[s], "objective": v["objectives"][s],
                       "counters": [unit_line(u, o).strip() for u in v["units"] if u["side"] == s],
                       "lost": [x for x in v["lost"] if x in state.units and state.units[x].side == s],
                       "turns": [{"turn": t, "lines": lines} for t, lines in sorted(turns.items())]})
    return sheets


def sheets_markdown(sheets: list[dict[str, Any]], lang: str = "fr") -> str:
    o = Lang("fr" if lang == "fr" else "en")
    out: list[str] = []
    for sh in sheets:
        out.append(f"# {sh['side']} — {sh['name']}")
        out.append(o.t("Objectif secret : ", "Secret objective: ") + sh["objective"][o.lang]
                   + f" ({sh['objective']['parts'][0]}/{sh['objective']['parts'][1]})")
        out.append("")
        out.append("## " + o.t("Pions", "Counters"))
        out += [f"- {c}" for c in sh["counters"]]
        if sh["lost"]:
            out.append("")
            out.append(o.t("Perdus : ", "Lost: ") + ", ".join(sh["lost"]))
        for t in sh["turns"]:
            out.append("")
            out.append("## " + (o.t("Mise en place", "Set-up") if t["turn"] == 0 else o.t(f"Tour {t['turn']}", f"Turn {t['turn']}")))
            out += [f"- {line}" for line in t["lines"]]
        out.append("")
    return "\n".join(out)


def sheets_html(sheets: list[dict[str, Any]], lang: str = "fr") -> str:
    from ...render.sheet_page import markdown_page
    return markdown_page(sheets_markdown(sheets, lang), "Arc")
