"""What a referee and players read at the table (Atlantis): the status and the journal's lines say the numbers a
table needs, in words, in both languages (issue « At the table »)."""

from __future__ import annotations

from atlantis_rules_kit import (act, advance, army, both_frontal, campaign, one, order, own, ref, two_players,
                                unit, view)

from campagne.core.i18n import Lang
from campagne.games.atlantis import text

EN, FR = Lang("en"), Lang("fr")


def fought(a: dict | None = None, b: dict | None = None):
    """a marches on b in Mestoria; both write the frontal strategy: the battle awaits its result."""
    game = two_players(pos_a="cap-boreal", pos_b="mestoria", a=a, b=b)
    advance(game, "movement")
    act(game, order("move", "a", path=["mestoria"]))
    act(game, order("hold", "b"))
    act(game, ref("next"))
    both_frontal(game)
    return game


def test_status_shows_the_placement_rolls_during_set_up():
    game = campaign("a", "b", setup_faces=[57, 81])
    shown = text.status_text(view(game), FR)
    assert "Jets de placement (D100), dans l'ordre du choix : b 81, a 57" in shown


def test_status_says_flags_and_controllers_in_words():
    game = two_players()
    game.state.players["a"].supplied = False
    game.state.players["b"].must_retreat = True
    fr, en = text.status_text(view(game), FR), text.status_text(view(game), EN)
    assert "non ravitaillée" in fr and "doit battre en retraite" in fr and "(humain)" in fr
    assert "not supplied" in en and "must retreat" in en
    assert "unsupplied" not in en and "must_retreat" not in en


def test_a_general_killed_in_a_duel_is_no_longer_the_armys_general():
    game = fought()
    act(game, ref("battle-result", territory="mestoria", winner="a",
                  characters=[{"player": "b", "unit": "general", "how": "duel"}]))
    assert view(game)["players"]["b"]["army"]["general"] is None
    assert "no general" in text.status_text(view(game), EN)


def test_a_resolved_battle_leaves_the_status_and_its_line_gives_the_numbers():
    game = fought(a=army(units=[unit("foot1"), unit("hero", kind="character", models=1, ppm=50)]))
    shown = text.status_text(view(game), EN)
    assert "Battle in Mestoria" in shown and "Both sides deploy" in shown  # the scenario cell, in words
    events = act(game, ref("battle-result", territory="mestoria", winner="a", killed={"b": {"foot1": 7}},
                           characters=[{"player": "a", "unit": "hero", "how": "battle"}]), [6])
    assert "Battle in mestoria" not in text.status_text(view(game), EN)
    line = text.event_text(one(events, "battle_result"), EN)
    assert "killed (b): foot1: 7" in line and "hero (a) fell in the battle (D6 6) → dead" in line


def test_an_auto_resolved_battle_prints_forces_rolls_points_and_models_removed():
    game = fought()
    events = act(game, ref("auto-resolve", territory="mestoria"), [6, 6, 1, 1], exact=False)
    ev = one(events, "battle_result")
    line = text.event_text(ev, FR)
    assert f"forces a : {ev['forces']['a']}, b : {ev['forces']['b']}" in line
    assert f"attaquant {ev['rounds'][0]['attacker']}, défenseur {ev['rounds'][0]['defender']}" in line
    assert "points perdus" in line and "retirées chez b" in line


def test_the_walls_to_place_are_said_when_the_strategies_are_revealed():
    game = two_players(pos_a="cap-boreal", pos_b="mestoria")
    advance(game, "movement")
    act(game, order("move", "a", path=["mestoria"]))
    act(game, order("hold", "b"))
    act(game, ref("next"))
    act(game, order("strategy", "a", strategy="frontal"))
    events = act(game, order("strategy", "b", strategy="défense"), [2, 1] + [1] * 6)  # the seed's French name
    line = text.event_text(one(events, "strategies_revealed"), FR)
    assert "B place 24 pas de murs avant le déploiement" in line and "Défense" in line
    assert "B place 24 pas de murs" in text.status_text(view(game), FR)


def test_a_conquest_line_gives_each_round_with_both_forces():
    game = two_players(pos_a="mont-atlas", pos_b="mestoria")
    own(game, None, "mont-atlas")
    advance(game, "conquest")
    events = act(game, order("conquer", "a"), [1, 1, 6, 6], exact=False)
    ev = one(events, "conquest")
    line = text.event_text(ev, EN)
    first = ev["rounds"][0]
    assert f"round 1: attack {first['attack']} v defence {first['defence']}" in line
    assert "capital_unconquered" not in line and "Loot +" in line


def test_the_end_prints_the_standings_it_decided():
    game = two_players()
    events = act(game, ref("end"), [6, 1], exact=False)
    line = text.event_text(one(events, "campaign_ended"), EN)
    assert "1. " in line and "2. " in line and "(loot " in line and "army " in line


def test_a_refused_move_says_which_rule_refused_it():
    from atlantis_rules_kit import refused
    game = two_players(pos_a="cap-boreal", pos_b="mestoria")
    advance(game, "movement")
    err = refused(game, order("move", "a", path=["atlantis-city"]), "move.illegal")
    assert "atlantis-city is not next to cap-boreal" in err.message("en")
    own(game, "b", "val-mestor")
    err = refused(game, order("move", "a", path=["mestoria", "val-mestor"]), "move.illegal")
    assert "two territories only through your own land: mestoria is b's" in err.message("en")
    assert "deux territoires seulement à travers ses propres terres : mestoria est à b" in err.message("fr")


def test_status_names_the_kingdom_the_people_and_each_unit_with_its_id_in_the_reader_s_language():
    """French everywhere under --lang fr: the kingdom by its printed name, the people and the units as the list
    names them in French (`people_fr`, `name_fr`), each unit after the id a player types."""
    from campagne.games.atlantis import army as armies
    egypt = armies.load_packaged_army("egyptian").to_dict()
    game = two_players(a=egypt)
    fr, en = text.status_text(view(game), FR), text.status_text(view(game), EN)
    assert "Azues (Égyptiens)" in fr and "Azues (Egyptian)" in en
    assert "sherden Garde shardane ×16" in fr and "sherden Sherden guard ×16" in en
    assert "général Mer Mesha (général)" in fr
    plain = two_players()  # a list without French names shows its own
    assert "foot1 Foot1 ×20" in text.status_text(view(plain), FR)
