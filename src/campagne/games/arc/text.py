"""Arc in words, French and English: the status a player reads, one line per journal event, the odds."""

from __future__ import annotations

from typing import Any

from .board import arc_board
from .data import crt
from .state import PHASE_NAMES

SIDE_NAMES = {"bonnaire": ("le Directorat (Bonnaire)", "the Directorate (Bonnaire)"),
              "ulf": ("Ulf", "Ulf"), "fereira": ("Fereira", "Fereira")}


HINTS = {"deploy": ("place PION HEX", "place UNIT HEX"),
         "move": ("move PION HEX, fly gonzague.1 HEX, meditate PRÊTRE", "move UNIT HEX, fly gonzague.1 HEX, meditate PRIEST"),
         "special": ("move PION HEX, fly gonzague.1 HEX", "move UNIT HEX, fly gonzague.1 HEX"),
         "magic": ("cast PRÊTRE SORT CIBLE, cast-with PRÊTRE PARTENAIRE SORT CIBLE",
                   "cast PRIEST SPELL TARGET, cast-with PRIEST PARTNER SPELL TARGET"),
         "missiles": ("attack PION CIBLE, attack-advance PION CIBLE", "attack UNIT TARGET, attack-advance UNIT TARGET"),
         "melee": ("attack PION CIBLE, attack-advance PION CIBLE", "attack UNIT TARGET, attack-advance UNIT TARGET"),
         "ended": ("", "")}


def side(name: str, o: Any) -> str:
    fr, en = SIDE_NAMES.get(name, (name, name))
    return o.t(fr, en)


def phase(name: str, o: Any) -> str:
    fr, en = PHASE_NAMES.get(name, (name, name))
    return o.t(fr, en)


def place_name(pid: str, o: Any) -> str:
    p = arc_board().places.get(pid)
    return (p.fr if o.lang == "fr" else p.en) if p else pid


def unit_line(u: dict[str, Any], o: Any) -> str:
    name = u["name"]["fr" if o.lang == "fr" else "en"]
    flags = []
    if u["reduced"]:
        flags.append(o.t("réduit", "reduced"))
    if u["hidden"]:
        flags.append(o.t("invisible", "hidden"))
    if u["leader"]:
        flags.append("leader")
    if u["points"]:
        flags.append(o.t(f"{u['points']} pts de sort", f"{u['points']} spell pts"))
    strength = f"{u['melee']}/{u['missile']} def {u['defence']} ST {u['save']}"
    return f"  {u['id']:<22} {u['hex'] or '-':<5} {name} ({strength}{'; ' + ', '.join(flags) if flags else ''})"


