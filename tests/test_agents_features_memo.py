"""`encoding.Features` (each agent's vector, the unchanged parts of his view not walked again) gives the very
vector `encoding.features` gives, along seeded games of every game, and when the view holds lists the state
changes in place, or values of no JSON type."""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pytest

from match_kit import random_walk

from campagne.agents.encoding import Features, features
from campagne.agents.match import Match
from campagne.registry import games


@pytest.mark.parametrize("game", sorted(games()))
def test_the_remembered_vector_is_the_vector(game: str) -> None:
    m, rng = Match(game, max_steps=60), random.Random(2)
    for seed in (1, 2):
        m.reset(seed)
        for _ in random_walk(m, rng):
            for agent in {m.current, m.agents[0]}:
                assert np.array_equal(m.vector(agent), features(m.view(agent), m.feature_size)), (seed, agent)


def test_a_part_changed_in_place_or_of_no_json_type_is_walked_again() -> None:
    kept = [1, 2]
    memo, views = Features(64), [
        {"units": [{"id": "a", "hexes": kept}], "n": 1, "odd": [Fraction(1)], "o": {"x": Fraction(1)}},
        {"units": [{"id": "a", "hexes": kept}], "n": 1, "odd": [1], "o": {"x": 1}},  # equal to Fraction(1)
        {"units": [{"id": "a", "hexes": kept}, {"id": "b"}], "n": 1.0, "odd": 1, "o": {"x": kept}},
    ]
    for view in views:
        assert np.array_equal(memo(view), features(view, 64))
        kept.append(3)  # the view's list, changed after it was read
        assert np.array_equal(memo(view), features(view, 64))


def test_a_list_that_grows_shrinks_or_changes_an_item_gives_the_vector() -> None:
    """Each list's sum is kept whole, its changed items' parts taken off and added: every way a list moves."""
    memo = Features(64)
    rows = [[{"id": "a", "hex": "0101"}, {"id": "b", "hex": "0102"}, {"id": "c", "hex": "0103"}],
            [{"id": "a", "hex": "0101"}, {"id": "b", "hex": "0202"}, {"id": "c", "hex": "0103"}],  # one moved
            [{"id": "a", "hex": "0101"}, {"id": "b", "hex": "0202"}, {"id": "c", "hex": "0103"}],  # none
            [{"id": "a", "hex": "0101"}, {"id": "c", "hex": "0103"}],  # one gone: the rest shift
            [{"id": "a", "hex": "0101"}],
            [],
            [{"id": "a", "hex": "0101"}, {"id": "d", "hex": "0104"}, {"id": "e", "hex": "0105"}],  # grown again
            [1, 2.0, True],
            [1.0, 2, 1],  # equal items of other types: the same sums
            [Fraction(1), 2, 1],  # equal to 1, but adds its text
            [Fraction(1), 2, 1],
            [1, 2, 1]]
    for units in rows:
        view = {"units": units, "n": len(units)}
        assert np.array_equal(memo(view), features(view, 64)), units


def test_a_dict_whose_entries_change_come_and_go_gives_the_vector() -> None:
    """Each top-level dict's sum is kept whole by its keys (a dict of players: one changed, only it walked again):
    every way its entries move, and a list inside it changed in place after it was read."""
    memo, kept = Features(64), [1, 2]
    rows = [{"a": {"gold": 3, "land": ["0101"]}, "b": {"gold": 1, "land": []}},
            {"a": {"gold": 3, "land": ["0101"]}, "b": {"gold": 2, "land": []}},  # one changed
            {"a": {"gold": 3, "land": ["0101"]}, "b": {"gold": 2, "land": []}},  # none
            {"b": {"gold": 2, "land": []}},  # one gone
            {"b": {"gold": 2, "land": []}, "c": "x", 3: 1},  # others come, not dicts, a key of no text
            {"b": {"gold": 2.0, "land": []}, "c": "x", 3: True},  # equal numbers of other types
            {"b": {"gold": Fraction(5), "land": []}, "c": "x", 3: 1},  # no JSON type: adds its text
            {"b": {"gold": Fraction(5), "land": []}, "c": "x", 3: 1},
            {"b": kept, "c": None},
            {"b": kept, "c": None},
            {}]
    for players in rows:
        view = {"players": players, "n": len(players)}
        assert np.array_equal(memo(view), features(view, 64)), players
        kept.append(3)  # the view's list, changed after it was read
        assert np.array_equal(memo(view), features(view, 64)), players


