"""Exact odds beside an Arc player's decisions, and the threats he faces (the descriptor's `advice`).

Arc has no information state of its own: `known_state` builds one from what `views.view` shows the player —
his own counters whole; the other counters he sees (not the hidden ones, nor an invisible ally's), without the
flags the view does not show (charge, surprise move, attacks made this turn); his own declarations only; the
lasting spells the view lists. Every figure below is computed on it with the rules' own functions, so nothing
his view hides can change it.

- missiles and melee (his declarations): for each attack he may declare, the combat with what he has
  already declared on that target — the d12 table's results and their chances (`odds.combat_odds`, as
  `campagne odds arc combat` prints them), the chances the defender is hit and eliminated (a 1/2 E on a
  reduced counter, a leader's save against death or his capture included; a retreat with no way out not
  counted), and in melee that the attackers are hit; then all his attackers free to strike a target, together;
- magic: for each spell aimed at enemies with a save, the chance it takes effect on each target; for the zone
  spells, the (at most 3) zones striking the most visible enemies, each counter's chance of being struck;
- movement: the moves whose path enters a lasting zone, and the chance of being struck on the way;
- every phase after the set-up, the threat view: each visible enemy counter that can attack one of his visible
  counters at its side's next combat (after its general movement, the rules' reach under ZOC, unless that side
  is fighting now; a knight charges where a straight ride takes it), with the odds if it attacks, alone and
  all of one side's together in melee, at the night or day of that turn; and the enemy counters able to
  reach a strategic place he holds.
"""

from __future__ import annotations

import copy
from fractions import Fraction
from functools import cache
from typing import Any

from ...core.i18n import Lang, chance
from . import combat, declare
from .data import SIDES, effect
from .magic import active, order_of, spell, zone_cells
from .movement import allowance, can_move, charge_line, reach
from .odds import combat_odds
from .rules import awaiting
from .state import TURNS, ArcState, Unit
from .words import counter, counters, place_name, spell_name, zone_words
from .words import side as side_name

PHASE_WORDS = {"missiles": ("aux missiles", "with missiles"), "melee": ("en mêlée", "in melee")}
SAVED_SPELLS = ("silence", "light", "hold", "flame")
ZONES_SHOWN = 3


def advice(state: ArcState, viewer: str | None, lang: str = "en") -> list[dict[str, Any]]:
    """[{"about": an order type or "threat", "text": one sentence, ...}] for `viewer` now (nothing for the
    referee or a spectator)."""
    if viewer not in SIDES or viewer not in state.controllers or state.phase in ("deploy", "ended"):
        return []
    k = known_state(state, viewer)
    o = Lang(lang)
    out: list[dict[str, Any]] = []
    if viewer in awaiting(k):
        if k.phase in ("missiles", "melee"):
            out += _attacks(k, viewer, o)
        elif k.phase == "magic":
            out += _casts(k, viewer, o)
        else:
            out += _moves(k, viewer, o)
    return out + _threats(k, viewer, o)


def known_state(state: ArcState, viewer: str) -> ArcState:
    """The state as `viewer` knows it from his view (see the module's docstring)."""
    k = copy.deepcopy(state)
    k.units = {i: u for i, u in k.units.items()
               if u.side == viewer or (u.alive and u.hex is not None and state.sees(viewer, u))}
    for u in k.units.values():
        if u.side != viewer:
            u.charged = u.moved_hidden = u.moved = u.attacked = u.attacked_by_enemy = u.heal_next_turn = False
    k.plans = {p: (v if p == viewer else []) for p, v in k.plans.items()}
    k.effects = [e for e in k.effects if e.get("unit") is None or e["unit"] in k.units]
    k.control_log = []
    return k


# --------------------------------------------------------------------------- one combat


def outcome(k: ArcState, group: list[Unit], t: Unit, phase: str) -> dict[str, Any]:
    """combat.odds plus "codes" (the table's result -> its probability; None: no combat) and the chances that
    the defender is hit ("hit"), eliminated ("out") and that the attackers are hit ("back")."""
    o = dict(combat.odds(k, group, t, phase))
    sure = bool(active(k, "hold", unit=t.id)) or o["automatic"]
    o.update(_summary(o["attack"], o["defence"], o["shift"], sure, o["forbidden"], phase, t.reduced,
                      t.kind.leader, t.kind.save, bool(combat.having(group, "captures")),
                      bool(combat.having(group, "death_save"))))
    return o


