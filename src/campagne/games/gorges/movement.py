"""Phase 5, army movement, and the race abilities that move armies or capitals.

« Les joueurs déplacent leurs armées de 1d3 territoires »: one roll per player and turn, the allowance of
each of his armies (docs/rules/gorges.md: the events 12 and 33 roll « 2d3 » once for « vos armées », so the
plain move is one roll too). Bretonnia adds 1 to the kept die; the High Elves may re-roll once and keep the
second. « A tout moment, un joueur doit avoir une armée dans l'un de ses territoires. Si ce n'est pas le
cas, l'une d'entre elle doit se positionner dans sa capitale »: checked when the player ends his movement.
"""

from __future__ import annotations

from ...core.errors import bilingual, need, register_messages
from .context import Ctx, Event
from .data import races
from .conquest import engaged
from .events import active
from .map import cell_id, parse_cell_id
from .state import Army, GorgesState, Player

register_messages({
    "gorges.move.too_far": {"en": "{army} may move {allowed} territories this turn, not {asked}.",
                            "fr": "{army} peut se déplacer de {allowed} territoires ce tour-ci, pas {asked}."},
    "gorges.move.not_adjacent": {"en": "{a} and {b} do not border each other.",
                                 "fr": "{a} et {b} ne sont pas limitrophes."},
    "gorges.move.already": {"en": "{army} has already moved this turn.", "fr": "{army} s'est déjà déplacée ce tour-ci."},
    "gorges.move.not_yours": {"en": "{army} is not an army of {player}.", "fr": "{army} n'est pas une armée de {player}."},
    "gorges.ability.not_race": {"en": "{player} ({race}) does not have the ability {ability}.",
                                "fr": "{player} ({race}) n'a pas la faculté {ability}."},
    "gorges.ability.used": {"en": "{player} has already used {ability} this turn.",
                            "fr": "{player} a déjà utilisé {ability} ce tour-ci."},
    "gorges.ability.bad_target": {"en": "{target} is not a possible destination for {ability} ({why}).",
                                  "fr": "{target} n'est pas une destination possible pour {ability} ({why})."},
    "gorges.move.must_hold": {"en": "{player} must keep an army in one of his territories: name the army to "
                                    "send to the capital (--set home=G).",
                              "fr": "{player} doit garder une armée dans l'un de ses territoires : nommez "
                                    "l'armée à renvoyer dans la capitale (--set home=G)."},
})


def move_dice(ctx: Ctx, p: Player) -> tuple[str, int]:
    """The dice of a player's move and the race's bonus: 1D3, Bretonnia 1D3+1; events 12/33 roll 2D3 and
    keep the lowest / highest (the +1 of Bretonnia still applies to the kept die)."""
    race = races()[p.race]
    expr = race.get("army_move_dice", ctx.k["movement"]["army_move_dice"])
    bonus = 0
    if "+" in expr:
        expr, _, plus = expr.partition("+")
        bonus = int(plus)
    return expr, bonus


def roll_moves(ctx: Ctx, p: Player) -> list[Event]:
    expr, bonus = move_dice(ctx, p)
    ev = p.event or {}
    faces: list[int]
    if ev.get("key") in ("fog_of_war", "swift_couriers"):
        sub = ev["rolled"].sub("move_dice")  # rolled with the event: « lancez 2d3 et conservez »
        kept, faces, expr = sub.total, list(sub.faces), sub.dice
    else:
        kept = ctx.roll(expr, f"move {p.id}")
        faces = list(ctx.dice.records[-1].faces)
    allowance = kept + bonus
    for a in p.armies.values():
        a.move_allowance, a.move_roll, a.moves_made = allowance, faces, 0
    return [{"type": "move_roll", "player": p.id, "dice": expr, "faces": faces, "bonus": bonus,
             "allowance": allowance}]


