"""A search-based computer player for any registered game: single-observer information-set Monte Carlo tree search
(Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012).

By default (`Budget.method` "paired", `ai_paired`) it weighs the game's own computer's choice and a few others on
the same determinizations and dice, by their paired differences; `method="tree"` is the flat ISMCTS below.
It sees only its player's information state. Each iteration draws a determinization — a state consistent with
what the player knows (the descriptor's `determinize`, see `determinizer`) — and plays it down one tree whose
nodes are the orders given since the decision (every player's, as the player would see them given), choosing
among the orders available in that determinization by UCB with availability counts, then plays out with the
game's own computers (or at random) for a few orders, and scores the end by the game's `outcome` (its scores when
the game ended, else its standing now). Chance is the rules' own dice, drawn from the search's generator.

The orders come from the game's `legal_orders`: one `LegalOrder`'s domains are enumerated when small, sampled
when large. Every random choice comes from one generator seeded by the caller (the campaign's seed and the
order's number, as the game's own computers are), so with an iteration budget (`search:iters=N`) the decision is a pure function of
(information state, seed); with a seconds budget it depends on the machine's speed, and replays still hold
because the decision is journaled as any order is and a replay never searches again. Names no game.
"""

from __future__ import annotations

import copy
import dataclasses
import itertools
import json
import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .ai_paired import fine_shares, paired_choice, spread_candidates
from .core.errors import CampagneError, register_messages
from .core.game import Game
from .core.interface import GameDescriptor, LegalOrder, described
from .core.players import random_player

REFEREE = "referee"
SEARCH = "search"
DEFAULT_ITERATIONS = 24
DEEP = 60  # a paired playout's orders: past a Gorges or Atlantis turn's moves, where the figures move
MAX_SECONDS = 600.0
MAX_ITERATIONS = 100_000
PLAYOUT_BATCHES = 100  # a playout to a turn's end: at most this many batches of 200 orders (a stuck game stops)
ITERS = "iters="  # `search:iters=N`: a fixed number of iterations a decision, the same on any machine


@dataclass(frozen=True)
class Budget:
    """How hard the search thinks: `iterations` (deterministic), or `seconds` (at most that long, however many
    iterations that allows; at least one). `depth`: orders played out past the tree before the standing is read."""

    iterations: int = DEFAULT_ITERATIONS
    seconds: float | None = None
    depth: int | None = None  # orders past which the playout is cut and scored by the game's standing there:
    # 12 for the tree, `DEEP` for the paired comparison (which can afford to let the score move: its playouts differ
    # by the decision, not by their dice)
    tree: int = 1  # orders deep the tree grows at most (below, every order is a playout's). 1: the root's
    # candidates only, each iteration on a fresh determinization (flat ISMCTS): at a few dozen iterations the nodes
    # deeper down are visited once or twice and learn nothing, yet listing their legal orders took 85 % of the time
    playout: str = "greedy"  # the game's own computers in the playouts (its autoplay standing in for everyone),
    # else its "greedy" view-based computer, or "random"
    exploration: float = 0.7
    width: int = 12  # values drawn from one legal order whose domains are too large to list
    margin: float = 0.1  # by how much another order's mean score must beat the game's own computer's to be chosen
    fine: float = 0.5  # the weight of the game's key figures (its study's `figures`) in a cut playout's score, the
    # rest its rank: a rank alone hardly moves in a dozen orders, so candidates scored alike and the search kept its
    # first; each figure counts as where the player stands between the lowest and the highest of the table
    widening: float = 0.5  # progressive widening: a node visited n times has at most ceil(n ** widening) + 1
    # children (Coulom 2007; Couëtoux et al. 2011), so a few dozen iterations go deep into the likeliest orders
    # rather than once into each of a hundred; 0 turns it off
    method: str = "paired"  # "paired": every candidate on the same determinizations and dice, compared with the
    # game's own choice by paired differences (`ai_paired`); "tree": flat ISMCTS, each iteration its own draw
    room: int = 3  # the paired comparison's candidates besides the game's own choice (one of each kind first)
    edge: float = 0.02  # by how much a candidate's mean paired difference must beat the game's own choice
    alpha: float = 0.05  # the paired test's risk of overruling the game's choice by chance, shared among the
    # challengers and the looks (Bonferroni); with 3 challengers at 8 rounds the normal 1.645 overruled too often
    extend: int = 4  # while a challenger is ahead but not yet shown better, the rounds double up to this many times
    # the first look's (`iterations` playouts): the budget goes to the close decisions
    to_turn: int | None = None  # play each paired playout to the end of this turn (the campaign ended there, as a
    # study's `turns` ends it) rather than `depth` orders: what decides a Gorges year (its final battle, the relics)
    # comes at its end, past any cut playout
    crowd: int = 40  # a decision with more candidate orders than this (a deployment's placements) is the game's own
    # computer's, not searched: a few dozen playouts cannot rank so many, and they would cost the game's minutes


