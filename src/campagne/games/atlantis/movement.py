"""Movement: initiative order, then each army moves, holds or waits in turn.

"On lance 2D6 auxquels on rajoute l'initiative du général ... En cas d'égalité tous les joueurs
relancent les dés." Armies move 1 territory into Atlantean or enemy land, 2 through their own;
at most 2 armies share a territory.
"""

from __future__ import annotations

from ...core.errors import CampagneError
from ...core.names import did_you_mean
from . import army as armies
from .context import Ctx, Event, need
from .state import AtlantisState, Player
from .turn import register_phase, require_phase


def movement_initiative(p: Player) -> int:
    return armies.initiative(p.army, p.leadership_mod) if p.army else 0


def open_movement(ctx: Ctx) -> list[Event]:
    s = ctx.state
    movers = [p for p in s.active_players() if p.army is not None]
    rolls: dict[str, int] = {}
    attempt = 0
    while True:
        attempt += 1
        rolls = {p.id: ctx.roll("2D6", f"initiative {p.id}") + movement_initiative(p) + p.initiative_mod
                 for p in movers}
        if len(set(rolls.values())) == len(rolls):
            break  # "En cas d'égalité tous les joueurs relancent les dés"
    s.initiative_rolls = rolls
    s.order = sorted(rolls, key=lambda pid: -rolls[pid])
    s.acting = list(s.order)
    s.delays = {}
    s.arrivals = []
    return [{"type": "initiative", "rolls": rolls, "order": s.order, "attempts": attempt}]


def legal_paths(s: AtlantisState, p: Player) -> list[list[str]]:
    """Every path the army may take this turn (a path excludes the start territory)."""
    if p.position is None or p.halted or p.reorganising:
        return []
    paths: list[list[str]] = []
    for first in s.map.neighbours(p.position):
        if not _may_enter(s, p, first):
            continue
        paths.append([first])
        if _may_cross(s, p, first):
            for second in s.map.neighbours(first):
                if second != p.position and _may_enter(s, p, second) and _own_or_permitted(s, p, second):
                    paths.append([first, second])
    if p.must_retreat:
        allowed = retreat_options(s, p)
        paths = [path for path in paths if len(path) == 1 and path[0] in allowed]
    return paths


def why_not(s: AtlantisState, p: Player, path: list[str]) -> dict[str, str]:
    """Which rule refuses this path, in both languages (a message parameter)."""
    def say(en: str, fr: str) -> dict[str, str]:
        return {"en": en, "fr": fr}

    def whose(t: str) -> tuple[str, str]:
        owner = s.owners.get(t)
        return (f"{owner}'s", f"à {owner}") if owner else ("the Atlanteans'", "aux Atlantes")

    here = p.position
    first = path[0]
    if p.must_retreat and (len(path) > 1 or first not in retreat_options(s, p)):
        options = ", ".join(sorted(retreat_options(s, p))) or "-"
        return say(f"a retreat goes only to one of: {options}", f"une retraite ne va que vers : {options}")
    if here is None or not s.map.adjacent(here, first):
        return say(f"{first} is not next to {here}", f"{first} n'est pas voisin de {here}")
    if not _may_enter(s, p, first):
        return say(f"{first} already holds {s_max(s)} armies", f"{first} accueille déjà {s_max(s)} armées")
    if len(path) == 1:
        return say("a rule of movement forbids it", "une règle de mouvement l'interdit")
    second = path[1]
    if not _own_or_permitted(s, p, first):
        en, fr = whose(first)
        return say(f"two territories only through your own land: {first} is {en}",
                   f"deux territoires seulement à travers ses propres terres : {first} est {fr}")
    blocking = [q.id for q in s.armies_in(first) if q.id != p.id and not s.permits(q.id, p.id, "passage")]
    if blocking:
        return say(f"{first} holds {blocking[0]}'s army, which stops the march",
                   f"{first} abrite l'armée de {blocking[0]}, qui arrête la marche")
    if second == here or not s.map.adjacent(first, second):
        return say(f"{second} is not a step further from {first}", f"{second} n'est pas un pas plus loin que {first}")
    if not _may_enter(s, p, second):
        return say(f"{second} already holds {s_max(s)} armies", f"{second} accueille déjà {s_max(s)} armées")
    en, fr = whose(second)
    return say(f"the second territory must be yours too (or open to you by agreement): {second} is {en}",
               f"le second territoire doit aussi être à soi (ou ouvert par un accord) : {second} est {fr}")


def legal_destinations(s: AtlantisState, p: Player) -> dict[str, list[str]]:
    """Each reachable territory with the first path found to it."""
    out: dict[str, list[str]] = {}
    for path in legal_paths(s, p):
        out.setdefault(path[-1], path)
    return out


def _own_or_permitted(s: AtlantisState, p: Player, tid: str) -> bool:
    owner = s.owners.get(tid)
    return owner == p.id or s.permits(owner, p.id, "passage")


def _may_enter(s: AtlantisState, p: Player, tid: str) -> bool:
    return len([q for q in s.armies_in(tid) if q.id != p.id]) < s_max(s)


def s_max(s: AtlantisState) -> int:
    from .data import constants
    return constants()["max_armies_per_territory"]


def _may_cross(s: AtlantisState, p: Player, tid: str) -> bool:
    """Moving on after a first step: only through own (or permitted) land with no unfriendly army."""
    if not _own_or_permitted(s, p, tid):
        return False
    return all(s.permits(q.id, p.id, "passage") for q in s.armies_in(tid) if q.id != p.id)


