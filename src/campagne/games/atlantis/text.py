"""Atlantis views and journal events as text, in French or English (`o`: anything with `lang` and `t`)."""

from __future__ import annotations

from typing import Any

from ...core.errors import CampagneError
from ...core.i18n import Lang as Out
from ...render.text import controller_name, format_event, who
from .data import tables
from .unit_words import army_unit, per_unit_text, unit_names_of, units_text

def phase_name(phase: str, o: Out) -> str:
    from .state import PHASE_NAMES
    fr, en = PHASE_NAMES.get(phase, (phase, phase))
    return o.t(fr, en)


FLAGS = {"halted": ("arrêtée par un événement divin", "halted by a divine event"),
         "unsupplied": ("non ravitaillée", "not supplied"),
         "must_leave": ("doit quitter ce territoire", "must leave this territory"),
         "must_retreat": ("doit battre en retraite", "must retreat"),
         "reorganising": ("en réorganisation", "reorganising")}


def status_text(view: dict[str, Any], o: Out, brief: bool = False) -> str:
    own = view.get("place_names")  # a club's own map's names
    lines = [o.t(f"Tour {view['turn']} — phase : {phase_name(view['phase'], o)}",
                 f"Turn {view['turn']} — phase: {phase_name(view['phase'], o)}")]
    if view["phase"] == "ended" and view.get("standings"):
        first = who(view["standings"][0]["player"], o)
        lines.append(o.t(f"Fin de la campagne : {first} l'emporte (classement aux territoires, puis à la cité "
                         "d'Atlantis, puis à la richesse).", f"Campaign over: {first} wins (standing by territories, "
                         "then the city of Atlantis, then wealth)."))
    if view["awaiting"]:
        lines.append(o.t("En attente de : ", "Waiting for: ") + ", ".join(who(p, o) for p in view["awaiting"]))
    elif view["phase"] not in ("ended", "setup"):
        lines.append(o.t("Personne n'est attendu : l'arbitre peut passer à la phase suivante.",
                         "Nobody to wait for: the referee may close the phase."))
    if brief:
        return "\n".join(lines)
    placement = view.get("placement")
    if placement:
        rolls = ", ".join(f"{who(pid, o)} {placement['rolls'][pid]}" for pid in placement["order"])
        lines.append(o.t(f"Jets de placement (D100), dans l'ordre du choix : {rolls}",
                         f"Placement rolls (D100), in the order of choice: {rolls}"))
    for pid, p in view["players"].items():
        lines.extend(_player_lines(pid, p, o, own))
    for a in view.get("agreements", []):
        status = a.get("status", "in_force")
        if a.get("broken_by") or status not in ("in_force", "proposed"):
            continue
        if status == "proposed":
            waiting = ", ".join(q for q in a["parties"] if q not in a.get("accepted", []))
            first = waiting.split(",")[0]
            theirs = a.get("numbers", {}).get(first, a["id"])  # the referee's view: the number the party types
            typed = f" (campagne order {first} accept {theirs})" if getattr(o, "typed", False) else ""
            lines.append(o.t(f"  Accord n°{a['id']} proposé ({', '.join(a['parties'])}), à confirmer par {waiting}"
                             f"{typed} : ",
                             f"  Agreement #{a['id']} proposed ({', '.join(a['parties'])}), to be confirmed by {waiting}"
                             f"{typed}: ") + _agreement_terms(a, o))
            continue
        lines.append(o.t(f"  Accord n°{a['id']} en vigueur ({', '.join(a['parties'])}) : ",
                         f"  Agreement #{a['id']} in force ({', '.join(a['parties'])}): ") + _agreement_terms(a, o))
    for b in view["battles"]:
        if b["result"]:
            continue  # resolved: its result is in the journal
        state = b["scenario"] or o.t("stratégies à choisir", "strategies to choose")
        lines.append(o.t(f"  Bataille en {_place(b['territory'], o, own)} entre {b['a']} (A) et {b['b']} (B), {state}, à régler",
                         f"  Battle in {_place(b['territory'], o, own)} between {b['a']} (A) and {b['b']} (B), {state}, to resolve"))
        if b.get("cell"):
            lines.append("      " + _row_text("scenarios", b["cell"], o))
        if b.get("grid"):
            from ..skirmish.text import status_text as grid_status
            lines += ["      " + line for line in grid_status(b["grid"], o, brief=brief).splitlines()]
        if b.get("terrain"):
            f = _fields({"type": "battlefield", "terrain": b["terrain"]}, o)
            lines.append("      " + o.t(f"terrain : éléments par secteur {f['sectors']} ; au choix : {f['choices']}",
                                        f"terrain: elements per sector {f['sectors']}; choose from: {f['choices']}"))
    from ..skirmish.convert import corruption_lines
    lines += corruption_lines(view, o)
    if view.get("standings"):
        lines.append(o.t("Classement :", "Standings:"))
        lines.extend(standing_lines(view["standings"], o))
    return "\n".join(lines)


