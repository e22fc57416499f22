"""Where the club's secret key comes from, for `campagne serve` and for the settings alike: the environment
(`CAMPAGNE_SECRET_KEY`), else the key `campagne serve` keeps in `club.secret` in the club's folder. Nothing here
imports Django: the settings read it before Django is configured."""

from __future__ import annotations

import os
import stat
from pathlib import Path

FILE = "club.secret"


def stored(folder: Path) -> str | None:
    """The key kept in the club's folder, if a regular file holds one (a FIFO or a folder of that name is no key)."""
    path = folder / FILE
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        key = os.read(fd, 4096).decode("utf-8", "replace").strip()
    finally:
        os.close(fd)
    return key or None


def configured(folder: Path) -> str | None:
    """The club's key: the environment's, else the one kept in its folder; None when neither is given."""
    return os.environ.get("CAMPAGNE_SECRET_KEY") or stored(folder)


MISSING = ("The club server has no secret key: set CAMPAGNE_SECRET_KEY, or CAMPAGNE_SERVER_DIR to the club's folder "
           "where `campagne serve` keeps club.secret; it was not started. / Le serveur du club n'a pas de clé "
           "secrète : définissez CAMPAGNE_SECRET_KEY, ou CAMPAGNE_SERVER_DIR vers le dossier du club où `campagne "
           "serve` garde club.secret ; il n'a pas démarré.")
