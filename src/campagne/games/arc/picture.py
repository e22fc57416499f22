"""Arc as a picture: the city's hexes (flat-topped, standing in columns, each labelled with the name players
type), its terrain and places, the lasting spells (a zone hatched over its hexes, a star on a counter a spell lies
on), the counters the viewer sees — full or reduced side, stacks, the viewer's own hidden counters drawn dashed
(nobody else's view holds them) — and a legend, all in the viewer's language.

Each counter's label is its kind's abbreviation and its number ("MER4": mercenaries.4, the legend gives the
abbreviations), its `data-thing` its id; each hex's `data-place` its name: the club's page gives orders on them."""

from __future__ import annotations

import math
from html import escape
from typing import Any

from ...render.legend import Row, legend
from .board import Board, arc_board
from .words import side as side_name
from .words import spell_name

SIZE = 16.0
SQ3 = math.sqrt(3.0)
PANEL = 280.0
FILL = {"clear": "#f4efe1", "hill": "#d9c9a3", "wall": "#6e6259", "gate": "#b59f7b", "river": "#9cc3e4",
        "marsh": "#a9c7a0"}
TERRAIN = {"clear": ("terrain dégagé", "open ground"), "hill": ("colline", "hill"), "wall": ("rempart", "wall"),
           "gate": ("porte", "gate"), "river": ("rivière", "river"), "marsh": ("marais", "marsh")}
SIDE_COLOUR = {"bonnaire": "#b03a2e", "ulf": "#1f618d", "fereira": "#1e8449"}
ZONE = "#7d3c98"
# A counter's abbreviation, French then English.
SHORT = {"mpa_infantry": ("INF", "INF"), "mpa_archers": ("ARC", "ARC"), "mpa_cavalry": ("CAV", "CAV"),
         "wynandy": ("WYN", "WYN"), "bhar_priests": ("PBh", "PBh"), "koulnikov": ("KOU", "KOU"),
         "allied_barons": ("BAR", "BAR"), "mercenaries": ("MER", "MER"), "fraternite": ("FR", "FR"),
         "bonnaire": ("BON", "BON"), "faithful": ("FID", "FAI"), "christian_priests": ("PCh", "CPr"),
         "knights": ("CHE", "KNI"), "gonzague": ("GON", "GON"), "ulf": ("ULF", "ULF"), "ulf_barons": ("BUL", "BUL"),
         "people": ("PEU", "PEO"), "snipers": ("SNI", "SNI"), "dwarves": ("NAI", "DWA"), "carmelina": ("CAR", "CAR"),
         "borges": ("BOR", "BOR"), "aris": ("ARI", "ARI"), "fereira": ("FER", "FER")}


def _t(lang: str, fr: str, en: str) -> str:
    return fr if lang == "fr" else en


class _O:  # the words' language, as the game's text takes it
    def __init__(self, lang: str) -> None:
        self.lang = lang

    def t(self, fr: str, en: str) -> str:
        return _t(self.lang, fr, en)


def centre(board: Board, h: str) -> tuple[float, float]:
    c, r = board.coords[h]
    return (SIZE + c * 1.5 * SIZE, SIZE + r * SQ3 / 2 * SIZE)


_CORNERS = [(SIZE * math.cos(math.radians(60 * i)), SIZE * math.sin(math.radians(60 * i))) for i in range(6)]


def hexagon(x: float, y: float) -> str:
    pts = " ".join(f"{x + dx:.1f},{y + dy:.1f}" for dx, dy in _CORNERS)
    return f'<polygon points="{pts}"'


_grids: dict[int, tuple[Board, str]] = {}


def _grid(board: Board) -> str:
    """The board's hexes, the same on every map drawn of it (drawn once: a page's map is drawn per reader)."""
    held = _grids.get(id(board))
    if held is None or held[0] is not board:
        out = []
        for h in board.coords:
            x, y = centre(board, h)
            out.append(f'{hexagon(x, y)} class="hex" data-place="{h}" fill="{FILL[board.kind(h)]}" stroke="#998" '
                       f'stroke-width="0.4"/>')
            out.append(f'<text x="{x:.1f}" y="{y - SIZE * 0.55:.1f}" font-size="4" text-anchor="middle" '
                       f'fill="#776">{h}</text>')
        held = _grids[id(board)] = (board, "\n".join(out))
    return held[1]