def _player_lines(pid: str, p: dict[str, Any], o: Out, own: Any = None) -> list[str]:
    if p["eliminated"]:
        return [o.t(f"  {pid} : éliminé", f"  {pid}: eliminated")]
    army = p["army"]
    where = _place(p["position"], o, own) if p["position"] else "-"
    if army and army["strength"] is None:
        strength = o.t("? (Warbands pas encore lancées)", "? (Warbands not rolled yet)")
    else:
        strength = army["strength"] if army else "?"
    army_txt = o.t(f"armée en {where}, {army['points']} pts, {army['models']} fig., force {strength}, "
                   f"initiative {army['initiative']}",
                   f"army in {where}, {army['points']} pts, {army['models']} models, strength {strength}, "
                   f"initiative {army['initiative']}") if army else o.t("pas d'armée", "no army")
    people = (army.get("people_fr") if o.lang == "fr" else army.get("people")) if army else None
    kingdom = p.get("kingdom_name") or p["kingdom"] or "-"
    kingdom += f" ({people})" if people else ""
    lines = [f"  {pid} ({controller_name(p['controller'], o)}) — {kingdom} — "
             + o.t(f"butin {p['loot']}, {len(p['territories'])} territoires, ",
                   f"loot {p['loot']}, {len(p['territories'])} territories, ") + army_txt]
    details = []
    if army:
        g = army["general"]
        details.append(o.t(f"général {g.get('name_fr', g['name'])} (Cd {g['leadership']})",
                           f"general {g['name']} (Ld {g['leadership']})") if g else o.t("sans général", "no general"))
    flags = [k for k, on in (("halted", p["halted"]), ("unsupplied", not p["supplied"]),
                             ("must_leave", p["must_leave"]), ("must_retreat", p["must_retreat"]),
                             ("reorganising", p["reorganising"])) if on]
    details += [o.t(*FLAGS[k]) for k in flags]
    if p.get("event") and p["event"] != "none":
        details.append(o.t("événement du tour : ", "this turn's event: ") + row_name("events", p["event"], o))
    if p.get("pending_reinforcements"):
        waiting = [{"unit": r["recruit"]["id"], "models": r["recruit"]["models"]} if "recruit" in r else r
                   for r in p["pending_reinforcements"]]
        details.append(o.t("renforts en attente : ", "reinforcements waiting: ") + units_text(waiting, o, army=p.get("army")))
    if p.get("returning_models"):
        details.append(o.t(f"{p['returning_models']} figurines rentrent à la capitale",
                           f"{p['returning_models']} models coming back to the capital"))
    if details:
        lines.append("      " + "; ".join(details))
    if army and army.get("units"):
        name = "name_fr" if o.lang == "fr" else "name"
        lines.append(o.t("      unités : ", "      units: ") + ", ".join(
            f"{u['id']} {u.get(name, u['name'])} ×{u['models']}" for u in army["units"] if u["models"] > 0))
    if p.get("loss_order"):
        lines.append(o.t("      pertes d'abord sur : ", "      losses taken first by: ") + ", ".join(
            unit_names_of(army, p["loss_order"], o)))
    return lines


