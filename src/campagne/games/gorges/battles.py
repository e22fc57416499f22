"""Phase 9: battles from accepted challenges, their result (entered, or auto-resolved), and what follows.

« Le scénario, les points et les limitations sont entièrement décidés entre les deux adversaires »: the
battle is played on the table. The program gathers what the two players must know before it (the season's
rule, the notes waiting for this battle, the bonus points and the 25 % cap), and after it rolls and
applies the spoils of war, the ignominious defeat, the fate of the beaten army and the injuries.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

from ...core.dice_notation import distribution
from ...core.errors import need, register_messages
from . import aftermath, rolls
from .context import Ctx, Event
from .data import races, tables
from .events import active
from .state import Army, Battle, GorgesState, Player
from .turn import push_back, remove_army

register_messages({
    "gorges.battle.on_the_grid": {"en": "Battle {battle} is being fought on the grid by its players: its result "
                                        "follows its end.",
                                  "fr": "La bataille n°{battle} se livre sur le quadrillage par ses joueurs : son "
                                        "résultat suivra sa fin."},
    "gorges.battle.unknown": {"en": "There is no battle {battle} waiting for its result.",
                              "fr": "Il n'y a pas de bataille {battle} en attente de son résultat."},
    "gorges.battle.bad_winner": {"en": "The winner must be {a} or {b}, not {winner!r}.",
                                 "fr": "Le vainqueur doit être {a} ou {b}, pas {winner!r}."},
    "gorges.battle.bad_hero": {"en": "{army} did not fight battle {battle}.",
                               "fr": "{army} n'a pas combattu lors de la bataille {battle}."},
    "gorges.battle.no_hero": {"en": "{army} fought without its legendary hero ({hero} is dead, a hostage, or misses this battle).",
                              "fr": "{army} a combattu sans son héros légendaire ({hero} est mort, otage, ou manque cette bataille)."},
    "gorges.battle.storm_season": {"en": "Storm of Magic battles give relic points in autumn only.",
                                   "fr": "Les batailles Tempête de Magie ne rapportent des reliques qu'en automne."},
})


def open_battles(ctx: Ctx) -> list[Event]:
    s = ctx.state
    events: list[Event] = []
    for c in s.challenges:
        if c.status != "accepted":
            continue
        att = s.players[c.challenger].armies.get(c.army)
        dfd = s.players[c.defender].armies.get(c.defender_army or "")
        if att is None or dfd is None or not att.in_play or not dfd.in_play:
            events.append({"type": "battle_void", "challenge": c.id})  # an army left play before the battle
            continue
        gone = [a.ref for a in (att, dfd) if left_the_field(s, a, c.target)]
        if gone:  # pushed back to its lands by another challenge: not there to fight
            events.append({"type": "battle_void", "challenge": c.id, "pushed_back": gone})
            continue
        b = Battle(len(s.battles) + 1, c.id, c.target, c.challenger, c.army, c.defender, c.defender_army or "")
        b.notes = battle_notes(s, b)
        s.battles.append(b)
        events.append({"type": "battle", "id": b.id, "territory": b.territory,
                       "attacker": att.ref, "defender": dfd.ref, "notes": [n["key"] for n in b.notes]})
    return events


def left_the_field(s: GorgesState, a: Army, territory: str) -> bool:
    """Does a push-back keep this army from the battle over `territory`? Readings 2: only when it was pushed from
    that very cell, where its presence made the challenge (« L'une de vos armées est sur un territoire ennemi »
    ...); over another cell (adjacent territories, a tunnel) where it stood plays no part, the battle stands.
    Readings 1 (campaigns set up before): any push-back voided the army's battles of the turn."""
    if s.readings < 2:
        return a.pushed_back
    return a.pushed_back and a.pushed_from == territory


def battle_sides(s: GorgesState, b: Battle) -> tuple[Army, Army]:
    """The battle's two armies: the attacker's, then the defender's."""
    return s.players[b.attacker].armies[b.attacker_army], s.players[b.defender].armies[b.defender_army]


def _applies(n: dict[str, Any], s: GorgesState, enemy: str) -> bool:
    when = n.get("when")
    if when == "next_battle_against":
        return n.get("against") == enemy
    if when == "next_battle_against_race":
        return n.get("race") == s.players[enemy].race
    return when == "next_battle"


