"""The SVG map: well-formed, escaped, deterministic, and showing what the arguments say."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from campagne.core.errors import CampagneError
from campagne.games.atlantis.map import load_default_map
from campagne.render.map_svg import NEUTRAL, render_map

NS = {"svg": "http://www.w3.org/2000/svg"}
XLINK = "{http://www.w3.org/1999/xlink}href"

OWNERS = {"azaea": "alice", "marches-azues": "alice", "cap-boreal": "alice", "gadeira": "bob", "val-mestor": "bob"}
COLOURS = {"alice": "#c0392b", "bob": "#2E86C1"}
ARMIES = [{"id": "a1", "player": "alice", "territory": "marches-azues", "label": "A1"},
          {"id": "b1", "player": "bob", "territory": "marches-azues", "label": "B1"},
          {"id": "b2", "player": "bob", "territory": "gadeira", "label": "B2"}]


def render(**kw) -> str:
    args = dict(owners=OWNERS, colours=COLOURS, armies=ARMIES, fortresses={"gadeira": 2, "azaea": 1},
                title="Tour 3", lang="fr")
    return render_map(load_default_map(), **(args | kw))


def polygons(root) -> dict[str, ET.Element]:
    return {p.get("data-territory"): p for p in root.iterfind(".//svg:polygon[@class='territory']", NS)}


def test_svg_parses_with_one_polygon_per_territory():
    root = ET.fromstring(render())
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    polys = polygons(root)
    assert len(root.findall(".//svg:polygon", NS)) == 32
    assert list(polys) == list(load_default_map().territories)


def test_owner_colours_and_atlantean_parchment():
    polys = polygons(ET.fromstring(render()))
    assert polys["azaea"].get("fill") == "#c0392b"
    assert polys["gadeira"].get("fill") == "#2e86c1"
    assert polys["atlantis-city"].get("fill") == NEUTRAL
    plain = polygons(ET.fromstring(render_map(load_default_map())))
    assert {p.get("fill") for p in plain.values()} == {NEUTRAL}


def test_map_file_owners_are_used_unless_overridden():
    m = load_default_map().replace_territory("mnesee", owner="carol", fortresses=1)
    root = ET.fromstring(render_map(m, colours={"carol": "#00aa00"}))
    assert polygons(root)["mnesee"].get("fill") == "#00aa00"
    assert len(root.findall(".//svg:use[@class='fortress']", NS)) == 1
    root = ET.fromstring(render_map(m, owners={"mnesee": None}, fortresses={"mnesee": 0}))
    assert polygons(root)["mnesee"].get("fill") == NEUTRAL
    assert root.findall(".//svg:use[@class='fortress']", NS) == []


def test_ampersands_and_markup_are_escaped():
    svg = render(title="Atlantis & <Mu>")
    assert "Gadirus &amp; Myrine" in svg and "Gadirus & Myrine" not in svg
    m = load_default_map().replace_territory("gadeira", name='Tom & "Jerry" <b>')
    root = ET.fromstring(render_map(m, title="Atlantis & <Mu>"))
    texts = ["".join(t.itertext()) for t in root.iterfind(".//svg:text[@class='label']", NS)]
    assert 'Tom & "Jerry"<b>' in texts or 'Tom &"Jerry" <b>' in texts  # wrapped on two lines
    assert any("".join(t.itertext()) == "Atlantis & <Mu>" for t in root.iter("{http://www.w3.org/2000/svg}text"))


def test_armies_are_side_by_side_and_fortresses_counted():
    root = ET.fromstring(render())
    armies = {g.get("data-army"): g.find("svg:circle", NS) for g in root.iterfind(".//svg:g[@class='army']", NS)}
    assert set(armies) == {"a1", "b1", "b2"}
    assert armies["a1"].get("cy") == armies["b1"].get("cy")
    assert abs(float(armies["a1"].get("cx")) - float(armies["b1"].get("cx"))) >= 22  # both visible
    assert armies["a1"].get("fill") == "#c0392b" and armies["b2"].get("fill") == "#2e86c1"
    assert len(root.findall(".//svg:use[@class='fortress']", NS)) == 3


def test_terrain_and_royal_symbols():
    root = ET.fromstring(render())
    uses = [u.get(XLINK) for u in root.iter("{http://www.w3.org/2000/svg}use")]
    m = load_default_map()
    legend_keys = 6
    assert uses.count("#sym-royal") == 10 + 1
    for terrain in ("plain", "river", "forest", "mountain"):
        expected = sum(t.terrain == terrain for t in m.territories.values())
        assert uses.count(f"#sym-{terrain}") == expected + 1
    assert len(uses) == 32 + 10 + 3 + legend_keys


def test_legend_follows_language_and_arguments():
    en = render(lang="en")
    assert "Mountains" in en and "Atlantean kings" in en and "alice" in en
    legend = ET.fromstring(render(legend=[("#123456", "Empire perse")])).find(".//svg:g[@class='legend']", NS)
    texts = ["".join(t.itertext()) for t in legend.iter("{http://www.w3.org/2000/svg}text")]
    assert "Montagnes" in texts and "Empire perse" in texts and "Rois atlantes" not in texts


def test_deterministic():
    assert render() == render()
    shuffled = dict(reversed(list(OWNERS.items())))
    assert render(owners=shuffled) == render()


def test_refusals():
    with pytest.raises(CampagneError) as info:
        render(colours={"alice": "red"})
    assert info.value.code == "render.bad_colour" and "alice" in info.value.message("fr")
    with pytest.raises(CampagneError) as info:
        render(owners={"lemuria": "alice"})
    assert info.value.code == "map.no_such_territory"
    with pytest.raises(CampagneError):
        render(armies=[{"id": "x", "player": "alice", "territory": "nowhere"}])


def test_players_without_colours_get_fixed_fallbacks():
    a = render_map(load_default_map(), owners={"azaea": "zed", "gadeira": "amy"})
    b = render_map(load_default_map(), owners={"gadeira": "amy", "azaea": "zed"})
    assert a == b
    polys = polygons(ET.fromstring(a))
    assert polys["azaea"].get("fill") != polys["gadeira"].get("fill") != NEUTRAL


@settings(max_examples=60, deadline=None)
@given(title=st.text(max_size=40), player=st.text(min_size=1, max_size=12), label=st.text(max_size=8),
       name=st.text(min_size=1, max_size=30))
def test_any_text_gives_well_formed_svg(title, player, label, name):
    m = load_default_map().replace_territory("azaea", name=name)
    svg = render_map(m, owners={"azaea": player}, colours={player: "#abcdef"}, title=title,
                     armies=[{"id": label, "player": player, "territory": "azaea", "label": label}])
    root = ET.fromstring(svg)
    assert len(polygons(root)) == 32


def test_army_tokens_are_told_apart_when_ids_share_a_beginning():
    from campagne.games.atlantis.picture import short_labels
    assert short_labels(["alice", "bob"]) == {"alice": "ali", "bob": "bob"}
    labels = short_labels(["bot1", "bot2", "carthage"])
    assert len(set(labels.values())) == 3 and all(len(v) <= 3 for v in labels.values())
