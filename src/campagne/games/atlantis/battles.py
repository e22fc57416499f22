"""Battles: secret strategies, the scenario table, battlefield terrain, the result and its aftermath.

"Si 2 armées ennemies se trouvent sur le même territoire à la fin de la phase de mouvements une
bataille va s'engager." The army that arrived is A, the one already there is B. The battle is
fought on the table and its result entered by the referee, or resolved with the seed's
"Simulation des combats".
"""

from __future__ import annotations

from typing import Any

from ...core.errors import CampagneError
from . import army as armies
from .context import Ctx, Event, need
from .state import REFEREE, AtlantisState, Battle, Player
from .turn import register_phase, require_phase

STRATEGIES = ("frontal", "defence", "rapid", "outflank", "wait")
# The seed's French names, as players write them on their sheets (accents optional).
STRATEGY_NAMES = {"attaque frontale": "frontal", "frontale": "frontal", "défense": "defence", "defense": "defence",
                  "avance rapide": "rapid", "rapide": "rapid", "contournement": "outflank", "débordement": "outflank",
                  "debordement": "outflank", "attente": "wait"}
MAX_NO_BATTLE = 5  # after five "No Battle" in a row the armies do not fight this turn (see docs)


def open_battles(ctx: Ctx) -> list[Event]:
    s = ctx.state
    s.battles = []
    events: list[Event] = []
    for tid in s.map.territories:
        here = s.armies_in(tid)
        if len(here) == 2:
            # A is the army that arrived: the later mover when both moved in (in the order the
            # moves were made, waiting generals included).
            moved = [p for p in here if p.moved and p.id in s.arrivals]
            a = max(moved, key=lambda p: s.arrivals.index(p.id)) if moved else here[0]
            b = next(p for p in here if p.id != a.id)
            s.battles.append(Battle(tid, a.id, b.id, {a.id: None, b.id: None}, {a.id: [], b.id: []}))
            events.append({"type": "battle_declared", "territory": tid, "a": a.id, "b": b.id})
    return events


def battle_in(s: AtlantisState, tid: str) -> Battle:
    for b in s.battles:
        if b.territory == tid:
            return b
    raise CampagneError("battle.none_here", territory=tid)


def battle_of(s: AtlantisState, pid: str) -> Battle | None:
    for b in s.battles:
        if pid in (b.a, b.b) and b.result is None:
            return b
    return None


def order_strategy(ctx: Ctx) -> list[Event]:
    require_phase(ctx.state, "battles")
    p = ctx.active_player()
    b = battle_of(ctx.state, p.id)
    need(b is not None and b.scenario is None, "battle.no_strategy_needed", player=p.id)
    choice = ctx.arg("strategy")
    choice = STRATEGY_NAMES.get(choice.strip().lower(), choice)
    need(choice in STRATEGIES, "battle.bad_strategy", strategy=choice, options=", ".join(STRATEGIES))
    prev = b.previous[p.id]
    need(not prev or choice != prev[-1], "battle.same_strategy", strategy=choice)
    b.strategies[p.id] = choice
    events: list[Event] = [{"type": "strategy_chosen", "player": p.id, "territory": b.territory,
                            "secret": {"strategy": choice}}]
    if all(b.strategies.values()):
        events += _reveal(ctx, b)
    return events


def _reveal(ctx: Ctx, b: Battle) -> list[Event]:
    sa, sb = b.strategies[b.a], b.strategies[b.b]
    row = ctx.tables["scenarios"].row(f"{sa}/{sb}")
    events: list[Event] = [{"type": "strategies_revealed", "territory": b.territory,
                            "strategies": {b.a: sa, b.b: sb}, "scenario": row.get("scenario"),
                            "cell": row.key}]
    if row.get("scenario") == "No Battle":
        b.previous[b.a].append(sa)
        b.previous[b.b].append(sb)
        b.strategies = {b.a: None, b.b: None}
        if len(b.previous[b.a]) >= MAX_NO_BATTLE:
            b.scenario, b.scenario_key = "No Battle", row.key
            b.result = {"winner": None, "no_battle": True}
            events.append({"type": "no_battle", "territory": b.territory})
        return events
    b.scenario, b.scenario_key = row.get("scenario"), row.key
    b.terrain = battlefield_terrain(ctx, b)
    events.append({"type": "battlefield", "territory": b.territory, "terrain": b.terrain})
    return events


