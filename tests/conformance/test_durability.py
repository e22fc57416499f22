"""Durability, for every registered game: a process killed at any point of a command that writes leaves the journal
with whole commands, each with all its computer players' replies, or none of them; a campaign never waits for a
computer after a kill.

The kill points are deterministic: the storage's test hook (CAMPAGNE_TEST_DIE_AFTER=K, read by
`storage.journal._write` only) makes the child write its next K bytes, sync them and die by SIGKILL. Each command is
first run whole (a trial: how many bytes it writes, and the journal it gives); it is then killed after 0 and 1 byte,
at the end of each line but the last of its batch (a sample), inside lines, and one byte short of the end. After each
kill the journal is read, verified and checked to wait for no computer, then the same command, run again whole, must
give the trial's journal byte for byte (the unfinished write cut, nothing else changed). A few timed kills (SIGKILL
from outside, at random moments of a loop of commands) complete the picture.

Children are forked from the test process (no interpreter to start: a kill costs what the command costs)."""

from __future__ import annotations

import io
import json
import os
import random
import signal
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from campagne import session
from campagne.cli.main import app
from campagne.core.errors import CampagneError
from campagne.core.players import random_player
from campagne.registry import games
from campagne.storage import journal as jfile

HOOK = "CAMPAGNE_TEST_DIE_AFTER"
BUDGET = 10**15  # a trial's budget: never reached


_REPORT: list[Path] = []  # where a forked child writes its unspent budget (set before each fork)


def _child(argv: list[str], die_after: int) -> None:
    """In a forked child: run one command with the hook armed, report the unspent budget, never return."""
    code: Any = 70
    try:
        sys.stdout = sys.stderr = io.StringIO()
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        for key in [k for k in os.environ if k.startswith("CAMPAGNE_")]:
            del os.environ[key]
        os.environ[HOOK] = str(die_after)
        code = app(argv, standalone_mode=False) or 0
        _REPORT[0].write_text(os.environ[HOOK])
    finally:
        os._exit(code if isinstance(code, int) else 71)


def run(argv: list[str], die_after: int = BUDGET) -> tuple[int | None, int]:
    """Run `campagne ARGV` in a forked child. Returns its exit status (None: killed by SIGKILL) and the bytes it
    wrote (a whole run's only)."""
    _REPORT[:] = [Path(argv[argv.index("-c") + 1] if "-c" in argv else argv[argv.index("--journal") + 1])
                  .with_name("budget.txt")]
    _REPORT[0].unlink(missing_ok=True)
    pid = os.fork()
    if pid == 0:
        _child(argv, die_after)
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        assert os.WTERMSIG(status) == signal.SIGKILL
        return None, 0
    code = os.WEXITSTATUS(status)
    written = die_after - int(_REPORT[0].read_text()) if code == 0 else 0
    return code, written


def kill_points(batch: bytes, before: int, rng: random.Random, count: int = 2) -> list[int]:
    """Where to kill a command that writes `before` bytes elsewhere first, then `batch`: at the end of one of the
    batch's lines but its last (a write cut after whole lines: the case the batch mark is for), inside a line, and
    for the rest before anything, after one byte, inside what is written first, or one byte short of the end."""
    total = before + len(batch)
    ends = [before + i + 1 for i, b in enumerate(batch[:-1]) if b == ord("\n")]
    points = [rng.choice(ends)] if ends else []
    points.append(rng.randrange(before, total))
    others = [0, 1, total - 1] + ([rng.randrange(0, before)] if before else [])
    points += rng.sample(others, len(others))
    return sorted(set(points[:count]))


# --------------------------------------------------------------------------- the campaigns each game is checked on


def players_of(name: str) -> list[str]:
    """`-p` specs: the first player a person, the others computers (the game's default army, race, side...)."""
    d = games()[name]
    count = len(d.seats) or max(d.players[0], min(3, d.players[1]))
    ids = list(d.seats) or ["hugo", "ada", "bo", "cy"][:count]
    what = d.player_fields[0].default if d.player_fields and d.player_fields[0].default else ""
    specs = []
    for i, pid in enumerate(ids):
        specs += ["-p", f"{pid}:{'human' if i == 0 else 'greedy'}" + (f":{what}" if what else "")]
    return specs