@cache
def _summary(attack: Fraction, defence: Fraction, shift: int, sure: bool, forbidden: bool, phase: str,
             reduced: bool, leader: bool, save: int, captures: bool, death_save: bool) -> dict[str, Any]:
    if sure:  # held (« destruction automatique »), or beyond 8-1
        codes: dict[str, Fraction] | None = {"D5": Fraction(1)}
    elif forbidden:
        codes = None
    else:
        codes = combat_odds(attack, defence, shift)["outcomes"]
    death = Fraction(save - 1, 12) if leader and death_save else Fraction(0)  # dies on a d12 below his save
    hit = out = back = Fraction(0)
    for code, p in (codes or {}).items():
        e = effect(code)
        if e["side"] in "DB":
            gone = 1 if e["eliminate"] or (e["half"] and reduced) else 0
            hit += p
            out += p if leader and captures else p * (death + (1 - death) * gone)
        if e["side"] in "AB" and phase == "melee":
            back += p
    return {"codes": codes, "hit": hit, "out": out, "back": back}


def _combat_text(r: dict[str, Any], t: Unit, phase: str, o: Lang, full: bool = True) -> str:
    fr_p, en_p = PHASE_WORDS[phase]
    if r["codes"] is None:
        return o.t(f"{fr_p} : {r['attack']} contre {r['defence']}, rapport {r['ratio']}, sous 1-4 : "
                   "pas de combat",
                   f"{en_p}: {r['attack']} against {r['defence']}, ratio {r['ratio']}, below 1-4: no combat")
    if len(r["codes"]) == 1 and "D5" in r["codes"]:
        how = o.t("éliminé d'office", "eliminated outright")
    else:
        shift = f"{r['shift']:+d}" if r["shift"] else "0"
        dist = ", ".join(f"{c} {chance(p, o.lang)}" for c, p in sorted(r["codes"].items())) if full else ""
        how = o.t(f"décalage {shift}, colonne {r['table_column']}" + (f", d12 : {dist}" if full else ""),
                  f"shift {shift}, column {r['table_column']}" + (f", d12: {dist}" if full else ""))
    back = o.t(f", attaquants touchés {chance(r['back'], o.lang)}", f", attackers hit {chance(r['back'], o.lang)}")
    if phase == "missiles":
        back = o.t(" (résultat sur l'attaquant ignoré)", " (results on the attacker ignored)")
    if not full:
        return o.t(f"{fr_p} {r['ratio']} ({how}) : touché {chance(r['hit'], o.lang)}, éliminé {chance(r['out'], o.lang)}",
                   f"{en_p} {r['ratio']} ({how}): hit {chance(r['hit'], o.lang)}, eliminated {chance(r['out'], o.lang)}")
    name = counter(t.id, o)
    return o.t(f"{fr_p} : {r['attack']} contre {r['defence']}, rapport {r['ratio']}, {how} ; {name} touché "
               f"{chance(r['hit'], o.lang)}, éliminé {chance(r['out'], o.lang)}{back}",
               f"{en_p}: {r['attack']} against {r['defence']}, ratio {r['ratio']}, {how}; {name} hit "
               f"{chance(r['hit'], o.lang)}, eliminated {chance(r['out'], o.lang)}{back}")


def _attacks(k: ArcState, viewer: str, o: Lang) -> list[dict[str, Any]]:
    declared: dict[str, list[str]] = {}
    for p in k.plans.get(viewer, []):
        if p["type"] in ("attack", "attack-advance"):
            declared.setdefault(p["target"], []).append(p["unit"])
    free = declare.attackers(k, viewer, k.phase)
    by_target: dict[str, list[str]] = {}
    out = []
    for uid, targets in sorted(free.items()):
        for tid in targets:
            by_target.setdefault(tid, []).append(uid)
            out.append(_attack_item(k, declared.get(tid, []), [uid], tid, o))
    for tid, uids in sorted(by_target.items()):
        if len(uids) > 1:
            out.append(_attack_item(k, declared.get(tid, []), uids, tid, o))
    return out


def _attack_item(k: ArcState, before: list[str], uids: list[str], tid: str, o: Lang) -> dict[str, Any]:
    t = k.units[tid]
    group = [k.units[i] for i in before + uids]
    names = " + ".join(counter(u, o) for u in uids)
    declared, them = counters(before, o), counter(tid, o)
    also = o.t(f" (avec {declared} déjà déclarés)", f" (with {declared} already declared)") * bool(before)
    text = o.t(f"{names} contre {them}{also}, ", f"{names} against {them}{also}, ") + \
        _combat_text(outcome(k, group, t, k.phase), t, k.phase, o)
    return {"about": "attack", "text": text, "units": before + uids, "target": tid}


# --------------------------------------------------------------------------- spells and moves


def _fails(u: Unit) -> Fraction:
    """The chance a counter fails its magic save (« ST »: saved on a d12 of its save or more)."""
    return Fraction(u.kind.save - 1, 12)


