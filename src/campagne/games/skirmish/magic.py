"""Magic (seed 004, « La magie », « Lancer un sort »).

« Pour effectuer un jet d'incantation, elle lance le nombre de D6 qu'elle souhaite, au maximum son niveau de
puissance. Si la somme des dés est égale ou supérieur à la difficulté du sort, ce dernier est lancé et affecte
une unité à portée. Si le résultat est inférieur, rien ne se passe. »
« Si un double apparait sur le jet d'incantation, l'unité subit un point de corruption [...] En cas de triple,
c'est deux points de corruption, quadruple trois point » : each face shown k times (k ≥ 2) gives k - 1 points,
and two different doubles give one point each; corruption comes whether the spell succeeds or not, and stays.
A spell's target must be « à portée » (its range in cells); the seed asks no line of sight for spells and
campagne asks none.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from ...core.dice import Dice
from . import combat
from .data import Spell, spells
from .state import SkirmishState, Unit

Event = dict[str, Any]


def corruption(faces: Iterable[int]) -> int:
    return sum(k - 1 for k in Counter(faces).values() if k >= 2)


def spell_targets(state: SkirmishState, caster: Unit, spell: Spell) -> list[str]:
    bf = state.field
    out = []
    for t in state.units.values():
        if t.status != "deployed" or bf.distance(caster.cell, t.cell) > spell.range:  # type: ignore[arg-type]
            continue
        friend = t.camp == caster.camp
        if spell.target == "enemy" and friend or spell.target == "friend" and not friend:
            continue
        if spell.effect == "haste" and (t.activated or t.id == caster.id):
            continue  # Haste is spent at the target's next activation this round: one still to come
        out.append(t.id)
    return sorted(out)


def castable(state: SkirmishState, caster: Unit) -> dict[str, list[str]]:
    """Each of the caster's spells that has a target now, with its targets."""
    if not caster.kind.magic:
        return {}
    out = {}
    for key in caster.spells:
        found = spell_targets(state, caster, spells()[key])
        if found:
            out[key] = found
    return out


def cast(state: SkirmishState, caster: Unit, key: str, target: Unit, n: int, dice: Dice) -> list[Event]:
    spell = spells()[key]
    faces = list(dice.roll_record(f"{n}D6", f"{caster.id} casts {key}").faces)
    total, points = sum(faces), corruption(faces)
    caster.corruption += points
    ok = total >= spell.difficulty
    events: list[Event] = [{"type": "cast", "unit": caster.id, "spell": key, "target": target.id, "dice": n,
                            "faces": faces, "total": total, "difficulty": spell.difficulty, "success": ok,
                            "corruption": points}]
    if not ok:
        return events
    if spell.effect == "hits":
        w = combat.wounds(dice, state, target, spell.value, True, f"{caster.id} casts {key}")
        events.append({"type": "spell_hits", "unit": target.id, "hits": spell.value, **w})
        events += combat.damage(state, target, w["lost"])
    elif spell.effect == "heal":
        before = target.hp
        target.hp = min(target.kind.hp, target.hp + spell.value)
        events.append({"type": "healed", "unit": target.id, "hp": target.hp, "gained": target.hp - before})
    elif spell.effect == "shield":
        target.shield += spell.value
        events.append({"type": "shielded", "unit": target.id, "bonus": target.shield})
    elif spell.effect == "haste":
        target.haste += spell.value
        events.append({"type": "hasted", "unit": target.id, "ap": target.haste})
    return events
