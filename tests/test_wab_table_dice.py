"""Dice rolled at the table, entered stage by stage as the table rolls them (table_dice.py): all the to-hit
dice of a side, then its wounds, then the saves, then the tests' dice; the tracker says how many it wants
and what each needs; a face outside its die is refused with that reason."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_wab_tracker import fact, game, push, refused, to_phase, wab_side, wab_unit

from campagne.core.game import Game
from campagne.games.wab.tracker import WabBattle

DUEL = {"a": wab_side(wab_unit("hoplites", models=5, WS=3, S=3, save="5+")),
        "b": wab_side(wab_unit("levy", models=5, WS=3, S=3, save="6+"))}


def in_combat():
    g = game(DUEL, seed=2)
    to_phase(g, "movement", "a")
    fact(g, "contact", unit="hoplites", target="levy", charged=True)
    to_phase(g, "close_combat", "a")
    return g


def wanted(entry):
    return next(e for e in entry.events if e["type"] == "dice_wanted")["wanted"]


def test_a_fight_asks_for_the_to_hit_dice_then_the_wounds_then_the_saves():
    g = in_combat()
    first = push(g, type="fight", faces=[])
    w = wanted(first)
    # the hoplites charged: their 5 attacks strike first, WS 3 against WS 3 hits on 4+
    assert (w["count"], w["sides"]) == (5, 6)
    assert "to hit" in w["en"] and "4+" in w["en"] and "pour toucher" in w["fr"]
    assert g.state.engagements[0].fought is False  # nothing fought yet
    second = push(g, type="dice", faces=[6, 6, 5, 2, 1])  # three hits
    w = wanted(second)
    assert w["count"] == 3 and "to wound" in w["en"] and "4+" in w["en"]
    third = push(g, type="dice", faces=[4, 4, 1])  # two wounds
    w = wanted(third)
    assert w["count"] == 2 and "save" in w["en"] and "6+" in w["en"]
    push(g, type="dice", faces=[1, 1])  # two dead levy: three strike back
    w = wanted(g.entries[-1])
    assert w["count"] == 3 and "to hit" in w["en"]
    assert g.state.units["b:levy"].models == 5  # no casualty removed until the command is whole


@settings(max_examples=15, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=40, max_size=40), st.integers(0, 3))
def test_dice_entered_in_stages_do_what_the_same_dice_entered_at_once_do(faces, cut):
    """Whatever the faces and however they are split, the battle ends as with all the faces at once."""
    at_once = in_combat()
    staged = copy.deepcopy(at_once)
    # enter stage by stage, each time exactly the dice asked for
    entry = push(staged, type="fight", faces=faces[:cut])
    used = cut
    while staged.state.table_dice is not None:
        n = wanted(entry)["count"]
        entry = push(staged, type="dice", faces=faces[used:used + n])
        used += n
    push(at_once, type="fight", faces=faces[:used])
    assert staged.state == at_once.state
    assert [r for e in staged.entries for r in e.rolls] == [r for e in at_once.entries for r in e.rolls]
    assert Game.replay(WabBattle(), staged.setup, staged.seed, staged.commands).state == staged.state


def test_a_face_outside_the_die_is_refused_with_that_reason_and_nothing_changes():
    g = in_combat()
    push(g, type="fight", faces=[])
    for bad in ([7], [0], [3, 9]):
        refused(g, {"type": "dice", "faces": bad}, "wab.dice.outside")
    refused(g, {"type": "dice", "faces": ["x"]}, "wab.dice.not_a_face")
    with pytest.raises(Exception) as info:
        push(g, type="dice", faces=[7])
    text = info.value.message("en")
    assert "7" in text and "D6" in text and "to hit" in text and text.count(".") == 1
    assert "D6" in info.value.message("fr") and "pour toucher" in info.value.message("fr")


def test_a_waiting_command_can_be_cancelled_and_dice_with_nothing_waiting_are_refused():
    g = in_combat()
    refused(g, {"type": "dice", "faces": [1]}, "wab.dice.none_waiting")
    push(g, type="fight", faces=[3])
    push(g, type="dice", cancel=True)
    assert g.state.table_dice is None and not g.state.engagements[0].fought
    entry = push(g, type="fight")  # the tracker's own dice, as before
    assert any(e["type"] == "combat" for e in entry.events) and entry.rolls


def test_a_combat_shows_its_working_in_both_languages():
    g = in_combat()
    entry = push(g, type="fight", faces=[6, 6, 5, 2, 1, 4, 4, 1, 1, 1, 6, 6, 6, 6, 6, 6, 6, 2, 2])
    combat = next(e for e in entry.events if e["type"] == "combat")
    en = "\n".join(w["en"] for w in combat["working"])
    fr = "\n".join(w["fr"] for w in combat["working"])
    assert "to hit 4+ [6 6 5 2 1] → 3 hit(s)" in en and "to wound 4+ [4 4 1]" in en and "save 6+ [1 1]" in en
    assert "pour toucher 4+ [6 6 5 2 1]" in fr and "sauvegarde adverse 5+ [6 2 2]" in fr
    assert "Combat result: Hoplites 2 wound(s) + 1 (Close order) = 3; Levy 2 wound(s) + 1 (Close order) = 3" in en
    assert "Résultat du combat : Hoplites 2 blessure(s) + 1 (Ordre serré) = 3" in fr


def test_a_command_waiting_for_dice_leaves_the_referee_a_legal_order():
    from campagne.games.wab.legal import legal_orders
    g = in_combat()
    push(g, type="fight", faces=[])
    orders = legal_orders(g.state, "referee")
    # the stage's dice, one box each bounded by the die (issue 23: entered on the club's page), or giving it up
    assert [(o.type, o.fixed) for o in orders] == [("dice", {}), ("dice", {"cancel": True})]
    boxes = orders[0].fields
    assert boxes and all((f.kind, f.low, f.high) == ("int", 1, 6) for f in boxes)
    assert [f.name for f in boxes] == [f"die_{i}" for i in range(1, len(boxes) + 1)]
    assert g.view()["awaiting"] == ["referee"]
    g.push(orders[1].command({}))
    assert g.state.table_dice is None
