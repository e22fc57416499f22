"""The sheet's handlers of the turn's events off the battlefield: turn order, the event drawn, relics, buildings,
reinforcements, searches, mines, slaves, moves, challenges, raids, saves, conquests, armies sent back, and the
referee's corrections and the campaign's end."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .adjust import kept_items
from .sheet_book import Book, known
from .sheet_words import (
    BUILDING_NAMES,
    RAIDS,
    ability_name,
    row_label,
    row_name,
    row_text,
    say,
    table_row,
    with_details,
)


class BoardEvents(Book):
    """What happens on the board and at the table, outside battles."""

    # -- phase and turn order
    def on_phase(self, ev: Mapping[str, Any]) -> None:
        self.phase = ev["phase"]

    def on_order_changed(self, ev: Mapping[str, Any]) -> None:
        order = list(ev.get("order") or [])
        for pid in self.turns:
            r = self.row(pid)
            if r is None:
                continue
            r["order"] = [self.p(q) for q in order]
            r["place"] = order.index(pid) + 1 if pid in order else r["place"]
            if pid == ev["player"]:
                self.event_detail(pid, say("plays_first", self.lang))
            else:
                self.note(pid, say("order_changed", self.lang, a=self.p(ev["player"]), o=", ".join(r["order"])))

    # -- events (phase 2)
    def on_event(self, ev: Mapping[str, Any]) -> None:
        r = self.row(ev["player"])
        if r is None:
            return
        row = table_row("events", ev["event"])
        name_fr = row_label(row, "fr") if row is not None else ev["event"]
        name_en = row_label(row, "en") if row is not None else ev["event"]
        details = []
        if ev.get("no_target"):
            details.append(say("no_target", self.lang))
        elif ev.get("waiting"):
            details.append(say("waiting_choice", self.lang))
        r["event"] = {"d66": ev.get("d66"), "key": ev["event"], "name_fr": name_fr, "name_en": name_en,
                      "text": say("event_name", self.lang, d66=ev.get("d66"), fr=name_fr, en=name_en),
                      "details": details}
        self.context = ("event", ev["player"])

    def _chosen(self, pid: str) -> None:
        """The pending choice of the player's event is made: drop « choix en attente »."""
        r = self.row(pid)
        if r is not None and r["event"] is not None:
            pending = say("waiting_choice", self.lang)
            r["event"]["details"] = [d for d in r["event"]["details"] if d != pending]

    def _event_player(self, ev: Mapping[str, Any]) -> str | None:
        if self.context and self.context[0] == "event":
            return self.context[1]
        return ev.get("player")

    def on_event_choice(self, ev: Mapping[str, Any]) -> None:
        self._chosen(ev["player"])

    def on_event_no_target(self, ev: Mapping[str, Any]) -> None:
        self._chosen(ev["player"])
        self.event_detail(ev["player"], say("no_target", self.lang))

    def on_event_target(self, ev: Mapping[str, Any]) -> None:
        self._chosen(ev["player"])
        self.event_detail(ev["player"], say("opponent_named", self.lang, a=self.p(ev["opponent"])))
        if ev.get("must_challenge"):
            self.event_detail(ev["player"], say("must_challenge", self.lang, a=self.p(ev["opponent"]),
                                                 b=self.p(ev["must_challenge"])))
        if ev["opponent"] != ev["player"]:
            self.note(ev["opponent"], say("targeted", self.lang, e=self.why(ev["event"]), a=self.p(ev["player"])))

    def on_ghost(self, ev: Mapping[str, Any]) -> None:
        if ev.get("why") == "not_that_way":
            self.event_detail(ev["roller"], say("ghost_moved", self.lang, a=self.t(ev["from"]), b=self.t(ev["to"])))

    def on_relics(self, ev: Mapping[str, Any]) -> None:
        pid = ev["player"]
        self.relics[pid] = int(ev.get("total", self.relics[pid] + ev.get("gained", 0)))
        self.relic_line(pid, say("relics_line", self.lang, why=self.why(ev.get("why")), n=ev.get("gained", 0)))
        if self.context and self.context[0] == "event":
            self._chosen(pid)
            self.event_detail(pid, say("relics_gained", self.lang, n=int(ev.get("gained", 0))))

    def on_flag(self, ev: Mapping[str, Any]) -> None:
        pid, tid, before, after = ev["player"], ev["territory"], ev.get("from"), ev.get("to")
        self.owners[tid] = after
        self._chosen(pid)
        if after is None:
            self.event_detail(pid, say("flag_removed", self.lang, t=self.t(tid)))
        elif before not in (None, pid):
            self.event_detail(pid, say("flag_taken", self.lang, t=self.t(tid), a=self.p(before)))
        else:
            self.event_detail(pid, say("flag_put", self.lang, t=self.t(tid)))
        if before not in (None, pid):
            self.add(before, "conquests", say("lost_to_event", self.lang, t=self.t(tid), e=self.why(ev.get("why")),
                                              a=self.p(pid)))
        if after == pid and before != pid:
            self.add(pid, "conquests", with_details(self.t(tid), [self.why(ev.get("why"))]))

    def on_building_removed(self, ev: Mapping[str, Any]) -> None:
        pid, tid = ev["player"], ev["territory"]
        name = self.w(BUILDING_NAMES.get(ev["building"], (ev["building"], ev["building"])))
        self._chosen(pid)
        self.event_detail(pid, say("building_removed", self.lang, b=name, t=self.t(tid)))
        owner = self.owners.get(tid)
        if owner not in (None, pid):
            self.note(owner, say("building_lost", self.lang, b=name, t=self.t(tid), e=self.why(ev.get("why")),
                                 a=self.p(pid)))

    def on_building(self, ev: Mapping[str, Any]) -> None:
        pid, tid = ev["player"], ev["territory"]
        name = self.w(BUILDING_NAMES.get(ev["building"], (ev["building"], ev["building"])))
        why = ev.get("why")
        if why == "treasure_map":
            self._chosen(pid)
            self.event_detail(pid, say("mine_placed", self.lang, t=self.t(tid)))
        elif why in RAIDS:
            self.add(pid, "challenges", say("mine_placed", self.lang, t=self.t(tid)))
        else:
            self.add(pid, "buildings", say("built", self.lang, b=name, t=self.t(tid), army=self.a(ev.get("army"), pid)))

    def on_reinforcements(self, ev: Mapping[str, Any]) -> None:
        pid = ev["player"]
        if ev.get("already"):
            self.event_detail(pid, say("reinforcements_already", self.lang))
            return
        self._new_army(pid, "R", "Renfort / Reinforcements", ev.get("territory"))
        self.event_detail(pid, say("reinforcements", self.lang, t=self.t(ev.get("territory"))))

    def on_reinforcements_leave(self, ev: Mapping[str, Any]) -> None:
        self.armies.pop(f"{ev['player']}:R", None)
        self.note(ev["player"], say("reinforcements_leave", self.lang))

    def on_battle_note(self, ev: Mapping[str, Any]) -> None:
        pid = ev["player"]
        extra = {k: v for k, v in ev.items() if k not in ("type", "player", "note")}
        self.player_notes[pid].append({"key": ev["note"], "table": "events", "when": "next_battle", **extra})
        self.event_detail(pid, say("battle_note", self.lang))

    # -- search, mines
    def on_search(self, ev: Mapping[str, Any]) -> None:
        pid = ev["player"]
        self.relics[pid] = int(ev.get("total", self.relics[pid] + ev.get("relics", 0)))
        r = self.row(pid)
        if r is None:
            return
        faces = ev.get("rolls") or {}
        ghost = [t for t, f in faces.items() if f == "ghost"]
        extra = say("search_ghost", self.lang, t=self.t(ghost[0])) if ghost else ""
        if ev.get("fruitful"):
            extra += say("search_fruitful", self.lang)
        k = len(faces)
        r["relics"]["found"] += int(ev.get("relics", 0))
        r["relics"]["details"].append(say("search", self.lang, n=int(ev.get("relics", 0)), k=k,
                                          ks="" if k == 1 or (self.lang == "fr" and k == 0) else "s",
                                          kies="y" if k == 1 else "ies", ghost=extra))

    def on_mine(self, ev: Mapping[str, Any]) -> None:
        pid, tid, key = ev["player"], ev["territory"], ev["result"]
        details = []
        if key == "gold_and_iron":
            self.battle_points[pid] = known(ev.get("battle_points"), self.battle_points[pid]
                                             + known(ev.get("army_points"), 0))
            details.append(say("mine_points", self.lang, n=ev.get("army_points"), t=self.battle_points[pid]))
        elif key == "fabulous_treasure":
            self.items[pid].append({"source": "mine", "max_points": ev.get("magic_item_max")})
            details.append(say("mine_item", self.lang, n=ev.get("magic_item_max")))
        elif key == "collapse":
            details.append(say("mine_collapse", self.lang))
        if ev.get("slaves"):
            details.append(say("mine_slaves", self.lang))
        if ev.get("rerolled") is not None:
            details.append(say("mine_rerolled", self.lang, n=ev["rerolled"]))
        roll = ev.get("roll") if ev.get("total") in (None, ev.get("roll")) else f"{ev.get('roll')}+1={ev.get('total')}"
        sep = " : " if self.lang == "fr" else ": "
        self.add(pid, "mines", say("mine", self.lang, t=self.t(tid), roll=roll, r=row_name("mines", key, self.lang))
                 + (sep + ", ".join(details) if details else ""))

    def on_slaves_mine(self, ev: Mapping[str, Any]) -> None:
        self.add(ev["player"], "mines", say("slaves_mine", self.lang, t=self.t(ev["territory"])))

    def on_slaves(self, ev: Mapping[str, Any]) -> None:
        self.note(ev["player"], say("slaves", self.lang))

    # -- movement
    def on_move_roll(self, ev: Mapping[str, Any]) -> None:
        faces = ev.get("faces") or []
        bonus = f" +{ev['bonus']}" if ev.get("bonus") else ""
        text = say("move_roll", self.lang, dice=ev.get("dice"), faces=faces, bonus=bonus, n=ev.get("allowance", 0))
        if ev.get("reroll"):
            text += say("move_reroll", self.lang)
        self.add(ev["player"], "movement", text)

    def on_move(self, ev: Mapping[str, Any]) -> None:
        pid, ref = ev["player"], ev["army"]
        a = self.armies.get(ref)
        if a is not None:
            a["position"] = ev["to"]
        owner = ref.partition(":")[0]
        why = ev.get("why")
        if why in RAIDS:
            return  # told by the raid's line
        if owner != pid:
            text = say("moved_by", self.lang, army=self.a(ref, pid), p=self.p(pid), a=self.t(ev["from"]),
                       b=self.t(ev["to"]))
            self.add(pid, "movement", text)
            self.add(owner, "movement", say("moved_by", self.lang, army=self.a(ref, owner), p=self.p(pid),
                                            a=self.t(ev["from"]), b=self.t(ev["to"])))
            return
        path = " → ".join(self.t(t) for t in [ev["from"]] + list(ev.get("path") or [ev["to"]]))
        text = f"{self.a(ref, pid)} : {path}" if self.lang == "fr" else f"{self.a(ref, pid)}: {path}"
        if why not in (None, "move"):
            text = with_details(text, [self.why(why) if table_row("events", why) is not None else ability_name(why, self.lang)])
        self.add(pid, "movement", text)

    def on_army_to_capital(self, ev: Mapping[str, Any]) -> None:
        pid, ref = ev["player"], ev["army"]
        if ref in self.armies:
            self.armies[ref]["position"] = ev["to"]
        self.add(pid, "movement", say("to_capital", self.lang, army=self.a(ref, pid), a=self.t(ev["from"]),
                                      b=self.t(ev["to"])))

    def on_capital_moved(self, ev: Mapping[str, Any]) -> None:
        self.capitals[ev["player"]] = ev["to"]
        if ev.get("annexed"):
            self.owners[ev["to"]] = ev["player"]
        self.add(ev["player"], "movement", say("capital_moved_annexed" if ev.get("annexed") else "capital_moved",
                                               self.lang, a=self.t(ev["from"]), b=self.t(ev["to"])))

    def on_swap(self, ev: Mapping[str, Any]) -> None:
        pid = ev["player"]
        for ref, tid in zip(ev.get("armies") or [], ev.get("positions") or []):
            if ref in self.armies:
                self.armies[ref]["position"] = tid
        a, b = (ev.get("armies") or ["?", "?"])[:2]
        self.add(pid, "movement", say("swap", self.lang, a=self.a(a, pid), b=self.a(b, pid)))

    # -- construction, challenges, conquest
    def on_challenge(self, ev: Mapping[str, Any]) -> None:
        self.challenges[int(ev["id"])] = {"challenger": ev["challenger"], "army": ev["army"],
                                          "defender": ev["defender"], "territory": ev["territory"],
                                          "condition": ev.get("condition", ""), "status": "pending",
                                          "defender_army": None, "relics_given": 0}

    def on_challenge_accepted(self, ev: Mapping[str, Any]) -> None:
        c = self.challenges.get(int(ev["id"]))
        if c is not None:
            c["status"], c["defender_army"] = "accepted", ev.get("army")

    def on_challenge_refused(self, ev: Mapping[str, Any]) -> None:
        c = self.challenges.get(int(ev["id"]))
        if c is not None:
            c["status"], c["relics_given"] = "refused", int(ev.get("relics_given") or 0)

    def on_raid(self, ev: Mapping[str, Any]) -> None:
        pid = ev["player"]
        kind = ev.get("kind", "sea_raid")
        result = row_text(kind, ev.get("result"), self.lang)
        self.add(pid, "challenges", say("raid", self.lang, k=self.w(RAIDS.get(kind, (kind, kind))),
                                        army=self.a(ev["army"], pid), t=self.t(ev["territory"]),
                                        roll=ev.get("roll"), r=result))
        if ev.get("result") not in ("lost_at_sea", "lost_underground") and ev["army"] in self.armies:
            self.armies[ev["army"]]["position"] = ev["territory"]

    def on_save(self, ev: Mapping[str, Any]) -> None:
        lang = self.lang
        c = self.challenges.get(int(ev["challenge"]), {})
        attacker = c.get("challenger")
        given = sum(int(m.get("value", 0)) for m in ev.get("modifiers") or [] if m.get("key") == "relic_given")
        if given and attacker:
            # « +1 par Point de Relique que vous donnez à votre adversaire »: handed over before the roll
            self.relics[ev["defender"]] -= given
            self.relics[attacker] += given
            self.relic_line(ev["defender"], say("relics_given", lang, n=given, a=self.p(attacker)))
            self.relic_line(attacker, say("relics_received", lang, n=given, a=self.p(ev["defender"])))
        mods = "".join(f" {int(m['value']):+d}" for m in ev.get("modifiers") or [])
        result = say("saved" if ev.get("saved") else "not_saved", lang, a=self.p(attacker))
        text = say("save", lang, id=ev["challenge"], t=self.t(ev["territory"]), d=self.p(ev["defender"]),
                   roll=ev.get("roll"), mods=mods, total=ev.get("total"), r=result)
        self.add(ev["defender"], "saves", text)
        if attacker and attacker != ev["defender"]:
            self.add(attacker, "saves", text)

    def on_annexed(self, ev: Mapping[str, Any]) -> None:
        pid = ev["player"]
        self.owners[ev["territory"]] = pid
        self.add(pid, "conquests", say("annexed", self.lang, t=self.t(ev["territory"]), army=self.a(ev["army"], pid)))

    def on_territory_taken(self, ev: Mapping[str, Any]) -> None:
        pid, tid, before = ev["player"], ev["territory"], ev.get("from")
        self.owners[tid] = pid
        why = self.why(ev.get("why"))
        if before:
            self.add(pid, "conquests", say("taken", self.lang, t=self.t(tid), a=self.p(before), why=why))
            self.add(before, "conquests", say("lost", self.lang, t=self.t(tid), a=self.p(pid), why=why))
        else:
            self.add(pid, "conquests", say("taken_neutral", self.lang, t=self.t(tid), why=why))
        if ev.get("why") == "siege_troops":
            self._battle_line(say("siege", self.lang, t=self.t(tid)))

    def on_two_armies(self, ev: Mapping[str, Any]) -> None:
        result = row_text("no_challenge", ev.get("result"), self.lang)
        players = {ev["a"].partition(":")[0], ev["b"].partition(":")[0]}
        for pid in sorted(players):
            self.add(pid, "conquests", say("two_armies", self.lang, t=self.t(ev["territory"]), a=self.a(ev["a"], pid),
                                           b=self.a(ev["b"], pid), roll=ev.get("roll"), r=result))

    # -- armies leaving and coming back
    def on_army_removed(self, ev: Mapping[str, Any]) -> None:
        ref = ev["army"]
        a = self.armies.get(ref)
        until = ev.get("until") or "next_season"
        if ev.get("returns") == "now_summer":
            text = say("summer_return", self.lang, t=self.t(ev.get("territory")))
            if a is not None:
                a["position"], a["out_until"] = ev.get("territory"), None
        else:
            text = say("removed_until", self.lang, u=say(f"until_{until}", self.lang))
            if a is not None:
                a["position"], a["out_until"] = None, until
        if self._in_battle() and ev.get("why") == "beaten":
            if ev.get("returns") == "now_summer" or until != "next_season":
                self._fate_outcome(text)
            return
        pid = ref.partition(":")[0]
        self.note(pid, say("army_removed", self.lang, army=self.a(ref, pid), r=text, why=self.why(ev.get("why"))))

    def on_army_pushed_back(self, ev: Mapping[str, Any]) -> None:
        ref = ev["army"]
        if ref in self.armies:
            self.armies[ref]["position"] = ev["to"]
        if self._in_battle() and ev.get("why") == "beaten":
            self._fate_outcome(self.t(ev["to"]))
            return
        pid = ref.partition(":")[0]
        text = say("army_pushed", self.lang, army=self.a(ref, pid), a=self.t(ev["from"]), b=self.t(ev["to"]),
                   why=self.why(ev.get("why")))
        column = "conquests" if ev.get("why") in ("two_armies", "save", "refused") else "notes"
        self.add(pid, column, text)

    def on_army_returns(self, ev: Mapping[str, Any]) -> None:
        pid = ev["army"].partition(":")[0]
        self.note(pid, say("army_returns", self.lang, army=self.a(ev["army"], pid), t=self.t(ev["territory"])))

    def on_storm_of_magic(self, ev: Mapping[str, Any]) -> None:
        for pid, n in (ev.get("relics") or {}).items():
            self.relics[pid] += int(n)
            self.relic_line(pid, say("storm", self.lang, n=n))
        self._battle_line(say("storm_battle", self.lang))

    # -- seasons, heroes, the end
    def on_hostage_relics(self, ev: Mapping[str, Any]) -> None:
        pid = ev["player"]
        self.relics[pid] = int(ev.get("total", self.relics[pid] + ev.get("relics", 0)))
        self.relic_line(pid, say("hostage_relics", self.lang, n=ev.get("relics")))

    def on_hero(self, ev: Mapping[str, Any]) -> None:
        a = self.armies.get(ev["army"])
        if a is not None:
            a.update(hero=ev["hero"], dead=False, captured_by=None, changes={}, rules=[], items=[], next_battle=[])
        pid = ev["army"].partition(":")[0]
        self.note(pid, say("hero_replaced", self.lang, army=self.a(ev["army"], pid), h=ev["hero"], o=ev.get("replaces")))

    def on_equip(self, ev: Mapping[str, Any]) -> None:
        a = self.armies.get(ev["army"])
        pid = ev["army"].partition(":")[0]
        item = dict(ev.get("item") or {})
        if self.items[pid]:
            self.items[pid].pop(0)
        if a is not None:
            a["items"].append(item)
        self.note(pid, say("equip", self.lang, h=a["hero"] if a else "?", army=self.a(ev["army"], pid),
                           n=item.get("max_points")))

    def on_adjusted(self, ev: Mapping[str, Any]) -> None:
        """The referee's correction: the board followed, and a note on the sheet of each player it touches."""
        from ...core.i18n import Lang
        from .text import event_text
        what, after = ev.get("what"), ev.get("after")
        a_count = isinstance(after, int) and not isinstance(after, bool)
        pid = ev.get("player")
        touched = [pid]
        if what == "owner":
            self.owners[ev["territory"]] = after
            touched = [ev.get("before"), after]
        elif what == "buildings":
            touched = [self.owners.get(ev["territory"])]
        elif what == "relics" and a_count and pid in self.relics:
            self.relics[pid] = after
        elif what == "battle_points" and a_count and pid in self.battle_points:
            self.battle_points[pid] = after
        elif what == "items" and isinstance(after, list) and pid in self.items:
            self.items[pid] = kept_items(self.items[pid], after)
        elif what == "hero_items" and isinstance(after, list) and ev.get("army") in self.armies:
            a = self.armies[ev["army"]]
            a["items"] = kept_items(a["items"], after)
        elif what in ("bonus_points", "hero") and a_count and ev.get("army") in self.armies:
            a = self.armies[ev["army"]]
            if what == "bonus_points":
                a["bonus_points"] = after
            elif after:
                a["changes"][ev.get("characteristic")] = after
            else:
                a["changes"].pop(ev.get("characteristic"), None)
        secret = ("before", "after", "reason", "characteristic")  # as `feed` read them: "?" where hidden
        shown = {k: ("hidden" if k in secret and v == "?" else v) for k, v in ev.items()}
        line = event_text(shown, Lang(self.lang))
        for who in dict.fromkeys(q for q in touched if q in self.turns):
            self.note(who, line)

    def on_campaign_ended(self, ev: Mapping[str, Any]) -> None:
        rows = ev.get("standings") or []
        for r in rows:
            pid = r["player"]
            if pid in self.relics:
                self.relics[pid] = int(r.get("relics", self.relics[pid]))
            self.note(pid, say("ended", self.lang, r=r.get("rank", "?"), of=len(rows), n=r.get("relics"),
                               b=r.get("final_battle_bonus_percent", 0),
                               c=say("chooses", self.lang) if r.get("chooses_scenario") else ""))
