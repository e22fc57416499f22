"""Territory maps: the generic graph model, the packaged island of Atlantis, terrain generation."""

from __future__ import annotations

import copy
import pickle
import re
import tomllib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from campagne.core.dice import Dice, ScriptedDice
from campagne.core.errors import CampagneError
from campagne.core.maps import TERRAINS, TerritoryMap, components
from campagne.core.tables import TableSet
from campagne.games.atlantis.map import (
    ATLANTIS, COLONY_KINGDOMS, default_map_text, generate_terrain, generate_terrain_logged, load_default_map,
    load_map_file, map_from_mapping, validate_atlantis)

# The TABLE DES TERRAINS exactly as the lead's data/tables.toml writes it.
TERRAIN_TOML = """
[terrain]
title_fr = "TABLE DES TERRAINS"
title_en = "Main terrain"
dice = "1D6"
clamp = true
""" + "".join(f"""
[[terrain.rows]]
range = "{n}"
key = "{key}"
fr = "{key}"
en = "{key}"
""" for n, key in enumerate(["plain", "plain", "river", "forest", "mountain", "mountain"], start=1)) + """
[[terrain.modifiers]]
key = "royal_city"
value = -1
fr = "Territoire contenant une cité royale"
en = "Territory with a royal city"
"""
TERRAIN = TableSet.from_toml_text(TERRAIN_TOML)["terrain"]
SHIPPED_SEED = ("atlantis-map", 1)  # as the header of data/map.toml says


@pytest.fixture
def raw() -> dict:
    return tomllib.loads(default_map_text())


def find(raw: dict, tid: str) -> dict:
    return next(t for t in raw["territories"] if t["id"] == tid)


def square(x: float, y: float) -> dict:
    return {"polygon": [[x, y], [x + 10, y], [x + 10, y + 10], [x, y + 10]], "label": [x + 5, y + 5]}


def tiny(edges: list[tuple[str, str]], cities=("a", "c")) -> dict:
    """Kingdom north = a, b; kingdom south = c, d (+ e if used); neighbours listed in edge order."""
    ids = sorted({x for e in edges for x in e} | {"a", "b", "c", "d"})
    nbrs: dict[str, list[str]] = {i: [] for i in ids}
    for x, y in edges:
        nbrs[x].append(y)
        nbrs[y].append(x)
    return {"name": "Tiny", "kingdoms": [{"id": "north", "name": "North", "colonisable": True},
                                         {"id": "south", "name": "South", "colonisable": True}],
            "territories": [{"id": i, "name": i.upper(), "kingdom": "north" if i in "ab" else "south",
                             "terrain": "plain", "royal_city": i in cities, "coast": False,
                             "neighbours": nbrs[i], **square(20 * n, 0)} for n, i in enumerate(ids)]}


def error_of(fn, *args) -> CampagneError:
    with pytest.raises(CampagneError) as info:
        fn(*args)
    return info.value


# --------------------------------------------------------------------------- generic model


def test_graph_queries_on_a_small_map():
    m = TerritoryMap.from_mapping(tiny([("a", "b"), ("b", "c"), ("c", "d")]), "tiny")
    assert list(m.territories) == ["a", "b", "c", "d"]
    assert m.neighbours("b") == ("a", "c")
    assert m.adjacent("a", "b") and m.adjacent("b", "a") and not m.adjacent("a", "c")
    assert m.kingdom_territories("south") == ("c", "d")
    assert m.royal_city("north") == "a"
    assert m.shortest_path("a", "d") == ["a", "b", "c", "d"]
    assert m.shortest_path("a", "a") == ["a"]
    assert m.shortest_path("a", "d", allowed=lambda t: t != "c") is None
    assert m.reachable("c", allowed=lambda t: t in "cd") == ("c", "d")
    assert components(m, ["a", "b", "d"]) == [("a", "b"), ("d",)]
    assert error_of(m.neighbours, "zz").code == "map.no_such_territory"
    assert error_of(m.royal_city, "east").code == "map.no_such_kingdom"


