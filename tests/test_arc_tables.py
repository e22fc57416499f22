"""Cell by cell: src/campagne/games/arc/data/*.toml against seed 003 (Le jeu du destin d'Arc).

The combat results table is printed one cell per line after its header (« d6\\R », then the 11 columns); the
unit lists are blocks « NAME (count) » followed by « mvt : », « att : », « def : », « ST : », « Spécial: »;
the spell lists are blocks « - name » followed by « coût : », « dist : », « ST : », « durée : », « effet : »,
« spécial : »; the start positions and secret objectives are the sections BONNAIRE, ULF and FEREIRA.
"""

from __future__ import annotations

import re

import pytest

from seed_texts import seed_text_or_skip

from campagne.games.arc.board import arc_board
from campagne.games.arc.data import COLUMNS, crt, ratio, sides, spells, unit_types

SEED = "003_38fec59a64b8cc8a.txt"


def seed_lines() -> list[str]:
    return [ln.strip() for ln in seed_text_or_skip(SEED, "the Arc table tests").splitlines()]


def test_crt_every_cell():
    lines = seed_lines()
    start = lines.index("d6\\R")
    assert tuple(lines[start + 1:start + 12]) == COLUMNS == tuple(crt()["columns"])
    i = start + 12
    for roll in range(1, 13):
        assert lines[i] == str(roll)
        assert lines[i + 1:i + 12] == crt()["rows"][roll - 1], f"row {roll}"
        i += 12
    assert lines[i] == "" and len(crt()["rows"]) == 12


def test_crt_effects_and_sides():
    text = " ".join(seed_lines())
    for number, e in crt()["effects"].items():
        assert f"{number} = {e['code']}" in text.replace("1/2E + R1", "1/2E + R1")
    for letter, s in crt()["sides"].items():
        assert f"{letter} = {s['fr']}" in text
    assert "Le joueur attaquant lance un d12" in text and crt()["dice"] == "1D12"


@pytest.mark.parametrize("attack,defence,expected", [(16, 4, "4-1"), (15, 4, "3-1"), (5, 10, "1-2")])
def test_the_seeds_odds_examples(attack, defence, expected):
    text = " ".join(seed_lines())
    assert f"une force de {attack} attaquant {defence} vaut un rapport de force de {expected}" in text or \
        f"{attack} attaquant {defence} vaut un rapport de force de {expected}" in text
    assert ratio(attack, defence)[0] == expected


def unit_block(lines: list[str], heading: str, count_fr: str) -> dict[str, str]:
    head = f"{heading} ({count_fr})"
    i = lines.index(head)
    block: dict[str, str] = {}
    key = None
    for ln in lines[i + 1:]:
        if not ln:
            break
        m = re.match(r"^(mvt|att|def|ST|points de sort|Spécial)\s*:\s*(.*)$", ln)
        if m:
            key = m.group(1)
            block[key] = m.group(2)
        elif key:
            block[key] += "\n" + ln
    return block


def first_int(text: str) -> int:
    return int(re.match(r"\d+", text).group(0))


@pytest.mark.parametrize("uid", sorted(unit_types()))
def test_unit_list_every_number(uid):
    u = unit_types()[uid]
    b = unit_block(seed_lines(), u.heading, u.raw["count_fr"])
    assert b["mvt"] == u.raw.get("mvt_fr", str(u.mvt))
    att = b["att"]
    if "(missiles)" in att and "(mêlée)" not in att:
        assert (u.melee, u.missile) == (0, first_int(att))
    elif "(missiles)" in att:
        m = re.match(r"^(\d+) \(mêlée\)\s*/\s*(\d+) \(missiles\)$", att)
        assert (u.melee, u.missile) == (int(m.group(1)), int(m.group(2)))
    else:
        assert (u.melee, u.missile) == (int(att), 0)
    assert int(b["def"]) == u.defence and int(b["ST"]) == u.save
    assert int(b.get("points de sort", 0)) == u.points
    assert " ".join(b["Spécial"].split()) == " ".join(u.special_fr.split())
    counts = [int(x) for x in u.raw["counts"].values()]
    printed = [int(x) for x in u.raw["count_fr"].split("/")]
    assert sorted(set(counts)) == sorted(set(printed)) and counts == sorted(counts)


def test_the_example_counter_halves_attacks_and_defence():
    text = "\n".join(seed_lines())
    assert "4/11\n\n4/11" in text and "10/4\n10/6\n\n5/4\n5/3" in text
    arch = unit_types()["mpa_archers"]
    assert (arch.mvt, arch.save, arch.missile, arch.range, arch.melee, arch.defence) == (4, 11, 10, 4, 10, 6)
    assert (arch.strength("missile", True), arch.strength("melee", True), arch.strength("defence", True)) == (5, 5, 3)


def spell_blocks(lines: list[str], title: str) -> dict[str, dict[str, str]]:
    i = lines.index(title)
    out: dict[str, dict[str, str]] = {}
    cur = None
    for ln in lines[i + 1:]:
        if ln.startswith("LES SORTS") or ln == "BONNAIRE":
            break
        if ln.startswith("- "):
            cur = out.setdefault(ln[2:], {})
        elif cur is not None and ":" in ln:
            k, _, v = ln.partition(":")
            cur[k.strip()] = v.strip()
    return out


@pytest.mark.parametrize("order,title", [("bhar", "LES SORTS DES PRETRES DE BHAR"),
                                         ("christian", "LES SORTS DES PRETRES CHRETIENS")])
