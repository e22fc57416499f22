"""What a player may declare now: the one place where both `rules` (to check an order) and `legal` (to list
the orders) ask, so that every listed order is accepted and every accepted order listed.

Orders given during a phase are declarations: the board does not change until every acting player has said
`done`; then they are resolved (see rules.resolve_phase). So what may be declared depends on the board at the
start of the phase and on the player's own declarations of this phase (one order per counter a phase).
"""

from __future__ import annotations

from itertools import combinations
from collections.abc import Iterator
from typing import Any

from ...core.names import natural

from . import combat
from .magic import (UNIT_SPELLS, aimed_at, can_cast, dispel_targets, order_of, partners, shape_word, spell,
                    spell_cost, zone_starts)
from .movement import can_end, can_move, occupancy, reach_now
from .state import ArcState, Memo, Unit, memo_of

# Zones are aimed by their first hex and a direction, typed as one word: "D9:S".
DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")


def zone_word(h: str, direction: int) -> str:
    return f"{h}:{DIRECTIONS[direction - 1]}"


def read_zone(word: str) -> tuple[str, int] | None:
    h, _, d = str(word).partition(":")
    return (h, DIRECTIONS.index(d) + 1) if d in DIRECTIONS else None


def busy(state: ArcState, player: str) -> set[str]:
    """Counters already named by this player's declarations of this phase."""
    out: set[str] = set()
    for p in state.plans.get(player, []):
        for key in ("unit", "caster", "partner"):
            if p.get(key):
                out.add(p[key])
    return out


def own(state: ArcState, player: str) -> list[Unit]:
    return [u for u in state.units.values() if u.side == player and u.status == "active" and u.hex is not None]


def place_hexes(state: ArcState, u: Unit) -> list[str]:
    """« au choix »: the group's hexes without an enemy counter (« Le joueur Bonnaire place ses pièces en
    premier lieu »: the others may not share his hexes)."""
    return [h for h in u.start_hexes if not any(state.enemies(x.side, u.side) for x in state.at(h))]


def placeable(state: ArcState, player: str) -> dict[str, list[str]]:
    """Each counter's `place_hexes`, the hexes an enemy holds found once for all of them."""
    taken = busy(state, player)
    held = {x.hex for x in state.units.values()
            if x.status == "active" and x.hex is not None and state.enemies(x.side, player)}
    out = {}
    for u in own(state, player):
        hexes = [h for h in u.start_hexes if h not in held]
        if hexes and u.id not in taken:
            out[u.id] = hexes
    return out


def mounts(u: Unit) -> tuple[str | None, ...]:
    """None: its ordinary move (Gonzague on horseback); "pegasus": Gonzague's flight (the order `fly`)."""
    return (None, "pegasus") if u.kind.pegasus else (None,)


def destinations(state: ArcState, u: Unit, mount: str | None) -> list[str]:
    return sorted(reach_now(state, u, pegasus=mount == "pegasus"))


def movers(state: ArcState, player: str, phase: str) -> list[Unit]:
    taken = busy(state, player)
    return [u for u in own(state, player) if u.id not in taken and can_move(state, u, phase)]


def meditators(state: ArcState, player: str) -> list[str]:
    """« Seuls les Prêtres de Bhâr peuvent reconstituer la moitié de leur force magique s'ils se retirent du
    combat et méditent pendant un tour »: declared in the general movement, instead of moving."""
    taken = busy(state, player)
    return [u.id for u in own(state, player) if u.kind.ability("meditation") and u.id not in taken
            and not u.meditating and u.points < u.kind.points]


def attackers(state: ArcState, player: str, phase: str) -> dict[str, list[str]]:
    taken = busy(state, player)
    out = {}
    occ = occupancy(state)  # (who stands where, found once for the side's counters)
    for u in own(state, player):
        if u.id not in taken:
            t = combat.targets(state, u, phase, occ)
            if t:
                out[u.id] = t
    return out


def casts(state: ArcState, player: str, caster: str | None = None) -> list[dict[str, Any]]:
    """Each possible spell: {caster, spell, partner, targets} (targets: unit ids, effect ids, or zones as
    "FIRST_HEX:DIRECTION"); only `caster`'s when given (an order's check needs no other caster's)."""
    return list(_casts(state, player, caster, zone_words))


