"""The search's playouts roll by purpose, so two candidates' playouts share their luck (docs/studies.md, seventh
pass): a playout that gives one order more than another does not shift every later roll."""

from __future__ import annotations

from typing import Any

from campagne.ai_playout import _Playout
from campagne.core.game import Game


class _Rolls:
    """A toy ruleset: each order rolls 2D6 for its purpose, and the state keeps the faces by purpose."""

    def new_state(self, setup: Any, dice: Any) -> tuple[dict[str, list], list]:
        return {}, []

    def apply(self, state: dict[str, list], command: dict[str, Any], dice: Any) -> list:
        state.setdefault(command["why"], []).append(dice.roll_record("2D6", command["why"]).faces)
        return []


def _played(kind: type[Game], whys: list[str]) -> dict[str, list]:
    game = kind(_Rolls(), {}, 11, state={})
    for why in whys:
        game.push({"why": why})
    return game.state


def test_a_playout_s_rolls_go_by_purpose_not_by_the_order_s_number() -> None:
    plain = _played(_Playout, ["relics p1", "relics p2", "battle"])
    longer = _played(_Playout, ["move L1", "relics p1", "move L2", "relics p2", "battle", "relics p1"])
    for why in ("relics p1", "relics p2", "battle"):
        assert longer[why][:len(plain[why])] == plain[why]
    assert longer["relics p1"][1] != longer["relics p1"][0] or longer["move L1"] != longer["move L2"]


def test_a_campaign_s_own_game_still_rolls_by_the_order_s_number() -> None:
    """The engine's dice are unchanged: only the search's imagined futures roll by purpose."""
    plain = _played(Game, ["relics p1", "battle"])
    shifted = _played(Game, ["move L1", "relics p1", "battle"])
    assert plain["relics p1"] != shifted["relics p1"] or plain["battle"] != shifted["battle"]
