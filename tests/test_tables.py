"""Rules tables as data: ranges as printed, modifiers, clamp, lookup, roll, exact outcome odds."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from campagne.core.dice import ScriptedDice
from campagne.core.dice_notation import distribution
from campagne.core.errors import CampagneError
from campagne.core.tables import Lookup, Row, Table, TableSet, parse_range, shift_distribution

SUPPLY = """
[supply]
title_fr = "TABLE DU MANQUE DE RAVITAILLEMENT"
title_en = "Lack of supply"
dice = "1D6"
clamp = true
[[supply.rows]]
range = "1-"
key = "worst"
desertion = "1D6"
fr = "pire"
en = "worst"
[[supply.rows]]
range = "2"
key = "bad"
fr = "mauvais"
en = "bad"
[[supply.rows]]
range = "3 à 4"
key = "poor"
fr = "médiocre"
en = "poor"
[[supply.rows]]
range = "5"
key = "fair"
fr = "passable"
en = "fair"
[[supply.rows]]
range = "6+"
key = "good"
fr = "bon"
en = "good"
[[supply.modifiers]]
key = "unsupplied_turn"
value = -1
fr = "Chaque tour consécutif sans ravitaillement"
en = "Each consecutive turn without supply"
[[supply.modifiers]]
key = "loot_50"
value = 1
loot = 50
fr = "Par 50 points de butin dépensés"
en = "Per 50 loot spent"

[events]
title_fr = "TABLE DES EVENEMENTS"
dice = "2D6"
[[events.rows]]
range = "2-6"
key = "low"
fr = "bas"
en = "low"
[[events.rows]]
range = "7"
key = "seven"
fr = "sept"
en = "seven"
[[events.rows]]
range = "8-12"
key = "high"
fr = "haut"
en = "high"

[conquest]
title_fr = "RESULTAT DE LA CONQUETE"
clamp = true
[[conquest.rows]]
range = "5+"
key = "won"
fr = "gagné"
en = "won"
[[conquest.rows]]
range = "1 à 4"
key = "pushed"
fr = "poussé"
en = "pushed"
[[conquest.rows]]
range = "0"
key = "even"
fr = "égal"
en = "even"
[[conquest.rows]]
range = "-1 à -4"
key = "held"
fr = "tenu"
en = "held"
[[conquest.rows]]
range = "-5"
key = "crushed"
fr = "écrasé"
en = "crushed"

[taxes]
title_fr = "TABLE DES IMPOTS"
[[taxes.rows]]
key = "plain"
value = 10
fr = "Plaine"
en = "Plain"

