"""Gorges Tranchées rules (seed 001): set-up, the nine phases, battles and their aftermath, the seasons, the
end of the year, refusals, and a whole simulated year replayed from its journal."""

from __future__ import annotations

import copy

import pytest
from gorges_kit import (
    INLAND,
    NEXT,
    RULES,
    apply,
    at_phase,
    challenge,
    ctx,
    game,
    land_path,
    new_state,
    of_type,
    own,
    place,
    refused,
    result,
    to_battle,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from campagne.core.dice import Dice
from campagne.core.errors import CampagneError
from campagne.core.game import Game
from campagne.games.gorges import turn
from campagne.games.gorges.data import races
from campagne.games.gorges.rules import GorgesRules
from campagne.games.gorges.simulate import simulate
from campagne.games.gorges.standing import final_bonus
from campagne.games.gorges.state import GorgesState

NEAR = "3,-1"  # borders INLAND
NEAR2 = "2,1"  # borders INLAND too


def capital(s: GorgesState, pid: str) -> str:
    return s.players[pid].capital


def refuse(s: GorgesState, pid: str, cid: int, faces: list[int], relics: int = 0) -> list[dict]:
    return apply(s, {"type": "refuse", "player": pid, "challenge": cid, "relics": relics}, faces)


# --------------------------------------------------------------------------- set-up


def test_each_player_starts_with_a_capital_and_three_armies_in_it():
    # « Chaque joueur commence la campagne en dirigeant trois armées. L'une d'entre elle doit être commandée par
    # le Général de l'armée et les deux autres par ses Lieutenant. »
    s = new_state(("empire", "skaven", "dwarfs"))
    capitals = [p.capital for p in s.players.values()]
    assert len(set(capitals)) == 3
    for p in s.players.values():
        assert s.owned(p.id) == [p.capital]
        assert {k: a.position for k, a in p.armies.items()} == {"G": p.capital, "L1": p.capital, "L2": p.capital}
        assert [a.commander for a in p.armies.values()] == ["general", "lieutenant", "lieutenant"]
        assert p.relics == 0 and p.items == []
    assert (s.turn, s.season) == (1, "spring")


def test_the_campaign_opens_with_the_first_turn_and_the_ghost_moved():
    # « elle débutera avec la saison du printemps »
    state, events = RULES.new_state({"players": [{"id": "A", "race": "empire"}, {"id": "B", "race": "Orques et Gobelins"}]},
                                    Dice.seeded(3, 0))
    assert [e["type"] for e in events][:3] == ["setup", "season", "turn"]
    assert of_type(events, "ghost") and state.phase == "ghost" and RULES.awaiting(state) == []
    assert of_type(events, "setup")[0]["races"] == {"A": "empire", "B": "orcs_and_goblins"}


@pytest.mark.parametrize("count", [2, 8])
def test_two_to_eight_players(count):
    players = [{"id": f"P{i}", "race": race} for i, race in zip(range(count), races())]
    state, _ = RULES.new_state({"players": players}, Dice.seeded(1, 0))
    assert len(state.players) == count
    assert len({p.capital for p in state.players.values()}) == count


@pytest.mark.parametrize("count", [0, 1, 9])
def test_fewer_than_two_or_more_than_eight_players_are_refused(count):
    players = [{"id": f"P{i}", "race": "empire"} for i in range(count)]
    with pytest.raises(CampagneError) as info:
        RULES.new_state({"players": players}, Dice.seeded(1, 0))
    assert info.value.code == "gorges.setup.players"


@pytest.mark.parametrize("players, code", [
    ([{"id": "A"}, {"id": "A"}], "gorges.setup.bad_player"),
    ([{"id": "A"}, {"id": "referee"}], "gorges.setup.bad_player"),
    ([{"id": "A"}, {"id": "B:C"}], "gorges.setup.bad_player"),
    ([{"id": "A"}, {"race": "empire"}], "gorges.setup.bad_player"),
    ([{"id": "A"}, {"id": "B", "controller": "robot"}], "gorges.setup.bad_controller"),
    ([{"id": "A"}, {"id": "B", "race": "Hommes Poissons"}], "gorges.unknown_race"),
])
def test_bad_set_ups_are_refused(players, code):
    with pytest.raises(CampagneError) as info:
        RULES.new_state({"players": players}, Dice.seeded(1, 0))
    assert info.value.code == code


# --------------------------------------------------------------------------- turn order


def test_the_smallest_empire_plays_first():
    # « En commençant par celui qui a le plus petit empire jusqu'à celui qui a le plus grand »
    s = game("skaven", "bretonnia", "dwarfs")
    own(s, "P1", INLAND, NEAR)
    own(s, "P3", NEAR2)
    order, rolled = turn.turn_order(ctx(s, []))
    assert order == ["P2", "P3", "P1"] and rolled == {}


def test_on_equal_empires_fewer_relic_points_play_first():
    # « Si deux armées ont le même nombre de territoire alors c'est celui qui a le moins de Point de Relique qui
    # commence. »
    s = game()
    s.players["P1"].relics = 2
    assert turn.turn_order(ctx(s, [])) == (["P2", "P1"], {})


def test_a_full_tie_is_rolled_off_highest_first_again_until_separated():
    # « Si personne n'arrive à se départager, l'on tire au dé. »
    s = game()
    assert turn.turn_order(ctx(s, [2, 5])) == (["P2", "P1"], {"P1": 2, "P2": 5})
    assert turn.turn_order(ctx(s, [3, 3, 6, 1]))[0] == ["P1", "P2"]


def test_turn_order_is_set_at_the_start_of_each_turn():
    s = game()
    own(s, "P2", INLAND)
    at_phase(s, "battles", acting=[])
    events = apply(s, NEXT, [1, 1])  # no roll-off; the ghost's two dice
    assert s.turn == 2 and s.order == ["P1", "P2"] and of_type(events, "turn")[0]["order"] == ["P1", "P2"]


# --------------------------------------------------------------------------- 1: the ghost


def test_the_first_player_rolls_the_ghosts_direction_then_distance():
    # « Le joueur qui joue en premier lance 1d6 pour déterminer la direction que va prendre le Capitaine, il
    # tire ensuite un autre d6 pour savoir de combien de case se déplace le fantôme. »
    s = game()
    own(s, "P1", INLAND)  # P2 has the smaller empire: P2 plays first
    s.ghost = "0,0"
    at_phase(s, "battles", acting=[])
    events = apply(s, NEXT, [1, 2])  # direction 1 (east), 2 cells
    ghost = of_type(events, "ghost")[0]
    assert (ghost["roller"], ghost["from"], ghost["path"], ghost["to"]) == ("P2", "0,0", ["1,0", "2,0"], "2,0")
    assert s.ghost == "2,0" and s.phase == "ghost"


def test_the_ghost_bounces_off_the_sea():
    # « Si le Crown arrive sur une case de mer, il « rebondit » pour rester sur la terre. »
    s = game()
    own(s, "P1", INLAND)
    s.ghost = "5,-2"  # the sea lies east
    at_phase(s, "battles", acting=[])
    events = apply(s, NEXT, [1, 2])
    assert of_type(events, "ghost")[0]["path"] == ["4,-2", "3,-2"] and s.ghost == "3,-2"
    assert s.map.is_land((3, -2))


# --------------------------------------------------------------------------- 3: search


def test_search_gives_a_relic_point_on_each_6():
    # « Les joueurs lancent 1d6 pour chaque territoire qu'ils possèdent. Pour chaque résultat de 6, ils gagnent 1
    # Point de Relique. »
    s = game()
    own(s, "P1", "-2,4")
    s.ghost = INLAND
    at_phase(s, "events", acting=[])
    events = apply(s, NEXT, [6, 5, 5])  # P1: '-2,4' 6, '-3,4' 5; P2: 5
    assert s.phase == "search"
    assert of_type(events, "search")[0]["rolls"] == {"-2,4": 6, "-3,4": 5}
    assert (s.players["P1"].relics, s.players["P2"].relics) == (1, 0)


def test_the_ghosts_territory_gives_its_relic_point_without_a_roll():
    # « Le territoire sur lequel se trouve le fantôme du Capitaine Crown rapporte automatiquement 1 Point de
    # Relique, ne lancez pas de dé pour ce territoire. »
    s = game()
    own(s, "P1", "-2,4")
    s.ghost = "-3,4"
    at_phase(s, "events", acting=[])
    events = apply(s, NEXT, [1, 1])  # one die for P1 ('-2,4'), one for P2
    assert of_type(events, "search")[0]["rolls"] == {"-2,4": 1, "-3,4": "ghost"}
    assert (s.players["P1"].relics, s.players["P2"].relics) == (1, 0)


# --------------------------------------------------------------------------- 4: mines


def mines(s: GorgesState, faces: list[int]) -> dict:
    own(s, "P1", "0,-2")  # a mine of the island
    at_phase(s, "search", acting=[])
    return of_type(apply(s, NEXT, faces), "mine")[0]


def test_a_mine_collapses_on_a_1():
    # « 1 Effondrement. La mine est retirée du jeu. »
    s = game()
    assert mines(s, [1])["result"] == "collapse"
    assert not s.has("0,-2", "mine") and s.owners["0,-2"] == "P1"


@pytest.mark.parametrize("face", [2, 3, 4])
def test_gold_and_iron_gives_1d6x50_army_points_for_the_next_battle(face):
    # « 2-4 Or et Fer. Vous gagnez 1d6x50 points d'armée supplémentaire pour votre prochaine bataille. »
    s = game()
    ev = mines(s, [face, 4])
    assert ev["result"] == "gold_and_iron" and s.players["P1"].battle_points == 200 and s.has("0,-2", "mine")


def test_mine_points_are_noted_for_the_next_battle_and_spent_there():
    s = game()
    mines(s, [2, 3])
    b = to_battle(s)
    assert [n["points"] for n in b.notes if n["key"] == "bonus_points" and n["side"] == "P1"] == [150]
    result(s, b.id, "P1", [2, 1, 1])
    assert s.players["P1"].battle_points == 0


@pytest.mark.parametrize("face", [5, 6])
def test_a_fabulous_treasure_gives_a_magic_item_of_1d6x10_points(face):
    # « 5-6 Trésor fabuleux. L'un de vos héros légendaire peut être équipé d'un objet magique d'une valeur de
    # 1d6x10pts maximum. »
    s = game()
    assert mines(s, [face, 3])["result"] == "fabulous_treasure"
    assert s.players["P1"].items == [{"source": "mine", "max_points": 30}]
    apply(s, {"type": "equip", "player": "P1", "army": "L1"}, [])
    assert s.army("P1:L1").hero.items == [{"source": "mine", "max_points": 30}] and s.players["P1"].items == []


# --------------------------------------------------------------------------- 5: movement


def movement(s: GorgesState, faces: list[int]) -> list[dict]:
    at_phase(s, "mines", acting=[])
    return apply(s, NEXT, faces)


def test_armies_move_1d3_territories():
    # « Les joueurs déplacent leurs armées de 1d3 territoires. »
    s = game()
    movement(s, [2, 3])
    assert {a.ref: a.move_allowance for a in s.armies()} == {
        "P1:G": 2, "P1:L1": 2, "P1:L2": 2, "P2:G": 3, "P2:L1": 3, "P2:L2": 3}
    path = land_path(s, capital(s, "P1"), 2)
    apply(s, {"type": "move", "player": "P1", "army": "L1", "path": path}, [])
    assert s.army("P1:L1").position == path[-1]


def test_an_army_cannot_move_further_than_its_roll():
    s = game()
    movement(s, [2, 3])
    refused(s, {"type": "move", "player": "P1", "army": "G", "path": land_path(s, capital(s, "P1"), 3)},
            "gorges.move.too_far")


def test_an_army_moves_from_territory_to_bordering_territory():
    s = game()
    movement(s, [3, 3])
    refused(s, {"type": "move", "player": "P1", "army": "G", "path": ["-3,3", INLAND]}, "gorges.move.not_adjacent")


def test_an_army_moves_once_a_turn():
    s = game()
    movement(s, [3, 3])
    apply(s, {"type": "move", "player": "P1", "army": "G", "path": ["-3,3"]}, [])
    refused(s, {"type": "move", "player": "P1", "army": "G", "path": ["-3,2"]}, "gorges.move.already")


def test_players_move_one_after_the_other():
    s = game()
    movement(s, [3, 3])
    assert RULES.awaiting(s) == ["P1"]
    refused(s, {"type": "move", "player": "P2", "army": "G", "path": ["2,-4"]}, "gorges.not_your_turn")
    apply(s, {"type": "done", "player": "P1"}, [])
    assert RULES.awaiting(s) == ["P2"]
    apply(s, {"type": "move", "player": "P2", "army": "G", "path": ["2,-4"]}, [])


@pytest.mark.parametrize("home, sent", [(None, "P1:G"), ("L2", "P1:L2")])
def test_an_army_must_hold_the_players_ground_or_one_goes_to_the_capital(home, sent):
    # « A tout moment, un joueur doit avoir une armée dans l'un de ses territoires. Si ce n'est pas le cas,
    # l'une d'entre elle doit se positionner dans sa capitale. »
    s = game()
    movement(s, [1, 1])
    for key in ("G", "L1", "L2"):
        apply(s, {"type": "move", "player": "P1", "army": key, "path": ["-2,4"]}, [])
    done = {"type": "done", "player": "P1"} | ({"home": home} if home else {})
    events = apply(s, done, [])
    assert of_type(events, "army_to_capital") == [
        {"type": "army_to_capital", "player": "P1", "army": sent, "from": "-2,4", "to": "-3,4", "capital": "-3,4"}]
    assert [a.ref for a in s.armies_at("-3,4")] == [sent]


def test_an_army_left_at_home_is_enough():
    s = game()
    movement(s, [1, 1])
    apply(s, {"type": "move", "player": "P1", "army": "G", "path": ["-2,4"]}, [])
    assert of_type(apply(s, {"type": "done", "player": "P1"}, []), "army_to_capital") == []


# --------------------------------------------------------------------------- 6: construction


def build(s: GorgesState, army: str, building: str) -> list[dict]:
    at_phase(s, "construction", acting=["P1"])
    return apply(s, {"type": "build", "player": "P1", "army": army, "building": building}, [])


@pytest.mark.parametrize("building", ["mine", "fortress"])
def test_an_army_builds_a_mine_or_a_fortress_on_its_own_territory(building):
    # « Si une armée se trouve dans un territoire qu'elle contrôle déjà, elle peut y bâtir une mine ou une
    # forteresse. »
    s = game()
    build(s, "G", building)
    assert s.buildings[capital(s, "P1")] == [building] and s.army("P1:G").built


def test_a_fortress_becomes_a_town():
    # « Si une armée se trouve dans un territoire qui contient une forteresse sous son contrôle, elle peut la
    # transformer en ville. »
    s = game()
    at_phase(s, "construction", acting=["P1"])
    refused(s, {"type": "build", "player": "P1", "army": "G", "building": "town"}, "gorges.build.impossible")
    build(s, "G", "fortress")
    s.turn = 4  # next season
    build(s, "L1", "town")
    assert s.buildings[capital(s, "P1")] == ["town"]


def test_no_building_outside_the_players_territory():
    s = game()
    place(s, "P1:G", INLAND)
    at_phase(s, "construction", acting=["P1"])
    refused(s, {"type": "build", "player": "P1", "army": "G", "building": "mine"}, "gorges.build.not_own")
    own(s, "P2", INLAND)
    refused(s, {"type": "build", "player": "P1", "army": "G", "building": "mine"}, "gorges.build.not_own")


def test_one_building_per_season():
    # « L'on ne peut construire qu'un édifice par saison. »
    s = game()
    build(s, "G", "mine")
    s.turn = 2  # same season, next turn
    at_phase(s, "construction", acting=["P1"])
    refused(s, {"type": "build", "player": "P1", "army": "L1", "building": "fortress"}, "gorges.build.season")
    s.turn = 4
    build(s, "L1", "fortress")
    assert s.buildings[capital(s, "P1")] == ["mine", "fortress"]


def test_a_builder_cannot_issue_a_challenge():
    # « Une armée qui construit un édifice ne peut pas se battre lors de ce tour et ne pourra pas servir à
    # relever des défis »
    s = game()
    own(s, "P2", "-2,4")
    build(s, "G", "mine")
    at_phase(s, "challenges", acting=["P1"])
    refused(s, {"type": "challenge", "player": "P1", "army": "G", "defender": "P2", "territory": "-2,4"},
            "gorges.challenge.builder")


def test_a_builder_cannot_take_up_a_challenge():
    s = game()
    build(s, "G", "mine")
    place(s, "P2:G", capital(s, "P1"))
    c = challenge(s, "P2", "G", "P1", capital(s, "P1"))
    refused(s, {"type": "accept", "player": "P1", "challenge": c["id"], "army": "G"}, "gorges.challenge.builder")
    apply(s, {"type": "accept", "player": "P1", "challenge": c["id"], "army": "L1"}, [])
    assert s.challenges[0].defender_army == "L1"


# --------------------------------------------------------------------------- 7: challenges


def _same_territory(s):
    place(s, "P1:G", INLAND)
    place(s, "P2:G", INLAND)
    return INLAND


def _in_enemy_territory(s):
    own(s, "P2", INLAND)
    place(s, "P1:G", INLAND)
    return INLAND


def _enemy_in_own_territory(s):
    own(s, "P1", INLAND)
    place(s, "P2:G", INLAND)
    return INLAND


def _adjacent_territories(s):
    own(s, "P1", INLAND)
    own(s, "P2", NEAR)
    return NEAR


@pytest.mark.parametrize("arrange, condition", [
    (_same_territory, "same_territory"),  # « L'une de vos armées est sur le même territoire qu'une autre armée. »
    (_in_enemy_territory, "in_enemy_territory"),  # « L'un de vos armées est sur un territoire ennemi. »
    (_enemy_in_own_territory, "enemy_in_own_territory"),  # « Une armée ennemie est sur l'un de vos territoires. »
    (_adjacent_territories, "adjacent_territories"),
    # « Vous pouvez défier un joueur dont l'un de ses territoires est adjacent au votre. »
])
def test_the_four_conditions_of_a_challenge(arrange, condition):
    s = game()
    target = arrange(s)
    c = challenge(s, "P1", "G", "P2", target)
    assert (c["condition"], c["defender"], c["territory"]) == (condition, "P2", target)
    assert RULES.awaiting(s) == ["P2"]


def test_a_challenge_without_any_condition_is_refused():
    s = game()
    own(s, "P2", INLAND)
    at_phase(s, "challenges", acting=["P1"])
    refused(s, {"type": "challenge", "player": "P1", "army": "G", "defender": "P2", "territory": INLAND},
            "gorges.challenge.no_condition")
    refused(s, {"type": "challenge", "player": "P1", "army": "G", "defender": "P2", "territory": capital(s, "P2")},
            "gorges.challenge.no_condition")


def test_a_player_issues_one_challenge_a_turn():
    # « chaque joueur peut en défier un autre »
    s = game()
    own(s, "P2", INLAND, NEAR)
    place(s, "P1:G", INLAND)
    place(s, "P1:L1", NEAR)
    challenge(s, "P1", "G", "P2", INLAND)
    refused(s, {"type": "challenge", "player": "P1", "army": "L1", "defender": "P2", "territory": NEAR},
            "gorges.challenge.one")


def test_a_player_accepts_one_challenge_unless_everybody_agrees():
    # « Un joueur ne pourra accepter qu'un seul défi (sauf si l'ensemble des joueurs est d'accords pour qu'il
    # joue deux fois durant le tour). »
    s = game("skaven", "bretonnia", "dwarfs")
    own(s, "P2", INLAND, NEAR)
    place(s, "P1:G", INLAND)
    place(s, "P3:G", NEAR)
    at_phase(s, "challenges", acting=["P1", "P3"])
    apply(s, {"type": "challenge", "player": "P1", "army": "G", "defender": "P2", "territory": INLAND}, [])
    apply(s, {"type": "done", "player": "P1"}, [])
    apply(s, {"type": "challenge", "player": "P3", "army": "G", "defender": "P2", "territory": NEAR}, [])
    apply(s, {"type": "accept", "player": "P2", "challenge": 1, "army": "G"}, [])
    refused(s, {"type": "accept", "player": "P2", "challenge": 2, "army": "L1"}, "gorges.challenge.accepted_one")
    apply(s, {"type": "accept", "player": "P2", "challenge": 2, "army": "L1", "all_agree": True}, [])
    assert [c.status for c in s.challenges] == ["accepted", "accepted"]


def test_only_the_challenged_player_answers():
    s = game("skaven", "bretonnia", "dwarfs")
    c = challenge(s, "P1", "G", "P2", _in_enemy_territory(s))
    refused(s, {"type": "accept", "player": "P3", "challenge": c["id"], "army": "G"}, "gorges.challenge.unknown")
    refused(s, {"type": "refuse", "player": "P3", "challenge": c["id"]}, "gorges.challenge.unknown")


def test_the_phase_waits_for_the_answer_to_a_challenge():
    s = game()
    c = challenge(s, "P1", "G", "P2", _in_enemy_territory(s))
    apply(s, {"type": "done", "player": "P1"}, [])
    refused(s, NEXT, "phase.waiting")
    refuse(s, "P2", c["id"], [6])
    apply(s, NEXT, [])
    assert s.phase == "conquest"


# --------------------------------------------------------------------------- 8: refusal and the save roll


def refused_save(s: GorgesState, face: int, relics: int = 0, taken: bool = True) -> dict:
    """P2's General stands on P1's INLAND and challenges; P1 refuses (offering `relics`, which P2 takes or
    not): his save roll."""
    own(s, "P1", INLAND)
    place(s, "P2:G", INLAND)
    c = challenge(s, "P2", "G", "P1", INLAND)
    if not relics:
        return of_type(refuse(s, "P1", c["id"], [face]), "save")[0]
    assert of_type(refuse(s, "P1", c["id"], [], relics), "save") == []  # the save waits for P2's answer
    answer = "take-relics" if taken else "decline-relics"
    return of_type(apply(s, {"type": answer, "player": "P2", "challenge": c["id"]}, [face]), "save")[0]


def test_a_refused_challenge_on_the_defenders_territory_is_a_6_plus_save():
    # « Si elle termine son mouvement sur un territoire appartenant à un autre joueur et que celui-ci refuse
    # votre défi, il doit immédiatement faire un jet de sauvegarde ... Un jet de sauvegarde est un test à 6+. »
    s = game()
    save = refused_save(s, 6)
    assert save["saved"] and save["modifiers"] == []
    # « Si le jet de Sauvegarde est réussi, l'armée est repoussé jusque dans ses terres »
    assert s.owners[INLAND] == "P1" and s.army("P2:G").position == capital(s, "P2")


def test_a_failed_save_gives_the_territory_to_the_challenger():
    s = game()
    save = refused_save(s, 5)
    assert not save["saved"] and s.owners[INLAND] == "P2" and s.army("P2:G").position == INLAND


def test_the_save_is_at_minus_1_next_to_the_challengers_territory():
    # « - 1 si le territoire est adjacent à l'un de vos territoires. » (docs/rules/gorges.md, interpretation 1)
    s = game()
    own(s, "P2", NEAR)
    save = refused_save(s, 6)
    assert save["modifiers"] == [{"key": "adjacent", "value": -1}] and save["total"] == 5 and not save["saved"]
    assert s.owners[INLAND] == "P2"


@pytest.mark.parametrize("buildings, face, bonus", [
    (["fortress"], 5, 1),  # « +1 si le défenseur possède une forteresse adjacente au territoire visée. »
    (["town"], 4, 2),  # « +2 si le défenseur possède une ville adjacente au territoire visée. »
])
def test_the_defenders_fortress_or_town_next_to_the_territory_helps_the_save(buildings, face, bonus):
    s = game()
    own(s, "P1", NEAR2)
    s.buildings[NEAR2] = buildings
    save = refused_save(s, face)
    assert sum(m["value"] for m in save["modifiers"]) == bonus and save["total"] == 6 and save["saved"]


def test_a_fortress_and_a_town_both_count():
    # Two bullets, both applied (docs/rules/gorges.md, interpretation 3).
    s = game()
    own(s, "P1", NEAR, NEAR2)
    s.buildings[NEAR] = ["fortress"]
    s.buildings[NEAR2] = ["town"]
    save = refused_save(s, 3)
    assert save["total"] == 6 and save["saved"]


def test_an_enemy_fortress_next_to_the_territory_does_not_help():
    s = game()
    own(s, "P2", NEAR2)
    s.buildings[NEAR2] = ["fortress"]
    save = refused_save(s, 6)
    assert {"key": "fortress_adjacent", "value": 1} not in save["modifiers"]


def test_relic_points_handed_over_add_1_each_to_the_save():
    # « +1 par Point de Relique que vous donnez à votre adversaire, si celui-ci est d'accords. »
    s = game()
    s.players["P1"].relics = 3
    save = refused_save(s, 4, relics=2)
    assert save["modifiers"] == [{"key": "relic_given", "value": 2}] and save["saved"]
    assert (s.players["P1"].relics, s.players["P2"].relics) == (1, 2)


def test_relic_points_offered_need_the_challenger_s_agreement():
    """« si celui-ci est d'accords »: the save waits for the challenger, who is awaited; declined, nothing is
    handed over and the save has no bonus; nobody else may answer for him."""
    from campagne.games.gorges.rules import awaiting
    s = game()
    s.players["P1"].relics = 3
    own(s, "P1", INLAND)
    place(s, "P2:G", INLAND)
    c = challenge(s, "P2", "G", "P1", INLAND)
    events = refuse(s, "P1", c["id"], [], 2)
    assert of_type(events, "relics_offered")[0]["relics"] == 2 and awaiting(s)[0] == "P2"
    refused(s, {"type": "take-relics", "player": "P1", "challenge": c["id"]}, "gorges.relics.no_offer")
    save = of_type(apply(s, {"type": "decline-relics", "player": "P2", "challenge": c["id"]}, [5]), "save")[0]
    assert save["modifiers"] == [] and not save["saved"]
    assert (s.players["P1"].relics, s.players["P2"].relics) == (3, 0) and s.owners[INLAND] == "P2"
    refused(s, {"type": "take-relics", "player": "P2", "challenge": c["id"]}, "gorges.relics.no_offer")


def test_relic_points_are_offered_only_for_a_save():
    s = game()
    s.players["P2"].relics = 2
    target = _enemy_in_own_territory(s)
    c = challenge(s, "P1", "G", "P2", target)
    refused(s, {"type": "refuse", "player": "P2", "challenge": c["id"], "relics": 1}, "gorges.relics.no_save")


def test_no_more_relic_points_than_the_defender_has():
    s = game()
    s.players["P1"].relics = 1
    own(s, "P1", INLAND)
    place(s, "P2:G", INLAND)
    c = challenge(s, "P2", "G", "P1", INLAND)
    refused(s, {"type": "refuse", "player": "P1", "challenge": c["id"], "relics": 2}, "gorges.relics.not_enough")


def test_an_intruder_refusing_the_owners_challenge_is_pushed_back():
    s = game()
    target = _enemy_in_own_territory(s)
    c = challenge(s, "P1", "G", "P2", target)
    events = refuse(s, "P2", c["id"], [])
    assert of_type(events, "army_pushed_back")[0]["to"] == capital(s, "P2")
    assert s.army("P2:G").position == capital(s, "P2") and s.owners[target] == "P1"


def test_an_intruder_refusing_is_pushed_back_even_with_the_owners_army_beside_it():
    s = game()
    own(s, "P1", INLAND)
    place(s, "P1:G", INLAND)
    place(s, "P2:G", INLAND)
    c = challenge(s, "P1", "G", "P2", INLAND)
    assert c["condition"] == "same_territory"
    refuse(s, "P2", c["id"], [])
    assert s.army("P2:G").position == capital(s, "P2") and s.army("P1:G").position == INLAND


# --------------------------------------------------------------------------- 8: conquest


def conquest(s: GorgesState, faces: list[int]) -> list[dict]:
    at_phase(s, "challenges", acting=[])
    return apply(s, NEXT, faces)


def test_an_army_alone_on_neutral_land_annexes_it():
    # « Lorsque l'une de vos armées fini son déplacement sur un territoire neutre, elle l'annexe
    # automatiquement. »
    s = game()
    place(s, "P1:G", INLAND)
    events = conquest(s, [])
    assert s.owners[INLAND] == "P1"
    assert of_type(events, "annexed") == [{"type": "annexed", "player": "P1", "army": "P1:G", "territory": INLAND}]


@pytest.mark.parametrize("face, hit, outcome", [
    (1, "P1:G", "destroyed"),  # « Sur un résultat de 1 l'armée A est détruite. »
    (2, "P1:G", "pushed_back"),  # « 2-3 l'armée A est repoussée jusque dans ses terres. »
    (3, "P1:G", "pushed_back"),
    (4, "P2:G", "pushed_back"),  # « Sur un 4-5 l'armée B est repoussée jusque dans ses terres. »
    (5, "P2:G", "pushed_back"),
    (6, "P2:G", "destroyed"),  # « Sur un résultat de 6 l'armée B est détruite »
])
def test_two_armies_without_a_challenge_roll_a_d6(face, hit, outcome):
    # « Si deux armées se trouve sur le même territoire mais qu'aucun défi n'as été lancé jetez 1d6. » A is the
    # army that came last (docs/rules/gorges.md, interpretation 8).
    s = game()
    place(s, "P2:G", INLAND)
    place(s, "P1:G", INLAND)
    s.arrivals = {"P2:G": 1, "P1:G": 2}
    events = conquest(s, [face])
    ev = of_type(events, "two_armies")[0]
    assert (ev["a"], ev["b"], ev["roll"]) == ("P1:G", "P2:G", face)
    a = s.army(hit)
    if outcome == "destroyed":
        assert a.position is None and a.out_until == "next_season"
    else:
        assert a.position == capital(s, a.player)
    survivor = "P2" if hit == "P1:G" else "P1"
    assert s.owners[INLAND] == survivor  # then the one left alone annexes the neutral land


def test_army_a_is_the_later_arrival():
    s = game()
    place(s, "P2:G", INLAND)
    place(s, "P1:G", INLAND)
    s.arrivals = {"P1:G": 1, "P2:G": 2}
    events = conquest(s, [1])
    assert of_type(events, "two_armies")[0]["a"] == "P2:G" and s.army("P2:G").position is None


def test_no_d6_when_a_challenge_was_issued():
    s = game()
    c = challenge(s, "P1", "G", "P2", _same_territory(s))
    refuse(s, "P2", c["id"], [])
    apply(s, {"type": "done", "player": "P1"}, [])
    events = apply(s, NEXT, [])
    assert of_type(events, "two_armies") == [] and s.owners[INLAND] is None


# --------------------------------------------------------------------------- 9: battles


def test_an_accepted_challenge_is_a_battle_on_the_territory_at_stake():
    # « Lorsqu'un joueur accepte le défi d'un autre, il y a une bataille. »
    s = game()
    own(s, "P2", INLAND)
    b = to_battle(s)
    assert (b.territory, b.attacker, b.attacker_army, b.defender, b.defender_army) == (INLAND, "P1", "G", "P2", "G")
    assert b.notes[0]["key"] == "season:spring"
    assert RULES.awaiting(s) == ["referee"]
    refused(s, NEXT, "phase.waiting")


def test_the_winner_takes_or_keeps_the_territory():
    # « Le vainqueur de la partie gagne ou conserve son territoire. »
    s = game()
    own(s, "P2", INLAND)
    b = to_battle(s)
    events = result(s, b.id, "P1", [2, 1, 1])
    assert s.owners[INLAND] == "P1" and of_type(events, "territory_taken")[0]["from"] == "P2"
    s = game()
    own(s, "P2", INLAND)
    b = to_battle(s)
    events = result(s, b.id, "P2", [2, 1, 1])
    assert s.owners[INLAND] == "P2" and of_type(events, "territory_taken") == []


def test_the_winner_must_have_fought():
    s = game("skaven", "bretonnia", "dwarfs")
    b = to_battle(s)
    refused(s, {"type": "battle-result", "player": "referee", "battle": b.id, "winner": "P3"},
            "gorges.battle.bad_winner")
    refused(s, {"type": "battle-result", "player": "referee", "battle": b.id, "winner": "P1",
                "heroes_killed": ["P3:G"]}, "gorges.battle.bad_hero")


def test_spoils_of_war_recruits_give_1d6x50_points_to_the_army():
    # « Suite à une bataille, le vainqueur lancera un 1d6 dans la table des Butins de Guerre » — « 3 Recrus. La
    # prochaine fois que vous livrez bataille avec cette armée, vous gagnez 1d6x50 points d'armée
    # supplémentaire. »
    s = game()
    b = to_battle(s)
    events = result(s, b.id, "P1", [3, 2, 1, 1])
    assert of_type(events, "spoils")[0]["result"] == "recruits" and s.army("P1:G").bonus_points == 100


def test_spoils_of_war_lure_of_gold_gives_a_relic_point_and_an_item():
    # « 6 Attrait de l'or. Vous gagnez 1 Point de Relique et l'un de vos Héros Légendaires qui a participé à la
    # bataille gagne un objet magique d'une valeur de 1d6x10 points maximum. »
    s = game()
    b = to_battle(s)
    result(s, b.id, "P1", [6, 4, 1, 1])
    assert s.players["P1"].relics == 1 and s.army("P1:G").hero.items == [{"source": "spoils", "max_points": 40}]


def test_spoils_of_war_feats_of_arms_make_a_regiment_of_renown():
    # « 5 Faits d'armes. Choisissez une unité ayant participé à la bataille. Elle devient un Régiment de Renom et
    # gagne une règle spéciale. Lancez 1d6 : ... 5 Tenace »
    s = game()
    b = to_battle(s)
    result(s, b.id, "P1", [5, 5, 1, 1], units={"P1": ["Knights"]})
    assert s.army("P1:G").renown == [{"unit": "Knights", "honours": [{"spoils": "feats_of_arms", "rule": "stubborn"}]}]


def test_the_loser_rolls_an_ignominious_defeat():
    # « le vaincu lancera quand à lui 1d6 dans la table des défaites ignominieuses. » — « 1 Défaites sans appel.
    # La prochaine fois que cette armée rencontrera ce même adversaire, toutes ses unités leurs causera la Peur. »
    s = game()
    b = to_battle(s)
    events = result(s, b.id, "P1", [2, 1, 1])
    assert of_type(events, "defeat")[0]["result"] == "crushing_defeat"
    assert [(n["key"], n["against"]) for n in s.army("P2:G").notes] == [("crushing_defeat", "P1")]


def test_an_ignominious_defeat_on_a_random_unit_draws_among_the_units_that_fought():
    # « 3 Sous effectif. L'une des unités, tirée au hasard, ayant participé à la bataille n'aura que la moitié de
    # ses effectifs lors de la prochaine bataille. »
    s = game()
    b = to_battle(s)
    events = result(s, b.id, "P1", [2, 3, 2, 1], units={"P2": ["Clanrats", "Rat Ogres"]})
    assert of_type(events, "defeat")[0]["unit"] == "Rat Ogres"
    assert [(n["key"], n["unit"]) for n in s.army("P2:G").notes] == [("under_strength", "Rat Ogres")]


@pytest.mark.parametrize("face", [1, 2, 3])
def test_the_beaten_army_is_pushed_back_on_1_to_3(face):
    # « Enfin le vainqueur lance 1d6 pour connaître le destin de l'armée vaincu. Sur un 1-3, elle est repoussée
    # jusque dans ses terres »
    s = game()
    own(s, "P2", INLAND)
    b = to_battle(s)
    result(s, b.id, "P1", [2, 1, face])
    assert s.army("P2:G").position == capital(s, "P2")


@pytest.mark.parametrize("face", [4, 5, 6])
def test_the_beaten_army_leaves_play_until_the_next_season_on_4_to_6(face):
    # « sur un 4-6 elle est retirée du jeu jusqu'à la prochaine saison. »
    s = game()
    s.turn = 3  # the last turn of spring
    b = to_battle(s)
    result(s, b.id, "P1", [2, 1, face])
    a = s.army("P2:G")
    assert a.position is None and a.out_until == "next_season"
    apply(s, NEXT)
    assert s.season == "summer" and a.position == capital(s, "P2") and a.out_until is None


def test_removed_armies_come_back_at_once_in_summer():
    # « Eté : Toutes les armées détruites durant l'été reviennent immédiatement en jeu dans la capitale de leur
    # joueur. »
    s = game()
    s.turn = 4
    b = to_battle(s)
    events = result(s, b.id, "P1", [2, 1, 6])
    assert s.season == "summer"
    assert s.army("P2:G").position == capital(s, "P2") and s.army("P2:G").out_until is None
    assert of_type(events, "army_removed")[0]["returns"] == "now_summer"


def test_removed_armies_do_not_come_back_in_spring():
    s = game()
    s.turn = 2
    b = to_battle(s)
    result(s, b.id, "P1", [2, 1, 6])
    assert s.army("P2:G").position is None


def test_a_killed_hero_rolls_on_the_injury_table():
    # « Les joueurs lancent 1d6 sur le tableau des blessures de personnage pour chaque Héros Légendaire qui a été
    # tué sur le champ de bataille. » — « 1 Blessure grave. Relancez 1d6 : 1 = Mort ! ... 4 = -1F »
    s = game()
    b = to_battle(s)
    events = result(s, b.id, "P1", [2, 1, 1, 1, 4, 1, 1], heroes_killed=["P1:G", "P2:G"])
    assert [(e["army"], e["wound"]) for e in of_type(events, "injury")] == [("P1:G", "minus_s"), ("P2:G", "dead")]
    assert s.army("P1:G").hero.changes == {"S": -1} and s.army("P2:G").hero.dead
    refused(s, {"type": "hero", "player": "P1", "army": "G", "name": "Nouveau"}, "gorges.hero.present")
    apply(s, {"type": "hero", "player": "P2", "army": "G", "name": "Queek"}, [])
    assert s.army("P2:G").hero.name == "Queek" and s.army("P2:G").hero.present


def test_a_captured_hero_is_a_hostage_worth_a_relic_point_at_the_end_of_the_season():
    # « 2 Capturé. L'ennemi a pris votre personnage en otage et peut décider de son sort. Chaque otage compte
    # comme 1 Point de Relique à la fin de la saison. »
    s = game()
    s.turn = 3
    b = to_battle(s)
    result(s, b.id, "P1", [2, 1, 1, 2], heroes_killed=["P2:G"])
    assert s.army("P2:G").hero.captured_by == "P1" and len(s.players["P1"].hostages) == 1
    assert s.players["P1"].relics == 0  # not before the season ends
    events = apply(s, NEXT)
    assert of_type(events, "hostage_relics") == [{"type": "hostage_relics", "player": "P1", "relics": 1,
                                                  "total": 1}]
    assert s.players["P1"].relics == 1


def test_a_hostage_counts_once_not_every_season():
    """Interpretation 32: the hostage taken in spring is 1 relic point at the end of spring, not again in summer."""
    s = game()
    s.turn = 3
    b = to_battle(s)
    result(s, b.id, "P1", [2, 1, 1, 2], heroes_killed=["P2:G"])
    apply(s, NEXT)
    assert s.players["P1"].relics == 1
    s.turn = 6
    events = turn.end_season(ctx(s))
    assert of_type(events, "hostage_relics") == [] and s.players["P1"].relics == 1
    assert len(s.players["P1"].hostages) == 1  # still held: « peut décider de son sort »


def test_no_hostage_relic_point_before_the_season_ends():
    s = game()
    s.turn = 1
    b = to_battle(s)
    result(s, b.id, "P1", [2, 1, 1, 2], heroes_killed=["P2:G"])
    events = apply(s, NEXT)
    assert of_type(events, "hostage_relics") == [] and s.players["P1"].relics == 0


def test_autumn_storm_of_magic_gives_2_relic_points_to_the_winner_and_1_to_the_loser():
    # « Automne : Toutes les parties Tempête de Magie jouée rapporte 1 Point de Relique à tous les participants et
    # 2 à celui qui la remporte. »
    s = game()
    s.turn = 7
    b = to_battle(s)
    result(s, b.id, "P2", [2, 1, 1], storm_of_magic=True)
    assert s.season == "autumn" and (s.players["P1"].relics, s.players["P2"].relics) == (1, 2)


@pytest.mark.parametrize("turn_", [1, 4, 10])
def test_storm_of_magic_relics_only_in_autumn(turn_):
    s = game()
    s.turn = turn_
    b = to_battle(s)
    refused(s, {"type": "battle-result", "player": "referee", "battle": b.id, "winner": "P1",
                "storm_of_magic": True}, "gorges.battle.storm_season")


def test_all_battles_entered_the_turn_ends():
    s = game()
    b = to_battle(s)
    result(s, b.id, "P1", [2, 1, 1])
    assert RULES.awaiting(s) == []
    apply(s, NEXT)
    assert (s.turn, s.phase, s.challenges, s.battles) == (2, "ghost", [], [])


# --------------------------------------------------------------------------- the year and its end


def test_three_turns_a_season_four_seasons_a_year():
    # « La campagne durera une année, elle débutera avec la saison du printemps et s'achèvera à la fin de
    # l'hiver ... Chaque saison comportera trois tours de jeu »
    s = game()
    assert [(t, turn_season(s, t)) for t in (1, 3, 4, 6, 7, 9, 10, 12)] == [
        (1, "spring"), (3, "spring"), (4, "summer"), (6, "summer"), (7, "autumn"), (9, "autumn"), (10, "winter"),
        (12, "winter")]


def turn_season(s: GorgesState, t: int) -> str:
    s.turn = t
    return s.season


def test_the_campaign_ends_after_the_twelfth_turn_with_the_standings():
    s = game()
    s.turn = 11
    at_phase(s, "battles", acting=[])
    apply(s, NEXT)
    assert (s.turn, s.phase) == (12, "ghost")
    s.players["P2"].relics = 4
    at_phase(s, "battles", acting=[])
    events = apply(s, NEXT, [])
    assert s.phase == "ended" and of_type(events, "campaign_ended")[0]["winner"] == "P2"
    assert [(r["player"], r["rank"], r["relics"]) for r in s.standings] == [("P2", 1, 4), ("P1", 2, 0)]
    assert RULES.awaiting(s) == []
    refused(s, NEXT, "order.campaign_over")
    refused(s, {"type": "swap", "player": "P1", "army": "G", "other": "L1"}, "order.campaign_over")


def test_the_final_battle_bonus_is_5_percent_per_relic_point_over_the_poorest_at_most_25():
    # « Plus un joueur possède de Point de Relique plus son armée sera avantagée lors de la bataille finale. »
    # and « elle ne pourra jamais avoir plus de 25% de point que l'autre » (campagne's reading, standing.py).
    s = game("skaven", "bretonnia", "dwarfs")
    for pid, relics in (("P1", 2), ("P2", 5), ("P3", 9)):
        s.players[pid].relics = relics
    s.turn = 12
    at_phase(s, "battles", acting=[])
    apply(s, NEXT, [])
    bonus = {r["player"]: r["final_battle_bonus_percent"] for r in s.standings}
    assert bonus == {"P1": 0, "P2": 15, "P3": 25}
    assert [r["player"] for r in s.standings if r["chooses_scenario"]] == ["P3"]
    assert (final_bonus(7, 2, 25), final_bonus(8, 2, 25), final_bonus(2, 2, 25)) == (25, 25, 0)


def test_a_tie_in_relics_goes_to_the_larger_empire_then_a_roll_off():
    s = game()
    s.turn = 12
    at_phase(s, "battles", acting=[])
    apply(s, NEXT, [2, 5])  # same relics, same empire: P2 rolls higher
    assert s.standings[0]["player"] == "P2"
    s = game()
    own(s, "P1", INLAND)
    s.turn = 12
    at_phase(s, "battles", acting=[])
    apply(s, NEXT, [])
    assert s.standings[0]["player"] == "P1"


# --------------------------------------------------------------------------- refusals


def test_an_order_out_of_its_phase_is_refused():
    s = game()
    assert s.phase == "ghost"
    err = refused(s, {"type": "move", "player": "P1", "army": "G", "path": ["-3,3"]}, "order.wrong_phase")
    assert "Déplacement" in err.message("fr")
    at_phase(s, "movement")
    refused(s, {"type": "build", "player": "P1", "army": "G", "building": "mine"}, "order.wrong_phase")
    refused(s, {"type": "battle-result", "player": "referee", "battle": 1, "winner": "P1"}, "order.wrong_phase")


@pytest.mark.parametrize("cmd", [{"type": "fly", "player": "P1"}, {"player": "P1"}, "next"])
def test_an_unknown_order_is_refused(cmd):
    s = game()
    refused(s, cmd, "order.unknown")


def test_an_order_of_an_unknown_player_is_refused():
    s = game()
    at_phase(s, "movement")
    refused(s, {"type": "move", "player": "P9", "army": "G", "path": ["-3,3"]}, "order.unknown_player")
    refused(s, {"type": "done"}, "order.unknown_player")


def test_a_player_cannot_give_the_referees_orders():
    s = game()
    refused(s, {"type": "next", "player": "P1"}, "order.referee_only")
    refused(s, {"type": "end", "player": "P2"}, "order.referee_only")


def test_next_is_refused_while_a_player_has_to_act():
    s = game()
    at_phase(s, "movement")
    err = refused(s, NEXT, "phase.waiting")
    assert "P1" in err.message("en")


def test_an_unknown_army_or_an_army_out_of_play_cannot_act():
    s = game()
    at_phase(s, "movement")
    err = refused(s, {"type": "move", "player": "P1", "army": "L7", "path": ["-3,3"]}, "gorges.unknown_army")
    err = refused(s, {"type": "move", "player": "P1", "army": "PP2:G", "path": ["-3,3"]}, "order.unknown_player")
    assert err.message("en") == "Unknown player 'PP2' (did you mean P2?)."  # every kind of id: did you mean
    err = refused(s, {"type": "move", "player": "P1", "army": "LL1", "path": ["-3,3"]}, "gorges.unknown_army")
    assert err.message("en").endswith("(did you mean L1?).")
    place(s, "P1:G", None)
    refused(s, {"type": "move", "player": "P1", "army": "G", "path": ["-3,3"]}, "gorges.army_out")


def test_a_refused_order_changes_nothing_in_a_game():
    game_ = Game(GorgesRules(), {"players": [{"id": "A", "race": "skaven"}, {"id": "B", "race": "empire"}]}, 4)
    before = copy.deepcopy(game_.state)
    with pytest.raises(CampagneError):
        game_.push({"type": "move", "player": "A", "army": "G", "path": ["0,0"]})
    assert game_.state == before and game_.entries == []


# --------------------------------------------------------------------------- a whole year


@settings(max_examples=15, deadline=None)
@given(data=st.data(), count=st.integers(2, 8), seed=st.integers(0, 10_000))
def test_a_simulated_year_ends_after_twelve_turns_and_its_journal_replays(data, count, seed):
    keys = list(races())
    players = [{"id": f"P{i + 1}", "race": data.draw(st.sampled_from(keys)),
                "controller": data.draw(st.sampled_from(("random", "greedy", "absent")))} for i in range(count)]
    played = simulate(players, seed)
    assert played.state.phase == "ended" and played.state.turn == 12
    assert len(played.state.standings) == count
    replayed = Game.verify(GorgesRules(), played.setup, played.seed, [e.to_dict() for e in played.entries],
                           opening=played.opening.to_dict())
    assert replayed.state.standings == played.state.standings
    assert replayed.state.owners == played.state.owners


def test_an_army_takes_part_in_one_challenge_a_turn():
    """Interpretation 25: the General who challenged cannot also take up a challenge, nor challenge again; a
    refused challenge frees him."""
    s = game("skaven", "dwarfs", "empire")
    place(s, "P1:G", INLAND)
    place(s, "P2:G", INLAND)
    place(s, "P3:G", INLAND)
    first = challenge(s, "P2", "G", "P1", INLAND)
    second = challenge(s, "P3", "G", "P2", INLAND)
    refused(s, {"type": "accept", "player": "P2", "challenge": second["id"], "army": "G"},
            "gorges.challenge.engaged")
    apply(s, {"type": "accept", "player": "P2", "challenge": second["id"], "army": "L1"}, [])
    apply(s, {"type": "refuse", "player": "P1", "challenge": first["id"]}, [])
    assert s.challenges[0].status == "refused"
    from campagne.games.gorges.conquest import engaged
    assert not engaged(s, s.army("P2:G")) and engaged(s, s.army("P2:L1"))


def test_the_exact_odds_of_an_auto_resolved_battle_are_shown_before_it():
    """The auto-resolve (an addition, docs/rules/gorges.md): 2D6 + modifiers each, the defender wins ties. The
    view gives the exact chance, counted here over the 1,296 throws."""
    from fractions import Fraction

    from campagne.games.gorges.battles import auto_modifiers
    from campagne.games.gorges.views import view
    s = game()
    b = to_battle(s)  # P1's General (+1) against P2's General (+1)
    lead = sum(auto_modifiers(s, b)["P1"].values()) - sum(auto_modifiers(s, b)["P2"].values())
    two_d6 = [a + b_ for a in range(1, 7) for b_ in range(1, 7)]
    wins = sum(1 for x in two_d6 for y in two_d6 if x + lead > y)
    shown = view(s, None)["battles"][0]["auto_resolve_odds"]
    assert Fraction(shown["attacker"]["exact"]) == Fraction(wins, 1296) == Fraction(575, 1296)
    assert Fraction(shown["defender"]["exact"]) == 1 - Fraction(575, 1296)
    s.buildings[INLAND] = ["fortress"]  # a fortress nobody holds helps nobody
    assert Fraction(view(s, None)["battles"][0]["auto_resolve_odds"]["attacker"]["exact"]) == Fraction(575, 1296)
    own(s, "P2", INLAND)  # the defender of his own fortress: +1
    assert Fraction(view(s, None)["battles"][0]["auto_resolve_odds"]["attacker"]["exact"]) == Fraction(
        sum(1 for x in two_d6 for y in two_d6 if x > y + 1), 1296)
    own(s, "P1", INLAND)  # the attacker's fortress, the defender an intruder on it: no bonus to him
    assert auto_modifiers(s, b)["P2"]["fortified"] == 0
    apply(s, {"type": "auto-resolve", "player": "referee", "battle": b.id}, None)
    assert "auto_resolve_odds" not in view(s, None)["battles"][0]


def test_two_armies_without_a_challenge_a_second_move_makes_the_later_arrival():
    """Interpretation 8/29: A is the army that came last, also after a forced march or a second move."""
    s = game()
    s.arrive(s.army("P1:G"))
    s.arrive(s.army("P2:G"))
    s.arrive(s.army("P1:G"))  # moved again
    assert s.arrivals["P1:G"] > s.arrivals["P2:G"]
    s.arrive(s.army("P2:G"))
    assert s.arrivals["P2:G"] > s.arrivals["P1:G"]


def test_green_recruits_take_one_honour_not_the_regiment():
    """« 5 Bleus. L'un de vos Régiments de Renom ayant reçus le butin de guerre Fière Bannière ou Faits d'armes
    le perd »: one honour goes; the regiment keeps the other and stays a Regiment of Renown."""
    s = game()
    s.army("P2:L1").renown.append({"unit": "Guerriers", "honours": [{"spoils": "proud_banner",
                                                                      "magic_banner_max": 30}]})
    s.army("P2:G").renown.append({"unit": "Vermine", "honours": [{"spoils": "feats_of_arms", "rule": "fear"}]})
    b = to_battle(s)
    # spoils 2 (elite army), defeat 5 (green recruits), 1D2 = 1: the first of P2's honours (the General's
    # army comes first), fate 1 (pushed back)
    events = result(s, b.id, "P1", [2, 5, 1, 1])
    ev = of_type(events, "defeat")[0]
    assert ev["result"] == "green_recruits" and ev["unit"] == "Vermine" and ev["honour"] == "feats_of_arms"
    assert s.army("P2:G").renown == [] and s.army("P2:L1").renown[0]["honours"][0]["spoils"] == "proud_banner"


def test_a_daemon_swap_never_hands_a_challenge_to_an_army_that_built():
    """« Une armée qui construit un édifice ne peut pas se battre lors de ce tour » — even swapped in."""
    s = game("daemons_of_chaos", "skaven")
    s.army("P1:G").built = True
    place(s, "P1:L1", INLAND)
    place(s, "P2:G", INLAND)
    challenge(s, "P1", "L1", "P2", INLAND)
    refused(s, {"type": "swap", "player": "P1", "army": "L1", "other": "G"}, "gorges.challenge.builder")
    apply(s, {"type": "swap", "player": "P1", "army": "L1", "other": "L2"}, [])
    assert s.challenges[0].army == "L2"


def test_siege_troops_cannot_capture_the_battles_own_territory():
    """Event 51 captures « un territoire ennemi » on top of the battle's: naming the battle's territory is
    refused before anything is rolled."""
    s = game()
    own(s, "P2", INLAND)
    b = to_battle(s)
    s.players["P1"].event = {"key": "siege_troops", "d66": 51}
    refused(s, {"type": "battle-result", "player": "referee", "battle": b.id, "winner": "P1", "capture": INLAND},
            "order.bad_field")


def test_an_army_pushed_back_fights_no_battle_elsewhere_in_the_same_turn():
    # Seen in a club's year: bob:L1 pushed back by a refused challenge, then battle #2 fought « in 3,-2 » with it.
    from campagne.core.dice import Dice
    from campagne.games.gorges.battles import open_battles
    from campagne.games.gorges.context import Ctx
    from campagne.games.gorges.turn import push_back
    from campagne.core.game import Game
    from campagne.games.gorges.rules import GorgesRules
    from campagne.games.gorges.state import Challenge
    game = Game(GorgesRules(), {"players": [{"id": "A"}, {"id": "B"}]}, 4)
    s = game.state
    a, b = s.players["A"].armies["G"], s.players["B"].armies["L1"]
    target = next(t for t in s.neighbours(s.players["B"].capital) if s.owners.get(t) is None)
    a.position, b.position = target, target
    s.owners[target] = "B"
    ev = push_back(s, a, "refused")
    assert ev["type"] == "army_pushed_back" and a.pushed_back
    s.challenges = [Challenge(1, "A", "G", "B", target, "same_territory", status="accepted", defender_army="L1")]
    events = open_battles(Ctx(s, {}, Dice.seeded("t", 0)))
    assert events == [{"type": "battle_void", "challenge": 1, "pushed_back": ["A:G"]}] and not s.battles
    # an army already on its own land is not pushed back: it stays
    home = s.players["B"].armies["G"]
    home.position = s.players["B"].capital
    assert push_back(s, home, "two_armies")["type"] == "army_holds" and not home.pushed_back


@pytest.mark.parametrize("kept_away", ["dead", "captured_nobody"])
def test_a_hero_who_misses_the_battle_cannot_be_killed_in_it(kept_away):
    """« Pour un personnage mort, l'on considère qu'il ne rate que la bataille suivante »: a hero whose minor
    wound rolled « Mort ! » (or captured with nobody to hold him) is not on the field: he cannot be entered as
    killed, and an auto-resolve does not kill him."""
    s = game()
    b = to_battle(s)
    s.army("P1:G").hero.next_battle.append({"key": kept_away, "fr": "Mort !", "en": "Dead!"})
    refused(s, {"type": "battle-result", "player": "referee", "battle": b.id, "winner": "P2",
                "heroes_killed": ["P1:G"]}, "gorges.battle.no_hero")
    for seed in range(12):  # whatever the dice, the absent hero is never among the killed
        t = copy.deepcopy(s)
        events = RULES.apply(t, {"type": "auto-resolve", "player": "referee", "battle": b.id},
                             Dice.seeded(seed, 0))
        resolved = next(e for e in events if e.get("type") == "auto_resolve")
        assert "P1:G" not in resolved["heroes_killed"], resolved
        assert not t.army("P1:G").hero.dead


def test_after_a_capital_is_lost_every_message_and_status_say_where_the_armies_go():
    """Returning armies go to the capital while its player holds it, else to his land nearest to it
    (`capital_of`): the removal in summer, the return and the status say the same cell, and the status says
    the capital is lost and to whom."""
    from campagne.core.i18n import Lang
    from campagne.games.gorges.text import event_text, status_text
    from campagne.games.gorges.turn import remove_army, return_to_capital
    from campagne.games.gorges.views import view
    s = game()
    old = capital(s, "P1")
    own(s, "P2", old)
    own(s, "P1", INLAND)
    s.turn = 4  # summer
    home = s.capital_of("P1")
    assert home == INLAND
    for lang in ("fr", "en"):
        o = Lang(lang)
        removed = event_text(remove_army(s, s.army("P1:G"), "next_season", "beaten"), o)
        back = event_text(return_to_capital(s, s.army("P1:L1")), o)
        assert INLAND in removed and old in removed and INLAND in back and old in back
        status = status_text(view(s, "P1"), o)
        line = next(x for x in status.splitlines() if x.strip().startswith("P1 "))
        assert old in line and "P2" in line and INLAND in line, line
