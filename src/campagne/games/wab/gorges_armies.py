"""A Gorges Tranchées battle (seed 001) set up for the WAB tracker: each army as a WAB army list, from its race,
its Regiments of Renown and its legendary hero as they stand in the campaign (data/gorges.toml; the reading in
docs/rules/gorges.md, « A Gorges battle fought with the WAB tracker »)."""

from __future__ import annotations

from typing import Any

from ...core.errors import CampagneError, register_messages
from .data import gorges_roster

CHARACTERISTICS = ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld")


def _unit(raw: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """A WAB unit (`profiles.Unit.from_dict`'s fields, with its points, its French name if the roster gives one)
    from a roster line."""
    out = dict(raw)
    out["profile"] = {**raw["profile"], "equipment": list(raw["profile"].get("equipment", []))}
    return {**out, **extra}


def _rules(keys: Any) -> list[str]:
    """The rules the tracker plays among a hero's psychology or a regiment's feats (others: the referee's)."""
    known = gorges_roster()["rules"]
    return sorted({known[k] for k in keys if k in known})


def hero_unit(hero: Any) -> dict[str, Any] | None:
    """The legendary hero as his army's general, his lasting changes added; None when he is not on the field
    (dead, captured, or kept away by a minor wound)."""
    if not hero.on_the_field:
        return None
    raw = gorges_roster()["hero"]
    profile = dict(raw["profile"])
    for key, change in (hero.changes or {}).items():
        if key in CHARACTERISTICS:
            profile[key] = max(0 if key != "W" else 1, min(10, int(profile[key]) + int(change)))
    unit = _unit({**raw, "profile": profile}, id="hero", name=hero.name, models=1, files=1, is_general=True)
    rules = _rules(hero.rules or [])
    if rules:
        unit["special_rules"] = rules
    return unit


def army_list(player: Any, army: Any) -> dict[str, Any]:
    """A WAB army list (`army_lists.WabArmy` dict, units with their points) of one Gorges army."""
    table = gorges_roster()
    units = [_unit(u) for u in table["roster"]]
    for k, renown in enumerate(army.renown):
        unit = _unit(table["renown"], id=f"renown_{k + 1}", name=str(renown.get("unit") or f"Renown {k + 1}"))
        rules = _rules(h.get("rule") for h in renown.get("honours", []))
        if rules:
            unit["special_rules"] = rules
        units.append(unit)
    hero = hero_unit(army.hero)
    if hero is not None:
        units.insert(0, hero)
    return {"name": f"{player.name} ({player.race}) — {army.key}, {army.hero.name}", "units": units}


def setup_from_gorges(state: Any, battle_id: int | None = None) -> dict[str, Any]:
    """The setup of a Gorges campaign's battle (a `GorgesState`): the challenger's army as side a (it plays
    first), the defender's as side b, as they stand; the battle's number and armies as context, so that
    `battle end` prints Gorges' `battle-result`. `battle_id` may be left out when one battle only is to be
    fought."""
    from .tracker import setup_from_armies
    waiting = [b for b in state.battles if b.result is None]
    if battle_id is None:
        if not waiting:
            raise CampagneError("wab.cli.no_battle")
        if len(waiting) != 1:
            raise CampagneError("wab.gorges.which_battle", count=len(waiting),
                                battles=", ".join(str(b.id) for b in waiting))
        battle = waiting[0]
    else:
        battle = next((b for b in waiting if b.id == battle_id), None)
        if battle is None:
            raise CampagneError("wab.gorges.no_battle", battle=battle_id,
                                battles=", ".join(str(b.id) for b in waiting) or "-")
    pa, pb = state.players[battle.attacker], state.players[battle.defender]
    a, b = pa.armies[battle.attacker_army], pb.armies[battle.defender_army]
    context = {"territory": battle.territory, "campaign": "gorges", "battle": battle.id,
               "armies": {"a": a.key, "b": b.key}}
    return setup_from_armies({"army": army_list(pa, a), "format": "wab"}, {"army": army_list(pb, b), "format": "wab"},
                             players={"a": pa.id, "b": pb.id}, context=context)


register_messages({
    "wab.gorges.which_battle": {
        "en": "The campaign has {count} battles to fight (numbers {battles}): name one with --gorges-battle.",
        "fr": "La campagne a {count} batailles à livrer (numéros {battles}) : nommez-en une avec --gorges-battle.",
    },
    "wab.gorges.no_battle": {
        "en": "The campaign has no battle number {battle} left to fight (to fight: {battles}).",
        "fr": "La campagne n'a plus de bataille numéro {battle} à livrer (à livrer : {battles}).",
    },
})
