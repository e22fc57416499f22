"""One round of WAB 2 close combat RESOLVED with dice (seed 002): every die recorded, a full trace.

`resolve_round(a, b, dice, **situation)` rolls the round that `odds.round_odds(a, b, **situation)`
computes exactly, with the very same rules (`odds.prepare_round`, `odds.side_bonuses`,
`odds.feared_enemy_outnumbers` and the break test of `psychology.py`), so a brute-force Monte Carlo
of this module converges to those odds (tests/test_wab_combat.py checks it).

The dice, in the order the sheet's "Ordre d'attaque" gives ("Jetez un D6 pour chaque attaque ...
Jetez un D6 pour chaque touche réussie ... Lancez un D6 pour chaque blessure"), stage by stage as a
table rolls them: the first striker's to-hit dice (one D6 per attack; a score of 7 to 9 needs a 6, and
after all the first dice, a second D6 for each 6, needing 4+/5+/6), then the re-rolls of its misses (hatred, first round), its to-wound dice for the hits, the
enemy's saves for the wounds; the casualties are removed; then the second striker likewise (with
its models still in contact); with simultaneous blows both sides roll before any casualty is
removed (a first, then b). Then the combat result, and the loser's break test (2D6, the army
standard's re-roll, or the stubborn D6). Each die is one `Roll` with its purpose.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ...core.dice import Dice, Roll
from . import odds
from .data import tables as sheet_tables
from .attack_odds import ROLE, SIDES
from .odds import RoundSetup
from .unit_state import UnitState

# --------------------------------------------------------------------------- rolling attacks


@dataclass
class AttackRoll:
    """One attack (or shot): its to-hit dice, then its wound and save dice when it got that far."""

    number: int
    hit_dice: list[int] = field(default_factory=list)  # first die, its 7+ follow-up, then a re-roll's
    rerolled: bool = False
    hit: bool = False
    wound_die: int | None = None
    wounded: bool = False
    save_die: int | None = None
    saved: bool = False

    @property
    def unsaved(self) -> bool:
        return self.wounded and not self.saved

    def to_dict(self) -> dict[str, Any]:
        return {"attack": self.number, "hit_dice": list(self.hit_dice), "rerolled": self.rerolled,
                "hit": self.hit, "wound_die": self.wound_die, "wounded": self.wounded,
                "save_die": self.save_die, "saved": self.saved, "unsaved": self.unsaved}


def _then(score: int) -> int | None:
    """The second D6 a to-hit score of 7+ needs after a 6 (`to_hit_above_six`), None if impossible."""
    then = sheet_tables()["to_hit_above_six"].lookup(score).get("then")
    return None if then is None else int(then)


def _roll_hits(dice: Dice, score: int, attacks: list[AttackRoll], purpose: str, n: int) -> None:
    """One to-hit attempt for each of `attacks`, as a table rolls them: every first die, then the second
    die of each 6 when the score is 7 to 9 (a natural 1 always misses)."""
    firsts = [(a, dice.roll("D6", purpose.format(a.number, n))) for a in attacks]
    for a, first in firsts:
        a.hit_dice.append(first)
        a.hit = first >= max(score, 2) if score <= 6 else False
    if score <= 6:
        return
    then = _then(score)
    for a, first in firsts:
        if first == 6:
            second = dice.roll("D6", f"{purpose.format(a.number, n)}: 6, then {then}+")
            a.hit_dice.append(second)
            a.hit = second >= then  # type: ignore[operator]


def roll_attacks(dice: Dice, n: int, to_hit: int | None, to_wound: int | None, save: int | None, *,
                 reroll_misses: bool = False, label: str = "attack") -> list[AttackRoll]:
    """Roll n attacks as a table rolls them, stage by stage: every to-hit die (then the second dice of
    the sixes when 7+ is needed), the re-rolls of the misses, the wound dice of the hits, the save dice of
    the wounds. A score of None rolls nothing (it cannot hit / wound; no save)."""
    attacks = [AttackRoll(i + 1) for i in range(n)]
    if to_hit is None or _impossible_hit(to_hit):
        return attacks
    _roll_hits(dice, to_hit, attacks, f"{label} {{}}/{{}}: to hit {to_hit}+", n)
    if reroll_misses:
        missed = [a for a in attacks if not a.hit]
        for a in missed:
            a.rerolled = True
        _roll_hits(dice, to_hit, missed, f"{label} {{}}/{{}}: re-roll to hit {to_hit}+", n)
    if to_wound is None:
        return attacks
    for a in attacks:
        if a.hit:
            a.wound_die = dice.roll("D6", f"{label} {a.number}/{n}: to wound {to_wound}+")
            a.wounded = a.wound_die >= max(to_wound, 2)
    if save is None:
        return attacks
    for a in attacks:
        if a.wounded:
            a.save_die = dice.roll("D6", f"{label} {a.number}/{n}: save {save}+")
            a.saved = a.save_die >= max(save, 2)
    return attacks


def _impossible_hit(score: int) -> bool:
    return score > 6 and _then(score) is None


# --------------------------------------------------------------------------- one round


@dataclass
class StrikeTrace:
    """One side's blows: who fought, the scores needed, every attack, and what they did."""

    side: str
    unit: str
    models_fighting: int
    to_hit: int | None
    to_wound: int | None
    save: int | None
    reroll_misses: bool
    sixes_only: bool
    attacks: list[AttackRoll]
    casualties: int  # enemy models removed
    wounds_caused: int  # counted in the combat result

    @property
    def hits(self) -> int:
        return sum(a.hit for a in self.attacks)

    @property
    def wounds(self) -> int:
        return sum(a.wounded for a in self.attacks)

    @property
    def unsaved(self) -> int:
        return sum(a.unsaved for a in self.attacks)

    def to_dict(self) -> dict[str, Any]:
        return {"side": ROLE[self.side], "unit": self.unit, "models_fighting": self.models_fighting,
                "to_hit": self.to_hit, "to_wound": self.to_wound, "save": self.save,
                "reroll_misses": self.reroll_misses, "sixes_only": self.sixes_only,
                "attacks": [a.to_dict() for a in self.attacks], "hits": self.hits, "wounds": self.wounds,
                "unsaved_wounds": self.unsaved, "wounds_caused": self.wounds_caused,
                "casualties": self.casualties}


