"""Arc's readings 2 (issue 24, docs/rules/arc.md « Retraites et avances », « Zones »): the owner chooses his
retreat hex, the attacker chooses to advance after the result, the caster chooses a zone of any shape; old
set-ups keep the old readings and their journals replay as they were written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arc_kit import RULES, done, order, position, u

from campagne.core.errors import CampagneError
from campagne.core.game import Game
from campagne.games.arc import combat
from campagne.games.arc.ai import decide
from campagne.games.arc.legal import legal_orders
from campagne.games.arc.rules import ArcRules
from campagne.games.arc.setup import build_setup
from campagne.games.arc.views import view

GOLDEN = Path(__file__).parent / "golden" / "arc-readings-1.json"


def _beaten(readings: int = 2):
    """The MPA infantry (10) attacks Ulf's faithful (4) in D7: 2-1, a roll of 1 is D2, « RETRAIT » of two hexes."""
    return position([u("mpa_infantry", "D5"), u("faithful", "D7", id="victim")], phase="melee", readings=readings)


def test_the_owner_chooses_his_retreat_hex():
    """« RETRAIT (un hex ou deux hex) : les unités en retraite doivent se déplacer et ne peuvent pas s'arrêter dans
    une ZOC ennemie »: the rules give the hexes, the retreating unit's owner chooses one of them."""
    s = _beaten()
    order(s, "bonnaire", "attack", unit="mpa_infantry.1", target="victim")
    events = done(s, "bonnaire", (1,))
    assert next(e for e in events if e["type"] == "combat")["result"] == "D2"
    assert s.units["victim"].hex == "D7" and s.pending and s.pending["kind"] == "retreat"
    assert RULES.awaiting(s) == ["ulf"] and view(s, "ulf")["pending"]["unit"] == "victim"
    [lo] = legal_orders(s, "ulf")
    hexes = lo.fields[0].choices
    program = combat.retreat_path(s, s.units["victim"], 2, [s.units["mpa_infantry.1"]])[-1]
    assert lo.type == "retreat" and "F9" in hexes and program == "B9" and len(hexes) > 1
    assert legal_orders(s, "bonnaire") == []
    with pytest.raises(CampagneError) as refused:
        order(s, "ulf", "retreat", unit="victim", hex="D5")  # the attacker's hex: no retreat ends there
    assert refused.value.code == "arc.no_such_target"
    with pytest.raises(CampagneError) as refused:
        order(s, "bonnaire", "done")
    assert refused.value.code == "arc.not_acting"
    events = order(s, "ulf", "retreat", unit="victim", hex="F9")
    assert any(e["type"] == "retreat" and e["to"] == "F9" and e["chosen"] for e in events)
    assert s.units["victim"].hex == "F9" and s.pending == {"kind": "advance", "player": "bonnaire", "hex": "D7",
                                                           "units": ["mpa_infantry.1"]}
    order(s, "bonnaire", "stay")  # then the attacker decides whether to advance
    assert s.pending is None and s.phase != "melee" and s.units["mpa_infantry.1"].hex == "D5"


def test_the_choice_to_advance_is_made_after_the_result():
    """« si l'unité attaquée n'est plus dans l'hex qu'elle occupait (éliminée ou retraite), une des unités
    attaquantes peut immédiatement se déplacer dans l'hex libre »: the attacker's owner chooses after the result
    which attacker next to the vacated hex enters it, or none."""
    s = position([u("mercenaries", "D5"), u("mercenaries", "C6"), u("faithful", "D7", id="victim")],
                 phase="melee", readings=2)
    assert {lo.type for lo in legal_orders(s, "bonnaire")} == {"attack", "done"}
    with pytest.raises(CampagneError) as refused:
        order(s, "bonnaire", "attack-advance", unit="mercenaries.1", target="victim")
    assert refused.value.code == "arc.advance_after"
    order(s, "bonnaire", "attack", unit="mercenaries.1", target="victim")
    order(s, "bonnaire", "attack", unit="mercenaries.2", target="victim")
    events = done(s, "bonnaire")  # 40 v 4: beyond 8-1, eliminated
    assert not s.units["victim"].alive and s.pending["kind"] == "advance"
    assert any(e["type"] == "choice" and e["kind"] == "advance" for e in events)
    offered = {(lo.type, lo.fixed.get("unit")) for lo in legal_orders(s, "bonnaire")}
    assert offered == {("advance", "mercenaries.1"), ("advance", "mercenaries.2"), ("stay", None)}
    order(s, "bonnaire", "advance", unit="mercenaries.2")
    assert s.units["mercenaries.2"].hex == "D7" and s.units["mercenaries.1"].hex == "D5" and s.pending is None
    t = position([u("mercenaries", "D5"), u("mercenaries", "C6"), u("faithful", "D7", id="victim")],
                 phase="melee", readings=2)
    order(t, "bonnaire", "attack", unit="mercenaries.1", target="victim")
    order(t, "bonnaire", "attack", unit="mercenaries.2", target="victim")
    done(t, "bonnaire")
    order(t, "bonnaire", "stay")
    assert t.units["mercenaries.1"].hex == "D5" and t.units["mercenaries.2"].hex == "C6" and t.phase == "special"


