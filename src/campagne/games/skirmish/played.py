"""A campaign battle fought by its players on the grid (issue 23, part 6): the grid battle lives inside the
campaign's state, each of its orders is one order of the campaign (`grid ORDER WORDS...`), journaled with its
dice in the campaign's journal, so the campaign replays bit for bit.

The campaign's people fight their own camp; a computer (the grid's tactician) plays the camp of a computer or
absent player, at once after each person's order, on the same command's dice. Its random numbers are seeded by
the battle's key and the number of grid orders given so far, so a replay chooses the same.

A campaign game uses it through `start`, `order`, `legal`, `waiting` and `view_of`; it turns the ended grid
into its own result with `campaign.py`'s functions, as the computers-only grid resolver does.
"""

from __future__ import annotations

import copy
import random
import re
from dataclasses import dataclass
from typing import Any

from ...core.dice import Dice
from ...core.errors import CampagneError, need, register_messages
from ...core.interface import LegalOrder
from ...core.orders import command_from_words
from .ai import tactician
from .legal import legal_orders
from .rules import ORDERS, SkirmishRules, awaiting
from .state import SkirmishState
from .views import view

RULES = SkirmishRules()
ORDER = "grid"  # the campaign's order that carries one order of the grid battle
LIMIT = 5000  # a computer's turns in one command: more than any grid battle lasts

register_messages({
    "grid.not_fighting": {"en": "{player} is fighting no battle on the grid now.",
                          "fr": "{player} ne livre aucune bataille sur le quadrillage en ce moment."},
    "grid.order_missing": {"en": "Which order on the grid? One of: {orders}.",
                           "fr": "Quel ordre sur le quadrillage ? Au choix : {orders}."},
})


@dataclass
class Fought:
    """A grid battle being fought by the campaign's people: the grid, the camps people play, the battle's key
    (its place in the campaign) and how many orders it has had (the computers' random seed)."""

    grid: SkirmishState
    people: tuple[str, ...]
    key: str
    orders: int = 0

    def __deepcopy__(self, memo: Any) -> Fought:
        return Fought(copy.deepcopy(self.grid, memo), self.people, self.key, self.orders)

    @property
    def ended(self) -> bool:
        return self.grid.ended


def start(setup: dict[str, Any], people: set[str], dice: Dice, key: str) -> tuple[Fought, list[dict[str, Any]]]:
    """The grid battle of `setup` begun: `people`'s camps are theirs, the others the computer's; the computer
    plays until a person must act (or the battle is over)."""
    setup = {**setup, "players": [{**p, "controller": "human" if p["id"] in people else "greedy"}
                                  for p in setup["players"]]}
    grid, events = RULES.new_state(setup, dice)
    fought = Fought(grid, tuple(sorted(p for p in people if p in grid.camps)), key)
    return fought, events + _computers(fought, dice)


def read(command: dict[str, Any]) -> dict[str, Any]:
    """The grid's own order inside the campaign's: `grid move soldiers.1 C4` typed (its words), or the
    fields a form gives (`order`, `unit`, `cell`...)."""
    kind = command.get("order")
    need(isinstance(kind, str) and kind in ORDERS and ORDERS[kind].actor == "player", "grid.order_missing",
         orders=", ".join(k for k, o in ORDERS.items() if o.actor == "player"))
    if "words" in command:
        return command_from_words(ORDERS, command["player"], kind, [str(w) for w in command["words"] or []])
    return {k: v for k, v in command.items() if k not in ("order", "battle", "territory")} | {"type": kind}


def typed(command: dict[str, Any]) -> dict[str, Any]:
    """A campaign's `grid ORDER WORDS...` as typed, journaled as the named fields a form gives (others unchanged)."""
    if command.get("type") != ORDER or "words" not in command:
        return command
    return {**read(command), "order": command.get("order"), "type": ORDER}


def order(fought: Fought | None, command: dict[str, Any], dice: Dice) -> list[dict[str, Any]]:
    """A person's order on the grid, then the computer's replies."""
    player = command.get("player")
    if fought is None or fought.ended or player not in fought.people:
        raise CampagneError("grid.not_fighting", player=player)
    events = _apply(fought, read(command), dice)
    return events + _computers(fought, dice)


def _apply(fought: Fought, command: dict[str, Any], dice: Dice) -> list[dict[str, Any]]:
    events = RULES.apply(fought.grid, command, dice)
    fought.orders += 1
    return events


def _computers(fought: Fought, dice: Dice) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    for _ in range(LIMIT):
        g = fought.grid
        if g.ended or g.current is None or g.current in fought.people:
            break
        camp = g.current
        rng = random.Random(f"grid:{fought.key}:{fought.orders}")
        events += _apply(fought, tactician(view(g, camp), legal_orders(g, camp), rng), dice)
    return events


