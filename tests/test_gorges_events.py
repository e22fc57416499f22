"""Gorges Tranchées, phase 2: the 36 d66 random events (seed 001, « TABLEAU DES EVENEMENTS
ALEATOIRES »), each shown by its effect on the campaign, including the effects that fall later in the turn
(movement, search, mines, saves, challenges, battles, turn order, the end of the season)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from gorges_kit import apply, at_phase, force_event, land_path, new_state, own, place

from campagne.core.errors import CampagneError
from campagne.games.gorges.map import parse_cell_id
from campagne.games.gorges.rules import awaiting
from campagne.games.gorges.state import PHASES, GorgesState

NEXT = {"type": "next", "player": "referee"}


# --------------------------------------------------------------------------- helpers


def fresh(races: tuple[str, ...] = ("empire", "skaven")) -> GorgesState:
    """A new campaign whose turn order is P1, P2, P3... (the roll-off of equal empires is set aside)."""
    s = new_state(races)
    s.order = sorted(s.players)
    return s


def cap(s: GorgesState, pid: str) -> str:
    return s.players[pid].capital


def near(s: GorgesState, pid: str, n: int = 1) -> str:
    """A territory `n` steps from the player's capital, without buildings (neutral on a fresh island)."""
    here, seen = cap(s, pid), {cap(s, pid)}
    for _ in range(n):
        here = next(t for t in sorted(s.neighbours(here)) if t not in seen and not s.buildings.get(t))
        seen.add(here)
    return here


def choose(s: GorgesState, pid: str, *choice: str, faces: list[int] | None = None) -> list[dict[str, Any]]:
    return apply(s, {"type": "event", "player": pid, "choice": list(choice)}, faces if faces is not None else [])


def refused(code: str, action: Callable[[], Any]) -> None:
    with pytest.raises(CampagneError) as err:
        action()
    assert err.value.code == code, err.value.code


def open_phase(s: GorgesState, phase: str, faces: list[int] | None = None) -> list[dict[str, Any]]:
    """Enter `phase` by the referee's `next` from the phase before it (its opener runs: rolls included)."""
    s.phase = PHASES[PHASES.index(phase) - 1]
    s.acting = []
    return apply(s, NEXT, faces)


def end_turn(s: GorgesState, turn: int | None = None) -> list[dict[str, Any]]:
    """Close the battles phase of turn `turn` (default: the current one): the turn (and season) ends."""
    if turn is not None:
        s.turn = turn
    s.phase, s.acting = "battles", []
    return apply(s, NEXT)


def battle(s: GorgesState, attacker: str, defender: str, territory: str) -> int:
    """Army `attacker` ('P1:G') challenges army `defender` on `territory`; it is accepted; battles open."""
    apid, akey = attacker.split(":")
    dpid, dkey = defender.split(":")
    place(s, attacker, territory)
    place(s, defender, territory)
    at_phase(s, "challenges", [apid])
    apply(s, {"type": "challenge", "player": apid, "army": akey, "defender": dpid, "territory": territory})
    cid = s.challenges[-1].id
    apply(s, {"type": "accept", "player": dpid, "challenge": cid, "army": dkey})
    s.phase = "conquest"
    s.acting = []
    apply(s, NEXT, [])
    return s.battles[-1].id


# Spoils 1 (infamy), defeat 1 (crushing defeat), fate 1 (pushed back): no further dice.
PLAIN_RESULT = [1, 1, 1]


def result(s: GorgesState, bid: int, winner: str, **extra: Any) -> list[dict[str, Any]]:
    return apply(s, {"type": "battle-result", "player": "referee", "battle": bid, "winner": winner, **extra},
                 PLAIN_RESULT)


def refuse_with_save(s: GorgesState, attacker: str, defender: str, target: str, save_face: int) -> dict:
    """The attacker's G stands on the defender's `target`, challenges, is refused: the save roll (one die)."""
    place(s, f"{attacker}:G", target)
    at_phase(s, "challenges", [attacker])
    apply(s, {"type": "challenge", "player": attacker, "army": "G", "defender": defender, "territory": target})
    events = apply(s, {"type": "refuse", "player": defender, "challenge": s.challenges[-1].id}, [save_face])
    return next(e for e in events if e["type"] == "save")


# --------------------------------------------------------------------------- the phase itself


def test_each_player_rolls_a_d66_event_in_turn_order():
    """« Chacun leur tour, les joueurs tirent au d66 un événement aléatoire dans la table ci-dessous. »"""
    s = fresh()
    events = apply(s, NEXT, [6, 3, 2, 2, 6])  # P1: 63 + 1D3 = 2; P2: 26
    rolled = [(e["player"], e["d66"], e["event"]) for e in events if e["type"] == "event"]
    assert rolled == [("P1", 63, "treasure_chest"), ("P2", 26, "fruitful_search")]
    assert s.players["P1"].event["key"] == "treasure_chest"
    assert s.players["P2"].event["key"] == "fruitful_search"
    assert s.players["P1"].relics == 2