[gap]
dice = "D6"
clamp = true
[[gap.rows]]
range = "1-2"
key = "low"
fr = "bas"
en = "low"
[[gap.rows]]
range = "5-6"
key = "high"
fr = "haut"
en = "high"
"""


@pytest.fixture(scope="module")
def tables() -> TableSet:
    return TableSet.from_toml_text(SUPPLY, "test.toml")


# --------------------------------------------------------------------------- ranges


@pytest.mark.parametrize("text, expected", [
    ("2", (2, 2)),
    ("4-5", (4, 5)),
    ("6+", (6, None)),
    ("1-", (None, 1)),
    ("3 à 4", (3, 4)),
    ("-1 à -2", (-2, -1)),
    ("-3 à -4", (-4, -3)),
    ("-5", (-5, -5)),
    ("10+", (10, None)),
    ("0", (0, 0)),
    ("5+", (5, None)),
    ("1 à 2", (1, 2)),
    (" 6-8 ", (6, 8)),
    ("−2", (-2, -2)),  # a typographic minus, as PDFs print it
    ("−1 à −2", (-2, -1)),
    ("2..4", (2, 4)),
    ("-1-", (None, -1)),
])
def test_parse_range(text: str, expected: tuple[int | None, int | None]) -> None:
    assert parse_range(text) == expected


@pytest.mark.parametrize("text", ["", "a", "4 to 5", "4-5-6", "+", "6++", "2.5", "à", "1 à", "--2"])
def test_parse_range_refuses_other_text(text: str) -> None:
    with pytest.raises(ValueError):
        parse_range(text)


@given(st.integers(-50, 50), st.integers(-50, 50))
def test_parse_range_any_pair(a: int, b: int) -> None:
    assert parse_range(f"{a} à {b}") == (min(a, b), max(a, b))
    if a >= 0 and b >= 0:
        assert parse_range(f"{a}-{b}") == (min(a, b), max(a, b))
    assert parse_range(f"{a}+") == (a, None)
    assert parse_range(f"{a}") == (a, a)


# --------------------------------------------------------------------------- loading


def test_rows_keep_their_printed_range_and_extra_data(tables: TableSet) -> None:
    supply = tables["supply"]
    assert isinstance(supply, Table)
    assert supply.title_fr == "TABLE DU MANQUE DE RAVITAILLEMENT"
    assert supply.dice == "1D6" and supply.clamp
    assert [r.range for r in supply.rows] == ["1-", "2", "3 à 4", "5", "6+"]
    worst = supply.row("worst")
    assert isinstance(worst, Row)
    assert (worst.low, worst.high) == (None, 1)
    assert worst.get("desertion") == "1D6" and worst.get("missing", 7) == 7
    assert worst.text("fr") == "pire" and worst.text("en") == "worst"
    assert supply.modifier("loot_50").data == {"loot": 50}
    assert tables["events"].title_en == "events"  # defaults to the name
    assert tables["taxes"].row("plain").get("value") == 10
    assert tables["taxes"].row("plain").range is None
    assert "supply" in tables and "nope" not in tables
    assert {t.name for t in tables} == {"supply", "events", "conquest", "taxes", "gap"}


def test_unknown_table_row_or_modifier(tables: TableSet) -> None:
    with pytest.raises(CampagneError) as info:
        tables["nope"]
    assert info.value.code == "table.unknown"
    assert "'nope'" in info.value.message("en") and "'nope'" in info.value.message("fr")
    with pytest.raises(CampagneError) as info:
        tables["supply"].row("nope")
    assert info.value.code == "table.no_row"
    with pytest.raises(CampagneError) as info:
        tables["supply"].modifier("nope")
    assert info.value.code == "table.no_row"


# --------------------------------------------------------------------------- lookup


@pytest.mark.parametrize("value, key", [
    (-10, "worst"), (0, "worst"), (1, "worst"), (2, "bad"), (3, "poor"), (4, "poor"), (5, "fair"),
    (6, "good"), (60, "good"),
])
def test_lookup_open_ended_rows(tables: TableSet, value: int, key: str) -> None:
    assert tables["supply"].lookup(value).key == key


@pytest.mark.parametrize("value, key", [
    (-99, "crushed"), (-6, "crushed"), (-5, "crushed"), (-4, "held"), (-1, "held"), (0, "even"),
    (1, "pushed"), (4, "pushed"), (5, "won"), (99, "won"),
])
def test_lookup_with_clamp(tables: TableSet, value: int, key: str) -> None:
    """'-5' is printed as a single value; clamp makes it cover everything below."""
    assert tables["conquest"].lookup(value).key == key


@pytest.mark.parametrize("value", [1, 13, -3, 100])
def test_lookup_without_clamp_refuses_values_off_the_table(tables: TableSet, value: int) -> None:
    with pytest.raises(CampagneError) as info:
        tables["events"].lookup(value)
    err = info.value
    assert err.code == "table.no_row"
    assert str(value) in err.message("en") and str(value) in err.message("fr")


@pytest.mark.parametrize("value, key", [(2, "low"), (7, "seven"), (8, "high"), (12, "high")])
def test_lookup_without_clamp_inside(tables: TableSet, value: int, key: str) -> None:
    assert tables["events"].lookup(value).key == key


def test_clamp_does_not_fill_a_gap_in_the_middle(tables: TableSet) -> None:
    gap = tables["gap"]
    assert gap.lookup(0).key == "low" and gap.lookup(9).key == "high"
    for value in (3, 4):
        with pytest.raises(CampagneError) as info:
            gap.lookup(value)
        assert info.value.code == "table.no_row"


def test_clamp_without_open_ends() -> None:
    t = TableSet.from_toml_text("""
