"""The grid battle in words, French and English: the status a camp reads, one line per journal event, the
odds of one attack."""

from __future__ import annotations

from typing import Any

from ...core.i18n import chance, decimal
from ...render.text import unworded, who
from .data import cards, spells
from .state import PHASE_NAMES


def _name(u: dict[str, Any], o: Any) -> str:
    return u["name"]["fr" if o.lang == "fr" else "en"]


def unit_name(uid: Any, o: Any, names: Any = None, units: Any = None) -> str:
    """A unit by its card's printed name and its number ("Soldiers 2" for soldiers.2); a campaign battle's card
    (`alice.spearmen1.3`, `alice.general`, `a.L1.renown.1`) by its player's name and what it stands for ("Alice's
    Spearmen 3", « Lanciers 3 d'Alice »): `names` is camp -> player's name (the grid's own, else the reader's),
    `units` is `camp.unit id` -> its army unit's printed names {fr, en}. Anything else as itself (a cell)."""
    parts = str(uid).split(".")
    card = cards().get(parts[-2]) if len(parts) == 2 and parts[-1].isdigit() else None
    if card is not None:
        return f"{card.fr if o.lang == 'fr' else card.en} {parts[-1]}"
    units = units or (getattr(o, "seen", None) or {}).get("unit_names") or {}  # the grid's view, when the reader's
    said = _campaign_card(parts, o, units) if len(parts) >= 2 and parts[0] not in cards() else None
    if said is None:
        return str(uid)
    people = names if names is not None else (getattr(o, "names", None) or {})
    who = str(people.get(parts[0], parts[0]))
    fr, en, fr_tail, en_tail = said
    of = "d'" if who[:1].lower() in "aeiouyhéèàâî" else "de "
    return o.t(f"{fr} {of}{who}{fr_tail}", f"{who}'s {en}{en_tail}")


# A Gorges army's key in its cards' ids (convert.gorges_cards): `a.L1.3` is a card of a's lieutenant 1.
ARMY_KEYS = {"G": ("le général", "general"), "L1": ("le lieutenant 1", "lieutenant 1"),
             "L2": ("le lieutenant 2", "lieutenant 2"), "R": ("l'armée de renfort", "reinforcement army")}


def _campaign_card(parts: list[str], o: Any, units: Any) -> tuple[str, str, str, str] | None:
    """What a campaign card stands for (French, English, and what follows its owner's name in each), or None."""
    rest = parts[1:]
    if rest == ["general"]:
        return "le général", "general", "", ""
    if rest[0] in ARMY_KEYS:
        fr, en = ARMY_KEYS[rest[0]]
        tail = rest[1:]
        if len(tail) == 1 and tail[0].isdigit():
            return fr, en, f", carte {tail[0]}", f", card {tail[0]}"
        if tail == ["hero"]:
            return fr, en, ", héros", ", hero"
        if len(tail) in (2, 3) and tail[0] == "renown" and tail[1].isdigit():
            honour = (" (honneur)", " (honour)") if tail[2:] == ["honour"] else ("", "")
            return (fr, en, f", régiment de renom {tail[1]}{honour[0]}", f", regiment of renown {tail[1]}{honour[1]}")
        if len(tail) == 2 and tail[1].isdigit() and tail[0] in cards():  # the first conversion's cards
            card = cards()[tail[0]]
            return fr, en, f", {card.fr} {tail[1]}", f", {card.en} {tail[1]}"
        return None
    if len(rest) == 2 and rest[1].isdigit():  # an Atlantis army's unit: `alice.spearmen1.3`
        named = units.get(f"{parts[0]}.{rest[0]}") or {}
        fr = named.get("fr") or named.get("en") or rest[0].replace("_", " ")
        en = named.get("en") or rest[0].replace("_", " ")
        return f"{fr} {rest[1]}", f"{en} {rest[1]}", "", ""
    return None


