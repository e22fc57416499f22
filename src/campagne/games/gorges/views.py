"""What a player (or the referee) sees of a Gorges campaign: one place decides what is hidden.

Everything on the island is public (owners, buildings, armies, the ghost, challenges, relic points). A
player's magic items, bonus points and the notes waiting for his next battle (a trap, an ambush, scouts...)
are his own: other players see only how many there are.
"""

from __future__ import annotations

from typing import Any

from .rules import awaiting
from .state import Army, GorgesState, Player


def _army(a: Army, mine: bool) -> dict[str, Any]:
    d: dict[str, Any] = {"ref": a.ref, "key": a.key, "commander": a.commander, "hero": a.hero.name,
                         "hero_dead": a.hero.dead, "hero_captured_by": a.hero.captured_by,
                         "position": a.position, "out_until": a.out_until, "renown": a.renown,
                         "move_allowance": a.move_allowance, "moves_made": a.moves_made, "built": a.built}
    if mine:
        d.update(hero_changes=a.hero.changes, hero_rules=a.hero.rules, hero_items=a.hero.items,
                 hero_next_battle=a.hero.next_battle, notes=a.notes, bonus_points=a.bonus_points)
    else:
        d.update(notes=len(a.notes), hero_rules=a.hero.rules)
    return d


def _event(p: Player) -> dict[str, Any] | None:
    from .events import CHOICES
    if not p.event:
        return None
    return {k: v for k, v in p.event.items() if k != "rolled"} | {"text": {
        "fr": p.event["rolled"].text("fr"), "en": p.event["rolled"].text("en")},
        "waiting_kind": CHOICES.get(p.event["key"]) if p.event.get("pending") else None}


def _player(s: GorgesState, p: Player, mine: bool) -> dict[str, Any]:
    d: dict[str, Any] = {"id": p.id, "name": p.name, "race": p.race, "controller": p.controller,
                         "capital": p.capital, "relics": p.relics, "territories": sorted(s.owned(p.id)),
                         "empire": s.empire(p.id), "hostages": p.hostages, "event": _event(p),
                         "armies": [_army(a, mine) for a in p.armies.values()]}
    if mine:
        d.update(items=p.items, battle_points=p.battle_points, notes=p.notes, used=p.used)
    else:
        d.update(items=len(p.items), notes=len(p.notes))
    return d


def _challenge(s: GorgesState, c: Any) -> dict[str, Any]:
    """A challenge, and before it is answered the exact odds the defender weighs: his save roll if he
    refuses (only when the challenger's army stands on his territory)."""
    from .conquest import save_chance
    d = vars(c).copy()
    army = s.players[c.challenger].armies.get(c.army)
    if c.status == "pending" and army is not None and army.position == c.target \
            and s.owners.get(c.target) == c.defender:
        p = save_chance(s, c.challenger, c.defender, c.target)
        d["save_if_refused"] = {"exact": str(p), "probability": float(p)}
    return d


def _battle(s: GorgesState, b: Any, viewer: str | None) -> dict[str, Any]:
    """A battle, its notes for this viewer, and before its result the exact odds if it is auto-resolved."""
    from .battles import auto_odds
    d = {k: v for k, v in vars(b).items() if k != "notes"}
    d["notes"] = [n for n in b.notes if viewer is None or n.get("side") in (None, viewer)]
    if b.result is None:
        p = auto_odds(s, b)
        d["auto_resolve_odds"] = {"attacker": {"exact": str(p), "probability": float(p)},
                                  "defender": {"exact": str(1 - p), "probability": float(1 - p)}}
    return d


def view(s: GorgesState, viewer: str | None) -> dict[str, Any]:
    return {
        "ruleset": "gorges", "viewer": viewer, "turn": s.turn, "season": s.season, "phase": s.phase,
        "order": s.order, "awaiting": awaiting(s), "ghost": s.ghost,
        "players": {pid: _player(s, p, viewer in (None, pid)) for pid, p in s.players.items()},
        "owners": dict(s.owners), "buildings": {t: b for t, b in s.buildings.items() if b},
        "challenges": [_challenge(s, c) for c in s.challenges],
        "battles": [_battle(s, b, viewer) for b in s.battles],
        "standings": s.standings,
    }


def redact_entry(entry: dict[str, Any], viewer: str | None) -> dict[str, Any]:
    """A journal entry as `viewer` may read it: another player's notes for his next battle (events 41-46)
    say only that there is one."""
    if viewer is None:
        return entry
    events = [{"type": e["type"], "player": e["player"], "note": "hidden"}
              if e.get("type") == "battle_note" and e.get("player") != viewer else e
              for e in entry.get("events", [])]
    return {**entry, "events": events}
