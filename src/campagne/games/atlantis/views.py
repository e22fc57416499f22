"""What each player may see. The one place where secrets are hidden.

Secrets in seed 000: the strategy each player writes on his campaign sheet before a battle (until
both are revealed) and private diplomatic agreements ("l'accord peut être public ou privé").
The referee (viewer None) sees everything. Events carry secrets under a "secret" key (seen only
by the event's player) or a "private" key (seen only by the agreement's parties).
"""

from __future__ import annotations

import functools

from typing import Any

from ...core.errors import CampagneError
from ...core.interface import Secret
from . import army as armies
from .army_model import shallow
from .state import ANYONE, Agreement, AtlantisState, Battle, Player


def redact_event(event: dict[str, Any], viewer: str | None, parties: list[str] | None = None) -> dict[str, Any]:
    if viewer is None:
        return event
    out = dict(event)
    if "secret" in out and out.get("player") != viewer:
        out["secret"] = "hidden"
    if "private" in out and out["private"] is not None and viewer not in (out.get("parties") or parties or []):
        out["private"] = "hidden"
    if "numbers" in out:  # an agreement's event: its number as this viewer reads it, not the referee's nor others'
        numbers = out.pop("numbers")
        out["id"] = numbers.get(viewer, numbers.get(ANYONE))
    return out


# What happens to an agreement, event by event: a private one's are seen by its parties only.
AGREEMENT_EVENTS = ("agreement_proposed", "agreement_accepted", "agreement", "agreement_declined",
                    "agreement_lapsed", "agreement_broken")
AGREEMENT_ORDERS = ("agree", "accept", "decline", "break")


def _unseen_agreement(event: dict[str, Any], viewer: str) -> bool:
    """A private agreement's event, and the viewer not one of its parties."""
    return (event.get("type") in AGREEMENT_EVENTS and event.get("public") is False
            and viewer not in (event.get("parties") or []))


def redact_entry(entry: dict[str, Any], viewer: str | None) -> dict[str, Any] | None:
    """A journal line as `viewer` may read it: another player's strategy before the scenario reveals it shows as
    written, not which; a private agreement he is not a party to shows nothing — neither its terms nor that it
    exists: the lines of its proposal, confirmations, refusal or breach are not in his journal at all (None: each
    reader numbers the lines he reads, campagne.reading), and its lapse is not among the events of the line that
    closed the phase. Its public consequences (the supply routes evaluated again after a breach in the supply
    phase) are read in his status, which draws the routes as they now are."""
    if viewer is None:
        return entry
    out = dict(entry)
    events = entry.get("events", [])
    unseen = [e for e in events if _unseen_agreement(e, viewer)]
    out["events"] = [redact_event(e, viewer) for e in events if not _unseen_agreement(e, viewer)]
    cmd = entry.get("command", {})
    if cmd.get("type") == "strategy" and cmd.get("player") != viewer:
        out["command"] = {k: ("hidden" if k == "strategy" else v) for k, v in cmd.items()}
    private_order = cmd.get("type") == "agree" and cmd.get("public", True) is False \
        and viewer not in [cmd.get("player"), *(cmd.get("parties") or [])]
    if cmd.get("type") in AGREEMENT_ORDERS and (unseen or private_order):
        return None
    if cmd.get("type") in AGREEMENT_ORDERS and "agreement" in cmd:
        # `accept N` names the giver's own number for it: the reader reads his, as its events name it to him
        named = next((e for e in out["events"] if e.get("type") in AGREEMENT_EVENTS), None)
        if named is not None and named.get("id") is not None:
            out["command"] = {**cmd, "agreement": named["id"]}
    return out


def army_view(p: Player) -> dict[str, Any] | None:
    if p.army is None:
        return None
    a = p.army
    try:
        strength: Any = armies.combat_strength(a, p.leadership_mod)
    except CampagneError:  # a Warband not rolled yet
        strength = None
    return {"name": a.name, "people": a.people, "people_fr": a.people_fr or a.people, "points": a.points,
            "models": a.model_count, "strength": strength, "initiative": armies.initiative(a, p.leadership_mod),
            "general": {"name": a.general.name, "name_fr": a.general.name_fr or a.general.name,
                        "leadership": a.general.leadership} if a.has_general else None,
            "units": [{"id": u.id, "name": u.name, "name_fr": u.name_fr or u.name, "kind": u.kind,
                       "models": u.models, "ws": u.ws, "warband": u.warband, "warband_roll": u.warband_roll}
                      for u in a.units]}


