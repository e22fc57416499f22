"""The packaged data of the WAB ruleset: the reference sheet's tables (seed 002) and unit defaults."""

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
    """Every table of the sheet (data/tables.toml), parsed once."""
    return TableSet.from_toml_text(read_text("tables.toml"), "wab/data/tables.toml")


@cache
def equipment() -> dict[str, Any]:
    """Protective equipment names and the saves-table row each one reads (data/equipment.toml)."""
    return tomllib.loads(read_text("equipment.toml"))


@cache
def unit_defaults() -> dict[str, Any]:
    """Defaults for units the sheet does not fix (data/units.toml)."""
    return tomllib.loads(read_text("units.toml"))


@cache
def gorges_roster() -> dict[str, Any]:
    """A Gorges army as a WAB army list: the hero, the standard roster, a Regiment of Renown (data/gorges.toml)."""
    return tomllib.loads(read_text("gorges.toml"))
