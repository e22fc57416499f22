"""A campaign's armies as grid cards by their real composition and strength (issue 24; the set-up's
"grid_armies": 2). The tables are data (data/conversion.toml, `[atlantis_v2]`, `[gorges_v2]`); this module
only reads them. Campaigns set up before keep version 1 (`campaign.atlantis_roster`, `campaign.gorges_roster`)
so their journals replay bit for bit.

Also the survivors of a grid battle as the campaign keeps them (hit points, corruption): a follow-up battle
(« il faudra utiliser une autre Action - Engager un combat pour amorcer une nouvelle bataille ») starts from
them, and corruption lasts on the campaign's units (« il pourra être retiré normalement par la suite »).
"""

from __future__ import annotations

from fractions import Fraction
from collections.abc import Mapping
from typing import Any

from ...core.errors import need, register_messages

from .state import SkirmishState

CURRENT = 2  # the set-up's "grid_armies" of a campaign set up today


register_messages({
    "grid.setup.armies": {"en": "The set-up's grid_armies is 1 (every army the same cards) or 2 (by its composition).",
                          "fr": "Le grid_armies du paramétrage vaut 1 (les mêmes cartes pour toute armée) ou 2 (selon "
                                "sa composition)."},
})


def grid_armies(setup: Mapping[str, Any]) -> int:
    """The conversion a campaign's set-up names: 1 when it names none (written before issue 24)."""
    v = setup.get("grid_armies", 1)
    need(v in (1, 2) and not isinstance(v, bool), "grid.setup.armies")
    return int(v)


def version(state: Any) -> int:
    """The conversion a campaign was set up with (1: before issue 24)."""
    return int(getattr(state, "grid_armies", 1) or 1)


def _table(name: str) -> dict[str, Any]:
    from .campaign import conversion
    return conversion()[name]


