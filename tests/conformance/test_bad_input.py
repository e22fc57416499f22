"""Bad input, for every registered game (issue 22): special files named as the journal, malformed journals of many
shapes, hostile files a game reads (deep TOML, huge, not a file), absurd numbers and non-JSON yes/no in the game's
own legal orders, and `--out` onto the journal, the referee's file or a file campagne did not write. Each is refused
with exit status 2 and exactly one sentence (no traceback, no usage text, no "internal error"), leaves the journal
and the referee's file byte-identical, and never hangs (a watchdog stops the command after a few seconds)."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
from conformance.bad_input_kit import (
    make_campaign,
    players_of,
    read_command,
    refusal_problem,
    refused,
    run,
    snapshot,
)

from campagne import session
from campagne.registry import games


@pytest.fixture
def campaign(game: str, tmp_path: Path) -> Path:
    return make_campaign(game, tmp_path / "campaign.jsonl")


def _player(game: str) -> str:
    return players_of(game)[0]["id"]


# --------------------------------------------------------------------------- special files as the journal


def _special_files(tmp_path: Path) -> list[Path]:
    fifo = tmp_path / "fifo.jsonl"
    os.mkfifo(fifo)
    (tmp_path / "folder.jsonl").mkdir()
    link = tmp_path / "zero.jsonl"
    link.symlink_to("/dev/zero")
    return [Path("/dev/zero"), fifo, tmp_path / "folder.jsonl", link]


def test_a_journal_that_is_not_a_regular_file_is_refused_before_it_is_read(game: str, tmp_path: Path) -> None:
    for special in _special_files(tmp_path):
        for command in (read_command(game), ["order", _player(game), "--list"], ["journal"]):
            refused(run("-c", special, *command))
        if games()[game].kind == "campaign":
            refused(run("new", game, "-p", _player(game), "-c", special))


# --------------------------------------------------------------------------- malformed journals


def _journal_shapes(header: dict[str, Any]) -> dict[str, bytes]:
    """Journals of many wrong shapes, each from this campaign's own header."""
    def head(**changed: Any) -> bytes:
        return json.dumps({**header, **changed}).encode() + b"\n"
    good = head()
    entry = b'{"n":1,"command":{"type":"next","player":"referee"},"events":[],"rolls":[]}'
    return {
        "header a list": b"[1, 2, 3]\n",
        "header null": b"null\n",
        "ruleset a list": head(ruleset=[header["ruleset"]]),
        "ruleset a number": head(ruleset=5),
        "ruleset unknown": head(ruleset="no-such-game"),
        "ruleset a table": head(ruleset={"en": header["ruleset"]}),
        "setup not a table": head(setup=[1, 2]),
        "setup a number": head(setup=7),
        "opening a list": head(opening=[1]),
        "format a text": head(format="1"),
        "commitment a list": head(seed_commitment=[1]),
        "an entry that is a list": good + b"[1, 2]\n",
        "an entry that is a number": good + b"42\n",
        "an empty line": good + b"\n" + entry + b"\n",
        "command a text": good + b'{"n":1,"command":"next","events":[],"rolls":[]}\n',
        "command without a type": good + b'{"n":1,"command":{"player":"referee"},"events":[],"rolls":[]}\n',
        "events a number": good + b'{"n":1,"command":{"type":"next","player":"referee"},"events":5,"rolls":[]}\n',
        "n of 5,000 digits": good + b'{"n":' + b"9" * 5000 + b',"command":{"type":"next"},"events":[],"rolls":[]}\n',
        "n of 4,000 digits": good + b'{"n":' + b"9" * 4000 + b',"command":{"type":"next"},"events":[],"rolls":[]}\n',
        "nested 100,000 deep": good + b'{"n":1,"command":' + b"[" * 100_000 + b"]" * 100_000 + b"}\n",
        "nested 200 deep": good + b'{"n":1,"command":{"type":"next","x":' + b"[" * 200 + b"]" * 200 + b"}}\n",
        "a NaN": good + b'{"n":1,"command":{"type":"next","player":"referee"},"events":[],"rolls":[NaN]}\n',
        "an Infinity": good + b'{"n":Infinity,"command":{"type":"next","player":"referee"},"events":[],"rolls":[]}\n',
        "a line of 10 MB": good + b'{"n":1,"command":{"type":"no-such-order","x":"' + b"a" * 10_000_000
        + b'"},"events":[],"rolls":[]}\n',
        "not UTF-8": good + b'{"n":1,"command":{"type":"\xff\xfe"},"events":[],"rolls":[]}\n',
        "a NUL": good + b"\x00\n",
    }


