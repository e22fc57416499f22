"""Studies at scale (campagne.studies on Dask): games per second per core for each game's simulation with the
heuristic players (each game played and described as a study's row), Dask's own overheads (a local cluster's
start, the cost of one task), the speed-up from 1 to 2 local worker processes (goal >= 1.8x) and, with --study N,
a whole N-game Atlantis study with its report as `campagne study atlantis --games N --out DIR` runs it (goal for
1,000 games: under 10 minutes on a 2-core machine). Exits 1 when a goal is missed.

    .venv/bin/python benchmarks/bench_studies.py                  # about two minutes on 2 idle cores
    .venv/bin/python benchmarks/bench_studies.py --study 1000     # and the 1,000-game study

CPU seconds are printed beside wall seconds: on a machine shared with other work the CPU time of a game is what
a dedicated core would take, the wall time is what this run got.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import tempfile
import time
from pathlib import Path

# per game: (players, games timed in-process); Arc's games take seconds each, so fewer of them
GAMES = {"atlantis": (4, 8), "gorges": (4, 4), "skirmish": (2, 8), "arc": (3, 2)}
SCALING_GAMES = 40  # four-player, twelve-turn Atlantis campaigns, on 1 then 2 workers


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (5 min {five:.1f}) on {os.cpu_count()} cores"


def per_game() -> None:
    from campagne.studies import play, spec
    print("games per second per core (in-process, one game after the other; each described as a study's row):")
    for name, (players, count) in GAMES.items():
        tasks = spec.tasks(spec.build(name, count, players, 12, "bench"))
        play.play_one(tasks[0])  # imports and data files
        wall, cpu = time.perf_counter(), time.process_time()
        for t in tasks:
            play.play_one(t)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        print(f"  {name:<9} {players} players: {count / cpu:6.2f} games/s per core "
              f"({1000 * cpu / count:7.0f} ms of CPU a game; wall {1000 * wall / count:7.0f} ms)")


def _warm() -> None:
    from campagne.studies import play, spec
    play.play_one(spec.tasks(spec.build("atlantis", 1, 2, 1, "warm"))[0])


def _nothing(i: int) -> int:
    return i


def dask_overheads() -> None:
    from distributed import Client, LocalCluster
    print("Dask's overheads:")
    for workers in (1, 2):
        t = time.perf_counter()
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
                          silence_logs=logging.CRITICAL) as cluster, Client(cluster) as client:
            started = time.perf_counter() - t
            t = time.perf_counter()
            client.run(_warm)
            warm = time.perf_counter() - t
            client.gather(client.map(_nothing, range(100), pure=False))
            t = time.perf_counter()
            client.gather(client.map(_nothing, range(2000), pure=False))
            task = (time.perf_counter() - t) / 2000
        closed = time.perf_counter() - t
        print(f"  {workers} worker process(es): cluster start {started:5.2f} s, first game's imports {warm:5.2f} s, "
              f"{1000 * task:5.2f} ms a task (2,000 empty tasks), close {closed - 2000 * task:4.2f} s")


def scaling() -> bool:
    """The same campaigns on 1 then 2 worker processes: wall seconds, and the CPU seconds the workers and this
    process (client and scheduler) spent, from which the wall time on idle cores follows when others' work takes
    the cores of a shared machine."""
    from distributed import Client, LocalCluster
    from campagne.studies import engine, spec
    tasks = spec.tasks(spec.build("atlantis", SCALING_GAMES, 4, 12, "scale"))
    seconds, idle = {}, {}
    for workers in (1, 2):
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
                          silence_logs=logging.CRITICAL) as cluster, Client(cluster) as client:
            client.run(_warm)
            size = engine.chunk_size(len(tasks), workers)
            chunks = [tasks[i:i + size] for i in range(0, len(tasks), size)]
            before, mine = client.run(time.process_time), time.process_time()
            t = time.perf_counter()
            client.gather(client.map(engine.play_many, chunks, pure=False))
            seconds[workers] = time.perf_counter() - t
            after, mine = client.run(time.process_time), time.process_time() - mine
        busy = [after[w] - before[w] for w in after]
        # on `cores` idle cores: the busiest worker's CPU, or all the CPU spread over the cores, whichever is more
        cores = os.cpu_count() or 1
        idle[workers] = max(max(busy), (sum(busy) + mine) / cores)
        print(f"  {SCALING_GAMES} Atlantis campaigns on {workers} worker(s): {seconds[workers]:6.2f} s wall "
              f"({SCALING_GAMES / seconds[workers]:.2f} games/s); CPU: workers "
              f"{' + '.join(f'{b:.2f}' for b in busy)} s, client and scheduler {mine:.2f} s")
    ratio = seconds[1] / seconds[2]
    print(f"  speed-up from 1 to 2 workers: {ratio:.2f}x wall (goal >= 1.8x); {idle[1] / idle[2]:.2f}x on idle cores "
          f"from the CPU spent  [{load()}]")
    return ratio >= 1.8


def whole_study(games: int) -> bool:
    """As `campagne study atlantis --games N --players 4 --out DIR` runs it (studies.run.run_study), step by step."""
    import pickle

    from campagne.studies import engine, report, spec, table
    from campagne.studies.run import check_where
    study = spec.build("atlantis", games, 4, 12, 1)
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        t0, cpu = time.perf_counter(), time.process_time()
        rows = engine.play_all(spec.tasks(study), check_where(out, None, None))
        t1 = time.perf_counter()
        path = table.write(rows, out)
        t2 = time.perf_counter()
        page = report.write(table.read(out), out, "Atlantis", "en")
        t3 = time.perf_counter()
        sizes = path.stat().st_size, page.stat().st_size, len(pickle.dumps(rows)) / len(rows)
    goal = 600 * games / 1000
    print(f"  {games}-game Atlantis study (4 players, 12 turns) with its report, {os.cpu_count()} local workers: "
          f"{t3 - t0:6.1f} s (goal < {goal:.0f} s): games on Dask {t1 - t0:.1f} s (cluster start included), "
          f"Parquet {t2 - t1:.2f} s, report {t3 - t2:.1f} s; games.parquet {sizes[0] // 1024} KiB, report.html "
          f"{sizes[1] // 1024} KiB, {sizes[2] / 1024:.1f} KiB a row as Dask sends it; this process's CPU "
          f"{time.process_time() - cpu:.1f} s  [{load()}]")
    return t3 - t0 < goal


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--study", type=int, default=0, help="Also run an N-game Atlantis study with its report.")
    parser.add_argument("--skip", nargs="*", default=[], choices=["games", "overheads", "scaling"])
    args = parser.parse_args()
    print(f"[{load()}]")
    ok = True
    if "games" not in args.skip:
        per_game()
    if "overheads" not in args.skip:
        dask_overheads()
    if "scaling" not in args.skip:
        ok &= scaling()
    if args.study:
        ok &= whole_study(args.study)
    print(f"[{load()}]")
    return 0 if ok else 1


if __name__ == "__main__":  # Dask's worker processes are spawned: they import this file without running it
    sys.exit(main())
