"""Read a game of Arc's journal and check each event against seed 003, independently of the rules code: the
counters' positions, visibility and the turn are followed from the events alone (the opening's state gives the
start), and each event is judged by the seed's sentence:

- combat: every attacker next to its target (« Les tirs se font sur un hex contigu », « des unités ennemies
  adjacentes »); an invisible attacker immobilised on its target's hex (« immobilisation si l'unité en état
  d'invisibilité se trouve sur l'hex d'une pièce adverse ») is the one case of a shared hex;
- retreat: never ending in the ZOC of a visible enemy (« les unités ne peuvent pas terminer leur retraite dans
  une ZOC ennemie »), Aris Dombal aside (« pas d'effet de ZOC adverses »);
- move: a path of contiguous hexes within the unit's allowance (« dans les limites de leur capacité »; rivers,
  marsh and walls « coûte trois points de mouvement »), stopping in the first enemy ZOC it enters (« toute unité
  entrant dans une ZOC ennemie doit immédiatement s'arrêter »), Aris Dombal's « illimité » aside;
- advance: one step, from a hex next to the vacated hex (« se déplacer dans l'hex libre »); in a game of
  readings 2, by one of the combat's attackers, chosen after its result (an entry of its own whose command is
  the attacker's `advance`, offered once the combat at that hex was resolved and the hex left empty);
- retreat chosen by its owner (readings 2): it ends on the hex his `retreat` order named, one of those offered;
- no two enemy counters on one hex once both are visible (the set-up included).

`python tests/arc_events_check.py SEED...` prints the breaches of simulated games; tests/test_arc_events.py runs it.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import Any

from campagne.core.game import Game
from campagne.games.arc.data import unit_types
from campagne.games.arc.setup import new_state


class Follower:
    """Positions and visibility of every counter, from the events."""

    def __init__(self, game: Game) -> None:
        start = new_state(game.setup)
        self.board = start.board
        self.two_player = start.two_player
        self.hex = {u.id: u.hex for u in start.units.values()}
        self.side = {u.id: u.side for u in start.units.values()}
        self.type = {u.id: u.type for u in start.units.values()}
        self.hidden = {u.id: u.hidden for u in start.units.values()}
        self.mount: dict[str, str | None] = {}
        self.breaches: list[str] = []
        self.ambush: set[tuple[str, str]] = set()  # (unit, hex): arrived hidden on an enemy's hex
        self.seen: set[tuple[str, str, str]] = set()
        self.where = "set-up"
        self.readings = start.readings
        self.command: dict[str, Any] = {}
        self.last_combat: dict[str, list[str]] = {}  # hex -> the attackers of the last combat fought there
        self.offered: dict[str, Any] = {}  # the decision offered: ("retreat", unit) -> hexes, ("advance", hex) -> units

    def kind(self, uid: str) -> Any:
        return unit_types()[self.type[uid]]

    def foes(self, a: str, b: str) -> bool:
        sides = {self.side[a], self.side[b]}
        return len(sides) == 2 and not (self.two_player and sides == {"ulf", "fereira"})

    def bad(self, text: str) -> None:
        self.breaches.append(f"{self.where}: {text}")

    def zoc_of_visible_enemies(self, uid: str, moving: bool = False) -> set[str]:
        """The hexes next to a visible enemy standing where it exerts a ZOC; `moving`: only the enemies whose
        ZOC stops this unit's movement (the snipers' « sauf en présence d'Unités d'Archers », Fra Borges'
        « sauf en présence d'Unités de Fraternité Rouge, de Bonnaire ou de Koulnikov »)."""
        only = self.kind(uid).ability("zoc_only_from") if moving else None
        out: set[str] = set()
        for e, h in self.hex.items():
            if h is None or self.hidden[e] or not self.foes(e, uid) or not self.board.exerts_zoc(h):
                continue
            k = self.kind(e)
            if only is not None and not any(self.type[e] == f or (f == "archers" and k.archer) for f in only):
                continue
            out.update(self.board.neighbours[h])
        return out

    def shared_hexes(self) -> None:
        here: dict[str, list[str]] = {}
        for uid, h in self.hex.items():
            if h is not None and not self.hidden[uid]:
                here.setdefault(h, []).append(uid)
        for h, us in here.items():
            for a, b in [(a, b) for a in us for b in us if a < b and self.foes(a, b)]:
                if (a, h) in self.ambush or (b, h) in self.ambush or (a, b, h) in self.seen:
                    continue
                self.seen.add((a, b, h))
                self.bad(f"visible enemies {a} and {b} on one hex {h}")

    # -- events
    def read(self, e: dict[str, Any]) -> None:
        kind = e.get("type")
        handler = getattr(self, "on_" + str(kind), None)
        if handler:
            handler(e)

    def on_turn(self, e: dict[str, Any]) -> None:
        self.where = f"turn {e['turn']}"

    def on_phase(self, e: dict[str, Any]) -> None:
        self.where = f"turn {e['turn']} {e['phase']} ({', '.join(e['acting'])})"
        self.mount = {}
        self.shared_hexes()

    def on_declared(self, e: dict[str, Any]) -> None:
        if e.get("order") in ("move", "fly"):
            self.mount[e["unit"]] = e.get("mount")

    def on_placed(self, e: dict[str, Any]) -> None:
        self.hex[e["unit"]] = e["hex"]

    def on_move(self, e: dict[str, Any]) -> None:
        uid, path = e["unit"], e.get("path") or [e["to"]]
        origin = self.hex[uid]
        k = self.kind(uid)
        if origin is not None and k.mvt >= 0:
            pegasus = self.mount.get(uid) == "pegasus"
            steps = [origin, *path]
            if any(self.board.distance(a, b) != 1 for a, b in zip(steps, steps[1:])):
                self.bad(f"{uid} moves by a broken path {steps}")
            cost = 0
            for h in path:
                c = 1 if pegasus else self.board.cost(h, k.cavalry)
                cost += 99 if c is None else c
            allowance = k.pegasus if pegasus else k.mvt
            if cost > allowance:
                self.bad(f"{uid} moves {cost} points with an allowance of {allowance} ({origin} to {e['to']})")
            zoc = self.zoc_of_visible_enemies(uid, moving=True)
            if any(h in zoc for h in path[:-1]):  # « toute unité entrant dans une ZOC ennemie doit immédiatement
                self.bad(f"{uid} goes on through an enemy ZOC ({steps})")  # s'arrêter »
        self.hex[uid] = e["to"]
        self.hidden[uid] = "visible_to" in e
        self.ambush = {x for x in self.ambush if x[0] != uid}
        if self.hidden[uid] and any(self.hex[x] == e["to"] and self.foes(x, uid) for x in self.hex):
            self.ambush.add((uid, e["to"]))  # « immobilisation si l'unité en état d'invisibilité se trouve sur
            # l'hex d'une pièce adverse »: the seed's one shared hex

    def on_vanish(self, e: dict[str, Any]) -> None:
        self.hidden[e["unit"]] = True

    def on_detected(self, e: dict[str, Any]) -> None:
        self.hidden[e["unit"]] = False

    def on_combat(self, e: dict[str, Any]) -> None:
        at = e["at"]
        for a in e["attackers"]:
            h = self.hex[a]
            d = None if h is None else self.board.distance(h, at)
            immobilised = d == 0 and ((a, at) in self.ambush or (e["target"], at) in self.ambush)
            if d != 1 and not immobilised:
                self.bad(f"{a} at {h} attacks {e['target']} at {at} (distance {d})")
        for a in e["attackers"]:
            if not self.kind(a).ability("reinvisible"):
                self.hidden[a] = False
        self.last_combat[at] = list(e["attackers"])

    def on_choice(self, e: dict[str, Any]) -> None:
        if e["kind"] == "retreat":
            self.offered[("retreat", e["unit"])] = set(e["hexes"])
            return
        h = e["hex"]
        if any(x is not None and x == h for x in self.hex.values()):
            self.bad(f"an advance into {h} is offered while the hex is held")
        if not set(e["units"]) <= set(self.last_combat.get(h, [])):
            self.bad(f"{e['units']} offered to advance into {h} without having attacked there")
        self.offered[("advance", h)] = set(e["units"])

    def on_retreat(self, e: dict[str, Any]) -> None:
        uid = e["unit"]
        self.ambush = {x for x in self.ambush if x[0] != uid}
        self.hex[uid] = None  # its own hex no longer counts
        if self.kind(uid).ability("zoc_only_from") != [] and e["to"] in self.zoc_of_visible_enemies(uid):
            self.bad(f"{uid} ends its retreat in an enemy ZOC at {e['to']}")
        if e.get("chosen"):
            c, offered = self.command, self.offered.pop(("retreat", uid), set())
            if c.get("type") != "retreat" or c.get("unit") != uid or c.get("hex") != e["to"] or e["to"] not in offered:
                self.bad(f"{uid} retreats to {e['to']}, not where its owner chose ({c}, offered {sorted(offered)})")
        elif self.readings >= 2 and e.get("chosen") is None and ("retreat", uid) in self.offered:
            self.bad(f"{uid} retreats to {e['to']} without its owner's choice")
        self.hex[uid] = e["to"]

    def on_advance(self, e: dict[str, Any]) -> None:
        if e["from"] is None or self.board.distance(e["from"], e["to"]) != 1:
            self.bad(f"{e['unit']} advances from {e['from']} to {e['to']}")
        if self.readings >= 2:  # « une des unités attaquantes peut immédiatement se déplacer »: after the result
            c, offered = self.command, self.offered.pop(("advance", e["to"]), set())
            if c.get("type") != "advance" or c.get("unit") != e["unit"] or e["unit"] not in offered:
                self.bad(f"{e['unit']} advances to {e['to']} without being chosen after the result ({c})")
        if e["unit"] not in self.last_combat.get(e["to"], []):
            self.bad(f"{e['unit']} advances to {e['to']} without having attacked there")
        if any(x is not None and x == e["to"] for u, x in self.hex.items() if u != e["unit"]):
            self.bad(f"{e['unit']} advances into {e['to']}, which is not vacated")
        self.hex[e["unit"]] = e["to"]
        self.ambush = {x for x in self.ambush if x[0] != e["unit"]}

    def gone(self, e: dict[str, Any]) -> None:
        self.hex[e["unit"]] = None

    on_eliminated = on_captured = on_death = gone

    def on_converted(self, e: dict[str, Any]) -> None:
        for p in e["people"]:
            self.hex[p] = None
        new = e["unit"]
        self.hex[new], self.side[new], self.type[new], self.hidden[new] = e["at"], "ulf", "faithful", False


def breaches(game: Game) -> list[str]:
    """Every event of the game's journal that breaks the seed's rules listed above."""
    f = Follower(game)
    f.shared_hexes()
    entries: Iterable[Any] = [game.opening, *game.effective] if game.opening else game.effective
    for entry in entries:
        f.command = dict(getattr(entry, "command", None) or {})
        for e in entry.events:
            f.read(e)
    return f.breaches


def simulated(seed: int | str) -> Game:
    from campagne.games.arc.simulate import simulate
    return simulate(seed)


if __name__ == "__main__":
    for s in sys.argv[1:] or ["1"]:
        found = breaches(simulated(s))
        print(f"seed {s}: {len(found)} breaches")
        for line in found:
            print("  " + line)
