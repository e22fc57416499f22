"""WAB profiles and units: ranks and the rank bonus, derived values, TOML loading with clear errors,
round-trips, and Atlantis campaign armies fought with the WAB rules (docs/rules/wab.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from campagne.core.errors import CampagneError
from campagne.games.atlantis.army import load_army_mapping, load_packaged_army, packaged_army_names
from campagne.games.wab.army_lists import (
    WabArmy, army_from_atlantis, load_army_file, load_army_text, load_unit_text, special_rules_from_text,
    units_from_atlantis_army,
)
from campagne.games.wab.profiles import CHARACTERISTICS, FORMATIONS, KINDS, SPECIAL_RULES, Profile, Unit, slug

PROFILE = {"M": 4, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 7, "save": "5+"}


def unit(models: int = 20, files: int = 5, **kw) -> Unit:
    prof = Profile(**{k: PROFILE[k] for k in CHARACTERISTICS}, save="5+",
                   equipment=("Thrusting spear", "Shield", "Light armour"))
    return Unit(id=kw.pop("id", "u"), name=kw.pop("name", "Spearmen"), profile=prof, models=models,
                files=files, **kw)


# --------------------------------------------------------------------------- ranks


@pytest.mark.parametrize("models,files,ranks,full,bonus", [
    (20, 5, 4, 4, 2),
    (18, 5, 4, 3, 2),
    (15, 5, 3, 3, 2),
    (10, 5, 2, 2, 1),
    (9, 5, 2, 1, 0),
    (4, 5, 1, 0, 0),  # a front rank short of the frontage is not full
    (0, 5, 0, 0, 0),
    (12, 4, 3, 3, 2),
    (12, 3, 4, 4, 2),  # three wide: the sheet sets no minimum width (« rang complet »)
    (7, 2, 4, 3, 2),
    (30, 10, 3, 3, 2),
])
def test_ranks_full_ranks_and_rank_bonus(models: int, files: int, ranks: int, full: int, bonus: int) -> None:
    u = unit(models, files)
    assert (u.ranks, u.full_ranks, u.rank_bonus) == (ranks, full, bonus)


def test_ranks_come_from_the_sheet_alone_both_ways() -> None:
    """« +1 pour chaque rang complet d'infanterie … maximum de +2 »: no minimum width (the rulebook's four
    is not on the sheet) and open order keeps its ranks (only « +1 Ordre serré » is close order's)."""
    from campagne.games.wab import data
    table = data.tables()["combat_resolution"].data
    assert table["min_rank_width"] == 1 and table["rank_formations"] == ["close_order", "open_order"]
    assert unit(9, 3).rank_bonus == 2 and unit(9, 3, formation="open_order").rank_bonus == 2
    assert unit(6, 3).rank_bonus == 1 and unit(5, 3).rank_bonus == 0


def test_rank_bonus_is_for_infantry_in_ranks() -> None:
    # "rang complet d'infanterie": not only close order
    assert unit(20, 5, formation="open_order").rank_bonus == 2
    assert unit(20, 5, formation="skirmishers").full_ranks == 0
    assert unit(20, 5, formation="skirmishers").rank_bonus == 0
    assert unit(15, 5, kind="cavalry").rank_bonus == 0
    assert unit(15, 5, kind="cavalry").full_ranks == 3


def test_models_in_contact_and_strength() -> None:
    u = unit(20, 5)
    assert u.front_rank == 5 and u.models_in_contact() == 5 and u.models_in_contact(3) == 3
    assert unit(3, 5).models_in_contact() == 3
    with pytest.raises(CampagneError):
        u.models_in_contact(-1)
    u.models = 10
    assert u.start_models == 20 and u.half_strength and u.can_rally and not u.breaks_automatically
    u.models = 11
    assert not u.half_strength
    u.models = 4
    assert not u.can_rally and u.breaks_automatically
    assert u.flee_dice == "2D6"
    assert unit(5, 5, kind="cavalry").is_mounted and not unit().is_mounted
    assert unit(mounted=True).is_mounted


def test_unit_combat_bonuses() -> None:
    u = unit(20, 5, standard=True, musician=True, leader=True)
    assert u.combat_bonuses() == [("close_order", 1), ("rank_bonus", 2), ("standard", 1)]
    assert u.combat_bonuses(flank=True, momentum=True) == [
        ("close_order", 1), ("rank_bonus", 2), ("standard", 1), ("momentum", 1), ("flank", 1)]
    bsb = unit(20, 5, army_standard=True)
    assert ("army_standard", 1) in bsb.combat_bonuses()
    assert ("army_standard", 1) not in bsb.combat_bonuses(army_standard=False)
    cav = unit(6, 3, kind="cavalry")
    assert cav.combat_bonuses(momentum=True, difficult_terrain=True) == [("close_order", 1)]


# --------------------------------------------------------------------------- TOML

UNIT_TOML = """
name = "Hoplites"
kind = "infantry"
models = 24
files = 6
musician = true
standard = true
special_rules = ["stubborn"]

[profile]
M = 4
WS = 3
BS = 3
S = 3
T = 3
W = 1
I = 3
A = 1
Ld = 8
save = "4+"
equipment = ["Thrusting spear", "Large shield", "Light armour"]
special_rules = ["Phalanx"]
"""

ARMY_TOML = """
name = "Spartans"
[[units]]
id = "general"
name = "Leonidas"
kind = "character"
formation = "open_order"
models = 1
is_general = true
profile = { M = 4, WS = 6, BS = 5, S = 4, T = 4, W = 3, I = 6, A = 3, Ld = 9, save = "3+" }
[[units]]
name = "Hoplites"
models = 30
profile = { M = 4, WS = 4, BS = 3, S = 3, T = 3, W = 1, I = 4, A = 1, Ld = 9, save = "4+" }
[[units]]
name = "Helots"
formation = "skirmishers"
models = 12
profile = { M = 5, WS = 2, BS = 3, S = 3, T = 3, W = 1, I = 3, A = 1, Ld = 5 }
"""


def test_load_unit() -> None:
    u = load_unit_text(UNIT_TOML, "hoplites.toml")
    assert (u.id, u.name, u.models, u.files, u.ranks, u.rank_bonus) == ("hoplites", "Hoplites", 24, 6, 4, 2)
    assert u.musician and u.standard and not u.leader and u.has_rule("stubborn")
    assert u.profile.save_value == 4 and u.profile.Ld == 8
    assert u.profile.equipment == ("Thrusting spear", "Large shield", "Light armour")
    assert Unit.from_dict(u.to_dict()) == u
    army = load_army_text(UNIT_TOML)
    assert army.name == "Hoplites" and army.units == [u]


def test_load_army() -> None:
    army = load_army_text(ARMY_TOML, "spartans.toml")
    assert [u.id for u in army.units] == ["general", "hoplites", "helots"]
    assert army.general is army.units[0]
    hop, helots = army.units[1], army.units[2]
    assert hop.files == 5 and hop.rank_bonus == 2  # default frontage
    assert helots.files == 12 and helots.full_ranks == 0 and helots.profile.save_value is None
    assert WabArmy.from_dict(army.to_dict()) == army
    assert army.unit("helots") is helots
    with pytest.raises(CampagneError) as err:
        army.unit("perioikoi")
    assert "helots" in err.value.message("en")


def test_load_army_file(tmp_path: Path) -> None:
    p = tmp_path / "army.toml"
    p.write_text(ARMY_TOML, encoding="utf-8")
    assert len(load_army_file(p).units) == 3
    with pytest.raises(CampagneError) as err:
        load_army_file(tmp_path / "missing.toml")
    assert err.value.code == "wab.unreadable"
    bad = tmp_path / "latin1.toml"
    bad.write_bytes("name = \"Ébène\"".encode("latin-1"))
    with pytest.raises(CampagneError) as err:
        load_army_file(bad)
    assert err.value.code == "wab.malformed" and "UTF-8" in err.value.message("en")


def _replace(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new, 1)


BAD = [
    (_replace(UNIT_TOML, "models = 24", "models = 24.0"), "wab.bad_field", "models"),
    (_replace(UNIT_TOML, "models = 24", "models = -1"), "wab.bad_field", "models"),
    (_replace(UNIT_TOML, "models = 24\n", ""), "wab.missing_field", "models"),
    (_replace(UNIT_TOML, "files = 6", "files = 0"), "wab.bad_field", "files"),
    (_replace(UNIT_TOML, 'kind = "infantry"', 'kind = "dragon"'), "wab.bad_field", "kind"),
    (_replace(UNIT_TOML, 'name = "Hoplites"\n', 'name = "Hoplites"\nformation = "square"\n'), "wab.bad_field",
     "formation"),
    (_replace(UNIT_TOML, '["stubborn"]', '["stubbornness"]'), "wab.bad_field", "special_rules"),
    (_replace(UNIT_TOML, "musician = true", 'musician = "yes"'), "wab.bad_field", "musician"),
    (_replace(UNIT_TOML, "musician = true", "drummer = true"), "wab.malformed", "drummer"),
    (_replace(UNIT_TOML, "Ld = 8", "Ld = 11"), "wab.bad_field", "Ld"),
    (_replace(UNIT_TOML, "Ld = 8\n", ""), "wab.missing_field", "Ld"),
    (_replace(UNIT_TOML, 'save = "4+"', 'save = 4'), "wab.bad_field", "save"),
    (_replace(UNIT_TOML, 'save = "4+"', 'save = "7+"'), "wab.bad_field", "save"),
    (_replace(UNIT_TOML, "M = 4\n", "Mv = 4\n"), "wab.malformed", "Mv"),
    (_replace(UNIT_TOML, 'name = "Hoplites"\n', 'name = "Hoplites"\nstart_models = 10\n'), "wab.bad_field",
     "start_models"),
    (_replace(UNIT_TOML, 'name = "Hoplites"\n', 'name = ""\n'), "wab.bad_field", "name"),
    (_replace(UNIT_TOML, 'name = "Hoplites"\n', 'name = "Hoplites"\nmounted = 1\n'), "wab.bad_field",
     "mounted"),
    (_replace(UNIT_TOML, "models = 24", "models = = 24"), "wab.malformed", "line 4"),
    (_replace(ARMY_TOML, 'name = "Helots"', 'name = "Hoplites"'), "wab.duplicate_unit", "hoplites"),
    (_replace(ARMY_TOML, 'name = "Spartans"', 'name = "Spartans"\nunits = 3'), "wab.malformed", "units"),
    ("name = \"x\"\nunits = [1]\n", "wab.malformed", ("unit #1", "l'unité n°1")),
]


@pytest.mark.parametrize("text,code,mention", BAD)
def test_loading_errors_are_clear(text: str, code: str, mention: str | tuple[str, str]) -> None:
    with pytest.raises(CampagneError) as err:
        load_army_text(text, "units.toml")
    assert err.value.code == code
    pair = mention if isinstance(mention, tuple) else (mention, mention)
    mentions = dict(zip(("en", "fr"), pair))
    for lang in ("en", "fr"):
        message = err.value.message(lang)
        assert "units.toml" in message and mentions[lang] in message and "{" not in message
    assert err.value.message("en") != err.value.message("fr")


def test_profile_round_trip_and_save() -> None:
    p = Profile.from_dict(PROFILE)
    assert p.to_dict() == {**PROFILE, "equipment": [], "special_rules": []}
    assert Profile.from_dict(p.to_dict()) == p
    assert Profile.from_dict({**PROFILE, "save": "-"}).save_value is None
    assert slug("Heavy Cavalry (Companions)") == "heavy_cavalry_companions"


profiles = st.builds(
    lambda vals, save, eq, rules: Profile(**dict(zip(CHARACTERISTICS, vals)), save=save, equipment=tuple(eq),
                                          special_rules=tuple(rules)),
    st.lists(st.integers(0, 10), min_size=9, max_size=9), st.sampled_from(["-", "2+", "4+", "6+"]),
    st.lists(st.text(min_size=1, max_size=8)), st.lists(st.text(min_size=1, max_size=8)))


@given(profiles, st.integers(0, 60), st.integers(1, 12), st.sampled_from(KINDS), st.sampled_from(FORMATIONS),
       st.integers(0, 20), st.lists(st.sampled_from(SPECIAL_RULES), unique=True),
       st.lists(st.booleans(), min_size=5, max_size=5), st.sampled_from([None, True, False]),
       st.sampled_from(["", "X", "Ixe"]))
def test_unit_round_trip(profile: Profile, models: int, files: int, kind: str, formation: str, lost: int,
                         rules: list[str], flags: list[bool], mounted: bool | None, name_fr: str) -> None:
    u = Unit(id="x", name="X", name_fr=name_fr, profile=profile, models=models, files=files, kind=kind,
             formation=formation,
             start_models=models + lost, leader=flags[0], musician=flags[1], standard=flags[2],
             army_standard=flags[3], is_general=flags[4], special_rules=rules, mounted=mounted)
    assert Unit.from_dict(u.to_dict()) == u
    assert 0 <= u.rank_bonus <= 2
    assert u.full_ranks <= u.ranks
    assert u.models_in_contact() <= min(files, models)


# --------------------------------------------------------------------------- Atlantis armies


@pytest.mark.parametrize("name", packaged_army_names())
def test_every_packaged_atlantis_army_converts(name: str) -> None:
    army = load_packaged_army(name)
    units = units_from_atlantis_army(army)
    ids = [u.id for u in units]
    assert len(set(ids)) == len(ids)
    assert ids[1:] == [u.id for u in army.units]
    general = units[0]
    assert general.is_general and general.kind == "character" and general.models == 1
    assert general.profile.Ld == army.general.leadership
    for u, a in zip(units[1:], army.units):
        assert u.models == a.models and u.start_models == a.start_models and u.name == a.name
        assert u.name_fr == (a.name_fr or a.name)
        assert u.profile.WS == a.ws and list(u.profile.equipment) == a.equipment
        assert Unit.from_dict(u.to_dict()) == u
    wab = army_from_atlantis(army)
    assert WabArmy.from_dict(wab.to_dict()) == wab


def test_atlantis_mapping_details() -> None:
    army = load_packaged_army("atlante")
    units = {u.id: u for u in units_from_atlantis_army(army, files={"spearmen1": 4})}
    guard = units["royal_guard"]
    assert (guard.kind, guard.formation, guard.leader, guard.musician, guard.standard) == (
        "infantry", "close_order", True, True, True)
    assert guard.files == 5 and guard.rank_bonus == 2
    assert units["spearmen1"].files == 4 and units["spearmen1"].ranks == 5
    assert units["chariots"].kind == "chariot" and units["chariots"].files == units["chariots"].models
    assert units["elephants"].kind == "elephant" and units["elephants"].has_rule("large_target")
    sav = {u.id: u for u in units_from_atlantis_army(load_packaged_army("mercenaires-sauvages"))}
    assert all(u.has_rule("warband") for u in sav.values() if u.id != "general")
    assert sav["slingers"].formation == "skirmishers"
    amazon = {u.id: u for u in units_from_atlantis_army(load_packaged_army("amazon"))}
    assert amazon["heroine1"].is_mounted  # a "Horse" in her equipment


def test_atlantis_conversion_errors() -> None:
    army = load_packaged_army("atlante")
    with pytest.raises(CampagneError) as err:
        units_from_atlantis_army(army, files={"nobody": 5})
    assert err.value.code == "wab.bad_value" and "nobody" in err.value.message("fr")
    with pytest.raises(CampagneError) as err:
        units_from_atlantis_army(army, files={"spearmen1": 0})
    assert err.value.code == "wab.bad_value"
    with pytest.raises(CampagneError) as err:
        units_from_atlantis_army({"name": "not an army"})
    assert err.value.code == "wab.bad_value"
    no_profile = load_army_mapping({"name": "Raw", "people": "Raw", "units": [
        {"id": "levy", "name": "Levy", "kind": "infantry", "ws": 2, "models": 10, "points_per_model": 3}]})
    with pytest.raises(CampagneError) as err:
        units_from_atlantis_army(no_profile)
    assert err.value.code == "wab.no_profile" and "levy" in err.value.message("en")
    dead = load_packaged_army("atlante")
    dead.general.alive = False
    assert units_from_atlantis_army(dead)[0].models == 0


def test_special_rules_from_text() -> None:
    assert special_rules_from_text(["Elephants", "Cause fear"]) == ["fear", "large_target"]
    assert special_rules_from_text(["Fearless"]) == []  # whole words only
    texts = ["Hatred (the enemies of their liberators)", "Warband"]
    assert special_rules_from_text(texts) == ["hatred", "warband"]
    texts = ["Stubborn", "Causes Terror", "Frenzy"]
    assert special_rules_from_text(texts) == ["terror", "frenzy", "stubborn"]


def test_a_profile_without_a_printed_save_takes_it_from_the_saves_table():
    # TABLE DES SAUVEGARDES: "Armure légère" 6+ on foot, improved by a shield ("ou (+1)").
    from campagne.games.wab.profiles import Profile, Unit
    armoured = Unit(id="x", name="X", profile=Profile(4, 3, 3, 3, 3, 1, 3, 1, 7, save="-",
                                                      equipment=("Light armour", "Shield")), models=10, files=5)
    assert armoured.armour_save == 5
    printed = Unit(id="y", name="Y", profile=Profile(4, 3, 3, 3, 3, 1, 3, 1, 7, save="4+",
                                                     equipment=("Light armour", "Shield")), models=10, files=5)
    assert printed.armour_save == 4  # the printed save wins
    bare = Unit(id="z", name="Z", profile=Profile(4, 3, 3, 3, 3, 1, 3, 1, 7), models=10, files=5)
    assert bare.armour_save is None