def test_a_malformed_journal_is_refused_in_one_sentence(game: str, campaign: Path, tmp_path: Path) -> None:
    header = json.loads(campaign.read_bytes().split(b"\n", 1)[0])
    referee = session.referee_file(campaign).read_bytes()
    problems = []
    for i, (shape, data) in enumerate(_journal_shapes(header).items()):
        path = tmp_path / f"shape{i}.jsonl"
        path.write_bytes(data)
        session.referee_file(path).write_bytes(referee)
        before = snapshot(path, session.referee_file(path))
        for command in (read_command(game), ["order", _player(game), "--list"]):
            ran = run("-c", path, *command)
            problem = refusal_problem(ran)
            if problem is None and snapshot(path, session.referee_file(path)) != before:
                problem = "the journal or the referee's file changed"
            if problem:
                problems.append(f"{shape} ({' '.join(command)}): {problem}")
    assert not problems, "\n".join(problems)


def test_a_damaged_referee_file_is_refused_in_one_sentence(game: str, campaign: Path) -> None:
    secret = session.referee_file(campaign)
    for data in (b'{"seed": NaN, "salt": "x"}\n', b"[" * 100_000 + b"]" * 100_000, b"\xff\n",
                 b'{"seed": 1, "salt": "x"}\n'):
        secret.write_bytes(data)
        refused(run("-c", campaign, *read_command(game)), before=snapshot(campaign, secret))
    secret.unlink()
    os.mkfifo(secret)
    refused(run("-c", campaign, *read_command(game)), before=snapshot(campaign))


# --------------------------------------------------------------------------- hostile files a game reads


def _hostile_files(tmp_path: Path) -> dict[str, Path]:
    files = {"deep": tmp_path / "deep.toml", "huge": tmp_path / "huge.toml", "binary": tmp_path / "binary.toml"}
    files["deep"].write_text("x = " + "[" * 100_000 + "]" * 100_000 + "\n", encoding="utf-8")
    files["huge"].write_text("# " + "a" * (2 << 20) + "\n", encoding="utf-8")
    files["binary"].write_bytes(b"\xff\xfe\x00name = 1\n")
    (tmp_path / "table.toml").write_text("a = " + "{b = " * 500 + "1" + "}" * 500 + "\n", encoding="utf-8")
    files["tables"] = tmp_path / "table.toml"
    os.mkfifo(tmp_path / "fifo.toml")
    files["fifo"] = tmp_path / "fifo.toml"
    (tmp_path / "zero.toml").symlink_to("/dev/zero")
    files["zero"] = tmp_path / "zero.toml"
    (tmp_path / "folder.toml").mkdir()
    files["folder"] = tmp_path / "folder.toml"
    return files


def test_a_hostile_file_named_at_set_up_is_refused(game: str, tmp_path: Path) -> None:
    """Each file given where the game takes one (a player's army list, a club's map); a game that takes no file
    refuses the name in one sentence all the same."""
    d = games()[game]
    people = players_of(game)
    for label, hostile in _hostile_files(tmp_path).items():
        target = tmp_path / f"new-{label}.jsonl"
        if d.kind == "battle":
            attempts = [["battle", "new", "--a", hostile, "--b", people[1].get("side") or "x", "-c", target]]
        else:
            field = d.player_fields[0].name if d.player_fields else None
            specs = [f"{p['id']}:human" for p in people]
            attempts = [["new", game, *sum((["-p", s] for s in [f"{specs[0]}:{hostile}", *specs[1:]]), [])]]
            if field is None:
                attempts = []
            if any(o.name == "map" for o in d.setup_options):
                attempts.append(["new", game, *sum((["-p", s] for s in specs), []), "--map", hostile])
        for args in attempts:
            refused(run(*args, *([] if d.kind == "battle" else ["-c", target])))
            assert not target.exists(), (label, args)