def label(u: dict[str, Any], lang: str) -> str:
    """The counter's abbreviation and number: what the legend explains and a player reads back as its id."""
    short = SHORT.get(u["type"], (u["type"][:3].upper(),) * 2)[0 if lang == "fr" else 1]
    number = str(u["id"]).partition(".")[2]
    return short + number


def counter(u: dict[str, Any], x: float, y: float, k: int, lang: str, spells: list[str]) -> str:
    colour = SIDE_COLOUR.get(u["side"], "#555")
    w = SIZE * 0.95
    x0, y0 = x - w / 2 + 2.5 * k, y - w / 2 - 2.5 * k
    fill = colour if not u["reduced"] else "#ffffff"
    ink = colour if u["reduced"] else "#ffffff"
    dash = ' stroke-dasharray="2,1.5"' if u["hidden"] else ""
    name = u["name"]["fr" if lang == "fr" else "en"]
    state = _t(lang, "dos", "reduced") if u["reduced"] else _t(lang, "face", "full")
    tip = f'{u["id"]}: {name} ({state})' + "".join(f" — {s}" for s in spells)
    star = (f'<text x="{x0 + w - 1:.1f}" y="{y0 + 3:.1f}" font-size="6" fill="{ZONE}">✶</text>' if spells else "")
    return (f'<g class="counter" data-thing="{escape(u["id"])}"><title>{escape(tip)}</title>'
            f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{w:.1f}" height="{w:.1f}" rx="1.5" fill="{fill}" '
            f'stroke="{colour}" stroke-width="1.2"{dash}/>'
            f'<text x="{x0 + w / 2:.1f}" y="{y0 + w / 2 + 2:.1f}" font-size="5" text-anchor="middle" '
            f'fill="{ink}">{escape(label(u, lang))}</text>{star}</g>')


def picture(view: dict[str, Any], lang: str = "fr") -> str:
    board = arc_board() if view.get("map", "arc") == "arc" else None
    if board is None:
        raise ValueError("only the map of Arc is drawn")
    return draw(board, view, lang)


def effect_words(e: dict[str, Any], lang: str) -> str:
    """A lasting spell as the status lists it (the map's hover and legend)."""
    from .text import effect_line
    return effect_line(e, _O(lang))


def draw(board: Board, view: dict[str, Any], lang: str = "fr") -> str:
    lang = "fr" if lang == "fr" else "en"
    map_w = SIZE * 2 + (len(board.letters) - 1) * 1.5 * SIZE + SIZE
    map_h = SIZE * 2 + (board.rows + 1) * SQ3 / 2 * SIZE + 40
    units = [u for u in view.get("units", []) if u.get("hex") in board.coords]
    rows = _legend_rows(view, units, lang)
    width, height = map_w + PANEL, max(map_h, 10 + 30 + 16 * len(rows) + 10)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
           f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif">',
           f'<defs><pattern id="arc-zone" width="4" height="4" patternUnits="userSpaceOnUse" '
           f'patternTransform="rotate(45)"><rect width="2" height="4" fill="{ZONE}" fill-opacity="0.45"/></pattern>'
           f'</defs>']
    title = _t(lang, "Le jeu du destin d'Arc — tour ", "The game of Arc's fate — turn ") + str(view.get("turn", 0))
    out.append(f'<text x="4" y="{map_h - 24:.0f}" font-size="11">{escape(title)}</text>')
    out.append(_grid(board))
    for e in view.get("effects", []):
        for h in e.get("hexes") or []:
            if h in board.coords:
                x, y = centre(board, h)
                out.append(f'{hexagon(x, y)} class="spell-zone" fill="url(#arc-zone)" stroke="{ZONE}" '
                           f'stroke-width="1"><title>{escape(effect_words(e, lang))}</title></polygon>')
    for p in board.places.values():
        x, y = centre(board, p.hex)
        colour = "#c9a227" if p.strategic else "#555"
        holder = view.get("control", {}).get(p.id)
        ring = SIDE_COLOUR.get(holder or "", colour)
        out.append(f'{hexagon(x, y)} fill="none" stroke="{ring}" stroke-width="2"/>')
        out.append(f'<text x="{x:.1f}" y="{y + SIZE + 5:.1f}" font-size="6" text-anchor="middle" fill="{colour}">'
                   f'{escape(p.fr if lang == "fr" else p.en)}</text>')
    on_unit: dict[str, list[str]] = {}
    for e in view.get("effects", []):
        if e.get("unit"):
            on_unit.setdefault(e["unit"], []).append(effect_words(e, lang))
    stacks: dict[str, list[dict[str, Any]]] = {}
    for u in units:
        stacks.setdefault(u["hex"], []).append(u)
    for h, us in stacks.items():
        x, y = centre(board, h)
        for k, u in enumerate(us[:3]):
            out.append(counter(u, x, y, k, lang, on_unit.get(u["id"], [])))
        if len(us) > 1:
            # every counter of a deep stack is named under it: a player types their ids
            names = " ".join(label(u, lang) for u in us)
            out.append(f'<text x="{x + SIZE * 0.55:.1f}" y="{y + SIZE * 0.7:.1f}" font-size="6" fill="#000">'
                       f'×{len(us)}<title>{escape(names)}</title></text>')
    out.append(legend(map_w + 6, 6, PANEL - 12, _t(lang, "Légende", "Legend"), rows, font=9))
    out.append("</svg>")
    return "\n".join(out)


