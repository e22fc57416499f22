"""What the search player needs of a game (`ai_search`): the state it plays out (a determinization of what the
player knows), the orders it weighs (from `legal_orders`), the game's own computers' choice and playouts, and how
a playout's end is scored. Names no game."""

from __future__ import annotations

import copy
import itertools
import json
import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .ai_budget import Budget
from .ai_paired import fine_shares
from .core.errors import CampagneError
from .core.dice import KeyedDice
from .core.game import Game
from .core.interface import GameDescriptor, LegalOrder, described
from .core.players import random_player

REFEREE = "referee"
PLAYOUT_BATCHES = 100  # a playout to a turn's end: at most this many batches of 200 orders (a stuck game stops)


# --------------------------------------------------------------------------- determinization


def determinizer(descriptor: GameDescriptor) -> Callable[[Any, str, random.Random], Any]:
    """`(state, player, rng) -> a state` consistent with what player knows, his to change: the game's
    `determinize` when it declares one; else, for a game with an information state, a copy of it (what it takes out
    is then decided by the players and dice of the simulations); else, for a game that hides nothing, a copy of the
    state. A game that hides things and says neither how to sample them nor what a player knows is refused."""
    if descriptor.determinize:
        return descriptor.load("determinize")
    if descriptor.information_state:
        known = descriptor.load("information_state")
        return lambda state, player, rng: copy.deepcopy(known(state, player))
    if descriptor.secrets in ("", "campagne.core.interface:no_secrets"):
        return lambda state, player, rng: copy.deepcopy(state)
    raise CampagneError("search.hidden_game", game=descriptor.name)


def offered(descriptor: GameDescriptor) -> bool:
    """Whether the search player can play this game (a way to determinize it)."""
    try:
        determinizer(descriptor)
    except CampagneError:
        return False
    return True


# --------------------------------------------------------------------------- the orders as a list


def _key(command: Mapping[str, Any]) -> str:
    return json.dumps(command, sort_keys=True, ensure_ascii=False, default=str)


def _values(f: Any, rng: random.Random, width: int) -> list[Any]:
    size = f.size()
    if f.kind == "choice":
        values = list(f.choices)
    elif f.kind == "bool":
        values = [False, True]
    elif f.kind == "int" and size is not None and size <= width:
        values = list(range(f.low, f.high + 1))
    elif f.kind == "int":  # the ends and evenly spread values between: amounts are what such fields hold
        step = (f.high - f.low) / (width - 1)
        values = sorted({f.low + round(i * step) for i in range(width)})
    else:
        values = [f.sample(rng)]
    return values


def actions(legal: list[LegalOrder], rng: random.Random, width: int) -> list[dict[str, Any]]:
    """The commands to consider among these legal orders: every combination when a legal order's domains hold
    few, else `width` drawn at random; optional fields left out (their defaults)."""
    out: dict[str, dict[str, Any]] = {}
    for lo in legal:
        fields = [f for f in lo.fields if not f.optional]
        domains = [_values(f, rng, width) for f in fields]
        total = math.prod(len(d) for d in domains)
        if total <= width:
            combos: Any = itertools.product(*domains)
        else:
            combos = (tuple(rng.choice(d) for d in domains) for _ in range(width))
        for combo in combos:
            cmd = lo.command(dict(zip((f.name for f in fields), combo)))
            out.setdefault(_key(cmd), cmd)
    return [out[k] for k in sorted(out)]


@dataclass
class _Game:
    """What one search needs of the game, loaded once."""

    ruleset: Any
    legal: Callable[[Any, str], list[LegalOrder]]
    view: Callable[[Any, str | None], dict[str, Any]]
    outcome: Callable[[Any], Any]
    playout: Callable[..., Any]
    autoplay: Any = None  # the game's own computers' loop, for playouts
    figures: Any = None  # (state) -> {figure: {player: number}}: the game's key figures, for cut playouts
    expected: Any = None  # (state) -> {player: expected score}: an ended playout's result by its odds (the game's
    # `expected`), not by the one roll of the deciding dice it drew

    @classmethod
    def of(cls, descriptor: GameDescriptor, budget: Budget) -> _Game:
        from .core.interface import load
        greedy = descriptor.computers.get("greedy")
        playout = load(greedy) if budget.playout == "greedy" and greedy else None
        own = load(descriptor.autoplay.partition(":")[0]) if budget.playout == "greedy" and descriptor.autoplay \
            else None
        study = descriptor.load("study") if descriptor.study else None
        return cls(descriptor.load("ruleset")(), descriptor.load("legal_orders"), descriptor.load("view"),
                   descriptor.load("outcome"), playout or random_player, own, getattr(study, "figures", None),
                   descriptor.load("expected") if descriptor.expected else None)


