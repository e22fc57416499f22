"""Files written by `--out` (a map's SVG, sheets in HTML or Markdown): never over a file campagne did not write.

Every such file carries MARK near its start. An existing file that carries it is replaced; any other file is
replaced only with `--force`; a campaign journal or a referee's file (its seed) is never replaced, even with
`--force` (`map --out campaign.jsonl` once replaced a campaign with an SVG). The new text is written beside the
name and renamed over it, so a name that is a symlink is replaced, never written through.
"""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path

from ..core.errors import CampagneError, register_messages
from .text_file import reason_of

MARK = "<!-- written by campagne, which may replace this file -->"  # no "--" inside: XML forbids it
_HEAD = 4096  # where the mark, a journal's header or a referee's file is looked for


def marked(text: str) -> str:
    """`text` with the mark: inside an SVG's root (the file still starts `<svg`), after an XML declaration or a
    doctype, else first (a comment in SVG, HTML and the HTML that Markdown allows)."""
    if text.startswith("<svg") and ">" in text:
        end = text.index(">") + 1
        return f"{text[:end]}\n{MARK}{text[end:]}"
    first, newline, rest = text.partition("\n")
    if first.startswith(("<?xml", "<!DOCTYPE", "<!doctype")):
        return f"{first}\n{MARK}\n{rest}" if newline else f"{first}\n{MARK}\n"
    return f"{MARK}\n{text}"


def _head(path: Path) -> bytes:
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        return os.read(fd, _HEAD)
    finally:
        os.close(fd)


def _protected(path: Path, head: bytes) -> bool:
    """A campaign journal (its header line) or a referee's file (its seed and salt), by what it holds or its name."""
    if path.name.endswith((".referee", ".referee.new")):
        return True
    if re.match(rb'\s*\{\s*"journal"\s*:', head):  # a header longer than what was read: its first key
        return True
    first = head.split(b"\n", 1)[0]
    try:
        obj = json.loads(first)
    except ValueError:
        return False
    return isinstance(obj, dict) and (obj.get("journal") is not None or {"seed", "salt"} <= set(obj))


def check_target(path: Path, force: bool) -> None:
    """Refuse, with one sentence, to write over what `--out` must not replace."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise CampagneError("out.cannot_write", path=str(path), reason=reason_of(exc)) from None
    if not stat.S_ISREG(mode):
        raise CampagneError("out.not_a_file", path=str(path))
    try:
        head = _head(path)
    except OSError as exc:
        raise CampagneError("out.cannot_write", path=str(path), reason=reason_of(exc)) from None
    if _protected(Path(os.path.realpath(path)), head) or _protected(path, head):
        raise CampagneError("out.protected", path=str(path))
    if MARK.encode("utf-8") not in head and not force:
        raise CampagneError("out.exists", path=str(path))


def write_out(path: str | Path, text: str, force: bool = False) -> None:
    """Write `text`, marked, to `path`, unless `check_target` refuses."""
    p = Path(path)
    check_target(p, force)
    tmp = p.with_name(f".{p.name}.campagne-{os.getpid()}")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(marked(text))
        os.replace(tmp, p)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise CampagneError("out.cannot_write", path=str(p), reason=reason_of(exc)) from None


register_messages({
    "out.exists": {"en": "{path} already exists and campagne did not write it: choose another file, or add --force "
                         "to replace it.",
                   "fr": "{path} existe déjà et campagne ne l'a pas écrit : choisissez un autre fichier, ou ajoutez "
                         "--force pour le remplacer."},
    "out.protected": {"en": "{path} is a campaign journal or a referee's file: campagne never writes over it, even "
                            "with --force; choose another file.",
                      "fr": "{path} est un journal de campagne ou un fichier d'arbitre : campagne n'écrit jamais "
                            "dessus, même avec --force ; choisissez un autre fichier."},
    "out.not_a_file": {"en": "{path} is not a regular file (a folder, a pipe or a device): choose a file name.",
                       "fr": "{path} n'est pas un fichier ordinaire (un dossier, un tube ou un périphérique) : "
                             "choisissez un nom de fichier."},
    "out.cannot_write": {"en": "Cannot write {path}: {reason}.", "fr": "Impossible d'écrire {path} : {reason}."},
})