def namer(view: dict[str, Any]) -> Any:
    """`unit_name` for the units of this grid view: its players' names, its campaign's army units' names."""
    names = {p: d.get("name", p) for p, d in (view.get("players") or {}).items()}
    units = view.get("unit_names") or {}
    return lambda uid, o: unit_name(uid, o, names, units)


def unit_line(u: dict[str, Any], o: Any, named: str | None = None) -> str:
    """A unit's line of the status: its id (what is typed), its cell, its card and scores; a campaign card's
    `named` (its player's and army unit's names) before its card."""
    if u["kind"] == "civilian":
        scores = o.t(f"civils, PV {u['hp']}/{u['max_hp']} Arm {u['armour']}+ PA {u['ap']}",
                     f"civilians, HP {u['hp']}/{u['max_hp']} Arm {u['armour']}+ AP {u['ap']}")
    else:
        scores = o.t(f"CC {u['skill']}+ A {u['attacks']} PV {u['hp']}/{u['max_hp']} Arm {u['armour']}+ PA {u['ap']}"
                     f" portée {u['range']}",
                     f"Sk {u['skill']}+ A {u['attacks']} HP {u['hp']}/{u['max_hp']} Arm {u['armour']}+ AP {u['ap']}"
                     f" range {u['range']}")
    extra = []
    if u["protection"]:
        extra.append(f"Prot {u['protection']}+")
    if u["magic"]:
        extra.append(o.t(f"Magie {u['magic']} ({', '.join(u['spells'])})", f"Magic {u['magic']} ({', '.join(u['spells'])})"))
    if u.get("actions"):
        extra.append(o.t(f"actions {', '.join(u['actions'])}", f"actions {', '.join(u['actions'])}"))
    if u["corruption"]:
        extra.append(o.t(f"corruption {u['corruption']}", f"corruption {u['corruption']}"))
    if u["activated"]:
        extra.append(o.t("activée", "activated"))
    tail = (o.t(" ; ", "; ") + ", ".join(extra)) if extra else ""
    shown = f"{named} — {_name(u, o)}" if named and named != u["id"] and campaign_card(u["id"]) else _name(u, o)
    return f"  {u['id']:<15} {u['cell'] or '-':<4} {shown} ({scores}{tail})"


def campaign_card(uid: Any) -> bool:
    """Whether an id is a campaign battle's card (`alice.spearmen1.3`: its player's first), not `soldiers.2`."""
    parts = str(uid).split(".")
    return len(parts) >= 2 and parts[0] not in cards()


