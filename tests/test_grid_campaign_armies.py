"""Issue 24, the grid as a campaign's battlefield: armies converted by their real composition and strength
(set-up "grid_armies": 2, skirmish/convert.py, data/conversion.toml), the follow-up battle (« Après quoi il
faudra utiliser une autre Action - Engager un combat pour amorcer une nouvelle bataille »), and corruption that
lasts (« il pourra être retiré normalement par la suite »)."""

from __future__ import annotations

import copy

import pytest
from atlantis_rules_kit import one, ref
from gorges_kit import apply, game, of_type, to_battle
from test_atlantis_rules_battles import fought

from campagne.core.dice import Dice, RecordedDice
from campagne.core.errors import MESSAGES, CampagneError
from campagne.core.game import Game
from campagne.games.atlantis.army import load_packaged_army
from campagne.games.gorges.data import races
from campagne.games.skirmish import campaign, convert
from campagne.games.skirmish.ai import autoplay
from campagne.games.skirmish.data import cards
from campagne.games.skirmish.followup import undecided
from campagne.games.skirmish.rules import SkirmishRules
from campagne.games.skirmish.setup import build_setup, read

PACKAGED = ("mycenaean", "egyptian", "assyrian", "amazon", "atlante")


# --------------------------------------------------------------------------- the conversion's table


def test_every_race_of_the_seed_has_its_cards_and_every_card_exists():
    table = campaign.conversion()["gorges_v2"]
    assert set(table["races"]) == set(races())  # the fifteen races of « LES RACES »
    for race, row in table["races"].items():
        assert row["renown"] in cards() and all(c in cards() for c in row["cards"]), race
    assert table["hero"] in cards() and table["wizard_hero"] in cards()


def test_an_atlantis_unit_gives_cards_by_its_points_not_its_models():
    army = load_packaged_army("egyptian")
    roster = convert.atlantis_cards("a", army, campaign._card_of)
    count = {u.id: sum(e["id"].startswith(f"a.{u.id}.") for e in roster) for u in army.living_units}
    # 5 chariots of 225 points are 2 cards (version 1: one card for 5 models); 10 javelins of 50 points, one
    assert army.unit("chariots1").models == 5 and count["chariots1"] == 2
    assert count["libyan_javelins"] == 1 and count["hero"] == 1
    assert len(campaign.atlantis_roster("a", army)) != len(roster)


@pytest.mark.parametrize("name", PACKAGED)
def test_every_packaged_atlantis_army_fits_the_grid(name):
    roster = convert.atlantis_cards("a", load_packaged_army(name), campaign._card_of)
    assert 10 <= len(roster) <= 20  # the 20 cells of a two-camp deployment zone


def test_atlantis_losses_are_half_the_share_of_hit_points_lost():
    # the grid has no break test nor flight: the study in docs/rules/skirmish.md halves the share
    assert convert.atlantis_killed(20, 3, 6, 1) == 10 and convert.atlantis_killed(20, 3, 6, 2) == 5
    assert convert.atlantis_killed(20, 6, 6, 2) == 10 and convert.atlantis_killed(3, 0, 6, 2) == 0


def _v2(*races_):
    s = game(*races_)
    s.grid_armies = 2
    return s


def _cards(s, ref_, other):
    return [e["card"] for e in convert.gorges_cards(s, s.army(ref_), s.army(other))]


def test_a_gorges_army_is_its_race_not_the_same_warband():
    s = _v2("dwarfs", "bretonnia")
    dwarfs, bretons = _cards(s, "P1:G", "P2:G"), _cards(s, "P2:G", "P1:G")
    assert dwarfs != bretons
    assert "knights" not in dwarfs and dwarfs.count("mortar") == 2  # cannons, no cavalry
    assert bretons.count("knights") >= 4  # « Leurs chevaux légendaires »


def test_the_generals_army_is_bigger_than_a_lieutenants_and_the_hero_leads_it_while_on_the_field():
    s = _v2("empire", "skaven")
    general, lieutenant = _cards(s, "P1:G", "P2:G"), _cards(s, "P1:L1", "P2:G")
    assert len(general) == 2000 // 200 + 1 and len(lieutenant) == 1500 // 200 + 1  # the points' cards + the hero
    s.army("P1:G").hero.dead = True
    assert len(_cards(s, "P1:G", "P2:G")) == 10 and "champion" not in _cards(s, "P1:G", "P2:G")[-1:]


