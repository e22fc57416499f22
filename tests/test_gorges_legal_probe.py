"""`legal_orders` asks `move`, `challenge` and `equip` through the orders' own checks on the state itself, without a trial
copy (legal.py `_refusal`): on every movement and challenge state of simulated years, the answer (the refusal's
code, or none) is the trial's, for walks good and bad, every army and every defender, and the state is untouched."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from campagne.core.dice import Dice
from campagne.core.errors import CampagneError
from campagne.games.gorges import legal, simulate
from campagne.games.gorges.rules import GorgesRules


def _trial(s: Any, command: dict[str, Any]) -> str | None:
    try:
        GorgesRules().apply(copy.deepcopy(s), command, Dice.seeded("legal-probe", 0))
    except CampagneError as e:
        return e.code
    return None


def _commands(s: Any, who: list[str]) -> list[dict[str, Any]]:
    out = []
    for pid in who:
        p = s.players[pid]
        for key, a in p.armies.items():
            here = a.position or s.capital_of(pid)
            walks = list(legal.reach(s, here, 3).values())
            for w in [w for w in walks if w][:6] + [[here], ["0,0"], []]:  # near, too far, standing, sea, none
                out.append({"type": "move", "player": pid, "army": key, "path": w})
            out.append({"type": "equip", "player": pid, "army": key})
            for d in [*s.players, "nobody"]:
                theirs = [x.position for x in s.players[d].armies.values() if x.position] if d in s.players else []
                for t in sorted({here, *s.neighbours(here)[:2], *theirs}):
                    out.append({"type": "challenge", "player": pid, "army": key, "defender": d, "territory": t})
    return out


def test_the_probe_without_a_copy_answers_as_the_trial(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = {"states": 0, "inside": False, "refused": 0, "accepted": 0}
    original = GorgesRules.apply

    def apply(self: GorgesRules, state: Any, command: dict[str, Any], dice: Any) -> Any:
        if not seen["inside"] and state.phase in ("movement", "challenges") and seen.get(state.phase, 0) < {"movement": 8, "challenges": 40}[state.phase]:
            seen["inside"] = True
            before = copy.deepcopy(state)
            who = state.acting[:1] if state.phase == "challenges" else list(state.players)
            found = copy.deepcopy(state)  # an item waiting, so that `equip` is accepted too
            next(iter(found.players.values())).items.append({"source": "mine", "max_points": 25})
            # the challenges legal_orders lists, so that accepted ones are asked too
            for pid in state.acting[:1]:
                for lo in legal.legal_orders(state, pid):
                    if lo.type == "challenge":
                        extra = [lo.command({"territory": t}) for t in lo.fields[0].choices]
                        for c in extra:
                            assert legal._refusal(state, c) is None and _trial(state, c) is None, c
                            seen[("challenge", True)] = seen.get(("challenge", True), 0) + 1
            for c in _commands(state, who):
                why = legal._refusal(state, c)
                assert why == _trial(state, c), c
                seen["refused" if why else "accepted"] += 1
                seen[(c["type"], why is None)] = seen.get((c["type"], why is None), 0) + 1
            for c in _commands(found, who):
                if c["type"] == "equip":
                    why = legal._refusal(found, c)
                    assert why == _trial(found, c), c
                    seen[("equip", why is None)] = seen.get(("equip", why is None), 0) + 1
            assert state == before
            seen["states"] += 1
            seen[state.phase] = seen.get(state.phase, 0) + 1
            seen["inside"] = False
        return original(self, state, command, dice)
    monkeypatch.setattr(GorgesRules, "apply", apply)
    simulate.run(3, 12, 3, "greedy")
    both = all(seen.get((k, ok)) for k in ("move", "challenge", "equip") for ok in (True, False))
    assert seen["states"] > 10 and both, sorted((str(k), v) for k, v in seen.items())


def _turn_commands(s: Any) -> list[dict[str, Any]]:
    """`next` and `end` (the referee's, a player's), each player's `done` (with a home army of his, another's, none
    such), his buildings, his answers to every challenge (and to none such) and his event's choices (those its
    options name, and bad ones)."""
    from campagne.games.gorges.events import CHOICES, options
    from campagne.games.gorges.context import Ctx
    out = [{"type": t, "player": who} for t in ("next", "end") for who in ("referee", next(iter(s.players)))]
    for pid, p in s.players.items():
        other = next(q for q in s.players if q != pid)
        for home in (None, "G", f"{other}:G", "Z"):
            out.append({"type": "done", "player": pid, **({} if home is None else {"home": home})})
        # (out of their phase, one of each: refused by the phase before any check)
        building = s.phase == "construction" and s.acting[:1] == [pid]
        for army in [*p.armies, f"{other}:G", "Z"] if building else ["G"]:
            for b in ("mine", "fortress", "town", "tower") if building else ("mine",):
                out.append({"type": "build", "player": pid, "army": army, "building": b})
        answering = s.phase == "challenges"
        for c in [x.id for x in s.challenges if x.defender == pid] + [99] if answering else [1]:
            for army in [*p.armies, f"{other}:G"] if answering else ["G"]:
                out.append({"type": "accept", "player": pid, "challenge": c, "army": army})
            out.append({"type": "accept", "player": pid, "challenge": c, "army": "G", "all_agree": True})
            for give in (None, 0, 1, 50, -1) if answering else (None,):
                out.append({"type": "refuse", "player": pid, "challenge": c,
                            **({} if give is None else {"relics": give})})
        ev = p.event or {}
        named = options(Ctx(s, {}, Dice.seeded("probe", 0)), p, CHOICES[ev["key"]]) if ev.get("pending") else []
        for c in [*([o] for o in named[:4]), *([o, "Unit 1"] for o in named[:2]), *([o, other] for o in named[:2]),
                  ["nowhere"], [], "G", [3], None]:
            out.append({"type": "event", "player": pid, **({} if c is None else {"choice": c})})
    return out


def test_next_end_done_and_events_without_a_copy_answer_as_the_trial(monkeypatch: pytest.MonkeyPatch) -> None:
    """`next`, `end`, `done`, an event's choice, a building and a challenge accepted or refused are asked through
    their handlers' checks (`next_checks`, `end_checks`, `done_checks`, `event_checks`, `build_checks`,
    `accept_checks`, `refuse_checks`): on states of every phase of simulated years the answer is the
    trial's, and the state is untouched."""
    seen: dict[Any, int] = {}
    original = GorgesRules.apply
    inside = [False]
    calls: dict[str, int] = {}  # orders met in each phase: every third one's state asked

    def apply(self: GorgesRules, state: Any, command: dict[str, Any], dice: Any) -> Any:
        calls[state.phase] = calls.get(state.phase, 0) + 1
        if not inside[0] and seen.get(state.phase, 0) < 8 and calls[state.phase] % 3 == 1:
            inside[0] = True
            before = copy.deepcopy(state)
            for c in _turn_commands(state):
                why = legal._refusal(state, c)
                assert why == _trial(state, c), (c, state.phase)
                seen[c["type"], why is None] = seen.get((c["type"], why is None), 0) + 1
            assert state == before
            seen[state.phase] = seen.get(state.phase, 0) + 1
            inside[0] = False
        return original(self, state, command, dice)
    monkeypatch.setattr(GorgesRules, "apply", apply)
    simulate.run(3, 12, 5, "greedy")
    kinds = ("next", "end", "done", "event", "build", "accept", "refuse")
    assert all(seen.get((k, ok)) for k in kinds for ok in (True, False)), sorted(
        (str(k), v) for k, v in seen.items())


def test_the_probes_dice_roll_as_the_seeded_ones_they_stand_for() -> None:
    """The probe's dice are seeded only when something rolls (`legal._ProbeDice`): a trial rolls the faces, and
    records the rolls, of `Dice.seeded("legal-probe", 0)`."""
    from campagne.core.dice import Dice
    lazy, seeded = legal._ProbeDice(), Dice.seeded("legal-probe", 0)
    assert lazy.records == [] and lazy._rng is None
    for expr in ("2D6", "1D6", "3D6", "1D3"):
        assert lazy.roll(expr, "p") == seeded.roll(expr, "p")
    assert lazy.records == seeded.records
