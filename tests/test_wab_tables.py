"""Cell by cell: src/campagne/games/wab/data/tables.toml against the reference sheet it transcribes.

The seed is the "Feuille de référence WAB 2e édition v2.0", /work/shared/seeds/002_ee88188f0d3b4183.txt
(found beside the repository, or in $CAMPAGNE_SEEDS). It is a PDF extraction: the to-hit and to-wound
tables are printed column by column (one defender value per column, blank cells dropped), the weapons and
saves tables column by column too. These tests re-read those printed columns from the seed text and compare
them with the data (and the lookup functions), so the data holds the sheet's numbers and the reconstruction
recorded in docs/rules/wab.md ("Reconstructions"): nothing else.

Besides the tables, every French text of tables.toml (`fr`, `*_fr` fields, titles) must be printed on the
sheet, words in order (a PDF layout may drop a label or a number between two words of a paragraph).
"""

from __future__ import annotations

import re
import tomllib
from fractions import Fraction
from itertools import product
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from seed_texts import seed_text_or_skip

from campagne.core.errors import CampagneError
from campagne.games.wab import data, movement_tables, tables
from campagne.games.wab.hit_tables import (
    bs_to_hit, d6_probability, hit_probability, shooting_to_hit, to_hit, to_wound,
)
from campagne.games.wab.tables import armour_save, save_modifier

REPO = Path(__file__).resolve().parents[1]
TABLES_TOML = REPO / "src" / "campagne" / "games" / "wab" / "data" / "tables.toml"
SEED_NAME = "002_ee88188f0d3b4183.txt"
RAW = tomllib.loads(TABLES_TOML.read_text(encoding="utf-8"))
T = data.tables()


# --------------------------------------------------------------------------- reading the seed


def norm(text: str) -> str:
    """One space between words; the sheet mixes ’ and ' for the apostrophe."""
    return " ".join(text.replace("’", "'").split())


class Seed:
    def __init__(self, text: str) -> None:
        self.lines = [ln.rstrip() for ln in text.splitlines()]
        self.flat = norm(text)

    def index(self, line: str, start: int = 0) -> int:
        for i in range(start, len(self.lines)):
            if norm(self.lines[i]) == norm(line):
                return i
        raise LookupError(f"no line {line!r} in the seed after line {start + 1}")

    def index_startswith(self, prefix: str, start: int = 0) -> int:
        for i in range(start, len(self.lines)):
            if norm(self.lines[i]).startswith(norm(prefix)):
                return i
        raise LookupError(f"no line starting {prefix!r} in the seed after line {start + 1}")

    def blocks(self, start: int, end: int) -> list[list[str]]:
        """The lines start..end-1 as blocks separated by blank lines (the extraction's text blocks)."""
        out: list[list[str]] = []
        current: list[str] = []
        for ln in self.lines[start:end]:
            if ln.strip():
                current.append(ln.strip())
            elif current:
                out.append(current)
                current = []
        if current:
            out.append(current)
        return out

    def region(self, first: str, last: str, after: int = 0) -> list[list[str]]:
        i = self.index(first, after)
        j = self.index(last, i + 1)
        return self.blocks(i + 1, j)

    def find(self, text: str, pos: int = 0) -> int:
        """Where `text` ends on the sheet, searching from `pos` (-1 if absent): its words in order, up to
        three stray words (a column label, a number the layout put there) between two of them."""
        words = norm(text).split()
        i = self.flat.find(norm(text), pos)
        if i >= 0:
            return i + len(norm(text))
        pattern = re.compile(r"\s+(?:\S+\s+){0,3}?".join(re.escape(w) for w in words))
        m = pattern.search(self.flat, pos)
        return -1 if m is None else m.end()

    def printed(self, text: str) -> bool:
        return not norm(text) or self.find(text) >= 0


_SEED: Seed | None = None


@pytest.fixture(scope="module")
def seed() -> Seed:
    global _SEED
    if _SEED is None:
        _SEED = Seed(seed_text_or_skip(SEED_NAME, "the cell-by-cell check of wab/data/tables.toml"))
    return _SEED


INT = re.compile(r"^[+-]?\d+$")


def int_blocks(blocks: list[list[str]]) -> list[list[int]]:
    return [[int(x) for x in b] for b in blocks if all(INT.match(x) for x in b)]


# --------------------------------------------------------------------------- the sheet's headings

# Every heading of the sheet and the table(s) of tables.toml that hold its content.
HEADINGS = {
    "SEQUENCE DU TOUR": ["turn_sequence"],
    "DEBUT DU TOUR": ["start_of_turn"],
    "MOUVEMENT": ["movement_sequence"],
    "TROUPES EN FUITE": ["fleeing_troops"],
    "DISTANCE DE FUITE": ["flee_distance"],
    "CHARGE ET REACTIONS": ["charge_reactions"],
    "MANOEUVRES": ["manoeuvres"],
    "TERRAIN ET OBSTACLES": ["terrain"],
    "MARCHES FORCEES": ["forced_march"],
    "MARCHES RAPIDES": ["quick_march"],
    "PSYCHOLOGIE": ["psychology"],
    "PANIQUE": ["panic"],
    "PEUR": ["fear"],
    "TERREUR": ["terror"],
    "FRENESIE": ["frenzy"],
    "HAINE": ["hatred"],
    "DISCIPLINES": ["stubborn"],
    "GENERAL ET GRANDE BANNIERE": ["general_and_army_standard"],
    "TIR": ["shooting", "weapons", "weapon_notes", "shooting_modifiers", "to_hit_above_six"],
    "CORPS A CORPS": ["close_combat"],
    "TABLE DE TIR": ["bs_to_hit"],
    "MODIFICATEURS": ["shooting_modifiers"],
    "TABLE POUR TOUCHER": ["to_hit"],
    "TABLE DES SAUVEGARDES": ["armour", "armour_footnotes"],
    "MODIFICATEUR DE SAUVEGARDE": ["save_modifier"],
    "TABLE POUR BLESSER": ["to_wound"],
    "RESULTATS DES COMBATS": ["combat_resolution"],
    "TEST DE MORAL": ["break_test"],
    "RALLIEMENT": ["rally"],
}


