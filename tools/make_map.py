"""Generate src/campagne/games/atlantis/data/map.toml: the default island of Atlantis.

    PYTHONPATH=src python tools/make_map.py > src/campagne/games/atlantis/data/map.toml

Geometry: polar cells around the island's centre, mapped onto a wobbly ellipse so the coast
looks like a coast. Atlantis is the inner disc: its city in the middle, four mountain
territories around it. The ring outside is cut into nine 40° kingdom sectors, each split into
an inner cell (bordering Atlantis) and two coastal cells. Every vertex is computed by one
function of (angle, radius), so neighbouring cells share exactly the same points, and the
neighbour lists are derived from shared polygon edges: adjacency matches the drawing.
Terrain is then rolled with the TABLE DES TERRAINS from a fixed seed (TERRAIN_SEED).
"""

from __future__ import annotations

import json
import math
import sys

from campagne.core.dice import Dice
from campagne.core.maps import TerritoryMap
from campagne.games.atlantis.map import generate_terrain, validate_atlantis

TERRAIN_SEED = ("atlantis-map", 1)
CX, CY, RX, RY = 500.0, 405.0, 420.0, 330.0
R_CITY, R_ATLANTIS, R_INNER = 0.17, 0.37, 0.66  # ring limits, coast at 1
ARC_STEP = math.radians(5)
RADIAL_STEP = 0.07

KINGDOMS = [  # id, name, (royal city, inner cell, second coastal cell) as (id, name)
    ("azues", "Azues", [("azaea", "Azaéa"), ("marches-azues", "Marches d'Azues"), ("cap-boreal", "Cap Boréal")]),
    ("mestor", "Mestor", [("mestoria", "Mestoria"), ("val-mestor", "Val de Mestor"),
                          ("baie-tritons", "Baie des Tritons")]),
    ("gadirus-myrine", "Gadirus & Myrine", [("gadeira", "Gadeira"), ("terres-myrine", "Terres de Myrine"),
                                            ("porte-colonnes", "Porte des Colonnes")]),
    ("diaprepes", "Diaprepes", [("diaprepia", "Diaprépia"), ("seuil-diaprepes", "Seuil de Diaprépès"),
                                ("anse-dauphins", "Anse des Dauphins")]),
    ("euamon", "Euamon", [("euemonia", "Euémonia"), ("domaine-euamon", "Domaine d'Euamon"),
                          ("cap-sirenes", "Cap des Sirènes")]),
    ("mneseus", "Mneseus", [("mnesee", "Mnésée"), ("pays-mneseus", "Pays de Mnéseus"),
                            ("falaises-ecume", "Falaises d'Écume")]),
    ("autochthon", "Autochthon", [("chthonia", "Chthonia"), ("terres-noires", "Terres Noires"),
                                  ("golfe-orichalque", "Golfe d'Orichalque")]),
    ("elaspissus", "Elaspissus", [("elasippe", "Élasippe"), ("marches-elaspissus", "Marches d'Élaspissus"),
                                  ("pointe-hesperides", "Pointe des Hespérides")]),
    ("ampheres", "Ampheres", [("ampheria", "Amphéria"), ("haut-pays-ampheres", "Haut-Pays d'Amphérès"),
                              ("rivage-nereides", "Rivage des Néréides")]),
]
ATLANTIS_RING = [("mont-atlas", "Mont Atlas"), ("volcan-evenor", "Volcan d'Évenor"),
                 ("cretes-clito", "Crêtes de Clito"), ("pics-leucippe", "Pics de Leucippe")]


def wrap(a: float) -> float:
    return (a + math.pi) % (2 * math.pi) - math.pi


def point(theta: float, rho: float) -> tuple[float, float]:
    coast = (0.07 * math.sin(3 * theta + 0.5) + 0.05 * math.sin(5 * theta + 2.1)
             + 0.03 * math.sin(9 * theta + 0.7) + 0.02 * math.sin(14 * theta + 1.1))
    h = 1 + rho ** 3 * coast + 0.06 * rho * math.sin(5 * theta + 9 * rho)
    return (round(CX + rho * h * RX * math.cos(theta), 1), round(CY + rho * h * RY * math.sin(theta), 1))


