"""Atlantis rules, phase 6: battles (seed 000, "La bataille", "Après la bataille", "Simulation des combats")."""

from __future__ import annotations

import itertools

import pytest
from atlantis_rules_kit import (
    QUIET_FIELD,
    act,
    advance,
    army,
    both_frontal,
    campaign,
    one,
    order,
    own,
    place,
    ref,
    refused,
    two_players,
    types,
    unit,
    view,
)

STRATS = ("frontal", "defence", "rapid", "outflank", "wait")
# TABLE DES SCENARIOS, as printed: row = Joueur A, column = Joueur B.
SCENARIOS = {
    "frontal": ["Pitched Battle", "Pitched Battle", "Surprise Attack", "No Battle", "Last Stand"],
    "defence": ["Pitched Battle", "Skirmish", "No Battle", "Flank Attack", "Skirmish Surprise Attack"],
    "rapid": ["Surprise Attack", "No Battle", "Meeting Engagement", "Ambush", "Breakthrough"],
    "outflank": ["No Battle", "Flank Attack", "Ambush", "No Battle", "No Battle"],
    "wait": ["Last Stand", "Skirmish Surprise Attack", "Breakthrough", "No Battle", "No Battle"],
}


def battle_at_mestoria(a=None, b=None, **kw):
    """a (from Cap Boréal) walks into Mestoria, b's royal city, where b's army stands: a battle, A = a."""
    game = two_players(pos_a="cap-boreal", pos_b="mestoria", a=a, b=b, **kw)
    advance(game, "movement")
    act(game, order("move", "a", path=["mestoria"]))
    act(game, order("hold", "b"))
    events = act(game, ref("next"))
    return game, events


def fought(sa="frontal", sb="frontal", **kw):
    game, _ = battle_at_mestoria(**kw)
    act(game, order("strategy", "a", strategy=sa))
    act(game, order("strategy", "b", strategy=sb), QUIET_FIELD)
    return game


# --------------------------------------------------------------------------- before the battle


def test_two_enemy_armies_in_a_territory_after_movement_fight_and_the_arriving_army_is_a():
    # "Si 2 armées ennemies se trouvent sur le même territoire à la fin de la phase de mouvements une bataille
    # va s'engager." "Un des joueur est désigné comme A et l'autre comme B."
    game, events = battle_at_mestoria()
    assert one(events, "battle_declared") == {"type": "battle_declared", "territory": "mestoria", "a": "a", "b": "b"}
    assert game.state.phase == "battles"
    assert view(game)["battles"][0]["a"] == "a"
    assert sorted(view(game)["awaiting"]) == ["a", "b"]


def test_when_both_move_in_the_later_mover_is_a():
    game = two_players(pos_a="azaea", pos_b="val-mestor")
    advance(game, "movement")  # a moves first
    act(game, order("move", "a", path=["marches-azues"]))
    act(game, order("move", "b", path=["marches-azues"]))
    events = act(game, ref("next"))
    assert one(events, "battle_declared")["a"] == "b"


def test_armies_that_stayed_together_fight_again():
    game = two_players(pos_a="cap-boreal", pos_b="cap-boreal")
    advance(game, "movement")
    act(game, order("hold", "a"))
    act(game, order("hold", "b"))
    events = act(game, ref("next"))
    assert one(events, "battle_declared")["territory"] == "cap-boreal"


def test_no_battle_without_two_armies_in_a_territory():
    game = two_players()
    events = advance(game, "battles")
    assert "battle_declared" not in types(events) and game.state.battles == []
    assert view(game)["awaiting"] == []


def test_strategies_are_secret_until_both_are_chosen():
    # "Le joueur inscrit sur sa feuille de campagne la stratégie adoptée pour ce tour."
    game, _ = battle_at_mestoria()
    events = act(game, order("strategy", "a", strategy="outflank"))
    assert one(events, "strategy_chosen")["secret"] == {"strategy": "outflank"}
    assert view(game, "a")["battles"][0]["strategies"] == {"a": "outflank", "b": None}
    assert view(game, "b")["battles"][0]["strategies"] == {"a": "chosen", "b": None}
    assert view(game, None)["battles"][0]["strategies"] == {"a": "outflank", "b": None}
    assert view(game)["awaiting"] == ["b"]
    refused(game, ref("next"), "phase.waiting", players="b")
    act(game, order("strategy", "a", strategy="rapid"))  # a may still change his mind
    act(game, order("strategy", "b", strategy="defence"))
    # A rapid / B defence: "La position de B est trop forte. No Battle." — revealed to both.
    assert view(game, "b")["battles"][0]["previous"] == {"a": ["rapid"], "b": ["defence"]}