def battlefield_terrain(ctx: Ctx, b: Battle) -> dict[str, Any]:
    """Six sectors; a player drawn by lot furnishes sectors 1, 3, 5, the other 2, 4, 6."""
    while True:
        ra, rb = ctx.roll("D6", f"terrain draw {b.a}"), ctx.roll("D6", f"terrain draw {b.b}")
        if ra != rb:
            break
    odd_player = b.a if ra > rb else b.b
    even_player = b.b if odd_player == b.a else b.a
    count_table = ctx.tables["sector_elements"]
    main = ctx.state.map.territories[b.territory].terrain
    elements = ctx.tables["terrain_elements"].row(main)
    sectors = []
    for n in range(1, ctx.k["sectors"] + 1):
        mods = [(m.key, 1) for m in count_table.modifiers if n in m.data.get("sectors", [])]
        row, lookup = count_table.roll(ctx.dice, f"sector {n}", mods)
        sectors.append({"sector": n, "elements": row.get("count"), "player": odd_player if n % 2 else even_player,
                        "lookup": lookup.to_dict()})
    return {"main": main, "choices": list(elements.get("elements")), "choices_fr": elements.fr,
            "choices_en": elements.en, "sectors": sectors}


def order_reroll_terrain(ctx: Ctx) -> list[Event]:
    """"Les 2 joueurs peuvent d'un commun accord recommencer la génération si le terrain ne leur
    convient pas": the referee records their agreement and the terrain is generated again."""
    require_phase(ctx.state, "battles")
    b = battle_in(ctx.state, ctx.territory())
    need(b.result is None and b.terrain is not None, "battle.no_terrain", territory=b.territory)
    b.terrain = battlefield_terrain(ctx, b)
    return [{"type": "battlefield", "territory": b.territory, "terrain": b.terrain, "again": True}]


# --------------------------------------------------------------------------- results


def order_battle_result(ctx: Ctx) -> list[Event]:
    """The referee enters the result of a battle fought on the table."""
    s = ctx.state
    require_phase(s, "battles")
    b = battle_in(s, ctx.territory())
    need(b.result is None, "battle.already_resolved", territory=b.territory)
    need(b.scenario is not None, "battle.strategies_missing", territory=b.territory)
    need(b.fought is None, "battle.on_the_grid", territory=b.territory)
    winner = ctx.arg("winner")
    need(winner in (b.a, b.b), "battle.bad_winner", winner=winner, a=b.a, b=b.b)
    killed = _per_unit(ctx, "killed", b)
    fled = _per_unit(ctx, "fled", b)
    characters = ctx.cmd.get("characters", [])
    need(isinstance(characters, list), "order.bad_field", field="characters", value=characters)
    for c in characters:
        need(isinstance(c, dict) and c.get("player") in (b.a, b.b) and c.get("how") in ("battle", "duel"),
             "battle.bad_character", value=c)
        unit = check_unit(s.players[c["player"]], c.get("unit"), allow_general=True)
        # Only characters (and the general) are "personnages": a unit's dead are `killed`.
        need(unit is None or unit.is_character, "battle.not_a_character", player=c["player"],
             unit=c.get("unit"))
    vp = ctx.cmd.get("vp", {})
    need(isinstance(vp, dict) and all(k in (b.a, b.b) and isinstance(v, int) for k, v in vp.items()),
         "order.bad_field", field="vp", value=vp)
    for pid in (b.a, b.b):
        army = s.players[pid].army
        for uid in set(killed[pid]) | set(fled[pid]):
            unit = check_unit(s.players[pid], uid)
            need(killed[pid].get(uid, 0) + fled[pid].get(uid, 0) <= unit.models, "battle.too_many_losses",
                 player=pid, unit=uid, models=unit.models)
        assert army is not None
    result = {"winner": winner, "loser": b.b if winner == b.a else b.a, "vp": vp, "killed": killed,
              "fled": fled, "characters": characters, "resolver": "table", "scenario": b.scenario}
    mercenaries = _mercenaries(ctx, b)
    if mercenaries:
        result["mercenaries"] = mercenaries
    return aftermath(ctx, b, result)


MERCENARY_LISTS = ("mercenaires-atlantes", "mercenaires-sauvages")


