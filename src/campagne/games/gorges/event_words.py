"""The words of Gorges Tranchées' journal events, in French or English: each event's line and the fields
it is written with (text.py's `event_text` and `status_text` print through them)."""

from __future__ import annotations

from typing import Any

from ...core.i18n import Lang as Out
from ...render.text import who
from .choice_names import MOVE_WHY, cell_words, seen_cells


def phase_name(phase: str, o: Out) -> str:
    from .state import PHASE_NAMES
    fr, en = PHASE_NAMES.get(phase, (phase, phase))
    return o.t(fr, en)


def season_name(season: str, o: Out) -> str:
    from .state import SEASON_NAMES
    fr, en = SEASON_NAMES.get(season, (season, season))
    return o.t(fr, en)


def row_words(table: str, key: str, o: Out) -> str:
    """A table row's name in the reader's language."""
    from .sheet_words import row_name
    return row_name(table, key, o.lang)


WHY = {"battle": ("bataille", "battle"), "beaten": ("armée battue", "beaten army"),
       "two_armies": ("deux armées sans défi", "two armies without a challenge"),
       "withdrawn": ("retirée du front", "withdrawn from the front"), "revolt": ("révolte", "revolt"),
       "save_failed": ("sauvegarde ratée", "save failed"), "siege_troops": ("troupes de siège", "siege troops"),
       "deserter": ("déserteurs", "deserters"), "lost_at_sea": ("perdue en mer", "lost at sea")}


def out_of_play(until: str | None, o: Out) -> str:
    """How long a hero stays out of play, in words."""
    from .sheet_words import say
    if not until:
        return o.t("hors jeu", "out of play")
    return say("out_until", o.lang, u=say(f"until_{until}", o.lang))


def home_text(to: str | None, capital: str | None, o: Out) -> str:
    """Where a returning army goes, in one phrase that agrees with the board: the capital while its player
    holds it, else his land nearest to the lost capital (`GorgesState.capital_of`)."""
    names = seen_cells(o)
    if capital is None or to == capital:
        return o.t(f"à sa capitale {cell_words(to, names)}", f"to its capital {cell_words(to, names)}")
    return o.t(f"en {cell_words(to, names)}, sa terre la plus proche de sa capitale perdue "
               f"{cell_words(capital, names)}", f"to {cell_words(to, names)}, its land nearest to its lost capital "
               f"{cell_words(capital, names)}")


def _mine_result(ev: dict[str, Any], o: Out) -> tuple[str, str]:
    """A mine's production in words, and its amount when this reader may know it."""
    amount = ""
    if isinstance(ev.get("army_points"), int):
        total = o.t(f" (total {ev['battle_points']})", f" (total {ev['battle_points']})") \
            if isinstance(ev.get("battle_points"), int) else ""
        amount = o.t(f" : +{ev['army_points']} points d'armée{total}", f": +{ev['army_points']} army points{total}")
    elif isinstance(ev.get("magic_item_max"), int):
        amount = o.t(f" : un objet magique d'au plus {ev['magic_item_max']} points",
                     f": a magic item of at most {ev['magic_item_max']} points")
    return row_words("mines", ev["result"], o), amount


def mine_line(r: dict[str, Any], o: Out, names: Any = None) -> str:
    """One mine's line: where, the roll, what it yields."""
    text, amount = _mine_result(r, o)
    return f"{cell_words(r['territory'], names)}, 1D6 {r['roll']} → {text}{amount}"


