"""Phases 6 to 8: construction, challenges (and the raids of the Elves and Skaven), and conquest.

A challenge names the territory at stake; its condition is the first of the seed's four that holds (or
event 55's tunnel, or a raid). A refused challenge whose army stands on the defender's territory forces
the save roll at once (« il doit immédiatement faire un jet de sauvegarde »); its modifiers are read from
the board: adjacency, the defender's fortresses and towns next to or on the territory, the races, events
13 and 65, and the relic points handed over.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...core.errors import bilingual, need, register_messages
from . import rolls
from .context import Ctx, Event
from .data import races, tables
from .events import active
from .odds import save_modifiers
from .state import Army, Challenge, GorgesState, Player
from .turn import push_back, remove_army

register_messages({
    "gorges.build.not_own": {"en": "{army} does not stand in one of its player's territories.",
                             "fr": "{army} ne se trouve pas sur l'un des territoires de son joueur."},
    "gorges.build.season": {"en": "{player} has already built this season (one building per season).",
                            "fr": "{player} a déjà construit cette saison (un édifice par saison)."},
    "gorges.build.impossible": {"en": "Cannot build {building} in {territory}: {why}.",
                                "fr": "Impossible de bâtir {building} en {territory} : {why}."},
    "gorges.challenge.one": {"en": "{player} has already issued a challenge this turn.",
                             "fr": "{player} a déjà lancé un défi ce tour-ci."},
    "gorges.challenge.no_condition": {
        "en": "{player} cannot challenge {defender} over {territory}: none of the four conditions holds.",
        "fr": "{player} ne peut pas défier {defender} pour {territory} : aucune des quatre conditions n'est remplie."},
    "gorges.challenge.builder": {"en": "{army} built this turn: it cannot fight or take up a challenge.",
                                 "fr": "{army} a construit ce tour-ci : elle ne peut ni se battre ni relever un défi."},
    "gorges.challenge.engaged": {"en": "{army} already has a challenge this turn: one battle per army and turn.",
                                 "fr": "{army} a déjà un défi ce tour-ci : une bataille par armée et par tour."},
    "gorges.challenge.diplomacy": {"en": "{defender}'s diplomacy forbids {player} to challenge him this turn.",
                                   "fr": "La diplomatie de {defender} interdit à {player} de le défier ce tour-ci."},
    "gorges.challenge.agent": {"en": "An agent at court makes {player} challenge {target} this turn.",
                               "fr": "Un agent à la cour oblige {player} à défier {target} ce tour-ci."},
    "gorges.challenge.unknown": {"en": "There is no pending challenge {challenge} against {player}.",
                                 "fr": "Il n'y a pas de défi {challenge} en attente contre {player}."},
    "gorges.challenge.accepted_one": {
        "en": "{player} has already accepted a challenge (a second needs every player's agreement: --set all_agree=true).",
        "fr": "{player} a déjà accepté un défi (un second demande l'accord de tous : --set all_agree=true)."},
    "gorges.challenge.waiting": {"en": "Challenges wait for an answer from {players}.",
                                 "fr": "Des défis attendent la réponse de {players}."},
    "gorges.relics.no_save": {"en": "{player} offers relic points only for a save roll, and refusing challenge "
                                     "#{challenge} rolls none.",
                              "fr": "{player} n'offre de points de relique que pour un jet de sauvegarde, et refuser "
                                    "le défi n°{challenge} n'en fait pas faire."},
    "gorges.relics.no_offer": {"en": "{player} has no relic points offered for challenge #{challenge}.",
                               "fr": "{player} n'a pas de points de relique offerts pour le défi n°{challenge}."},
    "gorges.relics.not_enough": {"en": "{player} has {have} relic points, not {give}.",
                                 "fr": "{player} a {have} points de relique, pas {give}."},
    "gorges.raid.impossible": {"en": "{player} cannot raid {territory}: {why}.",
                               "fr": "{player} ne peut pas attaquer {territory} : {why}."},
})

CONDITIONS = ("same_territory", "in_enemy_territory", "enemy_in_own_territory", "adjacent_territories")


# --------------------------------------------------------------------------- construction


def build_checks(ctx: Ctx) -> tuple[Player, Army, str]:
    """Everything that may refuse a building, reading the state only (the legal orders ask it on the state
    itself): the player, his army and the building."""
    s = ctx.state
    p = ctx.player()
    ctx.in_turn(p)
    a = ctx.army(p)
    need(a.player == p.id and s.owners.get(a.position or "") == p.id, "gorges.build.not_own", army=a.ref)
    need(p.built_season != s.season_index, "gorges.build.season", player=p.id)
    kind = ctx.arg("building")
    what = {"mine": bilingual("a mine", "une mine"), "fortress": bilingual("a fortress", "une forteresse"),
            "town": bilingual("a town", "une ville")}.get(kind, kind)
    tid = a.position or ""
    here = s.buildings.get(tid, [])
    if kind == "mine":
        need("mine" not in here, "gorges.build.impossible", building=what, territory=tid,
             why=bilingual("a mine is there", "il y a déjà une mine"))
    elif kind == "fortress":
        need("fortress" not in here and "town" not in here, "gorges.build.impossible", building=what,
             territory=tid, why=bilingual("already fortified", "déjà fortifié"))
    elif kind == "town":
        need("fortress" in here, "gorges.build.impossible", building=what, territory=tid,
             why=bilingual("a town is built on a fortress", "une ville se bâtit sur une forteresse"))
        need(races()[p.race].get("can_build_towns", True), "gorges.build.impossible", building=what,
             territory=tid, why=bilingual(f"{races()[p.race]['name_en']} cannot build towns",
                          f"les {races()[p.race]['name_fr']} ne bâtissent pas de villes"))
    else:
        need(False, "order.bad_field", field="building", value=kind)
    return p, a, kind


def order_build(ctx: Ctx) -> list[Event]:
    """« Si une armée se trouve dans un territoire qu'elle contrôle déjà, elle peut y bâtir une mine ou une
    forteresse ... la transformer en ville ... L'on ne peut construire qu'un édifice par saison. »"""
    s = ctx.state
    p, a, kind = build_checks(ctx)
    tid = a.position or ""
    here = s.buildings.get(tid, [])
    s.buildings[tid] = [b for b in here if not (kind == "town" and b == "fortress")] + [kind]
    p.built_season = s.season_index
    a.built = True
    return [{"type": "building", "player": p.id, "army": a.ref, "territory": tid, "building": kind}]


# --------------------------------------------------------------------------- challenges


def condition(s: GorgesState, challenger: Player, army_pos: str, defender: str, target: str) -> str | None:
    d_armies = {a.position for a in s.players[defender].armies.values() if a.in_play}
    if army_pos == target and target in d_armies:
        return "same_territory"
    if army_pos == target and s.owners.get(target) == defender:
        return "in_enemy_territory"
    if s.owners.get(target) == challenger.id and target in d_armies:
        return "enemy_in_own_territory"
    owners = s.owners  # a neighbour of the challenger's: its owner read, not all his land listed at every ask
    if owners.get(target) == defender and any(owners.get(n) == challenger.id for n in s.neighbours(target)):
        return "adjacent_territories"
    if active(challenger, "tunnel") and (s.owners.get(target) == defender or target in d_armies):
        return "tunnel"  # « Vous pouvez défier n'importe quel adversaire ce tour-ci. Quelque soit sa localisation. »
    return None


def may_challenge(s: GorgesState, p: Player, d: Player) -> None:
    """Events 53 (« Désignez un adversaire qui ne pourra pas vous lancer de défi ce tour-ci ») and 54
    (« Désignez un adversaire et choisissez qui il va défier ce tour-ci »): for challenges and for the raids
    that end in one."""
    need(not (active(d, "diplomacy") and (d.event or {}).get("opponent") == p.id), "gorges.challenge.diplomacy",
         defender=d.id, player=p.id)
    for q in s.players.values():
        ev = q.event or {}
        if ev.get("key") == "agent_at_court" and ev.get("opponent") == p.id and ev.get("must_challenge"):
            need(d.id == ev["must_challenge"], "gorges.challenge.agent", player=p.id, target=ev["must_challenge"])


def engaged(s: GorgesState, a: Any) -> bool:
    """Is this army already in a challenge of this turn, issued or accepted (docs/rules/gorges.md, 25)? One
    army fights one battle a turn: a second would be fought by an army the first may have driven off."""
    return any((c.challenger == a.player and c.army == a.key and c.status != "refused")
               or (c.defender == a.player and c.defender_army == a.key and c.status == "accepted")
               for c in s.challenges)


def challenge_checks(ctx: Ctx) -> tuple[Player, Army, Player, str, str]:
    """Every check of `challenge`, in the order's own order, reading the state without changing it (legal.py
    asks them on the state itself, without a trial copy): the challenger, his army, the defender, the target
    and its condition."""
    s = ctx.state
    p = ctx.player()
    ctx.in_turn(p)
    need(not any(c.challenger == p.id and c.condition != "raid" for c in s.challenges), "gorges.challenge.one",
         player=p.id)
    a = ctx.army(p)
    need(a.player == p.id, "order.bad_field", field="army", value=a.ref)
    need(not a.built, "gorges.challenge.builder", army=a.ref)
    need(not engaged(s, a), "gorges.challenge.engaged", army=a.ref)
    d = ctx.player("defender")
    need(d.id != p.id, "order.bad_field", field="defender", value=d.id)
    may_challenge(s, p, d)
    target = ctx.territory()
    cond = condition(s, p, a.position or "", d.id, target)
    need(cond is not None, "gorges.challenge.no_condition", player=p.id, defender=d.id, territory=target)
    return p, a, d, target, cond or ""


def order_challenge(ctx: Ctx) -> list[Event]:
    p, a, d, target, cond = challenge_checks(ctx)
    return issue(ctx, p, a.key, d, target, cond)


def issue(ctx: Ctx, p: Player, army: str, d: Player, target: str, cond: str) -> list[Event]:
    s = ctx.state
    c = Challenge(len(s.challenges) + 1, p.id, army, d.id, target, cond)
    s.challenges.append(c)
    events: list[Event] = [{"type": "challenge", "id": c.id, "challenger": p.id, "army": f"{p.id}:{army}",
                            "defender": d.id, "territory": target, "condition": cond}]
    # Tomb Kings « ne sont pas obligés de laisser une de leurs armées sur leur territoire du moment qu'ils en
    # rapatrient une s'ils se font attaquer ».
    if not races()[d.race].get("need_army_in_territory", True) and not s.holds_own_ground(d.id):
        home = next((x for x in d.armies.values() if x.in_play), None)
        if home is not None:
            frm, home.position = home.position, s.capital_of(d.id)
            events.append({"type": "army_to_capital", "player": d.id, "army": home.ref, "from": frm,
                           "to": home.position})
    return events


def pending_for(s: GorgesState) -> list[str]:
    """Who must answer now: a defender challenged, a challenger offered relic points for a save."""
    return list(dict.fromkeys(c.defender if c.status == "pending" else c.challenger for c in s.challenges
                              if c.status in ("pending", "offered")))


def _pending(ctx: Ctx, p: Player) -> Challenge:
    cid = ctx.arg("challenge", int)
    c = next((c for c in ctx.state.challenges if c.id == cid and c.defender == p.id and c.status == "pending"),
             None)
    need(c is not None, "gorges.challenge.unknown", challenge=cid, player=p.id)
    assert c is not None
    return c


def accept_checks(ctx: Ctx) -> tuple[Player, Challenge, Army]:
    """Everything that may refuse accepting a challenge, reading the state only (the legal orders ask it on the
    state itself): the defender, the challenge and the army that takes it up."""
    s = ctx.state
    p = ctx.player()
    c = _pending(ctx, p)
    if not ctx.cmd.get("all_agree"):
        need(not any(x.defender == p.id and x.status == "accepted" for x in s.challenges),
             "gorges.challenge.accepted_one", player=p.id)
    a = ctx.army(p)
    need(a.player == p.id, "order.bad_field", field="army", value=a.ref)
    need(not a.built, "gorges.challenge.builder", army=a.ref)
    need(not engaged(s, a), "gorges.challenge.engaged", army=a.ref)
    return p, c, a


def order_accept(ctx: Ctx) -> list[Event]:
    """« Un joueur ne pourra accepter qu'un seul défi (sauf si l'ensemble des joueurs est d'accords) »."""
    p, c, a = accept_checks(ctx)
    c.status, c.defender_army = "accepted", a.key
    return [{"type": "challenge_accepted", "id": c.id, "defender": p.id, "army": a.ref}]


