"""Arc in words, French and English: the status a player reads, one line per journal event, the odds."""

from __future__ import annotations

from typing import Any

from .words import SIDE_NAMES, declared, event_text, game_over, phase, place_name, side  # noqa: F401 (the descriptor's text)
from .words import counter, crt_result, spell_name
from ...core.i18n import chance


HINTS = {"deploy": ("place PION HEX", "place UNIT HEX"),
         "move": ("move PION HEX, fly PION HEX, meditate PRÊTRE", "move UNIT HEX, fly UNIT HEX, meditate PRIEST"),
         "special": ("move PION HEX, fly PION HEX", "move UNIT HEX, fly UNIT HEX"),
         "magic": ("cast PRÊTRE SORT CIBLE, cast-with PRÊTRE PARTENAIRE SORT CIBLE",
                   "cast PRIEST SPELL TARGET, cast-with PRIEST PARTNER SPELL TARGET"),
         # (attack-advance: old set-ups only; since readings 2 the advance is asked after the result)
         "missiles": ("attack PION CIBLE", "attack UNIT TARGET"),
         "melee": ("attack PION CIBLE", "attack UNIT TARGET"),
         "ended": ("", "")}


def decision_hint(pending: dict[str, Any]) -> tuple[str, str]:
    """What a combat waits on (readings 2): the retreat's hexes, or who may advance."""
    if pending["kind"] == "retreat":
        hexes = ", ".join(pending["options"])
        return (f"retreat {pending['unit']} HEX (la retraite finit en {hexes})",
                f"retreat {pending['unit']} HEX (the retreat ends on {hexes})")
    units = ", ".join(pending["units"])
    return (f"advance PION ({units}) pour entrer en {pending['hex']}, ou stay",
            f"advance UNIT ({units}) to enter {pending['hex']}, or stay")


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


def effect_line(e: dict[str, Any], o: Any) -> str:
    """A lasting spell: its name, its caster's side, where it lies and until when."""
    where = e.get("hexes") and o.t("zone ", "zone ") + " ".join(e["hexes"]) or (
        counter(e["unit"], o) if e.get("unit") else "")
    until = (o.t(f"jusqu'au tour {e['until']}", f"until turn {e['until']}") if e.get("until") is not None
             else o.t("permanent", "lasting"))
    return f"{spell_name(e.get('spell'), o)} ({side(e.get('side'), o)}) — {where}, {until}".replace(" — , ", " — ")


def status_text(view: dict[str, Any], o: Any, brief: bool = False) -> str:
    lines: list[str] = []
    if view["ended"]:
        winners = view["winner"].split("+") if view.get("winner") else []
        lines.append(game_over({"victory": view["victory"], "winners": winners, "standing": view["standing"]}, o))
    else:
        when = o.t("nuit", "night") if view["night"] else o.t("jour", "day")
        lines.append(o.t(f"Tour {view['turn']}/8 ({when}), phase : ", f"Turn {view['turn']}/8 ({when}), phase: ")
                     + phase(view["phase"], o) + " — " + ", ".join(side(s, o) for s in view["acting"]))
        if view["awaiting"]:
            lines.append(o.t("On attend : ", "Waiting for: ") + ", ".join(side(s, o) for s in view["awaiting"]))
        pending = view.get("pending")
        if pending and view.get("viewer") == pending["player"]:  # a combat waits on this decision
            fr, en = decision_hint(pending)
            lines.append(o.t("À vous : ", "Your decision: ") + o.t(fr, en))
        elif view.get("viewer") in view["awaiting"]:
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
    if view.get("effects"):  # lasting spells: drawn on the map too, listed so a player walks into none unaware
        lines.append(o.t("Sorts en cours :", "Lasting spells:"))
        lines += ["  " + effect_line(e, o) for e in view["effects"]]
    for s, plans in view.get("plans", {}).items():
        if plans:
            lines.append(o.t(f"Ordres déclarés ({side(s, o)}) :", f"Declared orders ({side(s, o)}):"))
            lines += ["  " + declared({**p, "player": s, "order": p.get("type")}, o) for p in plans]
    if view.get("odds"):
        lines.append(o.t("Combats possibles (rapport, colonne) :", "Possible combats (ratio, column):"))
        for c in view["odds"]:
            tail = o.t("interdit", "forbidden") if c["forbidden"] else (
                o.t("automatique", "automatic") if c["automatic"] else c["column"])
            lines.append(f"  {c['unit']} -> {c['target']}: {c['ratio']} ({tail})")
    return "\n".join(lines)


def odds_lines(r: dict[str, Any], o: Any) -> list[str]:
    if "automatic" in r:
        return [o.t(f"Rapport {r['ratio']} : au-delà de 8-1, résultat automatique {r['automatic']} (défenseur éliminé).",
                    f"Ratio {r['ratio']}: beyond 8-1, automatic result {r['automatic']} (defender eliminated).")]
    if "column" in r:
        lines = [o.t(f"Rapport {r['ratio']}, décalage {r['shift']:+d} : colonne {r['column']} (d12) :",
                     f"Ratio {r['ratio']}, shift {r['shift']:+d}: column {r['column']} (d12):")]
    else:
        lines = [o.t(f"Rapport {r['ratio']} (d12) :", f"Ratio {r['ratio']} (d12):")]
    for roll, code in r["by_roll"].items():  # each result in words, as the journal says it (the French cells are codes)
        lines.append(f"  {roll:>2}: {crt_result(code, o)}")
    lines.append(o.t("Résultats :", "Outcomes:"))
    lines += [f"  {k}: {chance(v, o.lang)}" for k, v in sorted(r["outcomes"].items())]
    return lines


def choice_words(value: Any, o: Any, state: Any = None) -> str | None:
    """A choice of an order as the table reads it (the club's forms): a counter by its printed name, a side by
    its name; None for what has no other name than itself (a hex). (`state`: the board's names are its data's.)"""
    from .words import SIDE_NAMES, counter, side
    if value in SIDE_NAMES:
        return side(value, o)
    named = counter(value, o)
    return named if named != str(value) else None
