"""The referee's `adjust` (games/atlantis/adjust.py): bookkeeping corrections as orders of the journal.

Each kind applies and is journaled with before/after and its reason; the journal replays to the same state; an undo
restores the holding; bad input is refused in one sentence with nothing changed (through the rules and the command
line, exit status 2); other players see nothing their view would not show them; the referee's legal orders list it
(and only his), computers never give it, and the club's console offers its forms.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from types import SimpleNamespace

import pytest
from typer.testing import CliRunner

from campagne.cli.main import app
from campagne.core.errors import CampagneError
from campagne.core.game import Game
from campagne.core.i18n import Lang
from campagne.core.legal import accepts
from campagne.games.atlantis.legal import legal_orders
from campagne.games.atlantis.rules import AtlantisRules
from campagne.games.atlantis.simulate import setup_for
from campagne.games.atlantis.text import event_text
from campagne.games.atlantis.views import redact_entry, view

RULES = AtlantisRules()
RUNNER = CliRunner()


def running(seed: int = 5, players: int = 3) -> Game:
    """A campaign past its placement (turn 1, divine events), every player a person."""
    g = Game(RULES, setup_for(players, "human"), seed)
    while g.state.phase == "setup":
        lo = legal_orders(g.state, g.awaiting()[0])[0]
        g.push(lo.command({"territory": lo.fields[0].choices[0]}))
    return g


def adjust(what: str, reason: str | None = "recount", **fields) -> dict:
    cmd = {"type": "adjust", "player": "referee", "what": what, **fields}
    if reason is not None:
        cmd["reason"] = reason
    return cmd


def rank_and_file(g: Game, pid: str) -> str:
    return next(u.id for u in g.state.players[pid].army.units if not u.is_character)


def holding(g: Game, cmd: dict):
    """The value a correction touches, read from the state."""
    s = g.state
    if cmd["what"] == "loot":
        return s.players[cmd["target"]].loot
    if cmd["what"] == "owner":
        return s.owners[cmd["territory"]]
    if cmd["what"] == "fortresses":
        return s.fortresses[cmd["territory"]]
    if cmd["what"] == "general":
        return "alive" if s.players[cmd["target"]].army.general.alive else "dead"
    return s.players[cmd["target"]].army.unit(cmd["unit"]).models


def corrections(g: Game) -> list[tuple[dict, object]]:
    """One command per kind, with the value it sets (an owner "none": None)."""
    own = g.state.players["p1"].position
    unit = rank_and_file(g, "p2")
    return [(adjust("loot", target="p1", value=12), 12),
            (adjust("owner", territory=own, owner="p2"), "p2"),
            (adjust("owner", territory=own, owner="none"), None),
            (adjust("fortresses", territory=own, value=2), 2),
            (adjust("models", target="p2", unit=unit, value=3), 3),
            (adjust("general", target="p3", value="dead"), "dead")]


# --------------------------------------------------------------------------- applying, replaying, undoing


@pytest.mark.parametrize("index", range(6))
def test_each_kind_applies_and_is_journaled_with_before_and_after(index: int) -> None:
    g = running()
    cmd, after = corrections(g)[index]
    before = holding(g, cmd)
    entry = g.push(cmd)
    assert holding(g, cmd) == after
    (ev,) = entry.events
    assert ev["type"] == "adjusted" and ev["what"] == cmd["what"]
    assert ev["before"] == before and ev["after"] == after and ev["reason"] == "recount"
    for key in ("target", "territory", "unit"):
        if key in cmd:
            assert ev["player" if key == "target" else key] == cmd[key]
    fr, en = event_text(ev, Lang("fr")), event_text(ev, Lang("en"))
    assert fr.startswith("Correction de l'arbitre") and "raison : recount" in fr
    assert en.startswith("Referee's correction") and "reason: recount" in en
    assert f"{before if before is not None else 'its Atlantean king'} → " in en


def test_the_journal_replays_to_the_same_state_and_verifies() -> None:
    g = running()
    for cmd, _after in corrections(g):
        g.push(cmd)
    g.push({"type": "next", "player": "referee"})
    replayed = Game.replay(RULES, g.setup, g.seed, g.commands)
    assert replayed.view(None) == g.view(None)
    verified = Game.verify(RULES, g.setup, g.seed, [e.to_dict() for e in g.entries], g.opening.to_dict())
    assert verified.view(None) == g.view(None)


@pytest.mark.parametrize("index", range(6))
def test_an_undo_restores_the_holding(index: int) -> None:
    g = running()
    cmd, _after = corrections(g)[index]
    before, whole = holding(g, cmd), g.view(None)
    g.push(cmd)
    g.undo(1, "wrong line")
    assert holding(g, cmd) == before and g.view(None) == whole


def test_models_to_zero_and_back_roll_a_new_warband_and_raise_the_cap() -> None:
    g = running()
    p = g.state.players["p2"]
    u = next(u for u in p.army.units if not u.is_character)
    u.warband, u.warband_roll = "warband", 2
    g.push(adjust("models", target="p2", unit=u.id, value=0))
    assert u.models == 0 and u.warband_roll is None
    u.warband_roll = None
    g.push(adjust("models", target="p2", unit=u.id, value=u.start_models + 5))
    assert u.start_models == u.models  # the recovery cap follows a count above it


def test_a_dead_general_leaves_the_army_without_one_until_brought_back() -> None:
    from campagne.games.atlantis import army as armies
    g = running()
    army = g.state.players["p1"].army
    with_general = armies.initiative(army)
    assert army.has_general and with_general > 0
    g.push(adjust("general", target="p1", value="dead"))
    assert not army.has_general and armies.initiative(army) < with_general  # « Pas de Général »: Ld x 10 lost
    assert not [lo for lo in legal_orders(g.state, "referee") if lo.type == "adjust"
                and lo.fixed == {"what": "general", "target": "p1"} and "dead" not in lo.fields[0].choices]
    g.push(adjust("general", target="p1", value="alive"))
    assert army.has_general and armies.initiative(army) == with_general
    army.general = None  # a list without a general: nothing to correct, and none offered
    with pytest.raises(CampagneError) as err:
        g.push(adjust("general", target="p1", value="alive"))
    assert err.value.code == "adjust.no_general"
    assert not [lo for lo in legal_orders(g.state, "referee") if lo.fixed.get("what") == "general"
                and lo.fixed.get("target") == "p1"]


def test_a_character_holds_one_model_at_most() -> None:
    g = running()
    hero = next(u for u in g.state.players["p1"].army.units if u.is_character)
    with pytest.raises(CampagneError) as err:
        g.push(adjust("models", target="p1", unit=hero.id, value=2))
    assert err.value.code == "adjust.out_of_range"
    g.push(adjust("models", target="p1", unit=hero.id, value=0))
    assert g.state.players["p1"].army.unit(hero.id).models == 0  # (a refusal put back a copy of the state)


# --------------------------------------------------------------------------- refusals


def _bad(g: Game) -> list[tuple[dict, str]]:
    own = g.state.players["p1"].position
    unit = rank_and_file(g, "p1")
    return [
        (adjust("loot", target="p1", value=-1), "adjust.out_of_range"),
        (adjust("loot", target="p1", value=100_000), "adjust.out_of_range"),
        (adjust("loot", target="p1", value="lots"), "order.not_int"),
        (adjust("loot", target="zoe", value=1), "order.unknown_player"),
        (adjust("loot", target="p1"), "order.missing"),
        (adjust("loot", reason=None, target="p1", value=1), "adjust.no_reason"),
        (adjust("loot", reason="   ", target="p1", value=1), "adjust.no_reason"),
        (adjust("loot", reason=12, target="p1", value=1), "order.bad_field"),
        (adjust("loot", target="p1", value=1, territory=own), "adjust.extra_fields"),
        (adjust("treasure", target="p1", value=1), "adjust.bad_kind"),
        (adjust("owner", territory="atlantide", owner="p2"), "order.unknown_territory"),
        (adjust("owner", territory=own, owner="zoe"), "adjust.bad_owner"),
        (adjust("fortresses", territory=own, value=3), "adjust.out_of_range"),
        (adjust("fortresses", territory="nowhere", value=1), "order.unknown_territory"),
        (adjust("models", target="p1", unit="ghosts", value=1), "adjust.unknown_unit"),
        (adjust("models", target="p1", unit=unit, value=1000), "adjust.out_of_range"),
        (adjust("models", target="p1", unit=unit, value=-2), "adjust.out_of_range"),
        (adjust("general", target="p1", value="wounded"), "adjust.bad_general"),
        (adjust("general", target="p1", value=1), "order.bad_field"),
        (adjust("general", target="p1"), "order.missing"),
        ({**adjust("loot", target="p1", value=1), "player": "p1"}, "order.referee_only"),
        ({**adjust("loot", target="p1", value=1), "player": "p2"}, "order.referee_only"),
    ]


def test_bad_input_is_refused_in_one_sentence_and_changes_nothing() -> None:
    g = running()
    for cmd, code in _bad(g):
        state, entries = copy.deepcopy(g.view(None)), len(g.entries)
        with pytest.raises(CampagneError) as err:
            g.push(cmd)
        assert err.value.code == code, cmd
        for lang in ("en", "fr"):
            text = err.value.message(lang)
            assert text.count(". ") == 0 and text.endswith("."), text  # one sentence
        assert g.view(None) == state and len(g.entries) == entries


def test_no_adjust_in_the_placement_nor_once_ended() -> None:
    g = Game(RULES, setup_for(2, "human"), 5)
    with pytest.raises(CampagneError) as err:
        g.push(adjust("loot", target="p1", value=1))
    assert err.value.code == "order.wrong_phase"
    assert not [lo for lo in legal_orders(g.state, "referee") if lo.type == "adjust"]
    g = running(players=2)
    g.push({"type": "end", "player": "referee"})
    with pytest.raises(CampagneError) as err:
        g.push(adjust("loot", target="p1", value=1))
    assert err.value.code == "order.campaign_over"


def test_an_eliminated_player_is_given_no_land() -> None:
    g = running()
    g.state.players["p3"].eliminated = True
    own = g.state.players["p1"].position
    with pytest.raises(CampagneError) as err:
        g.push(adjust("owner", territory=own, owner="p3"))
    assert err.value.code == "adjust.eliminated_owner"
    owners = next(lo for lo in legal_orders(g.state, "referee") if lo.fixed.get("what") == "owner")
    assert "p3" not in owners.fields[1].choices


# --------------------------------------------------------------------------- the command line


def cli(path: Path, *args: str, code: int = 0) -> str:
    r = RUNNER.invoke(app, [*args, "-c", str(path)], env={"CAMPAGNE_JSON": None, "CAMPAGNE_LANG": None,
                                                          "CAMPAGNE_CAMPAIGN": None})
    assert r.exit_code == code, (args, r.output)
    return r.output


def cli_campaign(tmp_path: Path) -> Path:
    path = tmp_path / "atlantis.jsonl"
    cli(path, "new", "atlantis", "--seed", "3", "--public-dice", "-p", "alice", "-p", "bob", "-p", "carl")
    places = {"alice": ("mestor", "baie-tritons"), "bob": ("gadirus-myrine", "gadeira"),
              "carl": ("euamon", "euemonia")}
    while json.loads(cli(path, "status", "--json"))["phase"] == "setup":
        who = json.loads(cli(path, "status", "--json"))["awaiting"][0]
        cli(path, "order", who, "choose", *places[who])
    return path


def test_the_command_line_gives_each_kind(tmp_path: Path) -> None:
    path = cli_campaign(tmp_path)
    out = cli(path, "order", "referee", "adjust", "loot", "alice", "12", "--set", 'reason="miscounted taxes"')
    assert "alice's loot 250 → 12 (reason: miscounted taxes)" in out
    out = cli(path, "order", "referee", "adjust", "owner", "Gadeira", "none", "--set", "reason=wrong player",
              "--lang", "fr")
    assert "propriétaire de gadeira bob → son roi atlante (raison : wrong player)" in out
    out = cli(path, "order", "referee", "adjust", "fortresses", "baie-tritons", "2", "forgotten", "at", "the",
              "table")  # the words after the value are the reason, as `order referee --list` shows it
    assert "(reason: forgotten at the table)" in out
    unit = json.loads(cli(path, "status", "--json"))["players"]["carl"]["army"]["units"][-1]["id"]
    out = cli(path, "order", "referee", "adjust", "models", "carl", unit, "7", "--set", "reason=12")
    assert f"models of carl's unit {unit}" in out and "(reason: 12)" in out
    v = json.loads(cli(path, "status", "--json"))
    assert v["players"]["alice"]["loot"] == 12 and v["territories"]["gadeira"]["owner"] is None
    assert v["territories"]["baie-tritons"]["fortresses"] == 2
    assert next(u for u in v["players"]["carl"]["army"]["units"] if u["id"] == unit)["models"] == 7
    entries = json.loads(cli(path, "journal", "--json"))["entries"]
    assert entries[-1]["command"] == {"type": "adjust", "player": "referee", "what": "models", "target": "carl",
                                      "unit": unit, "value": 7, "reason": "12"}
    assert entries[-3]["command"]["territory"] == "gadeira"  # the printed name journaled as its id
    cli(path, "undo", "--reason", "typo")
    v = json.loads(cli(path, "status", "--json"))
    assert next(u for u in v["players"]["carl"]["army"]["units"] if u["id"] == unit)["models"] != 7
    out = cli(path, "order", "referee", "adjust", "general", "bob", "dead", "killed", "in", "a", "duel", "--lang", "fr")
    assert "général de bob vivant → mort (raison : killed in a duel)" in out
    assert json.loads(cli(path, "journal", "--json"))["entries"][-1]["command"] == {
        "type": "adjust", "player": "referee", "what": "general", "target": "bob", "value": "dead",
        "reason": "killed in a duel"}


@pytest.mark.parametrize("words, message", [
    (("loot", "alice", "-3", "--set", "reason=x"), "The value must be from 0 to 99999 (not -3)."),
    (("loot", "alice", "3"), "A correction needs its reason"),
    (("loot", "alice", "3", "--set", "reason="), "A correction needs its reason"),
    (("loot", "alice", "--set", "reason=x"), "The order adjust needs value."),
    (("loot", "alice", "3", "4", "--set", "reason=x"), "Too many arguments for adjust: 4."),
    (("loot", "alice", "many", "--set", "reason=x"), "value must be a whole number, not 'many'."),
    (("loot", "alice", "3", "why", "--set", "value=4"), "value is given twice: by the word '3' and by --set value="),
    (("loot", "zoe", "3", "--set", "reason=x"), "Unknown player 'zoe'"),
    (("owner", "atlantide", "bob", "--set", "reason=x"), "Unknown territory 'atlantide'"),
    (("owner", "gadeira", "zoe", "--set", "reason=x"), "The owner must be a player of this campaign or none"),
    (("fortresses", "gadeira", "3", "--set", "reason=x"), "The value must be from 0 to 2 (not 3)."),
    (("models", "bob", "ghosts", "3", "--set", "reason=x"), "bob's army has no unit 'ghosts'"),
    (("treasure", "bob", "3", "--set", "reason=x"), "Nothing to adjust called 'treasure'"),
    (("general", "bob", "wounded", "--set", "reason=x"), "The general is alive or dead, not 'wounded'."),
])
def test_the_command_line_refuses_with_status_2_and_changes_nothing(tmp_path: Path, words, message) -> None:
    path = cli_campaign(tmp_path)
    before = path.read_text(encoding="utf-8")
    out = cli(path, "order", "referee", "adjust", *words, code=2)
    assert message in out
    assert path.read_text(encoding="utf-8") == before


def test_a_player_cannot_adjust_on_the_command_line(tmp_path: Path) -> None:
    path = cli_campaign(tmp_path)
    before = path.read_text(encoding="utf-8")
    out = cli(path, "order", "alice", "adjust", "loot", "alice", "900", "--set", "reason=x", code=2)
    assert "alice cannot give the order adjust: it is the referee's." in out
    assert path.read_text(encoding="utf-8") == before


def test_no_adjust_during_the_placement_on_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "atlantis.jsonl"
    cli(path, "new", "atlantis", "--seed", "3", "--public-dice", "-p", "alice", "-p", "bob")
    out = cli(path, "order", "referee", "adjust", "loot", "alice", "9", "--set", "reason=x", code=2)
    assert "Not possible in the Initial placement phase" in out


# --------------------------------------------------------------------------- what other players see


def test_others_see_a_correction_as_their_view_shows_the_holding() -> None:
    """Loot, armies, owners and fortresses are in every player's view in Atlantis: a correction's before and after
    tell another player nothing his view did not (and does not) show him."""
    g = running()
    for cmd, _after in corrections(g):
        seen_before = view(g.state, "p3")
        entry = g.push(cmd).to_dict()
        seen_after = view(g.state, "p3")
        ev = redact_entry(entry, "p3")["events"][0]

        def shown(v):
            if cmd["what"] == "loot":
                return v["players"][cmd["target"]]["loot"]
            if cmd["what"] in ("owner", "fortresses"):
                return v["territories"][cmd["territory"]]["owner" if cmd["what"] == "owner" else "fortresses"]
            if cmd["what"] == "general":  # shown while he lives
                return "alive" if v["players"][cmd["target"]]["army"]["general"] else "dead"
            return next(u["models"] for u in v["players"][cmd["target"]]["army"]["units"] if u["id"] == cmd["unit"])
        assert (ev["before"], ev["after"]) == (shown(seen_before), shown(seen_after))


def test_a_correction_and_its_undo_reveal_no_secret(tmp_path: Path) -> None:
    """Adversarial: in a battle phase where alice's strategy is written and a private pact binds alice and bob, the
    referee corrects alice's models and loot and takes one back; carl and bob see neither secret anywhere."""
    from test_secrets_adversarial import PACT, STRATEGY_WORDS, atlantis_with_secrets, outputs
    path = atlantis_with_secrets(tmp_path)
    unit = json.loads(cli(path, "status", "--json"))["players"]["alice"]["army"]["units"][-1]["id"]
    cli(path, "order", "referee", "adjust", "models", "alice", unit, "4", "--set", "reason=recounted at the table")
    cli(path, "order", "referee", "adjust", "loot", "alice", "40", "--set", "reason=miscounted bribe")
    cli(path, "undo", "--reason", "wrong player")
    referee = cli(path, "journal", "--json")
    assert "recounted at the table" in referee and "outflank" in referee and PACT in referee
    for viewer in ("bob", "carl"):
        seen = outputs(path, viewer, tmp_path)
        for where, text in seen.items():
            for word in STRATEGY_WORDS:
                assert word not in text, f"alice's strategy reaches {viewer} through {where}"
            if viewer == "carl":
                assert PACT not in text, f"the pact reaches carl through {where}"
            if where.startswith("journal"):
                assert "miscounted bribe" not in text  # the undone line shows only that it was undone
        journal = json.loads(seen["journal json"])["entries"]
        assert any(e["command"].get("type") == "adjust" and not e.get("undone") for e in journal)