def save_flags(s: GorgesState, attacker: str, defender: str, target: str) -> dict[str, Any]:
    """What the board says of a save roll: bullets as the seed's, a building on the territory itself
    counting as adjacent to it (docs/rules/gorges.md, interpretation 3)."""
    around = [target] + s.neighbours(target)
    held = [t for t in around if s.owners.get(t) == defender]
    d = s.players[defender]
    return {
        "adjacent": any(s.owners.get(n) == attacker for n in s.neighbours(target)),
        "fortress_adjacent": any(s.has(t, "fortress") for t in held),
        "town_adjacent": any(s.has(t, "town") for t in held),
        "mine_adjacent": any(s.has(t, "mine") for t in held),
        "forest_adjacent": any(s.map.cell(t).terrain == "forest" for t in held),
        "attacker_race": s.players[attacker].race, "defender_race": d.race,
        "sympathiser": active(d, "enemy_sympathiser"), "reinforced_defence": active(d, "reinforced_defence"),
    }


def save_chance(s: GorgesState, attacker: str, defender: str, target: str, relics_given: int = 0) -> Fraction:
    from .odds import save_odds
    return save_odds(relics_given=relics_given, **save_flags(s, attacker, defender, target))


def save_roll(ctx: Ctx, c: Challenge) -> list[Event]:
    """« Un jet de sauvegarde est un test à 6+ »: kept, the army is pushed back; failed, the territory
    changes hands."""
    s = ctx.state
    flags = save_flags(s, c.challenger, c.defender, c.target)
    mods = save_modifiers(relics_given=c.relics_given, **flags)
    table = tables()["conquest_save"]
    face = ctx.roll(table.dice or "1D6", f"conquest save {c.defender} {c.target}")
    total = face + sum(v for _, v in mods)
    saved = total >= int(table.data.get("target", 6))
    c.save = {"roll": face, "modifiers": [{"key": k, "value": v} for k, v in mods], "total": total,
              "saved": saved}
    events: list[Event] = [{"type": "save", "challenge": c.id, "defender": c.defender, "territory": c.target,
                            **c.save}]
    army = s.players[c.challenger].armies[c.army]
    if saved:
        events.append(push_back(s, army, "save"))
    else:
        s.owners[c.target] = c.challenger
        events.append({"type": "territory_taken", "player": c.challenger, "from": c.defender,
                       "territory": c.target, "why": "save_failed"})
    return events