EVENT_TEXT: dict[str, tuple[str, str]] = {
    "setup": ("Mise en place : capitales {capitals_text}", "Set-up: capitals {capitals_text}"),
    "season": ("=== {season_text} ===", "=== {season_text} ==="),
    "turn": ("=== Tour {turn} — ordre {order_text} ===", "=== Turn {turn} — order {order_text} ==="),
    "phase": ("— {phase_text} —", "— {phase_text} —"),
    "ghost": ("Le fantôme du Capitaine Crown ({roller} lance) : direction {direction}, {steps} cases, {from} → {to}",
              "Captain Crown's ghost ({roller} rolls): direction {direction}, {steps} cells, {from} → {to}"),
    "event": ("{player} : événement {d66} — {event_text}{wait_text}", "{player}: event {d66} — {event_text}{wait_text}"),
    "event_choice": ("{player} : {event_text} → {choice_text}", "{player}: {event_text} → {choice_text}"),
    "event_no_target": ("{player} : {event_text} n'a plus de cible", "{player}: {event_text} has no target left"),
    "event_target": ("{player} : {event_text} vise {opponent}", "{player}: {event_text} targets {opponent}"),
    "relics": ("{player} gagne {gained} point(s) de relique ({total})", "{player} gains {gained} relic point(s) ({total})"),
    "search": ("{player} fouille — dés : {faces_text} → {relics} point(s) de relique (total {total})",
               "{player} searches — dice: {faces_text} → {relics} relic point(s) (total {total})"),
    "mine_rolled": ("{player} : mine en {territory}, 1D6 {roll} → {mine_text}{amount_text} (événement 52 : "
                    "relance possible)", "{player}: mine in {territory}, 1D6 {roll} → {mine_text}{amount_text} "
                    "(event 52: a re-roll is possible)"),
    "slaves_mine": ("{player} met ses prisonniers dans la mine en {territory} (+1)",
                    "{player} puts his prisoners in the mine in {territory} (+1)"),
    "mine": ("{player} : mine en {territory}, 1D6 {roll} → {mine_text}{amount_text}",
             "{player}: mine in {territory}, 1D6 {roll} → {mine_text}{amount_text}"),
    "move_roll": ("{player} : mouvement {dice} {faces} → {allowance}", "{player}: move {dice} {faces} → {allowance}"),
    "move": ("{army} : {from} → {path_text} ({why})", "{army}: {from} → {path_text} ({why})"),
    "done": ("{player} a fini", "{player} is done"),
    "army_to_capital": ("{army} rentre {home_text}", "{army} goes back {home_text}"),
    "capital_moved": ("{player} déplace sa capitale : {from} → {to}{annexed_text}",
                      "{player} moves the capital: {from} → {to}{annexed_text}"),
    "swap": ("{player} intervertit {armies_text}", "{player} swaps {armies_text}"),
    "building": ("{player} bâtit : {building} en {territory}", "{player} builds a {building} in {territory}"),
    "building_removed": ("{territory} : {building} retiré(e)", "{territory}: {building} removed"),
    "flag": ("{territory} : drapeau {from_text} → {to_text} ({why_text})",
             "{territory}: flag {from_text} → {to_text} ({why_text})"),
    "challenge": ("Défi n°{id} : {army} défie {defender} pour {territory} ({condition_text})",
                  "Challenge #{id}: {army} challenges {defender} over {territory} ({condition_text})"),
    "challenge_accepted": ("{defender} accepte le défi n°{id} avec {army}", "{defender} accepts challenge #{id} with {army}"),
    "challenge_refused": ("{defender} refuse le défi n°{id}", "{defender} refuses challenge #{id}"),
    "relics_offered": ("{defender} offre {relics} point(s) de relique à {challenger} pour sa sauvegarde (défi n°"
                       "{challenge}) : {challenger} accepte ou non", "{defender} offers {challenger} {relics} relic "
                       "point(s) for his save (challenge #{challenge}): {challenger} takes them or not"),
    "relics_answer": ("{challenger} {answer_text} (défi n°{challenge})", "{challenger} {answer_text} "
                      "(challenge #{challenge})"),
    "save": ("Jet de sauvegarde de {defender} pour {territory} : {roll}{mods_text} = {total} → {saved_text}",
             "{defender}'s save for {territory}: {roll}{mods_text} = {total} → {saved_text}"),
    "territory_taken": ("{player} prend {territory}", "{player} takes {territory}"),
    "raid": ("{army} attaque {territory} ({kind}) : {roll} → {result}", "{army} raids {territory} ({kind}): {roll} → {result}"),
    "army_removed": ("{army} est retirée du jeu ({why_text}) : {returns_text}",
                     "{army} is removed from play ({why_text}): {returns_text}"),
    "army_returns": ("{army} revient en jeu {home_text}", "{army} returns to play {home_text}"),
    "army_pushed_back": ("{army} est repoussée : {from} → {to}", "{army} is pushed back: {from} → {to}"),
    "army_holds": ("{army} reste sur ses terres en {territory}", "{army} stays on its own land in {territory}"),
    "two_armies": ("Deux armées en {territory} sans défi ({a} en A, {b} en B) : 1D6 {roll} → {result_text}",
                   "Two armies in {territory} without a challenge ({a} as A, {b} as B): 1D6 {roll} → {result_text}"),
    "annexed": ("{player} annexe {territory}", "{player} annexes {territory}"),
    "battle": ("Bataille n°{id} en {territory} : {attacker} contre {defender}",
               "Battle #{id} in {territory}: {attacker} against {defender}"),
    "battle_void": ("Défi n°{challenge} : pas de bataille ({void_text})", "Challenge #{challenge}: no battle ({void_text})"),
    "grid_battle": ("La bataille n°{battle} en {territory} se livre sur le quadrillage ({battlefield}) : chaque "
                    "joueur y commande son camp, l'ordinateur celui d'un absent",
                    "Battle #{battle} in {territory} is fought on the grid ({battlefield}): each player commands his "
                    "camp there, the computer an absent player's"),
    "auto_resolve": ("Bataille n°{battle} résolue automatiquement : {winner} l'emporte",
                     "Battle #{battle} auto-resolved: {winner} wins"),
    "battle_result": ("Bataille n°{battle} en {territory} : {winner} bat {loser}", "Battle #{battle} in {territory}: {winner} beats {loser}"),
    "spoils": ("{army} : butin de guerre {roll_text} — {spoils_text}",
               "{army}: spoils of war {roll_text} — {spoils_text}"),
    "defeat": ("{army} : défaite ignominieuse {roll} — {defeat_text}", "{army}: ignominious defeat {roll} — {defeat_text}"),
    "fate": ("Destin de {army} : 1D6 {roll} → {fate_text}", "Fate of {army}: 1D6 {roll} → {fate_text}"),
    "renown": ("{army} : {unit} devient Régiment de Renom", "{army}: {unit} becomes a Regiment of Renown"),
    "renown_full": ("{army} : déjà {cap} Régiments de Renom, {unit} n'en devient pas un",
                    "{army}: already {cap} Regiments of Renown, {unit} does not become one"),
    "injury": ("{hero} ({army}) : blessure — {injury_text}", "{hero} ({army}): injury — {injury_text}"),
    "storm_of_magic": ("Tempête de Magie : points de relique {relics_text}", "Storm of Magic: relic points {relics_text}"),
    "hostage_relics": ("{player} : {relics} otage(s) → points de relique ({total})",
                       "{player}: {relics} hostage(s) → relic points ({total})"),
    "season_ends": ("Fin de la saison", "End of the season"),
    "reinforcements": ("{player} reçoit une armée de renfort", "{player} gets a reinforcement army"),
    "reinforcements_leave": ("{player} : l'armée de renfort s'en va", "{player}: the reinforcement army leaves"),
    "battle_note": ("{player} : {note_text} (prochaine bataille)", "{player}: {note_text} (next battle)"),
    "order_changed": ("{player} joue désormais en premier ({order_text})", "{player} now plays first ({order_text})"),
    "slaves": ("{player} met ses prisonniers dans une mine (+1)", "{player} puts prisoners in a mine (+1)"),
    "hero": ("{army} : nouveau héros {hero}", "{army}: new hero {hero}"),
    "equip": ("{army} reçoit un objet magique", "{army} receives a magic item"),
    "campaign_ended": ("{ending_text}", "{ending_text}"),
    "final_battle": ("Fin de l'année : la bataille finale — avantage en points d'armée : {advantage_text}",
                     "The year is over: the final battle — advantage in army points: {advantage_text}"),
    "final_result": ("Bataille finale : {winner} l'emporte ({how_text})", "Final battle: {winner} wins ({how_text})"),
    "renown_pending": ("{army} : {spoils_text} — l'unité reste à choisir (ordre renown)",
                       "{army}: {spoils_text} — the unit is to be chosen (order renown)"),
    "feat_rerolled": ("{army} : {unit} a déjà la règle, dé relancé : {rerolls_text}",
                      "{army}: {unit} already has the rule, die re-rolled: {rerolls_text}"),
    "adjusted": ("Correction de l'arbitre — {target_text} : {before_text} → {after_text}{reason_text}",
                 "Referee's correction — {target_text}: {before_text} → {after_text}{reason_text}"),
}


