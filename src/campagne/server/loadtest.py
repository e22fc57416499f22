"""Many players at once on a running club, on loopback only: the bounded load test (tests/test_server_load.py) and
the benchmark (benchmarks/bench_server.py) share it.

`python -m campagne.server.loadtest build DIR CAMPAIGNS PLAYERS [EXTRA_TURNS]` makes a club in DIR (campaigns of
the first registered game whose diplomacy-like phase lets every player give free orders at once: found by asking
each game's legal orders, never by name), `... export DIR` writes each campaign's journal and referee's file
there; `start(DIR, port)` runs `campagne serve` on 127.0.0.1; `hammer(...)` has one thread per player give orders
through the web forms, each sent twice (the second must change nothing), and times every request.
"""

from __future__ import annotations

import html
import http.cookiejar
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

PASSWORD = "load-test-password-19"
KEY = "load-test-key"  # the secret key of every club made here: the servers `start` runs are given it too
HOST = "127.0.0.1"


def _free_order_phase(c: Any, d: Any) -> bool:
    """Every player may give an order with free text now (an agreement...): many at once are all accepted."""
    from . import store
    seats = store.seats(c)
    legal = d.load("legal_orders")
    return all(any(any(f.kind == "text" for f in lo.fields) for lo in legal(c.state, p)) for p in seats)


def _referee_step(c: Any, d: Any) -> dict[str, Any]:
    """The referee's next step offered by the rules: close the phase, or else an order he may give with no
    choice to make (an auto-resolved battle...)."""
    legal = d.load("legal_orders")(c.state, "referee")
    nxt = [lo for lo in legal if lo.type == "next"]
    free = [lo for lo in legal if lo.type not in ("end", "undo") and all(f.optional for f in lo.fields)]
    if not nxt + free:
        raise SystemExit("the referee has nothing to do, and nobody else acts")
    return (nxt + free)[0].command({})


def build(folder: Path, campaigns: int, players: int, extra_turns: int = 0) -> dict[str, Any]:
    """The club (run in its own process: Django configured for DIR)."""
    os.environ["CAMPAGNE_SERVER_DIR"] = str(folder)
    os.environ.setdefault("CAMPAGNE_SECRET_KEY", KEY)
    from ..cli.server import prepare
    prepare(folder, demo=False)
    from django.contrib.auth import get_user_model

    from ..registry import games
    from . import store
    from .models import Membership
    from .referee import play_for
    User = get_user_model()
    out: dict[str, Any] = {"campaigns": []}
    for name, d in games().items():
        if d.seats or not d.autoplay or d.players[1] < players:
            continue
        for k in range(campaigns):
            ids = [f"p{i}" for i in range(1, players + 1)]
            entries = [{"id": i, "controller": "human", "name": i, **{f.name: f.default for f in d.player_fields}}
                       for i in ids]
            # public dice: the same club each time
            campaign = store.create(f"load {k}", name, entries, seed=f"load-{k}", public=True)
            if extra_turns:  # a campaign already long: computers play everybody, the referee's part too
                with store.changing(campaign.pk) as (campaign, c):
                    after = c.file.entries[-1:] or [c.file.header.get("opening", {})]
                    d.load("autoplay")(c, c.game.seed, referee=True, after=after, stop_turn=extra_turns + 1,
                                       stand_in=frozenset(store.seats(c)), end_at_stop=False)
            found = False
            for _ in range(200 * (1 + extra_turns)):
                with store.changing(campaign.pk) as (campaign, c):
                    if _free_order_phase(c, d) and int(c.game.view(None).get("turn") or 0) > extra_turns:
                        found = True
                        break
                    if not play_for(campaign, c, frozenset(store.seats(c))):
                        c.push(_referee_step(c, d))
            if not found:
                break
            accounts = {}
            for seat in ids:
                username = f"c{campaign.pk}-{seat}"
                u = User.objects.create_user(username, password=PASSWORD)
                Membership.objects.create(user=u, campaign=campaign, role=Membership.PLAYER, player=seat)
                accounts[username] = seat
            out["campaigns"].append({"pk": campaign.pk, "game": name, "accounts": accounts,
                                     "length": campaign.length})
        if out["campaigns"]:
            return out
    raise SystemExit("no registered game has a phase where every player gives free orders at once")


