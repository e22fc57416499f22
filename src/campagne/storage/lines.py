"""The journal's lines read: each of a known shape, each tied to the one before it.

Format 2 (written since the chain): every line after the header carries "prev", the sha256 of the previous line's
exact bytes (`link`), so a line edited, inserted, removed or moved breaks the chain where that happened and the
reader names the line. Nothing secret enters a link: a player who edits a copy can compute the chain again. What he
cannot compute is the seed's commitment, which covers the whole header (`session.commitment`), nor the last link the
referee's file keeps (a copy cut short, or rewritten whole, is found against it).

Format 1 (journals written before the chain) is still read, with a warning that a change to it may go unnoticed.
Either format: a line of an unknown shape or holding an unknown key is refused, as is a number that is not a plain
integer where the journal holds one (an entry's "n" is its own position among the entries).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from ..core.bounded import loads_json
from ..core.errors import CampagneError, register_messages

FORMAT = 2
READABLE = (1, 2)
HEADER_KEYS = frozenset({"journal", "format", "ruleset", "seed", "seed_commitment", "setup", "opening", "more"})
ENTRY_KEYS = frozenset({"n", "command", "events", "rolls", "prev", "more"})
REVEAL_KEYS = frozenset({"reveal", "prev", "more"})
FILE_KEYS = ("prev", "more")  # the file's own keys, not the game's: kept out of the entries held in memory


def link(line: bytes | str) -> str:
    """The link to a line: the sha256 hex digest of its exact bytes, without its newline."""
    return hashlib.sha256(line.encode("utf-8") if isinstance(line, str) else line).hexdigest()


@dataclass
class Lines:
    header: dict[str, Any]
    entries: list[dict[str, Any]]
    reveal: dict[str, Any] | None
    links: list[str]  # one per line, the header's first
    warnings: list[CampagneError] = field(default_factory=list)


def loads(raw: bytes | str) -> Any:
    """A line's JSON, strict and bounded (core.bounded): NaN, Infinity, numbers of thousands of digits and nesting
    past the bound are refused (ValueError) like any other bad line."""
    return loads_json(raw)


def parse(raw_lines: list[bytes], path: str) -> Lines:
    """The lines of a journal (without their newlines), checked; the first wrong one raises a CampagneError that
    names it."""
    header: dict[str, Any] | None = None
    entries: list[dict[str, Any]] = []
    reveal = None
    links: list[str] = []
    for i, raw in enumerate(raw_lines, start=1):
        try:
            obj = loads(raw)
        except (ValueError, RecursionError, UnicodeDecodeError):
            raise CampagneError("journal.no_header" if i == 1 else "journal.bad_line", line=i, path=path) from None
        if header is None:
            header = check_header(obj, path)
            header.pop("more", None)  # the batch mark (storage.journal.batch) is the file's, not the header's
        elif not isinstance(obj, dict):
            raise CampagneError("journal.bad_line", line=i, path=path)
        else:
            if header["format"] >= 2 and obj.get("prev") != links[-1]:
                raise CampagneError("journal.broken", path=path, line=i, before=i - 1)
            if "more" in obj and obj["more"] is not True:
                raise CampagneError("journal.bad_entry", path=path, line=i)
            for key in FILE_KEYS:
                obj.pop(key, None)
            if "reveal" in obj and "command" not in obj:
                reveal = _check_reveal(obj, path, i)
            else:
                entries.append(_check_entry(obj, path, i, len(entries) + 1))
        links.append(link(raw))
    if header is None:
        raise CampagneError("journal.no_header", path=path)
    warnings = [CampagneError("journal.unchained", path=path)] if header["format"] < 2 else []
    return Lines(header, entries, reveal, links, warnings)


def check_header(obj: Any, path: str) -> dict[str, Any]:
    """A campaign header of the shape campagne writes, or one sentence saying what is wrong with it."""
    if not isinstance(obj, dict) or obj.get("journal") != "campagne" or "ruleset" not in obj or \
            ("seed" not in obj and "seed_commitment" not in obj):
        raise CampagneError("journal.no_header", path=path)
    fmt = obj.get("format")
    if type(fmt) is not int or fmt not in READABLE:
        shown = fmt if type(fmt) is int and abs(fmt) < 10 ** 6 else "?"
        raise CampagneError("journal.format", path=path, format=shown)
    for key in obj:
        if key not in HEADER_KEYS:
            raise CampagneError("journal.header_key", path=path, key=_shown(key))
    if "more" in obj and obj["more"] is not True:
        raise CampagneError("journal.bad_header", path=path, what="more")
    kinds = {"ruleset": (str,), "seed": (int, str), "seed_commitment": (str,), "setup": (dict,), "opening": (dict,)}
    for key, allowed in kinds.items():
        if key in obj and type(obj[key]) not in allowed:
            raise CampagneError("journal.bad_header", path=path, what=key)
    return obj


def _check_entry(obj: dict[str, Any], path: str, line: int, position: int) -> dict[str, Any]:
    _known_keys(obj, ENTRY_KEYS, path, line)
    command, events, rolls = obj.get("command"), obj.get("events"), obj.get("rolls")
    if not isinstance(command, dict) or not isinstance(command.get("type"), str) or \
            not isinstance(events, list) or not isinstance(rolls, list) or "n" not in obj:
        raise CampagneError("journal.bad_entry", path=path, line=line)
    if type(obj["n"]) is not int or obj["n"] != position:
        raise CampagneError("journal.bad_number", path=path, line=line, n=position)
    for roll in rolls:
        faces = roll.get("faces") if isinstance(roll, dict) else None
        if not isinstance(faces, list) or any(type(f) is not int for f in faces) or \
                type(roll.get("total")) is not int:
            raise CampagneError("journal.bad_rolls", path=path, line=line)
    return obj


def _check_reveal(obj: dict[str, Any], path: str, line: int) -> dict[str, Any]:
    _known_keys(obj, REVEAL_KEYS, path, line)
    reveal = obj["reveal"]
    if not isinstance(reveal, dict) or set(reveal) != {"seed", "salt"} or type(reveal["seed"]) not in (int, str) \
            or type(reveal["salt"]) is not str:
        raise CampagneError("journal.bad_reveal", path=path, line=line)
    return reveal


def _known_keys(obj: dict[str, Any], known: frozenset[str], path: str, line: int) -> None:
    for key in obj:
        if key not in known:
            raise CampagneError("journal.unknown_key", path=path, line=line, key=_shown(key))
    if "more" in obj and obj["more"] is not True:
        raise CampagneError("journal.bad_entry", path=path, line=line)


def _shown(key: str) -> str:
    """A key as a sentence may quote it: printable, and short."""
    text = "".join(c if c.isprintable() else "?" for c in key[:40])
    return text + ("…" if len(key) > 40 else "")


register_messages({
    "journal.bad_entry": {"en": "The journal {path} is damaged: line {line} holds no command.",
                          "fr": "Le journal {path} est endommagé : la ligne {line} ne contient aucune commande."},
    "journal.broken": {
        "en": "The journal {path} has been altered: line {line} does not follow line {before} as it was written "
              "(a line was edited, inserted, removed or moved there).",
        "fr": "Le journal {path} a été modifié : la ligne {line} ne suit pas la ligne {before} telle qu'elle a été "
              "écrite (une ligne y a été modifiée, insérée, supprimée ou déplacée).",
    },
    "journal.unchained": {
        "en": "Warning: the journal {path} is in campagne's first format, whose lines are not chained: a change "
              "made to it by hand may go unnoticed.",
        "fr": "Attention : le journal {path} est au premier format de campagne, dont les lignes ne sont pas "
              "chaînées : une modification faite à la main peut passer inaperçue.",
    },
    "journal.header_key": {
        "en": "The journal {path} is damaged: its header holds a key campagne does not know ({key}).",
        "fr": "Le journal {path} est endommagé : son en-tête contient une clé que campagne ne connaît pas ({key}).",
    },
    "journal.bad_header": {
        "en": "The journal {path} is damaged: its header's {what} is not of the kind a campaign header holds.",
        "fr": "Le journal {path} est endommagé : le champ {what} de son en-tête n'est pas de la nature attendue.",
    },
    "journal.unknown_key": {
        "en": "The journal {path} is damaged: line {line} holds a key campagne does not know ({key}).",
        "fr": "Le journal {path} est endommagé : la ligne {line} contient une clé que campagne ne connaît pas "
              "({key}).",
    },
    "journal.bad_number": {
        "en": "The journal {path} is damaged: line {line} should be command number {n}, written as a plain number.",
        "fr": "Le journal {path} est endommagé : la ligne {line} devrait être la commande numéro {n}, écrite comme "
              "un nombre simple.",
    },
    "journal.bad_rolls": {
        "en": "The journal {path} is damaged: the dice recorded on line {line} are not whole numbers.",
        "fr": "Le journal {path} est endommagé : les dés notés à la ligne {line} ne sont pas des nombres entiers.",
    },
    "journal.bad_reveal": {
        "en": "The journal {path} is damaged: line {line} is not a reveal of the seed of the shape campagne writes.",
        "fr": "Le journal {path} est endommagé : la ligne {line} n'est pas une révélation de la graine de la forme "
              "qu'écrit campagne.",
    },
})
