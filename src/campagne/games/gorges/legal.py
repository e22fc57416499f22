"""What a player (or the referee) may order now in the Gorges Tranchées, as data (`core.interface.LegalOrder`).

Every order listed is built from the rules' own functions (the event's options, the challenge conditions) and
tried on a copy of the state (`core.legal.accepts`), so that every combination drawn from one LegalOrder's domains
is accepted (property-tested in tests/test_legal_orders.py). A copy costs about a millisecond, so a choice is
not tried where the answer is known without it (pinned by tests/test_legal_orders_pinned.py):
- an order the race, the items or the season rule out whatever its value is not tried at all;
- the walks of `reach` differ only in what the rules check step by step (bordering land cells, within the
  allowance), which they satisfy by construction: the first one is tried, and stands for all;
- a challenge is tried once per army and defender; the targets are those the rules' own `condition` names;
- a forest or burrow jump is tried once; its destinations are the cells the rule's own test admits (named by
  their ids: they were once listed as coordinates the rules refuse, so the jumps were never offered);
- a move, a challenge, an equip, the final battle, `next`, `end`, `done`, an event's choice, a building and a
  challenge accepted or refused are asked of the state itself through their handlers' own checks (`_refusal`),
  with no copy: on the grid, the final battle's set-up is checked and the battle is not fought (its fight, the
  grid's computers playing the grid's legal orders, refuses nothing); the phases' openers and the events'
  effects refuse nothing either.

Limits, where the real domain is open or too large to list:
- `move` lists, for each army, one shortest walk to each cell its allowance reaches (the rules take any walk);
- an event that names a unit lists « Unit 1 » to « Unit 6 » (the army list's names are the players');
- `hero` takes a free text name; `battle-result` is listed with its winner only (the heroes killed and the
  units that fought are the table's, typed by the referee).
"""

from __future__ import annotations

import copy
import random
from collections import deque
from typing import Any

from ...core.dice import Dice
from ...core.errors import CampagneError
from ...core.interface import Field, LegalOrder
from ...core.legal import accepts
from ...core.orders import order_for
from .conquest import (accept_checks, build_checks, challenge_checks, order_accept, order_build, order_challenge,
                       order_refuse, refuse_checks)
from .context import Ctx
from .events import event_checks, order_event
from .final import final_checks, order_final_battle
from .movement import done_checks, move_checks, order_done, order_move
from .rules import (ORDERS, GorgesRules, end_checks, equip_checks, next_checks, order_end, order_equip, order_next)
from .events import CHOICES, options
from .map import cell_id
from .state import REFEREE, GorgesState, Player, phase_label

UNIT_NAMES = tuple(f"Unit {i}" for i in range(1, 7))


def legal_orders(s: GorgesState, player: str) -> list[LegalOrder]:
    if s.phase in ("setup", "ended"):
        return []
    if player == REFEREE:
        return _referee(s)
    p = s.players.get(player)
    if p is None:
        return []
    out = _hero(s, p)
    if s.phase == "battles":  # the grid's orders of the battle he is fighting, from the grid's own rules
        from ..skirmish.played import legal
        from .battles import fighting
        b = fighting(s, p.id)
        out += legal(b.fought, p.id, {}) if b is not None else []
    if s.phase == "events":
        out += _event(s, p)
    elif s.phase == "mines":
        out += _mines(s, p)
    elif s.phase == "movement":
        out += _movement(s, p)
    elif s.phase == "construction":
        out += _construction(s, p)
    elif s.phase == "challenges":
        out += _challenges(s, p)
    return out


def _mines(s: GorgesState, p: Player) -> list[LegalOrder]:
    from .mines import mines_of
    if p.id not in s.acting:
        return []
    if p.slaves_bonus and not p.mines_rolled:
        return _choices(s, p, "slaves", "territory", mines_of(s, p.id))
    return _choices(s, p, "reroll-mine", "territory", [r["territory"] for r in p.mines_rolled]) + _plain(s, p, "done")


def _rules() -> Any:
    return GorgesRules()


def _ok(s: GorgesState, command: dict[str, Any]) -> bool:
    if command["type"] in _CHECKED:
        return _refusal(s, command) is None
    return accepts(_rules(), s, command)


# The orders whose handler checks everything before it changes anything, and cannot be refused once it changes the
# state: their handler, and that first half of it (the order calls it), which reads the state.
_CHECKS = {order_move: move_checks, order_challenge: challenge_checks, order_equip: equip_checks,
           order_final_battle: final_checks, order_event: event_checks, order_done: done_checks,
           order_next: next_checks, order_end: end_checks, order_build: build_checks, order_accept: accept_checks,
           order_refuse: refuse_checks}


