"""WAB army lists: `WabArmy`, read from TOML (one unit's file or a list of `[[units]]`, in profiles.py's unit
format) or converted from an Atlantis campaign army (its units' kinds, command and special rules read from the
army list's texts; data/units.toml)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...core.errors import CampagneError, bilingual, register_messages
from ...storage.text_file import load_toml, read_utf8
from . import data, tables
from .profiles import CHARACTERISTICS, SPECIAL_RULES, Profile, Reader, Unit, build_unit, default_files
from .tables import normalise

register_messages({
    "wab.duplicate_unit": {
        "en": "{file}: the unit id {unit!r} is used twice.",
        "fr": "{file} : l'identifiant d'unité {unit!r} est employé deux fois.",
    },
    "wab.no_profile": {
        "en": ("The Atlantis army {army!r}: {where} has no profile (M WS BS S T W I A Ld), "
               "which a WAB battle needs."),
        "fr": ("L'armée atlante {army!r} : {where} n'a pas de profil (M WS BS S T W I A Ld), "
               "nécessaire à une bataille WAB."),
    },
})


# --------------------------------------------------------------------------- army list


@dataclass
class WabArmy:
    """An army list for a WAB battle: a name and its units (the general is a unit with is_general)."""

    name: str
    units: list[Unit] = field(default_factory=list)

    def unit(self, unit_id: str) -> Unit:
        for u in self.units:
            if u.id == unit_id:
                return u
        raise CampagneError("wab.bad_value", what=bilingual("The unit id", "L'identifiant d'unité"),
                            value=unit_id,
                            expected=bilingual(f"one of {', '.join(u.id for u in self.units)}",
                                               f"l'un de {', '.join(u.id for u in self.units)}"))

    @property
    def general(self) -> Unit | None:
        return next((u for u in self.units if u.is_general and u.alive), None)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "units": [u.to_dict() for u in self.units]}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], source: str = "<army>") -> WabArmy:
        return _build_army(raw, source)


def _build_army(raw: Any, source: str) -> WabArmy:
    r = Reader(raw, source, bilingual("the army list", "la liste d'armée"))
    r.unknown(("name", "units"))
    name = r.text("name", default="Army")
    units_raw = raw.get("units", [])
    if not isinstance(units_raw, list):
        raise r.malformed("needs units as a list of tables ([[units]])",
                          "demande units comme une liste de tables ([[units]])")
    units: list[Unit] = []
    for i, u in enumerate(units_raw):
        unit = build_unit(u, source, i)
        if any(x.id == unit.id for x in units):
            raise CampagneError("wab.duplicate_unit", file=source, unit=unit.id)
        units.append(unit)
    return WabArmy(name=name, units=units)


def _parse(text: str, source: str) -> dict[str, Any]:
    if not isinstance(text, str):
        raise CampagneError("wab.malformed", file=source, reason=bilingual("not a text", "pas un texte"))
    return load_toml(text, "wab.malformed", file=source)


def load_unit_text(text: str, source: str = "<unit>") -> Unit:
    """One unit written in TOML, its fields at the top level."""
    return build_unit(_parse(text, source), source, None)


def load_army_text(text: str, source: str = "<army>") -> WabArmy:
    """An army list (`name`, `[[units]]`), or a single unit's file (an army of that unit)."""
    raw = _parse(text, source)
    if "units" in raw or "profile" not in raw:
        return _build_army(raw, source)
    unit = build_unit(raw, source, None)
    return WabArmy(name=unit.name, units=[unit])


def load_army_file(path: str | Path) -> WabArmy:
    return load_army_text(read_utf8(path, "wab.unreadable", "wab.malformed"), str(Path(path)))


# --------------------------------------------------------------------------- from an Atlantis army


def _words_match(text: str, words: Iterable[str]) -> bool:
    t = f" {re.sub(r'[^a-z0-9]+', ' ', normalise(text))} "
    return any(f" {re.sub(r'[^a-z0-9]+', ' ', normalise(w))} " in t for w in words)


def special_rules_from_text(texts: Iterable[str]) -> list[str]:
    """The SPECIAL_RULES keys that army-list texts name ("Cause fear" -> "fear"; data/units.toml)."""
    words = data.unit_defaults()["special_rule_words"]
    out: list[str] = []
    for text in texts:
        for key in SPECIAL_RULES:
            if key not in out and _words_match(text, words.get(key, ())):
                out.append(key)
    return [k for k in SPECIAL_RULES if k in out]


