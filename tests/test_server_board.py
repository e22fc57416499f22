"""The map as the board on the club's pages: the pieces a player may order are marked on the map, one piece's forms
are drawn at a time (the one selected), its places and targets are named for the map's script from the legal
orders, and the order a click on one of them gives is the one its form gives, accepted."""

from __future__ import annotations

import html
import re

import pytest

from server_kit import club, length

from campagne.registry import games
from campagne.server import store

pytestmark = pytest.mark.django_db

PICTURED = sorted(name for name, d in games().items() if d.picture)


@pytest.fixture(autouse=True)
def _fresh() -> None:
    store.forget()


def spots(page: str) -> list[dict[str, str]]:
    box = re.search(r'<div id="board-targets"[^>]*>(.*?)</div>', page, re.S)
    assert box, "no #board-targets on the page"
    return [{k: html.unescape(v) for k, v in re.findall(r'(data-[\w-]+|title)="([^"]*)"', i)}
            for i in re.findall(r"<i [^>]*>", box.group(1))]


def form_by_id(page: str, form_id: str) -> str:
    found = re.search(rf'<form class="order" id="{re.escape(form_id)}".*?</form>', page, re.S)
    assert found, form_id
    return found.group(0)


def click(page: str, spot: dict[str, str]) -> dict[str, str]:
    """What the map's script posts for a click on a lit spot: the spot's form, its field set to the spot's value,
    its other fields as the form has them."""
    form = form_by_id(page, spot["data-form"])
    values = {k: html.unescape(v) for k, v in re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form)}
    for name, first in re.findall(r'<select name="(\w+)">(?:<option value="">—</option>)?<option value="([^"]*)"', form):
        values[name] = html.unescape(first)
    values[spot["data-field"]] = spot["data-value"]
    return values