def new_argv(name: str, path: Path, public: bool = False) -> list[str]:
    """`new` (or `battle new`) for the campaign. `public`: dice foreseeable from the seed typed, so that every
    run of `new` writes the same bytes (a typed seed is otherwise mixed with the referee's fresh salt)."""
    dice = ["--seed", "5"] + (["--public-dice"] if public else [])
    if games()[name].kind == "battle":
        side = games()[name].player_fields[0].default
        return ["battle", "new", "--a", side, "--b", side, *dice, "-c", str(path)]
    return ["new", name, *players_of(name), *dice, "-c", str(path), "--json"]


def human(name: str) -> str:
    return players_of(name)[1].split(":")[0]


def loaded(path: Path) -> session.Campaign:
    """The campaign as any command reads it: replayed and verified (the dice with the referee's file)."""
    return session.load(path, verify=True)


def computers_awaited(name: str, c: session.Campaign) -> list[str]:
    d = games()[name]
    if not d.autoplay:
        return []
    from campagne.computers import ai_module
    computers = ai_module(c).computer_players(c.state)
    return [p for p in c.game.awaiting() if p in computers]


def order_words(name: str, c: session.Campaign, player: str, rng: random.Random) -> Iterator[list[str]]:
    """`order PLAYER TYPE WORDS... --set K=V`: the player's legal orders, as a person types them."""
    d = games()[name]
    specs = d.load("orders")
    legal = d.load("legal_orders")(c.state, player)
    rng.shuffle(legal)
    for lo in legal:
        if lo.type in ("end", "undo"):
            continue
        command = random_player({}, [lo], rng)
        if command is None or command["type"] not in specs:
            continue
        rest = {k: v for k, v in command.items() if k not in ("type", "player")}
        words: list[str] = []
        for arg in specs[command["type"]].args:
            value = rest.pop(arg.name, None)
            if arg.kind == "rest":
                words += [str(v) for v in (value or [])]
                break
            if not isinstance(value, (str, int)):
                words = None  # type: ignore[assignment]
                break
            words.append(str(value))
        if words is None:
            continue
        sets = [x for k, v in rest.items() for x in ("--set", f"{k}={json.dumps(v)}")]
        yield ["order", player, command["type"], *words, *sets]


# --------------------------------------------------------------------------- the checks


def check_kills(name: str, path: Path, argv: list[str], rng: random.Random, budget: float = 1.2) -> bytes | None:
    """Kill `argv` at some kill points of its write on the campaign at `path` (as many as `budget` seconds allow,
    one at least), check what each kill left, and leave the campaign as the whole command leaves it (returned; None
    if the campaign refuses the command now, or it writes nothing)."""
    referee = session.referee_file(path)
    before, secret = path.read_bytes(), referee.read_bytes()
    start = loaded(path)
    started = time.monotonic()
    code, written = run(argv)
    took = time.monotonic() - started
    if code != 0 or not written:
        return None
    whole = path.read_bytes()
    assert whole.startswith(before) and written == len(whole) - len(before), argv
    count = max(1, min(3, int(budget / (2 * took))))
    for k in kill_points(whole[len(before):], 0, rng, count):
        path.write_bytes(before)
        referee.write_bytes(secret)
        assert run(argv, die_after=k)[0] is None, (argv, k)
        left = path.read_bytes()
        assert left.startswith(before) and len(left) == len(before) + k, (argv, k)
        c = loaded(path)  # reads, replays and verifies
        assert c.file.entries == start.file.entries, (argv, k)  # nothing of the unfinished command is taken
        assert [w.code for w in c.warnings] == ([] if k == 0 else ["journal.unfinished" if b"\n" in left[len(before):]
                                                                  else "journal.torn"]), (argv, k)
        # the kill leaves no computer awaited that was not before it (`play` may stop with one to act next)
        assert computers_awaited(name, c) == computers_awaited(name, start), (argv, k)
        assert run(argv)[0] == 0, (argv, k)  # the same command again: the unfinished write cut, then written whole
        assert path.read_bytes() == whole, (argv, k)
    if argv[0] != "play":
        assert computers_awaited(name, loaded(path)) == [], argv  # a whole command: the computers have replied
    return whole


