"""The Gorges campaign sheets laid out for printing: Markdown, and HTML with one page per player."""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

from ...render.sheet_page import SHEET_CSS
from .sheet_words import say, sep, word

# --------------------------------------------------------------------------- layout


def _header_pairs(sheet: Mapping[str, Any], lang: str) -> list[tuple[str, str]]:
    pairs = [(word("player", lang), f"{sheet['name']} ({sheet['player']})" if sheet["name"] != sheet["player"]
              else sheet["name"]),
             (word("race", lang), sheet["race_name"]), (word("capital", lang), sheet["capital"]),
             (word("relics", lang), str(sheet["relics"])),
             (word("territories", lang), f"{len(sheet['territories'])} — " + (", ".join(sheet["territories"]) or "—")),
             (word("hostages", lang), ", ".join(sheet["hostages"]) or "—")]
    if sheet.get("rank"):
        pairs.append((word("rank", lang), say("rank", lang, r=sheet["rank"], of=sheet["players"])))
    return pairs


def _army_line(a: Mapping[str, Any], lang: str) -> str:
    colon = " : " if lang == "fr" else ": "
    hero = a["hero"] + (f" ({a['hero_status']})" if a["hero_status"] else "")
    parts = [f"{a['key']}{colon}{hero}, {a['where']}"]
    if a["hero_traits"]:
        parts.append(", ".join(a["hero_traits"]))
    if a["items"]:
        parts.append(", ".join(a["items"]))
    if a["renown"]:
        label = "Régiments de Renom" if lang == "fr" else "Regiments of Renown"
        parts.append(f"{label}{colon}" + " / ".join(a["renown"]))
    if a["notes"]:
        label = "À venir" if lang == "fr" else "Pending"
        parts.append(f"{label}{colon}" + " / ".join(a["notes"]))
    return sep(lang).join(parts)


def _battle_lines(b: Mapping[str, Any], lang: str) -> list[str]:
    colon = " : " if lang == "fr" else ": "
    head = f"{b['title']}{colon}{b['result']}" + (f" ({b['how']})" if b.get("how") else "")
    out = [head]
    if b["notes"]:
        out.append(say("battle_notes", lang, n=", ".join(b["notes"])))
    out += [x for x in (b["spoils"], b["defeat"], b["fate"]) if x]
    out += list(b["injuries"]) + list(b["lines"])
    return out


def _blocks(turn: Mapping[str, Any], lang: str) -> list[tuple[str, list[str]]]:
    """The turn's lines: (label, [lines]); an empty list prints as a dash."""
    def w(key: str) -> str:
        return word(key, lang)
    ev = turn["event"]
    event = [ev["text"] + (f" — {sep(lang).join(ev['details'])}" if ev["details"] else "")] if ev else []
    rel = turn["relics"]
    relics = [say("relics_total", lang, found=rel["found"], gained=rel["gained"], total=rel["total"])] + rel["details"]
    extra = []
    if turn["next_battle"]:
        extra.append(say("player_notes", lang, n=" / ".join(turn["next_battle"])))
    if turn["battle_points"]:
        extra.append(say("battle_points", lang, n=turn["battle_points"]))
    if turn["items"]:
        extra.append(say("items_waiting", lang, items=", ".join(turn["items"])))
    return [
        (w("order"), [f"{turn['place']}/{turn['of']} — " + ", ".join(turn["order"])] if turn["place"] else []),
        (w("event"), event),
        (w("relic_points"), relics),
        (w("mines"), list(turn["mines"])),
        (w("movement"), list(turn["movement"])),
        (w("buildings"), list(turn["buildings"])),
        (w("challenges"), list(turn["challenges"])),
        (w("saves"), list(turn["saves"])),
        (w("battles"), [line for b in turn["battles"] for line in _battle_lines(b, lang)]),
        (w("conquests"), list(turn["conquests"])),
        (w("held"), [f"{len(turn['territories'])} — " + ", ".join(turn["territories"])]),
        (w("armies"), [_army_line(a, lang) for a in turn["armies"]] + extra),
        (w("hostages"), list(turn["hostages"])),
        (w("notes"), list(turn["notes"])),
    ]


def _turn_title(turn: Mapping[str, Any], lang: str) -> str:
    return (f"{word('turn', lang)} {turn['turn']} — "
            + say("season_turn", lang, season=turn["season_name"], n=turn["season_turn"]))


def _md(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ").replace("<", "&lt;")


def sheets_markdown(sheets: list[Mapping[str, Any]], lang: str = "fr") -> str:
    lang = "fr" if lang == "fr" else "en"
    colon = " :" if lang == "fr" else ":"
    out: list[str] = []
    for sheet in sheets:
        out += [f"# {word('title', lang)} — {_md(sheet['name'])}", ""]
        out += [f"- **{k}**{colon} {_md(v)}" for k, v in _header_pairs(sheet, lang)]
        for turn in sheet["turns"]:
            out += ["", f"## {_md(_turn_title(turn, lang))}", "", "| | |", "|---|---|"]
            for label, lines in _blocks(turn, lang):
                cell = "<br>".join(_md(x) for x in lines) if lines else "—"
                out.append(f"| **{_md(label)}** | {cell} |")
        out.append("")
    return "\n".join(out)


_CSS = SHEET_CSS + """
table.turn caption { text-align: left; font-weight: bold; font-size: 1.1em; padding: .2em 0; }
table.turn th { width: 10em; background: #eee; }
table.turn td p { margin: 0; }
@media print { body { font-size: 10pt; } }
"""

def sheets_html(sheets: list[Mapping[str, Any]], lang: str = "fr") -> str:
    lang = "fr" if lang == "fr" else "en"
    e = html.escape
    out = [f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">',
           f"<title>{e(word('title', lang))}</title>\n<style>{_CSS}</style>\n</head>\n<body>"]
    for sheet in sheets:
        out.append(f'<section class="player" id="{e(str(sheet["player"]))}">')
        out.append(f"<h1>{e(word('title', lang))} — {e(sheet['name'])}</h1>")
        out.append('<dl class="head">' + "".join(f"<dt>{e(k)}</dt><dd>{e(v)}</dd>"
                                                 for k, v in _header_pairs(sheet, lang)) + "</dl>")
        for turn in sheet["turns"]:
            out.append(f'<table class="turn" id="{e(str(sheet["player"]))}-{turn["turn"]}">')
            out.append(f"<caption>{e(_turn_title(turn, lang))}</caption>")
            for label, lines in _blocks(turn, lang):
                cell = "".join(f"<p>{e(x)}</p>" for x in lines) if lines else "—"
                out.append(f"<tr><th>{e(label)}</th><td>{cell}</td></tr>")
            out.append("</table>")
        out.append("</section>")
    out.append("</body>\n</html>\n")
    return "\n".join(out)


__all__ = ["sheets_html", "sheets_markdown"]
