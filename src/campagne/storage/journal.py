"""The campaign journal on disk: one JSON object per line, append-only, flushed and fsynced.

Line 1 is the header (ruleset, a commitment to the dice seed — the seed itself is the referee's, in a file
beside the journal — setup, the setup's events and rolls); every later line is a `campagne.core.game.Entry`
(an undo too, naming the lines it takes back), and at the end of the campaign a line revealing the seed. The
journal *is* the campaign: the state is rebuilt by replaying it.

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
from .text_file import JOURNAL_LIMIT, loads_json, open_regular, read_regular, reason_of

FORMAT = 1


@dataclass
class JournalFile:
    path: Path
    header: dict[str, Any]
    entries: AppendLog[dict[str, Any]]  # a list given is taken as one
    torn: str | None = None  # the text of a torn last line, if any
    good_bytes: int = 0  # length of the intact prefix
    warnings: list[CampagneError] = field(default_factory=list)
    reveal: dict[str, Any] | None = None  # the seed, written at the end of the campaign

    def __post_init__(self) -> None:
        if not isinstance(self.entries, AppendLog):
            self.entries = AppendLog(self.entries)


def dumps(obj: Mapping[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), sort_keys=False, allow_nan=False)


def read(path: Path) -> JournalFile:
    """Read and parse a journal; a malformed line raises CampagneError naming it."""
    try:
        data = read_regular(path, JOURNAL_LIMIT)
    except FileNotFoundError:
        raise CampagneError("journal.missing", path=str(path)) from None
    except OSError as exc:
        raise CampagneError("journal.unreadable", path=str(path), reason=reason_of(exc)) from None
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
    parsed: list[dict[str, Any]] = []
    for i, raw in enumerate(lines, start=1):
        # A first line that is not a JSON object means this is not a journal at all.
        code = "journal.no_header" if i == 1 else "journal.bad_line"
        try:
            obj = loads_json(raw)
        except ValueError:  # not JSON, not UTF-8, NaN, a number of thousands of digits, nested too deep
            raise CampagneError(code, line=i, path=str(path)) from None
        if not isinstance(obj, dict):
            raise CampagneError(code, line=i, path=str(path))
        parsed.append(obj)
    if not parsed:
        raise CampagneError("journal.no_header", path=str(path))
    header = parsed[0]
    if header.get("journal") != "campagne" or not isinstance(header.get("ruleset"), str) or \
            ("seed" not in header and "seed_commitment" not in header):
        raise CampagneError("journal.no_header", path=str(path))
    if header.get("format") != FORMAT:
        raise CampagneError("journal.format", path=str(path), format=header.get("format"))
    reveals = [x["reveal"] for x in parsed[1:] if isinstance(x.get("reveal"), dict) and "command" not in x]
    entries = [x for x in parsed[1:] if not ("reveal" in x and "command" not in x)]
    return JournalFile(path, header, entries, torn, good, warnings, reveals[-1] if reveals else None)


def create(path: Path, header: Mapping[str, Any]) -> None:
    """Write a new journal; refuses to overwrite an existing campaign."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    except FileExistsError:
        raise CampagneError("journal.exists", path=str(path)) from None
    except OSError as exc:
        raise CampagneError("journal.unreadable", path=str(path), reason=exc.strerror or str(exc)) from None
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(dumps({"journal": "campagne", "format": FORMAT, **header}) + "\n")
        fh.flush()
        os.fsync(fh.fileno())


def append(journal: JournalFile, lines: list[Mapping[str, Any]], record: bool = True) -> None:
    """Append entries in one write; cut a torn tail first (the caller has told the user). `record=False`: the
    caller already holds them in `journal.entries`."""
    with open(journal.path, "r+b") as fh:
        if journal.torn is not None:
            fh.truncate(journal.good_bytes)
        fh.seek(0, os.SEEK_END)
        fh.write("".join(dumps(obj) + "\n" for obj in lines).encode("utf-8"))
        fh.flush()
        os.fsync(fh.fileno())
        journal.good_bytes = fh.tell()
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
        fd = open_regular(path)  # a FIFO or a device named as the journal is refused, never waited on
    except FileNotFoundError:
        lock_path = path.with_name(path.name + ".lock")
        try:
            fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise CampagneError("journal.unreadable", path=str(lock_path), reason=exc.strerror or str(exc)) from None
    except OSError as exc:
        raise CampagneError("journal.unreadable", path=str(path), reason=reason_of(exc)) from None
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