def test_every_heading_of_the_sheet_is_data(seed: Seed) -> None:
    for heading, names in HEADINGS.items():
        seed.index(heading)  # printed as a line of its own
        for name in names:
            assert name in T, f"{heading}: no table [{name}]"
    covered = {n for names in HEADINGS.values() for n in names}
    assert covered == set(T.tables), f"tables not tied to a heading: {set(T.tables) - covered}"


def _french_texts() -> list[tuple[str, str]]:
    """(where, text) for every printed French text of tables.toml."""
    out: list[tuple[str, str]] = []

    def visit(where: str, node: dict[str, Any]) -> None:
        if node.get("printed") is False:
            return
        for key, value in node.items():
            if key == "fr" or key.endswith("_fr"):
                if key == "title_fr" and node.get("title_printed") is False:
                    continue
                values = value if isinstance(value, list) else [value]
                out.extend((f"{where}.{key}", v) for v in values)

    for name, body in RAW.items():
        visit(f"[{name}]", body)
        for part in ("rows", "modifiers"):
            for i, item in enumerate(body.get(part, [])):
                visit(f"[{name}].{part}[{i}] ({item.get('key')})", item)
    return out


@pytest.mark.parametrize("where,text", _french_texts())
def test_french_text_is_printed_on_the_sheet(seed: Seed, where: str, text: str) -> None:
    assert seed.printed(text), f"{where}: {text!r} is not on the sheet"


def test_unprinted_rows_are_only_the_recorded_conventions() -> None:
    unprinted = sorted(f"{name}.{row['key']}" for name, body in RAW.items()
                       for row in body.get("rows", []) if row.get("printed") is False)
    assert unprinted == ["save_modifier.s3_or_less", "to_hit_above_six.impossible",
                         "to_hit_above_six.six_then_4", "to_hit_above_six.six_then_5",
                         "to_hit_above_six.six_then_6"]


def test_every_row_and_modifier_has_an_english_rendering() -> None:
    for table in T:
        assert table.title_en and table.title_fr
        for row in table.rows:
            assert row.en.strip() and row.fr.strip(), (table.name, row.key)
        for mod in table.modifiers:
            assert mod.en.strip() and mod.fr.strip(), (table.name, mod.key)


# --------------------------------------------------------------------------- numbered lists

NUMBERED = {"turn_sequence": 4, "start_of_turn": 3, "movement_sequence": 5, "forced_march": 11,
            "quick_march": 7, "panic": 6, "fear": 3, "terror": 2, "frenzy": 5, "hatred": 3, "stubborn": 3,
            "close_combat": 5}


@pytest.mark.parametrize("name,count", NUMBERED.items())
def test_numbered_lists_are_complete_and_in_order(name: str, count: int) -> None:
    rows = T[name].rows
    assert [r.range for r in rows] == [str(i) for i in range(1, count + 1)]


def test_numbered_rows_follow_the_sheet_order(seed: Seed) -> None:
    """The items of each numbered list appear on the sheet in the data's order."""
    for name in NUMBERED:
        pos = 0
        for row in T[name].rows:
            pos = seed.find(row.fr, pos)
            assert pos >= 0, (name, row.key)


def test_numbers_inside_the_texts(seed: Seed) -> None:
    for table in T:
        for row in table.rows:
            if "radius" in row.data:
                assert f"{row.get('radius')}ps" in row.fr, (table.name, row.key)
            if "enemy_within" in row.data:
                assert f"{row.get('enemy_within')}ps" in row.fr, (table.name, row.key)
    casualties = T["panic"].row("shooting_casualties")
    assert "25%" in casualties.fr and casualties.get("percent") == 25
    triple = T["forced_march"].row("triple_move")
    assert "triple" in triple.fr and triple.get("multiplier") == 3
    qm = T["quick_march"].row("double_move")
    assert "double" in qm.fr and "triple" in qm.fr
    assert (qm.get("multiplier"), qm.get("character_multiplier")) == (2, 3)
    assert "double" in T["charge_reactions"].row("charge").fr and T["charge_reactions"].row("charge").get(
        "charge_multiplier") == 2
    turn = T["manoeuvres"].row("turn_about")
    assert "quart" in turn.fr and turn.get("cost") == "1/4"
    assert "2 fois" in turn.fr and turn.get("open_order_times") == 2
    assert "Commandement de 10" in T["hatred"].row("break_tests_ld10").fr
    st3 = T["stubborn"].row("resist_auto_break")
    assert "1-3 Démoralisée" in st3.fr and "4-6 Résiste" in st3.fr
    assert (st3.get("broken"), st3.get("holds")) == ("1-3", "4-6")
    assert "cinq" in T["break_test"].row("auto_break").fr and T["break_test"].data["auto_break_below"] == 5
    assert "12ps" in T["break_test"].row("flee_and_panic").fr and T["break_test"].data["panic_radius"] == 12
    assert "cinq" in T["rally"].row("min_models").fr and T["rally"].data["min_models"] == 5
    near = T["rally"].modifier("enemy_near")
    assert "8ps" in near.fr and near.data["radius"] == 8
    assert [m.value for m in T["rally"].modifiers] == [-1, -1]
    half = T["panic"].modifier("half_strength")
    assert "déduit 1" in half.fr and half.value == -1
    assert "-1D6" in T["charge_reactions"].row("fire_and_flee").fr
    assert "+1 attaque" in T["close_combat"].modifier("two_hand_weapons").fr
    assert T["close_combat"].modifier("two_hand_weapons").value == 1


