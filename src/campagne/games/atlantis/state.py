"""The state of an Atlantis campaign: players, their army, territories, the turn and its phase.

Plain dataclasses, mutated only by `rules.AtlantisRules.apply` after an order has been validated.
The static map (`TerritoryMap`) is shared, never copied: only owners and fortresses change.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from ...core.maps import TerritoryMap
from .army_model import Army, shallow

PHASES = ("events", "diplomacy", "loot", "supply", "movement", "battles", "conquest", "reinforcements")
PHASE_NAMES = {
    "setup": ("Placement initial", "Initial placement"),
    "events": ("Evénements divins", "Divine events"),
    "diplomacy": ("Diplomatie", "Diplomacy"),
    "loot": ("Butin", "Loot"),
    "supply": ("Ravitaillement", "Supply"),
    "movement": ("Mouvements", "Movement"),
    "battles": ("Batailles", "Battles"),
    "conquest": ("Conquête", "Conquest"),
    "reinforcements": ("Arrivée des renforts", "Reinforcements"),
    "ended": ("Campagne terminée", "Campaign over"),
}
REFEREE = "referee"


def phase_label(*phases: str) -> dict[str, str]:
    """Phase names for a message, in both languages (a refusal names phases as players know them)."""
    fr = ", ".join(PHASE_NAMES.get(p, (p, p))[0] for p in phases)
    en = ", ".join(PHASE_NAMES.get(p, (p, p))[1] for p in phases)
    return {"en": en, "fr": fr}


@dataclass
class Player:
    id: str
    name: str
    controller: str = "human"  # human | random | greedy | absent
    army: Army | None = None
    kingdom: str | None = None
    loot: int = 0
    position: str | None = None  # territory of the army token
    setup_roll: int = 0
    eliminated: bool = False
    # -- this turn (reset when a turn starts)
    event: str = "none"
    leadership_mod: int = 0
    initiative_mod: int = 0
    supplied: bool = True
    supply_spend: int = 0
    halted: bool = False  # lack of supply: units refuse to move
    reorganising: bool = False
    moved: bool = False
    came_from: str | None = None  # where the army was before this turn's move (retreats go there)
    passage: str | None = None  # the Atlantean territory it may stay in this turn
    negotiated: bool = False
    conquest_done: bool = False
    # -- carried between turns
    unsupplied_turns: int = 0
    must_leave: bool = False  # beaten in a conquest, or lost a battle: leave next turn
    must_retreat: bool = False  # crushed or lost a battle: retreat to the start or an adjacent own territory
    retreat_from: str | None = None
    retreat_kind: str = "battle"  # "battle": start or adjacent own land; "crushed": start, else any adjacent
    previous_position: str | None = None
    # the units that take losses first (events, desertion, conquest, an auto-resolved battle): the owner's choice
    loss_order: list[str] = field(default_factory=list)
    pending_reinforcements: list[dict[str, Any]] = field(default_factory=list)
    returning: Army | None = None  # survivors of a destroyed army, back at the capital next turn

    def __deepcopy__(self, memo: dict) -> Player:
        clone = shallow(self)
        clone.army = copy.deepcopy(self.army, memo)
        clone.returning = copy.deepcopy(self.returning, memo)
        clone.loss_order = list(self.loss_order)
        clone.pending_reinforcements = copy.deepcopy(self.pending_reinforcements, memo)
        return clone

    def losses_first(self) -> list[str]:
        """The units of `loss_order` still in the army (a unit reorganised away is skipped); empty: the
        default rule (`army.remove_models`)."""
        here = {u.id for u in self.army.units} if self.army is not None else set()
        return [uid for uid in self.loss_order if uid in here]


# A campaign's set-up holding `"agreement_numbers": "per_player"` numbers agreements per player (see `Agreement`);
# one written before has no such key and keeps the one sequence it was played with, so that its journal replays.
NUMBERED_PER_PLAYER = ("agreement_numbers", "per_player")
# The key of a public agreement's number for a viewer who is no player (a club's spectator): the public ones only.
ANYONE = ""


@dataclass
class Agreement:
    """`id` is the referee's number, one sequence over the whole game: a player who read it would learn how many
    private agreements he is not party to came before. So each player numbers the agreements he may see (the
    public ones and his own) 1, 2, 3... in the order they were proposed: `numbers`, fixed when it is proposed,
    holds the number of each who may see it (`ANYONE`: a spectator's, for a public one). Empty in a campaign
    set up before: everyone then reads `id`."""
    id: int
    parties: list[str]
    text: str
    public: bool
    turn: int
    loot_from: str | None = None
    loot_to: str | None = None
    loot: int = 0
    passage: list[str] = field(default_factory=list)  # players whose armies may cross/stay
    supply: list[str] = field(default_factory=list)  # players whose supply may cross
    taxes: list[str] = field(default_factory=list)  # players who may tax despite this army
    grantor: str | None = None
    broken_by: str | None = None
    # « accords »: an agreement binds its parties once each has confirmed it (the proposer by proposing).
    accepted: list[str] = field(default_factory=list)
    status: str = "in_force"  # proposed | in_force | declined | lapsed
    numbers: dict[str, int] = field(default_factory=dict)  # fixed when proposed

    def seen_by(self, viewer: str) -> bool:
        return self.public or viewer in self.parties

    def number_for(self, viewer: str | None) -> int:
        """Its number as `viewer` reads it (None: the referee, who reads `id`)."""
        if viewer is None or not self.numbers:
            return self.id
        return self.numbers.get(viewer, self.numbers.get(ANYONE, self.id))

    @property
    def settled(self) -> bool:
        """Declined, lapsed or broken: it never changes again."""
        return self.status in ("declined", "lapsed") or self.broken_by is not None

    def __deepcopy__(self, memo: dict) -> Agreement:
        clone = shallow(self)
        for name in ("parties", "passage", "supply", "taxes", "accepted"):
            setattr(clone, name, list(getattr(self, name)))
        clone.numbers = dict(self.numbers)
        return clone

    @property
    def in_force(self) -> bool:
        return self.status == "in_force" and self.broken_by is None


@dataclass
class Battle:
    territory: str
    a: str  # player designated A: the army that arrived
    b: str
    strategies: dict[str, str | None] = field(default_factory=dict)
    previous: dict[str, list[str]] = field(default_factory=dict)
    scenario: str | None = None
    scenario_key: str | None = None
    terrain: dict[str, Any] | None = None
    result: dict[str, Any] | None = None
    fought: Any = None  # the grid battle its players are fighting (campagne.games.skirmish.played.Fought)

    def __deepcopy__(self, memo: dict) -> Battle:
        clone = shallow(self)
        clone.strategies = dict(self.strategies)
        clone.previous = {k: list(v) for k, v in self.previous.items()}
        clone.terrain = copy.deepcopy(self.terrain, memo)
        clone.result = copy.deepcopy(self.result, memo)
        clone.fought = copy.deepcopy(self.fought, memo)
        return clone


# the state's containers that hold only numbers, strings and None: a shallow copy is a whole one
_OF_ATOMS = ("grid_corruption", "owners", "fortresses", "setup_order", "order", "initiative_rolls", "acting", "arrivals", "delays")


@dataclass
class AtlantisState:
    map: TerritoryMap
    players: dict[str, Player]
    owners: dict[str, str | None]  # territory -> player id, None: its Atlantean king
    fortresses: dict[str, int]
    turn: int = 0
    phase: str = "setup"
    setup_order: list[str] = field(default_factory=list)
    order: list[str] = field(default_factory=list)  # movement order (initiative), descending
    initiative_rolls: dict[str, int] = field(default_factory=dict)
    acting: list[str] = field(default_factory=list)  # movement: who still has to act, in order
    arrivals: list[str] = field(default_factory=list)  # movement: who moved, in the order they moved
    delays: dict[str, int] = field(default_factory=dict)
    battles: list[Battle] = field(default_factory=list)
    agreements: list[Agreement] = field(default_factory=list)
    standings: list[dict[str, Any]] | None = None
    numbered_per_player: bool = False  # NUMBERED_PER_PLAYER in the set-up
    # The set-up's "grid_armies": 1 (set up before issue 24: every army the same cards on the grid) or 2 (by its
    # real composition, skirmish/convert.py); and the corruption its units carry out of grid battles, by card id
    # (« il pourra être retiré normalement par la suite »)
    grid_armies: int = 1
    grid_corruption: dict[str, int] = field(default_factory=dict)
    # The printed names of the army units whose cards fought a grid battle, by `player.unit id`, kept once the
    # battle is over so that its journal lines name them as they were named during it (armies are public)
    grid_names: dict[str, dict[str, str]] = field(default_factory=dict)

    def __deepcopy__(self, memo: dict) -> AtlantisState:
        # The map and settled agreements never change: share them; copy everything else. (Legal orders try
        # each candidate on a copy: the copy must stay cheap however long the campaign.)
        clone = shallow(self)
        for name, value in vars(self).items():
            if name in _OF_ATOMS:
                setattr(clone, name, copy.copy(value))
            elif name not in ("map", "agreements"):
                setattr(clone, name, copy.deepcopy(value, memo))
        clone.agreements = [a if a.settled else a.__deepcopy__(memo) for a in self.agreements]
        return clone

    # -- reading helpers used throughout the rules
    def active_players(self) -> list[Player]:
        return [p for p in self.players.values() if not p.eliminated]

    def owned(self, pid: str) -> list[str]:
        return [t for t, o in self.owners.items() if o == pid]

    def armies_in(self, tid: str) -> list[Player]:
        return [p for p in self.players.values() if p.position == tid and p.army is not None]

    def enemy_army_in(self, tid: str, pid: str) -> bool:
        return any(p.id != pid for p in self.armies_in(tid))

    def royal_city_of(self, pid: str) -> str | None:
        kingdom = self.players[pid].kingdom
        return self.map.royal_city(kingdom) if kingdom else None

    def permits(self, grantor: str | None, grantee: str, what: str) -> bool:
        """Does an unbroken agreement let `grantee` use `grantor`'s land for passage/supply/taxes?"""
        if grantor is None:
            return False
        for a in self.agreements:
            if a.in_force and a.grantor == grantor and grantee in getattr(a, what):
                return True
        return False