@dataclass
class RoundTrace:
    """A resolved round: the blows in order, casualties, combat results and the break test."""

    setup: RoundSetup
    strikes: list[StrikeTrace]
    casualties: dict[str, int]  # per side ("a", "b"): models it lost
    models_left: dict[str, int]
    wounded_left: dict[str, int]  # wounds left on one model of each side (W > 1)
    bonuses: dict[str, list[tuple[str, int]]]
    results: dict[str, int]  # combat result per side
    difference: int  # a's result minus b's
    break_test: Any = None  # psychology.TestResult of the loser, None: draw or loser wiped out
    rolls: list[Roll] = field(default_factory=list)
    character_wounds: dict[str, int] = field(default_factory=lambda: {"a": 0, "b": 0})  # in `results`

    @property
    def winner(self) -> str | None:
        return None if self.difference == 0 else ("a" if self.difference > 0 else "b")

    @property
    def loser(self) -> str | None:
        return None if self.difference == 0 else ("b" if self.difference > 0 else "a")

    @property
    def broken(self) -> dict[str, bool]:
        """Which side broke (failed its test or broke automatically)."""
        out = {"a": False, "b": False}
        if self.break_test is not None and self.loser:
            out[self.loser] = self.break_test.outcome in ("broken", "auto_broken")
        return out

    @property
    def gave_ground(self) -> dict[str, bool]:
        out = {"a": False, "b": False}
        if self.break_test is not None and self.loser:
            out[self.loser] = self.break_test.outcome == "gives_ground"
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.setup.to_dict(),
            "strikes": [s.to_dict() for s in self.strikes],
            "casualties": {ROLE[k]: v for k, v in self.casualties.items()},
            "models_left": {ROLE[k]: v for k, v in self.models_left.items()},
            "wounded_left": {ROLE[k]: v for k, v in self.wounded_left.items()},
            "bonuses": {ROLE[k]: [[key, v] for key, v in b] for k, b in self.bonuses.items()},
            "results": {ROLE[k]: v for k, v in self.results.items()},
            "difference": self.difference,
            "winner": self.winner and ROLE[self.winner],
            "break_test": None if self.break_test is None else {"unit": ROLE[self.loser or "a"],
                                                                **self.break_test.to_dict()},
            "broken": {ROLE[k]: v for k, v in self.broken.items()},
            "gave_ground": {ROLE[k]: v for k, v in self.gave_ground.items()},
            "rolls": [r.to_dict() for r in self.rolls],
            # only when characters fought beside the units (the traces of plain rounds keep their shape)
            **({"character_wounds": {ROLE[k]: v for k, v in self.character_wounds.items()}}
               if any(self.character_wounds.values()) else {}),
        }


