"""The army lists of the Atlantis campaign as data: a general (or none) and units, plain data that
`Army.to_dict()` / `Army.from_dict()` round-trip exactly (the state embeds armies; a journal replays bit for
bit). Loading is in `army_file`, combat strength and initiative in `army_strength`, losses and gains in `army`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...core.errors import CampagneError, register_messages

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
        from .army_file import build_general  # checked as a file is (army_file reads into these classes)
        return build_general(raw, source)


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
        from .army_file import build_unit  # checked as a file is (army_file reads into these classes)
        return build_unit(raw, source, 0)


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
        from .army_file import build_army  # checked as a file is (army_file reads into these classes)
        return build_army(raw, source)

    def copy(self) -> Army:
        return Army.from_dict(self.to_dict())
