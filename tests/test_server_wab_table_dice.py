"""A WAB battle at the club with its dice rolled at the table (issue 23, part 5): the side whose unit tests (or the
referee) asks for the table's dice, the page says how many dice and what each needs, a face outside the die is
refused with that reason and nothing changed, and each result reads in words with its working."""

from __future__ import annotations

import re

import pytest

from server_kit import every_form, length, signed_in, user

from conformance.test_pages_in_words import code_in, visible

from campagne.server import store
from campagne.server.models import Membership

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh() -> None:
    store.forget()


def _at_a_test() -> tuple[object, dict]:
    """Turn 1, side b's general killed: both its units test for panic (side b's to roll)."""
    players = [{"id": i, "controller": "human", "name": i, "side": "mercenaires-atlantes"} for i in ("a", "b")]
    campaign = store.create("Table dice", "wab", players, seed=3, public=True, options={"table_dice": True})
    clients = {"referee": signed_in(user("ref-table"), campaign, Membership.REFEREE)}
    for seat in ("a", "b"):
        clients[seat] = signed_in(user(f"table-{seat}"), campaign, Membership.PLAYER, seat)
    with store.changing(campaign.pk) as (campaign, c):
        c.push({"type": "next", "player": "referee"})
        c.push({"type": "fact", "fact": "general_killed", "side": "b", "player": "referee"})
    for client in clients.values():
        client.cookies["django_language"] = "en"
    return campaign, clients


def _post(client, pk: int, form: dict, **values: str):
    data = {k: v for k, v in form.items() if not k.startswith("_")}
    data.update(values)
    return client.post(f"/c/{pk}/orders/", data, follow=True)


def _text(page: str) -> str:
    return re.sub(r"\s+", " ", visible(page))


def test_the_side_enters_its_tests_dice_stage_by_stage_on_the_page() -> None:
    campaign, clients = _at_a_test()
    pk, b = campaign.pk, clients["b"]
    roll = next(f for f in every_form(b, pk, "roll") if '"T1"' in f["order"])
    _post(b, pk, roll)
    page = _text(b.get(f"/c/{pk}/").content.decode())
    assert "The table's dice are awaited: roll 2 D6 (2D6), passed on 6 or less — panic test" in page
    box = b.get(f"/c/{pk}/orders/").content.decode()
    assert len(re.findall(r'<form class="order"', box)) == 1  # each order once (it was drawn twice)
    for lang in ("fr", "en"):  # in words, no command to type, in either language
        b.cookies["django_language"] = lang
        assert not code_in(visible(b.get(f"/c/{pk}/").content.decode())), lang
    b.cookies["django_language"] = "en"
    dice = every_form(b, pk, "dice")
    assert len(dice) == 1 and {"f_die_1", "f_die_2"} <= set(dice[0]) and "f_die_3" not in dice[0]
    assert every_form(clients["a"], pk, "dice") == []  # not side a's roll
    # a face outside the die: refused with its bounds, nothing changed
    before = length(campaign)
    r = _post(b, pk, dice[0], f_die_1="7", f_die_2="3")
    said = _text(r.content.decode())
    assert "7 is not one of the values of die 1 (2 D6 (2D6), passed on 6 or less — panic test), from 1 to 6; " \
           "nothing was changed." in said
    assert length(campaign) == before
    # the two dice (6 and 5: failed), then the flight's distance, the next stage the page asks for
    _post(b, pk, every_form(b, pk, "dice")[0], f_die_1="6", f_die_2="5")
    page = _text(b.get(f"/c/{pk}/").content.decode())
    assert "roll 2 D6: the distance (2D6, in inches) — b:spearmen flees" in page
    _post(b, pk, every_form(b, pk, "dice")[0], f_die_1="4", f_die_2="2")
    with store.viewing(pk) as (campaign, c):
        assert c.state.table_dice is None
        assert c.state.units["b:spearmen"].status == "fleeing"
        assert [e.command.get("type") for e in c.game.entries[-3:]] == ["roll", "dice", "dice"]
    journal = _text(b.get(f"/c/{pk}/journal/").content.decode())
    assert "2D6 (6+5) = 11, needs 6 or less" in journal  # the working of the test, in words
    assert "campagne battle" not in journal


def test_the_referee_rolls_all_at_the_table_and_may_give_it_up() -> None:
    campaign, clients = _at_a_test()
    pk, ref = campaign.pk, clients["referee"]
    roll = next(f for f in every_form(ref, pk, "roll") if '"all"' in f["order"])
    _post(ref, pk, roll)
    forms = every_form(ref, pk, "dice")
    assert len(forms) == 2  # the dice, or giving the command up
    cancel = next(f for f in forms if "cancel" in f["order"])
    _post(ref, pk, cancel)
    with store.viewing(pk) as (campaign, c):
        assert c.state.table_dice is None and len([p for p in c.state.pending if p.kind == "test"]) == 3


def test_every_die_drawn_from_the_boxes_is_taken_stage_after_stage() -> None:
    """The legal orders' contract at the table: any faces drawn from the boxes are accepted, each stage in turn."""
    import random

    from campagne.core.game import Game
    from campagne.core.legal import accepts
    from campagne.games.wab.inputs import build_setup
    from campagne.games.wab.legal import legal_orders
    from campagne.games.wab.tracker import WabBattle
    rng = random.Random(5)
    for seed in range(6):
        sides = [{"id": "al", "side": "mercenaires-atlantes"}, {"id": "bo", "side": "mercenaires-sauvages"}]
        g = Game(WabBattle(), build_setup(sides, {"table_dice": True}), seed)
        g.push({"type": "next", "player": "referee"})
        g.push({"type": "fact", "fact": "general_killed", "side": "b", "player": "referee"})
        g.push({"type": "roll", "player": "referee", "all": True})
        for _ in range(30):
            if g.state.table_dice is None:
                break
            boxes = next(lo for lo in legal_orders(g.state, "referee") if lo.type == "dice" and not lo.fixed)
            command = boxes.sample(rng)
            assert accepts(WabBattle(), g.state, command)
            g.push(command)
        assert g.state.table_dice is None and not [p for p in g.state.pending if p.kind == "test"]
