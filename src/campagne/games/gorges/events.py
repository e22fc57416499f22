"""Phase 2, the d66 random events: each of the 36 rows applied.

« Chacun leur tour, les joueurs tirent au d66 un événement aléatoire ... Cet événement durera jusqu'à leurs
prochaines phases d'événement. » The event in force is `Player.event` (its row key, its rolls, and what it
still allows). Rows that name a target (« Choisissez l'un de vos territoires... ») wait for the player's
`event` order with the choice; a row without any possible target does nothing and says so. The other rows
act at once, or later in the turn where their effect falls (movement, saves, mines, challenges, battles).
"""

from __future__ import annotations

from typing import Any

from ...core.errors import CampagneError, need, register_messages
from . import aftermath, rolls
from .context import Ctx, Event
from .data import races, tables
from .map import cell_id, parse_cell_id
from .state import REINFORCEMENT, Army, Hero, Player

register_messages({
    "gorges.event.no_choice": {"en": "{player} has no event waiting for a choice.",
                               "fr": "{player} n'a pas d'événement en attente d'un choix."},
    "gorges.event.bad_choice": {"en": "{choice!r} is not a possible choice for {event} ({why}).",
                                "fr": "{choice!r} n'est pas un choix possible pour {event} ({why})."},
})

# Rows whose target must be chosen, and what the choice is.
CHOICES = {
    "withdrawn_from_front": "own_army", "assassin_own": "own_hero", "deserter": "own_territory",
    "epidemic": "own_building", "revolt": "enemy_territory", "colonists": "neutral_territory",
    "raiders": "enemy_territory", "sapper": "enemy_fortress", "gold_rush": "enemy_mine",
    "raise_the_colours": "own_unit", "veteran": "own_unit", "diplomacy": "opponent",
    "agent_at_court": "opponent_and_target", "assassin_enemy": "enemy_hero", "treasure_map": "any_territory",
    "unexpected_victory": "own_army",
}


def roll_event(ctx: Ctx, p: Player) -> list[Event]:
    """Roll and start one player's event (the previous one ends now)."""
    roll = rolls.random_event(ctx.dice)
    key = roll.key
    p.event = {"key": key, "d66": roll.roll, "rolled": roll}
    until = roll.row.get("effect_until")
    if until in ("end_of_turn", "end_of_season"):
        p.event["until"] = until
    events: list[Event] = [{"type": "event", "player": p.id, "d66": roll.roll, "event": key}]
    if key in CHOICES:
        if options(ctx, p, CHOICES[key]):
            p.event["pending"] = True
            events[0]["waiting"] = CHOICES[key]
        else:
            events[0]["no_target"] = True
            if key == "treasure_map":  # no territory left for the mine: the relic point is still won
                events += _relics(p, int(roll.row.get("relic_points")), key)
        return events
    return events + IMMEDIATE.get(key, lambda ctx, p, roll: [])(ctx, p, roll)


# --------------------------------------------------------------------------- immediate rows


def _ghost_again(ctx: Ctx, p: Player, roll: Any) -> list[Event]:
    from .turn import move_ghost
    return [move_ghost(ctx, p.id, "not_that_way")]


def _gain_relics(ctx: Ctx, p: Player, roll: Any) -> list[Event]:
    return _relics(p, roll.sub("relic_points").total, roll.key)  # 63: 1D3, rolled with the event


def _relics(p: Player, gained: int, why: str) -> list[Event]:
    p.relics += gained
    return [{"type": "relics", "player": p.id, "gained": gained, "total": p.relics, "why": why}]


def _cunning_chief(ctx: Ctx, p: Player, roll: Any) -> list[Event]:
    """« Jusqu'à la fin du tour vous comptez comme ayant le plus petit empire »: first for the rest of the
    turn (movement, construction and challenges)."""
    s = ctx.state
    s.order = [p.id] + [q for q in s.order if q != p.id]
    return [{"type": "order_changed", "player": p.id, "order": list(s.order)}]


