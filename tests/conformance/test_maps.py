"""The conformance kit's maps: every game's picture has a legend in the viewer's language, is well-formed SVG, and
draws only the pieces the viewer's own view holds (a piece is named by its `data-thing`, as the club's board reads
it); an order of a piece drawn on the map to a place or target drawn on it is given by clicking them (the club's
`server/board.py`). States come from a short game played by the generic random player, seen by every player and the referee."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET

import pytest

from campagne.core.players import play_out, random_player
from campagne.registry import games
from campagne.server import board

LEGEND = {"en": "Legend", "fr": "Légende"}


def _states(name: str) -> list[object]:
    d = games()[name]
    ids = list(d.seats) or ["alice", "bob"]
    players = [{"id": i, "controller": "human", "name": i, **{f.name: f.default for f in d.player_fields}}
               for i in ids]
    options = {o.name.replace("-", "_"): ([] if o.kind == "list" else o.default) for o in d.setup_options}
    setup = d.load("setup")(players, options)
    out = []
    for orders in (0, 25):
        g = play_out(d, setup, 5, {p: random_player for p in ids}, max_orders=orders, rng=random.Random(orders))
        out.append(g.state)
    return out


def test_every_map_has_a_legend_in_the_viewers_language_and_draws_his_view_only(game: str) -> None:
    d = games()[game]
    if not d.picture:
        pytest.skip(f"{game} draws no map")
    picture, view = d.load("picture"), d.load("view")
    for state in _states(game):
        viewers = [*view(state, None).get("players", {}), None]
        for viewer in viewers:
            seen = json.dumps(view(state, viewer), ensure_ascii=False, default=str)
            drawn = {}
            for lang in ("en", "fr"):
                svg = picture(state, lang, viewer)
                root = ET.fromstring(svg)
                legends = [el for el in root.iter() if "legend" in (el.get("class") or "").split()]
                assert legends, (game, viewer, lang, "no legend")
                words = " ".join(t for el in legends for t in el.itertext())
                assert LEGEND[lang] in words, (game, viewer, lang, words[:200])
                assert LEGEND["fr" if lang == "en" else "en"] not in words, (game, viewer, lang)
                for el in root.iter():
                    thing = el.get("data-thing")
                    if thing is not None:
                        key = thing.partition(":")[2] if ":" in thing else thing
                        assert f'"{key}"' in seen or f'"{thing}"' in seen, (game, viewer, thing)
                drawn[lang] = svg
            assert drawn["en"] != drawn["fr"], (game, viewer)
            if viewer is not None:
                clickable(d, state, viewer, drawn["en"])


def clickable(d, state, player: str, svg: str) -> None:  # type: ignore[no-untyped-def]
    """Each legal order of a piece on the map to a spot on it is grouped with that piece, and selecting the piece
    lights that spot with the order's form."""
    legal = d.load("legal_orders")(state, player)
    things, places = board.names(svg)
    sorted_ = board.sort(legal, things, places)
    ids = {i: f"order-{i}" for i in range(len(legal))}
    for i, lo in enumerate(legal):
        piece = board.thing_of(lo, things, places)
        if piece is None:
            continue
        assert piece in sorted_.on_map and i in sorted_.pieces[piece], (player, lo.type, piece)
        lit = board.targets(legal, sorted_.pieces[piece], ids, things, places, [])
        for f in lo.fields:
            for spot, _choice in board.spots(f, lo.player, things, places):
                assert f'data-spot="{spot}"' in lit, (player, lo.type, piece, spot)
