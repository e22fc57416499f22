"""A unit's nerve for the tests of psychology (`psychology.py` says how the sheet is read): its effective Leadership
(`Nerve`), a test's result and trace (`TestResult`), the 2D6 roll and its exact odds, and the basic Leadership
test; the refusals' sentences of every test."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from fractions import Fraction
from typing import Any

from ...core.errors import CampagneError, register_messages
from ...core.dice import Dice, Roll, parse
from .profiles import unit_attr


register_messages({
    "wab.psy.bad_ld": {
        "en": "A Leadership must be a whole number from 0 to 10 (got {ld!r}).",
        "fr": "Un Commandement doit être un nombre entier de 0 à 10 (reçu {ld!r}).",
    },
    "wab.psy.bad_models": {
        "en": "A unit's number of models must be a whole number of at least 0 (got {models!r}).",
        "fr": "Le nombre de figurines d'une unité doit être un entier positif ou nul (reçu {models!r}).",
    },
    "wab.psy.bad_difference": {
        "en": "A combat result difference must be a whole number of at least 0 (got {difference!r}).",
        "fr": "Une différence de résultat de combat doit être un entier positif ou nul "
              "(reçu {difference!r}).",
    },
    "wab.psy.bad_move": {
        "en": "A Movement must be a whole number of at least 0 (got {move!r}).",
        "fr": "Un Mouvement doit être un nombre entier positif ou nul (reçu {move!r}).",
    },
    "wab.psy.bad_situation": {
        "en": "Unknown situation {situation!r} for the {test} test: expected one of {allowed}.",
        "fr": "Situation {situation!r} inconnue pour le test de {test} : attendu l'un de {allowed}.",
    },
    "wab.psy.bad_trigger": {
        "en": "Unknown panic trigger {trigger!r}: expected one of {allowed}.",
        "fr": "Déclencheur de panique inconnu {trigger!r} : attendu l'un de {allowed}.",
    },
    "wab.psy.bad_reaction": {
        "en": "Unknown charge reaction {reaction!r}: expected one of {allowed}.",
        "fr": "Réaction à la charge inconnue {reaction!r} : attendu l'une de {allowed}.",
    },
    "wab.psy.reaction_illegal": {
        "en": "{reaction} is not allowed: {reason}.",
        "fr": "{reaction} n'est pas permis : {reason}.",
    },
    "wab.psy.bad_phase": {
        "en": "Unknown phase {phase!r}: expected one of {allowed}.",
        "fr": "Phase inconnue {phase!r} : attendu l'une de {allowed}.",
    },
})

ZERO = Fraction(0)
ONE = Fraction(1)
TWO_D6 = parse("2D6")


# --------------------------------------------------------------------------- basics


def p_2d6_at_most(target: int) -> Fraction:
    """P(2D6 <= target), exactly (0 below 2, 1 from 12)."""
    return sum((p for k, p in TWO_D6.distribution().items() if k <= target), ZERO)


def _check_ld(ld: Any) -> int:
    if isinstance(ld, bool) or not isinstance(ld, int) or not 0 <= ld <= 10:
        raise CampagneError("wab.psy.bad_ld", ld=ld)
    return ld


def _check_models(models: Any) -> int:
    if isinstance(models, bool) or not isinstance(models, int) or models < 0:
        raise CampagneError("wab.psy.bad_models", models=models)
    return models


def step(key: str, en: str, fr: str, **data: Any) -> dict[str, Any]:
    """One line of a test's trace, in both languages."""
    return {"step": key, "en": en, "fr": fr, **data}


@dataclass(frozen=True)
class Nerve:
    """What a test of nerve needs to know about a unit (no geometry: distances are given as facts).

    - `general_ld`: the general's Ld when he is within 12" (None otherwise);
    - `army_standard`: within 12" of the army standard (Grande Bannière);
    - `starting_models`: the unit's size at the start of the battle (half strength and "réduites à
      moins de cinq figurines" are measured on it; None: `models`);
    - `hates_enemy`: the unit hates the enemy it fights (Haine: break tests on Ld 10, modifiable);
    - `stubborn_d6`: "fear" (the sheet's reading here) or "any" (also under five models; odds.py keeps the default "fear");
    - `character`: a lone character, who rallies on his Ld: « Une unité en fuite doit avoir au moins cinq
      figurines » is a unit's minimum, not a single model's (docs/rules/wab.md, Ralliement).
    """

    ld: int
    models: int = 10
    starting_models: int | None = None
    skirmishers: bool = False
    general_ld: int | None = None
    army_standard: bool = False
    stubborn: bool = False
    frenzied: bool = False
    hates_enemy: bool = False
    stubborn_d6: str = "fear"
    character: bool = False

    def __post_init__(self) -> None:
        _check_ld(self.ld)
        _check_models(self.models)
        if self.starting_models is not None:
            _check_models(self.starting_models)
        if self.general_ld is not None:
            _check_ld(self.general_ld)
        if self.stubborn_d6 not in ("fear", "any"):
            raise CampagneError("wab.psy.bad_situation", test="stubborn", situation=self.stubborn_d6,
                                allowed="fear, any")

    @property
    def reduced_under_five(self) -> bool:
        """"réduites à moins de cinq figurines": started with five or more, fewer now."""
        start = self.models if self.starting_models is None else self.starting_models
        return start >= 5 and self.models < 5

    @property
    def half_strength(self) -> bool:
        """"réduite de moitié ou plus": models <= half the starting size."""
        return self.starting_models is not None and self.models * 2 <= self.starting_models

    @property
    def general_applies(self) -> bool:
        return self.general_ld is not None and not self.skirmishers

    @property
    def army_standard_applies(self) -> bool:
        return self.army_standard and not self.skirmishers

    def effective_ld(self, *, morale: bool = False) -> tuple[int, list[dict[str, Any]]]:
        """The Ld a test is taken on, and how it was found (hatred counts for break tests only)."""
        trace = []
        ld = self.ld
        trace.append(step("ld", f"unit Ld {ld}", f"Ld de l'unité {ld}", value=ld))
        if morale and self.hates_enemy and ld < 10:
            ld = 10
            trace.append(step("hatred", "hatred: break test on Ld 10 (modifiable)",
                              "haine : test de moral avec un Commandement de 10 (modifiable)", value=10))
        if self.general_applies and self.general_ld > ld:  # type: ignore[operator]
            ld = self.general_ld  # type: ignore[assignment]
            trace.append(step("general", f"general within 12\": uses his Ld {ld}",
                              f"général à moins de 12ps : utilise son Ld {ld}", value=ld))
        return ld, trace


