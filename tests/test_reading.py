"""A reader's journal (campagne.reading): the lines his game lets him read, numbered 1..k his way, and the one
translation between his numbers and the journal's, for any journal and any lines hidden from him."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from campagne.reading import Reading

# a journal: for each line, whether it is hidden from the reader, and whether it is an undo of the line before
journals = st.lists(st.tuples(st.booleans(), st.booleans()), max_size=30)


def build(shape: list[tuple[bool, bool]]) -> tuple[list[dict[str, Any]], set[int]]:
    entries: list[dict[str, Any]] = []
    hidden: set[int] = set()
    for hide, undo in shape:
        n = len(entries) + 1
        before = [e["n"] for e in entries if e["command"]["type"] == "order"]
        if undo and before:
            entries.append({"n": n, "command": {"type": "undo", "player": "referee", "entries": before[-1:],
                                                "reason": "because"},
                            "events": [{"type": "undone", "entries": before[-1:], "reason": "because"}], "rolls": []})
            continue
        entries.append({"n": n, "command": {"type": "order", "player": "bob"}, "events": [], "rolls": []})
        if hide:
            hidden.add(n)
    return entries, hidden


@given(journals)
def test_his_lines_are_numbered_his_way_and_translate_both_ways(shape: list[tuple[bool, bool]]) -> None:
    entries, hidden = build(shape)
    reading = Reading(entries, "carl", lambda e, viewer: None if e["n"] in hidden else e)
    undoes = {e["n"]: e["command"]["entries"] for e in entries if e["command"]["type"] == "undo"}
    seen = [e["n"] for e in entries if e["n"] not in hidden and not set(undoes.get(e["n"], [])) & hidden]
    assert reading.lines == seen
    assert [e["n"] for e in reading.entries] == list(range(1, len(seen) + 1))
    for k, n in enumerate(seen, 1):
        assert reading.reader_n(n) == k and reading.journal_n(k) == n
    assert all(reading.reader_n(n) is None for n in hidden)
    assert reading.journal_n(0) is None and reading.journal_n(len(seen) + 1) is None
    for k in range(len(seen) + 1):  # a form drawn after his k-th line: no later line of his came before it
        at = reading.length_after(k)
        assert all(n <= at for n in seen[:k]) and all(n > at for n in seen[k:])
    assert reading.length_after(len(seen)) == len(entries)
    for e in reading.entries:  # an undo he reads names his lines, by his numbers
        if e["command"]["type"] == "undo":
            assert e["command"]["entries"] == e["events"][0]["entries"] and \
                all(1 <= k < e["n"] for k in e["command"]["entries"])


@given(journals)
def test_the_referee_reads_the_journal_as_it_is(shape: list[tuple[bool, bool]]) -> None:
    entries, hidden = build(shape)
    reading = Reading(entries, None, lambda e, viewer: None)
    assert reading.entries == entries and reading.lines == [e["n"] for e in entries]
    assert all(reading.reader_n(e["n"]) == reading.journal_n(e["n"]) == e["n"] for e in entries)