def status_text(view: dict[str, Any], o: Any, brief: bool = False) -> str:
    bf = view["battlefield"]
    unit_name = namer(view)  # noqa: F811 (this view's names)
    lines = [o.t(f"Bataille — {bf['fr']}", f"Battle — {bf['en']}")]
    if view["ended"]:
        won = winner_words(view["winner"], o, o.t(" (il faudra engager un nouveau combat)",
                                                  " (a new engagement is needed)"))
        how = o.t(", seul camp encore debout", ", the only camp still standing") if view["winner"] else ""
        ranks = o.t(" ; ", "; ").join(f"{n}. {c} " + o.t(f"({view['hp_left'][c]}/{view['start_hp'][c]} PV gardés)",
                                             f"({view['hp_left'][c]}/{view['start_hp'][c]} HP kept)")
                          for n, c in enumerate(view["standing"], 1))
        lines.append(o.t(f"Bataille terminée au round {view['round']} : {won}{how}. Classement : {ranks}",
                         f"Battle over in round {view['round']}: {won}{how}. Standing: {ranks}"))
    else:
        fr, en = PHASE_NAMES[view["phase"]]
        head = o.t(fr, en) + (f" {view['round']}/{view['rounds']}" if view["phase"] == "battle" else "")
        lines.append(head + o.t(f" — à {view['current']} de jouer", f" — {view['current']} to play")
                     + (o.t(f" (activation de {unit_name(view['active'], o)})",
                            f" (activating {unit_name(view['active'], o)})") if view["active"] else ""))
        if view.get("viewer") == view["current"]:
            hint = o.t("deploy UNITÉ CASE", "deploy UNIT CELL") if view["phase"] == "deploy" else o.t(
                "move UNITÉ CASE, attack UNITÉ CIBLE, cast UNITÉ SORT CIBLE DÉS, end UNITÉ",
                "move UNIT CELL, attack UNIT TARGET, cast UNIT SPELL TARGET DICE, end UNIT")
            typed = view.get("typed_as")  # inside a campaign the grid's orders are typed after its own word
            if typed:
                hint = ", ".join(f"{typed} {h.strip()}" for h in hint.split(","))
            lines.append(o.t("À vous : ", "Your orders: ") + hint)
    lines.append(o.t("Points de vie restants : ", "Hit points left: ")
                 + ", ".join(f"{c} {view['hp_left'][c]}/{view['start_hp'][c]}" for c in view["camps"]))
    if brief:
        return "\n".join(lines)
    for camp in view["camps"]:
        role = o.t(" (défenseur)", " (defender)") if camp == view["defender"] else ""
        lines.append(o.t(f"Camp {camp}{role} :", f"Camp {camp}{role}:"))
        lines += [unit_line(u, o, unit_name(u["id"], o)) for u in view["units"]
                  if u["camp"] == camp and u["status"] != "destroyed"]
        lost = [unit_name(u["id"], o) for u in view["units"] if u["camp"] == camp and u["status"] == "destroyed"]
        if lost:
            lines.append(o.t("  détruites : ", "  destroyed: ") + ", ".join(lost))
    if view.get("odds"):
        lines.append(o.t("Attaques possibles (PV perdus en moyenne, chance de détruire) :",
                         "Possible attacks (mean HP lost, chance to destroy):"))
        for a in view["odds"]:
            kind = o.t("corps à corps", "melee") if a["kind"] == "melee" else o.t("à distance", "ranged")
            back = f", riposte {decimal(a['riposte_mean'], o.lang)}" if "riposte_mean" in a else ""
            colon = o.t(" : ", ": ")
            lines.append(f"  {unit_name(a['unit'], o)} → {unit_name(a['target'], o)} ({kind}){colon}"
                         f"{decimal(a['mean'], o.lang)}, {chance(a['destroys'], o.lang)}{back}")
    return "\n".join(lines)


def _spell(key: str, o: Any) -> str:
    s = spells().get(key)
    return (s.fr if o.lang == "fr" else s.en) if s else key


def _volley(e: dict[str, Any], o: Any) -> str:
    up = o.t(", en hauteur", ", from above") if e.get("elevated") else ""
    prot = o.t(f", protection {e['protection']}", f", protection {e['protection']}") if e.get("protection") else ""
    return o.t(f"{e['rolls']} touche sur {e['hit_need']}+{up} : {e['hits']} touche(s), sauvegardes {e['saves']} "
               f"sur {e['save_need']}+{prot} : {e['lost']} PV perdu(s)",
               f"{e['rolls']} hitting on {e['hit_need']}+{up}: {e['hits']} hit(s), saves {e['saves']} on "
               f"{e['save_need']}+{prot}: {e['lost']} HP lost")


def field_name(bid: Any, o: Any) -> str:
    """A packaged battlefield by its printed name in the reader's language ("river": « Le gué », "The ford"); an
    unknown one (a club's own) as itself."""
    from .data import battlefields
    b = battlefields().get(bid) if isinstance(bid, str) else None
    return str(b.get(o.lang) or b.get("en") or bid) if isinstance(b, dict) else str(bid)


