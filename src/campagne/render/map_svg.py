"""The campaign map as a standalone SVG: who holds what, terrain, cities, fortresses, armies.

Pure and deterministic: the same arguments give the same bytes (no ids from memory
addresses, no dates, numbers printed with one decimal), so a map can be regenerated from the
journal and diffed. All text goes through `_text`/`_attr`: names come from club-edited files.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape

from ..core.errors import CampagneError, register_messages
from ..core.maps import Territory, TerritoryMap

register_messages({
    "render.bad_colour": {
        "en": "Colour {colour!r} for {player!r} is not of the form #rrggbb.",
        "fr": "La couleur {colour!r} de {player!r} n'est pas de la forme #rrggbb.",
    },
})

MAP_W, MAP_H = 1000, 800
TOP = 56  # title band
PANEL = 250  # legend panel on the right
WIDTH, HEIGHT = MAP_W + PANEL, MAP_H + TOP

SEA = "#a9cfe3"
SHALLOWS = "#cfe6f1"
NEUTRAL = "#ece2c6"  # Atlantean kings' land: parchment
INK = "#3b2f22"
FALLBACK = ("#c0392b", "#2e86c1", "#27ae60", "#8e44ad", "#d68910", "#17a589", "#7f8c8d", "#a04000", "#1f3a93")
FONT = "Georgia, 'Times New Roman', serif"

TEXTS = {
    "fr": {"atlantean": "Rois atlantes", "royal_city": "Cité royale", "fortress": "Forteresse",
           "army": "Armée", "plain": "Plaines", "river": "Plaines avec fleuve", "forest": "Forêts",
           "mountain": "Montagnes", "legend": "Légende", "kingdom": "Royaume", "owner": "Possesseur"},
    "en": {"atlantean": "Atlantean kings", "royal_city": "Royal city", "fortress": "Fortress",
           "army": "Army", "plain": "Plains", "river": "Plains with a river", "forest": "Forests",
           "mountain": "Mountains", "legend": "Legend", "kingdom": "Kingdom", "owner": "Held by"},
}

# Symbols are drawn around (0, 0) and placed with <use>.
DEFS = """<defs>
<g id="sym-mountain"><path d="M-10 5L-4 -5L2 5ZM-1 5L4 -2L9 5Z" fill="#a58f6e" stroke="#5b4a36" stroke-width="1"/></g>
<g id="sym-forest"><path d="M-5 -6L-1 2L-9 2ZM5 -7L10 2L0 2Z" fill="#3f7f3a" stroke="#234d20" stroke-width="0.8"/>
<path d="M-5 2V5M5 2V5" stroke="#5b3a1e" stroke-width="1.5"/></g>
<g id="sym-river"><path d="M-11 0q2.75 -4 5.5 0t5.5 0t5.5 0t5.5 0" fill="none" stroke="#2f6fb0" stroke-width="2"/></g>
<g id="sym-plain"><path d="M-7 3l2 -5l2 5M3 3l2 -5l2 5" fill="none" stroke="#7b8b3a" stroke-width="1.2"/></g>
<g id="sym-royal"><path d="M-8 4V-4L-4 0L0 -6L4 0L8 -4V4Z" fill="#e2b227" stroke="#6b4e08" stroke-width="1"/></g>
<g id="sym-fortress"><rect x="-4" y="-4" width="8" height="8" fill="#555" stroke="#111" stroke-width="1"/></g>
</defs>"""

_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def render_map(m: TerritoryMap, *, owners: Mapping[str, str | None] | None = None,
               colours: Mapping[str, str] | None = None, armies: Iterable[Mapping[str, Any]] = (),
               fortresses: Mapping[str, int] | None = None, title: str = "", lang: str = "fr",
               legend: Sequence[tuple[str, str]] | None = None) -> str:
    """The map as SVG text.

    owners / fortresses: per territory; a territory left out keeps what the map file says
    (owner None = its Atlantean king). colours: player id -> "#rrggbb"; a player without one
    gets a fixed fallback colour. armies: {"id", "player", "territory", "label"} dicts.
    legend: (colour, text) rows; by default one per player in `colours` plus the Atlantean kings.
    """
    words = TEXTS.get(lang, TEXTS["en"])
    owner_of = {tid: t.owner for tid, t in m.territories.items()}
    for tid, owner in (owners or {}).items():
        m.territory(tid)
        owner_of[tid] = owner
    forts = {tid: t.fortresses for tid, t in m.territories.items()}
    for tid, n in (fortresses or {}).items():
        m.territory(tid)
        forts[tid] = n
    army_list = [dict(a) for a in armies]
    for a in army_list:
        m.territory(a["territory"])
    palette = _palette(colours or {}, [*owner_of.values(), *(a.get("player") for a in army_list)])

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
           f'viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" font-family="{_attr(FONT)}">',
           DEFS,
           f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="{SEA}"/>',
           f'<text x="{MAP_W // 2}" y="38" text-anchor="middle" font-size="26" fill="{INK}">{_text(title)}</text>',
           f'<g transform="translate(0 {TOP})">']
    lone, borders, points = _geometry(m)
    out.append(f'<path d="{lone}" fill="none" stroke="{SHALLOWS}" stroke-width="14" '
               f'stroke-linejoin="round" stroke-linecap="round"/>')
    out.append('<g stroke="#8a7a62" stroke-width="0.8" stroke-linejoin="round">')
    for tid, t in m.territories.items():
        owner = owner_of[tid]
        fill = palette[owner] if owner is not None else NEUTRAL
        tip = (f"{t.name} — {words['kingdom']} {m.kingdoms[t.kingdom].name} — {words[t.terrain]} — "
               f"{words['owner']} : {owner if owner is not None else words['atlantean']}")
        out.append(f'<polygon class="territory" data-territory="{_attr(tid)}" data-place="{_attr(tid)}" points="{points[tid]}" '
                   f'fill="{fill}" fill-opacity="{1 if owner is None else 0.8}"><title>{_text(tip)}</title></polygon>')
    out.append("</g>")
    out.append(f'<path class="kingdom-borders" d="{borders}" fill="none" stroke="{INK}" '
               f'stroke-width="2.6" stroke-linejoin="round" stroke-linecap="round"/>')
    by_territory: dict[str, list[dict]] = {}
    for a in army_list:
        by_territory.setdefault(a["territory"], []).append(a)
    for tid, t in m.territories.items():
        out += _decorations(t, m.kingdoms[t.kingdom].name, forts[tid], by_territory.get(tid, []), palette)
    out.append("</g>")
    rows = list(legend) if legend is not None else (
        [(palette[p], p) for p in (colours or {})] + [(NEUTRAL, words["atlantean"])])
    out += _legend(rows, words)
    out.append("</svg>")
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------- pieces


def _decorations(t: Territory, kingdom: str, forts: int, armies: list[dict],
                 palette: Mapping[str | None, str]) -> list[str]:
    lx, ly = t.label
    out = []
    if t.royal_city:
        out.append(_use("royal", lx, ly - 17))
        # The kingdom's name sits over its capital: players talk in kingdoms, the map in territories.
        if kingdom.casefold() != t.name.casefold():
            out.append(f'<text class="kingdom" x="{_n(lx)}" y="{_n(ly - 28)}" text-anchor="middle" font-size="10" '
                       f'font-style="italic" letter-spacing="1" fill="{INK}">{_text(kingdom.upper())}</text>')
    lines = _wrap(t.name)
    spans = "".join(f'<tspan x="{_n(lx)}" dy="{0 if i == 0 else 12}">{_text(s)}</tspan>'
                    for i, s in enumerate(lines))
    out.append(f'<text class="label" x="{_n(lx)}" y="{_n(ly)}" text-anchor="middle" font-size="11" fill="{INK}" '
               f'stroke="#ffffff" stroke-width="3" stroke-opacity="0.7" paint-order="stroke">{spans}</text>')
    row = ly + 12 * (len(lines) - 1) + 12
    # What a player types in an order: the territory's id, under its printed name.
    out.append(f'<text class="id" x="{_n(lx)}" y="{_n(row - 2)}" text-anchor="middle" font-size="8" '
               f'font-family="monospace" fill="{INK}" fill-opacity="0.75">{_text(t.id)}</text>')
    row += 9
    if forts:
        out.append(_use(t.terrain, lx - 6 * forts - 4, row))
        for i in range(forts):
            out.append(f'<use class="fortress" xlink:href="#sym-fortress" x="{_n(lx + 10 + 11 * i)}" y="{_n(row)}"/>')
    else:
        out.append(_use(t.terrain, lx, row))
    for i, a in enumerate(armies):
        x = lx + 28 * (i - (len(armies) - 1) / 2)
        y = row + 20
        colour = palette[a.get("player")]
        label = str(a.get("label") or a.get("id") or "")
        tip = f"{label} ({a.get('player')})"
        out.append(f'<g class="army" data-army="{_attr(str(a.get("id", "")))}" data-thing="{_attr(str(a.get("id", "")))}">'
                   f'<title>{_text(tip)}</title>'
                   f'<circle cx="{_n(x)}" cy="{_n(y)}" r="11" fill="{colour}" stroke="#1a1a1a" stroke-width="1.5"/>'
                   f'<text x="{_n(x)}" y="{_n(y + 3.5)}" text-anchor="middle" font-size="9" font-weight="bold" '
                   f'fill="{_ink_on(colour)}">{_text(label[:4])}</text></g>')
    return out


def _legend(rows: Sequence[tuple[str, str]], words: Mapping[str, str]) -> list[str]:
    x0, y = MAP_W + 12, TOP + 10
    keys = [("royal", words["royal_city"]), ("fortress", words["fortress"]), ("mountain", words["mountain"]),
            ("forest", words["forest"]), ("river", words["river"]), ("plain", words["plain"])]
    height = 40 + 22 * len(rows) + 14 + 22 * len(keys)
    out = [f'<g class="legend"><rect x="{x0}" y="{y}" width="{PANEL - 24}" height="{height}" rx="6" '
           f'fill="#f7f1e1" stroke="{INK}" stroke-width="1"/>',
           f'<text x="{x0 + 12}" y="{y + 24}" font-size="15" fill="{INK}">{_text(words["legend"])}</text>']
    y += 40
    for colour, text in rows:
        _check_colour(colour, text)
        out.append(f'<rect x="{x0 + 12}" y="{y}" width="18" height="14" fill="{colour}" stroke="{INK}" '
                   f'stroke-width="0.8"/><text x="{x0 + 38}" y="{y + 11}" font-size="12" fill="{INK}">'
                   f'{_text(text)}</text>')
        y += 22
    y += 14
    for sym, text in keys:
        out.append(_use(sym, x0 + 21, y + 7))
        out.append(f'<text x="{x0 + 38}" y="{y + 11}" font-size="12" fill="{INK}">{_text(text)}</text>')
        y += 22
    out.append("</g>")
    return out


_GEOMETRY: dict[int, tuple[TerritoryMap, tuple[str, str, dict[str, str]]]] = {}


def _geometry(m: TerritoryMap) -> tuple[str, str, dict[str, str]]:
    """The map's lines, which no state changes: the coast, the kingdoms' borders, each territory's outline. Drawn
    once per map (a map is read-only; it is held here with them, so that its id names it)."""
    held = _GEOMETRY.get(id(m))
    if held is not None and held[0] is m:
        return held[1]
    shared, lone = _edges(m)
    borders = [e for e, kingdoms in shared.items() if len(kingdoms) > 1] + lone
    drawn = (_segments(lone), _segments(borders), {tid: _points(t.polygon) for tid, t in m.territories.items()})
    if len(_GEOMETRY) > 16:
        _GEOMETRY.clear()
    _GEOMETRY[id(m)] = (m, drawn)
    return drawn


def _edges(m: TerritoryMap) -> tuple[dict[tuple, set[str]], list[tuple]]:
    """Polygon edges keyed by their two ends: shared ones with the kingdoms on each side, and
    edges no other territory shares (the coast, or a hand-drawn border that does not match)."""
    kingdoms: dict[tuple, set[str]] = {}
    count: dict[tuple, int] = {}
    for t in m.territories.values():
        pts = t.polygon
        for i, p in enumerate(pts):
            edge = tuple(sorted((pts[i - 1], p)))
            kingdoms.setdefault(edge, set()).add(t.kingdom)
            count[edge] = count.get(edge, 0) + 1
    shared = {e: k for e, k in kingdoms.items() if count[e] > 1}
    lone = [e for e in kingdoms if count[e] == 1]
    return shared, lone


def _segments(edges: Iterable[tuple]) -> str:
    return "".join(f"M{_n(a[0])} {_n(a[1])}L{_n(b[0])} {_n(b[1])}" for a, b in edges)


def _palette(colours: Mapping[str, str], players: Iterable[str | None]) -> dict[str | None, str]:
    palette: dict[str | None, str] = {None: NEUTRAL}
    for player, colour in colours.items():
        _check_colour(colour, player)
        palette[player] = colour.lower()
    # Sorted, so a player's fallback colour does not depend on the order of the arguments.
    missing = sorted({p for p in players if p is not None and p not in palette})
    for i, player in enumerate(missing):
        palette[player] = FALLBACK[i % len(FALLBACK)]
    return palette


def _check_colour(colour: str, player: str) -> None:
    if not isinstance(colour, str) or not _COLOUR.match(colour):
        raise CampagneError("render.bad_colour", colour=colour, player=player)


def _ink_on(colour: str) -> str:
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#111111" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def _wrap(name: str, width: int = 14) -> list[str]:
    """One line, or two split at the space nearest the middle: the cells are narrow."""
    if len(name) <= width or " " not in name:
        return [name]
    spaces = [i for i, c in enumerate(name) if c == " "]
    cut = min(spaces, key=lambda i: abs(i - len(name) / 2))
    return [name[:cut], name[cut + 1:]]


def _use(symbol: str, x: float, y: float) -> str:
    return f'<use xlink:href="#sym-{symbol}" x="{_n(x)}" y="{_n(y)}"/>'


def _points(polygon: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in polygon)


def _n(v: float) -> str:
    text = f"{v:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _text(s: Any) -> str:
    return escape(_NOT_XML.sub("", str(s)))


def _attr(s: Any) -> str:
    return escape(_NOT_XML.sub("", str(s)), {'"': "&quot;"})


__all__ = ["render_map"]
