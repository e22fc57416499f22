"""What a WAB battle followed by the tracker holds (`tracker.py` is its ruleset): the sides, the phases, each unit
on the table, the engagements, the charges, the tests and decisions pending, the refusals' sentences, and the
event every command returns."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...core.errors import bilingual, register_messages
from ...core.copying import copy_fields
from .profiles import Unit


SIDES = ("a", "b")
TURN_PHASES = ("start_of_turn", "movement", "shooting", "close_combat")
PHASES = ("deployment", *TURN_PHASES, "ended")
PHASE_NAMES = {
    "deployment": ("Deployment", "Déploiement"),
    "start_of_turn": ("Start of turn", "Début du tour"),
    "movement": ("Movement", "Mouvement"),
    "shooting": ("Shooting", "Tir"),
    "close_combat": ("Close combat", "Corps à corps"),
    "ended": ("Battle over", "Bataille terminée"),
}
STATUSES = ("ready", "fleeing", "fled", "destroyed", "off_table")
FACINGS = ("front", "flank", "rear")
HOWS = ("battle", "duel")
PASSING = ("passed", "holds", "rallied", "returns", "immune")

register_messages({
    "wab.battle.bad_setup": {
        "en": "The battle cannot be set up: {reason}.",
        "fr": "La bataille ne peut pas être mise en place : {reason}.",
    },
    "wab.battle.unknown_command": {
        "en": "Unknown battle command {command!r} (expected one of {known}).",
        "fr": "Commande de bataille inconnue {command!r} (attendu : {known}).",
    },
    "wab.battle.unknown_fact": {
        "en": "Unknown fact {fact!r} (expected one of {known}).",
        "fr": "Fait inconnu {fact!r} (attendu : {known}).",
    },
    "wab.battle.wrong_phase": {
        "en": "{what} is not possible in the {phase} phase (only: {allowed}).",
        "fr": "{what} n'est pas possible pendant la phase {phase} (seulement : {allowed}).",
    },
    "wab.battle.over": {
        "en": "The battle is over.",
        "fr": "La bataille est terminée.",
    },
    "wab.battle.unknown_unit": {
        "en": "Unknown unit {unit!r} (units: {known}).",
        "fr": "Unité inconnue {unit!r} (unités : {known}).",
    },
    "wab.battle.ambiguous_unit": {
        "en": "The unit {unit!r} exists on both sides: write {choices}.",
        "fr": "L'unité {unit!r} existe des deux côtés : écrivez {choices}.",
    },
    "wab.battle.unknown_field": {
        "en": "The fact {fact} has no field {field!r}{hint}; its fields are {known}.",
        "fr": "Le fait {fact} n'a pas de champ {field!r}{hint} ; ses champs sont {known}.",
    },
    "wab.battle.formation_needs": {
        "en": "A formation needs its width (files=N) or its ranks (ranks=N), one of the two.",
        "fr": "Une formation demande son front (files=N) ou ses rangs (ranks=N), l'un des deux.",
    },
    "wab.battle.missing": {
        "en": "{what} needs the field {field}.",
        "fr": "{what} demande le champ {field}.",
    },
    "wab.battle.bad_field": {
        "en": "The field {field} = {value!r} is not valid: {reason}.",
        "fr": "Le champ {field} = {value!r} n'est pas valide : {reason}.",
    },
    "wab.battle.illegal": {
        "en": "{unit}: {what} is not allowed: {reason}.",
        "fr": "{unit} : {what} — refusé, {reason}.",
    },
    "wab.battle.ask": {
        "en": "Before the {test} test {id} of {unit}, the tracker needs to know whether, this turn, it is {facts}: "
              "answer with campagne battle roll {id} {answer}.",
        "fr": "Avant le test de {test} {id} de {unit}, le suivi doit savoir si, ce tour-ci, elle est {facts} : "
              "répondez avec campagne battle roll {id} {answer}.",
    },
    "wab.battle.pending": {
        "en": "Tests or decisions are still pending: {items}.",
        "fr": "Des tests ou des décisions sont encore en attente : {items}.",
    },
    "wab.battle.unfought": {
        "en": "Combats are still to be fought this phase: {items} (use fight).",
        "fr": "Des combats restent à livrer pendant cette phase : {items} (utilisez fight).",
    },
    "wab.battle.no_test": {
        "en": "No pending test {test!r} (pending: {pending}).",
        "fr": "Pas de test en attente {test!r} (en attente : {pending}).",
    },
    "wab.battle.nothing_to_roll": {
        "en": "No test is pending.",
        "fr": "Aucun test n'est en attente.",
    },
    "wab.battle.no_combat": {
        "en": "No combat to fight{detail}.",
        "fr": "Aucun combat à livrer{detail}.",
    },
    "wab.battle.faces_unused": {
        "en": "The faces {unused} were not used: this command rolled {used} dice.",
        "fr": "Les faces {unused} n'ont pas servi : cette commande a lancé {used} dés.",
    },
    "wab.battle.last_turn": {
        "en": "Turn {turn} was the last one ({max} turns): end the battle.",
        "fr": "Le tour {turn} était le dernier ({max} tours) : terminez la bataille.",
    },
    "wab.battle.tie": {
        "en": "The victory points are equal ({vp}): give the winner by the scenario's rules (winner=a or b).",
        "fr": "Les points de victoire sont égaux ({vp}) : donnez le vainqueur selon les règles du scénario "
              "(winner=a ou b).",
    },
    "wab.battle.no_weapon": {
        "en": "{unit} has no missile weapon of the sheet's table (equipment: {equipment}); give weapon=...",
        "fr": "{unit} n'a pas d'arme de jet de la table de la feuille (équipement : {equipment}) ; "
              "donnez weapon=...",
    },
})


# --------------------------------------------------------------------------- state


@dataclass
class BattleUnit:
    """A unit (or a character) on the battlefield and what the tracker knows of it."""

    __deepcopy__ = copy_fields  # quick, and whole: tests/test_wab_state_copy.py

    key: str                      # "a:spearmen"
    side: str
    id: str
    unit: Unit                    # its profile and formation; `models` is kept current
    points: int                   # its value at the start of the battle (VP table)
    battle_models: int            # models at the start of the battle
    status: str = "ready"         # STATUSES
    wounded: int = 0              # wounds already on one model (W > 1)
    attached_to: str | None = None
    # this player turn (cleared at the start of the side's turn)
    moved: bool = False
    marched: str | None = None    # "march" | "forced_march"
    charged: str | None = None    # the id of the charge it declared this turn
    rallied: bool = False
    reformed: bool = False
    no_shooting: bool = False
    no_charge: bool = False
    shot: bool = False
    pursued: bool = False
    # distance facts: they hold for the player turn they were reported in (`reported`: fact -> [turn, side]),
    # then are forgotten (`forget_facts`) and asked for again at the next test that needs them
    general_near: bool = False
    army_standard_near: bool = False
    enemy_within_8: bool = False
    reported: dict[str, list] = field(default_factory=dict)
    # fleeing
    flee_distance: int = 0        # the last flee roll (a pursuer must roll at least this)
    fled_inches: int = 0          # inches fled since it began to flee
    fled_from: str | None = None  # the enemy it broke from
    broke_at: list | None = None  # [turn, side] of the close combat it broke in
    # shooting phase
    phase_start_models: int = 0
    phase_shooting_casualties: int = 0
    won_combat_at: list | None = None
    destroyed_at: list | None = None
    destroyed_in_combat: bool = False  # "anéantis au combat" (close combat, or caught fleeing)
    # the end
    killed_how: str | None = None  # characters: "battle" | "duel"
    fled_models: int = 0          # models that left the table fleeing

    @property
    def name(self) -> str:
        """Its name in English text."""
        return self.unit.name

    @property
    def name_fr(self) -> str:
        """Its name in French text: the list's French name, else `name`."""
        return self.unit.name_fr

    @property
    def names(self) -> dict[str, str]:
        """Its name in each language, for text built apart from the sentence (`working.py`)."""
        return self.unit.names

    @property
    def models(self) -> int:
        return self.unit.models

    @property
    def is_character(self) -> bool:
        return self.unit.kind == "character" or self.unit.is_general

    @property
    def on_table(self) -> bool:
        return self.status in ("ready", "fleeing")

    def label(self) -> dict[str, str]:
        return bilingual(f"{self.name} ({self.key})", f"{self.name_fr} ({self.key})")


