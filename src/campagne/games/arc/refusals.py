"""Why an Arc order is refused, in one sentence naming the rule and what blocks: the hex off the map, the enemy
on it, the full stack, the movement points short, the enemy whose zone of control stops the move on its way,
the counter already ordered, meditating or immobilised on an enemy's hex.

Only what the player may know is named: hidden enemies block nothing he is told of (they exert no ZOC and hold
no hex for him), and an id that is not his own counter is never confirmed as an enemy's.
"""

from __future__ import annotations

from typing import Any

from ...core.errors import CampagneError, bilingual, register_messages
from ...core.i18n import Lang
from ...core.names import did_you_mean, natural, pick
from . import movement
from .state import ArcState, Unit

OWNERS = {"bonnaire": "Bonnaire", "ulf": "Ulf", "fereira": "Fereira"}
TERRAIN = {"wall": ("un mur d'enceinte", "a wall"), "river": ("la rivière", "the river"),
           "marsh": ("le marais", "the marsh")}

register_messages({
    "arc.unknown_counter": {"en": "{unit!r} is none of {player}'s counters{hint}.",
                            "fr": "{unit!r} n'est aucun des pions de {player}{hint}."},
    "arc.counter_gone": {"en": "{name} is no longer on the map ({status}).",
                         "fr": "{name} n'est plus sur la carte ({status})."},
    "arc.already_ordered": {"en": "{name} already has an order this phase: one order per counter and phase.",
                            "fr": "{name} a déjà un ordre cette phase : un ordre par pion et par phase."},
    "arc.meditating": {"en": "{name} meditates this turn and does not move.",
                       "fr": "{name} médite ce tour et ne bouge pas."},
    "arc.immobilised": {"en": "{name} stands on an enemy's hex ({hex}) while invisible: it is immobilised "
                              "(« immobilisation si l'unité en état d'invisibilité se trouve sur l'hex d'une pièce "
                              "adverse »).",
                        "fr": "{name} est invisible sur l'hex d'une pièce adverse ({hex}) : il est immobilisé "
                              "(« immobilisation si l'unité en état d'invisibilité se trouve sur l'hex d'une pièce "
                              "adverse »)."},
    "arc.no_special_move": {"en": "{name} does not move in the special movement: only the counters whose card "
                                  "says so do.",
                            "fr": "{name} ne bouge pas au mouvement spécial : seuls les pions dont la carte le dit "
                                  "le font."},
    "arc.cannot_now": {"en": "{name} cannot {what} now.", "fr": "{name} ne peut pas {what} maintenant."},
    "arc.not_adjacent": {"en": "{name} cannot attack {target}: {target} at {at} is not adjacent to {here} (a combat "
                               "is between adjacent hexes, missiles too).",
                         "fr": "{name} ne peut pas attaquer {target} : {target} en {at} n'est pas contigu à {here} "
                               "(un combat se livre entre hex contigus, missiles compris)."},
    "arc.no_such_spell": {"en": "{name} cannot cast {spell!r}{partner} now: its spells now are {choices}.",
                          "fr": "{name} ne peut pas lancer {spell!r}{partner} maintenant : ses sorts possibles sont "
                                "{choices}."},
    "arc.no_such_target": {"en": "{name} cannot {what} {target!r} (choices: {choices}){hint}.",
                           "fr": "{name} ne peut pas {what} {target!r} (choix : {choices}){hint}."},
    "arc.not_a_hex": {"en": "{hex!r} is no hex of the map (columns {first} to {last}, rows 1 to {rows}; in each "
                            "column the rows are all even or all odd).",
                      "fr": "{hex!r} n'est pas un hex de la carte (colonnes {first} à {last}, lignes 1 à {rows} ; "
                            "dans chaque colonne les lignes sont toutes paires ou toutes impaires)."},
    "arc.already_there": {"en": "{name} already stands on {hex}.", "fr": "{name} est déjà en {hex}."},
    "arc.cavalry_wall": {"en": "{name} cannot enter {hex}: cavalry never crosses a wall, only its gates.",
                         "fr": "{name} ne peut pas entrer en {hex} : la cavalerie ne franchit pas un mur, seulement "
                               "ses portes."},
    "arc.enemy_there": {"en": "{name} cannot stop on an enemy's hex: {hex} holds {enemy}.",
                        "fr": "{name} ne peut pas s'arrêter sur l'hex d'un ennemi : {hex} porte {enemy}."},
    "arc.stack_full": {"en": "{name} cannot stop on {hex}, which already holds {pieces} (two pieces at most, "
                             "and only leaders and special pieces stack on a unit).",
                       "fr": "{name} ne peut pas s'arrêter en {hex}, qui porte déjà {pieces} (deux pièces au "
                             "plus, et seuls les leaders et pièces spéciales s'empilent sur une unité)."},
    "arc.too_far": {"en": "{hex} needs {need} movement points, {name} has {mp}.",
                    "fr": "{hex} demande {need} points de mouvement, {name} en a {mp}."},
    "arc.zoc_on_the_way": {"en": "{name} cannot reach {hex}: on the way it enters {stop}, in the zone of control of "
                                 "{enemy} at {at}, and must stop there.",
                           "fr": "{name} ne peut pas atteindre {hex} : en chemin, le pion entre en {stop}, dans la "
                                 "zone de contrôle de {enemy} en {at}, et doit s'y arrêter."},
    "arc.no_way": {"en": "{name} finds no way to {hex}: enemies or terrain bar every path.",
                   "fr": "{name} ne trouve aucun chemin jusqu'en {hex} : ennemis ou terrain barrent tous les "
                         "passages."},
    "arc.decide_first": {"en": "{player} must first decide for {unit}: {how}.",
                         "fr": "{player} doit d'abord décider pour {unit} : {how}."},
    "arc.not_advancing": {"en": "{name} cannot advance into {hex}: only an attacker next to it may (« une des "
                                "unités attaquantes peut immédiatement se déplacer dans l'hex libre »): {units}.",
                          "fr": "{name} ne peut pas avancer en {hex} : seul un attaquant contigu le peut (« une "
                                "des unités attaquantes peut immédiatement se déplacer dans l'hex libre ») : "
                                "{units}."},
    "arc.zone_shape": {"en": "{target!r} is not a zone for {spell}: {hexes} contiguous hexes of the map, one of "
                             "them at most {range} hexes from {name} (« {hexes}HC choisis par lanceur de sort »).",
                       "fr": "{target!r} n'est pas une zone pour {spell} : {hexes} hex contigus de la carte, dont un "
                             "à {range} hex au plus de {name} (« {hexes}HC choisis par lanceur de sort »)."},
})