# (the final battle on the grid: a whole grid battle fought at each trial, about 0.1 s)
_CHECKED = frozenset({"move", "challenge", "equip", "final-battle", "event", "done", "next", "end", "build", "accept",
                      "refuse"})


class _ProbeDice(Dice):
    """The probe's dice (`Dice.seeded("legal-probe", 0)`), seeded only when something rolls: the rules' checks never
    do, and seeding a generator was a fifth of a check's time."""

    def __init__(self) -> None:  # noqa: D107 - no dataclass fields given: the generator comes when asked for
        self.records = []
        self._rng: random.Random | None = None

    @property  # type: ignore[override]
    def rng(self) -> random.Random:
        if self._rng is None:
            self._rng = Dice.seeded("legal-probe", 0).rng
        return self._rng


def _refusal(s: GorgesState, command: dict[str, Any]) -> str | None:
    """Why the rules refuse the order now (its message's code), None if they accept it. Asked of the state
    itself, through the rules' own checks, for an order whose checks come before any change (`_CHECKS`); tried
    on a copy for the others."""
    dice = _ProbeDice()
    try:
        if command.get("type") in _CHECKED:
            spec = order_for(ORDERS, command, s.phase, s.players, phase_label)  # as `GorgesRules.apply`
            checks = _CHECKS.get(spec.handler)
            if checks is not None:
                checks(Ctx(s, command, dice))
                return None
        _rules().apply(copy.deepcopy(s), command, dice)
    except CampagneError as e:
        return e.code
    return None


def _race(p: Player, ability: str) -> bool:
    """The race has the ability: the rules refuse its order, whatever its values, for any other."""
    from .data import races
    return bool(races()[p.race].get(ability))


def _choices(s: GorgesState, p: Player, kind: str, field: str, values: list[Any], **fixed: Any) -> list[LegalOrder]:
    """One LegalOrder with the values of `field` the rules accept (none if none is)."""
    good = tuple(v for v in values if _ok(s, {"type": kind, "player": p.id, **fixed, field: v}))
    return [LegalOrder(kind, p.id, fixed, (Field(field, choices=good),))] if good else []


def _plain(s: GorgesState, p: Player, kind: str, **fixed: Any) -> list[LegalOrder]:
    return [LegalOrder(kind, p.id, fixed)] if _ok(s, {"type": kind, "player": p.id, **fixed}) else []


def _hero(s: GorgesState, p: Player) -> list[LegalOrder]:
    out = []
    for key, a in p.armies.items():
        if not a.hero.present and _ok(s, {"type": "hero", "player": p.id, "army": key,
                                                            "name": "Hero"}):
            out.append(LegalOrder("hero", p.id, {"army": key}, (Field("name", "text"),)))
        if p.items:  # `equip` hands over the first item waiting: refused without one
            out += _plain(s, p, "equip", army=key)
        if a.renown_pending:  # « Choisissez une unité »: any unit of his army, named by the player
            out.append(LegalOrder("renown", p.id, {"army": key}, (Field("unit", "text"),)))
    return out


def _event(s: GorgesState, p: Player) -> list[LegalOrder]:
    ev = p.event or {}
    if not ev.get("pending"):
        return []
    kind = CHOICES[ev["key"]]
    opts = options(Ctx(s, {}, Dice.seeded("legal", 0)), p, kind)
    if not opts:
        candidates: list[list[str]] = [["none"]]
    elif kind == "own_unit" or ev["key"] == "unexpected_victory":
        candidates = [[o, u] for o in opts for u in UNIT_NAMES]
    elif kind == "opponent_and_target":
        candidates = [[o, t] for o in opts for t in s.players if t not in (o,)]
    else:
        candidates = [[o] for o in opts]
    return _choices(s, p, "event", "choice", candidates)


def reach(s: GorgesState, start: str, steps: int) -> dict[str, list[str]]:
    """Cells within `steps` moves, with one shortest walk to each (the computers walk these too)."""
    paths: dict[str, list[str]] = {start: []}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if len(paths[here]) >= steps:
            continue
        for n in s.neighbours(here):
            if n not in paths:
                paths[n] = paths[here] + [n]
                queue.append(n)
    return paths


def _steps(walks: list[list[str]], allowance: int) -> dict[str, dict[str, str]]:
    """What each walk costs, noted at its end: the cells it moves of the army's allowance."""
    plural = lambda n: "s" * (n > 1)  # noqa: E731
    return {w[-1]: {"fr": f"{len(w)} case{plural(len(w))} sur {allowance}",
                    "en": f"{len(w)} cell{plural(len(w))} of {allowance}"} for w in walks}


