"""Computer players of the grid battle, over the one interface: `(view, legal, rng) -> command`.

- tactician (the descriptor's "greedy"): focus fire — of the attacks it may make, the one most likely to
  destroy its target, then the most damage for the least riposte (a wounded enemy is finished first), an enemy
  close to its own civilians before any other; casts
  its spells (heals a wounded friend, strikes the enemy); moves its shooters to cells in range that give cover
  or high ground, its melee units onto the nearest enemies, and its civilians away from the enemy, behind
  their own military units (« protect civilians »); deploys shooters and civilians at the back of its zone, in
  cover, and the melee units in front.
- random: the generic `core.players.random_player`.
- absent: ends each activation at once.
`autoplay` lets the computer camps of a journaled battle act until a person must.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from ...core.interface import LegalOrder
from .grid import Battlefield, from_mapping

COMPUTERS = ("random", "greedy", "absent")


@lru_cache(maxsize=32)
def _field(rows: tuple[str, ...], levels: tuple[str, ...]) -> Battlefield:
    return from_mapping("view", {"terrain": list(rows), "height": list(levels), "zones": ["A1:A1", "A1:A1"]})


def field_of(view: dict[str, Any]) -> Battlefield:
    b = view["battlefield"]
    return _field(tuple(b["terrain"]), tuple(b["levels"]))


def _score_attack(o: dict[str, Any]) -> float:
    return 4 * o["destroys"] + o["mean"] - 0.5 * o.get("riposte_mean", 0.0)


def _cells(bf: Battlefield, units: list[dict[str, Any]]) -> list[int]:
    return [bf.index(u["cell"]) for u in units if u["cell"]]  # type: ignore[misc]


def nearest(bf: Battlefield, others: list[int]) -> list[int]:
    """For every cell, the distance to the nearest of `others` (99: none), all at once: one map per
    decision rather than one search per candidate cell."""
    dist = [99] * bf.size
    for o in others:
        dist[o] = 0
    frontier, d = list(others), 0
    while frontier:  # king's moves spread by rings: the ring number is the (Chebyshev) distance
        d += 1
        ring = []
        for c in frontier:
            for n in bf.around[c]:
                if dist[n] > d:
                    dist[n] = d
                    ring.append(n)
        frontier = ring
    return dist


def _cell_score(bf: Battlefield, u: dict[str, Any], cell: int, near_enemy: list[int], near_friend: list[int]) -> float:
    near = near_enemy[cell]
    shelter = bf.shelter[cell]  # (1.0 in cover, else 0.0) + 0.8 x its level
    if u["kind"] == "civilian":  # away from the enemy, close to its own soldiers
        return 2 * min(near, 8) - 0.5 * near_friend[cell] + shelter
    if u["range"] >= 2:  # a shooter: the enemy in range, not in reach; cover and height
        in_range = 3.0 if 2 <= near <= u["range"] else -abs(near - u["range"])
        return in_range + shelter - (2.0 if near <= 1 else 0.0)
    return -near + 0.3 * shelter


def _move(lo: LegalOrder, bf: Battlefield, units: dict[str, dict[str, Any]], maps: tuple[list[int], list[int]],
          rng: random.Random) -> tuple[float, dict[str, Any]]:
    """The best cell for this unit's move, and how much better it is than staying."""
    u = units[lo.fixed["unit"]]
    here = _cell_score(bf, u, bf.index(u["cell"]), *maps)  # type: ignore[arg-type]
    at = bf.by_name  # the legal orders' cells are the field's own names (`bf.index` without its upper-casing)
    # `_cell_score` of every cell (its very sums, in its order), the unit's kind asked once (every reachable
    # cell of every unit that may move is scored at every order of a battle); a draw of `rng` per cell, in turn
    near, friend, shelter, draw, cells = maps[0], maps[1], bf.shelter, rng.random, lo.fields[0].choices
    reach = u["range"]
    if u["kind"] == "civilian":
        best, cell = max((2 * min(near[i], 8) - 0.5 * friend[i] + shelter[i] + 0.01 * draw(), c)
                         for c in cells for i in (at[c],))
    elif reach >= 2:
        best, cell = max(((3.0 if 2 <= near[i] <= reach else -abs(near[i] - reach)) + shelter[i]
                          - (2.0 if near[i] <= 1 else 0.0) + 0.01 * draw(), c) for c in cells for i in (at[c],))
    else:
        best, cell = max((-near[i] + 0.3 * shelter[i] + 0.01 * draw(), c) for c in cells for i in (at[c],))
    return best - here, lo.command({"cell": cell})