def order_reroll(ctx: Ctx) -> list[Event]:
    """High Elves: « Elles peuvent relancer leurs dé de déplacement et doivent appliquer le second résultat »."""
    p = ctx.player()
    ctx.in_turn(p)
    need(bool(races()[p.race].get("reroll_move")), "gorges.ability.not_race", player=p.id,
         race=races()[p.race]["name_en"], ability="reroll")
    need(all(a.moves_made == 0 for a in p.armies.values()), "gorges.move.already", army=p.id)
    _ability(ctx, p, "reroll_move", "reroll")  # marks it used: only once every check has passed
    expr, bonus = move_dice(ctx, p)
    ev = p.event or {}
    if ev.get("key") in ("fog_of_war", "swift_couriers"):
        # Under events 12/33 the movement dice are the event's « 2d3 » (lowest / highest): re-roll those.
        expr = ev["rolled"].sub("move_dice").dice
    kept = ctx.roll(expr, f"move re-roll {p.id}")
    for a in p.armies.values():
        a.move_allowance, a.move_roll = kept + bonus, list(ctx.dice.records[-1].faces)
    return [{"type": "move_roll", "player": p.id, "dice": expr, "faces": list(ctx.dice.records[-1].faces),
             "bonus": bonus,
             "allowance": kept + bonus, "reroll": True}]


def _ability(ctx: Ctx, p: Player, field: str, name: str, once: bool = True) -> None:
    need(bool(races()[p.race].get(field)), "gorges.ability.not_race", player=p.id, race=races()[p.race]["name_en"],
         ability=name)
    if once:
        need(name not in p.used, "gorges.ability.used", player=p.id, ability=name)
        p.used.append(name)


def _path(ctx: Ctx, start: str) -> list[str]:
    raw = ctx.cmd.get("path")
    if isinstance(raw, str):
        raw = raw.split()
    need(isinstance(raw, list) and bool(raw), "order.missing", order="move", field="path")
    path = []
    here = start
    for step in raw:
        tid = cell_id(parse_cell_id(str(step)))
        ctx.state.map.cell(tid)
        need(ctx.state.adjacent(here, tid), "gorges.move.not_adjacent", a=here, b=tid)
        path.append(tid)
        here = tid
    return path


def move_checks(ctx: Ctx) -> tuple[Player, Army, str, list[str]]:
    """Every check of `move`, in the order's own order, reading the state without changing it (legal.py asks
    them on the state itself, without a trial copy): the player, the army, why it may move, its walk."""
    p = ctx.player()
    ctx.in_turn(p)
    a = ctx.army(p)
    why = "move"
    if a.player != p.id:
        need(active(p, "deception") and "deception" not in p.used, "gorges.move.not_yours", army=a.ref,
             player=p.id)
        why = "deception"
    elif a.moves_made >= 1:
        need(active(p, "forced_march") and "forced_march" not in p.used, "gorges.move.already", army=a.ref)
        why = "forced_march"
    path = _path(ctx, a.position or "")
    need(len(path) <= a.move_allowance, "gorges.move.too_far", army=a.ref, allowed=a.move_allowance,
         asked=len(path))
    return p, a, why, path


def order_move(ctx: Ctx) -> list[Event]:
    """`move ARMY CELL CELL...`: one army walks up to its allowance over bordering territories. With event
    32 (« Déplacez deux fois l'une de vos armées ») one army may move a second time; with event 34
    (« Tromperie ») the player may move one enemy army (P2:G) by its own allowance."""
    s = ctx.state
    p, a, why, path = move_checks(ctx)
    if why != "move":  # the event is spent only by a move that is carried out
        p.used.append(why)
    if why != "deception":
        a.moves_made += 1
    if a.came_from is None:
        a.came_from = a.position
    frm, a.position = a.position, path[-1]
    s.arrive(a)
    return [{"type": "move", "player": p.id, "army": a.ref, "from": frm, "path": path, "to": a.position,
             "why": why}]


