"""The journal is the campaign: torn writes, processes killed mid-command, commands racing each other,
journals edited by hand, undo. Everything goes through the real command line (in-process CliRunner
for single commands; child processes where a process must die or race)."""

from __future__ import annotations

import itertools
import json
import os
import random
import re
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from campagne import session
from campagne.cli.main import app
from campagne.games.atlantis.map import load_default_map
from campagne.storage import journal as jfile
from campagne.storage.lines import FILE_KEYS

RUNNER = CliRunner()
TORN = re.compile(r"Warning: line (\d+) of .* is incomplete \(a write was interrupted\)")


def cli(path: Path, *args: object, code: int | None = 0, lang: str | None = None):
    argv = [str(a) for a in args]
    result = RUNNER.invoke(app, argv, env={"CAMPAGNE_CAMPAIGN": str(path), "CAMPAGNE_JSON": None,
                                           "CAMPAGNE_LANG": lang})
    if code is not None:
        assert result.exit_code == code, (argv, result.exit_code, result.stdout, result.stderr,
                                          result.exception)
    assert "Traceback" not in result.output
    return result


def lines(path: Path) -> list[bytes]:
    return path.read_bytes().splitlines(keepends=True)


def unmarked(line: bytes) -> dict[str, Any]:
    """A journal line as the reader gives it: without the file's own keys, the batch mark ("more") the file adds
    to every line of a write but its last, and the link to the line before ("prev")."""
    obj = json.loads(line)
    for key in FILE_KEYS:
        obj.pop(key, None)
    return obj


def entries(path: Path) -> list[dict[str, Any]]:
    return [unmarked(x) for x in lines(path)[1:]]


def verified(path: Path) -> bool:
    r = cli(path, "journal", "--json")
    return json.loads(r.stdout)["verified"] is True


def child_env() -> dict[str, str]:
    """Child processes import the same campagne as the tests, with no $CAMPAGNE_* settings."""
    import campagne

    here = str(Path(campagne.__file__).resolve().parents[1])
    env = {k: v for k, v in os.environ.items() if not k.startswith("CAMPAGNE_")}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (here, env.get("PYTHONPATH", "")) if p)
    return env


@contextmanager
def fixed_salt() -> Iterator[None]:
    """Secret dice, yet the same campaign at every run: the referee's salt (and any other token) drawn from a fixed
    sequence, while the campaign is made."""
    tokens = (f"{i:064x}" for i in itertools.count(1))
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("campagne.session.secrets.token_hex", lambda n=32: next(tokens)[:2 * n])
        yield


def absent_campaign(path: Path, seed: int = 3, public: bool = True) -> None:
    """Three absent players: their troops stay put, so `next` is always accepted (never waits)."""
    cli(path, "new", "atlantis", "--seed", seed, *(["--public-dice"] if public else []), "-p", "a:absent", "-p", "b:absent:egyptian",
        "-p", "c:absent:assyrian", "--json")


def computer_campaign(path: Path, seed: int = 11, public: bool = True) -> None:
    cli(path, "new", "atlantis", "--seed", seed, *(["--public-dice"] if public else []), "-p", "a:greedy", "-p", "b:random:egyptian",
        "-p", "c:greedy:assyrian", "-p", "d:random:amazon", "--json")


def referee_step(path: Path) -> None:
    """What the referee does next in a computers-only campaign: resolve a battle or close the phase."""
    view = json.loads(cli(path, "status", "--json").stdout)
    if "referee" in view["awaiting"]:
        battle = next(b for b in view["battles"] if b["result"] is None and b["scenario"])
        cli(path, "battle-result", battle["territory"], "--auto", "--json")
    else:
        cli(path, "next", "--json")


# --------------------------------------------------------------------------- torn last line


@pytest.mark.parametrize("tail", [b'{"n":', b'{"n":99,"command":{"type":"next","pla', b"\xe9\xff garbage",
                                  b'{"n": 5, "command": {"type": "next", "player": "referee"}, "events": [], '
                                  b'"rolls": []}'])
def test_a_torn_last_line_is_reported_then_cut_by_the_next_writing_command(tmp_path: Path,
                                                                           tail: bytes) -> None:
    path = tmp_path / "c.jsonl"
    absent_campaign(path)
    for _ in range(3):
        cli(path, "next")
    intact = path.read_bytes()
    n_lines = intact.count(b"\n")
    path.write_bytes(intact + tail)  # a write killed before its newline
    torn = path.read_bytes()

    # Reading commands say so (one warning naming the line) and change nothing.
    for args in (["status"], ["journal"], ["status", "--json"], ["status", "--as", "a"]):
        r = cli(path, *args)
        warning = [x for x in r.stderr.splitlines() if x.strip()]
        assert len(warning) == 1 and TORN.match(warning[0]), r.stderr
        assert int(TORN.match(warning[0]).group(1)) == n_lines + 1
        assert path.read_bytes() == torn
    r = cli(path, "status", lang="fr")
    assert r.stderr.startswith(f"Attention : la ligne {n_lines + 1} de ")
    assert "journal vérifié" not in r.stderr.lower()
    # The journal still verifies: the torn line was never a command.
    assert json.loads(cli(path, "journal", "--json").stdout)["entries"] == entries_of(intact)

    # The next writing command warns, cuts the torn tail, and appends after the intact lines.
    r = cli(path, "next")
    assert TORN.match(r.stderr.strip().splitlines()[0])
    after = path.read_bytes()
    assert after.startswith(intact) and after != intact
    assert after.endswith(b"\n")
    # No torn bytes are left: every new line is a whole JSON object.
    assert all(isinstance(json.loads(x), dict) for x in after[len(intact):].splitlines())
    assert [json.loads(x)["n"] for x in lines(path)[1:]] == list(range(1, after.count(b"\n")))
    r = cli(path, "journal")
    assert r.stderr == "" and "Journal verified" in r.stdout