def test_shortest_path_follows_the_listed_order_of_neighbours():
    # A diamond: a reaches d through b or c; the first listed wins.
    via_b = TerritoryMap.from_mapping(tiny([("a", "b"), ("a", "c"), ("b", "d"), ("c", "d")]))
    via_c = TerritoryMap.from_mapping(tiny([("a", "c"), ("a", "b"), ("c", "d"), ("b", "d")]))
    assert via_b.shortest_path("a", "d") == ["a", "b", "d"]
    assert via_c.shortest_path("a", "d") == ["a", "c", "d"]


def test_disconnected_map_is_refused():
    err = error_of(TerritoryMap.from_mapping, tiny([("a", "b"), ("c", "d")]), "tiny")
    assert err.code == "map.disconnected"
    assert "c, d" in err.message("en") and "'a'" in err.message("fr")


def test_maps_are_read_only_and_round_trip(raw):
    m = load_default_map()
    with pytest.raises(TypeError):
        m.territories["x"] = None  # type: ignore[index]
    assert TerritoryMap.from_mapping(m.to_mapping(), "again") == m
    edited = m.replace_territory("gadeira", owner="alice", fortresses=2)
    again = TerritoryMap.from_mapping(edited.to_mapping())
    assert again.territory("gadeira").owner == "alice" and again.territory("gadeira").fortresses == 2
    assert m.territory("gadeira").owner is None  # the cached map did not change
    assert copy.deepcopy(m) is m and pickle.loads(pickle.dumps(edited)) == edited
    assert map_from_mapping(edited.to_mapping()) == edited
    with pytest.raises(CampagneError) as info:
        map_from_mapping({**raw, "kingdoms": raw["kingdoms"][:9]})
    assert info.value.code == "map.unknown_kingdom"


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_shortest_path_is_a_shortest_allowed_path(data):
    m = load_default_map()
    ids = list(m.territories)
    a, b = data.draw(st.sampled_from(ids)), data.draw(st.sampled_from(ids))
    blocked = data.draw(st.sets(st.sampled_from(ids), max_size=16))
    allowed = lambda t: t not in blocked  # noqa: E731
    path = m.shortest_path(a, b, allowed)
    # Independent BFS by frontiers, for the distance only.
    dist, frontier, seen = 0, {a}, {a}
    while b not in frontier and frontier:
        frontier = {n for t in frontier for n in m.neighbours(t) if n not in seen and allowed(n)}
        seen |= frontier
        dist += 1
    if b not in frontier:
        assert path is None and b not in m.reachable(a, allowed)
    else:
        assert path is not None and len(path) - 1 == dist
        assert path[0] == a and path[-1] == b
        assert all(m.adjacent(x, y) for x, y in zip(path, path[1:]))
        assert not any(t in blocked for t in path[1:])
        assert b in m.reachable(a, allowed)
    assert m.shortest_path(a, b, allowed) == path  # deterministic


# --------------------------------------------------------------------------- the packaged island


def test_default_map_matches_the_seed():
    m = load_default_map()
    validate_atlantis(m)
    assert len(m.kingdoms) == 10 and len(m.territories) == 32
    assert set(m.kingdoms) == {ATLANTIS, *COLONY_KINGDOMS}
    assert m.kingdoms["gadirus-myrine"].name == "Gadirus & Myrine"
    assert not m.kingdoms[ATLANTIS].colonisable
    assert all(m.kingdoms[k].colonisable for k in COLONY_KINGDOMS)
    assert len(m.kingdom_territories(ATLANTIS)) == 5
    assert all(len(m.kingdom_territories(k)) == 3 for k in COLONY_KINGDOMS)
    assert m.territory(m.royal_city(ATLANTIS)).name == "Atlantis"
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", t) for t in m.territories)
    assert load_default_map() is m  # cached


def test_default_map_adjacency_is_symmetric_and_kingdoms_hold_together():
    m = load_default_map()
    for tid, t in m.territories.items():
        assert tid not in t.neighbours
        assert all(m.adjacent(n, tid) for n in t.neighbours)
    for kid in m.kingdoms:
        assert len(components(m, m.kingdom_territories(kid))) == 1, kid
    for kid in COLONY_KINGDOMS:  # a colony's three territories all border each other
        a, b, c = m.kingdom_territories(kid)
        assert m.adjacent(a, b) and m.adjacent(b, c) and m.adjacent(a, c)


