"""Exact odds of the Atlantis dice procedures, as `Fraction`s, every number read from the tables.

- `conquest`: the multi-round conquest of a territory (Atlantean or an enemy player's);
- `passage`: negotiating a right of passage;
- `battle`: the battle simulation of the annex "Simulation des combats";
- `supply`: the lack-of-supply table.

Nothing is sampled. The conquest is a Markov chain over the cumulative attack modifier: after an
indecisive round the defender is re-rolled and the attacker carries +1 / 0 / -1. Since the
defender's roll is bounded, far enough up every round takes the territory and far enough down
every round ends it the other way, so only a few states can ever lead to another round; the
chain over them is birth-death (steps -1, 0, +1) and is solved exactly with the Thomas algorithm.
The solution depends only on the net strength k = attack + modifier - defender modifiers, so it
is computed once for all k (per result table) and cached: a question then costs a lookup.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from math import lcm
from typing import Any

from ...core.dice_notation import convolve, parse
from ...core.errors import CampagneError, register_messages
from ...core.tables import Table
from .data import constants, tables

register_messages({
    "odds.bad_terrain": {
        "en": "Unknown terrain {terrain!r}: expected one of {allowed}.",
        "fr": "Terrain inconnu {terrain!r} : attendu l'un de {allowed}.",
    },
    "odds.bad_bribe": {
        "en": "The loot spent must be a whole number of at least 0 (got {bribe!r}).",
        "fr": "Le butin dépensé doit être un nombre entier positif ou nul (reçu {bribe!r}).",
    },
    "odds.bad_fortresses": {
        "en": "A territory holds 0 to {max} fortresses (got {fortresses!r}).",
        "fr": "Un territoire contient de 0 à {max} forteresses (reçu {fortresses!r}).",
    },
    "odds.bad_turns": {
        "en": "The number of previous turns without supply must be a whole number of at least 0 "
              "(got {turns!r}).",
        "fr": "Le nombre de tours précédents sans ravitaillement doit être un nombre entier positif "
              "ou nul (reçu {turns!r}).",
    },
    "odds.bad_leadership": {
        "en": "A general's Leadership must be a whole number from 1 to {max} (got {ld!r}).",
        "fr": "Le Leadership d'un général doit être un nombre entier de 1 à {max} (reçu {ld!r}).",
    },
    "odds.fortresses_need_player": {
        "en": "Fortresses ({fortresses}) count only on a player's territory: add --player-territory.",
        "fr": "Les forteresses ({fortresses}) ne comptent que sur le territoire d'un joueur : ajoutez "
              "--player-territory.",
    },
    "odds.bad_force": {
        "en": "A combat strength must be a whole number from 0 to {max} (got {force!r}).",
        "fr": "Une force de combat doit être un nombre entier de 0 à {max} (reçu {force!r}).",
    },
})

ZERO = Fraction(0)
CONQUEST_OUTCOMES = ("taken_easily", "taken", "beaten", "crushed")


# --------------------------------------------------------------------------- results


@dataclass(frozen=True)
class ConquestOdds:
    outcomes: dict[str, Fraction]  # taken_easily, taken, beaten, crushed: sums to 1
    expected_models_lost: Fraction
    expected_loot_gained: Fraction  # loot won minus loot lost; the bribe is not counted
    expected_rounds: Fraction

    @property
    def success(self) -> Fraction:
        """Probability that the territory is taken (easily or not)."""
        return self.outcomes["taken_easily"] + self.outcomes["taken"]


@dataclass(frozen=True)
class BattleOdds:
    attacker_wins: Fraction
    defender_wins: Fraction
    expected_points_lost_attacker: Fraction
    expected_points_lost_defender: Fraction


# --------------------------------------------------------------------------- validation


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _loot_bonus(table: Table, loot: Any) -> int:
    """+value per full `loot` points spent ("+1 Par 50 points de butin dépensés"); leftovers buy nothing."""
    if not _whole(loot) or loot < 0:
        raise CampagneError("odds.bad_bribe", bribe=loot)
    mod = table.modifier("loot_50")
    return loot // int(mod.data["loot"]) * mod.value


MAX_FORCE = 99  # far above any 1500-point army's (about 20): a larger one is a typing mistake
MAX_LEADERSHIP = 11  # a Leadership 10 general with a good omen (+1)


def _check_force(force: Any) -> None:
    # A strength below 0 would need an army with nothing left but its maluses: it no longer fights.
    if not _whole(force) or not 0 <= force <= MAX_FORCE:
        raise CampagneError("odds.bad_force", force=force, max=MAX_FORCE)


def terrains() -> tuple[str, ...]:
    """Terrain keys, from the terrain table (plain, river, forest, mountain)."""
    return tuple(dict.fromkeys(r.key for r in tables()["terrain"].rows))


# --------------------------------------------------------------------------- conquest


@dataclass(frozen=True)
class _Round:
    """One round from net strength k: where it goes and what it yields on average."""

    steps: dict[int, Fraction]  # change of the attack modifier -> probability of another round
    values: tuple[Fraction, ...]  # P(each of CONQUEST_OUTCOMES), models lost, loot, rounds (=1)


@cache
def _defender() -> tuple[tuple[tuple[int, int], ...], int]:
    """The defender's roll (6+2D6, unmodified) as whole weights over a common denominator (36)."""
    dist = parse(tables()["conquest_defence"].dice).distribution()
    denominator = max(p.denominator for p in dist.values())
    return tuple((roll, int(p * denominator)) for roll, p in dist.items()), denominator


