"""Army lists of the Atlantis campaign (seed 000): the seed's examples, the tables, the annex lists."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from campagne.core.dice import Dice, ScriptedDice
from campagne.core.errors import CampagneError
from campagne.games.atlantis import army as A
from campagne.games.atlantis import data


def unit(uid="u", kind="infantry", ws=3, models=10, ppm=5, **extra) -> dict:
    d = {"id": uid, "name": uid.capitalize(), "kind": kind, "ws": ws, "models": models,
         "points_per_model": ppm}
    if kind == "character":
        d.setdefault("toughness", 4)
    d.update(extra)
    return d


def make(units=(), ld: int | None = 8, points=100) -> A.Army:
    raw = {"name": "Test", "people": "Test", "units": list(units)}
    if ld is not None:
        raw["general"] = {"name": "G", "leadership": ld, "toughness": 4, "points": points}
    return A.Army.from_dict(raw)


def cs(key: str) -> int:
    return int(data.tables()["combat_strength"].row(key).get("value"))


# --------------------------------------------------------------------------- the seed's examples


def test_mycenaean_example_strength_breakdown_matches_the_seed_line_by_line():
    army = A.load_packaged_army("mycenaean-1000")
    assert A.strength_breakdown(army, lang="fr") == [
        ("Hero", 1), ("Hero", 1), ("Chariot", 2), ("Spearmen (1 au D3)", 1), ("Spearmen (3 au D3)", 3),
        ("Archers", 1), ("Javelinmen", 1), ("Slingers", 0), ("General (LD 8)", 0),
    ]
    assert A.combat_strength(army) == 10
    assert [v for _, v in A.strength_breakdown(army, lang="en")] == [1, 1, 2, 1, 3, 1, 1, 0, 0]
    assert A.strength_breakdown(army, lang="en")[3][0] == "Spearmen (1 on D3)"


def test_mycenaean_example_initiative_is_120():
    army = A.load_packaged_army("mycenaean-1000")
    assert A.initiative_breakdown(army) == [("Leadership", 80), ("Archers", 10), ("Javelinmen", 10),
                                            ("Slingers", 20)]
    assert A.initiative(army) == 120


def test_mycenaean_example_is_about_1000_points():
    army = A.load_packaged_army("mycenaean-1000")
    assert 950 <= army.points <= 1000
    assert army.general is not None and army.general.leadership == 8


def test_starting_lists_are_at_or_just_under_1500_points():
    start = data.constants()["start_army_points"]
    for name in ("mycenaean", "egyptian", "assyrian", "amazon", "atlante"):
        army = A.load_packaged_army(name)
        assert start - 25 <= army.points <= start, name
        assert army.has_general
        assert A.strength_distribution(army)  # every list computes
    kinds = {u.kind for n in A.packaged_army_names() for u in A.load_packaged_army(n).units}
    assert {"cavalry", "light_cavalry", "heavy_chariot", "light_chariot", "elephant",
            "light_infantry", "skirmishers", "infantry", "character"} <= kinds


def test_packaged_names_and_unknown_list():
    names = A.packaged_army_names()
    assert {"mycenaean-1000", "mycenaean", "mercenaires-atlantes", "mercenaires-sauvages"} <= set(names)
    assert A.load_packaged_army("mycenaean.toml").people == "Mycenaean"
    with pytest.raises(CampagneError) as e:
        A.load_packaged_army("nope")
    assert e.value.code == "army.unknown_list"
    assert "mycenaean" in e.value.message("fr")


# --------------------------------------------------------------------------- mercenaries (annex)


def test_mercenaires_atlantes_exact():
    army = A.load_packaged_army("mercenaires-atlantes")
    assert army.points == 274
    g = army.general
    assert (g.name, g.points, g.leadership, g.toughness) == ("Ally General", 60, 8, 4)
    assert g.profile == {"M": 4, "WS": 4, "BS": 4, "S": 4, "T": 4, "W": 2, "I": 5, "A": 2, "Ld": 8, "save": "5+"}
    assert g.equipment == ["Sword", "Thrusting Spear", "Shield", "Light Armor"]
    assert g.special_rules == ["Ally General"]
    assert [(u.name, u.models, u.points_per_model, u.points) for u in army.units] == [
        ("Spearmen", 16, 6, 111), ("Archers", 12, 4, 53), ("Slaves", 10, 5, 50)]
    sp, ar, sl = army.units
    assert sp.profile == {"M": 4, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 6, "save": "6+"}
    assert sp.command == ["Leader", "Musician", "Standard Bearer"]
    assert ar.profile == {"M": 5, "WS": 2, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 5, "save": "-"}
    assert ar.kind == "light_infantry" and ar.special_rules == ["Light Infantry"] and ar.command == ["Musician"]
    assert sl.kind == "skirmishers" and sl.equipment == ["Hand Weapons", "Javelins", "Buckler"]
    assert sl.profile["save"] == "6+"


def test_mercenaires_sauvages_exact():
    army = A.load_packaged_army("mercenaires-sauvages")
    assert army.points == 274
    g = army.general
    assert (g.name, g.points, g.leadership) == ("Chieftain", 74, 6)
    assert g.profile == {"M": 4, "WS": 5, "BS": 5, "S": 4, "T": 4, "W": 2, "I": 5, "A": 3, "Ld": 6, "save": "6+"}
    assert g.special_rules == ["Warband", "Ally General"]
    assert [(u.name, u.models, u.points_per_model, u.points) for u in army.units] == [
        ("Warriors", 25, 5, 140), ("Slingers", 12, 5, 60)]
    warriors, slingers = army.units
    assert warriors.warband == "warband" and slingers.warband == "warband"
    assert slingers.kind == "skirmishers" and slingers.special_rules == ["Skirmishers", "Warband"]
    assert slingers.equipment == ["Sling", "Buckler"]
    assert warriors.profile["Ld"] == 5 and slingers.profile["Ld"] == 6
    # Ld 6 general -1; warriors 2 + D3-2; slingers (one skirmisher unit) 0 + D3-2
    dist = A.strength_distribution(army)
    assert min(dist) == -1 and max(dist) == 3


# --------------------------------------------------------------------------- FORCE DE COMBAT rows

ROWS = [
    # (kind, ws, models, table row, multiplier)
    ("infantry", 4, 10, "guard_infantry", 1),
    ("infantry", 6, 10, "guard_infantry", 1),
    ("infantry", 3, 10, "infantry", 1),
    ("infantry", 2, 10, "inferior_infantry", 1),
    ("infantry", 1, 10, "inferior_infantry", 1),
    ("light_infantry", 4, 10, "elite_light_infantry", 1),
    ("light_infantry", 3, 10, "light_infantry", 1),
    ("light_infantry", 2, 10, "light_infantry", 1),
    ("cavalry", 4, 5, "elite_cavalry", 1),
    ("cavalry", 3, 5, "cavalry", 1),
    ("light_cavalry", 4, 5, "light_cavalry", 1),
    ("heavy_chariot", 3, 3, "heavy_chariot", 1),
    ("light_chariot", 3, 3, "light_chariot", 1),
    ("elephant", 4, 1, "elephant_or_artillery", 1),
    ("elephant", 4, 3, "elephant_or_artillery", 3),
    ("artillery", 3, 2, "elephant_or_artillery", 2),
    ("character", 5, 1, "character", 1),
]


@pytest.mark.parametrize("kind,ws,models,row,times", ROWS)
def test_each_kind_row(kind, ws, models, row, times):
    army = make([unit("a", kind, ws, models)])
    assert A.combat_strength(army) == cs(row) * times
    army.units[0].models = 0  # a destroyed unit counts for nothing
    assert A.combat_strength(army) == 0


def test_table_values_are_the_seeds():
    assert [cs(k) for k in ("guard_infantry", "infantry", "inferior_infantry", "elite_light_infantry",
                            "light_infantry", "skirmishers", "elite_cavalry", "cavalry", "light_cavalry",
                            "heavy_chariot", "light_chariot", "elephant_or_artillery", "character",
                            "no_general", "general_ld_7_or_less", "general_ld_9", "general_ld_10")] == \
        [3, 2, 1, 2, 1, 1, 3, 2, 1, 3, 2, 2, 1, -2, -1, 1, 2]


@pytest.mark.parametrize("n,expected", [(0, 0), (1, 0), (2, 0), (3, 1), (5, 1), (6, 2), (7, 2)])
def test_one_per_three_skirmisher_units(n, expected):
    army = make([unit(f"s{i}", "skirmishers", 2, 8) for i in range(n)])
    assert A.combat_strength(army) == expected
    assert sum(v for _, v in A.strength_breakdown(army)) == expected


def test_dead_skirmishers_do_not_count_toward_the_three():
    army = make([unit(f"s{i}", "skirmishers", 2, 8) for i in range(3)])
    army.units[1].models = 0
    assert A.combat_strength(army) == 0


@pytest.mark.parametrize("warband,roll,expected", [
    ("warband", 1, -1), ("warband", 2, 0), ("warband", 3, 1),
    ("fanatic", 1, 0), ("fanatic", 2, 1), ("fanatic", 3, 2),
])
def test_warband_rows_add_to_the_kinds_value(warband, roll, expected):
    army = make([unit("w", "infantry", 3, 20, warband=warband, warband_roll=roll)])
    assert A.combat_strength(army) == cs("infantry") + expected
    army = make([unit("w", "skirmishers", 2, 20, warband=warband, warband_roll=roll)])
    assert A.combat_strength(army) == expected


@pytest.mark.parametrize("ld,expected", [(None, -2), (5, -1), (7, -1), (8, 0), (9, 1), (10, 2)])
def test_general_rows(ld, expected):
    assert A.combat_strength(make([], ld=ld)) == expected


def test_general_is_not_a_personnage_and_dead_general_means_none():
    army = make([unit("h", "character", 5, 1)], ld=8)
    assert A.combat_strength(army) == 1
    army.general.alive = False
    assert A.combat_strength(army) == 1 - 2
    assert A.initiative(army) == 0
    assert A.strength_breakdown(army, lang="fr")[-1] == ("Pas de Général", -2)
    assert army.points == 5 * 1  # a dead general's points do not count


@pytest.mark.parametrize("ld,mod,strength,init", [(8, -1, -1, 70), (8, 1, 1, 90), (9, 1, 2, 100),
                                                   (10, 1, 2, 100), (7, 1, 0, 80), (1, -1, -1, 0)])
def test_leadership_modifier_changes_the_general_row_and_initiative(ld, mod, strength, init):
    army = make([], ld=ld)
    assert A.combat_strength(army, leadership_modifier=mod) == strength
    assert A.initiative(army, leadership_modifier=mod) == init


def test_bad_omen_on_the_mycenaean_example():
    army = A.load_packaged_army("mycenaean-1000")
    assert A.combat_strength(army, leadership_modifier=-1) == 9
    assert A.strength_breakdown(army, -1, lang="fr")[-1] == ("General (LD 7)", -1)
    assert A.initiative(army, -1) == 110


# --------------------------------------------------------------------------- INITIATIVE


def test_initiative_rows():
    tbl = data.tables()["initiative"]
    army = make([unit("li", "light_infantry"), unit("lc", "light_cavalry"), unit("sk", "skirmishers"),
                 unit("inf", "infantry"), unit("cav", "cavalry")], ld=7)
    assert A.initiative(army) == 7 * tbl.data["leadership_factor"] + tbl.modifier("light_infantry").value \
        + tbl.modifier("light_cavalry").value + tbl.modifier("skirmishers").value == 120
    army.units[1].models = 0
    assert A.initiative(army) == 100
    assert A.initiative(make([unit("sk", "skirmishers")], ld=None)) == 20


# --------------------------------------------------------------------------- warband rolls


def warband_army():
    return make([unit("w1", "infantry", 3, 20, warband="warband"), unit("w2", "infantry", 4, 20, warband="fanatic"),
                 unit("w3", "infantry", 2, 20, warband="warband", warband_roll=2),
                 unit("c", "cavalry", 3, 5)], ld=9)


def test_combat_strength_requires_rolls_and_roll_warbands_keeps_them():
    army = warband_army()
    with pytest.raises(CampagneError) as e:
        A.combat_strength(army)
    assert e.value.code == "army.warband_unrolled" and "w1" in e.value.message("fr")
    dice = ScriptedDice([3, 1])
    assert A.roll_warbands(army, dice) == [("w1", 3), ("w2", 1)]
    assert [(r.expr, r.purpose) for r in dice.records] == [("D3", "warband w1"), ("D3", "warband w2")]
    # w1: 2 + 1; w2: 3 + 0; w3: 1 + 0; c: 2; general Ld 9: +1
    assert A.combat_strength(army) == 3 + 3 + 1 + 2 + 1
    assert A.roll_warbands(army, ScriptedDice([])) == []  # the randomness lasts
    A.remove_models(army, 20, order=["w1"])
    assert army.unit("w1").warband_roll is None
    A.recover_models(army, {"w1": 5})
    assert army.unit("w1").warband_roll is None  # a new Warband rolls again
    assert A.roll_warbands(army, ScriptedDice([2])) == [("w1", 2)]


def test_strength_distribution_matches_brute_force():
    army = warband_army()
    dist = A.strength_distribution(army)
    assert sum(dist.values()) == 1
    brute: dict[int, Fraction] = {}
    for r1, r2 in itertools.product(range(1, 4), repeat=2):
        a = army.copy()
        a.unit("w1").warband_roll, a.unit("w2").warband_roll = r1, r2
        s = A.combat_strength(a)
        brute[s] = brute.get(s, Fraction(0)) + Fraction(1, 9)
    assert dist == dict(sorted(brute.items()))
    assert A.strength_distribution(A.load_packaged_army("mycenaean-1000")) == {10: Fraction(1)}


def test_strength_distribution_with_leadership_modifier():
    army = warband_army()
    shifted = A.strength_distribution(army, leadership_modifier=1)  # Ld 9 -> 10: +1 more
    assert shifted == {k + 1: p for k, p in A.strength_distribution(army).items()}


# --------------------------------------------------------------------------- losses


def losses_army():
    return make([unit("a", models=5), unit("b", models=8), unit("h", "character", 5, 1, ppm=60),
                 unit("c", models=8, ppm=10)])


def test_remove_models_default_allocation():
    army = losses_army()
    assert A.remove_models(army, 4) == [("b", 2), ("c", 2)]
    assert [u.models for u in army.units] == [5, 6, 1, 6]
    assert A.remove_models(army, 100) == [("b", 6), ("c", 6), ("a", 5), ("h", 1)]
    assert army.model_count == 0 and army.points == 100
    assert A.remove_models(army, 3) == []


def test_remove_models_characters_last_and_given_order():
    army = losses_army()
    assert A.remove_models(army, 7, order=["a", "h"]) == [("a", 5), ("h", 1), ("b", 1)]
    with pytest.raises(CampagneError) as e:
        A.remove_models(army, 1, order=["zz"])
    assert e.value.code == "army.unknown_unit"
    with pytest.raises(CampagneError) as e:
        A.remove_models(army, -1)
    assert e.value.code == "army.bad_amount"


def test_remove_models_strict_only_touches_the_given_units():
    army = losses_army()
    assert A.remove_models(army, 10**6, order=["h"], strict=True) == [("h", 1)]
    assert A.remove_models(army, 7, order=["a"], strict=True) == [("a", 5)]
    assert [u.models for u in army.units] == [0, 8, 0, 8]


def test_make_unit_and_mapping():
    u = A.make_unit(unit("x", warband="warband", warband_roll=1, start_models=50), source="r")
    assert u.warband_roll is None and u.start_models == u.models
    assert u.points == 50
    assert A.Unit.from_dict(u.to_dict()) == u
    army = A.load_army_mapping(A.load_packaged_army("mycenaean").to_dict(), "m")
    assert army == A.load_packaged_army("mycenaean")


def test_remove_points():
    army = losses_army()
    # 35 points, default rule one model at a time from the biggest unit: b(5) 30, c(10) 20,
    # b(5) 15, c(10) 5, b(5) 0
    assert A.remove_points(army, 35) == [("b", 3), ("c", 2)]
    army = losses_army()
    assert A.remove_points(army, 50, order=["c"]) == [("c", 5)]
    army = losses_army()
    # 14 points: c (10) leaves 4; 4 < 10/2 so no more from c; b (5): 4 >= 2.5 -> one model
    assert A.remove_points(army, 14, order=["c"]) == [("c", 1), ("b", 1)]
    army = losses_army()
    assert A.remove_points(army, 2) == []  # less than half a 5-point model
    army = losses_army()
    assert A.remove_points(army, 3) == [("b", 1)]  # 3 >= 2.5: rounded to one model
    army = losses_army()
    assert A.remove_points(army, 30, order=["h"]) == [("h", 1)]  # 30 >= 60/2
    army = losses_army()
    # 29 < 60/2: the character is skipped, the losses go to the default units
    assert A.remove_points(army, 29, order=["h"]) == [("b", 2), ("c", 2)]
    assert army.unit("h").models == 1


def test_recover_models_capped_at_start():
    army = losses_army()
    A.remove_models(army, 6, order=["b"])
    assert A.recover_models(army, {"b": 10, "a": 3}) == [("b", 6)]
    assert army.unit("b").models == 8
    with pytest.raises(CampagneError):
        A.recover_models(army, {"nope": 1})


def test_reinforce_recruit_and_escaped_slaves():
    army = losses_army()
    assert A.reinforce(army, "c", 3) == 30
    assert army.unit("c").models == 11 and army.unit("c").start_models == 11
    cost = A.recruit(army, unit("new", "infantry", 3, 10, ppm=7, extra_points=15, warband="warband",
                                warband_roll=2))
    assert cost == 85 and army.unit("new").warband_roll is None and army.unit("new").start_models == 10
    with pytest.raises(CampagneError) as e:
        A.recruit(army, unit("new"))
    assert e.value.code == "army.duplicate_unit"
    with pytest.raises(CampagneError) as e:
        A.recruit(army, unit("bad", kind="dragon"))
    assert e.value.code == "army.bad_kind"
    before = A.initiative(army)
    slaves = A.add_escaped_slaves(army, 13, "slaves")
    assert slaves.kind == "skirmishers" and slaves.hates and slaves.models == 13
    assert slaves.profile == {"M": 5, "WS": 2, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 5, "save": "6+"}
    assert slaves.points == 13 * A.ESCAPED_SLAVES_POINTS
    assert A.initiative(army) == before + 20
    with pytest.raises(CampagneError):
        A.add_escaped_slaves(army, 12, "slaves")


def test_points_of_destroyed_unit_is_zero():
    army = make([unit("a", models=2, ppm=5, extra_points=15)], ld=None)
    assert army.points == 25
    A.remove_models(army, 1)
    assert army.points == 20
    A.remove_models(army, 1)
    assert army.points == 0


# --------------------------------------------------------------------------- files


GOOD = """
name = "X"
people = "Y"
[general]
name = "G"
leadership = 8
toughness = 4
points = 50
[[units]]
id = "a"
name = "A"
kind = "infantry"
ws = 3
models = 10
points_per_model = 5
"""


def test_load_file_roundtrip(tmp_path):
    p = tmp_path / "army.toml"
    p.write_text(GOOD, encoding="utf-8")
    army = A.load_army_file(p)
    assert army.points == 100 and army.model_count == 10
    assert A.Army.from_dict(json.loads(json.dumps(army.to_dict()))) == army
    with pytest.raises(CampagneError) as e:
        A.load_army_file(tmp_path / "missing.toml")
    assert e.value.code == "army.unreadable"


@pytest.mark.parametrize("text,code,culprits", [
    ("name = [", "army.malformed", []),
    (GOOD.replace('kind = "infantry"', 'kind = "dragon"'), "army.bad_kind", ["'a'", "dragon"]),
    (GOOD + '[[units]]\nid = "a"\nname = "B"\nkind = "infantry"\nws = 3\nmodels = 1\npoints_per_model = 1\n',
     "army.duplicate_unit", ["'a'"]),
    (GOOD.replace("models = 10", "models = -1"), "army.bad_number", ["'a'", "models"]),
    (GOOD.replace("models = 10", "models = 2.5"), "army.bad_number", ["'a'", "models"]),
    (GOOD.replace("models = 10", 'models = "10"'), "army.bad_number", ["'a'", "models"]),
    (GOOD.replace("points_per_model = 5", "points_per_model = -5"), "army.bad_number", ["points_per_model"]),
    (GOOD.replace("points_per_model = 5", "points_per_model = 5.0"), "army.bad_number", ["points_per_model"]),
    (GOOD.replace("ws = 3", "ws = 0"), "army.bad_number", ["ws"]),
    (GOOD.replace("ws = 3", "ws = 11"), "army.bad_number", ["ws"]),
    (GOOD.replace("leadership = 8", "leadership = 11"), "army.bad_number", ["leadership"]),
    (GOOD.replace("leadership = 8", "leadership = 0"), "army.bad_number", ["leadership"]),
    (GOOD.replace("points = 50", "points = -1"), "army.bad_number", ["points"]),
    (GOOD.replace('kind = "infantry"', 'kind = "character"'), "army.missing_field", ["'a'", "toughness"]),
    (GOOD.replace("toughness = 4\n", ""), "army.missing_field", ["toughness"]),
    (GOOD.replace("ws = 3\n", ""), "army.missing_field", ["ws"]),
    (GOOD.replace("ws = 3", "ws = 3\nprofile = { WS = 4 }"), "army.inconsistent", ["ws"]),
    (GOOD.replace("ws = 3", "wss = 3"), "army.malformed", ["wss"]),
    (GOOD.replace("ws = 3", 'ws = 3\nwarband = "berserk"'), "army.bad_warband", ["berserk"]),
    (GOOD.replace("ws = 3", 'ws = 3\nwarband = "warband"\nwarband_roll = 4'), "army.bad_number", ["warband_roll"]),
    (GOOD.replace("ws = 3", "ws = 3\nwarband_roll = 2"), "army.bad_warband", ["'a'"]),
    (GOOD.replace("ws = 3", 'ws = 3\nwarband = "warband"\nwarband_roll = 0'), "army.bad_number", ["warband_roll"]),
    (GOOD.replace("ws = 3", "ws = 3\nstart_models = 5"), "army.bad_number", ["start_models"]),
    (GOOD.replace("ws = 3", 'ws = 3\nprofile = { Q = 1 }'), "army.malformed", ["Q"]),
    ('people = "Y"', "army.missing_field", ["name"]),
])
def test_malformed_files(text, code, culprits):
    with pytest.raises(CampagneError) as e:
        A.load_army_text(text, "armies/bad.toml")
    assert e.value.code == code
    for lang in ("en", "fr"):
        msg = e.value.message(lang)
        assert "armies/bad.toml" in msg
        for c in culprits:
            assert c in msg, (lang, msg)
    json.dumps(e.value.to_dict("fr"))


# --------------------------------------------------------------------------- properties

unit_st = st.builds(
    lambda kind, ws, models, ppm, extra, wb, roll: {
        "kind": kind, "ws": ws, "models": models, "points_per_model": ppm, "extra_points": extra,
        **({"warband": wb} if wb and kind != "character" else {}),
        **({"warband_roll": roll} if wb and kind != "character" and roll and models else {}),
        **({"toughness": 3} if kind == "character" else {})},
    st.sampled_from(A.KINDS), st.integers(1, 10), st.integers(0, 30), st.integers(0, 60),
    st.integers(0, 20), st.sampled_from([None, "warband", "fanatic"]), st.one_of(st.none(), st.integers(1, 3)),
)


@st.composite
def armies(draw):
    units = draw(st.lists(unit_st, max_size=8))
    for i, u in enumerate(units):
        u["id"], u["name"] = f"u{i}", f"Unit {i}"
    ld = draw(st.one_of(st.none(), st.integers(1, 10)))
    return make(units, ld=ld, points=draw(st.integers(0, 200)))


@settings(max_examples=150, deadline=None)
@given(armies(), st.integers(0, 300), st.data())
def test_remove_models_properties(army, n, data_):
    ids = [u.id for u in army.units]
    order = data_.draw(st.one_of(st.none(), st.lists(st.sampled_from(ids), unique=True) if ids else st.none()))
    before_models, before_points = army.model_count, army.points
    removed = A.remove_models(army, n, order)
    assert all(u.models >= 0 for u in army.units)
    assert sum(r for _, r in removed) == min(n, before_models) == before_models - army.model_count
    assert army.points <= before_points
    assert all(u.warband_roll is None for u in army.units if u.models == 0)


@settings(max_examples=150, deadline=None)
@given(armies(), st.integers(0, 500))
def test_remove_points_properties(army, points):
    before = army.points
    removed = A.remove_points(army, points)
    assert all(u.models >= 0 for u in army.units)
    assert army.points <= before
    lost = sum(r * army.unit(uid).points_per_model for uid, r in removed)
    assert lost <= points + max([u.points_per_model for u in army.units] or [0])


@settings(max_examples=150, deadline=None)
@given(armies())
def test_roundtrip_and_distribution(army):
    d = army.to_dict()
    assert A.Army.from_dict(json.loads(json.dumps(d))) == army
    assert A.Army.from_dict(d).to_dict() == d
    dist = A.strength_distribution(army)
    assert sum(dist.values()) == 1
    a = army.copy()
    A.roll_warbands(a, Dice.seeded("t", 1))
    assert A.combat_strength(a) in dist


@pytest.mark.parametrize("content, code", [(None, "army.unreadable"), (b"\xff\xfe", "army.malformed"),
                                           (b"name = ", "army.malformed")])
def test_a_recruits_unit_file_that_cannot_be_read_is_named_in_one_sentence(tmp_path, content, code) -> None:
    from campagne.games.atlantis.inputs import read_order
    path = tmp_path / "unit.toml"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(CampagneError) as err:
        read_order({"type": "recruit", "player": "p1", "unit_file": str(path)})
    assert err.value.code == code
    for lang in ("en", "fr"):
        text = err.value.message(lang)
        assert str(path) in text and "{" not in text, text