def _place(tid: str, o: Out, own: Any = None) -> str:
    """A territory or kingdom by its name on the map (`own`: a club's own map's names, the view's `place_names`;
    the id itself when the map gives none)."""
    if own:
        return own.get(tid) or tid
    return choice_words(tid, o) or tid


def _agreement_terms(a: dict[str, Any], o: Out) -> str:
    terms = [a["text"]] if a.get("text") else []
    if a.get("loot"):
        giver, taker = who(a["loot_from"], o), who(a["loot_to"], o)
        terms.append(o.t(f"{giver} verse {a['loot']} de butin à {taker}", f"{giver} pays {a['loot']} loot to {taker}"))
    for key, fr, en in (("passage", "passage", "passage"), ("supply", "ravitaillement", "supply"),
                        ("taxes", "impôts", "taxes")):
        if a.get(key):
            grantor, whom = who(a["grantor"], o), ", ".join(who(p, o) for p in a[key])
            terms.append(o.t(f"{fr} sur les terres de {grantor} pour {whom}", f"{en} over {grantor}'s land for {whom}"))
    return "; ".join(terms) or o.t("(sans termes écrits)", "(no written terms)")


def standing_lines(rows: list[dict[str, Any]], o: Out) -> list[str]:
    """The standings as decided: rank, territories, the city of Atlantis, loot + army, and the roll-off if any."""
    return [f"  {r['rank']}. {who(r['player'], o)} — {r['territories']} " + o.t("territoires", "territories")
            + (" + Atlantis" if r["atlantis"] else "")
            + o.t(f", {r['wealth']} (butin {r['loot']} + armée {r['army_points']})",
                  f", {r['wealth']} (loot {r['loot']} + army {r['army_points']})") for r in rows]