def test_revealed_strategies_are_seen_by_both():
    game = fought("frontal", "wait")
    for viewer in ("a", "b", None):
        assert view(game, viewer)["battles"][0]["strategies"] == {"a": "frontal", "b": "wait"}


@pytest.mark.parametrize("i,j", list(itertools.product(range(5), range(5))))
def test_the_scenario_table(i, j):
    # "On détermine le scénario utilisé pour la bataille en croisant les stratégies choisies par les joueurs et
    # en lisant le résultat sur la tables des scénarios."
    sa, sb = STRATS[i], STRATS[j]
    expected = SCENARIOS[sa][j]
    game, _ = battle_at_mestoria()
    act(game, order("strategy", "a", strategy=sa))
    events = act(game, order("strategy", "b", strategy=sb), [] if expected == "No Battle" else QUIET_FIELD)
    assert one(events, "strategies_revealed")["scenario"] == expected
    b = game.state.battles[0]
    if expected == "No Battle":
        assert b.scenario is None and b.strategies == {"a": None, "b": None}
        assert sorted(view(game)["awaiting"]) == ["a", "b"]
    else:
        assert b.scenario == expected and view(game)["awaiting"] == ["referee"]


def test_after_no_battle_both_choose_again_a_different_option():
    # "Si aucune bataille n'intervient (No Battle), les joueurs choisissent une nouvelle option mais forcément
    # différente de la précédente et on compare à nouveau sur la table des scénarios."
    game, _ = battle_at_mestoria()
    act(game, order("strategy", "a", strategy="outflank"))
    act(game, order("strategy", "b", strategy="outflank"))
    refused(game, order("strategy", "a", strategy="outflank"), "battle.same_strategy", strategy="outflank")
    refused(game, order("strategy", "b", strategy="outflank"), "battle.same_strategy")
    act(game, order("strategy", "a", strategy="frontal"))
    events = act(game, order("strategy", "b", strategy="defence"), QUIET_FIELD)
    assert one(events, "strategies_revealed")["scenario"] == "Pitched Battle"


def test_five_no_battles_in_a_row_and_the_armies_do_not_fight_this_turn():
    # Interpretation (the seed sets no limit): after five "No Battle" the armies do not meet this turn.
    game, _ = battle_at_mestoria()
    for sa, sb in [("wait", "wait"), ("outflank", "outflank"), ("wait", "wait"), ("outflank", "outflank")]:
        act(game, order("strategy", "a", strategy=sa))
        act(game, order("strategy", "b", strategy=sb))
    act(game, order("strategy", "a", strategy="wait"))
    events = act(game, order("strategy", "b", strategy="wait"))
    assert "no_battle" in types(events) and view(game)["awaiting"] == []


def test_strategy_orders_are_checked():
    game, _ = battle_at_mestoria()
    refused(game, order("strategy", "a", strategy="charge"), "battle.bad_strategy")
    refused(game, order("strategy", "a"), "order.missing")
    game2 = two_players()
    advance(game2, "battles")
    refused(game2, order("strategy", "a", strategy="frontal"), "battle.no_strategy_needed")
    advance(game2, "conquest")
    refused(game2, order("strategy", "a", strategy="frontal"), "order.wrong_phase")


# --------------------------------------------------------------------------- the battlefield