@dataclass
class Engagement:
    """Two units in base contact: `attacker` (the charger, or who was reported in contact) and
    `defender`, hit on its `facing`."""

    __deepcopy__ = copy_fields  # quick, and whole: tests/test_wab_state_copy.py

    id: str
    attacker: str
    defender: str
    facing: str = "front"
    charged_at: list | None = None  # [turn, side] of the charge that made it
    counter: bool = False
    rounds: int = 0
    fear_failed: list[str] = field(default_factory=list)  # "a" / "b": hit on 6s in the first round
    high_ground: str | None = None
    momentum: str | None = None
    difficult_terrain: bool = False
    fought: bool = False


@dataclass
class Charge:
    __deepcopy__ = copy_fields  # quick, and whole: tests/test_wab_state_copy.py

    id: str
    charger: str
    target: str
    facing: str
    distance: float | None
    terrain: str
    reaches: bool | None
    neglected: bool
    turn: int
    side: str
    reaction: str | None = None
    status: str = "declared"  # declared | contact | cancelled | failed | target_fled | caught
    target_fear_failed: bool = False
    catches_fleeing: bool | None = None


@dataclass
class Pending:
    """A test to take (kind "test") or a decision to make (kind "reaction")."""

    __deepcopy__ = copy_fields  # quick, and whole: tests/test_wab_state_copy.py

    id: str
    kind: str
    side: str
    unit: str
    test: str
    reason: str
    en: str
    fr: str
    params: dict[str, Any] = field(default_factory=dict)
    charge: str | None = None


