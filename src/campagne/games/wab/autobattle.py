"""An abstract WAB 2 auto-battle between two army lists: no table geometry, a documented heuristic.

The auto-battle is a robot referee driving the battle tracker (`tracker.WabBattle`): it reports the
facts the heuristic below decides (charges, reactions, contacts, shots, pursuits, units leaving the
table...) and asks for every test, combat round and flee roll the tracker says is due, all on one
`Dice`. So the auto-battle follows exactly the rules the tracker applies at a real table (tests of
nerve, close combat with `combat.resolve_round`, break tests, flee distances, pursuit, rally,
victory points), and its trace is a list of tracker commands with their events.

The heuristic (deployment and engagement, with no positions):

1. Roles. Characters (the general included) join the largest unit of their army (most models,
   then most points) that is neither a character nor skirmishers; they fight with it (tracker.py:
   an exchange of blows with one enemy model, or a duel with an enemy character, before each round).
   Missile troops are the skirmishers, the infantry in open order with a missile weapon of the
   sheet's table, and artillery. Cavalry is cavalry and light chariots. Every other unit is a block
   (close-order infantry, open-order infantry without missiles, chariots, elephants).
2. Pairs. Blocks face blocks and cavalry faces cavalry, each sorted by points (the i-th largest
   against the i-th largest); the units left over on both sides are then paired with each other by
   points; a unit still left over is a reserve. An army with no block or cavalry pairs its missile
   troops instead. The battle line, left to right: half the cavalry pairs, the block pairs, the other
   cavalry pairs; units of neighbouring pairs are "within 12"" of each other (panic when friends
   break), as are units fighting the same enemy.
3. Approach. Game turns 1 and 2: each side's missile troops shoot, in their own turn, at the enemy
   blocks and cavalry in order of points (the first missile unit at the largest, the second at the
   next...; at the largest still standing when its own is gone), turn 1 at three quarters of their
   weapon's range (long range), turn 2 at four tenths (short range); blocks and cavalry advance.
4. Contact. From turn 3, in its own movement phase, each side's paired units charge their opposite
   number in the front when it is still on the table and not fleeing, from M + 1 inches ("plus de
   la moitié de son mouvement de charge", so the target may stand and shoot; the charge always
   reaches): the attacker (who plays first) charges first. The charged unit counter-charges when the
   sheet allows it, else stands and shoots when it has a missile weapon in range, else holds.
5. Reserves join. From the turn after contact (turn 4), reserves, missile troops and units whose
   opposite number is gone charge the flank of the engaged enemy unit worth the most points
   (not already charged in the flank by their side); with no enemy engaged, the front of the
   enemy unit worth the most points. A unit that rallied waits a turn (the tracker forbids it).
6. Combat, pursuit, flight. Every close-combat phase, every combat fights a round (units in contact
   through others fight one combat: tracker_melee). A unit that
   breaks flees; its victor always pursues when free (caught: destroyed); friends within 12" (the
   line neighbours) test for panic. A unit fleeing leaves the table once it has fled 24" in all
   (the table is 48" deep and the armies meet in the middle); fleeing units try to rally in their
   movement phase, with the -1 for an enemy within 8" when they broke in the previous turn.
7. The end. The battle ends when an army is broken, half its points (models when the lists carry no
   points) destroyed or fled off the table, or no unit left standing on the table (fleeing units may
   still rally, so they do not break an army by themselves), checked after each side's turn, or after
   `max_turns` game turns (6 by default). Table quarters: each side holds its own two quarters when
   it still has a unit (not a character) standing on the table, and the enemy's two as well when the
   enemy has none. The winner has the most VP (seed 000); equal VP: the side with the more points
   still standing, then the defender (the attacker failed to win).

Leadership: every unit counts as within 12" of its general and of the army standard
(`assume_within_12`), while they stand; a unit the general joined has his Ld anyway.

Not modelled (no positions): panic for fleeing friends within 4", terror within 8" other than from
the opposite number from turn 2, march moves, terrain, high ground and momentum.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...core.dice import Dice
from ...core.errors import CampagneError
from . import psychology
from .autobattle_plan import Plan, by_points, make_plan
from .tracker import (SIDES, BattleState, BattleUnit, WabBattle, engaged, missile_weapon, other,
                      setup_from_armies)

CONTACT_TURN = 3
SHOOTING_TURNS = (1, 2)
ESCAPE_INCHES = 24
MAX_TURNS = 6
RANGE_FRACTION = {1: 0.75, 2: 0.4}


@dataclass
class AutoBattle:
    """What an auto-battle did: the tracker's final state, every command with its events, the plan and
    the result (by sides: tracker_views.final_result)."""

    state: BattleState
    trace: list[dict[str, Any]]
    plan: Plan
    result: dict[str, Any]
    reason: str

    def atlantis_result(self, player_of_side: Mapping[str, str] | None = None) -> dict[str, Any]:
        from .tracker_views import atlantis_result
        return atlantis_result(self.state, player_of_side)

    def summary(self, lang: str = "en") -> list[str]:
        """The trace as sentences: turns, charges, combats, breaks, flights, the end."""
        keep = {"turn", "charge", "reaction", "combat", "blows", "break_test", "flees", "pursuit", "destroyed",
                "fled", "rallied", "shooting", "general_killed", "standard_captured", "battle_ended", "test",
                "exchange",
                "caught", "killed"}
        out = []
        for entry in self.trace:
            for e in entry["events"]:
                if e["type"] in keep and "text" in e:
                    if e["type"] == "test" and e.get("result", {}).get("passed"):
                        continue
                    out.append(("  " if e["type"] != "turn" else "") + e["text"][lang])
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"reason": self.reason, "plan": self.plan.to_dict(), "result": self.result,
                "turns": self.state.turn,
                "trace": self.trace}


# --------------------------------------------------------------------------- the robot referee


class _Robot:
    def __init__(self, state: BattleState, dice: Dice, plan: Plan, trace: list[dict[str, Any]]) -> None:
        self.rules = WabBattle()
        self.state = state
        self.dice = dice
        self.plan = plan
        self.trace = trace
        self.start_points = {s: sum(u.points for u in state.side_units(s)) for s in SIDES}
        self.start_models = {s: sum(u.battle_models for u in state.side_units(s)) for s in SIDES}

    # -- commands
    def do(self, command: dict[str, Any]) -> list[dict[str, Any]]:
        start = len(self.dice.records)
        events = self.rules.apply(self.state, command, self.dice)
        self.trace.append({"n": len(self.trace) + 1, "command": command, "events": events,
                           "rolls": [r.to_dict() for r in self.dice.records[start:]]})
        self.sweep_fleeing()
        return events

    def fact(self, kind: str, **fields: Any) -> list[dict[str, Any]]:
        return self.do({"type": "fact", "fact": kind, **fields})

    def next(self) -> None:
        """Take what is still pending (tests; reactions: hold), then move on."""
        for _ in range(20):
            self.roll_all()
            p = next((x for x in self.state.pending if x.kind == "reaction"), None)
            if p is None:
                break
            ch = next(c for c in self.state.charges if c.id == p.charge)
            self.fact("react", unit=p.unit, **self.reaction(p, ch))
        self.do({"type": "next", "one_phase": True})

    def roll_all(self) -> None:
        if any(p.kind == "test" for p in self.state.pending):
            self.do({"type": "roll", "all": True})

    def sweep_fleeing(self) -> None:
        if self.state.phase not in ("start_of_turn", "movement", "shooting", "close_combat"):
            return
        for bu in list(self.state.units.values()):
            if bu.status == "fleeing" and not bu.attached_to and bu.fled_inches >= ESCAPE_INCHES:
                start = len(self.dice.records)
                events = self.rules.apply(self.state, {"type": "fact", "fact": "left_table", "unit": bu.key},
                                          self.dice)
                self.trace.append({"n": len(self.trace) + 1,
                                   "command": {"type": "fact", "fact": "left_table", "unit": bu.key},
                                   "events": events, "rolls": [r.to_dict()
                                                               for r in self.dice.records[start:]]})

    # -- reading
    def standing(self, bu: BattleUnit) -> bool:
        return bu.status == "ready" and bu.models > 0

    def free(self, bu: BattleUnit) -> bool:
        return (self.standing(bu) and not bu.attached_to and not engaged(self.state, bu.key)
                and not bu.rallied
                and not bu.no_charge and not bu.charged)

    def broken(self, side: str) -> bool:
        """Half the army's points (models without points) destroyed or fled off the table, or no unit
        left standing (fleeing units may still rally: they do not break an army by themselves)."""
        units = self.state.side_units(side)
        if not any(self.standing(u) for u in units):
            return True
        gone = [u for u in units if u.status in ("destroyed", "fled")]
        if self.start_points[side] > 0:
            return 2 * sum(u.points for u in gone) >= self.start_points[side]
        return 2 * sum(u.battle_models for u in gone) >= self.start_models[side]

    def neighbours(self, bu: BattleUnit) -> list[BattleUnit]:
        """Friends "within 12"": neighbours in the battle line and units fighting the same enemies."""
        pos = self.plan.position.get(bu.key, 0)
        foes = {e.attacker if e.defender == bu.key else e.defender for e in self.state.engagements
                if bu.key in (e.attacker, e.defender)}
        out = []
        for u in self.state.side_units(bu.side):
            if u.key == bu.key or not self.standing(u) or u.attached_to:
                continue
            near = abs(self.plan.position.get(u.key, 0) - pos) <= 1
            same_fight = any(f in (e.attacker, e.defender) for f in foes for e in self.state.engagements
                             if u.key in (e.attacker, e.defender))
            if near or same_fight:
                out.append(u)
        return out

    # -- phases
    def deploy(self) -> None:
        for c, host in self.plan.joins.items():
            if self.standing(self.state.units[c]) and self.standing(self.state.units[host]):
                self.fact("join", unit=c, target=host)

    def start_of_turn(self) -> None:
        s = self.state
        for bu in s.side_units(s.side):
            if not self.standing(bu) or bu.attached_to:
                continue
            foe = self.plan.opposite(bu.key)
            terror = s.turn >= CONTACT_TURN - 1 and foe is not None and self.standing(s.units[foe]) and \
                s.units[foe].unit.has_rule("terror")
            if terror:
                self.fact("near", unit=bu.key, terror_within_8=True)
        self.roll_all()

    def movement(self) -> None:
        s = self.state
        for bu in s.side_units(s.side):
            if bu.status == "fleeing" and not bu.attached_to:
                near = bu.broke_at is not None  # broke in the last close combat: its victor is close
                # said every turn: the tracker forgets the facts of the last turn and asks the rally for it
                self.fact("near", unit=bu.key, enemy_within_8=near)
        self.roll_all()  # rally tests
        for bu in s.side_units(s.side):
            if bu.status == "ready" and bu.enemy_within_8 and not engaged(s, bu.key):
                self.fact("near", unit=bu.key, enemy_within_8=False)
        if s.turn < CONTACT_TURN:
            for bu in s.side_units(s.side):
                if self.free(bu) and self.plan.roles.get(bu.key) in ("block", "cavalry"):
                    self.fact("move", unit=bu.key)
            return
        for bu in list(s.side_units(s.side)):
            if not self.free(bu):
                continue
            target = self.charge_target(bu)
            if target is not None:
                self.charge(bu, target[0], target[1])

    def charge_target(self, bu: BattleUnit) -> tuple[BattleUnit, str] | None:
        s = self.state
        foe_key = self.plan.opposite(bu.key)
        if foe_key is not None:
            foe = s.units[foe_key]
            if self.standing(foe) and not foe.attached_to:
                return foe, "front"
        if s.turn < CONTACT_TURN + 1:
            return None
        enemies = [u for u in s.side_units(other(bu.side)) if self.standing(u) and not u.attached_to]
        fighting = [u for u in enemies if engaged(s, u.key)]
        flanked = {e.defender for e in s.engagements if e.facing == "flank"
                   and s.units[e.attacker].side == bu.side}
        choices = [u for u in fighting if u.key not in flanked] or fighting
        if choices:
            return by_points(choices)[0], "flank"
        if enemies:
            return by_points(enemies)[0], "front"
        return None

    def charge(self, bu: BattleUnit, target: BattleUnit, facing: str) -> None:
        s = self.state
        distance = bu.unit.profile.M + 1
        self.fact("charge", unit=bu.key, target=target.key, facing=facing, distance=distance)
        ch = s.charges[-1]
        self.roll_all()
        p = next((x for x in s.pending if x.kind == "reaction" and x.charge == ch.id), None)
        if p is not None:
            self.fact("react", unit=p.unit, **self.reaction(p, ch))
            self.roll_all()
        charger, target_ = s.units[ch.charger], s.units[ch.target]
        if ch.status == "declared" and self.standing(charger) and self.standing(target_):
            self.fact("contact", unit=ch.charger, target=ch.target)
            if facing == "flank":
                self.plan.position[bu.key] = self.plan.position.get(target.key, 0)
        elif ch.status == "target_fled" and ch.catches_fleeing and self.standing(s.units[ch.charger]) \
                and s.units[ch.target].status == "fleeing":
            self.fact("caught", unit=ch.target, by=ch.charger)

    def reaction(self, p: Any, ch: Any) -> dict[str, Any]:
        legal = p.params.get("legal", [])
        t = self.state.units[p.unit]
        if "counter_charge" in legal:
            return {"reaction": "counter_charge"}
        w = missile_weapon(t)
        in_range = w is not None and ch.distance is not None and ch.distance <= w.range
        if "stand_and_shoot" in legal and in_range:
            return {"reaction": "stand_and_shoot"}
        return {"reaction": "hold"}

    def shooting(self) -> None:
        s = self.state
        if s.turn not in SHOOTING_TURNS:
            return
        for bu in s.side_units(s.side):
            if self.plan.roles.get(bu.key) != "missile" or not self.standing(bu) or engaged(s, bu.key):
                continue
            if bu.shot or bu.no_shooting or bu.rallied:
                continue
            w = missile_weapon(bu)
            if w is None:
                continue
            target = s.units.get(self.plan.targets.get(bu.key, ""))
            if target is None or not self.standing(target):
                live = [u for u in s.side_units(other(bu.side)) if self.standing(u) and not u.attached_to]
                if not live:
                    continue
                target = by_points(live)[0]
            if target.attached_to:
                target = s.units[target.attached_to]
            distance = round(w.range * RANGE_FRACTION[s.turn], 1)
            self.fact("shoot", unit=bu.key, target=target.key, distance=distance, weapon=w.key)
        self.roll_all()

    def close_combat(self) -> None:
        s = self.state
        if any(not e.fought for e in s.engagements):
            self.do({"type": "fight"})
        here = [s.turn, s.side]
        broke = [u for u in s.units.values() if (u.broke_at == here and u.status == "fleeing")
                 or (u.destroyed_at == here and u.destroyed_in_combat and not u.is_character)]
        for lb in broke:
            for friend in self.neighbours(lb):
                if friend.status == "ready":
                    self.fact("friends_broke", unit=friend.key, friend=lb.key)
        self.roll_all()
        for lb in [u for u in s.units.values() if u.broke_at == here and u.status == "fleeing"]:
            wb = s.units.get(lb.fled_from or "")
            if wb is not None and self.standing(wb) and not engaged(s, wb.key) and not wb.pursued:
                self.fact("pursue", unit=wb.key, target=lb.key)

    # -- the end
    def finish(self, reason: str) -> dict[str, Any]:
        from .tracker_views import vp
        s = self.state
        standing = {side: [u for u in s.side_units(side) if self.standing(u) and not u.is_character]
                    for side in SIDES}
        q = {}
        for side in SIDES:
            q[side] = (2 if standing[side] else 0) + (2 if standing[side] and not standing[other(side)]
                                                      else 0)
        self.fact("quarters", a=q["a"], b=q["b"])
        points = vp(s)
        winner = None
        if points["a"] == points["b"]:
            still = {side: sum(u.points for u in s.side_units(side) if self.standing(u)) for side in SIDES}
            if still["a"] != still["b"]:
                winner = "a" if still["a"] > still["b"] else "b"
            else:
                winner = other(s.first)
        self.do({"type": "end", **({"winner": winner} if winner else {})})
        return s.result or {}


