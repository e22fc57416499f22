"""Army lists of the Atlantis campaign (seed 000): loading, points, combat strength, initiative, losses.

An army is a general (the commander-in-chief, or none) and a list of units. It is plain data:
`Army.to_dict()` / `Army.from_dict()` round-trip exactly, so the game state can embed armies and a
journal replays bit for bit. The functions of this module change an army in place.

File format (TOML; the same shape as `Army.to_dict()`, absent optional keys meaning "none")::

    name = "Mycéniens (exemple de la règle, 1000 points)"
    people = "Mycenaean"
    [general]                 # the commander-in-chief; no [general] section = no general
    name = "Wanax"
    leadership = 8            # or taken from profile.Ld
    toughness = 4             # or taken from profile.T (the recovery roll needs it)
    points = 100
    profile = { M = 4, WS = 5, BS = 5, S = 4, T = 4, W = 3, I = 6, A = 3, Ld = 8, save = "4+" }
    equipment = ["Sword", "Heavy armour"]   # optional
    special_rules = ["Army General"]        # optional
    [[units]]
    id = "spearmen1"          # unique slug
    name = "Spearmen"
    kind = "infantry"         # see KINDS
    ws = 3                    # or taken from profile.WS
    models = 20
    points_per_model = 7
    extra_points = 15         # command and upgrades paid once (leader, musician, standard...)
    command = ["Leader", "Musician", "Standard Bearer"]   # optional
    warband = "warband"       # optional: "warband" (+D3-2) or "fanatic" (+D3-1)
    warband_roll = 1          # optional: the D3 already rolled for this Warband
    toughness = 3             # optional (taken from profile.T), required for characters
    hates = false             # optional: Hatred of the enemies of their liberators (escaped slaves)
    start_models = 20         # optional: models at list making / last reorganisation (default: models)
    profile = { ... }; equipment = [...]; special_rules = [...]   # optional

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

import re

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any

from ...core.dice import Const, Dice, DicePool, Distribution, convolve, parse
from ...core.errors import CampagneError, bilingual, register_messages
from . import data

KINDS = (
    "infantry", "light_infantry", "skirmishers", "cavalry", "light_cavalry",
    "heavy_chariot", "light_chariot", "elephant", "artillery", "character",
)
WARBAND_TYPES = {"warband": "warband", "fanatic": "fanatic_warband"}  # file value -> table row key
PROFILE_KEYS = ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld", "save")

# "Ce dernier récupère 10+1D6 figurines de tirailleurs, équipés de dagues, de javalots et de targes
# (buckler). M WS BS S T W I A Ld 5 2 3 3 3 1 3 1 5. Ils éprouvent de la Haine envers les ennemis de
# leurs libérateurs." The seed prints no save: a buckler alone gives 6+ in WAB, as the annex's
# Slaves (same profile, buckler) have Save 6.
ESCAPED_SLAVES_PROFILE = {"M": 5, "WS": 2, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 5,
                          "save": "6+"}
ESCAPED_SLAVES_EQUIPMENT = ["Daggers", "Javelins", "Bucklers"]
ESCAPED_SLAVES_RULES = ["Skirmishers", "Hatred (the enemies of their liberators)"]
# Not priced by the seed: the annex's Slaves javelinmen (same profile, hand weapons, javelins,
# buckler, skirmishers) cost 5 points a model, so escaped slaves are worth 5 points a model.
ESCAPED_SLAVES_POINTS = 5

register_messages({
    "army.malformed": {
        "en": "Malformed army list {file}: {reason}.",
        "fr": "Liste d'armée {file} mal formée : {reason}.",
    },
    "army.unreadable": {
        "en": "Cannot read the army list {file}: {reason}.",
        "fr": "Impossible de lire la liste d'armée {file} : {reason}.",
    },
    "army.bad_kind": {
        "en": "Army list {file}: unit {unit!r} has an unknown kind {kind!r} (expected one of {kinds}).",
        "fr": "Liste d'armée {file} : l'unité {unit!r} a un type inconnu {kind!r} (attendu : {kinds}).",
    },
    "army.bad_warband": {
        "en": "Army list {file}: unit {unit!r} has warband = {value!r}: {reason}.",
        "fr": "Liste d'armée {file} : l'unité {unit!r} a warband = {value!r} : {reason}.",
    },
    "army.duplicate_unit": {
        "en": "Army list {file}: the unit id {unit!r} is used twice.",
        "fr": "Liste d'armée {file} : l'identifiant d'unité {unit!r} est employé deux fois.",
    },
    "army.bad_number": {
        "en": "Army list {file}: {where}, field {field} = {value!r}: {reason}.",
        "fr": "Liste d'armée {file} : {where}, champ {field} = {value!r} : {reason}.",
    },
    "army.missing_field": {
        "en": "Army list {file}: {where} lacks the field {field} ({reason}).",
        "fr": "Liste d'armée {file} : {where} n'a pas le champ {field} ({reason}).",
    },
    "army.inconsistent": {
        "en": "Army list {file}: {where}, field {field} = {value!r} but its profile says {profile!r}.",
        "fr": "Liste d'armée {file} : {where}, champ {field} = {value!r} mais son profil indique {profile!r}.",
    },
    "army.unknown_list": {
        "en": "No army list named {name!r} is shipped (available: {names}).",
        "fr": "Aucune liste d'armée nommée {name!r} n'est fournie (disponibles : {names}).",
    },
    "army.unknown_unit": {
        "en": "The army {army!r} has no unit {unit!r}.",
        "fr": "L'armée {army!r} n'a pas d'unité {unit!r}.",
    },
    "army.warband_unrolled": {
        "en": "The Warband {unit!r} of the army {army!r} has not rolled its D3 yet.",
        "fr": "La Warband {unit!r} de l'armée {army!r} n'a pas encore lancé son D3.",
    },
    "army.bad_amount": {
        "en": "{what} must be a whole number of at least {minimum}, not {value!r}.",
        "fr": "{what} doit être un nombre entier d'au moins {minimum}, pas {value!r}.",
    },
})


# --------------------------------------------------------------------------- data


def shallow(x: Any) -> Any:
    """A shallow copy of a plain dataclass instance, quicker than `copy.copy` (the states' copies by hand use it)."""
    clone = object.__new__(type(x))
    clone.__dict__.update(x.__dict__)
    return clone


def _copy_profile(x: Any) -> Any:
    """A copy of a general or unit whose profile, equipment and rules are its own (they hold only atoms)."""
    clone = shallow(x)
    clone.profile = None if x.profile is None else dict(x.profile)
    clone.equipment = list(x.equipment)
    clone.special_rules = list(x.special_rules)
    return clone


@dataclass
class General:
    """The commander-in-chief. `alive` is False once killed in battle and not (yet) recovered."""

    name: str
    leadership: int
    toughness: int
    points: int
    profile: dict[str, int | str] | None = None
    equipment: list[str] = field(default_factory=list)
    special_rules: list[str] = field(default_factory=list)
    alive: bool = True
    name_fr: str = ""  # the list's French name, shown under --lang fr

    def __deepcopy__(self, memo: dict) -> General:
        return _copy_profile(self)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "leadership": self.leadership, "toughness": self.toughness,
                "points": self.points, "profile": None if self.profile is None else dict(self.profile),
                "equipment": list(self.equipment), "special_rules": list(self.special_rules),
                "alive": self.alive, **({"name_fr": self.name_fr} if self.name_fr else {})}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], source: str = "<army>") -> General:
        return _build_general(raw, source)