def parse_controller(controller: str) -> Budget | None:
    """`search`, `search:SECONDS` or `search:iters=N` -> its budget; any other controller -> None. An iteration
    budget makes a decision a function of the information state and the seed alone, whatever the machine's load
    (studies use it)."""
    name, _, arg = str(controller).partition(":")
    if name != SEARCH:
        return None
    if not arg:
        return Budget()
    if arg.startswith(ITERS):
        count = arg[len(ITERS):]
        if not (count.isascii() and count.isdigit() and 1 <= int(count) <= MAX_ITERATIONS):
            raise CampagneError("search.bad_budget", controller=controller)
        return Budget(iterations=int(count))
    try:
        seconds = float(arg)
    except ValueError:
        raise CampagneError("search.bad_budget", controller=controller) from None
    if not 0 < seconds <= MAX_SECONDS:
        raise CampagneError("search.bad_budget", controller=controller)
    return Budget(iterations=1_000_000, seconds=seconds)


def budget_part(text: str) -> bool:
    """Whether a player spec's part after `search` is its budget (`2`, `0.5`, `iters=200`), not a name."""
    if text.startswith(ITERS):
        return True
    try:
        float(text)
    except ValueError:
        return False
    return True


def base_controller(controller: str) -> str:
    """The controller's kind, without its strength (`search:2` -> `search`)."""
    return str(controller).partition(":")[0]


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


# --------------------------------------------------------------------------- the tree


@dataclass
class Node:
    actor: str | None = None  # who gave the order that leads here
    visits: int = 0
    available: int = 0
    reward: float = 0.0  # summed, for `actor`
    squares: float = 0.0  # the rewards' squares summed: their spread, for the chance test
    children: dict[str, Node] = field(default_factory=dict)


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

    @classmethod
    def of(cls, descriptor: GameDescriptor, budget: Budget) -> _Game:
        from .core.interface import load
        greedy = descriptor.computers.get("greedy")
        playout = load(greedy) if budget.playout == "greedy" and greedy else None
        own = load(descriptor.autoplay.partition(":")[0]) if budget.playout == "greedy" and descriptor.autoplay \
            else None
        study = descriptor.load("study") if descriptor.study else None
        return cls(descriptor.load("ruleset")(), descriptor.load("legal_orders"), descriptor.load("view"),
                   descriptor.load("outcome"), playout or random_player, own, getattr(study, "figures", None))


def _actor(g: _Game, state: Any) -> str | None:
    """Who gives the next order: the first awaited player, else the referee (None: nobody, the game is over)."""
    if g.outcome(state).ended:
        return None
    waiting = list(g.ruleset.awaiting(state))
    people = [w for w in waiting if w != REFEREE]
    return people[0] if people else REFEREE


def _scores(g: _Game, state: Any, fine: float = 0.0, paired: bool = False) -> dict[str, float]:
    """The game's scores when it ended, else its standing now scored the same way (first 1, last 0), blended
    (weight `fine`) with where each player stands in the game's key figures (`paired`: his share of each)."""
    o = g.outcome(state)
    if o.scores:
        return dict(o.scores)
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


