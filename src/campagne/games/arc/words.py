"""Arc's journal in sentences, French and English: every event the rules write, with the names a player reads on
the counters and the map (never the ids the orders take, nor the fields of the event)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from ...render.text import unworded
from .board import arc_board
from .data import crt, unit_types
from .state import PHASE_NAMES

SIDE_NAMES = {"bonnaire": ("le Directorat (Bonnaire)", "the Directorate (Bonnaire)"),
              "ulf": ("Ulf", "Ulf"), "fereira": ("Fereira", "Fereira")}

# The seed names the spells in English in its French text too; a French reader reads them in French here.
SPELLS = {"bless": ("bénédiction", "blessing"), "healing": ("guérison", "healing"), "dispel": ("dissipation", "dispel"),
          "silence": ("silence", "silence"), "light": ("lumière", "light"), "hold": ("immobilisation", "hold"),
          "weather": ("intempéries", "weather"), "flame": ("flamme", "flame"), "blade": ("lame", "blade")}

FORCES = {"unfavourable": ("défavorables", "unfavourable"), "medium": ("moyennes", "medium"),
          "favourable": ("favorables", "favourable")}

DIRECTIONS = {"N": ("nord", "north"), "NE": ("nord-est", "north-east"), "SE": ("sud-est", "south-east"),
              "S": ("sud", "south"), "SW": ("sud-ouest", "south-west"), "NW": ("nord-ouest", "north-west")}

VICTORY = {"strategic": ("victoire stratégique : les cinq points tenus un tour complet",
                         "strategic victory: the five points held for a whole turn"),
           "secret": ("victoire par l'objectif secret", "victory by the secret objective"),
           "standing": ("fin du huitième tour sans victoire : classement aux points tenus, objectifs et pertes "
                        "infligées", "end of the eighth turn without a victory: ranked by points held, objectives "
                        "and losses inflicted"),
           "referee": ("partie arrêtée par l'arbitre : classement aux points tenus, objectifs et pertes infligées",
                       "game ended by the referee: ranked by points held, objectives and losses inflicted")}

CAUSES = {"defender": ("en défense", "defending"), "attacker": ("en attaque", "attacking"),
          "no_retreat": ("sans hex où reculer", "with no hex to retreat to")}


def _pick(pair: tuple[str, str], o: Any) -> str:
    return pair[0] if o.lang == "fr" else pair[1]


def side(name: str | None, o: Any) -> str:
    if not name:
        return o.t("personne", "nobody")
    return _pick(SIDE_NAMES.get(name, (name, name)), o)


def sides_list(names: list[str], o: Any) -> str:
    return joined([side(s, o) for s in names], o)


def joined(words: list[str], o: Any) -> str:
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + o.t(" et ", " and ") + words[-1]


def phase(name: str, o: Any) -> str:
    return _pick(PHASE_NAMES.get(name, (name, name)), o)


def place_name(pid: str, o: Any) -> str:
    p = arc_board().places.get(pid)
    return (p.fr if o.lang == "fr" else p.en) if p else pid


@functools.cache
def _numbered() -> frozenset[str]:
    """The kinds of counter of which a side may have more than one: their counters are named with their number."""
    return frozenset(k for k, u in unit_types().items() if max(u.counts.values()) > 1)


def counter(uid: Any, o: Any) -> str:
    """A counter by the name printed on it ("MPA infantry 3", "Wynandy"); an unknown id as itself."""
    kind, _, number = str(uid).partition(".")
    u = unit_types().get(kind)
    if u is None:
        return str(uid)
    name = u.name_fr if o.lang == "fr" else u.name_en
    return f"{name} {number}" if number and (kind in _numbered() or number != "1") else name


def counters(ids: list[str], o: Any) -> str:
    return joined([counter(u, o) for u in ids], o)


def spell_name(key: Any, o: Any) -> str:
    return _pick(SPELLS.get(str(key), (str(key), str(key))), o)


def zone_words(word: Any, o: Any) -> str:
    """A zone spell's target, "K7:NE": from K7 towards the north-east."""
    h, _, d = str(word).partition(":")
    if d in DIRECTIONS:
        return o.t(f"depuis {h} vers le {DIRECTIONS[d][0]}", f"from {h} towards the {DIRECTIONS[d][1]}")
    return str(word)


def target_words(target: Any, o: Any) -> str:
    """A spell's target: a counter, a zone, or a lasting spell ("effect.3": the spell number 3)."""
    t = str(target)
    if t.startswith("effect."):
        return o.t(f"le sort en cours n° {t[7:]}", f"the lasting spell no. {t[7:]}")
    if ":" in t:
        return zone_words(t, o)
    return counter(t, o)