def test_regiments_of_renown_bonus_points_and_the_25_percent_cap():
    s = _v2("empire", "skaven")
    before = len(_cards(s, "P1:G", "P2:G"))
    s.army("P1:G").renown = [{"unit": "Greatswords", "honours": []}, {"unit": "Knights", "honours": ["fear"]}]
    assert len(_cards(s, "P1:G", "P2:G")) == before + 3  # one per regiment, one more for its honour
    s.players["P1"].battle_points = 300
    assert convert.gorges_points(s, s.army("P1:G"), s.army("P2:G")) == 2300
    s.players["P1"].battle_points = 5000  # « +N army points (never more than 25 % above the opponent's total) »
    assert convert.gorges_points(s, s.army("P1:G"), s.army("P2:G")) == 2500


def test_wizard_lords_lead_as_an_archmage():
    s = _v2("tomb_kings", "empire")
    assert _cards(s, "P1:G", "P2:G")[-1] == "archmage" and _cards(s, "P2:G", "P1:G")[-1] == "champion"


def test_a_campaign_set_up_before_keeps_the_warband_so_its_journal_replays():
    s = game("dwarfs", "bretonnia")
    assert s.grid_armies == 1
    b = to_battle(s)
    setup = campaign.gorges_setup(s, b, s.army("P1:G"), s.army("P2:G"))
    assert [e["card"] for e in setup["players"][0]["roster"]][:10] == [
        "soldiers", "soldiers", "skirmishers", "skirmishers", "knights", "knights", "archers", "militia", "mortar",
        "archmage"]
    assert "engagements" not in setup


def test_the_set_up_key_is_checked():
    from campagne.games.gorges.rules import GorgesRules
    with pytest.raises(CampagneError) as info:
        GorgesRules().new_state({"players": [{"id": "P1", "race": "empire"}, {"id": "P2", "race": "skaven"}],
                                 "grid_armies": 3}, Dice.seeded(1, 0))
    assert info.value.code == "grid.setup.armies" and set(MESSAGES["grid.setup.armies"]) == {"en", "fr"}


def test_new_campaigns_convert_by_composition():
    from campagne.games.atlantis.inputs import build_setup as atlantis_setup
    from campagne.games.gorges.inputs import build_setup as gorges_setup
    players = [{"id": "a", "name": "a", "controller": "human"}, {"id": "b", "name": "b", "controller": "human"}]
    assert atlantis_setup(players, {})["grid_armies"] == 2 and gorges_setup(players, {})["grid_armies"] == 2


# --------------------------------------------------------------------------- the follow-up battle


def _battle(seed, engagements):
    setup = build_setup([{"id": "a", "controller": "greedy", "roster": "patrol"},
                         {"id": "b", "controller": "greedy", "roster": "patrol"}],
                        {"battlefield": "forest", "engagements": engagements})
    g = Game(SkirmishRules(), setup, seed)
    autoplay(g, seed)
    return g


def test_after_five_rounds_undecided_a_new_battle_is_engaged_between_the_survivors_as_they_are():
    # « La bataille dure 5 rounds [...] Après quoi il faudra utiliser une autre Action - Engager un combat »
    once, twice = _battle(2, 1), _battle(2, 2)
    assert undecided(once.state) and once.state.engagement == 1
    events = [e for en in twice.entries for e in en.events]
    over = [e for e in events if e["type"] == "battle_over"]
    again = one(events, "engaged_again")
    assert again["engagement"] == 2 and again["hp_left"] == over[0]["hp_left"] == {c: once.state.hp_left(c) for c in "ab"}
    assert len(over) == 2 and twice.state.engagement == 2
    # the destroyed stay destroyed, the survivors deploy again with the hit points they had
    first_dead = {u for u, x in once.state.units.items() if not x.alive}
    assert first_dead <= {u for u, x in twice.state.units.items() if not x.alive}
    deployments = [e for en in twice.entries for e in en.events if e["type"] == "deployed"]
    assert len(deployments) > len([u for u in once.state.units.values() if u.alive])


def test_no_follow_up_unless_ordered_and_the_number_is_checked():
    assert "engagements" not in build_setup([{"id": "a", "roster": "patrol"}, {"id": "b", "roster": "patrol"}], {})
    for bad in (0, 10, "2", True):
        with pytest.raises(CampagneError) as info:
            read({"players": [{"id": "a"}, {"id": "b"}], "engagements": bad})
        assert info.value.code == "skirmish.setup.engagements"


def test_a_follow_up_is_told_in_both_languages():
    from campagne.cli.output import Out
    from campagne.games.skirmish.text import event_text
    e = {"type": "engaged_again", "engagement": 2, "hp_left": {"a": 3, "b": 4}}
    fr, en = event_text(e, Out.make("fr", False)), event_text(e, Out.make("en", False))
    assert "Nouvelle bataille engagée" in fr and "survivants" in fr and "a 3 PV" in fr
    assert "A new battle engaged" in en and "b 4 HP" in en