def decide(descriptor: GameDescriptor, state: Any, player: str, seed: Any, budget: Budget = Budget(),
           clock: Callable[[], float] = time.monotonic) -> dict[str, Any] | None:
    """The order `player` gives now, by ISMCTS from his information state (`state` is read only through the
    game's determinization for him). None when he has nothing to order."""
    rng = random.Random(f"{seed}:{SEARCH}:{player}")
    paired = budget.method == "paired"
    if budget.depth is None:
        budget = dataclasses.replace(budget, depth=DEEP if paired else 12)
    g = _Game.of(descriptor, budget)
    sample = determinizer(descriptor)
    first = sample(state, player, random.Random(rng.getrandbits(64)))
    legal = g.legal(first, player)
    choices = actions(legal, rng, budget.width)
    if len(choices) <= 1:
        return choices[0] if choices else None
    if len(choices) > budget.crowd and g.autoplay is not None:
        hint = _own_choice(g, first, player, rng, _origin(seed))
        if hint is not None and described(legal, hint):
            return hint
    everyone = frozenset((g.view(first, None).get("players") or {}))
    if paired:
        hint = _hint(g, first, player, legal, choices, rng, _origin(seed))
        picked = spread_candidates(hint, choices, legal, budget.room, rng, _key)
        if len(picked) <= 1:
            return picked[0] if picked else choices[0]
        if hint is None:
            return choices[0]
        return paired_choice(g, state, player, sample, picked, rng, budget, everyone,
                             lambda s: _scores(g, s, budget.fine, paired=True),
                             lambda *a: _paired_playout(*a, to_turn=budget.to_turn), _key, clock)
    choices = _candidates(g, first, player, legal, choices, rng, budget)
    root = Node()
    start = clock()
    for i in range(budget.iterations):
        if budget.seconds is not None and i and clock() - start >= budget.seconds:
            break
        _iterate(g, root, sample(state, player, random.Random(rng.getrandbits(64))), player, choices, rng, budget,
                 everyone)
    # the most tried, then the best on average; the game's own computer's choice (the first candidate) stays
    # unless the search found one clearly better: a few noisy playouts should not overrule a sound heuristic
    order = {_key(c): i for i, c in enumerate(choices)}

    def mean(k: str) -> float:
        return root.children[k].reward / max(1, root.children[k].visits)
    best = max(root.children, key=lambda k: (root.children[k].visits, mean(k), -order[k]))
    hint = _key(choices[0])
    if hint in root.children and not _clearly_better(root.children[best], root.children[hint], budget.margin):
        best = hint
    return json.loads(best)


