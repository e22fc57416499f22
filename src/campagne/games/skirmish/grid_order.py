"""The campaign order that carries one order of a grid battle its players fight (`grid ORDER WORDS...`),
declared once for every campaign game that sends its battles to the grid (`played.py` runs it). Kept apart from
`played.py` so that a campaign's rules declare it without importing the grid's rules at start-up."""

from __future__ import annotations

from typing import Any

from ...core.orders import Arg, Order


def _h(fr: str, en: str) -> dict[str, str]:
    return {"fr": fr, "en": en}


def grid_order(handler: Any) -> Order:
    """The `grid` order of a campaign game, given by a player in its battles phase, run by `handler`."""
    return Order(handler, "player", ("battles",),
                 (Arg("order", help=_h("deploy, move, attack, cast ou end", "deploy, move, attack, cast or end")),
                  Arg("words", "rest", _h("l'unité, puis la case, la cible, le sort et les dés que l'ordre demande",
                                          "the unit, then the cell, target, spell and dice the order takes"))),
                 _h("donner un ordre dans la bataille sur quadrillage que l'on livre",
                    "give an order in the grid battle one is fighting"))
