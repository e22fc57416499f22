"""Army lists of the Atlantis campaign read from their files (TOML), checked field by field.

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

"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from ...core.errors import CampagneError, bilingual
from ...storage.text_file import load_toml, read_utf8
from .army_model import KINDS, PROFILE_KEYS, WARBAND_TYPES, Army, General, Unit
from .army_strength import warband_die

# --------------------------------------------------------------------------- loading & validation


def load_army_text(text: str, source: str = "<army>") -> Army:
    """Parse an army list written in TOML; any mistake raises a CampagneError naming `source`."""
    return build_army(load_toml(text, "army.malformed", file=source), source)


def load_army_file(path: str | Path) -> Army:
    return load_army_text(read_utf8(path, "army.unreadable", "army.malformed"), str(Path(path)))


def _armies_dir():
    return resources.files(__package__).joinpath("armies")


def packaged_army_names() -> list[str]:
    """The army lists shipped with the game (file names without .toml), sorted."""
    return sorted(e.name[:-5] for e in _armies_dir().iterdir() if e.name.endswith(".toml"))


def packaged_army_words(value: str, o: Any) -> str | None:
    """A packaged army list by its printed name in the reader's language (the French name the list prints, its
    people and points in English); None for what is no packaged list (a club's own file)."""
    if value not in packaged_army_names():
        return None
    army = load_packaged_army(value)
    return army.name if o.lang == "fr" else f"{army.people} ({army.points} points)"


@functools.cache
def _peoples_fr() -> dict[str, str]:
    """Each packaged list's people (English) -> its French name, as the lists write them."""
    out: dict[str, str] = {}
    for stem in packaged_army_names():
        army = load_packaged_army(stem)
        if army.people and army.people_fr:
            out.setdefault(army.people, army.people_fr)
    return out


_SEAT_NAME = re.compile(r"^(?P<people>.+?) (?P<n>\d+)$")


def player_name_words(name: str, o: Any) -> str | None:
    """A simulated player's set-up name (« Mycenaean 1 »: his people and seat, simulate.setup_for) in the
    reader's language: « Mycéniens 1 » in French. Translated as it is read, never stored: a journal keeps the
    name it was set up with and replays bit for bit. None for a name chosen otherwise (kept as written)."""
    found = _SEAT_NAME.match(name) if o.lang == "fr" else None
    people = _peoples_fr().get(found["people"]) if found else None
    return f"{people} {found['n']}" if people else None


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


def build_general(raw: Any, source: str) -> General:
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


def build_unit(raw: Any, source: str, index: int) -> Unit:
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
        pool = warband_die(warband)[0]
        roll = _int(roll, "warband_roll", source, w, pool.count, pool.count * pool.faces)
    return Unit(id=uid, name=name, kind=kind, ws=ws, models=models, points_per_model=ppm,  # type: ignore
                extra_points=extra, warband=warband, warband_roll=roll, toughness=toughness,
                hates=_bool(raw, "hates", False, source, w), start_models=start,
                command=_texts(raw, "command", source, w), profile=profile,
                equipment=_texts(raw, "equipment", source, w),
                special_rules=_texts(raw, "special_rules", source, w),
                name_fr=_text(raw, "name_fr", source, w, required=False) or "")


def build_army(raw: Any, source: str) -> Army:
    if not isinstance(raw, Mapping):
        raise _malformed(source, "an army list is a table", "une liste d'armée est une table")
    _unknown_fields(raw, _ARMY_FIELDS, source, _WHERE_ARMY)
    name = _text(raw, "name", source, _WHERE_ARMY)
    people = _text(raw, "people", source, _WHERE_ARMY)
    general_raw = raw.get("general")
    general = None if general_raw is None else build_general(general_raw, source)
    units_raw = raw.get("units", [])
    if not isinstance(units_raw, list):
        raise _malformed(source, "units must be a list of tables ([[units]])",
                         "units doit être une liste de tables ([[units]])")
    units: list[Unit] = []
    seen: set[str] = set()
    for i, u in enumerate(units_raw):
        unit = build_unit(u, source, i)
        if unit.id in seen:
            raise CampagneError("army.duplicate_unit", file=source, unit=unit.id)
        seen.add(unit.id)
        units.append(unit)
    return Army(name=name, people=people, general=general, units=units,  # type: ignore[arg-type]
                people_fr=_text(raw, "people_fr", source, _WHERE_ARMY, required=False) or "")


def make_unit(raw: Mapping[str, Any], source: str = "<recruit>") -> Unit:
    """Validate a unit given as a dict (the `[[units]]` format): a new unit has no Warband roll and
    its start_models are its models."""
    clean = {k: v for k, v in raw.items() if k not in ("warband_roll", "start_models")}
    return build_unit(clean, source, 0)


def load_army_mapping(raw: Mapping[str, Any], source: str = "<army>") -> Army:
    """An army list already parsed (a dict in the file format, e.g. from a JSON command)."""
    return build_army(raw, source)