def test_an_event_lasts_until_the_players_next_event_phase():
    """« Cet événement durera jusqu'à leurs prochaines phases d'événement. » (53 Diplomatie, still in force
    after the end of the turn, gone when the player rolls his next event.)"""
    s = fresh()
    force_event(s, "P1", "diplomacy")
    choose(s, "P1", "P2")
    end_turn(s)
    assert s.turn == 2 and s.phase == "ghost"
    assert s.players["P1"].event["key"] == "diplomacy"  # the new turn has begun: still in force
    faces = {"P1": [6, 3, 1], "P2": [2, 6]}  # 63 treasure chest (1D3 = 1), 26 fruitful search
    apply(s, NEXT, [f for pid in s.order for f in faces[pid]])
    assert s.players["P1"].event["key"] == "treasure_chest"
    place(s, "P2:G", cap(s, "P1"))
    at_phase(s, "challenges", ["P2"])
    apply(s, {"type": "challenge", "player": "P2", "army": "G", "defender": "P1", "territory": cap(s, "P1")})
    assert s.challenges[-1].defender == "P1"


def test_a_choice_waiting_blocks_next():
    """« Choisissez un territoire neutre et placez-y un de vos drapeaux. » (22 Colons): the phase cannot
    close while the player has not chosen."""
    s = fresh()
    events = force_event(s, "P1", "colonists")
    assert events[0]["waiting"] == "neutral_territory"
    assert awaiting(s) == ["P1"]
    refused("phase.waiting", lambda: apply(s, NEXT))
    assert s.phase == "events"
    choose(s, "P1", near(s, "P1"))
    assert awaiting(s) == []
    apply(s, NEXT)
    assert s.phase == "search"


def test_an_illegal_choice_is_refused_and_changes_nothing():
    """« Choisissez un territoire ennemi (autre que sa capitale). Retirez son drapeau. » (21 Révolte):
    the enemy capital is refused; nothing changes and the choice still waits."""
    s = fresh()
    y = near(s, "P2")
    own(s, "P2", y)
    force_event(s, "P1", "revolt")
    owners, buildings = dict(s.owners), {t: list(b) for t, b in s.buildings.items()}
    refused("gorges.event.bad_choice", lambda: choose(s, "P1", cap(s, "P2")))
    refused("gorges.event.bad_choice", lambda: choose(s, "P1", cap(s, "P1")))  # not an enemy's
    assert s.owners == owners and s.buildings == buildings
    assert s.players["P1"].event["pending"] is True and awaiting(s) == ["P1"]
    choose(s, "P1", y)
    assert s.owners[y] is None


def test_an_event_without_a_possible_target_does_nothing():
    """« Retirez une fortification ennemie mais laissez son drapeau en place. » (24 Sapeur) with no enemy
    fortress on the island: nothing happens and nobody waits."""
    s = fresh()
    owners, buildings = dict(s.owners), {t: list(b) for t, b in s.buildings.items()}
    events = force_event(s, "P1", "sapper")
    assert events[0]["no_target"] is True
    assert not s.players["P1"].event.get("pending")
    assert awaiting(s) == []
    assert s.owners == owners and s.buildings == buildings


# --------------------------------------------------------------------------- 11 - 16


def test_11_withdrawn_army_is_out_until_the_next_season():
    """« 11 Retirée du Front. Retirez l'une de vos armées du jeu jusqu'au début de la saison suivante. »"""
    s = fresh()
    force_event(s, "P1", "withdrawn_from_front")
    choose(s, "P1", "L1")
    l1 = s.players["P1"].armies["L1"]
    assert l1.position is None and l1.out_until == "next_season"
    end_turn(s)  # turn 2, same season
    assert l1.position is None
    end_turn(s, turn=3)  # turn 4, summer begins
    assert s.turn == 4 and l1.position == cap(s, "P1")


def test_11_a_withdrawn_army_does_not_come_back_at_once_in_summer():
    """« 11 ... jusqu'au début de la saison suivante » — not « Toutes les armées détruites durant l'été
    reviennent immédiatement en jeu »: a withdrawn army is not destroyed."""
    s = fresh()
    s.turn = 4
    force_event(s, "P1", "withdrawn_from_front")
    choose(s, "P1", "G")
    assert s.players["P1"].armies["G"].position is None


@pytest.mark.parametrize("race,faces,allowance", [("empire", [3, 1], 1), ("bretonnia", [3, 2], 3)])
def test_12_fog_of_war_moves_by_the_lowest_of_2d3(race, faces, allowance):
    """« 12 Brouillard de guerre. Lorsque vous déplacez vos armées pour ce tour, lancez 2d3 et conservez le
    plus bas. » « Leurs chevaux légendaires permettent aux armées Bretonnienne de se déplacer d'1d3+1. »"""
    s = fresh((race, "skaven"))
    force_event(s, "P1", "fog_of_war", faces)
    open_phase(s, "movement", [3])  # only P2 rolls its 1D3 now
    assert {a.move_allowance for a in s.players["P1"].armies.values()} == {allowance}
    assert s.players["P2"].armies["G"].move_allowance == 3
    path = land_path(s, cap(s, "P1"), allowance + 1)
    refused("gorges.move.too_far", lambda: apply(s, {"type": "move", "player": "P1", "army": "G", "path": path}))
    apply(s, {"type": "move", "player": "P1", "army": "G", "path": path[:allowance]})
    assert s.players["P1"].armies["G"].position == path[allowance - 1]


@pytest.mark.parametrize("race,faces,allowance", [("empire", [1, 3], 3), ("bretonnia", [2, 1], 3)])
def test_33_swift_couriers_move_by_the_highest_of_2d3(race, faces, allowance):
    """« 33 Coursiers rapides. Lorsque vous déplacez vos armées pour ce tour, lancez 2d3 et conservez le plus
    haut. » (Bretonnia: « d'1d3+1 », the +1 on the kept die.)"""
    s = fresh((race, "skaven"))
    force_event(s, "P1", "swift_couriers", faces)
    open_phase(s, "movement", [1])
    assert {a.move_allowance for a in s.players["P1"].armies.values()} == {allowance}
    assert s.players["P2"].armies["G"].move_allowance == 1


