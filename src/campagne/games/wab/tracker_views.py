"""What the battle tracker shows (views), and the battle's campaign result (victory points of seed 000).

Victory points ("TABLE DES POINTS DE VICTOIRE", seed 000), each side scoring for what it did to the
enemy:

* "Unité ennemie détruite, en fuite ou ayant fui": the unit's points (its value at the start of the
  battle) when it is destroyed, fleeing or fled at the end;
* "Personnage ennemi tué, en fuite ou ayant fui": the character's points; "Général ennemi tué, en
  fuite ou ayant fui": his points + 100;
* "Chaque quart de table occupé par une unité": 100 (the referee reports the quarters held: fact
  `quarters`);
* "Chaque Unit Standard capturé": 100; "Army Standard capturé": 200.

The winner has more VP; equal VP need the scenario's own rule ("Soit des règles spécifiques
permettent de déterminer le gagnant"): `end` then takes `winner`.

The result has the shape of the Atlantis `battle-result` command ("Après la bataille"): models
killed per unit (removed as casualties, or every model of a unit destroyed), models fled per unit
(those of a unit that fled off the table, "figurines sorties de table"; a unit still fleeing on the
table at the end has fled nowhere), characters killed and how (battle or duel, "Un personnage tué en
duel est...mort !"). Characters are not counted in `killed`: they are `characters`. A character who
fled off the table is `fled` 1; the general, who is not one of the army's units in an Atlantis list,
is not listed when he fled.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ...core.errors import CampagneError
from .tracker import (PHASE_NAMES, SIDES, BattleState, BattleUnit, engagements_of, missile_weapon, other,
                      pass_probability, pending_odds)
from .rhythm import questions

GENERAL_BONUS = 100
QUARTER_VP = 100
STANDARD_VP = 100
ARMY_STANDARD_VP = 200


def _num(p: Fraction) -> dict[str, Any]:
    p = Fraction(p)
    return {"p": float(p), "exact": f"{p.numerator}/{p.denominator}"}


def lost(bu: BattleUnit) -> bool:
    """Counts for the enemy's VP: destroyed (killed), fleeing or fled."""
    return bu.status in ("destroyed", "fleeing", "fled")


def vp_detail(state: BattleState) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {s: [] for s in SIDES}
    for side in SIDES:
        rows = out[side]
        for bu in state.side_units(other(side)):
            if lost(bu):
                how = {"destroyed": ("killed", "tué") if bu.is_character else ("destroyed", "détruite"),
                       "fleeing": ("fleeing", "en fuite"), "fled": ("fled", "a fui")}[bu.status]
                rows.append({"what": "unit", "unit": bu.key, "points": bu.points,
                             "en": f"{bu.name} {how[0]}", "fr": f"{bu.name_fr} {how[1]}"})
                if bu.unit.is_general:
                    rows.append({"what": "general", "unit": bu.key, "points": GENERAL_BONUS,
                                 "en": "the enemy general", "fr": "le général ennemi"})
        if state.quarters.get(side):
            n = state.quarters[side]
            rows.append({"what": "quarters", "points": n * QUARTER_VP, "en": f"{n} table quarter(s)",
                         "fr": f"{n} quart(s) de table"})
        for c in state.captured:
            if c["by"] == side:
                army = c["army_standard"]
                name = state.units[c["unit"]].names
                rows.append({"what": "army_standard" if army else "standard", "unit": c["unit"],
                             "points": ARMY_STANDARD_VP if army else STANDARD_VP,
                             "en": f"{'army standard' if army else 'standard'} of {name['en']}",
                             "fr": f"{'Grande Bannière' if army else 'étendard'} de {name['fr']}"})
    return out


def vp(state: BattleState) -> dict[str, int]:
    """Each side's victory points: the sums of `vp_detail`'s rows, added up without writing them (asked at every
    view and end's check; tests/test_wab_legal_probe.py holds it to the rows)."""
    out = {}
    for side in SIDES:
        points = 0
        for bu in state.side_units(other(side)):
            if lost(bu):
                points += bu.points + (GENERAL_BONUS if bu.unit.is_general else 0)
        if state.quarters.get(side):
            points += state.quarters[side] * QUARTER_VP
        for c in state.captured:
            if c["by"] == side:
                points += ARMY_STANDARD_VP if c["army_standard"] else STANDARD_VP
        out[side] = points
    return out


def decided_winner(state: BattleState, winner: str | None, points: dict[str, int] | None = None) -> str:
    """The winner given, else the side ahead on victory points (refused when they tie)."""
    if winner is None:
        points = vp(state) if points is None else points
        if points["a"] == points["b"]:
            raise CampagneError("wab.battle.tie", vp=f"{points['a']} / {points['b']}")
        winner = "a" if points["a"] > points["b"] else "b"
    return winner