def _adjusted(ev: dict[str, Any], o: Out) -> dict[str, Any]:
    """An `adjusted` event's words: its target, the values before and after (or « caché » where this reader may
    not know them: another player's hidden holding), and the referee's reason."""
    from .sheet_words import BUILDING_NAMES, CHARACTERISTICS
    what = ev.get("what")

    def value(v: Any) -> str:
        if v == "hidden":
            return o.t("(caché)", "(hidden)")
        if what == "owner":
            return str(v) if v else o.t("neutre", "neutral")
        if what == "buildings":
            return ", ".join(o.t(*BUILDING_NAMES.get(b, (b, b))).lower() for b in v) if v else o.t("aucun", "none")
        if what == "hero":
            return f"{v:+d}" if isinstance(v, int) and v else str(v)
        if what in ("items", "hero_items") and isinstance(v, list):
            return " + ".join(o.t(f"{n} pts", f"{n} pts") for n in v) if v else o.t("aucun", "none")
        return str(v)
    c = ev.get("characteristic")
    trait = o.t(*CHARACTERISTICS[c]) if c in CHARACTERISTICS else o.t("caractéristique", "characteristic")
    place = cell_words(ev.get("territory"), seen_cells(o))
    target = {
        "owner": (f"drapeau de {place}", f"flag of {place}"),
        "buildings": (f"bâtiments de {place}", f"buildings of {place}"),
        "relics": (f"points de relique de {who(ev.get('player'), o)}", f"{who(ev.get('player'), o)}'s relic points"),
        "battle_points": (f"points d'armée (or et fer) de {who(ev.get('player'), o)}",
                          f"{who(ev.get('player'), o)}'s army points (gold and iron)"),
        "bonus_points": (f"points d'armée de renfort de {ev.get('army')}", f"{ev.get('army')}'s bonus army points"),
        "hero": (f"héros de {ev.get('army')}, {trait}", f"{ev.get('army')}'s hero, {trait}"),
        "items": (f"objets magiques de {ev.get('player')} (pas encore donnés)",
                  f"{ev.get('player')}'s magic items (not yet given)"),
        "hero_items": (f"objets magiques du héros de {ev.get('army')}", f"magic items of {ev.get('army')}'s hero"),
    }.get(str(what), (str(what), str(what)))
    reason = ev.get("reason")
    return {"target_text": o.t(*target), "before_text": value(ev.get("before")), "after_text": value(ev.get("after")),
            "reason_text": "" if reason in (None, "", "hidden") else o.t(f" ({reason})", f" ({reason})")}