def _profile_from_atlantis(profile: Mapping[str, Any] | None, equipment: list[str], rules: list[str],
                           army: str, where: dict[str, str]) -> Profile:
    if profile is None or any(k not in profile for k in CHARACTERISTICS):
        raise CampagneError("wab.no_profile", army=army, where=where)
    raw = {**{k: profile[k] for k in CHARACTERISTICS}, "save": profile.get("save", "-")}
    return Profile.from_dict({**raw, "equipment": list(equipment), "special_rules": list(rules)}, army, where)


def units_from_atlantis_army(army: Any, files: Mapping[str, int] | None = None) -> list[Unit]:
    """The units of an Atlantis campaign army (`atlantis.army.Army`) for a WAB battle.

    The general becomes a character unit (id "general", is_general) of one model (none if dead). Each
    unit keeps its id, name (and French name), models and start models, and its profile, equipment and special rules;
    its kind gives the WAB kind and formation (data/units.toml [atlantis_kinds]); its command gives the
    leader ("Leader"), the musician ("Musician") and the standard ("Standard Bearer", "Standard"); a
    command or equipment naming the army standard gives `army_standard`; special rules are read from
    the texts (and the Warband and Hatred fields). `files` maps unit ids to frontages; otherwise the
    default frontage applies. Every unit needs a profile."""
    from ..atlantis.army import Army  # the campaign's army lists

    if not isinstance(army, Army):
        raise CampagneError("wab.bad_value", what=bilingual("The army", "L'armée"),
                            value=type(army).__name__,
                            expected=bilingual("an Atlantis army list", "une liste d'armée atlante"))
    files = dict(files or {})
    for uid, n in files.items():
        tables.int_of(n, bilingual(f"The files of {uid!r}", f"Le front de {uid!r}"), 1)
    mapping = data.unit_defaults()["atlantis_kinds"]
    std_words = data.unit_defaults()["army_standard_words"]["words"]
    out: list[Unit] = []
    g = army.general
    if g is not None:
        rules_text = list(g.special_rules)
        prof = _profile_from_atlantis(g.profile, list(g.equipment), rules_text, army.name,
                                      bilingual("the general", "le général"))
        out.append(Unit(id="general", name=g.name, name_fr=g.name_fr, profile=prof, models=1 if g.alive else 0,
                        files=files.get("general", 1), kind="character", formation="open_order",
                        start_models=1, is_general=True,
                        army_standard=any(_words_match(t, std_words) for t in [*g.equipment, *rules_text]),
                        special_rules=special_rules_from_text(rules_text)))
    for u in army.units:
        spec = mapping[u.kind]
        kind, formation = spec["kind"], spec["formation"]
        prof = _profile_from_atlantis(u.profile, list(u.equipment), list(u.special_rules), army.name,
                                      bilingual(f"unit {u.id!r}", f"l'unité {u.id!r}"))
        command = [normalise(c) for c in u.command]
        texts = list(u.special_rules)
        if u.warband:
            texts.append("Warband")
        if u.hates:
            texts.append("Hatred")
        rules = special_rules_from_text(texts)
        if kind == "elephant" and "large_target" not in rules:
            rules = special_rules_from_text([*texts, "large target"])
        out.append(Unit(
            id=u.id, name=u.name, name_fr=u.name_fr, profile=prof, models=u.models,
            files=files.get(u.id, default_files(kind, formation, u.models)),
            kind=kind, formation=formation, start_models=u.start_models,
            leader=any(c in ("leader", "chef", "champion") for c in command),
            musician=any(c in ("musician", "musicien") for c in command),
            standard=any(c in ("standard bearer", "standard", "porte etendard", "etendard") for c in command),
            army_standard=any(_words_match(t, std_words) for t in [*u.command, *u.equipment]),
            special_rules=rules))
    if files:
        unknown = sorted(set(files) - {u.id for u in out})
        if unknown:
            raise CampagneError("wab.bad_value", what=bilingual("The files mapping", "Le front donné"),
                                value=", ".join(unknown),
                                expected=bilingual("ids of the army's units",
                                                   "des identifiants d'unités de l'armée"))
    return out


def army_from_atlantis(army: Any, files: Mapping[str, int] | None = None) -> WabArmy:
    return WabArmy(name=army.name, units=units_from_atlantis_army(army, files))


__all__ = ["WabArmy", "load_unit_text", "load_army_text", "load_army_file", "special_rules_from_text",
           "units_from_atlantis_army", "army_from_atlantis"]