def event_text(e: dict[str, Any], o: Any) -> str:
    t = e.get("type")
    if t == "setup":
        field, camps, first = field_name(e["battlefield"], o), ", ".join(who(c, o) for c in e["camps"]), \
            who(e["camps"][0], o)
        return o.t(f"Bataille engagée sur {field} entre {camps} (défenseur {first})",
                   f"Battle engaged on {field} between {camps} (defender {first})")
    if t == "undefended":
        return o.t(f"Civils de {who(e['camp'], o)} sans défense : détruits ({', '.join(unit_name(u, o) for u in e['units'])})",
                   f"{who(e['camp'], o)}'s civilians undefended: destroyed ({', '.join(unit_name(u, o) for u in e['units'])})")
    if t == "deployed":
        return o.t(f"{who(e['camp'], o)} déploie {unit_name(e['unit'], o)} en {e['cell']}", f"{who(e['camp'], o)} deploys {unit_name(e['unit'], o)} on {e['cell']}")
    if t == "round":
        return o.t(f"Round {e['round']}", f"Round {e['round']}")
    if t == "activated":
        return o.t(f"{unit_name(e['unit'], o)} est activée ({e['ap']} PA)", f"{unit_name(e['unit'], o)} is activated ({e['ap']} AP)")
    if t == "moved":
        left = e['ap_left']
        return o.t(f"{unit_name(e['unit'], o)} va de {e['from']} en {e['to']} par {'-'.join(e['path'])} ({left} PA restant{'s' if left > 1 else ''})",
                   f"{unit_name(e['unit'], o)} moves from {e['from']} to {e['to']} via {'-'.join(e['path'])} ({e['ap_left']} AP left)")
    if t == "attack":
        kind = o.t("au corps à corps", "in melee") if e["kind"] == "melee" else o.t("à distance", "at range")
        return o.t(f"{unit_name(e['attacker'], o)} attaque {unit_name(e['target'], o)} {kind} : ", f"{unit_name(e['attacker'], o)} attacks {unit_name(e['target'], o)} {kind}: ") + _volley(e, o)
    if t == "riposte":
        return o.t(f"{unit_name(e['attacker'], o)} riposte : ", f"{unit_name(e['attacker'], o)} ripostes: ") + _volley(e, o)
    if t == "destroyed":
        return o.t(f"{unit_name(e['unit'], o)} ({who(e['camp'], o)}) est détruite", f"{unit_name(e['unit'], o)} ({who(e['camp'], o)}) is destroyed")
    if t == "cast":
        res = o.t("réussi", "cast") if e["success"] else o.t("raté", "failed")
        corr = o.t(f", {e['corruption']} point(s) de corruption", f", {e['corruption']} corruption point(s)") if e["corruption"] else ""
        return o.t(f"{unit_name(e['unit'], o)} lance {_spell(e['spell'], o)} sur {unit_name(e['target'], o)} avec {e['dice']} dé(s) {e['faces']} = "
                   f"{e['total']} contre {e['difficulty']} : {res}{corr}",
                   f"{unit_name(e['unit'], o)} casts {_spell(e['spell'], o)} at {unit_name(e['target'], o)} with {e['dice']} dice {e['faces']} = "
                   f"{e['total']} against {e['difficulty']}: {res}{corr}")
    if t == "spell_hits":
        return o.t(f"{unit_name(e['unit'], o)} subit {e['hits']} touches, sauvegardes {e['saves']} sur {e['save_need']}+ : {e['lost']} PV perdu(s)",
                   f"{unit_name(e['unit'], o)} takes {e['hits']} hits, saves {e['saves']} on {e['save_need']}+: {e['lost']} HP lost")
    if t == "healed":
        return o.t(f"{unit_name(e['unit'], o)} regagne {e['gained']} PV ({e['hp']})", f"{unit_name(e['unit'], o)} regains {e['gained']} HP ({e['hp']})")
    if t == "shielded":
        return o.t(f"{unit_name(e['unit'], o)} : +{e['bonus']} aux sauvegardes ce round", f"{unit_name(e['unit'], o)}: +{e['bonus']} to saves this round")
    if t == "hasted":
        return o.t(f"{unit_name(e['unit'], o)} : +{e['ap']} PA à sa prochaine activation", f"{unit_name(e['unit'], o)}: +{e['ap']} AP at its next activation")
    if t == "card_action":
        from .data import card_actions
        a = card_actions().get(e["action"])
        name = o.t(a.fr, a.en) if a else e["action"]
        bonus = o.t(f"+{e['value']} aux sauvegardes ce round", f"+{e['value']} to saves this round") \
            if e["effect"] == "brace" else o.t(f"+{e['value']} pour toucher à son attaque", f"+{e['value']} to hit with its attack")
        return o.t(f"{unit_name(e['unit'], o)} : {name} ({e['ap_spent']} PA, reste {e['ap_left']}) : {bonus}",
                   f"{unit_name(e['unit'], o)}: {name} ({e['ap_spent']} AP, {e['ap_left']} left): {bonus}")
    if t == "activation_end":
        return o.t(f"{unit_name(e['unit'], o)} termine son activation ({e['ap_lost']} PA perdus)",
                   f"{unit_name(e['unit'], o)} ends its activation ({e['ap_lost']} AP lost)")
    if t == "ended_by_referee":
        return o.t(f"L'arbitre arrête la bataille au round {e['round']}", f"The referee stops the battle in round {e['round']}")
    if t == "engaged_again":  # followup.py: « une autre Action - Engager un combat »
        hp = o.t(", ", ", ").join(o.t(f"{c} {n} PV", f"{c} {n} HP") for c, n in e.get("hp_left", {}).items())
        return o.t(f"Nouvelle bataille engagée (n° {e['engagement']}) entre les survivants tels qu'ils sont ({hp}) : "
                   "chaque camp se redéploie", f"A new battle engaged (no. {e['engagement']}) between the survivors as "
                   f"they are ({hp}): each camp deploys again")
    if t == "battle_over":
        won = winner_words(e["winner"], o)
        how = o.t(", seul camp encore debout", ", the only camp still standing") if e["winner"] else ""
        hp = e.get("hp_left", {})
        ranks = o.t(" ; ", "; ").join(f"{n}. {c}" + (o.t(f" ({hp[c]} PV gardés)", f" ({hp[c]} HP kept)") if c in hp else "")
                          for n, c in enumerate(e["standing"], 1))
        return o.t(f"Fin de la bataille (round {e['round']}) : {won}{how}. Classement : {ranks}",
                   f"Battle over (round {e['round']}): {won}{how}. Standing: {ranks}")
    return unworded(o)


