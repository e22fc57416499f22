"""Arc read to the letter of seed 003 (issue 24): the set-up keeps enemies apart, retreats end outside every
enemy ZOC, only an attacker next to the vacated hex advances, retreats and advances enter the zone spells,
abilities count for any attacker, and no unit moves beyond its allowance. Each test quotes its sentence."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arc_kit import RULES, done, order, position, u

from campagne.core.dice import Dice
from campagne.core.errors import CampagneError
from campagne.games.arc import combat, declare, movement
from campagne.games.arc.setup import build_setup

PLAYERS = [{"id": s, "controller": "human"} for s in ("bonnaire", "ulf", "fereira")]


@pytest.mark.parametrize("forces", ["unfavourable", "medium", "favourable"])
@pytest.mark.parametrize("two_player", [False, True])
def test_the_set_up_never_puts_enemies_on_one_hex(forces, two_player):
    """« Le joueur Bonnaire place ses pièces en premier lieu »; Bonnaire's « N5 O5 T5 au choix » and Ulf's
    « N5 O5 T5 au choix » name the same hexes: Ulf's counters go where Bonnaire's are not (otherwise they would
    fight inside one hex, where « Les tirs se font sur un hex contigu » and melee is on « des unités ennemies
    adjacentes »)."""
    state, _ = RULES.new_state(build_setup(PLAYERS, {"forces": forces, "two_player": two_player}), Dice.seeded(0))
    sides: dict[str, set[str]] = {}
    for x in state.alive():
        sides.setdefault(x.hex, set()).add(x.side)  # type: ignore[arg-type]
    for h, there in sides.items():
        assert not any(state.enemies(a, b) for a in there for b in there), (h, there)
    for x in state.alive():  # every counter still stands on a hex of its own choice
        assert not x.start_hexes or x.hex in x.start_hexes
    # Ulf may still take an « au choix » hex once Bonnaire leaves it free: the choice is kept whole
    faithful = next(x for x in state.units.values() if x.type == "faithful")
    assert {"N5", "O6", "T5"} <= set(faithful.start_hexes)


def ring_around_d5(victim: dict) -> list[dict]:
    """The victim at D5, an enemy infantry on every hex two steps away that reaches the victim's neighbours."""
    ring = ["D3", "F5", "F7", "D9", "B7", "B5"]
    return [victim] + [u("mpa_infantry", h) for h in ring] + [u("mercenaries", "D7")]


def test_snipers_cannot_end_a_retreat_in_an_enemy_zoc():
    """« les unités ne peuvent pas terminer leur retraite dans une ZOC ennemie; elles sont éliminées s'il en est
    ainsi »: the snipers' « aucune restriction de mouvement dans des ZOC adverses » is for their movement."""
    s = position(ring_around_d5(u("snipers", "D5", id="victim")), phase="melee")
    order(s, "bonnaire", "attack", unit="mpa_infantry.1", target="victim")  # 10 v 10: 1-1, roll 1: D1 (R1)
    events = done(s, "bonnaire", (1,))
    assert next(e for e in events if e["type"] == "combat")["result"] == "D1"
    assert any(e["type"] == "eliminated" and e.get("reason") == "no_retreat" for e in events)
    assert not s.units["victim"].alive


def test_fra_borges_cannot_end_a_retreat_in_an_enemy_zoc():
    """« les unités ne peuvent pas terminer leur retraite dans une ZOC ennemie »: Fra Borges' « aucune restriction
    de mouvement dans des ZOC adverses » is for his movement; Aris Dombal's « pas d'effet de ZOC adverses » is
    not restricted to movement."""
    s = position(ring_around_d5(u("borges", "D5", id="victim", hidden=False)), phase="melee")
    order(s, "bonnaire", "attack", unit="mpa_infantry.1", target="victim")
    order(s, "bonnaire", "attack", unit="mercenaries.1", target="victim")
    events = done(s, "bonnaire", (1,))  # 10 + 20 v 50: 1-2, roll 1: D1 (R1), every free hex in a ZOC
    assert next(e for e in events if e["type"] == "combat")["result"] == "D1"
    assert any(e["type"] == "eliminated" and e.get("reason") == "no_retreat" for e in events)
    a = position(ring_around_d5(u("aris", "D5", id="victim", hidden=False)), phase="melee")
    assert combat.retreat_path(a, a.units["victim"], 1, [a.units["mpa_infantry.1"]]) is not None


