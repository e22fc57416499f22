"""The Monte Carlo's strike samplers: (unsaved wounds, dice rolled) for n attacks of one side, drawn
for every simulated fight at once (`montecarlo.simulate_fight`).

How the strikes are sampled, exactly. One attack is a little random process: a hit die (a missed die
re-rolled with hatred), then a wound die if it hit (none if the wound is impossible), then a save die
if it wounded and a save is possible. Its outcome is the pair (unsaved wound 0/1, dice rolled 1..4).
The n attacks of one side are independent, so the pair (U unsaved wounds, D dice rolled) has the
n-fold convolution of that small law; it is computed once per side, round type and n (float64), and
stored as a Walker alias table. Drawing (U, D) for a whole array of n then costs one raw 64-bit random
number and two table gathers per fight, whatever n is: the law of rolling those D dice one by one
(up to the float64 rounding of the tables), and D is what is counted in "dice resolved" (the
benchmark's measure), as a binomial draw stands for its n dice. Tables that would exceed 2**20 slots
(hundreds of attacks a side) fall back to `method="binomial"`, which draws the same events as three
chained binomials (hits, wounds, unsaved): about four times slower, kept as a cross-check.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np


def attack_kernel(p_hit: float, p_wound: float, p_save: float, *, reroll: bool = False,
                  wound_roll: bool = True, save_roll: bool = True) -> tuple[tuple[int, int, float], ...]:
    """The law of one attack as (unsaved 0/1, dice rolled, probability) triples.

    `p_hit` is one die's chance (before any re-roll); `wound_roll` / `save_roll`: whether those dice
    are rolled at all (no wound roll when it is impossible, no save roll without a save)."""
    after_hit: list[tuple[int, int, float]] = []  # (unsaved, extra dice, p) once the attack has hit
    if not wound_roll:
        after_hit.append((0, 0, 1.0))
    else:
        after_hit.append((0, 1, 1.0 - p_wound))
        if save_roll:
            after_hit += [(0, 2, p_wound * p_save), (1, 2, p_wound * (1.0 - p_save))]
        else:
            after_hit.append((1, 1, p_wound))
    hit_ways = [(1, p_hit)]  # (dice used to hit, p)
    miss_ways = [(1, 1.0 - p_hit)]
    if reroll:
        hit_ways.append((2, (1.0 - p_hit) * p_hit))
        miss_ways = [(2, (1.0 - p_hit) ** 2)]
    out: dict[tuple[int, int], float] = {}
    for dice, p in miss_ways:
        out[(0, dice)] = out.get((0, dice), 0.0) + p
    for dice, p in hit_ways:
        for u, extra, q in after_hit:
            out[(u, dice + extra)] = out.get((u, dice + extra), 0.0) + p * q
    return tuple((u, d, p) for (u, d), p in sorted(out.items()) if p > 0)


def _alias(p: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Walker/Vose alias table of a probability vector: (threshold, alias) with local indices."""
    m = len(p)
    q = (p / p.sum() * m).tolist()
    prob = [1.0] * m
    alias = list(range(m))
    small = [i for i, v in enumerate(q) if v < 1.0]
    large = [i for i, v in enumerate(q) if v >= 1.0]
    while small and large:
        s, g = small.pop(), large.pop()
        prob[s] = q[s]
        alias[s] = g
        q[g] = (q[g] + q[s]) - 1.0
        (small if q[g] < 1.0 else large).append(g)
    return np.array(prob), np.array(alias, dtype=np.int64)


