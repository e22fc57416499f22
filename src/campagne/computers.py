"""Let computer players act after each command, so absent players never stall the campaign (the command line and
the club server alike)."""

from __future__ import annotations

from typing import Any


CONTROLLERS = ("human", "random", "greedy", "absent", "search")


def player_parts(parts: list[str]) -> tuple[str, list[str]]:
    """A player spec's controller (`ID:CONTROLLER[:WHAT[:NAME]]`, split at its colons) and its parts without the
    search player's strength: `search:SECONDS` or `search:iters=N` takes the part after it when that is a number
    or an iteration count (`alice:search:2:amazon`, `alice:search:iters=200`). Refuses an unknown controller or a
    bad budget."""
    from .ai_search import budget_part, parse_controller
    from .core.errors import CampagneError
    controller = parts[1] if len(parts) > 1 and parts[1] else "human"
    if controller not in CONTROLLERS:
        raise CampagneError("cli.bad_controller", spec=":".join(parts), controller=controller)
    if controller == "search" and len(parts) > 2 and budget_part(parts[2]):
        controller = f"search:{parts[2]}"
        parts = parts[:2] + parts[3:]
        parse_controller(controller)
    return controller, parts


def ai_module(c: Any) -> Any:
    """The module of the campaign's game that lets its computer players act (its descriptor's `autoplay`)."""
    from .core.interface import load
    from .registry import game
    return load(game(c.file.header.get("ruleset", "")).autoplay.partition(":")[0])


def _descriptor(c: Any) -> Any:
    from .registry import game
    return game(c.file.header.get("ruleset", ""))


def search_players(descriptor: Any, state: Any) -> dict[str, Any]:
    """The players a search player stands for (controller `search[:SECONDS|:iters=N]`), with their budgets, as the
    referee's view names every player's controller."""
    from .ai_search import parse_controller
    players = descriptor.load("view")(state, None).get("players") or {}
    found = {pid: parse_controller(p.get("controller", "")) for pid, p in players.items() if isinstance(p, dict)}
    return {pid: b for pid, b in found.items() if b is not None}


class _Stale(Exception):
    """The computers' plan, made before a search player's order that differed from it, no longer fits the game
    (an Arc computer plans a whole phase: its seat's next orders after the search ended that phase otherwise)."""


class _Searched:
    """A game (or a campaign) whose search players' orders are the search's. The game's own computers play every
    seat in their own sequence, the search players standing in; when they give a search player's order, the
    search decides it instead, from the campaign's seed and the order's number as the game's computers do, and it
    is journaled like theirs (a replay reads it, never searches again). So the orders come in the very sequence
    the computers alone would give them, and a search player who keeps its computer's choice plays the seat's
    baseline game order for order. Before, the computers played on past a search player waiting beside them: in
    an Atlantis conquest the other seat's came first, and the dice, drawn by the order's number, made another
    game of it (a study's differences from the baseline were then not all the search's). An order the rules refuse
    after the search overruled its computer is a stale plan's: `play_all` asks the computers again."""

    def __init__(self, game: Any, descriptor: Any, searchers: dict[str, Any], seed: Any, budget: Any) -> None:
        self._game, self._descriptor, self._searchers = game, descriptor, searchers
        self._seed, self._budget = seed, budget
        self.overruled, self.pushed = False, []

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def push(self, command: Any, *args: Any, **kw: Any) -> Any:
        who = command.get("player") if isinstance(command, dict) else None
        if who not in self._searchers:
            return self._push(command, args, kw)
        from .ai_search import decide
        from .core.errors import CampagneError
        n = len(self._game.entries)
        searched = decide(self._descriptor, self._game.state, who, f"{self._seed}:{n}",
                          self._budget or self._searchers[who], own=command)
        if searched is None:
            return self._push(command, args, kw)
        try:
            entry = self._game.push(searched, *args, **kw)
        except CampagneError:  # chosen on a guess of what it cannot see (an unseen counter on its hex, in Arc):
            # refused, as a person's would be; it then gives one of the orders the rules offer it now, at random
            import random
            from .core.players import random_player
            offered = self._descriptor.load("legal_orders")(self._game.state, who)
            view = self._descriptor.load("view")(self._game.state, who)
            again = random_player(view, offered, random.Random(f"{self._seed}:{n}:refused"))
            return self._push(again if again is not None else command, args, kw)
        self.pushed.append(entry)
        self.overruled = self.overruled or searched != command
        return entry

    def _push(self, command: Any, args: tuple[Any, ...], kw: dict[str, Any]) -> Any:
        from .core.errors import CampagneError
        try:
            entry = self._game.push(command, *args, **kw)
        except CampagneError:
            if self.overruled:
                raise _Stale() from None
            raise
        self.pushed.append(entry)
        return entry