def test_an_attacker_that_retreated_does_not_advance():
    """« si l'unité attaquée n'est plus dans l'hex qu'elle occupait (éliminée ou retraite), une des unités
    attaquantes peut immédiatement se déplacer dans l'hex libre »: se déplacer dans, from the hex next to it;
    an attacker pushed back by the same combat is no longer there."""
    s = position([u("faithful", "D5"), u("faithful", "C6"), u("mpa_infantry", "D7")], phase="melee", segment=1)
    order(s, "ulf", "attack-advance", unit="faithful.1", target="mpa_infantry.1")
    order(s, "ulf", "attack", unit="faithful.2", target="mpa_infantry.1")
    events = done(s, "ulf", (5,))  # 5 + 5 v 10: 1-1, roll 5: B1, everyone retreats one hex
    assert next(e for e in events if e["type"] == "combat")["result"] == "B1"
    assert any(e["type"] == "retreat" and e["unit"] == "faithful.1" for e in events)
    assert not any(e["type"] == "advance" for e in events)
    assert s.units["faithful.1"].hex != "D7" and s.board.distance(s.units["faithful.1"].hex, "D5") == 1


def test_a_retreat_into_a_weather_turn_takes_the_save():
    """« toute troupe pénétrant dans la zone durant la durée du sort subit les effets après ST »: a retreat
    enters the zone as a move does."""
    s = position([u("bhar_priests", "A2"), u("mpa_infantry", "D5"), u("faithful", "D7", id="victim"),
                  u("faithful", "C8"), u("faithful", "E8")], phase="magic")
    order(s, "bonnaire", "cast", caster="bhar_priests.1", spell="weather", target="D9:S")
    done(s, "bonnaire")  # nobody in D9, D11, D13, D15: no save; nobody shoots
    assert s.phase == "melee"
    order(s, "bonnaire", "attack", unit="mpa_infantry.1", target="victim")
    events = done(s, "bonnaire", (5, 2))  # 10 v 4: 2-1, roll 5: D4 (½E + R1) to D9, the only free hex; save 10: 2
    r = next(e for e in events if e["type"] == "retreat")
    assert r["to"] == "D9"
    assert any(e["type"] == "zone" and e["unit"] == "victim" and e["save_roll"] == 2 for e in events)
    assert not s.units["victim"].alive  # already reduced: the weather's ½E eliminates it


def test_an_advance_into_a_weather_turn_takes_the_save():
    """« toute troupe pénétrant dans la zone durant la durée du sort subit les effets après ST »: an advance
    into the zone too (« Il est possible d'attaquer en mêlée sur un hex sous l'effet de ce sort »)."""
    s = position([u("bhar_priests", "A2"), u("mercenaries", "D5"), u("mercenaries", "C6"),
                  u("faithful", "D7", id="victim")], phase="magic")
    order(s, "bonnaire", "cast", caster="bhar_priests.1", spell="weather", target="D7:S")
    done(s, "bonnaire", (12,))  # the faithful in D7 saves (10 or more)
    assert s.units["victim"].alive and not s.units["victim"].reduced
    assert s.phase == "missiles"
    done(s, "bonnaire")  # the mercenaries hold their fire
    order(s, "bonnaire", "attack-advance", unit="mercenaries.1", target="victim")
    order(s, "bonnaire", "attack", unit="mercenaries.2", target="victim")
    events = done(s, "bonnaire", (1,))  # 40 v 4: beyond 8-1, eliminated; the advance's save 10: a 1 fails
    assert s.units["mercenaries.1"].hex == "D7"
    assert any(e["type"] == "zone" and e["unit"] == "mercenaries.1" for e in events)
    assert s.units["mercenaries.1"].reduced


def test_borges_captures_a_leader_even_beside_a_stronger_attacker():
    """Fereira's objective: « capture du pion de leader de Bonnaire »; Fra Borges: « capture automatique de
    leaders adverses en cas d'attaque réussie ». Aris Dombal (120) attacking with him (75) leads the combat's
    column shifts, but the attack is Borges' too: the leader is captured, not eliminated."""
    s = position([u("borges", "D5", hidden=False), u("aris", "C8", hidden=False), u("koulnikov", "D7")],
                 phase="melee", segment=1)
    order(s, "fereira", "attack", unit="aris.1", target="koulnikov.1")
    order(s, "fereira", "attack", unit="borges.1", target="koulnikov.1")
    events = done(s, "fereira")  # 195 v 20: beyond 8-1
    assert s.units["koulnikov.1"].status == "captured"
    assert next(e for e in events if e["type"] == "captured")["by"] == "borges.1"


def test_no_unit_moves_beyond_its_allowance():
    """« Toutes les unités peuvent se déplacer pendant leur phase de mouvement dans les limites de leur
    capacité »; a river hex « coûte trois points de mouvement »: the People (2) cannot enter it."""
    p = position([u("people", "D5")], river=["C6", "D7", "E6"], segment=1)
    assert "D7" not in declare.destinations(p, p.units["people.1"], None)
    with pytest.raises(CampagneError):
        order(p, "fereira", "move", unit="people.1", hex="D7")
    assert "D3" in declare.destinations(p, p.units["people.1"], None)