def _reinforcements(ctx: Ctx, p: Player, roll: Any) -> list[Event]:
    """« Vous gagnez une armée jusqu'à la fin de la saison en cours »: an army R at the capital."""
    if REINFORCEMENT in p.armies:
        return [{"type": "reinforcements", "player": p.id, "already": True}]
    s = ctx.state
    p.armies[REINFORCEMENT] = Army(p.id, REINFORCEMENT, Hero("Renfort / Reinforcements"), s.capital_of(p.id))
    return [{"type": "reinforcements", "player": p.id, "territory": p.armies[REINFORCEMENT].position}]


def _next_battle(ctx: Ctx, p: Player, roll: Any) -> list[Event]:
    """Rows 41-46: « Lors de votre prochaine bataille... » kept as a note until the player's next battle."""
    extra: dict[str, Any] = {}
    for sub in roll.subrolls:
        extra[getattr(sub, "table", None) or sub.field] = sub.key if hasattr(sub, "key") else sub.total
    p.notes.append(aftermath.note(roll.key, "events", roll.row, "next_battle", **extra))
    return [{"type": "battle_note", "player": p.id, "note": roll.key, **extra}]


IMMEDIATE = {
    "not_that_way": _ghost_again, "treasure_chest": _gain_relics, "cunning_chief": _cunning_chief,
    "reinforcements": _reinforcements, "cut_supplies": _next_battle, "dawn_attack": _next_battle,
    "scouts": _next_battle, "trap": _next_battle, "ambush": _next_battle, "martial_training": _next_battle,
}


# --------------------------------------------------------------------------- choices


def options(ctx: Ctx, p: Player, kind: str) -> list[str]:
    """Every legal choice of a kind, as the strings the `event` order takes."""
    s = ctx.state
    enemies = [q for q in s.players if q != p.id]
    if kind == "own_army":
        return [a.key for a in p.armies.values() if a.in_play]
    if kind == "own_hero":
        return [a.key for a in p.armies.values() if a.hero.present]
    if kind == "enemy_hero":
        return [a.ref for q in enemies for a in s.players[q].armies.values() if a.hero.present]
    if kind == "own_unit":
        return [a.key for a in p.armies.values()]
    if kind == "own_territory":
        return sorted(s.owned(p.id))
    if kind == "own_building":
        return [f"{t}:{b}" for t in sorted(s.owned(p.id)) for b in s.buildings.get(t, [])]
    if kind == "enemy_territory":
        row = tables()["events"].row(p.event["key"]) if p.event else None
        out = []
        for t, o in sorted(s.owners.items()):
            if o is None or o == p.id:
                continue
            if row is not None and row.get("not_capital") and t == s.players[o].capital:
                continue
            if row is not None and row.get("no_buildings") and s.buildings.get(t):
                continue
            out.append(t)
        return out
    if kind == "neutral_territory":
        return sorted(t for t, o in s.owners.items() if o is None)
    if kind == "enemy_fortress":
        return sorted(t for t, o in s.owners.items() if o not in (None, p.id) and s.has(t, "fortress"))
    if kind == "enemy_mine":
        return sorted(t for t, o in s.owners.items() if o not in (None, p.id) and s.has(t, "mine"))
    if kind in ("opponent", "opponent_and_target"):
        return enemies
    if kind == "any_territory":
        return sorted(t for t in s.owners if not s.has(t, "mine"))
    raise AssertionError(kind)


