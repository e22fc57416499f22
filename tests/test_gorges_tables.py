"""Cell by cell: src/campagne/games/gorges/data/{tables,races,constants}.toml against seed 001.

The seed is the "Règles de campagne" of the Île des Gorges Tranchées, /work/shared/seeds/001_f2b502a830cd0160.txt
(found beside the repository, or in $CAMPAGNE_SEEDS). Every table is tied to its section of the seed (a title
line and an end marker). Bullet tables ("- 11 **Retirée du Front.** Retirez ...") must match their section's
bullet lines exactly, in both directions; sub-tables must match the parent cell that prints them; tables printed
as prose ("Sur un 1-3, elle est repoussée ...") must be found, range then text, in their paragraph; modifiers,
races and seasons likewise. The numbers the rules code acts on are checked against the French words beside them.

Whitespace is normalised and the markdown markers (#, **) of the extraction are dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from seed_texts import seed_text_or_skip

from campagne.core.dice import parse
from campagne.core.tables import Table
from campagne.games.gorges.data import constants, races, tables

SEED_NAME = "001_f2b502a830cd0160.txt"
TABLES = tables()
RACES = races()
CONSTANTS = constants()


def norm(text: str) -> str:
    return " ".join(text.replace("*", "").replace("#", "").split())


@dataclass
class Section:
    title: str
    line: int
    lines: list[str]  # normalised, non-blank, title excluded

    @property
    def text(self) -> str:
        return " ".join(self.lines)

    @property
    def bullets(self) -> list[str]:
        return [ln for ln in self.lines if ln.startswith("- ")]


class Seed:
    def __init__(self, text: str) -> None:
        self.lines = [norm(ln) for ln in text.splitlines()]

    def find(self, line: str, start: int = 0) -> int:
        for i in range(start, len(self.lines)):
            if self.lines[i] == line:
                return i
        raise LookupError(f"no line {line!r} in seed 001 after line {start + 1}")

    def section(self, title: str, end: str | None, after: str | None = None) -> Section:
        i = self.find(title, self.find(after) + 1 if after else 0)
        j = len(self.lines)
        if end is not None:
            j = next((k for k in range(i + 1, len(self.lines)) if self.lines[k].startswith(end)), None)
            if j is None:
                raise LookupError(f"section {title!r} has no end {end!r}")
        return Section(title, i + 1, [ln for ln in self.lines[i + 1:j] if ln])


_SEED: Seed | None = None


def seed_or_skip() -> Seed:
    global _SEED
    if _SEED is None:
        _SEED = Seed(seed_text_or_skip(SEED_NAME, "the cell-by-cell check of the gorges data"))
    return _SEED


# table -> (kind, section title, end marker, heading the title follows)
SPECS: dict[str, tuple[str, str, str | None, str | None]] = {
    "phases": ("phases", "LES PHASES", "1 - Déplacer le Capitaine Crown", None),
    "turn_order": ("prose", "LES PHASES", "1 - Déplacer le Capitaine Crown", None),
    "search": ("prose", "3 - Fouille des territoires", "4 - Production des mines", None),
    "mines": ("bullets", "4 - Production des mines", "5 - Déplacement des armées", None),
    "challenge_conditions": ("prose", "7 - Lancement des défis", "8 - Conquête de territoire", None),
    "conquest_save": ("prose", "8 - Conquête de territoire", "9 – Livrez Bataille", None),
    "no_challenge": ("prose", "8 - Conquête de territoire", "9 – Livrez Bataille", None),
    "fate_of_beaten_army": ("prose", "VICTOIRE ET DEFAITE", "BLESSURE DE PERSONNAGE", None),
    "seasons": ("seasons", "REGLES SPECIALES", "LES RACES", None),
    "blizzard": ("prose", "Hivers", "LES RACES", "REGLES SPECIALES"),
    "sea_raid": ("prose", "LES RACES", "BUTINS DE GUERRE", None),
    "skaven_tunnel": ("prose", "Skavens", "BUTINS DE GUERRE", "LES RACES"),
    "spoils_of_war": ("bullets", "BUTINS DE GUERRE", "DEFAITES IGNOMINIEUSES", None),
    "ignominious_defeats": ("bullets", "DEFAITES IGNOMINIEUSES", "BLESSURE DE PERSONNAGE", None),
    "character_injuries": ("bullets", "BLESSURE DE PERSONNAGE", "TABLEAU DES EVENEMENTS ALEATOIRES",
                           "DEFAITES IGNOMINIEUSES"),
    "events": ("bullets", "TABLEAU DES EVENEMENTS ALEATOIRES", None, None),
    # sub-tables: printed inside a cell of their parent, "range text" or "range = text"
    "feats_of_arms": ("sub:spoils_of_war:5", "", None, None),
    "serious_wound": ("sub:character_injuries:1", "", None, None),
    "psychological_wound": ("sub:character_injuries:4", "", None, None),
    "lesson_learned": ("sub:character_injuries:6", "", None, None),
}


def section_of(name: str) -> Section:
    _, title, end, after = SPECS[name]
    return seed_or_skip().section(title, end, after)


def printed_rows(table: Table):
    return [r for r in table.rows if r.get("printed", True)]


def bullet_line(row) -> str:
    name = row.get("name_fr")
    return f"- {row.range} {name} {row.fr}" if name else f"- {row.range} {row.fr}"


# --------------------------------------------------------------------------- the cells


def test_every_table_has_a_spec() -> None:
    assert set(SPECS) == {t.name for t in TABLES}


@pytest.mark.parametrize("name", [n for n, s in SPECS.items() if s[0] == "bullets"])
def test_bullet_table_matches_the_seed_both_ways(name: str) -> None:
    sec = section_of(name)
    table = TABLES[name]
    want = [bullet_line(r) for r in table.rows]
    missing = [w for w in want if w not in sec.bullets]
    assert not missing, f"{name}: rows not printed in seed section {sec.title!r} (line {sec.line}): {missing}"
    assert sorted(want) == sorted(sec.bullets), f"{name}: seed bullets not in the data"
    assert [r.range for r in table.rows] == [b.split()[1] for b in sec.bullets]  # same order as printed


def test_phases_match_the_seed() -> None:
    sec = section_of("phases")
    want = [f"- {r.range} – {r.fr}" for r in TABLES["phases"].rows]
    assert want == sec.bullets


@pytest.mark.parametrize("name", [n for n, s in SPECS.items() if s[0] == "prose"])
def test_prose_table_rows_are_in_their_paragraph(name: str) -> None:
    sec = section_of(name)
    rows = printed_rows(TABLES[name])
    assert rows
    for r in rows:
        if r.range is None or name in {"search", "conquest_save", "blizzard"}:  # the whole sentence
            assert r.fr in sec.text, f"{name}/{r.key}: {r.fr!r} not in seed section {sec.title!r}"
        else:
            pattern = rf"(?:^|\s){re.escape(r.range)},? {re.escape(r.fr)}"
            assert re.search(pattern, sec.text), f"{name}/{r.key}: '{r.range} {r.fr}' not in {sec.title!r}"


@pytest.mark.parametrize("name", [n for n, s in SPECS.items() if s[0].startswith("sub:")])
def test_sub_table_matches_its_parent_cell(name: str) -> None:
    seed_or_skip()
    _, parent, rng = SPECS[name][0].split(":")
    cell = norm(TABLES[parent].lookup(int(rng)).fr)
    assert TABLES[parent].lookup(int(rng)).get("sub_table") == name or name == "serious_wound"
    printed = [f"{r.range} = {r.fr}" if "=" in cell else f"{r.range} {r.fr}" for r in TABLES[name].rows]
    pos = 0
    for p in printed:  # in order, each once
        i = cell.find(p, pos)
        assert i >= 0, f"{name}: {p!r} not in {parent} {rng}: {cell!r}"
        pos = i + len(p)


def test_seasons_match_the_seed() -> None:
    seed = seed_or_skip()
    for r in TABLES["seasons"].rows:
        sec = seed.section(r.get("name_fr"), None, "REGLES SPECIALES")
        assert sec.lines[0] == r.fr, r.key
    assert [r.key for r in TABLES["seasons"].rows] == CONSTANTS["calendar"]["seasons"]


def test_conquest_save_modifiers_are_the_seed_bullets() -> None:
    sec = section_of("conquest_save")
    table = TABLES["conquest_save"]
    assert [f"- {m.fr}" for m in table.modifiers] == sec.bullets
    for m in table.modifiers:
        printed = m.data["printed"]
        assert m.fr.startswith(printed + " ")
        assert abs(int(printed)) == abs(m.value)
    # the only sign lost in extraction: "- 1 si le territoire est adjacent" (docs/rules/gorges.md)
    assert table.modifier("adjacent").value == -1
    assert "test à 6+" in sec.text and table.data["target"] == 6 == CONSTANTS["conquest"]["save_target"]
    assert table.data["on_success_fr"] in sec.text


def test_challenge_conditions_are_the_seed_bullets() -> None:
    sec = section_of("challenge_conditions")
    assert [f"- {r.fr}" for r in TABLES["challenge_conditions"].rows] == sec.bullets


def test_other_modifiers_quote_the_seed() -> None:
    seed = seed_or_skip()
    search = TABLES["search"]
    assert search.modifier("fruitful_search").fr == TABLES["events"].lookup(26).fr
    assert search.data["ghost_fr"] in section_of("search").text
    dark = seed.section("Elfes noirs", "Elfes Sylvains")
    assert TABLES["mines"].modifier("dark_elf_slaves").fr in dark.text
    assert TABLES["events"].data["duration_fr"] in seed.section("2 - Evénement aléatoire", "3 - Fouille").text


# --------------------------------------------------------------------------- races


def test_every_race_is_present_in_seed_order() -> None:
    seed = seed_or_skip()
    sec = seed.section("LES RACES", "BUTINS DE GUERRE")
    headings = [seed.lines[i] for i in range(sec.line, sec.line + 200)
                if i < len(seed.lines) and seed.lines[i] in {r["heading"] for r in RACES.values()}]
    assert len(RACES) == 15
    assert headings == [r["heading"] for r in RACES.values()]


@pytest.mark.parametrize("key", list(RACES))
def test_race_paragraph_is_the_seed(key: str) -> None:
    seed = seed_or_skip()
    race = RACES[key]
    sec = seed.section(race["heading"], None, "LES RACES")
    assert sec.lines[0] == race["fr"]
    assert race["en"] and race["name_en"] and race["name_fr"]


def test_race_numbers_are_the_seed_words() -> None:
    seed_or_skip()
    assert "d'1d3+1" in RACES["bretonnia"]["fr"] and str(parse(RACES["bretonnia"]["army_move_dice"])) == "1D3+1"
    assert "ajoutent +2" in RACES["empire"]["fr"] and RACES["empire"]["fortress_save"] == 2
    assert "villes +3" in RACES["empire"]["fr"] and RACES["empire"]["town_save"] == 3
    for k in ("warriors_of_chaos", "beastmen"):
        assert "se font à -1" in RACES[k]["fr"] and RACES[k]["enemy_save_modifier"] == -1
        assert "incapables de bâtir des villes" in RACES[k]["fr"] and RACES[k]["can_build_towns"] is False
    assert "de +1, comme une forteresse" in RACES["dwarfs"]["fr"] and RACES["dwarfs"]["mine_save"] == 1
    assert "même protection qu'une forteresse" in RACES["wood_elves"]["fr"]
    assert RACES["wood_elves"]["forest_save"] == TABLES["conquest_save"].modifier("fortress_adjacent").value
    assert RACES["wood_elves"]["can_build_towns"] is False
    assert "deux jets" in RACES["vampire_counts"]["fr"] and RACES["vampire_counts"]["injury_rolls"] == 2
    assert "d'une case" in RACES["ogre_kingdoms"]["fr"] and RACES["ogre_kingdoms"]["move_capital_cells"] == 1
    assert "bonus de +1" in RACES["dark_elves"]["fr"] and RACES["dark_elves"]["slaves_mine_bonus"] == 1
    for k in ("dark_elves", "high_elves"):
        assert RACES[k]["sea_raid_lost_on"] == TABLES["sea_raid"].row("lost_at_sea").range
    assert set(TABLES["sea_raid"].data["races"]) == {k for k, r in RACES.items() if r.get("sea_raid")}


# --------------------------------------------------------------------------- numbers beside their words

DICE_FIELDS = ("army_points", "magic_item_points", "magic_banner_points", "redeploy_units", "move_dice",
               "relic_points", "unit_dice", "blizzard_dice", "enemy_dice")


def all_rows():
    for t in TABLES:
        for r in t.rows:
            yield t.name, r


@pytest.mark.parametrize("name,row", list(all_rows()), ids=lambda x: getattr(x, "key", x))
def test_row_dice_fields_are_printed_in_the_cell(name: str, row) -> None:
    text = row.fr.lower().replace(" ", "")
    for f in DICE_FIELDS:
        v = row.get(f)
        if isinstance(v, str):
            core = re.sub(r"k[hl]\d+$", "", str(parse(v)).lower())
            assert core in text, f"{name}/{row.key}.{f} = {v!r} not printed in {row.fr!r}"
        elif isinstance(v, int) and v:
            assert str(v) in text, f"{name}/{row.key}.{f} = {v!r} not printed in {row.fr!r}"


def test_event_numbers() -> None:
    ev = TABLES["events"]
    assert ev.lookup(12).get("move_dice") == "2D3kl1" and "plus bas" in ev.lookup(12).fr
    assert ev.lookup(33).get("move_dice") == "2D3kh1" and "plus haut" in ev.lookup(33).fr
    assert ev.lookup(13).get("save_modifier") == -1 and "malus de -1" in ev.lookup(13).fr
    assert ev.lookup(65).get("save_modifier") == 1 and "+1" in ev.lookup(65).fr
    assert ev.lookup(63).get("relic_points") == "1D3"
    assert ev.lookup(32).get("moves") == 2 and "deux fois" in ev.lookup(32).fr
    assert ev.lookup(43).get("first_turn_bonus") == 1 and "bonus de +1" in ev.lookup(43).fr
    assert ev.lookup(35).get("spoils") == TABLES["spoils_of_war"].row("proud_banner").range
    assert ev.lookup(36).get("spoils") == TABLES["spoils_of_war"].row("feats_of_arms").range
    assert ev.lookup(46).get("table") == "feats_of_arms" and "résultat 5" in ev.lookup(46).fr
    for r in ev.rows:
        if r.get("table"):
            assert r.get("table") in TABLES
    spoils = TABLES["spoils_of_war"]
    assert (spoils.row("elite_army").get("special_percent"), spoils.row("elite_army").get("rare_percent")) == (75, 50)
    assert spoils.row("lure_of_gold").get("relic_points") == 1
    assert TABLES["character_injuries"].row("captured").get("hostage_relic_points") == 1
    assert TABLES["lesson_learned"].row("plus_w").get("maximum") == 10
    winter = TABLES["seasons"].row("winter")
    assert winter.get("sight_limit_inches") == 24 and "24ps" in winter.fr
    assert winter.get("blizzard_on") == TABLES["blizzard"].row("fog").range
    spring = TABLES["seasons"].row("spring")
    assert spring.get("lore_of_life_casting_bonus") == 1 and spring.get("dangerous_terrain_on") in spring.fr
    autumn = TABLES["seasons"].row("autumn")
    assert (autumn.get("storm_of_magic_relic_points_all"), autumn.get("storm_of_magic_relic_points_winner")) == (1, 2)


def test_constants_are_the_seed_words() -> None:
    seed = seed_or_skip()
    c = CONSTANTS
    general = seed.section("DEROULEMENT DE LA CAMPAGNE", "OBJECTIF").text
    assert "trois tours de jeu" in general and c["calendar"]["turns_per_season"] == 3
    assert c["calendar"]["turns"] == 3 * len(c["calendar"]["seasons"]) == 12
    assert "printemps" in general and "hiver" in general
    assert "lance 1d6 pour déterminer la direction" in seed.section("1 - Déplacer le Capitaine Crown",
                                                                   "2 - Evénement").text
    assert c["movement"]["army_move_dice"].lower() in seed.section("5 - Déplacement des armées", "6 -").text
    build = seed.section("6 - Construction", "7 -").text
    assert "qu'un édifice par saison" in build and c["construction"]["per_season"] == 1
    armies = seed.section("LES ARMEES", "LE GENERAL").text
    assert "trois armées" in armies and c["armies"]["per_player"] == 3
    renown = seed.section("LES REGIMENTS DE RENOM", "LES OBJETS").text
    assert "que 3 Régiments" in renown and c["armies"]["renown_regiments_general"] == 3
    assert "ne peut en contenir que 2" in renown and c["armies"]["renown_regiments_lieutenant"] == 2
    assert "25%" in seed.section("9 – Livrez Bataille", "COMPOSITION").text
    assert c["armies"]["max_points_bonus_percent"] == 25
    assert "qu'un seul défi" in section_of("challenge_conditions").text
    assert c["challenges"]["accepted_per_player"] == 1


def test_a_tampered_cell_is_caught() -> None:
    sec = section_of("events")
    row = TABLES["events"].lookup(63)
    assert bullet_line(row) in sec.bullets
    assert bullet_line(row).replace("1d3", "1d6") not in sec.bullets


# --------------------------------------------------------------------------- structure


def test_d66_events_cover_11_to_66_exactly_once() -> None:
    ev = TABLES["events"]
    values = [10 * t + u for t in range(1, 7) for u in range(1, 7)]
    covered = [v for r in ev.rows for v in range(r.low, r.high + 1)]
    assert sorted(covered) == values
    assert [r.range for r in ev.rows] == [str(v) for v in values]
    assert len({r.key for r in ev.rows}) == 36
    assert all(r.get("name_fr") and r.get("name_en") and r.en for r in ev.rows)


D6_TABLES = [t.name for t in TABLES if t.dice == "1D6"]


@pytest.mark.parametrize("name", D6_TABLES)
def test_d6_tables_cover_1_to_6_exactly_once(name: str) -> None:
    table = TABLES[name]
    covered = []
    for r in table.rows:
        hi = 6 if r.high is None else r.high
        covered += list(range(r.low, hi + 1))
    assert sorted(covered) == [1, 2, 3, 4, 5, 6], name


ROLLED = [t.name for t in TABLES if t.dice]


@pytest.mark.parametrize("name", ROLLED)
def test_rolled_table_distribution_sums_to_one(name: str) -> None:
    odds = TABLES[name].outcome_distribution()
    assert sum(odds.values()) == 1
    assert set(odds) == {r.key for r in TABLES[name].rows}
    assert all(p == Fraction(1, 36) for p in TABLES["events"].outcome_distribution().values())


@given(st.lists(st.integers(0, 3), min_size=4, max_size=4), st.integers(-3, 3))
def test_conquest_save_distribution_sums_to_one_with_any_modifiers(times: list[int], extra: int) -> None:
    table = TABLES["conquest_save"]
    shift = sum(v for _, v in table.modifier_total(zip([m.key for m in table.modifiers], times))) + extra
    odds = table.outcome_distribution(shift=shift)
    assert sum(odds.values()) == 1


@given(st.booleans())
def test_modified_search_and_mines_sum_to_one(on: bool) -> None:
    for name, key in (("search", "fruitful_search"), ("mines", "dark_elf_slaves")):
        t = TABLES[name]
        odds = t.outcome_distribution(shift=t.modifier(key).value if on else 0)
        assert sum(odds.values()) == 1
    assert TABLES["search"].outcome_distribution(shift=1)["relic_point"] == Fraction(1, 3)  # 5-6


def test_every_row_has_both_languages() -> None:
    for name, r in all_rows():
        assert r.en, (name, r.key)
        assert r.fr or r.get("printed") is False, (name, r.key)
    for t in TABLES:
        assert t.title_fr and t.title_en