def small_club(folder: Path, game: str, players: int, turns: int = 0) -> dict[str, Any]:
    """A campaign of `game` with `players` people and its referee, each with an account (the browser test's);
    `turns`: computers first play that many turns for everyone (a campaign under way, not its opening)."""
    os.environ["CAMPAGNE_SERVER_DIR"] = str(folder)
    os.environ.setdefault("CAMPAGNE_SECRET_KEY", KEY)
    from ..cli.server import prepare
    prepare(folder, demo=False)
    from django.contrib.auth import get_user_model

    from ..registry import game as registered
    from . import store
    from .models import Membership
    d = registered(game)
    ids = list(d.seats) or [f"p{i}" for i in range(1, players + 1)]
    entries = [{"id": i, "controller": "human", "name": i, **{f.name: f.default for f in d.player_fields}}
               for i in ids]
    # public dice (a test's): the same campaign every run, so that two runs of a benchmark measure the same pages
    campaign = store.create(f"browser {game}", game, entries, seed=1, public=True)
    if turns and d.autoplay:
        with store.changing(campaign.pk) as (campaign, c):
            after = c.file.entries[-1:] or [c.file.header.get("opening", {})]
            d.load("autoplay")(c, c.game.seed, referee=True, after=after, stop_turn=turns + 1,
                               stand_in=frozenset(store.seats(c)), end_at_stop=False)
    User = get_user_model()

    def account(name: str) -> Any:  # one account across the club's campaigns (a club of several games)
        return User.objects.filter(username=name).first() or User.objects.create_user(name, password=PASSWORD)

    accounts = {"umpire": "referee"}
    Membership.objects.create(user=account("umpire"), campaign=campaign, role=Membership.REFEREE)
    with store.viewing(campaign.pk) as (_c, c):
        seats = store.seats(c)
    for seat in seats:
        Membership.objects.create(user=account(f"u-{seat}"), campaign=campaign, role=Membership.PLAYER, player=seat)
        accounts[f"u-{seat}"] = seat
    return {"pk": campaign.pk, "accounts": accounts}