def _casts(k: ArcState, viewer: str, o: Lang) -> list[dict[str, Any]]:
    out = []
    for c in declare.casts(k, viewer):
        s = spell(order_of(k.units[c["caster"]]), c["spell"])  # type: ignore[arg-type]
        who = counter(c["caster"], o) + (f" + {counter(c['partner'], o)}" if c["partner"] else "")
        named = spell_name(c["spell"], o)
        about = "cast-with" if c["partner"] else "cast"
        if s["kind"] in SAVED_SPELLS:
            each = ", ".join(f"{counter(t, o)} {chance(_fails(k.units[t]) if s['save'] else 1, o.lang)}" for t in c["targets"])
            out.append({"about": about, "text": o.t(
                f"{who}, {named} ({s['cost']} pts) : prend effet (sauvegarde ratée) sur {each}",
                f"{who}, {named} ({s['cost']} pts): takes effect (save failed) on {each}")})
        elif s["kind"] == "zone":
            zones = []
            for word in c["targets"]:
                hit = [u for x in zone_cells(k, word, s["hexes"]) for u in k.at(x)]
                foes = [u for u in hit if k.enemies(viewer, u.side)]
                if foes:
                    friends = [u for u in hit if u not in foes]
                    zones.append((-sum(_fails(u) for u in foes), word, foes, friends))
            for _, word, foes, friends in sorted(zones, key=lambda z: (z[0], z[1]))[:ZONES_SHOWN]:
                them = ", ".join(f"{counter(u.id, o)} {chance(_fails(u), o.lang)}" for u in foes)
                us = ", ".join(f"{counter(u.id, o)} {chance(_fails(u), o.lang)}" for u in friends) or "-"
                out.append({"about": about, "zone": word, "text": o.t(
                    f"{who}, {named} {zone_words(word, o)} : ennemis visibles frappés {them} ; les vôtres {us}",
                    f"{who}, {named} {zone_words(word, o)}: visible enemies struck {them}; yours {us}")})
    return out


def _moves(k: ArcState, viewer: str, o: Lang) -> list[dict[str, Any]]:
    zones = [e for e in k.effects if e["kind"] == "zone"]
    out = []
    for u in declare.movers(k, viewer, k.phase) if zones else []:
        for mount in declare.mounts(u):
            paths = reach(k, u, pegasus=mount == "pegasus")
            crossing: dict[int, list[str]] = {}
            for h in sorted(paths, key=k.board.coords.__getitem__):
                line = charge_line(k, u, h) if u.kind.ability("charge") else None
                n = sum(1 for e in zones if any(x in e["hexes"] for x in line or paths[h]))
                if n:
                    crossing.setdefault(n, []).append(h)
            for n, hexes in sorted(crossing.items()):
                p = 1 - (1 - _fails(u)) ** n
                every = list(hexes)  # the map's hover reads them all
                if len(hexes) > 8:
                    hexes = [*hexes[:8], o.t(f"… ({len(hexes)} hex)", f"… ({len(hexes)} hexes)")]
                out.append({"about": "fly" if mount else "move", "unit": u.id, "hexes": every, "text": o.t(
                    f"{counter(u.id, o)} vers {', '.join(hexes)} : entre dans {n} zone(s) de sort, frappé {chance(p, o.lang)}",
                    f"{counter(u.id, o)} to {', '.join(hexes)}: enters {n} spell zone(s), struck {chance(p, o.lang)}")})
    return out


# --------------------------------------------------------------------------- threats


def _next_combat(k: ArcState, side: str) -> tuple[int, bool, tuple[str, ...]]:
    """(the turn of that side's next combat, whether it moves first, its combat phases)."""
    seg = 0 if side == "bonnaire" else 1
    if seg == k.segment and k.phase in ("magic", "missiles", "melee"):
        return k.turn, False, ("melee",) if k.phase == "melee" else ("missiles", "melee")
    if seg > k.segment or (seg == k.segment and k.phase == "move"):
        return k.turn, True, ("missiles", "melee")
    return k.turn + 1, True, ("missiles", "melee")


def _at_turn(k: ArcState, turn: int) -> ArcState:
    if turn == k.turn:
        return k
    later = copy.copy(k)  # shares the counters: only read
    later.turn = turn
    later.effects = [e for e in k.effects if e["until"] is None or e["until"] >= turn]
    return later


