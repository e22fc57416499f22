"""The values of a game's declared options (`GameOption`) read from what a person gave, by any interface: the
command line's `--name VALUE` words, a web form's fields. Pure: one reading, one set of refusals, for both."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .bounded import whole_number
from .errors import CampagneError, register_messages
from .interface import GameOption, check_option_groups


def read_options(declared: Sequence[GameOption], given: Sequence[tuple[str, str | None]], game: str, command: str
                 ) -> dict[str, Any]:
    """(name, raw value) pairs, in the order given (None: a flag given without a value) -> {name_with_underscores:
    value}, every declared option present (its default when not given). An option the game does not declare, a
    value outside its choices, a number that is none, a missing value and options of different groups are
    refused in one sentence."""
    by_name = {o.name: o for o in declared}
    values: dict[str, Any] = {o.name.replace("-", "_"): ([] if o.kind == "list" else o.default) for o in declared}
    typed: list[str] = []
    for name, raw in given:
        option = by_name.get(name)
        if option is None:
            raise CampagneError("options.unknown", option=f"--{name}", game=game, command=command,
                                known=", ".join(f"--{o}" for o in by_name) or "-")
        typed.append(name)
        key = name.replace("-", "_")
        if option.kind == "bool":
            values[key] = True
            continue
        if raw is None:
            raise CampagneError("order.missing", order=command, field=f"--{name}")
        if option.choices and raw not in option.choices:
            raise CampagneError("options.bad_choice", option=f"--{name}", value=raw, known=", ".join(option.choices))
        value: Any = raw
        if option.kind == "int":
            value = whole_number(raw, f"--{name}")
        if option.kind == "list":
            values[key].append(value)
        else:
            values[key] = value
    check_option_groups(declared, typed)
    return values


register_messages({
    "options.unknown": {"en": "{command} of {game} has no option {option} (its options: {known}).",
                        "fr": "{command} de {game} n'a pas d'option {option} (ses options : {known})."},
    "options.bad_choice": {"en": "Bad value {value!r} for {option} (one of: {known}).",
                           "fr": "Valeur {value!r} invalide pour {option} (au choix : {known})."},
})
