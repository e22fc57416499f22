"""Lookups in the WAB reference sheet's tables (seed 002): small pure functions over data/tables.toml.

Every number comes from `wab/data/tables.toml` (read once, cached); every refusal is a `CampagneError`
with a registered bilingual message (codes `wab.*`). What each function reads, and every choice made
where the sheet is silent or garbled, is in docs/rules/wab.md. Here: the weapons, the saves, combat
resolution and the flee dice; the scores to hit and to wound and the shooting table are in hit_tables.py,
movement in movement_tables.py, the checks and messages they share in table_checks.py.

Conventions the sheet does not print (docs/rules/wab.md, "Reconstructions"):

* A natural 1 always fails a roll to hit, to wound or to save, so no score better than 2+ is needed.
* A modified score to hit of 7, 8 or 9 (shooting at BS 1-3 with penalties) means a 6 followed by 4+,
  5+ or 6 on a second D6; 10 or more cannot hit (`to_hit_above_six` in tables.toml).
* A modified save worse than 6+ is no save at all (there is no "6 then ..." for saves).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from ...core.errors import CampagneError, bilingual
from ...core.tables import Row
from . import data
from .table_checks import bool_of, choice_of, distance_of, int_of, label, names_of, normalise, table_of

KINDS = ("infantry", "cavalry", "chariot", "light_chariot", "elephant", "artillery", "character")
FORMATIONS = ("close_order", "open_order", "skirmishers")


# --------------------------------------------------------------------------- weapons


@dataclass(frozen=True)
class Weapon:
    """One line of the weapons table. `range` is the printed range; `short_range` the range printed in
    parentheses (None when the sheet prints none: short range is then still half the range, for the
    long-range modifier). `strength` / `save_modifier` are those of a shot beyond short range;
    `short_strength` / `short_save_modifier` those within the printed short range (None without one).
    A blank "Svg" cell reads the save modifier of the strength table. `notes` are keys of
    [weapon_notes]."""

    key: str
    name_fr: str
    name_en: str
    range: int
    short_range: int | None
    strength: int
    save_modifier: int
    notes: tuple[str, ...] = ()
    short_strength: int | None = None
    short_save_modifier: int | None = None

    @property
    def half_range(self) -> Fraction:
        return Fraction(self.range, 2)

    def has(self, note: str) -> bool:
        return note in self.notes

    def _check(self, distance: Any) -> Fraction:
        d = distance_of(distance, label("The distance to the target", "La distance de la cible"))
        if d > self.range:
            raise CampagneError("wab.out_of_range", weapon=bilingual(self.name_en, self.name_fr),
                                range=self.range, distance=str(d) if d.denominator != 1 else int(d))
        return d

    def is_short_range(self, distance: int | Fraction | float) -> bool:
        """Within half the range ("au delà de la moitié de la portée" is long range)."""
        return self._check(distance) <= self.half_range

    def long_range_penalty(self, distance: int | Fraction | float) -> bool:
        """Whether the -1 for long range applies at this distance."""
        return not self.is_short_range(distance) and not self.has("no_long_range_penalty")

    def strength_at(self, distance: int | Fraction | float) -> int:
        if self.short_strength is not None and self.is_short_range(distance):
            return self.short_strength
        self._check(distance)
        return self.strength

    def save_modifier_at(self, distance: int | Fraction | float) -> int:
        if self.short_save_modifier is not None and self.is_short_range(distance):
            return self.short_save_modifier
        self._check(distance)
        return self.save_modifier

    def shots_at(self, distance: int | Fraction | float) -> int:
        """Shots a model makes in a turn: two at short range for "Deux tirs / tour à courte portée"."""
        short = self.is_short_range(distance)
        return 2 if short and self.has("two_shots_short_range") else 1

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "name_fr": self.name_fr, "name_en": self.name_en, "range": self.range,
                "short_range": self.short_range, "strength": self.strength,
                "save_modifier": self.save_modifier, "notes": list(self.notes),
                "short_strength": self.short_strength, "short_save_modifier": self.short_save_modifier}


def _weapon_from_row(row: Row) -> Weapon:
    strength = int(row.get("strength"))
    short_strength = row.get("short_strength")
    short_range = row.get("short_range")
    save = row.get("save")
    short_save = row.get("short_save")
    return Weapon(
        key=row.key, name_fr=row.fr, name_en=row.en, range=int(row.get("max_range")),
        short_range=None if short_range is None else int(short_range), strength=strength,
        save_modifier=int(save) if save is not None else save_modifier(strength),
        notes=tuple(row.get("notes", ())),
        short_strength=None if short_strength is None else int(short_strength),
        short_save_modifier=(None if short_range is None else
                             int(short_save) if short_save is not None else
                             save_modifier(int(short_strength if short_strength is not None else strength))),
    )


@cache
def weapons() -> tuple[Weapon, ...]:
    """Every weapon of the sheet, in its printed order."""
    return tuple(_weapon_from_row(r) for r in table_of("weapons").rows)


@cache
def _weapon_index() -> dict[str, Weapon]:
    index: dict[str, Weapon] = {}
    for w, row in zip(weapons(), table_of("weapons").rows):
        for name in (w.key, w.name_fr, w.name_en, *row.get("aliases", ())):
            index.setdefault(normalise(name), w)
    return index


def weapon(name: str) -> Weapon:
    """A weapon by key ("longbow"), French or English name ("Arc long", "Longbow") or alias ("Bows"),
    matched without case or accents."""
    if not isinstance(name, str):
        raise CampagneError("wab.unknown_weapon", name=name, names=", ".join(w.key for w in weapons()))
    found = _weapon_index().get(normalise(name))
    if found is None:
        raise CampagneError("wab.unknown_weapon", name=name, names=", ".join(w.key for w in weapons()))
    return found


def weapon_note(key: str, lang: str = "en") -> str:
    return table_of("weapon_notes").row(key).text(lang)


# --------------------------------------------------------------------------- saves


def save_modifier(strength: int) -> int:
    """MODIFICATEUR DE SAUVEGARDE: S 4 -> -1 ... S 10 -> -7; S 3 or less -> 0 (not printed)."""
    s = int_of(strength, label("Strength", "La Force"), 1, 10)
    return int(table_of("save_modifier").lookup(s).get("value"))


@cache
def _equipment_index() -> dict[str, str]:
    """normalised name -> item key of data/equipment.toml."""
    rows = {r.key: r for r in table_of("armour").rows}
    index: dict[str, str] = {}
    for item, spec in data.equipment()["items"].items():
        names = [item, *spec.get("aliases", ())]
        if not spec.get("buckler"):
            row = rows[spec["row"]]
            names += [spec["row"], row.en]
        for name in names:
            index.setdefault(normalise(name), item)
    return index


def equipment_key(name: str) -> str | None:
    """The protective item a name designates ("Large shield" -> "large_shield", "Pelta" -> "shield",
    "Barded horse" -> "full_metal_barding"), None for anything else (weapons...)."""
    if not isinstance(name, str):
        raise CampagneError("wab.bad_value", what=label("An equipment name", "Un nom d'équipement"),
                            value=name, expected=bilingual("a text", "un texte"))
    return _equipment_index().get(normalise(name))


def armour_items(equipment: Iterable[str], strict: bool = False) -> list[str]:
    """The protective items among `equipment` (item keys, first occurrence order). Other names (weapons)
    are skipped, unless `strict`: then an unknown name is refused."""
    names = names_of(equipment, label("The equipment", "L'équipement"))
    out: list[str] = []
    for name in names:
        key = equipment_key(name)
        if key is None:
            if strict:
                raise CampagneError("wab.unknown_equipment", name=name,
                                    names=", ".join(data.equipment()["items"]))
            continue
        if key not in out:
            out.append(key)
    return out


def _item_row(item: str) -> Row:
    return table_of("armour").row(data.equipment()["items"][item]["row"])


def _is_buckler(item: str) -> bool:
    return bool(data.equipment()["items"][item].get("buckler", False))


def _barding_item(barding: str | None) -> str | None:
    if barding is None:
        return None
    key = equipment_key(barding)
    if key is None or _item_row(key).get("item") != "barding":
        bardings = [k for k in data.equipment()["items"] if _item_row(k).get("item") == "barding"]
        raise CampagneError("wab.unknown_equipment", name=barding, names=", ".join(bardings))
    return key


def _conflict(items: list[str], en: str, fr: str) -> CampagneError:
    return CampagneError("wab.conflicting_equipment", items=", ".join(items), reason=bilingual(en, fr))


def _sorted_items(equipment: Iterable[str], barding: str | None, strict: bool) -> dict[str, list[str]]:
    items = armour_items(equipment, strict)
    extra = _barding_item(barding)
    if extra is not None and extra not in items:
        items.append(extra)
    groups: dict[str, list[str]] = {"horse": [], "shield": [], "armour": [], "barding": []}
    for item in items:
        groups[str(_item_row(item).get("item"))].append(item)
    if len(groups["armour"]) > 1:
        raise _conflict(groups["armour"], "a model wears one suit of armour",
                        "une figurine porte une seule armure")
    if len(groups["barding"]) > 1:
        raise _conflict(groups["barding"], "a horse wears one barding", "un cheval porte un seul caparaçon")
    return groups


def _shield_applies(item: str, mounted: bool, shooting: bool, frontal: bool, skirmishers: bool) -> bool:
    row = _item_row(item)
    column = "cavalry" if mounted else "infantry"
    if row.get(f"{column}_save") is None:
        return False  # no cell: a pavise is not carried on horseback
    if _is_buckler(item) and shooting and not skirmishers:
        return False  # footnote (1)
    if 2 in row.get("footnotes", ()) and not (shooting and frontal):
        return False  # footnote (2): only against shooting from the front
    return True


def base_save(equipment: Iterable[str], mounted: bool = False, barding: str | None = None,
              shooting: bool = False, frontal: bool = True, skirmishers: bool = False,
              use_shield: bool = True, strict: bool = False) -> int | None:
    """The save from the TABLE DES SAUVEGARDES before the Strength modifier (may be 1 or less with
    barding: the natural-1 rule applies after modifiers), None for no save. See `armour_save`."""
    mounted = bool_of(mounted, label("mounted", "monté"))
    shooting = bool_of(shooting, label("shooting", "tir"))
    frontal = bool_of(frontal, label("frontal", "frontal"))
    skirmishers = bool_of(skirmishers, label("skirmishers", "tirailleurs"))
    use_shield = bool_of(use_shield, label("use_shield", "use_shield"))
    groups = _sorted_items(equipment, barding, strict)
    mounted = mounted or bool(groups["horse"])
    if groups["barding"] and not mounted:
        raise _conflict(groups["barding"], "barding needs a mounted model",
                        "un caparaçon demande une figurine montée")
    column = "cavalry" if mounted else "infantry"
    shields = [s for s in groups["shield"]
               if use_shield and _shield_applies(s, mounted, shooting, frontal, skirmishers)]
    save: int | None
    if groups["armour"]:
        armour = _item_row(groups["armour"][0])
        save = int(armour.get(f"{column}_save"))
        if shields and armour.get(f"{column}_shield"):
            save -= max(int(_item_row(s).get("shield_bonus")) for s in shields)
    elif shields:
        save = min(int(_item_row(s).get(f"{column}_save")) for s in shields)
    elif mounted:
        save = int(table_of("armour").row("horse").get("cavalry_save"))
    else:
        save = None
    if groups["barding"]:
        row = _item_row(groups["barding"][0])
        applies = not (row.get("close_combat_only") and shooting) and not (
            row.get("frontal_only") and not frontal)
        if applies:
            save = (7 if save is None else save) - int(row.get("bonus"))
    return save


def armour_save(equipment: Iterable[str], mounted: bool = False, barding: str | None = None,
                shooting: bool = False, frontal: bool = True, strength: int = 3,
                skirmishers: bool = False, use_shield: bool = True, modifier: int | None = None,
                strict: bool = False) -> int | None:
    """The D6 score a model needs to save a wound, None when it has no save.

    TABLE DES SAUVEGARDES, column "Fantassin" on foot, "Cavalier" when `mounted` (a "Horse" in the
    equipment also makes it mounted): a suit of armour gives its save, improved by a shield's bonus
    ("ou (+1)", "ou (+2)") where the cell has footnote (3), not (4); a shield alone gives its own save;
    a mounted model without either has the horse's 6+. The buckler counts in close combat, and against
    shooting only for `skirmishers` (1); the pavise only against shooting from the front (2) and not on
    horseback; several shields: the best that applies. Barding (an item of `equipment` or `barding`)
    adds +1 when it applies: padded only in close combat (5), partial only against frontal attacks (6),
    full metal always (7). `use_shield=False`: the model does not use its shield (e.g. a two-handed
    weapon). Then the Strength's modifier (or `modifier`, the total save modifier, e.g. a weapon's Svg)
    makes the score worse. Never better than 2+; worse than 6+ is no save.
    """
    s = int_of(strength, label("Strength", "La Force"), 1, 10)
    mod = save_modifier(s) if modifier is None else int_of(
        modifier, label("The save modifier", "Le modificateur de sauvegarde"), -10, 10)
    save = base_save(equipment, mounted, barding, shooting, frontal, skirmishers, use_shield, strict)
    if save is None:
        return None
    needed = max(save - mod, 2)
    return None if needed > 6 else needed


def move_penalty(equipment: Iterable[str], barding: str | None = None, use_shield: bool = True,
                 strict: bool = False) -> int:
    """Malus Mv. (cumulatif): the inches of Move lost to the protective equipment, summed; heavy
    armour costs 1" only with a shield in use (8)."""
    bool_of(use_shield, label("use_shield", "use_shield"))
    groups = _sorted_items(equipment, barding, strict)
    has_shield = use_shield and bool(groups["shield"])
    total = 0
    for items in groups.values():
        for item in items:
            row = _item_row(item)
            total += int(row.get("move_penalty", 0))
            if has_shield:
                total += int(row.get("move_penalty_with_shield", 0))
    return total