def _may_reach(k: ArcState, u: Unit, pegasus: bool, hexes: set[str]) -> bool:
    """Whether a move of `u` may end on one of `hexes`: each hex costs at least one movement point, so a move
    ends no farther than its allowance (or one hex, always allowed), unless it is unlimited. (Drawing every
    enemy's whole move took most of the threats' time.)"""
    if u.kind.mvt < 0:
        return True
    limit = max(allowance(u, pegasus), 1)
    return any(k.board.distance(u.hex, h) <= limit for h in hexes)  # type: ignore[arg-type]


def _of(name: str) -> str:
    """« de » before a name as French writes it: du Directorat, d'Ulf, de Fereira."""
    if name.startswith("le "):
        return "du " + name[3:]
    return ("d'" if name[:1].lower() in "aeiouyhéâ" else "de ") + name


def _threats(k: ArcState, viewer: str, o: Lang) -> list[dict[str, Any]]:
    mine = sorted((u for u in k.alive() if u.side == viewer and u.hex and not u.hidden), key=lambda u: u.id)
    found: dict[str, list[tuple[str, Unit, ArcState, dict[str, Any]]]] = {}
    reaching: dict[str, list[str]] = {}
    # where an enemy's move matters: next to one of mine, or on a strategic place of my team
    relevant = {h for m in mine for h in (m.hex, *k.board.neighbours[m.hex])} | \
        {p.hex for p in k.board.strategic() if k.control.get(p.id) in k.team(viewer)}
    for e in sorted((x for x in k.alive() if x.hex and k.enemies(viewer, x.side)), key=lambda x: x.id):
        turn, moves, phases = _next_combat(k, e.side)
        if turn > TURNS:
            continue
        kt = _at_turn(k, turn)
        fresh = copy.copy(e)
        fresh.meditating = e.meditating and turn == k.turn
        ends = set()
        if can_move(kt, fresh, "move") and (moves or fresh.kind.ability("extra_move")):
            ends = {h for m in declare.mounts(fresh) if _may_reach(kt, fresh, m == "pegasus", relevant)
                    for h in reach(kt, fresh, pegasus=m == "pegasus")}
        for p in k.board.strategic():
            if p.hex in ends and k.control.get(p.id) in k.team(viewer) \
                    and not any(not x.hidden and not k.enemies(viewer, x.side) for x in k.at(p.hex)):
                reaching.setdefault(p.id, []).append(e.id)
        stands = {e.hex} | (ends if moves else set())
        for m in mine:
            best: dict[str, tuple[Unit, dict[str, Any]]] = {}
            for h in (x for x in (m.hex, *k.board.neighbours[m.hex]) if x in stands):  # type: ignore[index]
                at = copy.copy(fresh)
                at.hex, at.moved_hidden = h, False  # a knight riding there in a straight line charges
                at.charged = moves and h != e.hex and bool(e.kind.ability("charge")) \
                    and charge_line(kt, fresh, h) is not None
                for phase in phases:
                    if combat.may_attack(kt, at, m, phase):
                        r = outcome(kt, [at], m, phase)
                        was = best.get(phase, (at, {"hit": -1, "out": -1}))[1]
                        if (r["hit"], r["out"]) > (was["hit"], was["out"]):
                            best[phase] = (at, r)
            for phase, (at, r) in best.items():
                found.setdefault(m.id, []).append((phase, at, kt, r))
    out = []
    for m in mine:
        if m.id not in found:
            continue
        each = o.t(" ; ", "; ").join(f"{counter(at.id, o)} " + _combat_text(r, m, phase, o, False)
                                     for phase, at, _, r in found[m.id])
        for side in SIDES:  # a combat is one side's: its attackers of one target add up
            melee = [(at, kt) for phase, at, kt, _ in found[m.id] if phase == "melee" and at.side == side]
            if len(melee) > 1:
                r = outcome(melee[0][1], [at for at, _ in melee], m, "melee")
                each += o.t(f" ; tous ceux {_of(side_name(side, o))} ensemble ",
                            f"; all the counters of {side_name(side, o)} together ") + \
                    _combat_text(r, m, "melee", o, False)
        enemies = sorted({at.id for _, at, _, _ in found[m.id]})
        out.append({"about": "threat", "unit": m.id, "hex": m.hex, "enemies": enemies, "text": o.t(
            f"Menace sur {counter(m.id, o)} ({m.hex}) — s'ils l'attaquent : {each}",
            f"Threat to {counter(m.id, o)} ({m.hex}) — if they attack it: {each}")})
    for pid, who in sorted(reaching.items()):
        h = k.board.places[pid].hex
        out.append({"about": "threat", "hex": h, "enemies": who, "text": o.t(
            f"Menace sur {place_name(pid, o)} ({h}), que vous tenez : {counters(who, o)} peuvent s'y rendre",
            f"Threat to {place_name(pid, o)} ({h}), which you hold: {counters(who, o)} can move onto it")})
    return out
