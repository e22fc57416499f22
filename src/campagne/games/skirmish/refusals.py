"""Why a grid battle's order is refused, in one sentence naming the rule and what blocks: the cell off the
battlefield or taken, the action points short, the enemy's control zone that spends them on the way, the unit
already activated, destroyed or not the camp's, the target out of reach."""

from __future__ import annotations

from typing import Any

from ...core.errors import CampagneError, bilingual, register_messages
from ...core.names import did_you_mean, natural, pick  # noqa: F401 (pick: the rules read targets with it)
from . import movement
from .state import SkirmishState, Unit

register_messages({
    "skirmish.unknown_unit": {"en": "{unit!r} is none of {player}'s units{hint}.",
                              "fr": "{unit!r} n'est aucune des unités de {player}{hint}."},
    "skirmish.unit_gone": {"en": "{unit} is destroyed.", "fr": "{unit} est détruite."},
    "skirmish.unit_reserve": {"en": "{unit} is not deployed yet.", "fr": "{unit} n'est pas encore déployée."},
    "skirmish.unit_deployed": {"en": "{unit} is already deployed.", "fr": "{unit} est déjà déployée."},
    "skirmish.civilians_first": {"en": "{player} deploys its civilians first, all together (« les unités civiles "
                                       "doivent être déployées ... toutes en même temps »).",
                                 "fr": "{player} déploie d'abord ses civils, tous ensemble (« les unités civiles "
                                       "doivent être déployées ... toutes en même temps »)."},
    "skirmish.activated": {"en": "{unit} has already been activated this round (each unit once a round).",
                           "fr": "{unit} a déjà été activée ce round (chaque unité une fois par round)."},
    "skirmish.not_a_cell": {"en": "{cell!r} is no cell of the battlefield (columns {first} to {last}, rows 1 to "
                                  "{rows}).",
                            "fr": "{cell!r} n'est pas une case du champ de bataille (colonnes {first} à {last}, "
                                  "lignes 1 à {rows})."},
    "skirmish.there": {"en": "{unit} already stands on {cell}.", "fr": "{unit} est déjà en {cell}."},
    "skirmish.taken": {"en": "{unit} cannot end its move on {cell}: {other} stands there (one unit a cell).",
                       "fr": "{unit} ne peut pas finir son déplacement en {cell} : {other} s'y trouve (une unité "
                             "par case)."},
    "skirmish.not_in_zone": {"en": "{cell} is not a free cell of {player}'s deployment zone.",
                             "fr": "{cell} n'est pas une case libre de la zone de déploiement de {player}."},
    "skirmish.too_far": {"en": "{cell} needs {need} action points, {unit} has {ap} left.",
                         "fr": "{cell} demande {need} points d'action, il en reste {ap} à {unit}."},
    "skirmish.zoc": {"en": "{unit} cannot reach {cell}: stepping from {a} to {b}, both controlled by the enemy "
                           "({enemy}), spends all its action points (« utilise tous les points d'actions »).",
                     "fr": "{unit} ne peut pas atteindre {cell} : passer de {a} à {b}, toutes deux contrôlées par "
                           "l'ennemi ({enemy}), dépense tous ses points d'action (« utilise tous les points "
                           "d'actions »)."},
    "skirmish.no_way": {"en": "{unit} finds no way to {cell}: cliffs or enemies bar every path.",
                        "fr": "{unit} ne trouve aucun chemin jusqu'en {cell} : falaises ou ennemis barrent tous "
                              "les passages."},
    "skirmish.no_card_actions": {"en": "{unit}'s card has no action in this battle (set up before the cards had "
                                       "actions).",
                                 "fr": "La carte de {unit} n'a pas d'action dans cette bataille (engagée avant que "
                                       "les cartes en aient)."},
    "skirmish.not_on_card": {"en": "{action!r} is not on {unit}'s card{hint}.",
                             "fr": "{action!r} n'est pas sur la carte de {unit}{hint}."},
    "skirmish.action_used": {"en": "{unit} has already used {action} in this activation (each action once).",
                             "fr": "{unit} a déjà utilisé {action} dans cette activation (chaque action une fois)."},
    "skirmish.action_cost": {"en": "{action} costs {cost} action points, {unit} has {ap} left.",
                             "fr": "{action} coûte {cost} points d'action, il en reste {ap} à {unit}."},
    "skirmish.aim_after": {"en": "{unit} has already attacked: taking aim is for the attack still to come.",
                           "fr": "{unit} a déjà attaqué : viser sert à l'attaque encore à venir."},
    "skirmish.no_such_target": {"en": "{unit} cannot {what} {target!r}: {choices}.",
                                "fr": "{unit} ne peut pas {what} {target!r} : {choices}."},
})