# --------------------------------------------------------------------------- absurd numbers, non-JSON yes/no


ABSURD = ["NaN", "Infinity", "-Infinity", "1_0", "\u0663", "1e999", "-1", str(10**30), "+5", "0x10", "1.5e400"]
NOT_JSON_BOOLEANS = ["False", "True", "FALSE", "TRUE", "tRue"]


def _orders(game: str, campaign: Path) -> list[tuple[str, dict[str, Any]]]:
    """(player, legal order) for every player and the referee, as `order PLAYER --list --json` gives them."""
    found = []
    for who in [p["id"] for p in players_of(game)] + ["referee"]:
        ran = run("-c", campaign, "--json", "order", who, "--list")
        assert ran.code == 0, ran
        found += [(who, lo) for lo in json.loads(ran.out)["orders"]]
    return found


def _typed(game: str, who: str, lo: dict[str, Any], target: str, value: str) -> list[str]:
    """The order typed: its declared positional words (the target field's word being `value`), every other field
    by --set (the words a `rest` argument would take too, as a person may)."""
    args = getattr(games()[game].load("orders")[lo["type"]], "args", ())  # bare handlers take no words
    values: dict[str, Any] = dict(lo.get("fixed") or {})
    for f in lo["fields"]:
        values.setdefault(f["name"], (f.get("choices") or [f.get("low")])[0] if f["kind"] != "text" else "why")
    words: list[str] = []
    for arg in args:
        if arg.kind == "rest":
            break
        given = value if arg.name == target else values.pop(arg.name, "x")
        words.append(" ".join(map(str, given)) if isinstance(given, list) else str(given))
    sets = [f"{k}={json.dumps(v)}" for k, v in values.items() if k != target and k not in ("type", "player")]
    if target not in {a.name for a in args if a.kind != "rest"}:
        sets.append(f"{target}={value}")
    return ["order", who, lo["type"], *words, *sum((["--set", s] for s in sets), [])]


def _advance_to_a_number(game: str, path: Path, steps: int = 40) -> None:
    """Play the campaign on (people's first legal orders, then the referee's `next`) until some legal order has
    a numeric field, or for `steps` commands: a game's opening may ask for none."""
    legal = games()[game].load("legal_orders")
    who = [p["id"] for p in players_of(game)] + ["referee"]
    rng = random.Random(1)
    with session.open_campaign(path) as c:
        for _ in range(steps):
            found = [(w, lo) for w in who for lo in legal(c.state, w)]
            if any(f.kind == "int" for _w, lo in found for f in lo.fields):
                return
            people = [lo for w, lo in found if w != "referee" and lo.type not in ("end", "undo")]
            pick = people[0] if people else next((lo for _w, lo in found if lo.type == "next"), None)
            if pick is None:
                return
            c.push(pick.sample(rng))


def test_absurd_numbers_in_the_game_s_own_orders_are_refused(game: str, campaign: Path, tmp_path: Path) -> None:
    _advance_to_a_number(game, campaign)
    orders = [(who, lo) for who, lo in _orders(game, campaign) if lo["fields"]]
    assert orders, f"{game} lists no order with a field to try"
    numeric = [(w, lo, f) for w, lo in orders for f in lo["fields"] if f["kind"] == "int"]
    who, lo, field = numeric[0] if numeric else (orders[0][0], orders[0][1], orders[0][1]["fields"][0])
    secret = session.referee_file(campaign)
    before = snapshot(campaign, secret)
    problems = []
    for value in ABSURD:
        if value == "-1" and field["kind"] == "int" and field["low"] <= -1:
            continue
        args = _typed(game, who, lo, field["name"], value)
        problem = refusal_problem(run("-c", campaign, *args))
        if problem:
            problems.append(f"{' '.join(args)}: {problem}")
    assert not problems, "\n".join(problems)
    assert snapshot(campaign, secret) == before
    # the same order with a value of its domain goes through (on a copy): what was refused was the value
    copy = tmp_path / "copy.jsonl"
    copy.write_bytes(campaign.read_bytes())
    session.referee_file(copy).write_bytes(secret.read_bytes())
    good = field["low"] if field["kind"] == "int" else field["choices"][0]
    if games()[game].kind == "campaign" and not isinstance(good, (list, dict)):
        ran = run("-c", copy, *_typed(game, who, lo, field["name"], str(good)))
        assert ran.code == 0, (ran.args, ran.out, ran.err)


