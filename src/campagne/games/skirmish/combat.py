"""Attacks and damage (seed 004, « Attaquer avec une unité », « Jet de sauvegarde », « Couvert »,
« Position sur-élevée »).

« L'unité lance autant de 1d6 que son score d'attaque, chaque résultat supérieur ou égal à son score de capacité
de combat signifie que l'attaque à touché. Pour chaque touche, l'unité ciblée à le droit d'effectuer un Jet de
sauvegarde. » A save is a d6 ≥ armour; +1 to it in cover against a ranged attack; +1 to hit for an elevated
attacker. Each hit not saved is then rolled against the target's Protection when it has one (campagne's
reading of the seed's unexplained « Protection », see data/units.toml); what is left costs 1 hit point each.

Melee: an adjacent target, not across a cliff; the target ripostes at once with its own attacks, against the
attacker, « même si l'unité est détruite » — both volleys are rolled, then both take their losses. A civilian
has no attacks: it never ripostes. Ranged: a unit whose range is 2 or more shoots a target at 2 cells or more
within its range (or an adjacent one across a cliff, which it cannot fight in melee), seen (or with the
`indirect` ability); no riposte.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any

from ...core.dice import Dice
from . import sight
from .state import SkirmishState, Unit

Event = dict[str, Any]


def attack_kind(state: SkirmishState, a: Unit, t: Unit) -> str | None:
    """"melee", "ranged" or None: how `a` may attack `t` now."""
    if t.status != "deployed" or t.camp == a.camp:  # (the target's state first: its card is not looked up)
        return None
    k = a.kind
    if not (k.military and k.attacks > 0):
        return None
    bf = state.field
    d = bf.distance(a.cell, t.cell)  # type: ignore[arg-type]
    across_cliff = d == 1 and bf.cliff(a.cell, t.cell)  # type: ignore[arg-type]
    if d == 1 and not across_cliff:
        return "melee"
    if k.range >= 2 and d <= k.range and (
            k.has("indirect") or sight.sees(bf, a.cell, t.cell, state.readings >= 2)):  # type: ignore[arg-type]
        return "ranged"
    return None


def targets(state: SkirmishState, a: Unit) -> dict[str, str]:
    k = a.kind
    if not (k.military and k.attacks > 0):  # attacks nobody (`attack_kind`): the units are not walked
        return {}
    # `attack_kind` for every unit, what does not depend on the target read once (the grid's computers ask it
    # at every order); `tests/test_skirmish_targets.py` holds it to `attack_kind`
    bf, here, camp, reach = state.field, a.cell, a.camp, k.range
    indirect, one_way = k.has("indirect"), state.readings >= 2
    width, level = bf.width, bf.level
    out = {}
    for t in state.units.values():
        if t.status != "deployed" or t.camp == camp:
            continue
        there = t.cell
        d = max(abs(here % width - there % width), abs(here // width - there // width))  # type: ignore[operator]
        if d == 1 and abs(level[here] - level[there]) < 2:  # type: ignore[index]
            out[t.id] = "melee"
        elif reach >= 2 and d <= reach and (indirect or sight.sees(bf, here, there, one_way)):  # type: ignore[arg-type]
            out[t.id] = "ranged"
    return out


def hit_need(state: SkirmishState, a: Unit, t: Unit) -> int:
    """The d6 result that hits: the combat skill, one less for an elevated attacker."""
    high = 1 if sight.elevated(state.field, a.cell, t.cell) else 0  # type: ignore[arg-type]
    return a.kind.skill - high - a.aim


def save_need(state: SkirmishState, t: Unit, ranged: bool) -> int:
    """The d6 result that saves: the armour, one less in cover against a ranged attack, less the shield."""
    cover = 1 if ranged and state.field.cover(t.cell) else 0  # type: ignore[arg-type]
    return t.kind.armour - cover - t.shield


def _count(dice: Dice, n: int, need: int, purpose: str) -> tuple[list[int], int]:
    if n <= 0:
        return [], 0
    faces = list(dice.roll_record(f"{n}D6", purpose).faces)
    return faces, sum(1 for f in faces if f >= need)


def wounds(dice: Dice, state: SkirmishState, t: Unit, hits: int, ranged: bool, what: str) -> dict[str, Any]:
    """The target's saves against `hits`, then its Protection: the hit points it loses."""
    need = save_need(state, t, ranged)
    faces, saved = _count(dice, hits, need, f"{what}: {t.id} saves")
    left = hits - saved
    ward_faces: list[int] = []
    if t.kind.protection and left:
        ward_faces, warded = _count(dice, left, t.kind.protection, f"{what}: {t.id} protection")
        left -= warded
    return {"save_need": need, "saves": faces, "protection": ward_faces, "lost": left}