def crt_result(code: Any, o: Any) -> str:
    """A result of the combat table ("A1", "D3") in words: who is struck, and how."""
    c = str(code)
    table = crt()
    who, what = CRT_SIDES.get(c[:1]), table["effects"].get(c[1:])
    if who is None or what is None:
        return c
    return f"{c} ({_pick(who, o)} : {_FR_EFFECTS.get(what['en'], what['fr'])})" if o.lang == "fr" else \
        f"{c} ({who[1]}: {what['en']})"


CRT_SIDES = {"A": ("attaquant", "attacker"), "B": ("attaquant et défenseur", "attacker and defender"),
             "D": ("défenseur", "defender")}
# The table's French cells are its codes ("R1", "1/2 E"); a sentence says them in full.
_FR_EFFECTS = {"retreat 1 hex": "recul d'un hex", "retreat 2 hexes": "recul de deux hex",
               "half eliminated (flipped)": "réduit de moitié (retourné)",
               "half eliminated, then retreat 1 hex": "réduit de moitié, puis recul d'un hex", "eliminated": "éliminé"}


def declared(e: dict[str, Any], o: Any) -> str:
    """A side's declaration of the phase, as the order it will carry out."""
    who, order = side(e.get("player"), o), e.get("order")
    if order in ("move", "place", "fly"):
        unit, to = counter(e.get("unit"), o), e.get("hex")
        if order == "place":
            return o.t(f"{who} place {unit} en {to}", f"{who} places {unit} on {to}")
        if order == "fly" or e.get("mount") == "pegasus":
            return o.t(f"{who} fait voler {unit} vers {to} (pégase)", f"{who} flies {unit} to {to} (pegasus)")
        return o.t(f"{who} ordonne à {unit} d'aller en {to}", f"{who} orders {unit} to move to {to}")
    if order == "meditate":
        return o.t(f"{who} fait méditer {counter(e.get('unit'), o)}", f"{who} has {counter(e.get('unit'), o)} meditate")
    if order == "cast":
        caster = counter(e.get("caster"), o)
        if e.get("partner"):
            caster += o.t(f" avec {counter(e['partner'], o)}", f" with {counter(e['partner'], o)}")
        s, t = spell_name(e.get("spell"), o), target_words(e.get("target"), o)
        return o.t(f"{who} : {caster} lancera {s} sur {t}", f"{who}: {caster} will cast {s} on {t}")
    if order in ("attack", "attack-advance"):
        unit, target = counter(e.get("unit"), o), counter(e.get("target"), o)
        tail = o.t(", en avançant s'il l'emporte", ", advancing if it wins") if e.get("advance") else ""
        return o.t(f"{who} : {unit} attaquera {target}{tail}", f"{who}: {unit} will attack {target}{tail}")
    return o.t(f"{who} déclare un ordre", f"{who} declares an order")


def spell_event(e: dict[str, Any], o: Any) -> str:
    caster = counter(e.get("caster"), o)
    if e.get("partner"):
        caster += o.t(f" avec {counter(e['partner'], o)}", f" with {counter(e['partner'], o)}")
    s, target = spell_name(e.get("spell"), o), target_words(e.get("target"), o) if e.get("target") else ""
    on = o.t(f" sur {target}", f" on {target}") if target else ""
    head = o.t(f"{caster} lance {s}{on}", f"{caster} casts {s}{on}")
    cost = o.t(f" ({e['cost']} pts)", f" ({e['cost']} pts)") if e.get("cost") else ""
    roll = e.get("save_roll")
    result = e.get("result")
    tail = {
        "fizzled": o.t("le sort échoue (points, portée ou lanceur)", "the spell fails (points, range or caster)"),
        "saved": o.t(f"la cible résiste (d12 {roll})", f"the target resists (d12 {roll})"),
        "effect": o.t(f"le sort prend effet (d12 {roll})" if roll else "le sort prend effet",
                      f"the spell takes effect (d12 {roll})" if roll else "the spell takes effect"),
        "struck": o.t("la cible est frappée", "the target is struck"),
        "healing_next_turn": o.t("la guérison aura lieu au tour suivant", "the healing takes effect next turn"),
        "healed": o.t("la cible est guérie", "the target is healed"),
        "zone": o.t(f"la zone couvre {', '.join(e.get('hexes') or [])}", f"the zone covers {', '.join(e.get('hexes') or [])}"),
        "dispelled": o.t(f"{spell_name(e.get('dispelled'), o)} est dissipé", f"{spell_name(e.get('dispelled'), o)} is dispelled"),
    }.get(str(result), str(result))
    return f"{head}{cost} : {tail}" if o.lang == "fr" else f"{head}{cost}: {tail}"