def test_12_high_elves_reroll_the_2d3_of_the_fog():
    """« Elles peuvent relancer leurs dé de déplacement et doivent appliquer le second résultat » under
    « 12 ... lancez 2d3 et conservez le plus bas »: the re-roll is of the same 2D3, lowest kept."""
    s = fresh(("high_elves", "skaven"))
    force_event(s, "P1", "fog_of_war", [3, 3])
    open_phase(s, "movement", [1])
    assert s.players["P1"].armies["G"].move_allowance == 3
    apply(s, {"type": "reroll", "player": "P1"}, [3, 1])
    assert {a.move_allowance for a in s.players["P1"].armies.values()} == {1}


def _fortified_target(s: GorgesState, fortress: bool) -> str:
    """A territory of P1 next to his capital, far from P2's land, with or without a fortress."""
    x = near(s, "P1")
    own(s, "P1", x)
    if fortress:
        s.buildings.setdefault(x, []).append("fortress")
    return x


def test_13_sympathiser_takes_1_from_a_fortification_save():
    """« 13 Sympathisant auprès de l'ennemi. Toutes vos sauvegardes de fortification subissent un malus de -1
    à ce tour. » (Empire fortress +2: a 4 would save, 4 + 2 - 1 = 5 fails.)"""
    s = fresh()
    x = _fortified_target(s, fortress=True)
    force_event(s, "P1", "enemy_sympathiser")
    save = refuse_with_save(s, "P2", "P1", x, 4)
    assert [(m["key"], m["value"]) for m in save["modifiers"]] == [("fortress_adjacent", 2),
                                                                  ("event:enemy_sympathiser", -1)]
    assert save["total"] == 5 and not save["saved"]
    assert s.owners[x] == "P2"


def test_65_reinforced_defence_adds_1_to_a_fortification_save():
    """« 65 Défense renforcée. Toutes vos fortifications offrent un bonus supplémentaire de +1 aux jets de
    sauvegarde. » (Empire fortress +2: a 3 would fail, 3 + 2 + 1 = 6 saves; the army is pushed back.)"""
    s = fresh()
    x = _fortified_target(s, fortress=True)
    force_event(s, "P1", "reinforced_defence")
    save = refuse_with_save(s, "P2", "P1", x, 3)
    assert ("event:reinforced_defence", 1) in [(m["key"], m["value"]) for m in save["modifiers"]]
    assert save["total"] == 6 and save["saved"]
    assert s.owners[x] == "P1"
    assert s.players["P2"].armies["G"].position == cap(s, "P2")


@pytest.mark.parametrize("key,face,kept", [("reinforced_defence", 5, False), ("enemy_sympathiser", 6, True)])
def test_13_and_65_change_fortification_saves_only(key, face, kept):
    """« Toutes vos sauvegardes de fortification subissent un malus de -1 » / « Toutes vos fortifications
    offrent un bonus supplémentaire de +1 »: a save without fortress or town is not changed."""
    s = fresh()
    x = _fortified_target(s, fortress=False)
    force_event(s, "P1", key)
    save = refuse_with_save(s, "P2", "P1", x, face)
    assert save["modifiers"] == [] and save["total"] == face and save["saved"] is kept
    assert s.owners[x] == ("P1" if kept else "P2")


def test_14_assassin_rolls_an_injury_for_one_of_your_heroes():
    """« 14 Assassin ! Effectuez un jet dans la table des Blessures des Personnages pour l'un de vos héros
    légendaires. » (1 Blessure grave, 1 = Mort !)"""
    s = fresh()
    events = force_event(s, "P1", "assassin_own", [1, 1])
    assert events[0]["waiting"] == "own_hero"
    choose(s, "P1", "L2")
    p1 = s.players["P1"]
    assert p1.armies["L2"].hero.dead
    assert p1.armies["G"].hero.present and p1.armies["L1"].hero.present


def test_14_assassin_capture_by_nobody_makes_no_hostage():
    """« 14 Assassin ! » on your own hero with « 2 Capturé. L'ennemi a pris votre personnage en otage »:
    no enemy sent the assassin, so nobody holds him."""
    s = fresh()
    force_event(s, "P1", "assassin_own", [2])
    choose(s, "P1", "G")
    hero = s.players["P1"].armies["G"].hero
    assert hero.captured_by is None and hero.present
    assert all(not p.hostages for p in s.players.values())


def test_14_assassin_vampire_counts_roll_twice_and_choose():
    """« 14 Assassin ! » on a Vampire Count: « ils peuvent lancer deux jets sur le tableau des blessures de
    guerre et choisir le résultat qui leur conviens » — one more roll, the kinder result kept."""
    s = fresh(("vampire_counts", "skaven"))
    force_event(s, "P1", "assassin_own", [6, 2])  # 6 Ce qui ne vous tue pas..., 2 = +1F
    choose(s, "P1", "G", faces=[1, 1])  # the second roll: Blessure grave, Mort !
    hero = s.players["P1"].armies["G"].hero
    assert not hero.dead and hero.changes == {"S": 1}