@pytest.mark.parametrize("args", [["map", "--out", "m.svg"], ["sheet"]])
def test_map_and_sheet_also_report_a_torn_line(tmp_path: Path, args: list[str]) -> None:
    path = tmp_path / "c.jsonl"
    absent_campaign(path)
    cli(path, "next")
    path.write_bytes(path.read_bytes() + b'{"n":')
    before = path.read_bytes()
    r = cli(path, *[str(tmp_path / a) if a.endswith(".svg") else a for a in args])
    # Regression: map and sheet used to load it silently.
    assert TORN.match(r.stderr.strip()), r.stderr
    assert path.read_bytes() == before


def entries_of(raw: bytes) -> list[dict[str, Any]]:
    return [unmarked(x) for x in raw.splitlines()[1:]]


def test_undo_with_a_torn_tail_cuts_it_and_takes_back_the_last_command(tmp_path: Path) -> None:
    path = tmp_path / "c.jsonl"
    absent_campaign(path)
    cli(path, "next")
    keep = path.read_bytes()
    view = cli(path, "status", "--json").stdout
    cli(path, "next")
    path.write_bytes(path.read_bytes() + b'{"n": 7, "comm')
    r = cli(path, "undo", "--json")
    assert TORN.match(r.stderr.strip())
    after = path.read_bytes()
    assert after.startswith(keep) and after.endswith(b"\n") and b'{"n": 7, "comm' not in after
    assert json.loads(lines(path)[-1])["command"]["type"] == "undo"
    assert cli(path, "status", "--json").stdout == view
    assert verified(path)