def _final_fields(ev: dict[str, Any], o: Out) -> dict[str, Any]:
    """The words of the final battle's events and of an honour waiting for its unit."""
    t = ev["type"]
    num = lambda x: str(x).replace(".", ",") if o.lang == "fr" else str(x)  # noqa: E731
    if t == "final_battle":
        return {"advantage_text": ", ".join(
            o.t(f"{r['player']} +{num(r['final_battle_bonus_percent'])} % ({r['relics']} points de relique)",
                f"{r['player']} +{r['final_battle_bonus_percent']} % ({r['relics']} relic points)")
            for r in ev["standings"])}
    if t == "final_result":
        if ev["how"] == "grid":  # fought on the grid: its battlefield, rounds and the hit points each kept
            from ..skirmish.text import field_name
            hp = ", ".join(f"{who(p, o)} {n}" for p, n in ev.get("hp_left", {}).items())
            field = field_name(ev.get("battlefield"), o)
            return {"how_text": o.t(f"bataille sur quadrillage ({field}, {ev.get('rounds')} rounds ; "
                                    f"PV gardés : {hp})", f"grid battle ({field}, {ev.get('rounds')} "
                                    f"rounds; hit points kept: {hp})")}
        if ev["how"] != "auto":
            return {"how_text": o.t("résultat saisi par l'arbitre", "result entered by the referee")}
        rolls = "; ".join(f"{p} 2D6 {'/'.join(map(str, sc['rolls']))} +{num(sc['modifier'])}" for p, sc in ev["scores"].items())
        return {"how_text": o.t(f"résolue : {rolls}", f"resolved: {rolls}")}
    if t == "renown_pending":
        h = ev["honour"]
        extra = (o.t(f", règle tirée au 1D6 {h['feat_roll']} : {row_words('feats_of_arms', h['rule'], o)}",
                     f", rule rolled on 1D6 {h['feat_roll']}: {row_words('feats_of_arms', h['rule'], o)}")
                 if h.get("rule") else o.t(f", étendard de {h.get('magic_banner_max')} points au plus",
                                           f", a banner of {h.get('magic_banner_max')} points at most"))
        return {"spoils_text": row_words("spoils_of_war", h["spoils"], o) + extra}
    return {"rerolls_text": ", ".join(f"1D6 {r['roll']} → {row_words('feats_of_arms', r['rule'], o)}" for r in ev["rerolls"])}


