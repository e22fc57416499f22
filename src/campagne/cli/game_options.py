"""The options a game declares for a generic command (`campagne new NAME --map F`, `campagne battle-result T
--winner P`), read from the words typed after the command's own: anything the game does not declare is refused
with the list of what it takes, and options of different groups are refused together."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.interface import GameOption
from ..core.options import read_options


def read_game_options(declared: Sequence[GameOption], words: list[str], game: str, command: str
                      ) -> dict[str, Any]:
    """`--name VALUE`, `--name=VALUE` and `--flag` words -> {name_with_underscores: value}, every declared
    option present (its default when not typed); read by `core.options.read_options`."""
    flags = {o.name for o in declared if o.kind == "bool"}
    known = {o.name for o in declared}
    given: list[tuple[str, str | None]] = []
    rest = list(words)
    while rest:
        word = rest.pop(0)
        name, eq, inline = word[2:].partition("=") if word.startswith("--") else (word, "", "")
        if not word.startswith("--") or name not in known:
            given.append((name, None))  # refused by the reading, with the list of what the game takes
            break
        if name in flags or eq:
            given.append((name, inline if eq else None))
        elif rest and not (rest[0].startswith("--") and rest[0][2:].partition("=")[0] in known):
            given.append((name, rest.pop(0)))
        else:
            given.append((name, None))
    return read_options(declared, given, game, command)


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
