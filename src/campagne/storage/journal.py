"""The campaign journal on disk: one JSON object per line, append-only, flushed and fsynced.

Line 1 is the header (ruleset, a commitment to the dice seed and the whole header — the seed itself is the
referee's, in a file beside the journal — setup, the setup's events and rolls); every later line is a
`campagne.core.game.Entry` (an undo too, naming the lines it takes back), and at the end of the campaign a line
revealing the seed. Every line after the header carries "prev", the link to the line before it (storage/lines.py:
the chain, and the shape each line is checked for). The journal *is* the campaign: the state is rebuilt by
replaying it.

Durability: the lines one command writes (a person's order and the computers' replies) are one batch, written
in one `write`, flushed and fsynced; every line of a batch but its last carries `"more": true`. A process killed
mid-write leaves a trailing batch whose last line still has "more", or is torn (no final newline): that unfinished
write is reported when the journal is read, ignored, and cut off only by a command that writes, which says so.
A new journal (`create`: its header and the computers' first replies) is written whole to a file of its own beside
it, then linked into place: it is there whole, or not at all, and never replaces a file.
Concurrency: every command holds an exclusive `fcntl.flock` on the journal file itself from reading to
writing, so two commands on the same campaign — by any path to it — are serialised, never interleaved.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import secrets
import stat
import signal
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.appendlog import AppendLog
from ..core.errors import CampagneError, register_messages
from .lines import FORMAT, link, loads, parse
from .text_file import JOURNAL_LIMIT, open_regular, read_regular, reason_of

__all__ = ["FORMAT", "JournalFile", "append", "chained", "create", "dumps", "header_line", "last_link", "link", "locked", "parse", "read",
           "clean_leftovers"]


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
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), sort_keys=False, allow_nan=False)


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
    finished = _finished(lines)
    if finished < len(lines):  # complete lines of a batch whose last line was never written: cut with it
        if finished == 0:
            raise CampagneError("journal.unfinished_header", path=str(path))
        last = len(lines) + (torn is not None)  # the torn line too, if the write stopped inside one
        good = sum(len(raw) + 1 for raw in lines[:finished])
        torn = data[good:].decode("utf-8", "replace")
        warnings.append(CampagneError("journal.unfinished", first=finished + 1, last=last, path=str(path)))
        del lines[finished:]
    elif torn is not None:
        warnings.append(CampagneError("journal.torn", line=len(lines) + 1, path=str(path)))
    found = parse(lines, str(path))
    return JournalFile(path, found.header, found.entries, torn, good, found.warnings + warnings, found.reveal,
                       found.links)


def header_line(header: Mapping[str, Any], more: bool = False) -> str:
    """The text of the journal's first line for `header` (`more`: the first line of a longer batch)."""
    return dumps({"journal": "campagne", "format": FORMAT, **header, **({"more": True} if more else {})})


def _finished(lines: list[bytes]) -> int:
    """How many of the lines belong to finished batches: up to the last line without the batch mark (read from the
    end; a line that does not read is left to the parser, which names it)."""
    for i in range(len(lines) - 1, -1, -1):
        try:
            obj = loads(lines[i])
        except (ValueError, RecursionError, UnicodeDecodeError):
            return i + 1
        if not (isinstance(obj, dict) and obj.get("more") is True):
            return i + 1
    return 0


