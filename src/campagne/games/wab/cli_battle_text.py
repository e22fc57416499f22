"""What `campagne battle ...` prints (the battle's state, its entries, its result); the commands themselves are
in `cli_battle`, the army lists they read in `inputs`."""

from __future__ import annotations

import json
import re
import shlex
from typing import Any

from ...cli.output import Out
from ...core.i18n import chance
from .rule_names import unit_rules_words
from .tracker_effects import TEST_FR

# what only the command line reads: a command to type, `fact near UNIT general=true`, an option
_COMMAND = re.compile(r"`|campagne |\b[a-z_]+=|--[a-z]")


# --------------------------------------------------------------------------- printing


def view_lines(view: dict[str, Any], o: Out, brief: bool = False, syntax: bool = True) -> list[str]:
    """The battle's state; without `syntax` (a club's page, `text.status_text`), no command to type: the table's
    dice awaited are said in words, and hints naming commands are left out."""
    lang = o.lang
    lines = []
    # each unit by its name in the reader's language, its key beside it (what commands take)
    named = {u["key"]: (u.get("name_fr") or u["name"]) if lang == "fr" else u["name"] for u in view["units"]}
    if view["phase"] == "deployment":
        lines.append(o.t("Déploiement", "Deployment"))
    else:
        lines.append(o.t(f"Tour {view['turn']}, camp {view['side']} — {view['phase_name']['fr']}",
                         f"Turn {view['turn']}, side {view['side']} — {view['phase_name']['en']}"))
    if not brief:
        for s in ("a", "b"):
            side = view["sides"][s]
            lines.append(f"{s}: {side['name']} ({side['player']}) — "
                         + o.t(f"{side['points']} pts, {side['points_lost']} perdus",
                               f"{side['points']} pts, {side['points_lost']} lost"))
            for u in view["units"]:
                if u["side"] != s:
                    continue
                extra = []
                if u["attached_to"]:
                    extra.append(o.t(f"avec {named.get(u['attached_to'], u['attached_to'])}",
                                     f"with {named.get(u['attached_to'], u['attached_to'])}"))
                if u["engaged_with"]:
                    extra.append(o.t("au contact de ", "fighting ")
                                 + ", ".join(named.get(k, k) for k in u["engaged_with"]))
                if u["status"] == "fleeing":
                    extra.append(o.t(f"a fui de {u['fled_inches']}ps", f"fled {u['fled_inches']}\""))
                rules = unit_rules_words(u, lang)
                if rules:
                    extra.append(", ".join(rules))
                status = {"ready": o.t("prête", "ready"), "fleeing": o.t("en fuite", "fleeing"),
                          "fled": o.t("a fui", "fled"), "destroyed": o.t("détruite", "destroyed"),
                          "off_table": o.t("hors table", "off table")}[u["status"]]
                lines.append(f"  {u['key']:<14} {named[u['key']]:<20} "
                             f"{u['models']:>3}/{u['battle_models']:<3} {status}"
                             + (f" ({'; '.join(extra)})" if extra else ""))
        lines.append(o.t(f"Points de victoire : a {view['vp']['a']}, b {view['vp']['b']}",
                         f"Victory points: a {view['vp']['a']}, b {view['vp']['b']}"))
    for p in view["pending"]:
        if p["kind"] == "test":
            odds = chance(p['p_pass_exact'], o.lang)
            who = named.get(p["unit"], p["unit_name"])
            lines.append(o.t(f"  À tirer {p['id']} : {who} ({p['unit']}), test de {TEST_FR.get(p['test'], p['test'])} — "
                             f"{p['fr']} — réussite {odds}",
                             f"  To roll {p['id']}: {who} ({p['unit']}), {p['test']} test — "
                             f"{p['en']} — pass {odds}"))
            if p.get("asks"):
                from .rhythm import NEAR_FACTS
                lines.append(o.t("    à dire avant de tirer : est-elle " + ", ou ".join(NEAR_FACTS[n][2] for n in p["asks"])
                                 + " ? (--set " + "=true|false --set ".join(p["asks"]) + "=true|false)",
                                 "    to tell before rolling: is it " + ", or ".join(NEAR_FACTS[n][1] for n in p["asks"])
                                 + "? (--set " + "=true|false --set ".join(p["asks"]) + "=true|false)")
                             if syntax else o.t("    à dire avant de tirer : est-elle "
                                                + ", ou ".join(NEAR_FACTS[n][2] for n in p["asks"]) + " ?",
                                                "    to tell before rolling: is it "
                                                + ", or ".join(NEAR_FACTS[n][1] for n in p["asks"]) + "?"))
        else:
            who = named.get(p["unit"], p["unit_name"])
            lines.append(o.t(f"  Décision {p['id']} : {who} ({p['unit']}) — {p['fr']}",
                             f"  Decision {p['id']}: {who} ({p['unit']}) — {p['en']}"))
    if not syntax and view.get("table_dice"):
        w = view["table_dice"]["wanted"]
        lines.append(o.t(f"  Dés de la table attendus : lancez {w['fr']}", f"  The table's dice are awaited: roll "
                                                                            f"{w['en']}"))
    for h in view["hints"]:
        if syntax or not _COMMAND.search(h[lang]):
            lines.append("  · " + h[lang])
    if view["result"]:
        r = view["result"]
        lines.append(o.t(f"Vainqueur : camp {r['winner']}", f"Winner: side {r['winner']}"))
    elif view["awaiting"]:
        who = [o.t("l'arbitre", "the referee") if w == "referee" else w for w in view["awaiting"]]
        lines.append(o.t("En attente de : ", "Waiting for: ") + ", ".join(who))
    return lines