# One line per event type: (French, English) templates over the event's fields and the extras
# computed in `_fields`. Events without a template are printed as their raw fields.
EVENT_TEXT: dict[str, tuple[str, str]] = {
    "turn": ("=== Tour {turn} ===", "=== Turn {turn} ==="),
    "phase": ("— tour {turn}, phase {phase_name} —", "— turn {turn}, {phase_name} phase —"),
    "placement_rolls": ("Jets de placement (D100) : {rolls_text}", "Placement rolls (D100): {rolls_text}"),
    "colony": ("{player} prend le royaume {kingdom}, armée en {territory}",
               "{player} takes the kingdom {kingdom}, army in {territory}"),
    "divine_event": ("{player} : {event_name} (2D6 : {roll}){event_extra}", "{player}: {event_name} (2D6: {roll}){event_extra}"),
    "taxes": ("{player} perçoit {amount} de butin d'impôts", "{player} collects {amount} loot in taxes"),
    "loss_order": ("{player} : les pertes d'abord sur {units_text}", "{player}: losses taken first by {units_text}"),
    "supply_route": ("{player} : {supplied_fr}", "{player}: {supplied_en}"),
    "supply": ("{player} : manque de ravitaillement, jet {total} → {effect_text}{desertion_text}",
               "{player}: lack of supply, roll {total} → {effect_text}{desertion_text}"),
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
    "army_destroyed": ("L'armée de {player} est détruite ({reason_text}) ; {returning_models} figurines rentrent "
                       "à la capitale",
                       "{player}'s army is destroyed ({reason_text}); {returning_models} models return to the "
                       "capital"),
    "army_reformed": ("L'armée de {player} se reforme en {territory} ({models} figurines)",
                      "{player}'s army re-forms in {territory} ({models} models)"),
    "agreement": ("Accord n°{id} entre {parties_text} : {agreement_text}",
                  "Agreement #{id} between {parties_text}: {agreement_text}"),
    "agreement_broken": ("{player} rompt l'accord n°{id}", "{player} breaks agreement #{id}"),
    "agreement_proposed": ("{player} propose l'accord n°{id} à {parties_text} : {agreement_text}",
                           "{player} proposes agreement #{id} to {parties_text}: {agreement_text}"),
    "agreement_accepted": ("{player} confirme l'accord n°{id}", "{player} confirms agreement #{id}"),
    "agreement_declined": ("{player} refuse l'accord n°{id}", "{player} declines agreement #{id}"),
    "agreement_lapsed": ("L'accord n°{id} est caduc : {waiting_text} ne l'a pas confirmé",
                         "Agreement #{id} lapses: {waiting_text} did not confirm it"),
    "initiative": ("Initiative de déplacement : {rolls_text} ; ordre {order_text}",
                   "Movement initiative: {rolls_text}; order {order_text}"),
    "moved": ("{player} : {from} → {path_text}", "{player}: {from} → {path_text}"),
    "held": ("{player} reste en {territory}", "{player} holds in {territory}"),
    "waited": ("{player} attend (initiative {initiative})", "{player} waits (initiative {initiative})"),
    "battle_declared": ("Bataille en {territory} entre {a} (A) et {b} (B)", "Battle in {territory} between {a} (A) and {b} (B)"),
    "strategy_chosen": ("{player} a inscrit sa stratégie", "{player} has written down a strategy"),
    "strategies_revealed": ("Stratégies en {territory} : {strategies_text} → {scenario} : {cell_text}",
                            "Strategies in {territory}: {strategies_text} → {scenario}: {cell_text}"),
    "no_battle": ("Pas de bataille en {territory} ce tour", "No battle in {territory} this turn"),
    "grid_battle": ("La bataille en {territory} se livre sur le quadrillage ({battlefield}) : chaque joueur y "
                    "commande son camp, l'ordinateur celui d'un absent",
                    "The battle in {territory} is fought on the grid ({battlefield}): each player commands his camp "
                    "there, the computer an absent player's"),
    "battle_result": ("Bataille en {territory} gagnée par {winner} ({resolver_text}){details}",
                      "Battle in {territory} won by {winner} ({resolver_text}){details}"),
    "territory_taken": ("{player} prend {territory}", "{player} takes {territory}"),
    "passage": ("{player} négocie un droit de passage en {territory} (corruption {bribe}) : 1D6 {roll_text} → "
                "{result_text}",
                "{player} negotiates a right of passage in {territory} (bribe {bribe}): 1D6 {roll_text} → "
                "{result_text}"),
    "withdrew": ("{player} se retire de {from} vers {to}", "{player} withdraws from {from} to {to}"),
    "conquest": ("{player} attaque {territory} (corruption {bribe}{defence_text}) : {rounds_text} → "
                 "{result_text} Butin +{loot}.",
                 "{player} attacks {territory} (bribe {bribe}{defence_text}): {rounds_text} → {result_text} "
                 "Loot +{loot}."),
    "reorganised": ("{player} réorganise son armée en {territory}", "{player} reorganises the army in {territory}"),
    "eliminated": ("{player} est éliminé", "{player} is eliminated"),
    "take_over": ("{player} prend la tête du royaume atlante {kingdom}",
                  "{player} takes over the Atlantean kingdom {kingdom}"),
    "adjusted": ("Correction de l'arbitre : {subject_text} {before_text} → {after_text} (raison : {reason})",
                 "Referee's correction: {subject_text} {before_text} → {after_text} (reason: {reason})"),
    "campaign_ended": ("Fin de la campagne : {winner} l'emporte{rolloff_text}. Classement aux territoires, puis à la "
                       "cité d'Atlantis, puis à la richesse (butin + armée) :\n{standings_text}",
                       "Campaign over: {winner} wins{rolloff_text}. Standing by territories, then the city of "
                       "Atlantis, then wealth (loot + army):\n{standings_text}"),
}


