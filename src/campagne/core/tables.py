"""Rules tables as data: rows keyed by ranges, named modifiers, French text beside English.

A table file is TOML; each top-level table is one rules table::

    [supply]
    title_fr = "TABLE DU MANQUE DE RAVITAILLEMENT"
    title_en = "Lack of supply"
    dice = "1D6"
    clamp = true               # the first row covers everything below, the last everything above
    [[supply.rows]]
    range = "1-"               # as printed in the seed: "2", "4-5", "6+", "1-", "3 à 4", "-1 à -2", "-5"
    key = "ld_desertion_halt"  # what the rules code acts on
    fr = "Chaque unité ..."    # the seed's text
    en = "Every unit ..."
    [[supply.modifiers]]
    key = "unsupplied_turn"
    value = -1
    fr = "Chaque tour consécutif sans ravitaillement"
    en = "Each consecutive turn without supply"

Any extra keys on a row (losses, loot, ...) are kept in `Row.data`. Rows may also be keyed by
a text `key` only (no range) for tables read by name, such as the tax table.

Parsing the TOML text is the caller's business (the core does no I/O): `TableSet.from_toml_text`.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .dice import Dice
from .dice_notation import Distribution, convolve, parse
from .errors import CampagneError, bilingual

_NUM = r"[-−]?\d+"
_RANGE_FORMS = [
    (re.compile(rf"^({_NUM})$"), lambda a: (a, a)),
    (re.compile(rf"^({_NUM})\+$"), lambda a: (a, None)),
    (re.compile(rf"^({_NUM})-$"), lambda a: (None, a)),
    (re.compile(rf"^({_NUM})\s*(?:-|à|\.\.)\s*({_NUM})$"), lambda a, b: (min(a, b), max(a, b))),
]


def parse_range(text: str) -> tuple[int | None, int | None]:
    """'4-5' -> (4, 5); '6+' -> (6, None); '1-' -> (None, 1); '-1 à -2' -> (-2, -1); '0' -> (0, 0)."""
    t = text.strip()
    for pattern, build in _RANGE_FORMS:
        m = pattern.match(t)
        if m:
            return build(*(int(g.replace("−", "-")) for g in m.groups()))
    raise ValueError(f"not a range: {text!r}")


@dataclass(frozen=True)
class Row:
    key: str
    fr: str
    en: str
    range: str | None = None
    low: int | None = None
    high: int | None = None
    data: Mapping[str, Any] = field(default_factory=dict)

    def __deepcopy__(self, memo: dict) -> Row:
        return self  # a rules table's row, never changed: a state's copy shares it (copies are made per candidate)

    def covers(self, value: int) -> bool:
        return (self.low is None or value >= self.low) and (self.high is None or value <= self.high)

    def text(self, lang: str) -> str:
        return self.fr if lang == "fr" else self.en

    def get(self, name: str, default: Any = None) -> Any:
        return self.data.get(name, default)


@dataclass(frozen=True)
class Modifier:
    key: str
    value: int
    fr: str
    en: str
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Lookup:
    """What a table lookup did, as the journal records it."""

    table: str
    roll: int | None
    modifiers: tuple[tuple[str, int], ...]
    total: int
    row: str

    def to_dict(self) -> dict:
        return {"table": self.table, "roll": self.roll,
                "modifiers": [{"key": k, "value": v} for k, v in self.modifiers],
                "total": self.total, "row": self.row}


@dataclass(frozen=True)
class Table:
    name: str
    title_fr: str
    title_en: str
    dice: str | None
    rows: tuple[Row, ...]
    modifiers: tuple[Modifier, ...] = ()
    clamp: bool = False
    data: Mapping[str, Any] = field(default_factory=dict)

    # -- reading
    def row(self, key: str) -> Row:
        for r in self.rows:
            if r.key == key:
                return r
        raise CampagneError("table.no_row", table=self.name, value=key)

    def modifier(self, key: str) -> Modifier:
        for m in self.modifiers:
            if m.key == key:
                return m
        raise CampagneError("table.no_row", table=self.name, value=key)

    def lookup(self, value: int) -> Row:
        for r in self.rows:
            if r.covers(value):
                return r
        if self.clamp and self.ranged_rows:
            lowest = min(self.ranged_rows, key=lambda r: r.low if r.low is not None else -10**9)
            highest = max(self.ranged_rows, key=lambda r: r.high if r.high is not None else 10**9)
            if lowest.low is not None and value < lowest.low:
                return lowest
            if highest.high is not None and value > highest.high:
                return highest
        raise CampagneError("table.no_row", table=self.name, value=value)

    @property
    def ranged_rows(self) -> tuple[Row, ...]:
        return tuple(r for r in self.rows if r.range is not None)

    # -- rolling
    def modifier_total(self, applied: Iterable[tuple[str, int]]) -> tuple[tuple[str, int], ...]:
        """Named modifiers with how many times each applies -> (key, signed value) pairs."""
        out = []
        for key, times in applied:
            if times:
                out.append((key, self.modifier(key).value * times))
        return tuple(out)

    def roll(self, dice: Dice, purpose: str, applied: Iterable[tuple[str, int]] = (),
             extra: int = 0) -> tuple[Row, Lookup]:
        """Roll the table's dice, add the named modifiers (key, times) and `extra`, read the row."""
        if self.dice is None:
            raise CampagneError("table.malformed", file=self.name,
                                reason=bilingual("this table is not rolled", "cette table ne se lance pas"))
        mods = self.modifier_total(applied)
        if extra:
            mods = mods + (("extra", extra),)
        rolled = dice.roll(self.dice, purpose)
        total = rolled + sum(v for _, v in mods)
        row = self.lookup(total)
        return row, Lookup(self.name, rolled, mods, total, row.key)

    def outcome_distribution(self, shift: int = 0, dice: str | None = None) -> dict[str, Fraction]:
        """Exact probability of each row when the table's dice (or `dice`) are rolled with `shift` added."""
        dist: Distribution = parse(dice or self.dice).distribution()  # type: ignore[arg-type]
        out: dict[str, Fraction] = {}
        for total, p in dist.items():
            key = self.lookup(total + shift).key
            out[key] = out.get(key, Fraction(0)) + p
        return out