def test_15_deserter_removes_the_flag_of_one_of_your_territories():
    """« 15 Déserteur. Choisissez l'un de vos territoires. Retirez son drapeau. »"""
    s = fresh()
    x = near(s, "P1")
    own(s, "P1", x)
    force_event(s, "P1", "deserter")
    choose(s, "P1", x)
    assert s.owners[x] is None and s.owners[cap(s, "P1")] == "P1"


def test_16_epidemic_removes_a_building_and_keeps_the_flag():
    """« 16 Epidémie. Retirez l'une de vos forteresses, cités ou mines mais laissez votre drapeau sur le
    territoire. » (With a mine and a fortress there, the building must be named.)"""
    s = fresh()
    x = near(s, "P1")
    own(s, "P1", x)
    s.buildings[x] = ["mine", "fortress"]
    force_event(s, "P1", "epidemic")
    refused("gorges.event.bad_choice", lambda: choose(s, "P1", x))
    choose(s, "P1", f"{x}:fortress")
    assert s.buildings[x] == ["mine"] and s.owners[x] == "P1"


# --------------------------------------------------------------------------- 21 - 26


def test_21_revolt_removes_an_enemy_flag():
    """« 21 Révolte. Choisissez un territoire ennemi (autre que sa capitale). Retirez son drapeau. »"""
    s = fresh()
    y = near(s, "P2")
    own(s, "P2", y)
    force_event(s, "P1", "revolt")
    choose(s, "P1", y)
    assert s.owners[y] is None and s.owners[cap(s, "P2")] == "P2"


def test_22_colonists_plant_your_flag_on_a_neutral_territory():
    """« 22 Colons. Choisissez un territoire neutre et placez-y un de vos drapeaux. »"""
    s = fresh()
    z = near(s, "P2", 2)
    force_event(s, "P1", "colonists")
    refused("gorges.event.bad_choice", lambda: choose(s, "P1", cap(s, "P2")))
    choose(s, "P1", z)
    assert s.owners[z] == "P1"


def test_23_raiders_take_an_enemy_territory_without_buildings():
    """« 23 Pillards. Choisissez un territoire ennemi sans cité, fortification ou mine et remplacez son
    drapeau par le votre. »"""
    s = fresh()
    y, w = near(s, "P2"), near(s, "P2", 2)
    own(s, "P2", y, w)
    s.buildings[w] = ["mine"]
    force_event(s, "P1", "raiders")
    refused("gorges.event.bad_choice", lambda: choose(s, "P1", w))
    choose(s, "P1", y)
    assert s.owners[y] == "P1" and s.owners[w] == "P2"


def test_24_sapper_removes_an_enemy_fortress_and_leaves_the_flag():
    """« 24 Sapeur. Retirez une fortification ennemie mais laissez son drapeau en place. »"""
    s = fresh()
    y = near(s, "P2")
    own(s, "P2", y)
    s.buildings[y] = ["fortress"]
    force_event(s, "P1", "sapper")
    choose(s, "P1", y)
    assert s.buildings[y] == [] and s.owners[y] == "P2"


def test_25_gold_rush_takes_an_enemy_mine():
    """« 25 La ruée vers l'or. Choisissez une mine ennemie et remplacez son drapeau par le votre. »"""
    s = fresh()
    mine = next(t for t in sorted(s.buildings) if "mine" in s.buildings[t])
    own(s, "P2", mine)
    force_event(s, "P1", "gold_rush")
    choose(s, "P1", mine)
    assert s.owners[mine] == "P1" and "mine" in s.buildings[mine]


def test_26_fruitful_search_finds_relics_on_5_6():
    """« 26 Fouille fructueuse. Lors de la phase de fouille de ce tour, vous gagnez des Points de Relique
    sur un 5-6. » (Everyone else still needs a 6.)"""
    s = fresh()
    assert s.ghost not in (cap(s, "P1"), cap(s, "P2"))
    force_event(s, "P1", "fruitful_search")
    open_phase(s, "search", [5, 5])  # one territory each, P1 then P2
    assert s.players["P1"].relics == 1
    assert s.players["P2"].relics == 0


# --------------------------------------------------------------------------- 31 - 36


def test_31_not_that_way_moves_the_ghost_again():
    """« 31 Non pas par là ! Déplacez de nouveau le fantôme du Capitaine Crown. » (1d6 direction, 1d6
    cases, as in phase 1.)"""
    s = fresh()
    start = s.ghost
    end, _ = s.map.ghost_walk(parse_cell_id(start), 5, 2)
    events = force_event(s, "P1", "not_that_way", [5, 2])
    ghost = next(e for e in events if e["type"] == "ghost")
    assert (ghost["from"], ghost["direction"], ghost["steps"]) == (start, 5, 2)
    assert s.ghost == ghost["to"] != start
    assert parse_cell_id(s.ghost) == end


def test_32_forced_march_moves_one_army_twice():
    """« 32 Marche forcée. Déplacez deux fois l'une de vos armées. »"""
    s = fresh()
    force_event(s, "P1", "forced_march")
    open_phase(s, "movement", [2, 2])
    path = land_path(s, cap(s, "P1"), 4)
    apply(s, {"type": "move", "player": "P1", "army": "G", "path": path[:2]})
    apply(s, {"type": "move", "player": "P1", "army": "G", "path": path[2:]})
    assert s.players["P1"].armies["G"].position == path[3]
    apply(s, {"type": "move", "player": "P1", "army": "L1", "path": path[:1]})
    refused("gorges.move.already", lambda: apply(s, {"type": "move", "player": "P1", "army": "L1",
                                                     "path": path[1:2]}))