def order_by_clicking(client, campaign) -> None:  # type: ignore[no-untyped-def]
    """The player's orders box drawn, its last lit spot clicked: his order is given (the journal grows)."""
    box = client.get(f"/c/{campaign.pk}/orders/", HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    lit = spots(box)
    assert lit, "no spot to click: the test gives no order"
    n = length(campaign)
    r = client.post(f"/c/{campaign.pk}/orders/", click(box, lit[-1]), HTTP_HX_REQUEST="true")
    assert r.status_code == 200 and length(campaign) > n


def awaited_player(campaign) -> str:  # type: ignore[no-untyped-def]
    with store.viewing(campaign.pk) as (_c, c):
        return next(p for p in c.game.awaiting() if p != "referee")


@pytest.mark.parametrize("game", PICTURED)
def test_the_pieces_to_order_are_marked_and_each_spot_names_a_form_of_the_page(game: str) -> None:
    campaign, clients = club(game)
    with store.viewing(campaign.pk) as (_c, c):
        awaited = [p for p in c.game.awaiting() if p != "referee"]
    for who in awaited:
        page = clients[who].get(f"/c/{campaign.pk}/").content.decode()
        marked = set(re.findall(r'data-thing="([^"]*)" data-orders="1"', page))
        selected = re.search(r'<div id="board-targets" hidden data-selected="([^"]*)"', page).group(1)  # type: ignore[union-attr]
        if not marked:
            continue
        assert html.unescape(selected) in {html.unescape(m) for m in marked}, (who, selected)
        for spot in spots(page):
            form = form_by_id(page, spot["data-form"])
            assert f'name="{spot["data-field"]}"' in form
            assert html.escape(spot["data-value"]) in form or spot["data-value"] in html.unescape(form)
            assert re.search(rf'data-(place|thing)="{re.escape(html.escape(spot["data-spot"]))}"', page)


def test_arc_draws_one_counters_forms_and_a_click_on_the_map_gives_its_order() -> None:
    campaign, clients = club("arc")
    who = awaited_player(campaign)
    with store.viewing(campaign.pk) as (_c, c):
        legal = store.legal(campaign, c, who)
    page = clients[who].get(f"/c/{campaign.pk}/").content.decode()
    forms = page.count('<form class="order"')
    assert forms < len(legal) / 2, (forms, len(legal))  # not one form per counter
    marked = re.findall(r'data-thing="([^"]*)" data-orders="1"', page)
    assert len(marked) > 5
    # select another counter, as a click on it does
    other = html.unescape(marked[-1])
    box = clients[who].get(f"/c/{campaign.pk}/orders/", {"sel": other}, HTTP_HX_REQUEST="true").content.decode()
    assert f'data-selected="{html.escape(other)}"' in box
    lit = spots(box)
    assert lit and all(f'unit={other}' in html.unescape(form_by_id(box, s["data-form"])) or other in
                       html.unescape(form_by_id(box, s["data-form"])) for s in lit)
    # the selection stays with the player: the whole page shows it again
    again = clients[who].get(f"/c/{campaign.pk}/").content.decode()
    assert f'data-selected="{html.escape(other)}"' in again
    before = length(campaign)
    spot = lit[-1]
    r = clients[who].post(f"/c/{campaign.pk}/orders/", click(box, spot), HTTP_HX_REQUEST="true")
    assert r.status_code == 200, r.content.decode()[:500]
    assert length(campaign) > before
    with store.viewing(campaign.pk) as (_c, c):
        given = next(e for e in reversed(c.file.entries) if e["command"].get("player") == who)["command"]
    assert given.get("unit") == other and given.get("hex") == spot["data-spot"], given
    served(clients, page)


def test_a_spot_with_more_to_choose_is_not_given_at_once() -> None:
    from campagne.core.interface import Field, LegalOrder
    from campagne.server import board
    lo = LegalOrder("move", "alice", {"unit": "u.1"}, (Field("hex", choices=("A1", "A2")),
                                                        Field("speed", choices=("slow", "fast"))))
    marked = board.targets([lo], [0], {0: "order-0"}, frozenset({"u.1"}), frozenset({"A1", "A2"}), [])
    assert marked.count("<i ") == 2 and 'data-auto="0"' in marked and 'data-auto="1"' not in marked
    one = LegalOrder("move", "alice", {"unit": "u.1"}, (Field("hex", choices=("A1", "A2")),))
    assert 'data-auto="1"' in board.targets([one], [0], {0: "order-0"}, frozenset({"u.1"}),
                                            frozenset({"A1", "A2"}), [])


def test_a_path_ends_where_it_is_drawn_and_an_army_is_found_under_its_player() -> None:
    from campagne.core.interface import Field, LegalOrder
    from campagne.server import board
    things, places = frozenset({"alice:L1", "bob:L1"}), frozenset({"0,0", "0,1", "1,1"})
    lo = LegalOrder("move", "alice", {"army": "L1"}, (Field("path", choices=(["0,1"], ["0,1", "1,1"])),))
    assert board.thing_of(lo, things, places) == "alice:L1"
    assert [s for s, _ in board.spots(lo.fields[0], "alice", things, places)] == ["0,1", "1,1"]
    mine = LegalOrder("move", "alice", {}, (Field("path", choices=(["0,1"],)),))
    assert board.thing_of(mine, frozenset({"alice"}), places) == "alice"  # his own army, named as he is


def served(clients, page: str) -> None:  # type: ignore[no-untyped-def]
    """The board's script and the phone's styles are served from the club (WhiteNoise), no other site."""
    for name in ("board.js", "club.css"):
        url = re.search(rf'(?:src|href)="([^"]*club/{name})"', page)
        assert url, name
        assert url.group(1).startswith("/static/")
        r = clients["referee"].get(url.group(1))
        assert r.status_code == 200, name
        body = b"".join(r.streaming_content) if r.streaming else r.content  # type: ignore[attr-defined]
        assert len(body) > 200
    css = (store.__file__.rsplit("/", 1)[0] + "/static/club/club.css")
    text = open(css, encoding="utf-8").read()
    assert "@media (max-width:" in text and "flex-direction:column" in text


def test_pending_proposals_are_drawn_one_at_a_time_and_a_grantor_is_no_piece() -> None:
    from campagne.core.interface import Field, LegalOrder
    from campagne.server import board
    legal = [LegalOrder("accept", "alice", {"agreement": f"a{i}"}) for i in range(40)]
    legal += [LegalOrder("agree", "alice", {"parties": ["bob"], "grantor": "alice"}),
              LegalOrder("move", "alice", {}, (Field("path", choices=(["t1"],)),)), LegalOrder("done", "alice")]
    sorted_ = board.sort(legal, frozenset({"alice"}), frozenset({"t1"}))
    assert sorted_.on_map == ["alice"] and sorted_.pieces["alice"] == [41]  # his army moves; granting is his own
    assert sorted(sorted_.pieces[None]) == [40, 42]
    assert all(sorted_.pieces[f"a{i}"] == [i] for i in range(40))  # each proposal its own group, drawn when chosen
    assert board.chosen(sorted_, None) == "alice" and board.chosen(sorted_, "a7") == "a7"
    assert board.chosen(sorted_, "gone") == "alice"


def test_a_lit_spot_says_its_order_its_path_and_the_odds_the_advice_gives() -> None:
    from campagne.core.interface import Field, LegalOrder
    from campagne.server import board
    lo = LegalOrder("move", "alice", {"army": "L1"}, (Field("path", choices=(["0,1", "1,1"],)),))
    advice = [{"about": "move", "territory": "1,1", "text": "Battle at 1,1: 62 % to win."},
              {"about": "move", "territory": "5,5", "text": "elsewhere"}, {"about": "threat", "text": "1,1 threat"}]
    lit = board.targets([lo], [0], {0: "order-0"}, frozenset({"alice:L1"}), frozenset({"0,1", "1,1"}), advice)
    assert 'title="move → 0,1 → 1,1 — Battle at 1,1: 62 % to win."' in lit


@pytest.mark.parametrize("game", ["arc", "skirmish"])
def test_a_lit_spot_speaks_the_readers_language_and_says_its_cost(game: str) -> None:
    """A spot's title begins with the order's title in the reader's language (never its type word, `move`),
    names the choice, and says what it costs; the cost is drawn on the spot (`data-cost`)."""
    from campagne.core.i18n import Lang
    from campagne.core.interface import Field, LegalOrder
    from campagne.server import board
    from campagne.server.words import Words
    d = games()[game]
    lo = LegalOrder("move", "alice", {"unit": "soldiers.1"},
                    (Field("cell", choices=("M8", "M10"), notes={"M8": {"fr": "2 PA", "en": "2 AP"}}),))
    for lang, cost in (("fr", "2 PA"), ("en", "2 AP")):
        words = Words(d.load("text"), Lang(lang), d.load("orders"), {})
        lit = spots(f'<div id="board-targets">{board.targets([lo], [0], {0: "order-0"}, frozenset({"soldiers.1"}), frozenset({"M8", "M10"}), [], words)}</div>')
        first = lit[0]
        assert first["title"].startswith(board._ASIDE.sub("", words.order("move")).rstrip(".") + " → M8 (" + cost + ")")
        assert not first["title"].startswith("move") and first["data-cost"] == cost and lit[1]["data-cost"] == ""


def test_the_spots_of_a_french_page_are_titled_in_french() -> None:
    campaign, clients = club("arc")
    who = awaited_player(campaign)
    page = clients[who].get(f"/c/{campaign.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    lit = spots(page)
    assert lit and all(not s["title"].split()[0] in ("place", "move", "fly") for s in lit), lit[:3]
    assert all(s["title"].startswith("Placer") for s in lit), lit[:3]


def test_a_spot_takes_the_odds_of_its_own_piece_and_place_only() -> None:
    """M1 is not M10, and another counter's odds to the same hex are not this one's."""
    from campagne.core.interface import Field, LegalOrder
    from campagne.server import board
    lo = LegalOrder("move", "alice", {"unit": "u.1"}, (Field("hex", choices=("M1", "M10")),))
    advice = [{"about": "move", "unit": "u.1", "hexes": ["M10"], "text": "u.1 to M10: struck 33%"},
              {"about": "move", "unit": "u.2", "hexes": ["M1"], "text": "u.2 to M1: struck 50%"}]
    lit = spots(f'<div id="board-targets">{board.targets([lo], [0], {0: "order-0"}, frozenset({"u.1"}), frozenset({"M1", "M10"}), advice)}</div>')
    assert lit[0]["title"] == "move → M1" and lit[1]["title"] == "move → M10 — u.1 to M10: struck 33%"
