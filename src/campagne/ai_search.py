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

Here: the decision and its tree. What it needs of a game (determinizations, the orders as a list, playouts, scores)
is in `ai_playout`, its budget in `ai_budget`; their names stay importable from here.
"""

from __future__ import annotations

import dataclasses
import json
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .ai_budget import (DEEP, DEFAULT_ITERATIONS, ITERS, MAX_ITERATIONS, MAX_SECONDS, SEARCH,  # noqa: F401
                        Budget, base_controller, budget_part, parse_controller)
from .ai_paired import paired_choice, spread_candidates
from .ai_playout import (PLAYOUT_BATCHES, REFEREE, _actor, _apply, _Game, _hint, _key, _origin,  # noqa: F401
                         _own_choice, _own_playout, _paired_playout, _Playout, _scores, _step, actions, determinizer,
                         figure_shares, offered)
from .core.interface import GameDescriptor, LegalOrder, described


# --------------------------------------------------------------------------- the tree


@dataclass
class Node:
    actor: str | None = None  # who gave the order that leads here
    visits: int = 0
    available: int = 0
    reward: float = 0.0  # summed, for `actor`
    squares: float = 0.0  # the rewards' squares summed: their spread, for the chance test
    children: dict[str, Node] = field(default_factory=dict)


def decide(descriptor: GameDescriptor, state: Any, player: str, seed: Any, budget: Budget = Budget(),
           clock: Callable[[], float] = time.monotonic, own: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """The order `player` gives now, by ISMCTS from his information state (`state` is read only through the
    game's determinization for him). None when he has nothing to order. `own`: the game's own computer's order
    for him here, when the caller has it (the computers playing on with him standing in): the choice the search
    keeps unless it finds better, and the very order his seat's baseline game gives (an Atlantis computer's
    optional orders come in a batch, drawn otherwise than one by one)."""
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
        hint = own if own is not None else _own_choice(g, first, player, rng, _origin(seed))
        if hint is not None and described(legal, hint):
            return hint
    everyone = frozenset((g.view(first, None).get("players") or {}))
    if paired:
        hint = _hint(g, first, player, legal, choices, rng, _origin(seed), own)
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


def _room(node: Node, budget: Budget) -> bool:
    """Progressive widening: may this node take one more child?"""
    return not budget.widening or len(node.children) < math.ceil(max(1, node.visits) ** budget.widening) + 1


def _ucb(n: Node, c: float) -> float:
    return n.reward / n.visits + c * math.sqrt(math.log(max(n.available, 1)) / n.visits)
