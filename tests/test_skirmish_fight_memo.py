"""A grid battle fought by the computers (`campaign.fight`: Gorges' final battle, Atlantis' grid battles) reads a
view at every order: its battlefield's table and its attacks' odds are reckoned once for the battle
(`views.Memo`), and `combat.targets` reads what does not depend on the target once. Both must give what they
replaced: along battles fought on several battlefields, at every order, the view with the battle's memo equals
the view reckoned afresh, the legal orders with the battle's memo (the units' reaches kept) equal those listed afresh,
and every unit's targets are `attack_kind` asked of every unit."""

from __future__ import annotations

import random

import pytest

from campagne.core.dice import Dice
from campagne.games.skirmish import campaign
from campagne.games.skirmish.ai import tactician
from campagne.games.skirmish.combat import attack_kind, targets
from campagne.games.skirmish.data import rosters
from campagne.games.skirmish.legal import legal_orders
from campagne.games.skirmish.views import Memo, view


def _roster(name: str, tag: str) -> list[dict]:
    units = rosters()[name]["units"]
    return [{**({"card": u} if isinstance(u, str) else u), "id": f"{tag}.{k}"} for k, u in enumerate(units)]


@pytest.mark.parametrize("terrain,a,b,seed", [("hills", "garrison", "warband", 1), ("forest", "patrol", "garrison", 2),
                                              ("mountain", "patrol", "warband", 3), ("plain", "village", "patrol", 4)])
def test_a_fights_memo_and_targets_give_what_they_replaced(terrain: str, a: str, b: str, seed: int) -> None:
    setup = campaign._setup([("d", _roster(a, "d")), ("x", _roster(b, "x"))], terrain, v=2)
    dice = Dice.seeded("memo", seed)
    state, _ = campaign.RULES.new_state(setup, dice)
    memo, attacks, orders = Memo(), 0, 0
    for n in range(2000):
        if state.ended:
            break
        camp = state.current
        seen = view(state, camp, memo)
        assert seen == view(state, camp)
        for u in state.on_field():  # (as its callers ask: a unit on the battlefield)
            assert targets(state, u) == {t.id: k for t in state.units.values() if (k := attack_kind(state, u, t))}
        listed = legal_orders(state, camp, memo)
        assert listed == legal_orders(state, camp)
        command = tactician(seen, listed, random.Random(f"memo:{n}"))
        attacks += command is not None and command["type"] == "attack"
        campaign.RULES.apply(state, command, dice)  # type: ignore[arg-type]
        orders += 1
    assert orders > 30 and attacks > 3  # a battle, not its first orders only
    assert memo.odds and memo.reach  # remembered, so the comparisons above asked them


@pytest.mark.parametrize("seed", range(6))
def test_targets_are_attack_kind_beside_cliffs_hills_and_woods(seed: int) -> None:
    """Units scattered on the mountain's battlefield (cliffs: levels 0 and 2 side by side), shooters and melee."""
    from campagne.games.skirmish.data import battlefields
    from skirmish_kit import position
    b = battlefields()["mountain"]
    rng = random.Random(seed)
    width, height = len(b["terrain"][0]), len(b["terrain"])
    cells = rng.sample([f"{chr(65 + x)}{y + 1}" for x in range(width) for y in range(height)], 24)
    cards = ["soldiers", "archers", "skirmishers", "knights", "mortar", "mage", "peasants", "champion"]
    state = position([("ab"[k % 2], rng.choice(cards), c) for k, c in enumerate(cells)], terrain=b["terrain"],
                     height=b["height"], readings=2 if seed % 2 else None)
    melee = 0
    for u in state.on_field():
        found = targets(state, u)
        assert found == {t.id: k for t in state.units.values() if (k := attack_kind(state, u, t))}
        melee += list(found.values()).count("melee")
    assert melee  # some units side by side
