"""A study's rows as one Parquet table (DIR/games.parquet), one row per game, its columns the same for every game
of the study (an event type one game never saw counts 0 in it).

Columns: game, seed, players, player_ids, controllers, start_KEY (per player, aligned with player_ids), turns_asked,
turns, commands, ended, rank and score (per player), winners, battles, turn_numbers, events_TYPE (per turn,
aligned with turn_numbers), figure_NAME (per turn, per player), vary_FIELD.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

GAMES_FILE = "games.parquet"


def to_table(rows: Sequence[dict[str, Any]]) -> Any:
    import pyarrow as pa
    rows = sorted(rows, key=lambda r: r["game"])
    starts = sorted({k for r in rows for k in r["start"]})
    kinds = sorted({k for r in rows for k in r["events"]})
    figures = sorted({k for r in rows for k in r["figures"]})
    varied = list(dict.fromkeys(k for r in rows for k in r["vary"]))
    text, whole, real = pa.string(), pa.int64(), pa.float64()
    columns: dict[str, tuple[Any, list[Any]]] = {
        "game": (whole, [r["game"] for r in rows]),
        "seed": (text, [r["seed"] for r in rows]),
        "players": (whole, [r["players"] for r in rows]),
        "player_ids": (pa.list_(text), [r["player_ids"] for r in rows]),
        "controllers": (pa.list_(text), [r["controllers"] for r in rows]),
    }
    for key in starts:
        columns[f"start_{key}"] = (pa.list_(text), [r["start"].get(key, [""] * r["players"]) for r in rows])
    columns.update({
        "turns_asked": (whole, [r["turns_asked"] for r in rows]),
        "turns": (whole, [r["turns"] for r in rows]),
        "commands": (whole, [r["commands"] for r in rows]),
        "ended": (pa.bool_(), [r["ended"] for r in rows]),
        "rank": (pa.list_(whole), [r["rank"] for r in rows]),
        "score": (pa.list_(real), [r["score"] for r in rows]),
        "winners": (pa.list_(text), [r["winners"] for r in rows]),
        "battles": (whole, [r["battles"] for r in rows]),
        "turn_numbers": (pa.list_(whole), [r["turn_numbers"] for r in rows]),
    })
    for kind in kinds:
        columns[f"events_{kind}"] = (pa.list_(whole), [r["events"].get(kind, [0] * len(r["turn_numbers"]))
                                                       for r in rows])
    for name in figures:
        columns[f"figure_{name}"] = (pa.list_(pa.list_(real)), [r["figures"].get(name) for r in rows])
    for field in varied:
        columns[f"vary_{field}"] = (text, [r["vary"].get(field) for r in rows])
    schema = pa.schema([(name, kind) for name, (kind, _) in columns.items()])
    return pa.table({name: values for name, (_, values) in columns.items()}, schema=schema)


def write(rows: Sequence[dict[str, Any]], directory: Path) -> Path:
    """Write the rows whole or not at all (beside the name, then renamed over it)."""
    import pyarrow.parquet as pq
    path = directory / GAMES_FILE
    part = directory / (GAMES_FILE + ".part")
    pq.write_table(to_table(rows), part)
    os.replace(part, path)
    return path


def read(directory: Path) -> list[dict[str, Any]]:
    import pyarrow.parquet as pq
    return pq.read_table(directory / GAMES_FILE).to_pylist()
