"""The referee's bookkeeping correction (`adjust`): a holding set by hand, journaled with its reason.

Not in the seed. A club's referee sometimes has to correct the campaign: a territory flagged for the wrong
player, relic points or army points miscounted, a building forgotten, a hero's lasting wound not entered. Each
correction is an order of the journal, like any other: replayed, undone, with what it was, what it became and
why. One holding per order (`what`), its target fields, the new `value` and the `reason` (free text, required),
typed as words after the holding (`campagne order referee adjust relics alice 4 search roll missed`, read by
`read_order`) or as `--set` fields:

- `owner`     territory=CELL, value=PLAYER or none: who holds a territory (its flag);
- `buildings` territory=CELL, value=none, mine, fortress, town, or two joined by + (mine+fortress, mine+town):
              a town stands instead of a fortress, never with one;
- `relics`    holder=PLAYER, value=0..999: his relic points (public);
- `battle_points` holder=PLAYER, value=0..9999: his gold and iron, army points for his next battle (hidden);
- `bonus_points`  army=PLAYER:ARMY, value=0..9999: that army's extra army points for its next battle, its
              recruits (hidden) — the campaign keeps no count of models: the army lists are the players';
- `hero`      army=PLAYER:ARMY, characteristic=M|WS|BS|S|T|W|I|A|Ld, value=-9..9: the lasting change of his
              hero's characteristic (0 takes it away; hidden);
- `items`     holder=PLAYER, value=none or each item's most points joined by + (10..60 each, 20+50): the magic
              items he found and has not yet given to a hero (hidden);
- `hero_items` army=PLAYER:ARMY, value as for `items`: the magic items its hero carries (hidden). An item kept
              keeps where it came from (mine, spoils, seized); one added is the referee's.

The event `adjusted` holds the target, `before`, `after` and the reason; another player reads it as he reads the
holding (views.redact_entry): the hidden ones without their values nor the reason.
"""

from __future__ import annotations

from typing import Any

from ...core.bounded import is_whole
from ...core.errors import CampagneError, need, register_messages
from ...core.names import did_you_mean
from ...core.orders import fields_from_words as words_to_fields
from .context import Ctx, Event
from .state import REFEREE, Army

BUILDINGS = ("mine", "fortress", "town")  # the order a cell's buildings are written in
BUILDING_SETS = ("none", "mine", "fortress", "town", "mine+fortress", "mine+town")
CHARACTERISTICS = ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld")
MAX = {"relics": 999, "battle_points": 9999, "bonus_points": 9999}
HERO_CHANGE = 9  # a lasting change is at most ±9
# what each kind names beside `value`
TARGETS = {"owner": ("territory",), "buildings": ("territory",), "relics": ("holder",),
           "battle_points": ("holder",), "bonus_points": ("army",), "hero": ("army", "characteristic"),
           "items": ("holder",), "hero_items": ("army",)}
KINDS = tuple(TARGETS)
HIDDEN = ("battle_points", "bonus_points", "hero", "items", "hero_items")  # holdings another's view does not show
WORDED = ("owner", "buildings", "items", "hero_items")  # kinds whose value is a word, not a number
# A magic item is worth at most 1D6x10 points (« un objet magique d'une valeur de 1d6x10 points maximum »,
# tables.toml `magic_item_points`): a correction gives each item one of those values.
ITEM_POINTS = (10, 20, 30, 40, 50, 60)
MAX_ITEMS = 9  # not in the seed: a bound on how many items a correction may leave one holder
_NO_ITEM_CHOICES = ("none", *map(str, sorted(set(ITEM_POINTS))))  # `item_choices` of no item
NONE_WORDS = ("none", "neutral", "neutre", "aucun", "")

