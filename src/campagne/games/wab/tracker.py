"""A WAB 2 battle tracker (seed 002): the referee reports facts, the tracker says which tests are due,
rolls them, applies casualties, fights the close combats and computes the campaign result.

`WabBattle` is a `campagne.core.game.Ruleset` named "wab". The state is a pure function of the setup,
the seed and the commands (every die goes through the command's seeded `Dice`, or through the faces
the referee rolled at the table, recorded all the same), so a battle journal replays bit for bit.

Setup (a dict; `setup_from_armies` builds one)::

    {"a": {"army": {...}, "format": "atlantis" | "wab", "player": "alice", "points": {"unit": 120}},
     "b": {...},
     "first": "a",                     # who plays the first turn
     "context": {"territory": "mestoria", "scenario": "Pitched Battle"},   # optional, free text
     "max_turns": 6,                   # optional: `next` refuses to go past it
     "assume_within_12": false}        # optional: every unit starts within 12" of its general and
                                       # army standard (the `near` fact changes it unit by unit)

An "atlantis" army is an Atlantis army list (`atlantis.army.Army.to_dict()`), converted with
`profiles.units_from_atlantis_army` and valued with its points (`Unit.points`, the general's points);
a "wab" army is a `profiles.WabArmy` dict whose units may carry a `points` key (the unit's value) or
whose side gives `points` {unit id: value}. Units and characters with no model are not on the table.
Units are named "a:spearmen" / "b:general", or by their id alone when it is unique.

The turn (seed 002, "SEQUENCE DU TOUR"): a deployment phase, then for each game turn the two sides
play in turn ("first" then the other), each through the phases start_of_turn, movement, shooting,
close_combat; `next` moves on (refused while a test or a reaction is pending or a combat is unfought).

Commands (all the referee's; `type` then the fields):

- `next`; `end` {winner?, quarters?}; `roll` {test?, all?, faces?}; `fight` {unit?, faces?,
  momentum?, high_ground?, difficult_terrain?}
- `fact` {fact: KIND, ...}: charge, react, contact, move, near, shoot, casualties, killed,
  general_killed, friends_broke, left_table, caught, pursue, join, quarters, captured, formation
  (`tracker_commands.FACTS` lists each one's fields; `campagne battle facts` prints them; a field a fact
  does not read is refused: `tracker_commands.FACT_FIELDS`).

Interpretation choices (the sheet's words quoted; docs/rules/wab.md for the rest):

* Tests are listed by `psychology.tests_due` for the facts reported, in the sheet's order ("Lors de
  votre tour, vous devez tester vos troupes dans l'ordre suivant"); a test is rolled when the referee
  asks (`roll`). A unit that flees takes no further panic, fear or terror test (its pending ones are
  dropped); a charger's own fear/terror test ("Si l'unité souhaite charger un ennemi qui provoque la
  peur, elle doit réussir un test") is listed before the target's tests, and a failed one ("la
  charge n'a pas lieu") cancels the charge with the target's tests and reaction.
* "Une fois la charge déclarée, l'ennemi déclare sa réaction": a charge leaves a pending reaction,
  checked by `psychology.check_reaction` ("Maintien et Tir ... Uniquement si l'ennemi charge depuis
  une distance supérieure à la moitié de son mouvement de charge"; the counter-charge only for
  "Une unité de cavalerie ou de chariots légers chargée de face par une unité ennemie de cavalerie ou
  de chariots légers"). Stand and shoot is resolved at once ("Déterminez les pertes immédiatement")
  with the modifier "Tirer sur un ennemi qui charge"; fire and flee shoots, then flees one die fewer.
  A counter-charge makes both units chargers: the strike order then falls back to Initiative.
* "Si elle est incapable d'atteindre sa cible, l'unité se déplace de son mouvement normal": with the
  distance given, `movement.charge_reach` says whether the charge reaches; `contact` is refused for a
  charge that cannot. A charge declared without contact when the movement phase ends has failed.
* Fleeing: "Les troupes avec un mouvement de 6 ou moins se déplacent de 2D6ps ... supérieur a 6 ...
  3D6ps": a unit that breaks, panics, fails a terror test or flees from a charge rolls its flee
  distance at once; one that fails to rally rolls its flee move; the tracker adds up the inches fled
  (the referee reports `left_table` when it reaches the table edge).
* Close combat: each combat fights one round per close-combat phase: two units with
  `combat.resolve_round`, units in contact through others as one combat (`tracker_melee`: the pairs'
  blows, one result per side, every engaged unit of the losing side testing). "Les figurines qui
  ont chargé durant ce tour frappent les premières": the charge counts in the player turn it was
  made. A broken unit flees from every combat.
* Pursuit (the sheet names it only in Frénésie and Haine: "poursuit toujours", "poursuit
  obligatoirement un ennemi haï"): the full rules' convention is used, a pursuer rolls the flee dice
  of its own Movement and catches the fleeing unit when it rolls at least the distance fled, and a
  fleeing unit caught is destroyed. A frenzied or hating winner pursues at once; another pursues when
  the referee says so (`pursue`). A unit destroyed in combat or caught while fleeing loses its
  standard to the enemy (VP table: "Chaque Unit Standard capturé").
* Characters may `join` a unit: they follow its moves, flight and fate. In each round the host
  fights, an attached character exchanges blows first with one enemy model (or, when the enemy has a
  character too, with that character: a duel), rolled with `odds.prepare_round` (1 model in contact
  on each side) and `combat.roll_attacks`; the wounds they cause count in their side's combat result
  ("Chaque camp additionne le nombre de blessures qu'il a causé"), and a character fighting several
  units shares his attacks between them (`tracker_melee.attack_shares`). A character killed so is
  killed "battle" (or "duel"). A lone character rallies on his Ld (the five-model minimum is a unit's).
* The general's Leadership ("Toute unité (sauf des tirailleurs) se trouvant dans un rayon de 12ps du
  général") and the army standard's re-roll apply to a unit reported within 12" of them (`near`,
  this player turn, or `assume_within_12`), while the general / the standard bearer is on the table and not fleeing;
  a unit the general has joined is always within 12".
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ...core.copying import copy_fields
from ...core.dice import Dice
from ...core.errors import CampagneError, bilingual, register_messages
from . import movement, odds, psychology, shooting, table_dice, tables, working
from .profiles import Unit, WabArmy, slug

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
        return self.unit.name

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
        return bilingual(f"{self.name} ({self.key})", f"{self.name} ({self.key})")


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


# --------------------------------------------------------------------------- setup


def _bad_setup(en: str, fr: str) -> CampagneError:
    return CampagneError("wab.battle.bad_setup", reason=bilingual(en, fr))


def _side_units(side: str, raw: Any) -> tuple[str, list[tuple[Unit, int]]]:
    """(army name, [(unit, points)]) of one side of the setup."""
    if not isinstance(raw, Mapping) or not isinstance(raw.get("army"), Mapping):
        raise _bad_setup(f"side {side} needs an army (a mapping)",
                         f"le camp {side} demande une armée (une table)")
    fmt = raw.get("format") or ("atlantis" if "people" in raw["army"] else "wab")
    files = raw.get("files") or {}
    extra_points = raw.get("points") or {}
    if not isinstance(extra_points, Mapping) or not all(isinstance(v, int) and not isinstance(v, bool)
                                                        for v in extra_points.values()):
        raise _bad_setup(f"side {side}: points must map unit ids to whole numbers",
                         f"camp {side} : points doit associer des nombres entiers aux unités")
    if fmt == "atlantis":
        from ..atlantis.army import Army
        from .profiles import units_from_atlantis_army
        army = Army.from_dict(raw["army"], f"<side {side}>")
        units = units_from_atlantis_army(army, files)
        values = {u.id: u.points for u in army.units}
        if army.general is not None:
            values["general"] = army.general.points
        return army.name, [(u, int(extra_points.get(u.id, values.get(u.id, 0)))) for u in units]
    if fmt != "wab":
        raise _bad_setup(f"side {side}: unknown army format {fmt!r} (atlantis or wab)",
                         f"camp {side} : format d'armée inconnu {fmt!r} (atlantis ou wab)")
    army_raw = dict(raw["army"])
    points: dict[str, int] = {}
    units_raw = []
    for i, u in enumerate(army_raw.get("units", []) or []):
        if isinstance(u, Mapping) and "points" in u:
            u = dict(u)
            value = u.pop("points")
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise _bad_setup(f"side {side}: unit #{i + 1} has points {value!r}",
                                 f"camp {side} : l'unité n°{i + 1} a points = {value!r}")
            points[str(u.get("id") or slug(str(u.get("name", "unit"))))] = value
        units_raw.append(u)
    army_raw["units"] = units_raw
    army = WabArmy.from_dict(army_raw, f"<side {side}>")
    points.update({k: int(v) for k, v in extra_points.items()})
    return army.name, [(u, points.get(u.id, 0)) for u in army.units]


def build_state(setup: Mapping[str, Any]) -> BattleState:
    if not isinstance(setup, Mapping):
        raise _bad_setup("the setup must be a mapping", "la mise en place doit être une table")
    first = setup.get("first", "a")
    if first not in SIDES:
        raise _bad_setup(f"first must be a or b, not {first!r}", f"first doit valoir a ou b, pas {first!r}")
    max_turns = setup.get("max_turns")
    if max_turns is not None and (not isinstance(max_turns, int) or isinstance(max_turns, bool)
                                  or max_turns < 1):
        raise _bad_setup(f"max_turns must be a whole number of at least 1, not {max_turns!r}",
                         f"max_turns doit être un nombre entier d'au moins 1, pas {max_turns!r}")
    context = setup.get("context") or {}
    if not isinstance(context, Mapping):
        raise _bad_setup("context must be a mapping", "context doit être une table")
    assume = bool(setup.get("assume_within_12", False))
    sides: dict[str, dict[str, Any]] = {}
    units: dict[str, BattleUnit] = {}
    for side in SIDES:
        raw = setup.get(side)
        name, pairs = _side_units(side, raw)
        player = raw.get("player") or side
        if not isinstance(player, str):
            raise _bad_setup(f"side {side}: player must be a text",
                             f"camp {side} : player doit être un texte")
        sides[side] = {"name": raw.get("name") or name, "player": player,
                       "format": raw.get("format") or ("atlantis" if "people" in raw["army"] else "wab")}
        for u, points in pairs:
            if u.models <= 0:
                continue
            key = f"{side}:{u.id}"
            units[key] = BattleUnit(key=key, side=side, id=u.id, unit=u, points=points,
                                    battle_models=u.models,
                                    general_near=assume, army_standard_near=assume)
        if not any(bu.side == side for bu in units.values()):
            raise _bad_setup(f"side {side} has no unit with models",
                             f"le camp {side} n'a aucune unité avec des figurines")
    if sides["a"]["player"] == sides["b"]["player"] and setup["a"].get("player"):
        raise _bad_setup("the two sides are the same player", "les deux camps sont le même joueur")
    return BattleState(sides=sides, units=units, first=first, context=dict(context), max_turns=max_turns,
                       side=first, assume_within_12=assume)


def setup_from_armies(a: Any, b: Any, *, first: str = "a", players: Mapping[str, str] | None = None,
                      context: Mapping[str, Any] | None = None, max_turns: int | None = None,
                      assume_within_12: bool = False) -> dict[str, Any]:
    """A setup from two armies: `atlantis.army.Army` objects, `profiles.WabArmy` objects, or their dicts."""
    from ..atlantis.army import Army

    def side(x: Any, s: str) -> dict[str, Any]:
        if isinstance(x, Army):
            out = {"army": x.to_dict(), "format": "atlantis"}
        elif isinstance(x, WabArmy):
            out = {"army": x.to_dict(), "format": "wab"}
        elif isinstance(x, Mapping) and "army" in x:
            out = dict(x)
        elif isinstance(x, Mapping):
            out = {"army": dict(x), "format": "atlantis" if "people" in x else "wab"}
        else:
            raise _bad_setup(f"side {s}: not an army", f"camp {s} : pas une armée")
        if players and s in players:
            out["player"] = players[s]
        return out

    setup: dict[str, Any] = {"a": side(a, "a"), "b": side(b, "b"), "first": first}
    if context:
        setup["context"] = dict(context)
    if max_turns is not None:
        setup["max_turns"] = max_turns
    if assume_within_12:
        setup["assume_within_12"] = True
    return setup


# --------------------------------------------------------------------------- reading helpers


def find_unit(state: BattleState, ref: Any) -> BattleUnit:
    if not isinstance(ref, str) or not ref:
        raise CampagneError("wab.battle.unknown_unit", unit=ref, known=", ".join(state.units))
    if ref in state.units:
        return state.units[ref]
    found = [u for u in state.units.values() if u.id == ref]
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        raise CampagneError("wab.battle.ambiguous_unit", unit=ref, choices=" / ".join(u.key for u in found))
    raise CampagneError("wab.battle.unknown_unit", unit=ref, known=", ".join(state.units))


def general_of(state: BattleState, side: str) -> BattleUnit | None:
    return next((u for u in state.side_units(side) if u.unit.is_general), None)


def engagements_of(state: BattleState, key: str) -> list[Engagement]:
    return [e for e in state.engagements if key in (e.attacker, e.defender)]


def engaged(state: BattleState, key: str) -> bool:
    return bool(engagements_of(state, key))


def attached(state: BattleState, key: str) -> list[BattleUnit]:
    return [u for u in state.units.values() if u.attached_to == key and u.on_table and u.models > 0]


def host_of(state: BattleState, bu: BattleUnit) -> BattleUnit:
    return state.units[bu.attached_to] if bu.attached_to else bu


def unit_state(state: BattleState, bu: BattleUnit, **facts: Any) -> odds.UnitState:
    """The `odds.UnitState` of a unit now: models, wounds, the general's Ld and the army standard."""
    gen = general_of(state, bu.side)
    general_ld = None
    if gen is not None and gen.status == "ready" and gen.models > 0:
        with_general = (gen.key == bu.key or gen.attached_to == bu.key
                        or (gen.attached_to is not None and gen.attached_to == bu.attached_to)
                        or bu.general_near)
        if with_general:
            general_ld = gen.unit.profile.Ld
    bearers = [u for u in state.side_units(bu.side)
               if u.unit.army_standard and u.status == "ready" and u.models > 0]
    standard_near = (any(b.key == bu.key or b.attached_to == bu.key for b in bearers)
                     or (bool(bearers) and bu.army_standard_near))
    return odds.UnitState(dataclasses.replace(bu.unit), general_ld=general_ld,
                          army_standard_near=standard_near,
                          wounded=min(bu.wounded, max(bu.unit.profile.W - 1, 0)), **facts)


