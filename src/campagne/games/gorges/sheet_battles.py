"""The sheet's handlers of battles and what follows them: results, spoils of war, Regiments of Renown, ignominious
defeat, the beaten army's fate, injuries."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .sheet_book import Book, known
from .sheet_words import (
    row_name,
    row_text,
    say,
    table_row,
    unit_text,
    with_details,
)
from .state import SEASON_NAMES


class BattleEvents(Book):
    """Battles and their aftermath, each written on both players' rows."""

    # -- battles
    def _in_battle(self) -> bool:
        return bool(self.context and self.context[0] == "battle")

    def _battle_rows(self) -> list[dict[str, Any]]:
        if not self._in_battle():
            return []
        bid = self.context[1]  # type: ignore[index]
        out = []
        for pid in self.turns:
            r = self.row(pid)
            if r is not None:
                out += [b for b in r["battles"] if b["id"] == bid]
        return out

    def _battle_line(self, text: str, field: str = "lines") -> None:
        for b in self._battle_rows():
            if field == "lines":
                b["lines"].append(text)
            else:
                b[field] = text

    def _fate_outcome(self, text: str) -> None:
        """What became of the beaten army when the fate's row alone does not say it (where it went)."""
        for b in self._battle_rows():
            b["fate"] = f"{b['fate']} : {text}" if b["fate"] and self.lang == "fr" else \
                f"{b['fate']}: {text}" if b["fate"] else text

    def on_battle(self, ev: Mapping[str, Any]) -> None:
        bid = int(ev["id"])
        att, dfd = ev["attacker"], ev["defender"]
        self.battles[bid] = {"territory": ev["territory"], "attacker": att, "defender": dfd}
        notes = self._bear_in_mind(att, dfd, list(ev.get("notes") or []))
        for me, them, role in ((att, dfd, "attacker"), (dfd, att, "defender")):
            pid = me.partition(":")[0]
            r = self.row(pid)
            if r is None:
                continue
            r["battles"].append({
                "id": bid, "territory": self.t(ev["territory"]), "territory_id": ev["territory"], "role": role,
                "army": me, "enemy": them, "opponent": self.p(them.partition(":")[0]),
                "title": say("battle", self.lang, id=bid, t=self.t(ev["territory"]), me=self.a(me, pid),
                             them=self.a(them, pid), role=say(role, self.lang)),
                "notes": notes,
                "outcome": None, "result": say("undecided", self.lang), "how": None, "spoils": "", "defeat": "",
                "fate": "", "injuries": [], "lines": []})

    def _bear_in_mind(self, att: str, dfd: str, keys: list[str]) -> list[str]:
        """What bears on the battle (battles.battle_notes), said per side: the season's rule, the notes
        waiting for this battle, the extra army points, the Lizardmen's Loremaster."""
        out = [self.w(SEASON_NAMES.get(k[7:], (k[7:], k[7:]))) for k in keys if k.startswith("season:")]
        for mine, theirs in ((att, dfd), (dfd, att)):
            pid, enemy = mine.partition(":")[0], theirs.partition(":")[0]
            a = self.armies.get(mine) or {"notes": [], "next_battle": [], "bonus_points": 0, "hero": "?"}
            items = [self.note_text(n) for n in self.player_notes[pid] + a["notes"] if self._applies(n, enemy)]
            items += [f'{a["hero"]} : {row_text("serious_wound", w.get("key"), self.lang)}' if self.lang == "fr"
                      else f'{a["hero"]}: {row_text("serious_wound", w.get("key"), self.lang)}'
                      for w in a["next_battle"] if w.get("key") != "captured_nobody"]
            bonus = self.battle_points[pid] + a["bonus_points"]
            if bonus:
                items.append(say("bonus_points", self.lang, n=bonus))
            if items:
                out.append(say("side_notes", self.lang, a=self.p(pid), n=", ".join(items)))
        if "loremaster" in keys:
            out.append(self.w(("Maître du Savoir", "Loremaster")))
        return out

    def on_battle_void(self, ev: Mapping[str, Any]) -> None:
        c = self.challenges.get(int(ev["challenge"]), {})
        for pid in {c.get("challenger"), c.get("defender")} - {None}:
            self.note(pid, say("battle_void", self.lang, id=ev["challenge"]))

    def on_auto_resolve(self, ev: Mapping[str, Any]) -> None:
        self.context = ("battle", int(ev["battle"]))
        scores = ev.get("scores") or {}
        b = self.battles.get(int(ev["battle"]), {})
        pa, pb = (b.get("attacker", "?:?").partition(":")[0], b.get("defender", "?:?").partition(":")[0])

        def score(pid: str) -> str:
            sc = scores.get(pid) or {}
            mods = sum((sc.get("modifiers") or {}).values())
            return f"{sc.get('roll')}{mods:+d}={sc.get('total')}" if mods else str(sc.get("total"))
        self._battle_line(say("auto", self.lang, a=self.p(pa), sa=score(pa), b=self.p(pb), sb=score(pb)), "how")

    def on_battle_result(self, ev: Mapping[str, Any]) -> None:
        bid = int(ev["battle"])
        self.context = ("battle", bid)
        winner, loser = ev["winner"], ev["loser"]
        for b in self._battle_rows():
            me = b["army"].partition(":")[0]
            b["outcome"] = "won" if me == winner else "lost"
            b["result"] = say("victory" if me == winner else "defeat", self.lang)
            if ev.get("how") == "entered" and not b["how"]:
                b["how"] = say("entered", self.lang)
        fight = self.battles.get(bid)
        if fight is None:
            return
        fight["winner"], fight["loser"] = winner, loser
        # « Lors de votre prochaine bataille »: what waited for this battle is spent (battles._consume_notes)
        for mine, theirs in ((fight["attacker"], fight["defender"]), (fight["defender"], fight["attacker"])):
            a = self.armies.get(mine)
            pid, enemy = mine.partition(":")[0], theirs.partition(":")[0]
            self.player_notes[pid] = [n for n in self.player_notes[pid] if not self._applies(n, enemy)]
            self.battle_points[pid] = 0
            if a is not None:
                a["notes"] = [n for n in a["notes"] if not self._applies(n, enemy)]
                a["next_battle"], a["bonus_points"] = [], 0

    def _applies(self, n: Mapping[str, Any], enemy: str) -> bool:
        when = n.get("when")
        if when == "next_battle_against":
            return n.get("against") == enemy
        if when == "next_battle_against_race":
            return n.get("race") == self.races.get(enemy)
        return when == "next_battle"

    def _sides(self) -> tuple[dict[str, Any] | None, dict[str, Any] | None, dict[str, Any]]:
        """(winner's army, loser's army, battle) of the battle being resolved."""
        if not self._in_battle():
            return None, None, {}
        fight = self.battles.get(self.context[1], {})  # type: ignore[index]
        sides = {ref.partition(":")[0]: ref for ref in (fight.get("attacker"), fight.get("defender")) if ref}
        w = self.armies.get(sides.get(fight.get("winner"), ""))
        lo = self.armies.get(sides.get(fight.get("loser"), ""))
        return w, lo, fight

    def on_spoils(self, ev: Mapping[str, Any]) -> None:
        lang = self.lang
        ref, key = ev["army"], ev["result"]
        a = self.armies.get(ref)
        pid = ref.partition(":")[0]
        _, loser, _ = self._sides()
        details = []
        if key == "infamy" and loser is not None:
            loser["notes"].append({"key": key, "table": "spoils_of_war", "when": "next_battle_against",
                                   "against": pid})
        elif key == "elite_army" and a is not None:
            a["notes"].append({"key": key, "table": "spoils_of_war", "when": "next_battle"})
        elif key == "recruits":
            if a is not None:
                a["bonus_points"] += known(ev.get("army_points"), 0)
            details.append(say("recruits", lang, n=ev.get("army_points")))
        elif key == "lure_of_gold":
            self.relics[pid] = int(ev.get("relics", self.relics[pid] + 1))
            if a is not None:
                a["items"].append({"source": "spoils", "max_points": ev.get("magic_item_max")})
            details.append(say("gold", lang, n=ev.get("magic_item_max")))
            self.relic_line(pid, say("relics_line", lang, why=row_name("spoils_of_war", key, lang), n=1))
        roll = f"{ev['roll']} → " if ev.get("roll") is not None else ""
        text = with_details(roll + row_name("spoils_of_war", key, lang), details)
        if self._in_battle():
            for b in self._battle_rows():
                b["spoils"] = say("spoils", lang, army=self.a(ref), r=text)
        else:
            self._chosen(pid)
            self.event_detail(self._event_player(ev) or pid, say("spoils", lang, army=self.a(ref, pid), r=text))

    def _renown_text(self, ev: Mapping[str, Any]) -> str:
        lang, h, unit = self.lang, ev.get("honour") or {}, unit_text(self.lang, ev.get("unit"))
        if ev["type"] == "renown_full":
            return say("renown_full", lang, u=unit, n=ev.get("cap"))
        if h.get("rule"):
            rule = row_text("feats_of_arms", h["rule"], lang)
            return say("feat" if ev.get("new") else "renown_more", lang, u=unit, r=rule)
        if ev.get("new"):
            return say("banner", lang, u=unit, n=h.get("magic_banner_max"))
        return say("renown_more", lang, u=unit, r=with_details(row_name("spoils_of_war", h.get("spoils"), lang),
                                                        [f"{h.get('magic_banner_max')} pts"]))

    def on_renown(self, ev: Mapping[str, Any]) -> None:
        a = self.armies.get(ev["army"])
        if a is not None:
            for r in a["renown"]:
                if r["unit"] == ev["unit"]:
                    r["honours"].append(dict(ev.get("honour") or {}))
                    break
            else:
                a["renown"].append({"unit": ev["unit"], "honours": [dict(ev.get("honour") or {})]})
        self._spoils_detail(ev)

    def on_renown_full(self, ev: Mapping[str, Any]) -> None:
        self._spoils_detail(ev)

    def _spoils_detail(self, ev: Mapping[str, Any]) -> None:
        text = self._renown_text(ev)
        if self._in_battle():
            for b in self._battle_rows():
                b["spoils"] = f"{b['spoils']} — {text}" if b["spoils"] else text
        else:
            pid = ev["army"].partition(":")[0]
            self.event_detail(self._event_player(ev) or pid, text)

    def on_defeat(self, ev: Mapping[str, Any]) -> None:
        lang = self.lang
        ref, key = ev["army"], ev["result"]
        a = self.armies.get(ref)
        _, _, fight = self._sides()
        details = []
        applied = ev.get("instead") or key
        if ev.get("instead"):
            details.append(say("instead", lang, r=row_name("ignominious_defeats", key, lang)))
        if applied == "green_recruits":
            # One honour of one regiment, which may stand in another of the player's armies (`regiment_army`).
            holder = self.armies.get(ev.get("regiment_army") or ref)
            if holder is not None:
                for r in list(holder["renown"]):
                    if r["unit"] == ev.get("unit"):
                        lost = next((h for h in r["honours"] if h.get("spoils") == ev.get("honour")), None)
                        if lost is not None:
                            r["honours"].remove(lost)
                        if not r["honours"]:
                            holder["renown"].remove(r)
                        break
            details.append(say("honour_lost", lang, u=unit_text(lang, ev.get("unit"))))
        elif applied in ("crushing_defeat", "vengeance"):
            enemy = fight.get("winner")
            if a is not None and enemy:
                n: dict[str, Any] = {"key": applied, "table": "ignominious_defeats"}
                if applied == "crushing_defeat":
                    n.update(when="next_battle_against", against=enemy)
                else:
                    n.update(when="next_battle_against_race", race=self.races.get(enemy))
                a["notes"].append(n)
        else:
            if a is not None:
                a["notes"].append({"key": applied, "table": "ignominious_defeats", "when": "next_battle",
                                   "unit": ev.get("unit")})
            if ev.get("unit"):
                details.append(say("unit", lang, u=ev["unit"]))
        text = with_details(f"{ev.get('roll')} → " + row_name("ignominious_defeats", applied, lang), details)
        for b in self._battle_rows():
            b["defeat"] = say("ignominy", lang, army=self.a(ref), r=text)

    def on_fate(self, ev: Mapping[str, Any]) -> None:
        text = say("fate", self.lang, army=self.a(ev["army"]), roll=ev.get("roll"),
                   r=row_text("fate_of_beaten_army", ev.get("result"), self.lang))
        for b in self._battle_rows():
            b["fate"] = text

    def on_injury(self, ev: Mapping[str, Any]) -> None:
        lang = self.lang
        ref, key = ev["army"], ev["result"]
        a = self.armies.get(ref)
        victim = ref.partition(":")[0]
        details: list[str] = []
        applied = ev.get("instead") or key
        if ev.get("instead"):
            details.append(say("instead", lang, r=row_name("character_injuries", key, lang)))
        if key == "where_is_my_sword" and ev.get("item"):
            item = ev["item"]
            if a is not None and item in a["items"]:
                a["items"].remove(item)
            details.append(say("item_lost", lang, n=item.get("max_points")))
            if ev.get("seized_by"):
                self.items[ev["seized_by"]].append({**item, "source": "seized"})
                details.append(say("item_seized", lang, a=self.p(ev["seized_by"]), roll=ev.get("seize_roll")))
            elif ev.get("seize_roll") is not None:
                details.append(say("item_gone", lang, roll=ev.get("seize_roll")))
        elif applied == "serious_wound":
            wound = table_row("serious_wound", ev.get("wound"))
            if wound is not None:
                details.append(wound.text(lang))
                if a is not None:
                    if wound.get("dead"):
                        a["dead"] = True
                    for c in wound.get("characteristics", []):
                        a["changes"][c] = a["changes"].get(c, 0) + int(wound.get("change"))
        elif applied == "minor_wound":
            details.append(f'{row_text("serious_wound", ev.get("wound"), lang)} {say("next_battle", lang)}')
            if a is not None:
                a["next_battle"].append({"key": ev.get("wound")})
        elif applied == "captured":
            captor = ev.get("held_by")
            if captor:
                details.append(say("held_by", lang, a=self.p(captor)))
                if a is not None:
                    a["captured_by"] = captor
                self.hostages[captor].append({"player": victim, "army": ref.partition(":")[2],
                                              "hero": ev.get("hero")})
            else:
                details.append(say("no_captor", lang))
                if a is not None:
                    a["next_battle"].append({"key": "captured_nobody"})
        elif applied == "psychological_wound":
            rule = ev.get("rule")
            details.append(row_text("psychological_wound", rule, lang))
            if a is not None and rule and rule not in a["rules"]:
                a["rules"].append(rule)
        elif applied == "lesson_learned":
            lesson = table_row("lesson_learned", ev.get("lesson"))
            if lesson is not None:
                details.append(lesson.text(lang))
                if a is not None:
                    for c in lesson.get("characteristics", []):
                        a["changes"][c] = a["changes"].get(c, 0) + int(lesson.get("change"))
        text = with_details(f"{ev.get('roll')} → " + row_name("character_injuries", key, lang), details)
        line = say("injury", lang, hero=ev.get("hero"), army=self.a(ref), r=text)
        if self._in_battle():
            for b in self._battle_rows():
                b["injuries"].append(line)
            return
        assassin = self._event_player(ev) or victim
        self._chosen(assassin)
        self.event_detail(assassin, line)
        if victim != assassin:
            self.note(victim, say("assassin_note", lang, e=line, a=self.p(assassin)))
