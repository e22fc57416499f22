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
     "assume_within_12": false,        # optional: every unit starts within 12" of its general and
                                       # army standard (the `near` fact changes it unit by unit)
     "table_dice": false}              # optional: every die is rolled at the table, entered stage by stage

An "atlantis" army is an Atlantis army list (`atlantis.army.Army.to_dict()`), converted with
`army_lists.units_from_atlantis_army` and valued with its points (`Unit.points`, the general's points);
a "wab" army is a `army_lists.WabArmy` dict whose units may carry a `points` key (the unit's value) or
whose side gives `points` {unit id: value}. French text names a unit by its list's `name_fr` (its `name`
when it has none); an "atlantis" side does so only with `"french_names": true`, which set-ups made since
write: one made before named the units in English in French text too, and its journal replays word for
word. Units and characters with no model are not on the table.
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
from collections.abc import Mapping
from typing import Any

from ...core.dice import Dice
from ...core.errors import CampagneError, bilingual
from . import table_dice
# the battle's state, set-up, reading and effects, where the tracker's commands and views have always found them
from .battle_state import (BattleState, BattleUnit, Charge, Engagement, FACINGS, HOWS, PASSING, PHASES,
                           PHASE_NAMES, Pending, SIDES, STATUSES, TURN_PHASES, event, other)
from .tracker_effects import (TEST_FR, add_due, capture_standard, check_shots, destroy, general_killed,
                              pass_probability, pending_odds, remove_models, resolve_shots, shot_modifiers,
                              situation_of, start_fleeing, with_faces)
from .tracker_reading import (attached, bool_field, causes_fear, causes_terror, choice_field, distance_field,
                              engaged, engagements_of, find_unit, general_of, host_of, illegal, int_field,
                              missile_weapon, need_active, need_phase, need_status, nerve, phase_label,
                              side_field, unit_state)
from .tracker_setup import build_state, setup_from_armies


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
            faces = table_dice.check_faces(table_dice.faces_of(command))
            return self._with_table(state, dict(waiting["command"]), [*waiting["faces"], *faces], dice)
        if waiting is not None:
            w = waiting["wanted"]
            raise CampagneError("wab.dice.waiting", wanted=bilingual(w["en"], w["fr"]))
        if state.table_dice_always and command.get("faces") is None:
            command = {**command, "faces": []}  # a battle whose dice the table rolls: the tracker asks for them
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


__all__ = ["WabBattle", "to_atlantis_result", "BattleState", "BattleUnit", "Charge", "Engagement", "FACINGS",
           "HOWS", "PASSING", "PHASES", "PHASE_NAMES", "Pending", "SIDES", "STATUSES", "TEST_FR",
           "TURN_PHASES", "add_due", "attached", "bool_field", "build_state", "capture_standard",
           "causes_fear", "causes_terror", "check_shots", "choice_field", "destroy", "distance_field",
           "engaged", "engagements_of", "event", "find_unit", "general_killed", "general_of", "host_of",
           "illegal", "int_field", "missile_weapon", "need_active", "need_phase", "need_status", "nerve",
           "other", "pass_probability", "pending_odds", "phase_label", "remove_models", "resolve_shots",
           "setup_from_armies", "shot_modifiers", "side_field", "situation_of", "start_fleeing", "unit_state",
           "with_faces"]
