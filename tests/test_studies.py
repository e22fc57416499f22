"""Studies at scale (campagne.studies, `campagne study GAME --games N --out DIR`): the same seeds give the same
Parquet rows on one local worker, two, and a cluster given by its address; every refusal is one sentence, status 2,
nothing written; the report is one self-contained page in either language."""

from __future__ import annotations

import logging
import socket
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from campagne.cli.main import app
from campagne.studies import engine, play, report, spec, table

RUNNER = CliRunner()
CLEAN = {"CAMPAGNE_LANG": "", "CAMPAGNE_JSON": "", "CAMPAGNE_CAMPAIGN": ""}
# A tiny study: four short two-player Atlantis campaigns (their figures, events and start positions all there).
TINY = ["study", "atlantis", "--games", "4", "--players", "2", "--turns", "2", "--seed", "9"]


def study(*args: object):
    return RUNNER.invoke(app, [str(a) for a in args], env=CLEAN)


@pytest.fixture(scope="module")
def here_rows() -> list[dict]:
    """The tiny study played here, in this process, one game after the other: what every cluster must give."""
    s = spec.build("atlantis", 4, 2, 2, 9)
    return [play.play_one(t) for t in spec.tasks(s)]


def parquet(directory: Path):
    import pyarrow.parquet as pq
    return pq.read_table(directory / "games.parquet")


@pytest.fixture
def quick_report(monkeypatch):
    """The report's plots left out where a test is about the rows (drawing them takes a second or two)."""
    monkeypatch.setattr(report, "_svg", _no_plot)


def _no_plot(fig) -> str:
    import matplotlib.pyplot as plt
    plt.close(fig)
    return "<svg></svg>"


@pytest.mark.parametrize("threads", [1, 2])
def test_rows_are_the_same_on_a_cluster_given_by_its_address(tmp_path, here_rows, quick_report, threads,
                                                             monkeypatch) -> None:
    """An existing cluster (here in this process: its workers are threads) by its scheduler's address; with one
    thread, three games a task (and the last task holding the one left)."""
    from distributed import LocalCluster
    if threads == 1:
        monkeypatch.setattr(engine, "chunk_size", lambda games, threads: 3)
    with LocalCluster(n_workers=threads, threads_per_worker=1, processes=False, dashboard_address=None,
                      silence_logs=logging.CRITICAL) as cluster:
        r = study(*TINY, "--out", tmp_path, "--cluster", cluster.scheduler_address)
    assert r.exit_code == 0, r.output
    assert parquet(tmp_path).equals(table.to_table(here_rows))
    assert (tmp_path / "report.html").is_file()


# Each starts a local cluster of worker processes (a few seconds: every process imports Dask and the game).
@pytest.mark.study
@pytest.mark.parametrize("workers", [1, 2])
def test_rows_are_the_same_on_local_worker_processes(tmp_path, here_rows, quick_report, workers) -> None:
    r = study(*TINY, "--out", tmp_path, "--workers", workers, "--json")
    assert r.exit_code == 0, r.output
    assert parquet(tmp_path).equals(table.to_table(here_rows))


def test_a_task_holds_a_few_games_for_each_worker_thread_and_sixteen_at_most() -> None:
    assert engine.chunk_size(1000, 2) == 16 and engine.chunk_size(40, 2) == 5 and engine.chunk_size(4, 2) == 1
    assert engine.chunk_size(4, 0) == 1


def test_a_row_holds_the_game_its_start_positions_its_standing_and_its_turns(here_rows) -> None:
    rows = table.to_table(here_rows).to_pylist()
    assert [r["seed"] for r in rows] == ["9/0", "9/1", "9/2", "9/3"] and [r["game"] for r in rows] == [0, 1, 2, 3]
    for r, raw in zip(rows, here_rows):
        assert r["player_ids"] == ["p1", "p2"] and r["controllers"] == ["greedy", "greedy"]
        assert sorted(r["rank"]) == [1, 2] and r["winners"] == [r["player_ids"][r["rank"].index(1)]]
        assert r["start_army"] == ["Mycenaean", "Egyptian"] and sorted(r["start_placement"]) == ["1", "2"]
        assert r["turn_numbers"] == list(range(r["turn_numbers"][0], r["turns"] + 1))
        # every event of the campaign is counted once, in the turn its command was given in
        events = sum(sum(v) for k, v in r.items() if k.startswith("events_"))
        game = _replayed(raw)
        assert events == len(game.opening.events) + sum(len(e.events) for e in game.entries)
        assert len(r["figure_territories"]) == len(r["turn_numbers"])
        assert all(len(per_turn) == 2 for per_turn in r["figure_territories"])


def _replayed(row: dict):
    from campagne.registry import game
    return game("atlantis").load("simulate")(2, 2, row["seed"], "greedy", None)


def test_controllers_one_per_seat_and_a_varied_option_reach_the_games() -> None:
    s = spec.build("skirmish", 1, None, 5, 3, ["greedy", "random"], ["battlefield=forest,hills"])
    tasks = spec.tasks(s)
    assert [(t["index"], t["seed"], t["options"]) for t in tasks] == [
        (0, "3/0", {"battlefield": "forest"}), (1, "3/0", {"battlefield": "hills"})]
    row = play.play_one(tasks[1])
    assert row["controllers"] == ["greedy", "random"] and row["vary"] == {"battlefield": "hills"}
    assert row["start"]["side"] == ["alice", "bob"]