def test_battlefield_six_sectors_counts_and_elements_of_the_main_terrain():
    # "Un joueur, tiré au sort, détermine les éléments de terrain pour les secteurs 1, 3 et 5. L'autre joueur
    # pour les secteurs 2, 4 et 6." NOMBRE D'ÉLÉMENTS PAR SECTEUR: "1-3 0 / 4-5 1 / 6 2", "-1 Secteur 2 et 5",
    # "+1 Secteur 1, 4, 3 et 6". Then "en fonction du terrain principal du territoire, le joueur choisit ...".
    game, _ = battle_at_mestoria()
    act(game, order("strategy", "a", strategy="frontal"))
    draw = [3, 3, 1, 5]  # a tie is drawn again; then b wins the draw
    sectors = [3, 1, 5, 3, 6, 2]  # 3+1=4, 1-1=0, 5+1=6, 3+1=4, 6-1=5, 2+1=3
    events = act(game, order("strategy", "b", strategy="frontal"), draw + sectors)
    field = one(events, "battlefield")["terrain"]
    assert [s["elements"] for s in field["sectors"]] == [1, 0, 2, 1, 1, 0]
    assert [s["player"] for s in field["sectors"]] == ["b", "a", "b", "a", "b", "a"]
    assert [s["lookup"]["total"] for s in field["sectors"]] == [4, 0, 6, 4, 5, 3]
    # Mestoria is a "Plaine avec fleuve": "Colline douce, fleuve, verger, villages, bois (*), terrain escarpé (*),
    # pont (1), gué (1 à 2)"
    assert field["main"] == "river"
    assert field["choices"] == ["gentle_hill", "river", "orchard", "villages", "wood", "rough_ground", "bridge", "ford"]
    assert field["choices_fr"].startswith("Colline douce, fleuve")
    assert view(game)["battles"][0]["terrain"] == field


def test_a_sector_never_holds_more_than_two_elements():
    game, _ = battle_at_mestoria()
    events = both_frontal(game, [6, 1] + [6] * 6)
    assert [s["elements"] for s in one(events, "battlefield")["terrain"]["sectors"]] == [2, 1, 2, 2, 1, 2]


# --------------------------------------------------------------------------- the result


def test_the_winner_takes_the_territory_and_recovers_half_the_dead_and_all_who_fled():
    # "Le vainqueur de la bataille gagne le territoire contesté. Il récupère 50% des figurines tuées et 100% des
    # figurines sorties de tables lors de la bataille."
    # "Le vaincu ... Il récupère 25% des figurines tuées et 50% des figurines sorties de table lors de la bataille."
    game = fought()
    events = act(game, ref("battle-result", territory="mestoria", winner="a",
                           killed={"a": {"foot1": 5}, "b": {"foot1": 9}},
                           fled={"a": {"foot2": 3}, "b": {"foot2": 5}}))
    ev = one(events, "battle_result")
    assert ev["recovered"] == {"a": {"foot1": 2, "foot2": 3}, "b": {"foot1": 2, "foot2": 2}}  # rounded down
    s = game.state
    assert [u.models for u in s.players["a"].army.units] == [20 - 5 + 2, 20]
    assert [u.models for u in s.players["b"].army.units] == [20 - 9 + 2, 20 - 5 + 2]
    assert s.owners["mestoria"] == "a"
    assert one(events, "territory_taken") == {"type": "territory_taken", "player": "a", "territory": "mestoria",
                                               "by": "battle"}
    # "Le perdant devra obligatoirement se retirer du territoire le tour suivant."
    assert s.players["b"].must_retreat and view(game)["players"]["b"]["must_retreat"]
    assert one(events, "must_retreat") == {"type": "must_retreat", "player": "b", "from": "mestoria"}
    assert view(game)["awaiting"] == []


def test_the_beaten_army_retreats_next_turn_to_an_adjacent_own_territory():
    game = fought()
    act(game, ref("battle-result", territory="mestoria", winner="a"))
    advance(game, "movement", turn=2)
    while game.state.acting[0] != "b":
        act(game, order("hold", game.state.acting[0]))
    err = refused(game, order("hold", "b"), "move.must_retreat")
    assert err.params["options"] == "baie-tritons, val-mestor"
    refused(game, order("move", "b", path=["cap-boreal"]), "move.illegal")
    act(game, order("move", "b", path=["val-mestor"]))


def test_a_battle_won_at_home_changes_no_owner():
    game = fought()
    events = act(game, ref("battle-result", territory="mestoria", winner="b"))
    assert game.state.owners["mestoria"] == "b" and "territory_taken" not in types(events)
    assert game.state.players["a"].must_retreat


