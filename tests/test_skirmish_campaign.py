"""Campaign battles fought on the grid (issue 12): an Atlantis battle (`battle-result TERRITORY --auto
--resolver grid`) and a Gorges battle (`battle-result N --auto --resolver grid`) become grid battles between
the two armies as unit cards, on the battlefield drawn for the territory's terrain; the result flows back."""

from __future__ import annotations

import copy

from atlantis_rules_kit import one, ref
from gorges_kit import apply, game, of_type, to_battle
from test_atlantis_rules_battles import fought

from campagne.core.dice import RecordedDice
from campagne.games.atlantis.army import load_packaged_army
from campagne.games.skirmish import campaign
from campagne.games.skirmish.data import battlefield_for, cards


def test_an_atlantis_army_becomes_unit_cards_by_the_documented_conversion():
    army = load_packaged_army("egyptian")
    roster = campaign.atlantis_roster("a", army)
    ids = [e["id"] for e in roster]
    assert len(ids) == len(set(ids)) and all(e["card"] in cards() for e in roster)
    assert len(roster) <= 20  # it fits the 20 cells of a two-camp deployment zone
    for u in army.living_units:
        mine = [e for e in roster if e["id"].startswith(f"a.{u.id}.")]
        assert len(mine) == (1 if u.is_character else min(3, -(-u.models // 10)))
    assert any(e["id"] == "a.general" for e in roster) == army.has_general


def test_the_battlefield_is_drawn_from_the_terrain():
    assert [battlefield_for(t) for t in ("plain", "forest", "mountain", "river", "hills", "swamp")] == [
        "plain", "forest", "mountain", "river", "hills", "swamp"]


def test_an_atlantis_battle_fought_on_the_grid_flows_back_into_the_campaign():
    game_ = fought(a=load_packaged_army("egyptian").to_dict(), b=load_packaged_army("mycenaean").to_dict())
    before = {pid: game_.state.players[pid].army.model_count for pid in ("a", "b")}
    earlier = copy.deepcopy(game_.state)
    entry = game_.push(ref("auto-resolve", territory="mestoria", resolver="grid"))
    ev = one(list(entry.events), "battle_result")
    assert ev["resolver"] == "grid" and {ev["winner"], ev["loser"]} == {"a", "b"}
    assert ev["battlefield"] == battlefield_for(game_.state.map.territories["mestoria"].terrain)
    assert len(entry.rolls) > 20  # every die of the grid battle is in the campaign's journal entry
    lost = sum(sum(ev["killed"][p].values()) for p in ("a", "b"))
    after = {pid: (game_.state.players[pid].army.model_count if game_.state.players[pid].army else 0)
             for pid in ("a", "b")}
    assert lost > 0 and sum(after.values()) < sum(before.values())
    assert game_.state.battles[0].result["resolver"] == "grid"
    # the journal replays the grid battle from its recorded dice: the same events, the same campaign
    again = game_.ruleset.apply(earlier, dict(entry.command), RecordedDice(entry.rolls))
    assert again == list(entry.events)
    assert game_.ruleset.view(earlier, None) == game_.view(None)


def test_a_gorges_battle_fought_on_the_grid_flows_back_into_the_campaign():
    s = game()
    b = to_battle(s)
    events = apply(s, {"type": "auto-resolve", "player": "referee", "battle": b.id, "resolver": "grid"})
    auto = of_type(events, "auto_resolve")[0]
    assert auto["resolver"] == "grid" and auto["winner"] in ("P1", "P2")
    assert auto["battlefield"] == battlefield_for(s.map.cell(b.territory).terrain)
    result = of_type(events, "battle_result")[0]
    assert result["how"] == "grid" and result["winner"] == auto["winner"]
    assert s.owners.get(b.territory) == auto["winner"]


def test_the_gorges_command_line_asks_for_the_grid():
    from campagne.games.gorges.inputs import battle_command
    assert battle_command("1", {"auto": True, "resolver": "grid"}) == {
        "type": "auto-resolve", "player": "referee", "battle": "1", "resolver": "grid"}
    assert "resolver" not in battle_command("1", {"auto": True, "resolver": "simulation"})
