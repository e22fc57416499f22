"""`core.copying.copy_plain` is `copy.deepcopy` made quicker for JSON-like data: the same copy (equal, sharing
nothing mutable with the original, a container met twice copied once) whatever the nesting."""

from __future__ import annotations

import copy

from hypothesis import given, strategies as st

from campagne.core.copying import copy_plain

atoms = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=3))
plain = st.recursive(atoms, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=3), inner, max_size=4),
    st.tuples(inner, inner), st.sets(st.integers(), max_size=3)), max_leaves=20)


def mutable_ids(x: object, out: set[int]) -> set[int]:
    if isinstance(x, (list, dict, set)):
        out.add(id(x))
    for v in (x.values() if isinstance(x, dict) else x if isinstance(x, (list, tuple)) else ()):
        mutable_ids(v, out)
    return out


@given(plain, plain)
def test_a_plain_copy_is_deepcopys(a: object, b: object) -> None:
    shared = [a, b]
    value = {"x": [shared, shared, (shared, 1)], "y": shared}  # one list met four times
    clone = copy_plain(value, {})
    assert clone == copy.deepcopy(value)
    assert not mutable_ids(clone, set()) & mutable_ids(value, set())
    assert clone["x"][0] is clone["x"][1] is clone["y"] is clone["x"][2][0]