def decide_first(pending: dict[str, Any]) -> None:
    """A decision awaits: say which (the retreat's hexes, or the attackers who may advance)."""
    if pending["kind"] == "retreat":
        how = bilingual(f"retreat {pending['unit']} HEX, HEX among {', '.join(sorted(pending['options']))}",
                        f"retreat {pending['unit']} HEX, HEX parmi {', '.join(sorted(pending['options']))}")
        unit = name(pending["unit"])
    else:
        how = bilingual(f"advance UNIT into {pending['hex']} ({', '.join(pending['units'])}) or stay",
                        f"advance PION en {pending['hex']} ({', '.join(pending['units'])}) ou stay")
        unit = bilingual(f"the hex {pending['hex']}", f"l'hex {pending['hex']}")
    raise CampagneError("arc.decide_first", player=OWNERS.get(pending["player"], pending["player"]), unit=unit, how=how)


def why_not_advance(unit: str, pending: dict[str, Any]) -> None:
    raise CampagneError("arc.not_advancing", name=name(unit), hex=pending["hex"],
                        units=", ".join(pending["units"]))


def why_not_zone(caster: str, spell: str, target: str, hexes: int, reach: int) -> None:
    raise CampagneError("arc.zone_shape", name=name(caster), spell=spell, target=target, hexes=hexes, range=reach)