@dataclass
class BattleState:
    __deepcopy__ = copy_fields  # quick, and whole: tests/test_wab_state_copy.py

    sides: dict[str, dict[str, Any]]
    units: dict[str, BattleUnit]
    first: str
    context: dict[str, Any] = field(default_factory=dict)
    max_turns: int | None = None
    turn: int = 0
    side: str = "a"
    phase: str = "deployment"
    pending: list[Pending] = field(default_factory=list)
    engagements: list[Engagement] = field(default_factory=list)
    charges: list[Charge] = field(default_factory=list)
    quarters: dict[str, int] = field(default_factory=lambda: {"a": 0, "b": 0})
    captured: list[dict[str, Any]] = field(default_factory=list)
    counter: int = 0
    result: dict[str, Any] | None = None
    # a command kept waiting for the table's dice: {"command": {...}, "faces": [...], "wanted": {...}}
    table_dice: dict[str, Any] | None = None
    assume_within_12: bool = False  # the setup's assumption: every unit within 12" of general and standard
    table_dice_always: bool = False  # the setup's `table_dice`: every die rolled at the table, entered stage by stage

    def new_id(self, prefix: str) -> str:
        self.counter += 1
        return f"{prefix}{self.counter}"

    def side_units(self, side: str) -> list[BattleUnit]:
        return [u for u in self.units.values() if u.side == side]

    @property
    def enemy(self) -> str:
        return other(self.side)


def other(side: str) -> str:
    return "b" if side == "a" else "a"


def event(kind: str, en: str, fr: str, /, **data: Any) -> dict[str, Any]:
    return {"type": kind, "text": {"en": en, "fr": fr}, **data}