def event_text(ev: dict[str, Any], o: Out) -> str:
    if ev.get("type") == "corruption_removed":
        from ..skirmish.convert import cleansed_text
        return cleansed_text(ev, o)
    seen = getattr(o, "seen", None) or {}  # the reader's view: a club's own map's names
    own = seen.get("place_names")
    if ev.get("type") == "grid":  # one event of a grid battle its players fight: in the grid's own words
        from ..skirmish.text import event_text as on_the_grid
        from ...render.text import Named
        where = _place(ev["territory"], o, own)
        grid = next((b["grid"] for b in seen.get("battles") or () if b.get("territory") == ev["territory"]
                     and b.get("grid")), None)  # while it is fought: its army units' names
        on = Named(o, getattr(o, "names", None) or {}, grid) if grid else o
        return o.t(f"[{where}, quadrillage] ", f"[{where}, grid] ") + on_the_grid(ev["event"], on)
    if ev.get("type") not in EVENT_TEXT:
        return format_event(EVENT_TEXT, ev, {}, o)
    # territories and kingdoms by their names on the map, whatever field holds them
    named = {k: _place(v, o, own) for k, v in ev.items() if isinstance(v, str) and k not in ("type", "player")
             and ((v in own) if own else choice_words(v, o))}
    if isinstance(ev.get("battlefield"), str):  # a grid battle's battlefield by its name
        from ..skirmish.text import field_name
        named["battlefield"] = field_name(ev["battlefield"], o)
    return format_event(EVENT_TEXT, ev, {**named, **_fields(ev, o)}, o)


