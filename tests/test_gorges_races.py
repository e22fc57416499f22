"""Gorges Tranchées rules, "LES RACES": each of the fifteen races' abilities shown on the board (seed 001)."""

from __future__ import annotations

import pytest
from gorges_kit import (
    INLAND,
    NEXT,
    apply,
    at_phase,
    challenge,
    game,
    land_path,
    of_type,
    own,
    place,
    refused,
    result,
    to_battle,
)

from campagne.games.gorges.state import GorgesState

COAST = "4,-1"  # a coastal plain far from both capitals


def movement(s: GorgesState, faces: list[int]) -> list[dict]:
    """Enter phase 5: one move roll per player, in turn order."""
    at_phase(s, "mines", acting=[])
    return apply(s, NEXT, faces)


def refused_save(s: GorgesState, target: str, face: int, attacker: str = "P2", defender: str = "P1") -> dict:
    """The attacker's General stands on the defender's `target`, challenges, is refused: the save roll."""
    own(s, defender, target)
    place(s, f"{attacker}:G", target)
    c = challenge(s, attacker, "G", defender, target)
    events = apply(s, {"type": "refuse", "player": defender, "challenge": c["id"]}, [face])
    return of_type(events, "save")[0]


# --------------------------------------------------------------------------- Bretonnia


def test_bretonnia_moves_1d3_plus_1():
    # « Leurs chevaux légendaires permettent aux armées Bretonnienne de se déplacer d'1d3+1. »
    s = game("bretonnia", "empire")
    events = movement(s, [2, 2])
    rolls = {e["player"]: e["allowance"] for e in of_type(events, "move_roll")}
    assert rolls == {"P1": 3, "P2": 2}
    assert all(a.move_allowance == 3 for a in s.players["P1"].armies.values())
    path = land_path(s, s.players["P1"].capital, 3)
    apply(s, {"type": "move", "player": "P1", "army": "G", "path": path}, [])
    assert s.army("P1:G").position == path[-1]


def test_bretonnia_still_cannot_go_beyond_1d3_plus_1():
    s = game("bretonnia", "empire")
    movement(s, [1, 3])
    refused(s, {"type": "move", "player": "P1", "army": "G", "path": land_path(s, s.players["P1"].capital, 3)},
            "gorges.move.too_far")


# --------------------------------------------------------------------------- Vampire Counts


def test_vampire_counts_roll_twice_on_the_injury_table_and_choose():
    # « ils peuvent lancer deux jets sur le tableau des blessures de guerre et choisir le résultat qui leur
    # conviens. »
    s = game("empire", "vampire_counts")
    b = to_battle(s, INLAND)
    # spoils 2 (elite army), defeat 1 (crushing), fate 1 (pushed back), injuries: 2 (captured), 6+1 (lesson)
    events = result(s, b.id, "P1", [2, 1, 1, 2, 6, 1], heroes_killed=["P2:G"], injury_choice={"P2:G": 1})
    injury = of_type(events, "injury")
    assert len(injury) == 1 and injury[0]["result"] == "captured"
    assert s.army("P2:G").hero.captured_by == "P1"
    assert s.players["P1"].hostages == [{"player": "P2", "army": "G", "hero": "Général"}]


def test_vampire_counts_without_a_stated_choice_take_the_least_harmful_result():
    s = game("empire", "vampire_counts")
    b = to_battle(s, INLAND)
    events = result(s, b.id, "P1", [2, 1, 1, 2, 6, 1], heroes_killed=["P2:G"])
    assert [e["result"] for e in of_type(events, "injury")] == ["lesson_learned"]
    hero = s.army("P2:G").hero
    assert hero.present and hero.changes == {"WS": 1, "BS": 1}
    assert s.players["P1"].hostages == []


def test_other_races_roll_the_injury_table_once():
    s = game("empire", "skaven")
    b = to_battle(s, INLAND)
    events = result(s, b.id, "P1", [2, 1, 1, 2], heroes_killed=["P2:G"])  # one injury face only
    assert [e["result"] for e in of_type(events, "injury")] == ["captured"]
    assert s.army("P2:G").hero.captured_by == "P1"


# --------------------------------------------------------------------------- Daemons of Chaos