def name(uid: str) -> dict[str, str]:
    """A counter by its printed name, in both languages ("MPA infantry 3")."""
    from .words import counter
    return bilingual(counter(uid, Lang("en")), counter(uid, Lang("fr")))


def owned_name(u: Unit) -> dict[str, str]:
    """A counter and its side: "Ulf's faithful 2", « Fidèles 2 d'Ulf »."""
    n, owner = name(u.id), OWNERS.get(u.side, u.side)
    of = f"d'{owner}" if owner[:1].lower() in "aeiouy" else f"de {owner}"
    return bilingual(f"{owner}'s {n['en']}", f"{n['fr']} {of}")


def names(units: list[Unit]) -> dict[str, str]:
    return bilingual(" and ".join(owned_name(u)["en"] for u in units), " et ".join(owned_name(u)["fr"] for u in units))


def counter_word(state: ArcState, player: str, word: Any) -> str:
    """The id of the counter of `player` a word names: its id, its id without `.1` when it names one counter,
    or its printed name; the word itself when it names none (the checks that follow refuse it)."""
    found = state.units.get(word) if isinstance(word, str) else None
    if found is not None and found.side == player:
        return word  # an id, as `pick` reads it first: no printed name to draw (a move's every check asks)
    mine = [u.id for u in state.units.values() if u.side == player]
    return pick(str(word), mine, {uid: list(name(uid).values()) for uid in mine}) or str(word)


def why_not_counter(state: ArcState, player: str, uid: str, what: dict[str, str], phase: str | None = None) -> None:
    """Raise the reason `uid` may not be given this order now (called once the order is known refused)."""
    from .declare import busy
    u = state.units.get(uid)
    if u is None or u.side != player:
        mine = [x.id for x in state.units.values() if x.side == player and x.alive]
        raise CampagneError("arc.unknown_counter", unit=uid, player=OWNERS.get(player, player),
                            hint=did_you_mean(uid, mine))
    if not u.alive or u.hex is None and not u.start_hexes:
        status = {"eliminated": ("éliminé", "eliminated"), "captured": ("capturé", "captured"),
                  "converted": ("converti", "converted")}.get(u.status, ("hors jeu", "out of play"))
        raise CampagneError("arc.counter_gone", name=name(uid), status=bilingual(status[1], status[0]))
    if uid in busy(state, player):
        raise CampagneError("arc.already_ordered", name=name(uid))
    if phase in ("move", "special"):
        if u.meditating:
            raise CampagneError("arc.meditating", name=name(uid))
        if movement.immobilised(state, u):
            raise CampagneError("arc.immobilised", name=name(uid), hex=u.hex)
        if phase == "special" and not u.kind.ability("extra_move"):
            raise CampagneError("arc.no_special_move", name=name(uid))
    raise CampagneError("arc.cannot_now", name=name(uid), what=what)