register_messages({
    "gorges.adjust.what": {"en": "Unknown kind of adjustment {what!r}: {kinds}.",
                           "fr": "Correction inconnue {what!r} : {kinds}."},
    "gorges.adjust.reason": {"en": "An adjustment needs its reason (the words after the value, or --set "
                                   "reason=TEXT): it is kept in the journal.",
                             "fr": "Une correction demande sa raison (les mots après la valeur, ou --set "
                                   "reason=TEXTE) : elle est gardée au journal."},
    "gorges.adjust.referee": {"en": "{player} cannot adjust a holding: only the referee corrects the campaign.",
                              "fr": "{player} ne peut pas corriger un avoir : seul l'arbitre corrige la campagne."},
    "gorges.adjust.too_high": {"en": "{field} is at most {high} ({value}).",
                               "fr": "{field} vaut au plus {high} ({value})."},
    "gorges.adjust.owner": {"en": "Unknown owner {value!r}{hint}: a player ({players}) or none.",
                            "fr": "Propriétaire inconnu {value!r}{hint} : un joueur ({players}) ou none."},
    "gorges.adjust.buildings": {"en": "Invalid buildings {value!r}: none, mine, fortress, town, mine+fortress or "
                                      "mine+town (a town stands instead of a fortress, never with one).",
                                "fr": "Bâtiments invalides {value!r} : none, mine, fortress, town, mine+fortress ou "
                                      "mine+town (une ville remplace une forteresse, jamais avec elle)."},
    "gorges.adjust.army": {"en": "Name the army as PLAYER:ARMY (e.g. P1:G), not {army!r}.",
                           "fr": "Nommez l'armée JOUEUR:ARMÉE (p. ex. P1:G), pas {army!r}."},
    "gorges.adjust.characteristic": {"en": "Unknown characteristic {value!r}: {known}.",
                                     "fr": "Caractéristique inconnue {value!r} : {known}."},
    "gorges.adjust.items": {"en": "Invalid magic items {value!r}: none, or each item's most points joined by + "
                                  "(10, 20, 30, 40, 50 or 60 each, at most {most} items), e.g. 20+50.",
                            "fr": "Objets magiques invalides {value!r} : none, ou la valeur maximale de chaque objet, "
                                  "jointes par + (10, 20, 30, 40, 50 ou 60 chacune, {most} objets au plus), p. ex. "
                                  "20+50."},
    "gorges.adjust.change": {"en": "A hero's lasting change is between -{most} and +{most} ({value}).",
                             "fr": "Le changement durable d'un héros va de -{most} à +{most} ({value})."},
})


def order_adjust(ctx: Ctx) -> list[Event]:
    """The referee sets one holding to `value`, with his `reason`: checked whole before anything changes."""
    s = ctx.state
    who = ctx.cmd.get("player")
    need(who == REFEREE, "gorges.adjust.referee", player=who)
    what = ctx.arg("what")
    need(what in TARGETS, "gorges.adjust.what", what=what, kinds=", ".join(KINDS))
    reason = ctx.cmd.get("reason")
    need(isinstance(reason, str) and bool(reason.strip()), "gorges.adjust.reason")
    assert isinstance(reason, str)
    event: Event = {"type": "adjusted", "what": what}
    if what == "owner":
        tid = _land(ctx)
        after = owner_value(ctx)
        event.update(territory=tid, before=s.owners.get(tid), after=after)
        s.owners[tid] = after
    elif what == "buildings":
        tid = _land(ctx)
        after_list = buildings_value(ctx.arg("value", object))
        event.update(territory=tid, before=list(s.buildings.get(tid, [])), after=after_list)
        if after_list:
            s.buildings[tid] = list(after_list)
        else:
            s.buildings.pop(tid, None)
    elif what in ("relics", "battle_points"):
        p = ctx.player("holder")
        value = _count(ctx, what)
        event.update(player=p.id, before=getattr(p, what), after=value)
        setattr(p, what, value)
    elif what == "bonus_points":
        a = _army(ctx)
        value = _count(ctx, what)
        event.update(player=a.player, army=a.ref, before=a.bonus_points, after=value)
        a.bonus_points = value
    elif what in ("items", "hero_items"):
        if what == "items":
            p = ctx.player("holder")
            held = p.items
            event.update(player=p.id)
        else:
            a = _army(ctx)
            held = a.hero.items
            event.update(player=a.player, army=a.ref, hero=a.hero.name)
        after_points = items_value(ctx.arg("value", object))
        event.update(before=[i["max_points"] for i in held], after=after_points)
        held[:] = kept_items(held, after_points)
    else:  # hero
        a = _army(ctx)
        c = ctx.arg("characteristic")
        need(c in CHARACTERISTICS, "gorges.adjust.characteristic", value=c, known=", ".join(CHARACTERISTICS))
        value = ctx.arg("value", int)
        need(-HERO_CHANGE <= value <= HERO_CHANGE, "gorges.adjust.change", most=HERO_CHANGE, value=value)
        event.update(player=a.player, army=a.ref, hero=a.hero.name, characteristic=c,
                     before=a.hero.changes.get(c, 0), after=value)
        if value:
            a.hero.changes[c] = value
        else:
            a.hero.changes.pop(c, None)
    event["reason"] = reason.strip()
    from .final import refresh
    refresh(s, ctx.k["armies"]["max_points_bonus_percent"])  # the final battle's advantages follow a correction
    return [event]