def test_daemons_swap_two_of_their_armies_in_any_phase():
    # « A tout moment, vous pouvez intervertir la position de vos armées »
    s = game("daemons_of_chaos", "empire")
    place(s, "P1:L1", INLAND)
    for phase in ("ghost", "search", "conquest"):
        at_phase(s, phase, acting=[])
        g, l1 = s.army("P1:G").position, s.army("P1:L1").position
        apply(s, {"type": "swap", "player": "P1", "army": "G", "other": "L1"}, [])
        assert (s.army("P1:G").position, s.army("P1:L1").position) == (l1, g)


def test_daemons_swap_after_a_challenge_and_the_challenge_follows_the_place():
    # « ... même après avoir relevé ou lancé un défi. »
    s = game("daemons_of_chaos", "empire")
    own(s, "P2", INLAND)
    place(s, "P1:G", INLAND)
    place(s, "P1:L1", COAST)
    c = challenge(s, "P1", "G", "P2", INLAND)
    apply(s, {"type": "swap", "player": "P1", "army": "G", "other": "L1"}, [])
    assert s.army("P1:L1").position == INLAND and s.army("P1:G").position == COAST
    assert s.challenges[0].army == "L1"
    apply(s, {"type": "accept", "player": "P2", "challenge": c["id"], "army": "G"}, [])
    apply(s, {"type": "done", "player": "P1"}, [])
    apply(s, NEXT, [])
    apply(s, NEXT, [])
    assert (s.battles[0].attacker_army, s.battles[0].territory) == ("L1", INLAND)


def test_daemons_swap_in_the_battles_phase_and_the_battle_follows_the_place():
    # « A tout moment » : until the battle is played, the army now standing on the field fights it.
    s = game("daemons_of_chaos", "empire")
    place(s, "P1:L1", COAST)
    b = to_battle(s, INLAND)
    s.army("P1:L1").bonus_points = 150  # recruits waiting for L1's next battle
    apply(s, {"type": "swap", "player": "P1", "army": "G", "other": "L1"}, [])
    assert b.attacker_army == "L1"
    assert [n["points"] for n in b.notes if n["key"] == "bonus_points"] == [150]
    events = result(s, b.id, "P2", [2, 1, 1])  # fate 1: the beaten army is pushed back from the field
    assert [(e["army"], e["from"]) for e in of_type(events, "army_pushed_back")] == [("P1:L1", INLAND)]
    assert s.army("P1:G").position == COAST
    assert s.army("P1:L1").bonus_points == 0


def test_only_daemons_swap_armies():
    s = game("empire", "skaven")
    refused(s, {"type": "swap", "player": "P1", "army": "G", "other": "L1"}, "gorges.ability.not_race")


# --------------------------------------------------------------------------- Dark Elves


def test_dark_elves_slaves_give_one_mine_plus_1_after_a_won_battle():
    # « s'ils ont gagné une bataille lors du tour précédant, ils peuvent mettre leurs prisonniers dans l'une de
    # leur mine. Celle-ci gagnera un bonus de +1 lors de sa prochaine production. » — the player's choice of mine
    s = game("dark_elves", "empire")
    own(s, "P1", "0,-2", "1,-2")  # two mines
    b = to_battle(s, INLAND)
    result(s, b.id, "P1", [2, 1, 1])
    events = apply(s, NEXT)  # end of turn 1, start of turn 2
    assert s.turn == 2 and of_type(events, "slaves") == [{"type": "slaves", "player": "P1"}]
    at_phase(s, "search", acting=[])
    events = apply(s, NEXT, [])  # the mines phase opens: P1 names the mine first, nothing rolled yet
    assert of_type(events, "mine") == [] and s.phase == "mines" and "P1" in s.acting
    refused(s, {"type": "done", "player": "P1"}, "gorges.mines.slaves_first")
    refused(s, {"type": "slaves", "player": "P1", "territory": INLAND}, "gorges.mines.not_a_mine")
    events = apply(s, {"type": "slaves", "player": "P1", "territory": "1,-2"}, [1, 1, 1])
    mines = of_type(events, "mine")  # both roll a 1: the chosen one gets +1 (2: gold and iron, 1x50)
    assert [(m["territory"], m["result"], m["slaves"]) for m in mines] == [
        ("0,-2", "collapse", False), ("1,-2", "gold_and_iron", True)]
    assert s.players["P1"].battle_points == 50 and not s.acting