def nerve(state: BattleState, bu: BattleUnit) -> psychology.Nerve:
    return unit_state(state, bu).nerve(bu.models)


def causes_fear(bu: BattleUnit) -> bool:
    return bu.unit.has_rule("fear") or bu.unit.has_rule("terror")


def causes_terror(bu: BattleUnit) -> bool:
    return bu.unit.has_rule("terror")


def missile_weapon(bu: BattleUnit) -> tables.Weapon | None:
    """The first missile weapon of the sheet's table its equipment names (a whole item, or words in it)."""
    equipment = bu.unit.profile.equipment
    try:
        return _missile_of(equipment)
    except TypeError:  # an equipment list rather than a tuple: looked up each time
        return _missile_of.__wrapped__(equipment)


@functools.lru_cache(maxsize=1024)
def _missile_of(equipment: tuple[str, ...]) -> tables.Weapon | None:
    # a function of the equipment and the (fixed) weapons table alone, asked for at every view and probe: each
    # equipment looked up once (the lookups refused word after word took a tenth of a WAB agent's step)
    for item in equipment:
        for text in _candidates(item):
            try:
                return tables.weapon(text)
            except CampagneError:
                continue
    return None


def _candidates(item: str) -> list[str]:
    words = re.sub(r"[^a-z0-9]+", " ", tables.normalise(item)).split()
    out = [item]
    out += [" ".join(words[i:i + 2]) for i in range(len(words) - 1)]
    out += words
    return out


