"""Arc's spells on small maps: zones that strike those inside and those entering, silence, dispel, light, bless,
combined casting (seed 003, « LES SORTS DES PRETRES »)."""

from __future__ import annotations

from arc_kit import done, order, position, u

from campagne.games.arc import combat, declare
from campagne.games.arc.magic import can_cast, effect_on


def test_blade_barrier_strikes_the_line_and_whoever_enters_it():
    s = position([u("christian_priests", "D3"), u("mpa_infantry", "D9"), u("mpa_infantry", "D11"),
                  u("mpa_infantry", "F9")], phase="magic", segment=1)
    options = [c for c in declare.casts(s, "ulf") if c["spell"] == "blade"]
    assert options and "D9:S" in options[0]["targets"] and "H15:S" not in options[0]["targets"]  # off the map
    order(s, "ulf", "cast", caster="christian_priests.1", spell="blade", target="D9:S")
    events = done(s, "ulf", (3, 12))  # D9, D11 (south): save 10 — a 3 fails, a 12 holds
    zone = next(e for e in events if e["type"] == "spell")
    assert zone["hexes"] == ["D9", "D11"] and s.units["christian_priests.1"].points == 75
    assert not s.units["mpa_infantry.1"].alive and s.units["mpa_infantry.2"].alive
    # next turn the Directorat's infantry walks into the barrier: it saves or dies
    assert s.turn == 4 and s.phase == "move"
    order(s, "bonnaire", "move", unit="mpa_infantry.3", hex="E10")
    events = done(s, "bonnaire", (1,))  # E10 is no zone hex: no roll
    assert not any(e["type"] == "zone" for e in events)


def test_entering_a_weather_turn_zone_halves_after_a_save():
    s = position([u("bhar_priests", "D3"), u("faithful", "H13")], phase="magic")
    order(s, "bonnaire", "cast", caster="bhar_priests.1", spell="weather", target="B7:SE")
    done(s, "bonnaire")
    eff = next(e for e in s.effects if e["kind"] == "zone")
    assert eff["hexes"] == ["B7", "C8", "D9", "E10"] and eff["until"] == 3 + 4
    s2 = position([u("bhar_priests", "D3"), u("faithful", "F11")], phase="magic")
    order(s2, "bonnaire", "cast", caster="bhar_priests.1", spell="weather", target="B7:SE")
    done(s2, "bonnaire")  # nobody else acts: on to Ulf's move
    assert s2.acting == ["ulf", "fereira"] and s2.phase == "move"
    order(s2, "ulf", "move", unit="faithful.1", hex="E10")
    events = done(s2, "ulf", (2,))  # save 10: a 2 fails: half eliminated
    assert any(e["type"] == "zone" and e["result"] == "half" for e in events) and s2.units["faithful.1"].reduced


def test_silence_stops_a_priest_casting_and_dispel_lifts_it():
    s = position([u("bhar_priests", "D3"), u("bhar_priests", "F3"), u("christian_priests", "D9")], phase="magic")
    order(s, "bonnaire", "cast", caster="bhar_priests.1", spell="silence", target="christian_priests.1")
    done(s, "bonnaire", (1,))  # save 9: a 1 fails
    silenced = effect_on(s, "christian_priests.1", "silence")
    assert silenced and not can_cast(s, s.units["christian_priests.1"])
    assert declare.casts(s, "ulf") == []  # silenced, Ulf's only priest has no spell to declare
    s.turn, s.phase, s.segment, s.acting, s.done = 4, "magic", 0, ["bonnaire"], []
    order(s, "bonnaire", "cast", caster="bhar_priests.2", spell="dispel", target=f"effect.{silenced['id']}")
    events = done(s, "bonnaire")
    assert next(e for e in events if e["type"] == "spell")["dispelled"] == "silence"
    assert s.units["bhar_priests.2"].points == 200 - 25


def test_light_and_bless_shift_the_columns():
    s = position([u("bhar_priests", "D3"), u("mpa_infantry", "D5"), u("faithful", "D7")], phase="magic")
    order(s, "bonnaire", "cast", caster="bhar_priests.1", spell="light", target="faithful.1")
    done(s, "bonnaire", (1,))
    assert dict(combat.shifts(s, s.units["mpa_infantry.1"], s.units["faithful.1"], "melee")) == {"light": 2}
    b = position([u("christian_priests", "D3"), u("faithful", "D5"), u("mpa_infantry", "D7")], phase="magic",
                 segment=1)
    order(b, "ulf", "cast", caster="christian_priests.1", spell="bless", target="faithful.1")
    done(b, "ulf")
    assert dict(combat.shifts(b, b.units["faithful.1"], b.units["mpa_infantry.1"], "melee")) == {"bless": 1}


def test_two_adjacent_priests_pool_their_points():
    s = position([u("christian_priests", "D3", points=40), u("christian_priests", "D5", points=40),
                  u("mpa_infantry", "D11")], phase="magic", segment=1)
    flames = [c for c in declare.casts(s, "ulf") if c["spell"] == "flame"]
    assert {c["partner"] for c in flames} == {"christian_priests.1", "christian_priests.2"}
    order(s, "ulf", "cast-with", caster="christian_priests.2", partner="christian_priests.1", spell="flame",
          target="mpa_infantry.1")
    done(s, "ulf", (12,))  # saved
    # the cost shared, half each (issue 24: before, the caster paid all he could and the partner the rest)
    assert s.units["christian_priests.2"].points == 15 and s.units["christian_priests.1"].points == 15