def test_dark_elves_with_one_mine_put_their_prisoners_there():
    s = game("dark_elves", "empire")
    own(s, "P1", "0,-2")
    s.players["P1"].slaves_bonus = True
    at_phase(s, "search", acting=[])
    events = apply(s, NEXT, [1, 1])  # 1+1 = 2: gold and iron, 1x50
    assert [(m["territory"], m["result"], m["slaves"]) for m in of_type(events, "mine")] == [
        ("0,-2", "gold_and_iron", True)]


def test_dark_elves_without_a_won_battle_get_no_slaves():
    s = game("dark_elves", "empire")
    own(s, "P1", "0,-2")
    b = to_battle(s, INLAND)
    result(s, b.id, "P2", [2, 1, 1])
    events = apply(s, NEXT)
    assert of_type(events, "slaves") == []
    at_phase(s, "search", acting=[])
    events = apply(s, NEXT, [1])
    assert of_type(events, "mine")[0]["result"] == "collapse" and not s.has("0,-2", "mine")


@pytest.mark.parametrize("race", ["dark_elves", "high_elves"])
def test_sea_raid_on_a_2_to_6_attacks_a_coastal_territory(race):
    # « Une fois par tour, ils peuvent attaquer n'importe quel territoire adjacent à une mer ... Sur un 2-6
    # elle attaque normalement le territoire. »
    s = game(race, "empire")
    own(s, "P2", COAST)
    at_phase(s, "challenges", acting=["P1"])
    events = apply(s, {"type": "raid", "player": "P1", "army": "G", "territory": COAST}, [2])
    assert of_type(events, "raid")[0]["result"] == "attacks"
    assert s.army("P1:G").position == COAST
    c = s.challenges[-1]
    assert (c.challenger, c.defender, c.target, c.condition, c.status) == ("P1", "P2", COAST, "raid", "pending")


@pytest.mark.parametrize("race", ["dark_elves", "high_elves"])
def test_sea_raid_on_a_1_is_lost_at_sea(race):
    # « Sur un 1, l'armée s'est perdue en mer et est retirée du jeu. »
    s = game(race, "empire")
    own(s, "P2", COAST)
    at_phase(s, "challenges", acting=["P1"])
    apply(s, {"type": "raid", "player": "P1", "army": "G", "territory": COAST}, [1])
    a = s.army("P1:G")
    assert a.position is None and a.out_until == "next_season"
    assert s.challenges == [] and s.owners[COAST] == "P2"


@pytest.mark.parametrize("race", ["dark_elves", "high_elves"])
def test_sea_raid_only_on_the_coast_and_never_on_a_town_or_fortress(race):
    # « n'importe quel territoire adjacent à une mer (hormis une ville ou une forteresse) »
    s = game(race, "empire")
    own(s, "P2", COAST, INLAND)
    at_phase(s, "challenges", acting=["P1"])
    refused(s, {"type": "raid", "player": "P1", "army": "G", "territory": INLAND}, "gorges.raid.impossible")
    for building in ("fortress", "town"):
        s.buildings[COAST] = [building]
        refused(s, {"type": "raid", "player": "P1", "army": "G", "territory": COAST}, "gorges.raid.impossible")


@pytest.mark.parametrize("race", ["dark_elves", "high_elves"])
def test_sea_raid_once_per_turn(race):
    s = game(race, "empire")
    own(s, "P2", COAST, "5,-2")
    at_phase(s, "challenges", acting=["P1"])
    apply(s, {"type": "raid", "player": "P1", "army": "G", "territory": COAST}, [4])
    refused(s, {"type": "raid", "player": "P1", "army": "L1", "territory": "5,-2"}, "gorges.ability.used")


def test_races_without_raids_cannot_raid():
    s = game("empire", "bretonnia")
    own(s, "P2", COAST)
    at_phase(s, "challenges", acting=["P1"])
    refused(s, {"type": "raid", "player": "P1", "army": "G", "territory": COAST}, "gorges.ability.not_race")


# --------------------------------------------------------------------------- Wood Elves


def test_wood_elves_travel_from_forest_to_any_forest_once_per_turn():
    # « Une fois par tour, une seule armée elfes sylvains qui se trouve dans une forêt peut se déplacer sur
    # n'importe quel autre territoire de forêt de la carte. »
    s = game("wood_elves", "empire")
    movement(s, [1, 1])
    assert s.map.cell(s.players["P1"].capital).terrain == "forest"
    apply(s, {"type": "forest", "player": "P1", "army": "G", "territory": "4,1"}, [])
    assert s.army("P1:G").position == "4,1"
    refused(s, {"type": "forest", "player": "P1", "army": "L1", "territory": "2,2"}, "gorges.ability.used")


