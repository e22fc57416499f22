"""Applying the after-battle tables (and the events that borrow them) to armies, heroes and players.

The rolls come from `rolls` (already made and journaled); these functions only change the state and say
what changed. Choices the seed leaves to a player (« Choisissez une unité ») come from the order's fields;
units « tirée au hasard » are drawn with the dice among the units the referee said fought.
"""

from __future__ import annotations

from typing import Any

from ...core.errors import need, register_messages
from ...core.tables import Row
from . import rolls
from .context import Ctx, Event
from .data import races, tables
from .rolls import TableRoll
from .state import Army, Hero, Player

# Vampire Counts choose between two injury rolls; without a stated choice the program takes the first of
# this order (the least harmful first): see docs/rules/gorges.md.
INJURY_PREFERENCE = ("lesson_learned", "minor_wound", "psychological_wound", "where_is_my_sword", "captured",
                     "serious_wound")


def note(key: str, table: str, row: Row, when: str, **extra: Any) -> dict[str, Any]:
    """An effect waiting for a battle (`when`), in the words of the row that gave it (its name, then text)."""
    said = {lang: " ".join(x for x in (row.get(f"name_{lang}", ""), row.text(lang)) if x) for lang in ("fr", "en")}
    return {"key": key, "table": table, "when": when, **said, **extra}


def renown_cap(ctx: Ctx, a: Army) -> int:
    k = ctx.k["armies"]
    return k["renown_regiments_general"] if a.key == "G" else k["renown_regiments_lieutenant"]


def make_renown(ctx: Ctx, a: Army, unit: str, honour: dict[str, Any]) -> Event:
    """« Elle devient un Régiment de Renom »; the General's army holds at most 3, a Lieutenant's 2."""
    for r in a.renown:
        if r["unit"] == unit:
            r["honours"].append(honour)
            return {"type": "renown", "army": a.ref, "unit": unit, "honour": honour, "new": False}
    if len(a.renown) >= renown_cap(ctx, a):
        return {"type": "renown_full", "army": a.ref, "unit": unit, "honour": honour, "cap": renown_cap(ctx, a)}
    a.renown.append({"unit": unit, "honours": [honour]})
    return {"type": "renown", "army": a.ref, "unit": unit, "honour": honour, "new": True}


def unit_rules(a: Army, unit: str) -> set[str]:
    return {h.get("rule") for r in a.renown if r["unit"] == unit for h in r["honours"] if h.get("rule")}


def feats_roll(ctx: Ctx, a: Army, unit: str, first: TableRoll | None = None) -> TableRoll:
    """« Si l'unité possède déjà la règle spéciale, relancez le dé » (at most six tries: then it has all)."""
    r = first or rolls.roll_table(ctx.dice, "feats_of_arms", f"feats of arms {a.ref}")
    owned = unit_rules(a, unit)
    tries = 1
    while r.key in owned and tries < 6 and len(owned) < 6:
        r = rolls.roll_table(ctx.dice, "feats_of_arms", f"feats of arms re-roll {a.ref}")
        tries += 1
    return r


def apply_spoils(ctx: Ctx, winner: Army, roll: TableRoll, loser: Army | None, unit: str | None) -> list[Event]:
    """The winner's « Butins de Guerre » (also events 35, 36 and 62)."""
    s = ctx.state
    p = s.players[winner.player]
    key = roll.key
    ev: Event = {"type": "spoils", "army": winner.ref, "result": key, "roll": roll.roll}
    out = [ev]
    if not unit and ctx.state.readings >= 2 and key in ("proud_banner", "feats_of_arms"):
        # « Choisissez une unité »: the honour waits for its player's `renown` order (the feat re-rolled then,
        # against the unit he names: « Si l'unité possède déjà la règle spéciale, relancez le dé »)
        honour: dict[str, Any] = {"spoils": key}
        if key == "proud_banner":
            honour["magic_banner_max"] = roll.sub("magic_banner_points").total
        else:
            sub = roll.sub("feats_of_arms")
            assert isinstance(sub, TableRoll)
            honour.update(rule=sub.key, feat_roll=sub.roll)
        winner.renown_pending.append(honour)
        return out + [{"type": "renown_pending", "army": winner.ref, "player": winner.player, "honour": dict(honour)}]
    unit = unit or "?"
    if key == "infamy" and loser is not None:
        loser.notes.append(note(key, "spoils_of_war", roll.row, "next_battle_against", against=winner.player))
    elif key == "elite_army":
        winner.notes.append(note(key, "spoils_of_war", roll.row, "next_battle"))
    elif key == "recruits":
        points = roll.sub("army_points").total
        winner.bonus_points += points
        ev["army_points"] = points
    elif key == "proud_banner":
        banner = roll.sub("magic_banner_points").total
        out.append(make_renown(ctx, winner, unit, {"spoils": key, "magic_banner_max": banner}))
    elif key == "feats_of_arms":
        sub = roll.sub("feats_of_arms")
        assert isinstance(sub, TableRoll)
        feat = feats_roll(ctx, winner, unit, sub)
        out.append(make_renown(ctx, winner, unit, {"spoils": key, "rule": feat.key}))
    elif key == "lure_of_gold":
        p.relics += int(roll.row.get("relic_points", 1))
        item = roll.sub("magic_item_points").total
        winner.hero.items.append({"source": "spoils", "max_points": item})
        ev.update(relics=p.relics, magic_item_max=item)
    return out