def test_the_vector_rounds_each_sum_as_through_float64() -> None:
    """`_vector` rounds each whole sum to float32 once and scales it by a power of two: what dividing in float64
    and rounding gave, large sums, negative ones and those beyond the bounds included."""
    from campagne.agents.encoding import _SCALE, BOUND, _vector

    rng = np.random.default_rng(4)
    for scale in (3, 1 << 12, 1 << 24, 1 << 36, 1 << 52):
        sums = rng.integers(-scale, scale, 20_000, dtype=np.int64)
        plain = np.clip((sums.astype(np.float64) / _SCALE).astype(np.float32), -BOUND, BOUND)
        assert np.array_equal(_vector(sums), plain)


def test_a_dict_of_lists_whose_lists_or_keys_change_gives_the_vector() -> None:
    """A top-level dict of lists (each player's declarations) is kept list by list: lists that grow, shrink or
    change an item, keys that come and go, a value that stops being a list, and the dict gone from the view."""
    memo = Features(64)
    a, b = {"type": "move", "unit": "x.1", "hex": "D9"}, {"type": "cast", "target": "E4:S"}
    rows = [{"ulf": []},
            {"ulf": [a]},
            {"ulf": [a, b]},
            {"ulf": [a, b]},  # none changed
            {"ulf": [b], "fereira": [a]},  # one gone, a key come
            {"fereira": [a]},  # a key gone, the other list as it was
            {"fereira": [a, {**b, "target": "F5"}]},
            {"fereira": [a, [1, 2.0]], "ulf": [Fraction(1)]},  # no JSON type: walked again
            {"fereira": [a, [1, 2.0]], "ulf": [Fraction(1)]},
            {"fereira": [a], "ulf": 3},  # not all lists: kept by its keys (`_dict`)
            {"fereira": [a], "ulf": [3]},
            {},
            None]
    for i, plans in enumerate(rows):
        view = {"plans": plans, "n": 1}
        assert np.array_equal(memo(view), features(view, 64)), plans
        if i == 5:
            view = {"n": 2}  # the dict gone, then back
            assert np.array_equal(memo(view), features(view, 64))


def test_a_list_whose_items_shift_keeps_their_parts_and_gives_the_vector(monkeypatch: pytest.MonkeyPatch) -> None:
    """A list's items are found among the last ones wherever they stood (a counter lost shifts the rest): only
    the items not equal to one of the last, of the same type, are walked again (an item met lately, in an earlier
    view, is found in the pool; a dict changed is told from the last of its id by its changed entries alone);
    the vector is `features`' all the same, items that share an id, a text or a type but differ included."""
    import campagne.agents.encoding as encoding

    walked: list[object] = []
    plain = encoding._sums

    def spy(todo, size, gone=None):  # type: ignore[no-untyped-def]
        walked.extend(v for _, vs in todo + (gone or []) for v in (vs if type(vs) is list else [vs]))
        return plain(todo, size, gone)

    memo = Features(64)
    a, b, c = ({"id": x, "hex": f"010{i}"} for i, x in enumerate("abc"))
    rows = [([a, b, c, "x", "y"], None),
            ([b, c, "y"], []),  # the first of each kind gone: the rest shift, none walked again
            ([{"id": "z"}, b, c, "x", "y"], [{"id": "z"}]),  # come at the front ("x": in the pool)
            # an id twice, one changed: its hex told from the last b's (the second "y": the pool's)
            ([{**b, "hex": "0909"}, c, b, "y", "y"], [{"hex": "0909"}, {"hex": "0101"}]),
            ([c, {"id": "b", "hex": "0909"}, "y", "y"], []),
            # another value, another type
            ([c, {"id": "b", "hex": 909}, "y", 1], [{"hex": 909}, {"hex": "0909"}, 1]),
            ([1.0, c, {"id": "b", "hex": 909}, "y"], [1.0]),  # equal, of another type: walked (the same sum)
            ([True, Fraction(1), c, {"id": "b", "hex": 909}], [True, Fraction(1)]),
            ([Fraction(1), True, c, {"id": "b", "hex": 909}], [Fraction(1)]),  # no JSON type: always walked
            ([{"hex": "0101"}, {"hex": "0102"}], [{"hex": "0101"}, {"hex": "0102"}]),  # no id
            ([{"hex": "0102"}, {"hex": "0101"}, {"hex": "0101"}], []),  # the second 0101: the pool's
            ([], [])]
    for units, again in rows:
        view = {"units": units}
        monkeypatch.setattr(encoding, "_sums", spy)
        walked.clear()
        got = memo(view)
        monkeypatch.setattr(encoding, "_sums", plain)
        assert np.array_equal(got, features(view, 64)), units
        if again is not None:
            assert walked == [*again], units