def test_a_battle_won_in_atlantean_land_takes_nothing():
    game = two_players(pos_a="marches-azues", pos_b="val-mestor")
    advance(game, "movement")
    act(game, order("move", "a", path=["mont-atlas"]))
    act(game, order("move", "b", path=["mont-atlas"]))
    act(game, ref("next"))
    both_frontal(game)
    events = act(game, ref("battle-result", territory="mont-atlas", winner="b"))
    assert game.state.owners["mont-atlas"] is None and "territory_taken" not in types(events)


def test_a_battle_won_in_a_third_players_land_leaves_its_garrison_in_place():
    # "Le vainqueur de la bataille gagne le territoire contesté": contested by the two armies; a third
    # player's territory must still be conquered from its garrison ("se défaire des troupes en garnisons").
    game = campaign("a", "b", "c")
    place(game, {"a": ("azues", "marches-azues"), "b": ("mestor", "mestoria"),
                 "c": ("gadirus-myrine", "gadeira")})
    advance(game, "movement")
    act(game, order("move", "a", path=["val-mestor"]))  # a Mestor territory ...
    own(game, "c", "val-mestor")  # ... held by c, whose army is elsewhere
    act(game, order("move", "b", path=["val-mestor"]))
    act(game, order("hold", "c"))
    act(game, ref("next"))
    both_frontal(game)
    events = act(game, ref("battle-result", territory="val-mestor", winner="b"))
    assert game.state.owners["val-mestor"] == "c" and "territory_taken" not in types(events)


def test_an_army_that_cannot_retreat_is_destroyed_and_half_its_survivors_go_home():
    # "Si la retraite est impossible (par exemple le territoire de départ a été conquis), l'armée est détruite.
    # Le joueur récupère 0% des figurines tuées, 25% de celles sorties de table, et 50% des survivants. Les
    # figurines récupérées correspondent aux soldats qui ont réussi à retourner à la capitale de la colonie. Ces
    # figurines seront disponibles au début du tour suivant dans le territoire de la capitale de la colonie."
    game = two_players(pos_a="azaea", pos_b="marches-azues")
    game.state.players["b"].came_from = "val-mestor"
    own(game, "a", "val-mestor")  # b's start territory has been conquered
    advance(game, "movement")
    act(game, order("move", "a", path=["marches-azues"]))
    act(game, order("hold", "b"))
    act(game, ref("next"))
    both_frontal(game)
    events = act(game, ref("battle-result", territory="marches-azues", winner="a",
                           killed={"b": {"foot1": 9}}, fled={"b": {"foot2": 5}}), [4])  # the general: 4+ home
    ev = one(events, "army_destroyed", player="b")
    # foot1: 11 survivors -> 5; foot2: 15 survivors -> 7, + 25% of 5 fled -> 1; the 9 dead: 0%.
    assert ev["returning_models"] == 5 + 8 and ev["characters_home"] == {"general": True}
    b = game.state.players["b"]
    assert b.army is None and b.position is None and "b" not in view(game)["territories"]["marches-azues"]["armies"]
    assert "b" not in one(events, "battle_result")["recovered"]
    events = advance(game, "events", turn=2)
    assert one(events, "army_reformed", player="b") == {"type": "army_reformed", "player": "b",
                                                         "territory": "mestoria", "models": 13}
    assert [u.models for u in b.army.units] == [5, 8]


def test_a_beaten_army_may_fall_back_to_the_atlantean_land_it_came_from():
    # Interpretation: "son territoire de départ" need not be the player's; it is lost only once conquered
    # by a player or occupied by an enemy army.
    game = two_players(pos_a="mont-atlas", pos_b="marches-azues")
    own(game, "b", "azaea", "cap-boreal")  # a keeps only marches-azues, where b stands
    advance(game, "movement")
    act(game, order("move", "a", path=["marches-azues"]))
    act(game, order("hold", "b"))
    act(game, ref("next"))
    both_frontal(game)
    events = act(game, ref("battle-result", territory="marches-azues", winner="b"))
    assert "army_destroyed" not in types(events)
    assert game.state.players["a"].must_retreat  # back to Mont Atlas next turn


# --------------------------------------------------------------------------- characters


HEROES = army(units=[unit("foot1"), unit("hero", kind="character", models=1, ppm=50, toughness=4)])