def _mercenaries(ctx: Ctx, b: Battle) -> list[dict[str, Any]]:
    """« tout membre du club souhaitant participer à une bataille, pourra le faire sous la forme de troupes
    mercenaires recrutées pour cette bataille »: contingents of the annex's lists beside either campaign army,
    `{"side", "list", "member"}`. A contingent with no member is the reinforcement of « Si un seul testeur est
    présent, l'armée du camp adverse recevra un renfort de mercenaires mais avec le général allié ou le chef de
    guerre en moins », so it needs a tester's contingent on the other side and counts without its general.
    Recorded with the result; their losses touch nothing of the campaign."""
    raw = ctx.cmd.get("mercenaries", []) or []
    need(isinstance(raw, list) and all(isinstance(m, dict) for m in raw), "order.bad_field", field="mercenaries",
         value=raw)
    out = []
    for m in raw:
        side, name, member = m.get("side"), m.get("list"), m.get("member")
        need(side in (b.a, b.b), "battle.mercenary_side", side=side, a=b.a, b=b.b)
        need(name in MERCENARY_LISTS, "battle.mercenary_list", list=name, known=", ".join(MERCENARY_LISTS))
        need(member is None or (isinstance(member, str) and member.strip() != ""), "order.bad_field",
             field="mercenaries.member", value=member)
        army = armies.load_packaged_army(name)
        general = army.general.points if army.general is not None and member is None else 0
        out.append({"side": side, "list": name, "member": member, "general": member is not None,
                    "points": army.points - general})
    for m in out:
        if m["member"] is None:
            need(any(x["member"] is not None and x["side"] != m["side"] for x in out),
                 "battle.mercenary_reinforcement", side=m["side"])
    return out


def _per_unit(ctx: Ctx, name: str, b: Battle) -> dict[str, dict[str, int]]:
    raw = ctx.cmd.get(name, {}) or {}
    need(isinstance(raw, dict), "order.bad_field", field=name, value=raw)
    out: dict[str, dict[str, int]] = {b.a: {}, b.b: {}}
    for pid, units in raw.items():
        need(pid in out and isinstance(units, dict), "order.bad_field", field=name, value=raw)
        for uid, n in units.items():
            need(isinstance(n, int) and n >= 0, "order.bad_field", field=f"{name}.{uid}", value=n)
            out[pid][uid] = n
    return out


def check_unit(p: Player, uid: Any, allow_general: bool = False):
    """The player's unit `uid` (None for his general, when `allow_general`); refused when he has none such."""
    if allow_general and uid == "general":
        need(p.army is not None and p.army.has_general, "battle.no_general", player=p.id)
        return None
    need(p.army is not None and any(u.id == uid for u in p.army.units), "order.unknown_unit",
         player=p.id, unit=uid)
    return next(u for u in p.army.units if u.id == uid)  # type: ignore[union-attr]


def order_auto_resolve(ctx: Ctx) -> list[Event]:
    """"Simulation des combats": force + 2D6 each, −5 for an indisposed general, ties re-rolled."""
    s = ctx.state
    require_phase(s, "battles")
    b = battle_in(s, ctx.territory())
    need(b.result is None, "battle.already_resolved", territory=b.territory)
    need(b.scenario is not None, "battle.strategies_missing", territory=b.territory)
    resolver = ctx.cmd.get("resolver", "simulation")
    need(resolver in ("simulation", "wab", "grid"), "order.bad_field", field="resolver", value=resolver)
    need(b.fought is None, "battle.on_the_grid", territory=b.territory)
    if resolver == "grid" and ctx.cmd.get("players"):
        return _to_the_grid(ctx, b)
    if resolver == "grid":
        # Fought as a grid battle (seed 004) between the two armies as unit cards (campagne.games.skirmish.campaign)
        from ..skirmish.campaign import engagements, resolve_atlantis_battle as on_the_grid
        return aftermath(ctx, b, on_the_grid(s, b, ctx.dice, engagements(ctx.cmd)))
    if resolver == "wab":
        # A fuller stand-in than the seed's table: the two armies fight it out under the WAB 2 rules
        # (campagne.games.wab.autobattle), every die recorded in this entry.
        from ..wab.autobattle import resolve_atlantis_battle
        return aftermath(ctx, b, resolve_atlantis_battle(s, b, ctx.dice))
    # "Le joueur absent est considéré comme défenseur": otherwise the arriving army A attacks.
    attacker, defender = b.a, b.b
    if s.players[b.a].controller == "absent" and s.players[b.b].controller != "absent":
        attacker, defender = b.b, b.a
    indisposed = bool(ctx.cmd.get("general_indisposed", False))
    # "Les pertes sont exprimées en points d'armées et affectées aux unités au choix du joueur":
    # optional {player: [unit ids, first to lose first]}; units not named follow the default rule.
    allocation = ctx.cmd.get("allocation", {}) or {}
    need(isinstance(allocation, dict) and all(pid in (b.a, b.b) and isinstance(ids, list)
                                              for pid, ids in allocation.items()),
         "order.bad_field", field="allocation", value=allocation)
    for pid, ids in allocation.items():
        for uid in ids:
            check_unit(s.players[pid], uid)
    table = ctx.tables["simulation_strength"]
    fa = ctx.strength(s.players[attacker])
    fd = ctx.strength(s.players[defender])
    mod = table.modifier("general_indisposed").value if indisposed else 0
    rounds = []
    while True:
        ta = fa + ctx.roll(table.dice, f"simulation {attacker}")
        td = fd + ctx.roll(table.dice, f"simulation {defender}") + mod
        rounds.append({"attacker": ta, "defender": td})
        if ta != td:
            break
    winner, loser = (attacker, defender) if ta > td else (defender, attacker)
    row = ctx.tables["simulation_losses"].lookup(abs(ta - td))
    # the referee's --allocation for this battle, else the player's standing `losses` order
    removed = {pid: armies.remove_points(s.players[pid].army, row.get(side),
                                         allocation.get(pid, s.players[pid].losses_first()))
               for pid, side in ((winner, "winner"), (loser, "loser"))}
    result = {"winner": winner, "loser": loser, "resolver": "simulation", "attacker": attacker,
              "defender": defender, "forces": {attacker: fa, defender: fd}, "rounds": rounds,
              "general_indisposed": indisposed, "difference": abs(ta - td),
              "points_lost": {winner: row.get("winner"), loser: row.get("loser")},
              "removed": {pid: [{"unit": u, "models": n} for u, n in pairs if n] for pid, pairs in removed.items()},
              "killed": {winner: {}, loser: {}}, "fled": {winner: {}, loser: {}}, "characters": [],
              "scenario": b.scenario}
    return aftermath(ctx, b, result)


