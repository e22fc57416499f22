"""What a player (or the referee) sees of a Gorges campaign: one place decides what is hidden.

Everything on the island is public (owners, buildings, armies, the ghost, challenges, relic points). A
player's magic items, bonus points and the notes waiting for his next battle (a trap, an ambush, scouts...)
are his own: other players see only how many there are.
"""

from __future__ import annotations

import copy
from typing import Any

from ...core.interface import Secret
from .rules import awaiting
from .state import Army, Battle, GorgesState, Player


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


def _player(s: GorgesState, p: Player, mine: bool, land: list[str]) -> dict[str, Any]:
    """`land`: the player's territories, `s.owned(p.id)` (its length his empire, `s.empire(p.id)`)."""
    d: dict[str, Any] = {"id": p.id, "name": p.name, "race": p.race, "controller": p.controller,
                         "capital": p.capital, "relics": p.relics, "territories": sorted(land),
                         "empire": len(land), "hostages": p.hostages, "event": _event(p),
                         "returns_to": s.capital_of(p.id),
                         "armies": [_army(a, mine) for a in p.armies.values()]}
    if mine:
        from .mines import production
        d.update(items=p.items, battle_points=p.battle_points, notes=p.notes, used=p.used,
                 mines_rolled=[{"territory": r["territory"], "slaves": r["slaves"], **production(r["roll"])}
                               for r in p.mines_rolled])
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
    """A battle, its notes for this viewer, and before its result the exact odds if it is auto-resolved — from
    what this viewer knows: another player's hidden bonus points are not counted (and said so)."""
    from .battles import auto_odds
    d = {k: v for k, v in vars(b).items() if k not in ("notes", "fought")}
    if b.fought is not None and b.result is None:  # the grid battle its players fight: nothing on it is hidden
        from ..skirmish.played import view_of
        d["grid"] = view_of(b.fought, viewer)
    d["notes"] = [n for n in b.notes if viewer is None or n.get("side") in (None, viewer)]
    if b.result is None:
        p = auto_odds(s, b, viewer)
        d["auto_resolve_odds"] = {"attacker": {"exact": str(p), "probability": float(p)},
                                  "defender": {"exact": str(1 - p), "probability": float(1 - p)},
                                  "unknown": [] if viewer is None else
                                  [q for q in (b.attacker, b.defender) if q != viewer]}
    return d


def view(s: GorgesState, viewer: str | None) -> dict[str, Any]:
    land: dict[str, list[str]] = {pid: [] for pid in s.players}  # (the owners read once, not twice a player)
    for t, o in s.owners.items():
        if o in land:
            land[o].append(t)
    return {
        "ruleset": "gorges", "viewer": viewer, "turn": s.turn, "season": s.season, "phase": s.phase,
        "order": s.order, "awaiting": awaiting(s), "ghost": s.ghost,
        "players": {pid: _player(s, p, viewer in (None, pid), land[pid]) for pid, p in s.players.items()},
        "owners": dict(s.owners), "buildings": {t: b for t, b in s.buildings.items() if b},
        "challenges": [_challenge(s, c) for c in s.challenges],
        "battles": [_battle(s, b, viewer) for b in s.battles],
        "standings": s.standings,
        # corruption lasting from grid battles (nothing on the grid is hidden); the key only once there is some
        **({"grid_corruption": dict(s.grid_corruption)} if s.grid_corruption else {}),
        **({"cell_names": names} if (names := cell_names(s.map)) else {}),  # status and journal lines name them
    }


def cell_names(m: Any) -> dict[str, str]:
    """The campaign's map's named land cells by their ids ("0,0": "Les Gorges Tranchées")."""
    from .map import cell_id
    return {cell_id(h): c.name for h, c in m.cells.items() if c.name and m.is_land(h)}


# What a journal line tells of a player's own means, hidden from the others: the points his mines and spoils
# add to his next battle, the magic items he found, the item a hero lost, his heroes' changed characteristics.
OWN_FIELDS = ("army_points", "battle_points", "bonus_points", "magic_item_max", "item", "changes")
# The dice that drew those amounts (their purpose names the amount), hidden likewise.
OWN_ROLLS = (".army_points", ".magic_item_points", "lost magic item")


def _owner(ev: dict[str, Any]) -> str | None:
    if "player" in ev:
        return ev["player"]
    army = ev.get("army")
    return army.split(":")[0] if isinstance(army, str) and ":" in army else None