def _bool(cmd: Mapping[str, Any], name: str, default: bool = False) -> bool:
    value = cmd.get(name, default)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise CampagneError("wab.battle.bad_field", field=name, value=value,
                            reason=bilingual("true or false", "true ou false"))
    return value


def _int(cmd: Mapping[str, Any], name: str, low: int = 0, high: int | None = None, default: Any = ...) -> Any:
    if name not in cmd or cmd[name] is None:
        if default is ...:
            raise CampagneError("wab.battle.missing", what=bilingual(str(cmd.get("fact") or cmd.get("type")),
                                                                     str(cmd.get("fact") or cmd.get("type"))),
                                field=name)
        return default
    value = cmd[name]
    if (isinstance(value, bool) or not isinstance(value, int) or value < low
            or (high is not None and value > high)):
        rng = f"{low}..{high}" if high is not None else f">= {low}"
        raise CampagneError("wab.battle.bad_field", field=name, value=value,
                            reason=bilingual(f"a whole number {rng}", f"un nombre entier {rng}"))
    return value


def _distance(cmd: Mapping[str, Any], name: str = "distance", required: bool = False) -> float | None:
    value = cmd.get(name)
    if value is None:
        if required:
            raise CampagneError("wab.battle.missing",
                                what=bilingual(str(cmd.get("fact")), str(cmd.get("fact"))),
                                field=name)
        return None
    if (isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0
            or value > 1000):  # NaN compares false with everything: refused by name
        raise CampagneError("wab.battle.bad_field", field=name, value=value,
                            reason=bilingual("a distance in inches, 0 or more",
                                             "une distance en pouces, 0 ou plus"))
    return value


