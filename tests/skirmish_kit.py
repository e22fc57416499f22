"""Small grid-battle positions for the rules tests: a battlefield drawn as rows, units on named cells, orders
given with scripted dice."""

from __future__ import annotations

from typing import Any

from campagne.core.dice import Dice, ScriptedDice
from campagne.games.skirmish.rules import SkirmishRules
from campagne.games.skirmish.state import SkirmishState

RULES = SkirmishRules()


def field(terrain: list[str], height: list[str] | None = None, zones: tuple[str, ...] = ("A1:A1", "B1:B1")) -> dict:
    out: dict[str, Any] = {"id": "test", "terrain": terrain, "zones": list(zones)}
    if height:
        out["height"] = height
    return out


def setup(units: list[tuple], terrain: list[str] | None = None, height: list[str] | None = None,
          camps: tuple[str, ...] = ("a", "b"), zones: tuple[str, ...] | None = None,
          readings: int | None = None) -> dict[str, Any]:
    """units: (camp, card, cell[, extra fields]) — with cells, the battle starts at round 1, camp a first.
    readings: the set-up's key (None: none, as a battle set up before issue 24)."""
    terrain = terrain or ["." * 8] * 8
    rosters: dict[str, list[dict[str, Any]]] = {c: [] for c in camps}
    for u in units:
        camp, card, cell = u[:3]
        entry = {"card": card, **(u[3] if len(u) > 3 else {})}
        if cell:
            entry["cell"] = cell
        rosters[camp].append(entry)
    z = zones or tuple(f"{chr(65 + i)}1:{chr(65 + i)}1" for i in range(max(2, len(camps))))
    out = {"players": [{"id": c, "controller": "human", "roster": rosters[c]} for c in camps],
           "battlefield": field(terrain, height, z)}
    return out if readings is None else {**out, "readings": readings}


def position(units: list[tuple], **kw: Any) -> SkirmishState:
    state, _ = RULES.new_state(setup(units, **kw), Dice.seeded(0))
    return state


def opening(units: list[tuple], **kw: Any) -> tuple[SkirmishState, list[dict]]:
    return RULES.new_state(setup(units, **kw), Dice.seeded(0))


def order(state: SkirmishState, camp: str, kind: str, faces: tuple[int, ...] = (), **fields: Any) -> list[dict]:
    dice = ScriptedDice(list(faces))
    events = RULES.apply(state, {"type": kind, "player": camp, **fields}, dice)
    assert not dice.remaining, f"unused scripted faces {dice.remaining}"
    return events


def cell(state: SkirmishState, unit: str) -> str | None:
    c = state.units[unit].cell
    return state.field.name(c) if c is not None else None


def of_type(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["type"] == kind]
