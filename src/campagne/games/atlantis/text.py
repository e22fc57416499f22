"""Atlantis views and journal events as text, in French or English (`o`: anything with `lang` and `t`)."""

from __future__ import annotations

from typing import Any

from ...core.i18n import Lang as Out
from ...render.text import format_event

def phase_name(phase: str, o: Out) -> str:
    from .state import PHASE_NAMES
    fr, en = PHASE_NAMES.get(phase, (phase, phase))
    return o.t(fr, en)


def status_text(view: dict[str, Any], o: Out, brief: bool = False) -> str:
    lines = [o.t(f"Tour {view['turn']} — phase : {phase_name(view['phase'], o)}",
                 f"Turn {view['turn']} — phase: {phase_name(view['phase'], o)}")]
    if view["awaiting"]:
        lines.append(o.t("En attente de : ", "Waiting for: ") + ", ".join(view["awaiting"]))
    elif view["phase"] not in ("ended", "setup"):
        lines.append(o.t("Personne n'est attendu : l'arbitre peut passer à la phase suivante (campagne next).",
                         "Nobody to wait for: the referee may close the phase (campagne next)."))
    if brief:
        return "\n".join(lines)
    for pid, p in view["players"].items():
        army = p["army"]
        if p["eliminated"]:
            lines.append(o.t(f"  {pid} : éliminé", f"  {pid}: eliminated"))
            continue
        where = p["position"] or "-"
        strength = "?" if not army or army["strength"] is None else army["strength"]
        army_txt = o.t(f"armée en {where}, {army['points']} pts, {army['models']} fig., force {strength}, "
                       f"initiative {army['initiative']}",
                       f"army in {where}, {army['points']} pts, {army['models']} models, strength {strength}, "
                       f"initiative {army['initiative']}") if army else o.t("pas d'armée", "no army")
        lines.append(f"  {pid} ({p['controller']}) — {p['kingdom'] or '-'} — "
                     + o.t(f"butin {p['loot']}, {len(p['territories'])} territoires, ",
                           f"loot {p['loot']}, {len(p['territories'])} territories, ") + army_txt)
        flags = [f for f, on in (("halted", p["halted"]), ("unsupplied", not p["supplied"]),
                                  ("must_leave", p["must_leave"]), ("must_retreat", p["must_retreat"]),
                                  ("reorganising", p["reorganising"])) if on]
        if flags:
            lines.append("      " + ", ".join(flags))
    for b in view["battles"]:
        state = b["scenario"] or o.t("stratégies à choisir", "strategies to choose")
        done = o.t("réglée", "resolved") if b["result"] else o.t("à régler", "to resolve")
        lines.append(o.t(f"  Bataille en {b['territory']} : A={b['a']} B={b['b']}, {state}, {done}",
                         f"  Battle in {b['territory']}: A={b['a']} B={b['b']}, {state}, {done}"))
    if view.get("standings"):
        lines.append(o.t("Classement :", "Standings:"))
        for r in view["standings"]:
            lines.append(f"  {r['rank']}. {r['player']} — {r['territories']} "
                         + o.t("territoires", "territories") + (" + Atlantis" if r["atlantis"] else "")
                         + f", {r['wealth']} " + o.t("(butin + armée)", "(loot + army)"))
    return "\n".join(lines)