def _fields(ev: dict[str, Any], o: Out) -> dict[str, Any]:
    """Derived, language-aware values the templates use."""
    t = ev.get("type")
    out: dict[str, Any] = {}
    if "rolls" in ev and isinstance(ev["rolls"], dict):
        out["rolls_text"] = _kv(ev["rolls"], o)
    if t == "phase":
        out["phase_name"] = phase_name(ev["phase"], o)
    elif t == "loss_order":
        out["units_text"] = ", ".join(army_unit(ev.get("player"), u, o) for u in ev["units"]) if ev["units"] else o.t(
            "les unités que désigne la règle par défaut (la plus nombreuse d'abord)",
            "the units the default rule names (the largest first)")
    elif t == "divine_event":
        out["event_name"] = row_name("events", ev["event"], o)
        out["roll"] = ev["lookup"]["roll"]
        extra = ""
        if ev.get("losses"):
            extra = o.t(", pertes ", ", losses ") + units_text(ev["losses"], o, ev.get("player"))
        if ev.get("recruits"):
            extra = o.t(f", {ev['recruits']['models']} esclaves rejoignent l'armée",
                        f", {ev['recruits']['models']} slaves join the army")
        out["event_extra"] = extra
    elif t == "supply_route":
        out["supplied_fr"] = "ravitaillé" if ev["supplied"] else "NON ravitaillé"
        out["supplied_en"] = "supplied" if ev["supplied"] else "NOT supplied"
        if ev.get("permitted_by"):  # the announcement the seed asks for: whose land the convoy crosses
            lands = ", ".join(who(p, o) for p in ev["permitted_by"])
            out["supplied_fr"] += f" (par les terres de {lands}, avec leur accord)"
            out["supplied_en"] += f" (through {lands}'s land, by agreement)"
    elif t == "supply":
        out["total"] = ev["lookup"]["total"]
        out["effect_text"] = _row_text("supply", ev["effect"], o)
        # the deserters' count (the 1D6 rolled, or what the army had left) and their units, from the event itself:
        # no new field, so that journals written before replay to the same events
        lost = ev.get("losses") or []
        n = sum(x["models"] for x in lost)
        out["desertion_text"] = "" if not lost else o.t(f" — {n} figurine(s) désertent : {units_text(lost, o, ev.get('player'))}",
                                                       f" — {n} model(s) desert: {units_text(lost, o, ev.get('player'))}")
    elif t == "battlefield":
        terrain = ev["terrain"]
        out["sectors"] = ", ".join(f"{x['sector']}:{x['elements']}({x['player']})" for x in terrain["sectors"])
        out["choices"] = terrain["choices_fr"] if o.lang == "fr" else terrain["choices_en"]
    elif t == "agreement_lapsed":
        out["waiting_text"] = ", ".join(who(p, o) for p in ev.get("waiting", []))
    if t in ("agreement", "agreement_proposed"):
        out["parties_text"] = ", ".join(who(p, o) for p in ev["parties"])
        if ev.get("public", True):
            out["agreement_text"] = _agreement_terms(ev, o) if ev.get("text") or ev.get("loot") or ev.get("grantor") \
                else o.t("(accord public)", "(public agreement)")
        else:
            out["agreement_text"] = o.t("(accord privé)", "(private agreement)")
    elif t == "initiative":
        out["order_text"] = ", ".join(who(p, o) for p in ev["order"])
    elif t == "moved":
        out["path_text"] = " → ".join(_place(t, o, (getattr(o, "seen", None) or {}).get("place_names"))
                                      for t in ev["path"])
    elif t == "strategies_revealed":
        out["strategies_text"] = ", ".join(f"{who(pid, o)} {row_name('strategies', st, o) if st else '?'}"
                                           for pid, st in ev["strategies"].items())
        out["cell_text"] = _row_text("scenarios", ev["cell"], o) if ev.get("cell") else ""
    elif t == "conquest":
        out.update(_conquest_fields(ev, o))
    elif t == "passage":
        lookup = ev.get("lookup") or {}
        mods = "".join(f" {m['value']:+d}" for m in lookup.get("modifiers", []))
        out["roll_text"] = f"{lookup.get('roll', '?')}{mods} = {lookup.get('total', '?')}"
        out["result_text"] = _row_text("passage", ev["result"], o)
    elif t == "battle_result":
        out.update(_battle_fields(ev, o))
    elif t == "army_destroyed":
        out["reason_text"] = o.t(*DESTROYED.get(ev.get("reason", ""), (ev.get("reason", ""), ev.get("reason", ""))))
    elif t == "adjusted":
        out.update(_adjusted_fields(ev, o))
    elif t == "campaign_ended":
        out["standings_text"] = "\n".join("   " + line for line in standing_lines(ev["standings"], o))
        out["rolloff_text"] = (o.t(" (départage au D6 : ", " (D6 roll-off: ") + _kv(ev["rolloff"], o) + ")"
                               if ev.get("rolloff") else "")
    return out


GENERAL_WORDS = {"alive": ("vivant", "alive"), "dead": ("mort", "dead")}


def _adjusted_fields(ev: dict[str, Any], o: Out) -> dict[str, Any]:
    """What a referee's correction touched, and its values before and after (an owner None: the Atlantean king)."""
    what = ev.get("what")
    player, territory, unit = ev.get("player", "?"), ev.get("territory", "?"), ev.get("unit", "?")
    subjects = {"loot": (f"butin de {player}", f"{player}'s loot"),
                "owner": (f"propriétaire de {territory}", f"owner of {territory}"),
                "fortresses": (f"forteresses en {territory}", f"fortresses in {territory}"),
                "models": (f"figurines de l'unité {unit} de {player}", f"models of {player}'s unit {unit}"),
                "general": (f"général de {player}", f"{player}'s general")}
    subject = o.t(*subjects.get(str(what), (str(what), str(what))))
    if ev.get("returning"):
        subject += o.t(" (survivants en route vers la capitale)", " (survivors on their way to the capital)")

    def value(v: Any) -> str:
        if what == "general":
            return o.t(*GENERAL_WORDS.get(str(v), (str(v), str(v))))
        return o.t("son roi atlante", "its Atlantean king") if what == "owner" and v is None else str(v)
    return {"subject_text": subject, "before_text": value(ev.get("before")), "after_text": value(ev.get("after"))}


