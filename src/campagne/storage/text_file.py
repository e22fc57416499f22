"""The one reader of a file a person names (a journal, a referee's file, a map, an army list, a unit): read whole,
or refused with one sentence.

A name may point anywhere: at a FIFO (an `open` that waits forever for a writer), a device (`/dev/zero`, endless),
a directory, a file of gigabytes, or a text nested so deep that a recursive parser overflows. So the file is
checked before a byte is read: a regular file (stat, then opened without blocking, then checked again on what was
opened, since the name may be swapped in between), of a bounded size; and what it holds is bounded in depth.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from ..core.bounded import MAX_DEPTH, load_toml, loads_json, too_deep  # noqa: F401  (the readers' bounds, here too)
from ..core.errors import CampagneError, bilingual

MiB = 1 << 20
TEXT_LIMIT = 1 * MiB  # a map, an army list, a unit, a referee's file: a few kilobytes in practice
JOURNAL_LIMIT = 64 * MiB  # a long club campaign's journal is a few megabytes


class Refused(OSError):
    """A file campagne will not read: its `reason` reads in both languages."""

    def __init__(self, reason: dict[str, str]) -> None:
        super().__init__(reason["en"])
        self.reason = reason


def reason_of(exc: OSError) -> str | dict[str, str]:
    """Why a file could not be read, as a message parameter."""
    return getattr(exc, "reason", None) or exc.strerror or str(exc)


def _kind(mode: int) -> dict[str, str]:
    if stat.S_ISDIR(mode):
        return bilingual("it is a folder, not a file", "c'est un dossier, pas un fichier")
    if stat.S_ISFIFO(mode):
        return bilingual("it is a pipe, not a file", "c'est un tube, pas un fichier")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return bilingual("it is a device, not a file", "c'est un périphérique, pas un fichier")
    return bilingual("it is not a regular file", "ce n'est pas un fichier ordinaire")


def check_regular(path: str | Path) -> None:
    """Raise `Refused` unless `path` (followed through symlinks) is a regular file; FileNotFoundError if absent."""
    mode = os.stat(path).st_mode
    if not stat.S_ISREG(mode):
        raise Refused(_kind(mode))


def open_regular(path: str | Path, flags: int = os.O_RDONLY) -> int:
    """A file descriptor on `path`, a regular file: never blocks on a FIFO (opened O_NONBLOCK, then checked)."""
    check_regular(path)
    fd = os.open(path, flags | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):  # swapped between the stat and the open
            raise Refused(_kind(mode))
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_regular(path: str | Path, limit: int = TEXT_LIMIT) -> bytes:
    """The bytes of `path`, a regular file of at most `limit` bytes; else `Refused` (an OSError), or the OSError
    of the system (FileNotFoundError...)."""
    fd = open_regular(path)
    with os.fdopen(fd, "rb") as fh:
        data = fh.read(limit + 1)
    if len(data) > limit:
        raise Refused(bilingual(f"it is larger than {limit // MiB} MiB", f"il dépasse {limit // MiB} Mio"))
    return data


def read_utf8(path: str | Path, unreadable: str, malformed: str, limit: int = TEXT_LIMIT, name: str = "file"
              ) -> str:
    """The file's text. A file missing, not readable, not a regular file or too large raises the message
    `unreadable`, one not UTF-8 the message `malformed` (each the caller's, taking `reason` and the file's name as
    its parameter `name`)."""
    p = Path(path)
    try:
        raw = read_regular(p, limit)
    except OSError as exc:
        raise CampagneError(unreadable, **{name: str(p)}, reason=reason_of(exc)) from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CampagneError(malformed, **{name: str(p)}, reason=bilingual(
            f"not UTF-8 text ({exc.reason})", f"pas du texte UTF-8 ({exc.reason})")) from None
