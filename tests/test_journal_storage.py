"""The campaign journal on disk (campagne.storage.journal): JSONL, append-only, torn lines, locking."""

from __future__ import annotations

import json
import multiprocessing
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from campagne.core.errors import CampagneError
from campagne.storage import journal
from campagne.storage.journal import FORMAT, JournalFile

HEADER = {"ruleset": "toy", "seed": 1234, "setup": {"players": ["a", "b"]}}


def entry(n: int, **extra) -> dict:
    return {"n": n, "command": {"type": "roll", "who": "Défense ✓", **extra}, "events": [{"type": "x", "n": n}],
            "rolls": [{"expr": "2D6", "faces": [3, 4], "total": 7, "purpose": "p"}]}


def line_after(intact: bytes, obj: dict) -> bytes:
    """The line `obj` becomes when appended after the journal `intact`: chained to its last line."""
    last = intact.rstrip(b"\n").rsplit(b"\n", 1)[-1]
    return (journal.chained([obj], journal.link(last))[0] + "\n").encode()


def _error(path: Path) -> CampagneError:
    with pytest.raises(CampagneError) as info:
        journal.read(path)
    return info.value


# --------------------------------------------------------------------------- create / read / append


def test_create_writes_a_header_line(tmp_path: Path) -> None:
    path = tmp_path / "c.jsonl"
    journal.create(path, HEADER)
    raw = path.read_bytes()
    assert raw.endswith(b"\n") and raw.count(b"\n") == 1
    assert json.loads(raw) == {"journal": "campagne", "format": FORMAT, **HEADER}
    j = journal.read(path)
    assert isinstance(j, JournalFile)
    assert j.header == {"journal": "campagne", "format": FORMAT, **HEADER}
    assert j.entries == [] and j.torn is None and j.warnings == []
    assert j.good_bytes == len(raw)


def test_create_refuses_to_overwrite(tmp_journal: Path) -> None:
    before = tmp_journal.read_bytes()
    with pytest.raises(CampagneError) as info:
        journal.create(tmp_journal, {"ruleset": "other", "seed": 1})
    err = info.value
    assert err.code == "journal.exists"
    assert str(tmp_journal) in err.message("en") and str(tmp_journal) in err.message("fr")
    assert tmp_journal.read_bytes() == before


def test_create_in_a_missing_directory_is_a_campagne_error(tmp_path: Path) -> None:
    with pytest.raises(CampagneError) as info:
        journal.create(tmp_path / "no" / "such" / "c.jsonl", HEADER)
    assert info.value.code == "journal.unreadable"


def test_append_then_read_round_trips(tmp_journal: Path) -> None:
    j = journal.read(tmp_journal)
    journal.append(j, [entry(1)])
    journal.append(journal.read(tmp_journal), [entry(2), entry(3, note="two at once")])
    again = journal.read(tmp_journal)
    assert again.entries == [entry(1), entry(2), entry(3, note="two at once")]
    assert again.links == [journal.link(line) for line in tmp_journal.read_bytes().splitlines()]
    assert again.warnings == [] and again.torn is None
    raw = tmp_journal.read_bytes()
    assert raw.endswith(b"\n") and raw.count(b"\n") == 4
    assert "Défense ✓".encode() in raw  # UTF-8 text, not \u escapes
    for line in raw.splitlines():
        assert isinstance(json.loads(line), dict)


def test_missing_journal(tmp_path: Path) -> None:
    err = _error(tmp_path / "nope.jsonl")
    assert err.code == "journal.missing"
    assert "campagne new" in err.message("en") and "campagne new" in err.message("fr")


def test_other_format_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "c.jsonl"
    path.write_text(json.dumps({"journal": "campagne", "format": 99, "ruleset": "toy", "seed": 1}) + "\n")
    err = _error(path)
    assert err.code == "journal.format" and "99" in err.message("fr")


# --------------------------------------------------------------------------- damage