def _result_table(player_territory: bool) -> Table:
    return tables()["conquest_result_player" if player_territory else "conquest_result"]


@dataclass(frozen=True)
class _RowInfo:
    key: str
    step: int | None  # None: the conquest ends on this row
    loss: int  # expected models lost, times the scale _rows returns (whole numbers keep _round fast)
    loot: int


@cache
def _rows(player_territory: bool) -> tuple[tuple[_RowInfo, ...], int]:
    """Each result row as the chain needs it, and the common denominator of the mean losses."""
    rows = _result_table(player_territory).rows
    means = [parse(r.data["losses"]).mean() if "losses" in r.data else ZERO for r in rows]
    scale = lcm(*(m.denominator for m in means))
    infos = []
    for row, mean in zip(rows, means):
        step = None
        if row.data["outcome"] == "again":
            step = int(row.data["attack"])
            if step not in (-1, 0, 1):  # the birth-death solver below relies on it
                raise ValueError(f"conquest step {step} in row {row.key!r} is not -1, 0 or +1")
        infos.append(_RowInfo(row.key, step, int(mean * scale), int(row.data.get("loot", 0))))
    return tuple(infos), scale


@lru_cache(maxsize=4096)
def _row_index(difference: int, player_territory: bool) -> int:
    table = _result_table(player_territory)
    return table.rows.index(table.lookup(difference))


@lru_cache(maxsize=4096)
def _round(k: int, player_territory: bool) -> _Round:
    rows, scale = _rows(player_territory)
    rolls, denominator = _defender()
    weights = [0] * len(rows)  # how many of the 36 defender rolls land on each row
    for roll, w in rolls:
        weights[_row_index(k - roll, player_territory)] += w
    steps = dict.fromkeys((-1, 0, 1), 0)
    outcome = dict.fromkeys(CONQUEST_OUTCOMES, 0)
    lost = loot = 0
    for row, w in zip(rows, weights):
        lost += w * row.loss
        if row.step is None:
            outcome[row.key] += w
            loot += w * row.loot
        else:
            steps[row.step] += w
    return _Round({s: Fraction(w, denominator) for s, w in steps.items() if w},
                  (*(Fraction(w, denominator) for w in outcome.values()),
                   Fraction(lost, denominator * scale), Fraction(loot, denominator), Fraction(1)))


