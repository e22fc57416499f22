"""The grid battle as a picture: the battlefield's squares (terrain colour and letter, height shading and level,
slopes dashed and cliffs thick between levels, cells named on the edges), the deployment zones while camps deploy,
each unit on the field with its hit points and its corruption, and a legend, drawn from what the viewer's view holds,
in his language.

A unit's label is its card's abbreviation and its number ("SOL2": soldiers.2, the legend gives the abbreviations),
its `data-thing` its id; each cell's `data-place` its name: the club's page gives orders on them."""

from __future__ import annotations

from html import escape
from typing import Any

from ...core.i18n import Lang
from ...render.legend import Row, legend
from .text import campaign_card, namer

SIZE = 28
FILL = {".": "#eef0dc", "F": "#7fa86a", "B": "#b08d5e", "R": "#a9a29a", "H": "#c8d99a", "M": "#9fbfb0",
        "W": "#8fc1e3"}
CAMP_COLOURS = ("#b03a2e", "#1f618d", "#1e8449", "#7d3c98")
SHORT = {"soldiers": ("SOL", "SOL"), "militia": ("MIL", "MIL"), "archers": ("ARC", "ARC"), "skirmishers": ("TIR", "SKI"),
         "knights": ("CHE", "KNI"), "champion": ("CHA", "CHA"), "mortar": ("MOR", "MOR"), "mage": ("MAG", "MAG"),
         "archmage": ("AMG", "AMG"), "peasants": ("PAY", "PEA"), "merchants": ("MAR", "MER")}


def _shade(level: int) -> str:
    return f"#000000\" fill-opacity=\"{min(0.45, 0.12 * level):.2f}"


PANEL = 230


def label(u: dict[str, Any], lang: str) -> str:
    short = SHORT.get(u["card"], (u["card"][:3].upper(),) * 2)[0 if lang == "fr" else 1]
    return short + str(u["id"]).partition(".")[2]


def picture(view: dict[str, Any], lang: str = "fr") -> str:
    lang = "fr" if lang == "fr" else "en"
    called = namer(view)
    b = view["battlefield"]
    w, h = b["width"], b["height"]
    left, top = 20, 20
    rows = _legend_rows(view, lang)
    width, height = left + w * SIZE + 10 + PANEL, max(top + h * SIZE + 60, 10 + 30 + 16 * len(rows) + 10)
    colour = {c: CAMP_COLOURS[i % len(CAMP_COLOURS)] for i, c in enumerate(view["camps"])}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif">']
    from .grid import column_name
    for x in range(w):
        out.append(f'<text x="{left + x * SIZE + SIZE / 2}" y="{top - 6}" font-size="9" text-anchor="middle">'
                   f'{column_name(x)}</text>')
    for y in range(h):
        out.append(f'<text x="{left - 4}" y="{top + y * SIZE + SIZE / 2 + 3}" font-size="9" text-anchor="end">{y + 1}</text>')
        for x in range(w):
            t, lv = b["terrain"][y][x], int(b["levels"][y][x])
            px, py = left + x * SIZE, top + y * SIZE
            out.append(f'<rect class="cell" data-place="{column_name(x)}{y + 1}" x="{px}" y="{py}" width="{SIZE}" '
                       f'height="{SIZE}" fill="{FILL.get(t, "#fff")}" stroke="#999" stroke-width="0.5"/>')
            if lv:
                out.append(f'<rect x="{px}" y="{py}" width="{SIZE}" height="{SIZE}" fill="{_shade(lv)}"/>')
                out.append(f'<text x="{px + SIZE - 3}" y="{py + 9}" font-size="7" text-anchor="end" fill="#333">{lv}</text>')
            if t != ".":
                out.append(f'<text x="{px + 3}" y="{py + 9}" font-size="7" fill="#333">{t}</text>')
    for y in range(h):  # the edges between levels: a slope thin and dashed, a cliff thick
        for x in range(w):
            here = int(b["levels"][y][x])
            for dx, dy in ((1, 0), (0, 1)):
                if x + dx >= w or y + dy >= h:
                    continue
                step = abs(int(b["levels"][y + dy][x + dx]) - here)
                if not step:
                    continue
                x0, y0 = left + (x + dx) * SIZE, top + (y + dy) * SIZE
                x1, y1 = (x0, y0 + SIZE) if dx else (x0 + SIZE, y0)
                style = 'stroke="#3b2f2f" stroke-width="3"' if step >= 2 else 'stroke="#6b5b4b" stroke-dasharray="2,2"'
                out.append(f'<line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y1}" {style}/>')
    for camp, cells in view.get("zones", {}).items():
        for name in cells:
            x, y = _xy(name)
            out.append(f'<rect x="{left + x * SIZE + 1}" y="{top + y * SIZE + 1}" width="{SIZE - 2}" height="{SIZE - 2}" '
                       f'fill="none" stroke="{colour[camp]}" stroke-dasharray="3,2"/>')
    for u in view["units"]:
        if u["status"] != "deployed" or not u["cell"]:
            continue
        x, y = _xy(u["cell"])
        cx, cy = left + x * SIZE + SIZE / 2, top + y * SIZE + SIZE / 2
        name = escape(u["name"]["fr" if lang == "fr" else "en"])
        if campaign_card(u["id"]):  # a campaign battle's card: whose and which army unit it stands for
            name = f'{escape(called(u["id"], Lang(lang)))} — {name}'
        ring = ' stroke="#000" stroke-width="2"' if u["id"] == view.get("active") else ' stroke="#fff" stroke-width="1"'
        shape = (f'<rect x="{cx - 10}" y="{cy - 10}" width="20" height="20" rx="3" fill="{colour[u["camp"]]}"{ring}/>'
                 if u["kind"] == "military" else f'<circle cx="{cx}" cy="{cy}" r="10" fill="{colour[u["camp"]]}"{ring}/>')
        corr = f'<text x="{cx + 11}" y="{cy - 6}" font-size="7" fill="#6c3483">✶{u["corruption"]}</text>' if u["corruption"] else ""
        out.append(f'<g class="unit" data-thing="{escape(u["id"])}"><title>{escape(u["id"])}: {name}, {u["hp"]}/{u["max_hp"]}</title>{shape}'
                   f'<text x="{cx}" y="{cy - 1}" font-size="7" text-anchor="middle" fill="#fff">'
                   f'{escape(label(u, lang))}</text>'
                   f'<text x="{cx}" y="{cy + 8}" font-size="7" text-anchor="middle" fill="#fff">{u["hp"]}/{u["max_hp"]}</text>'
                   f'{corr}</g>')
    title = (f"{b['fr']} — round {view['round']}" if lang == "fr" else f"{b['en']} — round {view['round']}")
    out.append(f'<text x="{left}" y="{top + h * SIZE + 18}" font-size="11">{escape(title)}</text>')
    for i, c in enumerate(view["camps"]):
        out.append(f'<rect x="{left + i * 90}" y="{top + h * SIZE + 28}" width="10" height="10" fill="{colour[c]}"/>'
                   f'<text x="{left + i * 90 + 14}" y="{top + h * SIZE + 37}" font-size="9">{escape(c)} '
                   f'{view["hp_left"][c]}/{view["start_hp"][c]}</text>')
    out.append(legend(left + w * SIZE + 16, 6, PANEL - 12, "Légende" if lang == "fr" else "Legend", rows, font=9))
    out.append("</svg>")
    return "\n".join(out)