@pytest.mark.parametrize("roll,survives", [(4, True), (1, True), (5, False), (6, False)])
def test_a_character_killed_in_battle_comes_back_on_d6_at_most_its_toughness(roll, survives):
    # "Un personnage tué durant la bataille peut-être récupéré en réussissant un jet (D6) inférieur ou égal à sa
    # Toughness."
    game = fought(a=HEROES)
    events = act(game, ref("battle-result", territory="mestoria", winner="a",
                           characters=[{"player": "a", "unit": "hero", "how": "battle"}]), [roll])
    fate = one(events, "battle_result")["characters_fate"][0]
    assert (fate["roll"], fate["survived"]) == (roll, survives)
    assert game.state.players["a"].army.unit("hero").models == (1 if survives else 0)


def test_a_character_killed_in_a_duel_is_dead():
    # "Un personnage tué en duel est...mort !"
    game = fought(a=HEROES)
    events = act(game, ref("battle-result", territory="mestoria", winner="b",
                           characters=[{"player": "a", "unit": "hero", "how": "duel"}]))
    assert one(events, "battle_result")["characters_fate"][0]["survived"] is False
    assert game.state.players["a"].army.unit("hero").models == 0


def test_a_general_lost_leaves_the_army_without_a_general():
    game = fought()
    act(game, ref("battle-result", territory="mestoria", winner="a",
                  characters=[{"player": "b", "unit": "general", "how": "battle"}]), [5])
    assert not game.state.players["b"].army.has_general
    assert view(game)["players"]["b"]["army"]["strength"] == 4 - 2  # "-2 Pas de Général"
    refused(game, ref("battle-result", territory="mestoria", winner="a"), "battle.already_resolved")


def test_only_characters_are_rolled_for():
    game = fought(a=HEROES)
    refused(game, ref("battle-result", territory="mestoria", winner="a",
                      characters=[{"player": "a", "unit": "foot1", "how": "duel"}]), "battle.not_a_character")
    refused(game, ref("battle-result", territory="mestoria", winner="a",
                      characters=[{"player": "a", "unit": "hero", "how": "poison"}]), "battle.bad_character")
    refused(game, ref("battle-result", territory="mestoria", winner="a",
                      characters=[{"player": "a", "unit": "nobody", "how": "duel"}]), "order.unknown_unit")


def test_battle_results_are_checked():
    game, _ = battle_at_mestoria()
    refused(game, ref("battle-result", territory="mestoria", winner="a"), "battle.strategies_missing")
    refused(game, ref("auto-resolve", territory="mestoria"), "battle.strategies_missing")
    both_frontal(game)
    refused(game, ref("next"), "phase.waiting", players="referee")
    refused(game, ref("battle-result", territory="azaea", winner="a"), "battle.none_here")
    refused(game, ref("battle-result", territory="mestoria", winner="c"), "battle.bad_winner")
    refused(game, ref("battle-result", territory="mestoria", winner="a", killed={"a": {"foot1": 21}}),
            "battle.too_many_losses")
    refused(game, ref("battle-result", territory="mestoria", winner="a", killed={"a": {"foot1": 15}},
                      fled={"a": {"foot1": 6}}), "battle.too_many_losses")
    refused(game, ref("battle-result", territory="mestoria", winner="a", killed={"a": {"elephants": 1}}),
            "order.unknown_unit")
    refused(game, ref("battle-result", territory="mestoria", winner="a", killed={"a": {"foot1": -1}}),
            "order.bad_field")
    refused(game, ref("battle-result", territory="mestoria", winner="a", killed={"c": {"foot1": 1}}),
            "order.bad_field")


# --------------------------------------------------------------------------- simulation des combats


def test_simulation_strength_plus_2d6_and_the_losses_table_in_army_points():
    # "Force de l'attaquant = Force de combat + 2D6" for both; "Le gagnant de la bataille est le joueur qui
    # obtient le total le plus élevé." TABLE DES PERTES: "2 — 30 points — 100 points".
    game = fought()
    events = act(game, ref("auto-resolve", territory="mestoria"), [4, 4, 3, 3])  # 4+8 = 12 vs 4+6 = 10
    ev = one(events, "battle_result")
    assert (ev["winner"], ev["attacker"], ev["defender"], ev["difference"]) == ("a", "a", "b", 2)
    assert ev["forces"] == {"a": 4, "b": 4} and ev["points_lost"] == {"a": 30, "b": 100}
    assert game.state.players["a"].army.points == 300 - 30
    assert game.state.players["b"].army.points == 300 - 100
    assert game.state.owners["mestoria"] == "a" and game.state.players["b"].must_retreat