def _movement(s: GorgesState, p: Player) -> list[LegalOrder]:
    if not s.acting or s.acting[0] != p.id:
        return []
    out = _plain(s, p, "done") + (_plain(s, p, "reroll") if _race(p, "reroll_move") else [])
    for key, a in p.armies.items():
        if a.position is None:
            continue
        walks = [w for t, w in sorted(reach(s, a.position, max(0, a.move_allowance)).items()) if w]
        if walks and _ok(s, {"type": "move", "player": p.id, "army": key, "path": walks[0]}):
            out.append(LegalOrder("move", p.id, {"army": key},
                                  (Field("path", choices=tuple(walks), notes=_steps(walks, a.move_allowance)),)))
        for kind, ability in (("forest", "forest_travel"), ("burrow", "burrow_per_turn")):
            if _race(p, ability):
                out += _jumps(s, p, key, a.position, kind)
        if len(p.armies) > 1 and _race(p, "swap_armies"):
            out += _choices(s, p, "swap", "other", [k for k in p.armies if k != key], army=key)
    if p.capital is not None and _race(p, "move_capital_per_turn"):
        out += _choices(s, p, "capital", "territory", sorted(s.neighbours(p.capital)))
    return out


def _jumps(s: GorgesState, p: Player, key: str, here: str, kind: str) -> list[LegalOrder]:
    """A forest or burrow jump: the cells `movement.order_forest` / `order_burrow` admit as destinations, when the
    order is possible at all (tried on the first of them: the rest of the rule does not depend on the cell)."""
    def admitted(t: str) -> bool:
        if kind == "forest":
            return t != here and s.map.cell(t).terrain == "forest"
        return s.owners.get(t) == p.id
    cells = tuple(t for t in map(cell_id, sorted(s.map.land_cells)) if admitted(t))
    if not cells or not _ok(s, {"type": kind, "player": p.id, "army": key, "territory": cells[0]}):
        return []
    return [LegalOrder(kind, p.id, {"army": key}, (Field("territory", choices=cells),))]


def _construction(s: GorgesState, p: Player) -> list[LegalOrder]:
    if not s.acting or s.acting[0] != p.id:
        return []
    out = _plain(s, p, "done")
    if p.built_season == s.season_index:  # one building a season: every `build` refused
        return out
    for key, a in p.armies.items():
        if s.owners.get(a.position or "") == p.id:  # built only on the army's own land
            out += _choices(s, p, "build", "building", ["mine", "fortress", "town"], army=key)
    return out


def _challenges(s: GorgesState, p: Player) -> list[LegalOrder]:
    out = []
    for c in s.challenges:
        if c.defender == p.id and c.status == "pending":
            out += _plain(s, p, "refuse", challenge=c.id)
            if p.relics and _ok(s, {"type": "refuse", "player": p.id, "challenge": c.id, "relics": 1}):
                out.append(LegalOrder("refuse", p.id, {"challenge": c.id},
                                      (Field("relics", "int", low=1, high=p.relics),)))
            out += _choices(s, p, "accept", "army", list(p.armies), challenge=c.id)
        if c.challenger == p.id and c.status == "offered":
            out += [LegalOrder("take-relics", p.id, {"challenge": c.id}),
                    LegalOrder("decline-relics", p.id, {"challenge": c.id})]
    if out or not s.acting or s.acting[0] != p.id:
        return out
    out = _plain(s, p, "done")
    for key, a in p.armies.items():
        if a.position is None:
            continue
        for d in sorted(q for q in s.players if q != p.id):
            near = {a.position} | set(s.owned(d)) | {x.position for x in s.players[d].armies.values() if x.position}
            found, why = _challenge(s, p, key, a.position, d, sorted(near))
            out += found
            if why in ARMY_REFUSALS:  # refused before the defender is read: so for every defender
                break
        if _race(p, "sea_raid") or _race(p, "tunnel_attack"):
            out += _choices(s, p, "raid", "territory", [a.position, *sorted(s.neighbours(a.position))], army=key)
    return out


# what `conquest.order_challenge` refuses before it reads the defender (the player's turn, his one challenge, the
# army's state)
ARMY_REFUSALS = frozenset({"gorges.not_your_turn", "gorges.challenge.one", "gorges.challenge.builder",
                           "gorges.challenge.engaged", "gorges.unknown_army", "gorges.army_out"})


