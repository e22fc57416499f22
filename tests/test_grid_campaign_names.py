"""Names, not ids, for what only a campaign names (issue 23): the cards of a campaign battle fought on the grid
(`a.foot1.2`: a's Foot1 2, « Foot1 2 d'a ») in its status, its events and its choices, and the places of a
campaign on its own map (Atlantis's territories, Gorges's named cells) in its choices."""

from __future__ import annotations

import tomllib
from types import SimpleNamespace

from atlantis_rules_kit import ref
from test_atlantis_rules_battles import fought

from campagne.core.i18n import Lang
from campagne.games.atlantis import text as atlantis_text
from campagne.games.atlantis.map import default_map_text, map_from_mapping
from campagne.games.gorges import text as gorges_text
from campagne.games.gorges.map import load_map_text
from campagne.games.skirmish.text import event_text, unit_name
from campagne.render.text import Named
from campagne.server.words import Words

FR, EN = Lang("fr"), Lang("en")


def test_a_campaign_card_names_its_player_and_what_it_stands_for():
    names, units = {"alice": "Alice"}, {"alice.spearmen1": {"fr": "Lanciers", "en": "Spearmen"}}
    assert unit_name("alice.spearmen1.3", EN, names, units) == "Alice's Spearmen 3"
    assert unit_name("alice.spearmen1.3", FR, names, units) == "Lanciers 3 d'Alice"
    assert unit_name("alice.general", FR, names) == "le général d'Alice"
    assert unit_name("bob.L1.2", EN) == "bob's lieutenant 1, card 2"
    assert unit_name("bob.L1.renown.1.honour", FR) == "le lieutenant 1 de bob, régiment de renom 1 (honneur)"
    assert unit_name("bob.G.hero", EN) == "bob's general, hero"
    assert unit_name("soldiers.2", FR) == "Soldats 2" and unit_name("C4", EN) == "C4"  # as before


def test_a_campaign_battle_on_the_grid_names_its_cards_in_status_events_and_choices():
    game = fought()
    game.push(ref("auto-resolve", territory="mestoria", resolver="grid", players=True))
    s = game.state
    for o, said in ((EN, "a's Foot1 1 — Soldiers"), (FR, "Foot1 1 d'a — Soldats")):
        assert said in atlantis_text.status_text(game.view("a"), o)
    assert atlantis_text.choice_words("a.foot1.2", EN, s) == "a's Foot1 2"
    assert atlantis_text.choice_words("b.general", FR, s) == "le général de b"
    words = Words(atlantis_text, EN, {}, {"a": "Anne"}, s, "1")
    assert words.choice("a.foot1.2") == "a's Foot1 2"  # the club's forms, through the campaign's state
    # the journal's grid events name the cards by their players' names
    ev = {"type": "deployed", "camp": "a", "unit": "a.foot1.2", "cell": "C4"}
    assert "Anne's foot1 2" in event_text(ev, Named(EN, {"a": "Anne"}))
    assert "a.foot1.2" not in event_text(ev, Named(FR, {"a": "Anne"}))


def test_choices_are_named_from_the_campaigns_own_map():
    raw = tomllib.loads(default_map_text().replace('name = "Mestoria"', 'name = "Mestoria-la-Neuve"'))
    own = SimpleNamespace(map=map_from_mapping(raw), battles=[])
    assert atlantis_text.choice_words("mestoria", EN, own) == "Mestoria-la-Neuve"
    assert atlantis_text.choice_words("mestoria", EN) == "Mestoria"  # without a state: the default map's
    island = load_map_text('name = "Île du club"\n[[cells]]\nq = 0\nr = 0\nterrain = "plain"\nname = "Fort Noir"\n'
                           'capital = 1\n[[cells]]\nq = 1\nr = 0\nterrain = "plain"\n'
                           '[[cells]]\nq = 2\nr = 0\nterrain = "plain"\ncapital = 2\n')
    state = SimpleNamespace(map=island, battles=[])
    assert gorges_text.choice_words("0,0", FR, state) == "Fort Noir (0,0)"
    assert gorges_text.choice_words("1,0", FR, state) is None  # an unnamed cell is its coordinates
    assert Words(gorges_text, FR, {}, {}, state).choice("0,0") == "Fort Noir (0,0)"


def test_the_status_names_places_from_the_campaigns_own_map():
    game = fought()
    assert "place_names" not in game.view("a")  # the default map: the text knows its names
    raw = tomllib.loads(default_map_text().replace('name = "Mestoria"', 'name = "Mestoria-la-Neuve"'))
    game.state.map = map_from_mapping(raw)
    for o in (EN, FR):
        status = atlantis_text.status_text(game.view("a"), o)
        assert "Mestoria-la-Neuve" in status and "Mestoria," not in status, status


