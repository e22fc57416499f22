"""The campaign sheets of the annex "Exemple de feuille de campagne", rebuilt from the journal.

One sheet per player: a header (Joueur, Peuple, Royaume, Butin courant, Points d'armées, Force de
combat, Initiative, Territoires possédés) read from the current state, then one block per turn
(Événement, Diplomatie, Butin, Ravitaillé, Mouvement, Bataille, Conquête, Notes) derived only from
the journal's events. A sheet shows what its player wrote or learnt: his own strategy, the
opponent's once revealed, and private agreements only on the sheets of their parties.

`build_sheets` gives plain data (JSON-ready); `sheets_markdown` and `sheets_html` lay it out.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping
from typing import Any

from ...core.errors import CampagneError
from ...core.i18n import Lang
from ...render.sheet_page import SHEET_CSS
from . import army as armies
from .data import tables
from .state import AtlantisState
from .text import GENERAL_WORDS

# --------------------------------------------------------------------------- words

WORDS: dict[str, tuple[str, str]] = {
    "title": ("Feuille de campagne", "Campaign sheet"),
    "player": ("Joueur", "Player"),
    "people": ("Peuple", "People"),
    "kingdom": ("Royaume", "Kingdom"),
    "loot_now": ("Butin courant", "Current loot"),
    "army_points": ("Points d'armées", "Army points"),
    "strength": ("Force de combat", "Combat strength"),
    "initiative": ("Initiative", "Initiative"),
    "territories": ("Territoires possédés", "Territories held"),
    "eliminated": ("éliminé", "eliminated"),
    "turn": ("Tour", "Turn"),
    "event": ("Événement", "Event"),
    "diplomacy": ("Diplomatie", "Diplomacy"),
    "loot": ("Butin", "Loot"),
    "taxes": ("Impôts", "Taxes"),
    "reinforcements": ("Renforts", "Reinforcements"),
    "fortresses": ("Forteresses", "Fortresses"),
    "supplied": ("Ravitaillé", "Supplied"),
    "yes": ("Oui", "Yes"),
    "no": ("Non", "No"),
    "effect": ("Effet", "Effect"),
    "movement": ("Mouvement", "Movement"),
    "from": ("Territoire de départ", "Starting territory"),
    "to": ("Territoire d'arrivée", "Destination territory"),
    "battle": ("Bataille", "Battle"),
    "strategy": ("Stratégie", "Strategy"),
    "scenario": ("Scénario", "Scenario"),
    "result": ("Résultat", "Result"),
    "conquest": ("Conquête", "Conquest"),
    "conquered": ("Territoire conquis", "Territory conquered"),
    "notes": ("Notes", "Notes"),
}

# Sentences; {placeholders} are filled with display names and numbers.
SAY: dict[str, tuple[str, str]] = {
    "models_lost": ("{n} figurine{s} perdue{s}", "{n} model{s} lost"),
    "models_gained": ("{n} figurine{s} gagnée{s}", "{n} model{s} gained"),
    "loot_spent": ("{n} points de butin dépensés", "{n} loot spent"),
    "loot_delta": ("butin {n:+d}", "loot {n:+d}"),
    "bribe": ("corruption {n}", "bribe {n}"),
    "agreement": ("Accord n°{id} ({kind}) avec {others}", "Agreement no. {id} ({kind}) with {others}"),
    "public": ("public", "public"),
    "private": ("privé", "private"),
    "transfer": ("{n} points de butin de {a} à {b}", "{n} loot from {a} to {b}"),
    "grant": ("{what} accordé par {a} à {b}", "{what} granted by {a} to {b}"),
    "perm_passage": ("passage", "passage"),
    "perm_supply": ("ravitaillement", "supply"),
    "perm_taxes": ("impôts", "taxes"),
    "broken": ("Accord n°{id} rompu par {a}", "Agreement no. {id} broken by {a}"),
    "opponent": ("adversaire", "opponent"),
    "victory": ("Victoire contre {a}, {t}", "Victory over {a}, {t}"),
    "defeat": ("Défaite contre {a}, {t}", "Defeat by {a}, {t}"),
    "points_lost": ("{n} points perdus", "{n} points lost"),
    "killed_fled": ("figurines tuées : {k}, en fuite : {f}", "models killed: {k}, fled: {f}"),
    "recovered": ("récupérées : {n}", "recovered: {n}"),
    "character_lost": ("personnage perdu : {u}", "character lost: {u}"),
    "no_battle": ("Pas de bataille ce tour", "No battle this turn"),
    "taken_in_battle": ("Pris à l'issue de la bataille", "Taken after the battle"),
    "eliminated": ("Joueur éliminé", "Player eliminated"),
    "destroyed": ("Armée détruite ({t}) ; survivants rentrant à la capitale : {n} figurine{s}",
                  "Army destroyed ({t}); survivors returning to the capital: {n} model{s}"),
    "reformed": ("L'armée se reforme : {t} ({n} figurine{s})", "The army re-forms: {t} ({n} model{s})"),
    "army_lost": ("Plus d'armée : aucun survivant ne peut se reformer",
                  "No army left: no survivors can re-form"),
    "must_retreat": ("Doit battre en retraite ({t})", "Must retreat ({t})"),
    "held": ("Reste sur place : {t}", "Holds: {t}"),
    "waited": ("Attend (initiative {n})", "Waits (initiative {n})"),
    "passage": ("Droit de passage ({t}) : {r}", "Right of passage ({t}): {r}"),
    "withdrew": ("Retrait : {a} → {b}", "Withdraws: {a} → {b}"),
    "bought": ("Renforts achetés : {u} +{n} ({c} points)", "Reinforcements bought: {u} +{n} ({c} points)"),
    "arrived": ("Renforts arrivés : {items}", "Reinforcements arrived: {items}"),
    "waiting": ("Renforts en attente (armée non ravitaillée) : {items}",
                "Reinforcements waiting (army not supplied): {items}"),
    "reorganised": ("Armée réorganisée ({t}) : {a} → {b} points",
                    "Army reorganised ({t}): {a} → {b} points"),
    "no_general": ("sans général", "without a general"),
    "take_over": ("Devient général atlante : royaume {k}", "Becomes an Atlantean general: kingdom {k}"),
    "adjusted": ("Correction de l'arbitre, {what} : {a} → {b} ({r})", "Referee's correction, {what}: {a} → {b} ({r})"),
    "lost_land": ("Territoire perdu : {t} (pris par {a})", "Territory lost: {t} (taken by {a})"),
    "ended": ("Fin de la campagne : rang {r} ; vainqueur : {w}",
              "End of the campaign: rank {r}; winner: {w}"),
}

_TAGS = re.compile(r"</?i>")


def word_for_king(lang: str) -> str:
    return "roi atlante" if lang == "fr" else "Atlantean king"


def word(key: str, lang: str) -> str:
    fr, en = WORDS[key]
    return fr if lang == "fr" else en


def say(key: str, lang: str, **kw: Any) -> str:
    fr, en = SAY[key]
    if "n" in kw:  # plural of "{s}": French singular for 0 and 1, English for 1 only
        kw.setdefault("s", "" if kw["n"] == 1 or (lang == "fr" and kw["n"] == 0) else "s")
    return (fr if lang == "fr" else en).format(**kw)


def _with(text: str, details: list[str]) -> str:
    """"text (detail, detail)", or the text alone."""
    return f"{text} ({', '.join(details)})" if details else text


def _row_text(table: str, key: str, lang: str, field: str = "") -> str:
    """A table row's text (`fr`/`en`, or `name_fr`/`name_en` with field="name"), without markup."""
    row = tables()[table].row(key)
    text = row.get(f"{field}_{lang}") if field else row.text(lang)
    return _TAGS.sub("", text or key)


