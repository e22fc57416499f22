"""Where a study's games are played: Dask distributed, on a local cluster of processes (one thread each: the
games are pure Python, one interpreter lock per process) or on an existing cluster by its scheduler's address."""

from __future__ import annotations

import logging
import socket
from collections.abc import Callable, Sequence
from typing import Any

from ..core.errors import CampagneError, register_messages
from .play import play_one

CONNECT_SECONDS = 10
MAX_CHUNK = 16


def check_address(address: str) -> str:
    """The scheduler's address as Dask reads it; a TCP one must answer now (a refusal is one sentence, at once,
    rather than Dask's retries until its time-out)."""
    from distributed.comm import parse_address
    full = address if "://" in address else f"tcp://{address}"
    try:
        scheme, location = parse_address(full)
    except ValueError:
        raise CampagneError("studies.bad_address", address=address) from None
    if scheme == "tcp":
        host, _, port = location.rpartition(":")
        if not host or not port.isdigit():
            raise CampagneError("studies.bad_address", address=address)
        try:
            socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_SECONDS).close()
        except (OSError, ValueError):
            raise CampagneError("studies.no_scheduler", address=address) from None
    return full


def chunk_size(games: int, threads: int) -> int:
    """Games per Dask task: a few tasks per worker thread at least (the last ones even out the load), at most
    MAX_CHUNK (the progress bar moves; a lost worker loses little). Dask's scheduler spends about a millisecond
    on a task: one a game would bound a hundred-core cluster's pace (docs/studies.md)."""
    if threads < 1:  # no worker yet (a cluster that grows on demand): its size is unknown
        return 1
    return max(1, min(MAX_CHUNK, games // (4 * threads)))


def play_many(tasks: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    return [play_one(t) for t in tasks]


def play_all(tasks: Sequence[dict[str, Any]], workers: int = 1, cluster: str | None = None,
             on_done: Callable[[int], None] | None = None) -> list[dict[str, Any]]:
    """Every task's row, in the tasks' order, played on `workers` local processes or on the cluster at `cluster`;
    `on_done(k)` as the k-th game ends."""
    from distributed import Client, LocalCluster, as_completed
    local = None
    if cluster:
        address = check_address(cluster)
        try:
            client = Client(address, timeout=CONNECT_SECONDS)
        except (OSError, TimeoutError):
            raise CampagneError("studies.no_scheduler", address=cluster) from None
    else:
        local = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
                             silence_logs=logging.CRITICAL)
        client = Client(local)
    try:
        size = chunk_size(len(tasks), sum(client.nthreads().values()))
        chunks = [list(tasks[i:i + size]) for i in range(0, len(tasks), size)]
        rows: dict[int, dict[str, Any]] = {}
        for future in as_completed(client.map(play_many, chunks, pure=False)):
            for row in future.result():
                rows[row["game"]] = row
            if on_done:
                on_done(len(rows))
        return [rows[t["index"]] for t in tasks]
    finally:
        client.close()
        if local is not None:
            local.close()


register_messages({
    "studies.bad_address": {"en": "{address} is not a Dask scheduler's address (tcp://HOST:PORT).",
                            "fr": "{address} n'est pas l'adresse d'un ordonnanceur Dask (tcp://HÔTE:PORT)."},
    "studies.no_scheduler": {
        "en": "No Dask scheduler answers at {address}: start one with `dask scheduler` and give its address.",
        "fr": "Aucun ordonnanceur Dask ne répond à {address} : lancez-en un avec `dask scheduler` et donnez son "
              "adresse."},
})