def test_32_without_forced_march_an_army_moves_once():
    """« Les joueurs déplacent leurs armées de 1d3 territoires » — once; « 32 Marche forcée » alone allows
    a second move."""
    s = fresh()
    force_event(s, "P1", "treasure_chest", [1])
    open_phase(s, "movement", [2, 2])
    path = land_path(s, cap(s, "P1"), 2)
    apply(s, {"type": "move", "player": "P1", "army": "G", "path": path[:1]})
    refused("gorges.move.already", lambda: apply(s, {"type": "move", "player": "P1", "army": "G",
                                                     "path": path[1:]}))


def test_34_deception_moves_one_enemy_army():
    """« 34 Tromperie. Vous pouvez déplacer à ce tour une des armées ennemies. » (By its own allowance,
    once; the enemy still moves it afterwards.)"""
    s = fresh()
    force_event(s, "P1", "deception")
    open_phase(s, "movement", [1, 2])  # P1 moves 1, P2 moves 2
    path = land_path(s, cap(s, "P2"), 2)
    apply(s, {"type": "move", "player": "P1", "army": "P2:G", "path": path})
    assert s.players["P2"].armies["G"].position == path[1]
    refused("gorges.move.not_yours", lambda: apply(s, {"type": "move", "player": "P1", "army": "P2:L1",
                                                       "path": path[:1]}))
    apply(s, {"type": "done", "player": "P1"})
    apply(s, {"type": "move", "player": "P2", "army": "G", "path": [path[0]]})
    assert s.players["P2"].armies["G"].position == path[0]


def test_34_without_deception_enemy_armies_are_not_yours_to_move():
    """« 5 - Déplacement des armées. Les joueurs déplacent leurs armées »: their own, unless « 34 Tromperie »."""
    s = fresh()
    open_phase(s, "movement", [1, 1])
    path = land_path(s, cap(s, "P2"), 1)
    refused("gorges.move.not_yours", lambda: apply(s, {"type": "move", "player": "P1", "army": "P2:G",
                                                       "path": path}))


def test_35_raise_the_colours_makes_a_regiment_of_renown_with_a_banner():
    """« 35 Hissez les couleurs ! Une de vos unités gagne immédiatement le butin de guerre Fièvre Bannière. »
    — « Fière bannière ... Elle devient un Régiment de Renom et gagne un étendard magique d'une valeur
    maximal de 1d6x10 points »."""
    s = fresh()
    force_event(s, "P1", "raise_the_colours")
    refused("order.missing", lambda: choose(s, "P1", "G"))  # which unit?
    choose(s, "P1", "G", "Hallebardiers", faces=[4])
    assert s.players["P1"].armies["G"].renown == [
        {"unit": "Hallebardiers", "honours": [{"spoils": "proud_banner", "magic_banner_max": 40}]}]


def test_35_a_lieutenants_army_holds_two_regiments_of_renown_at_most():
    """« 35 Hissez les couleurs ! » — « celle commandée par un Lieutenant ne peut en contenir que 2 »."""
    s = fresh()
    l1 = s.players["P1"].armies["L1"]
    l1.renown = [{"unit": "A", "honours": []}, {"unit": "B", "honours": []}]
    force_event(s, "P1", "raise_the_colours")
    events = choose(s, "P1", "L1", "C", faces=[2])
    assert any(e["type"] == "renown_full" for e in events)
    assert [r["unit"] for r in l1.renown] == ["A", "B"]


def test_36_veteran_makes_a_regiment_of_renown_with_a_feat_of_arms():
    """« 36 Vétéran. Une de vos unités gagne immédiatement le butin de guerre Faits d'armes. » — « Elle
    devient un Régiment de Renom et gagne une règle spéciale ... 5 Tenace ... Si l'unité possède déjà la
    règle spéciale, relancez le dé. »"""
    s = fresh()
    g = s.players["P1"].armies["G"]
    g.renown = [{"unit": "Épéistes", "honours": [{"spoils": "feats_of_arms", "rule": "stubborn"}]}]
    force_event(s, "P1", "veteran")
    choose(s, "P1", "G", "Épéistes", faces=[5, 2])  # Tenace again: re-rolled, 2 Perforant
    assert [h["rule"] for h in g.renown[0]["honours"]] == ["stubborn", "armour_piercing"]


# --------------------------------------------------------------------------- 41 - 46: the next battle


NEXT_BATTLE = [("cut_supplies", []), ("dawn_attack", []), ("scouts", [2]), ("trap", []), ("ambush", []),
               ("martial_training", [5])]


@pytest.mark.parametrize("key,faces", NEXT_BATTLE)
def test_41_to_46_apply_to_the_next_battle_then_are_spent(key, faces):
    """« 41 ... 46 Lors de votre prochaine bataille ... »: the note is on the sheet of the player's next
    battle, and gone after it."""
    s = fresh()
    force_event(s, "P1", key, faces)
    assert [n["key"] for n in s.players["P1"].notes] == [key]
    z = near(s, "P1", 2)
    bid = battle(s, "P2:G", "P1:L1", z)
    notes = s.battles[-1].notes
    assert [(n["key"], n["side"]) for n in notes if n["key"] == key] == [(key, "P1")]
    result(s, bid, "P1")
    assert s.players["P1"].notes == []


