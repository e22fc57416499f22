"""Shared helpers for the Atlantis rules tests (tests/test_atlantis_rules_*.py).

The seed is "Warhammer Ancient Battles – Règles de campagne v1.1" (seed 000). A test builds a
campaign with `campaign(...)`, places the colonies, then walks the phases with `advance(...)`,
choosing every die with `ScriptedDice` (or `PurposeDice` for the dice of phase openings that the
test does not look at), and applies the command under test with `act(...)` or `refused(...)`.
"""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from campagne.core.dice import Dice, Roll, ScriptedDice, parse
from campagne.core.errors import MESSAGES, CampagneError
from campagne.core.game import Game
from campagne.games.atlantis.rules import AtlantisRules
from campagne.games.atlantis.state import NUMBERED_PER_PLAYER, REFEREE, AtlantisState

RULES = AtlantisRules()

# --------------------------------------------------------------------------- armies


def unit(uid: str, kind: str = "infantry", ws: int = 3, models: int = 20, ppm: int = 5, **extra: Any) -> dict:
    d = {"id": uid, "name": uid.capitalize(), "kind": kind, "ws": ws, "models": models,
         "points_per_model": ppm}
    if kind == "character":
        d.setdefault("toughness", 4)
    d.update(extra)
    return d


def army(ld: int | None = 8, units: Iterable[dict] | None = None, toughness: int = 4, name: str = "Test") -> dict:
    """A small army: by default two infantry units (WS 3) of 20 models at 5 points, and a general.

    Combat strength 2 + 2 (+ the general's row: Ld 8 gives 0); initiative Ld × 10 = 80; 300 points.
    """
    raw: dict[str, Any] = {"name": name, "people": "Test",
                           "units": list(units) if units is not None else [unit("foot1"), unit("foot2")]}
    if ld is not None:
        raw["general"] = {"name": "General", "leadership": ld, "toughness": toughness, "points": 100}
    return raw


# --------------------------------------------------------------------------- dice


class PurposeDice(Dice):
    """Dice whose faces are chosen by the purpose of the roll: `{"event": [3, 4], ...}`.

    A key matches a roll whose purpose starts with it (the longest key wins); its faces are used
    in a cycle, so `{"event": [3, 4]}` gives every player the event 7 ("Aucun"). A roll no key
    matches fails the test: every die a test relies on is chosen.
    """

    def __init__(self, faces: Mapping[str, Iterable[int]]) -> None:
        super().__init__(random.Random(0))
        self.faces = {k: list(v) for k, v in faces.items()}
        self.used = {k: 0 for k in self.faces}
        self.rolls = 0

    def roll_record(self, expr, purpose):  # type: ignore[override]
        parsed = parse(expr) if isinstance(expr, str) else expr
        keys = [k for k in self.faces if purpose.startswith(k)]
        if not keys:
            raise AssertionError(f"unexpected roll {parsed.text} for {purpose!r}")
        key = max(keys, key=len)
        self.rolls += 1
        if self.rolls > 2000:
            raise AssertionError("too many rolls: a loop that never ends?")
        faces, total = parsed.roll_faces(_CycleRng(self, key))  # type: ignore[arg-type]
        record = Roll(parsed.text, tuple(faces), total, purpose)
        self.records.append(record)
        return record


class _CycleRng:
    def __init__(self, dice: PurposeDice, key: str) -> None:
        self.dice, self.key = dice, key

    def randint(self, lo: int, hi: int) -> int:
        pool = self.dice.faces[self.key]
        v = pool[self.dice.used[self.key] % len(pool)]
        self.dice.used[self.key] += 1
        if not lo <= v <= hi:
            raise AssertionError(f"face {v} outside {lo}..{hi} for {self.key!r}")
        return v


def scripted(faces: Iterable[int]) -> ScriptedDice:
    return ScriptedDice(list(faces))


# --------------------------------------------------------------------------- a campaign


def campaign(*players: str | tuple[str, dict], seed: int = 1, controllers: Mapping[str, str] | None = None,
             setup_faces: Iterable[int] | None = None) -> Game:
    """A Game with the given players (id, or (id, army dict)); D100 rolls are pinned so that the
    players choose in the order given (100, 99, ...) unless `setup_faces` is given."""
    raw = []
    for p in players:
        pid, a = (p, army()) if isinstance(p, str) else p
        entry = {"id": pid, "controller": (controllers or {}).get(pid, "human"), "army": a}
        raw.append(entry)
    setup = {"players": raw, NUMBERED_PER_PLAYER[0]: NUMBERED_PER_PLAYER[1]}
    game = Game(RULES, setup, seed)
    # Rebuild the state with chosen D100 rolls (the Game's own seeded rolls are not what we test).
    faces = list(setup_faces) if setup_faces is not None else [100 - i for i in range(len(raw))]
    state, events = RULES.new_state(setup, PurposeDice({"placement": faces, "warband": [2]}))
    game.state = state
    return game


def view(game_or_state: Game | AtlantisState, viewer: str | None = None) -> dict:
    s = game_or_state.state if isinstance(game_or_state, Game) else game_or_state
    return RULES.view(s, viewer)


def act(game: Game, cmd: dict, faces: Iterable[int] = (), *, exact: bool = True) -> list[dict]:
    """Apply `cmd` with these die faces; by default every face must be used."""
    dice = scripted(faces)
    events = RULES.apply(game.state, cmd, dice)
    if exact:
        assert dice.remaining == [], f"unused faces {dice.remaining} after {cmd}"
    return events


def act_with(game: Game, cmd: dict, dice: Dice) -> list[dict]:
    return RULES.apply(game.state, cmd, dice)