def test_wood_elves_forest_travel_needs_a_forest_at_both_ends():
    s = game("wood_elves", "empire")
    movement(s, [1, 1])
    refused(s, {"type": "forest", "player": "P1", "army": "G", "territory": INLAND}, "gorges.ability.bad_target")
    place(s, "P1:G", INLAND)
    refused(s, {"type": "forest", "player": "P1", "army": "G", "territory": "4,1"}, "gorges.ability.bad_target")


def test_only_wood_elves_travel_through_forests():
    s = game("empire", "skaven")
    movement(s, [1, 1])
    refused(s, {"type": "forest", "player": "P1", "army": "G", "territory": "4,1"}, "gorges.ability.not_race")


def test_wood_elves_forests_protect_like_a_fortress():
    # « chaque forêt qu'ils contrôlent leur offre la même protection qu'une forteresse »
    s = game("wood_elves", "empire")
    save = refused_save(s, "-1,-2", 5)  # a forest: 5 + 1 = 6
    assert save["modifiers"] == [{"key": "fortress_adjacent", "value": 1}] and save["saved"]
    assert s.owners["-1,-2"] == "P1" and s.army("P2:G").position == s.players["P2"].capital


def test_a_forest_gives_no_save_bonus_to_other_races():
    s = game("empire", "bretonnia")
    save = refused_save(s, "-1,-2", 5)
    assert save["modifiers"] == [] and not save["saved"]
    assert s.owners["-1,-2"] == "P2"


@pytest.mark.parametrize("race", ["wood_elves", "warriors_of_chaos", "beastmen"])
def test_races_that_cannot_build_towns(race):
    # Wood Elves: « ils ne peuvent pas de bâtir des villes »; Warriors of Chaos, Beastmen: « ils sont
    # incapables de bâtir des villes. »
    s = game(race, "empire")
    s.buildings[s.players["P1"].capital] = ["fortress"]
    at_phase(s, "construction", acting=["P1"])
    refused(s, {"type": "build", "player": "P1", "army": "G", "building": "town"}, "gorges.build.impossible")
    apply(s, {"type": "build", "player": "P1", "army": "G", "building": "mine"}, [])  # other buildings: yes
    assert s.buildings[s.players["P1"].capital] == ["fortress", "mine"]


# --------------------------------------------------------------------------- Empire


def test_empire_fortresses_add_2_to_the_save():
    # « Leurs fortifications ajoutent +2 au Jet de Sauvegarde et leurs villes +3. »
    s = game("empire", "bretonnia")
    s.buildings[INLAND] = ["fortress"]
    save = refused_save(s, INLAND, 4)
    assert save["modifiers"] == [{"key": "fortress_adjacent", "value": 2}] and save["total"] == 6 and save["saved"]


def test_empire_towns_add_3_to_the_save():
    s = game("empire", "bretonnia")
    s.buildings[INLAND] = ["town"]
    save = refused_save(s, INLAND, 3)
    assert save["modifiers"] == [{"key": "town_adjacent", "value": 3}] and save["saved"]


def test_other_races_fortresses_add_only_1():
    s = game("skaven", "bretonnia")
    s.buildings[INLAND] = ["fortress"]
    save = refused_save(s, INLAND, 4)
    assert save["total"] == 5 and not save["saved"] and s.owners[INLAND] == "P2"


# --------------------------------------------------------------------------- Warriors of Chaos, Beastmen


@pytest.mark.parametrize("race", ["warriors_of_chaos", "beastmen"])
def test_raiders_make_their_enemies_saves_at_minus_1(race):
    # « les Jets de Sauvegarde de leurs adversaires se font à -1. »
    s = game("skaven", race)
    s.buildings[INLAND] = ["fortress"]
    save = refused_save(s, INLAND, 5)  # 5 + 1 (fortress) - 1 = 5
    assert {"key": f"race:{race}", "value": -1} in save["modifiers"]
    assert save["total"] == 5 and not save["saved"] and s.owners[INLAND] == "P2"


def test_the_same_save_without_raiders_holds():
    s = game("skaven", "bretonnia")
    s.buildings[INLAND] = ["fortress"]
    assert refused_save(s, INLAND, 5)["saved"]


# --------------------------------------------------------------------------- High Elves