def _three_entries(path: Path) -> bytes:
    journal.append(journal.read(path), [entry(1), entry(2), entry(3)])
    return path.read_bytes()


def test_a_torn_last_line_is_a_warning_and_is_ignored(tmp_journal: Path) -> None:
    intact = _three_entries(tmp_journal)
    with open(tmp_journal, "ab") as fh:
        fh.write(b'{"n":4,"command":{"type":"ro')
    j = journal.read(tmp_journal)
    assert j.entries == [entry(1), entry(2), entry(3)]
    assert j.torn == '{"n":4,"command":{"type":"ro'
    assert j.good_bytes == len(intact)
    (warning,) = j.warnings
    assert warning.code == "journal.torn"
    assert warning.params["line"] == 5
    assert "line 5 " in warning.message("en") and "ligne 5 " in warning.message("fr")
    assert str(tmp_journal) in warning.message("en")


def test_a_torn_line_that_is_not_utf8_is_still_a_warning(tmp_journal: Path) -> None:
    intact = _three_entries(tmp_journal)
    with open(tmp_journal, "ab") as fh:
        fh.write('{"who":"é'.encode()[:-1])  # cut in the middle of a UTF-8 character
    j = journal.read(tmp_journal)
    assert [w.code for w in j.warnings] == ["journal.torn"]
    assert j.good_bytes == len(intact)


def test_the_next_append_cuts_the_torn_line(tmp_journal: Path) -> None:
    intact = _three_entries(tmp_journal)
    with open(tmp_journal, "ab") as fh:
        fh.write(b'{"n":4,"comm')
    j = journal.read(tmp_journal)
    journal.append(j, [entry(4)])
    raw = tmp_journal.read_bytes()
    assert raw.startswith(intact)  # earlier lines byte-identical
    assert raw[len(intact):] == line_after(intact, entry(4))
    again = journal.read(tmp_journal)
    assert again.entries == [entry(1), entry(2), entry(3), entry(4)]
    assert again.warnings == [] and again.torn is None


def test_a_garbage_middle_line_names_the_line(tmp_journal: Path) -> None:
    intact = _three_entries(tmp_journal)
    lines = intact.split(b"\n")
    lines[2] = b'{"n":2, this is not json'
    tmp_journal.write_bytes(b"\n".join(lines))
    err = _error(tmp_journal)
    assert err.code == "journal.bad_line"
    assert err.params["line"] == 3
    assert "line 3 " in err.message("en") and "ligne 3 " in err.message("fr")


@pytest.mark.parametrize("bad", [b"[1, 2]", b"42", b'"text"', b"null", b"\xff\xfe", b""])
def test_a_middle_line_that_is_not_an_object(tmp_journal: Path, bad: bytes) -> None:
    lines = _three_entries(tmp_journal).split(b"\n")
    lines[3] = bad
    tmp_journal.write_bytes(b"\n".join(lines))
    err = _error(tmp_journal)
    assert err.code == "journal.bad_line" and err.params["line"] == 4


