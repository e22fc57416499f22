"""The state of a grid battle: the battlefield, the camps in their order, the units (their cards, cells, hit
points, corruption), the round, whose turn it is and which unit is being activated."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from .data import Card, cards
from .grid import Battlefield

ROUNDS = 5  # « La bataille dure 5 rounds »
PHASE_NAMES = {"deploy": ("déploiement", "deployment"), "battle": ("round de bataille", "battle round"),
               "ended": ("terminée", "over")}


def phase_label(*phases: str) -> dict[str, str]:
    return {"fr": ", ".join(PHASE_NAMES[p][0] for p in phases), "en": ", ".join(PHASE_NAMES[p][1] for p in phases)}


@dataclass
class Unit:
    id: str  # "soldiers.2": the card and a number unique in the battle
    card: str
    camp: str
    hp: int
    spells: tuple[str, ...] = ()
    cell: int | None = None
    status: str = "reserve"  # "reserve" (not deployed yet), "deployed", "destroyed"
    corruption: int = 0  # « un point de corruption qui ne peut être annulé »: kept for the whole battle (and by
    # a campaign after it: « il pourra être retiré normalement par la suite », convert.corruption)
    activated: bool = False  # this round
    ap: int = 0  # while it is the unit being activated
    shield: int = 0  # the Mystic shield's bonus to saves, until the round ends
    haste: int = 0  # Haste's action points, at its next activation this round
    attacked: bool = False  # this round: one attack per activation, and one spell (« attaquer », singular)
    cast: bool = False
    used: tuple[str, ...] = ()  # the card actions used in this activation (each once)
    aim: int = 0  # « Viser »: the bonus to hit of the attack made in this activation

    @property
    def kind(self) -> Card:
        return cards()[self.card]

    @property
    def alive(self) -> bool:
        return self.status != "destroyed"

    @property
    def on_field(self) -> bool:
        return self.status == "deployed"


@dataclass
class SkirmishState:
    field: Battlefield
    camps: list[str]  # in order of play, the defender first
    controllers: dict[str, str]
    names: dict[str, str]
    units: dict[str, Unit]
    zones: dict[str, frozenset[int]]
    start_hp: dict[str, int]
    phase: str = "deploy"
    round: int = 0
    current: str | None = None  # the camp whose turn it is
    active: str | None = None  # the unit being activated
    civilians_first: bool = False  # the current camp is deploying its civilians « toutes en même temps »
    winner: str | None = None
    standing: list[str] = field(default_factory=list)
    # The set-up's "readings": 1 (a battle set up before issue 24: lower cells lend their sight both ways, and
    # with three camps or more the battle goes on until one is left) or 2 (docs/rules/skirmish.md, issue 24:
    # one-way sight from high ground, the end when one camp is eliminated, the actions on the cards).
    readings: int = 1
    engagement: int = 1  # the battles fought so far between these camps (followup.py)
    engagements: int = 1  # the most the set-up orders (« une autre Action - Engager un combat »)

    def __deepcopy__(self, memo: Any) -> SkirmishState:
        """Fast (a battle copies its state before every order): units hold only immutable values, the
        battlefield is immutable and shared."""
        new = copy.copy(self)
        new.units = {k: copy.copy(u) for k, u in self.units.items()}
        new.camps, new.standing = list(self.camps), list(self.standing)
        new.controllers, new.names, new.start_hp = dict(self.controllers), dict(self.names), dict(self.start_hp)
        return new

    @property
    def ended(self) -> bool:
        return self.phase == "ended"

    @property
    def turn(self) -> int:
        """The round, under the name the generic tools ask for."""
        return self.round

    @property
    def standings(self) -> list[dict[str, Any]]:
        return [{"player": p, "rank": i + 1} for i, p in enumerate(self.standing)]

    def of(self, camp: str) -> list[Unit]:
        return [u for u in self.units.values() if u.camp == camp]

    def on_field(self) -> list[Unit]:
        return [u for u in self.units.values() if u.status == "deployed"]

    def occupant(self) -> dict[int, Unit]:
        return {u.cell: u for u in self.units.values() if u.status == "deployed" and u.cell is not None}

    def camps_standing(self) -> list[str]:
        """The camps that still have a unit (on the field or still to deploy)."""
        return [c for c in self.camps if any(u.alive for u in self.of(c))]

    def hp_left(self, camp: str) -> int:
        return sum(u.hp for u in self.of(camp) if u.alive)

    def score(self, camp: str) -> float:
        return self.hp_left(camp) / self.start_hp[camp] if self.start_hp.get(camp) else 0.0
