"""Each side of a simulated fight (`montecarlo.simulate_fight`), decided once before any die from the
scalar rules of odds.py and psychology.py, and the vectorised steps that read it: models in contact,
wounds and casualties."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from .montecarlo_samplers import sampler


@dataclass
class Side:
    """Everything about one side that does not depend on the dice, as numbers and lookup arrays."""

    models: int
    start_models: int
    files: int
    w: int
    wounded: int
    apm: int
    fighting_ranks: int
    contact: int | None
    samplers: dict[str, Any]        # "first", "first_sixes", "later"
    bonus: np.ndarray               # [momentum code (0 none, 1 a, 2 b), models left] -> combat bonus
    ld: int                         # break test Leadership (hatred 10, general)
    reroll: bool                    # army standard re-roll of a failed break test
    stubborn: bool
    stubborn_d6_any: bool           # the stubborn D6 also against the under-five automatic break
    frenzied: bool
    causes_fear: bool
    psy_ld: int                     # Leadership of a psychology test (fear): unit's or general's
    move: int


def side_spec(side: str, a: Any, b: Any, situation: dict[str, Any], method: str) -> Side:
    """Read one side with the scalar rules of odds.py and psychology.py."""
    from . import odds

    state = a if side == "a" else b
    unit = state.unit
    apm = state.attacks_per_model
    kw = {k: situation[k] for k in ("flank", "rear", "high_ground", "difficult_terrain")}
    rows = []
    for mom in (None, "a", "b"):
        setup = odds.prepare_round(a, b, momentum=mom, **kw)
        rows.append([sum(v for _, v in odds.side_bonuses(setup, side, left))
                     for left in range(unit.models + 1)])
    bonus = np.array(rows, dtype=np.intp)
    nerve = state.nerve(unit.models)
    ld, _ = nerve.effective_ld(morale=True)
    psy_ld, _ = nerve.effective_ld()
    return Side(models=unit.models, start_models=unit.start_models or unit.models, files=unit.files,
                w=max(unit.profile.W, 1), wounded=state.wounded, apm=apm,
                fighting_ranks=state.fighting_ranks,
                contact=state.contact, samplers={}, bonus=bonus, ld=ld, reroll=nerve.army_standard_applies,
                stubborn=nerve.stubborn, stubborn_d6_any=nerve.stubborn_d6 == "any", frenzied=nerve.frenzied,
                causes_fear=state.causes_fear, psy_ld=psy_ld, move=unit.profile.M)


def attach_samplers(side: str, a: Any, b: Any, spec: Side, max_contact: int, method: str) -> None:
    """The strike samplers of one side: first round, first round hitting on 6s only, later rounds."""
    from . import attack_odds, odds

    state, enemy = (a, b) if side == "a" else (b, a)
    n_max = max(max_contact, 1) * spec.apm
    for key, rnd, sixes in (("first", 1, False), ("first_sixes", 1, True), ("later", 2, False)):
        st = odds.strike_of(side, state, enemy, rnd, sixes)
        p1 = float(attack_odds.hit_chance(st.to_hit)) if st.to_hit is not None else 0.0
        spec.samplers[key] = sampler(method, p1, float(st.p_wound), float(st.p_save), bool(st.reroll_misses),
                                     st.to_wound is not None, st.save is not None, n_max)


def contact_of(sa: Side, sb: Side, alive_a: np.ndarray, alive_b: np.ndarray, flank: bool, rear: bool
               ) -> tuple[np.ndarray, np.ndarray]:
    """odds.models_in_contact, vectorised: a's front rank against the face of b it hits."""
    if flank:
        face = -(-alive_b // sb.files)
    elif rear:
        face = alive_b - (-(-alive_b // sb.files) - 1) * sb.files
    else:
        face = np.minimum(alive_b, sb.files)
    width = np.minimum(np.minimum(alive_a, sa.files), face)
    if sa.contact is None:
        ca = np.minimum(alive_a, width * sa.fighting_ranks)
    else:
        ca = np.minimum(alive_a, sa.contact)
    if sb.contact is not None:
        cb = np.minimum(alive_b, sb.contact)
    else:
        cb = np.minimum(alive_b, width * (1 if flank or rear else sb.fighting_ranks))
    return ca, cb


def apply_wounds(side: Side, alive: np.ndarray, wounded: np.ndarray | None, unsaved: np.ndarray
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """Wounds counted in the combat result (capped at what the unit had), models left, wounds carried."""
    if wounded is None or side.w == 1:
        caused = np.minimum(unsaved, alive)
        return caused, alive - caused, wounded
    total = alive * side.w - wounded
    caused = np.minimum(unsaved, total)
    t = wounded + unsaved
    cas = np.minimum(alive, t // side.w)
    left = alive - cas
    carried = t - cas * side.w
    carried *= left > 0
    return caused, left, carried


def casualties_of(side: Side, alive: np.ndarray, wounded: np.ndarray | None,
                  unsaved: np.ndarray) -> np.ndarray:
    """Models lost to `unsaved` wounds, those carried from before counted."""
    if wounded is None or side.w == 1:
        return np.minimum(unsaved, alive)
    return np.minimum(alive, (wounded + unsaved) // side.w)