@pytest.mark.parametrize("content", [
    b"",
    b'{"hello": "world"}\n',
    b'{"journal": "other", "format": 1, "ruleset": "toy", "seed": 1}\n',
    b'{"journal": "campagne", "format": 1, "seed": 1}\n',
    b'{"journal": "campagne", "format": 1, "ruleset": "toy"}\n',
    b'{"journal":"campagne","format":1,"ruleset":"toy","se',  # a header torn by a killed `new`
])
def test_a_non_campagne_file_has_no_header(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "other.jsonl"
    path.write_bytes(content)
    err = _error(path)
    assert err.code == "journal.no_header"
    assert "not a campagne journal" in err.message("en")
    assert "n'est pas un journal campagne" in err.message("fr")


@pytest.mark.parametrize("content", [b"# Campaign notes\nhello\n", b"[supply]\ndice = \"1D6\"\n", b"\n"])
def test_a_text_file_is_not_a_campagne_journal(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "notes.txt"
    path.write_bytes(content)
    assert _error(path).code == "journal.no_header"


# --------------------------------------------------------------------------- locking


def _numbered(n: int, who: str, i: int) -> dict:
    return {"n": n, "command": {"type": "roll", "who": who, "i": i, "pad": who * 200}, "events": [], "rolls": []}


def _worker(path: str, who: str, count: int, use_lock: bool, barrier=None) -> None:
    p = Path(path)
    for i in range(count):
        if use_lock:
            with journal.locked(p):
                j = journal.read(p)
                time.sleep(0.001)  # widen the read-to-write window: without the lock, updates would be lost
                journal.append(j, [_numbered(len(j.entries) + 1, who, i)])
        else:
            j = journal.read(p)
            barrier.wait()  # both processes have read the same journal
            for turn in "ab":  # the writes themselves take turns: only the read-to-write race is shown
                if who == turn:
                    journal.append(j, [_numbered(len(j.entries) + 1, who, i)])
                barrier.wait()


def _run_two(path: Path, use_lock: bool, count: int) -> None:
    ctx = multiprocessing.get_context("fork")
    barrier = None if use_lock else ctx.Barrier(2)
    procs = [ctx.Process(target=_worker, args=(str(path), who, count, use_lock, barrier)) for who in "ab"]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
        assert p.exitcode == 0


def _check_serialised(path: Path) -> list[dict]:
    raw = path.read_bytes()
    assert raw.endswith(b"\n")
    lines = raw.split(b"\n")[1:-1]
    parsed = [json.loads(line) for line in lines]  # an interleaved write would not parse
    for obj in parsed:
        assert obj["command"]["pad"] == obj["command"]["who"] * 200
    return [{"n": obj["n"], **obj["command"]} for obj in parsed]


def test_locked_serialises_two_processes(tmp_journal: Path) -> None:
    _run_two(tmp_journal, use_lock=True, count=50)
    entries = _check_serialised(tmp_journal)
    assert len(entries) == 100
    assert [e["n"] for e in entries] == list(range(1, 101))  # no read-then-write race lost an update
    for who in "ab":
        assert [e["i"] for e in entries if e["who"] == who] == list(range(50))
    j = journal.read(tmp_journal)
    assert j.warnings == [] and len(j.entries) == 100


def test_without_the_lock_the_race_is_visible(tmp_journal: Path) -> None:
    """Control for the test above: two unlocked read-then-append commands do lose the numbering (and the second
    line written is not chained to the first, which the next reader names)."""
    _run_two(tmp_journal, use_lock=False, count=1)
    entries = _check_serialised(tmp_journal)
    numbers = [e["n"] for e in entries]
    assert len(numbers) == 2 and numbers != [1, 2]
    err = _error(tmp_journal)
    assert err.code in ("journal.broken", "journal.bad_number") and err.params["line"] == 3


def test_locked_blocks_another_process_until_released(tmp_journal: Path, subprocess_env) -> None:
    code = textwrap.dedent(f"""
        import time, sys
        from pathlib import Path
        from campagne.storage import journal
        start = time.monotonic()
        with journal.locked(Path({str(tmp_journal)!r})):
            print(round(time.monotonic() - start, 3))
    """)
    with journal.locked(tmp_journal):
        child = subprocess.Popen([sys.executable, "-c", code], env=subprocess_env, stdout=subprocess.PIPE,
                                 text=True)
        time.sleep(1.0)
        assert child.poll() is None  # still waiting for the lock
    out, _ = child.communicate(timeout=60)
    assert child.returncode == 0
    assert float(out) >= 0.5


# --------------------------------------------------------------------------- a process killed mid-write


def test_a_process_killed_mid_write_leaves_a_torn_line(tmp_journal: Path, subprocess_env) -> None:
    intact = _three_entries(tmp_journal)
    line = line_after(intact, entry(4)).decode()
    partial = line.encode()[: len(line) // 2]
    code = textwrap.dedent(f"""
        import os
        fd = os.open({str(tmp_journal)!r}, os.O_WRONLY | os.O_APPEND)
        os.write(fd, {partial!r})
        os._exit(9)
    """)
    done = subprocess.run([sys.executable, "-c", code], env=subprocess_env, timeout=60)
    assert done.returncode == 9
    j = journal.read(tmp_journal)
    assert j.entries == [entry(1), entry(2), entry(3)]
    assert [w.code for w in j.warnings] == ["journal.torn"]
    assert j.warnings[0].params["line"] == 5
    assert j.torn == partial.decode("utf-8", "replace")
    journal.append(j, [entry(4)])
    assert tmp_journal.read_bytes() == intact + line.encode()


def test_a_process_killed_by_sigkill_while_appending(tmp_journal: Path, subprocess_env) -> None:
    """A child that wrote part of a line and is then SIGKILLed (no cleanup at all)."""
    intact = _three_entries(tmp_journal)
    code = textwrap.dedent(f"""
        import os, sys, time
        fd = os.open({str(tmp_journal)!r}, os.O_WRONLY | os.O_APPEND)
        os.write(fd, b'{{"n":4,"command":{{"type":"roll"')
        os.fsync(fd)
        print("written", flush=True)
        time.sleep(60)
    """)
    child = subprocess.Popen([sys.executable, "-c", code], env=subprocess_env, stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "written"
    finally:
        child.kill()
        child.wait(30)
    j = journal.read(tmp_journal)
    assert len(j.entries) == 3 and [w.code for w in j.warnings] == ["journal.torn"]
    assert j.good_bytes == len(intact)


def test_locked_locks_the_journal_itself_and_a_lock_file_only_before_it_exists(tmp_journal: Path) -> None:
    import fcntl
    import os
    with journal.locked(tmp_journal):
        assert not (tmp_journal.parent / (tmp_journal.name + ".lock")).exists()
        fd = os.open(tmp_journal, os.O_RDONLY)  # another open of the same file cannot take the lock
        try:
            with pytest.raises(BlockingIOError):
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        finally:
            os.close(fd)
    with journal.locked(tmp_journal):  # released after each command
        pass
    new = tmp_journal.with_name("new.jsonl")
    with journal.locked(new):
        assert new.with_name("new.jsonl.lock").exists()


def test_the_journal_survives_an_exception_inside_the_lock(tmp_journal: Path) -> None:
    with pytest.raises(RuntimeError):
        with journal.locked(tmp_journal):
            raise RuntimeError("boom")
    with journal.locked(tmp_journal):
        journal.append(journal.read(tmp_journal), [entry(1)])
    assert journal.read(tmp_journal).entries == [entry(1)]


def test_fixture_header(tmp_journal: Path) -> None:
    assert journal.read(tmp_journal).header["ruleset"] == "toy"
    assert os.path.getsize(tmp_journal) == journal.read(tmp_journal).good_bytes


def test_a_command_and_the_computers_replies_are_written_in_one_append(tmp_path, monkeypatch):
    # A process killed between a person's order and the computers' replies used to leave a campaign waiting for a
    # computer (or skipping a computer's optional orders): now the whole command is one write.
    from typer.testing import CliRunner

    from campagne.cli.main import app
    from campagne.storage import journal as jfile
    path = tmp_path / "c.jsonl"
    env = {"CAMPAGNE_CAMPAIGN": str(path), "CAMPAGNE_JSON": None, "CAMPAGNE_LANG": None}
    runner = CliRunner()
    assert runner.invoke(app, ["new", "atlantis", "--seed", "5", "--public-dice", "-p", "alice", "-p", "bob:greedy",
                               "-p", "carl:random"], env=env).exit_code == 0
    writes: list[int] = []
    real = jfile.append

    def counting(journal, lines, record=True):
        writes.append(len(lines))
        return real(journal, lines, record)

    monkeypatch.setattr(jfile, "append", counting)
    before = path.read_bytes().count(b"\n")
    r = runner.invoke(app, ["play", "--stand-in", "alice", "--referee", "--until-turn", "1"], env=env)
    assert r.exit_code == 0, r.output
    written = path.read_bytes().count(b"\n") - before
    assert written > 3 and writes == [written]  # many entries, one append


# --------------------------------------------------------------------------- batches


from hypothesis import given, settings as hsettings, strategies as st  # noqa: E402


@hsettings(max_examples=40, deadline=None)
@given(sizes=st.lists(st.integers(1, 4), min_size=1, max_size=4), cut=st.floats(0, 1, exclude_max=True))
def test_a_batch_cut_anywhere_is_taken_whole_or_not_at_all(tmp_path_factory, sizes: list[int], cut: float) -> None:
    # Each append is one batch: every line but its last marked "more". Cut the last batch at any byte: the reader
    # keeps exactly the earlier batches, says so, and the next append cuts the rest.
    path = tmp_path_factory.mktemp("batches") / "c.jsonl"
    journal.create(path, HEADER)
    n = 0
    for size in sizes:
        journal.append(journal.read(path), [entry(n + i) for i in range(1, size + 1)])
        n += size
    whole = path.read_bytes()
    last = journal.read(path)
    assert [e["n"] for e in last.entries] == list(range(1, n + 1)) and last.warnings == []
    assert all("more" not in e for e in last.entries)
    kept = n - sizes[-1]
    before = len(whole) - len(b"".join(whole.splitlines(keepends=True)[-sizes[-1]:]))
    k = before + int(cut * (len(whole) - before))
    path.write_bytes(whole[:k])
    j = journal.read(path)
    assert [e["n"] for e in j.entries] == list(range(1, kept + 1))
    assert j.good_bytes == before
    assert [w.code for w in j.warnings] == ([] if k == before else
                                             ["journal.torn" if whole[before:k].count(b"\n") == 0 else
                                              "journal.unfinished"])
    journal.append(j, [entry(kept + 1)])
    # chained to the last whole line kept, which is the last line of the earlier batches (the header at least)
    last_kept = whole[:before].splitlines()[-1]
    appended = journal.dumps({**entry(kept + 1), "prev": journal.link(last_kept)}) + "\n"
    assert path.read_bytes() == whole[:before] + appended.encode()
    assert [e["n"] for e in journal.read(path).entries] == list(range(1, kept + 2))


def test_an_unfinished_header_batch_is_one_sentence(tmp_path: Path) -> None:
    path = tmp_path / "c.jsonl"
    path.write_text(journal.dumps({"journal": "campagne", "format": FORMAT, **HEADER, "more": True}) + "\n")
    err = _error(path)
    assert err.code == "journal.unfinished_header" and "interrupted" in err.message("en")


def test_create_writes_nothing_over_a_file_or_through_a_symlink(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere"
    link = tmp_path / "c.jsonl"
    link.symlink_to(target)
    with pytest.raises(CampagneError) as info:
        journal.create(link, HEADER)
    assert info.value.code == "journal.exists" and not target.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.jsonl"]  # no temporary file left behind


def test_a_new_campaign_is_readable_by_its_owner_only(tmp_path: Path) -> None:
    """The journal holds every player's secret orders and the referee's file the dice: another account of the
    machine reads neither."""
    from campagne import session
    path = tmp_path / "c.jsonl"
    from campagne.registry import games
    d = games()["atlantis"]
    players = [{"id": i, "controller": "human", "name": i, **{f.name: f.default for f in d.player_fields}}
               for i in ("a", "b")]
    c = session.create(path, "atlantis", d.load("setup")(players, {}))
    c.flush()
    for made in (path, session.referee_file(path)):
        assert made.stat().st_mode & 0o077 == 0, (made.name, oct(made.stat().st_mode))