def _actor(g: _Game, state: Any) -> str | None:
    """Who gives the next order: the first awaited player, else the referee (None: nobody, the game is over)."""
    if g.outcome(state).ended:
        return None
    waiting = list(g.ruleset.awaiting(state))
    people = [w for w in waiting if w != REFEREE]
    return people[0] if people else REFEREE


def _scores(g: _Game, state: Any, fine: float = 0.0, paired: bool = False) -> dict[str, float]:
    """The game's scores when it ended (their expectation over the dice that decided the end, when the game says
    it: a Gorges year's final battle), else its standing now scored the same way (first 1, last 0), blended
    (weight `fine`) with where each player stands in the game's key figures (`paired`: his share of each)."""
    o = g.outcome(state)
    if o.scores:
        return dict(g.expected(state) if g.expected is not None else o.scores)
    order = list(o.standing)
    last = max(1, len(order) - 1)
    rank = {pid: 1.0 if len(order) == 1 else 1 - i / last for i, pid in enumerate(order)}
    if not fine or g.figures is None:
        return rank
    shares = (fine_shares if paired else figure_shares)(g.figures(state), order)
    return {pid: (1 - fine) * r + fine * shares[pid] for pid, r in rank.items()}


def figure_shares(figures: Mapping[str, Mapping[str, Any]], players: list[str]) -> dict[str, float]:
    """Each player's place between the table's lowest (0) and highest (1) in each figure that differs between
    them, averaged; 0.5 when none does."""
    places: dict[str, list[float]] = {p: [] for p in players}
    for by_player in figures.values():
        values = {p: float(by_player[p]) for p in players if isinstance(by_player.get(p), (int, float))}
        if len(values) != len(players):
            continue
        low, high = min(values.values()), max(values.values())
        if high > low:
            for p, v in values.items():
                places[p].append((v - low) / (high - low))
    return {p: sum(v) / len(v) if v else 0.5 for p, v in places.items()}


def _apply(g: _Game, state: Any, command: dict[str, Any], rng: random.Random) -> bool:
    from .core.dice import Dice
    try:
        g.ruleset.apply(state, command, Dice(random.Random(rng.getrandbits(64))))
    except CampagneError:
        return False
    return True


def _step(g: _Game, state: Any, who: str, rng: random.Random, budget: Budget) -> bool:
    """One order of a playout (or the referee's): False when none could be given."""
    legal = g.legal(state, who)
    if who == REFEREE:
        from .core.players import _referee
        command = _referee({}, legal, rng)
        return command is not None and _apply(g, state, command, rng)
    command = g.playout(g.view(state, who), legal, rng) if legal else None
    if command is not None and _apply(g, state, command, rng):
        return True
    if not legal:
        return False
    return _apply(g, state, random_player(g.view(state, who), legal, rng) or {}, rng)


def _hint(g: _Game, known: Any, player: str, legal: list[LegalOrder], choices: list[dict[str, Any]],
          rng: random.Random, origin: tuple[str, int] | None = None, own: dict[str, Any] | None = None
          ) -> dict[str, Any] | None:
    """The game's own computer's choice here (`own` when the caller has it, else its autoplay's, else its
    view-based computer's), when legal."""
    hint = own if own is not None else _own_choice(g, known, player, rng, origin) if g.autoplay is not None \
        else None
    if hint is None or not described(legal, hint):
        hint = g.playout(g.view(known, player), legal, random.Random(rng.getrandbits(64))) if legal else None
    keyed = {_key(c): c for c in choices}
    return hint if hint is not None and (_key(hint) in keyed or described(legal, hint)) else None