# --------------------------------------------------------------------------- TABLE DE TIR


def test_bs_table_cell_by_cell(seed: Seed) -> None:
    pairs = [b for b in int_blocks(seed.region("TABLE DE TIR", "TABLE POUR TOUCHER")) if len(b) == 2]
    assert [p[0] for p in pairs] == list(range(1, 11))
    for bs, needed in pairs:
        assert T["bs_to_hit"].lookup(bs).get("needed") == needed
        assert bs_to_hit(bs) == needed
    assert [bs_to_hit(b) for b in range(1, 11)] == [6, 5, 4, 3, 2, 1, 0, -1, -2, -3]


def test_shooting_modifiers_line_by_line(seed: Seed) -> None:
    lines = [norm(ln) for ln in seed.lines if norm(ln).startswith("Tirer ")]
    i = seed.index("MODIFICATEURS")
    values = next(b for b in seed.blocks(i + 1, len(seed.lines)) if all(INT.match(x) for x in b))
    mods = T["shooting_modifiers"].modifiers
    assert [norm(m.fr) for m in mods] == lines
    assert [m.value for m in mods] == [int(v) for v in values]
    assert [(m.key, m.value) for m in mods] == [
        ("charging_target", -1), ("long_range", -1), ("moving", -1), ("lone_character", -1),
        ("soft_cover", -1), ("hard_cover", -2), ("skirmishers", -1), ("light_chariot", -1),
        ("large_target", 1)]


# --------------------------------------------------------------------------- TABLE POUR TOUCHER


def printed_to_hit_columns(seed: Seed) -> list[list[int]]:
    blocks = int_blocks(seed.region("MODIFICATEUR DE SAUVEGARDE", "TABLE POUR BLESSER"))
    tens = [b for b in blocks if len(b) == 10]
    assert tens[0] == list(range(1, 11)), "the row labels (attacker WS 1..10) come first"
    singles = [b[0] for b in blocks if len(b) == 1]
    assert singles == list(range(1, 11)), "the column headers (defender WS 1..10)"
    assert len(tens) == 11
    return tens[1:]


def test_to_hit_table_cell_by_cell(seed: Seed) -> None:
    columns = printed_to_hit_columns(seed)
    for defender, column in enumerate(columns, start=1):
        for attacker, printed in enumerate(column, start=1):
            stored = T["to_hit"].lookup(attacker).get("by_defender")[str(defender)]
            assert stored == printed, (attacker, defender)
            assert to_hit(attacker, defender) == printed
    for row in T["to_hit"].rows:
        assert sorted(row.get("by_defender"), key=int) == [str(d) for d in range(1, 11)]


def printed_to_wound_columns(seed: Seed) -> list[list[int]]:
    start = seed.index_startswith("Une fois que toutes les troupes engagées ont combattu")
    end = seed.index("RESULTATS DES COMBATS", start)
    blocks = int_blocks(seed.blocks(start, end))
    multi = [b for b in blocks if len(b) > 1]
    assert multi[0] == list(range(1, 11)), "the row labels (attacker S 1..10) come first"
    assert [b[0] for b in blocks if len(b) == 1] == list(range(1, 11)), "the column headers (T 1..10)"
    assert len(multi) == 11
    return multi[1:]


def test_to_wound_table_cell_by_cell(seed: Seed) -> None:
    columns = printed_to_wound_columns(seed)
    assert [len(c) for c in columns] == [10, 10, 10, 10, 9, 8, 7, 6, 5, 4]
    for toughness, column in enumerate(columns, start=1):
        cells = [to_wound(s, toughness) for s in range(1, 11)]
        blank = 10 - len(column)
        # the blank (impossible) cells are the top ones: the lowest strengths
        assert cells[:blank] == [None] * blank, toughness
        assert cells[blank:] == column, toughness
        for s in range(1, 11):
            stored = T["to_wound"].lookup(s).get("by_toughness").get(str(toughness))
            assert stored == cells[s - 1]


# --------------------------------------------------------------------------- MODIFICATEUR DE SAUVEGARDE


def test_save_modifier_cell_by_cell(seed: Seed) -> None:
    start = seed.index("MODIFICATEUR DE SAUVEGARDE")
    pairs = [b for b in int_blocks(seed.blocks(start + 1, seed.index("TABLE POUR BLESSER"))) if len(b) == 2]
    assert [p[0] for p in pairs] == list(range(4, 11))
    for strength, modifier in pairs:
        assert save_modifier(strength) == modifier
        assert T["save_modifier"].lookup(strength).fr == str(strength)
    assert [save_modifier(s) for s in (1, 2, 3)] == [0, 0, 0]  # not printed: no modifier


# --------------------------------------------------------------------------- TABLE DES SAUVEGARDES


def armour_blocks(seed: Seed) -> list[list[str]]:
    return seed.region("TABLE DES SAUVEGARDES", "MODIFICATEUR DE SAUVEGARDE")