def losses(state: BattleState) -> tuple[dict[str, dict[str, int]], dict[str, dict[str, int]],
                                        list[dict[str, Any]]]:
    """(killed, fled, characters) per side, by unit id."""
    killed: dict[str, dict[str, int]] = {s: {} for s in SIDES}
    fled: dict[str, dict[str, int]] = {s: {} for s in SIDES}
    characters: list[dict[str, Any]] = []
    for bu in state.units.values():
        if bu.is_character:
            if bu.status == "destroyed":
                characters.append({"side": bu.side, "unit": bu.id, "how": bu.killed_how or "battle"})
            elif bu.status == "fled" and not bu.unit.is_general:
                fled[bu.side][bu.id] = 1
            continue
        gone = bu.fled_models if bu.status == "fled" else 0
        dead = bu.battle_models - (bu.fled_models if bu.status == "fled" else bu.models)
        if dead:
            killed[bu.side][bu.id] = dead
        if gone:
            fled[bu.side][bu.id] = gone
    return killed, fled, characters


def final_result(state: BattleState, winner: str | None = None) -> dict[str, Any]:
    """The battle's result by sides: winner, VP and their detail, killed, fled, characters."""
    points = vp(state)
    winner = decided_winner(state, winner, points)
    killed, fled, characters = losses(state)
    return {"winner": winner, "loser": other(winner), "vp": points, "vp_detail": vp_detail(state),
            "killed": killed, "fled": fled, "characters": characters, "quarters": dict(state.quarters),
            "captured": [dict(c) for c in state.captured], "turn": state.turn,
            "players": {s: state.sides[s]["player"] for s in SIDES}}


