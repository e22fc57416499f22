"""Helpers of tests that shape journal files by hand."""

from __future__ import annotations

import json
from pathlib import Path

from campagne.storage import journal as jfile


def cut(path: Path, drop: int) -> None:
    """Cut the journal's last `drop` lines as if it had been written only so far: the line left last ends its batch
    (its "more" mark, if the whole file was one batch, taken away; the chain before it is unchanged)."""
    lines = path.read_text(encoding="utf-8").splitlines()[:-drop]
    last = json.loads(lines[-1])
    if last.pop("more", None):
        lines[-1] = jfile.dumps(last)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