def test_armour_rows_as_printed(seed: Seed) -> None:
    blocks = armour_blocks(seed)
    rows = T["armour"].rows
    labels = next(b for b in blocks if b[0] == "Cheval")
    assert labels == [r.fr for r in rows], "twelve rows: 'Cheval' then the eleven printed labels"
    i = blocks.index(labels)
    infantry, cavalry, markers = blocks[i + 1], blocks[i + 2], blocks[i + 3]
    merged = T["armour"].data["infantry_merged_rows"]
    assert merged == [r.key for r in rows][-4:]
    assert infantry == [r.get("infantry_fr") for r in rows if r.get("infantry_fr") is not None] + [
        T["armour"].data["infantry_merged_fr"]]
    assert cavalry == [r.get("cavalry_fr") for r in rows if r.get("cavalry_fr") is not None]
    assert markers == [f"({n})" for n in range(1, 9)]
    malus = next(b for b in blocks if b[0] == "Malus Mv.")
    assert malus[1] == "(cumulatif)"
    assert malus[2:] == [r.get("malus_fr") for r in rows]
    footnotes = blocks[blocks.index(malus) + 1]
    assert norm(" ".join(footnotes)) == norm(" ".join(r.fr for r in T["armour_footnotes"].rows))
    assert [r.range for r in T["armour_footnotes"].rows] == [str(n) for n in range(1, 9)]
    assert T["armour"].data["headers_fr"] == ["Protection", "Fantassin", "Cavalier", "Malus Mv. (cumulatif)"]


SAVE_CELL = re.compile(r"^(?P<save>[1-6])\+(?: ou \(\+(?P<bonus>\d)\))?(?P<notes>(?: \(\d\))*)$")
BARDING_CELL = re.compile(r"^\+(?P<bonus>\d) \((?P<notes>\d(?:\+\d)*)\)$")


def test_armour_numbers_read_from_their_printed_cells() -> None:
    """The numbers the code uses (`*_save`, `shield_bonus`, `*_shield`, barding conditions, movement
    penalties) say what the printed cells say."""
    for row in T["armour"].rows:
        for column in ("infantry", "cavalry"):
            cell = row.get(f"{column}_fr")
            if cell is None:
                assert row.get(f"{column}_save") is None, (row.key, column)
                continue
            if row.get("item") == "barding":
                m = BARDING_CELL.match(cell)
                assert m and column == "cavalry", (row.key, cell)
                notes = {int(n) for n in m["notes"].split("+")}
                assert row.get("bonus") == int(m["bonus"])
                assert bool(row.get("close_combat_only")) == (5 in notes), row.key
                assert bool(row.get("frontal_only")) == (6 in notes), row.key
                assert notes <= {5, 6, 7}
                continue
            m = SAVE_CELL.match(cell)
            assert m, (row.key, cell)
            assert row.get(f"{column}_save") == int(m["save"]), (row.key, column)
            if m["bonus"]:
                assert row.get("shield_bonus") == int(m["bonus"])
            notes = {int(n) for n in re.findall(r"\d", m["notes"])}
            if 3 in notes:
                assert row.get(f"{column}_shield") is True, (row.key, column)
            if 4 in notes:
                assert row.get(f"{column}_shield") is False, (row.key, column)
            if 2 in notes:
                assert 2 in row.get("footnotes", ())
        malus = row.get("malus_fr")
        penalty = 0 if malus.startswith("Aucune") else int(re.match(r"^-(\d)ps$", malus)[1])
        assert row.get("move_penalty") == penalty, row.key
        if "(8)" in malus:
            assert row.get("move_penalty_with_shield") == int(re.search(r"-(\d)ps", malus)[1])


# Expected saves, worked out by hand from the printed cells (docs/rules/wab.md gives the reading).
SAVES = [
    # equipment, keyword arguments, expected save
    ([], {}, None),
    (["Shield"], {}, 6),
    (["Large shield"], {}, 5),
    (["Pavise"], {}, None),  # close combat: the pavise only counts against frontal shooting (2)
    (["Pavise"], {"shooting": True}, 5),
    (["Pavise"], {"shooting": True, "frontal": False}, None),
    (["Light armour"], {}, 6),
    (["Light armour", "Shield"], {}, 5),
    (["Heavy armour", "Shield"], {}, 4),
    (["Heavy armour", "Large shield"], {}, 3),
    (["Partial plate", "Shield"], {}, 3),
    (["Full plate", "Shield"], {}, 3),  # (4): no shield bonus
    (["Buckler"], {}, 6),
    (["Buckler"], {"shooting": True}, None),  # (1)
    (["Buckler"], {"shooting": True, "skirmishers": True}, 6),
    ([], {"mounted": True}, 6),  # the horse ("Cheval 6+")
    (["Shield"], {"mounted": True}, 5),
    (["Large shield"], {"mounted": True}, 4),
    (["Pavise"], {"mounted": True, "shooting": True}, 6),  # no "Cavalier" cell: just the horse
    (["Light armour", "Shield"], {"mounted": True}, 4),
    (["Heavy armour", "Shield"], {"mounted": True}, 3),
    (["Partial plate", "Shield"], {"mounted": True}, 3),  # (4) when mounted
    (["Heavy armour", "Barded horse"], {"mounted": True}, 3),
    (["Heavy armour", "Partial padded barding"], {"mounted": True}, 3),
    (["Heavy armour", "Partial padded barding"], {"mounted": True, "frontal": False}, 4),  # (6)
    (["Heavy armour", "Full padded barding"], {"mounted": True, "shooting": True}, 4),  # (5)
    (["Heavy armour", "Partial metal barding"], {"mounted": True, "shooting": True}, 3),
    (["Heavy armour", "Shield", "Barded horse"], {"mounted": True}, 2),
    (["Full plate", "Barded horse"], {"mounted": True}, 2),
    (["Heavy armour", "Shield", "Barded horse"], {"mounted": True, "strength": 4}, 3),
    (["Light armour", "Shield"], {"strength": 4}, 6),
    (["Light armour", "Shield"], {"strength": 5}, None),
    (["Heavy armour", "Large shield", "Barded horse"], {"mounted": True}, 2),  # 1+ is 2+: a 1 fails
    (["Light armour", "Shield"], {"use_shield": False}, 6),
    (["Light armour", "Shield", "Horse"], {}, 4),  # a horse in the equipment: mounted
    (["Light armour", "Shield"], {"modifier": -2}, None),
]


