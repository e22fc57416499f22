"""Computer players for Arc, over the one interface: `(view, legal, rng) -> command`.

- greedy: goes for its objectives — the five strategic points and the places of its secret objective with most
  of its counters, the counters its secret objective names (leaders first) with its best third in melee — and
  the enemy counters it can beat; keeps a lone garrison on a point it holds; heals, strikes and holds with its
  priests; attacks only at good odds (2-1 or better in melee, 1-1 with missiles, whose results never fall on
  the shooter); never moves the leaders its enemies' secret objectives name.
- random: any legal order (the generic random player), `done` one time in ten.
- absent: always `done`.
Declarations do not change the board, so a whole phase is planned from one list of legal orders
(`plan_phase`); `autoplay` pushes each plan, then `done`.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from ...core.interface import LegalOrder
from .board import Board, arc_board
from .data import ratio, sides

GUARDED_LEADERS = ("ulf", "fereira", "bonnaire", "koulnikov")
COMPUTERS = ("random", "greedy", "absent")


def _board(view: dict[str, Any], board: Board | None) -> Board:
    return board if board is not None else arc_board()


def goals(view: dict[str, Any], board: Board) -> list[str]:
    me = view["viewer"]
    team = (me,) if not view.get("two_player") or me == "bonnaire" else ("ulf", "fereira")
    places = list(view["strategic"]["places"]) + [p for p in sides()[me]["hold"] if p not in view["strategic"]["places"]]
    return [board.places[p].hex for p in places if p in board.places and view["control"].get(p) not in team]


def prey(view: dict[str, Any], board: Board) -> list[str]:
    """The hexes of the enemy counters it sees that its secret objective names (leaders to eliminate or capture,
    the types of which half must fall), the leaders first: « chacun d'entre eux … conditionne une Victoire
    Totale »."""
    me = sides()[view["viewer"]]
    wanted = set(me["eliminate_all"]) | set(me["capture"])
    half = set(me["eliminate_half"])
    team = {view["viewer"]} | ({"ulf", "fereira"} if view.get("two_player") and view["viewer"] != "bonnaire" else set())
    seen = [u for u in view["units"] if u["side"] not in team and u["hex"] and u["hex"] in board
            and (u["type"] in wanted or u["type"] in half)]
    return [u["hex"] for u in sorted(seen, key=lambda u: (u["type"] not in wanted, u["id"]))]


def plan_phase(view: dict[str, Any], legal: list[LegalOrder], rng: random.Random,
               board: Board | None = None) -> list[dict[str, Any]]:
    """Every order the greedy player declares this phase (without the closing `done`)."""
    b = _board(view, board)
    phase = view["phase"]
    if phase in ("move", "special"):
        return _moves(view, legal, rng, b)
    if phase == "magic":
        return _casts(view, legal)
    if phase in ("missiles", "melee"):
        return _attacks(view, legal, phase)
    return []


def _moves(view: dict[str, Any], legal: list[LegalOrder], rng: random.Random, b: Board) -> list[dict[str, Any]]:
    units = {u["id"]: u for u in view["units"]}
    me = view["viewer"]
    targets = goals(view, b)
    hunted = prey(view, b)
    enemies = [u["hex"] for u in view["units"] if u["side"] != me and u["hex"]]
    garrison = {b.places[p].hex for p, s in view["control"].items() if s == me and p in b.places}
    chosen: set[str] = set()
    melee = sorted((Fraction(u["melee"]) for u in units.values() if u["side"] == me and not u["leader"]), reverse=True)
    strong = melee[len(melee) // 3] if melee else Fraction(0)  # its best third in melee
    out = [lo.command() for lo in legal if lo.type == "meditate" and units[lo.fixed["unit"]]["points"] < 50]
    resting = {c["unit"] for c in out}
    for lo in legal:
        if lo.type not in ("move", "fly") or lo.fixed["unit"] in resting:
            continue
        if lo.type == "move" and units[lo.fixed["unit"]]["type"] == "gonzague":  # he flies
            continue
        u = units[lo.fixed["unit"]]
        if u["type"] in GUARDED_LEADERS or u["hex"] in garrison:
            garrison.discard(u["hex"])  # one stays, the next may go
            continue
        # the strong in melee hunt its secret objective's prey, the others take and hold the places
        hunter = bool(hunted) and (not targets or Fraction(u["melee"]) >= strong)
        aims = (hunted if hunter else targets) or enemies
        if not aims:
            continue
        here = min(b.distance(u["hex"], t) for t in aims)
        best, best_score = None, (here, 0.0)
        for h in lo.fields[0].choices:
            if h in chosen:
                continue
            score = (min(b.distance(h, t) for t in aims), rng.random())
            if score < best_score:
                best, best_score = h, score
        if best is not None:
            chosen.add(best)
            out.append(lo.command({"hex": best}))
    return out


def _casts(view: dict[str, Any], legal: list[LegalOrder]) -> list[dict[str, Any]]:
    units = {u["id"]: u for u in view["units"]}
    rank = {"healing": 0, "flame": 1, "hold": 2, "weather": 3, "blade": 3}
    best: dict[str, tuple[int, dict[str, Any]]] = {}
    used_partners: set[str] = set()
    for lo in legal:
        if lo.type not in ("cast", "cast-with") or lo.fixed["spell"] not in rank:
            continue
        key = lo.fixed["spell"]
        choices = lo.fields[0].choices
        if key in ("weather", "blade"):
            enemy_hexes = {u["hex"] for u in view["units"] if u["side"] != view["viewer"]}
            choices = tuple(c for c in choices if c.split(":")[0] in enemy_hexes)
            if not choices:
                continue
            target = choices[0]
        else:
            target = max(choices, key=lambda t: Fraction(units[t]["melee"]) if t in units else 0)
        caster = lo.fixed["caster"]
        if rank[key] < best.get(caster, (9, {}))[0] and lo.fixed.get("partner") not in used_partners:
            best[caster] = (rank[key], lo.command({"target": target}))
    out = []
    for _, cmd in sorted(best.values(), key=lambda x: x[0]):
        if cmd.get("partner") in used_partners or cmd["caster"] in used_partners:
            continue
        used_partners.update(x for x in (cmd.get("partner"), cmd["caster"]) if x)
        out.append(cmd)
    return out


def _attacks(view: dict[str, Any], legal: list[LegalOrder], phase: str) -> list[dict[str, Any]]:
    units = {u["id"]: u for u in view["units"]}
    attr = "missile" if phase == "missiles" else "melee"
    floor = 1 if phase == "missiles" else 2  # the worst ratio k-1 it accepts
    by_target: dict[str, list[str]] = {}
    for lo in legal:
        if lo.type == "attack":
            for t in lo.fields[0].choices:
                by_target.setdefault(t, []).append(lo.fixed["unit"])
    free = {a for v in by_target.values() for a in v}
    out = []

    def defence(t: str) -> Fraction:
        u = units[t]
        d = Fraction(u["defence"])
        if not u["leader"]:
            d += sum((Fraction(x["defence"]) for x in view["units"] if x["hex"] == u["hex"] and x["leader"]
                      and x["side"] == u["side"]), Fraction(0))
        return d

    wanted = set(sides()[view["viewer"]]["eliminate_all"]) | set(sides()[view["viewer"]]["eliminate_half"]) \
        | set(sides()[view["viewer"]]["capture"])
    order = sorted(by_target, key=lambda t: (units[t]["type"] not in wanted, defence(t) / max(Fraction(1), sum(
        (Fraction(units[a][attr]) for a in by_target[t]), Fraction(0)))))  # its secret objective's prey first
    advancing = any(lo.type == "attack-advance" for lo in legal)  # readings 1: the advance declared beforehand
    for t in order:
        group = sorted((a for a in by_target[t] if a in free), key=lambda a: -Fraction(units[a][attr]))
        total, used = Fraction(0), []
        for a in group:
            total += Fraction(units[a][attr])
            used.append(a)
            text, col = ratio(total, defence(t))
            if col is None or (text.endswith("-1") and int(text.split("-")[0]) >= max(floor, 3)):
                break
        text, col = ratio(total, defence(t))
        if used and (col is None or (text.endswith("-1") and int(text.split("-")[0]) >= floor)):
            for i, a in enumerate(used):
                free.discard(a)
                kind = "attack-advance" if advancing and i == 0 and phase == "melee" else "attack"
                out.append({"type": kind, "player": view["viewer"], "unit": a, "target": t})
    return out


DECISIONS = ("retreat", "advance", "stay")


def deciding(legal: list[LegalOrder]) -> bool:
    """Whether a combat waits on this player's decision (readings 2): then only the decision is listed."""
    return bool(legal) and all(lo.type in DECISIONS for lo in legal)