def battle_notes(s: GorgesState, b: Battle) -> list[dict[str, Any]]:
    """Everything that bears on this battle, for the players' sheet."""
    out: list[dict[str, Any]] = []
    season = tables()["seasons"].row(s.season)
    out.append({"key": f"season:{s.season}", "side": None, "fr": season.fr, "en": season.en})
    for army, enemy in zip(battle_sides(s, b), (b.defender, b.attacker)):
        p = s.players[army.player]
        for n in p.notes + army.notes:
            if _applies(n, s, enemy):
                out.append({**n, "side": army.player})
        for w in army.hero.next_battle:
            out.append({**w, "side": army.player, "hero": army.hero.name})
        bonus = p.battle_points + army.bonus_points
        if bonus:
            out.append({"key": "bonus_points", "side": army.player, "points": bonus,
                        "fr": f"+{bonus} points d'armée (le total ne peut dépasser de plus de 25 % celui de l'adversaire)",
                        "en": f"+{bonus} army points (never more than 25 % above the opponent's total)"})
        race = races()[p.race]
        if any(s.has(b.territory, x) for x in race.get("loremaster_in", [])) and s.owners.get(b.territory) == p.id:
            out.append({"key": "loremaster", "side": army.player, "fr": race["fr"], "en": race["en"]})
    return out


def _battle(ctx: Ctx) -> Battle:
    bid = ctx.arg("battle", int)
    b = next((b for b in ctx.state.battles if b.id == bid and b.result is None), None)
    need(b is not None, "gorges.battle.unknown", battle=bid)
    assert b is not None
    need(b.fought is None, "gorges.battle.on_the_grid", battle=bid)
    return b


def order_battle_result(ctx: Ctx) -> list[Event]:
    """The referee enters a battle: `--winner P`, the heroes killed (P:G), the units that fought (for the
    spoils), `storm_of_magic` in autumn, `capture` (event 51)."""
    s = ctx.state
    b = _battle(ctx)
    winner = ctx.arg("winner")
    need(winner in (b.attacker, b.defender), "gorges.battle.bad_winner", a=b.attacker, b=b.defender, winner=winner)
    killed = ctx.cmd.get("heroes_killed", [])
    need(isinstance(killed, list), "order.bad_field", field="heroes_killed", value=killed)
    sides = {a.ref: a for a in battle_sides(s, b)}
    for ref in killed:
        need(ref in sides, "gorges.battle.bad_hero", army=ref, battle=b.id)
        need(sides[ref].hero.on_the_field, "gorges.battle.no_hero", army=ref, hero=sides[ref].hero.name)
    storm = bool(ctx.cmd.get("storm_of_magic"))
    need(not storm or s.season == "autumn", "gorges.battle.storm_season")
    units = ctx.cmd.get("units", {})
    need(isinstance(units, dict), "order.bad_field", field="units", value=units)
    if ctx.cmd.get("capture") is not None:  # checked now: a refusal after the battle's rolls would leave half a result
        capture_target(ctx, b, winner)
    return resolve(ctx, b, winner, list(killed), units, storm, how="entered")


AUTO_DICE = "2D6"


