"""A whole study: its games played (engine), their rows written (table) and drawn (report). Nothing is written
before every game has been played: a refused option or a failed game leaves the disk as it was."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import CampagneError, register_messages
from . import engine, report, table
from .spec import Spec, playable, tasks

MAX_WORKERS = 1024


@dataclass(frozen=True)
class Written:
    games: int
    rows: Path
    report: Path


def check_where(out: Path, workers: int | None, cluster: str | None) -> int:
    """The number of local workers (default: one per core), or the refusal of where the study would run or write."""
    if workers is not None and cluster:
        raise CampagneError("studies.workers_and_cluster")
    if workers is not None and not 1 <= workers <= MAX_WORKERS:
        raise CampagneError("studies.workers", count=workers, most=MAX_WORKERS)
    if out.exists() and not out.is_dir():
        raise CampagneError("studies.out_not_dir", path=str(out))
    if cluster:
        engine.check_address(cluster)
    return workers or os.cpu_count() or 1


def run_study(spec: Spec, out: Path, workers: int | None = None, cluster: str | None = None, lang: str = "en",
              on_done: Callable[[int], None] | None = None) -> Written:
    local = check_where(out, workers, cluster)
    rows = engine.play_all(tasks(spec), local, cluster, on_done)
    out.mkdir(parents=True, exist_ok=True)
    path = table.write(rows, out)
    title = playable(spec.game).title
    page = report.write(table.read(out), out, title.get(lang, title["en"]), lang)
    return Written(len(rows), path, page)


register_messages({
    "studies.workers_and_cluster": {
        "en": "--workers starts a cluster on this machine and --cluster uses an existing one: give one of them.",
        "fr": "--workers lance une grappe sur cette machine et --cluster en utilise une existante : donnez l'un des "
              "deux."},
    "studies.workers": {"en": "--workers takes 1 to {most} workers, not {count}.",
                        "fr": "--workers prend de 1 à {most} processus, pas {count}."},
    "studies.out_not_dir": {"en": "{path} is a file, not a folder: --out names the study's folder.",
                            "fr": "{path} est un fichier, pas un dossier : --out nomme le dossier de l'étude."},
    "studies.needs_out": {"en": "{option} goes with --out DIR (the study written to a folder).",
                          "fr": "{option} va avec --out DOSSIER (l'étude écrite dans un dossier)."},
})