def ending_words(rows: list[dict[str, Any]], rolloff: dict[str, int], o: Out, final: str | None = None) -> str:
    """Who won the year, how, and the standing: « Fin de la campagne : Alice l'emporte (le plus de points de
    relique). Classement : 1. Alice, 3 points de relique, 4 territoires ; 2. ... »."""
    if not rows:
        return o.t("Fin de la campagne", "Campaign over")
    first = rows[0]
    final = final or first.get("final_battle")
    name = lambda r: r.get("name") or who(r["player"], o)  # noqa: E731
    second = rows[1] if len(rows) > 1 else None
    tied = second is not None and (second["relics"], second["territories"]) == (first["relics"], first["territories"])
    if final:
        how = o.t(" (vainqueur de la bataille finale)", " (winner of the final battle)")
    elif rolloff or tied:
        how = o.t(" (à égalité, départagé au D6)", " (tied, then a D6 roll-off)")
    elif second is not None and second["relics"] == first["relics"]:
        how = o.t(" (le plus de points de relique, puis de territoires)", " (most relic points, then territories)")
    else:
        how = o.t(" (le plus de points de relique)", " (most relic points)")
    ranks = o.t(" ; ", "; ").join(
        f"{r.get('rank', i)}. {name(r)}, " + o.t(f"{r['relics']} point{'s' if r['relics'] > 1 else ''} de relique, "
                                                 f"{r['territories']} territoire{'s' if r['territories'] > 1 else ''}",
                                                 f"{r['relics']} relic point{'s' if r['relics'] != 1 else ''}, "
                                                 f"{r['territories']} territor{'ies' if r['territories'] != 1 else 'y'}")
        for i, r in enumerate(rows, 1))
    return o.t(f"Fin de la campagne : {name(first)} l'emporte{how}. Classement : {ranks}",
               f"Campaign over: {name(first)} wins{how}. Standing: {ranks}")