def auto_battle(a: Any, b: Any, dice: Dice, *, attacker: str = "a", max_turns: int = MAX_TURNS,
                players: Mapping[str, str] | None = None, context: Mapping[str,
                                                                           Any] | None = None) -> AutoBattle:
    """Fight an abstract battle between two armies (Atlantis `Army`, `army_lists.WabArmy`, or their dicts, or
    tracker setup sides) on `dice`. `attacker` ("a" or "b") plays first and charges first. Always ends:
    at the latest after `max_turns` game turns. Deterministic for a given `Dice` (seeded)."""
    if attacker not in SIDES:
        raise CampagneError("wab.battle.bad_field", field="attacker", value=attacker,
                            reason={"en": "a or b", "fr": "a ou b"})
    if not isinstance(max_turns, int) or isinstance(max_turns, bool) or not 1 <= max_turns <= 50:
        raise CampagneError("wab.battle.bad_field", field="max_turns", value=max_turns,
                            reason={"en": "a whole number from 1 to 50", "fr": "un nombre entier de 1 à 50"})
    setup = setup_from_armies(a, b, first=attacker, players=players, context=context, max_turns=max_turns,
                              assume_within_12=True)
    rules = WabBattle()
    state, opening = rules.new_state(setup, dice)
    trace: list[dict[str, Any]] = [{"n": 0, "command": {"type": "setup"}, "events": opening, "rolls": []}]
    plan = make_plan(state)
    robot = _Robot(state, dice, plan, trace)
    robot.deploy()
    robot.next()
    reason = "turns"
    while True:
        robot.start_of_turn()
        robot.next()
        robot.movement()
        robot.next()
        robot.shooting()
        robot.next()
        robot.close_combat()
        if any(robot.broken(s) for s in SIDES):
            reason = "broken"
            break
        if state.side != state.first and state.turn >= max_turns:
            break
        robot.next()
    result = robot.finish(reason)
    return AutoBattle(state, trace, plan, result, reason)


