"""Exact odds beside a camp's decisions in a grid battle, and the threats it faces (descriptor's `advice`).

A grid battle hides nothing (`views.py`: every unit, its cell, hit points, AP and shield are in every camp's
view, and the journal is shown whole): line of sight (`sight.py`) decides who may shoot whom, never what a
camp sees. So the advice is computed on the state itself, which is what the camp's view shows; it reads
nothing the view leaves out but the attack and spell flags of the unit being activated, which the journal
tells everyone (tests/test_skirmish_advice.py checks that changing what the view leaves out changes nothing).

Every figure is exact (fractions): the hit points a volley takes are `combat.hp_lost` (the binomial the view's
odds and `campagne odds skirmish attack` use: hit on skill+, one less from high ground; save on armour+, one
less in cover against a ranged attack, less a Mystic shield; then Protection); an incantation's sum and its
corruption are enumerated over every face of its dice.

- attacks (each the legal orders offer now): the chance of one hit at least, the hit points lost (each
  count), their mean, the chance the target is destroyed; in melee, the riposte's (« simultanée »: rolled
  even if the target falls) mean and the chance it destroys the attacker;
- spells (each cast order): for 1 to Magic dice, the chance the spell is cast and the chance of corruption;
  for a spell that hits, the chance each target is destroyed and its mean loss; for Healing, the HP back;
- threats: each enemy unit on the field (all are seen) that can attack one of the camp's units at its own
  next activation — this round if it has not been activated yet (with its Haste, the target's shield still
  on), else the next round (the shield gone; none after round 5) — from its cell or one it can reach with
  AP left (movement.reach: control zones, obstacles, other units where they stand now), by melee, shot or a
  spell that hits (with all its dice); the best place for it (the most likely to destroy, then the most
  damage), and the odds if it attacks.
"""

from __future__ import annotations

import copy
from fractions import Fraction
from functools import cache
from itertools import product
from typing import Any

from ...core.i18n import Lang, chance, decimal
from . import combat, movement
from .data import Spell, spells
from .text import unit_name
from .legal import legal_orders
from .magic import corruption
from .rules import awaiting
from .state import ROUNDS, SkirmishState, Unit

Item = dict[str, Any]


def advice(state: SkirmishState, viewer: str | None, lang: str = "en") -> list[Item]:
    """[{"about": "attack" | "cast" | "threat", "text": one sentence, ...}] for camp `viewer` now (nothing for
    the referee, a spectator, or outside the battle rounds)."""
    if viewer is None or viewer not in state.camps or state.phase != "battle":
        return []
    o = Lang(lang)
    out: list[Item] = []
    if viewer in awaiting(state):
        for lo in legal_orders(state, viewer):
            if lo.type == "attack":
                a = state.units[lo.fixed["unit"]]
                out += [_attack_item(state, a, state.units[t], o) for t in lo.fields[0].choices]
            elif lo.type == "cast":
                out += _cast_items(state, state.units[lo.fixed["unit"]], spells()[lo.fixed["spell"]],
                                   list(lo.fields[0].choices), lo.fields[1].high, o)
    return out + _threats(state, viewer, o)


# --------------------------------------------------------------------------- numbers


def _mean(dist: tuple[Fraction, ...]) -> Fraction:
    return sum((k * p for k, p in enumerate(dist)), Fraction(0))


def _at_least(dist: tuple[Fraction, ...], n: int) -> Fraction:
    return sum((p for k, p in enumerate(dist) if k >= n), Fraction(0))


def _num(x: Fraction, lang: str = "en") -> str:
    """A mean for people: a whole number as itself, else two decimals as the language writes them ("0,83" in
    French); the exact fraction is the odds' own (`campagne odds skirmish`, --json), not the sentence's."""
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else decimal(x, lang)


def _need(n: int) -> str:
    return f"{max(1, n)}+" if n <= 6 else "-"


