"""Movement: reach under ZOC, terrain and stacking; moving a counter; detection; Ulf's conversions.

« toute unité entrant dans une ZOC ennemie doit immédiatement s'arrêter »; « Une unité peut traverser un hexagone
occupé par une autre unité amie, mais doit s'arrêter sur un hex libre » (leaders and the special pieces may stop
on one friendly unit, two pieces at most); rivers, the frozen marsh and walls cost 3 movement points, cavalry
cannot cross walls (gates aside). « dans les limites de leur capacité »: a unit whose allowance is below 3 (the
priests of Bhâr, the People, the dwarves) cannot enter a river, marsh or wall hex.
Hidden counters exert no ZOC and block no declaration (their enemies do not know they are there), but a visible
counter whose move would enter one's hex finds it and stops before it; an invisible counter may end its move on
an enemy's hex, where it is immobilised.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator, Mapping
from operator import attrgetter
from typing import Any

from ...core.dice import Dice
from .state import ArcState, Memo, Unit, memo_of

Event = dict[str, Any]


def exerts_zoc_on(state: ArcState, enemy: Unit, mover: Unit, retreat: bool = False) -> bool:
    """The snipers' and Fra Borges' « aucune restriction de mouvement dans des ZOC adverses, sauf... » is for
    movement: a retreat ends outside every enemy ZOC (« les unités ne peuvent pas terminer leur retraite dans une
    ZOC ennemie »). Aris Dombal's « pas d'effet de ZOC adverses » (`zoc_only_from = []`) names no movement: none."""
    only = mover.kind.ability("zoc_only_from")
    if only is None or (retreat and only):
        return True
    return any(enemy.type == f or (f == "archers" and enemy.kind.archer) for f in only)


def occupancy(state: ArcState) -> dict[str, list[Unit]]:
    occ: dict[str, list[Unit]] = {}
    for u in state.units.values():
        if u.status == "active" and u.hex is not None:
            occ.setdefault(u.hex, []).append(u)
    return occ


def zoc_hexes(state: ArcState, mover: Unit, retreat: bool = False) -> set[str]:
    out: set[str] = set()
    b = state.board
    # (asked at every search: who is an enemy is looked up once per side, and whether every enemy's ZOC holds
    # the mover once, `exerts_zoc_on` asked enemy by enemy only when it depends on the enemy)
    foes: dict[str, bool] = {}
    only = mover.kind.ability("zoc_only_from")
    every = only is None or (retreat and only)
    for e in state.units.values():
        if e.status != "active" or e.hidden or e.hex is None:
            continue
        foe = foes.get(e.side)
        if foe is None:
            foe = foes[e.side] = state.enemies(e.side, mover.side)
        if foe and b.exerts_zoc(e.hex) and (every or exerts_zoc_on(state, e, mover, retreat)):
            out.update(b.neighbours[e.hex])
    return out


def visible_enemy_at(state: ArcState, h: str, side: str) -> bool:
    return any(state.enemies(u.side, side) and not u.hidden for u in state.at(h))


def immobilised(state: ArcState, u: Unit) -> bool:
    """« immobilisation si l'unité en état d'invisibilité se trouve sur l'hex d'une pièce adverse »."""
    return u.hidden and u.hex is not None and any(state.enemies(x.side, u.side) for x in state.at(u.hex))


def can_end(state: ArcState, u: Unit, h: str, occ: dict[str, list[Unit]] | None = None) -> bool:
    pieces = [x for x in (state.at(h) if occ is None else occ.get(h, ())) if x is not u]
    if any(state.enemies(x.side, u.side) and not x.hidden for x in pieces) and not u.kind.ability("invisible"):
        return False
    friends = [x for x in pieces if not state.enemies(x.side, u.side)]
    if len(friends) + 1 > 2:
        return False
    return sum(1 for x in (*friends, u) if not x.kind.stackable) <= 1


def can_move(state: ArcState, u: Unit, phase: str) -> bool:
    if u.status != "active" or u.hex is None or u.meditating or immobilised(state, u):
        return False
    return phase == "move" or bool(u.kind.ability("extra_move"))


def allowance(u: Unit, pegasus: bool) -> int:
    return u.kind.pegasus if pegasus else u.kind.mvt


def reach(state: ArcState, u: Unit, pegasus: bool = False, *, seen: dict[Any, Any] | None = None) -> Reach:
    """Every hex `u` may end its move on -> the path there (start excluded). `seen`: see `search`."""
    best, prev = settled(state, u, pegasus, seen=seen)
    seen = {} if seen is None else seen
    occ = seen["occ"] if "occ" in seen else seen.setdefault("occ", occupancy(state))
    start = u.hex
    ends = [h for h in best if h != start and (h not in occ or can_end(state, u, h, occ))]
    return Reach(start, prev, ends, best)  # type: ignore[arg-type]


# A counter's search (the cheapest costs and paths, before where it may stop) reads of the others only where its
# visible enemies within its allowance stand and of which type (their ZOCs, the hexes they hold): a friend's move,
# or an enemy's out of sight or beyond its allowance, changes nothing in it. So the moves resolved one by one find the searches their declarations made, and
# a side whose enemies stood still finds last turn's from the same hexes. Kept in the state's memo by that key.
_FOE = attrgetter("hex", "type")


def foes_of(state: ArcState, side: str) -> tuple[Any, ...]:
    """What `search` reads of the counters against a `side`'s: each visible enemy's hex and type."""
    # (asked at every move resolved: whether a side is an enemy looked up once a side, not once a counter)
    foe: dict[str, bool] = {}
    out = []
    for e in state.units.values():
        if e.status == "active" and not e.hidden and e.hex is not None:
            f = foe.get(e.side)
            if f is None:
                f = foe[e.side] = state.enemies(e.side, side)
            if f:
                out.append(_FOE(e))
    return tuple(out)


def settled(state: ArcState, u: Unit, pegasus: bool = False, *, seen: dict[Any, Any] | None = None
            ) -> tuple[dict[str, int], dict[str, str]]:
    """`search(state, u, pegasus)`'s costs and paths, remembered by what they depend on (see `foes_of`): shared,
    never to be changed."""
    if seen is not None:
        foes = seen.get(("foes", u.side))
        if foes is None:
            foes = seen[("foes", u.side)] = foes_of(state, u.side)
    else:
        foes = foes_of(state, u.side)
    if u.kind.mvt >= 0:  # (an unlimited mover's search reads every foe)
        # a foe farther than the allowance reads nothing of it: its hex is never entered, its ZOC (the hexes
        # next to it) holds none the search goes on from (every step costs a point: none beyond the allowance)
        foes = state.board.near(u.hex, allowance(u, pegasus), foes)
    searches = memo_of(state).searches
    key = (u.type, u.side, u.hex, pegasus, foes)
    found = searches.get(key)
    if found is not None and found[0] is state.board:
        return found[1], found[2]
    best, prev, _ = search(state, u, pegasus, seen=seen)
    if len(searches) >= Memo.KEPT:
        searches.clear()
    searches[key] = (state.board, best, prev)
    return best, prev


# The reach of a counter depends on the board, who is an enemy, and where each counter stands, of which type and
# side, alive and visible or not: in a general movement the players declare one counter after another while nobody
# moves, so the same searches were made again at every declaration. Kept by that key (an immutable tuple, so the
# memo gives what `reach` would) in the state's own memo (`state.Memo`), a few thousand at most.
def positions(state: ArcState) -> tuple[Any, ...]:
    """What `reach` reads of a state but its board (see `reach_now`)."""
    return (state.two_player, *map(_WHERE, state.units.values()))


_BUCKETS = 64  # (an allowance up to which `search` takes its hexes from buckets: every counter's, Pegasus' 40)
_WHERE = attrgetter("id", "type", "side", "hex", "status", "hidden")  # (a counter's part of `positions`, in C)


def reach_now(state: ArcState, u: Unit, pegasus: bool = False, *, at: tuple[Any, ...] | None = None,
              seen: dict[Any, Any] | None = None) -> Reach:
    """`reach`, remembered by `positions(state)` (`at`, when the caller has it): shared, never to be changed.
    The reaches of one set of positions are kept together, and `seen` (see `search`) keeps them for the listing:
    a tuple's hash is not kept, and `at`, a few hundred values, was hashed and compared at every counter's ask."""
    here = seen.get("reaches") if seen is not None else None
    if here is None:
        reaches = memo_of(state).reaches
        key = at if at is not None else positions(state)
        here = reaches.get(key)
        if here is None:
            if len(reaches) >= Memo.KEPT // 16:
                reaches.clear()
            here = reaches[key] = {}
        if seen is not None:
            seen["reaches"] = here
    found = here.get((u.id, pegasus))
    if found is not None and found[0] is state.board:
        return found[1]
    r = reach(state, u, pegasus, seen=seen)
    here[(u.id, pegasus)] = (state.board, r)
    return r


def path_to(state: ArcState, u: Unit, dest: str, pegasus: bool = False) -> list[str] | None:
    """`reach(state, u, pegasus)[dest]`, or None where `dest` is not in it: its search is most often the one its
    declaration's listing made (`settled`), else one made once for the phase's moves that find the same."""
    best, prev = settled(state, u, pegasus)
    if dest == u.hex or dest not in best or not can_end(state, u, dest):
        return None
    return Reach(u.hex, prev, [dest])[dest]  # type: ignore[arg-type]


def search(state: ArcState, u: Unit, pegasus: bool = False, limited: bool = True,
           zoc_stops: bool = True, *, seen: dict[Any, Any] | None = None, toward: Mapping[str, int] | None = None,
           until: str | None = None
           ) -> tuple[dict[str, int], dict[str, str], dict[str, list[Unit]]]:
    """The cheapest cost of every hex `u` can get to, the hex it comes from, and who stands where. `limited`
    and `zoc_stops` off lift the allowance or the ZOC's stop: a refusal asks so which of them bars a hex.

    `seen`: a dict the caller keeps while the state does not change (legal orders search for every counter of a
    side): who stands where, and the hexes each side's enemies block or hold in their ZOC, are found once.

    `toward`: the fewest hexes from each hex to those the caller asks about (see `steps_to`): a hex from which
    none of them is within the allowance left is not explored, so only theirs are the costs `reach` would give
    (each hex costs at least one point: no cheapest path to them goes through such a hex).

    `until`: a hex where the search stops once it is settled (the others then partly searched)."""
    assert u.hex is not None
    seen = {} if seen is None else seen
    b = state.board
    unlimited = u.kind.mvt < 0
    mp = allowance(u, pegasus)
    invisible = bool(u.kind.ability("invisible"))
    if unlimited or not zoc_stops:
        zoc: set[str] = set()
    else:  # the ZOC depends on the mover only by its side and the ZOCs it heeds
        only = u.kind.ability("zoc_only_from")
        key = ("zoc", u.side, None if only is None else tuple(only))
        zoc = seen[key] if key in seen else seen.setdefault(key, zoc_hexes(state, u))
    cavalry = u.kind.cavalry and not pegasus
    occ = seen["occ"] if "occ" in seen else seen.setdefault("occ", occupancy(state))
    key = ("blocked", u.side)
    if key not in seen:  # the hexes a visible enemy holds (whether a side is an enemy looked up once a side)
        foes: dict[str, bool] = {}
        found = seen[key] = set()
        for h, us in occ.items():
            for x in us:
                if not x.hidden:
                    foe = foes.get(x.side)
                    if foe is None:
                        foe = foes[x.side] = state.enemies(x.side, u.side)
                    if foe:
                        found.add(h)
                        break
    blocked = seen[key]
    costs = b.costs(cavalry)
    nbrs = b.neighbours
    start = u.hex
    best: dict[str, int] = {start: 0}
    prev: dict[str, str] = {}
    heap = [(0, start)]
    # (the loop runs for every counter at every declaration and threat: its tests read local names)
    pop, push, far = heapq.heappop, heapq.heappush, 1 << 30
    cap = mp if limited and not unlimited else far  # « dans les limites de leur capacité »: not beyond it
    ends_there = blocked if invisible else ()  # entering an enemy's hex ends an invisible move
    barred = () if invisible else blocked
    if not unlimited and toward is None and until is None and cap <= _BUCKETS:
        # the most frequent: each hex's steps and their costs read from a table, the hexes taken cost by cost
        # from buckets (Dial's): every step costs a point at least, so a cost's hexes are all found before the
        # first of them is taken, and sorted they are taken in the heap's order, (cost, hex): the same paths
        steps = b.steps(cavalry, pegasus)
        stop = zoc.union(ends_there) if ends_there else zoc
        # (a hex reached with the whole allowance spent goes nowhere further: found, never taken from a bucket)
        buckets: list[list[str]] = [[] for _ in range(max(cap, 1))]
        buckets[0].append(start)
        get = best.get
        for cost in range(cap):
            bucket = buckets[cost]
            if len(bucket) > 1:
                bucket.sort()
            for h in bucket:
                if best[h] < cost or (h in stop and h != start):
                    continue  # reached cheaper since; entering a ZOC (invisible: an enemy's hex) ends the move
                for n, c in steps[h]:
                    new = cost + c
                    if new > cap or n in barred:
                        continue
                    old = get(n)
                    if old is None or new < old:
                        best[n] = new
                        prev[n] = h
                        if new < cap:
                            buckets[new].append(n)
        return best, prev, occ
    if not unlimited and toward is None:  # the same from a heap (a search to one hex, or beyond the allowance)
        steps = b.steps(cavalry, pegasus)
        while heap:
            cost, h = pop(heap)
            if cost > best[h]:
                continue
            if h == until:
                break
            if h != start and (h in zoc or h in ends_there):
                continue
            for n, c in steps[h]:
                new = cost + c
                if new > cap or n in barred:
                    continue
                if new < best.get(n, far):
                    best[n] = new
                    prev[n] = h
                    push(heap, (new, n))
        return best, prev, occ
    while heap:
        cost, h = pop(heap)
        if cost > best[h]:
            continue
        if h == until:  # settled: no cheaper way there is left to find (`path_to`)
            break
        if h != start and (h in zoc or h in ends_there):
            continue  # entering a ZOC (or an enemy's hex, invisible) ends the move
        for n in nbrs[h]:
            c = 1 if pegasus else costs[n]
            if c is None or n in barred:
                continue
            new = cost if unlimited else cost + c
            if new > cap or (toward is not None and new + toward.get(n, far) > cap):
                continue
            if new < best.get(n, far):
                best[n] = new
                prev[n] = h
                push(heap, (new, n))
    return best, prev, occ


def steps_to(state: ArcState, hexes: set[str]) -> dict[str, int]:
    """The fewest steps from each hex of the map to one of `hexes`, whatever the terrain (`search`'s `toward`)."""
    nbrs = state.board.neighbours
    out = dict.fromkeys(hexes, 0)
    layer, n = list(hexes), 0
    while layer:
        n += 1
        nxt = []
        for h in layer:
            for m in nbrs[h]:
                if m not in out:
                    out[m] = n
                    nxt.append(m)
        layer = nxt
    return out


class Reach(Mapping[str, list[str]]):
    """The hexes a move may end on, each with its path (start excluded), built only when asked for."""

    def __init__(self, start: str, prev: dict[str, str], ends: list[str], costs: dict[str, int] | None = None) -> None:
        self.start, self.prev, self.ends = start, prev, set(ends)
        self.costs = costs or {}  # the movement points spent to get to each hex

    def __getitem__(self, h: str) -> list[str]:
        if h not in self.ends:
            raise KeyError(h)
        path = [h]
        while self.prev[path[-1]] != self.start:
            path.append(self.prev[path[-1]])
        return path[::-1]

    def __contains__(self, h: object) -> bool:
        return h in self.ends

    def __iter__(self) -> Iterator[str]:
        return iter(self.ends)

    def __len__(self) -> int:
        return len(self.ends)


def charge_line(state: ArcState, u: Unit, dest: str) -> list[str] | None:
    """A straight line of at least 4 hexes to `dest` that the charge can ride (« en ligne droite sur 4 hex »)."""
    b = state.board
    assert u.hex is not None
    d = b.direction(u.hex, dest)
    n = b.distance(u.hex, dest)
    if d is None or n < 4 or n > u.kind.mvt:
        return None
    line = b.line(u.hex, d, n + 1)
    if not line:
        return None
    zoc = zoc_hexes(state, u)
    cost = 0
    for i, h in enumerate(line[1:], 1):
        c = b.cost(h, u.kind.cavalry)
        if c is None or visible_enemy_at(state, h, u.side):
            return None
        cost += c
        if cost > u.kind.mvt or (h in zoc and i < n):
            return None
    return line[1:]


def found_on_the_way(state: ArcState, u: Unit, path: list[str]) -> tuple[list[str], list[Event]]:
    """A visible counter's move that would enter a hex holding a hidden enemy finds it: the enemy is revealed
    (to everyone, as a detection) and the move stops on the last hex before it where the mover may stop
    (none: it stays). Hidden counters « hold no place » for their enemies' declarations, but two enemies never
    stand visible on one hex, where they would fight at distance 0 (« des unités ennemies adjacentes »). An
    invisible mover keeps the seed's « immobilisation si l'unité en état d'invisibilité se trouve sur l'hex d'une
    pièce adverse »."""
    if u.kind.ability("invisible"):
        return path, []
    # (asked at every move resolved: the hexes holding a hidden counter found in one pass, their enemies after)
    lurking = {x.hex for x in state.units.values() if x.hidden and x.status == "active"}
    for i, h in enumerate(path):
        if h not in lurking:
            continue
        hidden = [x for x in state.at(h) if x.hidden and state.enemies(x.side, u.side)]
        if hidden:
            events: list[Event] = []
            for x in hidden:
                x.hidden = False
                events.append({"type": "detected", "unit": x.id, "at": h, "by": u.id})
            kept = path[:i]
            while kept and not can_end(state, u, kept[-1]):
                kept.pop()
            return kept, events
    return path, []


def move_unit(state: ArcState, u: Unit, dest: str, path: list[str], dice: Dice) -> list[Event]:
    from .magic import zone_entry
    path, found = found_on_the_way(state, u, path)
    if found:
        if not path:
            u.charged = False
            return [*found, {"type": "blocked", "unit": u.id, "to": dest}]
        dest = path[-1]
        u.charged = u.charged and len(path) >= 4  # still « en ligne droite sur 4 hex »?
    events: list[Event] = list(found)
    was_hidden, origin = u.hidden, u.hex
    u.hex, u.moved = dest, True
    if u.kind.ability("invisible"):
        u.hidden, u.moved_hidden = True, True  # « invisibilité lors des déplacements »
    if u.hidden:
        events.append({"type": "move", "unit": u.id, "from": origin, "to": dest, "path": path,
                       "visible_to": [u.side]})
        if not was_hidden:
            events.append({"type": "vanish", "unit": u.id, "at": origin})
    else:
        events.append({"type": "move", "unit": u.id, "from": origin if not was_hidden else None, "to": dest,
                       "path": path if not was_hidden else [dest]})
    events += detect(state)
    events += zone_entry(state, u, path, dice)
    return events


def detect(state: ArcState) -> list[Event]:
    """« détection automatique des unités de Fraternité Rouge (et de Bonnaire) à 1 hex de distance »."""
    events: list[Event] = []
    b = state.board
    # (asked after every move: one pass finds the hidden counters and the detectors)
    hidden, detectors = [], []
    for u in state.units.values():
        if u.status != "active" or not u.hex:
            continue
        if u.hidden:
            hidden.append(u)
        elif "detects" in u.kind.abilities:
            detectors.append(u)
    if not hidden:
        return events
    # (each detector's types, side and hex read once; « à 1 hex »: its own hex or a neighbour)
    found = [(d, d.kind.ability("detects"), d.side, d.hex) for d in detectors]
    nbrs = b.neighbours
    for h in hidden:
        if not h.hidden:  # (detected by then: as the pass over every counter read it)
            continue
        near = nbrs[h.hex]  # type: ignore[index]
        for d, types, side, at in found:
            if types and h.type in types and state.enemies(side, h.side) and (at == h.hex or at in near):
                h.hidden = False
                events.append({"type": "detected", "unit": h.id, "at": h.hex, "by": d.id})
                break
    return events


def convert_people(state: ArcState) -> list[Event]:
    """Ulf: « transformation automatique de deux Unités Peuple en une Unité de Fidèles Chrétiens à 1 hex »."""
    ulf = state.units.get("ulf.1")
    if ulf is None or not ulf.alive or ulf.hex is None:
        return []
    events: list[Event] = []
    near = sorted((u for u in state.alive() if u.type == "people" and u.hex
                   and state.board.distance(ulf.hex, u.hex) <= 1), key=lambda u: u.id)
    n = 1 + sum(1 for u in state.units.values() if u.type == "faithful")
    while len(near) >= 2:
        a, b2 = near.pop(0), near.pop(0)
        a.status = b2.status = "converted"
        new = Unit(f"faithful.{n}", "faithful", "ulf", a.hex)
        state.units[new.id] = new
        events.append({"type": "converted", "people": [a.id, b2.id], "unit": new.id, "at": a.hex})
        a.hex = b2.hex = None
        n += 1
    return events