def decide(view: dict[str, Any], legal: list[LegalOrder], board: Board | None = None) -> dict[str, Any]:
    """A retreat ends away from the visible enemies, then near its friends and its objectives; after a melee the
    strongest attacker advances (never a leader its enemies' objectives name), after missile fire none does
    (archers stay behind the line)."""
    b = _board(view, board)
    me = view["viewer"]
    units = {u["id"]: u for u in view["units"]}
    retreat = next((lo for lo in legal if lo.type == "retreat"), None)
    if retreat is not None:
        enemies = [u["hex"] for u in view["units"] if u["side"] != me and u["hex"] and u["hex"] in b]
        friends = [u["hex"] for u in view["units"] if u["side"] == me and u["hex"] and u["id"] != retreat.fixed["unit"]
                   and u["hex"] in b] + goals(view, b)

        def score(h: str) -> tuple[int, int, str]:
            far = min((b.distance(h, e) for e in enemies), default=99)
            near = min((b.distance(h, f) for f in friends), default=0)
            return -far, near, h
        return retreat.command({"hex": min(retreat.fields[0].choices, key=score)})
    stay = next(lo for lo in legal if lo.type == "stay")
    movers = [lo for lo in legal if lo.type == "advance" and lo.fixed["unit"] in units
              and units[lo.fixed["unit"]]["type"] not in GUARDED_LEADERS]
    if view["phase"] != "melee" or not movers:
        return stay.command()
    return max(movers, key=lambda lo: (Fraction(units[lo.fixed["unit"]]["melee"]), lo.fixed["unit"])).command()