def read_order(command: dict[str, Any], state: Any = None) -> dict[str, Any]:
    """`campagne order referee adjust WHAT WORDS...`: the words typed after the holding, read as its target fields,
    then the value, then the reason (all the words left), as Atlantis reads its own (`core.orders.fields_from_words`).
    Other orders pass unchanged (the descriptor's `read_order`, at the edge: the journal holds named fields)."""
    if command.get("type") != "adjust" or "words" not in command:
        from ..skirmish.played import typed
        return typed(command)  # `grid ORDER WORDS...`: journaled as the grid's fields
    what = str(command.get("what"))
    if what not in TARGETS:
        if command.get("words"):
            raise CampagneError("gorges.adjust.what", what=command.get("what"), kinds=", ".join(KINDS))
        return {k: v for k, v in command.items() if k != "words"}
    return words_to_fields(command, (*TARGETS[what], "value"),
                           integers=() if what in WORDED else ("value",))


def _land(ctx: Ctx) -> str:
    tid = ctx.territory("territory")
    need(tid in ctx.state.owners, "gorges.map.no_such_cell", cell=tid)
    return tid


def owner_value(ctx: Ctx) -> str | None:
    raw = ctx.cmd.get("value", ...)
    if raw is ...:
        raise CampagneError("order.missing", order="adjust", field="value")
    if raw is None or (isinstance(raw, str) and raw.strip().lower() in NONE_WORDS):
        return None
    players = ctx.state.players
    if not isinstance(raw, str) or raw not in players:
        raise CampagneError("gorges.adjust.owner", value=raw, players=", ".join(players),
                            hint=did_you_mean(str(raw), players))
    return raw


def buildings_value(raw: Any) -> list[str]:
    """A cell's buildings as typed: none, a name, names joined by + or commas, or a list; in BUILDINGS order."""
    if isinstance(raw, str):
        words = [w.strip().lower() for w in raw.replace(",", "+").split("+")]
        words = [] if words in ([""], ["none"]) else words
    elif isinstance(raw, list) and all(isinstance(w, str) for w in raw):
        words = [w.strip().lower() for w in raw]
    else:
        raise CampagneError("gorges.adjust.buildings", value=raw)
    ok = all(w in BUILDINGS for w in words) and len(set(words)) == len(words) and \
        not {"fortress", "town"} <= set(words)
    need(ok, "gorges.adjust.buildings", value=raw)
    return [b for b in BUILDINGS if b in words]


def items_value(raw: Any) -> list[int]:
    """A holder's magic items as typed: none, one item's most points, or several joined by + (20+50)."""
    if isinstance(raw, str):
        words = [] if raw.strip().lower() in NONE_WORDS else [w.strip() for w in raw.split("+")]
        need(all(is_whole(w) and not w.startswith("-") and len(w) < 10 for w in words), "gorges.adjust.items",
             value=raw, most=MAX_ITEMS)
        points = [int(w) for w in words]
    elif isinstance(raw, int) and not isinstance(raw, bool):
        points = [raw]
    elif isinstance(raw, list) and all(isinstance(n, int) and not isinstance(n, bool) for n in raw):
        points = list(raw)
    else:
        raise CampagneError("gorges.adjust.items", value=raw, most=MAX_ITEMS)
    need(all(n in ITEM_POINTS for n in points) and len(points) <= MAX_ITEMS, "gorges.adjust.items", value=raw,
         most=MAX_ITEMS)
    return sorted(points)