def refused(game: Game, cmd: dict, code: str, faces: Iterable[int] = (), **params: Any) -> CampagneError:
    """The order is refused with `code` (a registered bilingual message) and changes nothing."""
    before = copy.deepcopy(game.state)
    before_view = view(before)
    with pytest.raises(CampagneError) as info:
        RULES.apply(game.state, cmd, scripted(faces))
    err = info.value
    assert err.code == code, f"expected {code}, got {err.code}: {err.message('en')}"
    assert code in MESSAGES and set(MESSAGES[code]) == {"en", "fr"}
    for lang in ("en", "fr"):
        text = err.message(lang)
        assert not re.search(r"\{[a-z_]+(![rs])?\}", text), text  # every field of the template was given
    for k, v in params.items():
        assert err.params.get(k) == v, (k, err.params)
    assert view(game.state) == before_view
    return err


def ref(kind: str, **fields: Any) -> dict:
    return {"type": kind, "player": REFEREE, **fields}


def order(kind: str, player: str, **fields: Any) -> dict:
    return {"type": kind, "player": player, **fields}


# --------------------------------------------------------------------------- moving through phases

NEUTRAL = {"event": [3, 4], "roll-off": [1], "supply": [6], "desertion": [1], "warband": [2],
           "terrain draw": [1, 2], "sector": [1]}


def initiative_faces(order_: Iterable[str]) -> dict[str, list[int]]:
    """Initiative dice giving the players (same armies) the order given: first gets 6+6, then 5+5..."""
    out = {}
    for i, pid in enumerate(order_):
        v = max(1, 6 - i)
        out[f"initiative {pid}"] = [v, v]
    return out


def place(game: Game, choices: Mapping[str, tuple[str, str]], event_faces: Mapping[str, Iterable[int]] | None = None
          ) -> list[dict]:
    """Every player chooses kingdom and territory, in the setup order; the last choice opens turn 1."""
    s = game.state
    events: list[dict] = []
    for pid in list(s.setup_order):
        kid, tid = choices[pid]
        dice = PurposeDice({**NEUTRAL, **(event_faces or {})})
        events += act_with(game, order("choose", pid, kingdom=kid, territory=tid), dice)
    return events


def next_phase(game: Game, faces: Mapping[str, Iterable[int]] | None = None) -> list[dict]:
    return act_with(game, ref("next"), PurposeDice({**NEUTRAL, **(faces or {})}))


def advance(game: Game, phase: str, faces: Mapping[str, Iterable[int]] | None = None, turn: int | None = None
            ) -> list[dict]:
    """`next` until the campaign is in `phase` (of `turn` if given). Movement order: players'
    initiative dice default to the order of s.players (first highest)."""
    s = game.state
    events: list[dict] = []
    for _ in range(40):
        if s.phase == phase and (turn is None or s.turn == turn):
            return events
        f = {**initiative_faces(s.players), **(faces or {})}
        if s.phase == "movement":
            # everybody still to act holds
            while s.acting:
                events += act_with(game, order("hold", s.acting[0]), PurposeDice(f))
        events += next_phase(game, f)
    raise AssertionError(f"could not reach {phase}")


def two_players(pos_a: str = "azaea", pos_b: str = "mestoria", a: dict | None = None, b: dict | None = None,
                **kw: Any) -> Game:
    """Players a (Azues) and b (Mestor), placed, in the events phase of turn 1.

    An army placed outside its colony is set there directly after the placement (as if it had moved
    there on earlier turns)."""
    game = campaign(("a", a or army()), ("b", b or army()), **kw)
    m = game.state.map
    first = {pid: (pos if m.territories[pos].kingdom == kid else m.royal_city(kid))
             for pid, kid, pos in (("a", "azues", pos_a), ("b", "mestor", pos_b))}
    place(game, {"a": ("azues", first["a"]), "b": ("mestor", first["b"])})
    put(game, "a", pos_a)
    put(game, "b", pos_b)
    return game


def put(game: Game, pid: str, tid: str) -> None:
    """Set an army's position directly (state set-up for a test, as if it had moved there earlier)."""
    p = game.state.players[pid]
    p.position = tid


def own(game: Game, pid: str | None, *tids: str) -> None:
    for t in tids:
        game.state.owners[t] = pid


def models(game: Game, pid: str, uid: str) -> int:
    return game.state.players[pid].army.unit(uid).models


def types(events: Iterable[dict]) -> list[str]:
    return [e["type"] for e in events]


def one(events: Iterable[dict], kind: str, **match: Any) -> dict:
    found = [e for e in events if e["type"] == kind and all(e.get(k) == v for k, v in match.items())]
    assert len(found) == 1, (kind, match, [e for e in events if e["type"] == kind])
    return found[0]


# Battlefield terrain (Atlantis, « Génération du terrain »): the draw a 2, b 1, every sector rolls 1 — a quiet field.
QUIET_FIELD = [2, 1] + [1] * 6


def both_frontal(game: Game, field: Iterable[int] = QUIET_FIELD) -> list[dict]:
    """Both players of the battle write the frontal strategy; `field` feeds the terrain rolls that follow."""
    act(game, order("strategy", "a", strategy="frontal"))
    return act(game, order("strategy", "b", strategy="frontal"), field)


def agreed(game: Game, player: str, **fields: Any) -> list[dict]:
    """`player` proposes an agreement and every other party confirms it (« accords » bind once each party has
    confirmed): the events of the proposal and of the confirmations, the last of which puts it in force."""
    events = act(game, order("agree", player, **fields))
    proposal = events[0]
    for other in proposal["parties"]:
        if other != player:
            events += act_with(game, order("accept", other, agreement=proposal["id"]), PurposeDice(NEUTRAL))
    return events