# --------------------------------------------------------------------------- combat resolution


def rank_bonus(full_ranks: int) -> int:
    """"+1 pour chaque rang complet d'infanterie derrière le premier avec un maximum de +2":
    `full_ranks` counts every full rank, the first included."""
    n = int_of(full_ranks, label("The number of full ranks", "Le nombre de rangs complets"), 0)
    mod = table_of("combat_resolution").modifier("rank_bonus")
    return min(int(mod.data["maximum"]), max(0, n - 1) * mod.value)


def combat_bonuses(*, kind: str = "infantry", formation: str = "close_order", full_ranks: int = 0,
                   standard: bool = False, army_standard: bool = False, momentum: bool = False,
                   difficult_terrain: bool = False, high_ground: bool = False, flank: bool = False,
                   rear: bool = False) -> list[tuple[str, int]]:
    """The RESULTATS DES COMBATS bonuses one side claims, as (key, value) in the sheet's order:
    close order (+1, units in close order); rank bonus (infantry of `rank_kinds` in a formation of
    `rank_formations`: +1 per full rank behind the first, max +2); standard; army standard (when it
    takes part); momentum (not for cavalry or chariots in difficult terrain); high ground; flank (+1);
    rear (+2). `full_ranks` is the number of full ranks, the first included (Unit.full_ranks)."""
    table = table_of("combat_resolution")
    kind = choice_of(kind, KINDS, label("The unit kind", "Le type d'unité"))
    formation = choice_of(formation, FORMATIONS, label("The formation", "La formation"))
    flags = {"standard": standard, "army_standard": army_standard, "momentum": momentum,
             "difficult_terrain": difficult_terrain, "high_ground": high_ground, "flank": flank, "rear": rear}
    for name, value in flags.items():
        bool_of(value, label(name, name))
    out: list[tuple[str, int]] = []
    for mod in table.modifiers:
        k = mod.key
        if k == "close_order":
            ok = formation in mod.data["formations"]
            value = mod.value
        elif k == "rank_bonus":
            ok = kind in table.data["rank_kinds"] and formation in table.data["rank_formations"]
            value = rank_bonus(full_ranks) if ok else 0
            ok = ok and value > 0
        elif k == "momentum":
            ok = momentum and not (difficult_terrain and kind in mod.data["not_in_difficult_terrain"])
            value = mod.value
        else:
            ok = flags[k]
            value = mod.value
        if ok:
            out.append((k, value))
    return out


