"""The campaign sheets of the annex "Exemple de feuille de campagne", rebuilt from the journal.

One sheet per player: a header (Joueur, Peuple, Royaume, Butin courant, Points d'armées, Force de
combat, Initiative, Territoires possédés) read from the current state, then one block per turn
(Événement, Diplomatie, Butin, Ravitaillé, Mouvement, Bataille, Conquête, Notes) derived only from
the journal's events. A sheet shows what its player wrote or learnt: his own strategy, the
opponent's once revealed, and private agreements only on the sheets of their parties.

`build_sheets` gives plain data (JSON-ready); `sheets_markdown` and `sheets_html` lay it out. The turns
are written by `sheet_book.Book`, with the words of `sheet_words`.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from typing import Any

from ...core.errors import CampagneError
from ...render.sheet_page import SHEET_CSS
from . import army as armies
from .sheet_book import Book
from .sheet_words import player_name, word
from .state import AtlantisState


# --------------------------------------------------------------------------- building


def build_sheets(header: Mapping[str, Any], entries: Iterable[Mapping[str, Any]], state: AtlantisState,
                 lang: str = "fr") -> list[dict[str, Any]]:
    """One sheet per player: header from `state`, turns from the journal's events."""
    lang = "fr" if lang == "fr" else "en"
    book = Book(state, lang)
    events = list((header.get("opening") or {}).get("events", []))
    for entry in entries:
        events += entry.get("events", [])
    for ev in events:
        book.feed(ev)
    book.finish()
    return [{**_sheet_header(state, pid, header), "turns": book.turns[pid]} for pid in state.players]


def _sheet_header(state: AtlantisState, pid: str, header: Mapping[str, Any]) -> dict[str, Any]:
    p = state.players[pid]
    army = p.army
    people, people_fr = (army.people, army.people_fr) if army else (None, None)
    if people is None:
        set_up = next((q.get("army", {}) for q in header.get("setup", {}).get("players", [])
                       if q.get("id") == pid), {})
        people, people_fr = set_up.get("people"), set_up.get("people_fr")
    strength = initiative = None
    if army is not None:
        try:
            strength = armies.combat_strength(army, p.leadership_mod)
        except CampagneError:  # a Warband not rolled yet (a recruited unit): no single value
            strength = None
        initiative = armies.initiative(army, p.leadership_mod)
    kingdom = state.map.kingdoms[p.kingdom].name if p.kingdom in state.map.kingdoms else None
    return {"player": pid, "name": p.name, "people": people, "people_fr": people_fr or people, "kingdom": kingdom,
            "loot": p.loot,
            "army_points": army.points if army else 0, "strength": strength, "initiative": initiative,
            "territories": [state.map.territories[t].name for t in state.owned(pid)],
            "eliminated": p.eliminated}


# --------------------------------------------------------------------------- layout


def _header_pairs(sheet: Mapping[str, Any], lang: str) -> list[tuple[str, str]]:
    name = player_name(sheet, lang) + (f" ({word('eliminated', lang)})" if sheet.get("eliminated") else "")
    people = sheet.get("people_fr") if lang == "fr" else None
    return [(word("player", lang), name), (word("people", lang), _s(people or sheet["people"])),
            (word("kingdom", lang), _s(sheet["kingdom"])), (word("loot_now", lang), _s(sheet["loot"])),
            (word("army_points", lang), _s(sheet["army_points"])),
            (word("strength", lang), _s(sheet["strength"])),
            (word("initiative", lang), _s(sheet["initiative"])),
            (word("territories", lang), ", ".join(sheet["territories"]) or "—")]


def _s(value: Any) -> str:
    return "—" if value is None or value == "" else str(value)