def event_checks(ctx: Ctx) -> tuple[Player, list[str], str | None]:
    """Everything that may refuse an event's choice, reading the state only (the legal orders ask it on the state
    itself; the event's effect, `APPLY`, refuses nothing): the player, his choice, and its target (None when the
    board left the event none: then nothing happens)."""
    p = ctx.player()
    ev = p.event or {}
    need(bool(ev.get("pending")), "gorges.event.no_choice", player=p.id)
    key = ev["key"]
    kind = CHOICES[key]
    choice = ctx.cmd.get("choice")
    if isinstance(choice, str):
        choice = [choice]
    need(isinstance(choice, list) and bool(choice) and all(isinstance(c, str) for c in choice),
         "order.missing", order="event", field="choice")
    first = choice[0]
    legal = options(ctx, p, kind)
    if not legal:  # the board changed since the roll (another event took the last target)
        return p, choice, None
    if kind == "own_building" and ":" not in first:  # a territory with one building needs no kind
        matches = [o for o in legal if o.startswith(first + ":")]
        first = matches[0] if len(matches) == 1 else first
    if kind == "own_unit":
        need(len(choice) >= 2, "order.missing", order="event", field="unit")
    spoils = _rolled(p).sub("spoils_of_war") if key == "unexpected_victory" else None
    if isinstance(spoils, rolls.TableRoll) and spoils.key in ("proud_banner", "feats_of_arms"):
        # « Choisissez une unité »: these spoils make a named unit a Regiment of Renown.
        need(len(choice) >= 2, "order.missing", order="event", field="unit")
    if kind == "opponent_and_target":
        need(len(choice) >= 2 and choice[1] in ctx.state.players and choice[1] != choice[0], "gorges.event.bad_choice",
             choice=" ".join(choice), event=key, why="OPPONENT TARGET")
    if kind.endswith(("territory", "fortress", "mine")):
        first = _cell(first)
    need(first in legal, "gorges.event.bad_choice", choice=first, event=key, why=_some(legal))
    return p, choice, first


def order_event(ctx: Ctx) -> list[Event]:
    """`event CHOICE...`: the target of the player's event (an army, a territory, an opponent...)."""
    s = ctx.state
    p, choice, first = event_checks(ctx)
    ev = p.event or {}
    key = ev["key"]
    if first is None:  # no target left: nothing happens
        ev["pending"] = False
        s.acting = [q for q in s.acting if q != p.id]
        return [{"type": "event_no_target", "player": p.id, "event": key}]
    ev["pending"] = False
    ev["choice"] = choice
    s.acting = [q for q in s.acting if q != p.id]
    row = tables()["events"].row(key)
    chosen: Event = {"type": "event_choice", "player": p.id, "event": key, "choice": list(choice)}
    return [chosen] + APPLY[key](ctx, p, first, choice, row)


def _some(legal: list[str], shown: int = 12) -> str:
    """The legal choices for a refusal, the first dozen (a neutral island can have sixty)."""
    return ", ".join(legal[:shown]) + (f", … (+{len(legal) - shown})" if len(legal) > shown else "") or "-"


def _cell(text: str) -> str:
    """'3, -2' or '(3,-2)' as the territory id '3,-2' (an unreadable one stays as typed, to be refused)."""
    try:
        return cell_id(parse_cell_id(text))
    except CampagneError:
        return text


def _rolled(p: Player) -> rolls.TableRoll:
    assert p.event is not None
    return p.event["rolled"]


def _withdraw(ctx: Ctx, p: Player, first: str, choice: list[str], row: Any) -> list[Event]:
    from .turn import remove_army
    return [remove_army(ctx.state, p.armies[first], "next_season", "withdrawn")]


def _injure(ctx: Ctx, p: Player, first: str, choice: list[str], row: Any) -> list[Event]:
    """Assassins (14, 56): the injury rolled with the event hits the chosen hero; an enemy hero captured
    by your assassin is your hostage."""
    a = ctx.state.army(first) if ":" in first else p.armies[first]
    assert a is not None
    victim = ctx.state.players[a.player]
    rolled = [_rolled(p).sub("character_injuries")]  # rolled with the event
    extra = int(races()[victim.race].get("injury_rolls", 1)) - 1  # Vampire Counts roll twice and choose
    rolled += [rolls.roll_table(ctx.dice, "character_injuries", f"injury assassin on {a.ref}")
               for _ in range(extra)]
    enemy = p.id if a.player != p.id else None
    return aftermath.apply_injury(ctx, a, aftermath.choose_injury(rolled, None), enemy)