def unit_word(state: SkirmishState, player: str, word: Any) -> str:
    """The id of the unit of `player` a word names: its id, its id without `.1` when it names one unit, or its
    card's name when one unit bears it; the word itself otherwise (the checks that follow refuse it)."""
    mine = [u.id for u in state.units.values() if u.camp == player]
    printed = {uid: [state.units[uid].kind.en, state.units[uid].kind.fr] for uid in mine}
    return pick(str(word), mine, printed) or str(word)


def why_not_unit(state: SkirmishState, player: str, uid: str, deploying: bool = False) -> None:
    u = state.units.get(uid)
    if u is None or u.camp != player:
        mine = sorted((x.id for x in state.units.values() if x.camp == player and x.alive), key=natural)
        raise CampagneError("skirmish.unknown_unit", unit=uid, player=state.names.get(player) or player,
                            hint=did_you_mean(uid, mine))
    if not u.alive:
        raise CampagneError("skirmish.unit_gone", unit=uid)
    if deploying:
        if u.status != "reserve":
            raise CampagneError("skirmish.unit_deployed", unit=uid)
        raise CampagneError("skirmish.civilians_first", player=state.names.get(player) or player)
    if u.status == "reserve":
        raise CampagneError("skirmish.unit_reserve", unit=uid)
    if u.activated:
        raise CampagneError("skirmish.activated", unit=uid)


def why_not_cell(state: SkirmishState, u: Unit, word: Any, ap: int) -> None:
    bf = state.field
    i = bf.index(word)
    if i is None:
        raise CampagneError("skirmish.not_a_cell", cell=word, first=_col(bf, 0),
                            last=_col(bf, bf.width - 1), rows=bf.height)
    cell = bf.name(i)
    if i == u.cell:
        raise CampagneError("skirmish.there", unit=u.id, cell=cell)
    other = state.occupant().get(i)
    if other is not None:
        raise CampagneError("skirmish.taken", unit=u.id, cell=cell, other=other.id)
    big = ap + 2 * bf.size
    free, parent = movement.search(state, u, big, zoc_spends=False)
    if i in free and big - free[i] <= ap:
        zoc = movement.controlled(state, u.camp)
        path = [i]
        while parent[path[-1]] != u.cell:
            path.append(parent[path[-1]])
        path = [u.cell, *reversed(path)]  # type: ignore[list-item]
        for a, b in zip(path, path[1:]):
            if a in zoc and b in zoc and b != i:
                near = sorted({x.id for x in state.units.values() if x.on_field and x.camp != u.camp
                               and x.cell in {*bf.around[a], *bf.around[b]}}, key=natural)
                raise CampagneError("skirmish.zoc", unit=u.id, cell=cell, a=bf.name(a), b=bf.name(b),
                                    enemy=", ".join(near))
    if i in free:
        raise CampagneError("skirmish.too_far", unit=u.id, cell=cell, need=big - free[i], ap=ap)
    raise CampagneError("skirmish.no_way", unit=u.id, cell=cell)


def why_not_action(state: SkirmishState, u: Unit, key: Any, ap: int) -> None:
    from .data import card_actions
    if state.readings < 2:
        raise CampagneError("skirmish.no_card_actions", unit=u.id)
    acts = card_actions()
    if key not in u.kind.actions:
        raise CampagneError("skirmish.not_on_card", action=key, unit=u.id,
                            hint=did_you_mean(str(key), list(u.kind.actions)))
    if key in u.used:
        raise CampagneError("skirmish.action_used", unit=u.id, action=key)
    if acts[key].cost > ap:
        raise CampagneError("skirmish.action_cost", action=key, cost=acts[key].cost, unit=u.id, ap=ap)
    raise CampagneError("skirmish.aim_after", unit=u.id)


def why_not_target(uid: str, target: Any, choices: list[str], what: dict[str, str]) -> None:
    shown = sorted(choices, key=natural)
    listed = bilingual(f"it may {what['en']} {', '.join(shown)}" if shown else "no target in reach",
                       f"elle peut {what['fr']} {', '.join(shown)}" if shown else "aucune cible à portée")
    raise CampagneError("skirmish.no_such_target", unit=uid, target=target, what=what, choices=listed)


def _col(bf: Any, x: int) -> str:
    return "".join(ch for ch in bf.name(x) if ch.isalpha())
