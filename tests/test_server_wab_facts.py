"""A WAB battle's table facts at the club (issue 23): the facts a charge or a test needs (a charge with its target,
facing and distance, a move, a base contact, a terror-causing enemy near a unit at the start of a turn) are
offered as forms from the tracker's legal orders, in words, and given from the page reach the tracker."""

from __future__ import annotations

import json
import re

import pytest

from server_kit import every_form, signed_in, user

from conformance.test_pages_in_words import code_in, visible

from campagne.server import store
from campagne.server.models import Membership

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh() -> None:
    store.forget()


def _battle() -> tuple[object, object]:
    players = [{"id": i, "controller": "human", "name": i, "side": "mercenaires-atlantes"} for i in ("a", "b")]
    campaign = store.create("Facts", "wab", players, seed=3, public=True)
    referee = signed_in(user("ref-facts"), campaign, Membership.REFEREE)
    referee.cookies["django_language"] = "en"
    return campaign, referee


def _facts(client, pk: int, fact: str) -> list[dict[str, str]]:
    return [f for f in every_form(client, pk, "fact") if json.loads(f["order"])["fixed"].get("fact") == fact]


def test_the_referee_declares_a_charge_and_its_contact_from_the_page() -> None:
    campaign, referee = _battle()
    pk = campaign.pk
    with store.changing(pk) as (campaign, c):
        c.push({"type": "next", "player": "referee"})  # deployment done: side a's movement
        assert c.state.phase == "movement" and c.state.side == "a"
    charges = _facts(referee, pk, "charge")
    assert charges and all(json.loads(f["order"])["fixed"]["unit"].startswith("a:") for f in charges)
    assert _facts(referee, pk, "move") and _facts(referee, pk, "contact")
    charge = next(f for f in charges if json.loads(f["order"])["fixed"]["unit"] == "a:spearmen")
    assert {"f_target", "f_distance"} <= set(charge)
    for lang in ("fr", "en"):
        referee.cookies["django_language"] = lang
        assert not code_in(visible(referee.get(f"/c/{pk}/").content.decode())), lang
    referee.cookies["django_language"] = "en"
    data = {k: v for k, v in charge.items() if not k.startswith("_")}
    data.update(f_target=json.dumps("b:spearmen"), f_distance="6")
    said = re.sub(r"\s+", " ", visible(referee.post(f"/c/{pk}/orders/", data, follow=True).content.decode()))
    assert "charges" in said, said[:2000]
    with store.viewing(pk) as (campaign, c):
        (ch,) = c.state.charges
        assert (ch.charger, ch.target, ch.distance) == ("a:spearmen", "b:spearmen", 6)
    # its tests taken, the contact it reaches is offered beside the others
    with store.changing(pk) as (campaign, c):
        for p in [p for p in c.state.pending if p.kind == "reaction"]:
            c.push({"type": "fact", "fact": "react", "unit": p.unit, "reaction": "hold", "player": "referee"})
        while [p for p in c.state.pending if p.kind == "test"]:
            c.push({"type": "roll", "all": True, "player": "referee"})
    contact = next(f for f in _facts(referee, pk, "contact") if json.loads(f["order"])["fixed"]["unit"] == "a:spearmen")
    data = {k: v for k, v in contact.items() if not k.startswith("_")}
    data.update(f_target=json.dumps("b:spearmen"))
    referee.post(f"/c/{pk}/orders/", data, follow=True)
    with store.viewing(pk) as (campaign, c):
        assert [(e.attacker, e.defender) for e in c.state.engagements] == [("a:spearmen", "b:spearmen")]


def test_a_terror_causing_enemy_is_reported_at_the_start_of_a_turn() -> None:
    from campagne.core.dice import Dice
    from campagne.games.wab.legal import legal_orders
    from campagne.games.wab.tracker import WabBattle
    from campagne.registry import games
    d = games()["wab"]
    players = [{"id": i, "controller": "human", "name": i, "side": "mercenaires-atlantes"} for i in ("a", "b")]
    state, _ = WabBattle().new_state(d.load("setup")(players, {}), Dice.seeded("facts", 1))
    state.phase, state.side, state.turn = "start_of_turn", "a", 1
    near = [lo for lo in legal_orders(state, "referee") if lo.fixed.get("fact") == "near"]
    assert near and all(lo.fixed["terror_within_8"] is True and not lo.fields for lo in near)
    assert all(state.units[lo.fixed["unit"]].side == "a" for lo in near)
    state.units["a:slaves"].status = "fleeing"  # a friend fleeing: reported beside the units it may shake
    friends = [lo for lo in legal_orders(state, "referee") if lo.fixed.get("fact") == "near" and lo.fields]
    assert friends and all(lo.fields[0].choices == ("a:slaves",) for lo in friends)
    WabBattle().apply(state, friends[0].command({"friends_fleeing": "a:slaves"}), Dice.seeded("facts", 2))
