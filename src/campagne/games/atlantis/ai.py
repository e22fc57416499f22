"""Computer players: a legal order for every decision the rules ask of a player.

Three stand-ins, all pure and deterministic for a given random generator:
- "random": a uniformly random legal choice at every decision;
- "greedy": takes the choice with the best immediate value (exact odds for conquests);
- "absent": the seed's absent player ("les troupes du joueur restent immobiles"): holds, buys
  nothing; his battles are resolved with the Simulation des combats.
The referee's own decisions in an unattended game (closing phases, resolving battles) are made
by `referee_order`.

Each decides on its player's information state (`views.information_state`: the state with what his view hides
taken out), never on the state itself; the referee's routine sees everything, as the referee does.
"""

from __future__ import annotations

import random
from typing import Any

from . import army as armies
from . import odds
from .battles import STRATEGIES, battle_of
from .conquest import defender_modifiers, may_attack_player_land, needs_decision
from .data import constants
from .movement import legal_paths
from .rules import awaiting
from .state import REFEREE, AtlantisState, Player
from .turn import supply_route
from .views import information_state

Command = dict[str, Any]


def decide(s: AtlantisState, pid: str, rng: random.Random) -> Command:
    """The order a computer player gives when the rules wait for him."""
    p = s.players[pid]
    style = _style(p)
    phase = s.phase
    if phase == "setup":
        return _choose_colony(s, p, rng, style)
    if phase == "movement":
        return _move(s, p, rng, style)
    if phase == "battles":
        b = battle_of(s, pid)
        prev = b.previous[pid][-1] if b and b.previous[pid] else None
        options = [x for x in STRATEGIES if x != prev]
        if style == "greedy":
            pick = "frontal" if "frontal" in options else "rapid"
        else:
            pick = rng.choice(options)
        return {"type": "strategy", "player": pid, "strategy": pick}
    if phase == "conquest":
        return _conquest(s, p, rng, style)
    raise AssertionError(f"no decision expected from {pid} in {phase}")


def _style(p: Player) -> str:
    return p.controller if p.controller in ("random", "greedy", "absent") else "greedy"