def atlantis_cards(pid: str, army: Any, card_of: Any) -> list[dict[str, Any]]:
    """Version 2: one card per `points_per_card` points begun of each living unit (at most
    `most_cards_per_unit`), a character one card, the living general one more."""
    t, kinds = _table("atlantis_v2"), _table("atlantis")
    out: list[dict[str, Any]] = []
    for u in army.living_units:
        n = 1 if u.is_character else max(1, min(t["most_cards_per_unit"], -(-u.points // t["points_per_card"])))
        out += [{"card": card_of(u), "id": f"{pid}.{u.id}.{k + 1}"} for k in range(n)]
    if army.has_general:
        out.append({"card": kinds["general"], "id": f"{pid}.general"})
    return out


def atlantis_killed(models: int, lost: int, full: int, v: int) -> int:
    """The models a unit loses for the hit points its cards lost: their share (version 1), times the table's
    factor (version 2: a grid battle has no flight, see docs/rules/skirmish.md), rounded to the nearest."""
    share = Fraction(lost, full)
    if v >= 2:
        t = _table("atlantis_v2")
        share *= Fraction(t["losses_numerator"], t["losses_denominator"])
    return min(models, int(models * share + Fraction(1, 2)))


def gorges_points(state: Any, army: Any, other: Any) -> int:
    """A Gorges army's points on the grid: its commander's, plus its bonus points (gold and iron, recruits),
    the bonus never taking it more than `bonus_cap_percent` above the opponent's total."""
    t = _table("gorges_v2")
    base = t["points"][army.commander]
    bonus = state.players[army.player].battle_points + army.bonus_points
    theirs = t["points"][other.commander] + state.players[other.player].battle_points + other.bonus_points
    return min(base + bonus, max(base, theirs * (100 + t["bonus_cap_percent"]) // 100))


def gorges_cards(state: Any, army: Any, other: Any | None = None, points: int | None = None,
                 most: int | None = None) -> list[dict[str, Any]]:
    """Version 2: the race's cards its points buy (against `other`, or `points` given), one card per Regiment of
    Renown (one more when it holds an honour), its legendary hero while on the field (a wizard for the races
    whose lords are wizards); `most` cards in all at most, the race's cards giving way first."""
    t = _table("gorges_v2")
    race = state.players[army.player].race
    rt = t["races"][race]
    tag = army.ref.replace(":", ".")
    n = max(1, (points if points is not None else gorges_points(state, army, other)) // t["points_per_card"])
    if most is not None:
        extras = sum(1 + bool(t["honour_card"] and r.get("honours")) for r in army.renown) + army.hero.on_the_field
        n = max(1, min(n, most - extras))
    out = [{"card": rt["cards"][k % len(rt["cards"])], "id": f"{tag}.{k + 1}"} for k in range(n)]
    for k, r in enumerate(army.renown):
        out.append({"card": rt["renown"], "id": f"{tag}.renown.{k + 1}"})
        if t["honour_card"] and r.get("honours"):
            out.append({"card": rt["renown"], "id": f"{tag}.renown.{k + 1}.honour"})
    if army.hero.on_the_field:
        out.append({"card": t["wizard_hero"] if race in t["wizard_lords"] else t["hero"], "id": f"{tag}.hero"})
    return out


def survivors(grid: SkirmishState) -> dict[str, list[dict[str, Any]]]:
    """Each camp's living cards as they stand (card, id, hit points, corruption, spells): the roster of a
    follow-up battle, and the corruption the campaign keeps."""
    out: dict[str, list[dict[str, Any]]] = {c: [] for c in grid.camps}
    for u in grid.units.values():
        if u.alive:
            entry: dict[str, Any] = {"card": u.card, "id": u.id, "hp": u.hp}
            if u.corruption:
                entry["corruption"] = u.corruption
            if u.spells and tuple(u.spells) != tuple(u.kind.spells):
                entry["spells"] = list(u.spells)
            out[u.camp].append(entry)
    return out


def corruption(grid: SkirmishState) -> dict[str, dict[str, int]]:
    """The corruption each camp's living cards carry out of the battle (« il pourra être retiré normalement
    par la suite »): {camp: {card id: points}}, cards without any left out."""
    return {c: {u.id: u.corruption for u in grid.of(c) if u.alive and u.corruption} for c in grid.camps}


def carry(state: Any, roster: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A roster whose cards bring the corruption the campaign kept on them from earlier grid battles."""
    store = getattr(state, "grid_corruption", {})
    return [{**e, "corruption": store[e["id"]]} if store.get(e["id"]) else e for e in roster]


def remember(state: Any, grid: SkirmishState) -> None:
    """The campaign keeps the corruption its cards carry out of this grid battle (a destroyed card's is gone)."""
    if version(state) < 2:
        return
    for u in grid.units.values():
        state.grid_corruption.pop(u.id, None)
        if u.alive and u.corruption:
            state.grid_corruption[u.id] = u.corruption


def engagements_option(group: Mapping[str, str]) -> Any:
    """`campagne battle-result ... --auto --resolver grid --engagements N`, declared once for both campaigns."""
    from ...core.interface import GameOption
    return GameOption("engagements", {
        "fr": "avec --resolver grid : au plus autant de batailles engagées l'une après l'autre entre les survivants "
              "quand 5 rounds ne décident rien (« une autre Action - Engager un combat » ; 1 par défaut)",
        "en": "with --resolver grid: at most this many battles engaged one after the other between the survivors "
              "when 5 rounds decide nothing (« une autre Action - Engager un combat »; 1 by default)"},
        kind="int", default=1, group=group)


def corruption_lines(view: Mapping[str, Any], o: Any) -> list[str]:
    """The status lines of the corruption a campaign's units carry out of grid battles."""
    kept = view.get("grid_corruption") or {}
    if not kept:
        return []
    cards = ", ".join(f"{card} {n}" for card, n in sorted(kept.items()))
    return [o.t(f"Corruption gardée des batailles sur quadrillage (« il pourra être retiré normalement par la suite ») : "
                f"{cards}", f"Corruption kept from grid battles (« il pourra être retiré normalement par la suite »): "
                f"{cards}")]


# --------------------------------------------------------------------------- the referee takes corruption away

register_messages({
    "grid.cleanse.card": {"en": "No card carries corruption under the id {card!r}{hint}.",
                          "fr": "Aucune carte ne porte de corruption sous l'identifiant {card!r}{hint}."},
    "grid.cleanse.points": {"en": "{card} carries {most} point(s) of corruption: take away 1 to {most}.",
                            "fr": "{card} porte {most} point(s) de corruption : en retirer de 1 à {most}."},
})


def cleanse_order() -> Any:
    """The referee's `cleanse CARD POINTS`, declared once for both campaigns: the seed lets corruption « être
    retiré normalement par la suite » and names no way, so the referee removes it as the club's rules allow."""
    from ...core.orders import Arg, Order
    return Order(order_cleanse, "referee", None, (
        Arg("card", help={"fr": "la carte corrompue (ex. P1.G.7)", "en": "the corrupted card (e.g. P1.G.7)"}),
        Arg("points", "int", {"fr": "les points retirés", "en": "the points taken away"})),
        {"fr": "retirer la corruption gardée d'une carte après une bataille sur quadrillage",
         "en": "take away the corruption a card kept after a grid battle"})


def order_cleanse(ctx: Any) -> list[dict[str, Any]]:
    from ...core.names import did_you_mean
    store = ctx.state.grid_corruption
    card = ctx.arg("card")
    need(card in store, "grid.cleanse.card", card=card, hint=did_you_mean(str(card), store))
    most = store[card]
    points = ctx.arg("points", int)
    need(1 <= points <= most, "grid.cleanse.points", card=card, most=most)
    if points == most:
        del store[card]
    else:
        store[card] = most - points
    return [{"type": "corruption_removed", "card": card, "points": points, "left": most - points}]


def cleansed_text(ev: Mapping[str, Any], o: Any) -> str:
    return o.t(f"L'arbitre retire {ev['points']} point(s) de corruption de {ev['card']} (reste {ev['left']})",
               f"The referee takes {ev['points']} point(s) of corruption away from {ev['card']} ({ev['left']} left)")


def cleanse_legal(state: Any, referee: str) -> list[Any]:
    """The referee's `cleanse` orders: one per corrupted card."""
    from ...core.interface import Field, LegalOrder
    return [LegalOrder("cleanse", referee, {"card": card}, (Field("points", choices=tuple(range(1, n + 1))),))
            for card, n in sorted(getattr(state, "grid_corruption", {}).items())]