def test_a_torn_header_is_not_a_campaign(tmp_path: Path) -> None:
    path = tmp_path / "c.jsonl"
    absent_campaign(path)
    header = lines(path)[0]
    path.write_bytes(header[: len(header) // 2])
    before = path.read_bytes()
    for args in (["next"], ["status"], ["undo"]):
        r = cli(path, *args, code=2)
        assert r.stderr.strip().endswith(
            "is not a campagne journal (its first line is not a campaign header).")
        assert len(r.stderr.strip().splitlines()) == 1
    assert path.read_bytes() == before


# --------------------------------------------------------------------------- a process killed mid-write

MID_WRITE = textwrap.dedent("""
    # Run one campagne command, but die by SIGKILL in the middle of the journal's append:
    # half the bytes are written and synced, then the process is killed (no cleanup, no finally).
    import builtins, os, signal, sys
    import campagne.storage.journal as journal

    real_open = builtins.open

    class DiesMidWrite:
        def __init__(self, fh):
            self.fh = fh
        def __enter__(self):
            return self
        def __exit__(self, *exc):
            return self.fh.__exit__(*exc)
        def __getattr__(self, name):
            return getattr(self.fh, name)
        def write(self, data):
            self.fh.write(data[: len(data) // 2])
            self.fh.flush()
            os.fsync(self.fh.fileno())
            os.kill(os.getpid(), signal.SIGKILL)

    def dying_open(path, mode="r", *args, **kwargs):
        fh = real_open(path, mode, *args, **kwargs)
        return DiesMidWrite(fh) if "+" in mode else fh

    journal.open = dying_open
    from campagne.cli.main import main
    sys.argv = ["campagne"] + sys.argv[1:]
    main()
""")


def test_a_process_killed_mid_write_leaves_a_journal_that_reloads(tmp_path: Path) -> None:
    path = tmp_path / "c.jsonl"
    computer_campaign(path)
    for _ in range(12):
        referee_step(path)
    intact = path.read_bytes()
    script = tmp_path / "dies.py"
    script.write_text(MID_WRITE, encoding="utf-8")
    view = json.loads(cli(path, "status", "--json").stdout)
    command = ["next"] if not view["awaiting"] else \
        ["battle-result", next(b for b in view["battles"] if b["result"] is None)["territory"], "--auto"]
    proc = subprocess.run([sys.executable, str(script), *command, "-c", str(path)], env=child_env(),
                          capture_output=True, timeout=120)
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    raw = path.read_bytes()
    assert raw.startswith(intact) and len(raw) > len(intact) and not raw.endswith(b"\n")

    r = cli(path, "journal")
    assert int(TORN.match(r.stderr.strip()).group(1)) == intact.count(b"\n") + 1
    assert "Journal verified" in r.stdout
    assert path.read_bytes() == raw
    # The same command again works; earlier lines are never altered.
    cli(path, *command)
    after = path.read_bytes()
    assert after.startswith(intact) and after.endswith(b"\n") and after.count(b"\n") > intact.count(b"\n")
    assert verified(path)


LOOP = textwrap.dedent("""
    # The referee's loop of commands, as fast as it goes, until killed.
    import contextlib, io, json, sys
    from campagne.cli.main import app
    path = sys.argv[1]

    def run(*args):
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            code = app(list(args) + ["-c", path], standalone_mode=False)
        return code or 0, out.getvalue()

    while True:
        code, text = run("status", "--json")
        view = json.loads(text)
        if view["phase"] == "ended":
            break
        open_ = [b for b in view["battles"] if b["result"] is None and b["scenario"]]
        if "referee" in view["awaiting"] and open_:
            run("battle-result", open_[0]["territory"], "--auto")
        else:
            run("next")
""")


@pytest.mark.parametrize("delay", [0.35, 0.6, 0.9])
def test_sigkill_during_a_loop_of_commands(tmp_path: Path, delay: float) -> None:
    path = tmp_path / "c.jsonl"
    computer_campaign(path, seed=int(delay * 100))
    script = tmp_path / "loop.py"
    script.write_text(LOOP, encoding="utf-8")
    proc = subprocess.Popen([sys.executable, str(script), str(path)], env=child_env(),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    snapshots: list[bytes] = [path.read_bytes()]
    # The delay counts from the loop's first write: the child's start (its imports, its first replay) takes a
    # second or more on a busy machine, and a fixed deadline then killed it before it wrote anything.
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline and path.read_bytes() == snapshots[0]:
            time.sleep(0.01)
        deadline = time.monotonic() + delay
        while time.monotonic() < deadline:
            snapshots.append(path.read_bytes())
            time.sleep(0.05)
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    raw = path.read_bytes()
    assert raw.count(b"\n") > snapshots[0].count(b"\n"), "the loop wrote nothing before it was killed"
    # Every line that was ever complete is still there, byte for byte.
    for snap in snapshots:
        complete = snap[: snap.rfind(b"\n") + 1]
        assert raw.startswith(complete)
    complete = raw[: raw.rfind(b"\n") + 1]
    r = cli(path, "journal", "--json")
    assert json.loads(r.stdout)["verified"] is True
    if raw != complete:
        assert TORN.match(r.stderr.strip())
    # The next writing command works and keeps every complete line.
    referee_step(path)
    after = path.read_bytes()
    assert after.startswith(complete) and after.endswith(b"\n")
    assert verified(path)


# --------------------------------------------------------------------------- two commands at once

RACER = textwrap.dedent("""
    import contextlib, io, sys
    from campagne.cli.main import app
    path, commands, rounds = sys.argv[1], sys.argv[2].split(","), int(sys.argv[3])
    codes = []
    for _ in range(rounds):
        for command in commands:
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                codes.append(app(command.split() + ["-c", path], standalone_mode=False) or 0)
    print(" ".join(map(str, codes)))
""")


def race(tmp_path: Path, path: Path, jobs: list[tuple[str, int]]) -> list[list[int]]:
    script = tmp_path / "racer.py"
    script.write_text(RACER, encoding="utf-8")
    procs = [subprocess.Popen([sys.executable, str(script), str(job[2] if len(job) > 2 else path), job[0],
                               str(job[1])],
                              env=child_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for job in jobs]
    results = []
    for p in procs:
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
        results.append([int(x) for x in out.split()])
    return results


def test_commands_racing_on_one_campaign_are_serialised(tmp_path: Path) -> None:
    path = tmp_path / "c.jsonl"
    absent_campaign(path)
    start = entries(path)
    results = race(tmp_path, path, [("next", 12), ("next", 12), ("next", 12)])
    assert all(code == 0 for codes in results for code in codes)  # `next` is always accepted here
    final = entries(path)
    assert final[: len(start)] == start
    assert [e["n"] for e in final] == list(range(1, len(final) + 1)), "interleaved or lost lines"
    # No command was lost: every `next` is in the journal, exactly once.
    assert sum(1 for e in final if e["command"]["type"] == "next") == 36
    assert all(line.endswith(b"\n") for line in lines(path))
    assert verified(path)


def test_commands_racing_through_a_symlink_and_a_hard_link_share_one_lock(tmp_path: Path) -> None:
    # The lock is the journal file's own, not its name's: two paths to one campaign never write the same n.
    path = tmp_path / "c.jsonl"
    absent_campaign(path)
    (tmp_path / "elsewhere").mkdir()
    soft, hard = tmp_path / "elsewhere" / "soft.jsonl", tmp_path / "elsewhere" / "hard.jsonl"
    soft.symlink_to(path)  # the referee's file is found beside the file it names
    os.link(path, hard)
    hard.with_name("hard.jsonl.referee").symlink_to(path.with_name("c.jsonl.referee"))
    results = race(tmp_path, path, [("next", 10, path), ("next", 10, soft), ("next", 10, hard)])
    assert all(code == 0 for codes in results for code in codes)
    final = entries(path)
    assert [e["n"] for e in final] == list(range(1, len(final) + 1)), "two writers wrote the same n"
    assert sum(1 for e in final if e["command"]["type"] == "next") == 30
    assert verified(path)


def test_next_and_undo_racing_keep_a_journal_that_verifies(tmp_path: Path) -> None:
    path = tmp_path / "c.jsonl"
    absent_campaign(path, seed=4)
    for _ in range(6):
        cli(path, "next")
    results = race(tmp_path, path, [("next", 10), ("undo", 6), ("next,status,journal", 5)])
    assert all(code == 0 for codes in results for code in codes), results
    final = entries(path)
    assert [e["n"] for e in final] == list(range(1, len(final) + 1))
    assert verified(path)
    # The campaign goes on.
    cli(path, "next")
    assert verified(path)


def test_referee_and_player_racing_lose_no_command(tmp_path: Path) -> None:
    """A person (h) and the referee give orders at the same time: each accepted one is journaled once."""
    path = tmp_path / "c.jsonl"
    cli(path, "new", "atlantis", "--seed", 8, "--public-dice", "-p", "h", "-p", "a:absent:egyptian", "-p", "b:absent:assyrian",
        "--json")
    view = json.loads(cli(path, "status", "--json").stdout)
    taken = {p["kingdom"] for p in view["players"].values() if p["kingdom"]}
    island = load_default_map()
    kingdom = next(k for k, x in island.kingdoms.items() if x.colonisable and k not in taken)
    cli(path, "order", "h", "choose", kingdom, island.royal_city(kingdom))
    start = entries(path)
    jobs = [("next", 15), ("order h hold", 15), ("next,order h hold", 8)]
    results = race(tmp_path, path, jobs)
    accepted = {"next": 0, "order h hold": 0}
    for (commands, _), codes in zip(jobs, results):
        assert set(codes) <= {0, 2}  # accepted, or refused (the other one must act first)
        for command, code in zip(commands.split(",") * 100, codes):
            accepted[command] += code == 0
    final = entries(path)
    assert final[: len(start)] == start
    assert [e["n"] for e in final] == list(range(1, len(final) + 1))
    new = final[len(start):]
    assert sum(1 for e in new if e["command"]["type"] == "next") == accepted["next"] > 0
    holds = sum(1 for e in new if e["command"] == {"type": "hold", "player": "h"})
    assert holds == accepted["order h hold"] > 0
    assert verified(path)


# --------------------------------------------------------------------------- journals edited by hand


def _edit(path: Path, line_no: int, change, rechain: bool = False) -> None:
    """Edit line `line_no` by hand. `rechain`: then also mend the chain after it (see `_rechain`)."""
    raw = lines(path)
    obj = json.loads(raw[line_no - 1])
    change(obj)
    raw[line_no - 1] = (json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n").encode()
    path.write_bytes(b"".join(raw))
    if rechain:
        _rechain(path)


def _rechain(path: Path) -> None:
    """Mend what a hand edit broke that needs no secret: every line's link to the line before it ("prev", given
    to any line after the header, a forged one too) and, when the referee's file is beside the journal, its note
    of the last line (which its holder can rewrite). The edit is then left to what lies beneath the chain to
    find: the lines' shapes, the seed's commitment, the replay."""
    raw = lines(path)
    for i in range(1, len(raw)):
        obj = json.loads(raw[i])
        obj["prev"] = jfile.link(raw[i - 1].rstrip(b"\n"))
        raw[i] = (jfile.dumps(obj) + "\n").encode()
    path.write_bytes(b"".join(raw))
    referee = path.with_name(path.name + ".referee")
    if referee.exists():
        secret = json.loads(referee.read_text())
        secret.update(lines=len(raw), link=jfile.link(raw[-1].rstrip(b"\n")))
        referee.write_text(json.dumps(secret) + "\n")


def _chain_broken_after(path: Path, edited: int) -> None:
    """A line edited by hand, its chain left as it was: every command names the line after it, which no longer
    follows it."""
    message = _refused_everywhere(path, edited + 1)
    assert f"line {edited + 1} does not follow line {edited} as it was written" in message, message


def _first_line_with(path: Path, predicate, after: int = 2) -> int:
    for i, line in enumerate(lines(path), start=1):
        if i >= after and predicate(json.loads(line)):
            return i
    raise AssertionError("no such line")


REFEREE_FILES: dict[bytes, bytes] = {}  # a played journal -> its referee's file (the seed), to copy beside it


@pytest.fixture(scope="module")
def played_journal(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    path = tmp_path_factory.mktemp("edited") / "c.jsonl"
    with fixed_salt():  # secret dice: the commitment is part of what the edits meet
        computer_campaign(path, seed=21, public=False)
    for _ in range(30):
        referee_step(path)
    data = path.read_bytes()
    REFEREE_FILES[data] = path.with_name("c.jsonl.referee").read_bytes()
    return data


def place(path: Path, journal: bytes) -> None:
    """A copy of a campaign: its journal, and the referee's file beside it."""
    path.write_bytes(journal)
    path.with_name(path.name + ".referee").write_bytes(REFEREE_FILES[journal])


def _refused_everywhere(path: Path, line_no: int) -> str:
    before = path.read_bytes()
    r = cli(path, "journal", code=2)
    message = r.stderr.strip()
    assert len(message.splitlines()) == 1
    assert re.search(rf"\bline {line_no}\b", message), message
    for args in (["next"], ["undo"], ["sheet"], ["order", "a", "hold"]):
        r2 = cli(path, *args, code=2)
        assert r2.stderr.strip() == message
    fr = cli(path, "journal", code=2, lang="fr").stderr
    assert re.search(rf"\bligne {line_no}\b", fr), fr
    err = json.loads(cli(path, "journal", "--json", code=2).stdout)
    assert err["params"]["line"] == line_no
    assert path.read_bytes() == before
    return message


def test_a_roll_total_edited_by_hand_is_reported_with_its_line(played_journal: bytes, tmp_path: Path) -> None:
    path = tmp_path / "c.jsonl"
    place(path, played_journal)
    n = _first_line_with(path, lambda e: bool(e.get("rolls")), after=6)

    def cheat(e: dict) -> None:
        e["rolls"][0]["total"] += 1
    _edit(path, n, cheat)
    _chain_broken_after(path, n)
    place(path, played_journal)
    _edit(path, n, cheat, rechain=True)  # the chain mended: the replay still finds the dice changed
    assert "rolls differ" in _refused_everywhere(path, n)


def test_a_die_face_edited_by_hand_is_reported(played_journal: bytes, tmp_path: Path) -> None:
    path = tmp_path / "c.jsonl"
    place(path, played_journal)
    n = _first_line_with(path, lambda e: any(r.get("faces") for r in e.get("rolls", [])), after=8)

    def cheat(e: dict) -> None:
        roll = next(r for r in e["rolls"] if r.get("faces"))
        roll["faces"][0] = 7 - roll["faces"][0] if roll["faces"][0] != 7 - roll["faces"][0] else 1
    _edit(path, n, cheat)
    _chain_broken_after(path, n)
    place(path, played_journal)
    _edit(path, n, cheat, rechain=True)
    assert "rolls differ" in _refused_everywhere(path, n)


def test_a_command_argument_edited_by_hand_is_reported(played_journal: bytes, tmp_path: Path) -> None:
    path = tmp_path / "c.jsonl"
    place(path, played_journal)
    n = _first_line_with(path, lambda e: e["command"]["type"] == "move")

    def elsewhere(e: dict) -> None:
        e["command"]["path"] = ["atlantis-city"]
    _edit(path, n, elsewhere)
    _chain_broken_after(path, n)
    place(path, played_journal)
    _edit(path, n, elsewhere, rechain=True)
    message = _refused_everywhere(path, n)
    assert "refused" in message or "disagrees" in message


def test_an_event_edited_by_hand_is_reported(played_journal: bytes, tmp_path: Path) -> None:
    path = tmp_path / "c.jsonl"
    place(path, played_journal)
    n = _first_line_with(path, lambda e: any(ev["type"] == "divine_event" for ev in e["events"]))

    def bless(e: dict) -> None:
        ev = next(ev for ev in e["events"] if ev["type"] == "divine_event")
        ev["event"] = "good_omen" if ev["event"] != "good_omen" else "none"
    _edit(path, n, bless)
    _chain_broken_after(path, n)
    place(path, played_journal)
    _edit(path, n, bless, rechain=True)
    assert "events differ" in _refused_everywhere(path, n)


def test_the_first_line_that_disagrees_is_named(played_journal: bytes, tmp_path: Path) -> None:
    path = tmp_path / "c.jsonl"
    place(path, played_journal)
    first = _first_line_with(path, lambda e: bool(e.get("rolls")), after=6)
    later = _first_line_with(path, lambda e: bool(e.get("rolls")), after=first + 5)

    def cheat(e: dict) -> None:
        e["rolls"][-1]["total"] += 2
    _edit(path, later, cheat)
    _edit(path, first, cheat)
    _chain_broken_after(path, first)
    place(path, played_journal)
    _edit(path, later, cheat, rechain=True)
    _edit(path, first, cheat, rechain=True)
    assert "rolls differ" in _refused_everywhere(path, first)


def test_a_line_removed_or_a_seed_changed_by_hand_is_reported(played_journal: bytes, tmp_path: Path) -> None:
    path = tmp_path / "c.jsonl"
    raw = played_journal.splitlines(keepends=True)
    place(path, played_journal)
    path.write_bytes(b"".join(raw[:5] + raw[6:]))  # line 6 deleted: line 6 now holds entry 6
    assert "line 6 does not follow line 5 as it was written" in _refused_everywhere(path, 6)
    _rechain(path)  # the chain mended: the entry's number still gives the deletion away
    assert "line 6 should be command number 5" in _refused_everywhere(path, 6)
    place(path, played_journal)

    def reseed(h: dict) -> None:
        h["seed"] = 12345  # a seed of one's choosing, beside the commitment
    _edit(path, 1, reseed)
    _chain_broken_after(path, 1)
    place(path, played_journal)
    _edit(path, 1, reseed, rechain=True)
    assert "line 1 disagrees" in _refused_everywhere(path, 1)
    place(path, played_journal)
    secret = path.with_name("c.jsonl.referee")
    forged = json.loads(secret.read_text())
    forged["seed"] = "mine"
    secret.write_text(json.dumps(forged))
    r = cli(path, "status", code=2)
    assert "does not match the referee's file beside it" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_a_garbage_line_in_the_middle_is_named(played_journal: bytes, tmp_path: Path) -> None:
    path = tmp_path / "c.jsonl"
    raw = played_journal.splitlines(keepends=True)
    path.write_bytes(b"".join(raw[:9] + [b"]]] not json\n"] + raw[9:]))
    before = path.read_bytes()
    for args in (["status"], ["journal"], ["next"], ["undo"]):
        r = cli(path, *args, code=2)
        assert r.stderr.strip().endswith("line 10 is not a JSON object."), r.stderr
    assert path.read_bytes() == before


# --------------------------------------------------------------------------- undo


def test_undo_then_journal_verifies(played_journal: bytes, tmp_path: Path) -> None:
    path = tmp_path / "c.jsonl"
    place(path, played_journal)
    raw = lines(path)
    people = [i for i, line in enumerate(raw) if i > 0
              and json.loads(line)["command"].get("player") not in {"a", "b", "c", "d"}]
    for k in range(1, 4):
        before = path.read_bytes()
        out = json.loads(cli(path, "undo", "--json").stdout)
        # the person's command and the computers' orders after it, all kept in the journal, marked by the undo
        taken = [unmarked(x) for x in raw[people[-k]:len(raw) if k == 1 else people[-k + 1]]]
        assert out["undone_entries"] == taken and out["undone"] == taken[0]
        assert out["undo"]["command"]["entries"] == [e["n"] for e in taken]
        assert path.read_bytes().startswith(before)
        r = cli(path, "journal")
        assert r.stdout.rstrip().endswith("Journal verified: it replays identically.")
    text = cli(path, "undo").stdout
    assert text.startswith("Undone: order #")
    assert "Annulé : l'ordre #" in cli(path, "undo", lang="fr").stdout
    assert "{" not in text  # a sentence, not a Python dict
    assert verified(path)


def test_undo_down_to_the_first_person_then_nothing_to_undo(tmp_path: Path) -> None:
    # `undo` takes back the last command of a person (here the referee) with the computer orders
    # that followed it; once only computers' orders are left there is nothing of a person's to undo.
    path = tmp_path / "c.jsonl"
    absent_campaign(path)
    cli(path, "next")
    for _ in range(len(lines(path))):
        if cli(path, "undo", code=None).exit_code != 0:
            break
    before = path.read_bytes()
    r = cli(path, "undo", code=2)
    assert r.stderr.strip() == "There is nothing to undo."
    assert path.read_bytes() == before
    assert verified(path)


def test_undo_of_a_random_number_of_commands_equals_the_shorter_journal(played_journal: bytes,
                                                                        tmp_path: Path) -> None:
    # Each undo takes back one person's command (the referee's, here) and the computers' orders after it: the
    # state is that of the journal cut there.
    rng = random.Random(5)
    raw = played_journal.splitlines(keepends=True)
    people = [i for i, line in enumerate(raw) if i > 0
              and json.loads(line)["command"].get("player") not in {"a", "b", "c", "d"}]
    k = rng.randint(3, len(people) - 3)
    path = tmp_path / "c.jsonl"
    place(path, played_journal)
    for _ in range(k):
        cli(path, "undo")
    short = tmp_path / "short" / "c.jsonl"
    short.parent.mkdir()
    cut = b"".join(raw[:people[-k]])
    short.write_bytes(cut)  # the journal cut there, with a referee's file that knows it so
    secret = json.loads(REFEREE_FILES[played_journal])
    secret.pop("lines"), secret.pop("link")
    short.with_name("c.jsonl.referee").write_text(json.dumps(secret))
    assert cli(path, "status", "--json").stdout == cli(short, "status", "--json").stdout


def test_an_order_given_again_after_undo_gets_new_dice_and_the_undone_is_hidden_from_others(
        tmp_path: Path) -> None:
    # Before, `undo` removed the line and the order given again rolled the same dice: a defender could refuse a
    # challenge, see his save die, undo and accept instead.
    path = tmp_path / "c.jsonl"
    cli(path, "new", "atlantis", "--seed", "9", "--public-dice", "-p", "alice", "-p", "bob", "-p", "carl")
    choice = {"alice": ("mestor", "mestoria"), "bob": ("azues", "azaea"), "carl": ("euamon", "euemonia")}
    while True:
        who = json.loads(cli(path, "status", "--json").stdout)["awaiting"][0]
        first = json.loads(cli(path, "order", who, "choose", *choice[who], "--json").stdout)["entries"][0]
        if first["rolls"]:  # the last choice opens turn 1: the divine events are rolled
            break
    cli(path, "undo", "--reason", "too early")
    again = json.loads(cli(path, "order", who, "choose", *choice[who], "--json").stdout)["entries"][0]
    assert again["n"] == first["n"] + 2 and again["rolls"] != first["rolls"]
    as_bob = json.loads(cli(path, "journal", "--as", "bob", "--json").stdout)["entries"]
    hidden = next(e for e in as_bob if e["n"] == first["n"])
    if who != "bob":  # another's order, taken back: bob sees only that there was one
        assert hidden["undone"] and hidden["events"] == [] and hidden["rolls"] == []
    assert any(e["command"]["type"] == "undo" and e["command"]["reason"] == "too early" for e in as_bob)


def test_the_seed_is_the_referees_secret_and_revealed_at_the_end(tmp_path: Path) -> None:
    path = tmp_path / "c.jsonl"
    cli(path, "new", "atlantis", "-p", "alice", "-p", "bob:greedy")
    header = json.loads(lines(path)[0])
    secret = json.loads(path.with_name("c.jsonl.referee").read_text())
    assert "seed" not in header and str(secret["seed"]) not in path.read_text()
    assert len(header["seed_commitment"]) == 64
    # Without the referee's file the journal still replays (from its recorded dice) and says what it could not
    # check; an order that rolls dice is refused; nothing is written.
    referee = path.with_name("c.jsonl.referee")
    hidden = referee.read_bytes()
    referee.unlink()
    r = cli(path, "journal")
    assert "the dice themselves could not be checked" in r.stdout
    assert json.loads(cli(path, "journal", "--json").stdout)["dice_verified"] is False
    before = path.read_bytes()
    who = json.loads(cli(path, "status", "--json").stdout)["awaiting"][0]
    r = cli(path, "order", who, "choose", "mestor", "mestoria", code=2)
    assert "campaign's referee file" in r.output and path.read_bytes() == before
    referee.write_bytes(hidden)
    cli(path, "order", who, "choose", "mestor", "mestoria")
    cli(path, "end")
    revealed = unmarked(lines(path)[-1])
    assert revealed == {"reveal": {"seed": secret["seed"], "salt": secret["salt"]}}
    referee.unlink()
    r = cli(path, "journal")  # the revealed seed checks every die, by anyone
    assert r.stdout.rstrip().endswith("Journal verified: it replays identically.")


# --------------------------------------------------------------------------- malformed journals, read by any command


def _played(tmp_path: Path) -> Path:
    path = tmp_path / "c.jsonl"
    with fixed_salt():  # secret dice: the commitment is part of what the edits meet
        absent_campaign(path, public=False)
    for _ in range(4):
        cli(path, "next")
    return path


@pytest.mark.parametrize("rechain", [False, True], ids=["as-edited", "chain-mended"])
@pytest.mark.parametrize("args", [["status"], ["status", "--json"], ["map", "--out", "m.svg"], ["sheet"],
                                  ["journal", "--no-verify"]])
def test_every_reading_command_refuses_a_journal_edited_by_hand(tmp_path: Path, args: list[str],
                                                                rechain: bool) -> None:
    path = _played(tmp_path)
    raw = lines(path)
    entry = json.loads(raw[2])
    entry["events"].append({"type": "taxes", "player": "a", "amount": 999})  # a forged event
    path.write_bytes(b"".join(raw[:2]) + (json.dumps(entry) + "\n").encode() + b"".join(raw[3:]))
    if rechain:
        _rechain(path)
    before = path.read_bytes()
    r = cli(path, *[str(tmp_path / a) if a.endswith(".svg") else a for a in args], code=None)
    assert path.read_bytes() == before
    if not rechain:  # the chain is read by every command, even one asked not to verify
        assert r.exit_code == 2 and "line 4 does not follow line 3 as it was written" in r.output, r.output
        return
    if args == ["journal", "--no-verify"]:
        return  # asked not to verify: the events are printed as they are
    assert r.exit_code == 2 and "line 3 disagrees" in r.output, r.output


HEADER_REFUSED = "its header's setup is not of the kind a campaign header holds"
HEADER_CHANGED = "its header was changed since the campaign began"


@pytest.mark.parametrize("edit, as_edited, with_referee, copy", [
    # what each command says of the journal as edited (the chain broken), with the chain mended beside the
    # referee's file (his file's note mended too), and with the chain mended in a player's copy (no referee's
    # file)
    (lambda h, e: (h | {"setup": "banana"}, e), HEADER_REFUSED, HEADER_REFUSED, HEADER_REFUSED),
    (lambda h, e: (h, [e[0], {"n": 2, "events": []}, *e[2:]]), "line 3 does not follow line 2",
     "line 3 holds no command", "line 3 holds no command"),
    (lambda h, e: ({k: v for k, v in h.items() if k != "opening"}, e), "line 2 does not follow line 1",
     HEADER_CHANGED, "line 1 disagrees"),
    (lambda h, e: (h | {"setup": {"players": ["a", "b"]}}, e), "line 2 does not follow line 1",
     HEADER_CHANGED, "does not replay"),
])
@pytest.mark.parametrize("how", ["as-edited", "with-referee", "copy"])
def test_a_malformed_journal_is_one_sentence_and_status_2(tmp_path: Path, edit, as_edited: str,
                                                          with_referee: str, copy: str, how: str) -> None:
    path = _played(tmp_path)
    raw = lines(path)
    objs = [json.loads(x) for x in raw]
    header, rest = edit(objs[0], objs[1:])
    # only the lines edited are written anew: the others keep their bytes, and the chain breaks after an edit
    path.write_bytes(b"".join(old if new == json.loads(old) else (json.dumps(new) + "\n").encode()
                              for old, new in zip(raw, [header, *rest])))
    if how == "copy":
        path.with_name(path.name + ".referee").unlink()
    if how != "as-edited":
        _rechain(path)
    words = {"as-edited": as_edited, "with-referee": with_referee, "copy": copy}[how]
    before = path.read_bytes()
    for args in (["status"], ["next"], ["journal"]):
        r = cli(path, *args, code=2)
        assert words in r.output, r.output
        assert "Traceback" not in r.output and "internal error" not in r.output
        assert len(r.output.strip().splitlines()) == 1
    assert path.read_bytes() == before


def test_a_journal_that_is_not_utf8_is_one_sentence(tmp_path: Path) -> None:
    path = _played(tmp_path)
    path.write_bytes(path.read_bytes().replace(b'"next"', b'"n\xe9xt"', 1))
    r = cli(path, "status", code=2)
    assert "is damaged" in r.output or "not a campagne journal" in r.output


def test_a_trailing_line_removed_is_detected_with_the_referees_file(tmp_path: Path) -> None:
    path = tmp_path / "c.jsonl"
    absent_campaign(path)
    for _ in range(3):
        cli(path, "next")
    raw = lines(path)
    path.write_bytes(b"".join(raw[:-1]))  # the last command removed by hand: the chain cannot tell
    for args in (["status"], ["journal"], ["next"]):
        r = cli(path, *args, code=2)
        assert f"is not the one the referee's file last saw: its line {len(raw)}, the last noted there, is " \
            "missing" in r.stderr, r.stderr
    path.write_bytes(b"".join(raw))
    assert verified(path)


# --------------------------------------------------------------------------- `new` racing through a dangling symlink


def _forked_new(path: Path, gate: int, out: Path) -> int:
    """A child that runs `campagne new ... -c PATH` once the gate opens (its stderr in `out`); returns its pid."""
    pid = os.fork()
    if pid == 0:
        code = 70
        try:
            import contextlib
            import io
            os.read(gate, 1)  # wait until the parent opens the gate: both start together
            err = io.StringIO()
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
                code = app(["new", "skirmish", "-p", "alice", "-p", "bob", "-c", str(path)],
                           standalone_mode=False) or 0
            out.write_text(err.getvalue())
        finally:
            os._exit(code if isinstance(code, int) else 71)
    return pid


def test_new_racing_through_a_dangling_symlink_never_touches_the_winners_files(tmp_path: Path) -> None:
    # Regression: the loser, writing through a symlink to the winner's journal name, truncated and rewrote the
    # winner's referee file (another seed), after which every command failed. Now the referee's file and the
    # journal are each created exclusively, never through a symlink: the loser gets one sentence, status 2.
    for attempt in range(20):
        folder = tmp_path / str(attempt)
        folder.mkdir()
        target, link = folder / "c.jsonl", folder / "link.jsonl"
        link.symlink_to(target.name)  # dangling until the winner creates c.jsonl
        read_end, write_end = os.pipe()
        pids = {p: _forked_new(p, read_end, folder / f"{p.name}.err") for p in (target, link)}
        os.close(read_end)
        os.write(write_end, b"go")
        os.close(write_end)
        codes = {p: os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) for p, pid in pids.items()}
        assert codes == {target: 0, link: 2}, codes
        message = (folder / "link.jsonl.err").read_text().strip()
        assert message.endswith("A campaign already exists at " + str(link) + "; choose another file.")
        assert len(message.splitlines()) == 1
        # The winner's campaign is whole: its referee's file holds its seed (checked against the commitment).
        assert session.load(target).seed_known
        assert sorted(x.name for x in folder.iterdir() if not x.name.endswith((".err", ".lock"))) == \
            ["c.jsonl", "c.jsonl.referee", "link.jsonl"]


def test_new_never_writes_through_a_symlink_nor_over_a_planted_referee_file(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere.txt"
    link = tmp_path / "c.jsonl"
    link.symlink_to(elsewhere)  # dangling: `new` would have created elsewhere.txt through it
    r = cli(link, "new", "atlantis", "-p", "alice", "-p", "bob:greedy", code=2)
    assert "already exists" in r.stderr and not elsewhere.exists()
    link.unlink()
    planted = tmp_path / "c.jsonl.referee"
    planted.symlink_to(elsewhere)  # a referee's file name taken by a symlink: never followed
    r = cli(link, "new", "atlantis", "-p", "alice", "-p", "bob:greedy", code=2)
    assert "already exists, beside a journal" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert not elsewhere.exists() and not link.exists() and planted.is_symlink()
    planted.unlink()
    cli(link, "new", "atlantis", "-p", "alice", "-p", "bob:greedy")
    assert verified(link)


def test_a_journal_left_at_a_computers_turn_lets_the_computers_act_first(tmp_path: Path) -> None:
    # A journal written before commands were whole batches could be left, by a kill between `new`'s header and the
    # computers' first replies, waiting for a computer that acted only when someone ran `play`. The next command
    # that writes now lets the computers act first, then gives its own order.
    path = tmp_path / "c.jsonl"
    # public dice: with this seed bob chooses first (a typed seed alone is mixed with the referee's salt)
    cli(path, "new", "atlantis", "--seed", 4, "--public-dice", "-p", "alice", "-p", "bob:greedy:egyptian")
    header, *replies = lines(path)
    assert replies and all(json.loads(x)["command"]["player"] == "bob" for x in replies)
    path.write_bytes((json.dumps(unmarked(header)) + "\n").encode())  # the header alone, as an old `new` killed
    # before the replies left it
    referee = path.with_name("c.jsonl.referee")
    secret = json.loads(referee.read_text())
    referee.write_text(json.dumps({k: secret[k] for k in ("journal", "seed", "salt")}) + "\n")
    assert "bob" in json.loads(cli(path, "status", "--json").stdout)["awaiting"]
    r = cli(path, "order", "alice", "choose", "mestor", "mestoria", "--json")
    written = [e["command"]["player"] for e in json.loads(r.stdout)["entries"]]
    assert written[: len(replies)] == ["bob"] * len(replies) and "alice" in written
    assert entries(path)[: len(replies)] == [unmarked(x) for x in replies]  # the very replies `new` gave
    assert "bob" not in json.loads(cli(path, "status", "--json").stdout)["awaiting"]
    assert verified(path)