def _paired_playout(g: _Game, state: Any, rng: random.Random, depth: int, everyone: frozenset[str],
                    to_turn: int | None = None) -> Any:
    """A paired comparison's playout: the game's own computers, else its view-based ones, for `depth` orders (with
    `to_turn` and the game's own computers: to the end of that turn, the campaign ended there)."""
    if g.autoplay is not None:
        return _own_playout(g, state, rng, depth, everyone, to_turn)
    who, steps = _actor(g, state), 0
    while who is not None and steps < depth and _step(g, state, who, rng, Budget()):
        who, steps = _actor(g, state), steps + 1
    return state


def _own_choice(g: _Game, known: Any, player: str, rng: random.Random,
                origin: tuple[str, int] | None = None) -> dict[str, Any] | None:
    """What the game's own computer would order for this player here (its autoplay standing in for him, on a copy of
    this determinization): the game's strongest heuristic, which may read the rules' functions. With `origin` (the
    campaign's seed and the order's number, as `computers.play_all` names a decision) it draws what the game's
    computer would draw in that seat, so that a search player who keeps its choice plays the very game the
    computer would: a study's differences from the seat's baseline are then the search's overrulings, not the
    computers' other draws (seed 4 of the fifth pass's Skirmish: lost where greedy won, not one overruling)."""
    seed: Any = rng.getrandbits(64)
    game = Game(g.ruleset, {}, seed, state=copy.deepcopy(known))
    if origin is not None:
        seed = origin[0]
        game.entries.extend([None] * origin[1])  # the computers seed each order by its number in the journal
    try:
        pushed = g.autoplay.autoplay(game, seed, referee=False, after=[], limit=4, stand_in=frozenset({player}))
    except CampagneError:
        return None
    return next((dict(e.command) for e in pushed if e.command.get("player") == player), None)


def _origin(seed: Any) -> tuple[str, int] | None:
    """`campaign seed:order number` (how `computers.play_all` seeds a decision) split, else None."""
    head, _, number = str(seed).rpartition(":")
    return (head, int(number)) if head and number.isascii() and number.isdigit() else None


def _own_playout(g: _Game, state: Any, rng: random.Random, orders: int, everyone: frozenset[str],
                 to_turn: int | None = None) -> Any:
    """Play on with the game's own computers standing in for every player and the referee's routine: they decide
    on each player's information state of this determinization, with the rules' own shortcuts (faster than asking
    the legal orders at every step)."""
    seed = rng.getrandbits(64)
    game = _Playout(g.ruleset, {}, seed, state=state)
    try:
        if to_turn is None:
            g.autoplay.autoplay(game, seed, referee=True, after=[], limit=max(1, orders), stand_in=everyone)
        else:  # the campaign's end: as `computers.simulate` plays it, a batch at a time until nothing moves
            for _ in range(PLAYOUT_BATCHES):
                if not g.autoplay.autoplay(game, seed, referee=True, after=[], limit=200, stand_in=everyone,
                                           stop_turn=to_turn) or g.outcome(game.state).ended:
                    break
    except CampagneError:  # a computer's order the rules refuse ends the playout where it stands
        pass
    return game.state


class _Playout(Game):
    """A playout's game: its orders are not backed up before the rules apply them (copying the state took 40 % of
    a Gorges playout's time); an order the rules refuse ends the playout, its state scored as the order left it."""

    def push(self, command: Any, atomic: bool = True, recorded: Any = None) -> Any:
        return super().push(command, atomic=False, recorded=recorded)

    def _dice(self, n: int, recorded: Any = None) -> Any:
        """Dice by purpose (`KeyedDice`), not by the order's number: a candidate that adds or saves an order does
        not shift every later roll of its playout (the year's searches for relics, its battles), so the paired
        rounds compare the candidates on the same luck."""
        if recorded is not None:
            return super()._dice(n, recorded)
        return KeyedDice(self.seed, self.__dict__.setdefault("_rolled", {}))
