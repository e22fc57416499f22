"""The referee's fact of the shooting phase (`battle fact shoot UNIT TARGET`): a unit shoots at an enemy, the
hits and wounds rolled by the tracker, and the tests its casualties make due."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.dice import Dice
from . import psychology
from .tracker import (BattleState, add_due, check_shots, distance_field, engaged, illegal, int_field,
                      need_phase, need_status, resolve_shots, situation_of, with_faces)
from .tracker_move_facts import default_shooters, fact_modifiers, fact_weapon, ready_against
from .tracker_rolls import Events


def fact_shoot(state: BattleState, cmd: Mapping[str, Any], dice: Dice) -> Events:
    what = ("Shooting", "Le tir")
    need_phase(state, what, "shooting")
    s, t = ready_against(state, cmd, what)
    if engaged(state, s.key):
        raise illegal(s, what, "it is in close combat", "elle est au corps à corps")
    if s.shot:
        raise illegal(s, what, "it has already shot this phase", "elle a déjà tiré pendant cette phase")
    if s.no_shooting or s.rallied or s.reformed:
        raise illegal(s, what, "it may not shoot this turn", "elle ne peut pas tirer ce tour")
    if not t.on_table or t.models <= 0:
        need_status(t, ("Being shot at", "Être la cible d'un tir"), "ready", "fleeing")
    weapon = fact_weapon(cmd, s)
    models = int_field(cmd, "models", 1, s.models, default=default_shooters(s))
    distance = distance_field(cmd)
    mods = fact_modifiers(cmd)
    check_shots(s, t, models=models, distance=distance, weapon=weapon, modifiers=mods)

    def go(d: Dice) -> Events:
        _, events = resolve_shots(state, s, t, d, models=models, distance=distance, weapon=weapon,
                                  modifiers=mods)
        s.shot = True
        if t.status == "ready" and t.models > 0:
            events += add_due(state, t, psychology.tests_due(situation_of(
                state, t, "shooting", shooting_casualties=t.phase_shooting_casualties,
                models_at_phase_start=t.phase_start_models or t.models)))
        return events
    return with_faces(cmd, dice, go)