def combat_bonus_total(**situation: Any) -> int:
    return sum(v for _, v in combat_bonuses(**situation))


def break_test_target(leadership: int, difference: int) -> int:
    """TEST DE MORAL: the 2D6 score to roll at most, the beaten unit's Ld minus the difference in
    combat results."""
    ld = int_of(leadership, label("Leadership", "Le Commandement"), 0, 10)
    diff = int_of(difference, label("The difference in combat results", "La différence des résultats"), 0)
    return ld - diff


def leadership_pass_probability(target: int) -> Fraction:
    """Chance that 2D6 score `target` or less (a psychology, break, rally test)."""
    t = int_of(target, label("The score to roll at most", "Le score à ne pas dépasser"))
    ways = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= t)
    return Fraction(ways, 36)


def panic_modifiers(half_strength: bool = False) -> list[tuple[str, int]]:
    """PANIQUE: -1 Ld at half strength or less."""
    return [("half_strength", table_of("panic").modifier("half_strength").value)] if bool_of(
        half_strength, label("half_strength", "half_strength")) else []


def rally_modifiers(half_strength: bool = False, enemy_near: bool = False) -> list[tuple[str, int]]:
    """RALLIEMENT: -1 Ld at half strength or less, -1 with an enemy within 8"."""
    table = table_of("rally")
    out = []
    if bool_of(half_strength, label("half_strength", "half_strength")):
        out.append(("half_strength", table.modifier("half_strength").value))
    if bool_of(enemy_near, label("enemy_near", "enemy_near")):
        out.append(("enemy_near", table.modifier("enemy_near").value))
    return out


