"""The referee's bookkeeping corrections: `adjust`, an order like any other.

The seed trusts the club's referee with the campaign sheet; a club makes mistakes (loot miscounted, a territory
written under the wrong player, a fortress forgotten, models counted wrong). The referee corrects them by hand, and
every correction is an order of the journal — replayed with the rest, taken back by an undo, with its reason:

- `loot`: a player's loot (`target`, `value` 0..MAX_LOOT);
- `owner`: who holds a territory (`territory`, `owner`: a player still in the campaign, or "none": its Atlantean
  king). An eliminated player holds no land: giving him some is refused. Everything else an owner change brings is
  the rules' ordinary business (an army standing in land not its own negotiates or conquers, a player with neither
  land nor army is eliminated when the next turn starts, a kingdom whose royal city is free may be taken over);
- `fortresses`: a territory's fortresses (`territory`, `value` 0..the seed's maximum, 2);
- `models`: a unit's models (`target`, `unit` of his army — of the survivors on their way home when he has no army
  in the field —, `value` 0..`model_bound`: 999, or one model for a character). A unit brought to 0 or back from 0
  loses its Warband roll (a new Warband rolls again, as after losses or recovery), and a count above the unit's
  recovery cap raises it (as bought reinforcements do);
- `general`: whether a player's commander-in-chief lives (`target`, `value` alive or dead), in the army in the
  field or, when he has none, the survivors on their way home: a general recovered or lost at the table and not
  entered. While dead the army has « Pas de Général » (initiative 0, no general's row in its combat strength),
  as after a battle.

The target player is the command's `target`: its `player` is the one who gives the order, the referee. Every kind
needs a `reason` (some text). The event, `adjusted`, carries what changed, before and after, and the reason; it is
public, as every holding it touches is in Atlantis (loot, armies, owners and fortresses are in every player's view).
"""

from __future__ import annotations

from typing import Any

from ...core.errors import CampagneError, register_messages
from ...core.names import did_you_mean
from ...core.orders import fields_from_words as words_to_fields
from .army_model import Army, Unit
from .context import Ctx, Event, need
from .state import Player

KINDS = ("loot", "owner", "fortresses", "models", "general")
FIELDS = {"loot": ("target", "value"), "owner": ("territory", "owner"), "fortresses": ("territory", "value"),
          "models": ("target", "unit", "value"), "general": ("target", "value")}
GENERAL = ("alive", "dead")  # the general's value: « Pas de Général » while dead
FREE = "none"  # the owner word for a territory of its Atlantean king
MAX_LOOT = 99_999
MAX_MODELS = 999  # units at 0 points a model would otherwise have no bound


def model_bound(u: Unit) -> int:
    """The most models a correction may give a unit: one per character, else MAX_MODELS."""
    return max(1, u.start_models) if u.is_character else MAX_MODELS


def adjustable_army(p: Player) -> Army | None:
    """The army whose units a correction counts: the one in the field, else the survivors on their way home."""
    return p.army if p.army is not None else p.returning


def order_adjust(ctx: Ctx) -> list[Event]:
    what = ctx.arg("what")
    need(what in KINDS, "adjust.bad_kind", what=what, kinds=", ".join(KINDS))
    extra = sorted(set(ctx.cmd) - {"type", "player", "what", "reason", *FIELDS[what]})
    need(not extra, "adjust.extra_fields", what=what, fields=", ".join(FIELDS[what]), extra=", ".join(extra))
    reason = ctx.arg("reason", default="")
    need(reason.strip() != "", "adjust.no_reason")
    event: Event = {"type": "adjusted", "what": what}
    event.update(_ADJUST[what](ctx))
    event["reason"] = reason.strip()
    return [event]


def _value(ctx: Ctx, high: int) -> int:
    value = ctx.arg("value", int)
    need(0 <= value <= high, "adjust.out_of_range", value=value, high=high)
    return value


def _target(ctx: Ctx) -> Player:
    pid = ctx.arg("target")
    players = ctx.state.players
    if pid not in players:
        raise CampagneError("order.unknown_player", player=pid, hint=did_you_mean(str(pid), players))
    return players[pid]


def _loot(ctx: Ctx) -> dict[str, Any]:
    p = _target(ctx)
    value = _value(ctx, MAX_LOOT)
    before, p.loot = p.loot, value
    return {"player": p.id, "before": before, "after": value}


def _owner(ctx: Ctx) -> dict[str, Any]:
    s = ctx.state
    tid = ctx.territory()
    new = ctx.arg("owner")
    if new == FREE:
        owner = None
    else:
        if new not in s.players:
            raise CampagneError("adjust.bad_owner", owner=new, free=FREE, hint=did_you_mean(str(new), s.players))
        need(not s.players[new].eliminated, "adjust.eliminated_owner", player=new, territory=tid)
        owner = new
    before = s.owners.get(tid)
    s.owners[tid] = owner
    return {"territory": tid, "before": before, "after": owner}