def combat_event(e: dict[str, Any], o: Any) -> str:
    who, target = counters(e.get("attackers", []), o), counter(e.get("target"), o)
    roll = o.t(f", d12 {e['roll']}", f", d12 {e['roll']}") if "roll" in e else ""
    at = o.t(f" en {e['at']}", f" on {e['at']}") if e.get("at") else ""
    verb = o.t("attaque", "attacks") if len(e.get("attackers", [])) < 2 else o.t("attaquent", "attack")
    return o.t(f"{who} {verb} {target}{at} à {e.get('ratio')}{roll} : {crt_result(e.get('result'), o)}",
               f"{who} {verb} {target}{at} at {e.get('ratio')}{roll}: {crt_result(e.get('result'), o)}")


def control_event(e: dict[str, Any], o: Any) -> str:
    held = [f"{place_name(p, o)} : {side(s, o)}" if o.lang == "fr" else f"{place_name(p, o)}: {side(s, o)}"
            for p, s in e.get("control", {}).items()]
    return o.t(f"Fin du tour {e.get('turn')}, lieux tenus — ", f"End of turn {e.get('turn')}, places held — ") + "; ".join(held)


def game_over(e: dict[str, Any], o: Any) -> str:
    how = _pick(VICTORY.get(e.get("victory") or "", ("", "")), o)
    winners = e.get("winners") or []
    won = o.t(f"{sides_list(winners, o)} l'emporte{'nt' if len(winners) > 1 else ''}",
              f"{sides_list(winners, o)} win{'' if len(winners) > 1 else 's'}") if winners else \
        o.t("aucun camp ne l'emporte seul", "no side wins outright")
    ranks = o.t(" ; ", "; ").join(f"{n}. {side(s, o)}" for n, s in enumerate(e.get("standing", []), 1))
    return o.t(f"Fin de la partie : {won} ({how}). Classement : {ranks}",
               f"Game over: {won} ({how}). Standing: {ranks}")


def setup_event(e: dict[str, Any], o: Any) -> str:
    forces = "; ".join(f"{side(s, o)} : {_pick(FORCES.get(f, (f, f)), o)}" if o.lang == "fr" else
                       f"{side(s, o)}: {_pick(FORCES.get(f, (f, f)), o)}" for s, f in e.get("forces", {}).items())
    who = o.t("Partie à deux joueurs", "A two-player game") if e.get("two_player") else \
        o.t("Partie à trois joueurs", "A three-player game")
    return o.t(f"{who} ; forces — {forces}", f"{who}; forces — {forces}")


def simple(e: dict[str, Any], o: Any) -> str | None:
    """The events of one counter."""
    t, unit = e.get("type"), counter(e.get("unit"), o)
    causes = [_pick(CAUSES[c], o) for c in (e.get("role"), e.get("reason")) if c in CAUSES]
    causes += [o.t(f"par le sort {spell_name(c, o)}", f"by the spell {spell_name(c, o)}")
               for c in (e.get("role"), e.get("cause")) if c in SPELLS]
    why = f" ({', '.join(causes)})" if causes else ""
    at = o.t(f" en {e['at']}", f" on {e['at']}") if e.get("at") else ""
    texts = {
        "move": (f"{unit} va en {e.get('to')}", f"{unit} moves to {e.get('to')}"),
        "eliminated": (f"{unit} est éliminé{at}{why}", f"{unit} is eliminated{at}{why}"),
        "reduced": (f"{unit} est réduit de moitié{at}{why}", f"{unit} is reduced by half{at}{why}"),
        "retreat": (f"{unit} recule en {e.get('to')}" + (" (au choix de son camp)" if e.get("chosen") else ""),
                    f"{unit} retreats to {e.get('to')}" + (" (its side's choice)" if e.get("chosen") else "")),
        "advance": (f"{unit} avance en {e.get('to')}", f"{unit} advances to {e.get('to')}"),
        "captured": (f"{unit} est capturé{at} par {counter(e.get('by'), o)}",
                     f"{unit} is captured{at} by {counter(e.get('by'), o)}"),
        "detected": (f"{unit} est repéré en {e.get('at')}" + (f" par {counter(e['by'], o)}" if e.get("by") else ""),
                     f"{unit} is spotted on {e.get('at')}" + (f" by {counter(e['by'], o)}" if e.get("by") else "")),
        "converted": (f"Ulf convertit {counters(e.get('people', []), o)} en {unit}{at}",
                      f"Ulf converts {counters(e.get('people', []), o)} into {unit}{at}"),
        "blocked": (f"{unit} ne peut pas aller en {e.get('to')}", f"{unit} cannot reach {e.get('to')}"),
        "vanish": (f"{unit} disparaît (invisible){at}", f"{unit} vanishes (hidden){at}"),
        "placed": (f"{unit} est placé en {e.get('hex')}", f"{unit} is placed on {e.get('hex')}"),
        "death": (f"{unit} rate son jet contre la Mort ({e.get('roll')} < {e.get('save')}) et meurt",
                  f"{unit} fails his save against death ({e.get('roll')} < {e.get('save')}) and dies"),
        "death_saved": (f"{unit} réussit son jet contre la Mort ({e.get('roll')})",
                        f"{unit} saves against death ({e.get('roll')})"),
        "meditating": (f"{unit} médite", f"{unit} meditates"),
        "meditated": (f"{unit} a médité ({e.get('points')} pts de sort)", f"{unit} has meditated ({e.get('points')} spell pts)"),
        "healed": (f"{unit} est guéri", f"{unit} is healed"),
    }
    pair = texts.get(str(t))
    return None if pair is None else _pick(pair, o)


