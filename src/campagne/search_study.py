"""How the search player fares against a game's own computers: seeded games, the search player's seat turning
round the table, its win rate with a 95 % interval beside its fair share, and the fights per game (names no game:
the caller says which events are fights)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from .ai_search import Budget
from .computers import simulate
from .core.stats import wilson


def seats(descriptor: Any, players: int) -> list[str]:
    return list(descriptor.seats) or [f"p{i + 1}" for i in range(players)]


def one_game(descriptor: Any, players: int, seed: int, budget: Budget, opponent: str = "greedy",
             turns: int | None = None, fights: Sequence[str] = ()) -> dict[str, Any]:
    """One game: the search player in seat `seed % players`, the others `opponent`."""
    ids = seats(descriptor, players)
    searcher = ids[seed % len(ids)]
    entries = [{"id": i, "controller": "search" if i == searcher else opponent, "name": i,
                **{f.name: f.default for f in descriptor.player_fields}} for i in ids]
    game = simulate(descriptor, descriptor.load("setup")(entries, {}), seed, turns=turns, budget=budget)
    outcome = descriptor.load("outcome")(game.state)
    events = [ev for e in game.entries for ev in e.events]
    return {"seed": seed, "search": searcher, "winner": outcome.standing[0] if outcome.standing else None,
            "ended": outcome.ended, "orders": len(game.entries),
            "fights": sum(1 for ev in events if ev.get("type") in fights)}


def baseline(descriptor: Any, players: int, seed: int, opponent: str = "greedy", turns: int | None = None,
             fights: Sequence[str] = ()) -> dict[str, Any]:
    """The same game with `opponent` in the search player's seat too: how that seat fares without the search."""
    ids = seats(descriptor, players)
    entries = [{"id": i, "controller": opponent, "name": i, **{f.name: f.default for f in descriptor.player_fields}}
               for i in ids]
    game = simulate(descriptor, descriptor.load("setup")(entries, {}), seed, turns=turns)
    outcome = descriptor.load("outcome")(game.state)
    events = [ev for e in game.entries for ev in e.events]
    return {"seed": seed, "search": ids[seed % len(ids)], "winner": outcome.standing[0] if outcome.standing else None,
            "ended": outcome.ended, "orders": len(game.entries),
            "fights": sum(1 for ev in events if ev.get("type") in fights)}


def summary(rows: list[dict[str, Any]], players: int) -> dict[str, Any]:
    """The search player's wins with their 95 % Wilson interval, its fair share, and the fights per game."""
    n = len(rows)
    wins = sum(r["winner"] == r["search"] for r in rows)
    fights = [r["fights"] for r in rows]
    return {"games": n, "wins": wins, "win_rate": wins / n if n else 0.0, "ci95": list(wilson(wins, n)),
            "fair_share": 1 / players, "fights_per_game": sum(fights) / n if n else 0.0,
            "games_with_fights": sum(f > 0 for f in fights)}


def run(descriptor: Any, players: int, games: int, budget: Budget, first_seed: int = 1, **kw: Any
        ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    rows = [one_game(descriptor, players, seed, budget, **kw) for seed in range(first_seed, first_seed + games)]
    return rows, summary(rows, players)


def side_by_side(descriptor: Any, players: int, games: int, budget: Budget, first_seed: int = 1,
                 on_row: Callable[[dict[str, Any]], None] | None = None, **kw: Any) -> dict[str, dict[str, Any]]:
    """The search player's study and its seats' baseline, seed by seed (each row also says the CPU seconds it took,
    `kind` "search" or "greedy"), as their two summaries. With an iteration budget the rows are the same on any
    machine but for their seconds; `on_row` sees each row as it comes (a long study's progress)."""
    rows: dict[str, list[dict[str, Any]]] = {"search": [], "greedy": []}
    for seed in range(first_seed, first_seed + games):
        for kind in rows:
            start = time.process_time()
            row = one_game(descriptor, players, seed, budget, **kw) if kind == "search" else \
                baseline(descriptor, players, seed, **kw)
            row.update(kind=kind, cpu=time.process_time() - start)
            rows[kind].append(row)
            if on_row is not None:
                on_row(row)
    return {kind: {**summary(r, players), "cpu_per_game": sum(x["cpu"] for x in r) / max(1, len(r))}
            for kind, r in rows.items()}


__all__: list[str] = ["baseline", "one_game", "run", "seats", "side_by_side", "summary"]