@cache
def incantation(dice: int, difficulty: int) -> tuple[Fraction, Fraction, Fraction]:
    """(the chance `dice` d6 sum to `difficulty` or more, the chance of a corruption point at least, the mean
    corruption): every face of the dice enumerated, corruption as `magic.corruption` counts it."""
    n = total = corrupt = points = 0
    for faces in product(range(1, 7), repeat=dice):
        n += 1
        total += sum(faces) >= difficulty
        c = corruption(faces)
        corrupt += c > 0
        points += c
    return Fraction(total, n), Fraction(corrupt, n), Fraction(points, n)


def volley_odds(state: SkirmishState, a: Unit, t: Unit, kind: str) -> dict[str, Any]:
    """One attack's odds, exact: "hits" (how many dice hit: hp_lost with no save), "lost", "destroys", and in
    melee against a unit that ripostes, "back" (the attacker's loss) and "back_destroys"."""
    ranged = kind == "ranged"
    hit, save = combat.hit_need(state, a, t), combat.save_need(state, t, ranged)
    lost = combat.hp_lost(a.kind.attacks, hit, save, t.kind.protection)
    out = {"kind": kind, "hit_need": hit, "save_need": save, "hits": combat.hp_lost(a.kind.attacks, hit, 7),
           "lost": lost, "destroys": _at_least(lost, t.hp), "back": None}
    if kind == "melee" and t.kind.military and t.kind.attacks > 0:
        back = combat.hp_lost(t.kind.attacks, combat.hit_need(state, t, a), combat.save_need(state, a, False),
                              a.kind.protection)
        out.update(back=back, back_destroys=_at_least(back, a.hp))
    return out


def spell_odds(state: SkirmishState, spell: Spell, t: Unit, dice: int) -> dict[str, Any]:
    """A spell that hits, cast with `dice` dice: "cast", "lost" (given it is cast), "destroys", "mean" (both
    counting the chance it fails)."""
    cast, _, _ = incantation(dice, spell.difficulty)
    lost = combat.hp_lost(spell.value, 1, combat.save_need(state, t, True), t.kind.protection)
    return {"cast": cast, "lost": lost, "destroys": cast * _at_least(lost, t.hp), "mean": cast * _mean(lost),
            "save_need": combat.save_need(state, t, True)}


# --------------------------------------------------------------------------- his decisions


KIND_WORDS = {"melee": ("au corps à corps", "in melee"), "ranged": ("à distance", "ranged")}


def _volley_text(r: dict[str, Any], t: Unit, o: Lang) -> str:
    fr_k, en_k = KIND_WORDS[r["kind"]]
    dist = ", ".join(f"{k} {chance(p, o.lang)}" for k, p in enumerate(r["lost"]) if p)
    one, hit, save = chance(1 - r["hits"][0], o.lang), _need(r["hit_need"]), _need(r["save_need"])
    return o.t(f"{fr_k} (touche sur {hit}, sauvegarde sur {save}) : au moins une touche {one} ; PV perdus "
               f"{dist} ; en moyenne {_num(_mean(r['lost']), o.lang)} ; {unit_name(t.id, o)} détruite {chance(r['destroys'], o.lang)}",
               f"{en_k} (hits on {hit}, saves on {save}): one hit at least {one}; HP lost {dist}; "
               f"mean {_num(_mean(r['lost']), o.lang)}; {unit_name(t.id, o)} destroyed {chance(r['destroys'], o.lang)}")


def _riposte_text(r: dict[str, Any], a: Unit, o: Lang) -> str:
    if r["back"] is None:
        return ""
    return o.t(f" ; riposte : {unit_name(a.id, o)} perd {_num(_mean(r['back']), o.lang)} PV en moyenne, détruite "
               f"{chance(r['back_destroys'], o.lang)}",
               f"; riposte: {unit_name(a.id, o)} loses {_num(_mean(r['back']), o.lang)} HP on average, destroyed "
               f"{chance(r['back_destroys'], o.lang)}")


def _attack_item(state: SkirmishState, a: Unit, t: Unit, o: Lang) -> Item:
    kind = combat.attack_kind(state, a, t)
    r = volley_odds(state, a, t, kind)  # type: ignore[arg-type]
    text = o.t(f"{unit_name(a.id, o)} attaque {unit_name(t.id, o)} ({t.hp} PV) ", f"{unit_name(a.id, o)} attacks {unit_name(t.id, o)} ({t.hp} HP) ") + \
        _volley_text(r, t, o) + _riposte_text(r, a, o)
    return {"about": "attack", "text": text, "unit": a.id, "target": t.id, "kind": kind,
            "destroys": str(r["destroys"]), "mean": str(_mean(r["lost"]))}


