"""Reading a ruleset's packaged data files (its `data/` folder, shipped inside the package)."""

from __future__ import annotations

from importlib import resources


def read_data(package: str, name: str) -> str:
    return resources.files(package).joinpath("data", name).read_text(encoding="utf-8")