def play_all(game: Any, descriptor: Any, module: Any, seed: Any, budget: Any = None, **autoplay: Any
             ) -> list[Any]:
    """The game's computers' and search players' orders while the rules wait for one of them (`_Searched`)."""
    searchers = search_players(descriptor, game.state)
    if not searchers:
        return module.autoplay(game, seed, **autoplay)
    stand_in = frozenset(autoplay.pop("stand_in", frozenset())) | frozenset(searchers)
    searched = _Searched(game, descriptor, searchers, seed, budget)
    while True:
        try:
            module.autoplay(searched, seed, stand_in=stand_in, **autoplay)
            return searched.pushed
        except _Stale:  # planned again from the game as it now stands
            searched.overruled = False
            autoplay["after"] = searched.pushed[-1:]


def play_computers(c: Any, after: list[Any] | None = None) -> list[Any]:
    if after is None:
        after = c.file.entries[-1:] if c.file.entries else [c.file.header.get("opening", {})]
    return play_all(c, _descriptor(c), ai_module(c), c.game.seed, referee=False, after=after)


def computers_of(c: Any) -> set[str]:
    """Every player a computer gives the orders of: the game's own computers and the search players."""
    return set(ai_module(c).computer_players(c.state)) | set(search_players(_descriptor(c), c.state))


def simulate(descriptor: Any, setup: Any, seed: Any, turns: int | None = None, limit: int = 20_000,
             budget: Any = None) -> Any:
    """A whole game played by its computers and search players, unattended (the referee's routine closing the
    phases), as a `core.game.Game`: for studies that pit the search player against the game's own (`budget`, an
    `ai_search.Budget`, in place of the one their controllers name)."""
    from .core.game import Game
    module = load_autoplay(descriptor)
    game = Game(descriptor.load("ruleset")(), setup, seed)
    outcome = descriptor.load("outcome")
    while len(game.entries) < limit and not outcome(game.state).ended:
        before = len(game.entries)
        play_all(game, descriptor, module, seed, budget, referee=True, after=game.entries[-1:], stop_turn=turns,
                 limit=200)
        if len(game.entries) == before:
            break
    return game


def load_autoplay(descriptor: Any) -> Any:
    from .core.interface import load
    return load(descriptor.autoplay.partition(":")[0])


def catch_up(c: Any) -> list[Any]:
    """The orders of the computers a journal waits for, given before a writing command's own. A journal written
    since commands are whole batches never waits for one after a kill; one written before could (a process killed
    between a person's order, or `new`'s header, and the computers' replies)."""
    computers = computers_of(c)
    if not any(p in computers for p in c.game.awaiting()):
        return []
    return play_computers(c, after=[])  # no `after`: a computer's optional orders are not given twice


def undo_last_person(c: Any, reason: str = "") -> list[dict[str, Any]]:
    """Take back the last command given by a person (a player or the referee) and the computer orders given
    after it (undoing only a computer's order would leave the rules waiting for it): one referee's `undo`,
    journaled with its reason. Returns the entries taken back."""
    from .core.errors import CampagneError
    computers = computers_of(c)
    effective = c.game.effective
    people = [i for i, e in enumerate(effective) if e.command.get("player") not in computers]
    if not people:
        raise CampagneError("game.nothing_to_undo")  # only computers' orders: nothing of a person's
    taken = effective[people[-1]:]
    c.undo(len(taken), reason)
    return [e.to_dict() for e in taken]