def test_a_campaign_battle_may_be_engaged_again_on_the_grid():
    game_ = fought(a=load_packaged_army("egyptian").to_dict(), b=load_packaged_army("mycenaean").to_dict())
    game_.state.grid_armies = 2
    earlier = copy.deepcopy(game_.state)
    entry = game_.push(ref("auto-resolve", territory="mestoria", resolver="grid", engagements=2))
    ev = one(list(entry.events), "battle_result")
    # the first battle left both standing after 5 rounds; the second ended with one camp alone
    assert ev["engagements"] == 2 and ev["decided"] and set(ev["survivors"]) == {"a", "b"}
    alone = [c for c in ("a", "b") if ev["survivors"][c]]
    assert alone == [ev["winner"]] and all(s["hp"] > 0 for s in ev["survivors"][ev["winner"]])
    again = game_.ruleset.apply(earlier, dict(entry.command), RecordedDice(entry.rolls))
    assert again == list(entry.events)
    with pytest.raises(CampagneError):
        campaign.engagements({"engagements": 0})


def test_the_command_line_orders_follow_up_battles():
    from campagne.games.atlantis.inputs import battle_command as atlantis_command
    from campagne.games.gorges.inputs import battle_command as gorges_command
    assert gorges_command("1", {"auto": True, "resolver": "grid", "engagements": 3})["engagements"] == 3
    assert "engagements" not in gorges_command("1", {"auto": True, "resolver": "grid", "engagements": 1})
    assert atlantis_command("mestoria", {"auto": True, "resolver": "grid", "engagements": 2})["engagements"] == 2


# --------------------------------------------------------------------------- corruption that lasts


def test_corruption_is_kept_by_the_campaign_and_brought_to_the_next_grid_battle():
    s = _v2("empire", "skaven")
    grid = read({"players": [{"id": "P1", "roster": [{"card": "mage", "id": "P1.G.7", "corruption": 2},
                                                     {"card": "soldiers", "id": "P1.G.1"}]},
                             {"id": "P2", "roster": ["soldiers"]}]})
    assert grid.units["P1.G.7"].corruption == 2
    convert.remember(s, grid)
    assert s.grid_corruption == {"P1.G.7": 2}
    roster = convert.carry(s, [{"card": "mage", "id": "P1.G.7"}, {"card": "soldiers", "id": "P1.G.1"}])
    assert roster[0]["corruption"] == 2 and "corruption" not in roster[1]
    grid.units["P1.G.7"].status = "destroyed"  # a destroyed card's corruption is gone with it
    convert.remember(s, grid)
    assert s.grid_corruption == {}


def test_corruption_is_shown_in_status():
    from campagne.cli.output import Out
    from campagne.games.gorges.rules import GorgesRules
    from campagne.games.gorges.text import status_text
    s = _v2("empire", "skaven")
    assert "grid_corruption" not in GorgesRules().view(s, None)  # older views unchanged
    s.grid_corruption = {"P1.G.7": 2}
    view = GorgesRules().view(s, "P2")
    assert view["grid_corruption"] == {"P1.G.7": 2}
    assert "Corruption kept from grid battles" in status_text(view, Out.make("en", False)) and \
        "P1.G.7 2" in status_text(view, Out.make("fr", False))


def test_an_old_campaign_keeps_no_corruption():
    s = game("empire", "skaven")
    grid = read({"players": [{"id": "P1", "roster": [{"card": "mage", "corruption": 1}]},
                             {"id": "P2", "roster": ["soldiers"]}]})
    convert.remember(s, grid)
    assert s.grid_corruption == {}


def test_a_gorges_battle_on_the_grid_by_composition_journals_what_it_keeps():
    s = _v2("dwarfs", "bretonnia")
    b = to_battle(s)
    auto = of_type(apply(s, {"type": "auto-resolve", "player": "referee", "battle": b.id, "resolver": "grid"}),
                   "auto_resolve")[0]
    assert auto["engagements"] == 1 and set(auto["survivors"]) <= {"P1", "P2"}
    assert isinstance(auto["corruption"], dict)


# --------------------------------------------------------------------------- Gorges' final battle on the grid


