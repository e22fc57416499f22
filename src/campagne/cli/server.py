"""`campagne serve`: the club server (Django, `campagne.server`), on SQLite in the current folder by default."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Optional

import typer

from .main import app
from .output import LangOpt, out, run_safely


def _secret_key(folder: Path) -> str:
    """Django's secret key, kept in `club.secret` beside the database (readable by its owner only)."""
    path = folder / "club.secret"
    if path.exists():
        return path.read_text(encoding="utf-8").strip()
    key = secrets.token_urlsafe(50)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(key + "\n")
    return key


def prepare(folder: Path, demo: bool) -> list[tuple[str, str]]:
    """Configure Django, apply the migrations, create the first referee (and the demo club): the new accounts and
    their passwords, to be printed once."""
    os.environ["CAMPAGNE_SERVER_DIR"] = str(folder)
    if not os.environ.get("CAMPAGNE_SECRET_KEY"):
        os.environ["CAMPAGNE_SECRET_KEY"] = _secret_key(folder)
    from ..server import setup
    setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    call_command("migrate", interactive=False, verbosity=0)
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