# --------------------------------------------------------------------------- legal orders, computers


def test_the_referee_lists_each_kind_and_every_draw_is_accepted() -> None:
    g = running()
    legal = [lo for lo in legal_orders(g.state, "referee") if lo.type == "adjust"]
    kinds = {lo.fixed["what"] for lo in legal}
    assert kinds == {"loot", "owner", "fortresses", "models", "general"}
    assert {lo.fixed["target"] for lo in legal if lo.fixed["what"] == "general"} == {"p1", "p2", "p3"}
    assert {lo.fixed["target"] for lo in legal if lo.fixed["what"] == "models"} == {"p1", "p2", "p3"}
    rng = random.Random(3)
    for lo in legal:
        reason = next(f for f in lo.fields if f.name == "reason")
        assert reason.kind == "text" and not reason.optional and not reason.contains("") and not reason.contains(" ")
        for _ in range(20):
            command = lo.sample(rng)
            assert lo.describes(command) and accepts(RULES, g.state, command), command
        # the bounds themselves
        low = {f.name: (f.low if f.kind == "int" else f.choices[0] if f.kind == "choice" else "r") for f in lo.fields}
        high = {f.name: (f.high if f.kind == "int" else f.choices[-1] if f.kind == "choice" else "r")
                for f in lo.fields}
        assert accepts(RULES, g.state, lo.command(low)) and accepts(RULES, g.state, lo.command(high))
    for pid in ("p1", "p2"):
        assert not [lo for lo in legal_orders(g.state, pid) if lo.type == "adjust"]


