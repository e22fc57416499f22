"""Tests of nerve of the WAB 2 reference sheet (seed 002): every one rolled on a `Dice`, and its exact odds.

Each test is a function ``xxx_test(dice, nerve, ...)`` returning a `TestResult` (outcome, the rolls,
a bilingual trace, the effects the battle must apply) and has an exact twin ``xxx_odds(nerve, ...)``
returning ``{outcome: Fraction}`` (the probabilities sum to 1). They share one set of rules: the
effective Leadership (`Nerve.effective_ld`) and the same decision functions.

The sheet's words, and how they are read (the full list is in `INTERPRETATIONS`):

- Basic test: "Lancez 2D6. Si votre résultat est inférieur ou égal au Commandement (Ld) de l'unité,
  le test est réussi" -> pass when 2D6 <= Ld + modifiers. A target of 12 or more always passes,
  below 2 always fails (no "double 1" rule on the sheet).
- Break test ("TEST DE MORAL"): 2D6 <= Ld - difference; "Les unités réduites à moins de cinq
  figurines sont automatiquement démoralisées"; fear: "Une unité vaincue en corps à romps par un ennemi
  supérieur en nombre et provoquant la peur est automatiquement démoralisée sans test de moral".
- General: "Toute unité (sauf des tirailleurs) se trouvant dans un rayon de 12ps du général peut
  utiliser son Commandement" -> every test uses max(unit Ld, general's Ld) (it "peut": never worse).
- Army standard ("Grande Bannière"): "peut relancer un test de Moral manqué mais pas un test de
  Psychologie" -> only the 2D6 break test is re-rolled (not panic, fear, terror, rally, nor the
  stubborn D6).
- Haine / Disciplines numbering: the flattened text prints "HAINE 1 2 3" and three lines ("L'unité fait
  ses tests de moral avec un Commandement de 10 (modifiable)", "Au 1er de combat, l'unité peut relancer
  une fois toutes les attaques ratées", "L'unité poursuit obligatoirement un ennemi haï qui s'enfuit
  (sauf pos. défensives)"), then "1 2", three more lines ("n'a pas à faire de test lorsqu'il y a des
  amis en fuite à moins de 4ps", "peut lâcher du terrain ...", "Si l'unité perd un tour de combat ...
  D6") and "DISCIPLINES 3 (Stubborn)" (a row header centred on its block lands between rows 2 and 3).
  Six numbers 1 2 3 / 1 2 3 for six lines, and no "4" anywhere near: each block has three rows, in
  the printed order. So Haine = {break tests on Ld 10 (modifiable) against the hated enemy, re-roll of
  the missed attacks in the first round, must pursue}; Stubborn = {no panic test for friends fleeing
  within 4", give ground, the D6}. (Reading the Ld 10 line as a Stubborn rule would leave Haine two rows
  for three numbers and Stubborn four rows for three numbers.) docs/rules/wab.md and data/tables.toml
  ([hatred] row 1) read it the same way.
- Stubborn: "L'unité peut lâcher du terrain si elle manque son test après un tour de combat" -> a
  failed break test may become "gives_ground" instead of "broken" (the unit's choice, `give_ground=`);
  "Si l'unité perd un tour de combat contre un adversaire qui devrait automatiquement la démoraliser,
  lancez un D6 : 1-3 Démoralisée / 4-6 Résiste" -> replaces the fear auto-break (the only automatic
  break *caused by an opponent*); the under-five-models auto-break is the unit's own state and stays
  (`Nerve(stubborn_d6="any")` applies the D6 to both).
- Under five: "Les unités réduites à moins de cinq figurines sont automatiquement démoralisées" ->
  a unit that started the battle with five models or more and has fewer than five when it tests
  (a unit raised smaller, such as three chariots, tests normally).

`odds.py` and `combat.py` take their break tests from here (`UnitState.nerve`), and `montecarlo.py`
reads the same `Nerve`, so exact, rolled and sampled break tests follow one reading.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import partial
from enum import StrEnum
from fractions import Fraction
from typing import Any

from ...core.dice import Dice, Roll, parse
from ...core.errors import CampagneError, bilingual, register_messages
from . import tables
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

INTERPRETATIONS: tuple[dict[str, str], ...] = (
    {"rule": "basic", "fr": "Lancez 2D6. Si votre résultat est inférieur ou égal au Commandement (Ld) de "
     "l'unité, le test est réussi", "reading": "pass iff 2D6 <= target; target >= 12 always passes, < 2 "
     "always fails; no double-1 rule (not on the sheet)."},
    {"rule": "general", "fr": "Toute unité (sauf des tirailleurs) se trouvant dans un rayon de 12ps du "
     "général peut utiliser son Commandement (Ld)", "reading": "every test (break, panic, fear, terror, "
     "rally, return, reform) uses max(unit Ld, general Ld) unless skirmishers."},
    {"rule": "army_standard", "fr": "peut relancer un test de Moral manqué mais pas un test de Psychologie",
     "reading": "re-rolls a failed 2D6 break test once (skirmishers excluded); never panic, fear, terror, "
     "rally nor the stubborn D6."},
    {"rule": "hatred_ld", "fr": "L'unité fait ses tests de moral avec un Commandement de 10 (modifiable).",
     "reading": "Haine row 1 (see hatred_numbering): a unit beaten by the enemy it hates takes its break "
     "test on Ld 10 minus the difference; other tests on its own (or the general's) Ld."},
    {"rule": "stubborn_d6", "fr": "Si l'unité perd un tour de combat contre un adversaire qui devrait "
     "automatiquement la démoraliser, lancez un D6 : 1-3 Démoralisée / 4-6 Résiste",
     "reading": "replaces the fear auto-break (beaten by a feared enemy that outnumbers it); 4-6: the unit "
     "holds without further test. Under five models it still breaks automatically (its own state, "
     "not an adversary's); stubborn_d6='any' gives the D6 there too."},
    {"rule": "under_five", "fr": "Les unités réduites à moins de cinq figurines sont automatiquement "
     "démoralisées.", "reading": "'réduites': the unit started with 5+ models (starting_models, default "
     "models) and has fewer than 5 now."},
    {"rule": "give_ground", "fr": "L'unité peut lâcher du terrain si elle manque son test après un tour "
     "de combat.", "reading": "a stubborn unit failing its 2D6 break test (after the army standard "
     "re-roll) may give ground instead of breaking (outcome gives_ground); not after an automatic break."},
    {"rule": "hatred_numbering", "fr": "HAINE 1 2 3 ... 1 2 ... DISCIPLINES 3 (Stubborn)",
     "reading": "three rows each, in the printed order: Haine = Ld 10 (modifiable) for break tests, "
     "re-roll missed attacks in the 1st round, must pursue a hated enemy (except from defensive "
     "positions); Stubborn = no test for friends fleeing within 4\", give ground, the D6 (module docstring)."},
    {"rule": "panic_2_1", "fr": "Des amis (2 :1)sont en fuite dans un rayon de 4ps de l'unité au début "
     "de son tour", "reading": "fleeing friends within 4\" cause a test unless the testing unit outnumbers "
     "them by 2 to 1 or more (models of the unit >= 2 x fleeing models); switch off with ratio_rule=False."},
    {"rule": "panic_half", "fr": "Une unité réduite de moitié ou plus déduit 1 de son Commandement pour le "
     "test de panique.", "reading": "-1 when models * 2 <= starting models (panic and rally)."},
    {"rule": "fear_charged", "fr": "Si le test est un échec et que l'adversaire est supérieur en nombre, "
     "elle doit fuir Si elle est supérieure en nombre mais que le test est manqué, elle peut rester pour "
     "combattre, mais il faudra obtenir des 6 pour toucher", "reading": "failed: flees if the enemy has "
     "strictly more models; otherwise (equal numbers included) it holds and needs 6s to hit in the first "
     "round and with its reaction shots."},
    {"rule": "fear_break", "fr": "Une unité vaincue en corps à romps par un ennemi supérieur en nombre et "
     "provoquant la peur est automatiquement démoralisée", "reading": "beaten + feared enemy with strictly "
     "more models -> broken without test (stubborn: the D6)."},
    {"rule": "frenzy_immunity", "fr": "L'unité n'est pas affectée par les autres effets psychologiques si "
     "elles sont à portée de charge de l'ennemi.", "reading": "a frenzied unit within charge reach of the "
     "enemy (always so when charging, charged or in combat) takes no panic, fear or terror test and is not "
     "broken automatically by fear; break tests and rally are not psychology and still apply."},
    {"rule": "rally", "fr": "Une unité ralliée se reforme, mais elle ne peut rien faire ce tour",
     "reading": "a rallied unit reforms and may not move (except the reform), shoot or charge this turn."},
    {"rule": "fire_and_flee", "fr": "tire puis s'enfuit ce qui réduit sa distance de fuite (-1D6)",
     "reading": "one die fewer, as the DISTANCE DE FUITE table's 'Réduction' column prints it: "
     "D6\" (M 6\" or less) or 2D6\" (more than 6\") instead of 2D6\" / 3D6\"."},
    {"rule": "not_on_sheet", "fr": "-", "reading": "two conventions of the full rules that the sheet "
     "assumes: a fleeing unit takes no panic, fear or terror test (it is already fleeing), and a unit "
     "that itself causes terror takes no terror test (`Situation.causes_terror`)."},
    {"rule": "return", "fr": "Les unités qui ont quitté la table doivent faire un test pour y revenir.",
     "reading": "a plain Ld test (2D6 <= Ld); no modifier is given by the sheet."},
)


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


def _step(key: str, en: str, fr: str, **data: Any) -> dict[str, Any]:
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
        trace.append(_step("ld", f"unit Ld {ld}", f"Ld de l'unité {ld}", value=ld))
        if morale and self.hates_enemy and ld < 10:
            ld = 10
            trace.append(_step("hatred", "hatred: break test on Ld 10 (modifiable)",
                               "haine : test de moral avec un Commandement de 10 (modifiable)", value=10))
        if self.general_applies and self.general_ld > ld:  # type: ignore[operator]
            ld = self.general_ld  # type: ignore[assignment]
            trace.append(_step("general", f"general within 12\": uses his Ld {ld}",
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


def _roll_2d6(dice: Dice, target: int, test: str, trace: list, rolls: list, label: str = "roll") -> bool:
    record = dice.roll_record(TWO_D6, f"WAB {test}: 2D6 <= {target}")
    rolls.append(record)
    ok = record.total <= target
    trace.append(_step(label, f"2D6 = {record.total} ({'<=' if ok else '>'} {target}): "
                              f"{'passed' if ok else 'failed'}",
                       f"2D6 = {record.total} ({'<=' if ok else '>'} {target}) : "
                       f"{'réussi' if ok else 'raté'}", total=record.total, target=target, passed=ok))
    return ok


def _odds(**outcomes: Fraction) -> dict[str, Fraction]:
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
        trace.append(_step("modifier", f"modifier {modifier:+d}", f"modificateur {modifier:+d}",
                           value=modifier))
    rolls: list[Roll] = []
    ok = _roll_2d6(dice, target, test, trace, rolls)
    return TestResult(test, "passed" if ok else "failed", ok, target, tuple(rolls), tuple(trace))


def leadership_odds(ld: int | Nerve, *, modifier: int = 0) -> dict[str, Fraction]:
    nerve = ld if isinstance(ld, Nerve) else Nerve(_check_ld(ld))
    p = p_2d6_at_most(nerve.effective_ld()[0] + modifier)
    return _odds(passed=p, failed=1 - p)


# --------------------------------------------------------------------------- break test


def _check_difference(difference: Any) -> int:
    if isinstance(difference, bool) or not isinstance(difference, int) or difference < 0:
        raise CampagneError("wab.psy.bad_difference", difference=difference)
    return difference


def _break_setup(nerve: Nerve, difference: int, feared_enemy_outnumbers: bool) -> tuple[str, int, list]:
    """("auto", 0, trace) | ("stubborn_d6", 0, trace) | ("roll", target, trace)."""
    _check_difference(difference)
    trace: list[dict[str, Any]] = []
    if nerve.reduced_under_five:
        if nerve.stubborn and nerve.stubborn_d6 == "any":
            trace.append(_step("under_five_stubborn", f"{nerve.models} models (< 5): stubborn, D6 1-3 broken / "
                                                      "4-6 resists",
                               f"{nerve.models} figurines (moins de cinq) : têtue, D6 1-3 démoralisée / "
                               "4-6 résiste"))
            return "stubborn_d6", 0, trace
        trace.append(_step("under_five", f"{nerve.models} models (< 5): broken automatically",
                           f"{nerve.models} figurines (moins de cinq) : démoralisée automatiquement"))
        return "auto", 0, trace
    if feared_enemy_outnumbers:
        if nerve.frenzied:
            trace.append(_step("frenzy_no_fear", "frenzied: not affected by fear, tests normally",
                               "frénétique : pas affectée par la peur, teste normalement"))
        elif nerve.stubborn:
            trace.append(_step("fear_stubborn", "beaten by a feared enemy that outnumbers it: stubborn, "
                                                "D6 1-3 broken / 4-6 resists",
                               "vaincue par un ennemi supérieur en nombre provoquant la peur : têtue, "
                               "D6 1-3 démoralisée / 4-6 résiste"))
            return "stubborn_d6", 0, trace
        else:
            trace.append(_step("fear_break", "beaten by a feared enemy that outnumbers it: broken without test",
                               "vaincue par un ennemi supérieur en nombre provoquant la peur : démoralisée "
                               "sans test"))
            return "auto", 0, trace
    ld, ld_trace = nerve.effective_ld(morale=True)
    trace += ld_trace
    target = ld - difference
    trace.append(_step("difference", f"lost by {difference}: needs 2D6 <= {target}",
                       f"perdu de {difference} : il faut 2D6 <= {target}", value=-difference))
    return "roll", target, trace


def break_test(dice: Dice, nerve: Nerve, difference: int, *, feared_enemy_outnumbers: bool = False,
               give_ground: bool = True) -> TestResult:
    """The break test ("test de moral") of a unit beaten by `difference` combat result points.

    Outcomes: holds, broken, auto_broken (under five models, or fear), resists / broken by the stubborn
    D6, gives_ground (stubborn, failed test, `give_ground=True`).
    """
    kind, target, trace = _break_setup(nerve, difference, feared_enemy_outnumbers)
    rolls: list[Roll] = []
    if kind == "auto":
        return TestResult("break", "auto_broken", False, None, (), tuple(trace), {"flee": True})
    if kind == "stubborn_d6":
        record = dice.roll_record("D6", "WAB stubborn: D6 1-3 broken / 4-6 resists")
        rolls.append(record)
        ok = record.total >= 4
        trace.append(_step("d6", f"D6 = {record.total}: {'resists' if ok else 'broken'}",
                           f"D6 = {record.total} : {'résiste' if ok else 'démoralisée'}", total=record.total))
        return TestResult("break", "resists" if ok else "broken", ok, None, tuple(rolls), tuple(trace),
                          {} if ok else {"flee": True})
    ok = _roll_2d6(dice, target, "break test", trace, rolls)
    if not ok and nerve.army_standard_applies:
        trace.append(_step("army_standard", "army standard within 12\": re-roll",
                           "Grande Bannière à moins de 12ps : relance"))
        ok = _roll_2d6(dice, target, "break test (army standard re-roll)", trace, rolls, "reroll")
    if ok:
        return TestResult("break", "holds", True, target, tuple(rolls), tuple(trace))
    if nerve.stubborn and give_ground:
        trace.append(_step("give_ground", "stubborn: gives ground instead of breaking",
                           "têtue : lâche du terrain au lieu d'être démoralisée"))
        return TestResult("break", "gives_ground", False, target, tuple(rolls), tuple(trace),
                          {"give_ground": True})
    return TestResult("break", "broken", False, target, tuple(rolls), tuple(trace), {"flee": True})


def break_odds(nerve: Nerve, difference: int, *, feared_enemy_outnumbers: bool = False,
               give_ground: bool = True) -> dict[str, Fraction]:
    kind, target, _ = _break_setup(nerve, difference, feared_enemy_outnumbers)
    if kind == "auto":
        return _odds(auto_broken=ONE)
    if kind == "stubborn_d6":
        return _odds(resists=Fraction(1, 2), broken=Fraction(1, 2))
    p = p_2d6_at_most(target)
    fail = 1 - p
    if nerve.army_standard_applies:
        fail = fail * fail
    failed_as = "gives_ground" if nerve.stubborn and give_ground else "broken"
    return _odds(holds=1 - fail, **{failed_as: fail})


# --------------------------------------------------------------------------- panic


class PanicTrigger(StrEnum):
    """The six panic triggers of the sheet, in its order."""

    FRIENDS_FLEEING_4 = "friends_fleeing_4"      # 1 Des amis (2:1) sont en fuite dans un rayon de 4ps
    FRIENDS_BROKEN_12 = "friends_broken_12"      # 2 Des amis sont démoralisés / anéantis ... 12ps
    CHARGED_FLANK_REAR = "charged_flank_rear"    # 3 Une unité chargée de flanc ou par l'arrière
    GENERAL_KILLED = "general_killed"            # 4 Le général est tué
    SHOOTING_25 = "shooting_25"                  # 5 25% ou plus de pertes lors d'une seule phase de tir
    NEGLECTED_CHARGER = "neglected_charger"      # 6 chargée par un ennemi qu'elle a négligé


PANIC_TEXT = {
    PanicTrigger.FRIENDS_FLEEING_4: ("friends (2:1) fleeing within 4\" at the start of the turn",
                                     "des amis (2:1) sont en fuite dans un rayon de 4ps au début du tour"),
    PanicTrigger.FRIENDS_BROKEN_12: ("friends broken or destroyed in combat within 12\"",
                                     "des amis sont démoralisés / anéantis au combat dans un rayon de 12ps"),
    PanicTrigger.CHARGED_FLANK_REAR: ("charged in the flank or rear", "chargée de flanc ou par l'arrière"),
    PanicTrigger.GENERAL_KILLED: ("the general is killed", "le général est tué"),
    PanicTrigger.SHOOTING_25: ("25% or more casualties in one shooting phase",
                               "25% ou plus de pertes lors d'une seule phase de tir"),
    PanicTrigger.NEGLECTED_CHARGER: ("charged by an enemy it neglected",
                                     "chargée par un ennemi qu'elle a négligé"),
}


def _trigger(trigger: Any) -> PanicTrigger:
    try:
        return PanicTrigger(trigger)
    except ValueError:
        raise CampagneError("wab.psy.bad_trigger", trigger=trigger,
                            allowed=", ".join(t.value for t in PanicTrigger)) from None


def _panic_setup(nerve: Nerve, trigger: PanicTrigger, won_combat: bool) -> tuple[int | None, bool, list]:
    trace = [_step("trigger", PANIC_TEXT[trigger][0], PANIC_TEXT[trigger][1], trigger=trigger.value)]
    if nerve.frenzied:
        trace.append(_step("frenzy", "frenzied within charge reach: not affected by panic",
                           "frénétique à portée de charge : pas affectée par la panique"))
        return None, False, trace
    if nerve.stubborn and trigger is PanicTrigger.FRIENDS_FLEEING_4:
        trace.append(_step("stubborn", "stubborn: no test for friends fleeing within 4\"",
                           "têtue : pas de test pour des amis en fuite à moins de 4ps"))
        return None, False, trace
    ld, ld_trace = nerve.effective_ld()
    trace += ld_trace
    target = ld
    if nerve.half_strength:
        target -= 1
        trace.append(_step("half_strength", "reduced to half or less: -1 Ld",
                           "réduite de moitié ou plus : -1 au Commandement", value=-1))
    reroll = trigger is PanicTrigger.FRIENDS_BROKEN_12 and won_combat
    return target, reroll, trace


def panic_test(dice: Dice, nerve: Nerve, trigger: PanicTrigger | str, *,
               won_combat: bool = False) -> TestResult:
    """A panic test; outcomes holds, flees ("s'enfuit comme une unité démoralisée") or immune.

    `won_combat`: trigger 2 only, "Si l'unité a gagné son corps à corps, elle bénéficie d'une relance".
    """
    trig = _trigger(trigger)
    target, reroll, trace = _panic_setup(nerve, trig, won_combat)
    if target is None:
        return TestResult("panic", "immune", True, None, (), tuple(trace))
    rolls: list[Roll] = []
    ok = _roll_2d6(dice, target, "panic test", trace, rolls)
    if not ok and reroll:
        trace.append(_step("won_combat", "won its combat: re-roll", "a gagné son corps à corps : relance"))
        ok = _roll_2d6(dice, target, "panic test (re-roll)", trace, rolls, "reroll")
    return TestResult("panic", "holds" if ok else "flees", ok, target, tuple(rolls), tuple(trace),
                      {} if ok else {"flee": True})


def panic_odds(nerve: Nerve, trigger: PanicTrigger | str, *, won_combat: bool = False) -> dict[str, Fraction]:
    target, reroll, _ = _panic_setup(nerve, _trigger(trigger), won_combat)
    if target is None:
        return _odds(immune=ONE)
    fail = 1 - p_2d6_at_most(target)
    if reroll:
        fail *= fail
    return _odds(holds=1 - fail, flees=fail)


def panic_from_friends_fleeing(models: int, fleeing_models: Iterable[int], *,
                               ratio_rule: bool = True) -> bool:
    """Trigger 1 "Des amis (2 :1)": do these fleeing friends within 4\" call for a test?

    Read as: friends that the unit outnumbers by 2 to 1 or more do not panic it (see INTERPRETATIONS).
    """
    fleeing = [f for f in fleeing_models if f > 0]
    if not ratio_rule:
        return bool(fleeing)
    return any(models < 2 * f for f in fleeing)


def shooting_panic(models_at_start: int, casualties: int) -> bool:
    """Trigger 5: "25% ou plus de pertes lors d'une seule phase de tir"."""
    return models_at_start > 0 and casualties * 4 >= models_at_start


# --------------------------------------------------------------------------- fear and terror

Failure = tuple[str, dict[str, Any], tuple[str, str]]  # outcome, effects, (English, French) of a failed test


FEAR_SITUATIONS = ("charged", "charging")
TERROR_SITUATIONS = ("charged", "charging", "within_8")


def _situation(test: str, situation: str, allowed: tuple[str, ...]) -> str:
    if situation not in allowed:
        raise CampagneError("wab.psy.bad_situation", test=test, situation=situation,
                            allowed=", ".join(allowed))
    return situation


def _fear_failure(situation: str, outnumbered: bool) -> Failure:
    if situation == "charging":
        return "no_charge", {"no_charge": True, "no_shooting": True}, (
            "failed: the charge does not take place; the unit stays and may not shoot",
            "échec : la charge n'a pas lieu, l'unité reste sur place et ne peut tirer")
    if outnumbered:
        return "flees", {"flee": True}, ("failed and outnumbered by the feared enemy: flees",
                                         "échec et l'adversaire est supérieur en nombre : fuit")
    return "hits_on_6", {"hits_on": 6, "first_round": True, "reaction_shots_on": 6}, (
        "failed but not outnumbered: stays, needs 6s to hit in the first round and with reaction shots",
        "échec mais pas en infériorité numérique : reste, il faudra des 6 pour toucher au premier tour "
        "et pour les tirs de réaction")


def _frenzy_proof_test(dice: Dice, nerve: Nerve, test: str, immune: tuple[str, str], failure: Failure
                       ) -> TestResult:
    """Fear and terror: a frenzied unit is not affected; else a Leadership test, `failure` if failed."""
    trace: list[dict[str, Any]] = []
    if nerve.frenzied:
        trace.append(_step("frenzy", *immune))
        return TestResult(test, "immune", True, None, (), tuple(trace))
    target, ld_trace = nerve.effective_ld()
    trace += ld_trace
    rolls: list[Roll] = []
    if _roll_2d6(dice, target, f"{test} test", trace, rolls):
        return TestResult(test, "passed", True, target, tuple(rolls), tuple(trace))
    outcome, effects, (en, fr) = failure
    trace.append(_step(outcome, en, fr))
    return TestResult(test, outcome, False, target, tuple(rolls), tuple(trace), effects)


def _frenzy_proof_odds(nerve: Nerve, failure: Failure) -> dict[str, Fraction]:
    if nerve.frenzied:
        return _odds(immune=ONE)
    p = p_2d6_at_most(nerve.effective_ld()[0])
    return _odds(passed=p, **{failure[0]: 1 - p})


def fear_test(dice: Dice, nerve: Nerve, situation: str = "charged", *,
              outnumbered: bool = False) -> TestResult:
    """Fear test when charged by ("charged") or wishing to charge ("charging") a fear-causing enemy.

    `outnumbered`: the feared enemy has more models than the unit ("supérieur en nombre").
    """
    _situation("fear", situation, FEAR_SITUATIONS)
    return _frenzy_proof_test(dice, nerve, "fear", ("frenzied: not affected by fear",
                                                    "frénétique : pas affectée par la peur"),
                              _fear_failure(situation, outnumbered))


def fear_odds(nerve: Nerve, situation: str = "charged", *, outnumbered: bool = False) -> dict[str, Fraction]:
    _situation("fear", situation, FEAR_SITUATIONS)
    return _frenzy_proof_odds(nerve, _fear_failure(situation, outnumbered))


TERROR_FAILURE: Failure = ("flees", {"flee": True}, ("failed: flees like a unit broken in combat",
                                                    "échec : fuit comme une unité démoralisée en corps à corps"))


def terror_test(dice: Dice, nerve: Nerve, situation: str = "charged") -> TestResult:
    """Terror test (charging, charged by, or a terror-causing enemy within 8" at the start of the turn)."""
    _situation("terror", situation, TERROR_SITUATIONS)
    return _frenzy_proof_test(dice, nerve, "terror", ("frenzied within charge reach: not affected by terror",
                                                      "frénétique à portée de charge : pas affectée par la terreur"),
                              TERROR_FAILURE)


def terror_odds(nerve: Nerve, situation: str = "charged") -> dict[str, Fraction]:
    _situation("terror", situation, TERROR_SITUATIONS)
    return _frenzy_proof_odds(nerve, TERROR_FAILURE)


# --------------------------------------------------------------------------- rally, return


def _rally_setup(nerve: Nerve, enemy_within_8: bool) -> tuple[int | None, list]:
    if not tables.can_rally(nerve.models, character=nerve.character):
        return None, [_step("too_few", f"{nerve.models} models: at least five are needed to rally",
                            f"{nerve.models} figurines : il en faut au moins cinq pour se rallier")]
    target, trace = nerve.effective_ld()
    if nerve.half_strength:
        target -= 1
        trace.append(_step("half_strength", "reduced to half or less: -1", "réduite de moitié ou plus : -1",
                           value=-1))
    if enemy_within_8:
        target -= 1
        trace.append(_step("enemy_8", "enemy within 8\": -1", "ennemi à moins de 8ps : -1", value=-1))
    return target, trace


def rally_test(dice: Dice, nerve: Nerve, *, enemy_within_8: bool = False) -> TestResult:
    """Rally at the start of the movement phase: rallied (reforms, does nothing else), keeps_fleeing,
    too_few."""
    target, trace = _rally_setup(nerve, enemy_within_8)
    if target is None:
        return TestResult("rally", "too_few", False, None, (), tuple(trace), {"flee": True})
    rolls: list[Roll] = []
    if _roll_2d6(dice, target, "rally test", trace, rolls):
        trace.append(_step("rallied", "rallied: reforms but can do nothing else this turn",
                           "ralliée : se reforme mais ne peut rien faire d'autre ce tour"))
        return TestResult("rally", "rallied", True, target, tuple(rolls), tuple(trace),
                          {"reform": True, "no_move": True, "no_shooting": True, "no_charge": True})
    trace.append(_step("keeps_fleeing", "failed: keeps fleeing", "échec : continue à fuir"))
    return TestResult("rally", "keeps_fleeing", False, target, tuple(rolls), tuple(trace), {"flee": True})


def rally_odds(nerve: Nerve, *, enemy_within_8: bool = False) -> dict[str, Fraction]:
    target, _ = _rally_setup(nerve, enemy_within_8)
    if target is None:
        return _odds(too_few=ONE)
    p = p_2d6_at_most(target)
    return _odds(rallied=p, keeps_fleeing=1 - p)


def return_test(dice: Dice, nerve: Nerve) -> TestResult:
    """"Les unités qui ont quitté la table doivent faire un test pour y revenir": a plain Ld test."""
    result = leadership_test(dice, nerve, test="return")
    return TestResult("return", "returns" if result.passed else "stays_off", result.passed, result.target,
                      result.rolls, result.trace)


def return_odds(nerve: Nerve) -> dict[str, Fraction]:
    p = p_2d6_at_most(nerve.effective_ld()[0])
    return _odds(returns=p, stays_off=1 - p)


# --------------------------------------------------------------------------- stubborn, frenzy, hatred


FRENZY_ATTACK_BONUS = 1


def attacks_per_model(attacks: int, *, frenzied: bool = False, hand_weapons: int = 1) -> int:
    """Profile A, +1 for frenzy ("une attaque supplémentaire par figurine"), +1 for a weapon in each hand."""
    return attacks + (FRENZY_ATTACK_BONUS if frenzied else 0) + (1 if hand_weapons >= 2 else 0)


def must_charge(*, frenzied: bool, enemy_in_charge_reach: bool) -> bool:
    """Frenzy 1: "L'unité doit charger tout ennemi se trouvant à portée de charge"."""
    return frenzied and enemy_in_charge_reach


def psychology_immune(*, frenzied: bool, enemy_in_charge_reach: bool) -> bool:
    """Frenzy 4: no other psychological effect while the enemy is within charge reach."""
    return frenzied and enemy_in_charge_reach


def frenzied_after_break_test(frenzied: bool, broken: bool) -> bool:
    """Frenzy 5: "Si l'unité est démoralisée au corps à corps, elle n'est plus affectée par la Frénésie
    jusqu'à la fin de la bataille" -> the unit's frenzy flag after a break test."""
    return frenzied and not broken


def hatred_rerolls_misses(round_number: int, *, hates_enemy: bool) -> bool:
    """Haine 2: "Au 1er [tour] de combat, l'unité peut relancer une fois toutes les attaques ratées"."""
    return hates_enemy and round_number == 1


@dataclass(frozen=True)
class PursuitRule:
    must_pursue: bool
    test_allowed: bool
    reasons: tuple[dict[str, str], ...]


def pursuit_rule(*, frenzied: bool = False, hates_enemy: bool = False,
                 defensive_position: bool = False) -> PursuitRule:
    """Whether a victorious unit must pursue a fleeing enemy.

    Frenzy 3: "poursuit toujours un adversaire en fuite (aucun test n'est permis)"; Haine 3: "poursuit
    obligatoirement un ennemi haï qui s'enfuit (sauf pos. défensives)". Otherwise pursuit is the
    player's choice (the sheet gives no restraint test for other units).
    """
    reasons = []
    must = False
    if frenzied:
        must = True
        reasons.append(bilingual("frenzied: always pursues, no test allowed",
                                 "frénétique : poursuit toujours, aucun test n'est permis"))
    if hates_enemy and not defensive_position:
        must = True
        reasons.append(bilingual("must pursue the hated enemy", "poursuit obligatoirement l'ennemi haï"))
    elif hates_enemy:
        reasons.append(bilingual("hated enemy, but in a defensive position: free to stay",
                                 "ennemi haï, mais en position défensive : libre de rester"))
    return PursuitRule(must, not frenzied, tuple(reasons))


# --------------------------------------------------------------------------- flee distances


def flee_expression(move: int, *, fire_and_flee: bool = False) -> str:
    """DISTANCE DE FUITE: "6” ou moins" 2D6 (Réduction D6), "Plus de 6”" 3D6 (Réduction 2D6)."""
    if isinstance(move, bool) or not isinstance(move, int) or move < 0:
        raise CampagneError("wab.psy.bad_move", move=move)
    if move <= 6:
        return "D6" if fire_and_flee else "2D6"
    return "2D6" if fire_and_flee else "3D6"


@dataclass(frozen=True)
class FleeResult:
    distance: int
    expression: str
    roll: Roll

    def to_dict(self) -> dict[str, Any]:
        return {"distance": self.distance, "expression": self.expression, "roll": self.roll.to_dict()}


def flee_distance(dice: Dice, move: int, *, fire_and_flee: bool = False, purpose: str = "flee") -> FleeResult:
    """Roll a flee distance in inches (fire and flee: one die fewer, "-1D6")."""
    expr = flee_expression(move, fire_and_flee=fire_and_flee)
    record = dice.roll_record(expr, f"WAB {purpose}: {expr}\"")
    return FleeResult(max(0, record.total), expr, record)


def flee_distance_odds(move: int, *, fire_and_flee: bool = False) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for total, p in parse(flee_expression(move, fire_and_flee=fire_and_flee)).distribution().items():
        out[max(0, total)] = out.get(max(0, total), ZERO) + p
    return dict(sorted(out.items()))


# --------------------------------------------------------------------------- charge reactions


class Reaction(StrEnum):
    HOLD = "hold"                        # Maintien
    STAND_AND_SHOOT = "stand_and_shoot"  # Maintien et Tir
    FLEE = "flee"                        # Fuite
    FIRE_AND_FLEE = "fire_and_flee"      # Tir et Fuite
    COUNTER_CHARGE = "counter_charge"    # Contre Charge


REACTION_NAMES = {
    Reaction.HOLD: ("Hold", "Maintien"),
    Reaction.STAND_AND_SHOOT: ("Stand and shoot", "Maintien et tir"),
    Reaction.FLEE: ("Flee", "Fuite"),
    Reaction.FIRE_AND_FLEE: ("Fire and flee", "Tir et fuite"),
    Reaction.COUNTER_CHARGE: ("Counter-charge", "Contre-charge"),
}

MOUNTED_COUNTER = frozenset({"cavalry", "light_chariot"})


@dataclass(frozen=True)
class ChargeFacts:
    """What the referee reports about a charge, for the charged unit's reaction.

    - `distance`: inches between the units when the charge is declared;
    - `charger_move`: the charger's M (its charge move is double that);
    - `charger_kind` / `target_kind`: infantry, cavalry, light_chariot, chariot, elephant, artillery...;
    - `in_front`: the charger comes from the target's front (in its arc of vision).
    """

    distance: float
    charger_move: int
    charger_kind: str = "infantry"
    target_kind: str = "infantry"
    in_front: bool = True
    target_has_missiles: bool = False
    target_fleeing: bool = False
    target_forced_march: bool = False
    target_engaged: bool = False

    @property
    def charge_move(self) -> int:
        return 2 * self.charger_move


def _reaction(reaction: Any) -> Reaction:
    try:
        return Reaction(reaction)
    except ValueError:
        raise CampagneError("wab.psy.bad_reaction", reaction=reaction,
                            allowed=", ".join(r.value for r in Reaction)) from None


def reaction_problems(reaction: Reaction | str, facts: ChargeFacts) -> list[dict[str, str]]:
    """Why `reaction` is not allowed (empty when it is), each reason in English and French."""
    r = _reaction(reaction)
    out = []
    if facts.target_fleeing and r is not Reaction.FLEE:
        out.append(bilingual("a fleeing unit can only flee again", "une unité en fuite ne peut que fuir"))
    if facts.target_engaged and r is not Reaction.HOLD:
        out.append(bilingual("a unit already in combat can only hold", "une unité déjà au combat ne peut que "
                                                                       "maintenir sa position"))
    if r in (Reaction.STAND_AND_SHOOT, Reaction.FIRE_AND_FLEE):
        if not facts.target_has_missiles:
            out.append(bilingual("the unit has no missile weapons", "l'unité n'a pas d'armes de jet"))
        if not facts.distance > facts.charger_move:
            out.append(bilingual(
                f"the enemy charges from {facts.distance}\", not more than half its charge move "
                f"({facts.charge_move}\" / 2 = {facts.charger_move}\")",
                f"l'ennemi charge depuis {facts.distance}ps, pas plus de la moitié de son mouvement de charge "
                f"({facts.charge_move}ps / 2 = {facts.charger_move}ps)"))
    if r is Reaction.COUNTER_CHARGE:
        if facts.target_kind not in MOUNTED_COUNTER:
            out.append(bilingual("only cavalry or light chariots may counter-charge",
                                 "seules la cavalerie et les chariots légers peuvent contre-charger"))
        if facts.charger_kind not in MOUNTED_COUNTER:
            out.append(bilingual("only a charge by cavalry or light chariots can be counter-charged",
                                 "seule une charge de cavalerie ou de chariots légers peut être contre-chargée"))
        if not facts.in_front:
            out.append(bilingual("only a charge from the front (in the arc of vision) can be counter-charged",
                                 "seule une charge de face (dans l'arc de vision) peut être contre-chargée"))
        if facts.target_forced_march:
            out.append(bilingual("units in forced march cannot counter-charge",
                                 "les unités en marche forcée ne peuvent pas contre-charger"))
    return out


def legal_reactions(facts: ChargeFacts) -> list[Reaction]:
    return [r for r in Reaction if not reaction_problems(r, facts)]


def check_reaction(reaction: Reaction | str, facts: ChargeFacts) -> Reaction:
    """Return the reaction, or raise `CampagneError('wab.psy.reaction_illegal')` with the first reason."""
    r = _reaction(reaction)
    problems = reaction_problems(r, facts)
    if problems:
        en, fr = REACTION_NAMES[r]
        raise CampagneError("wab.psy.reaction_illegal", reaction=bilingual(en, fr), reason=problems[0])
    return r


@dataclass(frozen=True)
class ReactionResult:
    reaction: Reaction
    shoots: bool
    flees: bool
    flee: FleeResult | None
    trace: tuple[dict[str, Any], ...]

    def to_dict(self) -> dict[str, Any]:
        return {"reaction": self.reaction.value, "shoots": self.shoots, "flees": self.flees,
                "flee": self.flee.to_dict() if self.flee else None, "trace": list(self.trace)}


def resolve_reaction(dice: Dice, reaction: Reaction | str, facts: ChargeFacts, *,
                     target_move: int) -> ReactionResult:
    """Check a declared reaction and roll what it needs (the flee distance). Shooting is resolved elsewhere.

    Stand and shoot: "Déterminez les pertes immédiatement"; flee: "se déplace de sa distance de fuite
    (2 ou 3D6ps) ... Elle ne peut pas tirer"; fire and flee: "tire puis s'enfuit ... (-1D6)".
    """
    r = check_reaction(reaction, facts)
    en, fr = REACTION_NAMES[r]
    trace = [_step("reaction", f"reaction: {en}", f"réaction : {fr}", reaction=r.value)]
    shoots = r in (Reaction.STAND_AND_SHOOT, Reaction.FIRE_AND_FLEE)
    flees = r in (Reaction.FLEE, Reaction.FIRE_AND_FLEE)
    flee = None
    if flees:
        flee = flee_distance(dice, target_move, fire_and_flee=r is Reaction.FIRE_AND_FLEE,
                             purpose="flee from a charge")
        trace.append(_step("flee", f"flees {flee.distance}\" ({flee.expression})",
                           f"fuit de {flee.distance}ps ({flee.expression})", distance=flee.distance))
    return ReactionResult(r, shoots, flees, flee, tuple(trace))


# --------------------------------------------------------------------------- which tests are due

PHASES = ("start_of_turn", "movement", "shooting", "close_combat")


@dataclass(frozen=True)
class Situation:
    """Facts about one unit at one moment of its side's turn, as the referee reports them.

    Counts are models; `friends_fleeing_within_4` lists the size of each fleeing friendly unit within 4".
    """

    phase: str
    models: int = 10
    starting_models: int | None = None
    fleeing: bool = False
    off_table: bool = False
    stubborn: bool = False
    frenzied: bool = False
    enemy_in_charge_reach: bool = False
    friends_fleeing_within_4: tuple[int, ...] = ()
    terror_enemy_within_8: bool = False
    causes_terror: bool = False
    enemy_within_8: bool = False
    charged_in_flank_or_rear: bool = False
    charged_by_neglected_enemy: bool = False
    general_killed: bool = False
    shooting_casualties: int = 0
    models_at_phase_start: int | None = None
    friends_broken_within_12: int = 0
    won_combat: bool = False
    charged_by_fear: bool = False
    charged_by_terror: bool = False
    wants_to_charge_fear: bool = False
    wants_to_charge_terror: bool = False
    outnumbered_by_feared: bool = False
    lost_combat_by: int | None = None
    ratio_rule: bool = True
    character: bool = False       # a lone character (rallies whatever his number: Nerve.character)


@dataclass(frozen=True)
class TestDue:
    test: str                     # "return", "panic", "terror", "fear", "rally", "break"
    reason: str                   # a stable key (the panic trigger, "charged", "within_8", ...)
    en: str
    fr: str
    params: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"test": self.test, "reason": self.reason, "en": self.en, "fr": self.fr,
                "params": dict(self.params)}


