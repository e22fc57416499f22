"""A text file a person names (an army list, a unit): read whole, or refused with one sentence."""

from __future__ import annotations

from pathlib import Path

from ..core.errors import CampagneError, bilingual


def read_utf8(path: str | Path, unreadable: str, malformed: str) -> str:
    """The file's text. A file missing or not readable raises the message `unreadable`, one not UTF-8 the message
    `malformed` (each the caller's, taking `file` and `reason`)."""
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as exc:
        raise CampagneError(unreadable, file=str(p), reason=exc.strerror or str(exc)) from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CampagneError(malformed, file=str(p), reason=bilingual(
            f"not UTF-8 text ({exc.reason})", f"pas du texte UTF-8 ({exc.reason})")) from None