def _legend_rows(view: dict[str, Any], lang: str) -> list[Row]:
    from .data import terrain_by_char
    fr = lang == "fr"
    colour = {c: CAMP_COLOURS[i % len(CAMP_COLOURS)] for i, c in enumerate(view["camps"])}
    names = {p: v.get("name", p) for p, v in view.get("players", {}).items()}
    rows: list[Row] = [("heading", "", "Camps" if fr else "Sides")]
    rows += [("colour", colour[c], names.get(c, c)) for c in view["camps"]]
    rows.append(("heading", "", "Terrain"))
    rows += [("letter", f"{'' if ch == '.' else ch} on {FILL[ch]}", t.fr if fr else t.en)
             for ch, t in terrain_by_char().items() if ch in FILL]
    rows.append(("heading", "", "Symboles" if fr else "Symbols"))
    rows += [("mark", '<rect x="-5" y="-5" width="10" height="10" rx="2" fill="#555"/>',
              "unité militaire (points de vie)" if fr else "military unit (hit points)"),
             ("mark", '<circle r="5" fill="#555"/>', "civils" if fr else "civilians"),
             ("mark", '<text x="-3" y="3" font-size="8" fill="#6c3483">✶</text>', "corruption"),
             ("mark", '<rect x="-6" y="-5" width="12" height="10" fill="#000" fill-opacity="0.24"/>',
              "hauteur (niveau en haut à droite)" if fr else "height (level at the top right)"),
             ("mark", '<line x1="-6" y1="0" x2="6" y2="0" stroke="#6b5b4b" stroke-dasharray="2,2"/>',
              "pente (+1 PA)" if fr else "slope (+1 AP)"),
             ("mark", '<line x1="-6" y1="0" x2="6" y2="0" stroke="#3b2f2f" stroke-width="3"/>',
              "falaise" if fr else "cliff"),
             ("mark", '<rect x="-6" y="-5" width="12" height="10" fill="none" stroke="#555" stroke-dasharray="3,2"/>',
              "zone de déploiement" if fr else "deployment zone")]
    cards = sorted({u["card"] for u in view["units"]})
    if cards:
        rows.append(("heading", "", "Unités (abréviation + numéro)" if fr else "Units (abbreviation + number)"))
        for card in cards:
            u = next(u for u in view["units"] if u["card"] == card)
            short = SHORT.get(card, (card[:3].upper(),) * 2)[0 if fr else 1]
            rows.append(("mark", "", f"{short}: {card} ({u['name']['fr' if fr else 'en']})"))
    return rows


def _xy(name: str) -> tuple[int, int]:
    letters = "".join(c for c in name if c.isalpha())
    x = 0
    for c in letters:
        x = x * 26 + ord(c) - 64
    return x - 1, int(name[len(letters):]) - 1


def picture_as(state: Any, lang: str = "fr", viewer: str | None = None) -> str:
    """The battlefield as `viewer` sees it (the one interface's picture), drawn from that viewer's view."""
    from .views import view
    return picture(view(state, viewer), lang)