def _to_the_grid(ctx: Ctx, b: Battle) -> list[Event]:
    """The battle sent to the grid for its players to fight (issue 23): each person his own camp, the computer
    the camp of a computer or absent player; the result follows once the grid battle is over."""
    from ..skirmish import played
    from ..skirmish.campaign import atlantis_setup, engagements
    from .views import unit_names
    setup, _, _ = atlantis_setup(ctx.state, b, engagements(ctx.cmd))
    ctx.state.grid_names.update(unit_names(ctx.state, (b.a, b.b)))  # the battle's lines named once it is over
    return played.begin(ctx, b, setup, (b.a, b.b), b.territory, _where(b), _where, _grid_over)


def order_grid(ctx: Ctx) -> list[Event]:
    """A player's order in the grid battle he is fighting (`grid move UNIT CELL`...), the computer's replies,
    and the battle's result once the grid battle is over."""
    from ..skirmish import played
    s = ctx.state
    require_phase(s, "battles")
    pid = ctx.cmd.get("player")
    b = next((b for b in s.battles if b.fought is not None and b.result is None and pid in b.fought.people), None)
    return played.go_on(ctx, b, _where, _grid_over)


def _where(b: Battle) -> dict[str, Any]:
    return {"territory": b.territory}


def _grid_over(ctx: Ctx, b: Battle) -> list[Event]:
    from ..skirmish.campaign import atlantis_result, atlantis_setup
    from ..skirmish.convert import version
    _, attacker, defender = atlantis_setup(ctx.state, b)
    result = atlantis_result(b, b.fought.grid, attacker, defender, version(ctx.state))
    result["resolver"], result["fought_by"] = "grid_players", list(b.fought.people)
    return aftermath(ctx, b, result)


def aftermath(ctx: Ctx, b: Battle, result: dict[str, Any]) -> list[Event]:
    """"Après la bataille": territory, recovered models, characters, retreat or destruction."""
    s = ctx.state
    winner, loser = s.players[result["winner"]], s.players[result["loser"]]
    events: list[Event] = []
    for p in (winner, loser):
        killed, fled = result["killed"][p.id], result["fled"][p.id]
        for uid in set(killed) | set(fled):
            armies.remove_models(p.army, killed.get(uid, 0) + fled.get(uid, 0), order=[uid], strict=True)
    result["characters_fate"] = _characters(ctx, result["characters"])
    recovered = {winner.id: _recover(winner, result["killed"][winner.id], result["fled"][winner.id], (1, 2), (1, 1))}
    from .movement import retreat_options
    loser.retreat_from, loser.retreat_kind = b.territory, "battle"
    loser.conquest_done = True
    can_retreat = bool(retreat_options(s, loser))
    if can_retreat:
        recovered[loser.id] = _recover(loser, result["killed"][loser.id], result["fled"][loser.id], (1, 4), (1, 2))
    result["recovered"] = recovered
    b.result = result
    events.append({"type": "battle_result", "territory": b.territory, **result})
    # "Le vainqueur de la bataille gagne le territoire contesté": contested by the two armies, so it
    # changes hands when it was the loser's; Atlantean or a third player's land keeps its owner
    # (the winner may conquer it in the conquest phase).
    if s.owners.get(b.territory) == loser.id:
        s.owners[b.territory] = winner.id
        events.append({"type": "territory_taken", "player": winner.id, "territory": b.territory,
                       "by": "battle"})
    if can_retreat:
        loser.must_retreat = True
        events.append({"type": "must_retreat", "player": loser.id, "from": b.territory})
    else:
        events += destroy_army(ctx, loser, result["killed"][loser.id], result["fled"][loser.id],
                               reason="no_retreat")
    return events


