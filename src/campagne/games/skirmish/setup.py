"""Set-up of a grid battle: the camps and their rosters, the battlefield, the defender; and the seed's rule on
civilians attacked with nobody to defend them.

A set-up is data: {"players": [{"id", "controller", "name", "roster"}], "battlefield": name or table,
"defender": id}. A roster is a packaged name (data/rosters.toml) or a list of unit entries: a card id, or
{"card", "spells"?, "id"?, "cell"?, "hp"?} (a campaign's conversion and the tests' positions use these). When
every unit has a cell the battle starts at round 1 without deployment.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.errors import CampagneError, need, register_messages
from ...core.players import controller_kind
from .data import cards, rosters, spells
from .grid import battlefield
from .state import SkirmishState, Unit

CONTROLLERS = ("human", "random", "greedy", "absent", "search")
MOST_ENGAGEMENTS = 9  # battles engaged one after the other between the same camps (followup.py)

register_messages({
    "skirmish.setup.players": {"en": "A battle needs 2 to {most} camps with different names (got {players}).",
                               "fr": "Une bataille demande de 2 à {most} camps aux noms distincts ({players} donnés)."},
    "skirmish.setup.controller": {"en": "Unknown controller {controller!r} (human, random, greedy, absent or search).",
                                  "fr": "Contrôleur inconnu {controller!r} (human, random, greedy, absent ou search)."},
    "skirmish.setup.roster": {"en": "Unknown roster {roster!r} (one of: {known}).",
                              "fr": "Liste d'armée inconnue {roster!r} (au choix : {known})."},
    "skirmish.setup.unit": {"en": "Invalid unit {unit!r} in {camp}'s roster: {why}.",
                            "fr": "Unité {unit!r} invalide dans la liste de {camp} : {why}."},
    "skirmish.setup.defender": {"en": "The defender {defender!r} is none of the camps.",
                                "fr": "Le défenseur {defender!r} n'est aucun des camps."},
    "skirmish.no_battle_result": {"en": "A grid battle is fought on its grid, order by order: it has no "
                                        "battle-result (a campaign's battle is: battle-result TERRITORY --auto "
                                        "--resolver grid).",
                                  "fr": "Une bataille sur quadrillage se joue sur son quadrillage, ordre par ordre : "
                                        "elle n'a pas de battle-result (celle d'une campagne, si : battle-result "
                                        "TERRITOIRE --auto --resolver grid)."},
    "skirmish.setup.readings": {"en": "Unknown readings {readings!r} (1: a battle set up before issue 24, 2: now).",
                                "fr": "Lectures inconnues {readings!r} (1 : une bataille d'avant le ticket 24, 2 : "
                                      "maintenant)."},
    "skirmish.setup.engagements": {"en": "The battles engaged one after the other are a whole number from 1 to {most}.",
                                   "fr": "Les batailles engagées l'une après l'autre sont un nombre entier de 1 à {most}."},
    "skirmish.setup.zone": {"en": "{camp} has {units} units but its deployment zone only {cells} cells.",
                            "fr": "{camp} a {units} unités mais sa zone de déploiement seulement {cells} cases."},
})


def build_setup(players: list[dict[str, Any]], options: Mapping[str, Any]) -> dict[str, Any]:
    """The descriptor's set-up: `-p alice:human:garrison -p bob:greedy:warband [--battlefield hills]
    [--defender bob]`."""
    setup = {"players": [{"id": p["id"], "controller": p.get("controller") or "human",
                          "name": p.get("name") or p["id"], "roster": p.get("roster") or "patrol"} for p in players],
             "battlefield": options.get("battlefield") or "plain", "readings": 2}
    if options.get("defender"):
        setup["defender"] = options["defender"]
    if options.get("engagements") not in (None, 1):  # only when asked: older set-ups unchanged
        setup["engagements"] = options["engagements"]
    read(setup)  # refused now, before any journal is written
    return setup


def battle_command(target: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """`campagne battle-result` on a grid battle's own journal: refused with a sentence."""
    raise CampagneError("skirmish.no_battle_result")


def _entries(camp: str, roster: Any) -> list[Mapping[str, Any]]:
    if isinstance(roster, str):
        known = rosters()
        if roster not in known:
            raise CampagneError("skirmish.setup.roster", roster=roster, known=", ".join(known))
        roster = known[roster]["units"]
    need(isinstance(roster, list) and bool(roster), "skirmish.setup.roster", roster=roster, known=", ".join(rosters()))
    return [{"card": e} if isinstance(e, str) else e for e in roster]


def _unit(camp: str, entry: Any, uid: str) -> Unit:
    if not isinstance(entry, Mapping) or entry.get("card") not in cards():
        raise CampagneError("skirmish.setup.unit", unit=entry, camp=camp, why="unknown card")
    card = cards()[entry["card"]]
    chosen = tuple(entry.get("spells") or card.spells)
    # « l'unité apprend autant de sorts que sa puissance magique lors de sa création »
    need(len(chosen) == card.magic and len(set(chosen)) == len(chosen) and all(s in spells() for s in chosen),
         "skirmish.setup.unit", unit=card.id, camp=camp, why=f"Magic {card.magic} learns {card.magic} spells")
    hp = entry.get("hp", card.hp)
    need(isinstance(hp, int) and 0 < hp <= card.hp, "skirmish.setup.unit", unit=card.id, camp=camp, why="hit points")
    # a follow-up battle's survivor (followup.py) or a campaign's unit brings its corruption with it
    corruption = entry.get("corruption", 0)
    need(isinstance(corruption, int) and not isinstance(corruption, bool) and corruption >= 0, "skirmish.setup.unit",
         unit=card.id, camp=camp, why="corruption")
    return Unit(str(entry.get("id") or uid), card.id, camp, hp, chosen, corruption=corruption)


def read(setup: Mapping[str, Any]) -> SkirmishState:
    bf = battlefield(setup.get("battlefield"))
    raw = setup.get("players")
    ok = isinstance(raw, list) and all(isinstance(p, Mapping) and isinstance(p.get("id"), str) for p in raw)
    ids = [p["id"] for p in raw] if ok else []  # type: ignore[union-attr]
    need(ok and 2 <= len(ids) <= len(bf.zones) and len(set(ids)) == len(ids) and "referee" not in ids,
         "skirmish.setup.players", most=len(bf.zones), players=", ".join(map(str, ids)) or "-")
    readings = setup.get("readings", 1)  # a set-up written before issue 24 has none: its readings stay
    need(readings in (1, 2) and not isinstance(readings, bool), "skirmish.setup.readings", readings=readings)
    defender = setup.get("defender", ids[0])
    need(defender in ids, "skirmish.setup.defender", defender=defender)
    camps = ids[ids.index(defender):] + ids[:ids.index(defender)]  # the defender first, then as given
    controllers = {p["id"]: p.get("controller", "human") for p in raw}  # type: ignore[union-attr]
    for c in controllers.values():
        need(controller_kind(c) in CONTROLLERS, "skirmish.setup.controller", controller=c)
    units: dict[str, Unit] = {}
    counts: dict[str, int] = {}
    cells: dict[str, Any] = {}
    for p in raw:  # type: ignore[union-attr]
        for entry in _entries(p["id"], p.get("roster", "patrol")):
            card = entry.get("card") if isinstance(entry, Mapping) else None
            counts[str(card)] = counts.get(str(card), 0) + 1
            u = _unit(p["id"], entry, f"{card}.{counts[str(card)]}")
            need(u.id not in units, "skirmish.setup.unit", unit=u.id, camp=p["id"], why="a second unit of this id")
            units[u.id] = u
            cells[u.id] = entry.get("cell")
    zones = {c: bf.zones[camps.index(c)] for c in camps}
    state = SkirmishState(bf, camps, controllers, {p["id"]: str(p.get("name") or p["id"]) for p in raw},  # type: ignore[union-attr]
                          units, zones, {c: sum(u.hp for u in units.values() if u.camp == c) for c in camps},
                          readings=readings)
    engagements = setup.get("engagements", 1)
    need(isinstance(engagements, int) and not isinstance(engagements, bool) and 1 <= engagements <= MOST_ENGAGEMENTS,
         "skirmish.setup.engagements", most=MOST_ENGAGEMENTS)
    state.engagements = engagements
    placed = [uid for uid, c in cells.items() if c is not None]
    if placed:  # a position: every unit on its cell, the battle at round 1
        taken: set[int] = set()
        for uid, name in cells.items():
            i = bf.index(name) if isinstance(name, str) else None
            need(i is not None and i not in taken, "skirmish.setup.unit", unit=uid, camp=units[uid].camp,
                 why=f"cell {name!r}")
            taken.add(i)  # type: ignore[arg-type]
            units[uid].cell, units[uid].status = i, "deployed"
    else:
        for c in camps:
            n = sum(1 for u in units.values() if u.camp == c)
            need(n <= len(zones[c]), "skirmish.setup.zone", camp=c, units=n, cells=len(zones[c]))
    return state
