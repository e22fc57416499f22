"""Errors that reach users: a message code, its parameters, and a sentence in French or English.

Every refusal (bad dice expression, illegal order, wrong phase, malformed file) is a
`CampagneError`. The command line prints `error.message(lang)` and exits with status 2;
nothing else is ever shown to a user for bad input.
"""

from __future__ import annotations

from typing import Any

# code -> {"en": template, "fr": template}; templates use str.format fields.
MESSAGES: dict[str, dict[str, str]] = {}


def register_messages(catalog: dict[str, dict[str, str]]) -> None:
    """Add a module's message templates (each code once: a clash is a programming error)."""
    for code, texts in catalog.items():
        if code in MESSAGES and MESSAGES[code] != texts:
            raise ValueError(f"message code {code!r} registered twice with different texts")
        if set(texts) != {"en", "fr"}:
            raise ValueError(f"message {code!r} needs exactly 'en' and 'fr' texts")
        MESSAGES[code] = texts


class CampagneError(Exception):
    """A refusal with a stable code, parameters and a sentence in the user's language."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        # (the sentence is made when read, not here: the legal orders meet thousands of refusals nobody reads)
        super().__init__(code)

    def __str__(self) -> str:
        return self.message("en")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.message('en')!r})"

    def message(self, lang: str = "en") -> str:
        texts = MESSAGES.get(self.code)
        if texts is None:
            detail = ", ".join(f"{k}={v}" for k, v in self.params.items())
            return f"{self.code}: {detail}" if detail else self.code
        template = texts.get(lang) or texts["en"]
        params = _Params({k: _localise(v, lang) for k, v in self.params.items()})
        try:
            return template.format_map(params)
        except (KeyError, IndexError):
            return template

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        return {"error": self.code, "message": self.message(lang), "params": _jsonable(self.params)}


class _Params(dict):
    """A message's parameters; `hint` (a "did you mean ...?" or any optional addition) may be left out."""

    def __missing__(self, key: str) -> str:
        if key == "hint":
            return ""
        raise KeyError(key)


def need(condition: bool, code: str, **params: Any) -> None:
    """Refuse an order with a clear message unless `condition` holds."""
    if not condition:
        raise CampagneError(code, **params)


def bilingual(en: str, fr: str) -> dict[str, str]:
    """A parameter value that reads in both languages (e.g. the reason of a syntax error)."""
    return {"en": en, "fr": fr}


def _localise(value: Any, lang: str) -> Any:
    if isinstance(value, dict) and set(value) == {"en", "fr"}:
        return value.get(lang, value["en"])
    return value


def _jsonable(params: dict[str, Any]) -> dict[str, Any]:
    return {k: v if isinstance(v, (int, float, str, bool, type(None), list, dict)) else str(v)
            for k, v in params.items()}


register_messages({
    "dice.syntax": {
        "en": "Bad dice expression {expr!r} at position {pos}: {reason}.",
        "fr": "Expression de dés {expr!r} invalide à la position {pos} : {reason}.",
    },
    "dice.not_recorded": {
        "en": "The journal does not replay: the rules roll {expr} ({purpose}) where the journal recorded other dice.",
        "fr": "Le journal ne se rejoue pas : les règles lancent {expr} ({purpose}) là où le journal a noté d'autres dés.",
    },
    "dice.no_seed": {
        "en": "This order rolls dice ({purpose}): only the referee can give it, with the campaign's referee file "
              "(its secret seed) beside the journal.",
        "fr": "Cet ordre lance des dés ({purpose}) : seul l'arbitre peut le donner, avec le fichier d'arbitre de la "
              "campagne (sa graine secrète) à côté du journal.",
    },
    "dice.too_large": {
        "en": "Dice expression {expr!r} is too large ({reason}).",
        "fr": "L'expression de dés {expr!r} est trop grande ({reason}).",
    },
    "ruleset.unknown": {
        "en": "Unknown ruleset {name!r} (known: {known}).",
        "fr": "Règle inconnue {name!r} (connues : {known}).",
    },
    "ruleset.bad_descriptor": {
        "en": "The game registered as {name!r} does not declare itself properly (a GameDescriptor named {name!r}).",
        "fr": "Le jeu enregistré sous {name!r} ne se déclare pas correctement (un GameDescriptor nommé {name!r}).",
    },
    "table.unknown": {
        "en": "Unknown table {table!r}.",
        "fr": "Table inconnue {table!r}.",
    },
    "table.no_row": {
        "en": "Table {table!r} has no row for {value}.",
        "fr": "La table {table!r} n'a pas de ligne pour {value}.",
    },
    "table.malformed": {
        "en": "Malformed table file {file}: {reason}.",
        "fr": "Fichier de tables {file} mal formé : {reason}.",
    },
})
