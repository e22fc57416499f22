"""The Gorges Tranchées ruleset: set-up, the orders declared as data (who, when, what), and views.

`GorgesRules` is a `campagne.core.game.Ruleset`, like the Atlantis one: legality is checked in one place per
order, before anything changes, and `apply` dispatches through `ORDERS`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.dice import Dice
from ...core.errors import CampagneError, need, register_messages
from ...core.players import controller_kind
from ...core.orders import Arg, Order, order_for
from ..skirmish.convert import cleanse_order, grid_armies
from ..skirmish.grid_order import grid_order
from . import adjust, aftermath, battles, conquest, events, final, mines, movement, standing, turn
from .context import Ctx, Event
from .data import races
from .map import cell_id, from_mapping, load_default_map
from .odds import race_key
from .state import ARMY_KEYS, CONTROLLERS, PHASES, REFEREE, Army, GorgesState, Hero, Player, phase_label

register_messages({
    "gorges.setup.players": {"en": "A Gorges Tranchées campaign needs 2 to 8 players (got {count}).",
                             "fr": "Une campagne des Gorges Tranchées se joue de 2 à 8 joueurs ({count} donnés)."},
    "gorges.setup.bad_player": {"en": "Invalid or repeated player id {player!r}.",
                                "fr": "Identifiant de joueur invalide ou répété {player!r}."},
    "gorges.setup.bad_controller": {"en": "Unknown controller {controller!r} (human, random, greedy, absent or search).",
                                    "fr": "Contrôleur inconnu {controller!r} (human, random, greedy, absent ou search)."},
    "gorges.hero.present": {"en": "The hero of {army} is still there ({hero}).",
                            "fr": "Le héros de {army} est toujours là ({hero})."},
    "gorges.item.none": {"en": "{player} has no magic item waiting for a hero.",
                         "fr": "{player} n'a aucun objet magique en attente d'un héros."},
})


def awaiting(s: GorgesState) -> list[str]:
    if s.phase in ("setup", "ended"):
        return []
    if s.phase in ("events", "mines"):
        return list(s.acting)
    if s.phase in ("movement", "construction"):
        return s.acting[:1]
    if s.phase == "challenges":
        return conquest.pending_for(s) or s.acting[:1]
    if s.phase == "battles":
        return battles.battles_awaiting(s)
    if s.phase == final.PHASE:
        return [REFEREE]
    return []


def next_checks(ctx: Ctx) -> None:
    """What may refuse `next`, reading the state only (the legal orders ask it on the state itself): someone
    still to act. Closing the phase refuses nothing (the phases' openers, the turn's and the year's end)."""
    s = ctx.state
    waiting = awaiting(s)
    need(not waiting, "phase.waiting", phase=phase_label(s.phase), players=", ".join(waiting))


def order_next(ctx: Ctx) -> list[Event]:
    next_checks(ctx)
    return turn.close_phase(ctx)


def end_checks(ctx: Ctx) -> None:
    """What may refuse `end`, reading the state only: the final battle already waiting (readings 2)."""
    if ctx.state.readings >= 2:
        need(ctx.state.phase != final.PHASE, "gorges.final.waiting")


def order_end(ctx: Ctx) -> list[Event]:
    """The referee ends the campaign before winter's last turn (the club's decision): in the final battle
    (readings 2), else on relic points as campaigns set up before."""
    end_checks(ctx)
    if ctx.state.readings >= 2:
        return final.enter_final(ctx)
    return standing.finish(ctx)


def order_hero(ctx: Ctx) -> list[Event]:
    """A new legendary hero for an army whose hero died or was taken (« pris dans la liste des Seigneurs »)."""
    p = ctx.player()
    a = ctx.army(p, in_play=False)
    need(a.player == p.id, "order.bad_field", field="army", value=a.ref)
    need(not a.hero.present, "gorges.hero.present", army=a.ref, hero=a.hero.name)
    old, a.hero = a.hero.name, Hero(ctx.arg("name"))
    return [{"type": "hero", "army": a.ref, "hero": a.hero.name, "replaces": old}]


def equip_checks(ctx: Ctx) -> tuple[Player, Army]:
    """Every check of `equip`, reading the state without changing it (legal.py asks them without a trial copy)."""
    p = ctx.player()
    a = ctx.army(p, in_play=False)
    need(a.player == p.id, "order.bad_field", field="army", value=a.ref)
    need(bool(p.items), "gorges.item.none", player=p.id)
    return p, a


def order_equip(ctx: Ctx) -> list[Event]:
    """A magic item found (mine, seized) given to the hero of one of the player's armies."""
    p, a = equip_checks(ctx)
    item = p.items.pop(0)
    a.hero.items.append(item)
    return [{"type": "equip", "army": a.ref, "item": item}]


def _h(fr: str, en: str) -> dict[str, str]:
    return {"fr": fr, "en": en}


ARMY = Arg("army", help=_h("armée : G, L1 ou L2", "army: G, L1 or L2"))
CELL = _h("case de l'île (q,r, p. ex. -2,4)", "island cell (q,r, e.g. -2,4)")
ORDERS: dict[str, Order] = {
    "next": Order(order_next, "referee", None, help=_h("clore la phase", "close the phase")),
    "end": Order(order_end, "referee", None, help=_h("finir la campagne", "end the campaign")),
    "event": Order(events.order_event, "player", ("events",), (Arg("choice", "rest", _h(
        "le choix que demande l'événement (une case, un joueur, une armée...)",
        "what the event asks to choose (a cell, a player, an army...)")),),
        _h("choisir la cible de son événement", "choose the target of one's event")),
    "move": Order(movement.order_move, "player", ("movement",), (ARMY, Arg("path", "rest", CELL)),
                  _h("déplacer une armée case par case", "move an army cell by cell")),
    "reroll": Order(movement.order_reroll, "player", ("movement",),
                    help=_h("relancer son dé de mouvement (si une règle le permet)",
                            "re-roll one's movement die (where a rule allows)")),
    "forest": Order(movement.order_forest, "player", ("movement",), (ARMY, Arg("territory", help=CELL)),
                    _h("traverser une forêt (Elfes sylvains)", "travel through the forests (Wood Elves)")),
    "burrow": Order(movement.order_burrow, "player", ("movement",), (ARMY, Arg("territory", help=CELL)),
                    _h("creuser un tunnel (Skavens)", "burrow (Skaven)")),
    "capital": Order(movement.order_capital, "player", ("movement",), (Arg("territory", help=CELL),),
                     _h("déplacer sa capitale d'une case (Ogres)", "move one's capital one cell (Ogres)")),
    "swap": Order(movement.order_swap, "player", None, (ARMY, Arg("other", help=_h("l'autre armée", "the other army"))),
                  _h("échanger deux armées (Démons)", "swap two armies (Daemons)")),
    "done": Order(movement.order_done, "player", ("mines", "movement", "construction", "challenges"),
                  help=_h("terminer ses mouvements, constructions ou défis ; garder ses productions de mine",
                          "end one's moves, building or challenges; keep one's mine productions")),
    "slaves": Order(mines.order_slaves, "player", ("mines",), (Arg("territory", help=CELL),),
                    _h("mettre ses prisonniers dans cette mine : +1 à sa production (Elfes noirs)",
                       "put one's prisoners in this mine: +1 to its production (Dark Elves)")),
    "reroll-mine": Order(mines.order_reroll_mine, "player", ("mines",), (Arg("territory", help=CELL),),
                         _h("relancer le dé de production de cette mine (événement 52)",
                            "re-roll this mine's production die (event 52)")),
    "build": Order(conquest.order_build, "player", ("construction",),
                   (ARMY, Arg("building", help=_h("mine ou fortress", "mine or fortress"))),
                   _h("construire une mine ou une forteresse", "build a mine or a fortress")),
    "challenge": Order(conquest.order_challenge, "player", ("challenges",),
                       (ARMY, Arg("defender", help=_h("le joueur défié", "the player challenged")),
                        Arg("territory", help=CELL)),
                       _h("défier un joueur pour un territoire", "challenge a player for a territory")),
    "raid": Order(conquest.order_raid, "player", ("challenges",), (ARMY, Arg("territory", help=CELL)),
                  _h("lancer un raid", "raid")),
    "accept": Order(conquest.order_accept, "player", ("challenges",),
                    (Arg("challenge", "int", _h("numéro du défi", "challenge number")), ARMY),
                    _h("accepter un défi avec une armée", "accept a challenge with an army")),
    "refuse": Order(conquest.order_refuse, "player", ("challenges",),
                    (Arg("challenge", "int", _h("numéro du défi", "challenge number")),),
                    _h("refuser un défi (jet de sauvegarde ; --set relics=N : offrir N points de relique, +1 "
                       "chacun, si le challenger accepte)", "refuse a challenge (save roll; --set relics=N: offer "
                       "N relic points, +1 each, if the challenger agrees)")),
    "take-relics": Order(conquest.order_answer_relics, "player", ("challenges",),
                         (Arg("challenge", "int", _h("numéro du défi", "challenge number")),),
                         _h("accepter les points de relique offerts (la sauvegarde a +1 chacun)",
                            "take the relic points offered (the save gets +1 each)")),
    "decline-relics": Order(conquest.order_answer_relics, "player", ("challenges",),
                            (Arg("challenge", "int", _h("numéro du défi", "challenge number")),),
                            _h("refuser les points de relique offerts (sauvegarde sans bonus)",
                               "decline the relic points offered (the save without bonus)")),
    "battle-result": Order(battles.order_battle_result, "referee", ("battles",),
                           help=_h("saisir le résultat d'une bataille", "enter a battle's result")),
    "grid": grid_order(battles.order_grid),
    "cleanse": cleanse_order(),
    "auto-resolve": Order(battles.order_auto_resolve, "referee", ("battles",),
                          help=_h("résoudre une bataille automatiquement", "auto-resolve a battle")),
    "final-battle": Order(final.order_final_battle, "referee", (final.PHASE,), help=_h(
        "saisir le vainqueur de la bataille finale (--set winner=JOUEUR) ou l'envoyer au résolveur (--set auto=true)",
        "enter the final battle's winner (--set winner=PLAYER) or send it to the resolver (--set auto=true)")),
    "renown": Order(aftermath.order_renown, "player", None, (ARMY, Arg("unit", "rest", _h(
        "l'unité qui devient Régiment de Renom", "the unit that becomes a Regiment of Renown"))),
        _h("choisir l'unité d'un honneur gagné (« Choisissez une unité »)",
           "choose the unit of an honour won (« Choisissez une unité »)")),
    "hero": Order(order_hero, "player", None, (ARMY, Arg("name", help=_h("nom du héros", "the hero's name"))),
                  _h("nommer un nouveau héros", "name a new hero")),
    "equip": Order(order_equip, "player", None, (ARMY,),
                   _h("donner l'objet magique en attente à un héros", "give the waiting magic item to a hero")),
    # the referee's corrections also before the final battle (a relic point miscounted changes an advantage)
    "adjust": Order(adjust.order_adjust, "referee", (*PHASES, final.PHASE), (
        Arg("what", help=_h("l'avoir corrigé : owner, buildings, relics, battle_points, bonus_points ou hero",
                            "the holding corrected: owner, buildings, relics, battle_points, bonus_points or hero")),
        Arg("words", "rest", _h("sa cible (CASE ; JOUEUR ; JOUEUR:ARMÉE [CARACTÉRISTIQUE]), la nouvelle valeur, "
                                "puis la raison (ou --set territory=, holder=, army=, characteristic=, value=, "
                                "reason=)",
                                "its target (CELL; PLAYER; PLAYER:ARMY [CHARACTERISTIC]), the new value, then the "
                                "reason (or --set territory=, holder=, army=, characteristic=, value=, reason=)"))),
        _h("corriger un avoir à la main, avec sa raison (arbitre)",
           "correct a holding by hand, with its reason (referee)")),
}


def new_players(raw_players: Any) -> dict[str, Player]:
    if not isinstance(raw_players, list) or not 2 <= len(raw_players) <= 8:
        raise CampagneError("gorges.setup.players", count=len(raw_players) if isinstance(raw_players, list) else 0)
    players: dict[str, Player] = {}
    for raw in raw_players:
        pid = raw.get("id") if isinstance(raw, Mapping) else None
        if not isinstance(pid, str) or not pid or pid in players or pid == REFEREE or ":" in pid:
            raise CampagneError("gorges.setup.bad_player", player=pid)
        controller = raw.get("controller", "human")
        need(controller_kind(controller) in CONTROLLERS, "gorges.setup.bad_controller", controller=controller)
        race = race_key(raw.get("race") or "empire")
        assert race is not None
        heroes = raw.get("heroes") or {}
        p = Player(pid, str(raw.get("name", pid)), race, controller)
        for key in ARMY_KEYS:
            default = ("Général" if key == "G" else f"Lieutenant {key[1]}")
            p.armies[key] = Army(pid, key, Hero(str(heroes.get(key, default))), None)
        players[pid] = p
    return players


class GorgesRules:
    """The Gorges Tranchées campaign as a `Ruleset` (see campagne.core.game)."""

    name = "gorges"

    def new_state(self, setup: Mapping[str, Any], dice: Dice) -> tuple[GorgesState, list[Event]]:
        players = new_players(setup.get("players"))
        island = from_mapping(setup["map"], "setup map") if setup.get("map") else load_default_map()
        capitals = island.capitals_for(len(players))  # in the order the players are listed
        owners: dict[str, str | None] = {cell_id(h): None for h in island.land_cells}
        buildings = {cell_id(h): [b for b in ("mine", "fortress", "town") if getattr(island.cells[h], b)]
                     for h in island.land_cells}
        for p, h in zip(players.values(), capitals):
            p.capital = cell_id(h)
            owners[p.capital] = p.id
            for a in p.armies.values():
                a.position = p.capital
        readings = setup.get("readings", 1)
        need(readings in (1, 2), "order.bad_field", field="readings", value=readings)
        state = GorgesState(island, players, owners, {t: b for t, b in buildings.items() if b},
                            cell_id(island.ghost_start), readings=readings, grid_armies=grid_armies(setup))
        opening: list[Event] = [{"type": "setup", "capitals": {p.id: p.capital for p in players.values()},
                                 "races": {p.id: p.race for p in players.values()}, "ghost": state.ghost}]
        ctx = Ctx(state, {"type": "setup"}, dice)
        return state, opening + turn.start_turn(ctx)

    def apply(self, state: GorgesState, command: dict[str, Any], dice: Dice) -> list[Event]:
        spec = order_for(ORDERS, command, state.phase, state.players, phase_label)
        return spec.handler(Ctx(state, command, dice))

    def awaiting(self, state: GorgesState) -> list[str]:
        return awaiting(state)

    def view(self, state: GorgesState, viewer: str | None) -> dict[str, Any]:
        from .views import view
        return view(state, viewer)

    def phase(self, state: GorgesState) -> tuple[int, str]:
        """The view's turn and phase, without drawing the view."""
        return state.turn, state.phase


__all__ = ["ORDERS", "PHASES", "GorgesRules", "awaiting", "races"]