# One line per event type: (French, English) templates over the event's fields and the extras
# computed in `_fields`. Events without a template are printed as their raw fields.
EVENT_TEXT: dict[str, tuple[str, str]] = {
    "turn": ("=== Tour {turn} ===", "=== Turn {turn} ==="),
    "phase": ("— tour {turn}, phase {phase_name} —", "— turn {turn}, {phase_name} phase —"),
    "placement_rolls": ("Jets de placement (D100) : {rolls_text}", "Placement rolls (D100): {rolls_text}"),
    "colony": ("{player} prend le royaume {kingdom}, armée en {territory}",
               "{player} takes the kingdom {kingdom}, army in {territory}"),
    "divine_event": ("{player} : {event_name} (2D6={roll}){event_extra}", "{player}: {event_name} (2D6={roll}){event_extra}"),
    "taxes": ("{player} perçoit {amount} de butin d'impôts", "{player} collects {amount} loot in taxes"),
    "supply_route": ("{player} : {supplied_fr}", "{player}: {supplied_en}"),
    "supply": ("{player} : manque de ravitaillement, jet {total} → {effect_text}",
               "{player}: lack of supply, roll {total} → {effect_text}"),
    "supply_bargain": ("{player} dépense {loot} de butin pour le ravitaillement", "{player} spends {loot} loot on supply"),
    "battlefield": ("Champ de bataille en {territory} : éléments par secteur {sectors} ; au choix : {choices}",
                    "Battlefield in {territory}: elements per sector {sectors}; choose from: {choices}"),
    "reinforcements_bought": ("{player} achète {models} figurines pour {unit} ({cost} butin)",
                              "{player} buys {models} models for {unit} ({cost} loot)"),
    "reinforcements": ("{player} : les renforts rejoignent l'armée", "{player}: reinforcements join the army"),
    "reinforcements_wait": ("{player} : renforts en attente (armée non ravitaillée)",
                            "{player}: reinforcements wait (army not supplied)"),
    "fortress_built": ("{player} construit une forteresse en {territory} ({fortresses})",
                       "{player} builds a fortress in {territory} ({fortresses})"),
    "must_retreat": ("{player} devra battre en retraite depuis {from}", "{player} must retreat from {from}"),
    "army_destroyed": ("L'armée de {player} est détruite ; {returning_models} figurines rentrent à la capitale",
                       "{player}'s army is destroyed; {returning_models} models return to the capital"),
    "army_reformed": ("L'armée de {player} se reforme en {territory} ({models} figurines)",
                      "{player}'s army re-forms in {territory} ({models} models)"),
    "agreement": ("Accord n°{id} entre {parties_text} : {agreement_text}",
                  "Agreement #{id} between {parties_text}: {agreement_text}"),
    "agreement_broken": ("{player} rompt l'accord n°{id}", "{player} breaks agreement #{id}"),
    "initiative": ("Initiative de déplacement : {rolls_text} ; ordre {order_text}",
                   "Movement initiative: {rolls_text}; order {order_text}"),
    "moved": ("{player} : {from} → {path_text}", "{player}: {from} → {path_text}"),
    "held": ("{player} reste en {territory}", "{player} holds in {territory}"),
    "waited": ("{player} attend (initiative {initiative})", "{player} waits (initiative {initiative})"),
    "battle_declared": ("Bataille en {territory} : A={a}, B={b}", "Battle in {territory}: A={a}, B={b}"),
    "strategy_chosen": ("{player} a inscrit sa stratégie", "{player} has written down a strategy"),
    "strategies_revealed": ("Stratégies : {strategies_text} → {scenario}", "Strategies: {strategies_text} → {scenario}"),
    "no_battle": ("Pas de bataille en {territory} ce tour", "No battle in {territory} this turn"),
    "battle_result": ("Bataille en {territory} gagnée par {winner} ({resolver})",
                      "Battle in {territory} won by {winner} ({resolver})"),
    "territory_taken": ("{player} prend {territory}", "{player} takes {territory}"),
    "passage": ("{player} négocie un droit de passage en {territory} : {result}",
                "{player} negotiates a right of passage in {territory}: {result}"),
    "withdrew": ("{player} se retire de {from} vers {to}", "{player} withdraws from {from} to {to}"),
    "conquest": ("{player} attaque {territory} : {round_count} manche(s), {result}, butin {loot}",
                 "{player} attacks {territory}: {round_count} round(s), {result}, loot {loot}"),
    "reorganised": ("{player} réorganise son armée en {territory}", "{player} reorganises the army in {territory}"),
    "eliminated": ("{player} est éliminé", "{player} is eliminated"),
    "take_over": ("{player} prend la tête du royaume atlante {kingdom}",
                  "{player} takes over the Atlantean kingdom {kingdom}"),
    "campaign_ended": ("Fin de la campagne : {winner} l'emporte", "Campaign over: {winner} wins"),
}


def event_text(ev: dict[str, Any], o: Out) -> str:
    return format_event(EVENT_TEXT, ev, _fields(ev, o) if ev.get("type") in EVENT_TEXT else {}, o)


def _fields(ev: dict[str, Any], o: Out) -> dict[str, Any]:
    """Derived, language-aware values the templates use."""
    t = ev.get("type")
    out: dict[str, Any] = {}
    if "rolls" in ev and isinstance(ev["rolls"], dict):
        out["rolls_text"] = _kv(ev["rolls"])
    if t == "phase":
        out["phase_name"] = phase_name(ev["phase"], o)
    elif t == "divine_event":
        out["event_name"] = _row_name("events", ev["event"], o)
        out["roll"] = ev["lookup"]["roll"]
        extra = ""
        if ev.get("losses"):
            extra = o.t(", pertes ", ", losses ") + _units(ev["losses"])
        if ev.get("recruits"):
            extra = o.t(f", {ev['recruits']['models']} esclaves rejoignent l'armée",
                        f", {ev['recruits']['models']} slaves join the army")
        out["event_extra"] = extra
    elif t == "supply_route":
        out["supplied_fr"] = "ravitaillé" if ev["supplied"] else "NON ravitaillé"
        out["supplied_en"] = "supplied" if ev["supplied"] else "NOT supplied"
        if ev.get("permitted_by"):  # the announcement the seed asks for: whose land the convoy crosses
            who = ", ".join(ev["permitted_by"])
            out["supplied_fr"] += f" (par les terres de {who}, avec leur accord)"
            out["supplied_en"] += f" (through {who}'s land, by agreement)"
    elif t == "supply":
        out["total"] = ev["lookup"]["total"]
        out["effect_text"] = _row_text("supply", ev["effect"], o)
    elif t == "battlefield":
        terrain = ev["terrain"]
        out["sectors"] = ", ".join(f"{x['sector']}:{x['elements']}({x['player']})" for x in terrain["sectors"])
        out["choices"] = terrain["choices_fr"] if o.lang == "fr" else terrain["choices_en"]
    elif t == "agreement":
        out["parties_text"] = ", ".join(ev["parties"])
        if ev.get("public", True):
            out["agreement_text"] = ev.get("text") or o.t("(accord public)", "(public agreement)")
        else:
            out["agreement_text"] = o.t("(accord privé)", "(private agreement)")
    elif t == "initiative":
        out["order_text"] = ", ".join(ev["order"])
    elif t == "moved":
        out["path_text"] = " → ".join(ev["path"])
    elif t == "strategies_revealed":
        out["strategies_text"] = _kv(ev["strategies"])
    elif t == "conquest":
        out["round_count"] = len(ev["rounds"])
    return out


def _row_name(table: str, key: str, o: Out) -> str:
    from .data import tables
    row = tables()[table].row(key)
    return str(row.get("name_fr" if o.lang == "fr" else "name_en", key))


def _row_text(table: str, key: str, o: Out) -> str:
    from .data import tables
    return tables()[table].row(key).text(o.lang).replace("<i>", "").replace("</i>", "")


def _kv(d: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in d.items())


def _units(items: list[dict[str, Any]]) -> str:
    return ", ".join(f"{i['unit']}×{i['models']}" for i in items)
