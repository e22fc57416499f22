"""Arc's special abilities, magic, hidden counters and victory on small maps (seed 003's unit and spell lists)."""

from __future__ import annotations

from arc_kit import done, order, position, u

from campagne.games.arc import combat, declare, victory
from campagne.games.arc.views import redact_entry, view


def ids(v):
    return {x["id"] for x in v["units"]}


def test_hidden_counters_appear_only_in_their_owners_view_and_journal():
    s = position([u("fraternite", "D5"), u("faithful", "D13"), u("people", "A2")])
    assert "fraternite.1" in ids(view(s, "bonnaire")) and "fraternite.1" in ids(view(s, None))
    assert "fraternite.1" not in ids(view(s, "ulf")) and "fraternite.1" not in ids(view(s, "fereira"))
    events = order(s, "bonnaire", "move", unit="fraternite.1", hex="D9")
    entry = {"n": 1, "command": {"type": "move", "player": "bonnaire", "unit": "fraternite.1", "hex": "D9"},
             "events": events + done(s, "bonnaire"), "rolls": []}
    for other in ("ulf", "fereira"):
        seen = redact_entry(entry, other)
        assert "fraternite" not in repr(seen) and "D9" not in repr(seen)
    assert "D9" in repr(redact_entry(entry, "bonnaire"))
    assert s.units["fraternite.1"].hex == "D9" and s.units["fraternite.1"].hidden


def test_christian_priests_detect_the_red_brotherhood_one_hex_away():
    s = position([u("fraternite", "D5"), u("christian_priests", "D11"), u("people", "A2")])
    order(s, "bonnaire", "move", unit="fraternite.1", hex="D9")
    events = done(s, "bonnaire")
    assert any(e["type"] == "detected" and e["unit"] == "fraternite.1" for e in events)
    assert "fraternite.1" in ids(view(s, "ulf"))


def test_ulf_turns_two_people_into_one_faithful():
    s = position([u("ulf", "D3"), u("people", "D9"), u("people", "E10"), u("mpa_infantry", "A14")], segment=1)
    order(s, "ulf", "move", unit="ulf.1", hex="D11")
    done(s, "ulf")
    events = done(s, "fereira")
    conv = next(e for e in events if e["type"] == "converted")
    assert sorted(conv["people"]) == ["people.1", "people.2"]
    assert s.units[conv["unit"]].side == "ulf" and s.units[conv["unit"]].type == "faithful"


def test_flame_strike_eliminates_on_a_failed_save():
    s = position([u("christian_priests", "D5"), u("mpa_infantry", "D11")], phase="magic", segment=1)
    order(s, "ulf", "cast", caster="christian_priests.1", spell="flame", target="mpa_infantry.1")
    events = done(s, "ulf", (9,))  # save 10: a 9 fails
    assert not s.units["mpa_infantry.1"].alive and s.units["christian_priests.1"].points == 100
    assert any(e["type"] == "eliminated" for e in events)


def test_hold_person_then_any_attack_destroys_the_counter():
    """« cumulé à une attaque dans le même tour, permet la destruction automatique du pion adverse; un pion suffit »."""
    s = position([u("bhar_priests", "D5"), u("mpa_infantry", "C8"), u("knights", "C10")], phase="magic")
    order(s, "bonnaire", "cast", caster="bhar_priests.1", spell="hold", target="knights.1")
    done(s, "bonnaire", (2,))  # save 5: a 2 fails
    assert s.phase == "melee"  # nobody shoots: the missiles phase passes
    order(s, "bonnaire", "attack", unit="mpa_infantry.1", target="knights.1")  # 10 v 30: 1-3
    events = done(s, "bonnaire")
    assert next(e for e in events if e["type"] == "combat").get("hold") and not s.units["knights.1"].alive


def test_snipers_force_a_retreat_and_ignore_the_table_against_them():
    s = position([u("snipers", "D5"), u("mpa_infantry", "D7"), u("people", "A2")], phase="missiles", segment=1)
    order(s, "fereira", "attack", unit="snipers.1", target="mpa_infantry.1")
    events = done(s, "fereira", (12,))  # 25 v 10: 2-1, roll 12: A3, ignored for missiles; the target retreats
    assert any(e["type"] == "retreat" and e["unit"] == "mpa_infantry.1" for e in events)
    assert s.units["snipers.1"].alive and not s.units["snipers.1"].reduced


def test_snipers_ignore_zocs_except_archers():
    s = position([u("snipers", "D5"), u("mpa_infantry", "C8"), u("people", "A2")], segment=1)
    assert "D11" in set(declare.destinations(s, s.units["snipers.1"], None))
    s = position([u("snipers", "D5"), u("mpa_archers", "C8"), u("people", "A2")], segment=1)
    assert "D11" not in set(declare.destinations(s, s.units["snipers.1"], None))