def _live_range(player_territory: bool) -> tuple[int, int]:
    """Net strengths k from which another round is possible (the chain's transient states)."""
    again = [r for r in _result_table(player_territory).rows if r.data.get("outcome") == "again"]
    # Every "again" row is bounded (the open-ended rows end the conquest); k - roll must land in one.
    low = min(r.low for r in again)  # type: ignore[type-var]
    high = max(r.high for r in again)  # type: ignore[type-var]
    rolls = [roll for roll, _ in _defender()[0]]
    return min(rolls) + low, max(rolls) + high


@cache
def _chain(player_territory: bool) -> tuple[int, tuple[tuple[Fraction, ...], ...]]:
    """Expected totals (outcome probabilities, models lost, loot, rounds) from every live k.

    For live k: h(k) = r(k) + P(up) h(k+1) + P(stay) h(k) + P(down) h(k-1), with h = r (one
    round) outside the live range: a tridiagonal system, solved exactly.
    """
    lo, hi = _live_range(player_territory)
    rounds = [_round(k, player_territory) for k in range(lo, hi + 1)]
    n = len(rounds)
    sub, diag, sup, rhs = [], [], [], []
    for i, rnd in enumerate(rounds):
        down, stay, up = (rnd.steps.get(s, ZERO) for s in (-1, 0, 1))
        d = list(rnd.values)
        if i == 0 and down:  # falls out of the live range: that state is a single round
            d = [x + down * y for x, y in zip(d, _round(lo - 1, player_territory).values)]
            down = ZERO
        if i == n - 1 and up:
            d = [x + up * y for x, y in zip(d, _round(hi + 1, player_territory).values)]
            up = ZERO
        sub.append(-down)
        diag.append(1 - stay)
        sup.append(-up)
        rhs.append(d)
    return lo, _solve_tridiagonal(sub, diag, sup, rhs)