def _choice(cmd: Mapping[str, Any], name: str, choices: tuple[str, ...], default: Any = ...) -> Any:
    value = cmd.get(name, default)
    if value is ...:
        what = str(cmd.get("fact") or cmd.get("type"))
        raise CampagneError("wab.battle.missing", what=bilingual(what, what), field=name)
    if value not in choices and not (value is None and default is None):
        raise CampagneError("wab.battle.bad_field", field=name, value=value,
                            reason=bilingual(f"one of {', '.join(choices)}", f"l'un de {', '.join(choices)}"))
    return value


def _side_field(cmd: Mapping[str, Any], name: str) -> str | None:
    value = cmd.get(name)
    if value in (None, "", "none"):
        return None
    if value not in SIDES:
        raise CampagneError("wab.battle.bad_field", field=name, value=value,
                            reason=bilingual("a, b or none", "a, b ou none"))
    return value


def _illegal(bu: BattleUnit, what: tuple[str, str], en: str, fr: str) -> CampagneError:
    return CampagneError("wab.battle.illegal", unit=bu.label(), what=bilingual(*what),
                         reason=bilingual(en, fr))


def _need_status(bu: BattleUnit, what: tuple[str, str], *allowed: str) -> None:
    if bu.status not in allowed or bu.models <= 0:
        status = _STATUS_TEXT.get(bu.status, (bu.status, bu.status))
        raise _illegal(bu, what, f"it is {status[0]}", f"elle est {status[1]}")


