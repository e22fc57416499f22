"""Read a grid battle's journal and check each event against seed 004, independently of the rules code: the
battlefield, cards and spells are read from the packaged TOML files, the units' cells, hit points and action
points are followed from the events alone, and each event is judged by the seed's sentence:

- move: a path of adjacent cells (« Chaque case adjascente ») never through a cliff nor an enemy, ending on a free
  cell, whose cost (1 a cell, +1 an obstacle or a slope, « La propriété d'obstacle ne se cumule pas », scouts
  aside) fits the AP left (« S'il reste moins de points d'actions [...] ne peut pas s'y déplacer »); a step from
  an enemy-controlled cell to another one spends all AP (« utilise tous les points d'actions »);
- attack: an enemy; melee adjacent and not across a cliff; ranged within the card's range and seen (« On ne peut
  pas effectuer une attaque à distance sur une unité qu'on ne voit pas »), `indirect` aside; the line walked
  here with exact fractions (« passer sur le bord d'une case n'est pas considéré comme la traversant »), lower
  cells not cutting the sight of the higher unit (« Les cases en contre-bas ne peuvent pas couper la ligne de vue
  d'une unité en position sur-élevée », one way with readings 2), a crest higher than both ends cutting (the
  documented addition); at least 1 AP, and all AP spent after it unless `mobile`;
- cast: within the spell's range, at least 1 AP; card actions: on the card, at their cost;
- deployment in the camp's zone on a free cell; activation with the card's AP (and Haste);
- the end: « jusqu'à ce qu'un des camp soit éliminé ou que 5 rounds » (readings 2: nothing after a camp is
  eliminated; readings 1: nothing after one camp is left), and no round past the fifth.

`python tests/skirmish_events_check.py SEED...` prints the breaches of simulated battles; tests/test_skirmish_events.py
runs it.
"""

from __future__ import annotations

import sys
import tomllib
from fractions import Fraction
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent.parent / "src" / "campagne" / "games" / "skirmish" / "data"


def _toml(name: str) -> dict[str, Any]:
    return tomllib.loads((DATA / name).read_text())


class Field:
    def __init__(self, spec: Any) -> None:
        spec = _toml("battlefields.toml")[spec] if isinstance(spec, str) else spec
        terrains = {t["char"]: t for t in _toml("terrain.toml").values()}
        self.rows = spec["terrain"]
        self.h, self.w = len(self.rows), len(self.rows[0])
        heights = spec.get("height") or ["0" * self.w] * self.h
        self.level = {(x, y): int(heights[y][x]) for y in range(self.h) for x in range(self.w)}
        self.kind = {(x, y): terrains[self.rows[y][x]] for y in range(self.h) for x in range(self.w)}
        self.zones = [self.rect(z) for z in spec["zones"]]

    def cell(self, name: str) -> tuple[int, int]:
        col = "".join(c for c in name if c.isalpha())
        x = 0
        for c in col:
            x = x * 26 + ord(c) - 64
        return x - 1, int(name[len(col):]) - 1

    def rect(self, z: str) -> set[tuple[int, int]]:
        (x1, y1), (x2, y2) = (self.cell(p) for p in z.split(":"))
        return {(x, y) for x in range(x1, x2 + 1) for y in range(y1, y2 + 1)}

    def crossed(self, a: tuple[int, int], b: tuple[int, int]) -> set[tuple[int, int]]:
        """The cells the segment between the centres passes through (their inside), by exact fractions."""
        (ax, ay), (bx, by) = ((p[0] + Fraction(1, 2), p[1] + Fraction(1, 2)) for p in (a, b))
        ts = {Fraction(0), Fraction(1)}
        for lo, hi in ((ax, bx), (ay, by)):
            if lo != hi:
                for k in range(int(min(lo, hi)) + 1, int(max(lo, hi)) + 1):
                    ts.add((k - lo) / (hi - lo))
        ts_sorted = sorted(ts)
        out = set()
        for t0, t1 in zip(ts_sorted, ts_sorted[1:]):
            m = (t0 + t1) / 2
            out.add((int(ax + (bx - ax) * m), int(ay + (by - ay) * m)))
        return out - {a, b}

    def sees(self, a: tuple[int, int], b: tuple[int, int], one_way: bool) -> bool:
        la, lb = self.level[a], self.level[b]
        for c in self.crossed(a, b):
            lc = self.level[c]
            if lc > max(la, lb):
                return False  # a crest (the documented addition)
            high = (la > lb and lc < la) if one_way else (la != lb and lc < max(la, lb))
            if self.kind[c]["cuts_sight"] and not high:
                return False
        return True


