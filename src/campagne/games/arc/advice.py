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
from .movement import allowance, can_end, can_move, charge_line, occupancy, reach, search, steps_to
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
    return advice_words(advice_facts(state, viewer), lang)


def advice_facts(state: ArcState, viewer: str | None) -> tuple[tuple[str, Any], ...]:
    """The numbers of `advice`, in no language (a server computes them once per state and viewer and writes them
    in each reader's language): ((what, its figures), ...), only read afterwards."""
    if viewer not in SIDES or viewer not in state.controllers or state.phase in ("deploy", "ended"):
        return ()
    k = known_state(state, viewer)
    out: list[tuple[str, Any]] = []
    if viewer in awaiting(k):
        if k.phase in ("missiles", "melee"):
            out.append(("attacks", (k.phase, _attacks(k, viewer))))
        elif k.phase == "magic":
            out.append(("casts", _casts(k, viewer)))
        else:
            out.append(("moves", _moves(k, viewer)))
    out.append(("threats", _threats(k, viewer)))
    return tuple(out)


def advice_words(facts: tuple[tuple[str, Any], ...], lang: str = "en") -> list[dict[str, Any]]:
    """`advice_facts` in sentences of `lang`."""
    o = Lang(lang)
    write = {"attacks": _attacks_words, "casts": _casts_words, "moves": _moves_words, "threats": _threats_words}
    return [line for what, figures in facts for line in write[what](figures, o)]


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


def _combat_text(r: dict[str, Any], tid: str, phase: str, o: Lang, full: bool = True) -> str:
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
    name = counter(tid, o)
    return o.t(f"{fr_p} : {r['attack']} contre {r['defence']}, rapport {r['ratio']}, {how} ; {name} touché "
               f"{chance(r['hit'], o.lang)}, éliminé {chance(r['out'], o.lang)}{back}",
               f"{en_p}: {r['attack']} against {r['defence']}, ratio {r['ratio']}, {how}; {name} hit "
               f"{chance(r['hit'], o.lang)}, eliminated {chance(r['out'], o.lang)}{back}")


def _attacks(k: ArcState, viewer: str) -> list[tuple[list[str], list[str], str, dict[str, Any]]]:
    """(declared before, the attackers, the target, the combat's odds) of each attack he may declare."""
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
            out.append(_attack_item(k, declared.get(tid, []), [uid], tid))
    for tid, uids in sorted(by_target.items()):
        if len(uids) > 1:
            out.append(_attack_item(k, declared.get(tid, []), uids, tid))
    return out


def _attack_item(k: ArcState, before: list[str], uids: list[str],
                 tid: str) -> tuple[list[str], list[str], str, dict[str, Any]]:
    return before, uids, tid, outcome(k, [k.units[i] for i in before + uids], k.units[tid], k.phase)


def _attacks_words(figures: tuple[str, list[tuple[list[str], list[str], str, dict[str, Any]]]],
                   o: Lang) -> list[dict[str, Any]]:
    phase, attacks = figures
    out = []
    for before, uids, tid, r in attacks:
        names = " + ".join(counter(u, o) for u in uids)
        declared, them = counters(before, o), counter(tid, o)
        also = o.t(f" (avec {declared} déjà déclarés)", f" (with {declared} already declared)") * bool(before)
        text = o.t(f"{names} contre {them}{also}, ", f"{names} against {them}{also}, ") + \
            _combat_text(r, tid, phase, o)
        out.append({"about": "attack", "text": text, "units": before + uids, "target": tid})
    return out


# --------------------------------------------------------------------------- spells and moves


def _fails(u: Unit) -> Fraction:
    """The chance a counter fails its magic save (« ST »: saved on a d12 of its save or more)."""
    return Fraction(u.kind.save - 1, 12)


