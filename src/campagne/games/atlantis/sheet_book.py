"""The book an Atlantis sheet is written from: the events read in order, each player's row of the current
turn filled from them (sheet.py builds the sheets with it)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .state import AtlantisState
from .sheet_words import player_name, row_text, say, with_details, word, word_for_king
from .text import GENERAL_WORDS


def _blank(turn: int) -> dict[str, Any]:
    return {"turn": turn, "event": "", "diplomacy": "",
            "loot": {"taxes": 0, "reinforcements": 0, "fortresses": []},
            "supplied": None, "supply_effect": "", "movement": None, "battle": None, "conquest": None,
            "notes": []}


class Book:
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
        return player_name({"name": q.name}, self.lang) if q else str(pid)

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
        text = row_text("events", ev["event"], self.lang, "name")
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
        self.note(ev["player"], with_details(text, missing))

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
        r["supply_effect"] = with_details(row_text("supply", ev["effect"], self.lang), details)

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
            fight["scenario_text"] = row_text("scenarios", cell, self.lang) if cell else ""

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
            fight["result"] = with_details(text, details)

    def _finish_battle(self, fight: dict[str, Any]) -> dict[str, Any]:
        lang = self.lang
        name = lambda key: row_text("strategies", key, lang, "name") if key else "?"  # noqa: E731
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
        effect = with_details(row_text(table, ev["result"], lang), details)
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
        result = row_text("passage", ev["result"], self.lang)
        bribe = [say("bribe", self.lang, n=ev["bribe"])] if ev.get("bribe") else []
        self.note(ev["player"],
                  with_details(say("passage", self.lang, t=self.t(ev["territory"]), r=result), bribe))

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