def _fortresses(ctx: Ctx) -> dict[str, Any]:
    s = ctx.state
    tid = ctx.territory()
    value = _value(ctx, ctx.k["max_fortresses"])
    before = s.fortresses.get(tid, 0)
    s.fortresses[tid] = value
    return {"territory": tid, "before": before, "after": value}


def _models(ctx: Ctx) -> dict[str, Any]:
    p = _target(ctx)
    army = adjustable_army(p)
    need(army is not None, "adjust.no_army", player=p.id)
    uid = ctx.arg("unit")
    if not army.has_unit(uid):  # type: ignore[union-attr]
        raise CampagneError("adjust.unknown_unit", player=p.id, unit=uid,
                            hint=did_you_mean(str(uid), [u.id for u in army.units]))  # type: ignore[union-attr]
    u = army.unit(uid)  # type: ignore[union-attr]
    value = _value(ctx, model_bound(u))
    before = u.models
    if value != before and (value == 0 or before == 0):
        u.warband_roll = None  # "L'aléatoire dure tant que dure la Warband": gone, or a new one
    u.models = value
    u.start_models = max(u.start_models, value)
    out: dict[str, Any] = {"player": p.id, "unit": uid, "before": before, "after": value}
    if army is not p.army:
        out["returning"] = True
    return out


def _general(ctx: Ctx) -> dict[str, Any]:
    p = _target(ctx)
    army = adjustable_army(p)
    need(army is not None and army.general is not None, "adjust.no_general", player=p.id)
    value = ctx.arg("value")
    need(value in GENERAL, "adjust.bad_general", value=value)
    before = "alive" if army.general.alive else "dead"  # type: ignore[union-attr]
    army.general.alive = value == "alive"  # type: ignore[union-attr]
    out: dict[str, Any] = {"player": p.id, "before": before, "after": value}
    if army is not p.army:
        out["returning"] = True
    return out


_ADJUST = {"loot": _loot, "owner": _owner, "fortresses": _fortresses, "models": _models, "general": _general}


def fields_from_words(command: dict[str, Any]) -> dict[str, Any]:
    """`order referee adjust WHAT WORDS...` as typed: the words named by the kind (`loot PLAYER N`, `owner
    TERRITORY PLAYER|none`, `fortresses TERRITORY N`, `models PLAYER UNIT N`), then the reason: the words left
    (as `--list` shows it) or `--set reason=...` (`core.orders.fields_from_words`, as Gorges reads it). A command
    without words (a form's, a journal's) is left as it is."""
    what = command.get("what")
    if not isinstance(command.get("words"), list) or what not in FIELDS:
        return command
    return words_to_fields(command, FIELDS[what], integers=() if what == "general" else ("value",))


register_messages({
    "adjust.bad_kind": {"en": "Nothing to adjust called {what!r} (one of: {kinds}).",
                        "fr": "Rien à corriger qui s'appelle {what!r} (au choix : {kinds})."},
    "adjust.extra_fields": {"en": "Adjusting {what} takes {fields} and a reason, not {extra}.",
                            "fr": "Corriger {what} demande {fields} et une raison, pas {extra}."},
    "adjust.no_reason": {"en": "A correction needs its reason (it is kept in the journal): --set reason=\"...\".",
                         "fr": "Une correction demande sa raison (gardée au journal) : --set reason=\"...\"."},
    "adjust.out_of_range": {"en": "The value must be from 0 to {high} (not {value}).",
                            "fr": "La valeur doit aller de 0 à {high} (pas {value})."},
    "adjust.bad_owner": {"en": "The owner must be a player of this campaign or {free} (its Atlantean king), "
                               "not {owner!r}{hint}.",
                         "fr": "Le propriétaire doit être un joueur de cette campagne ou {free} (son roi atlante), "
                               "pas {owner!r}{hint}."},
    "adjust.eliminated_owner": {"en": "{player} has been eliminated and holds no land: {territory} cannot be his.",
                                "fr": "{player} a été éliminé et ne tient aucune terre : {territory} ne peut pas "
                                      "être à lui."},
    "adjust.no_army": {"en": "{player} has no army whose models could be counted.",
                       "fr": "{player} n'a pas d'armée dont compter les figurines."},
    "adjust.no_general": {"en": "{player}'s army has no general to correct.",
                          "fr": "L'armée de {player} n'a pas de général à corriger."},
    "adjust.bad_general": {"en": "The general is alive or dead, not {value!r}.",
                           "fr": "Le général est alive (vivant) ou dead (mort), pas {value!r}."},
    "adjust.unknown_unit": {"en": "{player}'s army has no unit {unit!r}{hint}.",
                            "fr": "L'armée de {player} n'a pas d'unité {unit!r}{hint}."},
})