def _legend_rows(view: dict[str, Any], units: list[dict[str, Any]], lang: str) -> list[Row]:
    o = _O(lang)
    rows: list[Row] = [("heading", "", _t(lang, "Camps", "Sides"))]
    rows += [("colour", c, side_name(s, o)) for s, c in SIDE_COLOUR.items()]
    rows.append(("heading", "", _t(lang, "Terrain", "Terrain")))
    rows += [("colour", FILL[k], _t(lang, *TERRAIN[k])) for k in FILL]
    rows.append(("heading", "", _t(lang, "Symboles", "Symbols")))
    rows += [("mark", '<rect x="-6" y="-5" width="12" height="10" fill="none" stroke="#c9a227" stroke-width="2"/>',
              _t(lang, "point stratégique (anneau : qui le tient)", "strategic point (ring: who holds it)")),
             ("mark", '<rect x="-5" y="-5" width="10" height="10" fill="#fff" stroke="#555"/>',
              _t(lang, "pion réduit (dos)", "reduced counter")),
             ("mark", '<rect x="-5" y="-5" width="10" height="10" fill="#555" stroke="#555" stroke-dasharray="2,1.5"/>',
              _t(lang, "votre pion caché", "your hidden counter")),
             ("mark", f'<rect x="-6" y="-5" width="12" height="10" fill="url(#arc-zone)" stroke="{ZONE}"/>',
              _t(lang, "zone d'un sort en cours", "zone of a lasting spell")),
             ("mark", f'<text x="-3" y="3" font-size="9" fill="{ZONE}">✶</text>',
              _t(lang, "sort en cours sur le pion", "a spell lies on the counter"))]
    kinds = sorted({u["type"] for u in units})
    if kinds:
        rows.append(("heading", "", _t(lang, "Pions (abréviation + numéro)", "Counters (abbreviation + number)")))
        for k in kinds:
            short = SHORT.get(k, (k[:3].upper(),) * 2)[0 if lang == "fr" else 1]
            name = next(u["name"]["fr" if lang == "fr" else "en"] for u in units if u["type"] == k)
            rows.append(("mark", "", f"{short}: {k} ({name})"))
    effects = view.get("effects", [])
    if effects:
        rows.append(("heading", "", _t(lang, "Sorts en cours", "Lasting spells")))
        rows += [("mark", f'<text x="-3" y="3" font-size="9" fill="{ZONE}">✶</text>', effect_words(e, lang))
                 for e in effects]
    return rows


def picture_as(state: Any, lang: str = "fr", viewer: str | None = None) -> str:
    """The map as `viewer` sees it (the one interface's picture): drawn from that viewer's view only."""
    from .views import view
    return picture(view(state, viewer), lang)