def volley(dice: Dice, state: SkirmishState, a: Unit, t: Unit, ranged: bool, what: str) -> dict[str, Any]:
    need = hit_need(state, a, t)
    faces, hits = _count(dice, a.kind.attacks, need, f"{what}: {a.id} to hit")
    return {"attacker": a.id, "target": t.id, "hit_need": need, "rolls": faces, "hits": hits,
            "elevated": need + a.aim < a.kind.skill, **({"aim": a.aim} if a.aim else {}),
            **wounds(dice, state, t, hits, ranged, what)}


def damage(state: SkirmishState, t: Unit, lost: int) -> list[Event]:
    if lost <= 0 or not t.alive:
        return []
    t.hp = max(0, t.hp - lost)
    if t.hp:
        return []
    t.status, t.cell = "destroyed", None
    return [{"type": "destroyed", "unit": t.id, "camp": t.camp}]


def attack(state: SkirmishState, a: Unit, t: Unit, kind: str, dice: Dice) -> list[Event]:
    what = f"{a.id} attacks {t.id}"
    first = volley(dice, state, a, t, kind == "ranged", what)
    events: list[Event] = [{"type": "attack", "kind": kind, **first}]
    riposte = None
    if kind == "melee" and t.kind.military and t.kind.attacks > 0:
        riposte = volley(dice, state, t, a, False, f"{t.id} ripostes")
        events.append({"type": "riposte", **riposte})
    # simultaneous: both volleys are rolled before either side loses anything
    events += damage(state, t, first["lost"])
    if riposte:
        events += damage(state, a, riposte["lost"])
    return events


def _p_at_least(need: int) -> Fraction:
    return Fraction(7 - min(7, max(1, need)), 6)


@lru_cache(maxsize=4096)
def hp_lost(dice: int, hit: int, save: int, protection: int = 0) -> tuple[Fraction, ...]:
    """The exact distribution of hit points lost to one volley of `dice` d6 hitting on `hit`+, saved on
    `save`+, then on `protection`+ (0: none): each die independently costs a point with probability
    P(hit) x P(no save) x P(no protection), so the loss is binomial."""
    p = _p_loss(hit, save, protection)
    return tuple(comb(dice, k) * p ** k * (1 - p) ** (dice - k) for k in range(dice + 1))


def _p_loss(hit: int, save: int, protection: int) -> Fraction:
    """What one die costs with `hp_lost`'s rolls: P(hit) x P(no save) x P(no protection)."""
    return _p_at_least(hit) * (1 - _p_at_least(save)) * (1 - (_p_at_least(protection) if protection else 0))


def odds_of(state: SkirmishState, a: Unit, t: Unit, kind: str, memo: dict[Any, Any] | None = None) -> dict[str, Any]:
    """What the view shows before an attack: the target's expected loss and its chance to be destroyed.
    `memo` (a battle's own, `views.Memo`): the numbers by what they are a function of, so that a battle fought
    by computers, which reads the same odds at every order, reckons each only once."""
    need = (hit_need(state, a, t), save_need(state, t, kind == "ranged"), t.kind.protection)
    back = (hit_need(state, t, a), save_need(state, a, False), a.kind.protection) \
        if kind == "melee" and t.kind.military and t.kind.attacks > 0 else None
    key = (a.kind.attacks, need, t.hp, t.kind.attacks, back)
    numbers = memo.get(key) if memo is not None else None
    if numbers is None:
        numbers = _odds_numbers(a.kind.attacks, need, t.hp, t.kind.attacks, back)
        if memo is not None:
            memo[key] = numbers
    hp_lost, mean, kill, riposte = numbers
    out = {"unit": a.id, "target": t.id, "kind": kind, "hp_lost": dict(hp_lost), "mean": mean, "destroys": kill}
    if riposte is not None:
        out["riposte_mean"] = riposte
    return out


def _odds_numbers(attacks: int, need: tuple[int, int, int], hp: int, back_attacks: int,
                  back: tuple[int, int, int] | None) -> tuple[dict[str, float], float, float, float | None]:
    dist = hp_lost(attacks, *need)
    # a binomial's mean, n x p: the very fraction the sum of k x P(k) makes, so the same float
    mean = attacks * _p_loss(*need)
    kill = sum(p for k, p in enumerate(dist) if k >= hp)
    riposte = float(back_attacks * _p_loss(*back)) if back is not None else None
    return {str(k): float(p) for k, p in enumerate(dist)}, float(mean), float(kill), riposte
