"""The campaign journal on disk: one JSON object per line, append-only, flushed and fsynced.

Line 1 is the header (ruleset, a commitment to the dice seed and the whole header — the seed itself is the
referee's, in a file beside the journal — setup, the setup's events and rolls); every later line is a
`campagne.core.game.Entry` (an undo too, naming the lines it takes back), and at the end of the campaign a line
revealing the seed. Every line after the header carries "prev", the link to the line before it (storage/lines.py:
the chain, and the shape each line is checked for). The journal *is* the campaign: the state is rebuilt by
replaying it.

Durability: each append is one `write` of a whole line followed by flush and fsync, so a process
killed mid-write loses at most that line. A torn last line (no final newline, or not JSON) is
reported when the journal is read; it is cut off only by a command that writes, which says so.
Concurrency: every command holds an exclusive `fcntl.flock` on the journal file itself from reading to
writing, so two commands on the same campaign — by any path to it — are serialised, never interleaved.
"""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.appendlog import AppendLog
from ..core.errors import CampagneError, register_messages
from .lines import FORMAT, link, parse

__all__ = ["FORMAT", "JournalFile", "append", "chained", "create", "dumps", "header_line", "last_link", "link", "locked", "parse", "read"]


@dataclass
class JournalFile:
    path: Path
    header: dict[str, Any]
    entries: AppendLog[dict[str, Any]]  # a list given is taken as one
    torn: str | None = None  # the text of a torn last line, if any
    good_bytes: int = 0  # length of the intact prefix
    warnings: list[CampagneError] = field(default_factory=list)
    reveal: dict[str, Any] | None = None  # the seed, written at the end of the campaign
    links: list[str] = field(default_factory=list)  # the link to each intact line, the header's first

    def __post_init__(self) -> None:
        if not isinstance(self.entries, AppendLog):
            self.entries = AppendLog(self.entries)


def dumps(obj: Mapping[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), sort_keys=False)


def chained(lines: list[Mapping[str, Any]], prev: str | None) -> list[str]:
    """The texts of `lines` as written after the line whose link is `prev`, each carrying the link to the one before
    it (None: a journal of the first format, whose lines carry none). The one function that writes lines, for the
    journal file and for the club server's database alike."""
    texts = []
    for obj in lines:
        text = dumps(obj if prev is None else {**obj, "prev": prev})
        texts.append(text)
        if prev is not None:
            prev = link(text)
    return texts


def last_link(journal: JournalFile) -> str | None:
    """What the next line written must carry as "prev" (None in a journal of the first format)."""
    return journal.links[-1] if journal.header.get("format", FORMAT) >= 2 else None


def read(path: Path) -> JournalFile:
    """Read and parse a journal; a malformed line raises CampagneError naming it."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise CampagneError("journal.missing", path=str(path)) from None
    except OSError as exc:
        raise CampagneError("journal.unreadable", path=str(path), reason=exc.strerror or str(exc)) from None
    lines = data.split(b"\n")
    torn = None
    good = len(data)
    warnings: list[CampagneError] = []
    if lines and lines[-1] == b"":
        lines.pop()
    elif lines:
        # No newline after the last line: the write that made it never finished.
        raw_tail = lines.pop()
        good -= len(raw_tail)
        torn = raw_tail.decode("utf-8", "replace")
        warnings.append(CampagneError("journal.torn", line=len(lines) + 1, path=str(path)))
    found = parse(lines, str(path))
    return JournalFile(path, found.header, found.entries, torn, good, found.warnings + warnings, found.reveal,
                       found.links)


def header_line(header: Mapping[str, Any]) -> str:
    """The text of the journal's first line for `header`."""
    return dumps({"journal": "campagne", "format": FORMAT, **header})


def create(path: Path, header: Mapping[str, Any]) -> None:
    """Write a new journal; refuses to overwrite an existing campaign."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    except FileExistsError:
        raise CampagneError("journal.exists", path=str(path)) from None
    except OSError as exc:
        raise CampagneError("journal.unreadable", path=str(path), reason=exc.strerror or str(exc)) from None
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(header_line(header) + "\n")
        fh.flush()
        os.fsync(fh.fileno())


def append(journal: JournalFile, lines: list[Mapping[str, Any]], record: bool = True) -> None:
    """Append entries in one write; cut a torn tail first (the caller has told the user). `record=False`: the
    caller already holds them in `journal.entries`."""
    with open(journal.path, "r+b") as fh:
        if journal.torn is not None:
            fh.truncate(journal.good_bytes)
        fh.seek(0, os.SEEK_END)
        texts = chained(lines, last_link(journal))
        fh.write("".join(text + "\n" for text in texts).encode("utf-8"))
        fh.flush()
        os.fsync(fh.fileno())
        journal.good_bytes = fh.tell()
    journal.links.extend(link(text) for text in texts)
    if record:
        journal.entries.extend(dict(obj) for obj in lines)
    journal.torn = None


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold the campaign's lock for the duration of one command.

    The lock is taken on the journal file itself (its inode), so every path to one campaign — a symlink, a
    hard link, a relative name — shares it. Before the journal exists (`new`), a lock file beside the name
    serialises its creation."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except FileNotFoundError:
        lock_path = path.with_name(path.name + ".lock")
        try:
            fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise CampagneError("journal.unreadable", path=str(lock_path), reason=exc.strerror or str(exc)) from None
    except OSError as exc:
        raise CampagneError("journal.unreadable", path=str(path), reason=exc.strerror or str(exc)) from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


register_messages({
    "journal.missing": {
        "en": "No campaign journal at {path} (create one with `campagne new`).",
        "fr": "Aucun journal de campagne à {path} (créez-en un avec `campagne new`).",
    },
    "journal.unreadable": {
        "en": "Cannot use {path}: {reason}.",
        "fr": "Impossible d'utiliser {path} : {reason}.",
    },
    "journal.exists": {
        "en": "A campaign already exists at {path}; choose another file.",
        "fr": "Une campagne existe déjà à {path} ; choisissez un autre fichier.",
    },
    "journal.bad_line": {
        "en": "The journal {path} is damaged: line {line} is not a JSON object.",
        "fr": "Le journal {path} est endommagé : la ligne {line} n'est pas un objet JSON.",
    },
    "journal.no_header": {
        "en": "{path} is not a campagne journal (its first line is not a campaign header).",
        "fr": "{path} n'est pas un journal campagne (sa première ligne n'est pas un en-tête de campagne).",
    },
    "journal.format": {
        "en": "The journal {path} has format {format}, which this version does not read.",
        "fr": "Le journal {path} est au format {format}, que cette version ne lit pas.",
    },
    "journal.torn": {
        "en": "Warning: line {line} of {path} is incomplete (a write was interrupted); it is ignored and "
              "will be removed by the next command that writes.",
        "fr": "Attention : la ligne {line} de {path} est incomplète (une écriture a été interrompue) ; elle est "
              "ignorée et sera supprimée par la prochaine commande qui écrit.",
    },
})