class Boundary:
    """A wiggly radial border at base angle `base`, from radius lo to hi."""

    def __init__(self, base_deg: float, lo: float, hi: float) -> None:
        self.base, self.lo, self.hi = math.radians(base_deg), lo, hi

    def angle(self, rho: float) -> float:
        return wrap(self.base + 0.035 * math.sin(11 * rho + 3 * self.base))

    def rhos(self, lo: float, hi: float) -> list[float]:
        n = max(1, math.ceil((hi - lo) / RADIAL_STEP))
        return [lo + (hi - lo) * i / n for i in range(n + 1)]


ATL_BOUNDS = [Boundary(-135 + 90 * j, R_CITY, R_ATLANTIS) for j in range(4)]
KING_BOUNDS = [Boundary(-110 + 40 * k, R_ATLANTIS, 1.0) for k in range(9)]
MID_BOUNDS = [Boundary(-90 + 40 * k, R_INNER, 1.0) for k in range(9)]
ALL_BOUNDS = ATL_BOUNDS + KING_BOUNDS + MID_BOUNDS


def arc_angles(rho: float) -> list[float]:
    """Canonical angles sampled on the circle of radius rho: a regular grid plus every border meeting it."""
    breaks = [b.angle(rho) for b in ALL_BOUNDS if b.lo - 1e-9 <= rho <= b.hi + 1e-9]
    grid = [wrap(i * ARC_STEP) for i in range(round(2 * math.pi / ARC_STEP))]
    grid = [g for g in grid if all(abs(wrap(g - b)) > math.radians(1.5) for b in breaks)]
    return sorted(set(breaks + grid))


def arc(rho: float, start: float, end: float) -> list[tuple[float, float]]:
    """Points along radius rho from angle start to end, counter-clockwise in maths terms (clockwise on screen)."""
    span = (end - start) % (2 * math.pi) or 2 * math.pi
    inside = sorted((((a - start) % (2 * math.pi)), a) for a in arc_angles(rho))
    angles = [start] + [a for off, a in inside if 1e-9 < off < span - 1e-9] + [end]
    return [point(a, rho) for a in angles]


def cell(left: Boundary, right: Boundary, lo: float, hi: float) -> list[tuple[float, float]]:
    pts = arc(lo, left.angle(lo), right.angle(lo))
    pts += [point(right.angle(r), r) for r in right.rhos(lo, hi)[1:-1]]
    pts += arc(hi, left.angle(hi), right.angle(hi))[::-1]
    pts += [point(left.angle(r), r) for r in left.rhos(lo, hi)[::-1][1:-1]]
    return dedupe(pts)


def dedupe(pts: list[tuple[float, float]]) -> list[tuple[float, float]]:
    out = [p for i, p in enumerate(pts) if p != pts[i - 1]]
    return out


def label_at(left: Boundary, right: Boundary, lo: float, hi: float) -> tuple[float, float]:
    mid = (lo + hi) / 2
    a, b = left.angle(mid), right.angle(mid)
    x, y = point(wrap(a + ((b - a) % (2 * math.pi)) / 2), mid)
    return (x, round(y - 14, 1))  # the renderer draws tokens below the name


