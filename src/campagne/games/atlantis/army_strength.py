"""Combat strength and initiative of an Atlantis army (seed 000).

Rules read from the seed ("FORCE DE COMBAT" and "INITIATIVE" tables; every number comes from
`atlantis/data/tables.toml`):

* Combat strength, per living unit (a unit reduced to 0 models counts for nothing): infantry by WS
  (4+ guard, 3 infantry, 2- inferior); light infantry (WS 4+ elite); "+1 Par 3 unités de
  tirailleurs" (every third living skirmisher unit gives the +1, so the total is the integer
  division); cavalry (WS 4+ elite); light cavalry; heavy and light chariots per unit; "Par éléphant
  ou pièce d'artillerie" per model (each elephant, each piece with its crew, is one model);
  "Par personnage" per character model; a Warband adds its D3-2 (fanatic: D3-1) on top of its
  kind's value. The commander-in-chief is not a "personnage" of the table but the general rows
  (the seed's example: "General (LD 8) 0", "Hero 1").
* "L'aléatoire dure tant que dure la Warband": a Warband's D3 is rolled once (`roll_warbands`) and
  kept in `Unit.warband_roll` while the unit lives; a unit destroyed (0 models) loses its roll, and
  a unit brought back or recruited rolls again.
* Initiative: the commander-in-chief's Leadership × 10 (0 without a general), +10 per light
  infantry unit, +20 per light cavalry unit, +20 per skirmisher unit (living units).
* A Leadership modifier (Mauvais/Bon présage, lack of supply) changes the general's effective
  Leadership for the turn, hence both his initiative and his combat-strength row: a Ld 8 general
  under "Mauvais présage" is "Général à 7- en Leadership" (-1) for the turn. The effective
  Leadership is kept within 0..10 (WAB characteristics).
* A general killed in battle stays in the list with `alive = False` (he may still be recovered:
  D6 ≤ Toughness unless killed in a duel); while dead the army has no general ("Pas de Général",
  initiative 0) and his points do not count.
"""

from __future__ import annotations

from fractions import Fraction

from ...core.dice import Dice
from ...core.dice_notation import Const, DicePool, Distribution, convolve, parse
from ...core.errors import CampagneError
from . import data
from .army_model import WARBAND_TYPES, Army, Unit

# --------------------------------------------------------------------------- combat strength


def _cs_row(key: str):
    return data.tables()["combat_strength"].row(key)


def _cs_value(key: str) -> int:
    return int(_cs_row(key).get("value"))


def warband_die(warband: str) -> tuple[DicePool, int]:
    """The row's expression ("D3-2") split into its die (1D3) and its constant offset (-2)."""
    expr = parse(_cs_row(WARBAND_TYPES[warband]).get("dice"))
    pools = [(s, t) for s, t in expr.terms if isinstance(t, DicePool)]
    consts = [(s, t) for s, t in expr.terms if isinstance(t, Const)]
    if len(pools) != 1 or pools[0][0] != 1 or len(pools) + len(consts) != len(expr.terms):
        raise ValueError(f"unsupported Warband dice {expr.text!r} in tables.toml")
    return pools[0][1], sum(s * t.value for s, t in consts)


def _die_text(pool: DicePool) -> str:
    return f"D{pool.faces}" if pool.count == 1 else f"{pool.count}D{pool.faces}"


def effective_leadership(army: Army, leadership_modifier: int = 0) -> int | None:
    """The general's Leadership for the turn (None without a living general), kept within 0..10."""
    if not army.has_general:
        return None
    return max(0, min(10, army.general.leadership + leadership_modifier))  # type: ignore[union-attr]


def _kind_row(unit: Unit) -> tuple[str | None, int]:
    """(table row key, multiplier) for a living unit's kind; skirmishers are handled apart."""
    k = unit.kind
    if k == "infantry":
        return ("guard_infantry" if unit.ws >= 4 else "infantry" if unit.ws == 3 else "inferior_infantry"), 1
    if k == "light_infantry":
        return ("elite_light_infantry" if unit.ws >= 4 else "light_infantry"), 1
    if k == "cavalry":
        return ("elite_cavalry" if unit.ws >= 4 else "cavalry"), 1
    if k in ("light_cavalry", "heavy_chariot", "light_chariot"):
        return k, 1
    if k in ("elephant", "artillery"):
        return "elephant_or_artillery", unit.models  # "Par éléphant ou pièce d'artillerie"
    if k == "character":
        return "character", unit.models  # "Par personnage"
    return None, 0