def test_a_visible_move_into_a_hidden_enemy_finds_it_and_stops_before_it():
    """Hidden counters hold no place in their enemies' declarations (« La position de départ de ces pièces est
    donc cachée »), but enemies fight « des unités ennemies adjacentes », never inside one hex: the faithful
    walking onto the Red Brotherhood's hex finds it there and stops on the hex before."""
    s = position([u("faithful", "D3"), u("fraternite", "D7", hidden=True)], segment=1)
    assert "D11" in declare.destinations(s, s.units["faithful.1"], None)  # Ulf does not know
    order(s, "ulf", "move", unit="faithful.1", hex="D11")
    events = done(s, "ulf")
    assert s.units["faithful.1"].hex == "D5"
    fr = s.units["fraternite.1"]
    assert fr.hex == "D7" and not fr.hidden
    assert any(e["type"] == "detected" and e["unit"] == "fraternite.1" and e["by"] == "faithful.1" for e in events)


def test_a_retreat_never_ends_on_a_hidden_enemy():
    """« L'unité ne peut pas s'arrêter dans un hex déjà occupé »: nor on a hidden enemy's hex, where the two
    would stand together."""
    s = position([u("mpa_infantry", "D5"), u("faithful", "D7", id="victim"), u("faithful", "C8"),
                  u("faithful", "E8"), u("fraternite", "D9", hidden=True)], phase="melee")
    path = combat.retreat_path(s, s.units["victim"], 1, [s.units["mpa_infantry.1"]])
    assert path is None or path[-1] != "D9"


def test_any_two_adjacent_priests_may_cast_together():
    """« Chaque unité peut se joindre à une autre pour lancer une attaque jumelée si elles sont HC »: not only when
    the caster cannot pay alone; the two share the cost (one paying what the other cannot)."""
    s = position([u("christian_priests", "D3"), u("christian_priests", "D5", points=10),
                  u("mpa_infantry", "D11")], phase="magic", segment=1)
    flames = [c for c in declare.casts(s, "ulf") if c["spell"] == "flame" and c["caster"] == "christian_priests.1"]
    assert {c["partner"] for c in flames} == {None, "christian_priests.2"}  # 150 points: he could pay alone
    order(s, "ulf", "cast-with", caster="christian_priests.1", partner="christian_priests.2", spell="flame",
          target="mpa_infantry.1")
    events = done(s, "ulf", (12,))  # saved
    assert s.units["christian_priests.1"].points == 110 and s.units["christian_priests.2"].points == 0
    assert next(e for e in events if e["type"] == "spell")["paid"] == {"christian_priests.1": 40,
                                                                      "christian_priests.2": 10}


TYPES = ["mpa_infantry", "mpa_archers", "snipers", "borges", "faithful", "people", "dwarves", "knights",
         "christian_priests", "mercenaries"]
SMALL = [f"{c}{r}" for i, c in enumerate("ABCDEFGH") for r in range(1, 17) if (i + r) % 2 == 0]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(TYPES), st.sampled_from(SMALL), st.booleans()), min_size=2,
                max_size=10, unique_by=lambda x: x[1]),
       st.sampled_from([1, 2]), st.lists(st.sampled_from(SMALL), max_size=6))
def test_retreats_and_moves_keep_the_seed_s_limits(pieces, n, river):
    """« les unités ne peuvent pas terminer leur retraite dans une ZOC ennemie »; « L'unité ne peut pas s'arrêter
    dans un hex déjà occupé »; « dans les limites de leur capacité »: whatever the position, a retreat ends n or
    more hexes away, outside every visible enemy's ZOC (Aris aside), on a hex of nobody; a move's path costs no
    more than the allowance and goes on through no ZOC that stops the unit."""
    units = [u(t, h, hidden=False, id=f"{t}.{i}", side=None if not bonnaire else "bonnaire")
             for i, (t, h, bonnaire) in enumerate(pieces)]
    for x in units:
        if x["side"] is None:
            del x["side"]
    s = position(units, river=river)
    b = s.board
    for x in s.alive():
        zoc = movement.zoc_hexes(s, x, retreat=True)
        path = combat.retreat_path(s, x, n, [])
        if path is not None:
            end = path[-1]
            assert b.distance(x.hex, end) >= n and end not in zoc and not s.at(end)
            assert all(b.distance(a, c) == 1 for a, c in zip([x.hex, *path], path))
        reach = movement.reach(s, x)
        stops = movement.zoc_hexes(s, x)
        for h in reach:
            way = reach[h]
            assert sum(b.cost(w, x.kind.cavalry) or 99 for w in way) <= x.kind.mvt
            assert not any(w in stops for w in way[:-1])