def auto_modifiers(s: GorgesState, b: Battle, viewer: str | None = None) -> dict[str, dict[str, int]]:
    """Each side's modifiers in an auto-resolved battle (docs/rules/gorges.md, « Auto-resolve »); as `viewer`
    knows them when given: another player's bonus points are his secret, counted as none."""
    out: dict[str, dict[str, int]] = {}
    for a, defending in zip(battle_sides(s, b), (False, True)):
        p = s.players[a.player]
        known = viewer is None or viewer == a.player
        out[a.player] = {"renown": len(a.renown), "general": int(a.key == "G"),
                         "fortified": int(defending and s.owners.get(b.territory) == a.player
                                          and (s.has(b.territory, "fortress") or s.has(b.territory, "town"))),
                         "bonus_points": (p.battle_points + a.bonus_points) // 250 if known else 0}
    return out


def auto_odds(s: GorgesState, b: Battle, viewer: str | None = None) -> Fraction:
    """The exact chance that the attacker wins if the battle is auto-resolved (the defender wins ties), from
    what `viewer` knows (None: the referee, who knows everything)."""
    mods = auto_modifiers(s, b, viewer)
    return _beats(sum(mods[b.attacker].values()) - sum(mods[b.defender].values()))


@lru_cache(maxsize=128)
def _beats(lead: int) -> Fraction:
    """The chance that the attacker's roll plus `lead` beats the defender's: a pure function of the lead, asked
    for every battle the advice foresees (121 products of fractions each time)."""
    dist = distribution(AUTO_DICE)
    return sum((pa * pd for ra, pa in dist.items() for rd, pd in dist.items() if ra + lead > rd), Fraction(0))


def order_auto_resolve(ctx: Ctx) -> list[Event]:
    """For absent or computer players, an addition to the seed (docs/rules/gorges.md): each side rolls 2D6
    + 1 per Regiment of Renom + 1 for the General's army + 1 for the defender of a fortress or town on the
    territory + 1 per full 250 bonus points; the higher wins, the defender on a tie. The loser's hero is
    killed on 4+, the winner's on a 6."""
    s = ctx.state
    b = _battle(ctx)
    resolver = ctx.cmd.get("resolver", "table")
    need(resolver in ("table", "grid"), "order.bad_field", field="resolver", value=resolver)
    if resolver == "grid" and ctx.cmd.get("players"):
        return _to_the_grid(ctx, b)
    if resolver == "grid":
        # Fought as a grid battle (seed 004) between the two armies as unit cards (campagne.games.skirmish.campaign)
        from ..skirmish.campaign import engagements, resolve_gorges_battle
        att, dfd = battle_sides(s, b)
        grid = resolve_gorges_battle(s, b, att, dfd, ctx.dice, engagements(ctx.cmd))
        events = [{"type": "auto_resolve", "battle": b.id, "resolver": "grid", "winner": grid["winner"],
                   "heroes_killed": grid["heroes_killed"], "battlefield": grid["battlefield"],
                   "rounds": grid["rounds"], "hp_left": grid["hp_left"], "scores": {}, **_kept(grid)}]
        return events + resolve(ctx, b, grid["winner"], grid["heroes_killed"], {}, False, how="grid")
    scores: dict[str, dict[str, Any]] = {}
    for pid, mods in auto_modifiers(s, b).items():
        roll = ctx.roll(AUTO_DICE, f"auto-resolve {pid}:{b.attacker_army if pid == b.attacker else b.defender_army}")
        scores[pid] = {"roll": roll, "modifiers": mods, "total": roll + sum(mods.values())}
    att, dfd = scores[b.attacker]["total"], scores[b.defender]["total"]
    winner = b.attacker if att > dfd else b.defender
    killed = []
    for a in battle_sides(s, b):
        if not a.hero.on_the_field:  # no legendary hero on the field: nobody to kill
            continue
        hero_roll = ctx.roll("1D6", f"auto-resolve hero {a.ref}")
        if hero_roll >= (6 if a.player == winner else 4):
            killed.append(a.ref)
    events = [{"type": "auto_resolve", "battle": b.id, "scores": scores, "winner": winner, "heroes_killed": killed}]
    return events + resolve(ctx, b, winner, killed, {}, False, how="auto")


def _to_the_grid(ctx: Ctx, b: Battle) -> list[Event]:
    """The battle sent to the grid for its players to fight (issue 23): each person his own camp, the computer
    the camp of a computer or absent player; the result follows once the grid battle is over."""
    from ..skirmish import played
    from ..skirmish.campaign import engagements, gorges_setup
    s = ctx.state
    att, dfd = battle_sides(s, b)
    setup = gorges_setup(s, b, att, dfd, engagements(ctx.cmd))
    head = {"battle": b.id, "territory": b.territory}
    return played.begin(ctx, b, setup, (b.attacker, b.defender), f"gorges:{b.id}", head, _where, _grid_over)


def fighting(s: GorgesState, pid: Any) -> Battle | None:
    """The first battle on the grid waiting for `pid`'s order."""
    from ..skirmish.played import waiting
    return next((b for b in s.battles if b.result is None and pid in waiting(b.fought)), None)


def order_grid(ctx: Ctx) -> list[Event]:
    """A player's order in the grid battle he is fighting, the computer's replies, and the battle's result
    once the grid battle is over."""
    from ..skirmish import played
    b = fighting(ctx.state, ctx.cmd.get("player"))
    return played.go_on(ctx, b, _where, _grid_over)


def _where(b: Battle) -> dict[str, Any]:
    return {"battle": b.id}


def _grid_over(ctx: Ctx, b: Battle) -> list[Event]:
    from ..skirmish.campaign import gorges_result
    from ..skirmish.convert import version
    att, dfd = battle_sides(ctx.state, b)
    grid = gorges_result(b.fought.grid, att, dfd, version(ctx.state))
    events = [{"type": "auto_resolve", "battle": b.id, "resolver": "grid_players", "winner": grid["winner"],
               "heroes_killed": grid["heroes_killed"], "battlefield": grid["battlefield"], "rounds": grid["rounds"],
               "hp_left": grid["hp_left"], "scores": {}, "fought_by": list(b.fought.people), **_kept(grid)}]
    return events + resolve(ctx, b, grid["winner"], grid["heroes_killed"], {}, False, how="grid")


def _kept(grid: dict[str, Any]) -> dict[str, Any]:
    """A version-2 grid result's engagements and lasting corruption, for the journal (none before)."""
    return {k: grid[k] for k in ("engagements", "decided", "survivors", "corruption") if k in grid}


def resolve(ctx: Ctx, b: Battle, winner: str, killed: list[str], units: dict[str, Any], storm: bool,
            how: str) -> list[Event]:
    s = ctx.state
    att, dfd = battle_sides(s, b)
    w_army, l_army = (att, dfd) if winner == b.attacker else (dfd, att)
    wp, lp = s.players[w_army.player], s.players[l_army.player]
    b.result = {"winner": winner, "loser": lp.id, "heroes_killed": killed, "how": how}
    events: list[Event] = [{"type": "battle_result", "battle": b.id, "territory": b.territory, "winner": winner,
                            "loser": lp.id, "how": how}]
    _consume_notes(s, b)
    before = s.owners.get(b.territory)
    s.owners[b.territory] = winner  # « Le vainqueur de la partie gagne ou conserve son territoire. »
    if before != winner:
        events.append({"type": "territory_taken", "player": winner, "from": before, "territory": b.territory,
                       "why": "battle"})
    w_units = [str(u) for u in units.get(wp.id, [])]
    l_units = [str(u) for u in units.get(lp.id, [])]
    spoils = rolls.roll_table(ctx.dice, "spoils_of_war", f"spoils of war {wp.id}")
    # readings 2: « Choisissez une unité » is the winner's (his `renown` order) unless the result names it
    chosen = ctx.cmd.get("unit") or (w_units[0] if w_units and s.readings < 2 else None)
    events += aftermath.apply_spoils(ctx, w_army, spoils, l_army, chosen)
    defeat = rolls.roll_table(ctx.dice, "ignominious_defeats", f"ignominious defeat {lp.id}")
    events += aftermath.apply_defeat(ctx, l_army, defeat, w_army, l_units)
    fate = rolls.roll_table(ctx.dice, "fate_of_beaten_army", f"fate of the beaten army ({wp.id} rolls)")
    events.append({"type": "fate", "army": l_army.ref, "roll": fate.roll, "result": fate.key})
    if fate.key == "pushed_back":
        events.append(push_back(s, l_army, "beaten"))
    else:
        events.append(remove_army(s, l_army, "next_season", "beaten"))
    for ref in killed:
        a = s.army(ref)
        assert a is not None
        victim, enemy = s.players[a.player], (lp.id if a.player == wp.id else wp.id)
        rolled = aftermath.injury_rolls(ctx, victim, ref)
        choice = ctx.cmd.get("injury_choice", {}).get(ref) if isinstance(ctx.cmd.get("injury_choice"), dict) else None
        events += aftermath.apply_injury(ctx, a, aftermath.choose_injury(rolled, choice), enemy)
    if storm:  # « 1 Point de Relique à tous les participants et 2 à celui qui la remporte »
        wp.relics += 2
        lp.relics += 1
        events.append({"type": "storm_of_magic", "winner": wp.id, "relics": {wp.id: 2, lp.id: 1}})
    if active(wp, "siege_troops") and "siege_troops" not in wp.used:
        events += _siege(ctx, wp, lp)
    return events


def _consume_notes(s: GorgesState, b: Battle) -> None:
    for army, enemy in zip(battle_sides(s, b), (b.defender, b.attacker)):
        p: Player = s.players[army.player]
        p.notes = [n for n in p.notes if not _applies(n, s, enemy)]
        army.notes = [n for n in army.notes if not _applies(n, s, enemy)]
        army.hero.next_battle = []
        p.battle_points, army.bonus_points = 0, 0


def capture_target(ctx: Ctx, b: Battle, winner: str) -> str:
    """The territory event 51 names: an enemy territory of the winner's, not the one the battle gives him."""
    s = ctx.state
    tid = ctx.territory("capture")
    need(s.owners.get(tid) not in (None, winner) and tid != b.territory, "order.bad_field", field="capture",
         value=ctx.cmd["capture"])
    return tid


def _siege(ctx: Ctx, wp: Player, lp: Player) -> list[Event]:
    """Event 51: « Si vous gagnez une bataille à ce tour, vous pouvez immédiatement capturer un territoire
    ennemi » — the one named (`capture`), else the beaten player's first territory next to the winner's land."""
    s = ctx.state
    wanted = ctx.cmd.get("capture")
    own = set(s.owned(wp.id))
    if wanted is not None:
        tid = ctx.territory("capture")  # checked before the battle was resolved (capture_target)
    else:
        choices = sorted(t for t in s.owned(lp.id) if t != lp.capital and any(n in own for n in s.neighbours(t)))
        if not choices:
            return []
        tid = choices[0]
    wp.used.append("siege_troops")
    before = s.owners[tid]
    s.owners[tid] = wp.id
    return [{"type": "territory_taken", "player": wp.id, "from": before, "territory": tid, "why": "siege_troops"}]


def battles_awaiting(s: GorgesState) -> list[str]:
    from ..skirmish.played import waiting
    who = [pid for b in s.battles if b.result is None and b.fought is not None for pid in waiting(b.fought)]
    who = list(dict.fromkeys(who))
    return who + (["referee"] if any(b.result is None and b.fought is None for b in s.battles) else [])
