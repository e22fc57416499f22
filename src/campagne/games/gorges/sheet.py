"""Campaign sheets of the Gorges Tranchées, one per player and turn, rebuilt from the journal.

The seed prints no sheet; this one follows the turn (« Les phases d'un tour de jeu ») and what the sequel
needs at the table: per turn the season, the player's place in the turn order, the event drawn, the relic
points found and held, the mines' production, moves, buildings, challenges issued and answered, save rolls,
battles with their after-battle results (spoils of war, ignominious defeat, fate of the beaten army, injuries),
territories won and lost; then, as they stood at the end of the turn, the territories held, the armies (hero,
position, Regiments of Renown, what waits for their next battle) and the hostages.

Everything per turn is read from the journal's events alone (the board is followed event by event, so a
sheet never needs the rules to replay); the header (race, capital, relic points, territories, rank) is read
from the current state. `build_sheets` gives plain data (JSON-ready, texts already in the sheet's language);
`sheets_markdown` and `sheets_html` lay it out for printing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ...core.errors import CampagneError
from .map import parse_cell_id
from .sheet_print import sheets_html, sheets_markdown
from .sheet_words import (
    BUILDING_NAMES,
    CHARACTERISTICS,
    CONDITIONS,
    RAIDS,
    SAY,
    WHY,
    ability_name,
    pick,
    race_name,
    row_label,
    row_name,
    row_text,
    say,
    table_row,
    unit_text,
    with_details,
)
from .state import ARMY_KEYS, SEASON_NAMES, GorgesState


def build_sheets(header: Mapping[str, Any], entries: Iterable[Mapping[str, Any]], state: GorgesState,
                 lang: str = "fr") -> list[dict[str, Any]]:
    """One sheet per player: a header from `state`, then one row per turn from the journal's events."""
    lang = "fr" if lang == "fr" else "en"
    book = _Book(state, header, lang)
    opening = header.get("opening") or {}
    book.entry(opening.get("command") or {"type": "setup"}, opening.get("events", []))
    for entry in entries:
        book.entry(entry.get("command") or {}, entry.get("events", []))
    book.finish()
    return [{**_sheet_header(state, pid, lang), "turns": book.turns[pid]} for pid in state.players]


UNKNOWN = {"item": {"source": "?", "max_points": "?"}, "changes": {}, "army_points": None, "battle_points": None}