def test_non_json_yes_or_no_is_refused_with_true_or_false(game: str, campaign: Path) -> None:
    who, lo = next((w, lo) for w, lo in _orders(game, campaign) if lo["fields"])
    field = next((f for f in lo["fields"] if f["kind"] == "bool"), lo["fields"][0])
    before = snapshot(campaign, session.referee_file(campaign))
    for value in NOT_JSON_BOOLEANS:
        args = _typed(game, who, lo, field["name"], "x")
        ran = run("-c", campaign, *args, "--set", f"{field['name']}={value}")
        refused(ran, before=before)
        assert "true" in ran.err + ran.out and "false" in ran.err + ran.out, ran


# --------------------------------------------------------------------------- --out


def test_out_never_writes_over_the_journal_the_referee_s_file_or_a_foreign_file(game: str, campaign: Path,
                                                                                tmp_path: Path) -> None:
    foreign = tmp_path / "notes.txt"
    foreign.write_text("a person's own notes\n", encoding="utf-8")
    link = tmp_path / "link.svg"
    link.symlink_to(campaign)
    secret = session.referee_file(campaign)
    before = snapshot(campaign, secret, foreign)
    for command in (["map"], ["sheet"], ["sheet", "--format", "html"]):
        for target in (campaign, secret, link):
            for force in ([], ["--force"]):
                refused(run("-c", campaign, *command, "--out", target, *force), before=before)
        refused(run("-c", campaign, *command, "--out", foreign), before=before)
        refused(run("-c", campaign, *command, "--out", tmp_path), before=before)
    if games()[game].kind == "campaign":  # a battle has no map or sheet: its refusal was the check above
        assert run("-c", campaign, "map", "--out", foreign, "--force").code == 0
        assert run("-c", campaign, "map", "--out", foreign).code == 0  # now campagne's own: replaced
        assert snapshot(campaign, secret) == {k: v for k, v in before.items() if k != foreign}


# --------------------------------------------------------------------------- the kit's own failures


def test_the_checker_flags_a_leaked_traceback(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A command that lets a bare KeyError out is caught by the checker (so the checks above can fail)."""
    path = make_campaign(sorted(n for n, g in games().items() if g.kind == "campaign")[0], tmp_path / "c.jsonl")

    def broken(*_args: Any, **_kw: Any) -> Any:
        raise KeyError("players")
    monkeypatch.setattr(session, "load", broken)
    ran = run("-c", path, "status")
    assert refusal_problem(ran) is not None
    monkeypatch.setenv("CAMPAGNE_DEBUG", "1")  # the traceback itself, as a developer asks for it
    assert refusal_problem(run("-c", path, "status")) is not None
    monkeypatch.delenv("CAMPAGNE_DEBUG")
    with pytest.raises(AssertionError):
        refused(ran)


def test_the_checker_flags_two_lines_a_usage_dump_and_a_change_on_disk(tmp_path: Path) -> None:
    from conformance.bad_input_kit import Ran
    assert refusal_problem(Ran([], 2, "Usage: campagne [OPTIONS]\n", "")) is not None
    assert refusal_problem(Ran([], 2, "", "One.\nTwo.\n")) is not None
    assert refusal_problem(Ran([], 1, "", "One.\n")) is not None
    assert refusal_problem(Ran([], None, "", "", hung=True)) is not None
    assert refusal_problem(Ran([], 2, "", "One sentence.\n")) is None
    f = tmp_path / "f"
    f.write_bytes(b"a")
    before = snapshot(f)
    f.write_bytes(b"b")
    with pytest.raises(AssertionError):
        refused(Ran([], 2, "", "One sentence.\n"), before=before)
