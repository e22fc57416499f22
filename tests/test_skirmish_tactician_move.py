"""The tactician scores every cell a unit may move to (`ai._move`) with the unit's kind asked once and the cells'
shelter read from the battlefield (`Battlefield.shelter`): the very scores `_cell_score` gives, cell by cell in the
same order of draws, so the same cell and the same gain, along battles the computers fight on every battlefield
(civilians, shooters and melee units; cover, woods and heights)."""

from __future__ import annotations

import random

import pytest

from campagne.core.dice import Dice
from campagne.games.skirmish import ai, campaign
from campagne.games.skirmish.data import battlefields, rosters
from campagne.games.skirmish.legal import legal_orders
from campagne.games.skirmish.views import Memo, view


def _roster(name: str, tag: str) -> list[dict]:
    units = rosters()[name]["units"]
    return [{**({"card": u} if isinstance(u, str) else u), "id": f"{tag}.{k}"} for k, u in enumerate(units)]


def _reference(lo, bf, units, maps, rng):  # type: ignore[no-untyped-def]
    """`_move` as it was written before: `_cell_score` of each cell, then a draw."""
    u = units[lo.fixed["unit"]]
    here = ai._cell_score(bf, u, bf.index(u["cell"]), *maps)
    best, cell = max((ai._cell_score(bf, u, bf.by_name[c], *maps) + 0.01 * rng.random(), c)
                     for c in lo.fields[0].choices)
    return best - here, lo.command({"cell": cell})


def test_the_shelter_is_cover_and_height() -> None:
    for name in battlefields():
        bf = campaign.RULES.new_state(campaign._setup([("d", _roster("garrison", "d")), ("x", _roster("patrol", "x"))],
                                                      name, v=2), Dice.seeded("s", 0))[0].field
        assert bf.shelter == tuple((1.0 if bf.cover(i) else 0.0) + 0.8 * bf.level[i] for i in range(bf.size))


@pytest.mark.parametrize("terrain,a,b,seed", [("hills", "village", "warband", 1), ("forest", "patrol", "village", 2),
                                              ("mountain", "village", "patrol", 3), ("swamp", "garrison", "warband", 4)])
def test_a_moves_scores_are_the_cells_scores(terrain: str, a: str, b: str, seed: int) -> None:
    setup = campaign._setup([("d", _roster(a, "d")), ("x", _roster(b, "x"))], terrain, v=2)
    dice = Dice.seeded("move", seed)
    state, _ = campaign.RULES.new_state(setup, dice)
    memo, kinds, compared = Memo(), set(), 0
    for n in range(2000):
        if state.ended:
            break
        camp = state.current
        seen, listed = view(state, camp, memo), legal_orders(state, camp, memo)
        if seen["phase"] == "battle":
            bf, units = ai.field_of(seen), {u["id"]: u for u in seen["units"]}
            me = seen["viewer"]
            mine = [x for x in units.values() if x["camp"] == me and x["status"] == "deployed"]
            maps = (ai.nearest(bf, ai._cells(bf, [x for x in units.values() if x["camp"] != me
                                                  and x["status"] == "deployed"])),
                    ai.nearest(bf, ai._cells(bf, [x for x in mine if x["kind"] == "military"])))
            for lo in listed:
                if lo.type == "move":
                    assert ai._move(lo, bf, units, maps, random.Random(n)) == \
                        _reference(lo, bf, units, maps, random.Random(n))
                    compared += 1
                    u = units[lo.fixed["unit"]]
                    kinds.add("civilian" if u["kind"] == "civilian" else "shooter" if u["range"] >= 2 else "melee")
        command = ai.tactician(seen, listed, random.Random(f"move:{n}"))
        campaign.RULES.apply(state, command, dice)  # type: ignore[arg-type]
    assert compared > 30 and kinds >= {"melee", "shooter"}, (compared, kinds)
    assert "civilian" in kinds or "village" not in (a, b)