def status_text(view: dict[str, Any], o: Any, brief: bool = False) -> str:
    lines: list[str] = []
    if view["ended"]:
        lines.append(o.t("Partie terminée", "Game over") + f" ({view['victory']}): "
                     + ", ".join(side(s, o) for s in view["standing"]))
    else:
        when = o.t("nuit", "night") if view["night"] else o.t("jour", "day")
        lines.append(o.t(f"Tour {view['turn']}/8 ({when}), phase : ", f"Turn {view['turn']}/8 ({when}), phase: ")
                     + phase(view["phase"], o) + " — " + ", ".join(side(s, o) for s in view["acting"]))
        if view["awaiting"]:
            lines.append(o.t("On attend : ", "Waiting for: ") + ", ".join(side(s, o) for s in view["awaiting"]))
        if view.get("viewer") in view["awaiting"]:
            fr, en = HINTS[view["phase"]]
            lines.append(o.t("À vous : ", "Your orders: ") + o.t(fr, en) + o.t(", puis done", ", then done"))
    held = [f"{place_name(p, o)}: {side(s, o) if s else '-'}" for p, s in view["control"].items()
            if p in view["strategic"]["places"]]
    lines.append(o.t("Points stratégiques — ", "Strategic points — ") + "; ".join(held))
    if brief:
        return "\n".join(lines)
    for s, obj in view.get("objectives", {}).items():
        lines.append(o.t(f"Objectif secret ({side(s, o)}) : ", f"Secret objective ({side(s, o)}): ")
                     + obj["fr" if o.lang == "fr" else "en"] + f" ({obj['parts'][0]}/{obj['parts'][1]})")
    viewer = view.get("viewer")
    mine = [u for u in view["units"] if viewer is None or u["side"] == viewer]
    others = [u for u in view["units"] if viewer is not None and u["side"] != viewer]
    lines.append(o.t("Pions :", "Counters:"))
    lines += [unit_line(u, o) for u in mine]
    if others:
        lines.append(o.t("Pions adverses visibles :", "Visible enemy counters:"))
        lines += [unit_line(u, o) for u in others]
    for s, plans in view.get("plans", {}).items():
        if plans:
            lines.append(o.t(f"Ordres déclarés ({side(s, o)}) :", f"Declared orders ({side(s, o)}):"))
            lines += ["  " + " ".join(f"{k}={v}" for k, v in p.items() if v is not None) for p in plans]
    if view.get("odds"):
        lines.append(o.t("Combats possibles (rapport, colonne) :", "Possible combats (ratio, column):"))
        for c in view["odds"]:
            tail = o.t("interdit", "forbidden") if c["forbidden"] else (
                o.t("automatique", "automatic") if c["automatic"] else c["column"])
            lines.append(f"  {c['unit']} -> {c['target']}: {c['ratio']} ({tail})")
    return "\n".join(lines)


