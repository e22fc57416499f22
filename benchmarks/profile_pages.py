"""Where an orders page's time goes, in-process and single-threaded: for each registered game, a fresh campaign
(loadtest's `small` club), one of its players' page (map included) and a click on the map, drawn through Django's
test client. CPU time (`time.process_time`), which the machine's load does not spoil as it does a p95 under 8
threads.

    .venv/bin/python benchmarks/profile_pages.py [--rounds 5] [--profile GAME]

Prints per game: the first page of a state (nothing remembered yet: `cold`), another player's first page of that state
(`2nd viewer`), then the page again (`warm`, the least of `--rounds`: the figure the least disturbed by other processes), and the click (least). `--profile GAME` prints the
cProfile of that game's first page, another viewer's first page and its warm pages, by cumulative time.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import re
import sys
import tempfile
import time
import urllib.parse
from html import unescape
from pathlib import Path


def cpu(f: object) -> float:
    t0 = time.process_time()
    f()  # type: ignore[operator]
    return time.process_time() - t0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--profile", default="")
    parser.add_argument("--players", type=int, default=8)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="campagne-profile-"))
    from campagne.server import loadtest
    from campagne.registry import games
    names = sorted(games())
    clubs = {name: loadtest.small_club(folder, name, len(games()[name].seats) or min(args.players,
                                                                                      games()[name].players[1]))
             for name in names}
    from django.contrib.auth import get_user_model
    from django.test import Client
    User = get_user_model()
    warmup = Client()  # the server's own first request (its imports, the static files listed) is no page's
    warmup.force_login(User.objects.get(username="umpire"))
    warmup.get("/")
    # and, as `campagne serve` does before it forks (processes._warm), every game's hooks the pages call imported:
    # without it a game's first page paid its modules' compiling (~50 ms for Atlantis), which no served page does
    from campagne.core.interface import load as load_hook
    from campagne.server.processes import SERVED
    for d in games().values():
        for hook in (getattr(d, name) for name in SERVED):
            if hook:
                load_hook(hook)
    print(f"{'game':9} {'cold page':>10} {'2nd viewer':>10} {'warm page':>10} {'click':>8}   (CPU ms, single-threaded)")
    for name in names:
        club = clubs[name]
        pk = club["pk"]
        players = [u for u, s in club["accounts"].items() if s != "referee"]
        clients = []
        for u in players[:2]:
            cl = Client()
            cl.force_login(User.objects.get(username=u))
            cl.get("/")  # a client's first request builds its middleware (a server does that once)
            clients.append(cl)
        page = ""

        def load(cl: Client = clients[0]) -> None:
            nonlocal page
            r = cl.get(f"/c/{pk}/")
            assert r.status_code == 200, r.status_code
            page = r.content.decode()
        prof = cProfile.Profile() if args.profile == name else None
        if prof:
            prof.enable()
        cold = cpu(load)
        if prof:
            prof.disable()
            print("-- the first page of the state")
            pstats.Stats(prof, stream=sys.stdout).sort_stats("cumulative").print_stats(45)
            prof = cProfile.Profile()  # the other viewer's page alone: what each reader pays once per state
            prof.enable()
        other = cpu(lambda: load(clients[-1]))  # another viewer, the same state
        if prof:
            prof.disable()
            print("-- another viewer's first page of the state")
            pstats.Stats(prof, stream=sys.stdout).sort_stats("cumulative").print_stats("campagne", 60)
        warm = [cpu(lambda cl=clients[i % len(clients)]: load(cl)) for i in range(args.rounds)]
        pieces = re.findall(r'data-thing="([^"]*)" data-orders="1"', page)
        click = []
        if pieces:
            url = f"/c/{pk}/orders/?sel={urllib.parse.quote(unescape(pieces[-1]))}"
            click = [cpu(lambda: clients[0].get(url, HTTP_HX_REQUEST="true")) for _ in range(args.rounds)]
        print(f"{name:9} {cold * 1000:10.1f} {other * 1000:10.1f} {min(warm) * 1000:10.1f} "
              f"{(min(click) * 1000 if click else float('nan')):8.1f}", flush=True)
        if args.profile == name:
            print("-- warm pages and clicks")
            prof = cProfile.Profile()
            prof.enable()
            for i in range(args.rounds):
                load(clients[i % len(clients)])
                if pieces:
                    clients[0].get(url, HTTP_HX_REQUEST="true")
            prof.disable()
            pstats.Stats(prof, stream=sys.stdout).sort_stats("cumulative").print_stats(70)


if __name__ == "__main__":
    main()