def _dice_word(n: int, o: Lang) -> str:
    return o.t(f"{n} dé" + "s" * (n > 1), f"{n} di" + ("ce" if n > 1 else "e"))


def _cast_items(state: SkirmishState, caster: Unit, spell: Spell, targets: list[str], most: int,
                o: Lang) -> list[Item]:
    name = o.t(spell.fr, spell.en)
    odds = [incantation(n, spell.difficulty) for n in range(1, most + 1)]
    cast = ", ".join(f"{_dice_word(n, o)} {chance(c, o.lang)}" for n, (c, _, _) in enumerate(odds, 1))
    bad = ", ".join(f"{_dice_word(n, o)} {chance(c, o.lang)}" for n, (_, c, _) in enumerate(odds, 1))
    head = o.t(f"{unit_name(caster.id, o)} lance {name} (difficulté {spell.difficulty})",
               f"{unit_name(caster.id, o)} casts {name} (difficulty {spell.difficulty})")
    tail = o.t(f" ; lancé : {cast} ; corruption : {bad}", f"; cast: {cast}; corruption: {bad}")
    if spell.effect != "hits":
        extra = ""
        if spell.effect == "heal":
            units = [state.units[t] for t in targets]
            back = ", ".join(f"{unit_name(u.id, o)} +{min(spell.value, u.kind.hp - u.hp)}" for u in units)
            extra = o.t(f" (PV rendus : {back})", f" (HP back: {back})")
        on = ", ".join(unit_name(t, o) for t in targets)
        return [{"about": "cast", "unit": caster.id, "spell": spell.id, "targets": targets,
                 "text": head + o.t(f" sur {on}", f" on {on}") + extra + tail}]
    out = []
    for tid in targets:
        t = state.units[tid]
        each = o.t(" ; ", "; ").join(
            f"{_dice_word(n, o)} " + o.t(f"détruite {chance(r['destroys'], o.lang)}, en moyenne {_num(r['mean'], o.lang)} PV",
                                         f"destroyed {chance(r['destroys'], o.lang)}, mean {_num(r['mean'], o.lang)} HP")
            for n, r in ((n, spell_odds(state, spell, t, n)) for n in range(1, most + 1)))
        save = combat.save_need(state, t, True)
        out.append({"about": "cast", "unit": caster.id, "spell": spell.id, "target": tid, "text": head + o.t(
            f" sur {unit_name(tid, o)} ({t.hp} PV, {spell.value} touches, sauvegarde sur {_need(save)}) : {each}",
            f" on {unit_name(tid, o)} ({t.hp} HP, {spell.value} hits, saves on {_need(save)}): {each}") + tail})
    return out


# --------------------------------------------------------------------------- threats


def next_activation(state: SkirmishState, e: Unit) -> tuple[str, int, bool, bool] | None:
    """(when: "now", "round" or "next", its AP, whether it may attack, whether it may cast) at the enemy
    unit's next activation; None when it has none left in the battle."""
    if state.active == e.id:
        return "now", e.ap, not e.attacked, not e.cast
    if not e.activated:
        return "round", e.kind.ap + e.haste, True, True
    if state.round >= ROUNDS:
        return None
    return "next", e.kind.ap, True, True


def _stands(state: SkirmishState, e: Unit, ap: int) -> list[int]:
    """The cells the unit may strike from with an AP left: its own, then those it can reach."""
    if ap < 1:
        return []
    reached = sorted(c for c, left in movement.reach(state, e, ap).items() if left >= 1)
    return [e.cell, *reached]  # type: ignore[list-item]