def _known(value: Any, default: int) -> int:
    """An amount as the journal gives it, or `default` where it was hidden from this viewer (another player's)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _sheet_header(s: GorgesState, pid: str, lang: str) -> dict[str, Any]:
    p = s.players[pid]
    rank = next((r for r in (s.standings or []) if r["player"] == pid), None)
    return {"player": pid, "name": p.name, "race": p.race, "race_name": race_name(p.race, lang),
            "controller": p.controller, "capital": _territory(s, p.capital), "relics": p.relics,
            "territories": [_territory(s, t) for t in sorted(s.owned(pid), key=_cell_order)],
            "hostages": [f"{h['hero']} ({h['player']}:{h['army']})" for h in p.hostages],
            "rank": rank["rank"] if rank else None, "players": len(s.players)}


def _cell_order(tid: str) -> tuple[int, int]:
    q, r = parse_cell_id(tid)
    return (r, q)


def _territory(s: GorgesState, tid: str | None) -> str:
    if tid is None:
        return "—"
    try:
        cell = s.map.cell(tid)
    except CampagneError:
        return str(tid)
    return f"{cell.name} ({tid})" if cell.name else f"({tid})"


def _blank(turn: int, season: str, lang: str) -> dict[str, Any]:
    return {"turn": turn, "season": season, "season_name": pick(SEASON_NAMES.get(season, (season, season)), lang),
            "season_turn": (turn - 1) % 3 + 1, "place": None, "of": None, "order": [],
            "event": None, "relics": {"found": 0, "gained": 0, "total": 0, "details": []},
            "mines": [], "movement": [], "buildings": [], "challenges": [], "saves": [], "battles": [],
            "conquests": [], "territories": [], "territory_ids": [], "armies": [], "hostages": [],
            "battle_points": 0, "items": [], "next_battle": [], "notes": []}


class _Book:
    """Follows the board event by event and fills each player's row of the current turn."""

    def __init__(self, state: GorgesState, header: Mapping[str, Any], lang: str) -> None:
        self.s, self.lang = state, lang
        self.turns: dict[str, list[dict[str, Any]]] = {pid: [] for pid in state.players}
        self.turn = 0
        self.closed = True  # the current turn's end-of-turn columns are written
        self.waiting: list[Mapping[str, Any]] = []  # start-of-turn events seen before the "turn" event
        self.phase = "setup"
        self.context: tuple[str, Any] | None = None  # ("battle", id) or ("event", player)
        # -- the board as the journal tells it
        self.owners: dict[str, str | None] = {}
        self.capitals: dict[str, str] = {p.id: p.capital for p in state.players.values()}
        self.races: dict[str, str] = {p.id: p.race for p in state.players.values()}
        self.relics: dict[str, int] = {pid: 0 for pid in state.players}
        self.start_relics: dict[str, int] = dict(self.relics)
        self.battle_points: dict[str, int] = {pid: 0 for pid in state.players}
        self.items: dict[str, list[dict[str, Any]]] = {pid: [] for pid in state.players}
        self.player_notes: dict[str, list[dict[str, Any]]] = {pid: [] for pid in state.players}
        self.hostages: dict[str, list[dict[str, Any]]] = {pid: [] for pid in state.players}
        self.armies: dict[str, dict[str, Any]] = {}
        self.challenges: dict[int, dict[str, Any]] = {}
        self.battles: dict[int, dict[str, Any]] = {}
        self._first_armies(header)

    def _first_armies(self, header: Mapping[str, Any]) -> None:
        """The heroes named at set-up (the rules' own defaults when none were named)."""
        from .rules import new_players
        try:
            players = new_players((header.get("setup") or {}).get("players"))
        except CampagneError:
            players = {}
        for pid in self.s.players:
            p = players.get(pid)
            for key in ARMY_KEYS:
                a = p.armies[key] if p else self.s.players[pid].armies.get(key)
                name = a.hero.name if a else key
                self._new_army(pid, key, name, None)

    def _new_army(self, pid: str, key: str, hero: str, position: str | None) -> None:
        self.armies[f"{pid}:{key}"] = {
            "player": pid, "key": key, "hero": hero, "dead": False, "captured_by": None, "position": position,
            "out_until": None, "renown": [], "notes": [], "bonus_points": 0, "items": [], "changes": {},
            "rules": [], "next_battle": []}

    # -- names
    def t(self, tid: str | None) -> str:
        return _territory(self.s, tid)

    def p(self, pid: str | None) -> str:
        q = self.s.players.get(pid) if pid else None
        return q.name if q else str(pid)

    def a(self, ref: str | None, me: str | None = None) -> str:
        """An army: its key alone on its own player's sheet (G), else with the player (P2:G)."""
        if not ref:
            return "?"
        pid, _, key = ref.partition(":")
        return key if pid == me else f"{self.p(pid)}:{key}"

    def w(self, pair: tuple[str, str]) -> str:
        return pick(pair, self.lang)

    def why(self, key: str | None) -> str:
        if key in WHY:
            return self.w(WHY[key])
        row = table_row("events", key)
        return row_label(row, self.lang) if row is not None else str(key)

    # -- rows
    def row(self, pid: str | None) -> dict[str, Any] | None:
        rows = self.turns.get(pid) if pid else None
        return rows[-1] if rows and not self.closed else None

    def add(self, pid: str | None, column: str, text: str) -> None:
        r = self.row(pid)
        if r is not None:
            r[column].append(text)

    def note(self, pid: str | None, text: str) -> None:
        self.add(pid, "notes", text)

    def event_detail(self, pid: str | None, text: str) -> None:
        r = self.row(pid)
        if r is None:
            return
        if r["event"] is None:
            r["notes"].append(text)
        else:
            r["event"]["details"].append(text)

    def relic_line(self, pid: str | None, text: str) -> None:
        r = self.row(pid)
        if r is not None:
            r["relics"]["details"].append(text)

    # -- feeding
    def entry(self, command: Mapping[str, Any], events: Iterable[Mapping[str, Any]]) -> None:
        self.context = ("event", command.get("player")) if command.get("type") == "event" else None
        for ev in events:
            self.feed(ev)

    def feed(self, ev: Mapping[str, Any]) -> None:
        if "hidden" in ev.values():  # another player's means, as a viewer's journal hides them
            ev = {**ev, **{k: UNKNOWN.get(k, "?") for k, v in ev.items() if v == "hidden" and k != "note"}}
        kind = ev.get("type")
        if kind in ("season", "army_returns", "slaves") and self.phase in ("setup", "battles"):
            self.close_turn()  # these open the next turn, before its "turn" event
            self.waiting.append(ev)
            self._track(ev)
            return
        if kind == "turn":
            self.close_turn()
            self.open_turn(ev)
            for early in self.waiting:
                self._show(early)
            self.waiting = []
            return
        self._track(ev)
        self._show(ev)

    def _track(self, ev: Mapping[str, Any]) -> None:
        """Events that only change the board are followed here, whatever the turn."""
        kind = ev.get("type")
        if kind == "setup":
            for pid, tid in (ev.get("capitals") or {}).items():
                self.owners[tid] = pid
                self.capitals[pid] = tid
                for a in self.armies.values():
                    if a["player"] == pid and a["key"] in ARMY_KEYS:
                        a["position"] = tid
            self.races.update(ev.get("races") or {})
        elif kind == "army_returns":
            a = self.armies.get(ev["army"])
            if a is not None:
                a["position"], a["out_until"] = ev["territory"], None

    def _show(self, ev: Mapping[str, Any]) -> None:
        kind = ev.get("type")
        handler = getattr(self, "on_" + str(kind), None)
        if handler is not None:
            handler(ev)

    def open_turn(self, ev: Mapping[str, Any]) -> None:
        self.turn = int(ev["turn"])
        self.closed = False
        order = list(ev.get("order") or [])
        for pid, rows in self.turns.items():
            r = _blank(self.turn, ev.get("season") or self.s.season, self.lang)
            r["order"] = [self.p(q) for q in order]
            r["place"] = order.index(pid) + 1 if pid in order else None
            r["of"] = len(order)
            rows.append(r)
        self.start_relics = dict(self.relics)
        self.challenges, self.battles = {}, {}

    def close_turn(self) -> None:
        """The end-of-turn columns: the board as it stands now."""
        if self.closed:
            return
        for pid, rows in self.turns.items():
            r = rows[-1]
            r["relics"]["total"] = self.relics[pid]
            r["relics"]["gained"] = self.relics[pid] - self.start_relics.get(pid, 0)
            owned = sorted((t for t, o in self.owners.items() if o == pid), key=_cell_order)
            r["territory_ids"] = owned
            r["territories"] = [self.t(t) for t in owned]
            r["armies"] = [self.army_sheet(ref) for ref, a in self.armies.items() if a["player"] == pid]
            r["hostages"] = [say("hostage", self.lang, h=h["hero"], army=f"{self.p(h['player'])}:{h['army']}")
                             for h in self.hostages[pid]]
            r["hostage_refs"] = [f"{h['player']}:{h['army']}" for h in self.hostages[pid]]
            r["battle_points"] = self.battle_points[pid]
            r["items"] = [self.item_text(i) for i in self.items[pid]]
            r["challenges"] += self.challenge_lines(pid)
            r["next_battle"] = [self.note_text(n) for n in self.player_notes[pid]]
            r["next_battle_keys"] = [n.get("key") for n in self.player_notes[pid]]
        self.closed = True

    def finish(self) -> None:
        self.close_turn()
        for early in self.waiting:  # a journal stopped between two turns
            self._track(early)
        self.waiting = []

    # -- the end-of-turn columns
    def item_text(self, item: Mapping[str, Any]) -> str:
        src = item.get("source")
        return say("item", self.lang, n=item.get("max_points", "?"),
                   src=say(f"src_{src}", self.lang) if f"src_{src}" in SAY else str(src))

    def note_text(self, n: Mapping[str, Any]) -> str:
        table = n.get("table") or "events"
        text = row_name(table, n.get("key"), self.lang)
        details = []
        if n.get("unit"):
            details.append(str(n["unit"]))
        when = n.get("when")
        if when == "next_battle_against":
            details.append(say("against", self.lang, a=self.p(n.get("against"))))
        elif when == "next_battle_against_race":
            details.append(say("against_race", self.lang, r=race_name(n.get("race"), self.lang)))
        else:
            details.append(say("next_battle", self.lang))
        return with_details(text, details)

    def army_sheet(self, ref: str) -> dict[str, Any]:
        a = self.armies[ref]
        lang = self.lang
        if a["position"] is not None:
            where = self.t(a["position"])
        elif a["out_until"]:
            where = say("out_until", lang, u=say(f"until_{a['out_until']}", lang))
        else:
            where = say("out_of_play", lang)
        status = ""
        if a["dead"]:
            status = say("dead", lang)
        elif a["captured_by"]:
            status = say("held_by", lang, a=self.p(a["captured_by"]))
        traits = [f"{pick(CHARACTERISTICS.get(c, (c, c)), lang)} {v:+d}" for c, v in sorted(a["changes"].items()) if v]
        traits += [row_text("psychological_wound", r, lang) for r in a["rules"]]
        renown = []
        for r in a["renown"]:
            honours = []
            for h in r["honours"]:
                if h.get("rule"):
                    honours.append(row_text("feats_of_arms", h["rule"], lang))
                elif h.get("spoils") == "proud_banner":
                    honours.append(with_details(row_name("spoils_of_war", "proud_banner", lang),
                                         [f"{h.get('magic_banner_max', '?')} pts"]))
                else:
                    honours.append(row_name("spoils_of_war", h.get("spoils"), lang))
            unit = unit_text(lang, r["unit"])
            renown.append(f"{unit} : {', '.join(honours)}" if lang == "fr" else f"{unit}: {', '.join(honours)}")
        notes = [self.note_text(n) for n in a["notes"]]
        notes += [f'{row_text("serious_wound", w.get("key"), lang)} {say("next_battle", lang)}'
                  if w.get("key") != "captured_nobody" else say("no_captor", lang) for w in a["next_battle"]]
        if a["bonus_points"]:
            notes.append(with_details(say("bonus_points", lang, n=a["bonus_points"]), [say("next_battle", lang)]))
        return {"ref": ref, "key": a["key"], "hero": a["hero"], "hero_status": status,
                "hero_dead": a["dead"], "hero_captured_by": a["captured_by"], "hero_traits": traits,
                "hero_changes": {c: v for c, v in a["changes"].items() if v}, "hero_rules": list(a["rules"]),
                "items": [self.item_text(i) for i in a["items"]], "position": a["position"],
                "where": where, "out_until": a["out_until"], "renown": renown,
                "renown_units": [r["unit"] for r in a["renown"]], "notes": notes,
                "note_keys": [n.get("key") for n in a["notes"]]}

    def challenge_lines(self, pid: str) -> list[str]:
        lang = self.lang
        out = []
        for cid, c in sorted(self.challenges.items()):
            if pid not in (c["challenger"], c["defender"]):
                continue
            cond = self.w(CONDITIONS.get(c["condition"], (c["condition"], c["condition"])))
            if pid == c["challenger"]:
                text = say("challenge_out", lang, id=cid, army=self.a(c["army"], pid), d=self.p(c["defender"]),
                           t=self.t(c["territory"]), c=cond)
            else:
                text = say("challenge_in", lang, id=cid, a=self.p(c["challenger"]), army=self.a(c["army"]),
                           t=self.t(c["territory"]), c=cond)
            if c["status"] == "accepted":
                answer = say("accepted", lang, army=self.a(c["defender_army"], pid))
            elif c["status"] == "refused":
                answer = say("refused", lang)
            else:
                answer = say("pending", lang)
            out.append(f"{text} — {answer}")
        return out

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
            self.battle_points[pid] = _known(ev.get("battle_points"), self.battle_points[pid]
                                             + _known(ev.get("army_points"), 0))
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
                a["bonus_points"] += _known(ev.get("army_points"), 0)
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
        known = isinstance(after, int) and not isinstance(after, bool)
        pid = ev.get("player")
        touched = [pid]
        if what == "owner":
            self.owners[ev["territory"]] = after
            touched = [ev.get("before"), after]
        elif what == "buildings":
            touched = [self.owners.get(ev["territory"])]
        elif what == "relics" and known and pid in self.relics:
            self.relics[pid] = after
        elif what == "battle_points" and known and pid in self.battle_points:
            self.battle_points[pid] = after
        elif what in ("bonus_points", "hero") and known and ev.get("army") in self.armies:
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


__all__ = ["build_sheets", "sheets_html", "sheets_markdown"]
