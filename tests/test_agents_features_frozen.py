"""`encoding.Features(frozen=...)`: the items of a top-level list a game declares frozen (never changed once a
view holds them: Arc's counters, drawn once and shared by the views through the state's memo) are kept
themselves and an unchanged one is told by identity, not compared. The vector stays `features`' own; and Arc's
drawings are indeed never changed by what reads the views (the agents' vector, the status text, the picture, the
greedy computer)."""

from __future__ import annotations

import copy
import random
from fractions import Fraction
from typing import Any

import numpy as np

from campagne.agents.encoding import Features, features
from campagne.agents.match import Match
from campagne.core.i18n import Lang
from campagne.games.arc.ai import greedy
from campagne.games.arc.state import memo_of
from campagne.registry import games


def test_frozen_items_are_kept_themselves_and_give_the_vector() -> None:
    rng = random.Random(5)
    pool = [{"id": f"u{i}", "hex": f"{i:02d}01", "n": i} for i in range(8)]
    memo = Features(64, frozen=("units",))
    units = list(pool)
    for _ in range(120):
        what = rng.randrange(5)
        if what == 0 and units:  # one replaced by a new object (a counter moved: a new drawing)
            i = rng.randrange(len(units))
            units[i] = {**units[i], "hex": rng.choice(["0101", "0202", None]), "n": rng.choice([1, 1.0, True])}
        elif what == 1 and units:  # one gone: the others shift
            del units[rng.randrange(len(units))]
        elif what == 2:  # one come back (the same object) or an equal copy of it (the memo drawn anew)
            back = rng.choice(pool)
            units.insert(rng.randrange(len(units) + 1), back if rng.random() < 0.5 else dict(back))
        elif what == 3 and units:  # of no JSON type (equal to no JSON value): walked each time
            i = rng.randrange(len(units))
            units[i] = {**units[i], "n": Fraction(1 + rng.randrange(3), 7)}
        view = {"units": list(units), "phase": rng.choice(["move", "fight"]), "other": [dict(u) for u in units]}
        assert np.array_equal(memo(view), features(view, 64)), view
        kept = memo.last["units"][1]
        # the view's own items kept (not copies), but those of no JSON type (never found again)
        assert all(k is u for k, u in zip(kept, units) if not isinstance(u["n"], Fraction))
        # a list not declared frozen keeps copies, as before
        assert all(k is not u for k, u in zip(memo.last["other"][1], view["other"]))


def test_viewers_share_the_parts_of_frozen_items_by_identity_path_and_size() -> None:
    """Vectors sharing `known` (one game's viewers) take a frozen item's part from another's walk: only for the
    same object under the same path, walked at the same size (each would give a wrong vector if forgotten)."""
    rng = random.Random(11)
    pool = [{"id": f"u{i}", "hex": f"{i:02d}01", "n": i} for i in range(6)]
    known: dict = {}
    viewers = [(Features(size, frozen=("units", "more"), known=known), size) for size in (64, 64, 32)]
    walked_elsewhere = 0
    for _ in range(80):
        if rng.random() < 0.3:  # a counter drawn anew: a new object
            i = rng.randrange(len(pool))
            pool[i] = {**pool[i], "hex": rng.choice(["0101", "0202"]), "n": rng.randrange(3)}
        for memo, size in rng.sample(viewers, len(viewers)):
            units = rng.sample(pool, rng.randrange(1, len(pool)))
            more = rng.sample(pool, rng.randrange(len(pool)))  # the same objects in another list
            view = {"units": units, "more": more}
            before = len(known)
            assert np.array_equal(memo(view), features(view, size)), view
            walked_elsewhere += len(known) == before
    assert walked_elsewhere and known


def test_arc_drawings_are_never_changed_by_their_readers() -> None:
    d = games()["arc"]
    text, picture = d.load("text"), d.load("picture")
    match = Match("arc", max_steps=400)
    rng = np.random.default_rng(3)
    first: dict[int, tuple[Any, Any]] = {}  # id -> (the drawing, a copy of it when first met)
    for step in range(150):
        if match.over:
            match.reset(step)
        agent = match.current
        view = match.view(agent)
        for u in view["units"]:
            first.setdefault(id(u), (u, copy.deepcopy(u)))
        match.vector(agent)
        text.status_text(view, Lang("en"))
        if step % 25 == 0:
            picture(match.game.state, "en", agent)
        greedy(view, match.legal_orders(agent), random.Random(step))
        match.act(int(rng.choice(match.legal_actions())))
    drawn = memo_of(match.game.state).drawn
    assert len(first) > 60 and drawn
    for u, was in first.values():
        assert u == was, u["id"]