def test_spell_lists_every_field(order, title):
    blocks = spell_blocks(seed_lines(), title)
    ours = spells()[order]
    assert sorted(blocks) == sorted(s["name_fr"] for s in ours.values())
    for s in ours.values():
        b = blocks[s["name_fr"]]
        assert b["coût"] == (str(s["cost"]) if "cost" in s else s["cost_fr"])
        assert b["dist"] == s["dist_fr"] and b["ST"] == s["st_fr"]
        assert s["range"] == (1 if s["dist_fr"] == "HC" else int(s["dist_fr"].rstrip("H")))
        assert s["save"] == (s["st_fr"] == "annule")
        assert b.get("durée") == s.get("duration_fr")
        assert b.get("effet") == s.get("effect_fr") and b.get("spécial") == s.get("special_fr")
        if re.fullmatch(r"\d+t", s.get("duration_fr", "")):
            assert s["turns"] == int(s["duration_fr"][:-1])


def start_section(lines: list[str], side: str) -> str:
    i = lines.index(side.upper())
    j = lines.index({"bonnaire": "ULF", "ulf": "FEREIRA", "fereira": 'JOUEUR "BONNAIRE"'}[side], i + 1)
    return "\n".join(lines[i:j])


@pytest.mark.parametrize("side", ["bonnaire", "ulf", "fereira"])
def test_secret_objectives(side):
    section = start_section(seed_lines(), side)
    assert sides()[side]["objective_fr"] in section


@pytest.mark.parametrize("uid", sorted(unit_types()))
def test_start_hexes_are_the_seeds(uid):
    u = unit_types()[uid]
    section = start_section(seed_lines(), u.side)
    named = set(re.findall(r"\b([A-Z]\d{1,2})\b", section))
    for groups in u.start.values():
        assert sum(g.get("count", 0) for g in groups) <= u.counts["favourable"]
        for g in groups:
            assert set(g["hexes"]) <= named


def test_every_seed_coordinate_is_a_hex_but_column_o():
    """The pattern: in every column the rows are all even or all odd, alternating; O5 and O3 do not fit."""
    lines = seed_lines()
    i, j = lines.index("BONNAIRE"), lines.index('JOUEUR "BONNAIRE"')
    coords = set(re.findall(r"\b([A-Z]\d{1,2})\b", "\n".join(lines[i:j])))
    board = arc_board()
    misfits = {c for c in coords if c not in board}
    assert misfits == {"O5", "O3"} == set(board.misfits)
    for c in coords:
        assert board.resolve(c) in board


# Each ability the rules act on, and the words of the « Spécial » line that grant it (number included).
ABILITY_WORDS = {
    "extra_move": lambda v: "mouvement supplémentaire",
    "night_missile": lambda v: f"{v} la nuit pour les tirs de missiles",
    "night_attack": lambda v: f"{v:+d} la nuit",
    "night_melee": lambda v: f"{v:+d} la nuit en mêlée",
    "attack": lambda v: f"{v:+d} à",
    "temple": lambda v: f"{v:+d} dans un hex autour des temples",
    "spells": lambda v: "sorts",
    "meditation": lambda v: "sorts",  # the priests of Bhâr: « Seuls les Prêtres de Bhâr » meditate (the rules)
    "invisible": lambda v: "invisibilité lors des déplacements",
    "surprise": lambda v: f"{v:+d}",
    "reinvisible": lambda v: "redevient invisible directement après une attaque",
    "death_save": lambda v: "ST contre la Mort",
    "stacked_leader": lambda v: "leader empilé",
    "detects": lambda v: "détection automatique des unités de Fraternité Rouge" + (" et de Bonnaire" if "bonnaire" in v else ""),
    "charge": lambda v: f"charge avec att {v:+d} si en ligne droite sur 4 hex",
    "converts": lambda v: "transformation automatique de deux Unités Peuple en une Unité de Fidèles Chrétiens",
    "zoc_only_from": lambda v: "ZOC adverses",
    "forces_retreat": lambda v: "toute attaque implique automatiquement un retrait",
    "fading": lambda v: "force d'attaque se réduit d'un tiers par tour",
    "captures": lambda v: "capture automatique de leaders adverses",
    "people_aura": lambda v: f"+1 en attaque pour toutes les Unités Peuple à une distance de {v} hex",
}


@pytest.mark.parametrize("uid", sorted(unit_types()))
def test_every_ability_is_written_in_the_special_line(uid):
    u = unit_types()[uid]
    special = u.special_fr.replace("àl'attaque", "à l'attaque")
    if u.id == "bonnaire":  # « tous identique aux unités Fraternité Rouge, sauf que: ... »
        fr = unit_types()["fraternite"]
        assert set(u.abilities) - {"reinvisible"} == set(fr.abilities) and u.ability("surprise") == 3
        assert "attaque avec +3" in special and "pas de malus à l'attaque d'un leader empilé" in special
        return
    for key, value in u.abilities.items():
        assert ABILITY_WORDS[key](value) in special, (key, value)


def test_spell_numbers_come_from_their_words():
    for order in ("bhar", "christian"):
        for s in spells()[order].values():
            effect = s.get("effect_fr", "")
            if s["kind"] in ("bless", "light"):
                assert effect.replace(" ", "") == f"att+{s['shift']}"
            if s["kind"] == "zone":
                assert f"{s['hexes']}HC" in effect
                assert ("1/2E" in effect) == (s["effect"] == "half") and ("éliminés" in effect) == (s["effect"] == "eliminate")
            if s["kind"] == "healing":
                assert s["delay"] == (1 if s["special_fr"] == "effet tour suivant" else 0)