DESTROYED = {"no_retreat": ("aucune retraite possible", "no retreat possible"),
             "crushed": ("écrasée", "crushed"), "destroyed": ("anéantie au combat", "wiped out in battle")}
RESOLVERS = {"simulation": ("simulation des combats", "combat simulation"), "table": ("sur table", "at the table"),
             "wab": ("combat WAB 2 simulé", "simulated WAB 2 fight"),
             "grid": ("bataille sur quadrillage simulée", "simulated grid battle"),
             "grid_players": ("bataille sur quadrillage livrée par les joueurs", "grid battle fought by the players")}


def _conquest_fields(ev: dict[str, Any], o: Out) -> dict[str, Any]:
    """Each round with both forces, the row it fell on and the models it cost; the final row in words."""
    table = "conquest_result" if ev.get("from") is None else "conquest_result_player"
    rounds = []
    for i, r in enumerate(ev["rounds"], start=1):
        last = i == len(ev["rounds"])  # its row is said in full after the arrow
        row = "" if last else ", " + _short_row(table, r["result"], o)
        losses = o.t(", pertes ", ", losses ") + units_text(r["losses"], o, ev.get("player")) if r.get("losses") else ""
        rounds.append(o.t(f"manche {i} : attaque {r['attack']} contre défense {r['defence']} (jet 6+2D6 "
                          f"{r['defence_roll']}), écart {r['difference']}{row}{losses}",
                          f"round {i}: attack {r['attack']} v defence {r['defence']} (6+2D6 roll "
                          f"{r['defence_roll']}), difference {r['difference']}{row}{losses}"))
    defence = tables()["conquest_defence"]
    mods = [f"{_modifier_text(defence, k, o)} {v:+d}" for k, v in ev.get("defender_modifiers") or []]
    return {"rounds_text": "; ".join(rounds),
            "defence_text": (o.t(" ; défense : ", "; defence: ") + ", ".join(mods)) if mods else "",
            "result_text": _row_text(table, ev["result"], o)}


def _modifier_text(table: Any, key: str, o: Out) -> str:
    try:
        m = table.modifier(key)
    except CampagneError:
        return key
    return (m.fr if o.lang == "fr" else m.en).replace("<i>", "").replace("</i>", "")


def _short_row(table: str, key: str, o: Out) -> str:
    """A result row's first sentence."""
    return _row_text(table, key, o).split(". ")[0].rstrip(".")