def _strike(dice: Dice, setup: RoundSetup, side: str, models: int) -> StrikeTrace:
    s = setup.strike[side]
    me, enemy = setup.state(side), setup.enemy(side)
    attacks = roll_attacks(dice, models * s.attacks_per_model, s.to_hit, s.to_wound, s.save,
                           reroll_misses=s.reroll_misses, label=f"WAB {me.name} ({ROLE[side]}) attack")
    unsaved = sum(a.unsaved for a in attacks)
    return StrikeTrace(side, me.name, models, s.to_hit, s.to_wound, s.save, s.reroll_misses, s.sixes_only,
                       attacks, enemy.casualties(unsaved), enemy.wounds_caused(unsaved))


def resolve_round(a: UnitState, b: UnitState, dice: Dice, *, test_loser: bool = True,
                  character_wounds: Mapping[str, int] | None = None, **situation: Any) -> RoundTrace:
    """Roll one round of close combat between `a` (the attacker) and `b`. `situation` as in
    `odds.prepare_round`: charge, flank, rear, high_ground, momentum, difficult_terrain,
    round_number, fear_failed. The units are not changed: the trace says what to apply.
    `test_loser=False`: the blows only (one pair of a combat of several units, whose result and break
    tests are the whole combat's: `tracker_melee`). `character_wounds` ("a"/"b": wounds): what the
    characters fighting beside the two units caused before the round; they count in their side's result
    (« Chaque camp additionne le nombre de blessures qu'il a causé »)."""
    setup = odds.prepare_round(a, b, **situation)
    extra = {side: int((character_wounds or {}).get(side, 0)) for side in SIDES}
    start = len(dice.records)
    strikes: dict[str, StrikeTrace] = {}
    if setup.order is None:
        for side in SIDES:
            strikes[side] = _strike(dice, setup, side, setup.contact[side])
        ordered = [strikes["a"], strikes["b"]]
    else:
        first, second = setup.order
        strikes[first] = _strike(dice, setup, first, setup.contact[first])
        still = max(0, setup.contact[second] - strikes[first].casualties)
        strikes[second] = _strike(dice, setup, second, still)
        ordered = [strikes[first], strikes[second]]
    lost = {"a": strikes["b"].casualties, "b": strikes["a"].casualties}
    left = {"a": a.models - lost["a"], "b": b.models - lost["b"]}
    wounded = {side: (setup.state(side).wounded + strikes[_other(side)].unsaved)
               % max(setup.state(side).profile.W, 1) if left[side] else 0 for side in SIDES}
    bonuses = {side: odds.side_bonuses(setup, side, left[side]) for side in SIDES}
    results = {side: strikes[side].wounds_caused + extra[side] + sum(v for _, v in bonuses[side])
               for side in SIDES}
    diff = results["a"] - results["b"]
    trace = RoundTrace(setup, ordered, lost, left, wounded, bonuses, results, diff, character_wounds=extra)
    loser = trace.loser
    if test_loser and loser is not None and left[loser] > 0:
        winner = trace.winner
        feared = odds.feared_enemy_outnumbers(setup, loser, left[loser], left[winner])  # type: ignore[index]
        trace.break_test = break_test(setup.state(loser), abs(diff), dice, models_left=left[loser],
                                      feared_enemy_outnumbers=feared)
    trace.rolls = list(dice.records[start:])
    return trace


def _other(side: str) -> str:
    return "b" if side == "a" else "a"


def break_test(state: UnitState, difference: int, dice: Dice, *, models_left: int | None = None,
               feared_enemy_outnumbers: bool = False) -> Any:
    """The break test of a unit beaten by `difference`, with `models_left` models (default: all):
    `psychology.break_test` on the unit's nerve (Ld, general within 12", army standard, stubborn,
    frenzy). Returns its `TestResult` (outcome holds, broken, auto_broken, resists, gives_ground)."""
    from .psychology import break_test as psy_break_test
    left = state.models if models_left is None else models_left
    return psy_break_test(dice, state.nerve(left), difference, feared_enemy_outnumbers=feared_enemy_outnumbers)


def apply_round(trace: RoundTrace) -> dict[str, Any]:
    """The units after the round (copies of the `profiles.Unit`s with their models left), for a
    caller that tracks a battle: {"a": Unit, "b": Unit}."""
    return {side: trace.setup.state(side).with_models(trace.models_left[side]) for side in SIDES}


def summary(traces: Iterable[RoundTrace]) -> dict[str, int]:
    """Counts over many resolved rounds (a brute-force Monte Carlo): wins, draws, breaks."""
    out = {"attacker_wins": 0, "defender_wins": 0, "draw": 0, "attacker_breaks": 0, "defender_breaks": 0,
           "rounds": 0}
    for t in traces:
        out["rounds"] += 1
        out["draw" if t.winner is None else f"{ROLE[t.winner]}_wins"] += 1
        for side, broke in t.broken.items():
            out[f"{ROLE[side]}_breaks"] += broke
    return out