def test_default_map_ring_of_colonies_around_atlantis():
    m = load_default_map()

    def borders(k1: str, k2: str) -> bool:
        return any(m.adjacent(a, b) for a in m.kingdom_territories(k1) for b in m.kingdom_territories(k2))

    for i, kid in enumerate(COLONY_KINGDOMS):
        ring = {COLONY_KINGDOMS[i - 1], COLONY_KINGDOMS[(i + 1) % 9]}
        assert {k for k in COLONY_KINGDOMS if k != kid and borders(kid, k)} == ring, kid
        assert borders(kid, ATLANTIS), kid
    city = m.royal_city(ATLANTIS)
    assert all(m.territory(n).kingdom == ATLANTIS for n in m.neighbours(city))  # behind its mountains
    for tid, t in m.territories.items():
        if t.kingdom == ATLANTIS:
            assert not t.coast
            assert t.terrain == "mountain" or t.royal_city
        else:
            touches_atlantis = any(m.territory(n).kingdom == ATLANTIS for n in t.neighbours)
            assert t.coast != touches_atlantis, tid


def _edges(polygon):
    return {frozenset((polygon[i - 1], p)) for i, p in enumerate(polygon)}


def test_default_map_adjacency_and_coast_match_the_drawing():
    m = load_default_map()
    edges = {tid: _edges(t.polygon) for tid, t in m.territories.items()}
    for a in m.territories:
        drawn = {b for b in m.territories if b != a and edges[a] & edges[b]}
        assert drawn == set(m.neighbours(a)), a
        others = set().union(*(edges[b] for b in m.territories if b != a))
        assert bool(edges[a] - others) == m.territory(a).coast, a


