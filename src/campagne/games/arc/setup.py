"""Set-up: the players, the balance of forces, the counters on their start hexes (seed 003, « POSITIONS DE
DEPART »), and scenarios on small maps for tests and studies."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.errors import CampagneError, need, register_messages
from ...core.players import controller_kind
from .board import Board, arc_board, board_from_mapping
from .data import FORCES, SIDES, unit_types
from .state import ArcState, Unit, enemies

CONTROLLERS = ("human", "random", "greedy", "absent", "search")

register_messages({
    "arc.setup.players": {"en": "Arc is played by bonnaire, ulf and fereira, each once (got {players}).",
                          "fr": "Arc se joue avec bonnaire, ulf et fereira, chacun une fois ({players} donnés)."},
    "arc.setup.controller": {"en": "Unknown controller {controller!r} (human, random, greedy, absent or search).",
                             "fr": "Contrôleur inconnu {controller!r} (human, random, greedy, absent ou search)."},
    "arc.setup.forces": {"en": "Unknown balance of forces {forces!r} (unfavourable, medium or favourable).",
                         "fr": "Rapport de forces inconnu {forces!r} (unfavourable, medium ou favourable)."},
    "arc.setup.scenario": {"en": "Invalid scenario counter {unit!r}.", "fr": "Pion de scénario invalide {unit!r}."},
})


def build_setup(players: list[dict[str, Any]], options: Mapping[str, Any]) -> dict[str, Any]:
    """The descriptor's set-up: `-p bonnaire:human -p ulf:greedy -p fereira:greedy [--forces F] [--two-player]`."""
    setup: dict[str, Any] = {"players": [{"id": p["id"], "controller": p.get("controller", "human"),
                                          "name": p.get("name") or p["id"]} for p in players],
                             "forces": options.get("forces") or "medium",
                             "two_player": bool(options.get("two_player")),
                             "readings": 2}  # issue 24's readings (docs/rules/arc.md); old set-ups have none
    read_players(setup)
    read_forces(setup)
    return setup


def read_players(setup: Mapping[str, Any]) -> tuple[dict[str, str], dict[str, str]]:
    raw = setup.get("players")
    ids = [p.get("id") for p in raw] if isinstance(raw, list) and all(isinstance(p, Mapping) for p in raw) else []
    need(sorted(map(str, ids)) == sorted(SIDES), "arc.setup.players", players=", ".join(map(str, ids)) or "-")
    controllers = {p["id"]: p.get("controller", "human") for p in raw}  # type: ignore[union-attr]
    for c in controllers.values():
        need(controller_kind(c) in CONTROLLERS, "arc.setup.controller", controller=c)
    return controllers, {p["id"]: str(p.get("name") or p["id"]) for p in raw}  # type: ignore[union-attr]


def read_forces(setup: Mapping[str, Any]) -> dict[str, str]:
    """One balance for all (`medium`), or one per side (`bonnaire:favourable,ulf:medium`, or a mapping)."""
    f = setup.get("forces", "medium")
    if isinstance(f, str) and ":" in f:
        pairs = [p.split(":", 1) for p in f.split(",") if p.strip()]
        need(all(len(p) == 2 and p[0].strip() in SIDES for p in pairs), "arc.setup.forces", forces=f)
        f = {k.strip(): v.strip() for k, v in pairs}
    forces = dict(f) if isinstance(f, Mapping) else {s: f for s in SIDES}
    for s in SIDES:
        forces.setdefault(s, "medium")
        need(forces[s] in FORCES, "arc.setup.forces", forces=forces[s])
    return forces


THIRDS = ("bhar_priests", "christian_priests", "knights", "allied_barons", "ulf_barons")