def test_computers_retreat_away_from_enemies_and_advance_after_a_melee():
    s = position([u("mpa_infantry", "D5"), u("mpa_infantry", "B7"), u("faithful", "D7", id="victim"),
                  u("faithful", "F11")], phase="melee", readings=2)
    order(s, "bonnaire", "attack", unit="mpa_infantry.1", target="victim")
    done(s, "bonnaire", (1,))
    command = decide(view(s, "ulf"), legal_orders(s, "ulf"), s.board)
    assert command["type"] == "retreat" and command["hex"] in ("F7", "F9", "E10")  # far from D5 and B7


def test_old_set_ups_keep_the_old_readings():
    s = _beaten(readings=1)
    assert {lo.type for lo in legal_orders(s, "bonnaire")} == {"attack", "attack-advance", "done"}
    order(s, "bonnaire", "attack", unit="mpa_infantry.1", target="victim")
    done(s, "bonnaire", (1,))
    assert s.pending is None and s.units["victim"].hex == "B9"  # where the program chose
    with pytest.raises(CampagneError) as refused:
        order(s, "ulf", "retreat", unit="victim", hex="F9")
    assert refused.value.code in ("arc.no_decision", "order.wrong_phase", "arc.not_acting")
    assert build_setup([{"id": p} for p in ("bonnaire", "ulf", "fereira")], {})["readings"] == 2


def test_a_journal_written_before_the_readings_replays_as_it_was():
    """A game of Arc set up and played before issue 24 (written by that code: the program's retreat hexes,
    `attack-advance` declared with the attack) replays event for event and die for die."""
    old = json.loads(GOLDEN.read_text())
    assert "readings" not in old["setup"]
    kinds = {e["command"]["type"] for e in old["entries"]}
    assert "attack-advance" in kinds
    game = Game.verify(ArcRules(), old["setup"], old["seed"], old["entries"], old["opening"])
    assert game.state.readings == 1


def test_a_zone_of_any_shape_chosen_by_the_caster():
    """« effet : unité 1/2E dans 4HC choisis par lanceur de sort »: any four contiguous hexes the caster
    chooses, not only a straight line."""
    s = position([u("bhar_priests", "D3"), u("faithful", "E10"), u("faithful", "F11")], phase="magic")
    [cast] = [lo for lo in legal_orders(s, "bonnaire") if lo.type == "cast" and lo.fixed["spell"] == "weather"]
    listed = cast.fields[0].choices
    assert "B7:SE" in listed and "D9+E8+E10+F11" in listed  # the lines, and the zones around a seen enemy
    for bad in ("B3+D9+E10+F11", "D9+E10", "E10+F11+G12+I13", "D9+E10+E10+F11"):  # apart, short, off the map
        with pytest.raises(CampagneError) as refused:
            order(s, "bonnaire", "cast", caster="bhar_priests.1", spell="weather", target=bad)
        assert refused.value.code == "arc.zone_shape"
    order(s, "bonnaire", "cast", caster="bhar_priests.1", spell="weather", target="F11+E10+D11+E12")  # a rhombus
    events = done(s, "bonnaire", (12, 1))
    zone = next(e for e in events if e["type"] == "spell")
    assert zone["result"] == "zone" and zone["hexes"] == ["D11", "E10", "E12", "F11"]
    assert s.units["faithful.2"].reduced and not s.units["faithful.1"].reduced


def test_a_blade_barrier_of_two_hexes_in_any_direction():
    """« effet : pions éliminés sur 2HC choisis par lanceur de sort »: two contiguous hexes, typed by their hexes."""
    s = position([u("christian_priests", "D3"), u("mpa_infantry", "D9"), u("mpa_infantry", "E10")],
                 phase="magic", segment=1)
    order(s, "ulf", "cast", caster="christian_priests.1", spell="blade", target="E10+D9")
    events = done(s, "ulf", (1, 1))
    assert next(e for e in events if e["type"] == "spell")["hexes"] == ["D9", "E10"]
    assert not s.units["mpa_infantry.1"].alive and not s.units["mpa_infantry.2"].alive