def _casts(k: ArcState, viewer: str) -> list[tuple[dict[str, Any], dict[str, Any], Any]]:
    """(the cast, its spell, what it may do): the chance each target fails its save, or the zones striking the
    most visible enemies, each with (zone, [(enemy, chance)], [(his, chance)])."""
    out: list[tuple[dict[str, Any], dict[str, Any], Any]] = []
    # a spell's zones are listed once for all the caster's partners (one list, hundreds of zones), and spells of as
    # many hexes list the same zones: who stands where, what each zone strikes and the zones shown found once
    occ = occupancy(k)
    struck: dict[tuple[str, int], tuple[int, list[Unit], list[Unit]] | None] = {}
    shown: dict[int, tuple[list[str], list[Any]]] = {}  # id of the zones' list -> (that list, the zones shown)
    for c in declare.casts(k, viewer):
        s = spell(order_of(k.units[c["caster"]]), c["spell"])  # type: ignore[arg-type]
        if s["kind"] in SAVED_SPELLS:
            out.append((c, s, [(t, _fails(k.units[t]) if s["save"] else 1) for t in c["targets"]]))
        elif s["kind"] == "zone":
            words, n = c["targets"], s["hexes"]
            if id(words) not in shown or shown[id(words)][0] is not words:
                shown[id(words)] = (words, _zones_shown(k, viewer, words, n, occ, struck))
            out.append((c, s, shown[id(words)][1]))
    return out


def _zones_shown(k: ArcState, viewer: str, words: list[str], n: int, occ: dict[str, list[Unit]],
                 struck: dict[tuple[str, int], tuple[int, list[Unit], list[Unit]] | None]) -> list[Any]:
    """The (at most `ZONES_SHOWN`) zones of `n` hexes among `words` striking the most visible enemies, each with
    (zone, [(enemy, chance)], [(his, chance)]); `struck`: what each zone strikes, filled as it is found."""
    zones = []
    for word in words:
        key = (word, n)
        if key not in struck:
            struck[key] = _struck(k, viewer, zone_cells(k, word, n), occ)
        if struck[key] is not None:
            worth, foes, friends = struck[key]  # type: ignore[misc]
            zones.append((worth, word, foes, friends))
    best = sorted(zones, key=lambda z: (z[0], z[1]))[:ZONES_SHOWN]
    return [(word, [(u.id, _fails(u)) for u in foes], [(u.id, _fails(u)) for u in friends])
            for _, word, foes, friends in best]


def _struck(k: ArcState, viewer: str, cells: list[str], occ: dict[str, list[Unit]]
            ) -> tuple[int, list[Unit], list[Unit]] | None:
    """(minus the enemies' expected failed saves in twelfths, see `_fails`: sorted as the fractions, faster; the
    enemies, his and his allies') a zone strikes, or None when it strikes no enemy."""
    hit = [u for x in cells for u in occ.get(x, ())]
    foes = [u for u in hit if k.enemies(viewer, u.side)]
    if not foes:
        return None
    return -sum(u.kind.save - 1 for u in foes), foes, [u for u in hit if u not in foes]


def _casts_words(casts: list[tuple[dict[str, Any], dict[str, Any], Any]], o: Lang) -> list[dict[str, Any]]:
    out = []
    for c, s, figures in casts:
        who = counter(c["caster"], o) + (f" + {counter(c['partner'], o)}" if c["partner"] else "")
        named = spell_name(c["spell"], o)
        about = "cast-with" if c["partner"] else "cast"
        if s["kind"] in SAVED_SPELLS:
            each = ", ".join(f"{counter(t, o)} {chance(p, o.lang)}" for t, p in figures)
            out.append({"about": about, "text": o.t(
                f"{who}, {named} ({s['cost']} pts) : prend effet (sauvegarde ratée) sur {each}",
                f"{who}, {named} ({s['cost']} pts): takes effect (save failed) on {each}")})
            continue
        for word, foes, friends in figures:
            them = ", ".join(f"{counter(u, o)} {chance(p, o.lang)}" for u, p in foes)
            us = ", ".join(f"{counter(u, o)} {chance(p, o.lang)}" for u, p in friends) or "-"
            out.append({"about": about, "zone": word, "text": o.t(
                f"{who}, {named} {zone_words(word, o)} : ennemis visibles frappés {them} ; les vôtres {us}",
                f"{who}, {named} {zone_words(word, o)}: visible enemies struck {them}; yours {us}")})
    return out


def _moves(k: ArcState, viewer: str) -> list[tuple[str, str | None, int, list[str], Fraction]]:
    """(counter, mount, n, the hexes where its move enters n lasting zones, the chance it is struck)."""
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
                out.append((u.id, mount, n, hexes, 1 - (1 - _fails(u)) ** n))
    return out


