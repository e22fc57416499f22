"""Profiles and units for WAB battles: characteristics, formation, command, and what follows from them.

A `Profile` is the line of characteristics "M WS BS S T W I A Ld" with a save text, the equipment and
the special rules as an army list writes them (free text). A `Unit` is a number of models sharing a
profile, in a formation: `files` models wide (the frontage), in close order, open order or as
skirmishers, with its command (leader, musician, standard), whether it is the general or carries the
army standard ("Grande Bannière"), its kind and its special rules (keys of SPECIAL_RULES).

Derived values follow the reference sheet (seed 002, "RESULTATS DES COMBATS", "PANIQUE",
"RALLIEMENT", "TEST DE MORAL"; docs/rules/wab.md):

* ranks: ceil(models / files); full ranks: complete ranks (front rank included), as wide as the
  frontage, none for skirmishers (the sheet sets no minimum width: `min_rank_width` 1);
* rank bonus: +1 per full rank behind the first, at most +2, for infantry in close or open order;
* models in contact: the front rank (at most `files` models), capped by the enemy's frontage if given;
* half strength ("réduite de moitié ou plus"): models * 2 <= start_models.

Plain data: `to_dict()` / `from_dict()` round-trip exactly. TOML files hold one unit (its fields at the
top level) or an army list (`name` and `[[units]]`): army_lists.py reads them, and converts Atlantis
campaign armies with `units_from_atlantis_army`.

Unit file format (the shape of `Unit.to_dict()`; optional keys may be left out)::

    id = "hoplites"            # optional: a slug of the name by default
    name = "Hoplites"
    name_fr = "Hoplites"       # optional: the name in French text (default: name)
    kind = "infantry"          # KINDS
    formation = "close_order"  # close_order | open_order | skirmishers
    models = 24
    files = 6                  # optional: 5 for infantry and cavalry, else one line (data/units.toml)
    start_models = 24          # optional: models at the start of the battle (default: models)
    leader = true              # optional flags, false by default
    musician = true
    standard = true
    army_standard = false
    is_general = false
    special_rules = ["stubborn"]          # keys of SPECIAL_RULES
    mounted = false            # optional: by default cavalry, or a "Horse" in the equipment
    profile = { M = 4, WS = 3, BS = 3, S = 3, T = 3, W = 1, I = 3, A = 1, Ld = 8, save = "4+",
                equipment = ["Thrusting spear", "Large shield", "Light armour"],
                special_rules = ["Phalanx"] }
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ...core.copying import copy_fields
from ...core.errors import CampagneError, bilingual, register_messages
from . import data, tables
from .tables import FORMATIONS, KINDS, normalise

CHARACTERISTICS = ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld")
SPECIAL_RULES = ("fear", "terror", "frenzy", "hatred", "stubborn", "warband", "large_target")

register_messages({
    "wab.malformed": {
        "en": "Malformed WAB unit file {file}: {reason}.",
        "fr": "Fichier d'unités WAB {file} mal formé : {reason}.",
    },
    "wab.unreadable": {
        "en": "Cannot read the WAB unit file {file}: {reason}.",
        "fr": "Impossible de lire le fichier d'unités WAB {file} : {reason}.",
    },
    "wab.missing_field": {
        "en": "{file}: {where} lacks the field {field} ({reason}).",
        "fr": "{file} : {where} n'a pas le champ {field} ({reason}).",
    },
    "wab.bad_field": {
        "en": "{file}: {where}, field {field} = {value!r}: {reason}.",
        "fr": "{file} : {where}, champ {field} = {value!r} : {reason}.",
    },
})

_SAVE = re.compile(r"^(?:[1-6]\+|-)$")


# --------------------------------------------------------------------------- validation helpers


class Reader:
    """Validation of one mapping (a unit or a profile), naming the file and the place in errors."""

    def __init__(self, raw: Any, source: str, where: dict[str, str]) -> None:
        self.source = source
        self.where = where
        if not isinstance(raw, Mapping):
            raise self.malformed("must be a table", "doit être une table")
        self.raw = raw

    def malformed(self, en: str, fr: str) -> CampagneError:
        return CampagneError("wab.malformed", file=self.source,
                             reason=bilingual(f"{self.where['en']} {en}", f"{self.where['fr']} {fr}"))

    def bad(self, key: str, value: Any, en: str, fr: str) -> CampagneError:
        return CampagneError("wab.bad_field", file=self.source, where=self.where, field=key, value=value,
                             reason=bilingual(en, fr))

    def unknown(self, allowed: Iterable[str]) -> None:
        extra = sorted(set(self.raw) - set(allowed))
        if extra:
            found, known = ", ".join(extra), ", ".join(allowed)
            raise self.malformed(f"has unknown field(s) {found} (expected: {known})",
                                 f"a des champs inconnus {found} (attendus : {known})")

    def required(self, key: str, en: str, fr: str) -> Any:
        if key not in self.raw or self.raw[key] is None:
            raise CampagneError("wab.missing_field", file=self.source, where=self.where, field=key,
                                reason=bilingual(en, fr))
        return self.raw[key]

    def int(self, key: str, low: int | None = 0, high: int | None = None, default: Any = None,
            required: tuple[str, str] | None = None) -> int:
        value = self.required(key, *required) if required else self.raw.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.bad(key, value, "not a whole number", "pas un nombre entier")
        if (low is not None and value < low) or (high is not None and value > high):
            if high is None:
                raise self.bad(key, value, f"must be at least {low}", f"doit valoir au moins {low}")
            raise self.bad(key, value, f"must be from {low} to {high}", f"doit aller de {low} à {high}")
        return value

    def bool(self, key: str, default: bool = False) -> bool:
        value = self.raw.get(key, default)
        if not isinstance(value, bool):
            raise self.bad(key, value, "must be true or false", "doit valoir true ou false")
        return value

    def text(self, key: str, default: str | None = None, required: tuple[str, str] | None = None) -> str:
        value = self.required(key, *required) if required else self.raw.get(key, default)
        if not isinstance(value, str) or not value.strip():
            raise self.bad(key, value, "must be a non-empty text", "doit être un texte non vide")
        return value

    def texts(self, key: str) -> list[str]:
        value = self.raw.get(key, [])
        if value is None:
            return []
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.bad(key, value, "must be a list of texts", "doit être une liste de textes")
        return list(value)

    def choice(self, key: str, choices: Iterable[str], default: str | None = None,
               required: tuple[str, str] | None = None) -> str:
        choices = tuple(choices)
        value = self.required(key, *required) if required else self.raw.get(key, default)
        if value not in choices:
            raise self.bad(key, value, f"expected one of {', '.join(choices)}",
                           f"attendu : {', '.join(choices)}")
        return value


def slug(name: str) -> str:
    """"Heavy Cavalry (Companions)" -> "heavy_cavalry_companions"."""
    return re.sub(r"[^a-z0-9]+", "_", normalise(name)).strip("_") or "unit"


# --------------------------------------------------------------------------- profile


@dataclass(frozen=True)
class Profile:
    """M WS BS S T W I A Ld, the save as printed ("4+", "-"), equipment and special rules (texts)."""

    M: int
    WS: int
    BS: int
    S: int
    T: int
    W: int
    I: int  # noqa: E741 - the characteristic's name
    A: int
    Ld: int
    save: str = "-"
    equipment: tuple[str, ...] = ()
    special_rules: tuple[str, ...] = ()
    # what the profile's equipment gives (its missile weapon), a function of the frozen equipment and the fixed
    # tables alone, asked for at every view and probe: kept here, so shared by every copy of a battle; and the
    # kinds of move its units' frozen movers may make when no fact is given (`tracker_move_facts.kinds_of_move`);
    # its characteristics as `to_dict` writes them
    _memo: dict[str, Any] = field(default_factory=dict, init=False, compare=False, repr=False)

    def __deepcopy__(self, memo: dict) -> Profile:
        # frozen, and made of numbers, strings and tuples of strings: a copy would be equal and never differ, so
        # a battle's copy (every legal order is tried on one) shares it
        return self

    def missile_weapon(self) -> tables.Weapon | None:
        """The first missile weapon of the sheet's table the equipment names (a whole item, or words in it)."""
        memo = self._memo
        if "missile" in memo:
            return memo["missile"]
        found = _missile_of(self.equipment)
        if isinstance(self.equipment, tuple):  # a list could change under the memo: looked up each time
            memo["missile"] = found
        return found

    @property
    def save_value(self) -> int | None:
        """The save as a D6 score ("4+" -> 4), None for "-"."""
        return None if self.save == "-" else int(self.save[0])

    def to_dict(self) -> dict[str, Any]:
        # the characteristics and the save, read at every view of every unit: made once (frozen), copied each time
        head = self._memo.get("head")
        if head is None:
            head = {k: getattr(self, k) for k in CHARACTERISTICS}
            head["save"] = self.save
            self._memo["head"] = head
        return {**head, "equipment": list(self.equipment), "special_rules": list(self.special_rules)}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], source: str = "<profile>",
                  where: dict[str, str] | None = None) -> Profile:
        r = Reader(raw, source, where or bilingual("the profile", "le profil"))
        r.unknown((*CHARACTERISTICS, "save", "equipment", "special_rules"))
        need = ("a characteristic from 0 to 10", "une caractéristique de 0 à 10")
        values = {k: r.int(k, 0, 10, required=need) for k in CHARACTERISTICS}
        save = raw.get("save", "-")
        if not isinstance(save, str) or not _SAVE.match(save.strip()):
            raise r.bad("save", save, 'a save is written "6+" ... "1+", or "-" for none',
                        'une sauvegarde s\'écrit "6+" ... "1+", ou "-" pour aucune')
        return cls(**values, save=save.strip(), equipment=tuple(r.texts("equipment")),
                   special_rules=tuple(r.texts("special_rules")))


