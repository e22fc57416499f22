"""The map as the board: orders given by clicking the map, from the game's `legal_orders`, the one source.

A game's picture names its pieces and places (`data-thing="ID"` on a counter, army or unit; `data-place="ID"` on a
hex, territory or cell). A legal order belongs to the piece one of its fixed values names (a counter's id, or an
army's key under its player: "alice:L1"), or, when none does and it names a place, to the player's own piece of his
name (an Atlantis army). Its spots are the choices of its fields that name a place (a path: where it ends) or a
piece: clicking the piece selects it, the spots of its orders light up, clicking one gives that order through its
form (kept beside the map for the keyboard and screen readers).

Nothing here names a game: only the picture's attributes and the legal orders are read.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from html import escape
from typing import Any

from ..core.interface import LegalOrder

_THING = re.compile(r'data-thing="([^"]*)"')
_PLACE = re.compile(r'data-place="([^"]*)"')
_ASIDE = re.compile(r"\s*\([^()]*\)")  # a title's aside ("(resolved when everyone is done)"): too long to hover
_seen: dict[str, tuple[frozenset[str], frozenset[str]]] = {}


def names(svg: str) -> tuple[frozenset[str], frozenset[str]]:
    """The pieces and the places a picture names (read once per picture)."""
    found = _seen.get(svg)
    if found is None:
        import html
        found = (frozenset(html.unescape(x) for x in _THING.findall(svg)),
                 frozenset(html.unescape(x) for x in _PLACE.findall(svg)))
        if len(_seen) > 64:
            _seen.clear()
        _seen[svg] = found
    return found


def thing_of(lo: LegalOrder, things: frozenset[str], places: frozenset[str]) -> str | None:
    """The piece an order is given to, if the map shows it."""
    for v in lo.fixed.values():
        if isinstance(v, str) and v != lo.player:  # his own name names him (a grantor), not his piece
            if v in things:
                return v
            if f"{lo.player}:{v}" in things:
                return f"{lo.player}:{v}"
    if lo.player in things and any(spots(f, lo.player, things, places) for f in lo.fields):
        return lo.player
    return None


def _spot(value: Any, player: str, things: frozenset[str], places: frozenset[str]) -> str | None:
    if isinstance(value, list) and value:
        value = value[-1]  # a path: where it ends
    if not isinstance(value, str):
        return None
    if value in places or value in things:
        return value
    if f"{player}:{value}" in things:
        return f"{player}:{value}"
    return None


def spots(f: Any, player: str, things: frozenset[str], places: frozenset[str]) -> list[tuple[str, Any]]:
    """(spot, choice) for each choice of a field the map shows, the first choice per spot."""
    if f.kind != "choice":
        return []
    out, seen = [], set()
    for c in f.choices:
        s = _spot(c, player, things, places)
        if s is not None and s not in seen:
            seen.add(s)
            out.append((s, c))
    return out


@dataclass
class Board:
    """A player's legal orders sorted by the piece they are given to (None: orders of no piece)."""

    pieces: dict[str | None, list[int]] = field(default_factory=dict)
    on_map: list[str] = field(default_factory=list)  # those the map shows (a click selects them)

    def orderable(self) -> list[str]:
        return [p for p in self.pieces if p is not None]


def group_of(lo: LegalOrder, things: frozenset[str], places: frozenset[str]) -> str | None:
    """What an order is given to: a piece on the map, else the first thing its fixed words name (a counter still
    in reserve, a kingdom, a proposal), else nothing (the orders of none: done, next...)."""
    found = thing_of(lo, things, places)
    if found is not None:
        return found
    return next((v for v in lo.fixed.values() if isinstance(v, str) and v and v != lo.player), None)


def sort(legal: list[LegalOrder], things: frozenset[str], places: frozenset[str]) -> Board:
    board = Board({None: []})
    for i, lo in enumerate(legal):
        board.pieces.setdefault(group_of(lo, things, places), []).append(i)
    board.on_map = [p for p in board.orderable() if p in things]
    return board


def chosen(board: Board, wanted: str | None) -> str | None:
    """The thing selected: the one asked for if it has orders now, else the first piece on the map that has, else
    the first thing."""
    pieces = board.orderable()
    if wanted in pieces:
        return wanted
    return (board.on_map or pieces or [None])[0]


def _auto(lo: LegalOrder, target: Any) -> bool:
    """Whether choosing the spot fills the whole order (then a click gives it at once)."""
    return all(f is target or f.optional or f.kind == "bool" or (f.kind == "choice" and len(f.choices) == 1)
               for f in lo.fields)


def targets(legal: list[LegalOrder], indices: list[int], form_ids: dict[int, str], things: frozenset[str],
            places: frozenset[str], notes: list[dict[str, Any]], words: Any = None) -> str:
    """The selected piece's spots as hidden data the page's script lights the map with: for each, the form that
    gives the order, its field and value, whether a click gives it at once, what it costs (the field's notes,
    drawn on the spot) and what the order is, in the reader's words (`server.words.Words`: the order's title, the
    choice's name; its odds, where the game's advice gives them)."""
    out, taken = [], set()
    # each advice line's words, read once: (its order type, the JSON of what it is about, its sentence, itself)
    about = [(a.get("about"), " ".join(json.dumps(v, ensure_ascii=False) for k, v in a.items()
                                       if k not in ("about", "text")), a.get("text", ""), a) for a in notes]
    for i in indices:
        lo = legal[i]
        for f in lo.fields:
            for spot, choice in spots(f, lo.player, things, places):
                if (spot, lo.type) in taken:
                    continue
                taken.add((spot, lo.type))
                # a path says its steps, its cost is noted at its end; odds come from the game's advice
                if words is not None:
                    head, way, cost = _ASIDE.sub("", words.order(lo.type)).rstrip("."), words.choice(choice), \
                        words.note(f, choice)
                else:
                    head, cost = lo.type, ""
                    way = " → ".join(map(str, choice)) if isinstance(choice, list) and len(choice) > 1 else spot
                note = [f"{head} → {way}" + (f" ({cost})" if cost else "")] + \
                    [text for kind, said, text, a in about if kind == lo.type and json.dumps(spot, ensure_ascii=False)
                     in said and all(a[k] == v for k, v in lo.fixed.items() if k in a)]  # this piece's, this spot's
                out.append(f'<i data-spot="{escape(spot)}" data-form="{form_ids[i]}" data-field="f_{escape(f.name)}" '
                           f'data-value="{escape(json.dumps(choice, ensure_ascii=False))}" '
                           f'data-auto="{"1" if _auto(lo, f) else "0"}" data-cost="{escape(cost)}" '
                           f'title="{escape(" — ".join(note))}"></i>')
    return "".join(out)


def mark(svg: str, orderable: list[str]) -> str:
    """The picture with the pieces the viewer may give orders to marked (`data-orders`): what a click selects."""
    if not orderable:
        return svg
    wanted = {escape(p) for p in orderable}
    return _THING.sub(lambda m: m.group(0) + (' data-orders="1"' if m.group(1) in wanted else ""), svg)


__all__ = ["names", "sort", "chosen", "targets", "mark", "thing_of", "spots", "Board"]