def _battle_fields(ev: dict[str, Any], o: Out) -> dict[str, Any]:
    """What the table needs of a battle: forces and rolls, points lost, models removed per unit, characters."""
    parts = []
    if ev.get("forces"):
        parts.append(o.t("forces ", "forces ") + _kv(ev["forces"], o))
    if ev.get("battlefield"):  # a grid battle: its battlefield and how many rounds it lasted (a count)
        from ..skirmish.text import field_name
        field = field_name(ev["battlefield"], o)
        parts.append(o.t(f"champ de bataille : {field}", f"battlefield: {field}"))
    if isinstance(ev.get("rounds"), int):
        parts.append(o.t(f"{ev['rounds']} tour(s)", f"{ev['rounds']} round(s)"))
    for i, r in enumerate(ev["rounds"] if isinstance(ev.get("rounds"), list) else [], start=1):
        parts.append(o.t(f"jets (force + 2D6) : attaquant {r['attacker']}, défenseur {r['defender']}",
                         f"rolls (force + 2D6): attacker {r['attacker']}, defender {r['defender']}"))
    if ev.get("points_lost"):
        parts.append(o.t("points perdus ", "points lost ") + _kv(ev["points_lost"], o))
    colon = " : " if o.lang == "fr" else ": "
    for pid, items in (ev.get("removed") or {}).items():
        if items:
            parts.append(o.t(f"retirées chez {who(pid, o)} : ", f"removed from {who(pid, o)}: ") + units_text(items, o, pid))
    for key, fr, en in (("killed", "tuées", "killed"), ("fled", "sorties de table", "fled off the table")):
        for pid, units in (ev.get(key) or {}).items():
            if units:
                parts.append(f"{o.t(fr, en)} ({who(pid, o)}){colon}" + per_unit_text(pid, units, o))
    for c in ev.get("characters_fate") or []:
        how = o.t("en duel", "in a duel") if c["how"] == "duel" else o.t("dans la bataille", "in the battle")
        fate = o.t("récupéré", "recovered") if c["survived"] else o.t("mort", "dead")
        roll = f" (D6 {c['roll']})" if c.get("roll") is not None else ""
        parts.append(f"{army_unit(c['player'], c['unit'], o)} ({who(c['player'], o)}) " + o.t("tombé ", "fell ")
                     + f"{how}{roll} → {fate}")
    for pid, units in (ev.get("recovered") or {}).items():
        if units:
            parts.append(o.t(f"récupérées par {who(pid, o)} : ", f"recovered by {who(pid, o)}: ")
                         + per_unit_text(pid, units, o))
    for m in ev.get("mercenaries") or []:
        played = o.t(f"joués par {who(m['member'], o)}", f"played by {who(m['member'], o)}") if m.get("member") else \
            o.t("renfort sans général allié", "reinforcement without the ally general")
        parts.append(o.t(f"mercenaires aux côtés de {who(m['side'], o)} : {m['list']} ({m['points']} pts, {played}, "
                         f"pertes hors campagne)", f"mercenaries beside {who(m['side'], o)}: {m['list']} ({m['points']} "
                         f"pts, {played}, losses outside the campaign)"))
    return {"details": (" — " + "; ".join(parts)) if parts else "",
            "resolver_text": o.t(*RESOLVERS.get(ev.get("resolver", ""), (ev.get("resolver", ""),) * 2))}


def row_name(table: str, key: str, o: Out) -> str:
    """A table row's name in the reader's language (the key when the row has none)."""
    row = tables()[table].row(key)
    return str(row.get("name_fr" if o.lang == "fr" else "name_en", key))


def _row_text(table: str, key: str, o: Out) -> str:
    return tables()[table].row(key).text(o.lang).replace("<i>", "").replace("</i>", "")


def _kv(d: dict[str, Any], o: Out) -> str:
    """Each player's (or unit's) number: "p1 : 55, p2 : 47" in French, "p1: 55, p2: 47" in English."""
    colon = " : " if o.lang == "fr" else ": "
    return ", ".join(f"{who(k, o)}{colon}{v}" for k, v in d.items())


def choice_words(value: Any, o: Out, state: Any = None) -> str | None:
    """A choice of an order as the table reads it (the club's forms): a kingdom or territory of the campaign's
    map by its name (`state`'s own map; the default map's without it), a card of a grid battle its players fight
    by its player's and army unit's names; None for anything else."""
    from .map import load_default_map
    m = getattr(state, "map", None) or load_default_map()
    found = m.territories.get(value) or m.kingdoms.get(value)
    if found is not None:
        return found.name if found.name != value else None
    fights = [b.fought.grid for b in getattr(state, "battles", None) or () if b.fought is not None]
    if fights and isinstance(value, str):
        from ..skirmish.text import fought_card
        from .views import unit_names
        return fought_card(value, o, fights, unit_names(state, list(state.players)))
    return None


def seat_choice_words(field: str, value: Any, o: Out) -> str | None:
    """A seat's packaged choice on the new-campaign page by its printed name: an army list's."""
    from .army_file import packaged_army_words
    return packaged_army_words(str(value), o) if field == "army" else None


def player_name_words(name: str, o: Out) -> str | None:
    """A player's set-up name in the reader's language (a simulated player's people, « Mycéniens 1 »), None to
    keep it as written: the text hook every journal line and form reads a player's name through."""
    from .army_file import player_name_words as seat_name
    return seat_name(name, o)