def event_fields(ev: dict[str, Any], o: Out) -> dict[str, Any]:
    """The fields an event's line is written with, in the reader's language."""
    t = ev.get("type")
    out: dict[str, Any] = {}
    if t == "campaign_ended":
        out["ending_text"] = ending_words(ev.get("standings") or [], ev.get("rolloff") or {}, o,
                                          ev.get("final_battle"))
    elif t in ("final_battle", "final_result", "renown_pending", "feat_rerolled"):
        out.update(_final_fields(ev, o))
    if t == "setup":
        out["capitals_text"] = ", ".join(o.t(f"{p} en {cell_words(c, seen_cells(o))}", f"{p} at "
                                             f"{cell_words(c, seen_cells(o))}") for p, c in ev["capitals"].items())
    elif t in ("season",):
        out["season_text"] = season_name(ev["season"], o)
    elif t in ("turn", "order_changed"):
        out["order_text"] = ", ".join(who(p, o) for p in ev["order"])
    elif t == "phase":
        out["phase_text"] = phase_name(ev["phase"], o)
    elif t in ("event", "event_no_target", "event_target", "event_choice"):
        out["choice_text"] = " ".join(ev.get("choice", []))
        out["event_text"] = row_words("events", ev["event"], o)
        out["wait_text"] = o.t(" (choix attendu)", " (choice awaited)") if ev.get("waiting") else \
            (o.t(" (sans cible)", " (no target)") if ev.get("no_target") else "")
    elif t == "battle_note":
        out["note_text"] = row_words("events", ev["note"], o)
    elif t == "relics_answer":
        out["answer_text"] = o.t(f"prend {ev['relics']} point(s) de relique de {ev['defender']}, +{ev['relics']} à "
                                 f"sa sauvegarde", f"takes {ev['relics']} relic point(s) from {ev['defender']}, "
                                 f"+{ev['relics']} to his save") if ev.get("taken") else \
            o.t("refuse les points de relique offerts", "declines the relic points offered")
    elif t == "army_to_capital":
        out["home_text"] = home_text(ev["to"], ev.get("capital"), o)
    elif t == "army_returns":
        out["home_text"] = home_text(ev["territory"], ev.get("capital"), o)
    elif t == "capital_moved":
        out["annexed_text"] = o.t(" (territoire neutre, annexé)", " (a neutral territory, annexed)") \
            if ev.get("annexed") else ""
    elif t in ("flag", "army_removed"):
        why = ev.get("why", "")
        out["why_text"] = o.t(*WHY[why]) if why in WHY else row_words("events", why, o)  # else an event's key
        out["from_text"] = ev.get("from") or o.t("neutre", "neutral")
        out["to_text"] = ev.get("to") or o.t("neutre", "neutral")
        if ev.get("returns") == "now_summer":
            out["returns_text"] = o.t("l'été, elle revient aussitôt : ", "in summer it comes back at once: ") + \
                home_text(ev.get("territory"), ev.get("capital"), o)
        else:
            out["returns_text"] = out_of_play(ev.get("until"), o)
    elif t == "battle_void":
        pushed = ev.get("pushed_back")
        out["void_text"] = (o.t(f"{', '.join(pushed)} repoussée(s) sur ses terres", f"{', '.join(pushed)} pushed back to "
                                f"its lands") if pushed else o.t("armée hors jeu", "army out of play"))
    elif t == "challenge":
        out["condition_text"] = row_words("challenge_conditions", ev.get("condition", ""), o).rstrip(".")
    elif t == "two_armies":
        from .sheet_words import row_text
        out["result_text"] = row_text("no_challenge", ev["result"], o.lang)
    elif t == "search":
        rolls = ev.get("rolls") or {}
        at = o.t("en", "on")  # a die per territory searched, the territory named
        out["faces_text"] = ", ".join(f"{f} {at} {cell_words(c, seen_cells(o))}" for c, f in rolls.items()) \
            if isinstance(rolls, dict) else ", ".join(map(str, rolls))
        out["faces_text"] = out["faces_text"] or o.t("aucun territoire à fouiller", "no territory to search")
    elif t == "fate":
        out["fate_text"] = row_words("fate_of_beaten_army", ev["result"], o)
    elif t in ("mine", "mine_rolled"):
        out["mine_text"], out["amount_text"] = _mine_result(ev, o)
        roll = str(ev["roll"])
        if ev.get("slaves") and ev.get("total") is not None:  # the Dark Elves' prisoners: the +1 said, and the total
            roll = o.t(f"{roll} +1 (prisonniers) = {ev['total']}", f"{roll} +1 (prisoners) = {ev['total']}")
        out["roll"] = roll
        if ev.get("rerolled") is not None:
            out["roll"] = o.t(f"{roll} (relancé, premier jet {ev['rerolled']})",
                              f"{roll} (re-rolled, first roll {ev['rerolled']})")
    elif t == "move":
        out["path_text"] = " → ".join(cell_words(c, seen_cells(o)) for c in ev["path"])
        out["why"] = o.t(*MOVE_WHY.get(ev.get("why"), (str(ev.get("why")), str(ev.get("why")))))
    elif t == "swap":
        out["armies_text"] = " / ".join(ev["armies"])
    elif t == "save":
        out["mods_text"] = "".join(f" {m['value']:+d}" for m in ev["modifiers"])
        out["saved_text"] = o.t("sauvé", "saved") if ev["saved"] else o.t("raté", "failed")
    elif t == "spoils":
        out["roll_text"] = f"1D6 {ev['roll']}" if ev.get("roll") is not None else o.t("(donné par l'événement)",
                                                                                      "(given by the event)")
        out["spoils_text"] = row_words("spoils_of_war", ev["result"], o)
    elif t == "defeat":
        out["defeat_text"] = row_words("ignominious_defeats", ev.get("instead") or ev["result"], o)
    elif t == "injury":
        out["injury_text"] = row_words("character_injuries", ev.get("instead") or ev["result"], o)
    elif t == "storm_of_magic":
        out["relics_text"] = ", ".join(f"{p}+{n}" for p, n in ev["relics"].items())
    elif t == "adjusted":
        out.update(_adjusted(ev, o))
    return out
