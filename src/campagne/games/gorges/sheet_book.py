"""The book a Gorges sheet is written from: the board followed event by event, each player's row of the current
turn, and the end-of-turn columns (territories, armies, hostages). The events' own handlers are in
`sheet_board` and `sheet_battles`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ...core.errors import CampagneError
from .map import parse_cell_id
from .sheet_words import (
    CHARACTERISTICS,
    CONDITIONS,
    SAY,
    WHY,
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

UNKNOWN = {"item": {"source": "?", "max_points": "?"}, "changes": {}, "army_points": None, "battle_points": None}


def known(value: Any, default: int) -> int:
    """An amount as the journal gives it, or `default` where it was hidden from this viewer (another player's)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def cell_order(tid: str) -> tuple[int, int]:
    q, r = parse_cell_id(tid)
    return (r, q)


def territory_name(s: GorgesState, tid: str | None) -> str:
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


class Book:
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
        return territory_name(self.s, tid)

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
            owned = sorted((t for t, o in self.owners.items() if o == pid), key=cell_order)
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