[terrain]
dice = "D6"
clamp = true
[[terrain.rows]]
range = "1"
key = "a"
fr = "a"
en = "a"
[[terrain.rows]]
range = "2-5"
key = "b"
fr = "b"
en = "b"
[[terrain.rows]]
range = "6"
key = "c"
fr = "c"
en = "c"
""")["terrain"]
    assert [t.lookup(v).key for v in range(-2, 10)] == ["a"] * 4 + ["b"] * 4 + ["c"] * 4


# --------------------------------------------------------------------------- modifiers and rolls


def test_modifier_total(tables: TableSet) -> None:
    supply = tables["supply"]
    assert supply.modifier_total([]) == ()
    assert supply.modifier_total([("unsupplied_turn", 3)]) == (("unsupplied_turn", -3),)
    assert supply.modifier_total([("unsupplied_turn", 2), ("loot_50", 0), ("loot_50", 4)]) == (
        ("unsupplied_turn", -2), ("loot_50", 4))
    with pytest.raises(CampagneError) as info:
        supply.modifier_total([("bogus", 1)])
    assert info.value.code == "table.no_row"


def test_roll_records_the_lookup(tables: TableSet) -> None:
    supply = tables["supply"]
    dice = ScriptedDice([5])
    row, lookup = supply.roll(dice, "supply army 1", [("unsupplied_turn", 2), ("loot_50", 0)], extra=1)
    assert row.key == "poor"
    assert isinstance(lookup, Lookup)
    assert lookup.table == "supply"
    assert lookup.roll == 5
    assert lookup.modifiers == (("unsupplied_turn", -2), ("extra", 1))
    assert lookup.total == 4
    assert lookup.row == "poor"
    assert lookup.to_dict() == {"table": "supply", "roll": 5,
                                "modifiers": [{"key": "unsupplied_turn", "value": -2},
                                              {"key": "extra", "value": 1}],
                                "total": 4, "row": "poor"}
    (rec,) = dice.records
    assert rec.purpose == "supply army 1" and rec.expr == "1D6" and rec.faces == (5,) and rec.total == 5


def test_roll_clamps_the_modified_total(tables: TableSet) -> None:
    row, lookup = tables["supply"].roll(ScriptedDice([1]), "p", [("unsupplied_turn", 4)])
    assert (row.key, lookup.roll, lookup.total) == ("worst", 1, -3)
    row, lookup = tables["supply"].roll(ScriptedDice([6]), "p", [("loot_50", 5)])
    assert (row.key, lookup.total) == ("good", 11)


def test_roll_without_clamp_off_the_table_is_refused(tables: TableSet) -> None:
    with pytest.raises(CampagneError) as info:
        tables["events"].roll(ScriptedDice([6, 6]), "p", extra=1)
    assert info.value.code == "table.no_row"


def test_a_table_without_dice_is_not_rolled(tables: TableSet) -> None:
    with pytest.raises(CampagneError) as info:
        tables["conquest"].roll(ScriptedDice([3]), "p")
    assert info.value.code == "table.malformed"
    assert "not rolled" in info.value.message("en") and "ne se lance pas" in info.value.message("fr")


# --------------------------------------------------------------------------- outcome distributions


def test_outcome_distribution_exact(tables: TableSet) -> None:
    assert tables["supply"].outcome_distribution() == {
        "worst": Fraction(1, 6), "bad": Fraction(1, 6), "poor": Fraction(2, 6), "fair": Fraction(1, 6),
        "good": Fraction(1, 6)}
    assert tables["supply"].outcome_distribution(shift=-2) == {
        "worst": Fraction(3, 6), "bad": Fraction(1, 6), "poor": Fraction(2, 6)}
    assert tables["events"].outcome_distribution() == {
        "low": Fraction(15, 36), "seven": Fraction(6, 36), "high": Fraction(15, 36)}
    # an unrolled table read with given dice: attack 7 against 6 + 2D6 gives difference 1 - 2D6
    assert tables["conquest"].outcome_distribution(shift=1, dice="-2D6") == {
        "held": Fraction(10, 36), "crushed": Fraction(26, 36)}
    assert tables["conquest"].outcome_distribution(shift=8, dice="-2D6") == {
        "won": Fraction(3, 36), "pushed": Fraction(18, 36), "even": Fraction(5, 36), "held": Fraction(10, 36)}


def _by_brute_force(table: Table, dice: str, shift: int) -> dict[str, Fraction]:
    out: dict[str, Fraction] = {}
    for total, p in distribution(dice).items():
        key = table.lookup(total + shift).key
        out[key] = out.get(key, Fraction(0)) + p
    return out


@given(st.integers(-4, 4), st.integers(0, 4), st.integers(-3, 3))
def test_outcome_distribution_sums_to_one_with_modifiers(unsupplied: int, loot: int, extra: int) -> None:
    supply = TableSet.from_toml_text(SUPPLY)["supply"]
    shift = sum(v for _, v in supply.modifier_total([("unsupplied_turn", abs(unsupplied)),
                                                    ("loot_50", loot)])) + extra
    odds = supply.outcome_distribution(shift=shift)
    assert sum(odds.values()) == 1
    assert set(odds) <= {r.key for r in supply.rows}
    assert odds == _by_brute_force(supply, "1D6", shift)


@given(st.integers(-30, 30), st.sampled_from(["6+2D6", "-6-2D6", "2D6-2D6", "D6-D6", "3D6kh2-D6"]))
def test_outcome_distribution_of_a_clamped_table_with_any_dice(shift: int, dice: str) -> None:
    conquest = TableSet.from_toml_text(SUPPLY)["conquest"]
    odds = conquest.outcome_distribution(shift=shift, dice=dice)
    assert sum(odds.values()) == 1
    assert odds == _by_brute_force(conquest, dice, shift)


def test_shift_distribution() -> None:
    assert shift_distribution(distribution("D3"), -2) == distribution("D3-2")


# --------------------------------------------------------------------------- malformed files


def _malformed(text: str) -> CampagneError:
    with pytest.raises(CampagneError) as info:
        TableSet.from_toml_text(text, "broken.toml")
    return info.value


ROW = 'key = "k"\nfr = "a"\nen = "b"\n'


@pytest.mark.parametrize("text", [
    "[t\nx = ",
    "[t]\nx = 'unterminated\n",
    '[t]\n[[t.rows]]\nfr = "a"\nen = "b"\n',
    '[t]\n[[t.rows]]\nkey = "k"\nen = "b"\n',
    '[t]\n[[t.rows]]\nkey = "k"\nfr = "a"\n',
    f'[t]\n[[t.rows]]\n{ROW}range = "4 to 5"\n',
    f'[t]\n[[t.rows]]\n{ROW}range = 2.5\n',
    '[t]\n[[t.modifiers]]\nkey = "k"\nfr = "a"\nen = "b"\n',
    '[t]\n[[t.modifiers]]\nvalue = 1\nfr = "a"\nen = "b"\n',
])
def test_malformed_table_files(text: str) -> None:
    err = _malformed(text)
    assert err.code == "table.malformed"
    assert "broken.toml" in err.message("en") and "broken.toml" in err.message("fr")
    assert "Malformed" in err.message("en") and "mal formé" in err.message("fr")


def test_malformed_row_names_table_and_row() -> None:
    err = _malformed(f'[t]\n[[t.rows]]\n{ROW}\n[[t.rows]]\nkey = "x"\n')
    assert "[t] row 2" in err.message("en")


@pytest.mark.parametrize("text", [
    '[t]\ndice = "2D"\n',  # a bad expression names the file and table, not just the dice
    '[t]\ndice = 6\n',
    '[t]\n[[t.modifiers]]\nkey = "k"\nfr = "a"\nen = "b"\nvalue = "x"\n',
    '[t]\nrows = 3\n',
    '[t]\nrows = [1, 2]\n',
    '[t]\nmodifiers = [1]\n',
    '[t]\n[[t.modifiers]]\nkey = "k"\nfr = "a"\nen = "b"\nvalue = 1.5\n',  # not silently read as 1
])
def test_malformed_table_shapes_are_reported_as_malformed(text: str) -> None:
    err = _malformed(text)
    assert err.code == "table.malformed"
    assert "broken.toml" in err.message("en")


def test_non_table_top_level_values_are_ignored() -> None:
    ts = TableSet.from_toml_text('version = 1\n[t]\ndice = "D6"\n')
    assert [t.name for t in ts] == ["t"]