def test_computers_never_adjust() -> None:
    from campagne.core.players import _referee
    from campagne.registry import game as registered
    from campagne.server.loadtest import _referee_step
    from campagne.games.atlantis.simulate import run_campaign
    played = run_campaign(3, 2, 11, "random")
    assert not [e for e in played.entries if e.command.get("type") == "adjust"]
    g = running()
    legal = legal_orders(g.state, "referee")
    assert any(lo.type == "adjust" for lo in legal)
    assert _referee(view(g.state, None), legal, random.Random(0))["type"] != "adjust"
    d = registered("atlantis")
    assert _referee_step(SimpleNamespace(state=g.state), d)["type"] != "adjust"


# --------------------------------------------------------------------------- the club's console


@pytest.mark.django_db
def test_the_referee_console_offers_the_adjust_forms_and_gives_them() -> None:
    """The console builds its forms from the referee's legal orders: adjust appears with no server change."""
    from server_kit import club, every_form, form_fields, length

    from campagne.server import store
    campaign, clients = club("atlantis")
    store.forget()
    with store.viewing(campaign.pk) as (_c, c):
        seats = store.seats(c)
    for seat in seats:  # computers make the placement
        assert clients["referee"].post(f"/c/{campaign.pk}/stand-in/", {"player": seat}).status_code == 302
    url = f"/c/{campaign.pk}/"
    forms = every_form(clients["referee"], campaign.pk, "adjust")  # each holding's forms a choice away
    kinds = {json.loads(f["order"])["fixed"]["what"]: f for f in forms if "order" in f}
    assert {"loot", "owner", "fortresses", "models"} <= set(kinds)
    assert not form_fields(clients["alice"].get(url).content.decode(), "adjust")  # a player has none

    loot = dict(kinds["loot"], f_target='"bob"', f_value="77", f_reason="")
    before = length(campaign)
    r = clients["referee"].post(f"{url}orders/", loot, HTTP_HX_REQUEST="true")
    assert r.status_code == 409 and length(campaign) == before  # an empty reason: nothing given
    assert "Le champ reason demande une valeur" in r.content.decode()  # (the club speaks French by default)

    loot["f_reason"] = "taxes miscounted"
    r = clients["referee"].post(f"{url}orders/", loot, HTTP_HX_REQUEST="true")
    assert r.status_code == 200 and length(campaign) == before + 1
    with store.viewing(campaign.pk) as (_c, c):
        assert c.state.players["bob"].loot == 77
        last = c.file.entries[-1]
        assert last["command"]["type"] == "adjust" and last["events"][0]["after"] == 77
    journal = clients["alice"].get(f"{url}view.json").json()
    seen = [e for e in journal["entries"] if e["command"].get("type") == "adjust"]
    assert seen and seen[-1]["events"][0]["reason"] == "taxes miscounted"  # public, as bob's loot is

    fresh = every_form(clients["referee"], campaign.pk, "adjust")
    fort = next(f for f in fresh if json.loads(f["order"])["fixed"]["what"] == "fortresses")
    fort.update(f_value="3", f_reason="x")  # beyond its bound: refused by the form's domain
    r = clients["referee"].post(f"{url}orders/", fort, HTTP_HX_REQUEST="true")
    assert r.status_code == 409 and length(campaign) == before + 1
