"""The dice notation: an expression parsed into its terms, and its exact distribution.

Notation (case-insensitive, spaces ignored)::

    D6  2D6  D3  D12  D100      N dice of F faces (N defaults to 1)
    D66                         tens die then units die: 11..66, 36 outcomes
    2D3kl1  3D6kh2              keep the k lowest / highest of the N dice
    6+2D6  D3-2  2D6+1          sums and differences of terms
    1D6x50  (also 1D6*50)       a term multiplied by a whole number

An expression is parsed once into an `Expr`, which gives its exact distribution (`Fraction`
probabilities) and rolls its faces on a random source (`dice.Dice` rolls and records them).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb, factorial, lcm, prod

from .errors import CampagneError, bilingual

Distribution = dict[int, Fraction]

MAX_DICE = 100
MAX_FACES = 1000
MAX_MULTIPLIER = 1_000_000


# --------------------------------------------------------------------------- terms


@dataclass(frozen=True)
class Const:
    value: int

    def distribution(self) -> Distribution:
        return {self.value: Fraction(1)}

    def roll(self, rng: random.Random) -> tuple[list[int], int]:
        return [], self.value

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True)
class DicePool:
    """N dice of F faces, optionally keeping the `keep` lowest or highest; F=66 is the D66."""

    count: int
    faces: int
    keep: str | None = None  # "kh" or "kl"
    keep_n: int = 0

    @property
    def is_d66(self) -> bool:
        return self.faces == 66

    def single(self) -> Distribution:
        if self.is_d66:
            p = Fraction(1, 36)
            return {10 * t + u: p for t in range(1, 7) for u in range(1, 7)}
        p = Fraction(1, self.faces)
        return {v: p for v in range(1, self.faces + 1)}

    def distribution(self) -> Distribution:
        return _pool_distribution(self.count, self.faces, self.keep, self.keep_n)

    def roll(self, rng: random.Random) -> tuple[list[int], int]:
        faces: list[int] = []
        values: list[int] = []
        for _ in range(self.count):
            if self.is_d66:
                tens, units = rng.randint(1, 6), rng.randint(1, 6)
                faces += [tens, units]
                values.append(10 * tens + units)
            else:
                v = rng.randint(1, self.faces)
                faces.append(v)
                values.append(v)
        if self.keep:
            ordered = sorted(values, reverse=self.keep == "kh")
            values = ordered[: self.keep_n]
        return faces, sum(values)

    def __str__(self) -> str:
        text = f"{self.count}D{self.faces}"
        return text + (f"{self.keep}{self.keep_n}" if self.keep else "")


@dataclass(frozen=True)
class Scaled:
    term: Const | DicePool
    factor: int

    def distribution(self) -> Distribution:
        out: Distribution = {}
        for k, p in self.term.distribution().items():  # x0 folds every total onto 0
            out[k * self.factor] = out.get(k * self.factor, Fraction(0)) + p
        return out

    def roll(self, rng: random.Random) -> tuple[list[int], int]:
        faces, total = self.term.roll(rng)
        return faces, total * self.factor

    def __str__(self) -> str:
        return f"{self.term}x{self.factor}"


Term = Const | DicePool | Scaled


@dataclass(frozen=True)
class Expr:
    """A parsed dice expression: signed terms added together."""

    text: str
    terms: tuple[tuple[int, Term], ...]  # (sign, term)

    def distribution(self) -> Distribution:
        """Exact distribution (cached: treat the returned dict as read-only)."""
        return _expr_distribution(self)

    def roll_faces(self, rng: random.Random) -> tuple[list[int], int]:
        faces: list[int] = []
        total = 0
        for sign, term in self.terms:
            f, t = term.roll(rng)
            faces += f
            total += sign * t
        return faces, total

    @property
    def minimum(self) -> int:
        return min(self.distribution())

    @property
    def maximum(self) -> int:
        return max(self.distribution())

    def mean(self) -> Fraction:
        return sum((k * p for k, p in self.distribution().items()), Fraction(0))

    def __str__(self) -> str:
        return self.text


# --------------------------------------------------------------------------- parsing

_TOKEN = re.compile(r"\s*(?:(?P<num>[0-9]+)|(?P<op>[-+*x])|(?P<d>d)|(?P<keep>k[hl]))", re.IGNORECASE)
MAX_DIGITS = 9
# Bounds on the work of an exact distribution (integer convolutions / sorted multisets).
MAX_POOL_WORK = 4_000_000  # count² × faces² for a pool summed whole
MAX_KEEP_MULTISETS = 100_000  # sorted outcomes enumerated for kh/kl


def parse(text: str) -> Expr:
    """Parse a dice expression; a malformed one raises `CampagneError('dice.syntax')` naming the position."""
    return _parse_cached(text)


@lru_cache(maxsize=512)
def _parse_cached(text: str) -> Expr:
    if not isinstance(text, str) or not text.strip():
        raise CampagneError("dice.syntax", expr=text, pos=1,
                            reason=bilingual("the expression is empty", "l'expression est vide"))
    p = _Parser(text)
    terms = p.expression()
    return Expr(text=_normalise(text), terms=tuple(terms))


def _normalise(text: str) -> str:
    return re.sub(r"\s+", "", text).upper().replace("KH", "kh").replace("KL", "kl").replace("X", "x")


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.tokens: list[tuple[str, str, int]] = []
        i = 0
        while i < len(text):
            if text[i].isspace():
                i += 1
                continue
            m = _TOKEN.match(text, i)
            if m and m.lastgroup == "num" and len(m.group("num")) > MAX_DIGITS:
                raise CampagneError("dice.too_large", expr=text,
                                    reason=bilingual(f"a number of more than {MAX_DIGITS} digits",
                                                     f"un nombre de plus de {MAX_DIGITS} chiffres"))
            if not m or m.end() == i:
                self.fail(i, bilingual(f"unexpected character {text[i]!r}",
                                       f"caractère inattendu {text[i]!r}"))
            start = m.start(m.lastgroup)
            self.tokens.append((m.lastgroup, m.group(m.lastgroup).lower(), start))
            i = m.end()
        self.i = 0

    def fail(self, pos: int, reason: dict[str, str]) -> None:
        raise CampagneError("dice.syntax", expr=self.text, pos=pos + 1, reason=reason)

    def peek(self) -> tuple[str, str, int] | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def next(self) -> tuple[str, str, int]:
        tok = self.peek()
        if tok is None:
            self.fail(len(self.text), bilingual("the expression ends too early",
                                                "l'expression se termine trop tôt"))
        self.i += 1
        return tok  # type: ignore[return-value]

    def expression(self) -> list[tuple[int, Term]]:
        terms = []
        sign = 1
        tok = self.peek()
        if tok and tok[0] == "op" and tok[1] in "+-":
            self.next()
            sign = -1 if tok[1] == "-" else 1
        terms.append((sign, self.term()))
        while (tok := self.peek()) is not None:
            if tok[0] != "op" or tok[1] not in "+-":
                self.fail(tok[2], bilingual(f"expected + or - but found {tok[1]!r}",
                                            f"+ ou - attendu, trouvé {tok[1]!r}"))
            self.next()
            terms.append((-1 if tok[1] == "-" else 1, self.term()))
        # Convolving the terms costs (support so far) × (support of the next term); multipliers spread
        # the totals apart, so the support is bounded by the span of possible totals, not their sum.
        work, support, span = 0, 1, 0
        for _, t in terms:
            inner, factor = (t.term, t.factor) if isinstance(t, Scaled) else (t, 1)
            if not isinstance(inner, DicePool):
                continue
            size = inner.count * (36 if inner.is_d66 else inner.faces)
            work += support * size
            lo, hi = (11, 66) if inner.is_d66 else (1, inner.faces)
            span += factor * (inner.keep_n if inner.keep else inner.count) * (hi - lo)
            support = min(support * size, span + 1)
        if work > MAX_POOL_WORK:
            raise CampagneError("dice.too_large", expr=self.text,
                                reason=bilingual("too many dice or faces for exact odds",
                                                 "trop de dés ou de faces pour des probabilités exactes"))
        if sum(t.count for t in _pools(terms)) > MAX_DICE:
            raise CampagneError("dice.too_large", expr=self.text,
                                reason=bilingual(f"more than {MAX_DICE} dice", f"plus de {MAX_DICE} dés"))
        return terms

    def term(self) -> Term:
        base = self.factor()
        tok = self.peek()
        if tok and tok[0] == "op" and tok[1] in "x*":
            self.next()
            num = self.next()
            if num[0] != "num":
                self.fail(num[2], bilingual("a whole number must follow the multiplication sign",
                                            "un nombre entier doit suivre le signe de multiplication"))
            factor = int(num[1])
            if factor > MAX_MULTIPLIER:
                raise CampagneError("dice.too_large", expr=self.text,
                                    reason=bilingual("multiplier too large", "multiplicateur trop grand"))
            return Scaled(base, factor)
        return base

    def factor(self) -> Const | DicePool:
        tok = self.next()
        count = 1
        count_pos = tok[2]
        if tok[0] == "num":
            nxt = self.peek()
            if not nxt or nxt[0] != "d":
                return Const(int(tok[1]))
            count = int(tok[1])
            tok = self.next()
        if tok[0] != "d":
            self.fail(tok[2], bilingual(f"expected a number or a die but found {tok[1]!r}",
                                        f"nombre ou dé attendu, trouvé {tok[1]!r}"))
        faces_tok = self.next()
        if faces_tok[0] != "num":
            self.fail(faces_tok[2], bilingual("the number of faces must follow D",
                                              "le nombre de faces doit suivre D"))
        faces = int(faces_tok[1])
        if count < 1:
            self.fail(count_pos, bilingual("at least one die is needed", "il faut au moins un dé"))
        if faces < 2:
            self.fail(faces_tok[2], bilingual("a die needs at least 2 faces", "un dé a au moins 2 faces"))
        if faces > MAX_FACES or count > MAX_DICE:
            raise CampagneError("dice.too_large", expr=self.text,
                                reason=bilingual("too many dice or faces", "trop de dés ou de faces"))
        pool = DicePool(count, faces)
        nxt = self.peek()
        if nxt and nxt[0] == "keep":
            self.next()
            n_tok = self.next()
            if n_tok[0] != "num":
                self.fail(n_tok[2], bilingual("a number must follow kh/kl", "un nombre doit suivre kh/kl"))
            keep_n = int(n_tok[1])
            if not 1 <= keep_n <= count:
                self.fail(n_tok[2], bilingual(f"can only keep 1 to {count} dice",
                                              f"on ne peut garder que 1 à {count} dés"))
            pool = DicePool(count, faces, nxt[1], keep_n)
        _check_work(self.text, pool)
        return pool


def _check_work(text: str, pool: DicePool) -> None:
    """Refuse pools whose exact distribution would take more than about a second."""
    sides = 36 if pool.is_d66 else pool.faces
    if pool.keep:
        multisets = comb(sides + pool.count - 1, pool.count)
        if multisets > MAX_KEEP_MULTISETS:
            raise CampagneError("dice.too_large", expr=text,
                                reason=bilingual("too many dice to keep exactly", "trop de dés à garder exactement"))
    elif pool.count ** 2 * sides ** 2 > MAX_POOL_WORK:
        raise CampagneError("dice.too_large", expr=text,
                            reason=bilingual("too many dice or faces for exact odds",
                                             "trop de dés ou de faces pour des probabilités exactes"))


def _pools(terms: Iterable[tuple[int, Term]]) -> Iterator[DicePool]:
    for _, t in terms:
        inner = t.term if isinstance(t, Scaled) else t
        if isinstance(inner, DicePool):
            yield inner


# --------------------------------------------------------------------------- exact distributions


def convolve(a: Distribution, b: Distribution, sign: int = 1) -> Distribution:
    """Distribution of X + sign*Y for independent X ~ a, Y ~ b."""
    out: Distribution = {}
    for x, px in a.items():
        for y, py in b.items():
            k = x + sign * y
            out[k] = out.get(k, Fraction(0)) + px * py
    return out


@lru_cache(maxsize=256)
def _pool_distribution(count: int, faces: int, keep: str | None, keep_n: int) -> Distribution:
    single = DicePool(1, faces).single()
    if not keep:
        # Whole-number weights (ways to roll each total), divided once at the end: far faster than Fractions.
        ways: dict[int, int] = {0: 1}
        for _ in range(count):
            nxt: dict[int, int] = {}
            for total, w in ways.items():
                for face in single:
                    nxt[total + face] = nxt.get(total + face, 0) + w
            ways = nxt
        denominator = len(single) ** count
        return {k: Fraction(w, denominator) for k, w in sorted(ways.items())}
    # Keep k of N: sum over sorted multisets, each weighted by its multinomial count.
    values = sorted(single)
    p = Fraction(1, len(values)) ** count
    out: Distribution = {}
    for combo in combinations_with_replacement(values, count):
        ordered = sorted(combo, reverse=keep == "kh")
        total = sum(ordered[:keep_n])
        weight = factorial(count) // prod(factorial(combo.count(v)) for v in set(combo))
        out[total] = out.get(total, Fraction(0)) + weight * p
    return dict(sorted(out.items()))


def _ways(dist: Distribution) -> tuple[dict[int, int], int]:
    """A distribution as whole-number weights over a common denominator."""
    denominator = lcm(*(p.denominator for p in dist.values()))
    return {k: int(p * denominator) for k, p in dist.items()}, denominator


@lru_cache(maxsize=512)
def _expr_distribution(expr: Expr) -> Distribution:
    ways, denominator = {0: 1}, 1
    for sign, term in expr.terms:
        tw, td = _ways(term.distribution())
        nxt: dict[int, int] = {}
        for x, wx in ways.items():
            for y, wy in tw.items():
                k = x + sign * y
                nxt[k] = nxt.get(k, 0) + wx * wy
        ways, denominator = nxt, denominator * td
    return {k: Fraction(w, denominator) for k, w in sorted(ways.items())}


def distribution(text: str | Expr) -> Distribution:
    """Exact distribution of a dice expression: {total: Fraction}."""
    expr = text if isinstance(text, Expr) else parse(text)
    return expr.distribution()