def view(s: AtlantisState, viewer: str | None) -> dict[str, Any]:
    players = {}
    for p in s.players.values():
        players[p.id] = {
            "name": p.name, "controller": p.controller, "kingdom": p.kingdom,
            "kingdom_name": s.map.kingdoms[p.kingdom].name if p.kingdom in s.map.kingdoms else None,
            "loot": p.loot, "loss_order": p.loss_order,
            "position": p.position, "territories": s.owned(p.id), "eliminated": p.eliminated,
            "event": p.event, "supplied": p.supplied, "unsupplied_turns": p.unsupplied_turns,
            "halted": p.halted, "reorganising": p.reorganising, "must_leave": p.must_leave,
            "must_retreat": p.must_retreat, "passage": p.passage,
            "pending_reinforcements": p.pending_reinforcements, "army": army_view(p),
            "returning_models": p.returning.model_count if p.returning else 0,
        }
    battles = []
    for b in s.battles:
        # Secret until both are written down; then the scenario table reveals them.
        revealed = viewer is None or b.scenario is not None
        strategies = {pid: (st if revealed or pid == viewer or st is None else "chosen")
                      for pid, st in b.strategies.items()}
        battles.append({"territory": b.territory, "a": b.a, "b": b.b, "strategies": strategies,
                        "previous": b.previous, "scenario": b.scenario, "cell": b.scenario_key,
                        "terrain": b.terrain,
                        "result": b.result, **_grid(s, b, viewer)})
    agreements = [
        {"id": a.number_for(viewer), **({"numbers": a.numbers} if viewer is None and a.numbers else {}),
         "parties": a.parties, "public": a.public, "turn": a.turn, "broken_by": a.broken_by,
         "text": a.text, "loot": a.loot, "loot_from": a.loot_from, "loot_to": a.loot_to, "grantor": a.grantor,
         "passage": a.passage, "supply": a.supply, "taxes": a.taxes, "status": a.status,
         "accepted": a.accepted}
        for a in s.agreements if viewer is None or a.seen_by(viewer)
    ]
    from .rules import awaiting
    return {
        "ruleset": "atlantis", "viewer": viewer or "referee", "turn": s.turn, "phase": s.phase,
        "awaiting": awaiting(s), "players": players,
        "territories": {t: {"owner": s.owners[t], "fortresses": s.fortresses.get(t, 0),
                            "armies": [q.id for q in s.armies_in(t)]} for t in s.map.territories},
        "movement_order": s.acting if s.phase == "movement" else s.order,
        "initiative": s.initiative_rolls, "battles": battles, "agreements": agreements,
        "standings": s.standings,
        "placement": {"rolls": {p.id: p.setup_roll for p in s.players.values()}, "order": s.setup_order}
        if s.phase == "setup" else None,
        # corruption lasting from grid battles (nothing on the grid is hidden); the key only once there is some
        **({"grid_corruption": dict(s.grid_corruption)} if s.grid_corruption else {}),
        # the names of the army units whose cards fought on the grid: its journal's lines name them (public)
        **({"unit_names": dict(s.grid_names)} if s.grid_names else {}),
        # the names of a club's own map's places (the default map's are the text's own); the key only then
        **({"place_names": own} if (own := place_names(s.map)) else {}),
    }


def information_state(s: AtlantisState, viewer: str) -> AtlantisState:
    """The state as `viewer` knows it, for a computer deciding in his place and for his odds (OpenSpiel's
    information state): in it, what `view` hides from him is gone — the strategies others wrote for a battle whose
    scenario is not drawn yet (kept as written, "chosen", not which), and the private agreements he is not a
    party to. Computers decide on it, never on the state itself.

    It shares with the state everything it leaves as it is (a whole copy took half of a page's time): it is read,
    never changed; what would change a state is tried on a copy of it (`core.legal.accepts`).
    tests/test_computer_information.py checks that computers and odds leave the state untouched."""
    known = shallow(s)
    known.battles = [b if b.scenario is not None else _strategies_hidden(b, viewer) for b in s.battles]
    known.agreements = [_as_known(a, viewer) for a in s.agreements if a.seen_by(viewer)]
    return known