def _flag(ctx: Ctx, p: Player, first: str, choice: list[str], row: Any) -> list[Event]:
    """15 and 21 remove a flag (neutral); 22, 23 and 25 put the player's flag."""
    s = ctx.state
    before = s.owners.get(first)
    s.owners[first] = None if row.get("effect") == "remove_flag" else p.id
    return [{"type": "flag", "player": p.id, "territory": first, "from": before, "to": s.owners[first],
             "why": row.key}]


def _unbuild(ctx: Ctx, p: Player, first: str, choice: list[str], row: Any) -> list[Event]:
    """16 (own fortress, town or mine) and 24 (enemy fortress): the building goes, the flag stays."""
    s = ctx.state
    tid, _, kind = first.partition(":")
    kind = kind or "fortress"
    s.buildings[tid] = [b for b in s.buildings.get(tid, []) if b != kind]
    return [{"type": "building_removed", "player": p.id, "territory": tid, "building": kind, "why": row.key}]


def _unit_spoils(ctx: Ctx, p: Player, first: str, choice: list[str], row: Any) -> list[Event]:
    """35, 36: « Une de vos unités gagne immédiatement le butin de guerre Fière bannière / Faits d'armes »."""
    # The spoils row's own dice (banner value, feat) are rolled now, as the table would.
    spoils = rolls.given_row(ctx.dice, "spoils_of_war", int(row.get("spoils")), f"event {row.key}")
    return aftermath.apply_spoils(ctx, p.armies[first], spoils, None, " ".join(choice[1:]))


def _diplomacy(ctx: Ctx, p: Player, first: str, choice: list[str], row: Any) -> list[Event]:
    assert p.event is not None
    p.event["opponent"] = first
    if row.key == "agent_at_court":
        p.event["must_challenge"] = choice[1]
    return [{"type": "event_target", "player": p.id, "event": row.key, "opponent": first,
             "must_challenge": p.event.get("must_challenge")}]


def _treasure_map(ctx: Ctx, p: Player, first: str, choice: list[str], row: Any) -> list[Event]:
    """61: « Gagnez 1 Point de Relique et placez une mine n'importe où sur la carte »."""
    ctx.state.buildings.setdefault(first, []).append("mine")
    return _relics(p, int(row.get("relic_points")), row.key) + [{"type": "building", "player": p.id, "territory": first,
                                        "building": "mine", "why": row.key}]


def _unexpected_victory(ctx: Ctx, p: Player, first: str, choice: list[str], row: Any) -> list[Event]:
    """62: the spoils of war roll made with the event, for the chosen army."""
    spoils = _rolled(p).sub("spoils_of_war")
    assert isinstance(spoils, rolls.TableRoll)
    return aftermath.apply_spoils(ctx, p.armies[first], spoils, None, " ".join(choice[1:]) or None)


APPLY = {
    "withdrawn_from_front": _withdraw, "assassin_own": _injure, "assassin_enemy": _injure,
    "deserter": _flag, "revolt": _flag, "colonists": _flag, "raiders": _flag, "gold_rush": _flag,
    "epidemic": _unbuild, "sapper": _unbuild, "raise_the_colours": _unit_spoils, "veteran": _unit_spoils,
    "diplomacy": _diplomacy, "agent_at_court": _diplomacy, "treasure_map": _treasure_map,
    "unexpected_victory": _unexpected_victory,
}


def active(p: Player, key: str) -> bool:
    """Is event `key` in force for this player?"""
    return (p.event or {}).get("key") == key


__all__ = ["CHOICES", "active", "options", "order_event", "roll_event"]