def tests_due(situation: Situation) -> list[TestDue]:
    """The tests this unit must take now, in the sheet's order ("dans l'ordre suivant").

    Start of turn: 1 off-table return, 2 panic (friends fleeing within 4"), 3 terror (within 8").
    Movement: rally of fleeing units; fear and terror on charges; panic when charged in the flank or
    rear or by a neglected enemy. Shooting: panic at 25% casualties. Close combat: break test, panic
    for friends broken within 12" (with a re-roll if the unit won its combat). The general's death is
    reported in whichever phase it happens. Each panic trigger is listed separately: the tracker rolls
    them in order and stops at the first failure (a fleeing unit takes no further panic test).
    A frenzied unit within charge reach of the enemy is listed no panic, fear or terror test; a
    stubborn unit no test for friends fleeing within 4".
    """
    s = situation
    if s.phase not in PHASES:
        raise CampagneError("wab.psy.bad_phase", phase=s.phase, allowed=", ".join(PHASES))
    due: list[TestDue] = []
    immune = psychology_immune(frenzied=s.frenzied, enemy_in_charge_reach=s.enemy_in_charge_reach)
    half = s.starting_models is not None and s.models * 2 <= s.starting_models

    def panic(trigger: PanicTrigger, **params: Any) -> None:
        if immune or s.fleeing:
            return
        en, fr = PANIC_TEXT[trigger]
        due.append(TestDue("panic", trigger.value, en, fr, {"half_strength": half, **params}))

    if s.phase == "start_of_turn":
        if s.off_table:
            due.append(TestDue("return", "off_table", "the unit has left the table: test to come back",
                               "l'unité a quitté la table : test pour y revenir"))
            return due
        if s.friends_fleeing_within_4 and not s.stubborn and panic_from_friends_fleeing(
                s.models, s.friends_fleeing_within_4, ratio_rule=s.ratio_rule):
            panic(PanicTrigger.FRIENDS_FLEEING_4)
        if s.terror_enemy_within_8 and not immune and not s.fleeing and not s.causes_terror:
            due.append(TestDue("terror", "within_8", "a terror-causing enemy within 8\" at the start of the turn",
                               "un ennemi provoquant la terreur à moins de 8ps au début du tour"))
    elif s.phase == "movement":
        if s.fleeing:
            due.append(TestDue("rally", "fleeing", "fleeing at the start of the movement phase: rally test",
                               "en fuite au début de la phase de mouvement : test de ralliement",
                               {"possible": tables.can_rally(s.models, character=s.character),
                                "half_strength": half,
                                "enemy_within_8": s.enemy_within_8}))
        if not s.fleeing and not immune:
            if s.wants_to_charge_terror and not s.causes_terror:
                due.append(TestDue("terror", "charging", "wishes to charge a terror-causing enemy",
                                   "veut charger un ennemi provoquant la terreur"))
            elif s.wants_to_charge_fear:
                due.append(TestDue("fear", "charging", "wishes to charge a fear-causing enemy",
                                   "veut charger un ennemi provoquant la peur"))
            if s.charged_by_terror and not s.causes_terror:
                due.append(TestDue("terror", "charged", "charged by a terror-causing enemy",
                                   "chargée par un ennemi provoquant la terreur"))
            elif s.charged_by_fear:
                due.append(TestDue("fear", "charged", "charged by a fear-causing enemy",
                                   "chargée par un ennemi provoquant la peur",
                                   {"outnumbered": s.outnumbered_by_feared}))
        if s.charged_in_flank_or_rear:
            panic(PanicTrigger.CHARGED_FLANK_REAR)
        if s.charged_by_neglected_enemy:
            panic(PanicTrigger.NEGLECTED_CHARGER)
    elif s.phase == "shooting":
        start = s.models_at_phase_start
        if start is None:
            start = s.models + s.shooting_casualties
        if shooting_panic(start, s.shooting_casualties):
            panic(PanicTrigger.SHOOTING_25, casualties=s.shooting_casualties, models_at_start=start)
    elif s.phase == "close_combat":
        if s.lost_combat_by is not None and s.lost_combat_by > 0 and not s.fleeing:
            due.append(TestDue("break", "lost_combat", f"lost the combat by {s.lost_combat_by}",
                               f"a perdu le combat de {s.lost_combat_by}",
                               {"difference": s.lost_combat_by,
                                "automatic": (s.starting_models or s.models) >= 5 and s.models < 5,
                                "feared_enemy_outnumbers": s.outnumbered_by_feared}))
        for _ in range(s.friends_broken_within_12):
            panic(PanicTrigger.FRIENDS_BROKEN_12, reroll=s.won_combat)
    if s.general_killed:
        panic(PanicTrigger.GENERAL_KILLED)
    return due
