"""The options a game declares for a generic command (`campagne new NAME --map F`, `campagne battle-result T
--winner P`), read from the words typed after the command's own: anything the game does not declare is refused
with the list of what it takes, and options of different groups are refused together."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.errors import CampagneError, register_messages
from ..core.interface import GameOption, check_option_groups


def read_game_options(declared: Sequence[GameOption], words: list[str], game: str, command: str
                      ) -> dict[str, Any]:
    """`--name VALUE`, `--name=VALUE` and `--flag` words -> {name_with_underscores: value}, every declared
    option present (its default when not typed)."""
    by_name = {o.name: o for o in declared}
    values: dict[str, Any] = {o.name.replace("-", "_"): ([] if o.kind == "list" else o.default) for o in declared}
    typed: list[str] = []
    rest = list(words)
    while rest:
        word = rest.pop(0)
        name, eq, inline = word[2:].partition("=") if word.startswith("--") else ("", "", "")
        option = by_name.get(name)
        if option is None:
            raise CampagneError("cli.unknown_game_option", option=word, game=game, command=command,
                                known=", ".join(f"--{o}" for o in by_name) or "-")
        typed.append(name)
        key = name.replace("-", "_")
        if option.kind == "bool":
            values[key] = True
            continue
        if not eq:
            if not rest or (rest[0].startswith("--") and rest[0][2:].partition("=")[0] in by_name):
                raise CampagneError("order.missing", order=command, field=word)
            inline = rest.pop(0)
        if option.choices and inline not in option.choices:
            raise CampagneError("cli.bad_choice", option=word, value=inline, known=", ".join(option.choices))
        value: Any = inline
        if option.kind == "int":
            try:
                value = int(inline)
            except ValueError:
                raise CampagneError("order.not_int", field=word, value=inline) from None
        if option.kind == "list":
            values[key].append(value)
        else:
            values[key] = value
    check_option_groups(declared, typed)
    return values


def options_help(declared: Sequence[GameOption], lang: str) -> list[str]:
    """One line per option, grouped as they go together."""
    lines: list[str] = []
    group: dict[str, str] | None = None
    for o in declared:
        if o.group and dict(o.group) != group:
            group = dict(o.group)
            lines.append(f"  {group.get(lang, '')} :" if lang == "fr" else f"  {group.get(lang, '')}:")
        value = {"bool": "", "int": " N", "list": " …"}.get(o.kind, " " + ("|".join(o.choices) or "…"))
        lines.append(f"    --{o.name}{value}  {o.help.get(lang, '')}")
    return lines


register_messages({
    "cli.unknown_game_option": {"en": "{command} of {game} has no option {option} (its options: {known}).",
                                "fr": "{command} de {game} n'a pas d'option {option} (ses options : {known})."},
    "cli.bad_choice": {"en": "Bad value {value!r} for {option} (one of: {known}).",
                       "fr": "Valeur {value!r} invalide pour {option} (au choix : {known})."},
})