# --------------------------------------------------------------------------- building


def build_sheets(header: Mapping[str, Any], entries: Iterable[Mapping[str, Any]], state: AtlantisState,
                 lang: str = "fr") -> list[dict[str, Any]]:
    """One sheet per player: header from `state`, turns from the journal's events."""
    lang = "fr" if lang == "fr" else "en"
    book = _Book(state, lang)
    events = list((header.get("opening") or {}).get("events", []))
    for entry in entries:
        events += entry.get("events", [])
    for ev in events:
        book.feed(ev)
    book.finish()
    return [{**_sheet_header(state, pid, header), "turns": book.turns[pid]} for pid in state.players]


def _sheet_header(state: AtlantisState, pid: str, header: Mapping[str, Any]) -> dict[str, Any]:
    p = state.players[pid]
    army = p.army
    people, people_fr = (army.people, army.people_fr) if army else (None, None)
    if people is None:
        set_up = next((q.get("army", {}) for q in header.get("setup", {}).get("players", [])
                       if q.get("id") == pid), {})
        people, people_fr = set_up.get("people"), set_up.get("people_fr")
    strength = initiative = None
    if army is not None:
        try:
            strength = armies.combat_strength(army, p.leadership_mod)
        except CampagneError:  # a Warband not rolled yet (a recruited unit): no single value
            strength = None
        initiative = armies.initiative(army, p.leadership_mod)
    kingdom = state.map.kingdoms[p.kingdom].name if p.kingdom in state.map.kingdoms else None
    return {"player": pid, "name": p.name, "people": people, "people_fr": people_fr or people, "kingdom": kingdom,
            "loot": p.loot,
            "army_points": army.points if army else 0, "strength": strength, "initiative": initiative,
            "territories": [state.map.territories[t].name for t in state.owned(pid)],
            "eliminated": p.eliminated}


