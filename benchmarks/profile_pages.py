"""Where an orders page's time goes, in-process and single-threaded: for each registered game, a fresh campaign
(loadtest's `small` club), one of its players' page (map included) and a click on the map, drawn through Django's
test client. CPU time (`time.process_time`), which the machine's load does not spoil as it does a p95 under 8
threads.

    .venv/bin/python benchmarks/profile_pages.py [--rounds 5] [--profile GAME] [--pending N]

Prints per game: the first page of a state (nothing remembered yet: `cold`), another player's first page of that state
(`2nd viewer`), then the page again (`warm`, the least of `--rounds`: the figure the least disturbed by other processes), and the click (least). `--profile GAME` prints the
cProfile of that game's first page, another viewer's first page and its warm pages, by cumulative time.
`--pending N` measures instead a campaign that computers advanced to its first phase where every player gives
free-text orders (`loadtest.build`: Atlantis's diplomacy, 8 players): each player's first page and the warm page with
no order pending, then with every player's N orders (agreements proposed) pending.
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


def pending(players: int, count: int, rounds: int) -> None:
    """The page with none and with `players` x `count` free-text orders pending, in CPU ms."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from campagne.server import loadtest
    folder = Path(tempfile.mkdtemp(prefix="campagne-profile-"))
    info = loadtest.build(folder, 1, players, 0)["campaigns"][0]
    pk, User = info["pk"], get_user_model()
    clients = []
    for u in info["accounts"]:
        cl = Client()
        cl.force_login(User.objects.get(username=u))
        cl.get("/")
        clients.append(cl)

    def load(cl: Client) -> str:
        r = cl.get(f"/c/{pk}/")
        assert r.status_code == 200, r.status_code
        return r.content.decode()

    def measure(what: str) -> None:
        first = [cpu(lambda cl=cl: load(cl)) for cl in clients]  # each reader's first page of the state
        warm = [cpu(lambda: load(clients[0])) for _ in range(rounds)]
        forms = load(clients[0]).count('<form class="order"')
        print(f"{info['game']:9} {what:>14}: first page per reader median {sorted(first)[len(first) // 2] * 1000:6.1f}"
              f" max {max(first) * 1000:6.1f}   warm {min(warm) * 1000:5.1f}   (CPU ms; {forms} order forms on the "
              f"busiest reader's page)", flush=True)
    load(clients[0])  # the process's first page (imports) is no reader's
    measure("none pending")
    for i in range(count):
        for cl in clients:
            form = loadtest.text_order(cl.get(f"/c/{pk}/orders/").content.decode(), f"bench {i}")
            if form is None:
                break
            cl.post(f"/c/{pk}/orders/", form, HTTP_HX_REQUEST="true")
    measure(f"{players * count} pending")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--profile", default="")
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--pending", type=int, default=0)
    parser.add_argument("--turns", type=int, default=0, help="turns computers play first (0: the openings)")
    args = parser.parse_args()
    if args.pending:
        pending(args.players, args.pending, args.rounds)
        return
    folder = Path(tempfile.mkdtemp(prefix="campagne-profile-"))
    from campagne.server import loadtest
    from campagne.registry import games
    names = sorted(games())
    clubs = {name: loadtest.small_club(folder, name, len(games()[name].seats) or min(args.players,
                                                                                      games()[name].players[1]),
                                       args.turns)
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