def winner_words(winner: str | None, o: Any, why_none: str = "") -> str:
    """Who won, as a sentence: "bob l'emporte", or that no camp won alone."""
    if winner:
        return o.t(f"{winner} l'emporte", f"{winner} wins")
    return o.t("aucun camp ne l'emporte seul", "no camp wins alone") + why_none


def odds_lines(r: dict[str, Any], o: Any) -> list[str]:
    lines = [o.t("PV perdus par la cible :", "Hit points lost by the target:")]
    lines += [f"  {k}: {chance(p, o.lang)}" for k, p in r["hp_lost"].items()]
    lines.append(o.t(f"Moyenne : {decimal(r['mean'], 'fr', 4)}", f"Mean: {decimal(r['mean'], 'en', 4)}"))
    return lines


def choice_words(value: Any, o: Any, state: Any = None) -> str | None:
    """A choice of an order as the table reads it (the club's forms): a unit by its card and number (a campaign
    card by its player's name, from the battle's `state`); None for what has no other name than itself (a cell)."""
    named = unit_name(value, o, getattr(state, "names", None))
    return named if named != str(value) else None


def fought_card(value: Any, o: Any, fights: Any, units: Any = None) -> str | None:
    """A card of a grid battle a campaign's players are fighting (`fights`: their grid states) by its player's
    name and what it stands for; None for anything else."""
    for grid in fights:
        if value in grid.units:
            named = unit_name(value, o, grid.names, units)
            return named if named != str(value) else None
    return None