def _inside(x: float, y: float, poly) -> bool:
    hit = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def test_default_map_polygons_do_not_overlap_and_labels_sit_inside():
    m = load_default_map()
    polys = {tid: list(t.polygon) for tid, t in m.territories.items()}
    for tid, t in m.territories.items():
        assert all(0 <= x <= 1000 and 0 <= y <= 800 for x, y in t.polygon)
        assert _inside(*t.label, polys[tid]), tid
    boxes = {tid: (min(x for x, _ in p), max(x for x, _ in p), min(y for _, y in p), max(y for _, y in p))
             for tid, p in polys.items()}
    covered = 0
    for gx in range(0, 1000, 17):
        for gy in range(0, 800, 13):
            x, y = gx + 0.37, gy + 0.53  # off the 0.1 grid of the vertices
            hits = [tid for tid, (x0, x1, y0, y1) in boxes.items()
                    if x0 <= x <= x1 and y0 <= y <= y1 and _inside(x, y, polys[tid])]
            assert len(hits) <= 1, (x, y, hits)
            covered += bool(hits)
    assert covered > 0.45 * (1000 // 17 + 1) * (800 // 13 + 1)  # an island, not a speck


def test_shipped_terrain_is_the_fixed_seed_roll():
    m = load_default_map()
    again = generate_terrain(m, Dice.seeded(*SHIPPED_SEED), TERRAIN)
    assert {t: x.terrain for t, x in again.territories.items()} == {t: x.terrain for t, x in m.territories.items()}
    assert {t.terrain for t in m.territories.values()} == set(TERRAINS)


def test_load_map_file(tmp_path):
    good = tmp_path / "map.toml"
    good.write_text(default_map_text(), encoding="utf-8")
    assert load_map_file(good) == TerritoryMap.from_toml_text(default_map_text(), str(good))
    assert error_of(load_map_file, tmp_path / "missing.toml").code == "map.unreadable"
    bad = tmp_path / "bad.toml"
    bad.write_text("name = [", encoding="utf-8")
    err = error_of(load_map_file, bad)
    assert err.code == "map.malformed" and "bad.toml" in err.message("fr")


# --------------------------------------------------------------------------- malformed maps


def _remove(raw: dict, tid: str) -> None:
    raw["territories"] = [t for t in raw["territories"] if t["id"] != tid]
    for t in raw["territories"]:
        t["neighbours"] = [n for n in t["neighbours"] if n != tid]


def _rename_kingdom(raw: dict, old: str, new: str) -> None:
    for k in raw["kingdoms"]:
        if k["id"] == old:
            k["id"] = new
    for t in raw["territories"]:
        if t["kingdom"] == old:
            t["kingdom"] = new


GENERIC_CASES = {
    "asymmetric": (lambda r: find(r, "cap-boreal")["neighbours"].remove("azaea"),
                   "map.asymmetric", ["azaea", "cap-boreal"]),
    "unknown neighbour": (lambda r: find(r, "gadeira")["neighbours"].append("atlantide-perdue"),
                          "map.unknown_neighbour", ["gadeira", "atlantide-perdue"]),
    "self neighbour": (lambda r: find(r, "mestoria")["neighbours"].append("mestoria"),
                       "map.self_neighbour", ["mestoria"]),
    "two royal cities": (lambda r: find(r, "cap-boreal").update(royal_city=True),
                         "map.royal_cities", ["azues", "azaea", "cap-boreal"]),
    "no royal city": (lambda r: find(r, "gadeira").update(royal_city=False),
                      "map.royal_cities", ["gadirus-myrine", "0"]),
    "bad terrain": (lambda r: find(r, "chthonia").update(terrain="swamp"), "map.bad_terrain", ["chthonia", "swamp"]),
    "duplicate territory": (lambda r: r["territories"].append(copy.deepcopy(find(r, "mnesee"))),
                            "map.duplicate", ["mnesee"]),
    "duplicate kingdom": (lambda r: r["kingdoms"].append(dict(r["kingdoms"][3])), "map.duplicate", ["gadirus-myrine"]),
    "unknown kingdom": (lambda r: find(r, "elasippe").update(kingdom="lemuria"),
                        "map.unknown_kingdom", ["elasippe", "lemuria"]),
    "three fortresses": (lambda r: find(r, "azaea").update(fortresses=3), "map.bad_fortresses", ["azaea", "3"]),
    "negative fortresses": (lambda r: find(r, "azaea").update(fortresses=-1), "map.bad_fortresses", ["azaea"]),
    "fortresses as bool": (lambda r: find(r, "azaea").update(fortresses=True), "map.malformed", ["azaea"]),
    "missing terrain": (lambda r: find(r, "mnesee").pop("terrain"), "map.malformed", ["mnesee", "terrain"]),
    "misspelt field": (lambda r: find(r, "mnesee").update(fortress=1), "map.malformed", ["mnesee", "fortress"]),
    "bad id": (lambda r: find(r, "mnesee").update(id="Mnésée"), "map.malformed", ["id"]),
    "short polygon": (lambda r: find(r, "mnesee").update(polygon=[[0, 0], [1, 1]]), "map.malformed", ["mnesee"]),
    "bad label": (lambda r: find(r, "mnesee").update(label=[1]), "map.malformed", ["mnesee", "label"]),
    "no territories": (lambda r: r.update(territories=[]), "map.malformed", ["territories"]),
}


@pytest.mark.parametrize("case", GENERIC_CASES)
def test_malformed_map_names_the_culprit(raw, case):
    mutate, code, culprits = GENERIC_CASES[case]
    mutate(raw)
    err = error_of(TerritoryMap.from_mapping, raw, "club.toml")
    assert err.code == code
    for lang in ("en", "fr"):
        text = err.message(lang)
        assert "club.toml" in text and not text.startswith(code)
        for c in culprits:
            assert c in text, (lang, text)


ATLANTIS_CASES = {
    "31 territories": (lambda r: _remove(r, "baie-tritons"), ["32", "31"]),
    "a colony of 2": (lambda r: find(r, "cap-boreal").update(kingdom="mestor"), ["azues", "3", "2"]),
    "a colony of 4": (lambda r: find(r, "pics-leucippe").update(kingdom="elaspissus"), ["atlantis", "5", "4"]),
    "an eleventh kingdom": (lambda r: (r["kingdoms"].append({"id": "lemuria", "name": "Lémurie",
                                                             "colonisable": True}),
                                       find(r, "cap-boreal").update(kingdom="lemuria", royal_city=True)),
                            ["10", "11"]),
    "a renamed kingdom": (lambda r: _rename_kingdom(r, "azues", "azaes"), ["azues", "azaes"]),
    "atlantis colonisable": (lambda r: r["kingdoms"][0].update(colonisable=True), ["atlantis"]),
    "mestor not colonisable": (lambda r: r["kingdoms"][2].update(colonisable=False), ["mestor"]),
}
ATLANTIS_CODES = {"31 territories": "atlantis.map.count", "a colony of 2": "atlantis.map.count",
                  "a colony of 4": "atlantis.map.count", "an eleventh kingdom": "atlantis.map.count",
                  "a renamed kingdom": "atlantis.map.kingdoms", "atlantis colonisable": "atlantis.map.colonisable",
                  "mestor not colonisable": "atlantis.map.colonisable"}


@pytest.mark.parametrize("case", ATLANTIS_CASES)
def test_map_breaking_the_seed_counts_is_refused(raw, case):
    mutate, culprits = ATLANTIS_CASES[case]
    mutate(raw)
    m = TerritoryMap.from_mapping(raw, "club.toml")  # generically fine
    err = error_of(validate_atlantis, m)
    assert err.code == ATLANTIS_CODES[case]
    for lang in ("en", "fr"):
        for c in culprits:
            assert c in err.message(lang), (lang, err.message(lang))


def test_malformed_toml_text():
    assert error_of(TerritoryMap.from_toml_text, "name = ", "x.toml").code == "map.malformed"


# --------------------------------------------------------------------------- terrain generation


def _rolling(m: TerritoryMap) -> list[str]:
    return [tid for tid, t in m.territories.items() if t.royal_city or t.kingdom != ATLANTIS]


ROYAL = {1: "plain", 2: "plain", 3: "plain", 4: "river", 5: "forest", 6: "mountain"}
PLAIN_TERRITORY = {1: "plain", 2: "plain", 3: "river", 4: "forest", 5: "mountain", 6: "mountain"}


@pytest.mark.parametrize("face", range(1, 7))
def test_terrain_table_with_scripted_dice(face):
    m = load_default_map()
    order = _rolling(m)
    assert len(order) == 28  # 32 territories less the 4 Atlantean mountains
    dice = ScriptedDice([face] * len(order))
    out, lookups = generate_terrain_logged(m, dice, TERRAIN)
    assert dice.remaining == []
    assert [r.purpose for r in dice.records] == [f"terrain {tid}" for tid in order]
    for tid, t in out.territories.items():
        if t.kingdom == ATLANTIS and not t.royal_city:
            assert t.terrain == "mountain"
        else:
            assert t.terrain == (ROYAL if t.royal_city else PLAIN_TERRITORY)[face], tid
    city = order.index(m.royal_city(ATLANTIS))
    assert lookups[city].modifiers == (("royal_city", -1),) and lookups[city].total == face - 1


def test_royal_city_examples():
    m = load_default_map()
    order = _rolling(m)
    faces = {tid: 3 for tid in order} | {"atlantis-city": 1, "gadeira": 4, "mestoria": 6, "val-mestor": 3}
    out = generate_terrain(m, ScriptedDice([faces[t] for t in order]), TERRAIN)
    assert out.territory("atlantis-city").terrain == "plain"  # 1 - 1 = 0 reads as row 1
    assert out.territory("gadeira").terrain == "river"  # 4 - 1 = 3
    assert out.territory("mestoria").terrain == "mountain"  # 6 - 1 = 5
    assert out.territory("val-mestor").terrain == "river"  # no royal city, no modifier


def test_terrain_generation_is_deterministic():
    m = load_default_map()
    d1, d2 = Dice.seeded("club", 42), Dice.seeded("club", 42)
    assert generate_terrain(m, d1, TERRAIN) == generate_terrain(m, d2, TERRAIN)
    assert d1.records == d2.records and len(d1.records) == 28


def test_packaged_terrain_table_reads_like_the_seed():
    from campagne.games.atlantis.data import tables

    packaged = tables()["terrain"]
    for shift in (0, -1):
        assert packaged.outcome_distribution(shift) == TERRAIN.outcome_distribution(shift)
    m = load_default_map()
    assert generate_terrain(m, Dice.seeded(*SHIPPED_SEED)) == generate_terrain(m, Dice.seeded(*SHIPPED_SEED), TERRAIN)