@pytest.mark.parametrize("diff,winner_loses,loser_loses", [(1, 35, 50), (3, 25, 125), (5, 15, 175), (7, 5, 225),
                                                           (8, 0, 250)])
def test_each_row_of_the_losses_table(diff, winner_loses, loser_loses):
    big = army(units=[unit("foot1", models=60), unit("foot2", models=60)])  # 700 points, strength 4
    game = fought(a=big, b=big)
    events = act(game, ref("auto-resolve", territory="mestoria"), [1, 1 + diff, 1, 1] if diff <= 5
                 else [diff - 4, 6, 1, 1])
    ev = one(events, "battle_result")
    assert ev["difference"] == diff and ev["points_lost"] == {"a": winner_loses, "b": loser_loses}
    assert game.state.players["a"].army.points == 700 - winner_loses
    assert game.state.players["b"].army.points == 700 - loser_loses


def test_simulation_ties_are_rolled_again():
    # "En cas d'égalité on relance les dés."
    game = fought()
    events = act(game, ref("auto-resolve", territory="mestoria"), [3, 3, 2, 4, 1, 1, 6, 6])
    ev = one(events, "battle_result")
    assert ev["rounds"] == [{"attacker": 10, "defender": 10}, {"attacker": 6, "defender": 16}]
    assert ev["winner"] == "b" and ev["difference"] == 10 and ev["points_lost"] == {"b": 0, "a": 400}


def test_the_absent_player_defends_and_an_indisposed_general_costs_him_5():
    # "Le joueur absent est considéré comme défenseur." FORCE DU DEFENSEUR: "-5 Général est indisposé pour ce
    # combat"
    game = fought(controllers={"a": "absent"})
    events = act(game, ref("auto-resolve", territory="mestoria", general_indisposed=True), [5, 5, 4, 4])
    ev = one(events, "battle_result")
    assert (ev["attacker"], ev["defender"]) == ("b", "a")
    assert ev["rounds"] == [{"attacker": 14, "defender": 12 - 5}]
    assert ev["winner"] == "b" and ev["difference"] == 7


def test_the_losses_go_to_the_units_the_player_chooses():
    # "Les pertes sont exprimées en points d'armées et affectées aux unités au choix du joueur."
    game = fought()
    events = act(game, ref("auto-resolve", territory="mestoria", allocation={"b": ["foot2"]}), [4, 4, 3, 3])
    assert one(events, "battle_result")["removed"]["b"] == [{"unit": "foot2", "models": 20}]
    refused(fought(), ref("auto-resolve", territory="mestoria", allocation={"b": ["horses"]}), "order.unknown_unit")
    refused(fought(), ref("auto-resolve", territory="mestoria", allocation=["b"]), "order.bad_field")


@pytest.mark.parametrize("kind", ["battle-result", "auto-resolve"])
def test_battle_results_only_in_the_battles_phase(kind):
    game = two_players()
    advance(game, "conquest")
    refused(game, ref(kind, territory="mestoria", winner="a"), "order.wrong_phase")


def test_both_players_may_have_the_terrain_generated_again():
    # "Les 2 joueurs peuvent d'un commun accord recommencer la génération si le terrain ne leur convient pas."
    game = fought()
    first = game.state.battles[0].terrain
    events = act(game, ref("reroll-terrain", territory="mestoria"), [1, 2] + [6] * 6)
    again = one(events, "battlefield")
    assert again["again"] and game.state.battles[0].terrain == again["terrain"] != first
    # b won the draw this time: sectors 1, 3, 5 are b's; a 6 gives 2 elements (+1, clamped) or 1 (−1).
    assert [(x["sector"], x["player"], x["elements"]) for x in again["terrain"]["sectors"]] == [
        (1, "b", 2), (2, "a", 1), (3, "b", 2), (4, "a", 2), (5, "b", 1), (6, "a", 2)]
    act(game, ref("battle-result", territory="mestoria", winner="a"))
    refused(game, ref("reroll-terrain", territory="mestoria"), "battle.no_terrain")


