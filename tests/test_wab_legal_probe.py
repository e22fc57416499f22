"""WAB's legal orders ask a casualty report, the end, the table's facts (charge, move, contact, near), a charge
reaction and `next` through the tracker's own checks on the state itself, without a trial copy (legal.py `_accepts`),
and a fight's first checks before its trial: on the states of seeded battles played by agents (dice thrown by the
engine, and rolled at the table), for every unit whatever its state and for counts in and out of range, and for
every winner (none, a bad one), the answer is the trial's, and the state is untouched."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import pytest

from campagne.agents.match import Match
from campagne.core.legal import accepts
from campagne.core.dice import Dice
from campagne.games.wab import legal
from campagne.games.wab.rhythm import questions
from campagne.games.wab.tracker import WabBattle


def battle_states(options: dict, seeds: int, max_steps: int, rng: random.Random) -> Iterator[Any]:
    """Each state of seeded battles played on at random by `rng` (never ended by the referee's `end`): what the
    probes below ask their questions of, one after the other, before the battle goes on."""
    for seed in range(seeds):
        m = Match("wab", options=options, max_steps=max_steps)
        m.reset(seed)
        while not m.over:
            yield m.game.state
            acts = m.legal_actions()  # the battle played on rather than ended
            m.act(rng.choice([a for a in acts if m.command(a)["type"] != "end"] or acts))


@pytest.mark.parametrize("options", [{}, {"table_dice": True}])
def test_the_casualty_probe_without_a_copy_answers_as_the_trial(options: dict) -> None:
    seen: dict[tuple[str, bool], int] = {}
    rng = random.Random(4)
    for s in battle_states(options, 3, 120, rng):
        before = copy.deepcopy(s)
        for bu in s.units.values():
            for n in {0, 1, bu.models, bu.models + 1}:
                for how in (None, "duel", "nope"):
                    c = {"type": "fact", "player": "referee", "fact": "casualties", "unit": bu.key,
                         "models": n, **({} if how is None else {"how": how})}
                    ok = legal._accepts(s, c)
                    assert ok == accepts(WabBattle(), s, c), (c, s.phase, bu.status)
                    seen["fact", ok] = seen.get(("fact", ok), 0) + 1
        for winner in ("a", "b", None, "x"):
            c = {"type": "end", "player": "referee", **({} if winner is None else {"winner": winner})}
            ok = legal._accepts(s, c)
            assert ok == accepts(WabBattle(), s, c), (c, s.phase)
            seen["end", ok] = seen.get(("end", ok), 0) + 1
        assert s == before
    assert all(seen.get((kind, ok), 0) > 5 for kind in ("fact", "end") for ok in (True, False)), seen


def _table_facts(s, rng: random.Random) -> list[dict]:
    """A sample of charges, moves, contacts and distance facts, good and bad, between the battle's units."""
    keys = list(s.units) + ["nobody"]
    out = []
    for _ in range(3):
        unit, target = rng.choice(keys), rng.choice(keys)
        base = {"type": "fact", "player": "referee", "unit": unit}
        out += [
            {**base, "fact": "charge", "target": target, **rng.choice(
                [{}, {"facing": "flank"}, {"facing": "up"}, {"distance": rng.choice([1, 9, 72, -1])},
                 {"terrain": "bog"}, {"neglected": True}])},
            {**base, "fact": "move", "how": rng.choice(["move", "march", "forced_march", "reform", "fly", None])},
            {**base, "fact": "contact", "target": target, **rng.choice(
                [{}, {"facing": "rear"}, {"charged": True}, {"high_ground": "a"}, {"momentum": "x"},
                 {"difficult_terrain": 1}])},
            {**base, "fact": "near", **rng.choice(
                [{}, {"terror_within_8": True}, {"friends_fleeing": target}, {"general": True},
                 {"enemy_within_8": "yes"}, {"terror_within_8": True, "friends_fleeing": f"{target},{unit}"}])},
        ]
    out += [{"type": "next", "player": "referee", **rng.choice([{}, {"one_phase": True}, {"one_phase": "x"}])},
            {"type": "fight", "player": "referee"}]
    out += [{"type": "fact", "player": p.side, "fact": "react", "unit": p.unit, "reaction": r,
             **rng.choice([{}, {}, {"models": rng.randint(0, 30)}, {"weapon": "bow"}, {"modifiers": ["long_range"]}])}
            for p in s.pending if p.kind == "reaction"
            for r in ("hold", "stand_and_shoot", "flee", "fire_and_flee", "counter_charge", "x")] + [
        {"type": "fact", "player": "a", "fact": "react", "unit": rng.choice(keys), "reaction": "hold"}]
    if s.phase == "close_combat":  # elsewhere refused by its phase, as the unit-less fight above shows
        out += [{"type": "fight", "player": "referee", "unit": k} for k in rng.sample(keys, min(3, len(keys)))]
    for lo in legal.legal_orders(s, "referee"):  # the listed facts, each field at a value drawn from its domain
        if lo.type == "fact" and lo.fixed.get("fact") in ("charge", "move", "contact", "near"):
            out.append(lo.command({f.name: rng.choice(f.choices) if f.kind == "choice" else
                                   rng.randint(f.low, f.high + 1) if f.kind == "int" else rng.random() < 0.5
                                   for f in lo.fields}))
    return out


def _led_on(s, rng: random.Random) -> list:
    """States a charge or a contact leads to from `s` (copies): a charged unit's reaction waits; after a contact,
    the referee's `next` until close combat, its fights waiting."""
    out = []
    listed = [lo for lo in legal.legal_orders(s, "referee") if lo.fixed.get("fact") in ("charge", "contact")]
    for lo in rng.sample(listed, min(2, len(listed))):
        t = copy.deepcopy(s)
        WabBattle().apply(t, lo.command(legal._first(lo)), Dice.seeded("led", 0))
        for _ in range(3 if lo.fixed["fact"] == "contact" else 0):
            if t.phase == "close_combat" or not legal._accepts(t, {"type": "next", "player": "referee"}):
                break
            WabBattle().apply(t, {"type": "next", "player": "referee", "one_phase": True}, Dice.seeded("led", 0))
        out.append(t)
    return out


@pytest.mark.parametrize("options", [{}, {"table_dice": True}])
def test_the_table_facts_next_and_fight_asked_without_a_copy_answer_as_the_trial(options: dict) -> None:
    """A charge, a reaction, a move, a contact and a distance fact are asked through their checks
    (`fact_checks`), `next` through `next_checks`, a fight's first checks (`fight_todo`) before its trial: the answer
    is the trial's on a copy, for units and targets of every side and state (and the reactions and fights a charge
    or a contact leads to), fields good and bad."""
    seen: dict[tuple[str, bool], int] = {}
    rng = random.Random(7)
    for s in battle_states(options, 2, 12, rng):
        before = copy.deepcopy(s)
        for t in [s, *_led_on(s, rng)]:
            for c in _table_facts(t, rng):
                ok = legal._accepts(t, c)
                assert ok == accepts(WabBattle(), t, c), (c, t.phase)
                kind = c.get("fact", c["type"])
                seen[kind, ok] = seen.get((kind, ok), 0) + 1
        assert s == before
    # a fight at the table's dice waits for them: accepted fights are met in the engine's battles only
    kinds = ("charge", "move", "contact", "near", "react", "next", "fight")
    assert all(seen.get((kind, ok), 0) > (0 if options else 5) for kind in kinds
               for ok in (True, False) if not (kind == "fight" and ok and options)), sorted(seen.items())


def _rolls(s, rng: random.Random) -> list[dict]:
    """Rolls of the tests due (every one, all of them, none known), with answers to the tracker's questions given
    in every way (none, some, all, true and false, not a box)."""
    base = {"type": "roll", "player": "referee"}
    answers = [{}, {"general": True}, {"general": False, "army_standard": True}, {"enemy_within_8": True},
               {"general": True, "army_standard": False, "enemy_within_8": False},
               {name: rng.random() < 0.5 for name in ("general", "army_standard", "enemy_within_8")},
               {"general": "yes"}]
    picks = [{"all": True}, {}, {"all": "x"}, {"test": "nope"}]
    picks += [{"test": p.id, "player": p.side} for p in s.pending if p.kind == "test"]
    return [{**base, **pick, **answer} for pick in picks for answer in answers]


@pytest.mark.parametrize("options", [{}, {"table_dice": True}])
def test_a_roll_asked_without_a_copy_answers_as_the_trial(options: dict) -> None:
    """A test's roll is asked through its checks (`roll_checks`: the answers reported for the questions' sake,
    then taken back): the answer is the trial's on a copy, and the state is untouched, on seeded battles' states
    with tests due of every kind the agents meet (and none), the tracker's questions among them."""
    seen: dict[tuple[str, bool], int] = {}
    rng, asked = random.Random(11), random.Random(12)
    for s in battle_states(options, SEEDS, 60, rng):
        tests = [p for p in s.pending if p.kind == "test"]
        if s.table_dice is None and s.phase != "ended" and (tests or asked.random() < 0.1):
            before = copy.deepcopy(s)
            for c in _rolls(s, asked):
                ok = legal._accepts(s, c)
                assert ok == accepts(WabBattle(), s, c), (c, s.phase, [p.id for p in s.pending])
                assert s == before
                first = next((p for p in tests if p.id == c.get("test")), tests[0]) if tests else None
                kind = "none" if not tests else "answered" if ok and questions(s, first) else "due"
                seen[kind, ok] = seen.get((kind, ok), 0) + 1
    assert seen.get(("due", False), 0) > 10 and seen.get(("due", True), 0) + seen.get(("answered", True), 0) > 10
    assert seen.get(("answered", True), 0) > 3, seen  # rolls whose answers were needed, and given
    assert options or seen.get(("none", False), 0) > 5, seen  # (at the table, a die is mostly awaited then)


SEEDS = 2


@pytest.mark.parametrize("options", [{}, {"table_dice": True}])
def test_the_kinds_of_move_asked_at_once_and_the_points_answer_as_the_trial(options: dict) -> None:
    """A unit's kinds of move are asked at once (`move_kinds`: its checks and mover made once for all kinds): they
    are those the trial on a copy accepts one by one, for every unit (and none) and fields good and bad; the
    victory points added up without their rows (`vp`) are the rows' sums, and the state is untouched."""
    from campagne.games.wab.tracker_facts import move_kinds
    from campagne.games.wab.tracker_views import vp, vp_detail
    kinds = (*legal.MOVES, "fly")
    seen: dict[bool, int] = {}
    rng = random.Random(11)
    for s in battle_states(options, 2, 18, rng):
        assert vp(s) == {side: sum(r["points"] for r in rows) for side, rows in vp_detail(s).items()}
        if s.table_dice is None and s.phase != "ended":  # else asked on a copy (`legal._accepts`)
            before = copy.deepcopy(s)
            for key in [*s.units, "nobody"]:
                for extra in ({}, {}, rng.choice([{"distance": 30}, {"distance": -2},
                                                  {"enemies_within_8": ["infantry"]}, {"enemy_within_8": True},
                                                  {"terrain": "bog"}, {"distnace": 3}, {"column": True}])):
                    c = {"type": "fact", "player": "referee", "fact": "move", "unit": key, **extra}
                    got = move_kinds(s, c, kinds)
                    assert got == tuple(k for k in kinds if accepts(WabBattle(), s, {**c, "how": k})), (c, s.phase)
                    seen[bool(got)] = seen.get(bool(got), 0) + 1
            # a copy shares the units' frozen profiles: one whose musician or formation changed asks afresh
            t = copy.deepcopy(s)
            for bu in t.units.values():
                bu.unit.musician = not bu.unit.musician
                bu.unit.formation = rng.choice(["close_order", "skirmish"])
            for key in rng.sample(list(t.units), min(3, len(t.units))):
                c = {"type": "fact", "player": "referee", "fact": "move", "unit": key}
                got = move_kinds(t, c, kinds)
                assert got == tuple(k for k in kinds if accepts(WabBattle(), t, {**c, "how": k})), (c, t.phase)
            assert s == before
    assert seen.get(True, 0) > 5 and seen.get(False, 0) > 5, seen


def _asked_by_the_odds(s, p) -> list[str]:
    """`rhythm.questions` as it was: each fact asked when its answers give the test different odds."""
    from campagne.games.wab.rhythm import NEAR_FACTS
    from campagne.games.wab.tracker import pending_odds
    bu, now, out = s.units[p.unit], [s.turn, s.side], []
    for name in ["general", "army_standard"] + (["enemy_within_8"] if p.test == "rally" else []):
        attr = NEAR_FACTS[name][0]
        if bu.reported.get(name) == now or (s.assume_within_12 and name != "enemy_within_8"):
            continue
        kept = getattr(bu, attr)
        setattr(bu, attr, True)
        yes = pending_odds(s, p)
        setattr(bu, attr, False)
        no = pending_odds(s, p)
        setattr(bu, attr, kept)
        if yes != no:
            out.append(name)
    return out


def test_the_questions_skipping_the_odds_where_the_nerve_is_unchanged_are_those_of_the_odds() -> None:
    """A test's questions work out its odds only where an answer changes the unit's nerve (`rhythm.questions`):
    they are those the odds ask, on seeded battles' tests of every kind met, the facts reported or not, the
    general and the army standard assumed near or not; and the state is left as it was."""
    seen: dict[bool, int] = {}
    rng = random.Random(5)
    for s in battle_states({}, 4, 80, rng):
        assumed = s.assume_within_12
        for p in [p for p in s.pending if p.kind == "test"]:
            bu = s.units[p.unit]
            for facts in ({}, {"general_near": True}, {"army_standard_near": True, "enemy_within_8": True}):
                for attr, v in facts.items():
                    setattr(bu, attr, v)
                for assume in (False, True):
                    s.assume_within_12 = assume
                    before = copy.deepcopy(s)
                    got = questions(s, p)
                    assert got == _asked_by_the_odds(s, p), (p.test, facts, assume)
                    assert s == before
                    seen[bool(got)] = seen.get(bool(got), 0) + 1
        s.assume_within_12 = assumed
    assert seen.get(True, 0) > 3 and seen.get(False, 0) > 3, seen
