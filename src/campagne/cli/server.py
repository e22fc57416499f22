"""`campagne serve`: the club server (Django, `campagne.server`), on SQLite in the current folder by default."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Optional

import typer

from ..core.errors import CampagneError, register_messages
from .main import app
from .output import LangOpt, out, run_safely


# The club's files a local account of the machine must not read: the secret key, the database (password hashes,
# the campaigns' seeds) and SQLite's companions, and the session folder earlier versions kept.
PRIVATE = ("club.secret", "club.sqlite3", "club.sqlite3-wal", "club.sqlite3-shm", "club.sqlite3-journal",
           "club.cache")


def _private_folder(folder: Path) -> None:
    """The club's folder made if it does not exist yet (readable by its owner only); every file made from now on
    readable by its owner only (the umask: SQLite makes its -wal and -shm files as it goes); and those an earlier
    start left readable by others closed."""
    os.umask(0o077)
    if folder.exists() and not folder.is_dir():
        raise CampagneError("club.dir_not_folder", path=str(folder))
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as exc:
        raise CampagneError("club.dir_cannot_make", path=str(folder), reason=exc.strerror or str(exc)) from None
    for name in PRIVATE:
        path = folder / name
        if path.is_symlink() or not path.exists():
            continue
        path.chmod(0o700 if path.is_dir() else 0o600)
        if path.is_dir():
            for inner, dirs, files in os.walk(path):
                for d in dirs:
                    os.chmod(os.path.join(inner, d), 0o700)
                for f in files:
                    os.chmod(os.path.join(inner, f), 0o600)


def _secret_key(folder: Path) -> str:
    """Django's secret key, kept in `club.secret` beside the database (readable by its owner only)."""
    from ..server.secret_key import FILE, stored
    path = folder / FILE
    if os.path.lexists(path):
        key = stored(folder)
        if key is None:  # empty, or not a regular file: never a key made up beside it
            raise CampagneError("club.bad_secret", path=str(path))
        return key
    key = secrets.token_urlsafe(50)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(key + "\n")
    return key


def key_check(key: str) -> str:
    """The fingerprint of a secret key the database keeps (a keyed hash: the key is not read back from it)."""
    from ..server.secret_key import fingerprint
    return fingerprint(key)


def _same_key() -> None:
    """The database keeps the fingerprint of the key it was first started with; a server started with another
    refuses to start (its sessions and reset links would be refused by the others, theirs by it)."""
    from django.conf import settings

    from ..server.models import Club
    club, _ = Club.objects.get_or_create(pk=1, defaults={"key_check": key_check(settings.SECRET_KEY)})
    if club.key_check != key_check(settings.SECRET_KEY):
        raise CampagneError("club.other_key")


def prepare(folder: Path, demo: bool) -> list[tuple[str, str]]:
    """Configure Django, apply the migrations, check the secret key is the club's, create the first referee (and
    the demo club): the new accounts and their passwords, to be printed once."""
    _private_folder(folder)
    os.environ["CAMPAGNE_SERVER_DIR"] = str(folder)
    if not os.environ.get("CAMPAGNE_SECRET_KEY"):
        os.environ["CAMPAGNE_SECRET_KEY"] = _secret_key(folder)
    from ..server import setup
    setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    call_command("migrate", interactive=False, verbosity=0)
    _same_key()
    User = get_user_model()
    created: list[tuple[str, str]] = []
    referee = User.objects.filter(is_superuser=True).order_by("pk").first()
    if referee is None:
        password = secrets.token_urlsafe(12)
        referee = User.objects.create_superuser("referee", password=password)
        created.append(("referee", password))
    if demo:
        from ..server.demo import build
        created += list(build(referee).items())
    return created


@app.command()
def serve(demo: bool = typer.Option(False, "--demo", help="A demo club: a referee, players and a campaign of "
                                                          "each game under way."),
          port: int = typer.Option(8000, "--port"),
          host: str = typer.Option("127.0.0.1", "--host", help="The address to listen on (behind a reverse "
                                                               "proxy: keep 127.0.0.1)."),
          folder: Optional[str] = typer.Option(None, "--dir", help="Where the SQLite database and the secret key "
                                                                   "live (default: the current folder)."),
          workers: int = typer.Option(0, "--workers", min=0, max=64,
                                      help="Server processes (default: one per processor, 2 to 4)."),
          threads: int = typer.Option(4, "--threads", min=1, max=64, help="Threads per process."),
          prepare_only: bool = typer.Option(False, "--prepare-only", help="Apply the migrations, create the "
                                                                          "accounts, and stop."),
          lang: Optional[str] = LangOpt) -> None:
    """Start the club server (its database set up first). / Démarrer le serveur du club."""
    o = out(lang, False)

    def go() -> None:
        where = Path(folder or os.getcwd()).resolve()
        created = prepare(where, demo)
        for name, password in created:
            o.text(o.t(f"Compte {name} — mot de passe : {password}   (affiché une seule fois)",
                       f"Account {name} — password: {password}   (shown this once)"))
        if demo and created:
            from ..server.models import Membership
            for m in Membership.objects.filter(role=Membership.PLAYER).select_related("user", "campaign"):
                o.text(f"  {m.campaign.title}: {m.user.get_username()} → {m.player}")
        db = os.environ.get("DATABASE_URL") and "DATABASE_URL" or str(where / "club.sqlite3")
        o.text(o.t(f"Base : {db}", f"Database: {db}"))
        if prepare_only:
            return
        from ..server import processes
        from ..server.wsgi import application
        sock = processes.listen(host, port)
        o.text(o.t(f"Le club est ouvert sur http://{host}:{port}/ (Ctrl-C pour arrêter)",
                   f"The club is open at http://{host}:{port}/ (Ctrl-C to stop)"))
        processes.serve(application, sock, workers or processes.default_workers(), threads)
    run_safely(o, go)


register_messages({
    "club.other_key": {
        "en": "This club's database was started with another secret key: give this server the same key as the "
              "club's other servers (CAMPAGNE_SECRET_KEY, or the first server's club.secret); it was not started.",
        "fr": "La base de ce club a été démarrée avec une autre clé secrète : donnez à ce serveur la même clé qu'aux "
              "autres serveurs du club (CAMPAGNE_SECRET_KEY, ou le club.secret du premier) ; il n'a pas démarré."},
    "club.bad_secret": {"en": "{path} holds no secret key (it is empty or not a regular file): give the club's "
                              "key back to it, or set CAMPAGNE_SECRET_KEY; the server was not started.",
                        "fr": "{path} ne contient pas de clé secrète (il est vide ou n'est pas un fichier ordinaire) : "
                              "rendez-lui la clé du club, ou définissez CAMPAGNE_SECRET_KEY ; le serveur n'a pas "
                              "démarré."},
    "club.dir_not_folder": {"en": "{path} is not a folder: give --dir a folder for the club.",
                            "fr": "{path} n'est pas un dossier : donnez à --dir un dossier pour le club."},
    "club.dir_cannot_make": {"en": "The club's folder {path} cannot be made ({reason}).",
                             "fr": "Le dossier du club {path} ne peut pas être créé ({reason})."},
})