def near(a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def entries_of(game: Any) -> list[Any]:
    return [getattr(e, "events", None) or e["events"] for e in game.entries]


def check(setup: dict[str, Any], journal: list[Any]) -> list[str]:
    """The breaches of a journal (a list of entries' events) of a battle set up by `setup`."""
    cards, spells, actions = _toml("units.toml"), _toml("spells.toml"), _toml("actions.toml")
    rosters = _toml("rosters.toml")
    bf = Field(setup["battlefield"])
    one_way = setup.get("readings", 1) >= 2
    ids = [p["id"] for p in setup["players"]]
    d = setup.get("defender", ids[0])
    camps = ids[ids.index(d):] + ids[:ids.index(d)]
    zone = {c: bf.zones[i] for i, c in enumerate(camps)}
    card: dict[str, str] = {}
    camp: dict[str, str] = {}
    cell: dict[str, tuple[int, int] | None] = {}
    hp: dict[str, int] = {}
    counts: dict[str, int] = {}
    for p in setup["players"]:
        roster = rosters[p["roster"]]["units"] if isinstance(p["roster"], str) else p["roster"]
        for e in roster:
            e = {"card": e} if isinstance(e, str) else e
            counts[e["card"]] = counts.get(e["card"], 0) + 1
            uid = e.get("id") or f"{e['card']}.{counts[e['card']]}"
            card[uid], camp[uid], hp[uid] = e["card"], p["id"], e.get("hp", cards[e["card"]]["hp"])
            cell[uid] = bf.cell(e["cell"]) if e.get("cell") else None
    breaches: list[str] = []
    state = {"ap": {}, "haste": {}, "round": 0, "over": False, "where": "set-up"}

    def bad(text: str) -> None:
        breaches.append(f"{state['where']}: {text}")

    def alive(c: str) -> bool:
        return any(camp[u] == c and hp[u] > 0 for u in camp)

    def enemies_at(c: str) -> set[tuple[int, int]]:
        return {cell[u] for u in camp if camp[u] != c and cell[u] is not None and hp[u] > 0}  # type: ignore[misc]

    def spend(uid: str, n: int, what: str) -> None:
        have = state["ap"].get(uid, 0)
        if n > have:
            bad(f"{uid} {what} with {have} AP, needs {n}")
        state["ap"][uid] = max(0, have - n)

    for n, events in enumerate(journal, 1):
        for e in events:
            state["where"] = f"entry {n} {e['type']}"
            t = e["type"]
            if state["over"] and t not in ("battle_over",):
                bad("the battle goes on after its end (« jusqu'à ce qu'un des camp soit éliminé »)")
            if t == "deployed":
                c = bf.cell(e["cell"])
                if c not in zone[camp[e["unit"]]] or c in {v for v in cell.values() if v}:
                    bad(f"{e['unit']} deployed on {e['cell']}, not a free cell of its zone")
                cell[e["unit"]] = c
            elif t == "round":
                state["round"] = e["round"]
                state["haste"] = {}
                if e["round"] > 5:
                    bad("a round past the fifth (« La bataille dure 5 rounds »)")
            elif t == "hasted":
                state["haste"][e["unit"]] = e["ap"]
            elif t == "activated":
                want = cards[card[e["unit"]]]["ap"] + state["haste"].pop(e["unit"], 0)
                if e["ap"] != want:
                    bad(f"{e['unit']} activated with {e['ap']} AP, its card gives {want}")
                state["ap"][e["unit"]] = e["ap"]
            elif t == "moved":
                uid = e["unit"]
                path = [bf.cell(e["from"])] + [bf.cell(x) for x in e["path"]]  # the cells entered, in order
                if path[0] != cell[uid] or path[-1] != bf.cell(e["to"]):
                    bad(f"{uid}'s path does not start where it stands or end where it goes")
                scout = "scout" in cards[card[uid]].get("abilities", ())
                foes = enemies_at(camp[uid])
                zoc = {(x + dx, y + dy) for x, y in foes for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
                cost, zoc_stop = 0, False
                for i, (a, b) in enumerate(zip(path, path[1:])):
                    if near(a, b) != 1:
                        bad(f"{uid} jumps from {a} to {b}")
                    rise = abs(bf.level[a] - bf.level[b])
                    if rise >= 2:
                        bad(f"{uid} crosses a cliff")
                    if b in foes:
                        bad(f"{uid} passes through an enemy")
                    if zoc_stop:
                        bad(f"{uid} goes on after a step between two controlled cells (« utilise tous les points »)")
                    extra = 0 if scout else int(bf.kind[b]["obstacle"] or rise == 1)
                    cost += 1 + extra
                    if a in zoc and b in zoc:
                        zoc_stop = True
                if path[-1] in {v for u, v in cell.items() if v and u != uid and hp[u] > 0}:
                    bad(f"{uid} ends its move on a taken cell")
                spend(uid, cost, "moves")
                left = 0 if zoc_stop else state["ap"][uid]
                if e["ap_left"] != left:
                    bad(f"{uid} has {e['ap_left']} AP left after its move, the seed leaves {left}")
                state["ap"][uid] = e["ap_left"]
                cell[uid] = path[-1]
            elif t == "attack":
                a, tg = e["attacker"], e["target"]
                k = cards[card[a]]
                pa, pt = cell[a], cell[tg]
                if camp[a] == camp[tg] or pa is None or pt is None:
                    bad(f"{a} attacks {tg}, no enemy on the field")
                    continue
                dist, cliff = near(pa, pt), abs(bf.level[pa] - bf.level[pt]) >= 2
                if e["kind"] == "melee" and (dist != 1 or cliff):
                    bad(f"{a} fights {tg} in melee at {dist} cells{' across a cliff' if cliff else ''}")
                if e["kind"] == "ranged":
                    if not (k.get("range", 1) >= 2 and dist <= k["range"] and (dist >= 2 or cliff)):
                        bad(f"{a} shoots {tg} at {dist} cells, out of its range")
                    elif "indirect" not in k.get("abilities", ()) and not bf.sees(pa, pt, one_way):
                        bad(f"{a} shoots {tg} which it does not see (« qu'on ne voit pas »)")
                spend(a, 1, "attacks")
                if "mobile" not in k.get("abilities", ()):
                    state["ap"][a] = 0
                hp[tg] -= e["lost"]
            elif t == "riposte":
                hp[e["target"]] -= e["lost"]
            elif t == "spell_hits":
                hp[e["unit"]] -= e["lost"]
            elif t == "healed":
                hp[e["unit"]] = e["hp"]
            elif t == "cast":
                u, tg = e["unit"], e["target"]
                if cell[u] is None or cell[tg] is None or near(cell[u], cell[tg]) > spells[e["spell"]]["range"]:
                    bad(f"{u} casts {e['spell']} at {tg} out of range (« affecte une unité à portée »)")
                spend(u, 1, "casts")
                if "mobile" not in cards[card[u]].get("abilities", ()):
                    state["ap"][u] = 0
            elif t == "card_action":
                u = e["unit"]
                if e["action"] not in cards[card[u]].get("actions", ()):
                    bad(f"{u} uses {e['action']}, not on its card")
                elif e["ap_spent"] != actions[e["action"]]["cost"]:
                    bad(f"{u}'s {e['action']} costs {e['ap_spent']} AP, its card says {actions[e['action']]['cost']}")
                spend(u, actions[e["action"]]["cost"], f"uses {e['action']}")
            elif t in ("destroyed", "undefended"):
                for u in e.get("units") or [e["unit"]]:
                    cell[u], hp[u] = None, 0
            elif t == "battle_over":
                state["over"] = True
                ended = state["round"] >= 5 or any(x.get("type") == "ended_by_referee" for x in events)
                left = [c for c in camps if alive(c)]
                if not ended and (len(left) == len(camps) if one_way else len(left) > 1):
                    bad("the battle ends with no camp eliminated before round 5")
            if t in ("attack", "riposte", "spell_hits", "destroyed", "undefended") and not state["over"]:
                left = [c for c in camps if alive(c)]
                gone = len(left) < len(camps) if one_way else len(left) <= 1
                if gone and not any(x["type"] == "battle_over" for x in events):
                    bad("a camp is eliminated and the battle goes on (« jusqu'à ce qu'un des camp soit éliminé »)")
    return breaches


def simulated(seed: Any, players: int = 2) -> tuple[dict[str, Any], list[Any]]:
    from campagne.games.skirmish.simulate import battle
    game = battle(seed, players)
    return game.setup, entries_of(game)


def campaign_like(seed: Any, battlefield: str = "hills") -> tuple[dict[str, Any], list[Any]]:
    """A campaign's grid battle as `games/skirmish/campaign.fight` plays it: the set-up a campaign builds (named
    units, no "readings" key: readings 1), the heuristic computers on both sides, one die stream."""
    import random

    from campagne.core.dice import Dice
    from campagne.games.skirmish.ai import tactician
    from campagne.games.skirmish.legal import legal_orders
    from campagne.games.skirmish.rules import SkirmishRules
    from campagne.games.skirmish.views import view
    army = [u if isinstance(u, str) else u["card"] for u in _toml("rosters.toml")["warband"]["units"]]
    setup = {"players": [{"id": p, "controller": "greedy",
                          "roster": [{"card": c, "id": f"{p}.{c}.{k + 1}"} for k, c in enumerate(army)]}
                         for p in ("P1", "P2")], "battlefield": battlefield}
    rules, dice = SkirmishRules(), Dice.seeded("grid-check", seed)
    state, _ = rules.new_state(setup, dice)
    journal: list[Any] = []
    for n in range(5000):
        if state.ended:
            break
        camp = state.current
        command = tactician(view(state, camp), legal_orders(state, camp), random.Random(f"grid:{seed}:{n}"))
        journal.append(rules.apply(state, command, dice))  # type: ignore[arg-type]
    return setup, journal


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        for line in check(*simulated(arg)) or ["no breach"]:
            print(f"{arg}: {line}")