def _moves_words(moves: list[tuple[str, str | None, int, list[str], Fraction]],
                 o: Lang) -> list[dict[str, Any]]:
    out = []
    for uid, mount, n, every, p in moves:
        hexes = every  # the map's hover reads them all
        if len(hexes) > 8:
            hexes = [*hexes[:8], o.t(f"… ({len(hexes)} hex)", f"… ({len(hexes)} hexes)")]
        out.append({"about": "fly" if mount else "move", "unit": uid, "hexes": list(every), "text": o.t(
            f"{counter(uid, o)} vers {', '.join(hexes)} : entre dans {n} zone(s) de sort, frappé {chance(p, o.lang)}",
            f"{counter(uid, o)} to {', '.join(hexes)}: enters {n} spell zone(s), struck {chance(p, o.lang)}")})
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


def _may_reach(k: ArcState, u: Unit, pegasus: bool, toward: dict[str, int]) -> bool:
    """Whether a move of `u` may end on one of the hexes `toward` counts the steps to: each hex costs at least one
    movement point, so a move ends no farther than its allowance (or one hex, always allowed), unless it is
    unlimited. (Drawing every enemy's whole move took most of the threats' time.)"""
    if u.kind.mvt < 0:
        return True
    return toward.get(u.hex, 1 << 30) <= max(allowance(u, pegasus), 1)  # type: ignore[arg-type]


def _ends_among(k: ArcState, u: Unit, pegasus: bool, hexes: set[str], positions: dict[Any, Any],
                toward: dict[str, int]) -> set[str]:
    """The hexes of `hexes` among those `reach` gives (where a move may end); `positions` and `toward` (the steps
    to `hexes`) as `search`'s `seen` and `toward`: the move explored only where it may still end on one of them."""
    best, _, occ = search(k, u, pegasus, seen=positions, toward=toward)
    return {h for h in hexes if h in best and h != u.hex and (h not in occ or can_end(k, u, h, occ))}


def _of(name: str) -> str:
    """« de » before a name as French writes it: du Directorat, d'Ulf, de Fereira."""
    if name.startswith("le "):
        return "du " + name[3:]
    return ("d'" if name[:1].lower() in "aeiouyhéâ" else "de ") + name