_STATUS_TEXT = {"ready": ("on the table", "sur la table"), "fleeing": ("fleeing", "en fuite"),
                "fled": ("off the table, fled", "sortie de table en fuite"),
                "destroyed": ("destroyed", "détruite"), "off_table": ("off the table", "hors de la table")}


def _phase(state: BattleState, what: tuple[str, str], *phases: str) -> None:
    if state.phase == "ended":
        raise CampagneError("wab.battle.over")
    if state.phase not in phases:
        raise CampagneError("wab.battle.wrong_phase", what=bilingual(*what), phase=phase_label(state.phase),
                            allowed=phase_label(*phases))


def phase_label(*phases: str) -> dict[str, str]:
    return bilingual(", ".join(PHASE_NAMES[p][0] for p in phases),
                     ", ".join(PHASE_NAMES[p][1] for p in phases))


def _active(state: BattleState, bu: BattleUnit, what: tuple[str, str]) -> None:
    if bu.side != state.side:
        raise _illegal(bu, what, f"it is side {state.side}'s turn", f"c'est le tour du camp {state.side}")


# --------------------------------------------------------------------------- tests due


def _situation(state: BattleState, bu: BattleUnit, phase: str | None = None,
               **facts: Any) -> psychology.Situation:
    phase = phase or (state.phase if state.phase in psychology.PHASES else "movement")
    in_reach = bool(facts.pop("in_charge_reach", False)) or engaged(state, bu.key)
    return psychology.Situation(
        phase=phase, models=bu.models, starting_models=bu.unit.start_models, fleeing=bu.status == "fleeing",
        off_table=bu.status == "off_table", stubborn=bu.unit.has_rule("stubborn"),
        frenzied=bu.unit.has_rule("frenzy"), enemy_in_charge_reach=in_reach, causes_terror=causes_terror(bu),
        enemy_within_8=bu.enemy_within_8, character=bu.is_character, **facts)


def add_due(state: BattleState, bu: BattleUnit, due: list[psychology.TestDue], charge: str | None = None,
            first: bool = False) -> list[dict[str, Any]]:
    """Turn `psychology.tests_due` items into pending tests (not twice the same); attached characters
    take no test of their own (they follow their unit)."""
    events = []
    if bu.attached_to:
        return events
    new = []
    for d in due:
        if any(p.unit == bu.key and p.test == d.test and p.reason == d.reason and p.charge == charge
               for p in state.pending):
            continue
        p = Pending(state.new_id("T"), "test", bu.side, bu.key, d.test, d.reason, d.en, d.fr, dict(d.params),
                    charge)
        new.append(p)
        events.append(event("test_due", f"{bu.name} must take a {d.test} test: {d.en}",
                            f"{bu.name} doit passer un test de {TEST_FR.get(d.test, d.test)} : {d.fr}",
                            test=p.id, unit=bu.key, side=bu.side, kind=d.test, reason=d.reason))
    if first:
        state.pending[0:0] = new
    else:
        state.pending.extend(new)
    return events


TEST_FR = {"panic": "panique", "fear": "peur", "terror": "terreur", "rally": "ralliement", "return": "retour",
           "reform": "reformation", "break": "moral"}


def pending_odds(state: BattleState, p: Pending) -> dict[str, Fraction]:
    """The exact odds of a pending test as the state stands (its Ld, the general, half strength...)."""
    bu = state.units[p.unit]
    n = nerve(state, bu)
    if p.test == "panic":
        return psychology.panic_odds(n, p.reason, won_combat=bool(p.params.get("reroll")))
    if p.test == "fear":
        return psychology.fear_odds(n, p.reason, outnumbered=bool(p.params.get("outnumbered")))
    if p.test == "terror":
        return psychology.terror_odds(n, p.reason)
    if p.test == "rally":
        return psychology.rally_odds(n, enemy_within_8=bu.enemy_within_8)
    if p.test == "return":
        return psychology.return_odds(n)
    if p.test == "reform":
        return psychology.leadership_odds(n)
    return {}


def pass_probability(outcomes: Mapping[str, Fraction]) -> Fraction:
    return sum((v for k, v in outcomes.items() if k in PASSING), Fraction(0))


# --------------------------------------------------------------------------- units changing


def remove_models(state: BattleState, bu: BattleUnit, n: int, *, how: str = "battle") -> list[dict[str, Any]]:
    """Remove n models (never below 0). A unit left with none is destroyed; the general's death makes his
    army test for panic ("Le général est tué"); characters with a destroyed unit stand alone."""
    n = min(n, bu.models)
    if n <= 0:
        return []
    bu.unit.models -= n
    events = [event("casualties", f"{bu.name} loses {n} model(s), {bu.models} left",
                    f"{bu.name} perd {n} figurine(s), il en reste {bu.models}", unit=bu.key, models=n,
                    left=bu.models)]
    if bu.models == 0:
        events += destroy(state, bu, how=how)
    return events


