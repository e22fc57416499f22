"""The referee's `adjust` in the Gorges Tranchées: a holding corrected by hand, an order of the journal like any
other — applied and journaled with before/after and its reason, replayed, undone, refused whole on bad input
(also from the command line, exit status 2), hidden from other players as the holding itself is, offered to the
referee by legal_orders (and so on the club server's console), never chosen by a computer."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from campagne.core.errors import CampagneError
from campagne.core.game import Game
from campagne.core.legal import accepts
from campagne.core.i18n import Lang
from campagne.games.gorges.legal import legal_orders
from campagne.games.gorges.rules import GorgesRules
from campagne.games.gorges.text import event_text
from campagne.games.gorges.views import information_state, redact_entry, view

SETUP = {"players": [{"id": "P1", "race": "empire"}, {"id": "P2", "race": "skaven"},
                     {"id": "P3", "race": "dwarfs"}]}
SECRET = 4321  # a value no other number of the campaign shows: if it leaks, it is found
WHY = "mine roll of turn 2 misread"


def new_game(seed: int = 5) -> Game:
    return Game(GorgesRules(), SETUP, seed)


def adjust(**fields: Any) -> dict[str, Any]:
    return {"type": "adjust", "player": "referee", "reason": WHY, **fields}


def capital(g: Game, pid: str) -> str:
    return g.state.players[pid].capital


# what, its fields (from the game), the holding read on the state, the value set
CASES = {
    "owner": (lambda g: {"territory": capital(g, "P1"), "value": "P2"}, lambda g: g.state.owners[capital(g, "P1")],
              "P2"),
    "owner_none": (lambda g: {"territory": capital(g, "P1"), "value": "none"},
                   lambda g: g.state.owners[capital(g, "P1")], None),
    "buildings": (lambda g: {"territory": capital(g, "P2"), "value": "mine+town"},
                  lambda g: g.state.buildings.get(capital(g, "P2"), []), ["mine", "town"]),
    "relics": (lambda g: {"holder": "P3", "value": 7}, lambda g: g.state.players["P3"].relics, 7),
    "battle_points": (lambda g: {"holder": "P2", "value": SECRET}, lambda g: g.state.players["P2"].battle_points,
                      SECRET),
    "bonus_points": (lambda g: {"army": "P2:L1", "value": SECRET}, lambda g: g.state.army("P2:L1").bonus_points,
                     SECRET),
    "hero": (lambda g: {"army": "P2:G", "characteristic": "WS", "value": -1},
             lambda g: g.state.army("P2:G").hero.changes.get("WS", 0), -1),
    "items": (lambda g: {"holder": "P1", "value": "50+20"},
              lambda g: [i["max_points"] for i in g.state.players["P1"].items], [20, 50]),
    "hero_items": (lambda g: {"army": "P3:G", "value": [60]},
                   lambda g: [i["max_points"] for i in g.state.army("P3:G").hero.items], [60]),
}


@pytest.mark.parametrize("case", list(CASES))
def test_each_holding_is_adjusted_journaled_replayed_and_undone(case: str) -> None:
    fields, read, value = CASES[case]
    g = new_game()
    what = case.split("_none")[0]
    before = copy.deepcopy(read(g))
    before_view = copy.deepcopy(g.view(None))  # the view shares some of the state's lists
    entry = g.push(adjust(what=what, **fields(g)))
    assert read(g) == value
    [ev] = entry.events
    assert ev["type"] == "adjusted" and ev["what"] == what and ev["reason"] == WHY
    assert ev["before"] == before and ev["after"] == value
    assert not entry.rolls  # a correction rolls no die
    for lang in ("fr", "en"):  # its journal line, in both languages
        line = event_text(ev, Lang(lang))
        assert WHY in line and "{" not in line and ("Correction de l'arbitre" if lang == "fr" else "Referee's") in line
    replayed = Game.replay(GorgesRules(), SETUP, 5, [e.command for e in g.entries])
    assert replayed.view(None) == g.view(None)
    assert read(replayed) == value
    g.undo(1, "wrong holding")
    assert read(g) == before and g.view(None) == before_view


def test_the_journal_verifies_with_adjustments_between_ordinary_orders() -> None:
    g = new_game()
    g.push({"type": "next", "player": "referee"})
    g.push(adjust(what="relics", holder="P1", value=3))
    g.push(adjust(what="owner", territory=capital(g, "P3"), value="P1"))
    verified = Game.verify(GorgesRules(), SETUP, 5, [e.to_dict() for e in g.entries], g.opening.to_dict())
    assert verified.view(None) == g.view(None)
    assert g.state.players["P1"].relics == 3 and g.state.owners[capital(g, "P3")] == "P1"


def test_an_adjustment_is_possible_in_every_phase_of_a_running_campaign() -> None:
    g = new_game()
    seen = set()
    for _ in range(12):
        seen.add(g.state.phase)
        g.push(adjust(what="relics", holder="P1", value=len(seen)))
        if g.awaiting():
            break
        g.push({"type": "next", "player": "referee"})
    assert len(seen) >= 2


BAD = {
    "negative relics": (adjust(what="relics", holder="P1", value=-1), "cannot be negative"),
    "too many points": (adjust(what="battle_points", holder="P1", value=10**6), "at most"),
    "not a number": (adjust(what="relics", holder="P1", value="many"), "whole number"),
    "unknown player": (adjust(what="relics", holder="P9", value=1), "Unknown player"),
    "unknown owner": (adjust(what="owner", territory="0,0", value="P9"), "Unknown owner"),
    "unknown cell": (adjust(what="owner", territory="40,40", value="P1"), "no land cell"),
    "not a cell": (adjust(what="buildings", territory="here", value="mine"), "no land cell"),
    "fortress and town": (adjust(what="buildings", territory="0,0", value="fortress+town"), "never with one"),
    "twice a mine": (adjust(what="buildings", territory="0,0", value=["mine", "mine"]), "Invalid buildings"),
    "unknown building": (adjust(what="buildings", territory="0,0", value="castle"), "Invalid buildings"),
    "unknown unit": (adjust(what="bonus_points", army="P1:L7", value=50), "no army"),
    "army without player": (adjust(what="bonus_points", army="G", value=50), "PLAYER:ARMY"),
    "unknown characteristic": (adjust(what="hero", army="P1:G", characteristic="Luck", value=1),
                               "Unknown characteristic"),
    "hero change too big": (adjust(what="hero", army="P1:G", characteristic="S", value=12), "between -9 and +9"),
    "unknown holding": (adjust(what="models", holder="P1", value=3), "Unknown kind of adjustment"),
    "no what": ({"type": "adjust", "player": "referee", "holder": "P1", "value": 3, "reason": WHY}, "needs what"),
    "no value": (adjust(what="relics", holder="P1"), "needs value"),
    "no reason": ({"type": "adjust", "player": "referee", "what": "relics", "holder": "P1", "value": 3},
                  "needs its reason"),
    "empty reason": ({**adjust(what="relics", holder="P1", value=3), "reason": "   "}, "needs its reason"),
    "reason not text": ({**adjust(what="relics", holder="P1", value=3), "reason": 5}, "needs its reason"),
    "a player": ({**adjust(what="relics", holder="P1", value=30), "player": "P1"}, "it is the referee's"),
}


@pytest.mark.parametrize("case", list(BAD))
def test_bad_adjustments_are_refused_with_one_sentence_and_change_nothing(case: str) -> None:
    command, words = BAD[case]
    g = new_game()
    before = copy.deepcopy(g.view(None))
    with pytest.raises(CampagneError) as refused:
        g.push(command)
    for lang in ("en", "fr"):
        message = refused.value.message(lang)
        assert message.count(".") <= 3 and "\n" not in message and "{" not in message
    assert words in refused.value.message("en"), refused.value.message("en")
    assert g.view(None) == before and not g.entries


@pytest.mark.parametrize("phase", ["setup", "ended"])
def test_no_adjustment_at_set_up_nor_once_the_campaign_is_over(phase: str) -> None:
    g = new_game()
    g.state.phase = phase
    with pytest.raises(CampagneError) as refused:
        g.push(adjust(what="relics", holder="P1", value=3))
    assert ("Not possible in the" if phase == "setup" else "over") in refused.value.message("en")
    assert g.state.players["P1"].relics == 0
    assert legal_orders(g.state, "referee") == []


# --------------------------------------------------------------------------- secrets


HIDDEN = {"battle_points": {"holder": "P2", "value": SECRET},
          "bonus_points": {"army": "P2:L1", "value": SECRET},
          "hero": {"army": "P2:G", "characteristic": "Ld", "value": 3},
          "items": {"holder": "P2", "value": [30, 60]},
          "hero_items": {"army": "P2:L1", "value": [10, 40]}}


@pytest.mark.parametrize("what", list(HIDDEN))
def test_another_player_reads_an_adjusted_hidden_holding_as_he_reads_the_holding(what: str) -> None:
    g = new_game()
    entry = g.push(adjust(what=what, **HIDDEN[what])).to_dict()
    secret_value = HIDDEN[what]["value"]
    for viewer, sees in (("P1", False), ("P3", False), ("P2", True), (None, True)):
        shown = redact_entry(copy.deepcopy(entry), viewer)
        [ev] = shown["events"]
        text = json.dumps(shown, ensure_ascii=False)
        lines = " ".join(event_text(ev, Lang(lang)) for lang in ("fr", "en"))
        if sees:
            assert ev["after"] == secret_value and ev["reason"] == WHY and shown["command"]["value"] == secret_value
            assert WHY in lines
        else:
            # neither the values nor the reason, in the event or in the command; only whose holding it is
            assert ev["before"] == ev["after"] == ev["reason"] == "hidden"
            assert "value" not in shown["command"] and "reason" not in shown["command"]
            assert WHY not in text and str(SECRET) not in text and '"Ld"' not in text, text
            assert WHY not in lines and str(SECRET) not in lines and "+3" not in lines
            assert "(caché)" in lines and "(hidden)" in lines
    # his view and his information state say what they said before: nothing of another player's means
    for viewer in ("P1", "P3"):
        assert str(SECRET) not in json.dumps(view(g.state, viewer), default=str)
        known = information_state(g.state, viewer)
        assert known.players["P2"].battle_points == 0 and known.army("P2:L1").bonus_points == 0
        assert known.army("P2:G").hero.changes == {}


def test_public_holdings_adjusted_are_public() -> None:
    g = new_game()
    entry = g.push(adjust(what="relics", holder="P2", value=9)).to_dict()
    assert redact_entry(copy.deepcopy(entry), "P1") == entry
    entry = g.push(adjust(what="owner", territory=capital(g, "P2"), value="P1")).to_dict()
    assert redact_entry(copy.deepcopy(entry), "P3") == entry


def test_an_undone_adjustment_reveals_nothing_either(tmp_path: Path) -> None:
    """Through the campaign file and the journal a player reads (session.visible_entries, as the club server and
    `campagne journal --as` show it): the undone line says only that there was one."""
    from campagne import session
    from campagne.games.gorges.sheet import build_sheets
    path = _cli_campaign(tmp_path)
    _cli(path, "order", "referee", "adjust", "battle_points", "bob", str(SECRET), WHY)
    _cli(path, "undo", "--reason", "typo")
    c = session.load(path)
    assert c.state.players["bob"].battle_points == 0
    for viewer in ("alice", "carl"):
        shown = session.visible_entries(c, viewer, redact_entry)
        text = json.dumps(shown, ensure_ascii=False)
        assert str(SECRET) not in text and WHY not in text
        sheets = build_sheets(dict(c.file.header), [redact_entry(e, viewer) for e in c.file.entries], c.state, "en")
        assert str(SECRET) not in json.dumps(sheets, ensure_ascii=False)
    referee = json.dumps(session.visible_entries(c, None, redact_entry), ensure_ascii=False)
    assert str(SECRET) in referee and WHY in referee  # the referee reads what he corrected, and took back


# --------------------------------------------------------------------------- the command line


def _cli(path: Path, *args: str, code: int = 0, lang: str = "en") -> Any:
    from typer.testing import CliRunner

    from campagne.cli.main import app
    result = CliRunner().invoke(app, list(args), env={"CAMPAGNE_CAMPAIGN": str(path), "CAMPAGNE_LANG": lang,
                                                      "CAMPAGNE_JSON": None})
    assert result.exit_code == code, (args, result.exit_code, result.output, result.exception)
    assert "Traceback" not in result.output
    return result


def _cli_campaign(tmp_path: Path) -> Path:
    path = tmp_path / "g.jsonl"
    _cli(path, "new", "gorges", "--seed", "3", "--public-dice", "-p", "alice:human:empire", "-p", "bob:human:skaven",
         "-p", "carl:human:dwarfs")
    return path


def test_the_command_line_adjusts_by_words_or_by_set(tmp_path: Path) -> None:
    from campagne import session
    path = _cli_campaign(tmp_path)
    cap = session.load(path).state.players["alice"].capital
    out = _cli(path, "order", "referee", "adjust", "relics", "alice", "4", "missed", "search", "roll").output
    assert "alice's relic points: 0 → 4 (missed search roll)" in out
    _cli(path, "order", "referee", "adjust", "hero", "bob:G", "WS", "-1", "--set", "reason=wound")
    _cli(path, "order", "referee", "adjust", "owner", cap, "none", "flag", "misplaced")
    _cli(path, "order", "referee", "adjust", "buildings", "--set", f"territory={cap}", "--set", "value=mine+fortress",
         "--set", "reason=forgotten fortress")
    _cli(path, "order", "referee", "adjust", "bonus_points", "--set", "army=carl:L1", "--set", "value=150",
         "--set", "reason=recruits")
    out = _cli(path, "order", "referee", "adjust", "battle_points", "carl", "200", "gold", lang="fr").output
    assert "points d'armée (or et fer) de carl : 0 → 200 (gold)" in out
    s = session.load(path).state
    assert s.players["alice"].relics == 4 and s.army("bob:G").hero.changes == {"WS": -1}
    assert s.owners[cap] is None and s.buildings[cap] == ["mine", "fortress"]
    assert s.army("carl:L1").bonus_points == 150 and s.players["carl"].battle_points == 200
    commands = [json.loads(line)["command"] for line in path.read_text().splitlines()[1:]]
    assert commands[0] == {"type": "adjust", "player": "referee", "what": "relics", "holder": "alice", "value": 4,
                           "reason": "missed search roll"}  # named fields in the journal, whatever was typed
    listed = _cli(path, "order", "referee", "--list").output
    assert "adjust relics <holder> <value> <reason>" in listed


@pytest.mark.parametrize("words", [
    ["adjust", "relics", "alice", "-3", "why"],
    ["adjust", "relics", "alice", "three", "why"],
    ["adjust", "relics", "alice", "3"],
    ["adjust", "relics", "alice", "3", "--set", "reason="],
    ["adjust", "relics", "alice", "3", "why", "--set", "value=3"],
    ["adjust", "relics", "--set", "value=3"],
    ["adjust", "relics", "zed", "3", "why"],
    ["adjust", "owner", "99,99", "bob", "why"],
    ["adjust", "bonus_points", "bob:L9", "50", "why"],
    ["adjust", "buildings", "0,0", "fortress+town", "why"],
    ["adjust", "models", "bob", "3", "why"],
    ["adjust", "items", "bob", "15", "why"],
    ["adjust", "hero_items", "bob:G", "10+70", "why"],
    ["adjust", "items", "bob", "+".join(["10"] * 10), "why"],
])
def test_the_command_line_refuses_with_exit_status_2_and_one_sentence(tmp_path: Path, words: list[str]) -> None:
    path = _cli_campaign(tmp_path)
    before = path.read_bytes()
    result = _cli(path, "order", "referee", *words, code=2)
    assert len(result.output.strip().splitlines()) == 1, result.output
    assert path.read_bytes() == before
    result = _cli(path, "order", "alice", "adjust", "relics", "alice", "30", "why", code=2)
    assert "referee" in result.output and path.read_bytes() == before


# --------------------------------------------------------------------------- legal orders, computers


def test_legal_orders_offer_the_referee_one_adjustment_per_holding_and_each_is_accepted() -> None:
    g = new_game()
    rules = GorgesRules()
    offered = [lo for lo in legal_orders(g.state, "referee") if lo.type == "adjust"]
    assert sorted(lo.fixed["what"] for lo in offered) == sorted(
        ["owner", "buildings", "relics", "battle_points", "bonus_points", "hero"]
        + ["items"] * len(g.state.players) + ["hero_items"] * len(g.state.armies()))
    rng = random.Random(1)
    for lo in offered:
        assert {f.name for f in lo.fields} >= {"value", "reason"}
        for f in lo.fields:
            assert f.size() is not None or f.name == "reason"  # bounded domains, but the reason's free text
        for _ in range(20):
            command = lo.sample(rng)
            assert command["reason"].strip() and lo.describes(command)
            assert accepts(rules, g.state, command), command
        assert not lo.describes({**lo.sample(rng), "reason": ""})
    for pid in g.state.players:
        assert not [lo for lo in legal_orders(g.state, pid) if lo.type == "adjust"]


def test_no_computer_and_no_referee_routine_ever_adjusts() -> None:
    from campagne.core.players import _referee
    from campagne.games.gorges.ai import referee_decides
    from campagne.games.gorges.simulate import default_players, simulate
    from campagne.server.loadtest import _referee_step
    played = simulate(default_players(3, "random"), 4, turns=2)
    assert not [e for e in played.entries if e.command["type"] == "adjust"]
    played = simulate(default_players(3, "greedy"), 4, turns=2)
    assert not [e for e in played.entries if e.command["type"] == "adjust"]
    g = new_game()
    legal = legal_orders(g.state, "referee")
    assert _referee(view(g.state, None), legal, random.Random(0))["type"] != "adjust"
    assert referee_decides(g.state)["type"] != "adjust"

    class _Descriptor:
        def load(self, name: str) -> Any:
            return legal_orders

    class _Campaign:
        state = g.state
    assert _referee_step(_Campaign(), _Descriptor())["type"] != "adjust"


# --------------------------------------------------------------------------- the club server's console


@pytest.fixture
def _fresh_store() -> None:
    from campagne.server import store
    store.forget()


def _adjust_form(forms: list[dict[str, str]], what: str) -> dict[str, str]:
    found = [f for f in forms if json.loads(f["order"])["fixed"] == {"what": what}]
    assert len(found) == 1, [f.get("order") for f in forms]
    return found[0]


@pytest.mark.django_db
def test_the_referee_console_offers_and_gives_adjustments_and_players_read_only_theirs(_fresh_store: None) -> None:
    from server_kit import club, every_form, length

    from campagne.server import store
    campaign, clients = club("gorges", humans=2)
    page = every_form(clients["referee"], campaign.pk, "adjust")  # each holding's forms a choice away
    for what in ("owner", "buildings", "relics", "battle_points", "bonus_points", "hero"):
        _adjust_form(page, what)  # one form per holding, built from legal_orders alone
    assert not every_form(clients["alice"], campaign.pk, "adjust")  # a player is never offered it
    form = _adjust_form(page, "relics")
    before = length(campaign)
    r = clients["referee"].post(f"/c/{campaign.pk}/orders/", {**form, "f_reason": ""})
    assert r.status_code == 302 and length(campaign) == before  # no reason: refused, nothing written
    r = clients["referee"].post(f"/c/{campaign.pk}/orders/", {**form, "f_holder": json.dumps("bob"), "f_value": "6",
                                                             "f_reason": "relic found at the table"})
    assert r.status_code == 302 and length(campaign) == before + 1
    with store.viewing(campaign.pk) as (_c, c):
        assert c.state.players["bob"].relics == 6
    form = _adjust_form(every_form(clients["referee"], campaign.pk, "adjust"), "battle_points")
    r = clients["referee"].post(f"/c/{campaign.pk}/orders/", {**form, "f_holder": json.dumps("bob"),
                                                             "f_value": str(SECRET), "f_reason": WHY})
    assert r.status_code == 302 and length(campaign) == before + 2
    with store.viewing(campaign.pk) as (_c, c):
        assert c.state.players["bob"].battle_points == SECRET
    alice = clients["alice"].get(f"/c/{campaign.pk}/view.json").content.decode()
    assert str(SECRET) not in alice and WHY not in alice and "relic found at the table" in alice
    bob = clients["bob"].get(f"/c/{campaign.pk}/view.json").content.decode()
    assert str(SECRET) in bob and WHY in bob
    for who in ("alice", "spectator"):
        shown = clients[who].get(f"/c/{campaign.pk}/").content.decode()
        assert str(SECRET) not in shown and WHY not in shown


def test_every_output_a_player_may_ask_for_keeps_another_players_adjusted_means_secret(tmp_path: Path) -> None:
    """As an adversary: after the referee corrects bob's gold and iron, an army's recruits and a hero's wound, each
    with a reason naming the amount, every output command run as alice or carl (status, journal, sheets in
    markdown, HTML and JSON, the map, in both languages) is searched for them; bob and the referee find them."""
    from test_secrets_adversarial import outputs, run
    path = _cli_campaign(tmp_path)
    phrases = ("ZEBRA-GOLD-9137", "ZEBRA-RECRUITS-5521", "ZEBRA-WOUND-0044", "ZEBRA-ITEMS-7781")
    run(path, "next")
    run(path, "order", "referee", "adjust", "hero_items", "bob:G", "50+50+50", phrases[3])
    run(path, "order", "referee", "adjust", "battle_points", "bob", "9137", phrases[0])
    run(path, "order", "referee", "adjust", "bonus_points", "bob:L1", "5521", phrases[1])
    run(path, "order", "referee", "adjust", "hero", "bob:G", "Ld", "-7", phrases[2])
    run(path, "order", "referee", "adjust", "relics", "bob", "3", "ZEBRA-PUBLIC-RELICS")
    for viewer in ("alice", "carl"):
        for name, text in outputs(path, viewer, tmp_path).items():
            for secret in (*phrases, "9137", "5521", '"Ld": -7', "Ld -7", "Cd -7", "→ -7", "0 → -7", "50 pts + 50 pts",
                           "[50, 50, 50]", "[\n      50,"):
                assert secret not in text, (viewer, name, secret)
            if name.startswith("journal"):
                assert "ZEBRA-PUBLIC-RELICS" in text  # a public holding's correction is public
    for who in ("bob", None):
        journal = run(path, "journal", "--json", *(("--as", who) if who else ()))
        assert all(p in journal for p in phrases) and "9137" in journal and '"after": -7' in journal
    sheet = run(path, "sheet", "--as", "bob", "--json")
    assert '"Ld": -7' in sheet and "9137" in sheet  # bob's own sheet follows the corrections
    assert sheet.count("set by the referee") >= 3  # and his hero's three items the referee gave


def test_magic_items_keep_where_they_came_from_and_the_referee_offers_one_fewer_or_one_more() -> None:
    from campagne.core.dice import parse
    from campagne.games.gorges.adjust import ITEM_POINTS, MAX_ITEMS, item_choices, items_value
    from campagne.games.gorges.data import tables
    # each item is worth at most one of the values of the table's 1D6x10
    exprs = {r.get("magic_item_points") for t in (tables()["mines"], tables()["spoils_of_war"]) for r in t.rows
             if r.get("magic_item_points")}
    assert exprs and all(tuple(sorted(parse(e).distribution())) == ITEM_POINTS for e in exprs)
    assert items_value("none") == [] and items_value("50+20") == [20, 50] and items_value(30) == [30]
    g = new_game()
    p = g.state.players["P1"]
    p.items = [{"source": "mine", "max_points": 40}]
    g.push(adjust(what="items", holder="P1", value="40+10"))
    assert p.items == [{"source": "referee", "max_points": 10}, {"source": "mine", "max_points": 40}]
    choices = item_choices(p.items)
    assert choices[0] == "none" and "10+40" in choices and "10" in choices and "40" in choices
    assert "10+40+60" in choices and len([c for c in choices if c.count("+") == 2]) == len(ITEM_POINTS)
    p.items = [{"source": "mine", "max_points": 10}] * MAX_ITEMS
    assert not [c for c in item_choices(p.items) if c.count("+") >= MAX_ITEMS]  # never beyond the bound
    lines = [event_text(e, Lang("en")) for e in g.entries[-1].events]
    assert "P1's magic items (not yet given): 40 pts → 10 pts + 40 pts" in lines[0]


def test_no_magic_item_offers_none_or_one_of_each_worth() -> None:
    """A holder of no item (most of them, asked at every listing of the referee's orders, `adjust_orders`): none,
    or one item of each worth of the table, as the correction of one item offers beside it."""
    from campagne.games.gorges.adjust import ITEM_POINTS, item_choices
    assert item_choices([]) == ("none", *(str(n) for n in ITEM_POINTS))
    one = item_choices([{"source": "mine", "max_points": 20}])
    assert one[:2] == ("none", "20") and all(f"{n}+20" in one or f"20+{n}" in one for n in ITEM_POINTS)