def optional_orders(s: AtlantisState, pid: str, rng: random.Random) -> list[Command]:
    """Orders a computer player may give in a phase that waits for nobody (loot, supply, conquest of a rival's
    undefended land)."""
    p = s.players[pid]
    style = _style(p)
    if style == "absent":
        return []
    if p.eliminated:
        # "Un joueur éliminé pourra prendre le rôle d'un général Atlante": a computer always does.
        free = [k for k in s.map.kingdoms if k != "atlantis"
                and s.owners.get(s.map.royal_city(k)) is None]
        if s.phase == "loot" and free:
            kid = free[0] if style == "greedy" else rng.choice(free)
            army = armies.load_packaged_army("atlante").to_dict()  # the journal carries the list itself
            return [{"type": "take-over", "player": pid, "kingdom": kid, "army": army}]
        return []
    if s.phase == "conquest":
        # Attacking a rival's land where no army defends it waits for nobody: the greedy player always does (a
        # territory more for him, one fewer for the rival), the random one half of the time.
        if may_attack_player_land(s, p) and (style == "greedy" or rng.random() < 0.5):
            return [{"type": "conquer", "player": pid, "bribe": _affordable_bribe(p)}]
        return []
    if s.phase == "supply" and p.army is not None and not p.supplied and p.loot >= 50:
        spend = 50 if style == "random" else min(100, p.loot - p.loot % 50)
        return [{"type": "supply-spend", "player": pid, "loot": spend}]
    if s.phase != "loot" or p.army is None:
        return []
    orders: list[Command] = []
    budget = p.loot - 100  # keep something for bribes
    wounded = sorted((u for u in p.army.units if not u.is_character and u.models < u.start_models
                      and u.points_per_model > 0), key=lambda u: u.start_models - u.models, reverse=True)
    for u in wounded:
        n = min(u.start_models - u.models, max(0, budget) // u.points_per_model)
        if style == "random":
            n = rng.randint(0, n) if n else 0
        if n > 0:
            orders.append({"type": "buy", "player": pid, "unit": u.id, "models": n})
            budget -= n * u.points_per_model
    city = s.royal_city_of(pid)
    k = constants()
    if city and s.owners.get(city) == pid and budget >= k["fortress_cost"] + 100 \
            and s.fortresses.get(city, 0) < k["max_fortresses"] and style == "greedy":
        orders.append({"type": "fortress", "player": pid, "territory": city})
    return orders


def referee_order(s: AtlantisState) -> Command:
    """What an unattended referee does: resolve battles by the simulation, else close the phase."""
    for b in s.battles:
        if b.result is None and b.scenario is not None and b.fought is None:
            return {"type": "auto-resolve", "player": REFEREE, "territory": b.territory}
    return {"type": "next", "player": REFEREE}


# --------------------------------------------------------------------------- decisions


def _choose_colony(s: AtlantisState, p: Player, rng: random.Random, style: str) -> Command:
    taken = {q.kingdom for q in s.players.values() if q.kingdom}
    free = [k for k, v in s.map.kingdoms.items() if v.colonisable and k not in taken]
    if style == "greedy":
        kid = max(free, key=lambda k: (sum(_land_value(s, t) for t in s.map.kingdom_territories(k)), k))
        tid = s.map.royal_city(kid)
    else:
        kid = rng.choice(free)
        tid = rng.choice(list(s.map.kingdom_territories(kid)))
    return {"type": "choose", "player": p.id, "kingdom": kid, "territory": tid}


def _land_value(s: AtlantisState, tid: str) -> int:
    t = s.map.territories[tid]
    value = {"plain": 10, "river": 15}.get(t.terrain, 5)
    return 35 if t.royal_city and t.kingdom == "atlantis" else 25 if t.royal_city else value


def _move(s: AtlantisState, p: Player, rng: random.Random, style: str) -> Command:
    paths = legal_paths(s, p)
    hold = {"type": "hold", "player": p.id}
    if not paths:
        return hold
    if p.must_retreat or p.must_leave:
        return {"type": "move", "player": p.id, "path": (max(paths, key=len) if style == "greedy"
                                                          else rng.choice(paths))}
    if style == "absent":
        return hold
    if style == "random":
        choice = rng.choice(paths + [None])  # type: ignore[list-item]
        return hold if choice is None else {"type": "move", "player": p.id, "path": choice}
    best, best_value = None, _stay_value(s, p)
    for path in paths:
        value = _target_value(s, p, path[-1])
        if value > best_value:
            best, best_value = path, value
    return hold if best is None else {"type": "move", "player": p.id, "path": best}


def strength(p: Player) -> int:
    """The army's combat strength; with a Warband still to roll, the rounded expected value."""
    if p.army is None:
        return 0
    dist = armies.strength_distribution(p.army, p.leadership_mod)
    return round(sum(k * v for k, v in dist.items()))


# The standing counts territories first: a rival's territory taken moves it twice (one more for us, one fewer for
# him), a neutral one once; a battle won against a rival's army opens his land and bleeds the army that defends it.
RIVAL_LAND = 15.0
BATTLE_STAKE = 30.0
BATTLE_RISK = 30.0
FAVOURABLE = 0.55  # the exact odds of winning a battle the greedy player seeks at least


def _stay_value(s: AtlantisState, p: Player) -> float:
    # Standing in Atlantean land without a right to stay means negotiating again: mildly bad;
    # staying cut off from the royal city is worse; standing guard over one's own threatened land is good.
    value = -5.0 if s.owners.get(p.position) is None and p.position is not None else 0.0
    if p.position is not None and not _supplied_from(s, p, p.position):
        value -= 12.0
    if p.position is not None and s.owners.get(p.position) == p.id:
        value += _guard_value(s, p, p.position)
    return value


def _target_value(s: AtlantisState, p: Player, tid: str) -> float:
    owner = s.owners.get(tid)
    enemies = [q for q in s.armies_in(tid) if q.id != p.id]
    if enemies:
        return _battle_value(s, p, tid, enemies)
    supplied = _supplied_from(s, p, tid)
    if owner == p.id:
        # Falling back into supplied land is worth more the longer the army has gone hungry, and more where a
        # rival's army threatens it.
        return ((2.0 + 3.0 * p.unsupplied_turns) if supplied else -10.0) + _guard_value(s, p, tid)
    win = conquest_odds(s, p, tid, bribe=_affordable_bribe(p)).success
    stake = _land_value(s, tid) + 10 + (RIVAL_LAND if owner is not None else 0.0)
    return float(win) * stake - 8.0 - (0.0 if supplied else 15.0)


def battle_odds(p: Player, foe: Player) -> odds.BattleOdds:
    """The exact odds of the battle simulation between these armies, `p` attacking."""
    def force(q: Player) -> int:
        return min(odds.MAX_FORCE, max(0, strength(q)))
    return odds.battle(force(p), force(foe))


def _battle_value(s: AtlantisState, p: Player, tid: str, enemies: list[Player]) -> float:
    """Attack an army when the exact odds favour it: the stake (the territory it stands in when a rival holds it,
    the rival's army beaten) against the risk (our own army beaten far from home)."""
    foe = max(enemies, key=strength)
    win = float(battle_odds(p, foe).attacker_wins)
    if win < FAVOURABLE:
        return -100.0
    owner = s.owners.get(tid)
    land = _land_value(s, tid) + RIVAL_LAND if owner not in (None, p.id) else 0.0
    home = 10.0 if owner == p.id else 0.0  # driving an invader out of our own land
    return win * (BATTLE_STAKE + land + home) - (1 - win) * BATTLE_RISK


def _guard_value(s: AtlantisState, p: Player, tid: str) -> float:
    """Standing in our own territory that a rival's army next to it could take: worth most in the royal city (the
    kingdom's heart), and only against an army we could beat or hold."""
    threats = [q for q in s.players.values() if q.id != p.id and q.army is not None and q.position is not None
               and not q.eliminated and (q.position == tid or tid in s.map.neighbours(q.position))]
    if not threats:
        return 0.0
    foe = max(threats, key=strength)
    hold = 1.0 - float(battle_odds(foe, p).attacker_wins)
    weight = 12.0 if s.map.territories[tid].royal_city else 6.0
    return weight * hold


def _supplied_from(s: AtlantisState, p: Player, tid: str) -> bool:
    """Would the army be supplied standing in `tid` (the route may start in foreign land)?"""
    here = p.position
    p.position = tid
    try:
        return supply_route(s, p) is not None
    finally:
        p.position = here


def _affordable_bribe(p: Player) -> int:
    return min(100, max(0, p.loot - 50) // 50 * 50)


def conquest_odds(s: AtlantisState, p: Player, tid: str, bribe: int) -> odds.ConquestOdds:
    mods = dict(defender_modifiers(s, tid))
    t = s.map.territories[tid]
    return odds.conquest(min(odds.MAX_FORCE, max(0, strength(p))), bribe=bribe, terrain=t.terrain,
                         capital="capital" in mods, capital_unconquered="capital_unconquered" in mods,
                         atlantis="atlantis" in mods, player_territory=s.owners.get(tid) is not None,
                         fortresses=mods.get("fortress", 0))


def _conquest(s: AtlantisState, p: Player, rng: random.Random, style: str) -> Command:
    if not needs_decision(s, p):
        assert may_attack_player_land(s, p)
        return {"type": "conquer", "player": p.id, "bribe": 0}
    can_withdraw = p.negotiated
    if style == "random":
        options: list[Command] = [{"type": "conquer", "player": p.id, "bribe": 0}]
        if not p.negotiated:
            options.append({"type": "negotiate", "player": p.id, "bribe": 0})
        if can_withdraw:
            options.append({"type": "withdraw", "player": p.id})
        return _first_legal(s, options, rng)
    if style == "absent":
        # An absent player's troops stay put: ask for the right to stay, else withdraw if possible.
        if not p.negotiated:
            return {"type": "negotiate", "player": p.id, "bribe": 0}
        return _first_legal(s, [{"type": "withdraw", "player": p.id},
                                {"type": "conquer", "player": p.id, "bribe": 0}], rng, ordered=True)
    bribe = _affordable_bribe(p)
    win = conquest_odds(s, p, p.position, bribe).success
    if win < 0.5 and not p.negotiated:
        return {"type": "negotiate", "player": p.id, "bribe": min(bribe, 50)}
    if win < 0.35 and can_withdraw:
        return _first_legal(s, [{"type": "withdraw", "player": p.id},
                                {"type": "conquer", "player": p.id, "bribe": bribe}], rng, ordered=True)
    return {"type": "conquer", "player": p.id, "bribe": bribe}


def _first_legal(s: AtlantisState, options: list[Command], rng: random.Random, ordered: bool = False) -> Command:
    """Pick among options those the rules accept (tried on a copy: legality lives in the rules only)."""
    import copy

    from ...core.dice import Dice
    from ...core.errors import CampagneError
    from .rules import AtlantisRules
    if not ordered:
        options = options[:]
        rng.shuffle(options)
    for cmd in options:
        try:
            AtlantisRules().apply(copy.deepcopy(s), cmd, Dice(random.Random(0)))
            return cmd
        except CampagneError:
            continue
    return options[-1]


def determinize(s: AtlantisState, viewer: str, rng: random.Random) -> AtlantisState:
    """A state consistent with what `viewer` knows, drawn at random, for a search player to play out: his
    information state copied, each strategy another wrote for a battle whose scenario is not drawn yet drawn among
    those the writer could choose (not his last one). Private agreements he is not party to stay unknown (gone)."""
    import copy
    known = copy.deepcopy(information_state(s, viewer))
    for b in known.battles:
        for pid, st in b.strategies.items():
            if st == "chosen":
                prev = b.previous[pid][-1] if b.previous.get(pid) else None
                b.strategies[pid] = rng.choice([x for x in STRATEGIES if x != prev])
    return known


COMPUTERS = ("random", "greedy", "absent")


def computer_players(s: AtlantisState, stand_in: frozenset[str] = frozenset()) -> set[str]:
    """Players this game's computers decide for: its computer controllers, and people they stand in for (a search
    player's decisions are the generic search's, `campagne.ai_search`, driven by `campagne.computers`)."""
    return {p.id for p in s.players.values() if p.controller in COMPUTERS or p.id in stand_in}


def _optional_players(s: AtlantisState, stand_in: frozenset[str]) -> set[str]:
    """Players whose optional orders (buying, fortresses, supply) a computer gives: a search player's too, the
    greedy way (a phase that waits for nobody is no decision for a search)."""
    return {p.id for p in s.players.values() if p.controller != "human" or p.id in stand_in}


def next_computer_order(s: AtlantisState, rng: random.Random, referee: bool = False,
                        stand_in: frozenset[str] = frozenset()) -> Command | None:
    """The next order a computer must give now (or the referee's, when unattended), if any."""
    waiting = awaiting(s)
    computers = computer_players(s, stand_in)
    answer = _answer_proposal(s, computers, rng)
    if answer is not None:
        return answer
    for pid in waiting:
        if pid in computers:
            return _on_the_grid(s, pid, rng) or decide(information_state(s, pid), pid, rng)
    if referee and s.phase != "ended" and (not waiting or waiting == [REFEREE]):
        return referee_order(s)
    return None


def _on_the_grid(s: AtlantisState, pid: str, rng: random.Random) -> Command | None:
    """A person away (`play --stand-in`) whose grid battle waits for him: the grid's tactician plays his camp
    (nothing on the grid is hidden, so the state's grid is his view of it)."""
    from ..skirmish.played import stand_in
    b = battle_of(s, pid) if s.phase == "battles" else None
    if b is None or b.fought is None:
        return None
    fields = stand_in(b.fought, pid, rng.getrandbits(32))
    return {"type": "grid", "player": pid, **fields} if fields else None


def _answer_proposal(s: AtlantisState, computers: set[str], rng: random.Random) -> Command | None:
    """A computer party answers an agreement proposed to it: the greedy one takes what gives it loot or a
    permission and declines what only binds it, the random one tosses a coin, the absent one answers nothing
    (the proposal lapses)."""
    if s.phase not in ("diplomacy", "supply"):
        return None
    for a in s.agreements:  # only proposals a computer is party to: what its view shows it
        if a.status != "proposed":
            continue
        for pid in a.parties:
            p = s.players[pid]
            if pid not in computers or pid in a.accepted or p.eliminated or p.controller == "absent":
                continue
            if p.controller == "random":
                yes = rng.random() < 0.5
            else:
                yes = a.loot_to == pid or any(pid in getattr(a, k) for k in ("passage", "supply", "taxes"))
            return {"type": "accept" if yes else "decline", "player": pid, "agreement": a.number_for(pid)}
    return None


OPTIONAL = {"loot", "supply", "conquest"}  # phases whose opening invites computers' optional orders


def opened_phases(entries: list[Any]) -> list[str]:
    """Phases opened by these journal entries (loot and supply invite optional computer orders)."""
    out = []
    for e in entries:
        events = e.events if hasattr(e, "events") else e.get("events", [])
        out += [ev["phase"] for ev in events if ev.get("type") == "phase"]
    return out


def autoplay(game: Any, seed: Any, referee: bool = False, after: list[Any] | None = None,
             stop_turn: int | None = None, limit: int = 100_000,
             stand_in: frozenset[str] = frozenset(), end_at_stop: bool = True) -> list[Any]:
    """Push computer players' orders (and the referee's if `referee`) until a person must act.

    Each decision uses its own generator seeded by (seed, entry number), so a computer's choices
    are reproducible, and they are journaled like any other order. With `stop_turn`, the referee
    declares the end once that turn's reinforcements phase is reached.
    """
    pushed: list[Any] = []
    pending_optional = bool(OPTIONAL & set(opened_phases(after or [])))
    for _ in range(limit):
        s = game.state
        if s.phase == "ended":
            break
        rng = random.Random(f"{seed}:ai:{len(game.entries)}")
        if pending_optional:
            pending_optional = False
            for pid in sorted(_optional_players(s, stand_in)):
                for cmd in optional_orders(information_state(s, pid), pid, rng):
                    pushed.append(game.push(cmd))
            continue
        if referee and stop_turn is not None and s.turn >= stop_turn and s.phase == "reinforcements":
            if end_at_stop:
                pushed.append(game.push({"type": "end", "player": REFEREE}))
            break
        cmd = next_computer_order(s, rng, referee, stand_in)
        if cmd is None:
            break
        entry = game.push(cmd)
        pushed.append(entry)
        pending_optional = bool(OPTIONAL & set(opened_phases([entry])))
    return pushed
