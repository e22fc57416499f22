"""Typing mistakes on the command line (an unknown option, `--bribe abc`, a number out of range, a missing
argument) as one sentence in the reader's language, instead of the parser's usage text."""

from __future__ import annotations

import re
from typing import Any

from typer._click import exceptions as click_errors

UsageError = click_errors.UsageError
NoArgsIsHelp = click_errors.NoArgsIsHelpError

_DETAILS = (  # the parser's own phrases about a value, in French
    (re.compile(r"^'?(.*?)'? is not a valid (int|integer|int range)\.?$"), "« {0} » n'est pas un nombre entier"),
    (re.compile(r"^'?(.*?)'? is not a valid float\.?$"), "« {0} » n'est pas un nombre"),
    (re.compile(r"^'?(.*?)'? is not a valid boolean\.?$"), "« {0} » n'est ni vrai ni faux"),
    (re.compile(r"^(.*?) is not in the range (.*?)\.?$"), "{0} n'est pas dans l'intervalle {1}"),
    (re.compile(r"^'?(.*?)'? is not one of (.*?)\.?$"), "« {0} » n'est pas l'un de {1}"),
)


def _french_detail(text: str) -> str:
    for pattern, french in _DETAILS:
        m = pattern.match(text.strip())
        if m:
            return french.format(*m.groups())
    return text.rstrip(".")


def _hint(exc: Any) -> str:
    hint = getattr(exc, "param_hint", None)
    if hint is None and getattr(exc, "param", None) is not None:
        hint = exc.param.get_error_hint(exc.ctx)
    if hint is None:
        return ""
    return hint if isinstance(hint, str) else " / ".join(hint)


def sentence(exc: UsageError, lang: str) -> str:
    """One sentence saying what was mistyped."""
    hint = _hint(exc).replace("'", "")
    if isinstance(exc, click_errors.MissingParameter):
        argument = exc.param is not None and exc.param.param_type_name == "argument"
        if lang == "fr":
            return f"Il manque {'l’argument' if argument else 'l’option'} {hint}."
        return f"Missing {'argument' if argument else 'option'} {hint}."
    if isinstance(exc, click_errors.BadParameter):
        detail = exc.message.strip().rstrip(".")
        if lang == "fr":
            return f"Valeur invalide pour {hint} : {_french_detail(detail)}."
        return f"Invalid value for {hint}: {detail}."
    if isinstance(exc, click_errors.NoSuchOption):
        return f"Option inconnue : {exc.option_name}." if lang == "fr" else f"Unknown option: {exc.option_name}."
    message = exc.format_message().strip().rstrip(".")
    if lang == "fr":
        m = re.match(r"^Got unexpected extra arguments? \((.*)\)$", message)
        if m:
            return f"Argument(s) en trop : {m.group(1)}."
        m = re.match(r"^No such command '(.*)'$", message)
        if m:
            return f"Commande inconnue : {m.group(1)}."
    return message + "."


def strict_numbers() -> None:
    """Number options (`--bribe N`, `--players N`...) read as campagne reads every number a person types: the
    parser's int() and float() would also take `1_0` as 10, `٣` as 3, `nan` and `inf`; such a value is then
    refused as any mistyped number is (one sentence)."""
    from ..core.bounded import strict_int
    from typer._click import types as module
    module.IntParamType._number_class = staticmethod(strict_int)
    module.FloatParamType._number_class = staticmethod(_strict_float)


def _strict_float(value: Any) -> float:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        number = float(value)
    elif isinstance(value, str) and re.fullmatch(r"-?[0-9]+(\.[0-9]+)?", value):
        number = float(value)
    else:
        raise ValueError(f"not a number: {value!r}")
    if abs(number) >= 1e9:
        raise ValueError(f"too large: {value!r}")
    return number