def export(folder: Path) -> list[dict[str, Any]]:
    os.environ["CAMPAGNE_SERVER_DIR"] = str(folder)
    os.environ.setdefault("CAMPAGNE_SECRET_KEY", KEY)
    from . import setup
    setup()
    from . import store
    from .models import Campaign
    out = []
    for campaign in Campaign.objects.all():
        path = folder / f"export-{campaign.pk}.jsonl"
        path.write_text(store.export_journal(campaign), encoding="utf-8")
        Path(str(path) + ".referee").write_text(store.referee_file(campaign), encoding="utf-8")
        out.append({"pk": campaign.pk, "path": str(path), "length": campaign.length})
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def start(folder: Path, port: int, threads: int = 4, database: str | None = None, workers: int = 0
          ) -> subprocess.Popen[bytes]:
    """`campagne serve` on loopback, on the SQLite file in `folder` or on `database` (a URL: never the
    environment's own `DATABASE_URL`); returns once it answers (the caller stops it by its pid)."""
    env = {**os.environ, "CAMPAGNE_SERVER_DIR": str(folder), "CAMPAGNE_SECRET_KEY": KEY}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    env.pop("DATABASE_URL", None)
    if database:
        env["DATABASE_URL"] = database
    exe = Path(sys.executable).with_name("campagne")
    proc = subprocess.Popen([str(exe), "serve", "--dir", str(folder), "--host", HOST, "--port", str(port),
                             "--threads", str(threads), "--workers", str(workers)], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:  # refused to start (a port taken, another secret key...): said at once
            raise RuntimeError(f"the club server stopped at once (exit status {proc.returncode})")
        try:
            with socket.create_connection((HOST, port), timeout=0.5):
                return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the club server did not start")


@contextmanager
def served(folder: Path, **options: Any) -> Iterator[str]:
    """`campagne serve` on the club in `folder` (`start`'s options), on a free port: its base URL while the block
    runs, the server stopped after."""
    port = free_port()
    proc = start(folder, port, **options)
    try:
        yield f"http://{HOST}:{port}"
    finally:
        proc.terminate()
        proc.wait(timeout=30)


class Browser:
    """One person's session: cookies, CSRF, timed requests."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.times: dict[str, list[float]] = {}

    def _csrf(self) -> str:
        return next((c.value for c in self.jar if c.name == "csrftoken"), "")

    def request(self, kind: str, path: str, data: dict[str, str] | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, str]:
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        req = urllib.request.Request(self.base + path, data=body, headers={
            **(headers or {}), **({"X-CSRFToken": self._csrf(), "Referer": self.base + path} if body else {})})
        t0 = time.perf_counter()
        try:
            with self.opener.open(req, timeout=60) as r:
                status, text = r.status, r.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as e:
            status, text = e.code, e.read().decode("utf-8", "replace")
        self.times.setdefault(kind, []).append(time.perf_counter() - t0)
        return status, text

    def login(self, username: str) -> None:
        self.request("login", "/login/")
        status, _ = self.request("login", "/login/", {"username": username, "password": PASSWORD,
                                                      "csrfmiddlewaretoken": self._csrf()})
        if status != 200 or not any(c.name == "sessionid" for c in self.jar):
            raise RuntimeError(f"{username} could not sign in")


def filled(form: str) -> dict[str, str]:
    """An order form's fields as a person leaving its first choices would post them: its hidden fields, each
    select's first choice, each number's lowest."""
    values = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))
    values.update(re.findall(r'<select name="(\w+)">(?:<option value="">—</option>)?<option value="([^"]*)"', form))
    values.update(re.findall(r'<input type="number" name="(\w+)" min="(-?\d+)"', form))
    return {k: html.unescape(v) for k, v in values.items()}


def text_order(page: str, text: str) -> dict[str, str] | None:
    """The first order form of a page with a free-text field, filled: its first choices and this text."""
    for form in re.findall(r'<form class="order".*?</form>', page, re.S):
        texts = re.findall(r'<input type="text" name="(\w+)"', form)
        if texts:
            return {**filled(form), texts[0]: text}
    return None


def hammer(base: str, club: dict[str, Any], orders_each: int, views_each: int = 2) -> dict[str, Any]:
    """One thread per player: sign in, then `orders_each` times view the map, draw the orders form, give one order
    and send it again at once. Returns the counts and every timing."""
    results: dict[str, Any] = {"given": 0, "refused_again": 0, "errors": [], "times": {}}
    lock = threading.Lock()
    start_line = threading.Barrier(sum(len(c["accounts"]) for c in club["campaigns"]))

    def person(pk: int, username: str, seat: str) -> None:
        b = Browser(base)
        try:
            b.login(username)
            start_line.wait(timeout=60)
            for i in range(orders_each):
                for _ in range(views_each):
                    b.request("map", f"/c/{pk}/map.svg")
                status, page = b.request("form", f"/c/{pk}/orders/")
                form = text_order(page, f"load-{seat}-{i}")
                if form is None:
                    raise RuntimeError(f"{username}: no order with free text offered")
                first, _ = b.request("order", f"/c/{pk}/orders/", form, {"HX-Request": "true"})
                again, _ = b.request("order", f"/c/{pk}/orders/", form, {"HX-Request": "true"})
                with lock:
                    results["given"] += first == 200
                    results["refused_again"] += again == 409
                    if first != 200 or again != 409:
                        results["errors"].append((username, i, first, again))
        except Exception as exc:  # noqa: BLE001 - reported, the run goes on
            with lock:
                results["errors"].append((username, repr(exc)))
        with lock:
            for k, v in b.times.items():
                results["times"].setdefault(k, []).extend(v)

    threads = [threading.Thread(target=person, args=(c["pk"], u, s))
               for c in club["campaigns"] for u, s in c["accounts"].items()]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=600)
    results["seconds"] = time.perf_counter() - t0
    return results


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def main(argv: list[str]) -> None:
    if argv[:1] == ["build"]:
        print(json.dumps(build(Path(argv[1]), int(argv[2]), int(argv[3]), int(argv[4]) if len(argv) > 4 else 0)))
    elif argv[:1] == ["small"]:
        # several games, comma-separated: one club, a campaign each, the last line naming them all
        turns = int(argv[4]) if len(argv) > 4 else 0  # computers play these turns first
        made = {name: small_club(Path(argv[1]), name, int(argv[3]), turns) for name in argv[2].split(",")}
        print(json.dumps(next(iter(made.values())) if len(made) == 1 else made))
    elif argv[:1] == ["export"]:
        print(json.dumps(export(Path(argv[1]))))
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