def destroy(state: BattleState, bu: BattleUnit, *, how: str = "battle", by: str | None = None,
            capture: bool = False, in_combat: bool = False) -> list[dict[str, Any]]:
    """The unit is destroyed (its last models killed, or caught while fleeing)."""
    if bu.status == "destroyed":
        return []
    bu.unit.models = 0
    bu.status = "destroyed"
    bu.wounded = 0
    bu.destroyed_at = [state.turn, state.side]
    bu.destroyed_in_combat = in_combat
    if bu.is_character:
        bu.killed_how = bu.killed_how or how
    bu.attached_to = None
    if bu.is_character:
        events = [event("destroyed", f"{bu.name} is killed", f"{bu.name} est tué", unit=bu.key)]
    else:
        events = [event("destroyed", f"{bu.name} is destroyed", f"{bu.name} est détruite", unit=bu.key)]
    state.engagements = [e for e in state.engagements if bu.key not in (e.attacker, e.defender)]
    state.pending = [p for p in state.pending if p.unit != bu.key]
    for c in attached(state, bu.key):
        c.attached_to = None
        events.append(event("character_alone", f"{c.name} now stands alone", f"{c.name} se retrouve seul",
                            unit=c.key))
    if capture and (bu.unit.standard or bu.unit.army_standard):
        events += capture_standard(state, bu, by or other(bu.side))
    if bu.unit.is_general:
        events += general_killed(state, bu)
    return events


def capture_standard(state: BattleState, bu: BattleUnit, by: str) -> list[dict[str, Any]]:
    if any(c["unit"] == bu.key for c in state.captured):
        return []
    army = bool(bu.unit.army_standard)
    state.captured.append({"unit": bu.key, "by": by, "army_standard": army})
    what = ("the army standard", "la Grande Bannière") if army else ("the standard", "l'étendard")
    return [event("standard_captured", f"Side {by} captures {what[0]} of {bu.name}",
                  f"Le camp {by} capture {what[1]} de {bu.name}", unit=bu.key, by=by, army_standard=army)]


def general_killed(state: BattleState, gen: BattleUnit) -> list[dict[str, Any]]:
    events = [event("general_killed", f"The general of side {gen.side} is killed: his army tests for panic",
                    f"Le général du camp {gen.side} est tué : son armée teste la panique", side=gen.side)]
    for bu in state.side_units(gen.side):
        if bu.key != gen.key and bu.status == "ready" and bu.models > 0:
            events += add_due(state, bu, psychology.tests_due(_situation(state, bu, general_killed=True)))
    return events


def start_fleeing(state: BattleState, bu: BattleUnit, dice: Dice, *, why: tuple[str, str],
                  from_unit: str | None = None, fire_and_flee: bool = False,
                  roll: psychology.FleeResult | None = None) -> list[dict[str, Any]]:
    """The unit flees: its flee distance (2D6" / 3D6") is rolled, it leaves every combat, its pending
    panic/fear/terror tests and reaction are dropped; characters with it flee too."""
    if roll is None:
        roll = psychology.flee_distance(dice, bu.unit.profile.M, fire_and_flee=fire_and_flee,
                                        purpose=f"{bu.key} flees")
    was_fleeing = bu.status == "fleeing"
    bu.status = "fleeing"
    bu.flee_distance = roll.distance
    bu.fled_inches = (bu.fled_inches if was_fleeing else 0) + roll.distance
    bu.fled_from = from_unit
    bu.broke_at = None
    if bu.unit.has_rule("frenzy"):
        bu.unit.special_rules = [r for r in bu.unit.special_rules if r != "frenzy"]
    state.engagements = [e for e in state.engagements if bu.key not in (e.attacker, e.defender)]
    state.pending = [p for p in state.pending if p.unit != bu.key or p.test in ("rally", "return")]
    events = [event("flees", f"{bu.name} flees {roll.distance}\" ({roll.expression}): {why[0]}",
                    f"{bu.name} fuit de {roll.distance}ps ({roll.expression}) : {why[1]}", unit=bu.key,
                    distance=roll.distance, expression=roll.expression, fled_inches=bu.fled_inches)]
    for c in attached(state, bu.key):
        c.status = "fleeing"
        c.flee_distance, c.fled_inches, c.fled_from = bu.flee_distance, bu.fled_inches, from_unit
        events.append(event("flees_with", f"{c.name} flees with {bu.name}", f"{c.name} fuit avec {bu.name}",
                            unit=c.key))
    for ch in state.charges:
        if ch.target == bu.key and ch.status == "declared":
            ch.status = "target_fled"
            ch.reaction = ch.reaction or "flee"
            if ch.distance is not None:
                charger = state.units[ch.charger]
                reach = movement.charge_reach(charger.unit, ch.distance + roll.distance, ch.terrain)
                ch.catches_fleeing = reach.reaches
                en = "reaches it: report it caught" if reach.reaches else "cannot reach it: the charge fails"
                fr = ("l'atteint : signalez-la rattrapée" if reach.reaches
                      else "ne peut l'atteindre : la charge échoue")
                events.append(event("charge_hint",
                                    f"{charger.name} ({ch.distance}\" + {roll.distance}\" fled) {en} "
                                                   f"(campagne battle fact caught {bu.key} {charger.key})",
                                    f"{charger.name} ({ch.distance}ps + {roll.distance}ps de fuite) {fr} "
                                    f"(campagne battle fact caught {bu.key} {charger.key})", charge=ch.id,
                                    catches=reach.reaches))
    return events