@dataclass
class Unit:
    """A unit (or a character, kind "character", one model per character)."""

    id: str
    name: str
    kind: str
    ws: int
    models: int
    points_per_model: int
    extra_points: int = 0
    warband: str | None = None  # None, "warband" or "fanatic"
    warband_roll: int | None = None  # the D3 kept while the Warband lives
    toughness: int | None = None
    hates: bool = False
    start_models: int = 0  # models when the list was made or last reorganised (recovery cap)
    command: list[str] = field(default_factory=list)
    profile: dict[str, int | str] | None = None
    equipment: list[str] = field(default_factory=list)
    special_rules: list[str] = field(default_factory=list)
    name_fr: str = ""  # the list's French name, shown under --lang fr

    def __deepcopy__(self, memo: dict) -> Unit:
        clone = _copy_profile(self)
        clone.command = list(self.command)
        return clone

    @property
    def alive(self) -> bool:
        return self.models > 0

    @property
    def is_character(self) -> bool:
        return self.kind == "character"

    @property
    def points(self) -> int:
        """models × points per model + extra points; a unit reduced to 0 models is worth 0."""
        return self.models * self.points_per_model + self.extra_points if self.models > 0 else 0

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "kind": self.kind, "ws": self.ws, "models": self.models,
                "points_per_model": self.points_per_model, "extra_points": self.extra_points,
                "warband": self.warband, "warband_roll": self.warband_roll, "toughness": self.toughness,
                "hates": self.hates, "start_models": self.start_models, "command": list(self.command),
                "profile": None if self.profile is None else dict(self.profile),
                "equipment": list(self.equipment), "special_rules": list(self.special_rules),
                **({"name_fr": self.name_fr} if self.name_fr else {})}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], source: str = "<army>") -> Unit:
        return _build_unit(raw, source, 0)