def build() -> dict:
    kingdoms = [{"id": "atlantis", "name": "Atlantis", "colonisable": False}]
    cells: list[dict] = []

    def add(tid, name, kingdom, polygon, label, royal=False, coast=False):
        cells.append({"id": tid, "name": name, "kingdom": kingdom, "terrain": "plain", "royal_city": royal,
                      "coast": coast, "neighbours": [], "polygon": [list(p) for p in polygon],
                      "label": list(label)})

    city = dedupe(arc(R_CITY, ATL_BOUNDS[0].angle(R_CITY), ATL_BOUNDS[0].angle(R_CITY))[:-1])
    add("atlantis-city", "Atlantis", "atlantis", city, (CX, CY - 14), royal=True)
    for j, (tid, name) in enumerate(ATLANTIS_RING):
        left, right = ATL_BOUNDS[j], ATL_BOUNDS[(j + 1) % 4]
        add(tid, name, "atlantis", cell(left, right, R_CITY, R_ATLANTIS),
            label_at(left, right, R_CITY, R_ATLANTIS))
    for k, (kid, kname, terr) in enumerate(KINGDOMS):
        kingdoms.append({"id": kid, "name": kname, "colonisable": True})
        left, mid, right = KING_BOUNDS[k], MID_BOUNDS[k], KING_BOUNDS[(k + 1) % 9]
        (city_id, city_name), (inner_id, inner_name), (outer_id, outer_name) = terr
        add(city_id, city_name, kid, cell(left, mid, R_INNER, 1.0), label_at(left, mid, R_INNER, 1.0),
            royal=True, coast=True)
        add(inner_id, inner_name, kid, cell(left, right, R_ATLANTIS, R_INNER),
            label_at(left, right, R_ATLANTIS, R_INNER))
        add(outer_id, outer_name, kid, cell(mid, right, R_INNER, 1.0), label_at(mid, right, R_INNER, 1.0),
            coast=True)
    link_shared_edges(cells)
    return {"name": "L'Atlantide", "kingdoms": kingdoms, "territories": cells}


def link_shared_edges(cells: list[dict]) -> None:
    owners: dict[frozenset, set[str]] = {}
    for c in cells:
        pts = [tuple(p) for p in c["polygon"]]
        for i, p in enumerate(pts):
            owners.setdefault(frozenset((p, pts[i - 1])), set()).add(c["id"])
    order = {c["id"]: i for i, c in enumerate(cells)}
    for c in cells:
        touching = {o for ids in owners.values() if c["id"] in ids for o in ids} - {c["id"]}
        c["neighbours"] = sorted(touching, key=order.__getitem__)


def toml(raw: dict) -> str:
    def s(v) -> str:
        return json.dumps(v, ensure_ascii=False)

    def num(v: float) -> str:
        return f"{v:.1f}"

    out = [
        "# The default island of Atlantis (seed 000, \"La carte\": 10 kingdoms, 32 territories).",
        "# Generated by tools/make_map.py; terrain rolled on the TABLE DES TERRAINS with",
        f"# generate_terrain(map, Dice.seeded{TERRAIN_SEED!r}) (the 4 Atlantean territories",
        "# around the city are mountains without a roll). Edit freely for your club: owner = \"player\"",
        "# and fortresses = 0..2 let a campaign start from an edited map.",
        "# polygon and label are drawing coordinates in a 1000x800 viewbox.",
        "",
        f"name = {s(raw['name'])}",
    ]
    for k in raw["kingdoms"]:
        out += ["", "[[kingdoms]]", f"id = {s(k['id'])}", f"name = {s(k['name'])}",
                f"colonisable = {str(k['colonisable']).lower()}"]
    for t in raw["territories"]:
        out += ["", "[[territories]]"]
        for key in ("id", "name", "kingdom", "terrain"):
            out.append(f"{key} = {s(t[key])}")
        out += [f"royal_city = {str(t['royal_city']).lower()}", f"coast = {str(t['coast']).lower()}",
                f"neighbours = {s(t['neighbours'])}",
                f"label = [{num(t['label'][0])}, {num(t['label'][1])}]",
                "polygon = [" + ", ".join(f"[{num(x)}, {num(y)}]" for x, y in t["polygon"]) + "]"]
    return "\n".join(out) + "\n"


def main() -> None:
    raw = build()
    xs = [x for t in raw["territories"] for x, _ in t["polygon"]]
    ys = [y for t in raw["territories"] for _, y in t["polygon"]]
    assert 10 <= min(xs) and max(xs) <= 990 and 10 <= min(ys) and max(ys) <= 790, "island leaves the viewbox"
    m = TerritoryMap.from_mapping(raw, "tools/make_map.py")
    m = generate_terrain(m, Dice.seeded(*TERRAIN_SEED))
    validate_atlantis(m)
    sys.stdout.write(toml(m.to_mapping()))


if __name__ == "__main__":
    main()
