"""The tracker at the table's rhythm: the distance facts a test needs, which hold for the player turn they were
reported in and are asked for again after it (docs/rules/wab.md, « Distance facts hold for one player turn »),
and the phases with nothing to do, which `next` passes by itself (« The phases with nothing to do »)."""

from __future__ import annotations

from .tracker import (BattleState, BattleUnit, Pending, causes_terror, engaged, missile_weapon, nerve, other,
                      pending_odds)

# the distance facts a test may need: its field, the unit's attribute, and the question in words
NEAR_FACTS = {
    "general": ("general_near", "within 12\" of its general", "à moins de 12ps de son général"),
    "army_standard": ("army_standard_near", "within 12\" of the army standard",
                      "à moins de 12ps de la Grande Bannière"),
    "enemy_within_8": ("enemy_within_8", "within 8\" of an enemy", "à moins de 8ps d'un ennemi"),
}


def report_fact(state: BattleState, bu: BattleUnit, name: str, value: bool) -> None:
    """A distance fact reported now: it holds for this player turn."""
    setattr(bu, NEAR_FACTS[name][0], value)
    bu.reported[name] = [state.turn, state.side]


def forget_facts(state: BattleState) -> None:
    """A new player turn: the distance facts reported before are forgotten (units move); the general and
    the army standard fall back on the setup's assumption (`assume_within_12`)."""
    for bu in state.units.values():
        bu.general_near = bu.army_standard_near = state.assume_within_12
        bu.enemy_within_8 = False
        bu.reported = {}


def questions(state: BattleState, p: Pending) -> list[str]:
    """The distance facts a pending test needs that nobody reported this player turn: only those that change
    its odds (a general with no better Leadership, no army standard on the table... are not asked)."""
    bu = state.units[p.unit]
    now = [state.turn, state.side]
    wanted = ["general", "army_standard"] + (["enemy_within_8"] if p.test == "rally" else [])
    out = []
    for name in wanted:
        attr = NEAR_FACTS[name][0]
        if bu.reported.get(name) == now or (state.assume_within_12 and name != "enemy_within_8"):
            continue
        kept = getattr(bu, attr)
        try:
            # the odds are a function of the unit's nerve and, a rally's, of the enemy within 8" (`pending_odds`):
            # where the answer leaves the nerve as it is, they are not worked out
            setattr(bu, attr, True)
            yes = nerve(state, bu)
            yes_odds = pending_odds(state, p, yes) if attr == "enemy_within_8" else None
            setattr(bu, attr, False)
            no = nerve(state, bu)
            if yes_odds is None and yes != no:
                yes_odds = pending_odds(state, p, yes)  # the enemy within 8" not the fact asked: as it was
            differs = yes_odds is not None and yes_odds != pending_odds(state, p, no)
        finally:
            setattr(bu, attr, kept)
        if differs:
            out.append(name)
    return out



def last_phase(state: BattleState) -> bool:
    """The last close-combat phase of the scenario's last turn: the battle waits there for `end`."""
    return (state.phase == "close_combat" and state.side != state.first and state.max_turns is not None
            and state.turn >= state.max_turns)


def idle_phase(state: BattleState) -> tuple[str, str] | None:
    """Why the phase just begun has nothing to do, or None: a start of turn with no test due, no unit
    fleeing and no enemy causing terror (the tests of the start of turn); a shooting phase where no unit of
    the side may shoot with a missile weapon; a close-combat phase with no unit in contact. The movement
    phase is never passed (charges, rallies and moves are the referee's to report)."""
    side = state.side
    mine = [bu for bu in state.side_units(side) if bu.on_table and bu.models > 0]
    if state.pending:
        return None
    if state.phase == "start_of_turn":
        if any(bu.status == "fleeing" for bu in mine):
            return None
        if any(causes_terror(bu) and bu.on_table and bu.models > 0 for bu in state.side_units(other(side))):
            return None
        return ("no test at the start of the turn", "aucun test en début de tour")
    if state.phase == "shooting":
        if any(bu.status == "ready" and not bu.attached_to and not engaged(state, bu.key) and not bu.no_shooting
               and not bu.rallied and not bu.reformed and missile_weapon(bu) is not None for bu in mine):
            return None
        return (f"no unit of side {side} can shoot", f"aucune unité du camp {side} ne peut tirer")
    if state.phase == "close_combat":
        if state.engagements:
            return None
        return ("no unit in close combat", "aucune unité au corps à corps")
    return None