def why_not_hex(state: ArcState, u: Unit, dest: str, pegasus: bool) -> None:
    """Raise the reason `u` may not end its move on `dest` (called once the move is known refused)."""
    b = state.board
    if dest not in b:
        raise CampagneError("arc.not_a_hex", hex=dest, first=b.letters[0], last=b.letters[-1], rows=b.rows)
    n = name(u.id)
    if dest == u.hex:
        raise CampagneError("arc.already_there", name=n, hex=dest)
    if u.kind.cavalry and not pegasus and b.cost(dest, True) is None:
        raise CampagneError("arc.cavalry_wall", name=n, hex=dest)
    others = [x for x in state.at(dest) if x is not u]
    enemies = [x for x in others if state.enemies(x.side, u.side) and not x.hidden]
    if enemies and not u.kind.ability("invisible"):
        raise CampagneError("arc.enemy_there", name=n, hex=dest, enemy=names(enemies))
    if others and not movement.can_end(state, u, dest):
        raise CampagneError("arc.stack_full", name=n, hex=dest,
                            pieces=names([x for x in others if not state.enemies(x.side, u.side)]))
    mp = movement.allowance(u, pegasus)
    free, prev, _ = movement.search(state, u, pegasus, limited=False, zoc_stops=False)
    if dest in free and (free[dest] <= mp or u.kind.mvt < 0):
        _zoc_on_the_way(state, u, dest, prev)
    held, _, _ = movement.search(state, u, pegasus, limited=False)
    need = held.get(dest, free.get(dest))
    if need is not None and need > mp:
        raise CampagneError("arc.too_far", name=n, hex=dest, need=need, mp=mp)
    raise CampagneError("arc.no_way", name=n, hex=dest)


def _zoc_on_the_way(state: ArcState, u: Unit, dest: str, prev: dict[str, str]) -> None:
    """The first hex of an enemy's zone of control on the cheapest way to `dest` (the ZOC's stop lifted)."""
    path = [dest]
    while prev[path[-1]] != u.hex:
        path.append(prev[path[-1]])
    b = state.board
    for h in reversed(path[1:]):  # from the start, dest excluded: entering its ZOC there is allowed
        for e in state.units.values():
            if e.alive and not e.hidden and e.hex in b.neighbours[h] and state.enemies(e.side, u.side) \
                    and b.exerts_zoc(e.hex) and movement.exerts_zoc_on(state, e, u):
                raise CampagneError("arc.zoc_on_the_way", name=name(u.id), hex=dest, stop=h,
                                    enemy=owned_name(e), at=e.hex)


def target_word(word: Any, targets: list[str]) -> str:
    """A target as typed: a counter's id, its id without `.1`, or its printed name, among the choices."""
    if isinstance(word, str) and word in targets:
        return word  # as `pick` reads it first
    return pick(str(word), targets, {t: list(name(t).values()) for t in targets
                                       if ":" not in t and "+" not in t}) or str(word)


def why_not_target(uid: str, target: str, targets: list[str], what: dict[str, str]) -> None:
    shown = sorted(targets, key=natural)
    listed = ", ".join(shown) if len(shown) <= 12 else bilingual(  # one sentence a person reads: the rest listed
        f"{', '.join(shown[:12])} and {len(shown) - 12} more (order --list)",
        f"{', '.join(shown[:12])} et {len(shown) - 12} autres (order --list)")
    raise CampagneError("arc.no_such_target", name=name(uid), what=what, target=target, count=len(shown),
                        choices=listed, hint=did_you_mean(target, shown))


def why_not_spell(state: ArcState, player: str, caster: str, spell: str, partner: str | None) -> None:
    from .declare import casts
    mine = sorted({(c["spell"], c["partner"]) for c in casts(state, player, caster)},
                  key=lambda x: (x[0], x[1] or ""))
    en = ", ".join(f"{s} with {m}" if m else s for s, m in mine)
    fr = ", ".join(f"{s} avec {m}" if m else s for s, m in mine)
    raise CampagneError("arc.no_such_spell", name=name(caster), spell=spell, choices=bilingual(en, fr),
                        partner=bilingual(f" with {partner}", f" avec {partner}") if partner else "")


def why_not_attack(state: ArcState, u: Unit, target: str) -> None:
    """A visible enemy out of reach: named with the rule (« des unités ennemies adjacentes »)."""
    t = state.units.get(target)
    if t is None or not t.alive or t.hidden or t.hex is None or u.hex is None or not state.enemies(t.side, u.side):
        return
    if state.board.distance(u.hex, t.hex) > 1:
        raise CampagneError("arc.not_adjacent", name=name(u.id), target=owned_name(t), at=t.hex, here=u.hex)
