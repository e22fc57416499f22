"""One game of a study, played where a worker runs it, and its row: what any game gives (seed, players, length,
standing, events per type per turn) and what its study module's hooks add (start positions, winners, battles,
figures per turn)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..core.game import Game
from ..core.interface import GameDescriptor


def play_one(task: Mapping[str, Any]) -> dict[str, Any]:
    """Play the task's game (spec.tasks) and describe it: a plain dict, the same wherever it is played."""
    from ..registry import game as registered
    d = registered(task["game"])
    played = d.load("simulate")(task["players"], task["turns"], task["seed"], task["controller"], None,
                                **task["options"])
    return describe(d, played, task)


def _hooks(d: GameDescriptor) -> Any:
    return d.load("study") if d.study else None


def describe(d: GameDescriptor, game: Game, task: Mapping[str, Any]) -> dict[str, Any]:
    module = _hooks(d)
    extra = module.row(game) if module is not None and hasattr(module, "row") else {}
    figures = getattr(module, "figures", None)
    ids = [str(p["id"]) for p in game.setup["players"]]
    turns, events, samples = _turns(game, figures)
    outcome = d.load("outcome")(game.state)
    standing = list(outcome.standing)
    winners = list(extra.get("winners") or standing[:1])
    start = extra.get("start") or default_start(d, game)
    controllers = [str(p.get("controller", "")) for p in game.setup["players"]]
    row: dict[str, Any] = {
        "game": task["index"], "seed": str(task["seed"]), "players": len(ids), "player_ids": ids,
        "controllers": controllers, "turns_asked": task["turns"],
        "turns": turns[-1], "commands": len(game.entries), "ended": bool(outcome.ended),
        "rank": [standing.index(p) + 1 if p in standing else None for p in ids],
        "score": [float(outcome.scores.get(p, 0.0)) for p in ids],
        "winners": winners, "battles": extra.get("battles"),
        "turn_numbers": turns,
        "events": {t: [events[n][t] for n in turns] for t in sorted({t for c in events.values() for t in c})},
        "figures": {name: [[by_turn[n].get(p) for p in ids] for n in turns] for name, by_turn in samples.items()},
        "start": {key: [str(start.get(p, {}).get(key, "")) for p in ids]
                  for key in dict.fromkeys(k for p in ids for k in start.get(p, {}))},
        "vary": {k: str(v) for k, v in task["vary"].items()},
    }
    return row


def default_start(d: GameDescriptor, game: Game) -> dict[str, dict[str, str]]:
    """Each player's start position as the set-up tells it: his seat, and his player fields (an army list given
    whole is named by its name)."""
    out: dict[str, dict[str, str]] = {}
    for seat, p in enumerate(game.setup["players"], start=1):
        keys = {"seat": str(seat)}
        for f in d.player_fields:
            value = p.get(f.name)
            if isinstance(value, Mapping):
                value = next((value[k] for k in ("name", "key", "id") if k in value), None)
            if value is not None:
                keys[f.name] = str(value)
        out[str(p["id"])] = keys
    return out


def _turns(game: Game, figures: Any) -> tuple[list[int], dict[int, Counter[str]], dict[str, dict[int, dict]]]:
    """The game replayed from its journal (its recorded dice): each command's events counted in the turn it was
    given in, and the figures as each turn ends (its last state)."""
    replay = Game(game.ruleset, game.setup, game.seed, opening_rolls=game.opening.rolls)  # type: ignore[union-attr]
    quick = getattr(replay.ruleset, "phase", None)

    def turn() -> int:
        value = quick(replay.state)[0] if quick else replay.phase()[0]
        return value if isinstance(value, int) else 0

    now = turn()
    events: dict[int, Counter[str]] = {now: Counter(e["type"] for e in replay.opening.events)}  # type: ignore[union-attr]
    samples: dict[str, dict[int, dict]] = {}

    def sample(t: int) -> None:
        for name, by_player in (figures(replay.state) if figures else {}).items():
            samples.setdefault(name, {})[t] = {str(p): float(v) for p, v in by_player.items()}

    sample(now)
    for entry in game.entries:
        replay.push(dict(entry.command), atomic=False, recorded=entry.rolls)
        events.setdefault(now, Counter()).update(e["type"] for e in entry.events)
        now = turn()
        if figures:
            sample(now)  # overwritten until the turn ends: the turn's figures are its last state's
    first, last = min(events), max(max(events), now)
    numbers = list(range(first, last + 1))
    for n in numbers:
        events.setdefault(n, Counter())
    for by_turn in samples.values():  # a turn no command was given in keeps the figures of the one before
        for n in numbers:
            if n not in by_turn:
                by_turn[n] = by_turn.get(n - 1, {})
    return numbers, events, samples