def _blank(turn: int) -> dict[str, Any]:
    return {"turn": turn, "event": "", "diplomacy": "",
            "loot": {"taxes": 0, "reinforcements": 0, "fortresses": []},
            "supplied": None, "supply_effect": "", "movement": None, "battle": None, "conquest": None,
            "notes": []}


class _Book:
    """Reads events in order and fills each player's row for the current turn."""

    def __init__(self, state: AtlantisState, lang: str) -> None:
        self.s, self.lang = state, lang
        self.turns: dict[str, list[dict[str, Any]]] = {pid: [] for pid in state.players}
        self.turn = 0
        self.owners: dict[str, str | None] = {t: ter.owner for t, ter in state.map.territories.items()}
        self.fights: dict[str, dict[str, Any]] = {}  # this turn's battle, per player

    # -- names
    def t(self, tid: str | None) -> str:
        if tid is None:
            return "—"
        ter = self.s.map.territories.get(tid)
        return ter.name if ter else tid

    def p(self, pid: str | None) -> str:
        q = self.s.players.get(pid) if pid else None
        return _name({"name": q.name}, self.lang) if q else str(pid)

    def row(self, pid: str | None) -> dict[str, Any] | None:
        rows = self.turns.get(pid) if pid else None
        return rows[-1] if rows and self.turn else None

    def note(self, pid: str | None, text: str) -> None:
        r = self.row(pid)
        if r is not None:
            r["notes"].append(text)

    # -- events
    def feed(self, ev: Mapping[str, Any]) -> None:
        kind = ev.get("type")
        if kind == "turn":
            self.finish()
            self.turn = ev["turn"]
            for rows in self.turns.values():
                rows.append(_blank(self.turn))
            return
        if kind == "colony":
            for t in self.s.map.kingdom_territories(ev["kingdom"]):
                self.owners[t] = ev["player"]
            return
        if kind == "take_over":
            for t in ev.get("territories", []):
                self.owners[t] = ev["player"]
            kingdom = self.s.map.kingdoms.get(ev["kingdom"])
            self.note(ev["player"], say("take_over", self.lang, k=kingdom.name if kingdom else ev["kingdom"]))
            return
        if kind == "territory_taken":
            before = self.owners.get(ev["territory"])
            self.owners[ev["territory"]] = ev["player"]
            if before and before != ev["player"]:
                self.note(before, say("lost_land", self.lang, t=self.t(ev["territory"]),
                                      a=self.p(ev["player"])))
        if kind == "adjusted" and ev.get("what") == "owner":
            self.owners[ev["territory"]] = ev.get("after")
        handler = getattr(self, "on_" + str(kind), None)
        if handler is not None and self.turn:
            handler(ev)

    def on_divine_event(self, ev: Mapping[str, Any]) -> None:
        text = _row_text("events", ev["event"], self.lang, "name")
        lost = sum(x["models"] for x in ev.get("losses", []))
        if lost:
            text += f" ({say('models_lost', self.lang, n=lost)})"
        if ev.get("recruits"):
            text += f" ({say('models_gained', self.lang, n=ev['recruits']['models'])})"
        self.row(ev["player"])["event"] = text

    def on_agreement(self, ev: Mapping[str, Any]) -> None:
        lang = self.lang
        for pid in ev["parties"]:
            others = ", ".join(self.p(q) for q in ev["parties"] if q != pid)
            kind = say("public" if ev["public"] else "private", lang)
            # each party's own number for it (the referee's journal holds them all; a player's, his own only)
            parts = [say("agreement", lang, id=ev.get("numbers", {}).get(pid, ev["id"]), kind=kind, others=others)]
            private = ev.get("private")
            if ev["public"]:
                text = ev.get("text")
            else:  # "hidden" in a journal redacted for somebody else
                text = private.get("text") if isinstance(private, dict) else None
            if text:
                parts[0] += f" : « {text} »" if lang == "fr" else f": “{text}”"
            if ev.get("loot"):
                parts.append(say("transfer", lang, n=ev["loot"], a=self.p(ev["loot_from"]),
                                 b=self.p(ev["loot_to"])))
            for what in ("passage", "supply", "taxes"):
                if ev.get(what):
                    parts.append(say("grant", lang, what=say("perm_" + what, lang),
                                     a=self.p(ev.get("grantor")), b=", ".join(self.p(q) for q in ev[what])))
            self._diplomacy(pid, " ; ".join(parts) if lang == "fr" else "; ".join(parts))

    def on_agreement_broken(self, ev: Mapping[str, Any]) -> None:
        for pid in ev.get("parties") or [ev["player"]]:
            self._diplomacy(pid, say("broken", self.lang, id=ev.get("numbers", {}).get(pid, ev["id"]),
                                     a=self.p(ev["player"])))

    def _diplomacy(self, pid: str, text: str) -> None:
        r = self.row(pid)
        if r is not None:
            r["diplomacy"] = f"{r['diplomacy']} / {text}" if r["diplomacy"] else text

    def on_taxes(self, ev: Mapping[str, Any]) -> None:
        self.row(ev["player"])["loot"]["taxes"] += ev["amount"]

    def on_reinforcements_bought(self, ev: Mapping[str, Any]) -> None:
        self.row(ev["player"])["loot"]["reinforcements"] += ev["cost"]
        self.note(ev["player"], say("bought", self.lang, u=ev["unit"], n=ev["models"], c=ev["cost"]))

    def on_fortress_built(self, ev: Mapping[str, Any]) -> None:
        self.row(ev["player"])["loot"]["fortresses"].append(self.t(ev["territory"]))

    def on_reorganised(self, ev: Mapping[str, Any]) -> None:
        text = say("reorganised", self.lang, t=self.t(ev["territory"]), a=ev["points_before"],
                   b=ev["points_after"])
        missing = [] if ev.get("general", True) else [say("no_general", self.lang)]
        self.note(ev["player"], _with(text, missing))

    def on_adjusted(self, ev: Mapping[str, Any]) -> None:
        """A referee's correction, noted on the sheet of the player it concerns (both, for a territory's owner)."""
        what = ev.get("what")
        lang = self.lang
        names = {"loot": ("butin", "loot"), "fortresses": ("forteresses", "fortresses"),
                 "owner": ("propriétaire", "owner"), "models": ("figurines", "models"), "general": ("général", "general")}
        label = names.get(str(what), (str(what), str(what)))[0 if lang == "fr" else 1]
        if what in ("owner", "fortresses"):
            label += f" {self.t(ev['territory'])}"
        elif what == "models":
            label += f" {ev.get('unit')}"
        before, after = ev.get("before"), ev.get("after")
        if what == "owner":
            king = word_for_king(lang)
            who = [q for q in (before, after) if q]
            before, after = self.p(before) if before else king, self.p(after) if after else king
        else:
            who = [ev.get("player")] if what != "fortresses" else [self.owners.get(ev["territory"])]
            if what == "general":
                before, after = (GENERAL_WORDS.get(str(v), (str(v), str(v)))[0 if lang == "fr" else 1]
                                 for v in (before, after))
        for pid in who:
            self.note(pid, say("adjusted", lang, what=label, a=before, b=after, r=ev.get("reason", "")))

    def on_supply_route(self, ev: Mapping[str, Any]) -> None:
        self.row(ev["player"])["supplied"] = bool(ev["supplied"])

    def on_supply(self, ev: Mapping[str, Any]) -> None:
        r = self.row(ev["player"])
        r["supplied"] = False
        details = []
        lost = sum(x["models"] for x in ev.get("losses", []))
        if lost:
            details.append(say("models_lost", self.lang, n=lost))
        if ev.get("spent"):
            details.append(say("loot_spent", self.lang, n=ev["spent"]))
        r["supply_effect"] = _with(_row_text("supply", ev["effect"], self.lang), details)

    def on_moved(self, ev: Mapping[str, Any]) -> None:
        self.row(ev["player"])["movement"] = {"from": self.t(ev["from"]), "to": self.t(ev["to"])}

    def on_held(self, ev: Mapping[str, Any]) -> None:
        self.note(ev["player"], say("held", self.lang, t=self.t(ev["territory"])))

    def on_waited(self, ev: Mapping[str, Any]) -> None:
        self.note(ev["player"], say("waited", self.lang, n=ev["initiative"]))

    # -- battles: own strategy at once, the opponent's once revealed
    def on_battle_declared(self, ev: Mapping[str, Any]) -> None:
        for me, other, role in ((ev["a"], ev["b"], "A"), (ev["b"], ev["a"], "B")):
            self.fights[me] = {"territory": ev["territory"], "opponent": other, "role": role, "rounds": [],
                               "pending": None, "scenario_text": "", "result": ""}

    def on_strategy_chosen(self, ev: Mapping[str, Any]) -> None:
        fight = self.fights.get(ev["player"])
        secret = ev.get("secret")
        if fight is not None and isinstance(secret, dict):
            fight["pending"] = secret.get("strategy")

    def on_strategies_revealed(self, ev: Mapping[str, Any]) -> None:
        for me, fight in self.fights.items():
            if fight["territory"] != ev["territory"]:
                continue
            fight["rounds"].append((ev["strategies"].get(me), ev["strategies"].get(fight["opponent"]),
                                    ev.get("scenario")))
            fight["pending"] = None
            cell = ev.get("cell")
            fight["scenario_text"] = _row_text("scenarios", cell, self.lang) if cell else ""

    def on_no_battle(self, ev: Mapping[str, Any]) -> None:
        for fight in self.fights.values():
            if fight["territory"] == ev["territory"]:
                fight["result"] = say("no_battle", self.lang)

    def on_battle_result(self, ev: Mapping[str, Any]) -> None:
        lang = self.lang
        for me in (ev["winner"], ev["loser"]):
            fight = self.fights.get(me)
            if fight is None:
                continue
            other = ev["loser"] if me == ev["winner"] else ev["winner"]
            text = say("victory" if me == ev["winner"] else "defeat", lang, a=self.p(other),
                       t=self.t(ev["territory"]))
            details = []
            if ev.get("points_lost"):
                details.append(say("points_lost", lang, n=ev["points_lost"].get(me, 0)))
            killed = sum((ev.get("killed") or {}).get(me, {}).values())
            fled = sum((ev.get("fled") or {}).get(me, {}).values())
            if killed or fled:
                details.append(say("killed_fled", lang, k=killed, f=fled))
            back = sum((ev.get("recovered") or {}).get(me, {}).values())
            if back:
                details.append(say("recovered", lang, n=back))
            for c in ev.get("characters_fate") or []:
                if c.get("player") == me and not c.get("survived"):
                    details.append(say("character_lost", lang, u=c["unit"]))
            fight["result"] = _with(text, details)

    def _finish_battle(self, fight: dict[str, Any]) -> dict[str, Any]:
        lang = self.lang
        name = lambda key: _row_text("strategies", key, lang, "name") if key else "?"  # noqa: E731
        sep = " :" if lang == "fr" else ":"
        shown = [f"{name(own)} ({say('opponent', lang)}{sep} {name(opp)})" for own, opp, _ in fight["rounds"]]
        if fight["pending"]:
            shown.append(name(fight["pending"]))
        scenarios = [sc or "?" for _, _, sc in fight["rounds"]]
        scenario = " → ".join(scenarios)
        if fight["scenario_text"] and scenarios:
            scenario += f" — {fight['scenario_text']}"
        return {"territory": self.t(fight["territory"]), "opponent": self.p(fight["opponent"]),
                "role": fight["role"], "strategy": " → ".join(shown), "scenario": scenario,
                "result": fight["result"]}

    # -- conquest
    def on_conquest(self, ev: Mapping[str, Any]) -> None:
        lang = self.lang
        table = "conquest_result" if ev.get("from") is None else "conquest_result_player"
        details = []
        if ev.get("loot"):
            details.append(say("loot_delta", lang, n=ev["loot"]))
        if ev.get("bribe"):
            details.append(say("bribe", lang, n=ev["bribe"]))
        lost = sum(x["models"] for rnd in ev.get("rounds", []) for x in rnd.get("losses", []))
        if lost:
            details.append(say("models_lost", lang, n=lost))
        effect = _with(_row_text(table, ev["result"], lang), details)
        self._conquest(ev["player"], {"territory": self.t(ev["territory"]), "effect": effect})

    def on_territory_taken(self, ev: Mapping[str, Any]) -> None:
        if ev.get("by") == "battle":
            self._conquest(ev["player"], {"territory": self.t(ev["territory"]),
                                          "effect": say("taken_in_battle", self.lang)})

    def _conquest(self, pid: str, cell: dict[str, str]) -> None:
        r = self.row(pid)
        if r is None:
            return
        if r["conquest"] is None:
            r["conquest"] = cell
        else:
            r["notes"].append(f"{word('conquest', self.lang)} : {cell['territory']} — {cell['effect']}")

    def on_passage(self, ev: Mapping[str, Any]) -> None:
        result = _row_text("passage", ev["result"], self.lang)
        bribe = [say("bribe", self.lang, n=ev["bribe"])] if ev.get("bribe") else []
        self.note(ev["player"], _with(say("passage", self.lang, t=self.t(ev["territory"]), r=result), bribe))

    def on_withdrew(self, ev: Mapping[str, Any]) -> None:
        self.note(ev["player"], say("withdrew", self.lang, a=self.t(ev["from"]), b=self.t(ev["to"])))

    # -- armies and the end
    def on_must_retreat(self, ev: Mapping[str, Any]) -> None:
        self.note(ev["player"], say("must_retreat", self.lang, t=self.t(ev["from"])))

    def on_army_destroyed(self, ev: Mapping[str, Any]) -> None:
        self.note(ev["player"], say("destroyed", self.lang, t=self.t(ev.get("territory")),
                                    n=ev.get("returning_models", 0)))

    def on_army_reformed(self, ev: Mapping[str, Any]) -> None:
        self.note(ev["player"], say("reformed", self.lang, t=self.t(ev["territory"]), n=ev["models"]))

    def on_army_lost(self, ev: Mapping[str, Any]) -> None:
        self.note(ev["player"], say("army_lost", self.lang))

    def on_eliminated(self, ev: Mapping[str, Any]) -> None:
        self.note(ev["player"], say("eliminated", self.lang))

    def _items(self, items: list[Mapping[str, Any]]) -> str:
        return ", ".join(f"{(i.get('recruit') or {}).get('id', i.get('unit'))} "
                         f"+{i.get('models', (i.get('recruit') or {}).get('models', 0))}" for i in items)

    def on_reinforcements(self, ev: Mapping[str, Any]) -> None:
        self.note(ev["player"], say("arrived", self.lang, items=self._items(ev.get("joined", []))))

    def on_reinforcements_wait(self, ev: Mapping[str, Any]) -> None:
        self.note(ev["player"], say("waiting", self.lang, items=self._items(ev.get("pending", []))))

    def on_campaign_ended(self, ev: Mapping[str, Any]) -> None:
        for r in ev.get("standings", []):
            self.note(r["player"], say("ended", self.lang, r=r.get("rank", "?"), w=self.p(ev.get("winner"))))

    def finish(self) -> None:
        """Write this turn's battles into the rows (called at each new turn and at the end)."""
        for pid, fight in self.fights.items():
            r = self.row(pid)
            if r is not None:
                r["battle"] = self._finish_battle(fight)
        self.fights = {}