def _general_row(ld: int | None) -> str | None:
    if ld is None:
        return "no_general"
    if ld <= 7:
        return "general_ld_7_or_less"
    if ld == 8:
        return None
    if ld == 9:
        return "general_ld_9"
    return "general_ld_10"


def _rows(army: Army, leadership_modifier: int, lang: str, need_rolls: bool):
    """(label, fixed value, unrolled warband row key or None) per line of the strength sheet."""
    per_units = int(_cs_row("skirmishers").get("per_units", 1))
    skirmishers_seen = 0
    out: list[tuple[str, int, str | None]] = []
    for u in army.living_units:
        if u.kind == "skirmishers":
            skirmishers_seen += 1
            value = _cs_value("skirmishers") if skirmishers_seen % per_units == 0 else 0
        else:
            key, times = _kind_row(u)
            value = _cs_value(key) * times if key else 0
        label = u.name
        pending = None
        if u.warband:
            pool, offset = warband_die(u.warband)
            if u.warband_roll is None:
                if need_rolls:
                    raise CampagneError("army.warband_unrolled", army=army.name, unit=u.id)
                pending = WARBAND_TYPES[u.warband]
                label = f"{u.name} ({_cs_row(pending).get('dice')})"
            else:
                value += u.warband_roll + offset
                on = "au" if lang == "fr" else "on"
                label = f"{u.name} ({u.warband_roll} {on} {_die_text(pool)})"
        out.append((label, value, pending))
    ld = effective_leadership(army, leadership_modifier)
    row = _general_row(ld)
    if ld is None:
        gen = _cs_row("no_general")
        out.append((gen.text(lang), _cs_value("no_general"), None))
    else:
        label = f"General (LD {ld})" if lang == "fr" else f"General (Ld {ld})"
        out.append((label, _cs_value(row) if row else 0, None))
    return out


def strength_breakdown(army: Army, leadership_modifier: int = 0, lang: str = "en") -> list[tuple[str, int]]:
    """The combat-strength sheet, one line per living unit then the general, as the seed's example
    ("Spearmen (1 au D3)  1", "General (LD 8)  0"). Every living Warband must have its roll."""
    return [(label, value) for label, value, _ in _rows(army, leadership_modifier, lang, True)]


def combat_strength(army: Army, leadership_modifier: int = 0) -> int:
    """The army's "force de combat"; raises army.warband_unrolled if a living Warband has no roll."""
    return sum(value for _, value in strength_breakdown(army, leadership_modifier))


def strength_distribution(army: Army, leadership_modifier: int = 0) -> dict[int, Fraction]:
    """Exact distribution of the combat strength: rolled Warbands are fixed, each living Warband
    without a roll yet adds its row's dice (D3-2 or D3-1)."""
    dist: Distribution = {0: Fraction(1)}
    fixed = 0
    for _, value, pending in _rows(army, leadership_modifier, "en", False):
        fixed += value
        if pending:
            dist = convolve(dist, parse(_cs_row(pending).get("dice")).distribution())
    return {k + fixed: p for k, p in sorted(dist.items())}


def roll_warbands(army: Army, dice: Dice) -> list[tuple[str, int]]:
    """Roll the D3 of every living Warband that has none yet (purpose "warband <unit id>") and keep
    it; a destroyed Warband's roll is forgotten. Returns (unit id, die rolled) in list order."""
    out = []
    for u in army.units:
        if not u.warband:
            continue
        if u.models <= 0:
            u.warband_roll = None
            continue
        if u.warband_roll is None:
            pool, _ = warband_die(u.warband)
            u.warband_roll = dice.roll(_die_text(pool), f"warband {u.id}")
            out.append((u.id, u.warband_roll))
    return out


# --------------------------------------------------------------------------- initiative


def initiative_breakdown(army: Army, leadership_modifier: int = 0, lang: str = "en") -> list[tuple[str, int]]:
    """The initiative sheet as the seed's example: Leadership × 10, then one line per living light
    infantry, light cavalry and skirmisher unit."""
    table = data.tables()["initiative"]
    ld = effective_leadership(army, leadership_modifier)
    out = [("Leadership", 0 if ld is None else ld * int(table.data["leadership_factor"]))]
    for u in army.living_units:
        if u.kind in ("light_infantry", "light_cavalry", "skirmishers"):
            out.append((u.name, table.modifier(u.kind).value))
    return out


def initiative(army: Army, leadership_modifier: int = 0) -> int:
    return sum(v for _, v in initiative_breakdown(army, leadership_modifier))