def _challenge(s: GorgesState, p: Player, key: str, here: str, d: str, near: list[str]
               ) -> tuple[list[LegalOrder], str | None]:
    """`conquest.order_challenge` checks the target last, by `condition` (the rest does not depend on it): tried
    once, then the targets `condition` admits; and why the try was refused."""
    from .conquest import condition
    command = {"type": "challenge", "player": p.id, "army": key, "defender": d}
    why = _refusal(s, {**command, "territory": near[0]})
    if why not in (None, "gorges.challenge.no_condition"):
        return [], why
    good = tuple(t for t in near if condition(s, p, here, d, t) is not None)
    return ([LegalOrder("challenge", p.id, {"army": key, "defender": d}, (Field("territory", choices=good),))]
            if good else []), why


def _resolvers(s: GorgesState, b: Any) -> tuple[str, ...]:
    """The grid resolver only where both armies fit their deployment zones."""
    from ..skirmish.campaign import fits, gorges_setup
    from .battles import battle_sides
    return ("table",) + (("grid",) if fits(gorges_setup(s, b, *battle_sides(s, b))) else ())


def _referee(s: GorgesState) -> list[LegalOrder]:
    from .rules import awaiting
    out = [LegalOrder("end", REFEREE)]
    from ..skirmish.convert import cleanse_legal
    out += cleanse_legal(s, REFEREE)  # corruption kept from grid battles, taken away
    if s.phase == "final":  # the year's final battle: its winner entered, or the resolver
        if len(s.players) <= 4:  # the grid's battlefields have four deployment zones
            out.append(LegalOrder("final-battle", REFEREE, {"auto": True, "resolver": "grid"}))
        out += [LegalOrder("final-battle", REFEREE, {"auto": True}),
                LegalOrder("final-battle", REFEREE, {}, (Field("winner", choices=tuple(s.players)),))]
    if not awaiting(s):
        out.append(LegalOrder("next", REFEREE))
    for b in s.battles:
        if b.result is None and b.fought is None:
            grid = _resolvers(s, b)
            out.append(LegalOrder("auto-resolve", REFEREE, {"battle": b.id},
                                  (Field("resolver", choices=grid, optional=True),
                                   *((Field("players", "bool", optional=True),) if "grid" in grid else ()))))
            out.append(LegalOrder("battle-result", REFEREE, {"battle": b.id},
                                  (Field("winner", choices=(b.attacker, b.defender)),)))
    out = [lo for lo in out if _ok(s, lo.command({f.name: f.choices[0] for f in lo.fields if f.choices}))]
    return out + adjust_orders(s)


def adjust_orders(s: GorgesState) -> list[LegalOrder]:
    """The referee's corrections (`adjust`), one LegalOrder per holding: every target and value listed is one the
    rules accept (a count from 0 to its most, a hero's change from -9 to +9). Never a computer's choice: the
    referee's routines pick only `auto-resolve` and `next`, and players are not offered it."""
    from .adjust import BUILDING_SETS, CHARACTERISTICS, HERO_CHANGE, MAX, item_choices
    cells = tuple(sorted(s.owners))
    players = tuple(s.players)
    armies = tuple(a.ref for a in s.armies())
    reason = Field("reason", "text")

    def one(what: str, *fields: Field) -> LegalOrder:
        return LegalOrder("adjust", REFEREE, {"what": what}, (*fields, reason))
    return [
        one("owner", Field("territory", choices=cells), Field("value", choices=("none", *players))),
        one("buildings", Field("territory", choices=cells), Field("value", choices=BUILDING_SETS)),
        one("relics", Field("holder", choices=players), Field("value", "int", low=0, high=MAX["relics"])),
        one("battle_points", Field("holder", choices=players),
            Field("value", "int", low=0, high=MAX["battle_points"])),
        one("bonus_points", Field("army", choices=armies), Field("value", "int", low=0, high=MAX["bonus_points"])),
        one("hero", Field("army", choices=armies), Field("characteristic", choices=CHARACTERISTICS),
            Field("value", "int", low=-HERO_CHANGE, high=HERO_CHANGE)),
        # magic items: each holder's own order, one item fewer or one more than he holds (as many as he likes, one
        # correction at a time; the command line takes any set at once)
        *(LegalOrder("adjust", REFEREE, {"what": "items", "holder": pid},
                     (Field("value", choices=item_choices(p.items)), reason)) for pid, p in s.players.items()),
        *(LegalOrder("adjust", REFEREE, {"what": "hero_items", "army": a.ref},
                     (Field("value", choices=item_choices(a.hero.items)), reason)) for a in s.armies()),
    ]
