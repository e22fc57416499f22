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
        futures = client.map(play_one, list(tasks), pure=False)
        rows: dict[int, dict[str, Any]] = {}
        for future in as_completed(futures):
            row = future.result()
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
