"""Gorges Tranchées views and journal events as text, in French or English (the text hooks of the game's
descriptor; each event's words are in event_words.py)."""

from __future__ import annotations

from typing import Any

from ...core.i18n import Lang as Out
from ...render.text import controller_name, format_event, who
from ...core.i18n import chance
from .hints import typing_hint
from .choice_names import army_words, cell_words, journal_army, seen_cells
from .choice_names import choice_words, seat_choice_words  # noqa: F401  (text hooks: the club's forms name choices)
from .event_words import (EVENT_TEXT, ending_words, event_fields, mine_line, out_of_play, phase_name,
                          row_words, season_name)


def _race(key: str, o: Out) -> str:
    from .sheet_words import race_name
    return race_name(key, o.lang)


def _s(n: int, word: str, o: Out) -> str:
    """A noun after a count, as each language writes it: French singular for 0 and 1, English for 1 only."""
    one = n in (0, 1) if o.lang == "fr" else n == 1
    return word if one else ("territories" if word == "territory" else word + "s")


def status_text(view: dict[str, Any], o: Out, brief: bool = False) -> str:
    lines = [o.t(f"Tour {view['turn']}/12 — {season_name(view['season'], o)} — {phase_name(view['phase'], o)}",
                 f"Turn {view['turn']}/12 — {season_name(view['season'], o)} — {phase_name(view['phase'], o)}")]
    if view["awaiting"]:
        lines.append(o.t("En attente de : ", "Waiting for: ") + ", ".join(view["awaiting"]))
        hint = typing_hint(view, o) if getattr(o, "typed", False) else ""
        if hint:
            lines.append("  " + hint)
    if view["phase"] == "ended" and view.get("standings"):
        lines.append(ending_words(view["standings"], view.get("rolloff") or {}, o))
    elif not view["awaiting"]:
        lines.append(o.t("Personne n'est attendu : l'arbitre peut passer à la phase suivante.",
                         "Nobody to wait for: the referee may close the phase."))
    if brief:
        return "\n".join(lines)
    names = view.get("cell_names")  # the map's named cells, printed by name with their ids
    ghost = cell_words(view["ghost"], names)
    lines.append(o.t(f"Ordre du tour : {', '.join(view['order'])} ; fantôme en {ghost}",
                     f"Turn order: {', '.join(view['order'])}; ghost in {ghost}"))
    for pid, p in view["players"].items():
        lines.append(f"  {pid} ({controller_name(p['controller'], o)}) — {_race(p['race'], o)} — "
                     + o.t(f"{p['relics']} {_s(p['relics'], 'point', o)} de relique, {p['empire']} "
                           f"{_s(p['empire'], 'territoire', o)}, capitale {cell_words(p['capital'], names)}",
                           f"{p['relics']} relic {_s(p['relics'], 'point', o)}, {p['empire']} "
                           f"{_s(p['empire'], 'territory', o)}, capital {cell_words(p['capital'], names)}")
                     + _lost_capital(view, pid, p, o))
        if p.get("event"):
            ev = p["event"]
            wait = o.t(" (choix attendu)", " (choice awaited)") if ev.get("pending") else ""
            lines.append(o.t("      événement : ", "      event: ") + f"{ev['d66']} {row_words('events', ev['key'], o)}{wait}")
        for r in p.get("mines_rolled") or []:
            lines.append(o.t("      mine en attente : ", "      mine awaiting: ") + mine_line(r, o, names))
        for a in p["armies"]:
            where = cell_words(a["position"], names) if a["position"] else out_of_play(a.get("out_until"), o)
            hero = a["hero"] + (o.t(" (mort)", " (dead)") if a["hero_dead"] else "") + \
                (o.t(f" (otage de {a['hero_captured_by']})", f" (hostage of {a['hero_captured_by']})")
                 if a["hero_captured_by"] else "")
            renown = f", {len(a['renown'])} " + o.t("régiment(s) de renom", "regiment(s) of renown") if a["renown"] else ""
            move = f", {o.t('mouvement', 'move')} {a['move_allowance']}" if view["phase"] == "movement" else ""
            lines.append(f"      {a['ref']} — {hero} — {where}{renown}{move}")
        if p["hostages"]:
            lines.append(o.t("      otages : ", "      hostages: ") + ", ".join(h["hero"] for h in p["hostages"]))
    for c in view["challenges"]:
        status = o.t(*CHALLENGE_STATUS.get(c["status"], (c["status"], c["status"])))
        condition = row_words("challenge_conditions", c["condition"], o).rstrip(".")
        army, target = army_words(f"{c['challenger']}:{c['army']}", o), cell_words(c["target"], names)
        lines.append(o.t(f"  Défi n°{c['id']} : {army} → {c['defender']} pour {target} "
                         f"({condition}) — {status}",
                         f"  Challenge #{c['id']}: {army} → {c['defender']} over {target} "
                         f"({condition}) — {status}"))
        if c.get("save_if_refused"):
            odds = c["save_if_refused"]
            lines.append(o.t(f"      s'il refuse, {c['defender']} sauve son territoire avec une probabilité de "
                             f"{chance(odds['exact'], o.lang)}",
                             f"      if he refuses, {c['defender']} keeps the territory with probability "
                             f"{chance(odds['exact'], o.lang)}"))
    for b in view["battles"]:
        done = o.t(f"gagnée par {b['result']['winner']}", f"won by {b['result']['winner']}") if b["result"] \
            else o.t("à jouer", "to play")
        them = (army_words(f"{b['attacker']}:{b['attacker_army']}", o),
                army_words(f"{b['defender']}:{b['defender_army']}", o))
        where = cell_words(b["territory"], names)
        lines.append(o.t(f"  Bataille n°{b['id']} en {where} : {them[0]} contre {them[1]} — {done}",
                         f"  Battle #{b['id']} in {where}: {them[0]} against {them[1]} — {done}"))
        if b.get("auto_resolve_odds"):
            odds = b["auto_resolve_odds"]["attacker"]
            lines.append(o.t(f"      résolue automatiquement, {b['attacker']} gagnerait avec une probabilité de "
                             f"{chance(odds['exact'], o.lang)}",
                             f"      auto-resolved, {b['attacker']} would win with probability "
                             f"{chance(odds['exact'], o.lang)}"))
            unknown = b["auto_resolve_odds"].get("unknown")
            if unknown:
                lines.append(o.t(f"      (sans les points bonus cachés de {', '.join(unknown)})",
                                 f"      (without {', '.join(unknown)}'s hidden bonus points)"))
        if b.get("grid"):
            from ..skirmish.text import status_text as grid_status
            lines += ["      " + line for line in grid_status(b["grid"], o, brief=brief).splitlines()]
        for n in b["notes"]:
            side = f"[{n['side']}] " if n.get("side") else ""
            lines.append(f"      {side}{n['fr'] if o.lang == 'fr' else n['en']}")
    from ..skirmish.convert import corruption_lines
    lines += corruption_lines(view, o)
    if view.get("standings"):
        lines.append(o.t("Classement (points de relique) :", "Standing (relic points):"))
        for i, r in enumerate(view["standings"], 1):  # the final battle's standing has no rank before its result
            lines.append(f"  {r.get('rank', i)}. {r['player']} ({_race(r['race'], o)}) — {r['relics']} "
                         + o.t("points de relique", "relic points") + f", {r['territories']} "
                         + o.t("territoires", "territories") + o.t(
                             f" — bataille finale : +{r['final_battle_bonus_percent']} % de points",
                             f" — final battle: +{r['final_battle_bonus_percent']} % points"))
    return "\n".join(lines)