# --------------------------------------------------------------------------- Atlantis


def resolve_atlantis_battle(state: Any, battle: Any, dice: Dice, *, max_turns: int = MAX_TURNS) -> dict[str,
                                                                                                        Any]:
    """Resolve an Atlantis battle (`atlantis.state.Battle` in an `AtlantisState`) with the auto-battle.

    The attacker is as in the seed's "Simulation des combats" ("Le joueur absent est considéré comme
    défenseur"): A, unless A's player is absent and B's is not. Returns the result the Atlantis
    `aftermath` applies: the `battle-result` fields (winner, killed, fled, characters, vp) plus
    loser, resolver "wab", attacker, defender, scenario, turns, reason and a short summary."""
    pa, pb = state.players[battle.a], state.players[battle.b]
    attacker, defender = pa, pb
    if pa.controller == "absent" and pb.controller != "absent":
        attacker, defender = pb, pa
    fight = auto_battle(attacker.army, defender.army, dice, attacker="a", max_turns=max_turns,
                        players={"a": attacker.id, "b": defender.id},
                        context={"territory": battle.territory, "scenario": battle.scenario or ""})
    res = fight.atlantis_result()
    loser = defender.id if res["winner"] == attacker.id else attacker.id
    return {**res, "loser": loser, "resolver": "wab", "attacker": attacker.id, "defender": defender.id,
            "scenario": battle.scenario, "turns": fight.state.turn, "reason": fight.reason,
            "summary": fight.summary("en")[-12:]}


__all__ = ["auto_battle", "resolve_atlantis_battle", "AutoBattle", "psychology"]
