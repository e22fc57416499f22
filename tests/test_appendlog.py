"""The journal's append-only sequence reads like a list, and its copies never see each other's appends."""

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from campagne.core.appendlog import BLOCK, AppendLog
from campagne.storage.journal import JournalFile

# Operations on one of several logs (each mirrored by a list): append a value, copy one into a new slot.
ops = st.lists(st.one_of(
    st.tuples(st.just("append"), st.integers(0, 3), st.integers()),
    st.tuples(st.just("extend"), st.integers(0, 3), st.lists(st.integers(), max_size=2 * BLOCK + 3)),
    st.tuples(st.just("copy"), st.integers(0, 3), st.none()),
), max_size=40)


@given(ops)
def test_every_copy_reads_as_the_list_it_mirrors(steps):
    logs, lists = [AppendLog()], [[]]
    for op, which, arg in steps:
        i = which % len(logs)
        if op == "append":
            logs[i].append(arg)
            lists[i].append(arg)
        elif op == "extend":
            logs[i].extend(arg)
            lists[i].extend(arg)
        else:
            logs.append(logs[i].copy())
            lists.append(list(lists[i]))
    for log, mirror in zip(logs, lists):
        assert len(log) == len(mirror)
        assert list(log) == mirror
        assert list(reversed(log)) == mirror[::-1]
        assert log == mirror and mirror == log
        assert bool(log) == bool(mirror)


@given(st.integers(0, 3 * BLOCK + 5), st.data())
def test_indexes_and_slices_are_a_lists(size, data):
    mirror = list(range(size))
    log = AppendLog(mirror)
    index = data.draw(st.integers(-size - 2, size + 2))
    if -size <= index < size:
        assert log[index] == mirror[index]
    else:
        with pytest.raises(IndexError):
            log[index]
    start = data.draw(st.none() | st.integers(-size - 2, size + 2))
    stop = data.draw(st.none() | st.integers(-size - 2, size + 2))
    step = data.draw(st.none() | st.integers(1, 4) | st.integers(-4, -1))
    assert log[start:stop:step] == mirror[start:stop:step]
    assert isinstance(log[start:stop], list)


def test_a_copy_shares_the_full_blocks_and_nothing_it_could_change():
    log = AppendLog(range(3 * BLOCK + 7))
    clone = log.copy()
    assert clone._blocks is log._blocks
    assert clone._tail == log._tail and clone._tail is not log._tail
    clone.extend(range(BLOCK))
    assert len(log) == 3 * BLOCK + 7 and list(log) == list(range(3 * BLOCK + 7))


def test_it_pickles_and_deep_copies_as_a_list():
    log = AppendLog([{"n": i} for i in range(BLOCK + 2)])
    for again in (pickle.loads(pickle.dumps(log)), copy.deepcopy(log)):
        assert isinstance(again, AppendLog) and again == log
    deep = copy.deepcopy(log)
    deep[0]["n"] = -1
    assert log[0]["n"] == 0
    assert copy.copy(log) == log


def test_a_journal_file_holds_its_entries_in_one():
    assert isinstance(JournalFile(None, {}, [{"a": 1}]).entries, AppendLog)
