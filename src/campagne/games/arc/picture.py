"""Arc as a picture: the city's hexes (flat-topped, standing in columns, each labelled with the name players
type), its terrain and places, and the counters the viewer sees — full or reduced side, stacks, the viewer's
own hidden counters drawn dashed (nobody else's view holds them)."""

from __future__ import annotations

import math
from html import escape
from typing import Any

from .board import Board, arc_board

SIZE = 16.0
SQ3 = math.sqrt(3.0)
FILL = {"clear": "#f4efe1", "hill": "#d9c9a3", "wall": "#6e6259", "gate": "#b59f7b", "river": "#9cc3e4",
        "marsh": "#a9c7a0"}
SIDE_COLOUR = {"bonnaire": "#b03a2e", "ulf": "#1f618d", "fereira": "#1e8449"}
SHORT = {"mpa_infantry": "INF", "mpa_archers": "ARC", "mpa_cavalry": "CAV", "wynandy": "WYN", "bhar_priests": "PBh",
         "koulnikov": "KOU", "allied_barons": "BAR", "mercenaries": "MER", "fraternite": "FR", "bonnaire": "BON",
         "faithful": "FID", "christian_priests": "PCh", "knights": "CHE", "gonzague": "GON", "ulf": "ULF",
         "ulf_barons": "BAR", "people": "PEU", "snipers": "SNI", "dwarves": "NAI", "carmelina": "CAR",
         "borges": "BOR", "aris": "ARI", "fereira": "FER"}


def centre(board: Board, h: str) -> tuple[float, float]:
    c, r = board.coords[h]
    return (SIZE + c * 1.5 * SIZE, SIZE + r * SQ3 / 2 * SIZE)


def hexagon(x: float, y: float) -> str:
    pts = " ".join(f"{x + SIZE * math.cos(math.radians(60 * i)):.1f},{y + SIZE * math.sin(math.radians(60 * i)):.1f}"
                   for i in range(6))
    return f'<polygon points="{pts}"'


def counter(u: dict[str, Any], x: float, y: float, k: int, lang: str) -> str:
    colour = SIDE_COLOUR.get(u["side"], "#555")
    w = SIZE * 0.95
    x0, y0 = x - w / 2 + 2.5 * k, y - w / 2 - 2.5 * k
    fill = colour if not u["reduced"] else "#ffffff"
    text = colour if u["reduced"] else "#ffffff"
    dash = ' stroke-dasharray="2,1.5"' if u["hidden"] else ""
    name = escape(u["name"]["fr" if lang == "fr" else "en"])
    side = ("dos" if lang == "fr" else "reduced") if u["reduced"] else ("face" if lang == "fr" else "full")
    return (f'<g class="counter"><title>{escape(u["id"])}: {name} ({side})</title>'
            f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{w:.1f}" height="{w:.1f}" rx="1.5" fill="{fill}" '
            f'stroke="{colour}" stroke-width="1.2"{dash}/>'
            f'<text x="{x0 + w / 2:.1f}" y="{y0 + w / 2 + 2:.1f}" font-size="5.5" text-anchor="middle" '
            f'fill="{text}">{SHORT.get(u["type"], u["type"][:3])}</text></g>')


def picture(view: dict[str, Any], lang: str = "fr") -> str:
    board = arc_board() if view.get("map", "arc") == "arc" else None
    if board is None:
        raise ValueError("only the map of Arc is drawn")
    return draw(board, view, lang)


def draw(board: Board, view: dict[str, Any], lang: str = "fr") -> str:
    width = SIZE * 2 + (len(board.letters) - 1) * 1.5 * SIZE + SIZE
    height = SIZE * 2 + (board.rows + 1) * SQ3 / 2 * SIZE + 40
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
           f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif">']
    title = ("Le jeu du destin d'Arc — tour " if lang == "fr" else "Le jeu du destin d'Arc — turn ") + str(view.get("turn", 0))
    out.append(f'<text x="4" y="{height - 24:.0f}" font-size="11">{escape(title)}</text>')
    for h in board.coords:
        x, y = centre(board, h)
        out.append(f'{hexagon(x, y)} fill="{FILL[board.kind(h)]}" stroke="#998" stroke-width="0.4"/>')
        out.append(f'<text x="{x:.1f}" y="{y - SIZE * 0.55:.1f}" font-size="4" text-anchor="middle" fill="#776">{h}</text>')
    for p in board.places.values():
        x, y = centre(board, p.hex)
        colour = "#c9a227" if p.strategic else "#555"
        holder = view.get("control", {}).get(p.id)
        ring = SIDE_COLOUR.get(holder or "", colour)
        out.append(f'{hexagon(x, y)} fill="none" stroke="{ring}" stroke-width="2"/>')
        out.append(f'<text x="{x:.1f}" y="{y + SIZE + 5:.1f}" font-size="6" text-anchor="middle" fill="{colour}">'
                   f'{escape(p.fr if lang == "fr" else p.en)}</text>')
    stacks: dict[str, list[dict[str, Any]]] = {}
    for u in view.get("units", []):
        if u.get("hex") in board.coords:
            stacks.setdefault(u["hex"], []).append(u)
    for h, us in stacks.items():
        x, y = centre(board, h)
        for k, u in enumerate(us[:3]):
            out.append(counter(u, x, y, k, lang))
        if len(us) > 1:
            out.append(f'<text x="{x + SIZE * 0.55:.1f}" y="{y + SIZE * 0.7:.1f}" font-size="6" fill="#000">'
                       f'×{len(us)}</text>')
    legend = "; ".join(f"{s}" for s in SIDE_COLOUR)
    out.append(f'<text x="4" y="{height - 10:.0f}" font-size="8">{escape(legend)}</text>')
    out.append("</svg>")
    return "\n".join(out)


def picture_as(state: Any, lang: str = "fr", viewer: str | None = None) -> str:
    """The map as `viewer` sees it (the one interface's picture): drawn from that viewer's view only."""
    from .views import view
    return picture(view(state, viewer), lang)