def _cast(view: dict[str, Any], lo: LegalOrder, units: dict[str, dict[str, Any]]) -> tuple[float, dict[str, Any]]:
    spell = lo.fixed["spell"]
    dice = lo.fields[1].high
    targets = [units[t] for t in lo.fields[0].choices]
    if spell == "heal":
        hurt = max(targets, key=lambda t: t["max_hp"] - t["hp"])
        return float(hurt["max_hp"] - hurt["hp"]), lo.command({"target": hurt["id"], "dice": dice})
    if spell in ("shield", "haste"):
        pick = max(targets, key=lambda t: (t["kind"] == "military", t["attacks"], t["id"]))
        return 0.6, lo.command({"target": pick["id"], "dice": dice})
    weakest = min(targets, key=lambda t: (t["hp"], t["armour"] * -1, t["id"]))
    return 2.0 + 1.0 / weakest["hp"], lo.command({"target": weakest["id"], "dice": dice})


def _card_action(lo: LegalOrder, units: dict[str, dict[str, Any]], near_enemy: list[int], bf: Battlefield,
                 best_attack: dict[str, float]) -> list[tuple[float, dict[str, Any]]]:
    """Take aim just before an attack that leaves an AP for it (so it outranks the attack itself); brace when an
    enemy is within 3 cells and nothing better is to be done (a move or an attack outranks it)."""
    u = units[lo.fixed["unit"]]
    out = []
    for key in lo.fields[0].choices:
        if key == "aim" and lo.fixed["unit"] in best_attack and u["ap"] >= 2:
            out.append((best_attack[lo.fixed["unit"]] + 0.05, lo.command({"action": key})))
        elif key == "brace" and u["cell"] and near_enemy[bf.index(u["cell"])] <= 3:  # type: ignore[index]
            out.append((0.2, lo.command({"action": key})))
    return out


def _deploy(view: dict[str, Any], legal: list[LegalOrder], bf: Battlefield) -> dict[str, Any]:
    units = {u["id"]: u for u in view["units"]}
    lo = legal[0]
    u = units[lo.fixed["unit"]]
    cx, cy = bf.width / 2, bf.height / 2

    def score(name: str) -> float:
        c = bf.index(name)
        x, y = bf.xy(c)  # type: ignore[arg-type]
        front = -(abs(x + 0.5 - cx) + abs(y + 0.5 - cy))
        shelter = (1.0 if bf.cover(c) else 0.0) + 0.8 * bf.level[c]  # type: ignore[index]
        back = u["kind"] == "civilian" or u["range"] >= 2 or u["magic"]
        return (-front if back else front) + shelter

    return lo.command({"cell": max(lo.fields[0].choices, key=lambda n: (score(n), n))})