def _recover(p: Player, killed: dict[str, int], fled: dict[str, int], k: tuple[int, int],
             f: tuple[int, int]) -> dict[str, int]:
    """Recovered models per unit, rounded down ("récupère 50% des figurines tuées ...")."""
    back = {}
    for uid in set(killed) | set(fled):
        n = killed.get(uid, 0) * k[0] // k[1] + fled.get(uid, 0) * f[0] // f[1]
        if n:
            back[uid] = n
    if back and p.army is not None:
        armies.recover_models(p.army, back)
    return back


def _characters(ctx: Ctx, characters: list[dict]) -> list[dict]:
    """"récupéré en réussissant un jet (D6) inférieur ou égal à sa Toughness. Un personnage tué en duel est...mort !"""
    fates = []
    for c in characters:
        p = ctx.state.players[c["player"]]
        army = p.army
        if army is None:
            continue
        if c["unit"] == "general":
            if not army.has_general:
                continue
            toughness, name = army.general.toughness, "general"
        else:
            unit = next(u for u in army.units if u.id == c["unit"])
            toughness, name = unit.toughness or 0, unit.id
        if c["how"] == "duel":
            survived, roll = False, None
        else:
            roll = ctx.roll("D6", f"recovery {p.id} {name}")
            survived = roll <= toughness
        if not survived:
            if name == "general":
                army.general.alive = False  # "Pas de Général" until a reorganisation names another
            else:
                armies.remove_models(army, 10**6, order=[name], strict=True)
        fates.append({"player": p.id, "unit": name, "how": c["how"], "roll": roll, "survived": survived})
    return fates


def destroy_army(ctx: Ctx, p: Player, killed: dict[str, int], fled: dict[str, int], reason: str) -> list[Event]:
    """"l'armée est détruite. Le joueur récupère 0% des figurines tuées, 25% de celles sorties de table,
    et 50% des survivants" — back at the colony's capital at the start of the next turn. A one-model character and
    the general follow one rule: each comes home half the time (4+ on a D6)."""
    army = p.army
    events: list[Event] = []
    if army is not None:
        survivors = armies.Army.from_dict(army.to_dict())
        heroes: dict[str, bool] = {}
        for u in survivors.units:
            if u.is_character and u.models == 1:
                # « 50% des survivants » of one model: it comes home half the time (4+ on a D6), as the general.
                heroes[u.id] = ctx.roll("D6", f"survivor {p.id} {u.id}") >= 4
                u.models = 1 if heroes[u.id] else 0
            else:
                u.models = u.models // 2 + fled.get(u.id, 0) // 4
        if survivors.has_general:
            heroes["general"] = ctx.roll("D6", f"survivor {p.id} general") >= 4
            survivors.general.alive = heroes["general"]  # type: ignore[union-attr]
        p.returning = survivors
        events.append({"type": "army_destroyed", "player": p.id, "territory": p.position, "reason": reason,
                       "returning_models": survivors.model_count, "characters_home": heroes})
    p.army, p.position = None, None
    p.must_retreat = p.must_leave = False
    p.pending_reinforcements = p.pending_reinforcements  # they wait for the army to be supplied again
    return events


def battles_awaiting(s: AtlantisState) -> list[str]:
    who: list[str] = []
    for b in s.battles:
        if b.result is not None:
            continue
        if b.scenario is None:
            who += [pid for pid, st in b.strategies.items() if st is None and pid not in who]
        elif b.fought is not None:
            from ..skirmish.played import waiting
            who += [pid for pid in waiting(b.fought) if pid not in who]
        elif REFEREE not in who:
            who.append(REFEREE)
    return who


register_phase("battles", opener=open_battles)
