"""What each player sees: the one gate for secrets.

Hidden (invisible) counters appear only in their owner's view; a player's declarations of the phase and secret
objective only in their own; the referee (viewer None) sees everything. Journal entries are redacted event by
event: an event carrying `visible_to` reaches only those players, a declaration's command shows others only its
type and player, and the rolls of a hidden counter (their purpose names it) are left out.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from ...core.interface import Secret
from . import combat
from .data import SIDES, UnitType, sides, unit_types
from .movement import occupancy
from .rules import awaiting
from .state import ArcState, Memo, Unit, memo_of
from .victory import score_key, secret_parts, tally

# (a decision's command names its counter and hex: its events tell what others may know)
SECRET_ORDERS = ("place", "move", "fly", "meditate", "cast", "cast-with", "attack", "attack-advance", "retreat",
                 "advance")


def unit_view(u: Unit, types: dict[str, UnitType] | None = None) -> dict[str, Any]:
    """`types`: `unit_types()`, when the caller has it (a view draws every counter)."""
    k = (types or unit_types())[u.type]
    melee, missile, defence = k._texts.get((u.reduced, u.fading)) or u.strength_texts()
    return {"id": u.id, "type": u.type, "side": u.side, "hex": u.hex, "reduced": u.reduced, "hidden": u.hidden,
            "status": u.status, "leader": k.leader, "points": u.points, "name": {"fr": k.name_fr, "en": k.name_en},
            "mvt": k.mvt, "melee": melee, "missile": missile, "defence": defence, "save": k.save,
            "meditating": u.meditating,
            "start_hexes": list(u.start_hexes)}


_by_id = attrgetter("id")


# (every counter drawn at every view, while a few change between two: each drawing kept in the state's memo by
# all `unit_view` reads of the counter, shared by the views, never to be changed)
_DRAWN = attrgetter("id", "type", "side", "hex", "reduced", "hidden", "status", "points", "meditating", "fading",
                    "start_hexes")


def unit_views(state: ArcState, units: list[Unit]) -> list[dict[str, Any]]:
    """`unit_view` of each counter, remembered."""
    drawn = memo_of(state).drawn
    if len(drawn) >= Memo.KEPT:
        drawn.clear()
    keys = list(map(_DRAWN, units))
    out = list(map(drawn.get, keys))  # (in C: the counters drawn before, most of them)
    if None in out:
        types = unit_types()
        for i, found in enumerate(out):
            if found is None:
                out[i] = drawn[keys[i]] = unit_view(units[i], types)
    return out


def view(state: ArcState, viewer: str | None) -> dict[str, Any]:
    # (`state.sees` written out: asked of every counter at every view)
    seen = [u for u in state.units.values()
            if u.status == "active" and u.hex and (viewer is None or not u.hidden or u.side == viewer)]
    out: dict[str, Any] = {
        "game": "arc", "viewer": viewer, "turn": state.turn, "night": state.night, "phase": state.phase,
        "segment": state.segment, "acting": list(state.acting), "awaiting": awaiting(state),
        "done": list(state.done), "forces": dict(state.forces), "two_player": state.two_player,
        "controllers": dict(state.controllers), "names": dict(state.names),
        "players": {p: {"controller": c, "name": state.names.get(p, p)} for p, c in state.controllers.items()},
        "map": state.board.name, "units": unit_views(state, sorted(seen, key=_by_id)),
        "lost": sorted(u.id for u in state.units.values() if u.status in ("eliminated", "captured")),
        "captured": sorted(u.id for u in state.units.values() if u.status == "captured"),
        "control": dict(state.control),
        "effects": [{**e, "name": f"effect.{e['id']}"} for e in state.effects
                    if e.get("unit") is None or state.sees(viewer, state.units[e["unit"]])],
        "strategic": {"fr": sides()["strategic"]["fr"], "en": sides()["strategic"]["en"],
                      "places": list(sides()["strategic"]["places"])},
        "ended": state.ended, "victory": state.victory, "winner": state.winner, "standing": list(state.standing),
    }
    mine = SIDES if viewer is None else (viewer,)
    counted = tally(state)
    out["objectives"] = {s: {"fr": sides()[s]["objective_fr"], "en": sides()[s]["objective_en"],
                             "parts": list(secret_parts(state, s, counted))} for s in mine if s in SIDES}
    out["plans"] = {s: [dict(p) for p in state.plans.get(s, [])] for s in mine if s in SIDES}
    out["score_keys"] = {s: list(score_key(state, s, counted)) for s in SIDES} if state.ended else {}
    if state.pending is not None and viewer in (None, state.pending["player"]):  # readings 2: a combat waits
        out["pending"] = {k: (sorted(v) if k == "options" else v) for k, v in state.pending.items()}
    if viewer in SIDES and state.phase in ("missiles", "melee") and viewer in awaiting(state):
        out["odds"] = odds_now(state, viewer)
    return out


def odds_now(state: ArcState, viewer: str) -> list[dict[str, Any]]:
    """The odds of each combat the viewer may declare now, alone and with what is already declared on the same
    target: computed from what the viewer sees (hidden counters are never targets)."""
    declared: dict[str, list[str]] = {}
    for p in state.plans.get(viewer, []):
        if p["type"] in ("attack", "attack-advance"):
            declared.setdefault(p["target"], []).append(p["unit"])
    out = []
    occ = occupancy(state)
    for u in (x for x in state.units.values() if x.side == viewer and x.alive and x.hex):
        for t in combat.targets(state, u, state.phase, occ):
            group = [state.units[i] for i in declared.get(t, [])] + [u]
            o = combat.odds(state, group, state.units[t], state.phase)
            out.append({"unit": u.id, "target": t, "with": declared.get(t, []), "ratio": o["ratio"],
                        "column": o["table_column"], "shift": o["shift"], "forbidden": o["forbidden"],
                        "automatic": o["automatic"]})
    return out


def redact_entry(entry: dict[str, Any], viewer: str | None) -> dict[str, Any] | None:
    """A journal line as a side may read it: another side's order shows its kind and giver only, with the events
    and dice he may see; one of which he may see nothing (a hidden counter's move, say) is not in his journal at all
    (None): a line saying only "ulf: move" would let him count the hidden counters' moves."""
    if viewer is None:
        return entry
    out = dict(entry)
    cmd = entry.get("command") or {}
    secret = cmd.get("type") in SECRET_ORDERS and cmd.get("player") != viewer
    if secret:
        out["command"] = {"type": cmd["type"], "player": cmd.get("player")}
    out["events"] = [e for e in entry.get("events", [])
                     if "visible_to" not in e or viewer in e["visible_to"]]
    hidden = _hidden_names(entry.get("events", []), viewer)
    out["rolls"] = [r for r in entry.get("rolls", [])
                    if not hidden & set(str(r.get("purpose", "")).replace("(", " ").replace(")", " ").split())]
    if secret and not out["events"] and not out["rolls"]:
        return None
    return out


def _hidden_names(events: list[dict[str, Any]], viewer: str) -> set[str]:
    """Counters named by events this viewer may not see (their rolls are left out too)."""
    names: set[str] = set()
    for e in events:
        if "visible_to" in e and viewer not in e["visible_to"] and isinstance(e.get("unit"), str):
            names.add(e["unit"])
    return names


def secrets(state: ArcState) -> dict[str, list[Secret]]:
    """What each side must not learn (the conformance kit searches all it reads for them): the other sides' secret
    objectives, and each of their hidden counters where it stands now, as a view shows a counter — its entry with
    its hex (JSON), its line of the status (text), its label on the map. Its id alone may be told (its attacks are
    public), and so may the hex where everyone saw it vanish (the journal keeps that sighting): where it is now is
    searched in what the view gives, the hidden moves since then by the journal's own test (tests/test_arc_game.py)."""
    out: dict[str, list[Secret]] = {}
    for viewer in SIDES:
        found = out.setdefault(viewer, [])
        for other in SIDES:
            if other != viewer:
                found += [Secret(sides()[other][f"objective_{lang}"], what=f"{other}'s secret objective")
                          for lang in ("fr", "en")]
        for u in sorted(state.units.values(), key=lambda x: x.id):
            if u.alive and u.hex and not state.sees(viewer, u):
                what = f"{u.side}'s hidden counter {u.id} at {u.hex}"
                found += [Secret(f'"id": "{u.id}"', near=f'"hex": "{u.hex}"', span=120, what=what),
                          Secret(f"{u.id:<22} {u.hex}", what=what), Secret(f">{u.id}:", what=what)]
    return out