def check_creation_kills(argv: list[str], path: Path, rng: random.Random, referee: bool, count: int = 3) -> None:
    """Kill a command that creates a journal (`new`, `simulate --journal`): after any kill there is no journal
    (nor referee's file), and the command run again creates it."""
    code, written = run(argv)
    assert code == 0, argv
    made = path.read_bytes()
    secret = session.referee_file(path)
    before = written - len(made)  # the referee's file, written first
    assert (before > 0) == referee and before >= 0
    for k in kill_points(made, before, rng, count):
        path.unlink(missing_ok=True)
        secret.unlink(missing_ok=True)
        assert run(argv, die_after=k)[0] is None, (argv, k)
        assert not os.path.lexists(path) and not os.path.lexists(secret), (argv, k)
        with pytest.raises(CampagneError) as info:
            jfile.read(path)
        assert info.value.code == "journal.missing"
    path.unlink(missing_ok=True)
    secret.unlink(missing_ok=True)
    assert run(argv)[0] == 0  # the hidden files a kill left never stand in the way
    assert len(path.read_bytes()) == len(made)


def test_a_killed_command_leaves_whole_commands_with_their_computers_replies(game: str, tmp_path: Path) -> None:
    d = games()[game]
    rng = random.Random(f"durability:{game}")
    path = tmp_path / "c.jsonl"
    # public dice: the kill points are taken from a trial run, which the runs killed must repeat byte for byte
    check_creation_kills(new_argv(game, path, public=True), path, rng, referee=True)
    assert computers_awaited(game, loaded(path)) == []
    if d.kind == "battle":  # no computers: the referee's commands, whole or not at all
        assert check_kills(game, path, ["battle", "next", "-c", str(path)], rng) is not None
        assert any(check_kills(game, path, [*argv, "-c", str(path)], rng) is not None
                   for argv in (["battle", "roll", "--all"], ["battle", "next"]) * 3)
        return
    me, tested = human(game), set()
    wanted = {"order", "play"} | ({"next"} if "next" in d.load("orders") else set())
    for _ in range(20):
        if tested == wanted:
            break
        c = loaded(path)
        mine = me in c.game.awaiting()
        if mine and "order" not in tested:
            for argv in order_words(game, c, me, rng):
                if check_kills(game, path, [*argv, "-c", str(path)], rng) is not None:
                    tested.add("order")
                    break
            else:
                raise AssertionError(f"none of {me}'s legal orders is taken as typed")
            continue
        referee_may_close = any(lo.type == "next" for lo in d.load("legal_orders")(c.state, "referee"))
        if referee_may_close and "next" in wanted - tested and check_kills(game, path, ["next", "-c", str(path)], rng):
            tested.add("next")
            continue
        if mine and "next" in wanted - tested:  # more orders of his, whole, until the referee may close a step
            if any(run([*argv, "-c", str(path)])[0] == 0 for argv in order_words(game, c, me, rng)):
                continue
        # the computers play on, the person stood in for (and the referee's part when he is not awaited): a batch
        # of many lines
        argv = ["play", "--stand-in", me, *([] if mine else ["--referee"]), "-c", str(path)]
        if "play" in tested:
            assert run(argv)[0] == 0
        elif check_kills(game, path, argv, rng) is not None:
            tested.add("play")
    assert tested == wanted, tested


def test_a_killed_simulation_leaves_no_journal(game: str, tmp_path: Path) -> None:
    if not games()[game].simulate:
        pytest.skip(f"{game} has no simulate")
    path = tmp_path / "sim.jsonl"
    argv = ["simulate", game, "--players", str(len(games()[game].seats) or games()[game].players[0] + 1),
            "--turns", "1", "--seed", "3", "--journal", str(path), "--json"]
    check_creation_kills(argv, path, random.Random(game), referee=False, count=2)
    assert loaded(path).file.warnings == []


