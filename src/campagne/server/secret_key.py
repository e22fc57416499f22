"""Where the club's secret key comes from, for `campagne serve` and for the settings alike: the environment
(`CAMPAGNE_SECRET_KEY`), else the key `campagne serve` keeps in `club.secret` in the club's folder; and the check
that it is the key the club's database was started with. Django is imported only inside the functions: the
settings read this module before Django is configured."""

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


OTHER = ("This club's database was started with another secret key: give this server the club's key "
         "(CAMPAGNE_SECRET_KEY, or the first server's club.secret); it was not started. / La base de ce club a été "
         "démarrée avec une autre clé secrète : donnez à ce serveur la clé du club (CAMPAGNE_SECRET_KEY, ou le "
         "club.secret du premier serveur) ; il n'a pas démarré.")


def fingerprint(key: str) -> str:
    """The fingerprint of a secret key the database keeps (a keyed hash: the key is not read back from it)."""
    from django.utils.crypto import salted_hmac
    return salted_hmac("campagne.club.key_check", "club", secret=key, algorithm="sha256").hexdigest()


def refuse_another_key() -> None:
    """An app started otherwise than by `campagne serve` (gunicorn, django-admin) refuses, as it does, a key other
    than the one the club's database was started with: its sessions and reset links would be refused by the other
    servers, theirs by it. A database not set up yet has no key to compare with."""
    from django.conf import settings
    from django.core.exceptions import ImproperlyConfigured
    from django.db import DatabaseError

    from django.db import connection

    from .models import Club
    try:
        club = Club.objects.filter(pk=1).first()
    except DatabaseError:  # not migrated yet: `campagne serve` (or `migrate`) sets it up
        return
    finally:
        connection.close()  # the requests open their own (and a process about to fork keeps none)
    if club is not None and club.key_check != fingerprint(settings.SECRET_KEY):
        raise ImproperlyConfigured(OTHER)
