"""The WAB reference sheet's scores to roll (seed 002): TABLE POUR TOUCHER, TABLE POUR BLESSER, the chance
of a D6 score (with the 7+ convention), and the TABLE DE TIR with its MODIFICATEURS. Read from
data/tables.toml; the conventions (a natural 1 always fails, 7 to 9 to hit) are told in tables.py."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from ...core.errors import CampagneError, bilingual
from .table_checks import int_of, label, names_of, table_of
from .tables import Weapon, weapon as weapon_named


def to_hit(attacker_ws: int, defender_ws: int) -> int:
    """TABLE POUR TOUCHER: the D6 score the attacker needs to hit (attacker WS against defender WS)."""
    a = int_of(attacker_ws, label("The attacker's Weapon Skill", "La Capacité de Combat de l'attaquant"),
               1, 10)
    d = int_of(defender_ws, label("The defender's Weapon Skill", "La Capacité de Combat du défenseur"),
               1, 10)
    return int(table_of("to_hit").lookup(a).get("by_defender")[str(d)])


def to_wound(strength: int, toughness: int) -> int | None:
    """TABLE POUR BLESSER: the D6 score needed to wound, None when that Strength cannot wound that
    Toughness (a blank cell of the sheet)."""
    s = int_of(strength, label("Strength", "La Force"), 1, 10)
    t = int_of(toughness, label("Toughness", "L'Endurance"), 1, 10)
    value = table_of("to_wound").lookup(s).get("by_toughness").get(str(t))
    return None if value is None else int(value)


# --------------------------------------------------------------------------- dice odds


def d6_probability(needed: int | None) -> Fraction:
    """Chance that one D6 scores `needed` or more, a natural 1 always failing (so 1+ and 2+ are both
    5/6); None (impossible) or a score above 6 is 0. For wounds and saves."""
    if needed is None:
        return Fraction(0)
    n = int_of(needed, label("The score needed", "Le score nécessaire"))
    if n > 6:
        return Fraction(0)
    return Fraction(7 - max(n, 2), 6)


def hit_probability(needed: int | None) -> Fraction:
    """Chance of a hit needing `needed` on a D6, with the 7+ convention (`to_hit_above_six`): 7 is a 6
    then 4+ (1/12), 8 a 6 then 5+ (1/18), 9 a 6 then a 6 (1/36), 10 or more (or None) impossible. A
    natural 1 always misses."""
    if needed is None:
        return Fraction(0)
    n = int_of(needed, label("The score needed to hit", "Le score nécessaire pour toucher"))
    if n <= 6:
        return d6_probability(n)
    row = table_of("to_hit_above_six").lookup(n)
    then = row.get("then")
    return Fraction(0) if then is None else Fraction(1, 6) * d6_probability(int(then))


# --------------------------------------------------------------------------- shooting


def bs_to_hit(bs: int) -> int:
    """TABLE DE TIR: the sheet's value for a Ballistic Skill (BS 1 -> 6 ... BS 10 -> -3), before the
    shooting modifiers; scores below 2 leave room for penalties."""
    b = int_of(bs, label("Ballistic Skill", "La Capacité de Tir"), 1, 10)
    return int(table_of("bs_to_hit").lookup(b).get("needed"))


def shooting_modifier_keys() -> tuple[str, ...]:
    return tuple(m.key for m in table_of("shooting_modifiers").modifiers)


def shooting_modifiers(modifiers: Iterable[str] = (),
                       weapon: Weapon | str | None = None) -> list[tuple[str, int]]:
    """The named MODIFICATEURS that apply, as (key, value) in the order given. A weapon noted "Pas de
    pénalité à longue portée" drops `long_range`; one noted "Pas de Déplacement + Tir" refuses
    `moving` (it may not shoot at all after moving)."""
    table = table_of("shooting_modifiers")
    keys = names_of(modifiers, label("The shooting modifiers", "Les modificateurs de tir"))
    w = None if weapon is None else (weapon if isinstance(weapon, Weapon) else weapon_named(weapon))
    seen: list[str] = []
    for key in keys:
        if key not in shooting_modifier_keys():
            raise CampagneError("wab.unknown_modifier", table=bilingual("shooting", "le tir"), name=key,
                                names=", ".join(shooting_modifier_keys()))
        if key in seen:
            raise CampagneError("wab.repeated_modifier", name=key)
        seen.append(key)
    for group in table.data.get("exclusive", []):
        present = [k for k in group if k in seen]
        if len(present) > 1:
            raise CampagneError("wab.exclusive_modifiers", first=present[0], second=present[1])
    out = []
    for key in seen:
        if w is not None and key == "long_range" and w.has("no_long_range_penalty"):
            continue
        if w is not None and key == "moving" and w.has("no_move_and_shoot"):
            raise CampagneError("wab.cannot_shoot", weapon=bilingual(w.name_en, w.name_fr))
        out.append((key, table.modifier(key).value))
    return out


def shooting_to_hit(bs: int, modifiers: Iterable[str] = (), weapon: Weapon | str | None = None) -> int | None:
    """The D6 score a shooter needs: the BS table's value minus the sum of the named modifiers (a
    modifier is added to the roll, so -1 makes the score needed one higher). Never better than 2+ (a
    natural 1 misses). 7, 8, 9 are read with `hit_probability` (a 6, then 4+/5+/6); None when the score
    would be 10 or more: the shot cannot hit."""
    base = bs_to_hit(bs)
    needed = base - sum(v for _, v in shooting_modifiers(modifiers, weapon))
    if needed >= 7:
        return None if table_of("to_hit_above_six").lookup(needed).get("then") is None else needed
    return max(needed, 2)