# --------------------------------------------------------------------------- layout


def _name(sheet: Mapping[str, Any], lang: str) -> str:
    """The player's name as the reader reads it (a simulated player's people in French: « Mycéniens 1 »)."""
    from .army_file import player_name_words
    return player_name_words(sheet["name"], Lang(lang)) or sheet["name"]


def _header_pairs(sheet: Mapping[str, Any], lang: str) -> list[tuple[str, str]]:
    name = _name(sheet, lang) + (f" ({word('eliminated', lang)})" if sheet.get("eliminated") else "")
    people = sheet.get("people_fr") if lang == "fr" else None
    return [(word("player", lang), name), (word("people", lang), _s(people or sheet["people"])),
            (word("kingdom", lang), _s(sheet["kingdom"])), (word("loot_now", lang), _s(sheet["loot"])),
            (word("army_points", lang), _s(sheet["army_points"])),
            (word("strength", lang), _s(sheet["strength"])),
            (word("initiative", lang), _s(sheet["initiative"])),
            (word("territories", lang), ", ".join(sheet["territories"]) or "—")]


def _s(value: Any) -> str:
    return "—" if value is None or value == "" else str(value)


def _cells(turn: Mapping[str, Any], lang: str) -> list[tuple[str, list[tuple[str | None, str, int]]]]:
    """Each line of a turn block: (label, [(cell label or None, value, columns spanned)]), 3 columns."""
    w = lambda k: word(k, lang)  # noqa: E731
    loot = turn["loot"]
    sup = turn["supplied"]
    mv = turn["movement"] or {}
    bt = turn["battle"] or {}
    cq = turn["conquest"] or {}
    return [
        (w("event"), [(None, _s(turn["event"]), 3)]),
        (w("diplomacy"), [(None, _s(turn["diplomacy"]), 3)]),
        (w("loot"), [(w("taxes"), _s(loot["taxes"]), 1), (w("reinforcements"), _s(loot["reinforcements"]), 1),
                     (w("fortresses"), ", ".join(loot["fortresses"]) or "—", 1)]),
        (w("supplied"), [(None, ("☒ " if sup is True else "☐ ") + w("yes"), 1),
                         (None, ("☒ " if sup is False else "☐ ") + w("no"), 1),
                         (w("effect"), _s(turn["supply_effect"]), 1)]),
        (w("movement"), [(w("from"), _s(mv.get("from")), 2), (w("to"), _s(mv.get("to")), 1)]),
        (w("battle"), [(w("strategy"), _s(bt.get("strategy")), 1), (w("scenario"), _s(bt.get("scenario")), 1),
                       (w("result"), _s(bt.get("result")), 1)]),
        (w("conquest"), [(w("conquered"), _s(cq.get("territory")), 2),
                         (w("effect"), _s(cq.get("effect")), 1)]),
    ]