def _missile_of(equipment: Iterable[str]) -> tables.Weapon | None:
    for item in equipment:
        for text in _candidates(item):
            try:
                return tables.weapon(text)
            except CampagneError:
                continue
    return None


def _candidates(item: str) -> list[str]:
    words = re.sub(r"[^a-z0-9]+", " ", tables.normalise(item)).split()
    out = [item]
    out += [" ".join(words[i:i + 2]) for i in range(len(words) - 1)]
    out += words
    return out


# --------------------------------------------------------------------------- unit


def default_files(kind: str, formation: str, models: int) -> int:
    """The width a unit stands in when its file gives none (also the army lists' default)."""
    width = data.unit_defaults()["default_files"].get(kind)
    if width is None or formation == "skirmishers":
        return max(models, 1)
    return max(1, min(int(width), models))


@dataclass
class Unit:
    """A unit on the battlefield (a character is a unit of one model, kind "character")."""

    __deepcopy__ = copy_fields  # quick, and whole: tests/test_wab_state_copy.py

    id: str
    name: str
    profile: Profile
    models: int
    files: int
    kind: str = "infantry"
    formation: str = "close_order"
    start_models: int | None = None  # None: as many as `models`
    leader: bool = False
    musician: bool = False
    standard: bool = False
    army_standard: bool = False
    is_general: bool = False
    special_rules: list[str] = field(default_factory=list)
    mounted: bool | None = None  # None: cavalry, or a horse in the equipment
    name_fr: str = ""  # the list's French name, "" for none: French text then names it by `name`

    def __post_init__(self) -> None:
        if self.start_models is None:
            self.start_models = self.models
        if not self.name_fr:
            self.name_fr = self.name

    # -- reading
    def has_rule(self, rule: str) -> bool:
        return rule in self.special_rules

    @property
    def names(self) -> dict[str, str]:
        """Its name in each language ({"en", "fr"}): what every text naming a unit reads (the tracker, the odds)."""
        return {"en": self.name, "fr": self.name_fr}

    @property
    def alive(self) -> bool:
        return self.models > 0

    @property
    def is_mounted(self) -> bool:
        if self.mounted is not None:
            return self.mounted
        return self.kind == "cavalry" or "horse" in tables.armour_items(self.profile.equipment)

    @property
    def armour_save(self) -> int | None:
        """The save before the Strength modifier: the profile's printed save; a profile printed
        without one ("-") but listing armour gets it from the TABLE DES SAUVEGARDES (close combat)."""
        printed = self.profile.save_value
        if printed is not None or not self.profile.equipment:
            return printed
        save = tables.base_save(self.profile.equipment, mounted=self.is_mounted,
                                skirmishers=self.formation == "skirmishers")
        return None if save is None or save > 6 else max(save, 2)

    @property
    def is_chariot(self) -> bool:
        return self.kind in ("chariot", "light_chariot")

    @property
    def ranks(self) -> int:
        """Ranks the models fill, the last one possibly incomplete (0 for no model)."""
        return math.ceil(self.models / self.files) if self.models > 0 else 0

    @property
    def front_rank(self) -> int:
        return min(self.files, self.models)

    @property
    def full_ranks(self) -> int:
        """Complete ranks (as wide as the frontage), the front one included; 0 for skirmishers and for a
        unit narrower than the data's `min_rank_width` (1: the sheet sets no minimum)."""
        if self.formation == "skirmishers":
            return 0
        if self.files < int(data.tables()["combat_resolution"].data["min_rank_width"]):
            return 0
        return self.models // self.files

    @property
    def rank_bonus(self) -> int:
        """+1 per full rank behind the first, max +2, for the kinds and formations the sheet allows
        ("rang complet d'infanterie")."""
        table = data.tables()["combat_resolution"]
        if self.kind not in table.data["rank_kinds"] or self.formation not in table.data["rank_formations"]:
            return 0
        return tables.rank_bonus(self.full_ranks)

    def models_in_contact(self, enemy_frontage: int | None = None) -> int:
        """Models of the front rank in base contact: the front rank, capped by `enemy_frontage` (the
        number of this unit's models the enemy's front touches) when given."""
        front = self.front_rank
        if enemy_frontage is None:
            return front
        cap = tables.int_of(enemy_frontage, bilingual("The enemy frontage", "Le front ennemi"), 0)
        return min(front, cap)

    @property
    def half_strength(self) -> bool:
        """"Réduite de moitié ou plus": models lost reach half the starting models."""
        return self.models * 2 <= (self.start_models or 0)

    @property
    def can_rally(self) -> bool:
        return tables.can_rally(self.models, character=self.kind == "character" or self.is_general)

    @property
    def breaks_automatically(self) -> bool:
        return tables.breaks_automatically(self.models, self.start_models)

    @property
    def flee_dice(self) -> str:
        return tables.flee_dice(self.profile.M)

    def combat_bonuses(self, **situation: Any) -> list[tuple[str, int]]:
        """This unit's RESULTATS DES COMBATS bonuses; `situation` gives momentum, difficult_terrain,
        high_ground, flank, rear and, when it takes part, army_standard (default: this unit's own)."""
        situation.setdefault("army_standard", self.army_standard)
        return tables.combat_bonuses(kind=self.kind, formation=self.formation, full_ranks=self.full_ranks,
                                     standard=self.standard, **situation)

    # -- serialisation
    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "kind": self.kind, "formation": self.formation,
                "models": self.models, "files": self.files, "start_models": self.start_models,
                "leader": self.leader, "musician": self.musician, "standard": self.standard,
                "army_standard": self.army_standard, "is_general": self.is_general,
                "special_rules": list(self.special_rules), "mounted": self.mounted,
                "profile": self.profile.to_dict(),
                # written only when it differs, so that a unit without one writes what it always wrote
                **({"name_fr": self.name_fr} if self.name_fr != self.name else {})}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], source: str = "<unit>") -> Unit:
        return build_unit(raw, source, None)


