"""The follow-up battle (seed 004, « Déroulement de la bataille »): « La bataille dure 5 rounds [...] Après quoi
il faudra utiliser une autre Action - Engager un combat pour amorcer une nouvelle bataille. »

A battle that ended after its 5 rounds with more than one camp standing may be engaged again: a new battle
between the survivors as they are (hit points, corruption, spells), every camp deploying again from its
reserve (« Avant d'effectuer le premier round, chaque camp déploie une unité dans sa zone de déployement à
tour de rôle en commençant par le défenseur »), on the same battlefield, the destroyed staying destroyed.
The share of hit points kept is still measured from the first battle's start, so a campaign's result after
several engagements weighs everything each camp lost.

Pure. The engagements are ordered before the battle: the set-up's "engagements" (at most that many battles,
`campagne new skirmish --engagements N`, a campaign's `battle-result ... --resolver grid --engagements N`);
`SkirmishRules.apply` engages again at once when a battle ends undecided and engagements are left, in the
same journal entry, so the campaigns' grid resolver (`campaign.fight`, `played`) gets it for nothing.
"""

from __future__ import annotations

from typing import Any

from ...core.errors import need, register_messages
from .state import ROUNDS, SkirmishState

register_messages({
    "skirmish.engage.not_undecided": {
        "en": "The battle can be engaged again only once it has ended after its {rounds} rounds with more than one "
              "camp standing.",
        "fr": "La bataille ne peut être engagée de nouveau qu'une fois finie après ses {rounds} rounds avec plus "
              "d'un camp encore debout."},
    "skirmish.engage.beaten": {
        "en": "{camp} has no unit left to engage a new battle.",
        "fr": "{camp} n'a plus aucune unité pour engager une nouvelle bataille."},
})


def undecided(state: SkirmishState) -> bool:
    """Ended after its rounds with several camps still standing: the seed calls for another engagement."""
    return state.ended and state.winner is None and state.round >= ROUNDS and len(state.camps_standing()) > 1


def engage_again(state: SkirmishState, by: str | None = None) -> list[dict[str, Any]]:
    """A new battle between the survivors (« une autre Action - Engager un combat »), engaged by camp `by`
    (None: as the set-up ordered)."""
    from .rules import opening
    need(undecided(state), "skirmish.engage.not_undecided", rounds=ROUNDS)
    if by is not None:
        need(by in state.camps_standing(), "skirmish.engage.beaten", camp=by)
    state.engagement += 1
    for u in state.units.values():
        if u.alive:
            u.status, u.cell = "reserve", None
        u.activated, u.ap, u.shield, u.haste, u.attacked, u.cast = False, 0, 0, 0, False, False
    state.phase, state.round, state.current, state.active = "deploy", 0, None, None
    state.winner, state.standing = None, []
    event: dict[str, Any] = {"type": "engaged_again", "engagement": state.engagement,
                             "hp_left": {c: state.hp_left(c) for c in state.camps}}
    if by is not None:
        event["by"] = by
    return [event, *opening(state)]


def maybe_engage(state: SkirmishState, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """After an order: a battle just ended undecided with engagements left is engaged again."""
    if events and events[-1].get("type") == "battle_over" and undecided(state) \
            and state.engagement < state.engagements:
        return events + engage_again(state)
    return events