register_messages({
    "gorges.renown.none": {"en": "{army} has no honour waiting for a unit.",
                           "fr": "{army} n'a aucun honneur en attente d'une unité."},
    "gorges.renown.unit": {"en": "Name the unit that becomes a Regiment of Renown.",
                           "fr": "Nommez l'unité qui devient Régiment de Renom."},
})


def order_renown(ctx: Ctx) -> list[Event]:
    """« Choisissez une unité »: the player names the unit of the honour his army won first (spoils 4 or 5,
    events 35, 36, 62). A feat of arms the unit already holds is re-rolled now, until it is a new one."""
    p = ctx.player()
    a = ctx.army(p, in_play=False)
    need(a.player == p.id, "order.bad_field", field="army", value=a.ref)
    need(bool(a.renown_pending), "gorges.renown.none", army=a.ref)
    raw = ctx.cmd.get("unit")
    unit = " ".join(raw) if isinstance(raw, list) else str(raw or "")
    need(bool(unit.strip()) and unit.strip() != "?", "gorges.renown.unit")
    unit = unit.strip()
    honour = dict(a.renown_pending.pop(0))
    out: list[Event] = []
    if honour.get("spoils") == "feats_of_arms":
        owned, rerolls = unit_rules(a, unit), []
        while honour["rule"] in owned and len(owned) < 6:
            r = rolls.roll_table(ctx.dice, "feats_of_arms", f"feats of arms re-roll {a.ref} {unit}")
            rerolls.append({"roll": r.roll, "rule": r.key, "held": honour["rule"]})
            honour["rule"] = r.key
        if rerolls:
            out.append({"type": "feat_rerolled", "army": a.ref, "unit": unit, "rerolls": rerolls})
    return out + [make_renown(ctx, a, unit, honour)]


def random_unit(ctx: Ctx, units: list[str], why: str) -> str | None:
    if not units:
        return None
    return units[ctx.roll(f"1D{len(units)}", why) - 1] if len(units) > 1 else units[0]


def apply_defeat(ctx: Ctx, loser: Army, roll: TableRoll, winner: Army, units: list[str]) -> list[Event]:
    """The loser's « Défaites ignominieuses »."""
    s = ctx.state
    key = roll.key
    ev: Event = {"type": "defeat", "army": loser.ref, "result": key, "roll": roll.roll}
    if key == "green_recruits":
        # « L'un de vos Régiments de Renom ayant reçus le butin de guerre Fière Bannière ou Faits d'armes le perd »:
        # one honour of one of the player's regiments (any of his armies), drawn if there are several.
        won = [(army, r, h) for army in s.players[loser.player].armies.values() for r in army.renown
               for h in r["honours"] if h.get("spoils") in ("proud_banner", "feats_of_arms")]
        if won:
            army, r, h = won[0] if len(won) == 1 else won[ctx.roll(f"1D{len(won)}", "green recruits") - 1]
            r["honours"].remove(h)
            ev.update(unit=r["unit"], regiment_army=army.ref, honour=h.get("spoils"))
            if not r["honours"]:
                army.renown.remove(r)
            return [ev]
        key = "inexperienced_leaders"  # « Si vous n'avez aucun Régiment de Renom appliqué le résultat 4 »
        ev["instead"] = key
    said = tables()["ignominious_defeats"].row(key)
    if key == "crushing_defeat":
        loser.notes.append(note(key, "ignominious_defeats", said, "next_battle_against", against=winner.player))
    elif key == "vengeance":
        loser.notes.append(note(key, "ignominious_defeats", said, "next_battle_against_race",
                                race=s.players[winner.player].race))
    else:  # wounded, under strength, inexperienced leaders: a random unit
        unit = random_unit(ctx, units, f"random unit ({key})")
        ev["unit"] = unit
        loser.notes.append(note(key, "ignominious_defeats", said, "next_battle", unit=unit))
    return [ev]


