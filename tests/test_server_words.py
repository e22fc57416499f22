"""The club's order forms in words (titles, labels, names of choices, costs beside them) and the orders box that
draws itself again when the player's turn comes."""

from __future__ import annotations

import re

import pytest
from server_kit import club

from campagne.core.i18n import Lang
from campagne.core.interface import Field, LegalOrder
from campagne.server import orders, store
from campagne.server.words import Words, plain

pytestmark = pytest.mark.django_db


def test_command_line_asides_are_left_out_of_the_help() -> None:
    assert plain("refuse a challenge (save roll; --set relics=N: offer N relic points)") == "refuse a challenge"
    assert plain("its target, then the reason (or --set territory=, holder=)") == "its target, then the reason"
    assert plain("move an army cell by cell") == "move an army cell by cell"


def test_a_form_says_its_order_its_fields_and_each_choices_name_and_cost() -> None:
    specs = {"buy": type("Spec", (), {"help": {"en": "buy models (--set n=3)", "fr": "acheter"}, "args": ()})()}
    text = type("Text", (), {"choice_words": staticmethod(lambda v, o: {"k1": "The Kingdom"}.get(v))})
    lo = LegalOrder("buy", "alice", {"kingdom": "k1"},
                    (Field("where", choices=("k1", "bob"), notes={"k1": {"en": "3 loot", "fr": "3 butin"}}),
                     Field("models", "int", low=1, high=4, notes={"each": {"en": "8 loot a model", "fr": "8 b."}})))
    words = Words(text, Lang("en"), specs, {"bob": "Bob the Bold"})
    body = str(orders.forms([lo], words, "Give")[0]["body"])
    assert "Buy models" in body and "--set" not in body and "=" not in re.sub(r"<[^>]*>", "", body)
    assert "kingdom: The Kingdom" in body
    assert ">The Kingdom — 3 loot</option>" in body and ">Bob the Bold</option>" in body
    assert "8 loot a model" in body


def test_atlantis_kingdoms_are_offered_by_name() -> None:
    campaign, clients = club("atlantis")
    page = clients["alice"].get(f"/c/{campaign.pk}/orders/").content.decode()
    assert ">Ampheres</option>" in page or "Ampheres" in page
    assert "kingdom=" not in page
    assert "Choose" in page or "choose" in page.lower()


def test_the_orders_box_draws_itself_again_when_the_turn_comes() -> None:
    campaign, clients = club("gorges", humans=2)
    url = f"/c/{campaign.pk}/live/"
    for who in ("alice", "bob"):
        page = clients[who].get(f"/c/{campaign.pk}/").content.decode()
        turn = re.search(r'id="orders-turn" name="turn" value="([01])"', page)
        assert turn, "the orders box says whether it was drawn for the player's turn"
        assert 'hx-include="#orders-turn"' in page and 'hx-trigger="campagne-turn from:body"' in page
        now = turn.group(1)
        # drawn for the turn as it stands: the box stays (a form being filled in is kept)
        assert "HX-Trigger" not in clients[who].get(url, {"turn": now}).headers
        # drawn before the turn changed: the live part tells the box to draw itself again
        assert clients[who].get(url, {"turn": "1" if now == "0" else "0"}).headers["HX-Trigger"] == "campagne-turn"
    assert "HX-Trigger" not in clients["spectator"].get(url, {"turn": "1"}).headers


def test_the_new_campaign_page_offers_seats_controllers_armies_and_options_with_their_help() -> None:
    from server_kit import user
    from django.test import Client

    from campagne.server.models import Campaign
    c = Client()
    c.force_login(user("organiser", is_staff=True))
    c.cookies["django_language"] = "en"
    page = c.get("/new/", {"game": "skirmish"}).content.decode()
    for words in ("a computer searching ahead", "a person of the club", "nobody (seat not used)", "the battlefield",
                  ">forest</option>", ">warband</option>", "the roster"):
        assert words in page, words
    assert "ID[:human" not in page
    r = c.post("/new/", {"game": "skirmish", "title": "Seats", "seat_0_id": "ann", "seat_0_controller": "human",
                         "seat_0_what": "patrol", "seat_1_id": "ben", "seat_1_controller": "search",
                         "seat_1_name": "Ben", "seat_2_id": "p3", "seat_2_controller": "", "opt_battlefield": "forest"})
    assert r.status_code == 302, r.content.decode()[:2000]
    campaign = Campaign.objects.get(title="Seats")
    with store.viewing(campaign.pk) as (_c, cc):
        players = cc.file.header["setup"]["players"]
        assert [(p["id"], p["controller"]) for p in players] == [("ann", "human"), ("ben", "search")]
        assert players[0]["roster"] == "patrol" and players[1]["name"] == "Ben"
        assert cc.file.header["setup"].get("battlefield") == "forest" or "forest" in str(cc.file.header["setup"])
    bad = c.post("/new/", {"game": "skirmish", "title": "Bad", "seat_0_id": "ann", "seat_0_controller": "robot"})
    assert bad.status_code == 200 and not Campaign.objects.filter(title="Bad").exists()


def test_gorges_corrections_offer_their_choices_by_name() -> None:
    """The referee's `adjust` forms: kinds, buildings, characteristics, items and armies by name, no ids."""
    import html

    from campagne.core.game import Game
    from campagne.games.gorges.legal import adjust_orders
    from campagne.games.gorges.rules import GorgesRules
    from campagne.games.gorges.simulate import default_players
    from campagne.registry import games
    d = games()["gorges"]
    state = Game(GorgesRules(), {"players": default_players(2, "random")}, 3).state
    legal = adjust_orders(state)
    for lang, wanted in (("fr", ("points de bataille", "Mine + Forteresse", ">CC<", "le général de ")),
                         ("en", ("battle points", "Mine + Fortress", ">WS<", "'s general"))):
        words = Words(d.load("text"), Lang(lang), d.load("orders"), {})
        body = html.unescape("".join(str(f["body"]) for f in orders.forms(legal, words, "Give")))
        shown = re.sub(r"<[^>]*>", lambda m: ">" if m.group(0).startswith("</") else "", body)
        for raw in ("battle_points", "hero_items", "mine+fortress", ":G<", ":L1<"):
            assert raw not in shown, (lang, raw)
        for w in wanted:
            assert w in body or w in shown, (lang, w)


def test_atlantis_agreements_are_labelled_in_french_with_what_the_loot_costs() -> None:
    import html

    from test_order_costs import _state

    from campagne.games.atlantis.legal import _diplomacy
    d, state = _state("atlantis", 30, 2)
    legal = _diplomacy(state, state.players["alice"])
    words = Words(d.load("text"), Lang("fr"), d.load("orders"), {"alice": "Alice", "bob": "Bob"})
    shown = html.unescape(re.sub(r"<[^>]*>", " ", "".join(str(f["body"]) for f in orders.forms(legal, words, "Donner"))))
    for english in ("loot from", "loot to", "grantor", "supply", "taxes"):
        assert english not in shown, english
    assert "payé par : Alice" in shown and "butin payé par alice, qui en a" in shown
