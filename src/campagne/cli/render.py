"""Human-readable text for views and journal entries, in French or English."""

from __future__ import annotations

from typing import Any

from .output import Out

def phase_name(phase: str, o: Out) -> str:
    from ..games.atlantis.state import PHASE_NAMES
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


def entry_lines(entry: dict[str, Any], o: Out) -> list[str]:
    cmd = entry.get("command", {})
    head = f"#{entry.get('n', 0)} {cmd.get('type', '?')}"
    if cmd.get("player") and cmd.get("player") != "referee":
        head += f" ({cmd['player']})"
    lines = [head]
    for ev in entry.get("events", []):
        lines.append("   " + event_text(ev, o))
    return lines


def event_text(ev: dict[str, Any], o: Out) -> str:
    t = ev.get("type")
    p = ev.get("player", "")
    if t == "phase":
        return o.t(f"— tour {ev['turn']}, phase {phase_name(ev['phase'], o)} —",
                   f"— turn {ev['turn']}, {phase_name(ev['phase'], o)} phase —")
    if t == "placement_rolls":
        return o.t("Jets de placement (D100) : ", "Placement rolls (D100): ") + _kv(ev["rolls"])
    if t == "colony":
        return o.t(f"{p} prend le royaume {ev['kingdom']}, armée en {ev['territory']}",
                   f"{p} takes the kingdom {ev['kingdom']}, army in {ev['territory']}")
    if t == "divine_event":
        extra = ""
        if ev.get("losses"):
            extra = o.t(", pertes ", ", losses ") + _units(ev["losses"])
        if ev.get("recruits"):
            extra = o.t(f", {ev['recruits']['models']} esclaves rejoignent l'armée",
                        f", {ev['recruits']['models']} slaves join the army")
        return f"{p}: {_row_name('events', ev['event'], o)} (2D6={ev['lookup']['roll']}){extra}"
    if t == "taxes":
        return o.t(f"{p} perçoit {ev['amount']} de butin d'impôts", f"{p} collects {ev['amount']} loot in taxes")
    if t == "supply_route":
        return o.t(f"{p} : {'ravitaillé' if ev['supplied'] else 'NON ravitaillé'}",
                   f"{p}: {'supplied' if ev['supplied'] else 'NOT supplied'}")
    if t == "supply":
        effect = _row_text("supply", ev["effect"], o)
        return o.t(f"{p} : manque de ravitaillement, jet {ev['lookup']['total']} → {effect}",
                   f"{p}: lack of supply, roll {ev['lookup']['total']} → {effect}")
    if t == "battlefield":
        terrain = ev["terrain"]
        sectors = ", ".join(f"{x['sector']}:{x['elements']}({x['player']})" for x in terrain["sectors"])
        choices = terrain["choices_fr"] if o.lang == "fr" else terrain["choices_en"]
        return o.t(f"Champ de bataille en {ev['territory']} : éléments par secteur {sectors} ; au choix : {choices}",
                   f"Battlefield in {ev['territory']}: elements per sector {sectors}; choose from: {choices}")
    if t == "reinforcements_bought":
        return o.t(f"{p} achète {ev['models']} figurines pour {ev['unit']} ({ev['cost']} butin)",
                   f"{p} buys {ev['models']} models for {ev['unit']} ({ev['cost']} loot)")
    if t == "reinforcements":
        return o.t(f"{p} : les renforts rejoignent l'armée", f"{p}: reinforcements join the army")
    if t == "reinforcements_wait":
        return o.t(f"{p} : renforts en attente (armée non ravitaillée)",
                   f"{p}: reinforcements wait (army not supplied)")
    if t == "fortress_built":
        return o.t(f"{p} construit une forteresse en {ev['territory']} ({ev['fortresses']})",
                   f"{p} builds a fortress in {ev['territory']} ({ev['fortresses']})")
    if t == "must_retreat":
        return o.t(f"{p} devra battre en retraite depuis {ev['from']}", f"{p} must retreat from {ev['from']}")
    if t == "army_destroyed":
        return o.t(f"L'armée de {p} est détruite ; {ev['returning_models']} figurines rentrent à la capitale",
                   f"{p}'s army is destroyed; {ev['returning_models']} models return to the capital")
    if t == "agreement":
        what = ev.get("text") or o.t("(accord privé)", "(private agreement)")
        return o.t(f"Accord n°{ev['id']} entre {', '.join(ev['parties'])} : {what}",
                   f"Agreement #{ev['id']} between {', '.join(ev['parties'])}: {what}")
    if t == "initiative":
        return o.t("Initiative de déplacement : ", "Movement initiative: ") + _kv(ev["rolls"]) + \
            o.t(" ; ordre ", "; order ") + ", ".join(ev["order"])
    if t == "moved":
        return o.t(f"{p} : {ev['from']} → {' → '.join(ev['path'])}", f"{p}: {ev['from']} → {' → '.join(ev['path'])}")
    if t == "held":
        return o.t(f"{p} reste en {ev['territory']}", f"{p} holds in {ev['territory']}")
    if t == "battle_declared":
        return o.t(f"Bataille en {ev['territory']} : A={ev['a']}, B={ev['b']}",
                   f"Battle in {ev['territory']}: A={ev['a']}, B={ev['b']}")
    if t == "strategy_chosen":
        return o.t(f"{p} a inscrit sa stratégie", f"{p} has written down a strategy")
    if t == "strategies_revealed":
        return o.t("Stratégies : ", "Strategies: ") + _kv(ev["strategies"]) + f" → {ev['scenario']}"
    if t == "battle_result":
        return o.t(f"Bataille en {ev['territory']} gagnée par {ev['winner']} ({ev['resolver']})",
                   f"Battle in {ev['territory']} won by {ev['winner']} ({ev['resolver']})")
    if t == "territory_taken":
        return o.t(f"{p} prend {ev['territory']}", f"{p} takes {ev['territory']}")
    if t == "passage":
        return o.t(f"{p} négocie un droit de passage en {ev['territory']} : {ev['result']}",
                   f"{p} negotiates a right of passage in {ev['territory']}: {ev['result']}")
    if t == "conquest":
        return o.t(f"{p} attaque {ev['territory']} : {len(ev['rounds'])} manche(s), {ev['result']}, butin {ev['loot']}",
                   f"{p} attacks {ev['territory']}: {len(ev['rounds'])} round(s), {ev['result']}, loot {ev['loot']}")
    if t == "campaign_ended":
        return o.t(f"Fin de la campagne : {ev['winner']} l'emporte", f"Campaign over: {ev['winner']} wins")
    if t == "turn":
        return o.t(f"=== Tour {ev['turn']} ===", f"=== Turn {ev['turn']} ===")
    rest = {k: v for k, v in ev.items() if k not in ("type", "lookup")}
    return f"{t}: {rest}"


def _row_name(table: str, key: str, o: Out) -> str:
    from ..games.atlantis.data import tables
    row = tables()[table].row(key)
    return str(row.get("name_fr" if o.lang == "fr" else "name_en", key))


def _row_text(table: str, key: str, o: Out) -> str:
    from ..games.atlantis.data import tables
    return tables()[table].row(key).text(o.lang).replace("<i>", "").replace("</i>", "")


def _kv(d: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in d.items())


def _units(items: list[dict[str, Any]]) -> str:
    return ", ".join(f"{i['unit']}×{i['models']}" for i in items)