def redact_entry(entry: dict[str, Any], viewer: str | None) -> dict[str, Any]:
    """A journal entry as `viewer` may read it: another player's notes for his next battle (events 41-46)
    say only that there is one; the amounts of another player's means (points, items) are left out, with the
    dice that drew them; the referee's `adjust` of another player's hidden holding (his battle or bonus points,
    a hero's changes) shows neither its values nor its reason, in its event as in its command."""
    if viewer is None:
        return entry
    from .adjust import hidden_command, hidden_from, redacted_adjustment
    events = []
    for e in entry.get("events", []):
        owner = _owner(e)
        if e.get("type") == "adjusted":  # the referee's correction, shown as the holding it touches is
            e = redacted_adjustment(e) if hidden_from(e, viewer) else e
        elif e.get("type") == "battle_note" and owner != viewer:
            e = {"type": e["type"], "player": e["player"], "note": "hidden"}
        elif owner is not None and owner != viewer and any(k in e for k in OWN_FIELDS):
            e = {k: ("hidden" if k in OWN_FIELDS else v) for k, v in e.items()}
        events.append(e)
    rolls = [{**r, "faces": "hidden", "total": "hidden"} if any(m in str(r.get("purpose", "")) for m in OWN_ROLLS)
             else r for r in entry.get("rolls", [])]
    out = {**entry, "events": events, "rolls": rolls}
    if hidden_command(entry.get("command"), viewer):  # its value and reason are in the command too
        out["command"] = hidden_command(entry["command"], viewer)
    return out


def information_state(s: GorgesState, viewer: str) -> GorgesState:
    """The state as `viewer` knows it, for a computer deciding in his place (OpenSpiel's information state): in
    it, what `view` hides from him is gone — the other players' magic items, bonus and battle points, notes for
    their next battle, once-a-turn abilities used, mine rolls awaiting a re-roll, their heroes' changes, items and
    notes, and the battle notes of the other side. Computers decide on it, never on the state itself.

    It shares with the state everything it leaves as it is (a whole copy took most of a simulated year's time): it
    is read, never changed; what would change a state is tried on a copy of it (`core.legal.accepts`).
    tests/test_computer_information.py checks that computers and odds leave the state untouched."""
    known = copy.copy(s)
    known.players = {pid: p if pid == viewer else _hidden_player(p) for pid, p in s.players.items()}
    known.battles = [_notes_of(b, viewer) for b in s.battles]
    return known


def _hidden_player(p: Player) -> Player:
    q = copy.copy(p)
    q.items, q.battle_points, q.notes, q.used, q.mines_rolled = [], 0, [], [], []
    q.armies = {}
    for key, a in p.armies.items():
        b = q.armies[key] = copy.copy(a)
        b.notes, b.bonus_points = [], 0
        b.hero = copy.copy(a.hero)
        b.hero.changes, b.hero.items, b.hero.next_battle = {}, [], []
    return q


def _notes_of(b: Battle, viewer: str) -> Battle:
    c = copy.copy(b)
    c.notes = [n for n in b.notes if n.get("side") in (None, viewer)]
    return c


def secrets(s: GorgesState) -> dict[str, list[Secret]]:
    """What each player must not learn (the conformance kit searches all he reads for them): the words of another
    player's notes waiting for his next battle (his own, his armies', and his side's notes of a battle under way;
    not those an event gave: its roll, words included, is public — only who it helps in which battle is not),
    and his magic items (their source with their points, as the JSON shows them). Not searched: a note whose words
    the viewer holds too, an item he holds too, and bare amounts (battle and bonus points: numbers a search cannot
    tell from the others; tests/test_gorges_views.py checks the view leaves them out)."""
    def notes_of(pid: str) -> list[dict[str, Any]]:
        p = s.players[pid]
        return [*p.notes, *(n for a in p.armies.values() for n in a.notes),
                *(n for b in s.battles for n in b.notes if n.get("side") == pid)]

    def items_of(pid: str) -> list[dict[str, Any]]:
        p = s.players[pid]
        return [*p.items, *(i for a in p.armies.values() for i in a.hero.items)]

    out: dict[str, list[Secret]] = {}
    for viewer in s.players:
        found = out.setdefault(viewer, [])
        own_words = {n.get(lang) for n in notes_of(viewer) for lang in ("fr", "en")}
        own_items = [dict(i) for i in items_of(viewer)]
        for pid in s.players:
            if pid == viewer:
                continue
            for n in notes_of(pid):
                if n.get("table") == "events":  # the event that gave it was rolled before all: its words are public
                    continue
                found += [Secret(n[lang], what=f"{pid}'s note {n.get('key')} for his next battle")
                          for lang in ("fr", "en") if n.get(lang) and n[lang] not in own_words]
            for i in items_of(pid):
                if dict(i) not in own_items and "source" in i:
                    found.append(Secret(f'"max_points": {json_value(i.get("max_points"))}',
                                        near=f'"source": "{i["source"]}"', span=80, what=f"{pid}'s magic item {i}"))
    return out


def json_value(v: Any) -> str:
    import json
    return json.dumps(v, ensure_ascii=False)
