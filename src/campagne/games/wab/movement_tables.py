"""Movement in the WAB reference sheet's tables (seed 002): the charge reach, the march move, the
terrain factors and the cost of manoeuvres (the flee dice are in tables.py, with the breaks)."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from ...core.errors import CampagneError
from ...core.tables import Row
from .table_checks import bool_of, choice_of, frac_of, int_of, label, normalise, table_of


def charge_reach(move: int) -> int:
    """"Une unité peut charger au double de son mouvement normal.\""""
    m = int_of(move, label("The Move", "Le Mouvement"), 0, 20)
    return m * int(table_of("charge_reactions").row("charge").get("charge_multiplier"))


def march_move(move: int, forced: bool = False, character: bool = False) -> int:
    """MARCHES RAPIDES double the Move (a character's triples); MARCHES FORCEES triple it."""
    m = int_of(move, label("The Move", "Le Mouvement"), 0, 20)
    if bool_of(forced, label("forced", "forcée")):
        return m * int(table_of("forced_march").row("triple_move").get("multiplier"))
    row = table_of("quick_march").row("double_move")
    key = "character_multiplier" if bool_of(character, label("character", "personnage")) else "multiplier"
    return m * int(row.get(key))


@cache
def _terrain_index() -> dict[str, Row]:
    index: dict[str, Row] = {}
    for row in table_of("terrain").rows:
        for name in (row.key, row.fr, row.en):
            index.setdefault(normalise(name), row)
    return index


def terrain_factor(terrain: str, open_order: bool = False) -> Fraction:
    """TERRAIN ET OBSTACLES: the fraction of its Move a unit keeps (normal 1, difficult 1/2, very
    difficult 1/4, or 1/2 for units in open order and skirmishers). For an obstacle the value is the
    fraction of the Move spent to cross it ("½ pour franchir")."""
    if not isinstance(terrain, str) or normalise(terrain) not in _terrain_index():
        raise CampagneError("wab.unknown_terrain", name=terrain,
                            names=", ".join(r.key for r in table_of("terrain").rows))
    row = _terrain_index()[normalise(terrain)]
    open_ = bool_of(open_order, label("open_order", "ordre relâché"))
    if open_ and row.get("open_order_factor") is not None:
        return frac_of(row.get("open_order_factor"))
    return frac_of(row.get("factor"))


def manoeuvre_cost(manoeuvre: str, ranks: int = 1) -> Fraction:
    """MANOEUVRES: the fraction of its Move a manoeuvre costs: "turn_about" 1/4; "change_formation"
    1/2 to add or remove one rank, all of it for two."""
    table = table_of("manoeuvres")
    name = choice_of(manoeuvre, ("turn_about", "change_formation"), label("The manoeuvre", "La manœuvre"))
    if name == "turn_about":
        return frac_of(table.row("turn_about").get("cost"))
    n = int_of(ranks, label("The ranks added or removed", "Les rangs ajoutés ou retirés"), 1, 2)
    return frac_of(table.row("change_formation").get("costs")[str(n)])