def done_checks(ctx: Ctx) -> tuple[Player, Army | None]:
    """Everything that may refuse `done`, reading the state only (the legal orders ask it on the state itself):
    the player's turn, his mines' rolls kept (the mines phase), the army sent home (the movement phase); the
    player, and that army if one goes home."""
    s = ctx.state
    p = ctx.player()
    if s.phase == "mines":  # everyone with a choice at once: keep his rolls
        from .mines import mines_of
        need(p.id in s.acting, "gorges.not_your_turn", player=p.id, current=", ".join(s.acting) or "-")
        if p.slaves_bonus and not p.mines_rolled:  # as `keep_mines` refuses
            need(False, "gorges.mines.slaves_first", player=p.id, mines=", ".join(mines_of(s, p.id)))
        return p, None
    ctx.in_turn(p)
    return p, _home_army(ctx, p) if s.phase == "movement" else None


def order_done(ctx: Ctx) -> list[Event]:
    """`done`: the player has finished acting in this phase (movement, construction, challenges)."""
    s = ctx.state
    p, home = done_checks(ctx)
    if s.phase == "mines":
        from .mines import keep_mines
        return keep_mines(ctx, p) + [{"type": "done", "player": p.id, "phase": s.phase}]
    events: list[Event] = []
    if s.phase == "movement":
        events += hold_own_ground(ctx, p, home)
    p.done = True
    s.acting = s.acting[1:]
    return events + [{"type": "done", "player": p.id, "phase": s.phase}]


def _home_army(ctx: Ctx, p: Player) -> Army | None:
    """The army that goes back to the capital when the player holds none of his own ground (the one named by
    `home`, else his first in play), or None when none goes."""
    s = ctx.state
    if s.holds_own_ground(p.id) or not races()[p.race].get("need_army_in_territory", True):
        return None
    if ctx.cmd.get("home") is None:
        return next((a for a in p.armies.values() if a.in_play), None)
    a = ctx.army(p, "home")
    need(a.player == p.id, "gorges.move.not_yours", army=a.ref, player=p.id)
    return a


def hold_own_ground(ctx: Ctx, p: Player, a: Army | None) -> list[Event]:
    """The army that goes home (`_home_army`), sent to the capital."""
    s = ctx.state
    if a is None:
        return []
    frm, a.position = a.position, s.capital_of(p.id)
    return [{"type": "army_to_capital", "player": p.id, "army": a.ref, "from": frm, "to": a.position,
             "capital": p.capital}]


def _jump(ctx: Ctx) -> tuple[Player, Army, str]:
    """The player in turn, one of his armies, and the territory it is to jump to (forest, burrow)."""
    p = ctx.player()
    ctx.in_turn(p)
    a = ctx.army(p)
    need(a.player == p.id, "gorges.move.not_yours", army=a.ref, player=p.id)
    return p, a, ctx.territory()


def _land(ctx: Ctx, p: Player, a: Army, tid: str, why: str) -> list[Event]:
    frm, a.position = a.position, tid
    ctx.state.arrive(a)
    return [{"type": "move", "player": p.id, "army": a.ref, "from": frm, "path": [tid], "to": tid, "why": why}]


def order_forest(ctx: Ctx) -> list[Event]:
    """Wood Elves: « Une fois par tour, une seule armée elfes sylvains qui se trouve dans une forêt peut se
    déplacer sur n'importe quel autre territoire de forêt de la carte »."""
    p, a, tid = _jump(ctx)
    forest = lambda t: ctx.state.map.cell(t).terrain == "forest"
    need(a.position is not None and forest(a.position), "gorges.ability.bad_target", target=a.position,
         ability="forest", why=bilingual("the army is not in a forest", "l'armée n'est pas en forêt"))
    need(forest(tid) and tid != a.position, "gorges.ability.bad_target", target=tid, ability="forest",
         why=bilingual("another forest", "une autre forêt"))
    _ability(ctx, p, "forest_travel", "forest")
    return _land(ctx, p, a, tid, "forest")