def test_a_dict_changed_deep_inside_gives_the_vector_and_walks_the_changed_leaves(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A changed dict (a player) is told from its last copy leaf by leaf, through its dicts and its lists' items
    in their places (one army moved: its position alone walked again): every way a nested part moves gives
    `features`' vector, values of other types and of no JSON type included."""
    import campagne.agents.encoding as encoding

    walked: list[object] = []
    plain = encoding._sums

    def spy(todo, size, gone=None):  # type: ignore[no-untyped-def]
        walked.extend(v for _, vs in todo + (gone or []) for v in (vs if type(vs) is list else vs.values()))
        return plain(todo, size, gone)

    g, l1 = {"ref": "a:G", "position": "0,0", "rules": ["x"]}, {"ref": "a:L1", "position": "1,0", "rules": []}
    rows = [({"armies": [g, l1], "land": ["0,0"], "event": None}, None),
            ({"armies": [g, {**l1, "position": "2,0"}], "land": ["0,0"], "event": None}, ["2,0", "1,0"]),
            ({"armies": [g, {**l1, "position": "2,0", "rules": ["y"]}], "land": ["0,0"], "event": None},
             ["y"]),
            ({"armies": [g], "land": ["0,0", "1,1"], "event": {"key": 11}}, None),  # an item gone, others come
            ({"armies": [g, l1, g], "land": ["1,1"], "event": {"key": 12, "pending": True}}, None),
            ({"armies": [{**g, "rules": "x"}], "land": [], "event": {"pending": 1}}, None),  # other types
            ({"armies": [{**g, "rules": ["x", 1.0]}], "land": [True], "event": {"pending": 1.0}}, None),
            ({"armies": [{**g, "rules": ["x", Fraction(3)]}], "land": [1], "event": {"pending": 1}}, None),
            ({"armies": [{**g, "rules": ["x", Fraction(3)]}], "land": [1], "event": {"pending": 1}}, None),
            ({"armies": [{**g, "position": None}], "land": [], "event": []}, None),
            ({"armies": {"G": g}, "land": {}, "event": [[1], {"a": 2}]}, None),
            ({"armies": {"G": {**g, "rules": [["z"]]}}, "land": {}, "event": [[2], {"a": 2, "b": 3}]}, None),
            ({"armies": [], "land": "none"}, None)]
    memo = Features(64)
    for me, again in rows:
        view = {"players": {"alice": me, "bob": {"armies": [g], "land": []}}, "n": 1}
        monkeypatch.setattr(encoding, "_sums", spy)
        walked.clear()
        got = memo(view)
        monkeypatch.setattr(encoding, "_sums", plain)
        assert np.array_equal(got, features(view, 64)), me
        if again is not None:
            assert walked == again, me
