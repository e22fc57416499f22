"""The packaged data of the Atlantis ruleset: tables and fixed numbers of seed 000."""

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
    return TableSet.from_toml_text(read_text("tables.toml"), "atlantis/data/tables.toml")


@cache
def constants() -> dict[str, Any]:
    return tomllib.loads(read_text("constants.toml"))
