"""Atlantis rules: what each player may see (seed 000: the secret strategy written on the campaign sheet,
private agreements)."""

from __future__ import annotations

import json

from atlantis_rules_kit import (
    act,
    advance,
    army,
    both_frontal,
    campaign,
    one,
    order,
    place,
    ref,
    two_players,
    view,
)

from campagne.games.atlantis.views import redact_entry, redact_event


def battle():
    game = two_players(pos_a="cap-boreal", pos_b="mestoria")
    advance(game, "movement")
    act(game, order("move", "a", path=["mestoria"]))
    act(game, order("hold", "b"))
    act(game, ref("next"))
    return game


def test_views_are_plain_json_and_the_referee_sees_everything():
    game = battle()
    act(game, order("strategy", "a", strategy="defence"))
    for viewer in (None, "a", "b"):
        v = view(game, viewer)
        assert json.loads(json.dumps(v)) == v
    assert view(game, None)["viewer"] == "referee"
    assert view(game, None)["battles"][0]["strategies"]["a"] == "defence"


def test_a_strategy_is_hidden_from_the_other_player_until_revealed():
    # "Le joueur inscrit sur sa feuille de campagne la stratégie adoptée pour ce tour." — secret until both
    # are compared on the TABLE DES SCENARIOS.
    game = battle()
    events = act(game, order("strategy", "a", strategy="defence"))
    ev = one(events, "strategy_chosen")
    assert redact_event(ev, "b")["secret"] == "hidden"
    assert redact_event(ev, "a")["secret"] == {"strategy": "defence"}
    assert redact_event(ev, None)["secret"] == {"strategy": "defence"}
    assert view(game, "b")["battles"][0]["strategies"] == {"a": "chosen", "b": None}
    assert "defence" not in json.dumps(view(game, "b"))
    act(game, order("strategy", "b", strategy="frontal"), [2, 1] + [1] * 6)
    # Revealed: "B se heurte aux positions défensives de A."
    assert view(game, "b")["battles"][0]["strategies"] == {"a": "defence", "b": "frontal"}
    assert view(game, "b")["battles"][0]["scenario"] == "Pitched Battle"


def test_journal_entries_hide_the_strategy_order_from_the_other_player():
    game = battle()
    entry = game.push(order("strategy", "a", strategy="wait")).to_dict()
    seen_by_b = redact_entry(entry, "b")
    assert seen_by_b["command"]["strategy"] == "hidden"
    assert seen_by_b["events"][0]["secret"] == "hidden"
    assert redact_entry(entry, "a") == entry
    assert redact_entry(entry, None) == entry


def test_private_agreements_are_hidden_from_the_other_players():
    # "l'accord peut être public ou privé selon le désir des joueurs"
    game = campaign(("a", army()), ("b", army()), ("c", army()))
    place(game, {"a": ("azues", "azaea"), "b": ("mestor", "mestoria"), "c": ("euamon", "euemonia")})
    advance(game, "diplomacy")
    entry = game.push(order("agree", "a", parties=["a", "b"], public=False, text="Nous deux contre c",
                            grantor="b", passage=["a"])).to_dict()
    # c learns neither its terms (grantor, passage, text) nor that there is an agreement at all: the line is not
    # his to read (None), so his journal has no line for it (campagne.reading numbers the lines he reads)
    assert redact_entry(entry, "c") is None
    accepted = game.push(order("accept", "b", agreement=1)).to_dict()
    assert redact_entry(accepted, "c") is None
    # a party reads it all, each agreement by his own number only (not everyone's: that would count theirs)
    assert redact_entry(accepted, "a") == {**accepted, "events": [
        {k: v for k, v in e.items() if k != "numbers"} for e in accepted["events"]]}
    assert redact_entry(entry, "b")["events"][0]["private"] == {"text": "Nous deux contre c"}
    assert view(game, "c")["agreements"] == [] and len(view(game, "b")["agreements"]) == 1
    # a public one is everybody's business
    game.push(order("agree", "c", parties=["b", "c"], public=True, text="Trêve"))
    assert [x["text"] for x in view(game, "c")["agreements"]] == ["Trêve"]
    assert [x["text"] for x in view(game, "a")["agreements"]] == ["Nous deux contre c", "Trêve"]
    # each numbers the agreements he may see 1, 2...: to c the truce is the first, as nothing came before it for him
    assert [x["id"] for x in view(game, "c")["agreements"]] == [1]
    assert [x["id"] for x in view(game, "a")["agreements"]] == [1, 2]
    assert [x["id"] for x in view(game)["agreements"]] == [1, 2]  # the referee's: one sequence


def test_the_view_tells_who_must_act():
    game = battle()
    assert sorted(view(game, "a")["awaiting"]) == ["a", "b"]
    both_frontal(game)
    assert view(game, "a")["awaiting"] == ["referee"]


def test_the_view_shows_the_map_state():
    game = two_players(pos_a="cap-boreal")
    v = view(game, "b")
    assert v["territories"]["cap-boreal"] == {"owner": "a", "fortresses": 0, "armies": ["a"]}
    assert v["territories"]["mont-atlas"]["owner"] is None
    assert v["players"]["a"]["position"] == "cap-boreal" and v["players"]["a"]["loot"] == 250
    assert v["players"]["a"]["army"]["points"] == 300 and v["players"]["a"]["army"]["strength"] == 4
    assert (v["turn"], v["phase"]) == (1, "events")