def print_entries(o: Out, c: Any, entries: list[dict[str, Any]]) -> None:
    view = c.game.view(None)
    if o.json:
        o.data({"entries": entries, "view": view})
        return
    for e in entries:
        for ev in e["events"]:
            if "text" in ev:
                o.text(event_line(ev, o))
    for line in view_lines(view, o, brief=True):
        o.text(line)


def result_text(o: Out, result: dict[str, Any], payload: dict[str, Any], command_line: str | None = None) -> None:
    """The result as the referee reads it; with `command_line`, the campaign's `battle-result` command
    ready to paste (`tracker_views.campaign_command_line`), else the Atlantis payload as JSON."""
    w = result["winner"]
    loser = "b" if w == "a" else "a"
    vp = result["vp"]
    o.text(o.t(f"Le camp {w} ({result['players'][w]}) gagne la bataille avec {vp[w]} points de victoire contre "
               f"{vp[loser]}.",
               f"Side {w} ({result['players'][w]}) wins the battle with {vp[w]} victory points against "
               f"{vp[loser]}."))
    for s in ("a", "b"):
        for row in result["vp_detail"][s]:
            o.text(f"  {s} +{row['points']:<4} {row[o.lang]}")
    for s in ("a", "b"):
        k = ", ".join(f"{u} {n}" for u, n in result["killed"][s].items()) or "-"
        f = ", ".join(f"{u} {n}" for u, n in result["fled"][s].items()) or "-"
        o.text(o.t(f"  {s} : tués {k} ; sortis de table {f}", f"  {s}: killed {k}; fled {f}"))
    for ch in result["characters"]:
        o.text(o.t(f"  personnage {ch['side']}:{ch['unit']} tué ({ch['how']})",
                   f"  character {ch['side']}:{ch['unit']} killed ({ch['how']})"))
    if command_line is not None:
        o.text(o.t("Pour la campagne, à coller :", "For the campaign, ready to paste:"))
        o.text("  " + command_line)
        return
    o.text(o.t("Résultat pour la campagne (commande Atlantis battle-result) :",
               "Result for the campaign (Atlantis battle-result command):"))
    o.text(json.dumps(payload, ensure_ascii=False))


def _dice(result: dict[str, Any], o: Out) -> str:
    """A test's dice and target: « 2D6 (5+6) = 11, il faut 7 ou moins »."""
    rolls = ", ".join(f"{r['expr']} ({'+'.join(map(str, r['faces']))}) = {r['total']}" for r in result["rolls"])
    target = result.get("target")
    if target is None:
        return rolls
    return rolls + o.t(f", il faut {target} ou moins", f", needs {target} or less")


def event_line(ev: dict[str, Any], o: Out) -> str:
    """An event's sentence; a test's with its dice and its target; under it, the result's working (scores
    needed, modifiers, dice, each side's combat result: `working.py`)."""
    line = ev["text"][o.lang]
    result = ev.get("result")
    if ev.get("type") in ("test", "break_test") and isinstance(result, dict) and result.get("rolls"):
        line += f" — {_dice(result, o)}"
    for step in ev.get("working") or []:
        line += "\n    " + step[o.lang]
    return line


def next_steps(path: str, o: Out) -> list[str]:
    """What the referee does after `battle new`."""
    c = "" if path == "battle.jsonl" else f" -c {shlex.quote(path)}"
    return [o.t("Ensuite :", "Next:"),
            o.t(f"  1. déployez les armées ; un personnage qui rejoint une unité : campagne battle fact join "
                f"PERSONNAGE UNITÉ{c}",
                f"  1. deploy the armies; a character joining a unit: campagne battle fact join CHARACTER "
                f"UNIT{c}"),
            o.t(f"  2. commencez le tour 1 : campagne battle next{c} (puis next à la fin de chaque phase)",
                f"  2. start turn 1: campagne battle next{c} (then next at the end of each phase)"),
            o.t(f"  3. signalez ce qui se passe sur la table : campagne battle fact TYPE …{c} (la liste : "
                "campagne battle facts) ; les tests : campagne battle roll ; les corps à corps : campagne "
                "battle fight",
                f"  3. report what happens on the table: campagne battle fact KIND …{c} (the list: campagne "
                "battle facts); tests: campagne battle roll; close combats: campagne battle fight"),
            o.t(f"  4. à la fin : campagne battle end{c} (il imprime la commande battle-result de la campagne)",
                f"  4. at the end: campagne battle end{c} (it prints the campaign's battle-result command)")]