def _casts(state: ArcState, player: str, caster: str | None, zones_of: Any) -> Iterator[dict[str, Any]]:
    """`casts` one by one, a zone spell's zones listed by `zones_of` (`zone_words`, or `_some_zone` when only
    whether there is one matters)."""
    taken = busy(state, player)
    seen: dict[str, Any] = {}  # (see `magic.aimed_at`)
    for c in own(state, player):
        if (caster is not None and c.id != caster) or c.id in taken or not can_cast(state, c):
            continue
        order = order_of(c)
        mates = [None, *sorted(p.id for p in partners(state, c, taken))]
        for key, s in sorted(spells_of(order).items()):
            zones: list[str] | None = None  # the same for every partner: listed once
            aimed: list[str] | None = None  # likewise the counters in range
            for mate in mates:
                pool = c.points + (state.units[mate].points if mate else 0)
                base = {"caster": c.id, "spell": key, "partner": mate}
                if s["kind"] == "zone":
                    if s["cost"] > pool:
                        continue
                    if zones is None:
                        zones = zones_of(state, c, key, s)
                    if zones:
                        yield {**base, "targets": zones}
                elif s["kind"] == "dispel":
                    t = [e for e in dispel_targets(state, c) if (spell_cost(state, order, key, e) or 0) <= pool]
                    if t:
                        yield {**base, "targets": t}
                elif s["kind"] in UNIT_SPELLS and s["cost"] <= pool:
                    if aimed is None:
                        aimed = aimed_at(state, c, key, seen)
                    t = list(aimed)
                    if t:
                        yield {**base, "targets": t}


def _some_zone(state: ArcState, caster: Unit, key: str, s: dict[str, Any]) -> list[str]:
    """Not empty exactly when `zone_words` is not: its first line, else (a zone of more than two hexes) a mark
    for an enemy in range with enough neighbours to shape one around it."""
    for d in range(1, 7):
        for h in zone_starts(state, caster, key, d):
            return [zone_word(h, d)]
    return ["shape"] if _shapes_around(state, caster, s) else []


def zone_words(state: ArcState, caster: Unit, key: str, s: dict[str, Any]) -> list[str]:
    """The zones listed for a zone spell (any other contiguous zone in range is accepted when typed, see
    magic.zone_hexes): the straight lines from a first hex in range ("D9:S"), and, for zones of more than two
    hexes, each visible enemy's hex in range with `hexes - 1` of its neighbours ("D9+D10+E10+E11"): the zones
    around a target (2-hex zones are all lines)."""
    # (both parts are functions of the board and a few numbers, kept in the state's memo: the magic phase lists
    # them again at every declaration)
    zones, b, n = memo_of(state).zones, state.board, s["hexes"]
    if len(zones) >= Memo.KEPT:
        zones.clear()
    at = ("lines", b, caster.hex, s["range"], n)
    words = zones.get(at)
    if words is None:
        words = zones[at] = [zone_word(h, d) for d in range(1, 7) for h in zone_starts(state, caster, key, d)]
    if n <= 2:
        return list(words)
    foes = ("shapes", b, n, *_foes_in_range(state, caster, s))
    shaped = zones.get(foes)
    if shaped is None:
        shaped = zones[foes] = sorted({shape_word((h, *around)) for h in foes[3:]
                                       for around in combinations(sorted(b.neighbours[h]), n - 1)}, key=natural)
    return words + shaped


def _foes_in_range(state: ArcState, caster: Unit, s: dict[str, Any]) -> list[str]:
    """The hexes of the visible enemies within the spell's range of the caster, a zone shaped around each."""
    b = state.board
    return sorted({t.hex for t in state.alive() if t.hex and not t.hidden and state.enemies(caster.side, t.side)
                   and b.distance(caster.hex, t.hex) <= s["range"]}, key=natural)  # type: ignore[arg-type]


def _shapes_around(state: ArcState, caster: Unit, s: dict[str, Any]) -> bool:
    """Whether `zone_words` shapes any zone around an enemy: one in range with `hexes - 1` neighbours at least."""
    return s["hexes"] > 2 and any(len(state.board.neighbours[h]) >= s["hexes"] - 1
                                  for h in _foes_in_range(state, caster, s))


def spells_of(order: str | None) -> dict[str, dict[str, Any]]:
    from .data import spells
    return spells()[order] if order else {}


def could_act(state: ArcState, player: str, phase: str) -> bool:
    """Whether the player has anything to declare in this phase besides `done` (otherwise they are done)."""
    if phase == "deploy":
        return bool(placeable(state, player))
    if phase in ("move", "special"):
        # (whether a reach holds a hex: `destinations` sorted)
        return any(reach_now(state, u, pegasus=m == "pegasus") for u in movers(state, player, phase)
                   for m in mounts(u)) \
            or (phase == "move" and bool(meditators(state, player)))
    if phase == "magic":  # one spell is enough: the others, and a zone spell's every zone, are not worked out
        return next(_casts(state, player, None, _some_zone), None) is not None
    return bool(attackers(state, player, phase))


__all__ = ["DIRECTIONS", "read_zone", "zone_word", "attackers", "busy", "can_end", "casts", "could_act", "destinations", "meditators",
           "mounts", "movers", "placeable", "spell"]