def done(view: dict[str, Any]) -> dict[str, Any]:
    return {"type": "done", "player": view["viewer"]}


def greedy(view: dict[str, Any], legal: list[LegalOrder], rng: random.Random) -> dict[str, Any] | None:
    """One order: the first of the phase's plan not yet declared, else `done`."""
    if not legal:
        return None
    if deciding(legal):
        return decide(view, legal)
    plan = plan_phase(view, legal, rng)
    return plan[0] if plan else done(view)


def random_player(view: dict[str, Any], legal: list[LegalOrder], rng: random.Random) -> dict[str, Any] | None:
    if not legal:
        return None
    if deciding(legal):
        return rng.choice(legal).sample(rng)
    others = [lo for lo in legal if lo.type != "done"]
    if not others or rng.random() < 0.1:
        return done(view)
    return rng.choice(others).sample(rng)


def absent(view: dict[str, Any], legal: list[LegalOrder], rng: random.Random) -> dict[str, Any] | None:
    if deciding(legal):  # a decision is still owed: the rules' own reading, the greedy one
        return decide(view, legal)
    return done(view) if legal else None


def determinize(state: Any, viewer: str, rng: random.Random) -> Any:
    """A state consistent with what `viewer` sees, drawn at random, for a search player to play out: a copy in
    which each counter of another side he does not see stands on one of the hexes it may have started on, drawn
    whatever its real hex (where he knows it could be without having seen it move: an approximation, not the
    posterior; never its true place when that is one of them), and the other sides' plans are unknown (gone)."""
    import copy
    known = copy.deepcopy(state)
    known.plans = {s: (p if s == viewer else []) for s, p in known.plans.items()}
    hidden = [u for u in known.units.values() if u.alive and u.hex and not known.sees(viewer, u)]
    for u in sorted(hidden, key=lambda x: x.id):
        where = u.start_hexes or tuple(h for h, t in sorted(known.board.terrain.items()) if t != "wall")
        u.hex = rng.choice(where)
    return known


def computer_players(state: Any, stand_in: frozenset[str] = frozenset()) -> set[str]:
    """The sides a computer plays: computer controllers, and the people it stands in for."""
    return {p for p, c in state.controllers.items() if c in COMPUTERS} | set(stand_in)


def autoplay(game: Any, seed: Any, referee: bool = False, after: list[Any] | None = None,
             stop_turn: int | None = None, limit: int = 100_000, stand_in: frozenset[str] = frozenset(),
             **_: Any) -> list[Any]:
    """Push the computer players' orders until a person must act (or the game ends, or turn `stop_turn` is
    over, or `limit` orders are pushed: a search player asking for one order pays for one, not a phase's): each
    awaited computer plans its whole phase from one list of legal orders, declares it and says `done`. A person in
    `stand_in` is played as `greedy`. Arc has no referee: `referee` changes nothing.
    """
    from .legal import legal_orders
    from .rules import awaiting
    from .views import view as view_of
    pushed: list[Any] = []
    while len(pushed) < limit:
        s = game.state
        if s.ended or (stop_turn is not None and s.turn > stop_turn):
            break
        computers = computer_players(s, stand_in)
        who = [p for p in awaiting(s) if p in computers]
        if not who:
            break
        p = who[0]
        rng = random.Random(f"{seed}:{len(game.entries)}")
        legal = legal_orders(s, p)
        v = view_of(s, p)
        controller = s.controllers[p] if s.controllers[p] in COMPUTERS else "greedy"
        if deciding(legal):  # a combat waits on this decision: one order, then the next round
            c = random_player(v, legal, rng) if controller == "random" else decide(v, legal, s.board)
            pushed.append(game.push(c))  # type: ignore[arg-type]
            continue
        if controller == "greedy":
            commands = plan_phase(v, legal, rng, s.board)
        elif controller == "random":  # one order at a time: the next round lists the orders again
            c = random_player(v, legal, rng)
            commands = [c] if c is not None and c["type"] != "done" else []
        else:
            commands = []
        for c in commands:
            if len(pushed) >= limit:  # at most `limit` orders: the rest of the plan is planned again next time
                return pushed
            pushed.append(game.push(c))
        if len(pushed) >= limit:
            break
        if controller != "random" or not commands:
            pushed.append(game.push(done(v)))
    return pushed
