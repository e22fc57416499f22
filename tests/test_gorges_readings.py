"""Issue 24's readings of seed 001 (docs/rules/gorges.md, set-up `"readings": 2`), each from the seed's sentence; a
campaign set up before (no `readings`) keeps the rules its journal was played with."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from campagne.cli.output import Out
from campagne.games.gorges.battles import open_battles
from campagne.games.gorges.final import advantage, final_standings, shown
from campagne.games.gorges.legal import legal_orders
from campagne.games.gorges.state import Challenge
from campagne.games.gorges.text import event_text
from campagne.games.gorges.turn import push_back, remove_army
from gorges_kit import INLAND, apply, ctx, game, of_type, refused, result, to_battle

END = {"type": "end", "player": "referee"}


def readings2(*races: str):
    s = game(*races)
    s.readings = 2
    return s


# --- a. « Plus un joueur possède de Point de Relique plus son armée sera avantagée lors de la bataille finale »

@given(st.lists(st.integers(0, 60), min_size=2, max_size=8))
def test_more_relic_points_always_mean_more_advantage_for_every_player(relics):
    lo, hi = min(relics), max(relics)
    adv = [advantage(r, lo, hi, 25) for r in relics]
    for r1, a1, d1 in zip(relics, adv, map(shown, adv)):
        assert 0 <= a1 <= 25  # « elle ne pourra jamais avoir plus de 25% de point que l'autre »
        for r2, a2, d2 in zip(relics, adv, map(shown, adv)):
            if r1 > r2:
                assert a1 > a2 and d1 > d2  # strictly: the shown percentage too
            elif r1 == r2:
                assert a1 == a2


def test_the_issue_case_31_22_20_gets_three_different_advantages():
    # before: +5 % a point capped at 25 % gave 31, 22 and 20 points the same +25 % (over a poorer fourth)
    adv = [advantage(r, 10, 31, 25) for r in (31, 22, 20, 10)]
    assert adv[0] > adv[1] > adv[2] > adv[3] == 0 and adv[0] == 25


def test_the_year_ends_in_the_final_battle_and_only_its_result_names_the_winner():
    s = readings2()
    s.players["P1"].relics, s.players["P2"].relics = 9, 1
    events = apply(s, END, [])
    assert s.phase == "final" and [e["type"] for e in events] == ["final_battle"]
    assert not of_type(events, "campaign_ended") and "rank" not in s.standings[0]
    assert [r["final_battle_bonus_percent"] for r in s.standings] == [25, 0]  # shown before the battle
    refused(s, {"type": "next", "player": "referee"}, "phase.waiting")
    refused(s, END, "gorges.final.waiting")
    refused(s, {"type": "final-battle", "player": "referee", "winner": "P9"}, "gorges.final.winner")
    refused(s, {"type": "final-battle", "player": "referee"}, "gorges.final.how")
    assert {lo.type for lo in legal_orders(s, "referee")} >= {"final-battle"}
    # the poorer player wins the battle at the table: he wins the year
    events = apply(s, {"type": "final-battle", "player": "referee", "winner": "P2"}, [])
    ended = of_type(events, "campaign_ended")[0]
    assert s.phase == "ended" and ended["winner"] == "P2" and s.standings[0]["player"] == "P2"
    assert "winner of the final battle" in event_text(ended, Out("en", False))


def test_the_final_battle_sent_to_the_resolver_counts_the_advantage():
    s = readings2()
    s.players["P1"].relics, s.players["P2"].relics = 9, 1
    apply(s, END, [])
    # P1 (+25 %: +5) rolls 1+1 = 7, P2 rolls 6+6 = 12: the dice still decide
    events = apply(s, {"type": "final-battle", "player": "referee", "auto": True}, [1, 1, 6, 6])
    res = of_type(events, "final_result")[0]
    assert res["winner"] == "P2" and res["scores"]["P1"] == {"rolls": [2], "modifier": 5}
    line = event_text(res, Out("fr", False))
    assert "P1 2D6 2 +5" in line and "P2 2D6 12 +0" in line
    # a tie is rolled again among the tied
    s = readings2()
    apply(s, END, [])
    events = apply(s, {"type": "final-battle", "player": "referee", "auto": True}, [3, 3, 4, 2, 6, 6, 1, 1])
    assert of_type(events, "final_result")[0]["winner"] == "P1"


def test_winters_last_turn_leads_to_the_final_battle():
    from campagne.games.gorges.turn import end_turn
    s = readings2()
    s.turn, s.phase = 12, "battles"
    end_turn(ctx(s, []))
    assert s.phase == "final"


def test_a_campaign_set_up_before_still_ends_on_relic_points():
    s = game()
    s.players["P2"].relics = 3
    events = apply(s, END, [])
    assert s.phase == "ended" and of_type(events, "campaign_ended")[0]["winner"] == "P2"


def test_the_final_standing_holds_every_player():
    s = readings2("skaven", "dwarfs", "empire")
    for pid, r in zip(s.players, (4, 8, 6)):
        s.players[pid].relics = r
    rows = final_standings(s, 25)
    assert [(r["player"], r["final_battle_bonus_percent"]) for r in rows] == [("P2", 25), ("P3", 12.5), ("P1", 0)]


# --- b. « Choisissez une unité ayant participé à la bataille. Elle devient un Régiment de Renom »,
#        « Si l'unité possède déjà la règle spéciale, relancez le dé »

def test_an_unnamed_honour_waits_for_its_players_choice_and_the_feat_is_rerolled_against_that_unit():
    s = readings2()
    b = to_battle(s)
    g = s.players["P1"].armies["G"]
    g.renown = [{"unit": "Knights", "honours": [{"spoils": "feats_of_arms", "rule": "devastating_charge"}]}]
    # spoils 5 (feats of arms, 1: Charge Dévastatrice), defeat 6 (vengeance), fate 1 (pushed back)
    events = result(s, b.id, "P1", [5, 1, 6, 1])
    assert not of_type(events, "renown") and of_type(events, "renown_pending")
    assert all(r["unit"] != "?" for r in g.renown) and g.renown_pending[0]["rule"] == "devastating_charge"
    assert any(lo.type == "renown" for lo in legal_orders(s, "P1"))
    # Knights hold Charge Dévastatrice already: the die is rolled again (1 again, then 2: Perforant)
    events = apply(s, {"type": "renown", "player": "P1", "army": "G", "unit": "Knights"}, [1, 2])
    assert [r["rule"] for r in of_type(events, "feat_rerolled")[0]["rerolls"]] == ["devastating_charge",
                                                                                  "armour_piercing"]
    assert [h["rule"] for h in g.renown[0]["honours"]] == ["devastating_charge", "armour_piercing"]
    assert not g.renown_pending
    refused(s, {"type": "renown", "player": "P1", "army": "G", "unit": "Knights"}, "gorges.renown.none")


def test_another_unit_keeps_the_feat_rolled_at_the_battle():
    s = readings2()
    b = to_battle(s)
    result(s, b.id, "P1", [5, 1, 6, 1])
    refused(s, {"type": "renown", "player": "P1", "army": "G", "unit": " "}, "gorges.renown.unit")
    events = apply(s, {"type": "renown", "player": "P1", "army": "G", "unit": "Spearmen"}, [])
    assert of_type(events, "renown")[0]["honour"]["rule"] == "devastating_charge"


def test_before_the_readings_an_auto_resolved_honour_went_to_an_unnamed_unit():
    s = game()
    b = to_battle(s)
    events = result(s, b.id, "P1", [5, 1, 6, 1])
    assert of_type(events, "renown")[0]["unit"] == "?"


# --- c. « retirée du jeu jusqu'à la prochaine saison » (fate 4-6) read as event 11 « Retirez l'une de vos armées
#        du jeu jusqu'au début de la saison suivante »; « Toutes les armées détruites durant l'été reviennent »

def test_in_summer_a_beaten_army_removed_waits_for_the_next_season_like_event_11():
    for race in ("empire", "orcs_and_goblins"):
        s = readings2(race, "dwarfs")
        s.turn = 4  # summer
        a, w = s.players["P1"].armies["G"], s.players["P1"].armies["L1"]
        beaten = remove_army(s, a, "next_season", "beaten")
        withdrawn = remove_army(s, w, "next_season", "withdrawn")
        assert a.position is None and a.out_until == w.out_until == "next_season"
        assert beaten["until"] == withdrawn["until"] == "next_season" and beaten["why"] == "beaten"
        # destroyed (« détruite », two armies 1 or 6) still comes back at once in summer
        d = s.players["P1"].armies["L2"]
        assert remove_army(s, d, "next_season", "two_armies")["returns"] == "now_summer" and d.in_play


def test_before_the_readings_a_beaten_army_came_back_at_once_in_summer():
    s = game()
    s.turn = 4
    assert remove_army(s, s.players["P1"].armies["G"], "next_season", "beaten")["returns"] == "now_summer"


# --- d. « Si le jet de Sauvegarde est réussi, l'armée est repoussé jusque dans ses terres »: the push-back
#        takes the army from its cell, not from a battle over another cell

def _pushed_then_challenged(readings: int, over_its_cell: bool):
    s = game()
    s.readings = readings
    a = s.players["P1"].armies["G"]
    own_b = s.players["P2"].capital
    cell = next(t for t in s.neighbours(own_b) if s.owners.get(t) is None)
    s.owners[cell] = "P2"
    a.position = cell
    push_back(s, a, "save")
    target = cell if over_its_cell else INLAND
    s.owners[target] = "P2"
    s.challenges = [Challenge(1, "P2", "G", "P1", target, "adjacent_territories" if not over_its_cell
                              else "enemy_in_own_territory", status="accepted", defender_army="G")]
    return s, open_battles(ctx(s, []))


def test_a_push_back_voids_only_the_battle_over_the_cell_it_left():
    s, events = _pushed_then_challenged(2, over_its_cell=False)
    assert of_type(events, "battle") and len(s.battles) == 1
    s, events = _pushed_then_challenged(2, over_its_cell=True)
    assert of_type(events, "battle_void") and not s.battles
    s, events = _pushed_then_challenged(1, over_its_cell=False)  # the older reading, kept for old journals
    assert of_type(events, "battle_void")


# --- e. journal lines that name their dice

def test_the_slaves_mine_line_shows_its_plus_one():
    ev = {"type": "mine", "player": "P1", "territory": "1,1", "roll": 4, "total": 5, "result": "fabulous_treasure",
          "slaves": True, "magic_item_max": 30}
    assert "1D6 4 +1 (prisoners) = 5" in event_text(ev, Out("en", False))
    assert "1D6 4 +1 (prisonniers) = 5" in event_text(ev, Out("fr", False))


def test_the_final_battle_rolls_are_named_in_the_dice():
    from campagne.core.game import Game
    from campagne.games.gorges.rules import GorgesRules
    g = Game(GorgesRules(), {"players": [{"id": "A"}, {"id": "B"}], "readings": 2}, 3)
    g.push(END)
    entry = g.push({"type": "final-battle", "player": "referee", "auto": True})
    assert all(r["purpose"].startswith("final battle ") for r in entry.to_dict()["rolls"])



def test_the_status_during_and_after_the_final_battle_says_what_awaits_and_how_the_year_was_won():
    from campagne.games.gorges.rules import GorgesRules
    from campagne.games.gorges.text import status_text
    s = readings2()
    s.players["P1"].relics = 2
    apply(s, END, [])
    shown = status_text(GorgesRules().view(s, None), Out("fr", False))
    assert "bataille finale : +25 %" in shown and "final-battle --set winner=JOUEUR" in shown
    apply(s, {"type": "final-battle", "player": "referee", "winner": "P2"}, [])
    shown = status_text(GorgesRules().view(s, None), Out("en", False))
    assert "P2 wins (winner of the final battle)" in shown


def test_a_referees_correction_before_the_final_battle_changes_the_advantages():
    s = readings2()
    apply(s, END, [])
    assert [r["final_battle_bonus_percent"] for r in s.standings] == [0, 0]
    apply(s, {"type": "adjust", "player": "referee", "what": "relics", "holder": "P2", "value": 3,
              "reason": "search roll missed"}, [])
    assert (s.standings[0]["player"], s.standings[0]["final_battle_bonus_percent"]) == ("P2", 25)
    events = apply(s, {"type": "final-battle", "player": "referee", "winner": "P1"}, [])
    assert [r["player"] for r in of_type(events, "campaign_ended")[0]["standings"]] == ["P1", "P2"]