def test_varied_players_play_every_count_on_the_same_seeds() -> None:
    s = spec.build("atlantis", 2, None, 2, 1, (), ["players=2,3"])
    assert [(t["index"], t["seed"], t["players"]) for t in spec.tasks(s)] == [
        (0, "1/0", 2), (1, "1/1", 2), (2, "1/0", 3), (3, "1/1", 3)]


@given(games=st.integers(1, 5), counts=st.lists(st.integers(2, 9), min_size=1, max_size=3, unique=True),
       turns=st.lists(st.integers(1, 20), max_size=3, unique=True))
def test_every_game_of_a_study_has_one_index_and_the_seed_of_its_rank(games, counts, turns) -> None:
    vary = [f"players={','.join(map(str, counts))}"] + ([f"turns={','.join(map(str, turns))}"] if turns else [])
    s = spec.build("atlantis", games, None, 12, "s", (), vary)
    tasks = spec.tasks(s)
    assert [t["index"] for t in tasks] == list(range(s.size())) == list(range(games * len(counts) * max(1, len(turns))))
    assert all(t["seed"] == f"s/{t['index'] % games}" for t in tasks)  # each set of values on the same seeds
    assert {(t["players"], t["turns"]) for t in tasks} == {(c, n) for c in counts for n in (turns or [12])}


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


BAD = [
    (["study", "nowhere", "--games", "2"], "nowhere"),
    (["study", "atlantis", "--vary", "weather=rain,sun"], "weather"),
    (["study", "atlantis", "--vary", "map=a.toml"], "map"),  # Atlantis's simulation takes no set-up option
    (["study", "skirmish", "--vary", "battlefield=moon"], "moon"),
    (["study", "atlantis", "--vary", "players"], "players"),
    (["study", "atlantis", "--games", "0"], "0"),
    (["study", "atlantis", "--controller", "oracle"], "oracle"),
    (["study", "atlantis", "--controller", "greedy", "--controller", "random", "--players", "3"], "3"),
    (["study", "atlantis", "--cluster", "tcp://nowhere:port"], "nowhere"),
    (["study", "atlantis", "--cluster", "tcp://127.0.0.1:PORT"], "127.0.0.1"),
    (["study", "atlantis", "--workers", "2", "--cluster", "tcp://127.0.0.1:8786"], "--workers"),
    (["study", "atlantis", "--workers", "0"], "0"),
]


@pytest.mark.parametrize("argv, named", BAD)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_bad_option_is_one_sentence_status_2_and_nothing_written(tmp_path, argv, named, lang) -> None:
    argv = [a.replace("PORT", str(_closed_port())) for a in argv]
    out = tmp_path / "study"
    r = study(*argv, "--out", out, "--lang", lang)
    lines = [line for line in r.stderr.splitlines() if line.strip()]
    assert r.exit_code == 2, (r.stdout, r.stderr, r.exception)
    assert len(lines) == 1 and named in lines[0] and "Traceback" not in r.output, r.stderr
    assert not out.exists()


def test_options_of_the_folder_study_are_refused_without_a_folder() -> None:
    r = study("study", "atlantis", "--games", "1", "--vary", "players=2,3")
    assert r.exit_code == 2 and "--out" in r.stderr


def test_the_report_is_one_page_with_its_plots_in_either_language(here_rows, monkeypatch) -> None:
    rows = table.to_table(here_rows).to_pylist()
    english = report.page(rows, "Atlantis", "en")
    assert english.count("<svg") >= 6  # win rates by army, kingdom, placement; length; curves; battles
    assert "<script" not in english and "src=" not in english and "<link" not in english  # nothing fetched
    assert "Win rate by army" in english and "95 %" in english and "Game length" in english
    monkeypatch.setattr(report, "_svg", _no_plot)  # the same plots: drawn once is enough
    french = report.page(rows, "Atlantide", "fr")
    assert "Taux de victoire par armée" in french and "Durée des parties" in french and "Win rate" not in french
    # numbers as French writes them: « 50,0 % », « 2,00 », never « 50.0% »
    assert "\u00a0%" in french and not re.search(r"\d\.\d", re.sub(r"<svg.*?</svg>", "", french, flags=re.S))
    assert "%" in english and "\u00a0%" not in english
    assert report.win_rates(rows, "start_army") == [
        ("Egyptian", 4, sum(r["winners"] == ["p2"] for r in rows)),
        ("Mycenaean", 4, sum(r["winners"] == ["p1"] for r in rows))]


def test_arc_key_figures_are_read_from_its_state() -> None:
    """Arc's per-turn figures (campagne.games.arc.study.figures) follow its counters: one eliminated leaves its
    side a counter and its strength fewer, and counts for each of its enemies."""
    import copy

    from campagne.agents.match import Match
    from campagne.games.arc.study import figures
    from campagne.games.arc.victory import score_key

    state = Match("arc").game.state
    before = figures(state)
    unit = next(u for u in state.units.values() if u.status == "active" and u.hex and u.kind.strength("melee", False))
    after_state = copy.deepcopy(state)
    after_state.units[unit.id].status = "eliminated"
    after = figures(after_state)
    side = unit.side
    assert after["counters"][side] == before["counters"][side] - 1 > -1
    assert after["melee_strength"][side] == before["melee_strength"][side] - float(unit.strength("melee"))
    for other in before["counters"]:
        killed = after_state.enemies(side, other)
        assert after["enemies_eliminated"][other] == before["enemies_eliminated"][other] + killed
        assert (after["strategic_places"][other], after["secret_parts"][other],
                after["enemies_eliminated"][other]) == score_key(after_state, other)
        assert after["magic_points"][other] == sum(u.points for u in after_state.units.values() if u.side == other
                                                   and u.status == "active" and u.hex)
