"""Sampled odds of whole WAB 2 close combats (seed 002): many fights at once, vectorised with numpy.

`simulate_fight(a, b, n_sims, ...)` fights `n_sims` independent copies of one combat between two
units (`unit_state.UnitState`, the same description the exact odds take), round after round, until one side
breaks, is destroyed (or gives ground, if asked), or `max_rounds` is reached. It returns each outcome's
frequency with a 95 % Wilson interval, the mean number of rounds, the losses, the outcome frequencies
of the first round (to compare with `odds.round_odds`) and how many dice the simulation decided.

What is decided once, before any die (scalar code of `odds.py` / `psychology.py`, so the two cannot
drift apart): per-attack chances (`odds.strike_of`), strike order (`odds.strike_order`), the combat
bonuses for every number of models left (`odds.side_bonuses`), the break test's Leadership, re-roll,
stubborn and frenzy (`UnitState.nerve` -> `psychology.Nerve`). What is vectorised here, for all the
fights at once (arrays of shape (n_sims,)): models in contact, the strikes, casualties (wounds carried
over on multi-wound models), combat resolution, break tests (2D6, army-standard re-roll, stubborn D6,
automatic breaks), momentum, optional pursuit and fear tests. How the strikes are sampled is told in
`montecarlo_samplers.py`, each side's numbers are `montecarlo_sides.py`'s, what is found
`montecarlo_results.py`'s.

Readings that only matter over several rounds (the sheet describes one round):

* Momentum ("Elan"): the sheet does not say how it is won. Here (`momentum_to_winner=True`) the side
  that won the previous round has it in the next one (+1 combat result, and strikes first when the
  Initiatives are equal); a drawn round gives it to nobody. `momentum=` gives it for the first round
  (with `momentum_to_winner=False`, for every round).
* A charge counts in the first round only ("Les figurines qui ont chargé durant ce tour frappent les
  premières"); flank and rear positions, high ground and difficult terrain last the whole fight.
* Stubborn units that give ground ("peut lâcher du terrain"): `give_ground="continue"` (default) —
  they step back and the fight goes on next round; "end" — the fight ends there (an outcome of its
  own); "never" — they break like any other unit.
* Pursuit (`pursuit=True`; not on the sheet, the WAB rulebook's rule): the winner pursues a broken
  enemy; flee and pursuit distances are 2D6" (M 6" or less) or 3D6" (more); a pursuer rolling at least
  the flee distance catches and destroys the fleeing unit. The outcome stays a break; `caught` counts
  the broken units caught (their models are not added to `mean_losses`).
* Fear before contact (`fear_tests=True`, with a charge): a charger that fears its target tests to
  charge ("la charge n'a pas lieu" on a failure: outcome no_charge); a target that fears the charger
  tests when charged: failed and outnumbered -> flees (outcome flees_fear), failed and not
  outnumbered -> hits only on 6s in the first round. `fear_failed=` forces the latter, as in
  `odds.round_odds`. Fights that end before contact count 0 rounds.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable
from typing import Any

import numpy as np

from ...core.errors import CampagneError, register_messages
from ...core.stats import Z95
from .montecarlo_results import Estimate, FightResult
from .montecarlo_sides import Side, apply_wounds, attach_samplers, casualties_of, contact_of, side_spec

register_messages({
    "wab.mc.bad_option": {
        "en": "Invalid Monte Carlo option {option}: {value!r} (expected {expected}).",
        "fr": "Option de Monte Carlo invalide {option} : {value!r} (attendu {expected}).",
    },
})

SIDES = ("a", "b")
OUTCOMES = ("a_breaks", "b_breaks", "a_destroyed", "b_destroyed", "both_destroyed", "a_gives_ground",
            "b_gives_ground", "a_no_charge", "b_no_charge", "a_flees_fear", "b_flees_fear", "unresolved")
_CODE = {name: i + 1 for i, name in enumerate(OUTCOMES)}
FIRST_ROUND = ("attacker_wins", "defender_wins", "draw", "attacker_breaks", "defender_breaks",
               "attacker_gives_ground", "defender_gives_ground", "attacker_destroyed", "defender_destroyed")
TWO_D6 = np.array([i // 6 + i % 6 + 2 for i in range(36)], dtype=np.int16)  # one uniform 0..35 = two dice


# --------------------------------------------------------------------------- the simulation


def _check(option: str, value: Any, allowed: Iterable[Any]) -> Any:
    allowed = tuple(allowed)
    if value not in allowed:
        raise CampagneError("wab.mc.bad_option", option=option, value=value,
                            expected=" / ".join(map(str, allowed)))
    return value


def simulate_fight(a: Any, b: Any, n_sims: int = 100_000, *, seed: int | np.random.Generator | None = 0,
                   charge: str | None = None, flank: bool = False, rear: bool = False,
                   high_ground: str | None = None, momentum: str | None = None,
                   difficult_terrain: bool = False,
                   fear_failed: Iterable[str] = (), momentum_to_winner: bool = True,
                   give_ground: str = "continue", pursuit: bool = False, fear_tests: bool = False,
                   max_rounds: int = 50, method: str = "alias", chunk: int = 1 << 19) -> FightResult:
    """Fight `n_sims` copies of the combat between `a` (the attacker: flank / rear are a's attack on b)
    and `b` (`unit_state.UnitState`) until it is decided; see the module docstring for the rules."""
    from . import odds

    started = time.perf_counter()
    if isinstance(n_sims, bool) or not isinstance(n_sims, int) or n_sims < 1:
        raise CampagneError("wab.mc.bad_option", option="n_sims", value=n_sims,
                            expected="a whole number >= 1")
    if isinstance(max_rounds, bool) or not isinstance(max_rounds, int) or max_rounds < 1:
        raise CampagneError("wab.mc.bad_option", option="max_rounds", value=max_rounds,
                            expected="a whole number >= 1")
    _check("give_ground", give_ground, ("continue", "end", "never"))
    _check("method", method, ("alias", "binomial"))
    charge = odds.side_of(charge, "charge")
    high_ground = odds.side_of(high_ground, "high ground")
    momentum = odds.side_of(momentum, "momentum")
    sixes = {odds.side_of(s, "fear failed") for s in fear_failed}
    if flank and rear:
        raise CampagneError("wab.odds.flank_and_rear")
    for s in (a, b):
        if s.models < 1:
            raise CampagneError("wab.odds.no_models", unit=s.name)
    situation = {"flank": bool(flank), "rear": bool(rear), "high_ground": high_ground,
                 "difficult_terrain": bool(difficult_terrain)}
    sa, sb = side_spec("a", a, b, situation, method), side_spec("b", a, b, situation, method)
    # strike order per momentum code (0 none, 1 a, 2 b): 1 a first, 2 b first, 0 simultaneous
    order_code = {}
    for code, mom in ((0, None), (1, "a"), (2, "b")):
        order = odds.strike_order(a, b, None, mom)
        order_code[code] = 0 if order is None else (1 if order[0] == "a" else 2)
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    acc = _Accumulator(max_rounds)
    pairs = _Pairs(sa, sb, bool(flank), bool(rear))
    attach_samplers("a", a, b, sa, pairs.max_a, method)
    attach_samplers("b", a, b, sb, pairs.max_b, method)
    done = 0
    while done < n_sims:
        m = min(chunk, n_sims - done)
        _run_chunk(rng, m, sa, sb, acc, pairs, charge=charge, momentum=momentum, sixes=sixes,
                   order_code=order_code, momentum_to_winner=momentum_to_winner, give_ground=give_ground,
                   pursuit=pursuit, fear_tests=fear_tests, max_rounds=max_rounds)
        done += m
    seconds = time.perf_counter() - started
    options = {"charge": charge, "flank": bool(flank), "rear": bool(rear), "high_ground": high_ground,
               "momentum": momentum, "difficult_terrain": bool(difficult_terrain),
               "fear_failed": sorted(sixes),
               "momentum_to_winner": momentum_to_winner, "give_ground": give_ground, "pursuit": pursuit,
               "fear_tests": fear_tests, "max_rounds": max_rounds, "method": method}
    return acc.result(n_sims, seconds, options)


class _Accumulator:
    def __init__(self, max_rounds: int) -> None:
        self.outcomes = np.zeros(len(OUTCOMES) + 1, dtype=np.int64)
        self.rounds = np.zeros(max_rounds + 1, dtype=np.int64)
        self.losses = {"a": 0, "b": 0}
        self.caught = {"a": 0, "b": 0}
        self.first = dict.fromkeys(FIRST_ROUND, 0)
        self.first_n = 0
        self.gave = {"a": 0, "b": 0}
        self.dice = 0

    def result(self, n: int, seconds: float, options: dict[str, Any]) -> FightResult:
        outcomes = {name: Estimate.of(int(self.outcomes[_CODE[name]]), n) for name in OUTCOMES}
        a_win = sum(int(self.outcomes[_CODE[k]]) for k in ("b_breaks", "b_destroyed", "b_gives_ground",
                                                            "b_flees_fear"))
        b_win = sum(int(self.outcomes[_CODE[k]]) for k in ("a_breaks", "a_destroyed", "a_gives_ground",
                                                            "a_flees_fear"))
        r = np.arange(len(self.rounds))
        mean = float((r * self.rounds).sum() / n)
        var = float(((r - mean) ** 2 * self.rounds).sum() / max(n - 1, 1))
        half = Z95 * math.sqrt(var / n)
        return FightResult(
            n_sims=n, outcomes=outcomes, a_wins=Estimate.of(a_win, n), b_wins=Estimate.of(b_win, n),
            mean_rounds=mean, rounds_ci=(mean - half, mean + half),
            rounds={int(k): int(v) for k, v in enumerate(self.rounds) if v},
            mean_losses={"a": self.losses["a"] / n, "b": self.losses["b"] / n},
            caught={k: Estimate.of(v, n) for k, v in self.caught.items()},
            first_round={k: Estimate.of(v, self.first_n) for k, v in self.first.items()},
            gave_ground={k: v / n for k, v in self.gave.items()},
            dice=self.dice, seconds=seconds, options=options)


def _two_d6(rng: np.random.Generator, k: int) -> np.ndarray:
    return TWO_D6[rng.integers(0, 36, size=k)]


def _nd6(rng: np.random.Generator, k: int, dice: int) -> np.ndarray:
    """Sums of `dice` d6, k of them."""
    return rng.integers(1, 7, size=(k, dice), dtype=np.int16).sum(axis=1)


class _Pairs:
    """Models in contact (and attacks) for every (models of a, models of b): one gather per fight."""

    MAX = 1 << 22

    def __init__(self, sa: Side, sb: Side, flank: bool, rear: bool) -> None:
        self.width = sb.models + 1
        self.table = (sa.models + 1) * self.width <= self.MAX
        self.sa, self.sb, self.flank, self.rear = sa, sb, flank, rear
        if self.table:
            ga, gb = np.meshgrid(np.arange(sa.models + 1, dtype=np.intp),
                                 np.arange(sb.models + 1, dtype=np.intp), indexing="ij")
            ca, cb = contact_of(sa, sb, ga.ravel(), gb.ravel(), flank, rear)
            self.ca, self.cb = ca.astype(np.intp), cb.astype(np.intp)
            self.max_a, self.max_b = int(self.ca.max()), int(self.cb.max())
        else:
            self.max_a, self.max_b = sa.models, sb.models

    def __call__(self, alive_a: np.ndarray, alive_b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        if not self.table:
            return contact_of(self.sa, self.sb, alive_a, alive_b, self.flank, self.rear)
        pair = alive_a * self.width
        pair += alive_b
        return self.ca[pair], self.cb[pair]


def _run_chunk(rng: np.random.Generator, m: int, sa: Side, sb: Side, acc: _Accumulator, pairs: _Pairs, *,
               charge: str | None, momentum: str | None, sixes: set, order_code: dict[int, int],
               momentum_to_winner: bool, give_ground: str, pursuit: bool, fear_tests: bool,
               max_rounds: int) -> None:
    # per-fight state; arrays that cannot change are left out (None)
    alive_a = np.full(m, sa.models, dtype=np.intp)
    alive_b = np.full(m, sb.models, dtype=np.intp)
    multi = sa.w > 1 or sb.w > 1
    wound_a = np.full(m, sa.wounded, dtype=np.intp) if multi else None
    wound_b = np.full(m, sb.wounded, dtype=np.intp) if multi else None
    mom_code = {None: 0, "a": 1, "b": 2}[momentum]
    mom = np.full(m, mom_code, dtype=np.int8) if momentum_to_winner else None
    track_ground = give_ground == "continue" and (sa.stubborn or sb.stubborn)
    gave_a = np.zeros(m, dtype=np.intp) if track_ground else None
    gave_b = np.zeros(m, dtype=np.intp) if track_ground else None
    six_a = np.full(m, "a" in sixes)
    six_b = np.full(m, "b" in sixes)
    fear_break_a = sb.causes_fear and not sa.frenzied
    fear_break_b = sa.causes_fear and not sb.frenzied
    stub = (sa.stubborn and give_ground != "never", sb.stubborn and give_ground != "never")

    def compact(keep: np.ndarray) -> None:
        nonlocal alive_a, alive_b, wound_a, wound_b, mom, gave_a, gave_b, six_a, six_b
        idx = np.flatnonzero(keep)
        alive_a, alive_b = alive_a[idx], alive_b[idx]
        if multi:
            wound_a, wound_b = wound_a[idx], wound_b[idx]
        if mom is not None:
            mom = mom[idx]
        if track_ground:
            acc.gave["a"] += int(gave_a.sum())
            acc.gave["b"] += int(gave_b.sum())
            gave_a, gave_b = gave_a[idx], gave_b[idx]
            acc.gave["a"] -= int(gave_a.sum())
            acc.gave["b"] -= int(gave_b.sum())
        six_a, six_b = six_a[idx], six_b[idx]

    def end(codes: np.ndarray, rnd: int) -> bool:
        """Count the fights that ended (code != 0) and drop them; True when none is left."""
        counts = np.bincount(codes.view(np.uint8), minlength=len(acc.outcomes))
        ended = codes.shape[0] - int(counts[0])
        if not ended:
            return False
        acc.outcomes += counts[: len(acc.outcomes)]
        acc.outcomes[0] = 0
        acc.rounds[rnd] += ended
        total_a, total_b = int(alive_a.sum()), int(alive_b.sum())
        if ended == codes.shape[0]:
            acc.losses["a"] += sa.models * ended - total_a
            acc.losses["b"] += sb.models * ended - total_b
            if track_ground:
                acc.gave["a"] += int(gave_a.sum())
                acc.gave["b"] += int(gave_b.sum())
            return True
        compact(codes == 0)
        acc.losses["a"] += sa.models * ended - (total_a - int(alive_a.sum()))
        acc.losses["b"] += sb.models * ended - (total_b - int(alive_b.sum()))
        return False

    # -- fear before contact
    if fear_tests and charge is not None:
        chg, tgt = (sa, sb) if charge == "a" else (sb, sa)
        codes = np.zeros(m, dtype=np.int8)
        if tgt.causes_fear and not chg.frenzied:
            acc.dice += 2 * m
            codes[_two_d6(rng, m) > chg.psy_ld] = _CODE[f"{charge}_no_charge"]
        if chg.causes_fear and not tgt.frenzied:
            testing = codes == 0
            k = int(testing.sum())
            acc.dice += 2 * k
            failed = np.zeros(m, dtype=bool)
            failed[testing] = _two_d6(rng, k) > tgt.psy_ld
            if chg.models > tgt.models:
                codes[failed] = _CODE[("b" if charge == "a" else "a") + "_flees_fear"]
            elif charge == "a":
                six_b = six_b | failed
            else:
                six_a = six_a | failed
        if end(codes, 0):
            return

    for rnd in range(1, max_rounds + 1):
        k = alive_a.shape[0]
        first = rnd == 1
        ca, cb = pairs(alive_a, alive_b)
        s6a = six_a if first else None
        s6b = six_b if first else None
        # strike order: 1 a first, 2 b first, 0 simultaneous; per fight only when momentum varies
        uniform_mom = mom_code if (mom is None or first) else None
        if first and charge is not None:
            o: int | None = 1 if charge == "a" else 2
        elif order_code[0] == order_code[1] == order_code[2]:
            o = order_code[0]
        elif uniform_mom is not None:
            o = order_code[uniform_mom]
        else:
            o = None
        if o == 1:
            ua = _draw(rng, acc, sa, ca * sa.apm, s6a, first)
            fb = np.maximum(cb - casualties_of(sb, alive_b, wound_b, ua), 0)
            ub = _draw(rng, acc, sb, fb * sb.apm, s6b, first)
        elif o == 2:
            ub = _draw(rng, acc, sb, cb * sb.apm, s6b, first)
            fa = np.maximum(ca - casualties_of(sa, alive_a, wound_a, ub), 0)
            ua = _draw(rng, acc, sa, fa * sa.apm, s6a, first)
        elif o == 0:
            ua = _draw(rng, acc, sa, ca * sa.apm, s6a, first)
            ub = _draw(rng, acc, sb, cb * sb.apm, s6b, first)
        else:
            order = np.array([order_code[0], order_code[1], order_code[2]], dtype=np.int8)[mom]
            a_first, b_first = order == 1, order == 2
            ua = _draw(rng, acc, sa, ca * sa.apm * ~b_first, s6a, first)
            ub = _draw(rng, acc, sb, cb * sb.apm * ~a_first, s6b, first)
            fa = np.maximum(ca - casualties_of(sa, alive_a, wound_a, ub), 0)
            fb = np.maximum(cb - casualties_of(sb, alive_b, wound_b, ua), 0)
            ua = ua + _draw(rng, acc, sa, fa * sa.apm * b_first, s6a, first)
            ub = ub + _draw(rng, acc, sb, fb * sb.apm * a_first, s6b, first)

        caused_a, left_b, wound_b = apply_wounds(sb, alive_b, wound_b, ua)
        caused_b, left_a, wound_a = apply_wounds(sa, alive_a, wound_a, ub)
        if uniform_mom is not None:
            diff = caused_a + sa.bonus[uniform_mom][left_a]
        else:
            diff = caused_a + sa.bonus[mom, left_a]
        diff -= caused_b
        diff -= sb.bonus[uniform_mom][left_b] if uniform_mom is not None else sb.bonus[mom, left_b]
        dead_a, dead_b = left_a == 0, left_b == 0

        # -- the loser's break test (psychology.break_test), both sides at once (no np.where: slow on
        # random masks; a per-side value v is picked as v_a + loser_b * (v_b - v_a))
        loser_b = diff > 0
        loser_a = diff < 0
        test_b = loser_b & ~dead_b
        test_a = loser_a & ~dead_a
        valid = test_a | test_b
        under_five = np.zeros(k, dtype=bool)
        if sa.start_models >= 5:
            under_five |= test_a & (left_a < 5)
        if sb.start_models >= 5:
            under_five |= test_b & (left_b < 5)
        feared = np.zeros(k, dtype=bool)
        if fear_break_a:
            feared |= test_a & (left_b > left_a)
        if fear_break_b:
            feared |= test_b & (left_a > left_b)
        d6 = None
        if sa.stubborn or sb.stubborn:
            stubborn = (test_a if sa.stubborn else False) | (test_b if sb.stubborn else False)
            d6_five = under_five & ((test_a if sa.stubborn_d6_any else False)
                                    | (test_b if sb.stubborn_d6_any else False))
            d6 = stubborn & (d6_five | (~under_five & feared))
            auto = (under_five | feared) & ~d6
            test = valid & ~auto & ~d6
        else:
            auto = under_five | feared
            test = valid & ~auto
        if sa.ld == sb.ld:
            target = sa.ld - np.maximum(diff, -diff)
        else:
            target = (sa.ld + (sb.ld - sa.ld) * loser_b) - np.maximum(diff, -diff)
        failed = TWO_D6[rng.integers(0, 36, size=k, dtype=np.int16)] > target
        failed &= test
        acc.dice += 2 * int(np.count_nonzero(test))
        if sa.reroll or sb.reroll:
            again = failed & ((test_a if sa.reroll else False) | (test_b if sb.reroll else False))
            k2 = int(np.count_nonzero(again))
            if k2:
                acc.dice += 2 * k2
                failed[again] = _two_d6(rng, k2) > target[again]
        broken = auto | failed
        ground = None
        if d6 is not None:
            n6 = int(np.count_nonzero(d6))
            if n6:
                acc.dice += n6
                broken[d6] = rng.integers(1, 7, size=n6) <= 3
            if stub[0] or stub[1]:
                ground = failed & ((test_a if stub[0] else False) | (test_b if stub[1] else False))
                broken &= ~ground

        if first:
            acc.first_n += k
            f = acc.first
            f["attacker_wins"] += int(np.count_nonzero(loser_b))
            f["defender_wins"] += int(np.count_nonzero(loser_a))
            f["draw"] += k - int(np.count_nonzero(diff))
            nb = int(np.count_nonzero(broken & loser_b))
            f["defender_breaks"] += nb
            f["attacker_breaks"] += int(np.count_nonzero(broken)) - nb
            if ground is not None:
                gb = int(np.count_nonzero(ground & loser_b))
                f["defender_gives_ground"] += gb
                f["attacker_gives_ground"] += int(np.count_nonzero(ground)) - gb
            f["attacker_destroyed"] += int(np.count_nonzero(dead_a))
            f["defender_destroyed"] += int(np.count_nonzero(dead_b))

        alive_a, alive_b = left_a, left_b
        broken_b = broken & loser_b
        codes = broken.view(np.int8) * _CODE["a_breaks"]
        codes += broken_b.view(np.int8) * (_CODE["b_breaks"] - _CODE["a_breaks"])
        if ground is not None:
            if give_ground == "end":
                codes[ground & loser_a] = _CODE["a_gives_ground"]
                codes[ground & loser_b] = _CODE["b_gives_ground"]
            elif track_ground:
                gave_a += ground & loser_a
                gave_b += ground & loser_b
        any_a, any_b = bool(dead_a.any()), bool(dead_b.any())
        if any_a or any_b:
            codes[dead_b] = _CODE["b_destroyed"]
            codes[dead_a] = _CODE["a_destroyed"]
            if any_a and any_b:
                codes[dead_a & dead_b] = _CODE["both_destroyed"]
        if pursuit:
            _pursue(rng, acc, sa, sb, broken & ~dead_a & ~dead_b, loser_b)
        if mom is not None:
            mom = loser_b.view(np.int8) + 2 * loser_a.view(np.int8)
        if rnd == max_rounds:
            codes[codes == 0] = _CODE["unresolved"]
        if end(codes, rnd):
            return


def _pursue(rng: np.random.Generator, acc: _Accumulator, sa: Side, sb: Side, fled: np.ndarray,
            loser_b: np.ndarray) -> None:
    """The winner pursues: caught when its 2D6/3D6 (by M) is at least the loser's flee roll."""
    for name, loser, winner, mask in (("a", sa, sb, fled & ~loser_b), ("b", sb, sa, fled & loser_b)):
        k = int(np.count_nonzero(mask))
        if k:
            nf, nc = (2 if loser.move <= 6 else 3), (2 if winner.move <= 6 else 3)
            acc.dice += k * (nf + nc)
            acc.caught[name] += int(np.count_nonzero(_nd6(rng, k, nc) >= _nd6(rng, k, nf)))


def _draw(rng: np.random.Generator, acc: _Accumulator, side: Side, n: np.ndarray, six: np.ndarray | None,
          first: bool) -> np.ndarray:
    if n.shape[0] == 0:
        return np.zeros(0, dtype=np.intp)
    if not first:
        u, dice = side.samplers["later"].draw(rng, n)
    elif six is None or not six.any():
        u, dice = side.samplers["first"].draw(rng, n)
    elif six.all():
        u, dice = side.samplers["first_sixes"].draw(rng, n)
    else:
        u1, d1 = side.samplers["first"].draw(rng, n * ~six)
        u2, d2 = side.samplers["first_sixes"].draw(rng, n * six)
        u, dice = u1 + u2, d1 + d2
    acc.dice += dice
    return u