@pytest.mark.parametrize("equipment,kwargs,expected", SAVES)
def test_armour_saves(equipment: list[str], kwargs: dict[str, Any], expected: int | None) -> None:
    assert armour_save(equipment, **kwargs) == expected


def test_plate_forbids_the_shield() -> None:
    """Footnote (4): the sheet's plate cells take no shield bonus, so with a large shield a lighter suit
    can save better (a property of the printed table, kept as printed)."""
    assert armour_save(["Heavy armour", "Large shield"], mounted=True) == 2
    assert armour_save(["Partial plate", "Large shield"], mounted=True) == 3
    assert armour_save(["Partial plate", "Large shield"]) == 2
    assert armour_save(["Full plate", "Large shield"]) == 3


def test_movement_penalties() -> None:
    assert tables.move_penalty(["Heavy armour"]) == 0
    assert tables.move_penalty(["Heavy armour", "Shield"]) == 1  # (8)
    assert tables.move_penalty(["Heavy armour", "Shield"], use_shield=False) == 0
    assert tables.move_penalty(["Full plate", "Barded horse"]) == 2  # cumulative
    assert tables.move_penalty(["Light armour", "Padded barding"]) == 0


# --------------------------------------------------------------------------- weapons


def weapon_region(seed: Seed) -> list[list[str]]:
    return seed.region("Arme", "TABLE DE TIR")


def test_weapons_as_printed(seed: Seed) -> None:
    blocks = weapon_region(seed)
    rows = T["weapons"].rows
    singles = [b[0] for b in blocks if len(b) == 1]
    # the first three weapons are printed one cell per line: name, range, strength
    assert singles[:11] == ["Portée", "Pierres, rochers", "4”", "3", "Javelot", "8”", "3", "Fléchettes",
                            "12”", "2", "F"]
    for row, (name, rng, strength) in zip(rows[:3], [singles[1:4], singles[4:7], singles[7:10]]):
        assert (row.fr, row.get("range_fr"), row.get("strength")) == (name, rng, int(strength))
        assert row.get("short_range") is None
    names = next(b for b in blocks if b[0] == "Arquebuse")
    assert names == [r.fr for r in rows[3:]]
    ranges = next(b for b in blocks if b[0] == "18”")
    strengths = next(b for b in blocks if len(b) == 13 and all(INT.match(x) for x in b))
    want_ranges: list[str] = []
    want_strengths: list[int] = []
    for r in rows[3:]:
        want_ranges.append(r.get("range_fr"))
        want_strengths.append(r.get("strength"))
        if r.get("short_range") is not None:  # a second printed line
            want_ranges.append(r.get("short_range_fr"))
            want_strengths.append(r.get("short_strength"))
    assert ranges == want_ranges
    assert [int(x) for x in strengths] == want_strengths
    for r in rows:
        assert r.get("range_fr") == f"{r.get('max_range')}”"
        if r.get("short_range") is not None:
            assert r.get("short_range") * 2 == r.get("max_range"), "the parenthesised range is half the range"
            assert r.get("short_range_fr") == f"({r.get('short_range')}”)"
            assert r.get("short_strength") is not None
        else:
            assert r.get("short_strength") is None and r.get("short_save") is None


CLOSE_COMBAT_LABELS = {"Jet pour toucher", "Jet pour blesser", "Jet de sauvegarde", "Résolution du",
                       "Combat"}


def test_weapon_save_modifiers_and_notes_as_printed(seed: Seed) -> None:
    blocks = weapon_region(seed)
    start = next(i for i, b in enumerate(blocks) if b[-1] == "Notes" or b[0] == "Notes")
    lines = [ln for b in blocks[start:] for ln in b if ln not in ("Notes", "Svg", "F")]
    lines = [ln for ln in lines if ln not in CLOSE_COMBAT_LABELS]
    printed_svg = [int(x) for x in lines if INT.match(x)]
    printed_notes = [x for x in lines if not INT.match(x)]
    rows = T["weapons"].rows
    want_svg: list[int] = []
    for r in rows:
        if r.get("save") is not None:
            want_svg.append(r.get("save"))
        if r.get("short_save") is not None:
            want_svg.append(r.get("short_save"))
    assert printed_svg == want_svg == [-1, -2, -1, -1, -1]
    assert norm(" ".join(printed_notes)) == norm(" ".join(n for r in rows for n in r.get("notes_fr")))
    # each weapon's note keys are the printed notes, read through [weapon_notes]
    by_text = {r.fr: r.key for r in T["weapon_notes"].rows}
    for r in rows:
        parts = [part.strip() for text in r.get("notes_fr") for part in text.split(",")]
        keys = [by_text[part] for part in parts if part]
        assert keys == r.get("notes"), r.key


