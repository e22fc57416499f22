"""The Atlantis ruleset: orders declared as data (who, when, what), setup, the end, and views.

`AtlantisRules` is a `campagne.core.game.Ruleset`. Legality is checked in one place per order,
before anything changes; `apply` dispatches through `ORDERS`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.dice import Dice
from ...core.errors import CampagneError
from ...core.names import did_you_mean
from ...core.orders import Arg, Order, order_for
from ..skirmish.convert import cleanse_order, grid_armies
from ..skirmish.grid_order import grid_order
from . import army as armies
from . import adjust, battles, conquest, diplomacy, economy, movement, turn
from . import messages  # noqa: F401  (registers the order messages)
from .context import Ctx, Event, need
from .data import constants
from .map import load_default_map, map_from_mapping
from .state import NUMBERED_PER_PLAYER, PHASES, REFEREE, AtlantisState, Player, phase_label


def order_choose(ctx: Ctx) -> list[Event]:
    """"Le joueur choisit dans l'ordre décroissant du résultat du dé, le royaume qu'il a conquis" and
    places his army token on one of its three territories."""
    s = ctx.state
    turn.require_phase(s, "setup")
    p = ctx.player()
    chooser = next(pid for pid in s.setup_order if s.players[pid].kingdom is None)
    need(p.id == chooser, "setup.not_your_turn", player=p.id, current=chooser)
    kid = ctx.arg("kingdom")
    if not (kid in s.map.kingdoms and s.map.kingdoms[kid].colonisable):  # the hint (a fuzzy match) only then
        raise CampagneError("setup.bad_kingdom", kingdom=kid,
                            hint=did_you_mean(str(kid), [k for k, v in s.map.kingdoms.items() if v.colonisable]))
    need(all(q.kingdom != kid for q in s.players.values()), "setup.kingdom_taken", kingdom=kid)
    tid = ctx.territory()
    need(s.map.territories[tid].kingdom == kid, "setup.not_in_kingdom", territory=tid, kingdom=kid)
    p.kingdom = kid
    for t in s.map.kingdom_territories(kid):
        s.owners[t] = p.id
    p.position = p.came_from = tid
    p.loot = ctx.k["start_loot"]
    events: list[Event] = [{"type": "colony", "player": p.id, "kingdom": kid, "territory": tid}]
    if all(q.kingdom for q in s.players.values()):
        events += turn.start_turn(ctx)
    return events


def order_next(ctx: Ctx) -> list[Event]:
    s = ctx.state
    need(s.phase not in ("setup", "ended"), "order.wrong_phase", phase=phase_label(s.phase),
         allowed=phase_label(*PHASES))
    waiting = awaiting(s)
    need(not waiting, "phase.waiting", phase=phase_label(s.phase), players=", ".join(waiting))
    return turn.close_phase(ctx)


def standings(s: AtlantisState) -> list[dict[str, Any]]:
    """Most territories; then the city of Atlantis; then loot + army points (the D6 roll-off is rolled)."""
    atlantis_city = s.map.royal_city("atlantis")
    rows = []
    for p in s.players.values():
        # « la somme (butin + point d'armée) »: reinforcements paid for and not yet arrived are army points
        # (1 point of loot = 1 army point), and so are the survivors of a destroyed army on their way home.
        points = (p.army.points if p.army else 0) + (p.returning.points if p.returning else 0) \
            + sum(int(item.get("cost", 0)) for item in p.pending_reinforcements)
        rows.append({"player": p.id, "name": p.name, "territories": len(s.owned(p.id)),
                     "atlantis": s.owners.get(atlantis_city) == p.id, "loot": p.loot, "army_points": points,
                     "wealth": p.loot + points})
    rows.sort(key=lambda r: (-r["territories"], not r["atlantis"], -r["wealth"]))
    return rows


def end_checks(ctx: Ctx) -> None:
    """What may refuse the end, reading the state only (the legal orders ask it on the state itself): a campaign
    begun and not over. The standings and their roll-off refuse nothing."""
    s = ctx.state
    need(s.phase != "setup" and s.phase != "ended", "order.wrong_phase", phase=phase_label(s.phase),
         allowed=phase_label(*PHASES))


def order_end(ctx: Ctx) -> list[Event]:
    """"La fin de la campagne sera déclarée d'un commun accord": the referee declares it."""
    s = ctx.state
    end_checks(ctx)
    rows = standings(s)
    key = lambda r: (r["territories"], r["atlantis"], r["wealth"])  # noqa: E731
    tied = [r for r in rows if key(r) == key(rows[0])]
    rolloff: dict[str, int] = {}
    while len(tied) > 1:  # "Eventuellement le duel peut être remplacé par le jet d'1D6"
        rolls = {r["player"]: ctx.roll("D6", f"roll-off {r['player']}") for r in tied}
        rolloff.update(rolls)
        best = max(rolls.values())
        tied = [r for r in tied if rolls[r["player"]] == best]
    winner = tied[0]["player"]
    rows.sort(key=lambda r: (r["player"] != winner,))
    for i, r in enumerate(rows):
        r["rank"] = i + 1
    s.standings = rows
    s.phase = "ended"
    return [{"type": "campaign_ended", "turn": s.turn, "winner": winner, "standings": rows, "rolloff": rolloff}]


def order_take_over(ctx: Ctx) -> list[Event]:
    """"Un joueur éliminé pourra prendre le rôle d'un général Atlante" — of a kingdom (not Atlantis)
    that still has its royal city. See docs for what he starts with."""
    s = ctx.state
    p = ctx.player()
    need(p.eliminated, "setup.not_eliminated", player=p.id)
    kid = ctx.arg("kingdom")
    need(kid in s.map.kingdoms and kid != "atlantis", "setup.bad_kingdom", kingdom=kid)
    city = s.map.royal_city(kid)
    need(s.owners.get(city) is None, "setup.city_taken", kingdom=kid)
    raw_army = ctx.cmd.get("army", "atlante")  # the Atlantean list, as the CLI's default
    need(isinstance(raw_army, (dict, str)), "order.bad_field", field="army", value=raw_army)
    army = (armies.Army.from_dict(raw_army) if isinstance(raw_army, dict)
            else armies.load_packaged_army(raw_army))
    need(army.points <= ctx.k["start_army_points"], "setup.army_too_big", points=army.points,
         max=ctx.k["start_army_points"])
    armies.roll_warbands(army, ctx.dice)
    lands = [t for t in s.map.kingdom_territories(kid) if s.owners.get(t) is None]
    for t in lands:
        s.owners[t] = p.id
    p.kingdom, p.army, p.position, p.came_from = kid, army, city, city
    p.eliminated, p.loot = False, ctx.k["start_loot"]
    # Nothing of the lost colony follows the new general: no orders due, nothing bought or returning.
    p.must_leave = p.must_retreat = False
    p.retreat_from, p.retreat_kind, p.unsupplied_turns = None, "battle", 0
    p.pending_reinforcements, p.returning = [], None
    return [{"type": "take_over", "player": p.id, "kingdom": kid, "territories": lands}]


def _h(fr: str, en: str) -> dict[str, str]:
    return {"fr": fr, "en": en}


TERRITORY = Arg("territory", help=_h("un territoire (identifiant ou nom)", "a territory (id or name)"))
# Each player numbers the agreements he may see (state.Agreement): an order names his own number.
_PROPOSED_NUMBER = _h("votre numéro de l'accord proposé (chaque joueur numérote ceux qu'il voit)",
                      "your number for the proposed agreement (each player numbers those he sees)")

ORDERS: dict[str, Order] = {
    "choose": Order(order_choose, "player", ("setup",),
                    (Arg("kingdom", help=_h("le royaume", "the kingdom")), TERRITORY),
                    _h("choisir son royaume et le territoire de son armée",
                       "choose one's kingdom and the territory of one's army")),
    "next": Order(order_next, "referee", None, help=_h("clore la phase", "close the phase")),
    "agree": Order(diplomacy.order_agree, "player", ("diplomacy", "supply"),
                   (Arg("parties", "rest", _h("les autres parties", "the other parties")),),
                   _h("proposer un accord, qui lie quand chaque partie l'a confirmé (--set text=..., public=false, "
                      "loot=..., passage=[...])",
                      "propose an agreement, binding once every party has confirmed it (--set text=..., "
                      "public=false, loot=..., passage=[...])")),
    "accept": Order(diplomacy.order_accept, "player", ("diplomacy", "supply"),
                    (Arg("agreement", "int", _PROPOSED_NUMBER),),
                    _h("confirmer un accord proposé", "confirm a proposed agreement")),
    "decline": Order(diplomacy.order_decline, "player", ("diplomacy", "supply"),
                     (Arg("agreement", "int", _PROPOSED_NUMBER),),
                     _h("refuser un accord proposé (ou retirer le sien)", "decline a proposed agreement (or withdraw one's own)")),
    "break": Order(diplomacy.order_break, "player", None,
                   (Arg("agreement", "int", _h("votre numéro de l'accord (chaque joueur numérote ceux qu'il voit)",
                                               "your number for the agreement (each player numbers those he sees)")),),
                   _h("rompre un accord", "break an agreement")),
    "buy": Order(economy.order_buy, "player", ("loot",),
                 (Arg("unit", help=_h("l'unité", "the unit")),
                  Arg("models", "int", _h("nombre de figurines", "number of models"))),
                 _h("acheter des renforts", "buy reinforcements")),
    "recruit": Order(economy.order_recruit, "player", ("loot",),
                     (Arg("unit_file", help=_h("fichier TOML de la nouvelle unité", "the new unit's TOML file")),),
                     _h("recruter une nouvelle unité", "recruit a new unit")),
    "fortress": Order(economy.order_fortress, "player", ("loot",), (TERRITORY,),
                      _h("construire une forteresse", "build a fortress")),
    "reorganise": Order(economy.order_reorganise, "player", ("loot",),
                        (Arg("army_file", help=_h("la liste d'armée réorganisée (fichier TOML ou nom)",
                                                  "the reorganised army list (TOML file or name)")),),
                        _h("réorganiser son armée", "reorganise one's army")),
    "supply-spend": Order(economy.order_supply_spend, "player", ("supply",),
                          (Arg("loot", "int", _h("butin dépensé", "loot spent")),),
                          _h("dépenser du butin pour le ravitaillement", "spend loot on supply")),
    "move": Order(movement.order_move, "player", ("movement",),
                  (Arg("path", "rest", _h("un ou deux territoires", "one or two territories")),),
                  _h("déplacer son armée", "move one's army")),
    "hold": Order(movement.order_hold, "player", ("movement",), help=_h("rester sur place", "stay put")),
    "wait": Order(movement.order_wait, "player", ("movement",),
                  (Arg("initiative", "int", _h("l'initiative à laquelle rejouer", "the initiative to move at")),),
                  _h("attendre une initiative plus basse", "wait for a lower initiative")),
    "strategy": Order(battles.order_strategy, "player", ("battles",),
                      (Arg("strategy", help=_h("frontal, defence, rapid, outflank ou wait",
                                               "frontal, defence, rapid, outflank or wait")),),
                      _h("inscrire sa stratégie (secrète)", "write down one's (secret) strategy")),
    "grid": grid_order(battles.order_grid),
    "cleanse": cleanse_order(),
    "battle-result": Order(battles.order_battle_result, "referee", ("battles",),
                           help=_h("saisir le résultat d'une bataille", "enter a battle's result")),
    "auto-resolve": Order(battles.order_auto_resolve, "referee", ("battles",),
                          help=_h("résoudre une bataille automatiquement", "auto-resolve a battle")),
    "reroll-terrain": Order(battles.order_reroll_terrain, "referee", ("battles",),
                            help=_h("générer à nouveau le terrain", "generate the battlefield again")),
    "negotiate": Order(conquest.order_negotiate, "player", ("conquest",),
                       help=_h("négocier un droit de passage (--bribe)", "negotiate a right of passage (--bribe)")),
    "conquer": Order(conquest.order_conquer, "player", ("conquest",),
                     help=_h("conquérir le territoire (--bribe)", "conquer the territory (--bribe)")),
    "withdraw": Order(conquest.order_withdraw, "player", ("conquest",),
                      help=_h("se retirer", "withdraw")),
    "end": Order(order_end, "referee", None, help=_h("finir la campagne", "end the campaign")),
    "losses": Order(economy.order_losses, "player", None,
                    (Arg("units", "rest", _h("les unités qui prennent les pertes d'abord, dans l'ordre (aucune : la "
                                             "règle par défaut)", "the units that take losses first, in order "
                                             "(none: the default rule)")),),
                    _h("choisir les unités qui prennent les pertes (événements, désertion, conquête, bataille "
                       "résolue par la table)", "choose the units that take losses (events, desertion, conquest, "
                       "an auto-resolved battle)")),
    "adjust": Order(adjust.order_adjust, "referee", PHASES,
                    (Arg("what", help=_h("loot, owner, fortresses ou models", "loot, owner, fortresses or models")),
                     Arg("words", "rest", _h("loot JOUEUR N | owner TERRITOIRE JOUEUR|none | fortresses TERRITOIRE N "
                                             "| models JOUEUR UNITÉ N", "loot PLAYER N | owner TERRITORY PLAYER|none "
                                             "| fortresses TERRITORY N | models PLAYER UNIT N"))),
                    _h("corriger la comptabilité de la campagne, avec sa raison (--set reason=\"...\")",
                       "correct the campaign's bookkeeping, with its reason (--set reason=\"...\")")),
    "take-over": Order(order_take_over, "player", None,
                       (Arg("kingdom", help=_h("le royaume atlante", "the Atlantean kingdom")),),
                       _h("prendre la tête d'un royaume atlante", "take over an Atlantean kingdom")),
}


def awaiting(s: AtlantisState) -> list[str]:
    if s.phase == "setup":
        return [next(pid for pid in s.setup_order if s.players[pid].kingdom is None)]
    if s.phase == "movement":
        return s.acting[:1]
    if s.phase == "battles":
        return battles.battles_awaiting(s)
    if s.phase == "conquest":
        return conquest.conquest_awaiting(s)
    return []


def _placement_order(rolls: dict[str, int], dice: Dice, expr: str,
                     rerolls: list[dict[str, int]]) -> list[str]:
    """Descending order of the D100; only the players who tie roll again, to order themselves
    within their place (a re-roll never moves a player past one he had already beaten)."""
    order: list[str] = []
    for value in sorted(set(rolls.values()), reverse=True):
        tied = [pid for pid in rolls if rolls[pid] == value]
        if len(tied) == 1:
            order += tied
            continue
        again = {pid: dice.roll(expr, f"placement {pid}") for pid in tied}
        rerolls.append(again)
        order += _placement_order(again, dice, expr, rerolls)
    return order


class AtlantisRules:
    """The Atlantis campaign as a `Ruleset` (see campagne.core.game)."""

    name = "atlantis"

    def new_state(self, setup: Mapping[str, Any], dice: Dice) -> tuple[AtlantisState, list[Event]]:
        raw_players = setup.get("players")
        if not isinstance(raw_players, list) or not 1 <= len(raw_players) <= 9:
            raise CampagneError("setup.players", count=len(raw_players) if isinstance(raw_players, list) else 0)
        tmap = map_from_mapping(setup["map"]) if setup.get("map") else load_default_map()
        players: dict[str, Player] = {}
        k = constants()
        for raw in raw_players:
            pid = raw.get("id")
            if not isinstance(pid, str) or not pid or pid in players or pid == REFEREE:
                raise CampagneError("setup.bad_player", player=pid)
            army = armies.Army.from_dict(raw["army"])
            if army.points > k["start_army_points"]:
                raise CampagneError("setup.army_too_big", points=army.points, max=k["start_army_points"])
            players[pid] = Player(id=pid, name=raw.get("name", pid), controller=raw.get("controller", "human"),
                                  army=army)
        for tid, t in tmap.territories.items():
            # A club's map may give territories to players: only to players of this campaign.
            if t.owner is not None and t.owner not in players:
                raise CampagneError("setup.bad_owner", territory=tid, owner=t.owner, players=", ".join(players),
                                    hint=did_you_mean(str(t.owner), players))
        state = AtlantisState(map=tmap, players=players,
                              owners={t: tmap.territories[t].owner for t in tmap.territories},
                              fortresses={t: tmap.territories[t].fortresses for t in tmap.territories},
                              numbered_per_player=setup.get(NUMBERED_PER_PLAYER[0]) == NUMBERED_PER_PLAYER[1],
                              grid_armies=grid_armies(setup))
        events: list[Event] = []
        for p in players.values():
            armies.roll_warbands(p.army, dice)
        # "chaque joueur lance 1D100 ... dans l'ordre décroissant du résultat du dé"; ties roll again.
        rerolls: list[dict[str, int]] = []
        rolls = {pid: dice.roll(k["setup_roll"], f"placement {pid}") for pid in players}
        for pid, r in rolls.items():
            players[pid].setup_roll = r
        state.setup_order = _placement_order(rolls, dice, k["setup_roll"], rerolls)
        events.append({"type": "placement_rolls", "rolls": rolls, "order": state.setup_order,
                       "rerolls": rerolls})
        return state, events

    def apply(self, state: AtlantisState, command: dict[str, Any], dice: Dice) -> list[Event]:
        spec = order_for(ORDERS, command, state.phase, state.players, phase_label)
        return spec.handler(Ctx(state, command, dice))

    def awaiting(self, state: AtlantisState) -> list[str]:
        return awaiting(state)

    def view(self, state: AtlantisState, viewer: str | None) -> dict[str, Any]:
        from .views import view
        return view(state, viewer)

    def phase(self, state: AtlantisState) -> tuple[int, str]:
        """The view's turn and phase, without drawing the view."""
        return state.turn, state.phase
