"""Dice: seeded recorded rolls of the one notation every roll of the seeds uses (dice_notation.py: its
parsing and exact distributions).

A `Dice` roller owns a seeded `random.Random`, and every roll it makes becomes a `Roll` record
(expression, faces, total, purpose) kept in `Dice.records`, which the game journal stores.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any
from dataclasses import dataclass, field

from .dice_notation import Expr, parse


# --------------------------------------------------------------------------- rolling


@dataclass(frozen=True)
class Roll:
    """One roll, as the journal records it."""

    expr: str
    faces: tuple[int, ...]
    total: int
    purpose: str

    def to_dict(self) -> dict:
        return {"expr": self.expr, "faces": list(self.faces), "total": self.total, "purpose": self.purpose}


@dataclass
class Dice:
    """A seeded roller that records every roll it makes.

    The engine creates one per command from the campaign seed and the command's number,
    so a command's rolls never depend on how many dice earlier commands happened to use.
    """

    rng: random.Random
    records: list[Roll] = field(default_factory=list)

    @classmethod
    def seeded(cls, *key: object) -> Dice:
        return cls(random.Random(":".join(str(k) for k in key)))

    def roll(self, expr: str | Expr, purpose: str) -> int:
        return self.roll_record(expr, purpose).total

    def roll_record(self, expr: str | Expr, purpose: str) -> Roll:
        parsed = expr if isinstance(expr, Expr) else parse(expr)
        faces, total = parsed.roll_faces(self.faces_for(parsed.text, purpose))  # type: ignore[arg-type]
        record = Roll(parsed.text, tuple(faces), total, purpose)
        self.records.append(record)
        return record

    def faces_for(self, expr: str, purpose: str) -> Any:
        """Where this roll's faces come from (anything with `randint`): the seeded generator; dice whose faces
        are given (scripted, entered at the table) say otherwise, the record being the same."""
        return self.rng


class KeyedDice(Dice):
    """Dice whose faces are drawn by what each roll is for: the k-th roll of a purpose ("event L1", "move A2")
    comes from (seed, purpose, k), however many rolls of other purposes or orders came before it. Two futures played
    on the same seed then roll alike for the same purpose even when one gives an order more than the other: the
    search player's paired playouts compare decisions, not the dice that an extra order would shift. `counts` is
    shared by every command of one future (its rolls so far, by purpose)."""

    def __init__(self, seed: object, counts: dict[str, int] | None = None) -> None:
        super().__init__(random.Random(0))
        self.seed, self.counts = seed, {} if counts is None else counts

    def faces_for(self, expr: str, purpose: str) -> Any:
        k = self.counts.get(purpose, 0)
        self.counts[purpose] = k + 1
        return random.Random(f"{self.seed}:{purpose}:{k}")


class RecordedDice(Dice):
    """Dice that give back a journal's recorded rolls, in order: a journal replays without its seed (the
    referee's secret), each roll checked against what the rules ask for (the same expression and purpose)."""

    def __init__(self, records: Iterable[Any]) -> None:
        super().__init__(random.Random(0))
        self._queue = list(records)

    def roll_record(self, expr: str | Expr, purpose: str) -> Roll:
        from .errors import CampagneError
        parsed = expr if isinstance(expr, Expr) else parse(expr)
        if not self._queue:
            raise CampagneError("dice.not_recorded", expr=parsed.text, purpose=purpose)
        rec = self._queue.pop(0)
        faces_in = rec.get("faces") if isinstance(rec, dict) else None
        if rec.get("expr") != parsed.text or rec.get("purpose") != purpose or not isinstance(faces_in, list):
            raise CampagneError("dice.not_recorded", expr=parsed.text, purpose=purpose)
        try:
            faces, total = parsed.roll_faces(_ScriptRng(list(faces_in)))  # type: ignore[arg-type]
        except AssertionError:
            raise CampagneError("dice.not_recorded", expr=parsed.text, purpose=purpose) from None
        record = Roll(parsed.text, tuple(faces), total, purpose)
        self.records.append(record)
        return record

    @property
    def unused(self) -> int:
        return len(self._queue)


class NoDice(Dice):
    """What a command gets when the seed is not at hand: any roll is refused with a sentence."""

    def __init__(self) -> None:
        super().__init__(random.Random(0))

    def roll_record(self, expr: str | Expr, purpose: str) -> Roll:
        from .errors import CampagneError
        raise CampagneError("dice.no_seed", purpose=purpose)


class ScriptedDice(Dice):
    """Dice whose faces are given in advance: for rules tests and for dice rolled at the table."""

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__(random.Random(0))
        self._faces = list(faces)

    def faces_for(self, expr: str, purpose: str) -> Any:
        return _ScriptRng(self._faces)

    @property
    def remaining(self) -> list[int]:
        return list(self._faces)


class _ScriptRng:
    def __init__(self, faces: list[int]) -> None:
        self.faces = faces

    def randint(self, lo: int, hi: int) -> int:
        if not self.faces:
            raise AssertionError("scripted dice ran out of faces")
        v = self.faces.pop(0)
        if not lo <= v <= hi:
            raise AssertionError(f"scripted face {v} outside {lo}..{hi}")
        return v