def test_weapon_lookup_and_values() -> None:
    assert [w.key for w in tables.weapons()] == [r.key for r in T["weapons"].rows]
    assert tables.weapon("Arc long") is tables.weapon("longbow") is tables.weapon("LONG BOW")
    assert tables.weapon("Bows").key == "bow" and tables.weapon("Javelins").key == "javelin"
    assert tables.weapon("arbalete legere").key == "light_crossbow"
    arq = tables.weapon("Arquebuse")
    assert (arq.range, arq.short_range, arq.strength, arq.short_strength) == (18, 9, 3, 4)
    assert (arq.strength_at(12), arq.save_modifier_at(12)) == (3, -1)
    assert (arq.strength_at(9), arq.save_modifier_at(9)) == (4, -2)
    xbow = tables.weapon("crossbow")
    assert (xbow.strength_at(20), xbow.save_modifier_at(20)) == (3, 0)
    assert (xbow.strength_at(15), xbow.save_modifier_at(15)) == (4, -1)
    lb = tables.weapon("longbow")
    assert (lb.strength_at(10), lb.save_modifier_at(10), lb.save_modifier_at(16)) == (3, -1, 0)
    sling = tables.weapon("sling")
    assert (sling.shots_at(9), sling.shots_at(10)) == (2, 1)
    assert (sling.strength_at(9), sling.strength_at(18)) == (2, 3)
    bow = tables.weapon("bow")
    assert bow.short_range is None and bow.half_range == 12
    assert bow.is_short_range(12) and not bow.is_short_range(13)
    assert bow.save_modifier == 0 and bow.short_save_modifier is None
    assert tables.weapon("javelin").long_range_penalty(6) is False
    assert bow.long_range_penalty(20) is True
    with pytest.raises(CampagneError) as err:
        bow.strength_at(25)
    assert err.value.code == "wab.out_of_range"
    with pytest.raises(CampagneError) as err:
        tables.weapon("blunderbuss")
    assert err.value.code == "wab.unknown_weapon" and "longbow" in err.value.message("fr")
    assert tables.weapon_note("volley_if_stationary", "fr") == "grêle de flèches si stationnaire"
    d = arq.to_dict()
    assert d["short_save_modifier"] == -2 and d["notes"] == ["no_move_and_shoot"]


# --------------------------------------------------------------------------- combat resolution


def test_combat_resolution_bonuses_line_by_line(seed: Seed) -> None:
    start = seed.index("RESULTATS DES COMBATS")
    blocks = seed.blocks(start + 1, len(seed.lines))
    labels = next(b for b in blocks if b[0].startswith("+1 "))
    conditions = blocks[blocks.index(labels) + 1]
    mods = T["combat_resolution"].modifiers
    assert labels == [f"{'+' if m.value > 0 else ''}{m.value} {m.fr}" for m in mods]
    assert norm(" ".join(conditions)) == norm(" ".join(m.data["condition_fr"] for m in mods))
    assert [(m.key, m.value) for m in mods] == [
        ("close_order", 1), ("rank_bonus", 1), ("standard", 1), ("army_standard", 1), ("momentum", 1),
        ("high_ground", 1), ("flank", 1), ("rear", 2)]
    rank = T["combat_resolution"].modifier("rank_bonus")
    assert "maximum de +2" in rank.data["condition_fr"] and rank.data["maximum"] == 2
    assert "d’infanterie" in rank.data["condition_fr"]
    assert T["combat_resolution"].data["rank_kinds"] == ["infantry"]


def test_combat_bonuses() -> None:
    cb = tables.combat_bonuses
    assert cb() == [("close_order", 1)]
    assert cb(full_ranks=1) == [("close_order", 1)]
    assert cb(full_ranks=2) == [("close_order", 1), ("rank_bonus", 1)]
    assert cb(full_ranks=6, standard=True, army_standard=True, momentum=True, high_ground=True, flank=True,
              rear=True) == [("close_order", 1), ("rank_bonus", 2), ("standard", 1), ("army_standard", 1),
                             ("momentum", 1), ("high_ground", 1), ("flank", 1), ("rear", 2)]
    assert cb(kind="cavalry", full_ranks=3) == [("close_order", 1)]  # ranks of infantry only
    assert cb(formation="skirmishers", full_ranks=3) == []
    assert cb(kind="cavalry", momentum=True, difficult_terrain=True) == [("close_order", 1)]
    assert cb(kind="chariot", momentum=True, difficult_terrain=True, formation="open_order") == []
    assert cb(kind="infantry", momentum=True, difficult_terrain=True) == [("close_order", 1), ("momentum", 1)]
    assert tables.combat_bonus_total(full_ranks=4, rear=True) == 5
    assert [tables.rank_bonus(n) for n in range(6)] == [0, 0, 1, 2, 2, 2]


# --------------------------------------------------------------------------- movement tables


def test_terrain_as_printed(seed: Seed) -> None:
    rows = T["terrain"].rows
    blocks = seed.blocks(0, len(seed.lines))
    assert [r.fr for r in rows] in blocks
    assert [r.get("examples_fr") for r in rows] in blocks
    assert [r.get("modifier_fr") for r in rows] in blocks
    factors = {"Aucun": Fraction(1), "½": Fraction(1, 2), "¼": Fraction(1, 4),
               "½ pour franchir": Fraction(1, 2)}
    for r in rows:
        assert movement_tables.terrain_factor(r.key) == factors[r.get("modifier_fr")]
    assert "½ mouvement en terrain très difficile" in T["terrain"].data["open_order_fr"]
    assert movement_tables.terrain_factor("Très difficile", open_order=True) == Fraction(1, 2)
    assert movement_tables.terrain_factor("difficult", open_order=True) == Fraction(1, 2)
    assert movement_tables.terrain_factor("obstacle") == Fraction(1, 2)


def test_flee_distance_as_printed(seed: Seed) -> None:
    rows = T["flee_distance"].rows
    blocks = seed.blocks(0, len(seed.lines))
    assert [r.fr for r in rows] in blocks
    i = seed.index("Réduction")
    assert seed.blocks(i + 1, len(seed.lines))[0] == [r.get("dice_fr") for r in rows]
    assert [r.get("reduced_fr") for r in rows] in blocks
    for r in rows:
        assert r.get("dice_fr") == f"{r.get('dice')}”"
        assert r.get("reduced_fr") == f"{r.get('reduced_dice')}”"
    assert "(2 ou 3D6ps)" in T["charge_reactions"].row("flee").fr
    assert [tables.flee_dice(m) for m in (1, 6, 7, 10)] == ["2D6", "2D6", "3D6", "3D6"]
    assert [tables.fire_and_flee_dice(m) for m in (4, 8)] == ["D6", "2D6"]