def retreat_options(s: AtlantisState, p: Player) -> set[str]:
    """Where a beaten army may retreat.

    After a lost battle: "dans son territoire de départ ou dans un territoire adjacent qui fait partie
    de son royaume" — the start territory (the one it came from) need not be his, but it is
    impossible once another player holds it ("par exemple le territoire de départ a été conquis")
    or an enemy army stands there. After a crushing in a conquest: "dans son territoire de départ,
    ou dans un territoire adjacent en cas d'impossibilité" (any adjacent territory with room).
    """
    here = p.retreat_from or p.position
    start = p.came_from if p.came_from and p.came_from != here else None
    if p.retreat_kind == "crushed":
        if start and _may_enter(s, p, start) and s.map.adjacent(here, start):
            return {start}
        return {t for t in s.map.neighbours(here) if _may_enter(s, p, t)}
    options = set()
    if start and s.owners.get(start) in (p.id, None) and not s.enemy_army_in(start, p.id) \
            and s.map.adjacent(here, start):
        options.add(start)
    for t in s.map.neighbours(here):
        if s.owners.get(t) == p.id and not s.enemy_army_in(t, p.id):
            options.add(t)
    return options


def _current_mover(ctx: Ctx) -> Player:
    require_phase(ctx.state, "movement")
    p = ctx.active_player()
    need(bool(ctx.state.acting) and ctx.state.acting[0] == p.id, "move.not_your_turn",
         player=p.id, current=ctx.state.acting[0] if ctx.state.acting else "-")
    return p


def move_checks(ctx: Ctx) -> tuple[Player, list[str]]:
    """Everything that may refuse a move, reading the state only (the legal orders ask it on the state itself):
    the general in turn and his path."""
    p = _current_mover(ctx)
    path = ctx.cmd.get("path")
    if isinstance(path, str):
        path = [path]
    need(isinstance(path, list) and 1 <= len(path) <= 2 and all(isinstance(t, str) for t in path),
         "move.bad_path", path=path)
    for t in path:
        if t not in ctx.state.map.territories:  # the hint only when refused: it costs a fuzzy match of every name
            raise CampagneError("order.unknown_territory", territory=t,
                                hint=did_you_mean(str(t), ctx.state.map.territories))
    need(not p.halted, "move.halted", player=p.id)
    need(not p.reorganising, "move.reorganising", player=p.id)
    if path not in legal_paths(ctx.state, p):  # why not: worked out only for a refusal
        raise CampagneError("move.illegal", player=p.id, start=p.position, path=" → ".join(path),
                            reason=why_not(ctx.state, p, path))
    return p, path


def order_move(ctx: Ctx) -> list[Event]:
    p, path = move_checks(ctx)
    dest = path[-1]
    start = p.position
    p.came_from = path[-2] if len(path) == 2 else start
    p.position = dest
    p.moved = True
    p.must_leave = p.must_retreat = False
    p.retreat_from, p.retreat_kind = None, "battle"
    ctx.state.acting.pop(0)
    ctx.state.arrivals.append(p.id)
    return [{"type": "moved", "player": p.id, "from": start, "to": dest, "path": path}]


def hold_checks(ctx: Ctx) -> Player:
    """Everything that may refuse holding, reading the state only (the legal orders ask it on the state itself):
    the general in turn, free to stay (no retreat or departure due while a path is open)."""
    p = _current_mover(ctx)
    if p.halted or p.reorganising:  # troops that refuse to move (or reorganise) stay
        return p
    options = legal_paths(ctx.state, p)
    if p.must_retreat:
        if options:
            raise CampagneError("move.must_retreat", player=p.id,
                                options=", ".join(sorted({path[-1] for path in options})))
        return p
    need(not (p.must_leave and options), "move.must_leave", player=p.id)
    return p


def order_hold(ctx: Ctx) -> list[Event]:
    p = hold_checks(ctx)
    if p.halted or p.reorganising:
        # Troops that refuse to move (or reorganise) stay; a due retreat waits for the next turn.
        ctx.state.acting.pop(0)
        return [{"type": "held", "player": p.id, "territory": p.position}]
    if p.must_retreat:  # no path open (`hold_checks`): the army is destroyed
        return _destroy_in_retreat(ctx, p)
    p.must_leave = False
    ctx.state.acting.pop(0)
    return [{"type": "held", "player": p.id, "territory": p.position}]


def _destroy_in_retreat(ctx: Ctx, p: Player) -> list[Event]:
    from .battles import destroy_army
    ctx.state.acting.pop(0)
    return destroy_army(ctx, p, killed={}, fled={}, reason="no_retreat")


def wait_checks(ctx: Ctx) -> tuple[Player, int]:
    """Everything that may refuse waiting, reading the state only (the legal orders ask it on the state itself):
    the general in turn and an initiative below his own."""
    p = _current_mover(ctx)
    s = ctx.state
    current = s.delays.get(p.id, s.initiative_rolls[p.id])
    value = ctx.arg("initiative", int)
    need(0 <= value < current, "move.wait_higher", value=value, current=current)
    return p, value


def order_wait(ctx: Ctx) -> list[Event]:
    """Act later at a lower initiative, after every general who has that initiative."""
    p, value = wait_checks(ctx)
    s = ctx.state
    s.delays[p.id] = value
    rest = s.acting[1:]
    effective = {q: s.delays.get(q, s.initiative_rolls[q]) for q in rest}
    i = 0
    while i < len(rest) and effective[rest[i]] >= value:
        i += 1
    s.acting = rest[:i] + [p.id] + rest[i:]
    return [{"type": "waited", "player": p.id, "initiative": value, "acting": list(s.acting)}]


register_phase("movement", opener=open_movement)
