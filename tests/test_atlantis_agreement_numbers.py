"""Atlantis: each player numbers the agreements he may see 1, 2, 3... (docs/rules/atlantis.md, "Accords : leur
numéro"). The referee's number, one sequence over the whole game, would tell a player how many private agreements
he is not party to came before his own; nothing a player reads names it, and his orders name his own numbers.
A campaign set up before this numbering keeps its one sequence, so that its journal replays as it was written."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from atlantis_rules_kit import advance, army, campaign, order, place
from campagne.cli.main import app
from campagne.core.dice import Dice
from campagne.core.game import Game
from campagne.games.atlantis.diplomacy import agreement_named
from campagne.games.atlantis.rules import AtlantisRules
from campagne.games.atlantis.views import redact_entry, secrets, view
from campagne.games.atlantis.views import AGREEMENT_EVENTS
from campagne.reading import Reading

PLAYERS = ("a", "b", "c", "d")
SPECTATOR = "zed"  # a club's spectator: a viewer who is no player


def _four_in_diplomacy() -> Game:
    game = campaign(*((p, army()) for p in PLAYERS))
    place(game, {"a": ("azues", "azaea"), "b": ("mestor", "mestoria"), "c": ("euamon", "euemonia"),
                 "d": ("gadirus-myrine", "gadeira")})
    advance(game, "diplomacy")
    return game


DIPLOMACY = _four_in_diplomacy()


def numbers_named(entry: dict) -> list[int]:
    """The agreement numbers a journal line names, in order: its order's, then its events'."""
    out = [entry["command"]["agreement"]] if isinstance(entry["command"].get("agreement"), int) else []
    return out + [e["id"] for e in entry["events"] if e.get("type") in AGREEMENT_EVENTS]


proposals = st.lists(st.tuples(st.sampled_from(PLAYERS), st.sets(st.sampled_from(PLAYERS), min_size=1),
                               st.booleans(), st.sampled_from(("accept", "decline", "wait"))),
                     min_size=1, max_size=7)


@settings(max_examples=30, deadline=None)
@given(proposals)
def test_each_viewer_reads_the_agreements_he_may_see_numbered_one_by_one(made: list) -> None:
    game = DIPLOMACY.copy()
    for proposer, others, public, answer in made:
        if not others - {proposer}:
            continue
        game.push(order("agree", proposer, parties=sorted(others - {proposer}), public=public, text="terms"))
        party = sorted(others - {proposer})[0]
        if answer != "wait":  # he names it by the number his own view shows him
            number = view(game.state, party)["agreements"][-1]["id"]
            assert agreement_named(game.state, party, number) is game.state.agreements[-1]
            game.push(order(answer, party, agreement=number))
    s = game.state
    for viewer in (*PLAYERS, SPECTATOR):
        seen = [a for a in s.agreements if a.seen_by(viewer)]
        assert [a["id"] for a in view(s, viewer)["agreements"]] == list(range(1, len(seen) + 1))
        # his journal: the lines he may read, numbered 1..k his way (a private pact's lines are not among them)
        entries = Reading([e.to_dict() for e in game.entries], viewer, redact_entry).entries
        assert [e["n"] for e in entries] == list(range(1, len(entries) + 1))
        assert all(e["command"]["type"] != "withheld" for e in entries)
        first_seen = list(dict.fromkeys(n for e in entries for n in numbers_named(e)))
        assert first_seen == list(range(1, len(seen) + 1)), viewer  # in the order he learnt of them, none skipped
        read = json.dumps(entries, ensure_ascii=False) + json.dumps(view(s, viewer), ensure_ascii=False)
        assert not [x.what for x in secrets(s).get(viewer, []) if x.found_in(read)]
    assert [a["id"] for a in view(s, None)["agreements"]] == list(range(1, len(s.agreements) + 1))  # the referee's


def test_a_campaign_set_up_before_keeps_one_sequence() -> None:
    """Without `agreement_numbers` in its set-up (a journal written before), an agreement keeps its one number for
    everybody, in its events and in the orders that name it: its journal replays and verifies as written."""
    game = _four_in_diplomacy()
    setup = {k: v for k, v in game.setup.items() if k != "agreement_numbers"}
    assert not AtlantisRules().new_state(setup, Dice.seeded(1))[0].numbered_per_player
    assert AtlantisRules().new_state(game.setup, Dice.seeded(1))[0].numbered_per_player
    old = game
    old.state.numbered_per_player = False  # as set up from `setup`
    old.push(order("agree", "a", parties=["b"], public=False, text="ours"))
    old.push(order("agree", "c", parties=["d"], public=False, text="theirs"))
    events = old.push(order("accept", "d", agreement=2)).events
    assert [e["id"] for e in events] == [2, 2] and not any("numbers" in e for e in events)
    assert [a["id"] for a in view(old.state, "d")["agreements"]] == [2]


def test_a_journal_written_before_the_numbering_still_replays(tmp_path: Path) -> None:
    """A journal written by campagne before each player numbered his agreements (alice and bob's two private
    agreements, then carl's truce with alice, confirmed as `accept 3`, and broken as `break 3`) replays, its dice
    checked against the referee's file."""
    golden = Path(__file__).parent / "golden"
    path = tmp_path / "old.jsonl"
    shutil.copy(golden / "atlantis-agreements-before-numbering.jsonl", path)
    shutil.copy(golden / "atlantis-agreements-before-numbering.jsonl.referee", tmp_path / "old.jsonl.referee")
    r = CliRunner().invoke(app, ["journal", "--as", "carl", "-c", str(path)], env={"CAMPAGNE_LANG": "en"})
    assert r.exit_code == 0, r.output
    assert "carl breaks agreement #3" in r.output and "replays identically" in r.output


def test_the_referee_reads_one_sequence_and_tells_each_party_the_number_he_types() -> None:
    from campagne.cli.output import Out
    from campagne.core.i18n import Lang
    from campagne.games.atlantis.text import status_text
    game = DIPLOMACY.copy()
    game.push(order("agree", "a", parties=["b"], public=False, text="ours"))
    game.push(order("agree", "c", parties=["d"], public=True, text="truce"))
    referee = status_text(view(game.state, None), Out("en", False))  # the command line: the number he types
    assert "Agreement #2 proposed (c, d), to be confirmed by d (campagne order d accept 1)" in referee
    page = status_text(view(game.state, None), Lang("en"))  # a page: the forms, no command line
    assert "Agreement #2 proposed (c, d), to be confirmed by d: truce" in page and "campagne" not in page
    assert "Agreement #1 proposed (c, d)" in status_text(view(game.state, "d"), Lang("en"))
    game.push(order("accept", "d", agreement=1))
    assert game.state.agreements[1].in_force and game.state.agreements[0].status == "proposed"
