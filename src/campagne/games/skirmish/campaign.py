"""Campaign battles fought on the grid (issue 12, « Campaign battles on the grid »): an Atlantis or Gorges
battle becomes a grid battle between the two armies, converted to unit cards (data/conversion.toml), on the
packaged battlefield drawn for the territory's terrain, fought to its end by the heuristic computer players,
and its result (winner, losses) given back in the form the campaign's other resolvers give.

Every die is rolled on the campaign command's own dice (recorded in its journal entry); the computers choose
from the battle's state alone (their random numbers are seeded by the battle's place and order number), so
the campaign's journal replays the battle exactly from its recorded dice.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from ...core.dice import Dice
from ...core.errors import CampagneError
from . import convert
from .ai import tactician
from .data import DATA, battlefield_for
from .legal import legal_orders
from .rules import SkirmishRules
from .state import SkirmishState
from .views import Memo, view

RULES = SkirmishRules()
WIZARD_WORDS = ("wizard", "sorcier", "sorcerer", "mage", "shaman", "chaman", "priest", "prêtre", "magic")


@cache
def conversion() -> dict[str, Any]:
    import tomllib
    with open(DATA / "conversion.toml", "rb") as f:
        return tomllib.load(f)


def _card_of(unit: Any) -> str:
    table = conversion()["atlantis"]
    if unit.kind == "character":
        words = " ".join([unit.name, unit.id, *unit.special_rules]).lower()
        return table["wizard"] if any(w in words for w in WIZARD_WORDS) else table["character"]
    if unit.kind == "infantry" and unit.ws <= 2:
        return table["inferior_infantry"]
    return table[unit.kind]


def atlantis_roster(pid: str, army: Any) -> list[dict[str, Any]]:
    """An Atlantis army as unit cards: one per `models_per_card` models begun (at most `most_cards_per_unit`),
    a character one card, the general one more; each card's id names its player and its army unit."""
    table = conversion()["atlantis"]
    out: list[dict[str, Any]] = []
    for u in army.living_units:
        n = 1 if u.is_character else min(table["most_cards_per_unit"], -(-u.models // table["models_per_card"]))
        out += [{"card": _card_of(u), "id": f"{pid}.{u.id}.{k + 1}"} for k in range(n)]
    if army.has_general:
        out.append({"card": table["general"], "id": f"{pid}.general"})
    return out


def gorges_roster(pid: str, army: Any) -> list[dict[str, Any]]:
    from .data import rosters
    table = conversion()["gorges"]
    tag = army.ref.replace(":", ".")
    base = [u if isinstance(u, str) else u["card"] for u in rosters()[table["roster"]]["units"]]
    out = [{"card": c, "id": f"{tag}.{c}.{k + 1}"} for k, c in enumerate(base)]
    out += [{"card": table["renown"], "id": f"{tag}.renown.{k + 1}"} for k in range(len(army.renown))]
    if army.hero.present:
        out.append({"card": table["hero"], "id": f"{tag}.hero"})
    return out


def fight(setup: dict[str, Any], dice: Dice, key: str, limit: int = 5000) -> SkirmishState:
    """The grid battle of `setup` played to its end by the heuristic computers on `dice`."""
    state, _ = RULES.new_state(setup, dice)
    memo = Memo()  # this battle's, reckoned once: its field's table, its attacks' odds
    for n in range(limit):
        if state.ended:
            break
        camp = state.current
        command = tactician(view(state, camp, memo), legal_orders(state, camp, memo),
                            random.Random(f"grid:{key}:{n}"))
        RULES.apply(state, command, dice)  # type: ignore[arg-type]
    return state


def winner_of(state: SkirmishState) -> str:
    """A campaign battle needs a winner: the camp left alone, else the one that kept the larger share of its
    hit points, the defender on a tie (« Le joueur absent est considéré comme défenseur »: it holds)."""
    if state.winner:
        return state.winner
    defender = state.camps[0]
    return max(state.camps, key=lambda c: (state.score(c), c == defender))


def _setup(camps: list[tuple[str, list[dict[str, Any]]]], terrain: str, engagements: int = 1,
           v: int = 1) -> dict[str, Any]:
    """The grid battle's set-up. A campaign set up with the conversion of issue 24 (`v` 2) also fights by the
    grid's readings of issue 24 (one-way sight, the end when one camp is eliminated, card actions); an older
    campaign keeps the set-up its journal was written with, so it replays bit for bit."""
    setup = {"players": [{"id": pid, "controller": "greedy", "roster": roster} for pid, roster in camps],
             "battlefield": battlefield_for(terrain)}
    if engagements != 1:  # the follow-up battles ordered (followup.py); older set-ups unchanged
        setup["engagements"] = engagements
    if v >= 2:
        setup["readings"] = 2
    return setup


def engagements(command: dict[str, Any]) -> int:
    """The battles the referee orders engaged one after the other (`--engagements N`, 1 by default)."""
    from ...core.errors import need
    from .setup import MOST_ENGAGEMENTS
    n = command.get("engagements", 1)
    need(isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= MOST_ENGAGEMENTS, "order.bad_field",
         field="engagements", value=n)
    return n


def fits(setup: dict[str, Any]) -> bool:
    """The grid can hold this battle: each camp's units fit its deployment zone (a large army may not)."""
    try:
        RULES.new_state(setup, Dice.seeded("grid-fits", 0))
    except CampagneError:
        return False
    return True


def atlantis_setup(state: Any, battle: Any, engaged: int = 1) -> tuple[dict[str, Any], Any, Any]:
    """The grid battle of an Atlantis battle, its attacker and its defender (« Le joueur absent est considéré
    comme défenseur »)."""
    pa, pb = state.players[battle.a], state.players[battle.b]
    attacker, defender = pa, pb
    if pa.controller == "absent" and pb.controller != "absent":
        attacker, defender = pb, pa
    terrain = state.map.territories[battle.territory].terrain
    roster = atlantis_roster if convert.version(state) < 2 else \
        (lambda pid, army: convert.carry(state, convert.atlantis_cards(pid, army, _card_of)))
    setup = _setup([(defender.id, roster(defender.id, defender.army)),
                    (attacker.id, roster(attacker.id, attacker.army))], terrain, engaged, convert.version(state))
    return setup, attacker, defender


def resolve_atlantis_battle(state: Any, battle: Any, dice: Dice, engaged: int = 1) -> dict[str, Any]:
    """An Atlantis battle on the grid; the result the Atlantis `aftermath` applies (as the `wab` resolver's):
    winner, loser, killed (models per army unit: its cards' share of hit points lost, rounded to the
    nearest), fled (none: nobody flees a grid battle), characters (a character's or the general's card
    destroyed: « how » battle, so the seed's recovery roll follows), vp (hit points inflicted)."""
    setup, attacker, defender = atlantis_setup(state, battle, engaged)
    grid = fight(setup, dice, f"{battle.territory}")
    convert.remember(state, grid)
    return atlantis_result(battle, grid, attacker, defender, convert.version(state))


def atlantis_result(battle: Any, grid: SkirmishState, attacker: Any, defender: Any, v: int = 1) -> dict[str, Any]:
    """The Atlantis result of an ended grid battle, whoever fought it (the computers, or the players)."""
    winner = winner_of(grid)
    loser = defender.id if winner == attacker.id else attacker.id
    killed: dict[str, dict[str, int]] = {attacker.id: {}, defender.id: {}}
    characters = []
    for p in (attacker, defender):
        for u in p.army.living_units:
            cards = [c for c in grid.of(p.id) if c.id.startswith(f"{p.id}.{u.id}.")]
            if not cards:
                continue
            if u.is_character:
                if cards[0].status == "destroyed":
                    characters.append({"player": p.id, "unit": u.id, "how": "battle"})
                continue
            full = sum(c.kind.hp for c in cards)
            lost = full - sum(c.hp for c in cards)
            n = min(u.models, (2 * u.models * lost + full) // (2 * full)) if v < 2 else \
                convert.atlantis_killed(u.models, lost, full, v)
            if n:
                killed[p.id][u.id] = n
        general = grid.units.get(f"{p.id}.general")
        if general is not None and general.status == "destroyed":
            characters.append({"player": p.id, "unit": "general", "how": "battle"})
    inflicted = {c: grid.start_hp[o] - grid.hp_left(o) for c in grid.camps for o in grid.camps if o != c}
    out = {"winner": winner, "loser": loser, "resolver": "grid", "attacker": attacker.id, "defender": defender.id,
           "scenario": battle.scenario, "battlefield": grid.field.id, "rounds": grid.round,
           "killed": killed, "fled": {attacker.id: {}, defender.id: {}}, "characters": characters,
           "vp": inflicted, "hp_left": {c: grid.hp_left(c) for c in grid.camps}}
    return out | (_kept(grid) if v >= 2 else {})


def _kept(grid: SkirmishState) -> dict[str, Any]:
    """What a version-2 result keeps of the grid (issue 24): the battles engaged, whether the last one was
    decided, the survivors as they stand (a follow-up's roster) and the corruption they carry out."""
    return {"engagements": grid.engagement, "decided": grid.winner is not None,
            "survivors": convert.survivors(grid), "corruption": convert.corruption(grid)}


def gorges_setup(state: Any, battle: Any, attacker: Any, defender: Any, engaged: int = 1) -> dict[str, Any]:
    terrain = state.map.cell(battle.territory).terrain
    if convert.version(state) < 2:
        return _setup([(defender.player, gorges_roster(defender.player, defender)),
                       (attacker.player, gorges_roster(attacker.player, attacker))], terrain, engaged)
    return _setup([(defender.player, convert.carry(state, convert.gorges_cards(state, defender, attacker))),
                   (attacker.player, convert.carry(state, convert.gorges_cards(state, attacker, defender)))],
                  terrain, engaged, 2)


def resolve_gorges_battle(state: Any, battle: Any, attacker: Any, defender: Any, dice: Dice,
                          engaged: int = 1) -> dict[str, Any]:
    """A Gorges battle on the grid: winner, and the armies whose legendary hero's card was destroyed (the
    hero killed, as the auto-resolve's `heroes_killed`)."""
    grid = fight(gorges_setup(state, battle, attacker, defender, engaged), dice, f"gorges:{battle.id}")
    convert.remember(state, grid)
    return gorges_result(grid, attacker, defender, convert.version(state))


def gorges_result(grid: SkirmishState, attacker: Any, defender: Any, v: int = 1) -> dict[str, Any]:
    """The Gorges result of an ended grid battle, whoever fought it."""
    winner = winner_of(grid)
    killed = [a.ref for a in (attacker, defender)
              if (hero := grid.units.get(f"{a.ref.replace(':', '.')}.hero")) is not None and hero.status == "destroyed"]
    out = {"winner": winner, "heroes_killed": killed, "battlefield": grid.field.id, "rounds": grid.round,
           "hp_left": {c: grid.hp_left(c) for c in grid.camps}}
    return out | (_kept(grid) if v >= 2 else {})


def gorges_final_setup(state: Any, percents: dict[str, Any], engaged: int = 1) -> dict[str, Any]:
    """The grid set-up of Gorges' final battle (`resolve_gorges_final`), read from the campaign's state: the
    advantages `percents` (in percent) raise each General's army's points."""
    from .grid import battlefield
    base = conversion()["gorges_v2"]["points"]["general"]
    field = battlefield(battlefield_for("plain"))
    camps = []
    for k, pid in enumerate(percents):
        army = state.players[pid].armies["G"]
        points = int(base * (100 + percents[pid]) / 100)
        roster = convert.gorges_cards(state, army, points=points, most=len(field.zones[k]))
        camps.append((pid, convert.carry(state, roster)))
    return _setup(camps, "plain", engaged, convert.version(state))


def resolve_gorges_final(state: Any, setup: dict[str, Any], dice: Dice) -> dict[str, Any]:
    """Gorges' final battle on the grid (« Plus un joueur possède de Point de Relique plus son armée sera
    avantagée lors de la bataille finale »), fought from its set-up (`gorges_final_setup`): every player's
    General's army, its points raised by its advantage (in percent), the camps in the order given (the first
    defends), on the plain; as many cards as each camp's deployment zone holds. The winner: the camp left alone,
    else by the share of hit points kept."""
    grid = fight(setup, dice, "gorges:final")
    convert.remember(state, grid)
    return {"winner": winner_of(grid), "battlefield": grid.field.id, "rounds": grid.round,
            "hp_left": {c: grid.hp_left(c) for c in grid.camps}, **_kept(grid)}