# --------------------------------------------------------------------------- shooting


def shot_modifiers(shooter: BattleUnit, target: BattleUnit, modifiers: list[str]) -> list[str]:
    """The MODIFICATEURS the tracker knows of (the target's formation and kind, the shooter's move)
    added to those the referee gives (cover, long range...)."""
    mods = list(modifiers)
    tu = target.unit
    if tu.formation == "skirmishers" and "skirmishers" not in mods:
        mods.append("skirmishers")
    if target.is_character and not target.attached_to and "lone_character" not in mods:
        mods.append("lone_character")
    if tu.kind == "light_chariot" and "light_chariot" not in mods:
        mods.append("light_chariot")
    if tu.has_rule("large_target") and "large_target" not in mods:
        mods.append("large_target")
    if shooter.moved and "moving" not in mods:
        mods.append("moving")
    return mods


def check_shots(shooter: BattleUnit, target: BattleUnit, *, models: int, distance: float | None,
                weapon: tables.Weapon | None, modifiers: list[str], sixes_only: bool = False) -> None:
    """Refuse, before anything changes, a shot the sheet forbids (out of range, no move and shoot,
    unknown or repeated modifiers)."""
    odds.prepare_shooting(models, shooter.unit.profile.BS, shot_modifiers(shooter, target, modifiers),
                          None if weapon else shooter.unit.profile.S, target.unit.profile.T, None,
                          weapon=weapon, distance=distance, sixes_only=sixes_only)


def resolve_shots(state: BattleState, shooter: BattleUnit, target: BattleUnit, dice: Dice, *, models: int,
                  distance: float | None, weapon: tables.Weapon | None, modifiers: list[str],
                  sixes_only: bool = False) -> tuple[shooting.ShootingTrace, list[dict[str, Any]]]:
    """Roll a unit's shooting at a target and remove the casualties; returns the trace and events."""
    mods = shot_modifiers(shooter, target, modifiers)
    tu = target.unit
    ts = unit_state(state, target)
    trace = shooting.resolve_shooting(
        models, shooter.unit.profile.BS, dice, mods, strength=None if weapon else shooter.unit.profile.S,
        toughness=tu.profile.T, armour_save=ts.armour_save, weapon=weapon, distance=distance,
        sixes_only=sixes_only, target_models=target.models, target_wounds=tu.profile.W,
        target_wounded=ts.wounded, label=f"WAB {shooter.key} shoots {target.key}")
    lost = trace.casualties or 0
    wname = (weapon.name_en, weapon.name_fr) if weapon else ("missiles", "armes de jet")
    hits, wounds, unsaved = trace.hits, trace.wounds, trace.unsaved
    events = [event("shooting", f"{shooter.name} shoots {target.name} with {models} model(s) ({wname[0]}): "
                                f"{hits} hit(s), {wounds} wound(s), {unsaved} unsaved, {lost} dead",
                    f"{shooter.name} tire sur {target.name} avec {models} figurine(s) ({wname[1]}) : "
                    f"{hits} touche(s), {wounds} blessure(s), {unsaved} non sauvegardée(s), {lost} mort(s)",
                    unit=shooter.key, target=target.key, trace=trace.to_dict(),
                    working=working.shooting_lines(trace.to_dict(), shooter.name))]
    if target.unit.profile.W > 1 and target.models > lost:
        target.wounded = (ts.wounded + trace.unsaved) % target.unit.profile.W
    target.phase_shooting_casualties += lost
    events += remove_models(state, target, lost)
    return trace, events


# --------------------------------------------------------------------------- dice from the table


def with_faces(cmd: Mapping[str, Any], dice: Dice,
               action: Callable[[Dice], list[dict[str, Any]]]) -> list[dict]:
    """Run `action` on the command's dice. The faces rolled at the table (`faces`) are handed out by
    `WabBattle.apply` (`table_dice.TableDice`) to the whole command, so `dice` already holds them."""
    return action(dice)


# --------------------------------------------------------------------------- the ruleset