def _candidates(g: _Game, known: Any, player: str, legal: list[LegalOrder], choices: list[dict[str, Any]],
                rng: random.Random, budget: Budget) -> list[dict[str, Any]]:
    """The orders the search weighs: the game's own computer's choice first (tried first, kept on a tie), then
    as many others, drawn at random, as the budget can try a few times each (a search spread over a hundred orders
    with a few dozen iterations would learn nothing of any)."""
    hint = _hint(g, known, player, legal, choices, rng)
    first = [hint] if hint is not None else []
    others = [c for c in choices if not first or _key(c) != _key(hint)]
    room = max(1, (budget.iterations if budget.seconds is None else 3 * budget.width) // 3 - len(first))
    if len(others) > room:
        others = rng.sample(others, room)
    return first + others


def _hint(g: _Game, known: Any, player: str, legal: list[LegalOrder], choices: list[dict[str, Any]],
          rng: random.Random, origin: tuple[str, int] | None = None) -> dict[str, Any] | None:
    """The game's own computer's choice here (its autoplay's, else its view-based computer's), when legal."""
    hint = _own_choice(g, known, player, rng, origin) if g.autoplay is not None else None
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


def _iterate(g: _Game, root: Node, state: Any, player: str, choices: list[dict[str, Any]], rng: random.Random,
             budget: Budget, everyone: frozenset[str]) -> None:
    node, path, who, expanded, steps = root, [root], player, False, 0
    while who is not None and not expanded and len(path) <= budget.tree and steps < budget.depth:
        if who == REFEREE:  # the referee's routine is no choice: played through, not a node
            if not _step(g, state, who, rng, budget):
                break
            who, steps = _actor(g, state), steps + 1
            continue
        options = choices if node is root else actions(g.legal(state, who), rng, budget.width)
        if not options:
            break
        keyed = {_key(c): c for c in options}
        for k in keyed:
            if k in node.children:
                node.children[k].available += 1
        untried = [k for k in keyed if k not in node.children]
        if untried and (not node.children or _room(node, budget)):
            k = untried[0] if node is root else rng.choice(untried)  # the root's candidates in their order
            node.children[k] = Node(actor=who, available=1)
            expanded = True
        else:
            tried = [x for x in keyed if x in node.children]
            if not tried:
                break
            k = max(tried, key=lambda x: _ucb(node.children[x], budget.exploration))
        if not _apply(g, state, keyed[k], rng):
            del node.children[k]
            break
        node = node.children[k]
        path.append(node)
        who, steps = _actor(g, state), steps + 1
    if who is not None and g.autoplay is not None:
        state = _own_playout(g, state, rng, budget.depth - steps, everyone)
    while who is not None and steps < budget.depth and g.autoplay is None:
        if not _step(g, state, who, rng, budget):
            break
        who, steps = _actor(g, state), steps + 1
    scores = _scores(g, state, budget.fine)
    for n in path:
        n.visits += 1
        if n.actor is not None:
            n.reward += scores.get(n.actor, 0.0)
            n.squares += scores.get(n.actor, 0.0) ** 2


def _own_choice(g: _Game, known: Any, player: str, rng: random.Random,
                origin: tuple[str, int] | None = None) -> dict[str, Any] | None:
    """What the game's own computer would order for this player here (its autoplay standing in for him, on a copy of
    this determinization): the game's strongest heuristic, which may read the rules' functions. With `origin` (the
    campaign's seed and the order's number, as `computers.search_turns` names a decision) it draws what the game's
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
    """`campaign seed:order number` (how `computers.search_turns` seeds a decision) split, else None."""
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


def _clearly_better(b: Node, h: Node, margin: float) -> bool:
    """Does `b` beat `h` by more than `margin` and by more than chance would (a one-sided 95 % test on the
    playouts' own spread, at least a tenth of a score's)? A few noisy playouts overruled the game's own sound choice
    half the time: at 48 iterations a Gorges search player won 4 of 12 years against greedy computers."""
    if b is h or b.visits < max(3, h.visits) or not h.visits:
        return False
    diff = b.reward / b.visits - h.reward / h.visits
    return diff > max(margin, 1.645 * math.sqrt(_spread(b) / b.visits + _spread(h) / h.visits))


def _spread(n: Node) -> float:
    """The variance of a node's rewards, at least 0.01 (a few equal playouts prove little)."""
    mean = n.reward / n.visits
    return max(0.01, n.squares / n.visits - mean * mean)


class _Playout(Game):
    """A playout's game: its orders are not backed up before the rules apply them (copying the state took 40 % of
    a Gorges playout's time); an order the rules refuse ends the playout, its state scored as the order left it."""

    def push(self, command: Any, atomic: bool = True, recorded: Any = None) -> Any:
        return super().push(command, atomic=False, recorded=recorded)


def _room(node: Node, budget: Budget) -> bool:
    """Progressive widening: may this node take one more child?"""
    return not budget.widening or len(node.children) < math.ceil(max(1, node.visits) ** budget.widening) + 1


def _ucb(n: Node, c: float) -> float:
    return n.reward / n.visits + c * math.sqrt(math.log(max(n.available, 1)) / n.visits)


register_messages({
    "search.bad_budget": {
        "en": "The search player's budget must be a number of seconds above 0 and at most 600, or iters= followed "
              "by a whole number of iterations from 1 to 100000 ({controller}).",
        "fr": "Le temps de réflexion du joueur chercheur doit être un nombre de secondes au-dessus de 0 et d'au plus "
              "600, ou iters= suivi d'un nombre entier d'itérations de 1 à 100000 ({controller}).",
    },
    "search.hidden_game": {
        "en": "The search player cannot play {game}: the game hides things and gives no way to guess them.",
        "fr": "Le joueur chercheur ne peut pas jouer à {game} : le jeu cache des choses sans dire comment les deviner.",
    },
})
