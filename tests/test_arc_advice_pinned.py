"""Arc's odds and threats stay what they were before they were made faster: the states a game of three greedy
computers passed through (seed 3: every 41st order after the set-up, turns 1 to 3, the spells' zones, the moves,
the attacks and the threats), each read by every side; the numbers (`advice_facts`) and their words in French and
English, digested and compared with the digests the code wrote before the change (tests/golden/arc_advice.json).
The states are kept in the file (replaying the game took a second), so a change in the computers' play changes
nothing here.
`python tests/test_arc_advice_pinned.py` writes the file again (only on purpose: when the rules or the advice
change)."""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import json
from pathlib import Path
from typing import Any

from campagne.games.arc import simulate
from campagne.games.arc.advice import advice_facts, advice_words
from campagne.games.arc.board import arc_board
from campagne.games.arc.data import SIDES
from campagne.games.arc.rules import ArcRules
from campagne.games.arc.state import ArcState, Unit

GOLDEN = Path(__file__).parent / "golden" / "arc_advice.json"
SEED, EVERY = 3, 41


def encode(s: ArcState, groups: list[list[str]]) -> dict[str, Any]:
    """`s` as JSON: each counter's fields but those left as they were made, its set-up hexes by their place in
    `groups` (a group's counters share them: the file is ten times smaller)."""
    out = {f.name: getattr(s, f.name) for f in dataclasses.fields(s) if f.name != "board"}
    made = {f.name: f.default for f in dataclasses.fields(Unit)}
    units = {}
    for i, u in s.units.items():
        fields = {k: v for k, v in dataclasses.asdict(u).items() if k in ("id", "type", "side", "hex") or v != made[k]}
        if "start_hexes" in fields:
            if list(u.start_hexes) not in groups:
                groups.append(list(u.start_hexes))
            fields["start_hexes"] = groups.index(list(u.start_hexes))
        units[i] = fields
    out["units"] = units
    return json.loads(json.dumps(out))


def decode(d: dict[str, Any], groups: list[list[str]]) -> ArcState:
    units = {i: Unit(**{**u, "start_hexes": tuple(groups[u["start_hexes"]]) if "start_hexes" in u else ()})
             for i, u in d["units"].items()}
    return ArcState(board=arc_board(), **{**d, "units": units})


def digest(s: ArcState, side: str) -> str:
    """The digest of `side`'s advice on `s`: its numbers and their words in French and English."""
    facts = advice_facts(s, side)
    text = json.dumps([facts, advice_words(facts, "fr"), advice_words(facts, "en")], sort_keys=True, default=repr,
                      ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def test_the_advice_on_a_simulated_game_is_what_it_was() -> None:
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    states = [decode(d, golden["groups"]) for d in golden["states"]]
    assert len(states) >= 8 and {s.turn for s in states} == {1, 2, 3}
    found = [{side: digest(s, side) for side in SIDES} for s in states]
    assert found == golden["digests"]


def write() -> None:
    """The states every `EVERY`-th order after the set-up of the simulated game, and their advice's digests."""
    seen: list[dict[str, Any]] = []
    groups: list[list[str]] = []
    original, count = ArcRules.apply, {"n": 0}

    def apply(self: ArcRules, state: ArcState, command: dict[str, Any], dice: Any) -> Any:
        if state.phase != "deploy":
            count["n"] += 1
            if count["n"] % EVERY == 0:
                seen.append(encode(copy.deepcopy(state), groups))
        return original(self, state, command, dice)
    ArcRules.apply = apply  # type: ignore[method-assign]
    try:
        simulate.simulate(SEED)
    finally:
        ArcRules.apply = original  # type: ignore[method-assign]
    found = [{side: digest(decode(d, groups), side) for side in SIDES} for d in seen]
    GOLDEN.write_text(json.dumps({"seed": SEED, "every": EVERY, "groups": groups, "states": seen,
                                  "digests": found}) + "\n",
                      encoding="utf-8")


if __name__ == "__main__":
    write()