def test_night_and_surprise_and_charge_shift_columns():
    s = position([u("fraternite", "D5", hidden=True), u("faithful", "D7")], turn=1, phase="melee")
    s.units["fraternite.1"].moved_hidden = True
    sh = dict(combat.shifts(s, s.units["fraternite.1"], s.units["faithful.1"], "melee"))
    assert sh == {"night": 1, "surprise": 1}
    day = position([u("people", "D5"), u("fereira", "D13"), u("faithful", "D7")], turn=3, phase="melee", segment=1)
    assert dict(combat.shifts(day, day.units["people.1"], day.units["faithful.1"], "melee")) == {"fereira": 1}
    k = position([u("knights", "D3"), u("mpa_infantry", "D13")], segment=1)
    order(k, "ulf", "move", unit="knights.1", hex="D11")  # 4 hexes straight south
    done(k, "ulf")  # Fereira has nothing on this map: the move is resolved
    assert k.units["knights.1"].charged


def test_fra_borges_captures_a_leader():
    s = position([u("borges", "D5", hidden=False), u("koulnikov", "D7")], phase="melee", segment=1)
    order(s, "fereira", "attack", unit="borges.1", target="koulnikov.1")
    events = done(s, "fereira", (1,))  # 75 v 20: 3-1, roll 1: D2
    assert s.units["koulnikov.1"].status == "captured" and any(e["type"] == "captured" for e in events)


def test_the_red_brotherhood_makes_a_leader_save_against_death():
    s = position([u("fraternite", "D5", hidden=False), u("fereira", "D7")], phase="melee")
    order(s, "bonnaire", "attack", unit="fraternite.1", target="fereira.1")
    events = done(s, "bonnaire", (1, 4))  # 40 v 15: 2-1, roll 1: D2; save 5, a 4 fails
    assert any(e["type"] == "death" for e in events) and not s.units["fereira.1"].alive


def test_meditation_gives_back_half_the_points_unless_attacked():
    s = position([u("bhar_priests", "D5", points=20), u("people", "A14")])
    order(s, "bonnaire", "meditate", unit="bhar_priests.1")
    for _ in range(20):
        if s.turn != 3:
            break
        done(s, s.acting[0] if s.acting[0] not in s.done else s.acting[-1])
    assert s.turn == 4 and s.units["bhar_priests.1"].points == 120


def test_bhar_healing_waits_a_turn_christian_healing_does_not():
    b = position([u("bhar_priests", "D5"), u("mpa_infantry", "D7", reduced=True)], phase="magic")
    order(b, "bonnaire", "cast", caster="bhar_priests.1", spell="healing", target="mpa_infantry.1")
    events = done(b, "bonnaire")  # nobody else can act on this map: the turn runs to its end
    kinds = [e["type"] for e in events]
    assert next(e for e in events if e["type"] == "spell")["result"] == "healing_next_turn"
    assert kinds.index("healed") > kinds.index("phase")  # healed when the turn ends, not when cast
    assert not b.units["mpa_infantry.1"].reduced
    c = position([u("christian_priests", "D5"), u("faithful", "D7", reduced=True)], phase="magic", segment=1)
    order(c, "ulf", "cast", caster="christian_priests.1", spell="healing", target="faithful.1")
    done(c, "ulf")
    assert not c.units["faithful.1"].reduced


def test_aris_dombal_moves_anywhere_and_fades():
    s = position([u("aris", "A2"), u("mpa_infantry", "D7"), u("mpa_infantry", "F7")], segment=1)
    assert "H15" in declare.destinations(s, s.units["aris.1"], None)
    s.units["aris.1"].fading = 1
    assert s.units["aris.1"].strength("melee") == 80


def test_secret_objective_parts():
    s = position([u("ulf", "A2"), u("fereira", "A6"), u("christian_priests", "C2"), u("christian_priests", "C4"),
                  u("mpa_infantry", "H15")])
    for x in ("ulf.1", "fereira.1", "christian_priests.1"):
        s.units[x].status = "eliminated"
    assert victory.secret_parts(s, "bonnaire") == (3, 3)
    s.units["christian_priests.1"].status = "active"
    assert victory.secret_parts(s, "bonnaire") == (2, 3)


def test_tactical_losses_convert_by_thirds_and_fifths():
    """« Pour les prêtres, les chevaliers et les barons, le rapport tactique/stratégique est de un tiers (arrondi à
    l'entier supérieur). Pour toutes les autres unités il est de un cinquième »."""
    from campagne.core.dice import Dice
    from campagne.games.arc.rules import ArcRules
    from campagne.games.arc.setup import strategic_losses
    assert [strategic_losses("knights", n) for n in (0, 1, 3, 4)] == [0, 1, 1, 2]
    assert [strategic_losses("mpa_infantry", n) for n in (4, 5, 11)] == [0, 1, 2]
    players = [{"id": s} for s in ("bonnaire", "ulf", "fereira")]
    state, _ = ArcRules().new_state({"players": players, "tactical_losses": {"bhar_priests": 4, "mpa_infantry": 10}},
                                    Dice.seeded(0))
    count = lambda t: sum(1 for x in state.units.values() if x.type == t)  # noqa: E731
    assert (count("bhar_priests"), count("mpa_infantry")) == (6 - 2, 15 - 2)