def test_the_journal_names_places_and_cards_from_what_the_reader_sees():
    from campagne.render.text import entry_lines
    game = fought()
    raw = tomllib.loads(default_map_text().replace('name = "Mestoria"', 'name = "Mestoria-la-Neuve"'))
    game.state.map = map_from_mapping(raw)
    game.push(ref("auto-resolve", territory="mestoria", resolver="grid", players=True))
    seen = game.view("a")
    entry = {"n": 9, "command": {"type": "grid", "player": "a"},
             "events": [{"type": "grid", "territory": "mestoria",
                         "event": {"type": "deployed", "camp": "a", "unit": "a.foot1.2", "cell": "C4"}}]}
    line = entry_lines(entry, EN, atlantis_text.event_text, {"a": "Anne"}, None, seen)[1]
    assert line.strip() == "[Mestoria-la-Neuve, grid] Anne deploys Anne's Foot1 2 on C4", line
    without = entry_lines(entry, FR, atlantis_text.event_text, {"a": "Anne"})[1]
    assert "[Mestoria, quadrillage] Anne déploie foot1 2 d'Anne en C4" in without, without


def test_a_ruleset_whose_choice_words_takes_no_state_is_still_asked():
    from campagne.render.words import choice_name
    old = lambda v, o: {"k1": "The Kingdom"}.get(v)  # noqa: E731 (a ruleset written before the state was given)
    assert choice_name(old, "k1", EN, object()) == "The Kingdom" and choice_name(None, "k1", EN) is None
    assert choice_name(atlantis_text.choice_words, "mestoria", EN, SimpleNamespace(map=None, battles=[])) == "Mestoria"


def test_the_map_titles_a_campaign_card_by_its_player_and_army_unit():
    from campagne.games.atlantis.picture import campaign_svg as picture
    from campagne.games.skirmish.played import stand_in
    game = fought()
    game.push(ref("auto-resolve", territory="mestoria", resolver="grid", players=True))
    b = game.state.battles[0]
    (who,) = [p for p in ("a", "b") if stand_in(b.fought, p, "t")]
    fields = {**stand_in(b.fought, who, "t"), "unit": f"{who}.foot1.1"}  # his Foot1's first card
    from campagne.games.atlantis.inputs import read_order
    game.push(read_order({"type": "grid", "player": who, **fields}, game.state))
    svg = picture(game.state, "en", None)
    assert f"<title>{who}.foot1.1: {who}&#x27;s Foot1 1 — Soldiers, " in svg, svg[-3000:]


def test_a_finished_grid_battles_journal_names_its_cards_as_during_it():
    """Once the grid battle is over (and its battle gone from a later turn's view), its journal lines still name
    the cards by their player and army unit (« Foot1 1 d'Anne »), for every reader, in both languages."""
    from test_grid_played import fight_it

    from campagne.render.text import entry_lines
    game = fought()
    n = len(game.entries)
    game.push(ref("auto-resolve", territory="mestoria", resolver="grid", players=True))
    fight_it(game)
    game.state.battles = []  # a later turn: the view holds no grid battle any more
    for viewer in ("a", "b", None):
        seen = game.view(viewer)
        for o, named in ((EN, "Anne's Foot1 "), (FR, "Foot1 1 d'Anne")):
            lines = [line for e in game.entries[n:] for line in entry_lines(
                {"n": 1, "command": dict(e.command), "events": list(e.events)}, o, atlantis_text.event_text,
                {"a": "Anne"}, None, seen)[1:]]
            assert any(named in line for line in lines), (viewer, o.lang)
            assert not [line for line in lines if "foot1" in line or "a.foot" in line], (viewer, o.lang)


def test_a_grid_battles_battlefield_and_camps_are_named_in_the_journal():
    from campagne.games.gorges import text as gorges_text
    named = Named(FR, {"a": "Anne"})
    assert event_text({"type": "setup", "battlefield": "river", "camps": ["b", "a"]}, named) == \
        "Bataille engagée sur Le gué entre b, Anne (défenseur b)"
    grid = {"type": "grid_battle", "territory": "mestoria", "people": ["a"], "battlefield": "forest"}
    assert "(Sous-bois)" in atlantis_text.event_text(grid, FR) and "(Woodland)" in atlantis_text.event_text(grid, EN)
    won = {"type": "auto_resolve", "battle": 1, "resolver": "grid_players", "winner": "a"}
    assert gorges_text.event_text(won, Named(EN, {"a": "Anne"})).endswith("Anne wins")