@dataclass
class Army:
    name: str
    people: str
    general: General | None = None
    units: list[Unit] = field(default_factory=list)
    people_fr: str = ""  # the people's French name, shown under --lang fr

    def __deepcopy__(self, memo: dict) -> Army:
        # Legal orders try each candidate on a copy of the state: a copy by hand is many times faster than the
        # generic one, and every container below holds only numbers and strings.
        clone = shallow(self)
        clone.general = None if self.general is None else self.general.__deepcopy__(memo)
        clone.units = [u.__deepcopy__(memo) for u in self.units]
        return clone

    # -- reading
    def unit(self, unit_id: str) -> Unit:
        for u in self.units:
            if u.id == unit_id:
                return u
        raise CampagneError("army.unknown_unit", army=self.name, unit=unit_id)

    def has_unit(self, unit_id: str) -> bool:
        return any(u.id == unit_id for u in self.units)

    @property
    def living_units(self) -> list[Unit]:
        return [u for u in self.units if u.models > 0]

    @property
    def has_general(self) -> bool:
        return self.general is not None and self.general.alive

    @property
    def points(self) -> int:
        """Army points: each unit's models × points per model + extra points (a unit reduced to 0
        models counts 0, its extra points included), plus the living general's points."""
        total = sum(u.points for u in self.units)
        return total + (self.general.points if self.has_general else 0)  # type: ignore[union-attr]

    @property
    def model_count(self) -> int:
        """Models in the units (characters included); the general is not counted."""
        return sum(u.models for u in self.units)

    # -- serialisation
    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "people": self.people,
                **({"people_fr": self.people_fr} if self.people_fr else {}),
                "general": None if self.general is None else self.general.to_dict(),
                "units": [u.to_dict() for u in self.units]}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], source: str = "<army>") -> Army:
        return _build_army(raw, source)

    def copy(self) -> Army:
        return Army.from_dict(self.to_dict())


# --------------------------------------------------------------------------- loading & validation