def _as_known(a: Agreement, viewer: str) -> Agreement:
    """The agreement with only the viewer's own number: the others' tell how many agreements each may see."""
    if not a.numbers:
        return a
    known = shallow(a)
    known.numbers = {viewer: a.number_for(viewer)}
    return known


def _strategies_hidden(b: Battle, viewer: str) -> Battle:
    hidden = shallow(b)
    hidden.strategies = {pid: (st if pid == viewer or st is None else "chosen") for pid, st in b.strategies.items()}
    return hidden


# A private agreement's text shorter than this is a common word ("accord"): a search cannot tell it from the rest.
SEARCHABLE_TEXT = 12


def secrets(s: AtlantisState) -> dict[str, list[Secret]]:
    """What each player must not learn (the conformance kit searches all he reads for them): the strategy another
    player wrote for a battle whose scenario is not drawn yet (one of a public list: what is secret is whose it is;
    not searched for a player who wrote the same one), and a private agreement he is not a party to — its text, and
    that it exists at all: no agreement number above the count of those he may see (as events, orders and sentences
    name them)."""
    from .text import row_name
    from ...core.i18n import Lang
    out: dict[str, list[Secret]] = {pid: [] for pid in s.players}
    for b in s.battles:
        if b.scenario is not None:
            continue
        for pid, st in b.strategies.items():
            if st is None or st == "chosen":
                continue
            words = {f'"{st}"'} | {row_name("strategies", st, Lang(lang)) for lang in ("fr", "en")}
            for viewer, found in out.items():
                if viewer != pid and b.strategies.get(viewer) != st:
                    found += [Secret(w, near=f'"{pid}"' if w.startswith('"') else pid, span=60,
                                     what=f"{pid}'s strategy in {b.territory}") for w in sorted(words)]
    for viewer, found in out.items():
        for a in s.agreements:
            if not a.seen_by(viewer) and len(a.text.strip()) >= SEARCHABLE_TEXT:
                found.append(Secret(a.text, what=f"the text of private agreement #{a.id} of {', '.join(a.parties)}"))
        # How many agreements exist: he may know of those he sees, numbered 1..k; any higher number tells him that
        # private ones he is not party to exist (the referee's own numbers, one sequence, run to the total).
        k, total = sum(a.seen_by(viewer) for a in s.agreements), len(s.agreements)
        what = f"that {total} agreements exist ({viewer} may know of {k})"
        for n in range(k + 1, total + 1):
            found += [Secret(m, what=what) for m in (f"greement #{n}", f"ccord n°{n}", f'"agreement": {n}')]
            found.append(Secret(f'"id": {n}', near='"agreement', span=60, what=what))
    return out


def _grid(s: Any, b: Any, viewer: str | None) -> dict[str, Any]:
    """The grid battle its players are fighting, as the grid shows it (nothing on the grid is hidden), with the
    printed names of the army units its cards stand for (`alice.spearmen1.3`: Alice's Spearmen 3)."""
    if b.fought is None or b.result is not None:
        return {}
    from ..skirmish.played import view_of
    return {"grid": {**view_of(b.fought, viewer), "unit_names": unit_names(s, (b.a, b.b))}}


def place_names(m: Any) -> dict[str, str]:
    """A club's own map's territories and kingdoms by their names; {} on the default map (the text knows it)."""
    own = _names(m)
    return {} if own == _default_names() else own


def _names(m: Any) -> dict[str, str]:
    return {**{i: k.name for i, k in m.kingdoms.items()}, **{i: t.name for i, t in m.territories.items()}}


@functools.cache
def _default_names() -> dict[str, str]:
    from .map import load_default_map
    return _names(load_default_map())


def unit_names(s: Any, pids: Any) -> dict[str, dict[str, str]]:
    """`pid.unit id` -> the army unit's printed names, French and English, for the players `pids`."""
    out = {}
    for pid in pids:
        p = s.players.get(pid)
        for u in (p.army.units if p is not None and p.army is not None else []):
            out[f"{pid}.{u.id}"] = {"fr": u.name_fr or u.name, "en": u.name}
    return out