def _solve_tridiagonal(sub: list[Fraction], diag: list[Fraction], sup: list[Fraction],
                       rhs: list[list[Fraction]]) -> tuple[tuple[Fraction, ...], ...]:
    """Exact Thomas algorithm, fraction-free: whole numbers throughout, one division per value.

    Row i reads sub[i] h[i-1] + diag[i] h[i] + sup[i] h[i+1] = rhs[i] (several right-hand sides).
    Each row is first scaled to whole numbers. D[i], the determinant of the leading i+1 rows,
    follows the continuant recurrence; e[i] = D[i] x (Thomas's eliminated right-hand side) and
    g[i] = D[n-1] h[i] are whole numbers too (Cramer's rule), which keeps big-integer work small:
    plain Fraction arithmetic here was several times slower.
    """
    n = len(diag)
    a, b, c, d = [], [], [], []
    for i in range(n):
        row = (sub[i], diag[i], sup[i], *rhs[i])
        scale = lcm(*(x.denominator for x in row))
        ai, bi, ci, *di = (x.numerator * (scale // x.denominator) for x in row)
        a.append(ai)
        b.append(bi)
        c.append(ci)
        d.append(di)
    det = [b[0]]  # D[i]
    e = [d[0]]
    for i in range(1, n):
        before = det[i - 2] if i >= 2 else 1
        det.append(b[i] * det[i - 1] - a[i] * c[i - 1] * before)
        e.append([d[i][j] * det[i - 1] - a[i] * e[i - 1][j] for j in range(len(d[i]))])
    top = det[-1]
    g = [e[-1]]
    for i in range(n - 2, -1, -1):
        before = det[i - 1] if i else 1
        g.append([(e[i][j] * top - c[i] * before * g[-1][j]) // det[i] for j in range(len(d[i]))])
    g.reverse()
    return tuple(tuple(Fraction(x, top) for x in row) for row in g)


def _defence_modifier(terrain: str, capital: bool, capital_unconquered: bool, atlantis: bool,
                      player_territory: bool, fortresses: int) -> int:
    defence = tables()["conquest_defence"]
    keys = {m.key for m in defence.modifiers}
    applied = [("capital_unconquered", int(capital_unconquered)), ("capital", int(capital)),
               ("atlantis", int(atlantis))]
    if terrain in keys:  # plain and river have no modifier
        applied.append((terrain, 1))
    fortress = defence.modifier("fortress")
    if player_territory or not fortress.data.get("player_only"):
        applied.append(("fortress", fortresses))
    return sum(v for _, v in defence.modifier_total(applied))


def conquest(force: int, bribe: int = 0, terrain: str = "plain", capital: bool = False,
             capital_unconquered: bool = False, atlantis: bool = False, player_territory: bool = False,
             fortresses: int = 0) -> ConquestOdds:
    """Exact odds of conquering a territory with combat strength `force` and `bribe` loot spent."""
    _check_force(force)
    if terrain not in terrains():
        raise CampagneError("odds.bad_terrain", terrain=terrain, allowed=", ".join(terrains()))
    max_fortresses = int(constants()["max_fortresses"])
    if not _whole(fortresses) or not 0 <= fortresses <= max_fortresses:
        raise CampagneError("odds.bad_fortresses", fortresses=fortresses, max=max_fortresses)
    if fortresses and not player_territory:  # « Par forteresse » counts only on a player's territory
        raise CampagneError("odds.fortresses_need_player", fortresses=fortresses)
    attack = force + _loot_bonus(tables()["conquest_attack"], bribe)  # valid for the whole conquest
    k = attack - _defence_modifier(terrain, capital, capital_unconquered, atlantis, player_territory,
                                   fortresses)
    lo, solved = _chain(player_territory)
    values = solved[k - lo] if 0 <= k - lo < len(solved) else _round(k, player_territory).values
    *outcomes, lost, loot, rounds = values
    return ConquestOdds(dict(zip(CONQUEST_OUTCOMES, outcomes)), lost, loot, rounds)


def clear_caches() -> None:
    """Forget every cached distribution and solved chain (benchmarks measure the cold cost)."""
    for cached in (_defender, _rows, _row_index, _round, _chain, _dice_difference):
        cached.cache_clear()


# --------------------------------------------------------------------------- passage


def general_modifier_key(general_ld: int | None, no_general: bool = False) -> str | None:
    """The passage table's general modifier ("Pas de Général", "Général à 7-", ... "à 10")."""
    if no_general or general_ld is None:
        return "no_general"
    if not _whole(general_ld) or not 1 <= general_ld <= MAX_LEADERSHIP:
        raise CampagneError("odds.bad_leadership", ld=general_ld, max=MAX_LEADERSHIP)
    if general_ld <= 7:
        return "general_ld_7_or_less"
    if general_ld == 8:
        return None
    # Ld above 10 (a good omen on a Ld 10 general) keeps the best modifier, that of Ld 10.
    return "general_ld_9" if general_ld == 9 else "general_ld_10"


def passage(bribe: int = 0, general_ld: int | None = 8, no_general: bool = False) -> Fraction:
    """Probability that the right of passage is granted (the table clamps: 7+ succeeds, 0- fails)."""
    table = tables()["passage"]
    key = general_modifier_key(general_ld, no_general)
    shift = _loot_bonus(table, bribe) + (table.modifier(key).value if key else 0)
    return table.outcome_distribution(shift).get("success", ZERO)


# --------------------------------------------------------------------------- battle simulation


@cache
def _dice_difference() -> dict[int, Fraction]:
    """The attacker's 2D6 minus the defender's 2D6."""
    roll = parse(tables()["simulation_strength"].dice).distribution()
    return convolve(roll, roll, -1)


def battle(attacker_force: int, defender_force: int, general_indisposed: bool = False) -> BattleOdds:
    """Odds of the annex's battle simulation: strength + 2D6 each, ties re-rolled."""
    _check_force(attacker_force)
    _check_force(defender_force)
    strength = tables()["simulation_strength"]
    losses = tables()["simulation_losses"]
    malus = strength.modifier("general_indisposed").value if general_indisposed else 0
    diff = _dice_difference()
    shift = attacker_force - (defender_force + malus)
    # "En cas d'égalité on relance les dés": the final result is the roll conditioned on no tie.
    decisive = {d + shift: p for d, p in diff.items() if d + shift}
    total = sum(decisive.values(), ZERO)
    wins = lost_att = lost_def = ZERO
    for d, p in decisive.items():
        p /= total
        row = losses.lookup(abs(d))
        winner, loser = int(row.data["winner"]), int(row.data["loser"])
        if d > 0:
            wins += p
            lost_att += p * winner
            lost_def += p * loser
        else:
            lost_att += p * loser
            lost_def += p * winner
    return BattleOdds(wins, 1 - wins, lost_att, lost_def)


# --------------------------------------------------------------------------- supply


def supply(previous_unsupplied_turns: int = 0, spend: int = 0) -> dict[str, Fraction]:
    """Probability of each effect of the lack-of-supply table (every row key, 0 when impossible).

    "-1 Chaque tour consécutif sans ravitaillement" counts the consecutive unsupplied turns before
    this one: an army's first turn without supply rolls unmodified.
    """
    if not _whole(previous_unsupplied_turns) or previous_unsupplied_turns < 0:
        raise CampagneError("odds.bad_turns", turns=previous_unsupplied_turns)
    table = tables()["supply"]
    shift = (table.modifier("unsupplied_turn").value * previous_unsupplied_turns
             + _loot_bonus(table, spend))
    dist = table.outcome_distribution(shift)
    return {key: dist.get(key, ZERO) for key in dict.fromkeys(r.key for r in table.rows)}


# --------------------------------------------------------------------------- JSON


def _num(x: Fraction, exact: bool) -> float | str:
    return f"{x.numerator}/{x.denominator}" if exact else float(x)


def conquest_json(odds: ConquestOdds, exact: bool = False) -> dict[str, Any]:
    return {"outcomes": {k: _num(v, exact) for k, v in odds.outcomes.items()},
            "expected_models_lost": _num(odds.expected_models_lost, exact),
            "expected_loot_gained": _num(odds.expected_loot_gained, exact),
            "expected_rounds": _num(odds.expected_rounds, exact)}


def passage_json(success: Fraction, exact: bool = False) -> dict[str, Any]:
    return {"success": _num(success, exact)}


def battle_json(odds: BattleOdds, exact: bool = False) -> dict[str, Any]:
    return {"attacker_wins": _num(odds.attacker_wins, exact),
            "defender_wins": _num(odds.defender_wins, exact),
            "expected_points_lost": {"attacker": _num(odds.expected_points_lost_attacker, exact),
                                     "defender": _num(odds.expected_points_lost_defender, exact)}}


def supply_json(effects: dict[str, Fraction], exact: bool = False) -> dict[str, Any]:
    return {"effects": {k: _num(v, exact) for k, v in effects.items()}}


def to_json(result: ConquestOdds | BattleOdds | Fraction | dict[str, Fraction],
            exact: bool = False) -> dict[str, Any]:
    """The --json shape of any result above; exact=True writes each Fraction as "p/q"."""
    if isinstance(result, ConquestOdds):
        return conquest_json(result, exact)
    if isinstance(result, BattleOdds):
        return battle_json(result, exact)
    if isinstance(result, Fraction):
        return passage_json(result, exact)
    if isinstance(result, dict):
        return supply_json(result, exact)
    raise TypeError(f"no JSON shape for {type(result).__name__}")


__all__ = ["BattleOdds", "CONQUEST_OUTCOMES", "ConquestOdds", "battle", "battle_json", "clear_caches",
           "conquest", "conquest_json", "general_modifier_key", "passage", "passage_json", "supply",
           "supply_json", "terrains", "to_json"]