def can_rally(models: int, *, character: bool = False) -> bool:
    """« Une unité en fuite doit avoir au moins cinq figurines pour pouvoir se rallier. »

    A lone character is one model and no unit of troops: he rallies on his Ld like any unit
    (« Une unité peut tenter de se rallier … Lancez 2D6 »), the five-model minimum being a unit's
    (docs/rules/wab.md, Ralliement)."""
    models = int_of(models, label("The number of models", "Le nombre de figurines"), 0)
    if character:
        return models > 0
    return models >= int(table_of("rally").data["min_models"])


def breaks_automatically(models: int, starting_models: int | None = None) -> bool:
    """"Les unités réduites à moins de cinq figurines sont automatiquement démoralisées".

    "Réduites": a unit that started with fewer than five models (chariots, a lone character) was
    never reduced to that size and tests normally (the same reading as psychology.Nerve)."""
    limit = int(table_of("break_test").data["auto_break_below"])
    models = int_of(models, label("The number of models", "Le nombre de figurines"), 0)
    if starting_models is not None and starting_models < limit:
        return False
    return models < limit


# --------------------------------------------------------------------------- flee dice


def flee_dice(move: int) -> str:
    """DISTANCE DE FUITE: "2D6" for a Move of 6 or less, "3D6" above."""
    m = int_of(move, label("The Move", "Le Mouvement"), 0, 20)
    return str(table_of("flee_distance").lookup(m).get("dice"))


def fire_and_flee_dice(move: int) -> str:
    """The flee distance after Tir et Fuite ("-1D6"): "D6" for a Move of 6 or less, "2D6" above
    (the sheet's "Réduction" column)."""
    m = int_of(move, label("The Move", "Le Mouvement"), 0, 20)
    return str(table_of("flee_distance").lookup(m).get("reduced_dice"))


__all__ = [
    "KINDS", "FORMATIONS", "Weapon", "normalise",
    "weapons", "weapon", "weapon_note",
    "save_modifier", "equipment_key", "armour_items", "base_save", "armour_save", "move_penalty",
    "rank_bonus", "combat_bonuses", "combat_bonus_total", "break_test_target", "leadership_pass_probability",
    "panic_modifiers", "rally_modifiers", "can_rally", "breaks_automatically",
    "flee_dice", "fire_and_flee_dice",
]