def order_burrow(ctx: Ctx) -> list[Event]:
    """Tomb Kings: « Une fois par tour, ils peuvent déplacer l'une de leur armée n'importe où sur leur
    territoire »."""
    p, a, tid = _jump(ctx)
    need(ctx.state.owners.get(tid) == p.id, "gorges.ability.bad_target", target=tid, ability="burrow",
         why=bilingual("one of your territories", "l'un de vos territoires"))
    _ability(ctx, p, "burrow_per_turn", "burrow")
    return _land(ctx, p, a, tid, "burrow")


def order_capital(ctx: Ctx) -> list[Event]:
    """Ogre Kingdoms: « Les Ogres sont des nomades ils peuvent, une fois par tour, déplacer leur capitale
    d'une case » — onto a bordering land cell of theirs, or a neutral one, which becomes theirs (a capital is
    its player's land); never onto another player's (that is a conquest, by a challenge)."""
    s = ctx.state
    p = ctx.player()
    ctx.in_turn(p)
    tid = ctx.territory()
    need(s.adjacent(p.capital, tid) and s.owners.get(tid) in (p.id, None), "gorges.ability.bad_target", target=tid,
         ability="capital", why=bilingual("a territory of yours or a neutral one, next to the capital",
                                          "un territoire à vous ou neutre, voisin de la capitale"))
    _ability(ctx, p, "move_capital_per_turn", "capital")
    frm, p.capital = p.capital, tid
    event: Event = {"type": "capital_moved", "player": p.id, "from": frm, "to": tid}
    if s.owners.get(tid) is None:
        s.owners[tid] = p.id
        event["annexed"] = True
    return [event]


def order_swap(ctx: Ctx) -> list[Event]:
    """Daemons of Chaos: « A tout moment, vous pouvez intervertir la position de vos armées, même après avoir
    relevé ou lancé un défi » — any two of their armies in play, in any phase, as often as they like."""
    p = ctx.player()
    _ability(ctx, p, "swap_armies", "swap", once=False)
    a, b = ctx.army(p, "army"), ctx.army(p, "other")
    need(a.player == p.id and b.player == p.id and a is not b, "gorges.move.not_yours", army=f"{a.ref}/{b.ref}",
         player=p.id)
    for x, y in ((a, b), (b, a)):  # the army taking up x's challenge must be able to fight
        need(not (y.built and engaged(ctx.state, x)), "gorges.challenge.builder", army=y.ref)
    a.position, b.position = b.position, a.position
    swap_in_challenges(ctx.state, a, b)
    return [{"type": "swap", "player": p.id, "armies": [a.ref, b.ref], "positions": [a.position, b.position]}]


def swap_in_challenges(s: GorgesState, a: Army, b: Army) -> None:
    """A challenge follows the army's place: after a swap the army now standing there takes it up."""
    for c in s.challenges:
        for field in ("army", "defender_army"):
            owner = c.challenger if field == "army" else c.defender
            if owner == a.player and getattr(c, field) in (a.key, b.key):
                setattr(c, field, b.key if getattr(c, field) == a.key else a.key)
    # « A tout moment »: a battle not yet played is fought by the army now on its field, with that army's notes.
    from .battles import battle_notes
    for battle in s.battles:
        if battle.result is not None:
            continue
        changed = False
        for field, owner in (("attacker_army", battle.attacker), ("defender_army", battle.defender)):
            if owner == a.player and getattr(battle, field) in (a.key, b.key):
                setattr(battle, field, b.key if getattr(battle, field) == a.key else a.key)
                changed = True
        if changed:
            battle.notes = battle_notes(s, battle)


__all__ = ["order_burrow", "order_capital", "order_done", "order_forest", "order_move", "order_reroll",
           "order_swap", "roll_moves"]
