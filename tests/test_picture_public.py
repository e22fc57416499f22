"""A game whose descriptor says its picture draws no secret (`picture_public`) is taken at its word by the club
server, which draws the map once per state for every viewer: here the word is checked, on states reached by the
generic random player, for every such game, every player and the referee, in both languages."""

from __future__ import annotations

import pytest

from campagne.core.players import play_out, random_player
from campagne.registry import games

PUBLIC = sorted(name for name, d in games().items() if d.picture_public)


def test_the_campaign_games_say_their_map_is_public() -> None:
    assert {"atlantis", "gorges"} <= set(PUBLIC)


@pytest.mark.parametrize("name", PUBLIC)
@pytest.mark.parametrize("orders", [0, 60, 240])
def test_a_public_picture_is_the_same_for_every_viewer(name: str, orders: int) -> None:
    d = games()[name]
    ids = list(d.seats) or [f"p{i}" for i in range(1, max(3, d.players[0]) + 1)]
    players = [{"id": i, "controller": "human", "name": i, **{f.name: f.default for f in d.player_fields}}
               for i in ids]
    options = {o.name.replace("-", "_"): ([] if o.kind == "list" else o.default) for o in d.setup_options}
    setup = d.load("setup")(players, options)
    game = play_out(d, setup, 5, {i: random_player for i in ids}, max_orders=orders)
    picture = d.load("picture")
    viewers = list(d.load("view")(game.state, None)["players"])
    assert viewers
    for lang in ("fr", "en"):
        referee = picture(game.state, lang, None)
        for viewer in viewers:
            assert picture(game.state, lang, viewer) == referee, (viewer, lang)
