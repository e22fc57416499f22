"""What the bad-input checks share: the real command line run in-process (`campagne.cli.main.main`, as the console
script runs it: its one-sentence refusals, its internal-error line), a watchdog so that a hang fails instead of
blocking the run, the checker of a refusal, and a campaign of any registered game made from its descriptor."""

from __future__ import annotations

import contextlib
import io
import os
import signal
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from campagne import session
from campagne.registry import games

WATCHDOG = 10  # seconds: a command refused before reading answers in milliseconds
ROOT_ENV = ("CAMPAGNE_CAMPAIGN", "CAMPAGNE_JSON", "CAMPAGNE_LANG")
NAMES = ["alice", "bob", "carl", "dora", "emile", "fanny", "gaston", "hugo"]


@dataclass
class Ran:
    args: list[str]
    code: int | None
    out: str
    err: str
    hung: bool = False
    raised: BaseException | None = None


class _Hung(Exception):
    pass


def _alarm(_signum: int, _frame: Any) -> None:
    raise _Hung()


def run(*args: Any) -> Ran:
    """`campagne ARGS...` in this process, its exit status and what it printed; a command still running after
    WATCHDOG seconds is stopped and reported as hung."""
    from campagne.cli.main import main
    argv = [str(a) for a in args]
    saved = {k: os.environ.pop(k) for k in ROOT_ENV if k in os.environ}
    out, err = io.StringIO(), io.StringIO()
    old_argv, old_handler = sys.argv, signal.signal(signal.SIGALRM, _alarm)
    ran = Ran(argv, None, "", "")
    signal.alarm(WATCHDOG)
    try:
        sys.argv = ["campagne", *argv]
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            main()
    except SystemExit as exc:
        ran.code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except _Hung:
        ran.hung = True
    except BaseException as exc:  # noqa: BLE001  (what escaped the command line is the finding)
        ran.raised = exc
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old_handler)
        sys.argv = old_argv
        for k in ROOT_ENV:  # what the root options set (--json, --lang, -c)
            os.environ.pop(k, None)
        os.environ.update(saved)
    ran.out, ran.err = out.getvalue(), err.getvalue()
    return ran


LEAKS = ("Traceback", "Usage:", "internal error", "Erreur interne", "Error:", "File \"", "Exception")


def refusal_problem(ran: Ran) -> str | None:
    """Why `ran` is not a clean refusal (exit status 2, exactly one sentence, nothing that leaks the program's
    insides), or None."""
    if ran.hung:
        return f"hung (more than {WATCHDOG} s)"
    if ran.raised is not None:
        return f"raised {type(ran.raised).__name__}: {ran.raised}"
    if ran.code != 2:
        return f"exit status {ran.code}, not 2"
    said = [line for line in (ran.out + ran.err).splitlines() if line.strip()]
    if len(said) != 1:
        return f"{len(said)} lines, not one sentence: {said[:5]!r}"
    line = said[0]
    leak = next((w for w in LEAKS if w in line), None)
    if leak:
        return f"leaks {leak!r}: {line!r}"
    if len(line) > 600:
        return f"a sentence of {len(line)} characters"
    return None


def refused(ran: Ran, *protected: Path, before: dict[Path, bytes] | None = None) -> None:
    """Assert a clean refusal that left the `protected` files byte-identical (as `before` read them)."""
    problem = refusal_problem(ran)
    assert problem is None, (ran.args, problem)
    for path, data in (before or {}).items():
        assert path.read_bytes() == data, (ran.args, f"{path.name} changed")


def snapshot(*paths: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in paths if p.exists()}


def players_of(name: str) -> list[dict[str, Any]]:
    """The people of a campaign of `name`, as its descriptor declares them."""
    d = games()[name]
    count = len(d.seats) or max(2, d.players[0], min(3, d.players[1]))
    ids = list(d.seats) or NAMES[:count]
    return [{"id": i, "controller": "human", "name": i, **{f.name: f.default for f in d.player_fields}} for i in ids]


def make_campaign(name: str, path: Path, seed: int = 7) -> Path:
    """A fresh campaign (or battle) of `name` between people, its journal at `path`, the referee's file beside."""
    d = games()[name]
    options = {o.name.replace("-", "_"): ([] if o.kind == "list" else o.default) for o in d.setup_options}
    setup = d.load("setup")(players_of(name), options)
    session.create(path, name, setup, seed)
    return path


def read_command(name: str) -> list[str]:
    """A command that reads a campaign of `name`: `status`, or `battle status` for a battle."""
    return ["battle", "status"] if games()[name].kind == "battle" else ["status"]