def injury_rolls(ctx: Ctx, p: Player, why: str) -> list[TableRoll]:
    times = int(races()[p.race].get("injury_rolls", 1))
    return [rolls.roll_table(ctx.dice, "character_injuries", f"injury {why}") for _ in range(times)]


def choose_injury(rolled: list[TableRoll], choice: int | None) -> TableRoll:
    if len(rolled) == 1:
        return rolled[0]
    if choice is not None and 1 <= choice <= len(rolled):
        return rolled[choice - 1]
    return min(rolled, key=lambda r: INJURY_PREFERENCE.index(r.key))


def apply_injury(ctx: Ctx, a: Army, roll: TableRoll, enemy: str | None) -> list[Event]:
    """One « Blessure de personnage » on the hero of army `a`; `enemy` is the player who may take him
    hostage or seize his item (None for event 14, an assassin sent by nobody)."""
    s = ctx.state
    hero: Hero = a.hero
    key = roll.key
    ev: Event = {"type": "injury", "army": a.ref, "hero": hero.name, "result": key, "roll": roll.roll}
    out = [ev]
    if key == "where_is_my_sword":
        if hero.items:
            i = ctx.roll(f"1D{len(hero.items)}", "lost magic item") - 1 if len(hero.items) > 1 else 0
            item = hero.items.pop(i)
            ev["item"] = item
            if enemy is not None:
                # The enemy's 1D6, rolled only now that there is an item to seize.
                seized = ctx.roll(roll.row.get("enemy_dice", "1D6"), "seize the lost item")
                ev["seize_roll"] = seized
                if str(seized) == str(roll.row.get("enemy_seizes_on", "6")):
                    s.players[enemy].items.append({**item, "source": "seized"})
                    ev["seized_by"] = enemy
            return out
        key = "minor_wound"  # « Si le personnage ne possède pas d'objet magique, appliquez le résultat 3 »
        ev["instead"] = key
        roll = rolls.roll_table(ctx.dice, "serious_wound", "minor wound (instead of a lost item)")
        hero.next_battle.append({"key": roll.key, "fr": roll.text("fr"), "en": roll.text("en")})
        ev["wound"] = roll.key
        return out
    if key == "serious_wound":
        sub = roll.sub("serious_wound")
        assert isinstance(sub, TableRoll)
        ev["wound"] = sub.key
        if sub.row.get("dead"):
            hero.dead = True
        else:
            for c in sub.row.get("characteristics", []):
                hero.changes[c] = hero.changes.get(c, 0) + int(sub.row.get("change"))
    elif key == "captured":
        if enemy is None:
            hero.next_battle.append({"key": "captured_nobody", "fr": roll.text("fr"), "en": roll.text("en")})
            ev["held_by"] = None
        else:
            hero.captured_by = enemy
            s.players[enemy].hostages.append({"player": a.player, "army": a.key, "hero": hero.name})
            ev["held_by"] = enemy
    elif key == "minor_wound":
        sub = roll.sub("serious_wound")
        assert isinstance(sub, TableRoll)
        hero.next_battle.append({"key": sub.key, "fr": sub.text("fr"), "en": sub.text("en")})
        ev["wound"] = sub.key
    elif key == "psychological_wound":
        sub = roll.sub("psychological_wound")
        assert isinstance(sub, TableRoll)
        tries = 1
        while sub.key in hero.rules and tries < 6 and len(hero.rules) < 4:
            sub = rolls.roll_table(ctx.dice, "psychological_wound", "psychological wound re-roll")
            tries += 1
        if sub.key not in hero.rules:
            hero.rules.append(sub.key)
        ev["rule"] = sub.key
    elif key == "lesson_learned":
        sub = roll.sub("lesson_learned")
        assert isinstance(sub, TableRoll)
        for c in sub.row.get("characteristics", []):
            hero.changes[c] = hero.changes.get(c, 0) + int(sub.row.get("change"))
        ev["lesson"] = sub.key
    return out
