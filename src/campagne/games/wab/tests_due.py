"""Which tests of psychology are due for a unit in a phase, from its situation (`Situation`): panic, fear, terror,
rally, as the sheet lists their triggers."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...core.errors import CampagneError
from .nerve_tests import PANIC_TEXT, PanicTrigger, panic_from_friends_fleeing, shooting_panic
from .frenzy_hatred import psychology_immune
from . import tables


# --------------------------------------------------------------------------- which tests are due

PHASES = ("start_of_turn", "movement", "shooting", "close_combat")


@dataclass(frozen=True)
class Situation:
    """Facts about one unit at one moment of its side's turn, as the referee reports them.

    Counts are models; `friends_fleeing_within_4` lists the size of each fleeing friendly unit within 4".
    """

    phase: str
    models: int = 10
    starting_models: int | None = None
    fleeing: bool = False
    off_table: bool = False
    stubborn: bool = False
    frenzied: bool = False
    enemy_in_charge_reach: bool = False
    friends_fleeing_within_4: tuple[int, ...] = ()
    terror_enemy_within_8: bool = False
    causes_terror: bool = False
    enemy_within_8: bool = False
    charged_in_flank_or_rear: bool = False
    charged_by_neglected_enemy: bool = False
    general_killed: bool = False
    shooting_casualties: int = 0
    models_at_phase_start: int | None = None
    friends_broken_within_12: int = 0
    won_combat: bool = False
    charged_by_fear: bool = False
    charged_by_terror: bool = False
    wants_to_charge_fear: bool = False
    wants_to_charge_terror: bool = False
    outnumbered_by_feared: bool = False
    lost_combat_by: int | None = None
    ratio_rule: bool = True
    character: bool = False       # a lone character (rallies whatever his number: Nerve.character)


@dataclass(frozen=True)
class TestDue:
    test: str                     # "return", "panic", "terror", "fear", "rally", "break"
    reason: str                   # a stable key (the panic trigger, "charged", "within_8", ...)
    en: str
    fr: str
    params: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"test": self.test, "reason": self.reason, "en": self.en, "fr": self.fr,
                "params": dict(self.params)}


def tests_due(situation: Situation) -> list[TestDue]:
    """The tests this unit must take now, in the sheet's order ("dans l'ordre suivant").

    Start of turn: 1 off-table return, 2 panic (friends fleeing within 4"), 3 terror (within 8").
    Movement: rally of fleeing units; fear and terror on charges; panic when charged in the flank or
    rear or by a neglected enemy. Shooting: panic at 25% casualties. Close combat: break test, panic
    for friends broken within 12" (with a re-roll if the unit won its combat). The general's death is
    reported in whichever phase it happens. Each panic trigger is listed separately: the tracker rolls
    them in order and stops at the first failure (a fleeing unit takes no further panic test).
    A frenzied unit within charge reach of the enemy is listed no panic, fear or terror test; a
    stubborn unit no test for friends fleeing within 4".
    """
    s = situation
    if s.phase not in PHASES:
        raise CampagneError("wab.psy.bad_phase", phase=s.phase, allowed=", ".join(PHASES))
    due: list[TestDue] = []
    immune = psychology_immune(frenzied=s.frenzied, enemy_in_charge_reach=s.enemy_in_charge_reach)
    half = s.starting_models is not None and s.models * 2 <= s.starting_models

    def panic(trigger: PanicTrigger, **params: Any) -> None:
        if immune or s.fleeing:
            return
        en, fr = PANIC_TEXT[trigger]
        due.append(TestDue("panic", trigger.value, en, fr, {"half_strength": half, **params}))

    if s.phase == "start_of_turn":
        if s.off_table:
            due.append(TestDue("return", "off_table", "the unit has left the table: test to come back",
                               "l'unité a quitté la table : test pour y revenir"))
            return due
        if s.friends_fleeing_within_4 and not s.stubborn and panic_from_friends_fleeing(
                s.models, s.friends_fleeing_within_4, ratio_rule=s.ratio_rule):
            panic(PanicTrigger.FRIENDS_FLEEING_4)
        if s.terror_enemy_within_8 and not immune and not s.fleeing and not s.causes_terror:
            due.append(TestDue("terror", "within_8", "a terror-causing enemy within 8\" at the start of the turn",
                               "un ennemi provoquant la terreur à moins de 8ps au début du tour"))
    elif s.phase == "movement":
        if s.fleeing:
            due.append(TestDue("rally", "fleeing", "fleeing at the start of the movement phase: rally test",
                               "en fuite au début de la phase de mouvement : test de ralliement",
                               {"possible": tables.can_rally(s.models, character=s.character),
                                "half_strength": half,
                                "enemy_within_8": s.enemy_within_8}))
        if not s.fleeing and not immune:
            if s.wants_to_charge_terror and not s.causes_terror:
                due.append(TestDue("terror", "charging", "wishes to charge a terror-causing enemy",
                                   "veut charger un ennemi provoquant la terreur"))
            elif s.wants_to_charge_fear:
                due.append(TestDue("fear", "charging", "wishes to charge a fear-causing enemy",
                                   "veut charger un ennemi provoquant la peur"))
            if s.charged_by_terror and not s.causes_terror:
                due.append(TestDue("terror", "charged", "charged by a terror-causing enemy",
                                   "chargée par un ennemi provoquant la terreur"))
            elif s.charged_by_fear:
                due.append(TestDue("fear", "charged", "charged by a fear-causing enemy",
                                   "chargée par un ennemi provoquant la peur",
                                   {"outnumbered": s.outnumbered_by_feared}))
        if s.charged_in_flank_or_rear:
            panic(PanicTrigger.CHARGED_FLANK_REAR)
        if s.charged_by_neglected_enemy:
            panic(PanicTrigger.NEGLECTED_CHARGER)
    elif s.phase == "shooting":
        start = s.models_at_phase_start
        if start is None:
            start = s.models + s.shooting_casualties
        if shooting_panic(start, s.shooting_casualties):
            panic(PanicTrigger.SHOOTING_25, casualties=s.shooting_casualties, models_at_start=start)
    elif s.phase == "close_combat":
        if s.lost_combat_by is not None and s.lost_combat_by > 0 and not s.fleeing:
            due.append(TestDue("break", "lost_combat", f"lost the combat by {s.lost_combat_by}",
                               f"a perdu le combat de {s.lost_combat_by}",
                               {"difference": s.lost_combat_by,
                                "automatic": (s.starting_models or s.models) >= 5 and s.models < 5,
                                "feared_enemy_outnumbers": s.outnumbered_by_feared}))
        for _ in range(s.friends_broken_within_12):
            panic(PanicTrigger.FRIENDS_BROKEN_12, reroll=s.won_combat)
    if s.general_killed:
        panic(PanicTrigger.GENERAL_KILLED)
    return due