_UNIT_FIELDS = ("id", "name", "name_fr", "kind", "formation", "models", "files", "start_models", "leader",
                "musician", "standard", "army_standard", "is_general", "special_rules", "mounted", "profile")


def build_unit(raw: Any, source: str, index: int | None) -> Unit:
    """A checked unit from its raw mapping; `index` names it in errors when it is one of a list's units."""
    label = "the unit" if index is None else f"unit #{index + 1}"
    label_fr = "l'unité" if index is None else f"l'unité n°{index + 1}"
    if isinstance(raw, Mapping) and isinstance(raw.get("name"), str):
        label, label_fr = f"unit {raw['name']!r}", f"l'unité {raw['name']!r}"
    r = Reader(raw, source, bilingual(label, label_fr))
    r.unknown(_UNIT_FIELDS)
    name = r.text("name", required=("the unit's name", "le nom de l'unité"))
    name_fr = r.text("name_fr", default=name)
    uid = r.text("id", default=slug(name))
    kind = r.choice("kind", KINDS, default="infantry")
    formation = r.choice("formation", FORMATIONS, default="close_order")
    models = r.int("models", 0, required=("how many models", "combien de figurines"))
    files = r.int("files", 1, default=default_files(kind, formation, models))
    start = r.int("start_models", 0, default=models)
    if start < models:
        raise r.bad("start_models", start, f"cannot be less than models ({models})",
                    f"ne peut être inférieur à models ({models})")
    rules = r.texts("special_rules")
    for rule in rules:
        if rule not in SPECIAL_RULES:
            raise r.bad("special_rules", rule, f"expected keys among {', '.join(SPECIAL_RULES)}",
                        f"clés attendues parmi {', '.join(SPECIAL_RULES)}")
    mounted = raw.get("mounted")
    if mounted is not None and not isinstance(mounted, bool):
        raise r.bad("mounted", mounted, "must be true or false", "doit valoir true ou false")
    prof_raw = r.required("profile", "M WS BS S T W I A Ld and the save",
                          "M WS BS S T W I A Ld et la sauvegarde")
    profile = Profile.from_dict(prof_raw, source,
                                bilingual(f"the profile of {label}", f"le profil de {label_fr}"))
    unit = Unit(id=uid, name=name, profile=profile, models=models, files=files, kind=kind,
                formation=formation,
                start_models=start, leader=r.bool("leader"), musician=r.bool("musician"),
                standard=r.bool("standard"), army_standard=r.bool("army_standard"),
                is_general=r.bool("is_general"), special_rules=rules, mounted=mounted, name_fr=name_fr)
    return unit


def unit_attr(unit: Any, *names: str, default: Any = None) -> Any:
    """The first of `names` found as a plain value on a unit-like object or on its `profile`:
    lets the rules read a `Unit`, an `odds.UnitState` or a test's stand-in alike."""
    profile = getattr(unit, "profile", None)
    for obj in (unit, profile):
        for name in names:
            if obj is not None and hasattr(obj, name):
                value = getattr(obj, name)
                if not callable(value):
                    return value
    return default


__all__ = ["CHARACTERISTICS", "SPECIAL_RULES", "KINDS", "FORMATIONS", "Profile", "Unit", "slug", "unit_attr", "Reader",
           "build_unit", "default_files"]