def test_41_to_46_notes_wait_for_the_battle_past_the_next_event_phase():
    """« 44 Piège. Lors de votre prochaine bataille, vous pouvez choisir de vous déployer en premier ... »:
    « prochaine bataille » — the note outlives the event that brought it (a new event is rolled, no battle
    was fought)."""
    s = fresh()
    force_event(s, "P1", "trap")
    force_event(s, "P1", "treasure_chest", [1])
    assert [n["key"] for n in s.players["P1"].notes] == ["trap"]
    bid = battle(s, "P1:G", "P2:G", near(s, "P1", 2))
    assert "trap" in [n["key"] for n in s.battles[-1].notes]
    result(s, bid, "P2")
    assert s.players["P1"].notes == []


def test_43_scouts_roll_the_units_to_redeploy_and_46_the_rule():
    """« 43 Eclaireur ... vous pourrez redéployer 1d3+1 unité. » « 46 Entraînement martial ... l'une de vos
    unités gagne une règles spéciales tirez au hasard (voir résultat 5 du tableau des Butins de Guerre) »
    (5 Tenace)."""
    s = fresh()
    force_event(s, "P1", "scouts", [3])
    force_event(s, "P2", "martial_training", [5])
    assert s.players["P1"].notes[0]["redeploy_units"] == 4
    assert s.players["P2"].notes[0]["feats_of_arms"] == "stubborn"
    assert s.players["P2"].armies["G"].renown == []  # for the next battle only, no Regiment of Renown


# --------------------------------------------------------------------------- 51 - 56


def test_51_siege_troops_capture_an_enemy_territory_after_a_win():
    """« 51 Troupe de siège. Si vous gagnez une bataille à ce tour, vous pouvez immédiatement capturer un
    territoire ennemi. »"""
    s = fresh()
    y = near(s, "P2")
    own(s, "P2", y)
    force_event(s, "P1", "siege_troops")
    bid = battle(s, "P1:G", "P2:G", near(s, "P1", 2))
    result(s, bid, "P1", capture=y)
    assert s.owners[y] == "P1"


def test_51_siege_troops_take_a_bordering_territory_when_none_is_named():
    """« 51 ... vous pouvez immédiatement capturer un territoire ennemi »: with no territory named, the
    beaten player's first territory (not his capital) bordering the winner's land."""
    s = fresh()
    x = near(s, "P1")
    own(s, "P2", x)
    force_event(s, "P1", "siege_troops")
    bid = battle(s, "P1:G", "P2:G", near(s, "P1", 2))
    events = result(s, bid, "P1")
    assert s.owners[x] == "P1"
    assert any(e.get("why") == "siege_troops" for e in events)


def test_51_without_siege_troops_a_win_captures_nothing_more():
    """« Le vainqueur de la partie gagne ou conserve son territoire. » — and no more without « 51 »."""
    s = fresh()
    y = near(s, "P2")
    own(s, "P2", y)
    z = near(s, "P1", 2)
    bid = battle(s, "P1:G", "P2:G", z)
    result(s, bid, "P1", capture=y)
    assert s.owners[y] == "P2" and s.owners[z] == "P1"


def _mine_of(s: GorgesState, pid: str) -> str:
    mine = next(t for t in sorted(s.buildings) if "mine" in s.buildings[t])
    own(s, pid, mine)
    return mine


def test_52_slaves_reroll_a_collapsed_mine():
    """« 52 Esclave. Vous pouvez relancer un dé de production de mine à ce tour. » (1 Effondrement
    re-rolled: 3 Or et Fer, 1d6x50 = 100.) The player sees his roll first and names the mine to re-roll."""
    s = fresh()
    mine = _mine_of(s, "P1")
    force_event(s, "P1", "slaves")
    events = open_phase(s, "mines", [1])
    assert [e["type"] for e in events if e["type"].startswith("mine")] == ["mine_rolled"]
    assert "mine" in s.buildings[mine] and awaiting(s) == ["P1"]
    refused("phase.waiting", lambda: apply(s, NEXT))
    events = apply(s, {"type": "reroll-mine", "player": "P1", "territory": mine}, [3, 2])
    ev = next(e for e in events if e["type"] == "mine")
    assert (ev["rerolled"], ev["result"]) == (1, "gold_and_iron")
    assert "mine" in s.buildings[mine]
    assert s.players["P1"].battle_points == 100 and awaiting(s) == []


def test_52_any_production_die_may_be_rerolled_or_all_kept():
    """« un dé de production de mine »: any mine's die, not only a collapse (a gold of 1x50 rolled again); and
    the player may keep his rolls (`done`)."""
    s = fresh()
    mine = _mine_of(s, "P1")
    force_event(s, "P1", "slaves")
    open_phase(s, "mines", [3, 1])  # Or et Fer, 1x50
    events = apply(s, {"type": "reroll-mine", "player": "P1", "territory": mine}, [5, 4])
    ev = next(e for e in events if e["type"] == "mine")
    assert (ev["rerolled"], ev["result"], ev["magic_item_max"]) == (3, "fabulous_treasure", 40)
    t = fresh()
    kept = _mine_of(t, "P1")
    force_event(t, "P1", "slaves")
    open_phase(t, "mines", [3, 1])
    apply(t, {"type": "done", "player": "P1"}, [])
    assert t.players["P1"].battle_points == 50 and awaiting(t) == []
    refused("gorges.mines.no_reroll", lambda: apply(t, {"type": "reroll-mine", "player": "P1", "territory": kept}))