def _md(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def sheets_markdown(sheets: list[Mapping[str, Any]], lang: str = "fr") -> str:
    lang = "fr" if lang == "fr" else "en"
    sep = " :" if lang == "fr" else ":"
    out: list[str] = []
    for sheet in sheets:
        out += [f"# {word('title', lang)} — {_md(_name(sheet, lang))}", ""]
        out += [f"- **{k}**{sep} {_md(v)}" for k, v in _header_pairs(sheet, lang)]
        for turn in sheet["turns"]:
            out += ["", f"## {word('turn', lang)} {turn['turn']}", "", "| | | | |", "|---|---|---|---|"]
            for label, cells in _cells(turn, lang):
                row = [f"**{_md(label)}**"]
                for cell_label, value, span in cells:
                    row.append(_md(f"{cell_label}{sep} {value}" if cell_label else value))
                    row += [""] * (span - 1)
                out.append("| " + " | ".join(row) + " |")
            notes = "<br>".join(_md(n) for n in turn["notes"]) if turn["notes"] else "—"
            out.append(f"| **{word('notes', lang)}** | {notes} | | |")
        out.append("")
    return "\n".join(out)


_CSS = SHEET_CSS + """
table.turn th.n { font-size: 1.3em; width: 2em; text-align: center; }
table.turn th.l { width: 8em; background: #eee; }
.lbl { display: block; font-size: .75em; color: #555; }
"""

def sheets_html(sheets: list[Mapping[str, Any]], lang: str = "fr") -> str:
    lang = "fr" if lang == "fr" else "en"
    e = html.escape
    out = [f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">',
           f"<title>{e(word('title', lang))}</title>\n<style>{_CSS}</style>\n</head>\n<body>"]
    for sheet in sheets:
        out.append(f'<section class="player" id="{e(str(sheet["player"]))}">')
        out.append(f"<h1>{e(word('title', lang))} — {e(_name(sheet, lang))}</h1>")
        out.append('<dl class="head">' + "".join(f"<dt>{e(k)}</dt><dd>{e(v)}</dd>"
                                                 for k, v in _header_pairs(sheet, lang)) + "</dl>")
        for turn in sheet["turns"]:
            lines = _cells(turn, lang)
            out.append('<table class="turn">')
            for i, (label, cells) in enumerate(lines):
                first = f'<th class="n" rowspan="{len(lines)}">{turn["turn"]}</th>' if i == 0 else ""
                tds = "".join(
                    (f'<td colspan="{span}">' if span > 1 else "<td>")
                    + (f'<span class="lbl">{e(cl)}</span>' if cl else "") + f"{e(value)}</td>"
                    for cl, value, span in cells)
                out.append(f'<tr>{first}<th class="l">{e(label)}</th>{tds}</tr>')
            notes = "<br>".join(e(n) for n in turn["notes"]) or "—"
            out.append(f'<tr><th class="l" colspan="2">{e(word("notes", lang))}</th>'
                       f'<td colspan="3">{notes}</td></tr>')
            out.append("</table>")
        out.append("</section>")
    out.append("</body>\n</html>\n")
    return "\n".join(out)
