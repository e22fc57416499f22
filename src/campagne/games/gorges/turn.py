"""The calendar and the nine phases: what happens when a phase opens, and how a turn and a season end.

« La campagne durera une année ... Chaque saison comportera trois tours de jeu »: 12 turns. Each turn the
phases run in the seed's order; inside a phase players act smallest empire first (`order`). Phases with
no decision (the ghost, search, mines, conquest) are played as they open; the referee's `next` closes a
phase once nobody is awaited.
"""

from __future__ import annotations


from ...core.errors import need
from . import rolls
from .context import Ctx, Event
from .data import races
from .map import cell_id, parse_cell_id
from .state import PHASES, Army, GorgesState, phase_label

TURNS = 12


# --------------------------------------------------------------------------- turn order


def turn_order(ctx: Ctx) -> tuple[list[str], dict[str, int]]:
    """« En commençant par celui qui a le plus petit empire ... Si deux armées ont le même nombre de
    territoire alors c'est celui qui a le moins de Point de Relique qui commence. Si personne n'arrive à se
    départager, l'on tire au dé. » Ties roll 1D6, highest first, again until separated."""
    s = ctx.state
    rolled: dict[str, int] = {}

    def settle(pids: list[str]) -> list[str]:
        if len(pids) < 2:
            return pids
        rolls_ = {pid: ctx.roll("1D6", f"turn order roll-off {pid}") for pid in pids}
        rolled.update(rolls_)
        out: list[str] = []
        for value in sorted(set(rolls_.values()), reverse=True):
            out += settle([pid for pid in pids if rolls_[pid] == value])
        return out

    keyed: dict[tuple[int, int], list[str]] = {}
    for pid in s.players:
        keyed.setdefault((s.empire(pid), s.players[pid].relics), []).append(pid)
    order: list[str] = []
    for key in sorted(keyed):
        order += settle(keyed[key])
    return order, rolled


# --------------------------------------------------------------------------- returning armies


def return_to_capital(s: GorgesState, a: Army) -> Event:
    a.position = s.capital_of(a.player)
    a.out_until = None
    return {"type": "army_returns", "army": a.ref, "territory": a.position, "capital": s.players[a.player].capital}


def remove_army(s: GorgesState, a: Army, until: str, why: str) -> Event:
    """An army leaves play. « Eté: Toutes les armées détruites durant l'été reviennent immédiatement en jeu
    dans la capitale »; Orcs & Goblins: « revient immédiatement en jeu dans leur capitale au début du
    prochain tour »."""
    # readings 2: « retirée du jeu jusqu'à la prochaine saison » (fate 4-6) reads as event 11's « Retirez l'une de
    # vos armées du jeu jusqu'au début de la saison suivante »: a withdrawal, not a destruction (docs, 28)
    if why == "beaten" and s.readings >= 2:
        why_kept, why = why, "withdrawn"
    else:
        why_kept = why
    if s.season == "summer" and why != "withdrawn":
        a.position = s.capital_of(a.player)
        return {"type": "army_removed", "army": a.ref, "why": why, "returns": "now_summer",
                "territory": a.position, "capital": s.players[a.player].capital}
    if races()[s.players[a.player].race].get("eliminated_army_returns") and why != "withdrawn":
        until = "next_turn"
    a.position, a.out_until = None, until
    return {"type": "army_removed", "army": a.ref, "why": why_kept, "until": until}


def push_back(s: GorgesState, a: Army, why: str) -> Event:
    """« repoussée jusque dans ses terres »: to the player's territory nearest to where it stood. An army already
    on its own land stays (that is no push-back); one pushed back fights no battle elsewhere this turn."""
    home = s.home_for(a.player, a.position) or s.players[a.player].capital
    if home == a.position:
        return {"type": "army_holds", "army": a.ref, "territory": home, "why": why}
    frm, a.position, a.pushed_back, a.pushed_from = a.position, home, True, a.position
    return {"type": "army_pushed_back", "army": a.ref, "from": frm, "to": home, "why": why}


# --------------------------------------------------------------------------- turns and seasons


def start_turn(ctx: Ctx) -> list[Event]:
    s = ctx.state
    s.turn += 1
    events: list[Event] = []
    new_season = (s.turn - 1) % 3 == 0
    if new_season:
        events.append({"type": "season", "season": s.season, "turn": s.turn})
    for a in s.armies():
        if a.out_until == "next_turn" or (new_season and a.out_until == "next_season"):
            events.append(return_to_capital(s, a))
        a.moves_made = a.move_allowance = 0
        a.move_roll, a.rerolled, a.built, a.came_from, a.pushed_back = [], False, False, None, False
        a.pushed_from = None
    for p in s.players.values():
        p.used = []
        if p.won_last_turn and races()[p.race].get("slaves_mine_bonus") and any(
                s.has(t, "mine") for t in s.owned(p.id)):
            p.slaves_bonus = True  # Dark Elves: « s'ils ont gagné une bataille lors du tour précédant »
            events.append({"type": "slaves", "player": p.id})
        p.won_last_turn = False
    s.challenges, s.battles, s.arrivals = [], [], {}
    s.order, s.order_rolls = turn_order(ctx)
    events.append({"type": "turn", "turn": s.turn, "season": s.season, "order": list(s.order),
                   "rolloff": dict(s.order_rolls)})
    return events + enter(ctx, "ghost")


