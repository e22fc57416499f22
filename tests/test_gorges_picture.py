"""The Gorges Tranchées campaign map (games/gorges/picture.py on render/hex_svg.py): the board of a real
campaign drawn as SVG — owners in their colours, buildings, capitals, every army in play, the ghost."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from campagne.core.game import Game
from campagne.games.gorges.picture import campaign_svg, player_colours
from campagne.games.gorges.rules import GorgesRules
from campagne.games.gorges.simulate import default_players, simulate
from campagne.games.gorges.state import GorgesState

SVG = "{http://www.w3.org/2000/svg}"
HREF = "href"


@pytest.fixture(scope="module")
def ended() -> GorgesState:
    return simulate(default_players(4), 1).state


@pytest.fixture(scope="module")
def opening() -> GorgesState:
    """Turn 1 just set up: every army stands in its capital, three to a cell."""
    return Game(GorgesRules(), {"players": default_players(6)}, 4).state


def parsed(state: GorgesState, lang: str = "fr") -> ET.Element:
    return ET.fromstring(campaign_svg(state, lang))


def centre(root: ET.Element, tid: str) -> tuple[float, float]:
    poly = next(p for p in root.iter(SVG + "polygon") if p.get("data-cell") == tid)
    pts = [tuple(map(float, xy.split(","))) for xy in poly.get("points").split()]
    return sum(x for x, _ in pts) / 6, sum(y for _, y in pts) / 6


def features(root: ET.Element) -> ET.Element:
    return next(g for g in root.iter(SVG + "g") if g.get("id") == "features")


@pytest.mark.parametrize("fixture", ["ended", "opening"])
def test_every_army_in_play_is_drawn_once_in_its_players_colour(fixture, request):
    s: GorgesState = request.getfixturevalue(fixture)
    root = parsed(s)
    colours = player_colours(s)
    tokens = [c for c in root.iter(SVG + "circle") if c.get("class") == "army"]
    in_play = [a for a in s.armies() if a.position is not None]
    assert in_play and len(tokens) == len(in_play)
    drawn = {(c.get("data-player"), c.get("data-label")): c for c in tokens}
    for a in in_play:
        c = drawn[(a.player, a.key)]
        assert c.get("fill") == colours[a.player]
        assert c.find(SVG + "title").text == f"Armée {a.player}: {a.key}"
        x, y = centre(root, a.position)
        assert abs(float(c.get("cx")) - x) < 27 and 0 < float(c.get("cy")) - y < 30  # inside its own hex


def test_stacked_armies_do_not_overlap(opening):
    root = parsed(opening)
    tokens = [(float(c.get("cx")), float(c.get("cy"))) for c in root.iter(SVG + "circle") if c.get("class") == "army"]
    assert len(tokens) == 6 * 3
    for i, (x1, y1) in enumerate(tokens):
        for x2, y2 in tokens[i + 1:]:
            assert (x1 - x2) ** 2 + (y1 - y2) ** 2 >= 13 ** 2 - 0.01
    marks = [t.text for t in features(root).iter(SVG + "text") if t.text in ("G", "L1", "L2")]
    assert sorted(marks) == sorted(["G", "L1", "L2"] * 6)


def test_the_ghost_haunts_its_cell(ended):
    root = parsed(ended)
    ghost = [u for u in root.iter(SVG + "use") if u.get("id") == "ghost"]
    assert len(ghost) == 1
    x, y = centre(root, ended.ghost)
    assert (float(ghost[0].get("x")), float(ghost[0].get("y"))) == pytest.approx((x + 12, y - 4), abs=0.11)


def test_each_owner_in_its_colour_and_the_legend(ended):
    root = parsed(ended)
    colours = player_colours(ended)
    assert len(set(colours.values())) == 4
    marks = {p.get("data-owner"): [] for p in root.iter(SVG + "polygon") if p.get("class") == "owner"}
    for p in root.iter(SVG + "polygon"):
        if p.get("class") == "owner":
            marks[p.get("data-owner")].append(p)
            assert p.get("stroke") == colours[p.get("data-owner")]
    owned = {pid: ended.owned(pid) for pid in ended.players}
    assert {pid: len(v) for pid, v in marks.items()} == {pid: len(v) for pid, v in owned.items() if v}
    legend = {c.get("data-player"): c.get("fill") for c in root.iter(SVG + "circle") if c.get("class") == "legend-player"}
    assert legend == colours
    texts = "".join(t.text or "" for t in root.iter(SVG + "text"))
    for p in ended.players.values():
        assert f"{p.id} — " in texts and f"— {p.relics} pt" in texts
    assert "Bretonnie" in texts and "Elfes Sylvains" in texts


def test_buildings_and_capitals_as_they_stand(ended):
    root = parsed(ended)
    drawn: dict[str, int] = {}
    for u in features(root).iter(SVG + "use"):
        if u.find(SVG + "title") is not None:
            kind = u.get(HREF).removeprefix("#sym-")
            drawn[kind] = drawn.get(kind, 0) + 1
    expected = {b: sum(b in v for v in ended.buildings.values()) for b in ("mine", "fortress", "town")}
    expected["capital"] = len({p.capital for p in ended.players.values()})
    assert {k: drawn.get(k, 0) for k in expected} == expected
    assert expected["mine"] and expected["fortress"]  # the year built some
    # the four capital slots no player took are left blank
    assert ended.map.capital_slots and expected["capital"] == 4 < len(ended.map.capital_slots)


@pytest.mark.parametrize("lang, words", [("fr", ["tour 12", "Hiver", "Campagne terminée", "Légende"]),
                                         ("en", ["turn 12", "Winter", "Campaign over", "Legend"])])
def test_title_and_words_follow_the_language(ended, lang, words):
    text = campaign_svg(ended, lang)
    root = ET.fromstring(text)
    title = next(root.iter(SVG + "text")).text
    assert title.startswith("Gorges Tranchées — ")
    for w in words:
        assert w in text
    assert text == campaign_svg(ended, lang)  # deterministic


def test_the_phase_is_in_the_title(opening):
    assert next(parsed(opening, "fr").iter(SVG + "text")).text == \
        "Gorges Tranchées — tour 1 (Printemps) — 1 – Déplacer le fantôme du Capitaine Crown"
    assert next(parsed(opening, "en").iter(SVG + "text")).text == \
        "Gorges Tranchées — turn 1 (Spring) — 1 – Move Captain Crown's ghost"


def test_player_names_are_escaped():
    players = default_players(2)
    players[0]["name"] = "<Bob & co>"
    s = Game(GorgesRules(), {"players": players}, 1).state
    text = campaign_svg(s, "en")
    ET.fromstring(text)
    assert "&lt;Bob &amp; co&gt; (P1)" in text