def test_the_wab_resolver_fights_the_battle_under_the_wab_rules():
    # A fuller stand-in than "Simulation des combats": the two armies fight under WAB 2 (issue 4).
    from campagne.games.atlantis.army import load_packaged_army
    # a (higher initiative) moves first, into b's royal city
    game = fought(a=load_packaged_army("egyptian").to_dict(), b=load_packaged_army("mycenaean").to_dict())
    before = {pid: game.state.players[pid].army.model_count for pid in ("a", "b")}
    entry = game.push(ref("auto-resolve", territory="mestoria", resolver="wab"))
    ev = one(list(entry.events), "battle_result")
    assert ev["resolver"] == "wab" and ev["winner"] in ("a", "b") and ev["loser"] in ("a", "b")
    assert len(entry.rolls) > 20  # every die of the fight is in the journal entry
    lost = sum(sum(ev["killed"][p].values()) + sum(ev["fled"][p].values()) for p in ("a", "b"))
    after = {pid: (game.state.players[pid].army.model_count if game.state.players[pid].army else 0)
             for pid in ("a", "b")}
    assert lost > 0 and sum(after.values()) < sum(before.values())
    refused(game, ref("auto-resolve", territory="mestoria", resolver="chess"), "battle.already_resolved")


def test_an_unknown_resolver_is_refused():
    game = fought()
    refused(game, ref("auto-resolve", territory="mestoria", resolver="chess"), "order.bad_field")


@pytest.mark.parametrize("hero_roll, general_roll", [(4, 3), (3, 6)])
def test_a_destroyed_armys_characters_and_general_come_home_by_one_rule(hero_roll, general_roll):
    # « 50% des survivants »: a one-model hero and the general each come home on 4+ (before: the general always,
    # a hero never).
    from campagne.games.atlantis.battles import destroy_army
    from campagne.games.atlantis.context import Ctx
    from atlantis_rules_kit import scripted
    game = two_players(a=HEROES)
    a = game.state.players["a"]
    events = destroy_army(Ctx(game.state, {}, scripted([hero_roll, general_roll])), a, {}, {}, "no_retreat")
    home = a.returning
    assert home.unit("hero").models == (1 if hero_roll >= 4 else 0)
    assert home.has_general == (general_roll >= 4)
    assert events[0]["characters_home"] == {"hero": hero_roll >= 4, "general": general_roll >= 4}
    assert home.unit("foot1").models == 10  # 20 survivors: half


def test_club_members_join_a_battle_with_mercenaries_whose_losses_touch_nothing():
    """« tout membre du club souhaitant participer à une bataille, pourra le faire sous la forme de troupes
    mercenaires » (annex « Mercenaires »: about 275 points each; « Si un seul testeur est présent, l'armée du camp
    adverse recevra un renfort de mercenaires mais avec le général allié ou le chef de guerre en moins »)."""
    from campagne.games.atlantis import army as armies
    game = fought()
    before = {pid: [u.models for u in p.army.units] for pid, p in game.state.players.items()}
    events = act(game, ref("battle-result", territory="mestoria", winner="b", mercenaries=[
        {"side": "a", "list": "mercenaires-atlantes", "member": "Zoé"},
        {"side": "b", "list": "mercenaires-sauvages", "member": None}]))
    ev = one(events, "battle_result")
    atlantes, sauvages = (armies.load_packaged_army(n) for n in ("mercenaires-atlantes", "mercenaires-sauvages"))
    assert ev["mercenaries"] == [
        {"side": "a", "list": "mercenaires-atlantes", "member": "Zoé", "general": True, "points": atlantes.points},
        {"side": "b", "list": "mercenaires-sauvages", "member": None, "general": False,
         "points": sauvages.points - sauvages.general.points}]
    assert {pid: [u.models for u in p.army.units] for pid, p in game.state.players.items()} == before
    # a reinforcement needs a lone tester on the other side; sides and lists are checked
    for bad, code in (([{"side": "a", "list": "mercenaires-atlantes", "member": None}], "battle.mercenary_reinforcement"),
                      ([{"side": "zed", "list": "mercenaires-atlantes", "member": "Zoé"}], "battle.mercenary_side"),
                      ([{"side": "a", "list": "egyptian", "member": "Zoé"}], "battle.mercenary_list")):
        g = fought()
        refused(g, ref("battle-result", territory="mestoria", winner="a", mercenaries=bad), code)