def test_timed_kills_during_a_loop_of_commands(game: str, tmp_path: Path) -> None:
    """SIGKILL from outside, at random moments of a loop of writing commands: whatever the moment, the journal is a
    run of whole commands (an unfinished one reported and ignored), verifies, and the next command cuts what was
    left unfinished."""
    d = games()[game]
    path = tmp_path / "c.jsonl"
    assert run(new_argv(game, path))[0] == 0
    rng = random.Random(f"timed:{game}")
    loop = [["battle", "next"], ["battle", "roll", "--all"]] if d.kind == "battle" else \
        [["next"], ["play", "--stand-in", human(game), "--referee"]]
    for _ in range(3):
        complete = path.read_bytes()
        pid = os.fork()
        if pid == 0:
            sys.stdout = sys.stderr = io.StringIO()
            try:
                while True:
                    for argv in loop:
                        app([*argv, "-c", str(path)], standalone_mode=False)
            finally:
                os._exit(0)
        time.sleep(rng.uniform(0.05, 0.5))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        raw = path.read_bytes()
        assert raw.startswith(complete[: complete.rfind(b"\n") + 1])
        c = loaded(path)  # (whether a computer is awaited is checked above, against each whole command: a `play`
        # --stand-in may stop at a turn's end with a computer to act next)
        good = raw[: c.file.good_bytes]  # the whole commands: their last line closes a batch
        assert good.endswith(b"\n") and "more" not in json.loads(good.splitlines()[-1])
        assert run([*loop[0], "-c", str(path)])[0] in (0, 2)  # a writing command: the unfinished write cut
        assert loaded(path).file.warnings == []


def _hidden(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir() if p.name.startswith(".")}


def test_a_killed_creation_s_hidden_files_are_removed_by_the_next_command(game: str, tmp_path: Path) -> None:
    """A `new` killed while writing leaves its hidden `.NAME.<12 hex>.tmp` files; the next `new` on the same name
    removes them before it writes, and a command on an existing journal removes those a kill left beside it; files
    of any other name, or not regular files, are never touched."""
    path = tmp_path / "c.jsonl"
    secret = session.referee_file(path)
    argv = new_argv(game, path, public=True)
    code, written = run(argv)
    assert code == 0
    path.unlink()
    secret.unlink()
    for k in (1, written - 1):  # inside the referee's file, then inside the journal (its file is written last)
        assert run(argv, die_after=k)[0] is None
    left = _hidden(tmp_path)
    assert any(n.startswith(".c.jsonl.referee.") for n in left) and any(
        n.startswith(".c.jsonl.") and not n.startswith(".c.jsonl.referee.") for n in left), left  # the kit sees them
    foreign = [".c.jsonl.notahexname1.tmp", ".c.jsonl.0123456789ab.tmp.bak", ".c.jsonl.0123456789abc.tmp",
               ".other.jsonl.0123456789ab.tmp", "c.jsonl.0123456789ab.tmp", ".c.jsonl.0123456789AB.tmp"]
    for name in foreign:
        (tmp_path / name).write_text("a person's own file\n", encoding="utf-8")
    (tmp_path / ".c.jsonl.fedcba987654.tmp").mkdir()  # not a regular file: never removed
    (tmp_path / ".c.jsonl.referee.fedcba987654.tmp").symlink_to(tmp_path / "c.jsonl.0123456789ab.tmp")
    kept = {*foreign, ".c.jsonl.fedcba987654.tmp", ".c.jsonl.referee.fedcba987654.tmp"}
    assert run(argv)[0] == 0
    assert _hidden(tmp_path) - {".c.jsonl.lock"} == kept - {"c.jsonl.0123456789ab.tmp"}
    assert all((tmp_path / n).read_text(encoding="utf-8") == "a person's own file\n" for n in foreign)
    # a creation killed after its journal was linked: what it left is removed by the next command that opens it
    planted = [tmp_path / ".c.jsonl.00000000abcd.tmp", tmp_path / ".c.jsonl.referee.00000000abcd.tmp"]
    for leftover in planted:
        leftover.write_bytes(b"{")
    assert run(["order", human(game), "--list", "-c", str(path)])[0] == 0
    assert not any(p.exists() for p in planted) and _hidden(tmp_path) - {".c.jsonl.lock"} == \
        kept - {"c.jsonl.0123456789ab.tmp"}
    assert loaded(path).file.warnings == []


# --------------------------------------------------------------------------- the kit's own failures