def _best(state: SkirmishState, e: Unit, m: Unit, cells: list[int], attack: bool,
          cast: bool) -> tuple[Fraction, Fraction, str, Any] | None:
    """The enemy's most dangerous strike on `m` from one of `cells`: (destroys, mean, text kind, details)."""
    best = None
    bolts = [spells()[k] for k in e.spells] if cast and e.kind.magic else []
    bolts = [s for s in bolts if s.effect == "hits"]
    for c in cells:
        at = copy.copy(e)
        at.cell = c
        kind = combat.attack_kind(state, at, m) if attack else None
        if kind:
            r = volley_odds(state, at, m, kind)
            key = (r["destroys"], _mean(r["lost"]))
            if best is None or key > best[:2]:
                best = (*key, kind, (c, r))
        for s in bolts:
            if state.field.distance(c, m.cell) <= s.range:  # type: ignore[arg-type]
                r = spell_odds(state, s, m, e.kind.magic)
                key = (r["destroys"], r["mean"])
                if best is None or key > best[:2]:
                    best = (*key, "spell", (c, s, r))
    return best


WHEN = {"now": ("en cours d'activation", "being activated"), "round": ("ce round", "this round"),
        "next": ("au round suivant", "next round")}


def _threat_text(state: SkirmishState, e: Unit, when: str, found: tuple, o: Lang) -> str:
    _, _, kind, details = found
    cell = details[0]
    where = o.t(f"depuis {state.field.name(cell)}", f"from {state.field.name(cell)}") if cell != e.cell else \
        o.t("sans bouger", "where it stands")
    head = f"{unit_name(e.id, o)} ({o.t(*WHEN[when])}, {where}) "
    if kind == "spell":
        _, s, r = details
        return head + o.t(f"{s.fr} à {_dice_word(e.kind.magic, o)} (lancé {chance(r['cast'], o.lang)}) : détruite "
                          f"{chance(r['destroys'], o.lang)}, en moyenne {_num(r['mean'], o.lang)} PV",
                          f"{s.en} with {_dice_word(e.kind.magic, o)} (cast {chance(r['cast'], o.lang)}): destroyed "
                          f"{chance(r['destroys'], o.lang)}, mean {_num(r['mean'], o.lang)} HP")
    r = details[1]
    fr_k, en_k = KIND_WORDS[kind]
    back = ""
    if r["back"] is not None:
        back = o.t(f", riposte {_num(_mean(r['back']), o.lang)} PV en moyenne",
                   f", riposte {_num(_mean(r['back']), o.lang)} HP on average")
    one, dead, lost = chance(1 - r["hits"][0], o.lang), chance(r["destroys"], o.lang), _num(_mean(r["lost"]), o.lang)
    return head + o.t(f"{fr_k} : au moins une touche {one}, détruite {dead}, en moyenne {lost} PV{back}",
                      f"{en_k}: one hit at least {one}, destroyed {dead}, mean {lost} HP{back}")


def _threats(state: SkirmishState, viewer: str, o: Lang) -> list[Item]:
    mine = sorted((u for u in state.on_field() if u.camp == viewer), key=lambda u: u.id)
    found: dict[str, list[tuple[Unit, str, tuple]]] = {}
    for e in sorted((u for u in state.on_field() if u.camp != viewer), key=lambda u: u.id):
        nxt = next_activation(state, e)
        if nxt is None or not (e.kind.military and (e.kind.attacks or e.kind.magic)):
            continue
        when, ap, attack, cast = nxt
        cells = _stands(state, e, ap)
        for m in mine:
            target = m
            if when == "next" and m.shield:
                target = copy.copy(m)
                target.shield = 0  # the Mystic shield lasts until the round ends
            best = _best(state, e, target, cells, attack, cast)
            if best is not None:
                found.setdefault(m.id, []).append((e, when, best))
    out = []
    for m in mine:
        if m.id not in found:
            continue
        each = o.t(" ; ", "; ").join(_threat_text(state, e, when, best, o) for e, when, best in found[m.id])
        cell = state.field.name(m.cell)  # type: ignore[arg-type]
        enemies = [e.id for e, _, _ in found[m.id]]
        out.append({"about": "threat", "unit": m.id, "cell": cell, "enemies": enemies,
                    "text": o.t(f"Menace sur {unit_name(m.id, o)} ({cell}, {m.hp} PV) — s'ils l'attaquent : {each}",
                                f"Threat to {unit_name(m.id, o)} ({cell}, {m.hp} HP) — if they attack it: {each}")})
    return out