class StrikeSampler:
    """Draws (unsaved wounds, dice rolled) for n attacks, n given per fight, from exact alias tables.

    Every n's outcomes are padded to one power of two S = 2**k slots (a padding slot always takes its
    alias), so one raw 64-bit random number per fight gives the slot (its top k bits) and the alias
    coin (the other 64-k bits, compared with a threshold stored on 64-k bits: the float64 alias
    probabilities lose nothing more)."""

    MAX_SLOTS = 1 << 20

    def __init__(self, kernel: tuple[tuple[int, int, float], ...], n_max: int) -> None:
        self.kernel = kernel
        self.n_max = n_max
        d_max = max(d for _, d, _ in kernel)
        shape = (n_max + 1, d_max * n_max + 1)
        dist = np.zeros(shape)
        dist[0, 0] = 1.0
        laws = []
        for n in range(n_max + 1):
            if n:
                nxt = np.zeros(shape)
                for u, d, p in kernel:
                    nxt[u:, d:] += p * dist[: shape[0] - u, : shape[1] - d]
                dist = nxt
            uu, dd = np.nonzero(dist > 0)
            laws.append((uu, dd, dist[uu, dd]))
        width = max(len(p) for _, _, p in laws)
        self.k = max(1, (width - 1).bit_length())
        slots = 1 << self.k
        if slots * (n_max + 1) > self.MAX_SLOTS:
            raise ValueError("alias tables too large")
        self.coin_bits = 64 - self.k
        scale = float(1 << self.coin_bits)
        threshold = np.zeros((n_max + 1) * slots, dtype=np.uint64)
        own = np.zeros((n_max + 1) * slots, dtype=np.int64)
        other = np.zeros((n_max + 1) * slots, dtype=np.int64)
        for n, (uu, dd, pp) in enumerate(laws):
            padded = np.zeros(slots)
            padded[: len(pp)] = pp
            prob, alias = _alias(padded)
            code = np.zeros(slots, dtype=np.int64)
            code[: len(pp)] = (dd.astype(np.int64) << 16) | uu
            base = n * slots
            # P(take own) = prob; prob 1 must always win: the threshold saturates above every coin
            thr = np.minimum(prob * scale, np.nextafter(scale, 0))
            threshold[base: base + slots] = np.where(prob >= 1.0, np.uint64(1 << self.coin_bits),
                                                     thr.astype(np.uint64))
            own[base: base + slots] = code
            other[base: base + slots] = code[alias]
        self.threshold = threshold
        # codes[2 * slot] is the slot's own outcome, codes[2 * slot + 1] its alias: (dice << 16) | unsaved
        self.codes = np.stack([own, other], axis=1).ravel()
        self._shift = np.uint64(self.coin_bits)
        self._mask = np.uint64((1 << self.coin_bits) - 1)
        self.mean_unsaved = sum(u * p for u, _, p in kernel)

    def draw(self, rng: np.random.Generator, n: np.ndarray) -> tuple[np.ndarray, int]:
        """Unsaved wounds for each fight (n attacks each, an intp array) and the total number of dice
        they took. (No np.where and no conversions: both are slow on random data.)"""
        r = rng.bit_generator.random_raw(n.shape[0])
        slot = (r >> self._shift).view(np.intp)
        slot += n << self.k
        r &= self._mask
        pos = slot << 1
        pos += r >= self.threshold[slot]
        code = self.codes[pos]
        unsaved = code & 0xFFFF
        return unsaved, (int(code.sum()) - int(unsaved.sum())) >> 16


class BinomialSampler:
    """The same draw as three chained binomials (hits, wounds, unsaved), counting the dice the same way."""

    def __init__(self, p_hit: float, p_wound: float, p_save: float, *, reroll: bool, wound_roll: bool,
                 save_roll: bool) -> None:
        self.p_hit, self.p_wound, self.p_save = p_hit, p_wound, p_save
        self.reroll, self.wound_roll, self.save_roll = reroll, wound_roll, save_roll

    def draw(self, rng: np.random.Generator, n: np.ndarray) -> tuple[np.ndarray, int]:
        dice = int(n.sum())
        hits = rng.binomial(n, self.p_hit)
        if self.reroll:
            misses = n - hits
            dice += int(misses.sum())
            hits = hits + rng.binomial(misses, self.p_hit)
        if not self.wound_roll:
            return np.zeros_like(n), dice
        dice += int(hits.sum())
        wounds = rng.binomial(hits, self.p_wound)
        if not self.save_roll:
            return wounds, dice
        dice += int(wounds.sum())
        return wounds - rng.binomial(wounds, self.p_save), dice


@lru_cache(maxsize=256)
def sampler(method: str, p_hit: float, p_wound: float, p_save: float, reroll: bool, wound_roll: bool,
            save_roll: bool, n_max: int) -> StrikeSampler | BinomialSampler:
    """The strike sampler of `method` for these chances, up to `n_max` attacks (kept: fights share them)."""
    if method == "alias":
        kernel = attack_kernel(p_hit, p_wound, p_save, reroll=reroll, wound_roll=wound_roll,
                               save_roll=save_roll)
        try:
            return StrikeSampler(kernel, n_max)
        except ValueError:  # too many attacks for tables of a sensible size
            pass
    return BinomialSampler(p_hit, p_wound, p_save, reroll=reroll, wound_roll=wound_roll, save_roll=save_roll)