def batch(lines: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The lines of one write as they are written: every one but the last marked `"more": true`, so that a write
    cut short after whole lines is still known unfinished."""
    out = [dict(obj) for obj in lines]
    for obj in out[:-1]:
        obj["more"] = True
    return out


def _write(fh: Any, data: bytes) -> None:
    """Write `data` to an open binary file. The durability tests set CAMPAGNE_TEST_DIE_AFTER=K: the process then
    writes only its next K bytes (over all its writes), syncs them and dies by SIGKILL, as a kill mid-write would."""
    left = os.environ.get("CAMPAGNE_TEST_DIE_AFTER")
    if left is not None:
        if int(left) < len(data):
            fh.write(data[:int(left)])
            fh.flush()
            os.fsync(fh.fileno())
            os.kill(os.getpid(), signal.SIGKILL)
        os.environ["CAMPAGNE_TEST_DIE_AFTER"] = str(int(left) - len(data))
    fh.write(data)


def new_texts(header: Mapping[str, Any], lines: Sequence[Mapping[str, Any]] = ()) -> list[str]:
    """The texts of a new journal's lines: its header and first lines, one batch, chained."""
    first = header_line(header, more=bool(lines))
    return [first, *chained(batch(lines), link(first))]


def create(path: Path, header: Mapping[str, Any], lines: Sequence[Mapping[str, Any]] = (),
           beside: Sequence[tuple[Path, bytes, int]] = ()) -> None:
    """Write a new journal, its header and first lines (the computers' first replies) one batch, and the files
    `beside` it (the referee's: path, content, mode), each whole or not at all, those beside first; refuses to
    overwrite any existing file, or to write through a symlink."""
    text = "".join(t + "\n" for t in new_texts(header, lines))
    try:
        write_new([*beside, (path, text.encode("utf-8"), 0o600)])
    except FileExistsError as exc:
        if exc.filename != str(path):
            raise CampagneError("journal.beside_exists", path=str(path), file=exc.filename) from None
        raise CampagneError("journal.exists", path=str(path)) from None
    except OSError as exc:
        raise CampagneError("journal.unreadable", path=exc.filename or str(path),
                            reason=exc.strerror or str(exc)) from None


TEMP_SUFFIX = ".tmp"
_TEMP_TAIL = re.compile(r"\.[0-9a-f]{12}" + re.escape(TEMP_SUFFIX))  # what `write_new` adds to `.NAME`


def clean_leftovers(paths: Sequence[Path]) -> list[Path]:
    """Remove the hidden files a `write_new` killed while writing left beside these names (`.NAME.<12 hex>.tmp`,
    regular files of this account's): the caller holds the lock that serialises the writers of these names. No
    other file is touched. Returns those removed."""
    removed = []
    for path in paths:
        prefix = f".{path.name}"
        try:
            names = [n for n in os.listdir(path.parent) if n.startswith(prefix)
                     and _TEMP_TAIL.fullmatch(n, len(prefix))]
        except OSError:
            continue
        for name in names:
            leftover = path.parent / name
            try:
                info = os.lstat(leftover)
                if stat.S_ISREG(info.st_mode) and info.st_uid == os.geteuid():
                    os.unlink(leftover)
                    removed.append(leftover)
            except OSError:
                continue
    return removed


def write_new(files: Sequence[tuple[Path, bytes, int]]) -> None:
    """Create each file (path, content, mode) whole or not at all: every content is first written to a file of its
    own beside its name and synced; then each is hard-linked to its name, which fails (FileExistsError) if anything
    — a file, a symlink, dangling or not — has that name already: an existing file is never replaced, a symlink
    never followed, and the files this call linked before are removed again. A process killed while writing leaves
    only hidden `.NAME.*.tmp` files."""
    temps: list[Path] = []
    linked: list[Path] = []
    try:
        for path, data, mode in files:
            temps.append(path.with_name(f".{path.name}.{secrets.token_hex(6)}{TEMP_SUFFIX}"))
            fd = os.open(temps[-1], os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, mode)
            with os.fdopen(fd, "wb") as fh:
                _write(fh, data)
                fh.flush()
                os.fsync(fh.fileno())
        for tmp, (path, _, _) in zip(temps, files):
            try:
                os.link(tmp, path, follow_symlinks=False)
            except FileExistsError as exc:
                exc.filename = str(path)
                raise
            linked.append(path)
    except BaseException:
        for path in linked:
            os.unlink(path)  # made by this call a moment ago: nothing was created
        raise
    finally:
        for tmp in temps:
            if os.path.lexists(tmp):
                os.unlink(tmp)
    for folder in {path.parent for path, _, _ in files}:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(fd)  # the new names themselves survive a crash
        finally:
            os.close(fd)


def append(journal: JournalFile, lines: list[Mapping[str, Any]], record: bool = True) -> None:
    """Append one command's lines as one batch, in one write; cut an unfinished write (a torn tail) first (the
    caller has told the user). `record=False`: the caller already holds them in `journal.entries`."""
    with open(journal.path, "r+b") as fh:
        if journal.torn is not None:
            fh.truncate(journal.good_bytes)
        fh.seek(0, os.SEEK_END)
        texts = chained(batch(lines), last_link(journal))
        _write(fh, "".join(text + "\n" for text in texts).encode("utf-8"))
        fh.flush()
        os.fsync(fh.fileno())
        journal.good_bytes = fh.tell()
    journal.links.extend(link(text) for text in texts)
    if record:
        journal.entries.extend(dict(obj) for obj in lines)
    journal.torn = None


@contextmanager
def locked(path: Path, beside: Sequence[Path] = ()) -> Iterator[None]:
    """Hold the campaign's lock for the duration of one command, and remove what a creation killed while writing
    left beside the journal's name and those `beside` it (`clean_leftovers`).

    The lock is taken on the journal file itself (its inode), so every path to one campaign — a symlink, a
    hard link, a relative name — shares it. Before the journal exists (`new`), a lock file beside the name it
    resolves to serialises its creation (a dangling symlink's creator and its target's take the same)."""
    real = Path(os.path.realpath(path))
    lock_path = real.with_name(real.name + ".lock")
    creating = False
    try:
        fd = open_regular(path)  # a FIFO or a device named as the journal is refused, never waited on
    except FileNotFoundError:
        creating = True
        try:
            fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise CampagneError("journal.unreadable", path=str(lock_path), reason=exc.strerror or str(exc)) from None
    except OSError as exc:
        raise CampagneError("journal.unreadable", path=str(path), reason=reason_of(exc)) from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        if creating:
            clean_leftovers([real, *beside])
        else:
            _clean_beside_a_journal(lock_path, [real, *beside])
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def _clean_beside_a_journal(lock_path: Path, paths: Sequence[Path]) -> None:
    """Leftovers beside a journal that exists (a creation killed after its journal was linked): their writer, a
    `new`, holds the creation's lock file, not the journal's; they are removed only when that lock is free."""
    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_NONBLOCK)
    except OSError:  # no creation ever ran here (or none can be told apart): a new one would find the journal
        clean_leftovers(paths)
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return  # a creation is under way: its files are its own
    try:
        clean_leftovers(paths)
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
    "journal.beside_exists": {
        "en": "{file} already exists, beside a journal {path} that does not: it may hold another campaign's seed; "
              "move it away, or choose another file.",
        "fr": "{file} existe déjà, à côté d'un journal {path} qui n'existe pas : il peut contenir la graine d'une "
              "autre campagne ; déplacez-le, ou choisissez un autre fichier.",
    },
    "journal.unfinished": {
        "en": "Warning: lines {first} to {last} of {path} are an unfinished write (a command was interrupted); "
              "they are ignored and will be removed by the next command that writes.",
        "fr": "Attention : les lignes {first} à {last} de {path} sont une écriture inachevée (une commande a été "
              "interrompue) ; elles sont ignorées et seront supprimées par la prochaine commande qui écrit.",
    },
    "journal.unfinished_header": {
        "en": "{path} holds only the start of a campaign whose creation was interrupted: remove it and create the "
              "campaign again.",
        "fr": "{path} ne contient que le début d'une campagne dont la création a été interrompue : supprimez-le et "
              "créez de nouveau la campagne.",
    },
    "journal.torn": {
        "en": "Warning: line {line} of {path} is incomplete (a write was interrupted); it is ignored and "
              "will be removed by the next command that writes.",
        "fr": "Attention : la ligne {line} de {path} est incomplète (une écriture a été interrompue) ; elle est "
              "ignorée et sera supprimée par la prochaine commande qui écrit.",
    },
})
