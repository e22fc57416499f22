"""Movement in the WAB reference sheet's tables (seed 002): the charge reach, the march move, the
terrain factors and the cost of manoeuvres (the flee dice are in tables.py, with the breaks)."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from ...core.errors import CampagneError
from ...core.tables import Row
from .table_checks import _bool, _choice, _frac, _int, _table, _what, normalise


def charge_reach(move: int) -> int:
    """"Une unité peut charger au double de son mouvement normal.\""""
    m = _int(move, _what("The Move", "Le Mouvement"), 0, 20)
    return m * int(_table("charge_reactions").row("charge").get("charge_multiplier"))


def march_move(move: int, forced: bool = False, character: bool = False) -> int:
    """MARCHES RAPIDES double the Move (a character's triples); MARCHES FORCEES triple it."""
    m = _int(move, _what("The Move", "Le Mouvement"), 0, 20)
    if _bool(forced, _what("forced", "forcée")):
        return m * int(_table("forced_march").row("triple_move").get("multiplier"))
    row = _table("quick_march").row("double_move")
    key = "character_multiplier" if _bool(character, _what("character", "personnage")) else "multiplier"
    return m * int(row.get(key))


@cache
def _terrain_index() -> dict[str, Row]:
    index: dict[str, Row] = {}
    for row in _table("terrain").rows:
        for name in (row.key, row.fr, row.en):
            index.setdefault(normalise(name), row)
    return index


def terrain_factor(terrain: str, open_order: bool = False) -> Fraction:
    """TERRAIN ET OBSTACLES: the fraction of its Move a unit keeps (normal 1, difficult 1/2, very
    difficult 1/4, or 1/2 for units in open order and skirmishers). For an obstacle the value is the
    fraction of the Move spent to cross it ("½ pour franchir")."""
    if not isinstance(terrain, str) or normalise(terrain) not in _terrain_index():
        raise CampagneError("wab.unknown_terrain", name=terrain,
                            names=", ".join(r.key for r in _table("terrain").rows))
    row = _terrain_index()[normalise(terrain)]
    if _bool(open_order, _what("open_order", "ordre relâché")) and row.get("open_order_factor") is not None:
        return _frac(row.get("open_order_factor"))
    return _frac(row.get("factor"))


def manoeuvre_cost(manoeuvre: str, ranks: int = 1) -> Fraction:
    """MANOEUVRES: the fraction of its Move a manoeuvre costs: "turn_about" 1/4; "change_formation"
    1/2 to add or remove one rank, all of it for two."""
    table = _table("manoeuvres")
    name = _choice(manoeuvre, ("turn_about", "change_formation"), _what("The manoeuvre", "La manœuvre"))
    if name == "turn_about":
        return _frac(table.row("turn_about").get("cost"))
    n = _int(ranks, _what("The ranks added or removed", "Les rangs ajoutés ou retirés"), 1, 2)
    return _frac(table.row("change_formation").get("costs")[str(n)])
