"""A referee's toolbox for the Gorges Tranchées (seed 001): the campaign's table rolls as pure functions.

Each function takes a `campagne.core.dice.Dice` (seeded, or `ScriptedDice` in tests and at the table) and
returns a result with a bilingual trace and `to_dict()`. Every number and text is read from the data files
(tables.toml, races.toml). Sub-rolls are made where a row names them:

* a row field whose value is a dice expression (``move_dice = "2D3kl1"``, ``army_points = "1D6x50"``, ...) is
  rolled and kept as a `ValueRoll` — except ``unit_dice`` (event 42: one die per enemy unit at the next battle);
* a row's ``sub_table`` (feats of arms, serious / psychological wound, lesson learned) and the ``table`` of an
  event whose effect is ``roll_table`` (assassins, unexpected victory, martial training) are rolled in turn.

Re-rolls that depend on the army roster ("si l'unité possède déjà la règle", "si la caractéristique vaut 0")
are left to the referee, who can roll that sub-table again.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ...core.dice import Dice, parse
from ...core.errors import CampagneError, register_messages
from ...core.tables import Row, Table
from .data import races, tables
from .odds import race_key

register_messages({
    "gorges.bad_characters": {
        "en": "The number of characters hurt must be a whole number from 0 to {maximum} (got {value!r}).",
        "fr": "Le nombre de personnages blessés doit être un nombre entier de 0 à {maximum} (reçu {value!r}).",
    },
})

MAX_CHARACTERS = 20
# Row fields that name dice but are not rolled now: one die per enemy unit, at the next battle; the enemy's die
# for a lost magic item, only if the hero had one (« Où est mon épée ? » without an item is result 3 instead).
_NOT_ROLLED_NOW = {"unit_dice", "enemy_dice"}
# Sub-tables reached through a row: the row field naming the table.
_SUB_TABLE_FIELDS = ("sub_table",)


# --------------------------------------------------------------------------- results


@dataclass(frozen=True)
class ValueRoll:
    """A row field that names a dice expression, rolled: e.g. army_points 1D6x50 -> 150."""

    field: str
    dice: str
    faces: tuple[int, ...]
    total: int

    def __deepcopy__(self, memo: dict) -> ValueRoll:
        return self  # frozen, of numbers and strings: a state's copy shares it

    def to_dict(self) -> dict[str, Any]:
        return {"field": self.field, "dice": self.dice, "faces": list(self.faces), "total": self.total}

    def lines(self, lang: str, indent: int = 0) -> list[str]:
        return ["  " * indent + f"{self.field}: {self.dice} {list(self.faces)} → {self.total}"]


@dataclass(frozen=True)
class TableRoll:
    """One roll on a rules table, with the row it gave and the rolls that row asked for."""

    table: str
    title_fr: str
    title_en: str
    dice: str | None  # None: the row was given without a roll (the ghost's cell)
    faces: tuple[int, ...]
    roll: int | None
    modifiers: tuple[tuple[str, int], ...]
    total: int | None
    row: Row
    subrolls: tuple[TableRoll | ValueRoll, ...] = ()
    note_fr: str = ""
    note_en: str = ""

    def __deepcopy__(self, memo: dict) -> TableRoll:
        return self  # frozen, its row a rules table's (never changed): a state's copy shares it

    @property
    def key(self) -> str:
        return self.row.key

    def sub(self, name: str) -> TableRoll | ValueRoll:
        """The sub-roll of a table or field by name."""
        for s in self.subrolls:
            if (isinstance(s, TableRoll) and s.table == name) or (isinstance(s, ValueRoll) and s.field == name):
                return s
        raise KeyError(name)

    def text(self, lang: str) -> str:
        name = self.row.get(f"name_{lang}", "")
        body = self.row.fr if lang == "fr" else self.row.en
        return " ".join(p for p in (name, body) if p)

    def lines(self, lang: str, indent: int = 0) -> list[str]:
        pad = "  " * indent
        title = self.title_fr if lang == "fr" else self.title_en
        if self.dice is None:
            rolled = "sans jet" if lang == "fr" else "no roll"
        else:
            mods = "".join(f" {v:+d} ({k})" for k, v in self.modifiers)
            rolled = f"{self.dice} {list(self.faces)} → {self.roll}{mods}"
            if self.modifiers:
                rolled += f" = {self.total}"
        out = [f"{pad}{title} — {rolled} — [{self.row.range or self.row.key}] {self.text(lang)}"]
        note = self.note_fr if lang == "fr" else self.note_en
        if note:
            out.append(f"{pad}  {note}")
        for s in self.subrolls:
            out += s.lines(lang, indent + 1)
        return out

    def trace(self) -> dict[str, list[str]]:
        return {"fr": self.lines("fr"), "en": self.lines("en")}

    def to_dict(self, trace: bool = True) -> dict[str, Any]:
        d: dict[str, Any] = {
            "table": self.table, "dice": self.dice, "faces": list(self.faces), "roll": self.roll,
            "modifiers": [{"key": k, "value": v} for k, v in self.modifiers], "total": self.total,
            "row": self.row.key, "range": self.row.range,
            "name_fr": self.row.get("name_fr"), "name_en": self.row.get("name_en"),
            "fr": self.row.fr, "en": self.row.en,
            "subrolls": [s.to_dict(trace=False) if isinstance(s, TableRoll) else s.to_dict()
                         for s in self.subrolls],
        }
        if self.note_fr or self.note_en:
            d["note_fr"], d["note_en"] = self.note_fr, self.note_en
        if trace:
            d["trace"] = self.trace()
        return d


@dataclass(frozen=True)
class InjuryRoll:
    """The injury of one character: one roll, or two to choose from (Vampire Counts)."""

    character: int  # 1-based
    side: str  # "loser" or "winner"
    race: str | None
    rolls: tuple[TableRoll, ...]

    @property
    def choose(self) -> bool:
        return len(self.rolls) > 1

    def lines(self, lang: str) -> list[str]:
        who = (f"Personnage {self.character} ({'vaincu' if self.side == 'loser' else 'vainqueur'})"
               if lang == "fr" else f"Character {self.character} ({self.side})")
        if self.choose:
            who += (f" : {len(self.rolls)} jets, le joueur choisit" if lang == "fr"
                    else f": {len(self.rolls)} rolls, the player chooses")
        out = [who]
        for r in self.rolls:
            out += r.lines(lang, 1)
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"character": self.character, "side": self.side, "race": self.race, "choose": self.choose,
                "rolls": [r.to_dict(trace=False) for r in self.rolls]}


@dataclass(frozen=True)
class AfterBattle:
    winner_race: str | None
    loser_race: str | None
    spoils: TableRoll
    defeat: TableRoll
    fate: TableRoll
    injuries: tuple[InjuryRoll, ...] = field(default=())

    def lines(self, lang: str) -> list[str]:
        out = self.spoils.lines(lang) + self.defeat.lines(lang) + self.fate.lines(lang)
        for i in self.injuries:
            out += i.lines(lang)
        return out

    def trace(self) -> dict[str, list[str]]:
        return {"fr": self.lines("fr"), "en": self.lines("en")}

    def to_dict(self) -> dict[str, Any]:
        return {"winner_race": self.winner_race, "loser_race": self.loser_race,
                "spoils_of_war": self.spoils.to_dict(trace=False),
                "ignominious_defeat": self.defeat.to_dict(trace=False),
                "fate_of_beaten_army": self.fate.to_dict(trace=False),
                "injuries": [i.to_dict() for i in self.injuries], "trace": self.trace()}


# --------------------------------------------------------------------------- rolling


def _is_dice(value: Any) -> bool:
    if not isinstance(value, str) or "d" not in value.lower():
        return False
    try:
        parse(value)
    except CampagneError:
        return False
    return True


def _roll_table(dice: Dice, table: Table, purpose: str,
                applied: Iterable[tuple[str, int]] = ()) -> TableRoll:
    row, lookup = table.roll(dice, purpose, applied)
    faces = dice.records[-1].faces
    return TableRoll(table.name, table.title_fr, table.title_en, table.dice, tuple(faces), lookup.roll,
                     lookup.modifiers, lookup.total, row, _subrolls(dice, row, purpose))


def _subrolls(dice: Dice, row: Row, purpose: str) -> tuple[TableRoll | ValueRoll, ...]:
    subs: list[TableRoll | ValueRoll] = []
    for name, value in row.data.items():
        if name in _NOT_ROLLED_NOW or not _is_dice(value):
            continue
        rec = dice.roll_record(value, f"{purpose}: {row.key}.{name}")
        subs.append(ValueRoll(name, rec.expr, tuple(rec.faces), rec.total))
    sub_names = [row.get(f) for f in _SUB_TABLE_FIELDS if row.get(f)]
    if row.get("effect") == "roll_table" and row.get("table"):
        sub_names.append(row.get("table"))
    for name in sub_names:
        subs.append(_roll_table(dice, tables()[name], f"{purpose}: {name}"))
    return tuple(subs)


def roll_table(dice: Dice, name: str, purpose: str, applied: Iterable[tuple[str, int]] = ()) -> TableRoll:
    """One roll on the named table of tables.toml, with the sub-rolls its row asks for."""
    return _roll_table(dice, tables()[name], purpose, applied)


def given_row(dice: Dice, name: str, value: int, purpose: str) -> TableRoll:
    """A row reached without rolling its table (event 35 gives « le butin de guerre Fière bannière »), with
    the rolls that row asks for."""
    table = tables()[name]
    row = table.lookup(value)
    return TableRoll(table.name, table.title_fr, table.title_en, None, (), None, (), None, row,
                     _subrolls(dice, row, purpose))


def random_event(dice: Dice) -> TableRoll:
    """Phase 2: the d66 random event, with the rolls its row names (2D3kl1, 1D3, 1D3+1, a table...)."""
    return _roll_table(dice, tables()["events"], "gorges random event")


def search(dice: Dice, ghost_here: bool = False, fruitful_search: bool = False,
           modifiers: Iterable[tuple[str, int]] = ()) -> TableRoll:
    """Phase 3: the search roll of one territory (6 = relic point; on the ghost's cell one without a roll).

    `fruitful_search` applies event 26 (+1: relics on 5-6); `modifiers` are more (key, times) pairs of the
    search table's named modifiers.
    """
    table = tables()["search"]
    if ghost_here and table.data.get("ghost_cell_automatic"):
        row = next(r for r in table.rows if r.get("relic_points", 0) > 0)
        return TableRoll(table.name, table.title_fr, table.title_en, None, (), None, (), None, row,
                         note_fr=table.data["ghost_fr"], note_en=table.data["ghost_en"])
    applied = list(modifiers) + ([("fruitful_search", 1)] if fruitful_search else [])
    return _roll_table(dice, table, "gorges search", applied)


def mine(dice: Dice, dark_elf_slaves: bool = False, modifiers: Iterable[tuple[str, int]] = ()) -> TableRoll:
    """Phase 4: the production of one mine (collapse / gold and iron 1D6x50 / fabulous treasure 1D6x10)."""
    applied = list(modifiers) + ([("dark_elf_slaves", 1)] if dark_elf_slaves else [])
    return _roll_table(dice, tables()["mines"], "gorges mine", applied)


def two_armies(dice: Dice) -> TableRoll:
    """Phase 8: two armies in one territory and no challenge (the D6 table)."""
    return _roll_table(dice, tables()["no_challenge"], "gorges two armies")


def injury(dice: Dice, race: str | None = None, character: int = 1, side: str = "loser") -> InjuryRoll:
    """The character injuries roll of one character; a race with `injury_rolls` (Vampire Counts: 2) rolls
    that many times and the player chooses."""
    key = race_key(race)
    times = int(races()[key].get("injury_rolls", 1)) if key else 1
    table = tables()["character_injuries"]
    rolls = tuple(_roll_table(dice, table, f"gorges injury {side} {character}") for _ in range(times))
    return InjuryRoll(character, side, key, rolls)


def _check_count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_CHARACTERS:
        raise CampagneError("gorges.bad_characters", value=value, maximum=MAX_CHARACTERS)
    return value


def after_battle(dice: Dice, winner_race: str | None = None, loser_race: str | None = None,
                 characters_hurt: int = 0, winner_characters_hurt: int = 0) -> AfterBattle:
    """After a battle: the winner's spoils of war, the loser's ignominious defeat, the fate of the beaten
    army (the winner rolls), then one injury roll per character hurt (`characters_hurt` on the losing side,
    `winner_characters_hurt` on the winning side), each side's race deciding how many rolls it makes."""
    winner, loser = race_key(winner_race), race_key(loser_race)
    _check_count(characters_hurt)
    _check_count(winner_characters_hurt)
    t = tables()
    spoils = _roll_table(dice, t["spoils_of_war"], "gorges spoils of war")
    defeat = _roll_table(dice, t["ignominious_defeats"], "gorges ignominious defeat")
    fate = _roll_table(dice, t["fate_of_beaten_army"], "gorges fate of the beaten army")
    injuries = [injury(dice, loser, i + 1, "loser") for i in range(characters_hurt)]
    injuries += [injury(dice, winner, i + 1, "winner") for i in range(winner_characters_hurt)]
    return AfterBattle(winner, loser, spoils, defeat, fate, tuple(injuries))


__all__ = [
    "AfterBattle",
    "InjuryRoll",
    "TableRoll",
    "ValueRoll",
    "after_battle",
    "given_row",
    "injury",
    "mine",
    "random_event",
    "roll_table",
    "search",
    "two_armies",
]