def test_movement_helpers() -> None:
    assert movement_tables.charge_reach(4) == 8
    assert movement_tables.march_move(4) == 8
    assert movement_tables.march_move(4, character=True) == movement_tables.march_move(4, forced=True) == 12
    assert movement_tables.manoeuvre_cost("turn_about") == Fraction(1, 4)
    assert movement_tables.manoeuvre_cost("change_formation", 1) == Fraction(1, 2)
    assert movement_tables.manoeuvre_cost("change_formation", 2) == 1


# --------------------------------------------------------------------------- shooting and odds


def test_shooting_to_hit() -> None:
    assert shooting_to_hit(3) == 4
    assert shooting_to_hit(3, ["long_range", "soft_cover"]) == 6
    assert shooting_to_hit(3, ["long_range", "hard_cover"]) == 7
    assert shooting_to_hit(2, ["long_range", "hard_cover"]) == 8
    assert shooting_to_hit(1, ["long_range", "hard_cover"]) == 9
    assert shooting_to_hit(1, ["long_range", "hard_cover", "moving"]) is None
    assert shooting_to_hit(5, ["large_target"]) == 2  # 1+ is 2+: a 1 always misses
    assert shooting_to_hit(8, ["long_range", "hard_cover"]) == 2
    assert shooting_to_hit(3, "large_target") == 3  # a single name
    assert shooting_to_hit(3, ["long_range"], weapon="javelin") == 4  # no long range penalty
    with pytest.raises(CampagneError) as err:
        shooting_to_hit(3, ["moving"], weapon="crossbow")
    assert err.value.code == "wab.cannot_shoot"
    assert shooting_to_hit(3, ["moving"], weapon="light crossbow") == 5
    for bad, code in ((["rain"], "wab.unknown_modifier"), (["moving", "moving"], "wab.repeated_modifier"),
                      (["soft_cover", "hard_cover"], "wab.exclusive_modifiers")):
        with pytest.raises(CampagneError) as err:
            shooting_to_hit(3, bad)
        assert err.value.code == code


def test_hit_probability_table() -> None:
    assert [hit_probability(n) for n in range(1, 11)] == [
        Fraction(5, 6), Fraction(5, 6), Fraction(4, 6), Fraction(3, 6), Fraction(2, 6), Fraction(1, 6),
        Fraction(1, 12), Fraction(1, 18), Fraction(1, 36), Fraction(0)]
    assert hit_probability(None) == 0 and hit_probability(15) == 0
    assert d6_probability(7) == 0 and d6_probability(None) == 0 and d6_probability(4) == Fraction(1, 2)
    assert tables.leadership_pass_probability(7) == Fraction(21, 36)
    assert tables.leadership_pass_probability(12) == 1 and tables.leadership_pass_probability(1) == 0
    assert tables.break_test_target(8, 3) == 5
    assert tables.panic_modifiers(True) == [("half_strength", -1)]
    assert tables.rally_modifiers(True, True) == [("half_strength", -1), ("enemy_near", -1)]
    assert tables.can_rally(5) and not tables.can_rally(4)
    assert tables.breaks_automatically(4) and not tables.breaks_automatically(5)


# --------------------------------------------------------------------------- refusals


BAD_CALLS = [
    (lambda: to_hit(0, 3), "wab.bad_value"),
    (lambda: to_hit(3, 11), "wab.bad_value"),
    (lambda: to_hit("3", 3), "wab.bad_value"),
    (lambda: to_hit(True, 3), "wab.bad_value"),
    (lambda: to_wound(11, 3), "wab.bad_value"),
    (lambda: bs_to_hit(0), "wab.bad_value"),
    (lambda: save_modifier(0), "wab.bad_value"),
    (lambda: hit_probability(2.5), "wab.bad_value"),
    (lambda: armour_save(["Shield"], strength=11), "wab.bad_value"),
    (lambda: armour_save(["Shield"], mounted="yes"), "wab.bad_value"),
    (lambda: armour_save(["Light armour", "Heavy armour"]), "wab.conflicting_equipment"),
    (lambda: armour_save(["Heavy armour", "Barded horse"]), "wab.conflicting_equipment"),
    (lambda: armour_save(["Heavy armour"], mounted=True, barding="golden"), "wab.unknown_equipment"),
    (lambda: armour_save(["Heavy armour", "Sword"], strict=True), "wab.unknown_equipment"),
    (lambda: armour_save(42), "wab.bad_value"),
    (lambda: tables.flee_dice(-1), "wab.bad_value"),
    (lambda: movement_tables.terrain_factor("swamp"), "wab.unknown_terrain"),
    (lambda: tables.combat_bonuses(kind="dragon"), "wab.bad_value"),
    (lambda: tables.combat_bonuses(formation="square"), "wab.bad_value"),
    (lambda: tables.combat_bonuses(flank=1), "wab.bad_value"),
    (lambda: tables.rank_bonus(-1), "wab.bad_value"),
    (lambda: movement_tables.manoeuvre_cost("wheel"), "wab.bad_value"),
    (lambda: movement_tables.manoeuvre_cost("change_formation", 3), "wab.bad_value"),
    (lambda: tables.weapon(3), "wab.unknown_weapon"),
    (lambda: tables.weapon("bow").strength_at(-1), "wab.bad_value"),
]


@pytest.mark.parametrize("call,code", BAD_CALLS)
def test_refusals_are_bilingual_errors(call, code: str) -> None:
    with pytest.raises(CampagneError) as err:
        call()
    assert err.value.code == code
    en, fr = err.value.message("en"), err.value.message("fr")
    assert en != fr and "{" not in en and "{" not in fr and not en.startswith(code)


def test_weapons_ignored_by_armour_save() -> None:
    assert armour_save(["Sword", "Thrusting spear", "Large shield", "Heavy armour"]) == 3
    assert tables.armour_items(["Sword", "Pelta", "Light Armor", "Pelta"]) == ["shield", "light_armour"]
    assert tables.equipment_key("Caparaçon complet métal") == "full_metal_barding"
    assert tables.equipment_key("Rondache") == "buckler" and tables.equipment_key("Spear") is None