def test_the_final_battle_may_be_fought_on_the_grid_the_advantage_in_its_points():
    # « Plus un joueur possède de Point de Relique plus son armée sera avantagée lors de la bataille finale »
    from campagne.cli.output import Out
    from campagne.games.gorges.legal import legal_orders
    from campagne.games.gorges.text import event_text
    s = _v2("empire", "skaven")
    s.readings = 2
    s.players["P1"].relics, s.players["P2"].relics = 9, 1
    apply(s, {"type": "end", "player": "referee"}, [])
    assert s.phase == "final"
    assert any(lo.fixed.get("resolver") == "grid" for lo in legal_orders(s, "referee"))
    rich = convert.gorges_cards(s, s.army("P1:G"), points=2500, most=20)
    poor = convert.gorges_cards(s, s.army("P2:G"), points=2000, most=20)
    assert len(rich) == len(poor) + 2  # +25 %: 500 points more, two cards of 200
    events = apply(s, {"type": "final-battle", "player": "referee", "auto": True, "resolver": "grid"})
    res = of_type(events, "final_result")[0]
    assert res["how"] == "grid" and res["winner"] in ("P1", "P2") and set(res["hp_left"]) == {"P1", "P2"}
    assert s.phase == "ended" and s.standings[0]["player"] == res["winner"]
    assert "grid battle" in event_text(res, Out("en", False)) and "quadrillage" in event_text(res, Out("fr", False))


def test_a_final_battle_resolver_is_the_table_or_the_grid():
    s = _v2("empire", "skaven")
    s.readings = 2
    apply(s, {"type": "end", "player": "referee"}, [])
    for cmd, code in (({"auto": True, "resolver": "wab"}, "order.bad_field"),
                      ({"winner": "P1", "resolver": "grid"}, "gorges.final.how")):
        with pytest.raises(CampagneError) as info:
            apply(s, {"type": "final-battle", "player": "referee", **cmd})
        assert info.value.code == code


def test_the_final_battles_cards_fit_three_and_four_camps_zones():
    s = _v2("empire", "skaven", "dwarfs", "ogre_kingdoms")
    for ref_ in ("P1:G", "P3:G"):
        assert len(convert.gorges_cards(s, s.army(ref_), points=2500, most=12)) == 12


def test_the_referee_takes_corruption_away_as_the_clubs_rules_allow():
    # « il pourra être retiré normalement par la suite »: the seed names no way, the referee removes it
    from campagne.cli.output import Out
    from campagne.games.gorges.legal import legal_orders
    from campagne.games.gorges.text import event_text
    s = _v2("empire", "skaven")
    assert not [lo for lo in legal_orders(s, "referee") if lo.type == "cleanse"]
    s.grid_corruption = {"P1.G.7": 3}
    offered = [lo for lo in legal_orders(s, "referee") if lo.type == "cleanse"]
    assert [(lo.fixed, lo.fields[0].choices) for lo in offered] == [({"card": "P1.G.7"}, (1, 2, 3))]
    for cmd, code in (({"card": "P1.G.8", "points": 1}, "grid.cleanse.card"),
                      ({"card": "P1.G.7", "points": 4}, "grid.cleanse.points")):
        with pytest.raises(CampagneError) as info:
            apply(s, {"type": "cleanse", "player": "referee", **cmd})
        assert info.value.code == code and set(MESSAGES[code]) == {"en", "fr"}
    ev = apply(s, {"type": "cleanse", "player": "referee", "card": "P1.G.7", "points": 2})[0]
    assert s.grid_corruption == {"P1.G.7": 1} and ev["left"] == 1
    assert "takes 2 point(s) of corruption away from P1.G.7" in event_text(ev, Out("en", False))
    assert "retire 2 point(s) de corruption" in event_text(ev, Out("fr", False))
    apply(s, {"type": "cleanse", "player": "referee", "card": "P1.G.7", "points": 1})
    assert s.grid_corruption == {}


def test_an_atlantis_referee_takes_corruption_away_too():
    game_ = fought(a=load_packaged_army("egyptian").to_dict(), b=load_packaged_army("mycenaean").to_dict())
    game_.state.grid_corruption = {"a.hero.1": 1}
    entry = game_.push(ref("cleanse", card="a.hero.1", points=1))
    assert one(list(entry.events), "corruption_removed")["left"] == 0 and game_.state.grid_corruption == {}


def test_players_fighting_their_battle_on_the_grid_engage_again_as_ordered():
    from test_grid_played import fight_it
    game_ = fought()
    game_.state.grid_armies = 2
    game_.push(ref("auto-resolve", territory="mestoria", resolver="grid", players=True, engagements=2))
    grid = game_.state.battles[0].fought.grid
    assert grid.engagements == 2 and grid.engagement == 1
    fight_it(game_)
    result = game_.state.battles[0].result
    assert result["resolver"] == "grid_players" and result["engagements"] in (1, 2)
    events = [e for en in game_.entries for e in en.events]
    again = [e for e in events if e["type"] == "grid" and e["event"]["type"] == "engaged_again"]
    assert len(again) == result["engagements"] - 1
