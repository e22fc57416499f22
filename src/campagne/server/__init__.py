"""The club server: every registered game on the web (issue 13).

An interface at the edge, like the command line: it reads and writes campaigns through `campagne.session` and
calls the games' descriptors (`campagne.registry`), and never names a game. The journal stays the campaign: its
lines are kept in the database exactly as the JSON Lines file holds them (`store.py`), importable from and
exportable to it. `campagne serve` starts it (`cli/server.py`).
"""

from __future__ import annotations

import os


def setup() -> None:
    """Configure Django from `campagne.server.settings` (built from the environment) and load the app."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "campagne.server.settings")
    import django
    django.setup()
