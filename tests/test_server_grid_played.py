"""A campaign battle fought by its players on the grid, through the club's pages (issue 23, part 6): the player
whose turn it is on the grid finds the grid's orders in his forms and gives one; the other finds none; both
see the grid battle on their page, its battlefield under the island as the board."""

from __future__ import annotations

import json
import re

import pytest

from server_kit import club, every_form, length

from campagne.server import store

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh() -> None:
    store.forget()


def _to_the_grid(pk: int) -> None:
    """The referee and the two players through the opening and the movement, to a battle at Cap Boréal sent to
    the grid for its players."""
    with store.changing(pk) as (_campaign, c):
        places = iter([("azues", "cap-boreal"), ("mestor", "mestoria")])
        home: dict[str, str] = {}
        while c.state.phase == "setup":
            who = c.game.ruleset.awaiting(c.state)[0]
            kingdom, territory = next(places)
            home[who] = territory
            c.push({"type": "choose", "player": who, "kingdom": kingdom, "territory": territory})
        for _ in range(4):
            c.push({"type": "next", "player": "referee"})
        while c.state.phase == "movement" and c.game.ruleset.awaiting(c.state):
            who = c.game.ruleset.awaiting(c.state)[0]
            c.push({"type": "move", "player": who, "path": ["cap-boreal"]} if home[who] == "mestoria"
                   else {"type": "hold", "player": who})
        c.push({"type": "next", "player": "referee"})
        for strategy in ("frontal", "rapid", "defence", "outflank"):
            if c.state.battles[0].scenario is not None:
                break
            for who in sorted(home):
                c.push({"type": "strategy", "player": who, "strategy": strategy})
        c.push({"type": "auto-resolve", "player": "referee", "territory": "cap-boreal", "resolver": "grid",
                "players": True})


def test_the_player_whose_turn_it_is_gives_his_grid_order_from_his_page() -> None:
    campaign, clients = club("atlantis", seed=3, humans=2)
    _to_the_grid(campaign.pk)
    view = clients["referee"].get(f"/c/{campaign.pk}/view.json").json()["view"]
    (now,) = view["awaiting"]
    other = next(p for p in view["players"] if p != now)
    forms = every_form(clients[now], campaign.pk, "grid")
    assert forms and all(json.loads(f["order"])["fixed"]["unit"].startswith(f"{now}.") for f in forms)
    assert every_form(clients[other], campaign.pk, "grid") == []
    for who in (now, other):  # both see the grid battle on their page
        assert "Points de vie restants" in clients[who].get(f"/c/{campaign.pk}/").content.decode()  # the grid status
    # the map is the board: the grid's battlefield is drawn under the island; while deploying (his units not on
    # the field yet) his own piece is the one to click, and the cells of his deployment zone light up as spots
    page = clients[now].get(f"/c/{campaign.pk}/").content.decode()
    marked = set(re.findall(r'data-thing="([^"]*)" data-orders="1"', page))
    assert marked and all(m == now or m.startswith(f"{now}.") for m in marked)
    assert 'data-place="C9"' in page
    assert re.search(r'data-spot="C\d+"', page)
    before = length(campaign)
    r = clients[now].post(f"/c/{campaign.pk}/orders/", forms[0], HTTP_HX_REQUEST="true")
    assert r.status_code == 200, r.content.decode()[:400]
    assert length(campaign) == before + 1
    with store.viewing(campaign.pk) as (_campaign, c):
        last = c.game.entries[-1].command
    assert last["type"] == "grid" and last["player"] == now and last["order"] == "deploy"
