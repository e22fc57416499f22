"""Campaign sheets of the Gorges Tranchées, one per player and turn, rebuilt from the journal.

The seed prints no sheet; this one follows the turn (« Les phases d'un tour de jeu ») and what the sequel
needs at the table: per turn the season, the player's place in the turn order, the event drawn, the relic
points found and held, the mines' production, moves, buildings, challenges issued and answered, save rolls,
battles with their after-battle results (spoils of war, ignominious defeat, fate of the beaten army, injuries),
territories won and lost; then, as they stood at the end of the turn, the territories held, the armies (hero,
position, Regiments of Renown, what waits for their next battle) and the hostages.

Everything per turn is read from the journal's events alone (the board is followed event by event, so a
sheet never needs the rules to replay); the header (race, capital, relic points, territories, rank) is read
from the current state. `build_sheets` gives plain data (JSON-ready, texts already in the sheet's language);
`sheets_markdown` and `sheets_html` lay it out for printing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .sheet_battles import BattleEvents
from .sheet_board import BoardEvents
from .sheet_book import cell_order, territory_name
from .sheet_print import sheets_html, sheets_markdown
from .sheet_words import race_name
from .state import GorgesState


def build_sheets(header: Mapping[str, Any], entries: Iterable[Mapping[str, Any]], state: GorgesState,
                 lang: str = "fr") -> list[dict[str, Any]]:
    """One sheet per player: a header from `state`, then one row per turn from the journal's events."""
    lang = "fr" if lang == "fr" else "en"
    book = _Book(state, header, lang)
    opening = header.get("opening") or {}
    book.entry(opening.get("command") or {"type": "setup"}, opening.get("events", []))
    for entry in entries:
        book.entry(entry.get("command") or {}, entry.get("events", []))
    book.finish()
    return [{**_sheet_header(state, pid, lang), "turns": book.turns[pid]} for pid in state.players]


def _sheet_header(s: GorgesState, pid: str, lang: str) -> dict[str, Any]:
    p = s.players[pid]
    rank = next((r for r in (s.standings or []) if r["player"] == pid), None)
    return {"player": pid, "name": p.name, "race": p.race, "race_name": race_name(p.race, lang),
            "controller": p.controller, "capital": territory_name(s, p.capital), "relics": p.relics,
            "territories": [territory_name(s, t) for t in sorted(s.owned(pid), key=cell_order)],
            "hostages": [f"{h['hero']} ({h['player']}:{h['army']})" for h in p.hostages],
            "rank": rank["rank"] if rank else None, "players": len(s.players)}


class _Book(BoardEvents, BattleEvents):
    """The whole book: every handler of the events a sheet shows."""


__all__ = ["build_sheets", "sheets_html", "sheets_markdown"]