def load_army_text(text: str, source: str = "<army>") -> Army:
    """Parse an army list written in TOML; any mistake raises a CampagneError naming `source`."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CampagneError("army.malformed", file=source, reason=str(exc)) from None
    return _build_army(raw, source)


def load_army_file(path: str | Path) -> Army:
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as exc:
        raise CampagneError("army.unreadable", file=str(p), reason=exc.strerror or str(exc)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CampagneError("army.malformed", file=str(p),
                            reason=bilingual(f"not UTF-8 text ({exc.reason})",
                                             f"pas du texte UTF-8 ({exc.reason})")) from None
    return load_army_text(text, str(p))


def _armies_dir():
    return resources.files(__package__).joinpath("armies")


def packaged_army_names() -> list[str]:
    """The army lists shipped with the game (file names without .toml), sorted."""
    return sorted(e.name[:-5] for e in _armies_dir().iterdir() if e.name.endswith(".toml"))


def load_packaged_army(name: str) -> Army:
    stem = name[:-5] if name.endswith(".toml") else name
    names = packaged_army_names()
    if stem not in names:
        raise CampagneError("army.unknown_list", name=name, names=", ".join(names))
    text = _armies_dir().joinpath(stem + ".toml").read_text(encoding="utf-8")
    return load_army_text(text, f"atlantis/armies/{stem}.toml")


_ARMY_FIELDS = {"name", "people", "people_fr", "general", "units"}
_GENERAL_FIELDS = {"name", "name_fr", "leadership", "toughness", "points", "profile", "equipment", "special_rules",
                   "alive"}
_UNIT_FIELDS = {"id", "name", "name_fr", "kind", "ws", "models", "points_per_model", "extra_points", "warband",
                "warband_roll", "toughness", "hates", "start_models", "command", "profile", "equipment",
                "special_rules"}


def _where_unit(uid: str) -> dict[str, str]:
    return bilingual(f"unit {uid!r}", f"l'unité {uid!r}")


_WHERE_GENERAL = bilingual("the general", "le général")
_WHERE_ARMY = bilingual("the army", "l'armée")


def _malformed(source: str, en: str, fr: str) -> CampagneError:
    return CampagneError("army.malformed", file=source, reason=bilingual(en, fr))


def _unknown_fields(raw: Mapping[str, Any], allowed: set[str], source: str, where: dict[str, str]) -> None:
    extra = sorted(set(raw) - allowed)
    if extra:
        raise CampagneError("army.malformed", file=source, reason=bilingual(
            f"{where['en']}: unknown field(s) {', '.join(extra)}",
            f"{where['fr']} : champ(s) inconnu(s) {', '.join(extra)}"))


def _text(raw: Mapping[str, Any], key: str, source: str, where: dict[str, str],
          required: bool = True) -> str | None:
    value = raw.get(key)
    if value is None:
        if required:
            raise CampagneError("army.missing_field", file=source, where=where, field=key,
                                reason=bilingual("required", "obligatoire"))
        return None
    if not isinstance(value, str) or not value.strip():
        raise _malformed(source, f"{where['en']}: {key} must be a non-empty text",
                         f"{where['fr']} : {key} doit être un texte non vide")
    return value


def _int(value: Any, key: str, source: str, where: dict[str, str], low: int | None = 0,
         high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer():
            reason = bilingual("must be written as a whole number", "doit s'écrire comme un nombre entier")
        else:
            reason = bilingual("not a whole number", "pas un nombre entier")
        raise CampagneError("army.bad_number", file=source, where=where, field=key, value=value,
                            reason=reason)
    if (low is not None and value < low) or (high is not None and value > high):
        if high is None:
            reason = bilingual(f"must be at least {low}", f"doit valoir au moins {low}")
        else:
            reason = bilingual(f"must be between {low} and {high}", f"doit être entre {low} et {high}")
        raise CampagneError("army.bad_number", file=source, where=where, field=key, value=value,
                            reason=reason)
    return value


def _texts(raw: Mapping[str, Any], key: str, source: str, where: dict[str, str]) -> list[str]:
    value = raw.get(key, [])
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _malformed(source, f"{where['en']}: {key} must be a list of texts",
                         f"{where['fr']} : {key} doit être une liste de textes")
    return list(value)


SAVE_TEXT = re.compile(r"^(?:[1-6]\+|-)$")  # the save as WAB writes it (wab.profiles reads the same)


def _profile(raw: Mapping[str, Any], source: str, where: dict[str, str]) -> dict[str, int | str] | None:
    value = raw.get("profile")
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise _malformed(source, f"{where['en']}: profile must be a table such as {{ M = 4, WS = 3 }}",
                         f"{where['fr']} : profile doit être une table comme {{ M = 4, WS = 3 }}")
    out: dict[str, int | str] = {}
    for key, v in value.items():
        if key not in PROFILE_KEYS:
            raise _malformed(source, f"{where['en']}: unknown profile characteristic {key!r} "
                             f"(expected {', '.join(PROFILE_KEYS)})",
                             f"{where['fr']} : caractéristique de profil inconnue {key!r} "
                             f"(attendu : {', '.join(PROFILE_KEYS)})")
        if key == "save":
            if not isinstance(v, str) or not SAVE_TEXT.match(v.strip()):
                raise _malformed(source, f"{where['en']}: the save is written \"6+\" ... \"1+\", or \"-\" for none "
                                 f"(not {v!r})",
                                 f"{where['fr']} : la sauvegarde s'écrit \"6+\" ... \"1+\", ou \"-\" pour aucune "
                                 f"(pas {v!r})")
            v = v.strip()
        else:
            v = _int(v, f"profile.{key}", source, where, 0, 10)
        out[key] = v
    return out


def _from_profile(raw: Mapping[str, Any], key: str, prof_key: str, profile: Mapping[str, Any] | None,
                  source: str, where: dict[str, str], low: int, high: int,
                  missing_reason: dict[str, str] | None) -> int | None:
    """A number given directly (`key`) or read from the profile (`prof_key`); both must agree."""
    value = raw.get(key)
    from_prof = None if profile is None else profile.get(prof_key)
    if value is None:
        value = from_prof
    elif from_prof is not None and from_prof != value:
        raise CampagneError("army.inconsistent", file=source, where=where, field=key, value=value,
                            profile=from_prof)
    if value is None:
        if missing_reason is None:
            return None
        raise CampagneError("army.missing_field", file=source, where=where, field=key, reason=missing_reason)
    return _int(value, key, source, where, low, high)


def _bool(raw: Mapping[str, Any], key: str, default: bool, source: str, where: dict[str, str]) -> bool:
    value = raw.get(key, default)
    if not isinstance(value, bool):
        raise _malformed(source, f"{where['en']}: {key} must be true or false",
                         f"{where['fr']} : {key} doit valoir true ou false")
    return value


def _build_general(raw: Any, source: str) -> General:
    w = _WHERE_GENERAL
    if not isinstance(raw, Mapping):
        raise _malformed(source, "[general] must be a table", "[general] doit être une table")
    _unknown_fields(raw, _GENERAL_FIELDS, source, w)
    profile = _profile(raw, source, w)
    return General(
        name=_text(raw, "name", source, w),  # type: ignore[arg-type]
        leadership=_from_profile(raw, "leadership", "Ld", profile, source, w, 1, 10,
                                 bilingual("the general's Leadership", "le Leadership du général")),
        toughness=_from_profile(raw, "toughness", "T", profile, source, w, 1, 10,
                                bilingual("the recovery roll of a character needs it",
                                          "le jet de récupération d'un personnage en a besoin")),
        points=_int(raw.get("points"), "points", source, w) if "points" in raw else _missing(
            source, w, "points"),
        profile=profile,
        equipment=_texts(raw, "equipment", source, w),
        special_rules=_texts(raw, "special_rules", source, w),
        alive=_bool(raw, "alive", True, source, w),
        name_fr=_text(raw, "name_fr", source, w, required=False) or "",
    )


def _missing(source: str, where: dict[str, str], key: str) -> int:
    raise CampagneError("army.missing_field", file=source, where=where, field=key,
                        reason=bilingual("required", "obligatoire"))


def _build_unit(raw: Any, source: str, index: int) -> Unit:
    if not isinstance(raw, Mapping):
        raise _malformed(source, f"unit #{index + 1} must be a table ([[units]])",
                         f"l'unité n°{index + 1} doit être une table ([[units]])")
    uid = raw.get("id")
    if not isinstance(uid, str) or not uid.strip():
        raise CampagneError("army.missing_field", file=source,
                            where=bilingual(f"unit #{index + 1}", f"l'unité n°{index + 1}"), field="id",
                            reason=bilingual("a unique text such as \"spearmen1\"",
                                             "un texte unique comme \"spearmen1\""))
    w = _where_unit(uid)
    _unknown_fields(raw, _UNIT_FIELDS, source, w)
    name = _text(raw, "name", source, w)
    kind = raw.get("kind")
    if kind is None:
        raise CampagneError("army.missing_field", file=source, where=w, field="kind",
                            reason=bilingual(", ".join(KINDS), ", ".join(KINDS)))
    if kind not in KINDS:
        raise CampagneError("army.bad_kind", file=source, unit=uid, kind=kind, kinds=", ".join(KINDS))
    profile = _profile(raw, source, w)
    ws = _from_profile(raw, "ws", "WS", profile, source, w, 1, 10,
                       bilingual("Weapon Skill decides the combat strength",
                                 "la Capacité de Combat décide de la force de combat"))
    toughness = _from_profile(raw, "toughness", "T", profile, source, w, 1, 10,
                              bilingual("the recovery roll of a character needs it",
                                        "le jet de récupération d'un personnage en a besoin")
                              if kind == "character" else None)
    if "models" not in raw:
        _missing(source, w, "models")
    if "points_per_model" not in raw:
        _missing(source, w, "points_per_model")
    models = _int(raw["models"], "models", source, w)
    ppm = _int(raw["points_per_model"], "points_per_model", source, w)
    extra = _int(raw.get("extra_points", 0), "extra_points", source, w)
    start = _int(raw.get("start_models", models), "start_models", source, w)
    if start < models:
        raise CampagneError("army.bad_number", file=source, where=w, field="start_models", value=start,
                            reason=bilingual(f"cannot be less than models ({models})",
                                             f"ne peut être inférieur à models ({models})"))
    warband = raw.get("warband")
    if warband is not None:
        if warband not in WARBAND_TYPES:
            raise CampagneError("army.bad_warband", file=source, unit=uid, value=warband,
                                reason=bilingual("expected \"warband\" or \"fanatic\"",
                                                 "attendu : \"warband\" ou \"fanatic\""))
        if kind == "character":
            raise CampagneError("army.bad_warband", file=source, unit=uid, value=warband,
                                reason=bilingual("the Warband row counts units, not characters",
                                                 "la ligne Warband compte des unités, pas des personnages"))
    roll = raw.get("warband_roll")
    if roll is not None:
        if warband is None:
            raise CampagneError("army.bad_warband", file=source, unit=uid, value=warband,
                                reason=bilingual("a warband_roll needs a Warband unit",
                                                 "un warband_roll demande une unité Warband"))
        pool = _warband_die(warband)[0]
        roll = _int(roll, "warband_roll", source, w, pool.count, pool.count * pool.faces)
    return Unit(id=uid, name=name, kind=kind, ws=ws, models=models, points_per_model=ppm,  # type: ignore
                extra_points=extra, warband=warband, warband_roll=roll, toughness=toughness,
                hates=_bool(raw, "hates", False, source, w), start_models=start,
                command=_texts(raw, "command", source, w), profile=profile,
                equipment=_texts(raw, "equipment", source, w),
                special_rules=_texts(raw, "special_rules", source, w),
                name_fr=_text(raw, "name_fr", source, w, required=False) or "")


def _build_army(raw: Any, source: str) -> Army:
    if not isinstance(raw, Mapping):
        raise _malformed(source, "an army list is a table", "une liste d'armée est une table")
    _unknown_fields(raw, _ARMY_FIELDS, source, _WHERE_ARMY)
    name = _text(raw, "name", source, _WHERE_ARMY)
    people = _text(raw, "people", source, _WHERE_ARMY)
    general_raw = raw.get("general")
    general = None if general_raw is None else _build_general(general_raw, source)
    units_raw = raw.get("units", [])
    if not isinstance(units_raw, list):
        raise _malformed(source, "units must be a list of tables ([[units]])",
                         "units doit être une liste de tables ([[units]])")
    units: list[Unit] = []
    seen: set[str] = set()
    for i, u in enumerate(units_raw):
        unit = _build_unit(u, source, i)
        if unit.id in seen:
            raise CampagneError("army.duplicate_unit", file=source, unit=unit.id)
        seen.add(unit.id)
        units.append(unit)
    return Army(name=name, people=people, general=general, units=units,  # type: ignore[arg-type]
                people_fr=_text(raw, "people_fr", source, _WHERE_ARMY, required=False) or "")


# --------------------------------------------------------------------------- combat strength


def _cs_row(key: str):
    return data.tables()["combat_strength"].row(key)


def _cs_value(key: str) -> int:
    return int(_cs_row(key).get("value"))


def _warband_die(warband: str) -> tuple[DicePool, int]:
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
            pool, offset = _warband_die(u.warband)
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
            pool, _ = _warband_die(u.warband)
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


# --------------------------------------------------------------------------- losses and gains


def _check_amount(value: Any, what: dict[str, str], minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise CampagneError("army.bad_amount", what=what, minimum=minimum, value=value)
    return value


def _check_order(army: Army, order: Sequence[str] | None) -> list[Unit]:
    if order is None:
        return []
    units = []
    for uid in order:
        u = army.unit(uid)
        if u not in units:
            units.append(u)
    return units


def _default_victim(army: Army, eligible=lambda u: True) -> Unit | None:
    """Rank-and-file first, the unit with the most models (ties: the earlier one); characters only
    when no rank-and-file model is left."""
    rank_and_file = [u for u in army.units if u.models > 0 and not u.is_character]
    pool = rank_and_file or [u for u in army.units if u.models > 0 and u.is_character]
    best = None
    for u in pool:
        if eligible(u) and (best is None or u.models > best.models):
            best = u
    return best


def _take(unit: Unit, removed: dict[str, int]) -> None:
    unit.models -= 1
    removed[unit.id] = removed.get(unit.id, 0) + 1
    if unit.models == 0:
        unit.warband_roll = None  # "L'aléatoire dure tant que dure la Warband"


def remove_models(army: Army, n: int, order: Sequence[str] | None = None,
                  strict: bool = False) -> list[tuple[str, int]]:
    """Remove `n` models (eruption, desertion, conquest losses) and return (unit id, removed).

    Default allocation: one model at a time from the rank-and-file unit with the most models left
    (ties: the earlier unit of the list); characters are taken only when no rank-and-file model is
    left; the general is never taken. `order` is the player's choice: losses come from its first
    unit until it is empty, then the next...; whatever it cannot absorb follows the default rule,
    unless `strict` is true: then only the units of `order` lose models (the losses of a given unit
    after a battle) and what they cannot absorb is not removed.
    Never goes below 0: at most `army.model_count` models are removed. A unit reduced to 0 models
    loses its Warband roll.
    """
    n = _check_amount(n, bilingual("The number of models lost", "Le nombre de figurines perdues"))
    chosen = _check_order(army, order)
    removed: dict[str, int] = {}
    for _ in range(n):
        victim = next((u for u in chosen if u.models > 0), None)
        if victim is None and not strict:
            victim = _default_victim(army)
        if victim is None:
            break
        _take(victim, removed)
    return list(removed.items())


def remove_points(army: Army, points: int, order: Sequence[str] | None = None) -> list[tuple[str, int]]:
    """Remove losses given in army points ("Simulation des combats": "Les pertes sont exprimées en
    points d'armées et affectées aux unités au choix du joueur").

    Whole models are removed one at a time. Each time the unit is the first of `order` (else the
    default rule of `remove_models`) whose next model costs at most twice the points still to lose
    (so a model is taken when the remaining points are at least half its cost: rounding to the
    nearest model); its cost is then deducted. Units whose models cost 0 never absorb point losses.
    It stops when no unit qualifies; the general is never taken. Returns (unit id, models removed).
    """
    remaining = _check_amount(points, bilingual("The points lost", "Les points perdus"))
    chosen = _check_order(army, order)
    removed: dict[str, int] = {}

    def eligible(u: Unit) -> bool:
        return u.models > 0 and u.points_per_model > 0 and 2 * remaining >= u.points_per_model

    while remaining > 0:
        victim = next((u for u in chosen if eligible(u)), None) or _default_victim(army, eligible)
        if victim is None:
            break
        remaining -= victim.points_per_model
        _take(victim, removed)
    return list(removed.items())


def recover_models(army: Army, per_unit: Mapping[str, int]) -> list[tuple[str, int]]:
    """Give back models after a battle ("Il récupère 50% des figurines tuées..."): each unit gets at
    most its `start_models` back. A unit brought back from 0 models is a new Warband: no roll.
    Returns (unit id, models actually given back)."""
    units = [(army.unit(uid), _check_amount(n, bilingual("The number of models recovered",
                                                          "Le nombre de figurines récupérées")))
             for uid, n in per_unit.items()]
    out = []
    for u, n in units:
        given = min(n, u.start_models - u.models)
        if given > 0:
            if u.models == 0:
                u.warband_roll = None
            u.models += given
            out.append((u.id, given))
    return out


def reset_start_models(army: Army) -> None:
    """After a reorganisation ("recomposer sa liste d'armée"): the current models become the cap
    of later recoveries."""
    for u in army.units:
        u.start_models = u.models


def _loot(army_points: int) -> int:
    return army_points * int(data.constants()["loot_per_army_point"])


def reinforce_cost(army: Army, unit_id: str, models: int) -> int:
    u = army.unit(unit_id)
    models = _check_amount(models, bilingual("The number of reinforcements", "Le nombre de renforts"), 1)
    return _loot(models * u.points_per_model)


def reinforce(army: Army, unit_id: str, models: int) -> int:
    """Add `models` bought models to a unit ("1 point de butin = 1 point d'armée"); returns the loot
    they cost (models × points per model). The recovery cap grows if the unit goes beyond it."""
    cost = reinforce_cost(army, unit_id, models)
    u = army.unit(unit_id)
    if u.models == 0:
        u.warband_roll = None  # a new Warband
    u.models += models
    u.start_models = max(u.start_models, u.models)
    return cost


def make_unit(raw: Mapping[str, Any], source: str = "<recruit>") -> Unit:
    """Validate a unit given as a dict (the `[[units]]` format): a new unit has no Warband roll and
    its start_models are its models."""
    clean = {k: v for k, v in raw.items() if k not in ("warband_roll", "start_models")}
    return _build_unit(clean, source, 0)


def recruit_cost(raw: Mapping[str, Any]) -> int:
    return _loot(make_unit(raw).points)


def recruit(army: Army, unit_dict: Mapping[str, Any]) -> int:
    """Add a new unit bought with loot; returns its cost in loot (models × points per model + extra
    points, 1 loot = 1 army point). Its id must be new in the army."""
    unit = make_unit(unit_dict)
    if army.has_unit(unit.id):
        raise CampagneError("army.duplicate_unit", file=army.name, unit=unit.id)
    army.units.append(unit)
    return _loot(unit.points)


def add_escaped_slaves(army: Army, models: int, unit_id: str = "escaped_slaves") -> Unit:
    """Event 12, "Esclaves en fuite": a new skirmisher unit of `models` escaped slaves (the caller
    rolls the 10+1D6), with the seed's profile, daggers, javelins and bucklers, and Hatred of the
    enemies of their liberators. Worth ESCAPED_SLAVES_POINTS (5) points a model."""
    models = _check_amount(models, bilingual("The number of escaped slaves", "Le nombre d'esclaves en fuite"), 1)
    if army.has_unit(unit_id):
        raise CampagneError("army.duplicate_unit", file=army.name, unit=unit_id)
    row = data.tables()["events"].row("escaped_slaves")
    unit = Unit(id=unit_id, name=str(row.get("name_en", "Escaped slaves")), kind="skirmishers",
                ws=int(ESCAPED_SLAVES_PROFILE["WS"]), models=models, points_per_model=ESCAPED_SLAVES_POINTS,
                toughness=int(ESCAPED_SLAVES_PROFILE["T"]), hates=True, start_models=models,
                profile=dict(ESCAPED_SLAVES_PROFILE), equipment=list(ESCAPED_SLAVES_EQUIPMENT),
                special_rules=list(ESCAPED_SLAVES_RULES))
    army.units.append(unit)
    return unit


def load_army_mapping(raw: Mapping[str, Any], source: str = "<army>") -> Army:
    """An army list already parsed (a dict in the file format, e.g. from a JSON command)."""
    return _build_army(raw, source)


def characters(army: Army) -> list[Unit]:
    """The character units (each model a character recovered on D6 ≤ its Toughness)."""
    return [u for u in army.units if u.is_character]


__all__ = [
    "Army", "General", "Unit", "KINDS", "ESCAPED_SLAVES_POINTS", "ESCAPED_SLAVES_PROFILE",
    "load_army_text", "load_army_file", "load_packaged_army", "packaged_army_names",
    "combat_strength", "strength_breakdown", "strength_distribution", "roll_warbands",
    "initiative", "initiative_breakdown", "effective_leadership",
    "remove_models", "remove_points", "recover_models", "reset_start_models",
    "reinforce", "reinforce_cost", "recruit", "recruit_cost", "make_unit", "add_escaped_slaves",
    "characters", "load_army_mapping",
]
