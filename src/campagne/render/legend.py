"""A map's legend as an SVG group, the same for every game's picture: a title and rows of a swatch (a colour, a
symbol's markup, or a letter on a colour) and its text, in the viewer's language.

The group carries `class="legend"` (the club's pages and the conformance kit look for it). Every text is escaped:
names come from club-edited files.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from xml.sax.saxutils import escape

_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
ROW = 16.0

# A legend row: ("colour", "#rrggbb", text), ("mark", "<svg markup drawn around (0, 0)>", text),
# ("letter", "X on #rrggbb", text) or ("heading", "", text).
Row = tuple[str, str, str]


def text(value: object) -> str:
    return escape(_NOT_XML.sub("", str(value)))


def attr(value: object) -> str:
    return escape(_NOT_XML.sub("", str(value)), {'"': "&quot;"})


def height(rows: Sequence[Row]) -> float:
    return 30 + ROW * len(rows)


def legend(x: float, y: float, width: float, title: str, rows: Sequence[Row], font: float = 10.0) -> str:
    """The legend's group, its top left corner at (x, y)."""
    out = [f'<g class="legend" font-size="{font:.0f}"><rect x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" '
           f'height="{height(rows):.1f}" rx="4" fill="#f7f1e1" stroke="#3b2f22" stroke-width="0.6"/>',
           f'<text x="{x + 8:.1f}" y="{y + 17:.1f}" font-size="{font + 3:.0f}" fill="#3b2f22">{text(title)}</text>']
    cy = y + 30
    for kind, swatch, words in rows:
        sx, tx = x + 16, x + 30
        if kind == "heading":
            out.append(f'<text x="{x + 8:.1f}" y="{cy + 4:.1f}" font-weight="bold" fill="#3b2f22">{text(words)}</text>')
        elif kind == "colour":
            out.append(f'<rect x="{sx - 6:.1f}" y="{cy - 5:.1f}" width="12" height="10" fill="{attr(swatch)}" '
                       f'stroke="#3b2f22" stroke-width="0.5"/>')
        elif kind == "letter":
            letter, _, colour = swatch.partition(" on ")
            out.append(f'<rect x="{sx - 6:.1f}" y="{cy - 5:.1f}" width="12" height="10" fill="{attr(colour)}" '
                       f'stroke="#3b2f22" stroke-width="0.5"/><text x="{sx:.1f}" y="{cy + 3:.1f}" font-size="8" '
                       f'text-anchor="middle" fill="#222">{text(letter)}</text>')
        else:
            out.append(f'<g transform="translate({sx:.1f} {cy:.1f})">{swatch}</g>')
        if kind != "heading":
            out.append(f'<text x="{tx:.1f}" y="{cy + 3.5:.1f}" fill="#3b2f22">{text(words)}</text>')
        cy += ROW
    out.append("</g>")
    return "".join(out)


__all__ = ["legend", "height", "text", "attr", "Row"]
