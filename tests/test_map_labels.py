"""The maps label what a player types: every Atlantis territory's id, every Gorges land cell's coordinates."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from campagne.core.game import Game
from campagne.games.atlantis.picture import campaign_svg as atlantis_svg
from campagne.games.atlantis.rules import AtlantisRules
from campagne.games.atlantis.simulate import setup_for
from campagne.games.gorges.picture import campaign_svg as gorges_svg
from campagne.games.gorges.rules import GorgesRules

NS = "{http://www.w3.org/2000/svg}"


def _texts(svg: str, cls: str) -> set[str]:
    root = ET.fromstring(svg)
    return {el.text for el in root.iter(f"{NS}text") if el.get("class") == cls}


def test_every_atlantis_territory_id_is_written_on_the_map():
    game = Game(AtlantisRules(), setup_for(2), 1)
    assert _texts(atlantis_svg(game.state, "fr"), "id") == set(game.state.map.territories)


def test_every_gorges_land_cell_is_labelled_with_the_coordinates_typed_in_orders():
    game = Game(GorgesRules(), {"players": [{"id": "a"}, {"id": "b"}]}, 1)
    land = {c.id for c in game.state.map.cells.values() if c.land}
    assert _texts(gorges_svg(game.state, "en"), "cell-id") == land
