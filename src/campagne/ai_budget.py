"""The search player's strength as people name it (`search`, `search:SECONDS`, `search:iters=N`) and what a decision
may spend (`Budget`), with the messages refusing a bad one. Names no game."""

from __future__ import annotations

from dataclasses import dataclass

from .core.errors import CampagneError, register_messages

SEARCH = "search"
DEFAULT_ITERATIONS = 24
DEEP = 60  # a paired playout's orders: past a Gorges or Atlantis turn's moves, where the figures move
MAX_SECONDS = 600.0
MAX_ITERATIONS = 100_000
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