class WabBattle:
    """A WAB 2 battle tracked from the referee's facts (a `campagne.core.game.Ruleset`)."""

    name = "wab"

    def new_state(self, setup: Mapping[str, Any], dice: Dice) -> tuple[BattleState, list[dict[str, Any]]]:
        state = build_state(setup)
        events = [event("battle_setup", f"Battle: {state.sides['a']['name']} (a) against "
                                        f"{state.sides['b']['name']} (b); side {state.first} plays first",
                        f"Bataille : {state.sides['a']['name']} (a) contre {state.sides['b']['name']} (b) ; "
                        f"le camp {state.first} joue en premier",
                        sides=copy.deepcopy(state.sides), first=state.first,
                        units={k: {"models": u.models, "points": u.points} for k, u in state.units.items()},
                        context=dict(state.context))]
        return state, events

    def apply(self, state: BattleState, command: dict[str, Any], dice: Dice) -> list[dict[str, Any]]:
        from . import tracker_commands as tc
        if not isinstance(command, Mapping) or command.get("type") not in (*tc.COMMANDS, "dice"):
            raise CampagneError("wab.battle.unknown_command",
                                command=command.get("type") if isinstance(command, Mapping) else command,
                                known=", ".join((*tc.COMMANDS, "dice")))
        if state.phase == "ended":
            raise CampagneError("wab.battle.over")
        waiting = state.table_dice
        if command["type"] == "dice":
            if waiting is None:
                raise CampagneError("wab.dice.none_waiting")
            if command.get("cancel"):
                state.table_dice = None
                return [event("dice_cancelled", "The command waiting for the table's dice is cancelled",
                              "La commande qui attendait les dés de la table est annulée")]
            faces = table_dice.check_faces(command.get("faces"))
            return self._with_table(state, dict(waiting["command"]), [*waiting["faces"], *faces], dice)
        if waiting is not None:
            w = waiting["wanted"]
            raise CampagneError("wab.dice.waiting", wanted=bilingual(w["en"], w["fr"]))
        if command.get("faces") is not None:
            return self._with_table(state, {k: v for k, v in command.items() if k != "faces"},
                                    table_dice.check_faces(command["faces"]), dice)
        if command["type"] in ("fight", "roll"):  # a refused fight or roll changes nothing (answers included)
            backup = copy.deepcopy(vars(state))
            try:
                return tc.COMMANDS[command["type"]](state, command, dice)
            except BaseException:
                vars(state).update(backup)
                raise
        return tc.COMMANDS[command["type"]](state, command, dice)

    def _with_table(self, state: BattleState, command: dict[str, Any], faces: list[int],
                    dice: Dice) -> list[dict[str, Any]]:
        """Run `command` on the faces rolled at the table: all its dice there, it is done (its rolls recorded
        like any); too few, the state is left as it was and the command waits for the next stage's dice."""
        from . import tracker_commands as tc
        backup = copy.deepcopy(vars(state))
        table = table_dice.TableDice(faces)
        try:
            events = tc.COMMANDS[command["type"]](state, command, table)
        except BaseException:
            vars(state).update(backup)
            raise
        if table.short:
            vars(state).update(backup)
            wanted = table.wanted()
            state.table_dice = {"command": command, "faces": faces, "wanted": wanted.to_dict()}
            given = len(faces)
            return [event("dice_wanted",
                          f"Dice from the table: {given} entered; now roll {wanted.text['en']}, and enter them "
                          "(campagne battle dice F,F,...)",
                          f"Dés de la table : {given} entrés ; lancez maintenant {wanted.text['fr']}, et "
                          "entrez-les (campagne battle dice F,F,...)",
                          given=faces, wanted=wanted.to_dict())]
        if table.unused:
            vars(state).update(backup)
            raise CampagneError("wab.battle.faces_unused", unused=", ".join(map(str, table.unused)),
                                used=len(faces) - len(table.unused))
        state.table_dice = None
        dice.records.extend(table.records)
        return events

    def view(self, state: BattleState, viewer: str | None) -> dict[str, Any]:
        from .tracker_views import view
        return view(state, viewer)

    def phase(self, state: BattleState) -> tuple[int, str]:
        """The view's turn and phase, without drawing the view."""
        return state.turn, state.phase

    def awaiting(self, state: BattleState) -> list[str]:
        from .tracker_views import awaiting
        return awaiting(state)


def to_atlantis_result(state: BattleState, player_of_side: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The campaign result of an ended (or running: computed now) battle, in the shape of the Atlantis
    `battle-result` command: winner, killed, fled, characters, vp (see tracker_views.atlantis_result)."""
    from .tracker_views import atlantis_result
    return atlantis_result(state, player_of_side)


__all__ = ["WabBattle", "BattleState", "BattleUnit", "Engagement", "Charge", "Pending", "setup_from_armies",
           "build_state", "find_unit", "to_atlantis_result", "SIDES", "PHASES", "TURN_PHASES"]