CHALLENGE_STATUS = {"pending": ("en attente de réponse", "awaiting an answer"), "accepted": ("accepté", "accepted"),
                    "refused": ("refusé", "refused"),
                    "offered": ("refusé, points de relique offerts au challenger", "refused, relic points offered "
                                "to the challenger")}


def _lost_capital(view: dict[str, Any], pid: str, p: dict[str, Any], o: Out) -> str:
    owners = view.get("owners")
    holder = owners.get(p["capital"]) if owners is not None else pid
    if holder == pid:
        return ""
    where = cell_words(p.get("returns_to"), view.get("cell_names")) if p.get("returns_to") else None
    held = o.t(f"tenue par {holder}", f"held by {holder}") if holder else o.t("neutre", "neutral")
    back = o.t(f" ; ses armées reviennent en {where}", f"; its armies come back in {where}") if where else ""
    return o.t(f" (perdue : {held}{back})", f" (lost: {held}{back})")


def event_text(ev: dict[str, Any], o: Out) -> str:
    if ev.get("type") == "grid":  # one event of a grid battle its players fight: in the grid's own words
        from ..skirmish.text import event_text as on_the_grid
        return o.t(f"[bataille n°{ev['battle']}, quadrillage] ", f"[battle #{ev['battle']}, grid] ") \
            + on_the_grid(ev["event"], o)
    if ev.get("type") == "corruption_removed":
        from ..skirmish.convert import cleansed_text
        return cleansed_text(ev, o)
    if ev.get("type") == "auto_resolve" and ev.get("resolver") == "grid_players":
        return o.t(f"Bataille n°{ev['battle']} livrée sur le quadrillage par ses joueurs : {who(ev['winner'], o)} "
                   "l'emporte", f"Battle #{ev['battle']} fought on the grid by its players: {who(ev['winner'], o)} wins")
    if ev.get("type") not in EVENT_TEXT:
        return format_event(EVENT_TEXT, ev, {}, o)
    from .sheet_words import BUILDING_NAMES
    named = {"army": journal_army(ev["army"], o)} if isinstance(ev.get("army"), str) and ":" in ev["army"] else {}
    cells = seen_cells(o)  # the map's named cells, wherever a line prints one (owners in `from`/`to` are no cell)
    named.update({k: cell_words(ev[k], cells) for k in ("territory", "from", "to") if isinstance(ev.get(k), str) and ev[k] in cells})
    if ev.get("building") in BUILDING_NAMES:
        named["building"] = o.t(*BUILDING_NAMES[ev["building"]])
    if isinstance(ev.get("battlefield"), str):  # a grid battle's battlefield by its name
        from ..skirmish.text import field_name
        named["battlefield"] = field_name(ev["battlefield"], o)
    return format_event(EVENT_TEXT, ev, {**named, **event_fields(ev, o)}, o)