def strategic_losses(unit_type: str, tactical: int) -> int:
    """Counters lost on the city map for `tactical` units lost in the tactical wargame on the hill: « Pour les
    prêtres, les chevaliers et les barons, le rapport tactique/stratégique est de un tiers (arrondi à l'entier
    supérieur). Pour toutes les autres unités il est de un cinquième » (a fifth is not said to round up:
    it rounds down)."""
    if tactical <= 0:
        return 0
    return -(-tactical // 3) if unit_type in THIRDS else tactical // 5


def read_losses(setup: Mapping[str, Any]) -> dict[str, int]:
    raw = setup.get("tactical_losses") or {}
    out = {}
    for k, v in dict(raw).items():
        need(k in unit_types() and isinstance(v, int) and v >= 0, "arc.setup.scenario", unit=f"{k}={v}")
        out[k] = strategic_losses(k, v)
    return out


def place_counters(board: Board, forces: dict[str, str], losses: Mapping[str, int] | None = None,
                   two_player: bool = False) -> dict[str, Unit]:
    """Every counter on its start hex; « au choix » groups spread in turn over their hexes until placed; the
    counters lost in the tactical wargame (`losses`, already converted) are taken from the last groups.

    « Le joueur Bonnaire place ses pièces en premier lieu »: the sides are placed in the seed's order, and a
    group spreads only over the hexes of its choice that hold no enemy counter yet (Bonnaire's and Ulf's groups
    share « N5 O5 T5 » and « N3 O3 T3 »; enemies in one hex would fire and fight at distance 0)."""
    units: dict[str, Unit] = {}
    order = sorted(unit_types().values(), key=lambda t: SIDES.index(t.side))
    for t in order:
        full = t.counts[forces[t.side]]
        n = max(0, full - (losses or {}).get(t.id, 0))
        groups = t.start[forces[t.side]]
        fixed = sum(g.get("count", 0) for g in groups)
        left = n - max(0, n - fixed) if fixed else 0  # how many the fixed groups still get
        made = 0
        for g in groups:
            hexes = choice = tuple(board.resolve(h) or h for h in g["hexes"])
            if len(hexes) > 1:
                held = {x.hex for x in units.values() if enemies(x.side, t.side, two_player)}
                hexes = tuple(h for h in hexes if h not in held)
                assert hexes, (t.id, g["hexes"])  # every group has a hex of its own side
            if "count" in g:
                count = min(g["count"], left)
                left -= count
            else:
                count = n - min(n, fixed)
            for i in range(count):
                made += 1
                u = Unit(f"{t.id}.{made}", t.id, t.side, hexes[i % len(hexes)], choice if len(choice) > 1 else (),
                         hidden=bool(t.ability("invisible")), points=t.points)
                units[u.id] = u
        assert made == n, (t.id, made, n)
    return units


def scenario_counters(raw: Any) -> dict[str, Unit]:
    """Counters of a scenario: [{"type", "hex", "side"?, "reduced"?, "hidden"?, "id"?}]."""
    units: dict[str, Unit] = {}
    types = unit_types()
    for i, r in enumerate(raw or []):
        if not isinstance(r, Mapping) or r.get("type") not in types:
            raise CampagneError("arc.setup.scenario", unit=r)
        t = types[r["type"]]
        uid = r.get("id") or f"{t.id}.{sum(1 for u in units.values() if u.type == t.id) + 1}"
        units[uid] = Unit(uid, t.id, r.get("side", t.side), r["hex"], reduced=bool(r.get("reduced")),
                          hidden=bool(r.get("hidden", t.ability("invisible"))), points=r.get("points", t.points))
    return units


def new_state(setup: Mapping[str, Any]) -> ArcState:
    controllers, names = read_players(setup)
    forces = read_forces(setup)
    board = board_from_mapping(dict(setup["map"]), "scenario") if setup.get("map") else arc_board()
    units = scenario_counters(setup["scenario"]) if "scenario" in setup else \
        place_counters(board, forces, read_losses(setup), bool(setup.get("two_player")))
    for u in units.values():
        if u.hex not in board:
            raise CampagneError("arc.setup.scenario", unit=u.id)
    readings = setup.get("readings", 1)
    need(readings in (1, 2), "order.bad_field", field="readings", value=readings)
    return ArcState(board, forces, bool(setup.get("two_player")), controllers, names, units,
                    plans={s: [] for s in SIDES}, readings=readings)
