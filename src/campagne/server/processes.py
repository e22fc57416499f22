"""The club server's processes: gunicorn's master forks `workers` processes, each serving requests on `threads`
threads, all on one listening socket.

Several processes because a Python process runs one thread at a time: under many players at once, one process
makes every request wait for the others' work (measured: benchmarks/bench_server.py). Each process keeps the
campaigns it served in memory and catches up from the journal's new lines when another process wrote some
(`store._caught_up`); commands are serialised under the campaign's lock (`store.changing`: PostgreSQL's row
lock, or a lock on SQLite's database file).

The socket is opened here, before gunicorn starts, so that a taken port is one sentence, not a retry loop.
"""

from __future__ import annotations

import gc
import os
import socket
from pathlib import Path
from typing import Any

from gunicorn.app.base import BaseApplication

from ..core.errors import CampagneError, register_messages
from ..core.interface import load


def default_workers() -> int:
    """A process per processor, at least two (one stays free while the other writes), at most four: each holds
    its own copy of the campaigns it serves."""
    return max(2, min(4, os.cpu_count() or 1))


class _Club(BaseApplication):  # type: ignore[misc]
    def __init__(self, application: Any, options: dict[str, Any]) -> None:
        self.application = application
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self) -> Any:
        return self.application


def listen(host: str, port: int) -> socket.socket:
    try:
        sock = socket.create_server((host, port), family=socket.AF_INET6 if ":" in host else socket.AF_INET,
                                    backlog=2048)
    except OSError as exc:  # the port taken, or not ours to use
        raise CampagneError("club.cannot_listen", host=host, port=port, reason=exc.strerror or str(exc)) from None
    sock.set_inheritable(True)
    return sock


def _after_fork(server: Any, worker: Any) -> None:
    """A worker's own database connections (a connection is never shared across a fork); the collector's full
    passes made rare (each walks every object the worker holds, campaigns included: tens of milliseconds that an
    order waiting behind the campaign's lock would wait too)."""
    gc.set_threshold(10_000, 20, 100)
    from django.db import connections
    for conn in connections.all(initialized_only=True):
        conn.inc_thread_sharing()
        conn.close()
        conn.dec_thread_sharing()


# what the pages call
SERVED = ("ruleset", "orders", "legal_orders", "view", "redact_entry", "setup", "text", "picture", "sheets", "outcome",
          "autoplay", "information_state", "advice", "advice_facts", "advice_words", "read_order", "battle_command")


def _warm() -> None:
    """Load before the fork what every worker would otherwise load on its first requests, making its first players
    wait: the URLs and views, the translations, the templates, every game's rules and what the pages call of them,
    the campaigns under way and their pages' parts (`ahead`); then every command written draws its new state
    ahead."""
    from django.conf import settings
    from django.template.loader import get_template
    from django.urls import get_resolver
    from django.utils import translation

    from ..registry import games
    get_resolver().url_patterns  # noqa: B018 - imports the views
    for code, _name in settings.LANGUAGES:  # each language's catalogues, read on its first use
        with translation.override(code):
            translation.gettext("Orders")
    for template in sorted((Path(__file__).parent / "templates" / "club").glob("*.html")):
        get_template(f"club/{template.name}")
    for d in games().values():
        for hook in (*(getattr(d, name) for name in SERVED), *d.computers.values()):
            if hook:
                load(hook)
    from . import ahead
    ahead.before_fork()
    ahead.start()


def serve(application: Any, sock: socket.socket, workers: int, threads: int) -> None:
    """Serve until stopped (Ctrl-C, or SIGTERM: the requests under way are finished first)."""
    from django.db import connections
    _warm()
    connections.close_all()  # the set-up's connection stays in the master, never in a worker
    # What is loaded by now (Django, the games, their data) lives as long as the server: kept out of the
    # collector's full passes, which otherwise walk it all again and again while orders copy states (measured:
    # a few milliseconds an order), and shared by the workers' memory as forked.
    gc.collect()
    gc.freeze()
    _Club(application, {
        "bind": [f"fd://{sock.fileno()}"],
        "workers": max(1, workers),
        "threads": max(1, threads),
        "worker_class": "gthread" if threads > 1 else "sync",
        "timeout": 300,  # a command that has the computers play a long phase
        "graceful_timeout": 30,
        "keepalive": 5,
        "accesslog": None,
        "errorlog": "-",
        "loglevel": os.environ.get("CAMPAGNE_LOG_LEVEL", "warning").lower(),
        "post_fork": _after_fork,
        "proc_name": "campagne-club",
    }).run()


register_messages({
    "club.cannot_listen": {"en": "The club cannot listen on {host}:{port} ({reason}): choose another --port.",
                           "fr": "Le club ne peut pas écouter sur {host}:{port} ({reason}) : choisissez un autre "
                                 "--port."},
})