def _threats(k: ArcState, viewer: str) -> tuple[list[tuple[str, str, list[Any], list[Any]]], list[Any]]:
    """([(his counter, its hex, [(phase, enemy, its side, odds)], [(side, all its attackers' odds in melee)])],
    [(a strategic place he holds, the enemies able to reach it)])."""
    mine = sorted((u for u in k.alive() if u.side == viewer and u.hex and not u.hidden), key=lambda u: u.id)
    found: dict[str, list[tuple[str, Unit, ArcState, dict[str, Any]]]] = {}
    reaching: dict[str, list[str]] = {}
    # where an enemy's move matters: next to one of mine, or on a strategic place of my team
    relevant = {h for m in mine for h in (m.hex, *k.board.neighbours[m.hex])} | \
        {p.hex for p in k.board.strategic() if k.control.get(p.id) in k.team(viewer)}
    # a lone attacker's odds (`outcome`) change with where it stands only through its shifts, with who it is only
    # through its type, strength and shifts, with the defender only through its type, strength, defence (leaders
    # stacked on it), a hold spell and the shifts it causes, and with the turn only through the shifts and the hold:
    # computed once each
    seen: dict[tuple[Any, ...], dict[str, Any]] = {}
    guard: dict[tuple[int, str], tuple[Any, ...]] = {}
    # every enemy's move is searched on the same positions (the turn changes no counter): who stands where and
    # each side's ZOCs found once
    positions: dict[Any, Any] = {}
    toward = steps_to(k, relevant)
    held = [p for p in k.board.strategic() if k.control.get(p.id) in k.team(viewer)
            and not any(not x.hidden and not k.enemies(viewer, x.side) for x in k.at(p.hex))]
    for e in sorted((x for x in k.alive() if x.hex and k.enemies(viewer, x.side)), key=lambda x: x.id):
        turn, moves, phases = _next_combat(k, e.side)
        if turn > TURNS:
            continue
        kt = _at_turn(k, turn)
        fresh = copy.copy(e)
        fresh.meditating = e.meditating and turn == k.turn
        ends: set[str] = set()
        if can_move(kt, fresh, "move") and (moves or fresh.kind.ability("extra_move")):
            for mount in declare.mounts(fresh):
                if _may_reach(kt, fresh, mount == "pegasus", toward):
                    ends |= _ends_among(kt, fresh, mount == "pegasus", relevant, positions, toward)
        for p in held:
            if p.hex in ends:
                reaching.setdefault(p.id, []).append(e.id)
        stands = {e.hex} | (ends if moves else set())
        # what may_attack asks of the attacker alone, whatever its hex: no hex of a phase it cannot strike in
        phases = () if fresh.meditating else tuple(x for x in phases if fresh.strength(combat.ATTR[x]) > 0)
        there = copy.copy(fresh)  # tried on each hex; copied where it strikes best
        there.moved_hidden = False
        for m in mine if phases else ():
            best: dict[str, tuple[Unit, dict[str, Any]]] = {}
            for h in (x for x in (m.hex, *k.board.neighbours[m.hex]) if x in stands):  # type: ignore[index]
                there.hex = h  # a knight riding there in a straight line charges
                there.charged = moves and h != e.hex and bool(e.kind.ability("charge")) \
                    and charge_line(kt, fresh, h) is not None
                for phase in phases:
                    if combat.may_attack(kt, there, m, phase):
                        if (turn, m.id) not in guard:  # (a fraction's hash is slow: its terms)
                            d = combat.defence(kt, m)
                            guard[(turn, m.id)] = (m.type, m.reduced, d.numerator, d.denominator,
                                                   bool(active(kt, "hold", unit=m.id)))
                        key = (phase, there.type, there.reduced, there.fading,
                               tuple(combat.shifts(kt, there, m, phase)), guard[(turn, m.id)])
                        r = seen.get(key) or seen.setdefault(key, outcome(kt, [there], m, phase))
                        was = best[phase][1] if phase in best else {"hit": -1, "out": -1}
                        if (r["hit"], r["out"]) > (was["hit"], was["out"]):
                            best[phase] = (copy.copy(there), r)
            for phase, (at, r) in best.items():
                found.setdefault(m.id, []).append((phase, at, kt, r))
    threats = []
    for m in mine:
        if m.id not in found:
            continue
        together = []
        for side in SIDES:  # a combat is one side's: its attackers of one target add up
            melee = [(at, kt) for phase, at, kt, _ in found[m.id] if phase == "melee" and at.side == side]
            if len(melee) > 1:  # the same attackers threaten many of his counters: as for one, computed once each
                kt, group = melee[0][1], [at for at, _ in melee]
                key = (tuple((a.type, a.reduced, a.fading) for a in group),
                       tuple(combat.shifts(kt, combat.lead(group, "melee"), m, "melee")), guard[(kt.turn, m.id)])
                r = seen.get(key) or seen.setdefault(key, outcome(kt, group, m, "melee"))
                together.append((side, r))
        threats.append((m.id, m.hex, [(phase, at.id, r) for phase, at, _, r in found[m.id]], together))
    return threats, [(pid, k.board.places[pid].hex, who) for pid, who in sorted(reaching.items())]


def _threats_words(figures: tuple[list[tuple[str, str, list[Any], list[Any]]], list[Any]],
                   o: Lang) -> list[dict[str, Any]]:
    threats, places = figures
    out = []
    for mid, hex_, each_one, together in threats:
        each = o.t(" ; ", "; ").join(f"{counter(aid, o)} " + _combat_text(r, mid, phase, o, False)
                                     for phase, aid, r in each_one)
        for side, r in together:
            each += o.t(f" ; tous ceux {_of(side_name(side, o))} ensemble ",
                        f"; all the counters of {side_name(side, o)} together ") + \
                _combat_text(r, mid, "melee", o, False)
        enemies = sorted({aid for _, aid, _ in each_one})
        out.append({"about": "threat", "unit": mid, "hex": hex_, "enemies": enemies, "text": o.t(
            f"Menace sur {counter(mid, o)} ({hex_}) — s'ils l'attaquent : {each}",
            f"Threat to {counter(mid, o)} ({hex_}) — if they attack it: {each}")})
    for pid, h, who in places:
        out.append({"about": "threat", "hex": h, "enemies": who, "text": o.t(
            f"Menace sur {place_name(pid, o)} ({h}), que vous tenez : {counters(who, o)} peuvent s'y rendre",
            f"Threat to {place_name(pid, o)} ({h}), which you hold: {counters(who, o)} can move onto it")})
    return out