def event_text(e: dict[str, Any], o: Any) -> str:
    t = e.get("type")
    if t == "move":
        return o.t(f"{e['unit']} va en {e['to']}", f"{e['unit']} moves to {e['to']}")
    if t == "combat":
        res = e.get("result")
        roll = f", d12 {e['roll']}" if "roll" in e else ""
        return o.t(f"{', '.join(e['attackers'])} attaque(nt) {e['target']} à {e['ratio']}{roll} : {res}",
                   f"{', '.join(e['attackers'])} attack(s) {e['target']} at {e['ratio']}{roll}: {res}")
    if t == "eliminated":
        return o.t(f"{e['unit']} est éliminé", f"{e['unit']} is eliminated")
    if t == "reduced":
        return o.t(f"{e['unit']} est réduit de moitié", f"{e['unit']} is reduced by half")
    if t == "retreat":
        return o.t(f"{e['unit']} recule en {e['to']}", f"{e['unit']} retreats to {e['to']}")
    if t == "advance":
        return o.t(f"{e['unit']} avance en {e['to']}", f"{e['unit']} advances to {e['to']}")
    if t == "spell":
        return o.t(f"{e['caster']} lance {e['spell']} : {e.get('result')}", f"{e['caster']} casts {e['spell']}: {e.get('result')}")
    if t == "captured":
        return o.t(f"{e['unit']} est capturé par {e['by']}", f"{e['unit']} is captured by {e['by']}")
    if t == "detected":
        return o.t(f"{e['unit']} est repéré en {e['at']}", f"{e['unit']} is spotted on {e['at']}")
    if t == "converted":
        return o.t(f"Ulf convertit {', '.join(e['people'])} en {e['unit']}", f"Ulf converts {', '.join(e['people'])} into {e['unit']}")
    if t == "blocked":
        return o.t(f"{e['unit']} ne peut pas aller en {e['to']}", f"{e['unit']} cannot reach {e['to']}")
    if t == "vanish":
        return o.t(f"{e['unit']} disparaît (invisible)", f"{e['unit']} vanishes (hidden)")
    if t == "placed":
        return o.t(f"{e['unit']} est placé en {e['hex']}", f"{e['unit']} is placed on {e['hex']}")
    if t == "death":
        return o.t(f"{e['unit']} rate son jet contre la Mort ({e['roll']} < {e['save']}) et meurt",
                   f"{e['unit']} fails his save against death ({e['roll']} < {e['save']}) and dies")
    if t == "death_saved":
        return o.t(f"{e['unit']} réussit son jet contre la Mort ({e['roll']})",
                   f"{e['unit']} saves against death ({e['roll']})")
    if t == "zone":
        return o.t(f"{e['unit']} dans la zone du sort : {e['result']} (d12 {e['save_roll']})",
                   f"{e['unit']} in the spell's zone: {e['result']} (d12 {e['save_roll']})")
    if t in ("meditating", "meditated", "healed"):
        fr = {"meditating": "médite", "meditated": f"a médité ({e.get('points')} pts)", "healed": "est guéri"}[t]
        en = {"meditating": "meditates", "meditated": f"has meditated ({e.get('points')} pts)", "healed": "is healed"}[t]
        return o.t(f"{e['unit']} {fr}", f"{e['unit']} {en}")
    if t == "spell_ends":
        return o.t(f"Le sort {e['spell']} prend fin", f"The spell {e['spell']} ends")
    if t == "combat_void":
        return o.t(f"Plus d'attaquant contre {e['target']} : pas de combat", f"No attacker left against {e['target']}: no combat")
    if t == "ignored":
        return o.t("Résultat sur l'attaquant sans effet (missiles)", "Result on the attacker ignored (missiles)")
    if t == "resolve":
        return o.t("Résolution : ", "Resolution: ") + phase(e["phase"], o) + " (" + ", ".join(side(s, o) for s in e["order"]) + ")"
    if t == "turn":
        return o.t(f"Tour {e['turn']}" + (" (nuit)" if e["night"] else " (jour)"),
                   f"Turn {e['turn']}" + (" (night)" if e["night"] else " (day)"))
    if t == "phase":
        return o.t("Phase : ", "Phase: ") + phase(e["phase"], o)
    if t == "game_over":
        return o.t("Fin de la partie : ", "Game over: ") + ", ".join(side(s, o) for s in e["standing"])
    if t == "declared":
        rest = " ".join(f"{k}={v}" for k, v in e.items() if k not in ("type", "player", "order", "visible_to") and v is not None)
        return o.t(f"{side(e['player'], o)} déclare {e['order']} {rest}", f"{side(e['player'], o)} declares {e['order']} {rest}")
    if t == "done":
        return o.t(f"{side(e['player'], o)} a fini ({phase(e['phase'], o)})", f"{side(e['player'], o)} is done ({phase(e['phase'], o)})")
    return " ".join(f"{k}={v}" for k, v in e.items() if k != "visible_to")


def odds_lines(r: dict[str, Any], o: Any) -> list[str]:
    if "automatic" in r:
        return [o.t(f"Rapport {r['ratio']} : au-delà de 8-1, résultat automatique {r['automatic']} (défenseur éliminé).",
                    f"Ratio {r['ratio']}: beyond 8-1, automatic result {r['automatic']} (defender eliminated).")]
    effects = crt()["effects"]
    if "column" in r:
        lines = [o.t(f"Rapport {r['ratio']}, décalage {r['shift']:+d} : colonne {r['column']} (d12) :",
                     f"Ratio {r['ratio']}, shift {r['shift']:+d}: column {r['column']} (d12):")]
    else:
        lines = [o.t(f"Rapport {r['ratio']} (d12) :", f"Ratio {r['ratio']} (d12):")]
    for roll, code in r["by_roll"].items():
        e = effects[code[1:]]
        who = crt()["sides"][code[0]]["fr" if o.lang == "fr" else "en"]
        lines.append(f"  {roll:>2}: {code}  ({who}: {e['fr'] if o.lang == 'fr' else e['en']})")
    lines.append(o.t("Résultats :", "Outcomes:"))
    lines += [f"  {k}: {v} ({float(v):.1%})" for k, v in sorted(r["outcomes"].items())]
    return lines