def test_52_without_slaves_a_collapse_removes_the_mine():
    """« 1 Effondrement. La mine est retirée du jeu. » (No « 52 Esclave »: no re-roll.)"""
    s = fresh()
    mine = _mine_of(s, "P1")
    open_phase(s, "mines", [1])
    assert "mine" not in s.buildings.get(mine, [])


def test_53_diplomacy_the_designated_opponent_cannot_challenge_you():
    """« 53 Diplomatie. Désignez un adversaire qui ne pourra pas vous lancer de défi ce tour-ci. »
    (He may still challenge someone else.)"""
    s = fresh(("empire", "skaven", "dwarfs"))
    force_event(s, "P1", "diplomacy")
    choose(s, "P1", "P2")
    place(s, "P2:G", cap(s, "P1"))
    place(s, "P2:L1", cap(s, "P3"))
    at_phase(s, "challenges", ["P2"])
    refused("gorges.challenge.diplomacy", lambda: apply(s, {
        "type": "challenge", "player": "P2", "army": "G", "defender": "P1", "territory": cap(s, "P1")}))
    apply(s, {"type": "challenge", "player": "P2", "army": "L1", "defender": "P3", "territory": cap(s, "P3")})
    assert [(c.challenger, c.defender) for c in s.challenges] == [("P2", "P3")]


def test_53_diplomacy_also_stops_a_raid_on_you():
    """« 53 Diplomatie ... ne pourra pas vous lancer de défi ce tour-ci »: a Skaven tunnel attack (« elle
    sort normalement et peut attaquer le territoire ») ends in a challenge, so it is refused too."""
    s = fresh()
    y = near(s, "P1")
    own(s, "P1", y)
    force_event(s, "P1", "diplomacy")
    choose(s, "P1", "P2")
    at_phase(s, "challenges", ["P2"])
    refused("gorges.challenge.diplomacy", lambda: apply(s, {"type": "raid", "player": "P2", "army": "G",
                                                            "territory": y}))
    assert s.players["P2"].armies["G"].position == cap(s, "P2") and s.challenges == []
    assert "raid" not in s.players["P2"].used


def test_54_agent_at_court_chooses_whom_the_opponent_challenges():
    """« 54 Agent à la cour. Désignez un adversaire et choisissez qui il va défier ce tour-ci. »"""
    s = fresh(("empire", "skaven", "dwarfs"))
    force_event(s, "P1", "agent_at_court")
    refused("gorges.event.bad_choice", lambda: choose(s, "P1", "P2"))  # whom must he challenge?
    choose(s, "P1", "P2", "P3")
    place(s, "P2:G", cap(s, "P1"))
    place(s, "P2:L1", cap(s, "P3"))
    at_phase(s, "challenges", ["P2"])
    refused("gorges.challenge.agent", lambda: apply(s, {
        "type": "challenge", "player": "P2", "army": "G", "defender": "P1", "territory": cap(s, "P1")}))
    apply(s, {"type": "challenge", "player": "P2", "army": "L1", "defender": "P3", "territory": cap(s, "P3")})
    assert [(c.challenger, c.defender) for c in s.challenges] == [("P2", "P3")]


def test_55_tunnel_challenges_anyone_wherever_he_is():
    """« 55 Tunnel. Vous pouvez défier n'importe quel adversaire ce tour-ci. Quelque soit sa localisation. »"""
    s = fresh()
    at_phase(s, "challenges", ["P1"])
    order = {"type": "challenge", "player": "P1", "army": "G", "defender": "P2", "territory": cap(s, "P2")}
    refused("gorges.challenge.no_condition", lambda: apply(s, order))
    force_event(s, "P1", "tunnel")
    at_phase(s, "challenges", ["P1"])
    apply(s, order)
    assert (s.challenges[-1].defender, s.challenges[-1].condition) == ("P2", "tunnel")


def test_56_assassin_captures_an_enemy_hero_as_your_hostage():
    """« 56 Assassin ! Choisissez un héros légendaire ennemi qui devra effectuer immédiatement un jet dans la
    table des Blessures des Personnages. » « 2 Capturé. L'ennemi a pris votre personnage en otage ...
    Chaque otage compte comme 1 Point de Relique à la fin de la saison. »"""
    s = fresh()
    force_event(s, "P1", "assassin_enemy", [2])
    refused("gorges.event.bad_choice", lambda: choose(s, "P1", "G"))  # his own hero
    choose(s, "P1", "P2:L1")
    assert s.players["P2"].armies["L1"].hero.captured_by == "P1"
    assert s.players["P1"].hostages == [{"player": "P2", "army": "L1", "hero": "Lieutenant 1"}]
    relics = s.players["P1"].relics
    end_turn(s, turn=3)
    assert s.players["P1"].relics == relics + 1


def test_56_assassin_the_enemy_may_seize_the_lost_item():
    """« 56 Assassin ! » with « 5 Où est mon épée ? Un objet magique au hasard détenu par le personnage est
    perdu. L'ennemi peut lancer 1d6, sur un 6 il s'en est emparé » (the 1D6 rolled once, when there is an item)."""
    s = fresh()
    item = {"source": "mine", "max_points": 30}
    s.players["P2"].armies["G"].hero.items = [item]
    force_event(s, "P1", "assassin_enemy", [5])
    choose(s, "P1", "P2:G", faces=[6])
    assert s.players["P2"].armies["G"].hero.items == []
    assert s.players["P1"].items == [{"source": "seized", "max_points": 30}]