def refuse_checks(ctx: Ctx) -> tuple[Player, Challenge, int, Army | None, bool]:
    """Everything that may refuse refusing a challenge, reading the state only (the legal orders ask it on the
    state itself; the save roll and the push-backs that follow refuse nothing): the defender, the challenge, the
    relic points offered, the challenger's army and whether a save is rolled."""
    s = ctx.state
    p = ctx.player()
    c = _pending(ctx, p)
    give = ctx.arg("relics", int, 0)
    need(0 <= give <= p.relics, "gorges.relics.not_enough", player=p.id, have=p.relics, give=give)
    army = s.players[c.challenger].armies.get(c.army)
    saving = army is not None and army.in_play and army.position == c.target and s.owners.get(c.target) == p.id
    need(not give or saving, "gorges.relics.no_save", player=p.id, challenge=c.id)
    return p, c, give, army, saving


def order_refuse(ctx: Ctx) -> list[Event]:
    """A refused challenge: the save roll if the challenger's army stands on the defender's territory; an
    intruder refusing to fight on the challenger's land is pushed back; otherwise nothing happens.
    Before the save the defender may offer relic points (`relics`), +1 each, « si celui-ci est d'accords »: the
    save then waits for the challenger's answer (`take-relics` / `decline-relics`)."""
    s = ctx.state
    p, c, give, army, saving = refuse_checks(ctx)
    c.status = "refused"
    events: list[Event] = [{"type": "challenge_refused", "id": c.id, "defender": p.id, "relics_given": 0}]
    if army is None or not army.in_play:
        return events
    if saving:
        if give:
            c.status, c.relics_offered = "offered", give
            return events + [{"type": "relics_offered", "challenge": c.id, "defender": p.id,
                              "challenger": c.challenger, "relics": give}]
        events += save_roll(ctx, c)
    elif s.owners.get(c.target) == c.challenger:  # the intruder on the challenger's land, whatever condition named it
        for intruder in p.armies.values():
            if intruder.position == c.target:
                events.append(push_back(s, intruder, "refused"))
    return events