# --------------------------------------------------------------------------- properties

ws = st.integers(1, 10)
ARMOUR_LADDER = [[], ["Light armour"], ["Heavy armour"], ["Partial plate"], ["Full plate"]]
SHIELD_LADDER = [[], ["Buckler"], ["Shield"], ["Large shield"]]


def _unsaved(save: int | None) -> Fraction:
    return 1 - d6_probability(save)


@given(ws, ws, ws)
def test_more_ws_never_makes_hitting_harder(a: int, b: int, d: int) -> None:
    lo, hi = sorted((a, b))
    assert to_hit(hi, d) <= to_hit(lo, d)
    assert to_hit(d, lo) <= to_hit(d, hi)  # a better defender is never easier to hit
    assert 2 <= to_hit(a, d) <= 6


@given(ws, ws, ws)
def test_strength_and_toughness_monotone(s1: int, s2: int, t: int) -> None:
    lo, hi = sorted((s1, s2))
    assert d6_probability(to_wound(hi, t)) >= d6_probability(to_wound(lo, t))
    assert d6_probability(to_wound(t, hi)) <= d6_probability(to_wound(t, lo))
    assert save_modifier(hi) <= save_modifier(lo)


@given(st.integers(0, 4), st.integers(0, 4), st.integers(0, 3), st.booleans(), st.booleans(), st.booleans(),
       st.booleans(), st.integers(1, 10),
       st.sampled_from([None, "Partial padded barding", "Full padded barding", "Partial metal barding",
                        "Full metal barding"]))
def test_more_armour_never_raises_unsaved_wounds(a1: int, a2: int, shield: int, mounted: bool, shooting: bool,
                                                 frontal: bool, skirmishers: bool, strength: int,
                                                 barding: str | None) -> None:
    """A better suit of armour (without shield), adding a shield or a better shield, adding barding, never
    raise the chance of an unsaved wound; a stronger hit never lowers it. (With a shield, a better suit
    may be worse: plate cells carry footnote (4), no shield bonus; see test_plate_forbids_the_shield.)"""
    lo, hi = sorted((a1, a2))
    context = dict(mounted=mounted, shooting=shooting, frontal=frontal, skirmishers=skirmishers,
                   strength=strength)
    if not mounted:
        barding = None
    weak = armour_save(ARMOUR_LADDER[lo], barding=barding, **context)
    strong = armour_save(ARMOUR_LADDER[hi], barding=barding, **context)
    assert _unsaved(strong) <= _unsaved(weak)
    with_shield = armour_save(ARMOUR_LADDER[hi] + SHIELD_LADDER[shield], barding=barding, **context)
    assert _unsaved(with_shield) <= _unsaved(strong)
    if shield:
        lesser = armour_save(ARMOUR_LADDER[hi] + SHIELD_LADDER[shield - 1], barding=barding, **context)
        assert _unsaved(with_shield) <= _unsaved(lesser)  # nothing < buckler < shield < large shield
    strong = with_shield
    if mounted:
        assert _unsaved(armour_save(ARMOUR_LADDER[hi], barding="Full metal barding", **context)) <= _unsaved(
            armour_save(ARMOUR_LADDER[hi], **context))
    weaker_hit = armour_save(ARMOUR_LADDER[hi] + SHIELD_LADDER[shield], barding=barding,
                             **{**context, "strength": min(strength + 1, 10)})
    assert _unsaved(weaker_hit) >= _unsaved(strong)


@given(st.integers(-5, 15), st.integers(-5, 15))
def test_hit_probability_monotone_and_bounded(n1: int, n2: int) -> None:
    lo, hi = sorted((n1, n2))
    assert 0 <= hit_probability(hi) <= hit_probability(lo) <= 1
    assert 0 <= d6_probability(hi) <= d6_probability(lo) <= 1
    assert 0 <= tables.leadership_pass_probability(lo) <= tables.leadership_pass_probability(hi) <= 1


@given(st.integers(1, 10), st.integers(1, 10),
       st.lists(st.sampled_from([m.key for m in T["shooting_modifiers"].modifiers
                                 if m.value < 0 and m.key not in ("soft_cover", "hard_cover")]), unique=True))
def test_shooting_better_bs_and_fewer_penalties(b1: int, b2: int, penalties: list[str]) -> None:
    lo, hi = sorted((b1, b2))
    assert hit_probability(shooting_to_hit(hi, penalties)) >= hit_probability(shooting_to_hit(lo, penalties))
    fewer = hit_probability(shooting_to_hit(lo, penalties[:-1]))
    assert hit_probability(shooting_to_hit(lo, penalties)) <= fewer
    assert hit_probability(shooting_to_hit(lo, [*penalties, "large_target"])) >= hit_probability(
        shooting_to_hit(lo, penalties))


@given(ws, ws, ws, ws, st.integers(1, 6))
def test_one_attack_probabilities_are_probabilities(a: int, d: int, s: int, t: int, save: int) -> None:
    p_hit = hit_probability(to_hit(a, d))
    p_wound = d6_probability(to_wound(s, t))
    p_unsaved = 1 - d6_probability(None if save - save_modifier(s) > 6 else save - save_modifier(s))
    p = p_hit * p_wound * p_unsaved
    assert 0 <= p <= 1


def test_every_cell_exists_for_every_pair() -> None:
    for a, d in product(range(1, 11), repeat=2):
        assert isinstance(to_hit(a, d), int)
        w = to_wound(a, d)
        assert w is None or 2 <= w <= 6
        # the sheet's pattern: impossible only 4+ points below
        assert (w is None) == (d - a >= 4)
