"""A combat of several units is one combat (seed 002, RESULTATS DES COMBATS and TEST DE MORAL):
« Chaque camp additionne le nombre de blessures qu'il a causé, auquel il ajoute, si applicables, les
modificateurs qui suivent. Le camp obtenant le plus grand résultat est victorieux. » and « Le perdant doit
faine un test de Moral pour chaque unité engagée. » (tracker_melee.py, docs/rules/wab.md Interpretation 7)."""

from __future__ import annotations

from test_wab_tracker import fact, game, push, to_phase, wab_side, wab_unit

from campagne.games.wab.tracker import Engagement
from campagne.games.wab.tracker_melee import combats


def front_and_flank():
    """Two units of side a, both with a standard, against one unit of side b."""
    return {"a": wab_side(wab_unit("hoplites", models=20, standard=True, WS=4),
                          wab_unit("peltasts", models=12, standard=True, formation="close_order")),
            "b": wab_side(wab_unit("levy", models=20, Ld=8, standard=True))}


def one_against_two():
    return {"a": wab_side(wab_unit("veterans", models=25, points=200, WS=5, S=4, Ld=9, A=2, standard=True)),
            "b": wab_side(wab_unit("levy", models=15, points=50, WS=2, Ld=7),
                          wab_unit("reserve", models=15, points=50, WS=2, Ld=7))}


def fight_round(setup, contacts, seed=3):
    g = game(setup, seed=seed)
    to_phase(g, "movement", "a")
    for unit, target, facing in contacts:
        fact(g, "contact", unit=unit, target=target, facing=facing)
    to_phase(g, "close_combat", "a")
    return g, push(g, type="fight")


def test_engagements_sharing_a_unit_are_one_combat():
    es = [Engagement("E1", "a:x", "b:y"), Engagement("E2", "a:z", "b:y"), Engagement("E3", "a:p", "b:q"),
          Engagement("E4", "a:x", "b:w")]
    assert [[e.id for e in g] for g in combats(es)] == [["E1", "E2", "E4"], ["E3"]]


def test_a_unit_charged_in_front_and_flank_fights_one_combat_its_enemies_bonuses_counted_once():
    g, entry = fight_round(front_and_flank(), [("hoplites", "levy", "front"), ("peltasts", "levy", "flank")])
    results = [e for e in entry.events if e["type"] == "combat"]
    assert len(results) == 1  # one combat, not one per pair
    c = results[0]
    assert c["units"] == {"a": ["a:hoplites", "a:peltasts"], "b": ["b:levy"]}
    blows = [e for e in entry.events if e["type"] == "blows"]
    assert [(b["attacker"], b["defender"]) for b in blows] == [("a:hoplites", "b:levy"), ("a:peltasts", "b:levy")]
    # each side adds every wound its units caused ...
    caused = {"a": 0, "b": 0}
    for b in blows:
        for s in b["trace"]["strikes"]:
            caused[{"attacker": "a", "defender": "b"}[s["side"]]] += s["wounds_caused"]
    assert c["wounds"] == caused
    # ... and its bonuses once: two standards are +1, the flank +1, close order +1
    bonuses_a = dict(c["bonuses"]["a"])
    assert bonuses_a["standard"] == 1 and bonuses_a["flank"] == 1 and bonuses_a["close_order"] == 1
    assert c["results"] == {s: caused[s] + sum(v for _, v in c["bonuses"][s]) for s in "ab"}
    # the levy, beaten, takes one break test, however many units fight it (with this seed: side a wins)
    assert c["winner"] == "a" and c["difference"] == c["results"]["a"] - c["results"]["b"]
    assert [e["unit"] for e in entry.events if e["type"] == "break_test"] == ["b:levy"]


def test_every_engaged_unit_of_the_losing_side_tests():
    for seed in range(1, 30):
        g, entry = fight_round(one_against_two(), [("veterans", "levy", "front"), ("veterans", "reserve", "flank")],
                               seed=seed)
        c = next(e for e in entry.events if e["type"] == "combat")
        standing = [k for k in ("b:levy", "b:reserve") if g.state.units[k].models > 0]
        if c["winner"] == "a" and len(standing) == 2:
            break
    else:
        raise AssertionError("no seed where side a wins with both b units standing")
    tested = [e["unit"] for e in entry.events if e["type"] == "break_test"]
    assert tested == ["b:levy", "b:reserve"]
    # all the tests are taken before any broken unit flees
    kinds = [e["type"] for e in entry.events if e["type"] in ("break_test", "flees")]
    assert kinds == sorted(kinds, key=lambda k: k == "flees")
    # every test is taken on the combat's one difference (Ld 7 − difference)
    targets = [e["result"]["target"] for e in entry.events if e["type"] == "break_test"]
    assert targets == [7 - c["difference"]] * 2


def test_a_combat_of_two_units_is_unchanged():
    g, entry = fight_round(one_against_two(), [("veterans", "levy", "front")])
    assert [e["type"] for e in entry.events if e["type"] in ("combat", "blows")] == ["combat"]
    assert "trace" in next(e for e in entry.events if e["type"] == "combat")