def order_answer_relics(ctx: Ctx) -> list[Event]:
    """The challenger takes the relic points offered (the save gets +1 each) or declines them; then the save."""
    s = ctx.state
    p = ctx.player()
    cid = ctx.arg("challenge", int)
    c = next((c for c in s.challenges if c.id == cid and c.challenger == p.id and c.status == "offered"), None)
    need(c is not None, "gorges.relics.no_offer", player=p.id, challenge=cid)
    assert c is not None
    take = ctx.cmd["type"] == "take-relics"
    defender = s.players[c.defender]
    give = min(c.relics_offered, defender.relics) if take else 0
    c.status, c.relics_offered, c.relics_given = "refused", 0, give
    defender.relics -= give
    p.relics += give
    events: list[Event] = [{"type": "relics_answer", "challenge": c.id, "challenger": p.id, "defender": c.defender,
                            "taken": take, "relics": give}]
    return events + save_roll(ctx, c)


def order_raid(ctx: Ctx) -> list[Event]:
    """High and Dark Elves' sea raids (« n'importe quel territoire adjacent à une mer (hormis une ville ou une
    forteresse) », 1 = lost at sea) and the Skaven's tunnels (anywhere but a town or fortress; 1-2 lost
    underground, 5-6 a mine is dug): once per turn, in the challenges phase, by the player in turn."""
    s = ctx.state
    p = ctx.player()
    ctx.in_turn(p)
    race = races()[p.race]
    kind = "sea_raid" if race.get("sea_raid") else "skaven_tunnel" if race.get("tunnel_attack") else None
    need(kind is not None, "gorges.ability.not_race", player=p.id, race=race["name_en"], ability="raid")
    a = ctx.army(p)
    need(a.player == p.id and not a.built, "gorges.challenge.builder", army=a.ref)
    need(not engaged(s, a), "gorges.challenge.engaged", army=a.ref)
    tid = ctx.territory()
    need(not (s.has(tid, "town") or s.has(tid, "fortress")), "gorges.raid.impossible", player=p.id,
         territory=tid, why=bilingual("a town or fortress", "une ville ou une forteresse"))
    need(s.owners.get(tid) != p.id, "gorges.raid.impossible", player=p.id, territory=tid,
         why=bilingual("your own territory", "votre propre territoire"))
    if kind == "sea_raid":
        from .map import parse_cell_id
        need(s.map.coastal(parse_cell_id(tid)), "gorges.raid.impossible", player=p.id, territory=tid,
             why=bilingual("not next to the sea", "pas au bord de la mer"))
    need("raid" not in p.used, "gorges.ability.used", player=p.id, ability="raid")
    holder = s.owners.get(tid)
    if holder is not None:  # the raid ends in a challenge to the owner: events 53 and 54 apply
        may_challenge(s, p, s.players[holder])
    p.used.append("raid")
    r = rolls.roll_table(ctx.dice, kind, f"{kind} {p.id}")
    events: list[Event] = [{"type": "raid", "player": p.id, "army": a.ref, "territory": tid, "roll": r.roll,
                            "result": r.key, "kind": kind}]
    if r.key in ("lost_at_sea", "lost_underground"):
        events.append(remove_army(s, a, "next_season", r.key))
        return events
    frm, a.position = a.position, tid
    s.arrive(a)
    events.append({"type": "move", "player": p.id, "army": a.ref, "from": frm, "path": [tid], "to": tid,
                   "why": kind})
    if r.row.get("creates_mine") and not s.has(tid, "mine"):
        s.buildings.setdefault(tid, []).append("mine")
        events.append({"type": "building", "player": p.id, "territory": tid, "building": "mine", "why": kind})
    owner = s.owners.get(tid)
    if owner is not None:
        events += issue(ctx, p, a.key, s.players[owner], tid, "raid")
    return events


