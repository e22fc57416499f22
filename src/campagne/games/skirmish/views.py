"""What each camp sees of a grid battle: everything (the seed hides nothing on the battlefield), and, for the
camp whose turn it is, the odds of each attack it may make now (« the view shows those odds before a unit
attacks»). Journal entries are shown whole to everyone."""

from __future__ import annotations

from typing import Any

from . import combat
from .rules import awaiting
from .state import ROUNDS, SkirmishState, Unit


def unit_view(state: SkirmishState, u: Unit) -> dict[str, Any]:
    k = u.kind
    return {"id": u.id, "card": u.card, "camp": u.camp, "name": {"fr": k.fr, "en": k.en}, "kind": k.kind,
            "cell": state.field.name(u.cell) if u.cell is not None else None, "status": u.status,
            "hp": u.hp, "max_hp": k.hp, "corruption": u.corruption, "activated": u.activated,
            "ap": u.ap if state.active == u.id else (0 if u.activated else k.ap + u.haste),
            "skill": k.skill, "attacks": k.attacks, "armour": k.armour, "protection": k.protection, "range": k.range,
            "magic": k.magic, "spells": list(u.spells), "abilities": list(k.abilities), "shield": u.shield,
            **({"actions": list(k.actions)} if state.readings >= 2 else {})}  # a battle of readings 1: as it was


def battlefield_view(state: SkirmishState) -> dict[str, Any]:
    """The battlefield as its table (what grid.from_mapping reads back): terrain and height rows."""
    bf = state.field
    w = bf.width
    return {"id": bf.id, "fr": bf.fr, "en": bf.en, "width": w, "height": bf.height,
            "terrain": ["".join(bf.terrain[y * w + x].char for x in range(w)) for y in range(bf.height)],
            "levels": ["".join(str(bf.level[y * w + x]) for x in range(w)) for y in range(bf.height)]}


class Memo:
    """What a battle's views and legal orders may reckon once for the whole battle (`campaign.fight`, where computers read a view
    at every order): the battlefield's table (a battle's field never changes) and the attacks' odds by what
    they are a function of. Held by one battle, never by the module."""

    def __init__(self) -> None:
        self.field: dict[str, Any] | None = None
        self.odds: dict[Any, Any] = {}
        self.reach: dict[Any, dict[int, int]] = {}  # the units' moves' searches (`movement.reach`)


def view(state: SkirmishState, viewer: str | None, memo: Memo | None = None) -> dict[str, Any]:
    bf = state.field
    if memo is None:
        field = battlefield_view(state)
    else:
        if memo.field is None or memo.field["id"] != bf.id:
            memo.field = battlefield_view(state)
        field = dict(memo.field)  # its rows (lists) are shared: the computers only read them
    out: dict[str, Any] = {
        "game": "skirmish", "viewer": viewer, "phase": state.phase, "round": state.round, "turn": state.round,
        "rounds": ROUNDS, "current": state.current, "active": state.active, "awaiting": awaiting(state),
        "camps": list(state.camps), "defender": state.camps[0],
        "players": {p: {"controller": state.controllers[p], "name": state.names.get(p, p)} for p in state.camps},
        "battlefield": field,
        "zones": {c: sorted(bf.name(i) for i in z) for c, z in state.zones.items()} if state.phase == "deploy" else {},
        "units": [unit_view(state, u) for u in state.units.values()],
        "hp_left": {c: state.hp_left(c) for c in state.camps}, "start_hp": dict(state.start_hp),
        "ended": state.ended, "winner": state.winner, "standing": list(state.standing),
    }
    if viewer is not None and viewer == state.current and state.phase == "battle":
        out["odds"] = odds_now(state, memo.odds if memo is not None else None)
    return out


def odds_now(state: SkirmishState, memo: dict[Any, Any] | None = None) -> list[dict[str, Any]]:
    units = [state.units[state.active]] if state.active else \
        [u for u in state.of(state.current or "") if u.status == "deployed" and not u.activated]
    out = []
    for u in units:
        if u.attacked:
            continue
        for t, kind in sorted(combat.targets(state, u).items()):
            out.append(combat.odds_of(state, u, state.units[t], kind, memo))
    return out


def redact_entry(entry: dict[str, Any], viewer: str | None) -> dict[str, Any]:
    return entry  # nothing is secret in a grid battle