def test_high_elves_reroll_their_move_and_keep_the_second_result():
    # « Elles peuvent relancer leurs dé de déplacement et doivent appliquer le second résultat. »
    s = game("high_elves", "empire")
    movement(s, [3, 2])
    apply(s, {"type": "reroll", "player": "P1"}, [1])  # worse, but kept
    assert all(a.move_allowance == 1 for a in s.players["P1"].armies.values())
    refused(s, {"type": "reroll", "player": "P1"}, "gorges.ability.used")


def test_high_elves_reroll_before_any_army_moves():
    s = game("high_elves", "empire")
    movement(s, [1, 2])
    apply(s, {"type": "move", "player": "P1", "army": "G", "path": land_path(s, s.players["P1"].capital, 1)}, [])
    refused(s, {"type": "reroll", "player": "P1"}, "gorges.move.already")


def test_only_high_elves_reroll_their_move():
    s = game("empire", "high_elves")
    movement(s, [1, 2])
    refused(s, {"type": "reroll", "player": "P1"}, "gorges.ability.not_race")


# --------------------------------------------------------------------------- Lizardmen


@pytest.mark.parametrize("building", ["fortress", "town"])
def test_lizardmen_wizards_are_loremasters_in_a_battle_on_their_fortress_or_town(building):
    # « Durant une bataille jouée sur l'une de leur fortification ou cité, les sorciers Hommes-Lézard gagnent
    # la règle Maître du Savoir. »
    s = game("empire", "lizardmen")
    own(s, "P2", INLAND)
    s.buildings[INLAND] = [building]
    b = to_battle(s, INLAND)
    assert [n["side"] for n in b.notes if n["key"] == "loremaster"] == ["P2"]


def test_lizardmen_are_no_loremasters_elsewhere():
    s = game("empire", "lizardmen")
    own(s, "P2", INLAND)
    b = to_battle(s, INLAND)
    assert not [n for n in b.notes if n["key"] == "loremaster"]
    s = game("lizardmen", "empire")  # attacking an enemy fortress: not theirs
    own(s, "P2", INLAND)
    s.buildings[INLAND] = ["fortress"]
    b = to_battle(s, INLAND)
    assert not [n for n in b.notes if n["key"] == "loremaster"]


# --------------------------------------------------------------------------- Dwarfs


def test_dwarf_mines_protect_like_a_fortress():
    # « Les nains ont l'habitude de fortifier leurs mines, elle offre un bonus de Sauvegarde de +1, comme une
    # forteresse. »
    s = game("dwarfs", "bretonnia")
    s.buildings[INLAND] = ["mine"]
    save = refused_save(s, INLAND, 5)
    assert save["modifiers"] == [{"key": "fortress_adjacent", "value": 1}] and save["saved"]


def test_a_dwarf_mine_does_not_add_to_a_fortress():
    s = game("dwarfs", "bretonnia")
    s.buildings[INLAND] = ["fortress", "mine"]
    save = refused_save(s, INLAND, 4)
    assert save["total"] == 5 and not save["saved"]


def test_other_races_mines_do_not_protect():
    s = game("empire", "bretonnia")
    s.buildings[INLAND] = ["mine"]
    save = refused_save(s, INLAND, 5)
    assert save["modifiers"] == [] and not save["saved"]


# --------------------------------------------------------------------------- Orcs & Goblins


def test_orc_and_goblin_removed_army_returns_to_the_capital_next_turn():
    # « Une armée éliminée revient immédiatement en jeu dans leur capitale au début du prochain tour. »
    s = game("empire", "orcs_and_goblins")
    b = to_battle(s, INLAND)
    result(s, b.id, "P1", [2, 1, 4])  # fate 4: removed
    a = s.army("P2:G")
    assert a.position is None and a.out_until == "next_turn"
    events = apply(s, NEXT)
    assert s.turn == 2 and a.position == s.players["P2"].capital and a.out_until is None
    assert {"type": "army_returns", "army": "P2:G", "territory": a.position, "capital": a.position} in events


def test_other_races_removed_army_waits_for_the_next_season():
    # « sur un 4-6 elle est retirée du jeu jusqu'à la prochaine saison. »
    s = game("empire", "skaven")
    b = to_battle(s, INLAND)
    result(s, b.id, "P1", [2, 1, 4])
    apply(s, NEXT)
    a = s.army("P2:G")
    assert s.turn == 2 and a.position is None and a.out_until == "next_season"