# --------------------------------------------------------------------------- conquest


def conquer(ctx: Ctx) -> list[Event]:
    """Phase 8: two armies without a challenge roll the D6 table; then every army alone (with its player's)
    on a neutral territory annexes it."""
    s = ctx.state
    events: list[Event] = []
    for tid in sorted({a.position for a in s.armies() if a.in_play}):
        events += _no_challenge(ctx, tid)
    for pid in s.order:
        for a in s.players[pid].armies.values():
            tid = a.position
            if tid is None or s.owners.get(tid) is not None:
                continue
            if all(b.player == pid for b in s.armies_at(tid)):
                s.owners[tid] = pid
                events.append({"type": "annexed", "player": pid, "army": a.ref, "territory": tid})
    return events


def _challenged(s: GorgesState, p1: str, p2: str, tid: str) -> bool:
    return any({c.challenger, c.defender} == {p1, p2} and c.target == tid for c in s.challenges)


def _no_challenge(ctx: Ctx, tid: str) -> list[Event]:
    """« Si deux armées se trouve sur le même territoire mais qu'aucun défi n'as été lancé jetez 1d6 »: A is
    the army that came last (docs/rules/gorges.md, interpretation 8)."""
    s = ctx.state
    events: list[Event] = []
    while True:
        here = [a for a in s.armies_at(tid)]
        pair = next(((a, b) for i, a in enumerate(here) for b in here[i + 1:]
                     if a.player != b.player and not _challenged(s, a.player, b.player, tid)), None)
        if pair is None:
            return events
        x, y = pair
        rank = lambda a: (s.arrivals.get(a.ref, 0), -s.order.index(a.player))
        a_army, b_army = (x, y) if rank(x) >= rank(y) else (y, x)
        r = rolls.two_armies(ctx.dice)
        hit = a_army if r.row.get("army") == "A" else b_army
        events.append({"type": "two_armies", "territory": tid, "a": a_army.ref, "b": b_army.ref, "roll": r.roll,
                       "result": r.key})
        if r.row.get("outcome") == "destroyed":
            events.append(remove_army(s, hit, "next_season", "two_armies"))
        else:
            events.append(push_back(s, hit, "two_armies"))
            if hit.position == tid:  # pushed back onto its own territory where it stood: nowhere else
                return events