# ----------------------------------------------------------------- a campaign's battle, begun and ordered
# The same glue in every campaign that sends a battle to its players' grid: the grid's events journaled inside
# the campaign's (`{"type": "grid", **where(battle), "event": ...}`, named as the game names its battles), the
# corruption the cards carry out kept (`convert.remember`), and the game's own result once it is over.

def begin(ctx: Any, battle: Any, setup: dict[str, Any], sides: tuple[str, str], key: str,
          head: dict[str, Any], where: Any, result: Any) -> list[dict[str, Any]]:
    """The campaign's `battle` between `sides` sent to the grid (`battle.fought`), each person fighting his
    own camp: the `grid_battle` event (`head` names the battle), the computer's first orders, and the result
    if it is already over."""
    people = {pid for pid in sides if ctx.state.players[pid].controller == "human"}
    battle.fought, events = start(setup, people, ctx.dice, key)
    first = {"type": "grid_battle", **head, "people": list(battle.fought.people),
             "battlefield": battle.fought.grid.field.id}
    return [first] + _carried(ctx, battle, events, where(battle), result)


def go_on(ctx: Any, battle: Any, where: Any, result: Any) -> list[dict[str, Any]]:
    """A person's order in the grid `battle` he fights (None: he fights none, refused), the computer's replies
    and, once the grid battle is over, the game's `result(ctx, battle)`; `where(battle)` names the battle."""
    events = order(battle.fought if battle is not None else None, ctx.cmd, ctx.dice)
    return _carried(ctx, battle, events, where(battle), result)


def _carried(ctx: Any, battle: Any, events: list[dict[str, Any]], where: dict[str, Any],
             result: Any) -> list[dict[str, Any]]:
    out = [{"type": "grid", **where, "event": e} for e in events]
    if not battle.fought.ended:
        return out
    from .convert import remember
    remember(ctx.state, battle.fought.grid)
    return out + result(ctx, battle)


def waiting(fought: Fought | None) -> list[str]:
    """The people the grid waits for."""
    if fought is None or fought.ended:
        return []
    return [p for p in awaiting(fought.grid) if p in fought.people]


def legal(fought: Fought | None, player: str, fixed: dict[str, Any]) -> list[LegalOrder]:
    """The grid's legal orders for `player` as the campaign's `grid` orders (`fixed` names the battle)."""
    if player not in waiting(fought):
        return []
    assert fought is not None
    return [LegalOrder(ORDER, player, {**fixed, "order": lo.type, **lo.fixed}, lo.fields)
            for lo in legal_orders(fought.grid, player)]


def view_of(fought: Fought, viewer: str | None) -> dict[str, Any]:
    """What everyone sees of the grid (nothing on it is hidden), the odds for the camp whose turn it is."""
    return {**view(fought.grid, viewer), "people": list(fought.people), "typed_as": ORDER}


def stand_in(fought: Fought, player: str, seed: Any) -> dict[str, Any] | None:
    """The order the tactician gives for a person who is away (`campagne play --stand-in`), as fields of the
    campaign's `grid` order."""
    if player not in waiting(fought):
        return None
    rng = random.Random(f"grid-stand-in:{seed}:{fought.key}:{fought.orders}")
    cmd = tactician(view(fought.grid, player), legal_orders(fought.grid, player), rng)
    return {**{k: v for k, v in cmd.items() if k != "type"}, "order": cmd["type"]}


_SIZE = re.compile(r'<svg\b[^>]*?\bwidth="([\d.]+)"[^>]*?\bheight="([\d.]+)"')


def below(picture: str, fights: list[Fought], lang: str, units: dict[str, Any] | None = None) -> str:
    """The campaign's picture with the grid battles being fought drawn under it, the same for every viewer (the
    grid hides nothing): its units and cells name themselves (`data-thing`, `data-place`), so the club's board
    gives the grid's orders on them; `units` names the campaign's army units its cards stand for."""
    from .picture import picture as grid_picture
    parts = [picture] + [grid_picture({**view(f.grid, None), "unit_names": units or {}}, lang)
                         for f in fights if not f.ended]
    if len(parts) == 1:
        return picture
    sizes = [_SIZE.search(p) for p in parts]
    if not all(sizes):
        return picture
    dims = [(float(m.group(1)), float(m.group(2))) for m in sizes if m]
    width, height, y = max(w for w, _ in dims), sum(h for _, h in dims), 0.0
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
           f'viewBox="0 0 {width:g} {height:g}">']
    for part, (_, h) in zip(parts, dims):
        out.append(re.sub(r"^<svg\b", f'<svg x="0" y="{y:g}"', part.lstrip(), count=1))
        y += h
    return "\n".join(out + ["</svg>"])
