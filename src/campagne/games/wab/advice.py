"""Exact odds beside a side's decisions in a WAB battle followed by the tracker: each test its units must take
now (the chance of passing and of every outcome, as the view's pending tests give them), and for a charged unit
choosing its reaction, how far it would flee (2D6 or 3D6 as its move says) against the charge's distance.

A battle on the table hides nothing from either side (the tracker records what both see): the odds are the
same whoever asks, but each side is told only about its own decisions."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...core.i18n import Lang, chance
from .movement import flee_move_odds
from .tracker import BattleState, pass_probability, pending_odds
from .tracker_views import _side_of


def advice(state: BattleState, viewer: str | None, lang: str = "en") -> list[dict[str, Any]]:
    mine = _side_of(state, viewer)
    if mine is None or state.phase == "ended":
        return []
    o = Lang(lang)
    out: list[dict[str, Any]] = []
    for p in state.pending:
        if p.side != mine:
            continue
        bu = state.units[p.unit]
        if p.kind == "test":
            outcomes = pending_odds(state, p)
            if not outcomes:
                continue
            detail = ", ".join(f"{k} {chance(v, o.lang)}" for k, v in outcomes.items() if v)
            out.append({"about": "roll", "text": o.t(
                f"{bu.name_fr}, {p.fr} : réussi {chance(pass_probability(outcomes), o.lang)} ({detail})",
                f"{bu.name}, {p.en}: passed {chance(pass_probability(outcomes), o.lang)} ({detail})")})
        elif p.kind == "reaction":
            charge = next((c for c in state.charges if c.id == p.charge), None)
            flee = flee_move_odds(bu.unit)
            mean = sum((Fraction(d) * q for d, q in flee.items()), Fraction(0))
            text_fr = f"{bu.name_fr} chargé : s'il fuit, il fuit de {float(mean):.1f} ps en moyenne"
            text_en = f"{bu.name} charged: if it flees, it flees {float(mean):.1f}\" on average"
            if charge is not None and charge.distance is not None:
                beyond = sum((q for d, q in flee.items() if d > charge.distance), Fraction(0))
                text_fr += f", plus loin que la charge ({charge.distance:g} ps) {chance(beyond, o.lang)}"
                text_en += f", farther than the charge ({charge.distance:g}\") {chance(beyond, o.lang)}"
            out.append({"about": "fact", "text": o.t(text_fr, text_en)})
    return out