def nerve_of(unit: Any, **overrides: Any) -> Nerve:
    """A `Nerve` from any unit-like object (e.g. `odds.UnitState` or `profiles.Unit`).

    Reads, when present (on the unit or its `profile`): ld/leadership, models/size, initial_models/
    starting_models, general_ld, army_standard or army_standard_near, skirmishers (or a formation /
    kind naming them), stubborn, frenzy/frenzied, hates/hates_enemy, and rule names in special/rules.
    """
    pick = partial(unit_attr, unit)

    rules: set[str] = set()
    for name in ("special", "rules", "special_rules"):
        value = pick(name)
        if value:
            rules |= {str(r).lower() for r in value}
    words = " ".join(str(pick(n, default="") or "") for n in ("formation", "order", "kind")).lower()
    skirmish = pick("skirmishers")
    values = dict(
        ld=int(pick("ld", "Ld", "leadership")),
        models=int(pick("models", "size", "count", default=10)),
        starting_models=pick("starting_models", "initial_models", "start_models"),
        skirmishers=bool(skirmish) if isinstance(skirmish, bool)
        else ("skirmish" in words or "tirailleur" in words or "skirmishers" in rules),
        general_ld=pick("general_ld"),
        army_standard=bool(pick("army_standard", default=False))
        or bool(pick("army_standard_near", default=False)),
        stubborn=bool(pick("stubborn", default=False)) or "stubborn" in rules,
        frenzied=bool(pick("frenzied", "frenzy", default=False)) or "frenzy" in rules,
        hates_enemy=bool(pick("hates_enemy", "hates", default=False)) or "hatred" in rules,
    )
    values.update(overrides)
    return Nerve(**values)


@dataclass(frozen=True)
class TestResult:
    """What a test did: the outcome a battle acts on, every roll, and why (bilingual trace)."""

    test: str
    outcome: str
    passed: bool
    target: int | None = None
    rolls: tuple[Roll, ...] = ()
    trace: tuple[dict[str, Any], ...] = ()
    effects: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"test": self.test, "outcome": self.outcome, "passed": self.passed, "target": self.target,
                "rolls": [r.to_dict() for r in self.rolls], "trace": [dict(t) for t in self.trace],
                "effects": dict(self.effects)}


def roll_2d6(dice: Dice, target: int, test: str, trace: list, rolls: list, label: str = "roll") -> bool:
    """A 2D6 test rolled, its roll kept and traced: whether it passed (2D6 <= target)."""
    record = dice.roll_record(TWO_D6, f"WAB {test}: 2D6 <= {target}")
    rolls.append(record)
    ok = record.total <= target
    trace.append(step(label, f"2D6 = {record.total} ({'<=' if ok else '>'} {target}): "
                             f"{'passed' if ok else 'failed'}",
                      f"2D6 = {record.total} ({'<=' if ok else '>'} {target}) : "
                      f"{'réussi' if ok else 'raté'}", total=record.total, target=target, passed=ok))
    return ok


def odds(**outcomes: Fraction) -> dict[str, Fraction]:
    """A test's outcomes with their odds, the impossible ones left out (they sum to one)."""
    out = {k: v for k, v in outcomes.items() if v}
    assert sum(out.values(), ZERO) == 1, out
    return out


# --------------------------------------------------------------------------- the basic test


def leadership_test(dice: Dice, ld: int | Nerve, *, modifier: int = 0,
                    test: str = "leadership") -> TestResult:
    """"Lancez 2D6. Si votre résultat est inférieur ou égal au Commandement (Ld) ... le test est réussi"."""
    nerve = ld if isinstance(ld, Nerve) else Nerve(_check_ld(ld))
    base, trace = nerve.effective_ld()
    target = base + modifier
    if modifier:
        trace.append(step("modifier", f"modifier {modifier:+d}", f"modificateur {modifier:+d}",
                          value=modifier))
    rolls: list[Roll] = []
    ok = roll_2d6(dice, target, test, trace, rolls)
    return TestResult(test, "passed" if ok else "failed", ok, target, tuple(rolls), tuple(trace))


def leadership_odds(ld: int | Nerve, *, modifier: int = 0) -> dict[str, Fraction]:
    nerve = ld if isinstance(ld, Nerve) else Nerve(_check_ld(ld))
    p = p_2d6_at_most(nerve.effective_ld()[0] + modifier)
    return odds(passed=p, failed=1 - p)