def _cells(turn: Mapping[str, Any], lang: str) -> list[tuple[str, list[tuple[str | None, str, int]]]]:
    """Each line of a turn block: (label, [(cell label or None, value, columns spanned)]), 3 columns."""
    w = lambda k: word(k, lang)  # noqa: E731
    loot = turn["loot"]
    sup = turn["supplied"]
    mv = turn["movement"] or {}
    bt = turn["battle"] or {}
    cq = turn["conquest"] or {}
    return [
        (w("event"), [(None, _s(turn["event"]), 3)]),
        (w("diplomacy"), [(None, _s(turn["diplomacy"]), 3)]),
        (w("loot"), [(w("taxes"), _s(loot["taxes"]), 1), (w("reinforcements"), _s(loot["reinforcements"]), 1),
                     (w("fortresses"), ", ".join(loot["fortresses"]) or "—", 1)]),
        (w("supplied"), [(None, ("☒ " if sup is True else "☐ ") + w("yes"), 1),
                         (None, ("☒ " if sup is False else "☐ ") + w("no"), 1),
                         (w("effect"), _s(turn["supply_effect"]), 1)]),
        (w("movement"), [(w("from"), _s(mv.get("from")), 2), (w("to"), _s(mv.get("to")), 1)]),
        (w("battle"), [(w("strategy"), _s(bt.get("strategy")), 1), (w("scenario"), _s(bt.get("scenario")), 1),
                       (w("result"), _s(bt.get("result")), 1)]),
        (w("conquest"), [(w("conquered"), _s(cq.get("territory")), 2),
                         (w("effect"), _s(cq.get("effect")), 1)]),
    ]


def _md(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def sheets_markdown(sheets: list[Mapping[str, Any]], lang: str = "fr") -> str:
    lang = "fr" if lang == "fr" else "en"
    sep = " :" if lang == "fr" else ":"
    out: list[str] = []
    for sheet in sheets:
        out += [f"# {word('title', lang)} — {_md(player_name(sheet, lang))}", ""]
        out += [f"- **{k}**{sep} {_md(v)}" for k, v in _header_pairs(sheet, lang)]
        for turn in sheet["turns"]:
            out += ["", f"## {word('turn', lang)} {turn['turn']}", "", "| | | | |", "|---|---|---|---|"]
            for label, cells in _cells(turn, lang):
                row = [f"**{_md(label)}**"]
                for cell_label, value, span in cells:
                    row.append(_md(f"{cell_label}{sep} {value}" if cell_label else value))
                    row += [""] * (span - 1)
                out.append("| " + " | ".join(row) + " |")
            notes = "<br>".join(_md(n) for n in turn["notes"]) if turn["notes"] else "—"
            out.append(f"| **{word('notes', lang)}** | {notes} | | |")
        out.append("")
    return "\n".join(out)


_CSS = SHEET_CSS + """
table.turn th.n { font-size: 1.3em; width: 2em; text-align: center; }
table.turn th.l { width: 8em; background: #eee; }
.lbl { display: block; font-size: .75em; color: #555; }
"""

def sheets_html(sheets: list[Mapping[str, Any]], lang: str = "fr") -> str:
    lang = "fr" if lang == "fr" else "en"
    e = html.escape
    out = [f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">',
           f"<title>{e(word('title', lang))}</title>\n<style>{_CSS}</style>\n</head>\n<body>"]
    for sheet in sheets:
        out.append(f'<section class="player" id="{e(str(sheet["player"]))}">')
        out.append(f"<h1>{e(word('title', lang))} — {e(player_name(sheet, lang))}</h1>")
        out.append('<dl class="head">' + "".join(f"<dt>{e(k)}</dt><dd>{e(v)}</dd>"
                                                 for k, v in _header_pairs(sheet, lang)) + "</dl>")
        for turn in sheet["turns"]:
            lines = _cells(turn, lang)
            out.append('<table class="turn">')
            for i, (label, cells) in enumerate(lines):
                first = f'<th class="n" rowspan="{len(lines)}">{turn["turn"]}</th>' if i == 0 else ""
                tds = "".join(
                    (f'<td colspan="{span}">' if span > 1 else "<td>")
                    + (f'<span class="lbl">{e(cl)}</span>' if cl else "") + f"{e(value)}</td>"
                    for cl, value, span in cells)
                out.append(f'<tr>{first}<th class="l">{e(label)}</th>{tds}</tr>')
            notes = "<br>".join(e(n) for n in turn["notes"]) or "—"
            out.append(f'<tr><th class="l" colspan="2">{e(word("notes", lang))}</th>'
                       f'<td colspan="3">{notes}</td></tr>')
            out.append("</table>")
        out.append("</section>")
    out.append("</body>\n</html>\n")
    return "\n".join(out)