def test_56_without_a_magic_item_no_seize_die_is_rolled():
    """« Si le personnage ne possède pas d'objet magique, appliquez le résultat 3 à la place »: nothing to seize, so
    no enemy die (before, one was rolled and journaled with the row)."""
    s = fresh()
    s.players["P2"].armies["G"].hero.items = []
    events = force_event(s, "P1", "assassin_enemy", [5])
    rolled = [r for r in events if "seize" in str(r)]
    assert not rolled
    out = choose(s, "P1", "P2:G", faces=[1])  # result 3 instead: a minor wound's own roll
    assert not any(e.get("seize_roll") for e in out)


# --------------------------------------------------------------------------- 61 - 66


def test_61_treasure_map_gives_a_relic_and_a_mine_anywhere():
    """« 61 Carte au Trésor. Gagnez 1 Point de Relique et placez une mine n'importe où sur la carte. »"""
    s = fresh()
    far = cap(s, "P2")
    force_event(s, "P1", "treasure_map")
    choose(s, "P1", far)
    assert s.players["P1"].relics == 1
    assert s.buildings[far] == ["mine"] and s.owners[far] == "P2"


def test_62_unexpected_victory_rolls_the_spoils_for_an_army():
    """« 62 Victoire imprévue. Choisissez l'une de vos armées et tirez sur la table des Butins de Guerre. »
    (3 Recrus: 1d6x50 points for that army's next battle.)"""
    s = fresh()
    force_event(s, "P1", "unexpected_victory", [3, 4])
    choose(s, "P1", "L1")
    assert s.players["P1"].armies["L1"].bonus_points == 200
    assert s.players["P1"].armies["G"].bonus_points == 0


def test_62_unexpected_victory_names_the_unit_of_a_proud_banner():
    """« 62 Victoire imprévue ... tirez sur la table des Butins de Guerre » giving « 4 Fière bannière.
    Choisissez une unité ... Elle devient un Régiment de Renom »: the unit must be named."""
    s = fresh()
    force_event(s, "P1", "unexpected_victory", [4, 3])
    refused("order.missing", lambda: choose(s, "P1", "G"))
    assert s.players["P1"].armies["G"].renown == []
    choose(s, "P1", "G", "Chevaliers")
    assert s.players["P1"].armies["G"].renown == [
        {"unit": "Chevaliers", "honours": [{"spoils": "proud_banner", "magic_banner_max": 30}]}]


def test_63_treasure_chest_gives_1d3_relics():
    """« 63 Coffre au trésor. Gagnez 1d3 Point de Relique. »"""
    s = fresh()
    force_event(s, "P1", "treasure_chest", [3])
    assert s.players["P1"].relics == 3 and s.players["P2"].relics == 0


def test_64_cunning_chief_plays_first_until_the_end_of_the_turn():
    """« 64 Chef rusé. Jusqu'à la fin du tour vous comptez comme ayant le plus petit empire. » (« En
    commençant par celui qui a le plus petit empire »: P2, the larger empire, moves first this turn.)"""
    s = fresh()
    own(s, "P2", near(s, "P2"))
    force_event(s, "P2", "cunning_chief")
    assert s.order == ["P2", "P1"]
    open_phase(s, "movement", [1, 1])
    assert awaiting(s) == ["P2"]
    refused("gorges.not_your_turn", lambda: apply(s, {"type": "done", "player": "P1"}))
    end_turn(s)
    assert s.players["P2"].event is None
    assert s.order == ["P1", "P2"]


def test_66_reinforcements_army_at_the_capital_until_the_end_of_the_season():
    """« 66 Renfort. Vous gagnez une armée jusqu'à la fin de la saison en cours. » (It appears at the
    capital, moves like the others, and leaves when the season ends.)"""
    s = fresh()
    force_event(s, "P1", "reinforcements")
    r = s.players["P1"].armies["R"]
    assert r.position == cap(s, "P1") and r.hero.present
    open_phase(s, "movement", [2, 1])
    assert r.move_allowance == 2
    path = land_path(s, cap(s, "P1"), 2)
    apply(s, {"type": "move", "player": "P1", "army": "R", "path": path})
    assert r.position == path[1]
    end_turn(s)  # turn 2: the season goes on
    assert "R" in s.players["P1"].armies
    end_turn(s, turn=3)  # the end of spring
    assert "R" not in s.players["P1"].armies
    assert set(s.players["P1"].armies) == {"G", "L1", "L2"}


def test_the_greedy_computer_never_gives_up_its_capital_to_deserters():
    # Event 15, « Déserteur. Choisissez l'un de vos territoires. Retirez son drapeau. »: before, the greedy
    # computer chose its capital first.
    import random

    from campagne.core.game import Game
    from campagne.games.gorges.ai import _event
    from campagne.games.gorges.rules import GorgesRules
    game = Game(GorgesRules(), {"players": [{"id": "A", "controller": "greedy"}, {"id": "B"}]}, 3)
    s = game.state
    p = s.players["A"]
    own = [t for t in s.neighbours(p.capital) if s.map.cells[tuple(map(int, t.split(",")))].land][:2]
    for t in own:
        s.owners[t] = "A"
    p.event = {"key": "deserter", "d66": 15, "pending": True}
    command = _event(s, p, random.Random(1), greedy=True)
    assert command["choice"][0] != p.capital and command["choice"][0] in own