# --------------------------------------------------------------------------- Tomb Kings


def test_tomb_kings_burrow_one_army_anywhere_on_their_territory_once_per_turn():
    # « Une fois par tour, ils peuvent déplacer l'une de leur armée n'importe où sur leur territoire. »
    s = game("tomb_kings", "empire")
    own(s, "P1", INLAND, COAST)
    movement(s, [1, 1])
    apply(s, {"type": "burrow", "player": "P1", "army": "G", "territory": INLAND}, [])
    assert s.army("P1:G").position == INLAND
    refused(s, {"type": "burrow", "player": "P1", "army": "L1", "territory": COAST}, "gorges.ability.used")


def test_tomb_kings_burrow_only_within_their_territory():
    s = game("tomb_kings", "empire")
    movement(s, [1, 1])
    refused(s, {"type": "burrow", "player": "P1", "army": "G", "territory": INLAND}, "gorges.ability.bad_target")


def test_only_tomb_kings_burrow():
    s = game("empire", "tomb_kings")
    own(s, "P1", INLAND)
    movement(s, [1, 1])
    refused(s, {"type": "burrow", "player": "P1", "army": "G", "territory": INLAND}, "gorges.ability.not_race")


def test_tomb_kings_need_no_army_on_their_land():
    # « De plus ils ne sont pas obligés de laisser une de leurs armées sur leur territoire ... »
    s = game("tomb_kings", "empire")
    for key in ("G", "L1", "L2"):
        place(s, f"P1:{key}", INLAND)
    at_phase(s, "movement", acting=["P1"])
    events = apply(s, {"type": "done", "player": "P1"}, [])
    assert of_type(events, "army_to_capital") == []
    assert all(a.position == INLAND for a in s.players["P1"].armies.values())


def test_tomb_kings_bring_an_army_home_when_attacked():
    # « ... du moment qu'ils en rapatrient une s'ils se font attaquer. »
    s = game("tomb_kings", "empire")
    capital = s.players["P1"].capital
    for key in ("G", "L1", "L2"):
        place(s, f"P1:{key}", INLAND)
    place(s, "P2:G", capital)
    at_phase(s, "challenges", acting=["P2"])
    events = apply(s, {"type": "challenge", "player": "P2", "army": "G", "defender": "P1", "territory": capital},
                   [])
    back = of_type(events, "army_to_capital")
    assert len(back) == 1 and back[0]["to"] == capital
    assert sum(a.position == capital for a in s.players["P1"].armies.values()) == 1


# --------------------------------------------------------------------------- Ogre Kingdoms


def test_ogres_move_their_capital_one_cell_once_per_turn():
    # « Les Ogres sont des nomades ils peuvent, une fois par tour, déplacer leur capitale d'une case. »
    s = game("ogre_kingdoms", "empire")
    old = s.players["P1"].capital
    step1, step2 = land_path(s, old, 2)
    own(s, "P1", step1, step2)
    movement(s, [1, 1])
    events = apply(s, {"type": "capital", "player": "P1", "territory": step1}, [])
    assert s.players["P1"].capital == step1 and of_type(events, "capital_moved")[0]["from"] == old
    refused(s, {"type": "capital", "player": "P1", "territory": step2}, "gorges.ability.used")


def test_ogres_move_their_capital_one_cell_only():
    s = game("ogre_kingdoms", "empire")
    far = land_path(s, s.players["P1"].capital, 2)[1]
    own(s, "P1", far)
    movement(s, [1, 1])
    refused(s, {"type": "capital", "player": "P1", "territory": far}, "gorges.ability.bad_target")


def test_returning_armies_come_to_the_moved_capital():
    s = game("ogre_kingdoms", "empire")
    new = land_path(s, s.players["P1"].capital, 1)[0]
    own(s, "P1", new)
    movement(s, [1, 1])
    apply(s, {"type": "capital", "player": "P1", "territory": new}, [])
    place(s, "P1:G", None)
    s.army("P1:G").out_until = "next_turn"
    at_phase(s, "battles", acting=[])
    apply(s, NEXT)
    assert s.army("P1:G").position == new


def test_only_ogres_move_their_capital():
    s = game("empire", "ogre_kingdoms")
    new = land_path(s, s.players["P1"].capital, 1)[0]
    own(s, "P1", new)
    movement(s, [1, 1])
    refused(s, {"type": "capital", "player": "P1", "territory": new}, "gorges.ability.not_race")


