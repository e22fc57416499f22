"""The one reader of a file a person names (storage.text_file) and its bounds (core.bounded): not a regular file
refused before reading and never waited on, sizes and nesting bounded, JSON strict, numbers read as people type
them; the journal's reading and lock on top of it; `--out`'s mark and refusals (storage.out_file)."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from campagne.core.bounded import MAX_DEPTH, NUMBER_LIMIT, load_toml, loads_json, strict_int, too_deep, whole_number
from campagne.core.errors import CampagneError
from campagne.storage import journal as jfile
from campagne.storage.out_file import MARK, check_target, marked, write_out
from campagne.storage.text_file import Refused, read_regular, read_utf8


def _fifo(tmp_path: Path) -> Path:
    path = tmp_path / "fifo"
    os.mkfifo(path)
    return path


def _returns_soon(action) -> None:  # type: ignore[no-untyped-def]
    """`action()` finishes within 5 s (a FIFO opened for reading without a writer would block forever)."""
    done: list[BaseException | None] = []

    def go() -> None:
        try:
            action()
            done.append(None)
        except BaseException as exc:  # noqa: BLE001
            done.append(exc)
    t = threading.Thread(target=go, daemon=True)
    t.start()
    t.join(5)
    assert done, "blocked"
    if done[0] is not None:
        raise done[0]


def test_special_files_are_refused_before_a_byte_is_read(tmp_path: Path) -> None:
    link = tmp_path / "zero"
    link.symlink_to("/dev/zero")
    for path, word in ((_fifo(tmp_path), "pipe"), (tmp_path, "folder"), (Path("/dev/zero"), "device"),
                       (link, "device")):
        with pytest.raises(Refused) as info:
            _returns_soon(lambda p=path: read_regular(p))
        assert word in info.value.reason["en"]
        with pytest.raises(CampagneError) as err:
            read_utf8(path, "army.unreadable", "army.malformed")
        assert word in err.value.message("en") and "\n" not in err.value.message("en")


def test_the_size_is_bounded(tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    path.write_bytes(b"a" * 1001)
    assert read_regular(path, 1001) == b"a" * 1001
    with pytest.raises(Refused):
        read_regular(path, 1000)
    with pytest.raises(FileNotFoundError):
        read_regular(tmp_path / "none")


def test_nesting_is_bounded_in_toml_and_json() -> None:
    deep_toml = "x = " + "[" * 100_000 + "]" * 100_000
    with pytest.raises(CampagneError) as info:
        load_toml(deep_toml, "army.malformed", file="a.toml")
    assert "nested" in info.value.message("en")
    fine = "x = " + "[" * MAX_DEPTH + "]" * MAX_DEPTH
    with pytest.raises(CampagneError):  # the top table is one level more
        load_toml(fine, "army.malformed", file="a.toml")
    assert load_toml("x = " + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1), "army.malformed", file="a")
    assert load_toml("a.b.c = 1", "army.malformed", file="a") == {"a": {"b": {"c": 1}}}
    dotted = ".".join(["k"] * 200) + " = 1"  # tables made by dotted keys, no brackets at all
    with pytest.raises(CampagneError):
        load_toml(dotted, "army.malformed", file="a")
    for deep in ("[" * 100_000 + "]" * 100_000, '{"a":' * 100 + "1" + "}" * 100):
        with pytest.raises(ValueError):
            loads_json(deep)
    assert loads_json("[" * 10 + "]" * 10) == [[[[[[[[[[]]]]]]]]]]
    assert not too_deep(5) and too_deep([[[]]], 2) and not too_deep([[[]]], 3)


def test_json_is_strict() -> None:
    for text in ("NaN", "[Infinity]", '{"a": -Infinity}', "9" * 5000):
        with pytest.raises(ValueError):
            loads_json(text)
    assert loads_json("9" * 100) == int("9" * 100)
    with pytest.raises(ValueError):
        jfile.dumps({"loot": float("nan")})


def test_the_journal_reader_names_the_damaged_line(tmp_path: Path) -> None:
    path = tmp_path / "c.jsonl"
    jfile.create(path, {"ruleset": "toy", "seed": 1, "setup": {}})
    good = path.read_bytes()
    for line in (b'{"n":' + b"9" * 5000 + b"}", b'{"n":1,"x":' + b"[" * 100_000 + b"]" * 100_000 + b"}",
                 b'{"n":NaN}', b"\xff"):
        path.write_bytes(good + line + b"\n")
        with pytest.raises(CampagneError) as info:
            jfile.read(path)
        assert info.value.code == "journal.bad_line" and info.value.params["line"] == 2
    path.write_bytes(good.replace(b'"toy"', b'["toy"]'))
    with pytest.raises(CampagneError) as info:
        jfile.read(path)
    assert info.value.code == "journal.bad_header" and info.value.params["what"] == "ruleset"


def test_the_lock_refuses_a_fifo_without_waiting(tmp_path: Path) -> None:
    fifo = _fifo(tmp_path)

    def lock() -> None:
        with jfile.locked(fifo):
            pass
    with pytest.raises(CampagneError) as info:
        _returns_soon(lock)
    assert "pipe" in info.value.message("en")
    with pytest.raises(CampagneError):
        _returns_soon(lambda: jfile.read(fifo))


@given(st.integers(-NUMBER_LIMIT + 1, NUMBER_LIMIT - 1))
def test_a_whole_number_reads_as_itself(n: int) -> None:
    assert strict_int(str(n)) == n


@given(st.text(max_size=12))
def test_what_is_read_as_a_number_is_plain_ascii_digits(text: str) -> None:
    try:
        n = strict_int(text)
    except ValueError:
        return
    assert text == str(n) or text.lstrip("-").lstrip("0") == str(abs(n)).lstrip("0")
    assert text.isascii() and "_" not in text and text.strip() == text


def test_numbers_python_reads_but_people_do_not_write() -> None:
    for text in ("1_0", "\u0663", "+5", " 5", "5 ", "0x10", "1e3", "nan", "inf", "\u00b2", "", "-"):
        with pytest.raises(ValueError):
            strict_int(text)
    with pytest.raises(CampagneError) as info:
        whole_number(str(10**30), "loot")
    assert info.value.code == "number.too_large"
    with pytest.raises(CampagneError) as info:
        whole_number("1_0", "loot")
    assert info.value.code == "order.not_int"
    with pytest.raises(ValueError):
        strict_int(True)


# --------------------------------------------------------------------------- --out


def test_a_file_out_writes_carries_the_mark_after_a_declaration() -> None:
    assert marked("<svg/>") == f"<svg/>\n{MARK}"  # an SVG still starts with its root
    assert marked('<svg a="1">\n<g/></svg>') == f'<svg a="1">\n{MARK}\n<g/></svg>'
    assert marked("# Sheet") == f"{MARK}\n# Sheet"
    assert marked('<?xml version="1.0"?>\n<svg/>') == f'<?xml version="1.0"?>\n{MARK}\n<svg/>'
    assert marked("<!DOCTYPE html>\n<html/>").splitlines()[1] == MARK
    assert "--" not in MARK[4:-3]  # an XML comment may not hold a double hyphen


def test_out_replaces_only_what_campagne_wrote(tmp_path: Path) -> None:
    target = tmp_path / "map.svg"
    write_out(target, "<svg/>")
    write_out(target, "<svg>2</svg>")  # its own: replaced without --force
    assert target.read_text(encoding="utf-8") == f"<svg>\n{MARK}2</svg>"
    foreign = tmp_path / "notes.txt"
    foreign.write_text("mine", encoding="utf-8")
    with pytest.raises(CampagneError) as info:
        write_out(foreign, "<svg/>")
    assert info.value.code == "out.exists" and foreign.read_text(encoding="utf-8") == "mine"
    write_out(foreign, "<svg/>", force=True)
    assert MARK in foreign.read_text(encoding="utf-8")
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary file left


def test_out_never_replaces_a_journal_or_a_referee_s_file(tmp_path: Path) -> None:
    journal = tmp_path / "c.jsonl"
    jfile.create(journal, {"ruleset": "toy", "seed": 1, "setup": {"big": "x" * 10_000}})  # a header past 4 KiB
    secret = tmp_path / "elsewhere.json"
    secret.write_text(json.dumps({"journal": "c.jsonl", "seed": 1, "salt": "s"}), encoding="utf-8")
    link = tmp_path / "link.svg"
    link.symlink_to(journal)
    renamed = tmp_path / "old.referee"
    renamed.write_text("anything", encoding="utf-8")
    for path in (journal, secret, link, renamed):
        before = path.read_bytes()
        with pytest.raises(CampagneError) as info:
            write_out(path, "<svg/>", force=True)
        assert info.value.code == "out.protected" and path.read_bytes() == before
    with pytest.raises(CampagneError) as info:
        check_target(_fifo(tmp_path), force=True)
    assert info.value.code == "out.not_a_file"