def end_turn(ctx: Ctx) -> list[Event]:
    s = ctx.state
    events: list[Event] = []
    for p in s.players.values():
        p.won_last_turn = any(b.result and b.result["winner"] == p.id for b in s.battles)
        if p.event and p.event.get("until") == "end_of_turn":
            p.event = None
    if s.turn % 3 == 0:
        events += end_season(ctx)
    if s.turn >= TURNS:
        if s.readings >= 2:  # « lors de la bataille finale »: the year ends in a battle (final.py)
            from .final import enter_final
            return events + enter_final(ctx)
        from .standing import finish
        return events + finish(ctx)
    return events + start_turn(ctx)


def end_season(ctx: Ctx) -> list[Event]:
    """« Chaque otage compte comme 1 Point de Relique à la fin de la saison »: once, at the end of the season
    he was taken in (docs/rules/gorges.md, interpretation 32); the reinforcement army of
    event 66 leaves « jusqu'à la fin de la saison en cours »."""
    s = ctx.state
    events: list[Event] = [{"type": "season_ends", "season": s.season}]
    for p in s.players.values():
        fresh = [h for h in p.hostages if not h.get("counted")]  # each hostage counts once
        if fresh:
            for h in fresh:
                h["counted"] = True
            p.relics += len(fresh)
            events.append({"type": "hostage_relics", "player": p.id, "relics": len(fresh),
                           "total": p.relics})
        if "R" in p.armies:
            del p.armies["R"]
            events.append({"type": "reinforcements_leave", "player": p.id})
        if p.event and p.event.get("until") == "end_of_season":
            p.event = None
    return events


# --------------------------------------------------------------------------- phases


def enter(ctx: Ctx, phase: str) -> list[Event]:
    s = ctx.state
    s.phase = phase
    for p in s.players.values():
        p.done = False
    s.acting = []
    events: list[Event] = [{"type": "phase", "phase": phase}]
    opener = OPENERS.get(phase)
    if opener is not None:
        events += opener(ctx)
    return events


def close_phase(ctx: Ctx) -> list[Event]:
    s = ctx.state
    i = PHASES.index(s.phase)
    if i + 1 < len(PHASES):
        return enter(ctx, PHASES[i + 1])
    return end_turn(ctx)


def require_phase(s: GorgesState, *phases: str) -> None:
    need(s.phase in phases, "order.wrong_phase", phase=phase_label(s.phase), allowed=phase_label(*phases))


def open_ghost(ctx: Ctx) -> list[Event]:
    """« Le joueur qui joue en premier lance 1d6 pour déterminer la direction ... un autre d6 pour savoir de
    combien de case se déplace le fantôme. Si le Crown arrive sur une case de mer, il « rebondit » »."""
    return [move_ghost(ctx, ctx.state.order[0], "phase")]


def move_ghost(ctx: Ctx, roller: str, why: str) -> Event:
    s = ctx.state
    k = ctx.k["ghost"]
    direction = ctx.roll(k["direction_dice"], f"ghost direction ({roller})")
    steps = ctx.roll(k["distance_dice"], f"ghost distance ({roller})")
    end, path = s.map.ghost_walk(parse_cell_id(s.ghost), direction, steps)
    frm, s.ghost = s.ghost, cell_id(end)
    return {"type": "ghost", "roller": roller, "direction": direction, "steps": steps, "from": frm,
            "to": s.ghost, "path": [cell_id(h) for h in path], "why": why}


def open_events(ctx: Ctx) -> list[Event]:
    from .events import roll_event
    s = ctx.state
    events: list[Event] = []
    for pid in list(s.order):
        events += roll_event(ctx, s.players[pid])
    s.acting = [pid for pid in s.order if (s.players[pid].event or {}).get("pending")]
    return events


def open_search(ctx: Ctx) -> list[Event]:
    """« Les joueurs lancent 1d6 pour chaque territoire qu'ils possèdent. Pour chaque résultat de 6, ils
    gagnent 1 Point de Relique. » The ghost's territory gives its point without a roll."""
    s = ctx.state
    events: list[Event] = []
    for pid in s.order:
        p = s.players[pid]
        fruitful = (p.event or {}).get("key") == "fruitful_search"
        found, faces = 0, {}
        for tid in sorted(s.owned(pid)):
            r = rolls.search(ctx.dice, ghost_here=(tid == s.ghost), fruitful_search=fruitful)
            faces[tid] = r.roll if r.roll is not None else "ghost"
            found += int(r.row.get("relic_points", 0))
        p.relics += found
        events.append({"type": "search", "player": pid, "rolls": faces, "relics": found, "total": p.relics,
                       "fruitful": fruitful})
    return events


def open_movement(ctx: Ctx) -> list[Event]:
    from .movement import roll_moves
    s = ctx.state
    events: list[Event] = []
    for pid in s.order:
        events += roll_moves(ctx, s.players[pid])
    s.acting = [pid for pid in s.order]
    return events


def open_construction(ctx: Ctx) -> list[Event]:
    s = ctx.state
    s.acting = [pid for pid in s.order]
    return []


def open_challenges(ctx: Ctx) -> list[Event]:
    s = ctx.state
    s.acting = [pid for pid in s.order]
    return []


def open_conquest(ctx: Ctx) -> list[Event]:
    from .conquest import conquer
    return conquer(ctx)


def open_battles(ctx: Ctx) -> list[Event]:
    from .battles import open_battles as opening
    return opening(ctx)


def open_mines(ctx: Ctx) -> list[Event]:
    from .mines import open_mines as opening
    return opening(ctx)


OPENERS = {"ghost": open_ghost, "events": open_events, "search": open_search, "mines": open_mines,
           "movement": open_movement, "construction": open_construction, "challenges": open_challenges,
           "conquest": open_conquest, "battles": open_battles}