@dataclass(frozen=True)
class TableSet:
    tables: Mapping[str, Table]
    source: str = "<tables>"

    def __getitem__(self, name: str) -> Table:
        try:
            return self.tables[name]
        except KeyError:
            raise CampagneError("table.unknown", table=name) from None

    def __contains__(self, name: str) -> bool:
        return name in self.tables

    def __iter__(self):
        return iter(self.tables.values())

    @classmethod
    def from_toml_text(cls, text: str, source: str = "<tables>") -> TableSet:
        try:
            raw = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise CampagneError("table.malformed", file=source, reason=str(exc)) from None
        return cls.from_mapping(raw, source)

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any], source: str = "<tables>") -> TableSet:
        tables = {}
        for name, body in raw.items():
            if not isinstance(body, dict):
                continue
            tables[name] = _build_table(name, body, source)
        return cls(tables, source)


_ROW_FIELDS = {"key", "fr", "en", "range"}
_TABLE_FIELDS = {"title_fr", "title_en", "dice", "rows", "modifiers", "clamp"}


def _build_table(name: str, body: Mapping[str, Any], source: str) -> Table:
    def bad(reason: str) -> CampagneError:
        return CampagneError("table.malformed", file=source, reason=f"[{name}] {reason}")

    for part in ("rows", "modifiers"):
        items = body.get(part, [])
        if not isinstance(items, list) or not all(isinstance(x, dict) for x in items):
            raise bad(f"{part} must be a list of tables")
    rows = []
    for i, r in enumerate(body.get("rows", [])):
        if "key" not in r or "fr" not in r or "en" not in r:
            raise bad(f"row {i + 1} needs key, fr and en")
        low = high = None
        rng = r.get("range")
        if rng is not None:
            try:
                low, high = parse_range(str(rng))
            except ValueError as exc:
                raise bad(str(exc)) from None
        rows.append(Row(key=r["key"], fr=r["fr"], en=r["en"], range=None if rng is None else str(rng),
                        low=low, high=high, data={k: v for k, v in r.items() if k not in _ROW_FIELDS}))
    mods = []
    for i, m in enumerate(body.get("modifiers", [])):
        if not {"key", "value", "fr", "en"} <= set(m):
            raise bad(f"modifier {i + 1} needs key, value, fr and en")
        if not isinstance(m["value"], int) or isinstance(m["value"], bool):
            raise bad(f"modifier {i + 1} needs a whole-number value")
        mods.append(Modifier(m["key"], int(m["value"]), m["fr"], m["en"],
                             {k: v for k, v in m.items() if k not in {"key", "value", "fr", "en"}}))
    dice = body.get("dice")
    if dice is not None:
        if not isinstance(dice, str):
            raise bad("dice must be a dice expression in quotes")
        try:
            parse(dice)
        except CampagneError as exc:  # a bad expression in a table file is a malformed file
            raise bad(exc.message("en")) from None
    return Table(name=name, title_fr=body.get("title_fr", name), title_en=body.get("title_en", name),
                 dice=dice, rows=tuple(rows), modifiers=tuple(mods), clamp=bool(body.get("clamp", False)),
                 data={k: v for k, v in body.items() if k not in _TABLE_FIELDS})


def shift_distribution(dist: Distribution, shift: int) -> Distribution:
    return {k + shift: p for k, p in dist.items()}


__all__ = ["Lookup", "Modifier", "Row", "Table", "TableSet", "parse_range", "shift_distribution", "convolve"]
