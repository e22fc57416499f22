import xml.etree.ElementTree as ET

import pytest

from campagne.core import hexgrid
from campagne.core.errors import CampagneError
from campagne.games.gorges.map import load_default_map, load_map_file, load_map_text
from campagne.render.hex_svg import render_hex_map

SVG = "{http://www.w3.org/2000/svg}"


def test_default_map_shape():
    m = load_default_map()
    land = m.land_cells
    assert 60 <= len(land) <= 90
    assert len(m.capital_slots) == 8
    assert len(m.forests) >= 8
    assert m.is_land(m.ghost_start) and m.cells[(0, 0)].name == "Les Gorges Tranchées"
    assert sum(m.coastal(h) for h in land) >= 20
    # surrounded by sea: every neighbour of a land cell is land or a listed/unlisted sea cell
    assert all(m.coastal(h) or all(m.is_land(n) for n in hexgrid.neighbours(h)) for h in land)


def test_every_land_cell_reachable():
    m = load_default_map()
    assert set(m.reachable(m.land_cells[0])) == set(m.land_cells)


def test_capitals_spread_for_every_player_count():
    m = load_default_map()
    for n in range(2, 9):
        caps = m.capitals_for(n)
        assert len(set(caps)) == n
        assert min(hexgrid.distance(a, b) for a in caps for b in caps if a != b) >= 3
    with pytest.raises(CampagneError):
        m.capitals_for(9)


def test_ghost_walk_stays_on_land():
    m = load_default_map()
    for h in m.land_cells:
        for d in range(1, 7):
            end, _ = m.ghost_walk(h, d, 6)
            assert m.is_land(end)


def test_adjacency_symmetric():
    adj = load_default_map().adjacency()
    for a, ns in adj.items():
        for b in ns:
            assert a in adj[b]


def _text(cells, extra=""):
    body = "".join(f'[[cells]]\nq = {q}\nr = {r}\nterrain = "{t}"\n{x}\n' for q, r, t, x in cells)
    return f'name = "t"\n{extra}\n{body}'


def _eight_capitals():
    ring = hexgrid.ring((0, 0), 4)
    caps = [ring[i] for i in range(0, 24, 3)]
    cells = [(q, r, "plain", f"capital = {caps.index((q, r)) + 1}" if (q, r) in caps else "")
             for q, r in hexgrid.spiral((0, 0), 4)]
    return cells


def test_small_valid_map_and_errors(tmp_path):
    cells = _eight_capitals()
    assert len(load_map_text(_text(cells)).capital_slots) == 8
    with pytest.raises(CampagneError) as e:
        load_map_text(_text(cells + [cells[0]]))
    assert e.value.code == "gorges.map.duplicate_cell"
    with pytest.raises(CampagneError) as e:
        load_map_text(_text(cells + [(10, 10, "plain", "")]))
    assert e.value.code == "gorges.map.off_island"
    assert "hors de l'île" in e.value.message("fr")
    seven = load_map_text(_text([c for c in cells if "capital = 8" not in c[3]]))  # a club's smaller island
    assert len(seven.capital_slots) == 7
    with pytest.raises(CampagneError) as e:
        seven.capitals_for(8)
    assert e.value.code == "gorges.map.players"
    with pytest.raises(CampagneError) as e:
        load_map_text(_text([(q, r, t, "") for q, r, t, _ in cells]))
    assert e.value.code == "gorges.map.capitals"
    with pytest.raises(CampagneError) as e:
        load_map_text(_text(cells + [(9, 0, "sea", "mine = true")]))
    assert e.value.code == "gorges.map.feature_at_sea"
    with pytest.raises(CampagneError) as e:
        load_map_text(_text(cells[:1] + [(cells[1][0], cells[1][1], "lava", "")] + cells[2:]))
    assert e.value.code == "gorges.map.bad_terrain"
    with pytest.raises(CampagneError) as e:
        load_map_file(tmp_path / "missing.toml")
    assert e.value.code == "gorges.map.unreadable"
    with pytest.raises(CampagneError) as e:
        load_map_text("name = ")
    assert e.value.code == "gorges.map.malformed"


def test_svg_parses_one_polygon_per_cell_and_is_deterministic():
    m = load_default_map()
    kw = dict(owners={(0, 0): "alice", (1, -1): "bob"}, colours={"alice": "#112233"},
              armies={(0, 0): [("alice", "G")]}, ghost=(0, 0), title="<Gorges & co>")
    a = render_hex_map(m, **kw)
    assert a == render_hex_map(m, **kw)
    root = ET.fromstring(a)
    cells = [p for p in root.iter(SVG + "polygon") if "cell" in p.get("class", "")]
    assert len(cells) == len(m.cells)
    assert root.find(f".//{SVG}use[@id='ghost']") is not None
    assert "&lt;Gorges &amp; co&gt;" in a
    with pytest.raises(CampagneError):
        render_hex_map(m, owners={(0, 0): "x"}, colours={"x": "red"})
