"""What every lookup in the WAB reference sheet's tables shares (seed 002): the refusals' messages,
the checks of what a caller gives, the normalised names and the reading of data/tables.toml."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ...core.errors import CampagneError, bilingual, register_messages
from ...core.tables import Table
from . import data


register_messages({
    "wab.bad_value": {
        "en": "{what} must be {expected}, not {value!r}.",
        "fr": "{what} doit être {expected}, pas {value!r}.",
    },
    "wab.unknown_weapon": {
        "en": "Unknown missile weapon {name!r} (the reference sheet lists: {names}).",
        "fr": "Arme de jet inconnue {name!r} (la feuille de référence donne : {names}).",
    },
    "wab.unknown_modifier": {
        "en": "Unknown {table} modifier {name!r} (expected one of: {names}).",
        "fr": "Modificateur inconnu {name!r} pour {table} (attendu : {names}).",
    },
    "wab.repeated_modifier": {
        "en": "The modifier {name!r} is given twice: each condition either applies or not.",
        "fr": "Le modificateur {name!r} est donné deux fois : une condition s'applique ou non.",
    },
    "wab.exclusive_modifiers": {
        "en": "The modifiers {first!r} and {second!r} cannot both apply to one shot.",
        "fr": "Les modificateurs {first!r} et {second!r} ne peuvent pas s'appliquer au même tir.",
    },
    "wab.unknown_equipment": {
        "en": "Unknown protective equipment {name!r} (known: {names}).",
        "fr": "Équipement de protection inconnu {name!r} (connus : {names}).",
    },
    "wab.conflicting_equipment": {
        "en": "The equipment {items} cannot be combined: {reason}.",
        "fr": "L'équipement {items} ne peut pas être combiné : {reason}.",
    },
    "wab.unknown_terrain": {
        "en": "Unknown terrain {name!r} (expected one of: {names}).",
        "fr": "Terrain inconnu {name!r} (attendu : {names}).",
    },
    "wab.cannot_shoot": {
        "en": "{weapon} may not shoot after moving (\"Pas de Déplacement + Tir\").",
        "fr": "{weapon} ne peut pas tirer après un déplacement (« Pas de Déplacement + Tir »).",
    },
    "wab.out_of_range": {
        "en": "{weapon} reaches {range}\"; a target {distance}\" away is out of range.",
        "fr": "{weapon} porte à {range} ps ; une cible à {distance} ps est hors de portée.",
    },
})


def label(en: str, fr: str) -> dict[str, str]:
    """What a refusal names, in both languages."""
    return bilingual(en, fr)


def int_of(value: Any, what: dict[str, str], low: int | None = None, high: int | None = None) -> int:
    """`value` when it is a whole number within the bounds given; else a refusal naming `what`."""
    if isinstance(value, bool) or not isinstance(value, int) or (low is not None and value < low) or (
            high is not None and value > high):
        if low is not None and high is not None:
            expected = bilingual(f"a whole number from {low} to {high}",
                                 f"un nombre entier de {low} à {high}")
        elif low is not None:
            expected = bilingual(f"a whole number of at least {low}", f"un nombre entier d'au moins {low}")
        else:
            expected = bilingual("a whole number", "un nombre entier")
        raise CampagneError("wab.bad_value", what=what, value=value, expected=expected)
    return value


def bool_of(value: Any, what: dict[str, str]) -> bool:
    """`value` when it is true or false; else a refusal naming `what`."""
    if not isinstance(value, bool):
        raise CampagneError("wab.bad_value", what=what, value=value,
                            expected=bilingual("true or false", "vrai ou faux"))
    return value


def choice_of(value: Any, choices: Iterable[str], what: dict[str, str]) -> str:
    """`value` when it is one of `choices`; else a refusal naming `what`."""
    choices = tuple(choices)
    if not isinstance(value, str) or value not in choices:
        raise CampagneError("wab.bad_value", what=what, value=value,
                            expected=bilingual(f"one of {', '.join(choices)}",
                                               f"l'un de {', '.join(choices)}"))
    return value


def distance_of(value: Any, what: dict[str, str]) -> Fraction:
    """`value` as a distance in inches (0 or more); else a refusal naming `what`."""
    number = not isinstance(value, bool) and isinstance(value, (int, Fraction, float))
    if not number or value != value or value < 0 or value == float("inf"):
        raise CampagneError("wab.bad_value", what=what, value=value,
                            expected=bilingual("a distance in inches, 0 or more",
                                               "une distance en pouces, 0 ou plus"))
    return Fraction(value)


def names_of(value: Any, what: dict[str, str]) -> list[str]:
    """An iterable of texts (a single text counts as one name)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, Mapping) or not isinstance(value, Iterable):
        raise CampagneError("wab.bad_value", what=what, value=value,
                            expected=bilingual("a list of names", "une liste de noms"))
    out = list(value)
    for v in out:
        if not isinstance(v, str):
            raise CampagneError("wab.bad_value", what=what, value=v,
                                expected=bilingual("a name (text)", "un nom (texte)"))
    return out


@lru_cache(maxsize=4096)  # a pure function of a text, asked for the same few names at every view and order
def normalise(name: str) -> str:
    """Lower case, no accents, one space between words, '_' and '-' read as spaces: how names match."""
    text = unicodedata.normalize("NFKD", name)
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = re.sub(r"[_\-]+", " ", text.lower())
    return " ".join(text.split())


def table_of(name: str) -> Table:
    """One of the sheet's tables (data/tables.toml)."""
    return data.tables()[name]


def frac_of(text: str) -> Fraction:
    """A table's number as written ("1/2", "1.5"), exact."""
    return Fraction(str(text))