def test_a_planted_partial_write_is_caught_and_cut(game: str, tmp_path: Path) -> None:
    """A journal whose last batch was cut in the middle (whole lines marked "more", then a torn one), planted by
    hand: every command reads the journal without it and says so; the next command that writes cuts it."""
    path = tmp_path / "c.jsonl"
    assert run(new_argv(game, path))[0] == 0
    intact = path.read_bytes()
    start = loaded(path)  # `new` may have written the computers' first replies: entries already
    n = len(start.file.entries)
    lines = [{"n": n + i, "command": {"type": "next", "player": "referee"}, "events": [], "rolls": []}
             for i in range(1, 5)]
    # as a command writes them: one batch, chained to the journal's last line
    planted = "".join(text + "\n" for text in jfile.chained(jfile.batch(lines), jfile.last_link(start.file)))
    path.write_bytes(intact + planted.encode()[: len(planted) * 3 // 4])  # two whole lines and a torn one
    c = loaded(path)
    assert [w.code for w in c.warnings] == ["journal.unfinished"] and c.file.entries == start.file.entries
    assert c.warnings[0].params["first"] == intact.count(b"\n") + 1
    assert c.warnings[0].params["last"] == intact.count(b"\n") + 3
    assert "unfinished write" in c.warnings[0].message("en") and "inachevée" in c.warnings[0].message("fr")
    argv = ["battle", "next"] if games()[game].kind == "battle" else \
        ["play", "--stand-in", human(game), "--referee"]
    assert run([*argv, "-c", str(path)])[0] == 0
    after = path.read_bytes()
    assert after.startswith(intact) and loaded(path).warnings == []


def test_the_kit_catches_a_write_without_its_batch_mark(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Control: with the batch mark left out (as before it was written), a kill after whole lines of a command's
    batch keeps them, and the kit says so."""
    path = tmp_path / "c.jsonl"
    assert run(new_argv("atlantis", path, public=True))[0] == 0  # the same campaign and kills, every run
    monkeypatch.setattr(jfile, "batch", lambda lines: [dict(x) for x in lines])  # the children are forks
    with pytest.raises(AssertionError):
        check_kills("atlantis", path, ["play", "--stand-in", human("atlantis"), "-c", str(path)],
                    random.Random(2), budget=10)


# --------------------------------------------------------------------------- the club server


@pytest.mark.django_db
def test_a_server_order_and_the_computers_replies_are_one_transaction(game: str,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """On the club server a command's lines (a person's order, the computers' replies) are written in one database
    transaction: a process stopped after its lines were written but before the transaction ended (here: an
    exception at the last step inside it, which a kill is to the database) keeps none of them, and the campaign, as
    made (the computers' first orders in the same import), waits for no computer."""
    from campagne.computers import play_computers
    from campagne.server import store
    from campagne.server.models import JournalLine
    d = games()[game]
    if not d.autoplay:
        pytest.skip(f"{game} has no computer players")
    ids = list(d.seats) or ["hugo", "ada", "bo"][: max(d.players[0], min(3, d.players[1]))]
    players = [{"id": pid, "controller": "human" if i == 0 else "greedy", "name": pid,
                **{f.name: f.default for f in d.player_fields}} for i, pid in enumerate(ids)]
    store.forget()
    campaign = store.create(f"Durable {game}", game, players, seed=5)
    with store.viewing(campaign.pk) as (_row, c):
        assert computers_awaited(game, c) == []
        start = len(c.file.entries)
    texts = list(JournalLine.objects.filter(campaign=campaign).order_by("number").values_list("text", flat=True))

    class Stopped(Exception):
        pass

    def stop(*_: Any, **__: Any) -> None:
        raise Stopped

    monkeypatch.setattr(store.snapshots, "take", stop)  # called inside the transaction, after the lines' insert
    rng = random.Random(game)
    given = False
    with store.viewing(campaign.pk) as (_row, c):
        actors = [a for a in c.game.awaiting() if a not in computers_awaited(game, c)] or ["referee"]
    for actor in actors:
        with store.viewing(campaign.pk) as (_row, c):
            legal = store.legal(campaign, c, actor)
        for lo in legal:
            try:
                with store.changing(campaign.pk) as (_row, work):
                    command = random_player({}, [lo], rng)
                    if command is None:
                        continue
                    work.push(command)
                    play_computers(work)
                    given = True
            except Stopped:
                break
            except CampagneError:
                continue
        if given:
            break
    assert given, "no order was taken"
    campaign.refresh_from_db()
    assert campaign.length == len(texts)
    assert list(JournalLine.objects.filter(campaign=campaign).order_by("number")
                .values_list("text", flat=True)) == texts
    store.forget()
    with store.viewing(campaign.pk) as (_row, c):
        assert len(c.file.entries) == start and computers_awaited(game, c) == []