def zone_event(e: dict[str, Any], o: Any) -> str:
    unit, roll = counter(e.get("unit"), o), e.get("save_roll")
    result = e.get("result")
    what = {"saved": ("résiste", "resists"), "eliminate": ("est éliminé", "is eliminated"),
            "half": ("est réduit de moitié", "is reduced by half")}.get(str(result), (str(result), str(result)))
    return o.t(f"{unit}, dans la zone du sort, {what[0]} (d12 {roll})",
               f"{unit}, in the spell's zone, {what[1]} (d12 {roll})")


# the events whose sentence takes a function of its own
HANDLERS: dict[str, Callable[[dict[str, Any], Any], str]] = {
    "combat": combat_event, "spell": spell_event, "zone": zone_event, "declared": declared,
    "control": control_event, "game_over": game_over, "setup": setup_event}


def event_text(e: dict[str, Any], o: Any) -> str:
    t = e.get("type")
    plain = simple(e, o)
    if plain is not None:
        return plain
    handler = HANDLERS.get(t)
    if handler is not None:
        return handler(e, o)
    if t == "spell_ends":
        return o.t(f"Le sort {spell_name(e.get('spell'), o)} (n° {e.get('effect')}) prend fin",
                   f"The spell {spell_name(e.get('spell'), o)} (no. {e.get('effect')}) ends")
    if t == "choice" and e.get("kind") == "retreat":
        hexes = ", ".join(e.get("hexes") or [])
        return o.t(f"{side(e.get('player'), o)} choisit où recule {counter(e.get('unit'), o)} : {hexes}",
                   f"{side(e.get('player'), o)} chooses where {counter(e.get('unit'), o)} retreats: {hexes}")
    if t == "choice":
        return o.t(f"{side(e.get('player'), o)} choisit qui avance en {e.get('hex')} : "
                   f"{counters(e.get('units', []), o)}, ou personne",
                   f"{side(e.get('player'), o)} chooses who advances to {e.get('hex')}: "
                   f"{counters(e.get('units', []), o)}, or nobody")
    if t == "stay":
        return o.t(f"{side(e.get('player'), o)} n'avance pas en {e.get('hex')}",
                   f"{side(e.get('player'), o)} does not advance to {e.get('hex')}")
    if t == "combat_void":
        return o.t(f"Plus d'attaquant contre {counter(e.get('target'), o)} : pas de combat",
                   f"No attacker left against {counter(e.get('target'), o)}: no combat")
    if t == "ignored":
        return o.t(f"Résultat {e.get('result')} sur l'attaquant sans effet (tir de missiles)",
                   f"Result {e.get('result')} on the attacker ignored (missile fire)")
    if t == "resolve":
        return o.t("Résolution : ", "Resolution: ") + phase(e.get("phase", ""), o) + " (" + sides_list(e.get("order", []), o) + ")"
    if t == "turn":
        return o.t(f"Tour {e.get('turn')}" + (" (nuit)" if e.get("night") else " (jour)"),
                   f"Turn {e.get('turn')}" + (" (night)" if e.get("night") else " (day)"))
    if t == "phase":
        return o.t("Phase : ", "Phase: ") + phase(e.get("phase", ""), o)
    if t == "done":
        return o.t(f"{side(e.get('player'), o)} a fini ({phase(e.get('phase', ''), o)})",
                   f"{side(e.get('player'), o)} is done ({phase(e.get('phase', ''), o)})")
    return unworded(o)