def atlantis_result(state: BattleState, player_of_side: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The result for the campaign, by players: {"winner", "killed", "fled", "characters", "vp"},
    exactly the fields of the Atlantis `battle-result` command."""
    result = state.result or final_result(state)
    who = {s: (player_of_side or {}).get(s) or state.sides[s]["player"] for s in SIDES}
    return {
        "winner": who[result["winner"]],
        "killed": {who[s]: dict(result["killed"][s]) for s in SIDES},
        "fled": {who[s]: dict(result["fled"][s]) for s in SIDES},
        "characters": [{"player": who[c["side"]], "unit": c["unit"], "how": c["how"]}
                       for c in result["characters"]],
        "vp": {who[s]: result["vp"][s] for s in SIDES},
    }


def atlantis_command(state: BattleState, territory: str, player_of_side: Mapping[str, str] | None = None
                     ) -> dict[str, Any]:
    """The Atlantis journal command that feeds this battle's result to the campaign."""
    return {"type": "battle-result", "player": "referee", "territory": territory,
            **atlantis_result(state, player_of_side)}


def campaign_command_line(state: BattleState, territory: str | None = None) -> str:
    """The campaign's `battle-result` command for this battle, ready to paste.

    Atlantis (the default): `campagne battle-result TERRITORY --winner P --killed P:UNIT=N … --fled
    P:UNIT=N … --character P:UNIT:HOW … --vp P=N --vp Q=N`, every unit killed or fled listed; TERRITORY
    when none is known. A battle set up for Gorges (`context.campaign` "gorges", `battle` its number,
    `armies` each side's army): `campagne battle-result N --winner P [--hero-killed P:ARMY]`, a side's
    general killed being its army's legendary hero (docs/rules/wab.md, « The battle tracker »)."""
    import shlex
    result = state.result or final_result(state)
    who = {s: state.sides[s]["player"] for s in SIDES}
    ctx = state.context
    if ctx.get("campaign") == "gorges":
        words = ["campagne", "battle-result", str(ctx.get("battle", "BATTLE")), "--winner", who[result["winner"]]]
        armies = ctx.get("armies") or {}
        for c in result["characters"]:
            if state.units[f"{c['side']}:{c['unit']}"].unit.is_general:
                words += ["--hero-killed", f"{who[c['side']]}:{armies.get(c['side'], 'ARMY')}"]
        return shlex.join(words)
    words = ["campagne", "battle-result", territory or ctx.get("territory") or "TERRITORY",
             "--winner", who[result["winner"]]]
    for key, flag in (("killed", "--killed"), ("fled", "--fled")):
        for s in SIDES:
            for unit, n in result[key][s].items():
                words += [flag, f"{who[s]}:{unit}={n}"]
    for c in result["characters"]:
        words += ["--character", f"{who[c['side']]}:{c['unit']}:{c['how']}"]
    for s in SIDES:
        words += ["--vp", f"{who[s]}={result['vp'][s]}"]
    return shlex.join(words)


# --------------------------------------------------------------------------- views


def _side_of(state: BattleState, viewer: str | None) -> str | None:
    if viewer in (None, "referee"):
        return None
    if viewer in SIDES:
        return viewer
    for s in SIDES:
        if state.sides[s]["player"] == viewer:
            return s
    return None


def unit_view(state: BattleState, bu: BattleUnit) -> dict[str, Any]:
    u = bu.unit
    w = missile_weapon(bu)
    return {"key": bu.key, "side": bu.side, "id": bu.id, "name": u.name, "name_fr": u.name_fr, "kind": u.kind,
            "formation": u.formation,
            "models": u.models, "battle_models": bu.battle_models, "start_models": u.start_models,
            "files": u.files,
            "ranks": u.ranks, "wounded": bu.wounded, "status": bu.status, "points": bu.points,
            "general": u.is_general, "character": bu.is_character, "standard": u.standard,
            "army_standard": u.army_standard, "musician": u.musician, "special_rules": list(u.special_rules),
            "profile": u.profile.to_dict(), "weapon": w.key if w else None, "attached_to": bu.attached_to,
            "engaged_with": [e.defender if e.attacker == bu.key else e.attacker
                             for e in engagements_of(state, bu.key)],
            "half_strength": u.half_strength, "flee_distance": bu.flee_distance,
            "fled_inches": bu.fled_inches,
            "flags": {"moved": bu.moved, "marched": bu.marched, "charged": bu.charged, "rallied": bu.rallied,
                      "reformed": bu.reformed, "shot": bu.shot, "no_shooting": bu.no_shooting,
                      "no_charge": bu.no_charge, "general_near": bu.general_near,
                      "army_standard_near": bu.army_standard_near, "enemy_within_8": bu.enemy_within_8},
            "killed_how": bu.killed_how}


def pending_view(state: BattleState, p: Any) -> dict[str, Any]:
    bu = state.units[p.unit]
    out: dict[str, Any] = {"id": p.id, "kind": p.kind, "side": p.side, "unit": p.unit, "unit_name": bu.name,
                           "unit_name_fr": bu.name_fr,
                           "test": p.test, "reason": p.reason, "en": p.en, "fr": p.fr,
                           "params": dict(p.params),
                           "charge": p.charge}
    if p.kind == "test":
        outcomes = pending_odds(state, p)
        out["odds"] = {k: float(v) for k, v in outcomes.items()}
        out["p_pass"] = float(pass_probability(outcomes))
        out["p_pass_exact"] = _num(pass_probability(outcomes))["exact"]
        out["asks"] = questions(state, p)  # distance facts not reported this turn that change its odds
    return out


def hints(state: BattleState) -> list[dict[str, str]]:
    out: list[dict[str, str]] = []
    if state.table_dice is not None:
        w = state.table_dice["wanted"]
        out.append({"en": f"the table's dice are awaited: roll {w['en']}, then campagne battle dice F,F,...",
                    "fr": f"les dés de la table sont attendus : lancez {w['fr']}, puis campagne battle dice F,F,..."})
    if state.phase == "movement":
        for ch in state.charges:
            if ch.status == "declared" and ch.turn == state.turn and ch.side == state.side and ch.reaction:
                c, t = state.units[ch.charger], state.units[ch.target]
                out.append({"en": f"report `contact {c.key} {t.key}` if the charge reached, else it fails at "
                                  "the end of the movement phase",
                            "fr": f"signalez `contact {c.key} {t.key}` si la charge est arrivée, sinon elle "
                                  "échoue à la fin de la phase de mouvement"})
        for bu in state.side_units(state.side):
            if bu.status == "ready" and bu.unit.has_rule("frenzy") and not engagements_of(state, bu.key):
                out.append({"en": f"{bu.name} is frenzied: it must charge any enemy within charge reach",
                            "fr": f"{bu.name_fr} est frénétique : elle doit charger tout ennemi à portée de "
                                  "charge"})
    if state.phase == "close_combat":
        for e in state.engagements:
            if not e.fought:
                out.append({"en": f"fight {e.attacker} / {e.defender}",
                            "fr": f"combat {e.attacker} / {e.defender}"})
        if any(not e.fought for e in state.engagements) and not state.assume_within_12:
            out.append({"en": "break tests use the general's Leadership and the army standard's re-roll only for "
                              "units reported within 12\" of them this turn (fact near UNIT general=true ...)",
                        "fr": "les tests de moral n'utilisent le Commandement du général et la relance de la "
                              "Grande Bannière que pour les unités signalées à moins de 12ps ce tour-ci (fact near "
                              "UNITÉ general=true ...)"})
    for bu in state.units.values():
        if bu.status == "fleeing" and not bu.attached_to:
            out.append({"en": f"{bu.name} has fled {bu.fled_inches}\": report left_table when it reaches the "
                              "edge",
                        "fr": f"{bu.name_fr} a fui de {bu.fled_inches}ps : signalez left_table quand elle "
                              "atteint le bord"})
    return out


def broken_now(state: BattleState) -> list[str]:
    """Units broken or destroyed in close combat in this close-combat phase: their friends within 12\"
    test for panic (fact friends_broke)."""
    here = [state.turn, state.side]
    if state.phase != "close_combat":
        return []
    return [u.key for u in state.units.values()
            if (u.broke_at == here and u.status == "fleeing")
            or (u.destroyed_in_combat and u.destroyed_at == here and not u.is_character)]


def pursuits(state: BattleState) -> list[dict[str, str]]:
    """Victors that may still pursue the unit they just broke (fact pursue)."""
    here = [state.turn, state.side]
    out = []
    for u in state.units.values():
        if state.phase == "close_combat" and u.broke_at == here and u.status == "fleeing" and u.fled_from:
            w = state.units[u.fled_from]
            if w.status == "ready" and not w.pursued and not engagements_of(state, w.key):
                out.append({"unit": w.key, "target": u.key})
    return out


def awaiting(state: BattleState) -> list[str]:
    if state.phase == "ended":
        return []
    if state.table_dice is not None:  # the table's dice before anything else: the referee's, or the side's
        who = state.table_dice["command"].get("player")  # whose roll waits for them
        return ([who] if who in SIDES else []) + ["referee"]
    sides = [s for s in SIDES if any(p.side == s for p in state.pending)]
    return sides or ["referee"]


def view(state: BattleState, viewer: str | None) -> dict[str, Any]:
    mine = _side_of(state, viewer)
    pending = [pending_view(state, p) for p in state.pending if mine is None or p.side == mine]
    points = vp(state)
    return {
        "ruleset": "wab",
        "turn": state.turn, "side": state.side, "phase": state.phase,
        "phase_name": {"en": PHASE_NAMES[state.phase][0], "fr": PHASE_NAMES[state.phase][1]},
        "first": state.first, "max_turns": state.max_turns, "context": dict(state.context),
        "viewer": viewer, "viewer_side": mine,
        "sides": {s: {**state.sides[s], "points": sum(u.points for u in state.side_units(s)),
                      "points_lost": sum(u.points for u in state.side_units(s) if lost(u))} for s in SIDES},
        "units": [unit_view(state, bu) for bu in state.units.values()],
        "engagements": [{"id": e.id, "attacker": e.attacker, "defender": e.defender, "facing": e.facing,
                         "rounds": e.rounds, "charged": e.charged_at == [state.turn, state.side],
                         "counter_charge": e.counter, "fought": e.fought} for e in state.engagements],
        "charges": [{"id": c.id, "charger": c.charger, "target": c.target, "facing": c.facing,
                     "distance": c.distance, "reaches": c.reaches, "reaction": c.reaction, "status": c.status}
                    for c in state.charges if c.turn == state.turn and c.side == state.side],
        "pending": pending,
        # Who plays, as every game's view says it: the sides (their player's name beside).
        "players": {side: {"player": state.sides[side].get("player"), "controller": "human"} for side in SIDES},
        "awaiting": awaiting(state),
        "vp": points, "quarters": dict(state.quarters), "captured": [dict(c) for c in state.captured],
        "hints": hints(state),
        "broken": broken_now(state), "pursuits": pursuits(state),
        "result": state.result,
        "table_dice": state.table_dice,  # a command waiting for the table's dice: what it wants next
    }


def outcome(state: BattleState):
    """Where the battle stands, for the one interface: the winner side first once it has ended (victory points
    decide while it runs; a draw ranks a first)."""
    from ...core.outcome import from_ranking
    points = vp(state)
    ended = state.phase == "ended"
    winner = (state.result or {}).get("winner") if ended else None
    order = sorted(("a", "b"), key=lambda side: (side != winner, -points.get(side, 0), side))
    return from_ranking(ended, [{"player": side} for side in order], details={"vp": points})


def redact_entry(entry: dict[str, Any], viewer: str | None) -> dict[str, Any]:
    """A battle's journal line as a viewer may read it: all of it. Everything the tracker journals happened on
    the table in front of both players (facts, tests and their dice, combats); the battle has no secret."""
    return entry