def kept_items(held: list[dict[str, Any]], points: list[int]) -> list[dict[str, Any]]:
    """The items after a correction: each one already held keeps where it came from; a new one is the referee's."""
    left = list(held)
    out = []
    for n in points:
        same = next((i for i in left if i.get("max_points") == n), None)
        if same is not None:
            left.remove(same)
        out.append(same if same is not None else {"source": "referee", "max_points": n})
    return out


def item_choices(held: list[dict[str, Any]]) -> tuple[str, ...]:
    """What a correction of these items offers: none, one item fewer, one more (of each worth), as typed."""
    if not held:  # most holders, at every listing of the referee's orders: none, or one item of each worth
        return _NO_ITEM_CHOICES
    now = sorted(i["max_points"] for i in held)
    sets = {(), tuple(now)}
    sets |= {tuple(now[:k] + now[k + 1:]) for k in range(len(now))}
    if len(now) < MAX_ITEMS:
        sets |= {tuple(sorted((*now, n))) for n in ITEM_POINTS}
    return tuple("+".join(map(str, s)) if s else "none" for s in sorted(sets, key=lambda s: (len(s), s)))


def _count(ctx: Ctx, what: str) -> int:
    value = ctx.arg("value", int)
    need(value >= 0, "order.negative", field="value", value=value)
    need(value <= MAX[what], "gorges.adjust.too_high", field="value", high=MAX[what], value=value)
    return value


def _army(ctx: Ctx) -> Army:
    raw = ctx.arg("army")
    need(":" in raw, "gorges.adjust.army", army=raw)
    pid = raw.partition(":")[0]
    owner = ctx.state.players.get(pid)
    if owner is None:
        raise CampagneError("order.unknown_player", player=pid, hint=did_you_mean(pid, ctx.state.players))
    return ctx.army(owner, "army", in_play=False)


def hidden_from(event: dict[str, Any], viewer: str | None) -> bool:
    """Whether `viewer` may not read this adjustment's values: another player's hidden holding."""
    return viewer is not None and event.get("what") in HIDDEN and event.get("player") != viewer


def redacted_adjustment(event: dict[str, Any]) -> dict[str, Any]:
    """The event as another player reads it: which holding of whose was corrected, not its values nor why."""
    secret = ("before", "after", "reason", "characteristic")
    return {k: ("hidden" if k in secret else v) for k, v in event.items()}


def hidden_command(command: Any, viewer: str | None) -> dict[str, Any] | None:
    """An `adjust` command of another player's hidden holding as `viewer` may read it (None: he reads it whole)."""
    if viewer is None or not isinstance(command, dict) or command.get("type") != "adjust" \
            or command.get("what") not in HIDDEN or command_owner(command) == viewer:
        return None
    return {k: v for k, v in command.items() if k in ("type", "player", "what", "holder", "army")}


def command_owner(command: dict[str, Any]) -> str | None:
    """The player whose holding an `adjust` command touches (None: a public holding of the island)."""
    what = command.get("what")
    if what in ("relics", "battle_points", "items"):
        return command.get("holder") if isinstance(command.get("holder"), str) else None
    if what in ("bonus_points", "hero", "hero_items"):
        army = command.get("army")
        return army.partition(":")[0] if isinstance(army, str) else None
    return None


__all__ = ["BUILDING_SETS", "CHARACTERISTICS", "HERO_CHANGE", "HIDDEN", "ITEM_POINTS", "KINDS", "MAX", "MAX_ITEMS",
           "TARGETS", "buildings_value", "hidden_command", "hidden_from", "item_choices", "items_value", "kept_items",
           "order_adjust", "read_order", "redacted_adjustment"]