# --------------------------------------------------------------------------- Skaven


@pytest.mark.parametrize("face", [1, 2])
def test_skaven_tunnel_on_1_2_is_lost_underground(face):
    # « Sur un 1-2, l'armée s'est perdue sous terre et est retirée du jeu. »
    s = game("skaven", "empire")
    own(s, "P2", INLAND)
    at_phase(s, "challenges", acting=["P1"])
    apply(s, {"type": "raid", "player": "P1", "army": "G", "territory": INLAND}, [face])
    assert s.army("P1:G").position is None and s.challenges == []


@pytest.mark.parametrize("face", [3, 4])
def test_skaven_tunnel_on_3_4_attacks_anywhere(face):
    # « Une fois par tour, ils peuvent attaquer n'importe quel territoire sur la carte ... Sur un 3-4 elle sort
    # normalement et peut attaquer le territoire. »
    s = game("skaven", "empire")
    own(s, "P2", INLAND)  # inland, far from the Skaven: no condition but the tunnel
    at_phase(s, "challenges", acting=["P1"])
    apply(s, {"type": "raid", "player": "P1", "army": "G", "territory": INLAND}, [face])
    assert s.army("P1:G").position == INLAND and not s.has(INLAND, "mine")
    assert (s.challenges[0].defender, s.challenges[0].target, s.challenges[0].condition) == ("P2", INLAND, "raid")


@pytest.mark.parametrize("face", [5, 6])
def test_skaven_tunnel_on_5_6_attacks_and_digs_a_mine(face):
    # « Sur un 5-6 elle sort normalement et une mine est créée sur ce territoire. »
    s = game("skaven", "empire")
    own(s, "P2", INLAND)
    at_phase(s, "challenges", acting=["P1"])
    apply(s, {"type": "raid", "player": "P1", "army": "G", "territory": INLAND}, [face])
    assert s.army("P1:G").position == INLAND and s.has(INLAND, "mine")
    assert s.challenges[0].target == INLAND


def test_skaven_tunnel_once_per_turn_and_never_into_a_town_or_fortress():
    # « (hormis une ville ou une forteresse) »
    s = game("skaven", "empire")
    own(s, "P2", INLAND, COAST)
    s.buildings[COAST] = ["fortress"]
    at_phase(s, "challenges", acting=["P1"])
    refused(s, {"type": "raid", "player": "P1", "army": "G", "territory": COAST}, "gorges.raid.impossible")
    apply(s, {"type": "raid", "player": "P1", "army": "G", "territory": INLAND}, [3])
    refused(s, {"type": "raid", "player": "P1", "army": "L1", "territory": "3,-1"}, "gorges.ability.used")


def test_a_tunnel_to_neutral_land_annexes_it_in_the_conquest_phase():
    s = game("skaven", "empire")
    at_phase(s, "challenges", acting=["P1"])
    apply(s, {"type": "raid", "player": "P1", "army": "G", "territory": INLAND}, [6])
    assert s.challenges == [] and s.has(INLAND, "mine")
    apply(s, {"type": "done", "player": "P1"}, [])
    apply(s, NEXT, [])
    assert s.owners[INLAND] == "P1"


def test_ogres_move_their_capital_onto_a_neutral_cell_which_becomes_theirs_not_onto_an_enemy_s():
    """« déplacer leur capitale d'une case »: one cell, theirs or neutral (a capital is its player's land, so a
    neutral cell is annexed); an enemy cell is taken by a challenge, not by moving a capital onto it."""
    s = game("ogre_kingdoms", "empire")
    old = s.players["P1"].capital
    step1, step2 = land_path(s, old, 2)
    own(s, None, step1)
    own(s, "P2", step2)
    movement(s, [1, 1])
    events = apply(s, {"type": "capital", "player": "P1", "territory": step1}, [])
    assert s.players["P1"].capital == step1 and s.owners[step1] == "P1" and s.owners[old] == "P1"
    assert of_type(events, "capital_moved")[0]["annexed"] is True
    t = game("ogre_kingdoms", "empire")
    first = land_path(t, t.players["P1"].capital, 1)[0]
    own(t, "P2", first)
    movement(t, [1, 1])
    refused(t, {"type": "capital", "player": "P1", "territory": first}, "gorges.ability.bad_target")
