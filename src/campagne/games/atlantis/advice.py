"""Exact odds beside a player's decisions, and the threats to his land — computed on his information state
(`views.information_state`), so that they show nothing his view hides.

- conquest phase: the odds of conquering where his army stands, with no bribe and with the bribes he can pay;
- movement phase (his move): the odds of conquering each territory a legal path ends in, and of the battle
  where an enemy army stands;
- battles phase: the odds of the annex's simulation if his battle is resolved automatically;
- supply phase, unsupplied: the lack-of-supply table's outcomes with nothing spent and with all his loot;
- every phase: the threat view — each enemy army that can reach one of his territories next turn (by the paths
  the rules would give it from where it stands, as far as he knows), and the odds if it attacks: the battle
  against his army there, or the conquest of the land.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ...core.i18n import Lang, chance
from . import odds
from .ai import conquest_odds, strength
from .battles import battle_of
from .conquest import may_attack_player_land, needs_decision
from .movement import legal_paths
from .state import AtlantisState, Player
from .views import information_state

BRIBES = (0, 50, 100, 150)


def advice(s: AtlantisState, viewer: str | None, lang: str = "en") -> list[dict[str, Any]]:
    """[{"about": an order type or "threat", "text": one sentence}] for `viewer` now (nothing for the referee
    or a spectator, who make none of these decisions)."""
    if viewer is None or viewer not in s.players or s.phase in ("setup", "ended"):
        return []
    s = information_state(s, viewer)
    o = Lang(lang)
    p = s.players[viewer]
    out: list[dict[str, Any]] = []
    if not p.eliminated and p.army is not None:
        if s.phase == "conquest" and p.position is not None and (needs_decision(s, p) or may_attack_player_land(s, p)):
            out += _conquest(s, p, o)
        if s.phase == "movement" and s.acting and s.acting[0] == p.id:
            out += _moves(s, p, o)
        if s.phase == "battles":
            out += _battle(s, p, o)
        if s.phase == "supply" and not p.supplied:
            out += _supply(p, o)
    return out + _threats(s, p, o)


def _name(s: AtlantisState, tid: str) -> str:
    return s.map.territories[tid].name


def _conquest(s: AtlantisState, p: Player, o: Lang) -> list[dict[str, Any]]:
    out = []
    for bribe in (b for b in BRIBES if b <= p.loot):
        c = conquest_odds(s, p, p.position, bribe)
        out.append({"about": "conquer", "text": o.t(
            f"Conquête de {_name(s, p.position)} (force {strength(p)}, {bribe} de butin) : prise {chance(c.success, o.lang)}, "
            f"dont facile {chance(c.outcomes['taken_easily'], o.lang)} ; écrasé {chance(c.outcomes['crushed'], o.lang)}",
            f"Conquest of {_name(s, p.position)} (strength {strength(p)}, {bribe} loot): taken {chance(c.success, o.lang)}, "
            f"easily {chance(c.outcomes['taken_easily'], o.lang)}; crushed {chance(c.outcomes['crushed'], o.lang)}")})
    return out


def _moves(s: AtlantisState, p: Player, o: Lang) -> list[dict[str, Any]]:
    out = []
    for tid in dict.fromkeys(path[-1] for path in legal_paths(s, p)):
        enemies = [q for q in s.armies_in(tid) if q.id != p.id and q.army is not None]
        if enemies:
            b = odds.battle(_force(p), _force(enemies[0]))
            out.append({"about": "move", "text": o.t(
                f"Vers {_name(s, tid)} : bataille contre {enemies[0].id}, gagnée {chance(b.attacker_wins, o.lang)} "
                f"(simulation de l'annexe)",
                f"To {_name(s, tid)}: battle against {enemies[0].id}, won {chance(b.attacker_wins, o.lang)} "
                f"(the annex's simulation)")})
        elif s.owners.get(tid) != p.id:
            c = conquest_odds(s, p, tid, 0)
            out.append({"about": "move", "text": o.t(
                f"Vers {_name(s, tid)} : conquête sans butin prise {chance(c.success, o.lang)}",
                f"To {_name(s, tid)}: conquest without loot taken {chance(c.success, o.lang)}")})
    return out


def _force(p: Player) -> int:
    return min(odds.MAX_FORCE, max(0, strength(p)))


def _battle(s: AtlantisState, p: Player, o: Lang) -> list[dict[str, Any]]:
    b = battle_of(s, p.id)
    if b is None or s.players[b.a].army is None or s.players[b.b].army is None:
        return []
    me_first = b.a == p.id
    other = b.b if me_first else b.a
    r = odds.battle(_force(s.players[b.a]), _force(s.players[b.b]))
    win = r.attacker_wins if me_first else r.defender_wins
    return [{"about": "strategy", "text": o.t(
        f"Bataille de {_name(s, b.territory)} contre {other}, résolue automatiquement : gagnée {chance(win, o.lang)}",
        f"Battle of {_name(s, b.territory)} against {other}, resolved automatically: won {chance(win, o.lang)}")}]


def _supply(p: Player, o: Lang) -> list[dict[str, Any]]:
    out = []
    for spend in dict.fromkeys((0, p.loot)):
        effects = odds.supply(p.unsupplied_turns, spend)
        shown = ", ".join(f"{k} {chance(v, o.lang)}" for k, v in effects.items() if v)
        out.append({"about": "supply-spend", "text": o.t(f"Sans ravitaillement, {spend} de butin dépensé : {shown}",
                                                         f"Unsupplied, {spend} loot spent: {shown}")})
    return out


def _threats(s: AtlantisState, p: Player, o: Lang) -> list[dict[str, Any]]:
    mine = set(s.owned(p.id))
    if not mine:
        return []
    out = []
    for q in s.active_players():
        if q.id == p.id or q.army is None or q.position is None:
            continue
        # next turn: the paths the rules would give it, this turn's halts and retreats over
        fresh = dataclasses.replace(q, halted=False, reorganising=False, must_retreat=False, moved=False)
        reach = dict.fromkeys(t for path in legal_paths(s, fresh) for t in path if t in mine)
        for tid in reach:
            if p.army is not None and p.position == tid:
                b = odds.battle(_force(q), _force(p))
                text = o.t(f"Menace : l'armée de {q.id} peut atteindre {_name(s, tid)} ; si elle vous attaque, "
                           f"vous gagnez {chance(b.defender_wins, o.lang)} (simulation de l'annexe)",
                           f"Threat: {q.id}'s army can reach {_name(s, tid)}; if it attacks you, you win "
                           f"{chance(b.defender_wins, o.lang)} (the annex's simulation)")
            else:
                c = conquest_odds(s, q, tid, 0)
                text = o.t(f"Menace : l'armée de {q.id} peut atteindre {_name(s, tid)} ; elle le prendrait "
                           f"{chance(c.success, o.lang)} (sans butin)",
                           f"Threat: {q.id}'s army can reach {_name(s, tid)}; it would take it "
                           f"{chance(c.success, o.lang)} (without loot)")
            out.append({"about": "threat", "text": text, "territory": tid, "enemy": q.id})
    return out
