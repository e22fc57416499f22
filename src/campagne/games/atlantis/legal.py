"""What a player (or the referee) may order now, as data (`core.interface.LegalOrder`).

Every combination of values drawn from one LegalOrder's domains is accepted by the rules (property-tested in
tests/test_legal_orders.py); orders are built from the rules' own functions (legal paths, who must decide in the
conquest phase...) and, where a rule is easier to ask than to restate, tried on a copy (`core.legal.accepts`).

Limits, where the real domain is open:
- `recruit` (a new unit's whole table) and `reorganise` (a whole new army list) are typed by people from files;
  they are not listed;
- `agree`: a plain agreement to any set of other players (free text, public or private); a loot transfer between
  the player and one other, public, of 1 to all the payer's loot; permissions over the player's own land to one
  other; in the supply phase, a public supply permission to one other. Larger combinations (three parties and a
  transfer...) are accepted by the rules but not listed;
- `battle-result` is listed with its winner only: casualties, fled units, characters and victory points are
  the table's numbers, typed by the referee;
- `wait` lists the initiatives from 0 to one below the current one;
- `losses` (the units that take losses first, in order) is listed with one unit first, or none;
- the referee's `adjust` (a bookkeeping correction, `adjust.py`) is listed once per kind (`loot`, `owner`,
  `fortresses`), for `models` once per player and bound (his rank-and-file units 0..999, his characters 0..1),
  for `general` once per player whose army has one (alive or dead), each with a required `reason` text. Computers never give it: the referee's routines (`ai.referee_order`,
  `core.players._referee`, the load test's `_referee_step`) name the orders they give, and `adjust` is none of them.

`agree`, `accept` and `decline` are listed from the conditions of `diplomacy.py` restated here (the phase, the
parties active, a payer's loot, a proposal awaiting this party's answer, the payer still holding the loot when the
last answer binds it), not tried on a copy: a phase of diplomacy offers dozens of them, and a copy of the state
for each made every form of that phase cost tens of milliseconds. So is the standing order `losses` (any phase,
the set-up included, a player still in the game with an army, units of that army: `economy.order_losses`), listed for
every player at every state. The property test checks them like the others.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ...core.interface import Field, LegalOrder
from ...core.legal import accepts
from . import army as armies
from .adjust import FREE, GENERAL, MAX_LOOT, MAX_MODELS, adjustable_army, model_bound
from .battles import STRATEGIES, battle_of
from .conquest import may_attack_player_land, needs_decision
from .data import constants
from .movement import legal_paths
from .state import REFEREE, AtlantisState, Player



def legal_orders(s: AtlantisState, player: str) -> list[LegalOrder]:
    if s.phase == "ended":
        return []
    if player == REFEREE:
        return _referee(s)
    p = s.players.get(player)
    if p is None:
        return []
    if s.phase == "setup":  # `losses` too: the first eruption may strike right after the last `choose`
        return _choose(s, p) + _losses(p)
    out = _breaks(s, p) + _take_over(s, p)
    if p.eliminated:
        return out
    out += _losses(p)
    by_phase = {"diplomacy": _diplomacy, "supply": _supply, "loot": _loot, "movement": _movement,
                "battles": _battles, "conquest": _conquest}
    if s.phase in by_phase:
        out += by_phase[s.phase](s, p)
    return [lo for lo in out if lo.type in RESTATED or _probe(s, lo)]


# listed from the rules' conditions, not tried on a copy: see the docstring (adjust: within the bounds adjust.py
# checks)
RESTATED = frozenset({"agree", "accept", "decline", "adjust", "losses", "grid"})


def _resolvers(s: AtlantisState, b: Any) -> tuple[str, ...]:
    """The grid resolver only where both armies fit their deployment zones."""
    from ..skirmish.campaign import atlantis_setup, fits
    return ("simulation", "wab") + (("grid",) if fits(atlantis_setup(s, b)[0]) else ())


def _rules() -> Any:
    from .rules import AtlantisRules
    return AtlantisRules()


def _probe(s: AtlantisState, lo: LegalOrder) -> bool:
    """The order is possible at all: its first value of every field is accepted (the domains are built so that
    the others are too)."""
    values = {f.name: (f.low if f.kind == "int" else f.choices[0] if f.kind == "choice" else
                       False if f.kind == "bool" else "probe") for f in lo.fields if not f.optional}
    return _accepts(s, lo.command(values))


def _checks() -> dict[Any, Any]:
    """The orders whose handler checks everything before it changes anything, and cannot be refused once it
    changes the state: their handler, and that first half of it (the order calls it), which reads the state."""
    from .movement import hold_checks, move_checks, order_hold, order_move, order_wait, wait_checks
    from .rules import end_checks, order_end
    return {order_hold: hold_checks, order_move: move_checks, order_wait: wait_checks, order_end: end_checks}


_CHECKED = frozenset({"hold", "move", "wait", "end"})


def _accepts(s: AtlantisState, command: dict[str, Any]) -> bool:
    """Would the rules accept `command` now? Asked of the state itself, through the order's own checks, for the
    orders whose checks come before any change (`_checks`: the movement phase's, the end); tried on a copy for
    the others."""
    if command.get("type") in _CHECKED:
        from ...core.dice import Dice
        from ...core.errors import CampagneError
        from ...core.orders import order_for
        from .context import Ctx
        from .rules import ORDERS
        from .state import phase_label
        try:
            spec = order_for(ORDERS, command, s.phase, s.players, phase_label)  # as `AtlantisRules.apply`
            checks = _checks().get(spec.handler)
            if checks is not None:
                checks(Ctx(s, command, Dice.seeded("legal-probe", 0)))
                return True
        except CampagneError:
            return False
    return accepts(_rules(), s, command)


def _losses(p: Player) -> list[LegalOrder]:
    """The standing order `losses`, whenever the rules take it (an army, the player still in the game): listed
    with one unit first (or none: the default rule)."""
    if p.army is None or p.eliminated:
        return []
    firsts = tuple([u.id] for u in p.army.units) + ([],)
    return [LegalOrder("losses", p.id, {}, (Field("units", choices=firsts),))]


def _choose(s: AtlantisState, p: Player) -> list[LegalOrder]:
    chooser = next((q for q in s.setup_order if s.players[q].kingdom is None), None)
    if chooser != p.id:
        return []
    taken = {q.kingdom for q in s.players.values() if q.kingdom}
    return [LegalOrder("choose", p.id, {"kingdom": k},
                       (Field("territory", choices=tuple(sorted(s.map.kingdom_territories(k)))),))
            for k, v in sorted(s.map.kingdoms.items()) if v.colonisable and k not in taken]


def _breaks(s: AtlantisState, p: Player) -> list[LegalOrder]:
    ids = tuple(a.number_for(p.id) for a in s.agreements if a.in_force and p.id in a.parties)  # his numbers
    return [LegalOrder("break", p.id, {}, (Field("agreement", choices=ids),))] if ids else []


def _take_over(s: AtlantisState, p: Player) -> list[LegalOrder]:
    if not p.eliminated:
        return []
    free = tuple(k for k in sorted(s.map.kingdoms) if k != "atlantis" and s.owners.get(s.map.royal_city(k)) is None)
    if not free:
        return []
    army = armies.load_packaged_army("atlante").to_dict()
    return [LegalOrder("take-over", p.id, {"army": army}, (Field("kingdom", choices=free),))]


def _others(s: AtlantisState, p: Player) -> list[str]:
    return sorted(q.id for q in s.active_players() if q.id != p.id)


def _diplomacy(s: AtlantisState, p: Player) -> list[LegalOrder]:
    others = _others(s, p)
    out = _answers(s, p)
    if not others:
        return out
    groups = tuple(list(c) for n in range(1, len(others) + 1) for c in combinations(others, n))
    out.append(LegalOrder("agree", p.id, {}, (Field("parties", choices=groups), Field("text", "text", optional=True),
                                              Field("public", "bool", optional=True))))
    for q in others:
        for payer, payee in ((p.id, q), (q, p.id)):
            loot = s.players[payer].loot
            if loot > 0:
                out.append(LegalOrder("agree", p.id, {"parties": [q], "loot_from": payer, "loot_to": payee,
                                                      "public": True},
                                      (Field("loot", "int", low=1, high=loot, notes=_paid(payer, loot)),
                                       Field("text", "text", optional=True))))
        grant = tuple(Field(k, choices=([], [q]), optional=True) for k in ("passage", "supply", "taxes"))
        out.append(LegalOrder("agree", p.id, {"parties": [q], "grantor": p.id},
                              grant + (Field("public", "bool", optional=True), Field("text", "text", optional=True))))
    return out


def _paid(payer: str, held: int) -> dict[str, dict[str, str]]:
    """What a loot agreement costs, beside its amount: who pays it, of the loot he holds now."""
    return {"each": {"fr": f"butin payé par {payer}, qui en a {held}", "en": f"loot paid by {payer}, who holds {held}"}}


def _answers(s: AtlantisState, p: Player) -> list[LegalOrder]:
    proposed = [a for a in s.agreements if a.status == "proposed" and p.id in a.parties]
    out = [LegalOrder("decline", p.id, {"agreement": a.number_for(p.id)}) for a in proposed]
    return out + [LegalOrder("accept", p.id, {"agreement": a.number_for(p.id)}) for a in proposed
                  if p.id not in a.accepted and not _binds_without_loot(s, a, p)]


def _binds_without_loot(s: AtlantisState, a: Any, p: Player) -> bool:
    """This answer is the last one, and the payer no longer holds the loot the agreement hands over."""
    last = set(a.accepted) | {p.id} == set(a.parties)
    return last and bool(a.loot) and s.players[a.loot_from].loot < a.loot


def _supply(s: AtlantisState, p: Player) -> list[LegalOrder]:
    out = _answers(s, p)
    out += [LegalOrder("agree", p.id, {"parties": [q], "grantor": p.id, "supply": [q], "public": True})
            for q in _others(s, p)]
    if p.army is not None and not p.supplied:
        out.append(LegalOrder("supply-spend", p.id, {}, (Field("loot", "int", low=0, high=p.loot),)))
    return out


def _loot(s: AtlantisState, p: Player) -> list[LegalOrder]:
    out = []
    army = p.army if p.army is not None else p.returning
    for u in army.units if army is not None else []:
        most = MAX_MODELS if u.points_per_model <= 0 else min(MAX_MODELS, p.loot // u.points_per_model)
        if most >= 1:
            price = {"each": {"fr": f"{u.points_per_model} de butin la figurine", "en": f"{u.points_per_model} loot a model"}}
            out.append(LegalOrder("buy", p.id, {"unit": u.id}, (Field("models", "int", low=1, high=most, notes=price),)))
    k = constants()
    if p.loot >= k["fortress_cost"]:
        where = tuple(t for t in s.owned(p.id) if s.fortresses.get(t, 0) < k["max_fortresses"])
        if where:
            cost = {"fr": f"{k['fortress_cost']} de butin", "en": f"{k['fortress_cost']} loot"}
            out.append(LegalOrder("fortress", p.id, {}, (Field("territory", choices=where, notes={t: cost for t in where}),)))
    return out


def _movement(s: AtlantisState, p: Player) -> list[LegalOrder]:
    if not s.acting or s.acting[0] != p.id:
        return []
    out = [LegalOrder("hold", p.id)]
    paths = tuple(legal_paths(s, p))
    if paths and not (p.halted or p.reorganising):
        out.append(LegalOrder("move", p.id, {}, (Field("path", choices=paths),)))
    current = s.delays.get(p.id, s.initiative_rolls.get(p.id, 0))
    if current > 0:
        out.append(LegalOrder("wait", p.id, {}, (Field("initiative", "int", low=0, high=current - 1),)))
    return out


def _battles(s: AtlantisState, p: Player) -> list[LegalOrder]:
    b = battle_of(s, p.id)
    if b is not None and b.fought is not None:  # the grid's orders, from the grid's own rules (so exact)
        from ..skirmish.played import legal
        return legal(b.fought, p.id, {})
    if b is None or b.scenario is not None:
        return []
    prev = b.previous.get(p.id) or []
    choices = tuple(x for x in STRATEGIES if not prev or x != prev[-1])
    return [LegalOrder("strategy", p.id, {}, (Field("strategy", choices=choices),))]


def _conquest(s: AtlantisState, p: Player) -> list[LegalOrder]:
    out = []
    bribe = (Field("bribe", "int", low=0, high=p.loot, optional=True),)
    if needs_decision(s, p) and not p.negotiated:
        out.append(LegalOrder("negotiate", p.id, {}, bribe))
    if needs_decision(s, p) or may_attack_player_land(s, p):
        out.append(LegalOrder("conquer", p.id, {}, bribe))
    out.append(LegalOrder("withdraw", p.id))
    return out


def _referee(s: AtlantisState) -> list[LegalOrder]:
    if s.phase == "setup":
        return []
    from .rules import awaiting
    out = [LegalOrder("end", REFEREE)]
    from ..skirmish.convert import cleanse_legal
    out += cleanse_legal(s, REFEREE)  # corruption kept from grid battles, taken away
    if not awaiting(s):
        out.append(LegalOrder("next", REFEREE))
    if s.phase == "battles":
        for b in s.battles:
            if b.result is not None or b.scenario is None or b.fought is not None:
                continue
            out.append(LegalOrder("auto-resolve", REFEREE, {"territory": b.territory},
                                  (Field("general_indisposed", "bool", optional=True),
                                   Field("resolver", choices=_resolvers(s, b), optional=True),
                                   *((Field("players", "bool", optional=True),) if "grid" in _resolvers(s, b)
                                     else ()))))
            out.append(LegalOrder("battle-result", REFEREE, {"territory": b.territory},
                                  (Field("winner", choices=(b.a, b.b)),)))
            if b.terrain is not None:
                out.append(LegalOrder("reroll-terrain", REFEREE, {"territory": b.territory}))
    out += _adjust(s)
    return [lo for lo in out if lo.type in RESTATED or _probe(s, lo)]


def _adjust(s: AtlantisState) -> list[LegalOrder]:
    """The referee's corrections: one order per kind, one per player and bound for models."""
    reason = Field("reason", "text")
    players = tuple(sorted(s.players))
    territories = tuple(sorted(s.map.territories))
    owners = tuple(sorted(q.id for q in s.active_players())) + (FREE,)
    out = [LegalOrder("adjust", REFEREE, {"what": "loot"},
                      (Field("target", choices=players), Field("value", "int", low=0, high=MAX_LOOT), reason)),
           LegalOrder("adjust", REFEREE, {"what": "owner"},
                      (Field("territory", choices=territories), Field("owner", choices=owners), reason)),
           LegalOrder("adjust", REFEREE, {"what": "fortresses"},
                      (Field("territory", choices=territories),
                       Field("value", "int", low=0, high=constants()["max_fortresses"]), reason))]
    for pid in players:
        army = adjustable_army(s.players[pid])
        by_bound: dict[int, list[str]] = {}
        for u in army.units if army is not None else []:
            by_bound.setdefault(model_bound(u), []).append(u.id)
        for bound, units in sorted(by_bound.items(), reverse=True):
            out.append(LegalOrder("adjust", REFEREE, {"what": "models", "target": pid},
                                  (Field("unit", choices=tuple(units)), Field("value", "int", low=0, high=bound),
                                   reason)))
        if army is not None and army.general is not None:
            out.append(LegalOrder("adjust", REFEREE, {"what": "general", "target": pid},
                                  (Field("value", choices=GENERAL), reason)))
    return out
