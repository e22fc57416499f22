"""The packaged data of the Gorges Tranchées ruleset: tables, races and fixed numbers of seed 001."""

from __future__ import annotations

import tomllib
from functools import cache
from typing import Any

from ...core.tables import TableSet
from ..packaged import read_data


def read_text(name: str) -> str:
    return read_data(__package__, name)


@cache
def tables() -> TableSet:
    return TableSet.from_toml_text(read_text("tables.toml"), "gorges/data/tables.toml")


@cache
def races() -> dict[str, dict[str, Any]]:
    """Race key -> its fields (heading, name_fr, name_en, fr, en, and the numbers the rules act on)."""
    return tomllib.loads(read_text("races.toml"))


@cache
def constants() -> dict[str, Any]:
    return tomllib.loads(read_text("constants.toml"))
