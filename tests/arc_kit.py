"""Small Arc positions for the rules tests: a map of 8 columns x 16 rows and a few counters."""

from __future__ import annotations

from typing import Any

from campagne.core.dice import Dice, ScriptedDice
from campagne.games.arc.rules import ArcRules
from campagne.games.arc.state import ArcState

RULES = ArcRules()
PLAYERS = [{"id": s, "controller": "human"} for s in ("bonnaire", "ulf", "fereira")]


def small_map(**terrain: list[str]) -> dict[str, Any]:
    places = {"temple": {"hex": "H15", "fr": "temple", "en": "temple", "temple": True}}
    return {"columns": "ABCDEFGH", "rows": 16, "terrain": terrain, "places": places}


def setup(units: list[dict[str, Any]], turn: int = 3, phase: str = "move", segment: int = 0,
          two_player: bool = False, readings: int = 1, **terrain: list[str]) -> dict[str, Any]:
    """`readings` 2: issue 24's (the owner's retreat hex, the advance after the result), as `new` sets up."""
    return {"players": PLAYERS, "forces": "medium", "two_player": two_player, "map": small_map(**terrain),
            "scenario": units, "turn": turn, "phase": phase, "segment": segment, "readings": readings}


def position(units: list[dict[str, Any]], **kw: Any) -> ArcState:
    state, _ = RULES.new_state(setup(units, **kw), Dice.seeded(0))
    return state


def order(state: ArcState, player: str, kind: str, faces: tuple[int, ...] = (), **fields: Any) -> list[dict]:
    return RULES.apply(state, {"type": kind, "player": player, **fields}, ScriptedDice(list(faces)))


def done(state: ArcState, player: str, faces: tuple[int, ...] = ()) -> list[dict]:
    return order(state, player, "done", faces)


def u(type_: str, hex_: str, **kw: Any) -> dict[str, Any]:
    return {"type": type_, "hex": hex_, **kw}