def tactician(view: dict[str, Any], legal: list[LegalOrder], rng: random.Random) -> dict[str, Any] | None:
    if not legal:
        return None
    bf = field_of(view)
    if view["phase"] == "deploy":
        return _deploy(view, legal, bf)
    units = {u["id"]: u for u in view["units"]}
    attacks = {(o["unit"], o["target"]): o for o in view.get("odds", [])}
    me = view["viewer"]
    near_enemy = nearest(bf, _cells(bf, [x for x in units.values() if x["camp"] != me and x["status"] == "deployed"]))
    # the other two maps only when read (each a walk of the whole field, at every order of a battle): the
    # friends' for a civilian's move alone, the civilians' for an attack alone
    civilian_moves = any(lo.type == "move" and units[lo.fixed["unit"]]["kind"] == "civilian" for lo in legal)
    near_friend = nearest(bf, _cells(bf, [x for x in units.values() if x["camp"] == me and x["status"] == "deployed"
                                          and x["kind"] == "military"])) if civilian_moves else []
    maps = (near_enemy, near_friend)
    # the enemies within 2 cells of its own civilians are struck first (« protect civilians »)
    near_civilians = nearest(bf, _cells(bf, [x for x in units.values() if x["camp"] == me and x["status"] == "deployed"
                                            and x["kind"] == "civilian"])) \
        if any(lo.type == "attack" for lo in legal) else []
    options: list[tuple[float, dict[str, Any]]] = []
    best_attack: dict[str, float] = {}  # by unit: its best attack's score, to take aim before it
    for lo in legal:
        if lo.type == "attack":
            uid = lo.fixed["unit"]
            for t in lo.fields[0].choices:
                o = attacks.get((uid, t))
                if o is not None:
                    best_attack[uid] = max(best_attack.get(uid, 0.0), 1.0 + _score_attack(o))
    for lo in legal:
        if lo.type == "attack":
            for t in lo.fields[0].choices:
                o = attacks.get((lo.fixed["unit"], t))
                if o is not None:
                    threat = 1.5 if near_civilians[bf.index(units[t]["cell"])] <= 2 else 0.0  # type: ignore[index]
                    options.append((1.0 + threat + _score_attack(o), lo.command({"target": t})))
        elif lo.type == "cast":
            options.append(_cast(view, lo, units))
        elif lo.type == "move":
            gain, cmd = _move(lo, bf, units, maps, rng)
            if gain > 0.05:
                options.append((min(gain, 0.9) * 0.5, cmd))
        elif lo.type == "act":
            options += _card_action(lo, units, maps[0], bf, best_attack)
    if options:
        return max(options, key=lambda x: x[0])[1]
    ends = [lo for lo in legal if lo.type == "end"]
    return ends[0].command() if ends else legal[0].sample(rng)


def absent(view: dict[str, Any], legal: list[LegalOrder], rng: random.Random) -> dict[str, Any] | None:
    for lo in legal:
        if lo.type == "end":
            return lo.command()
    return legal[0].sample(rng) if legal else None  # deployment: anywhere in its zone


def computer_players(state: Any, stand_in: frozenset[str] = frozenset()) -> set[str]:
    return {p for p, c in state.controllers.items() if c in COMPUTERS} | set(stand_in)


def autoplay(game: Any, seed: Any, referee: bool = False, after: list[Any] | None = None,
             stop_turn: int | None = None, limit: int = 100_000, stand_in: frozenset[str] = frozenset(),
             **_: Any) -> list[Any]:
    """Push the computer camps' orders until a person must act or the battle ends (a grid battle has no
    referee: `referee` changes nothing; `stop_turn`: stop once that round is over). A person in `stand_in`
    is played by the tactician."""
    from ...core.players import random_player
    from .legal import legal_orders
    from .rules import awaiting
    from .views import view as view_of
    players = {"random": random_player, "greedy": tactician, "absent": absent}
    pushed: list[Any] = []
    while len(pushed) < limit:
        s = game.state
        if s.ended or (stop_turn is not None and s.round > stop_turn):
            break
        who = [p for p in awaiting(s) if p in computer_players(s, stand_in)]
        if not who:
            break
        p = who[0]
        controller = s.controllers[p] if s.controllers[p] in COMPUTERS else "greedy"
        rng = random.Random(f"{seed}:{len(game.entries)}")
        command = players[controller](view_of(s, p), legal_orders(s, p), rng)
        if command is None:
            break
        pushed.append(game.push(command))
    return pushed
