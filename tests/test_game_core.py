"""The shared game loop (campagne.core.game.Game) driven by a tiny toy ruleset.

The toy game is a counter: {"type": "roll"} rolls dice and adds them, {"type": "add", "n": k} adds k,
{"type": "bad"} is refused before any change, and {"type": "half"} changes the state and only then
refuses (a buggy ruleset: the game loop must still leave the state as it was).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from campagne.core.dice import Dice
from campagne.core.errors import CampagneError, register_messages
from campagne.core.game import Entry, Game

register_messages({
    "toy.refused": {"en": "The toy refuses {what}.", "fr": "Le jouet refuse {what}."},
})

DICE = ["D6", "2D6", "D66", "D3-2", "2D3kh1"]


class CounterRules:
    name = "counter"

    def new_state(self, setup: Mapping[str, Any], dice: Dice) -> tuple[dict, list[dict]]:
        bonus = dice.roll("D3", "setup bonus")
        state = {"total": setup.get("start", 0) + bonus, "history": [], "players": list(setup["players"])}
        return state, [{"type": "setup", "bonus": bonus}]

    def apply(self, state: dict, command: dict, dice: Dice) -> list[dict]:
        kind = command.get("type")
        if kind == "roll":
            count = command.get("count", 1)
            expr = command.get("dice", "D6")
            if not isinstance(count, int) or not 1 <= count <= 10 or expr not in DICE:
                raise CampagneError("toy.refused", what="roll")
            values = [dice.roll(expr, f"roll {i + 1}") for i in range(count)]
            state["total"] += sum(values)
            state["history"].append(values)
            return [{"type": "rolled", "values": values, "total": state["total"]}]
        if kind == "add":
            n = command.get("n")
            if not isinstance(n, int):
                raise CampagneError("toy.refused", what="add")
            state["total"] += n
            state["history"].append([n])
            return [{"type": "added", "n": n, "total": state["total"]}]
        if kind == "bad":
            raise CampagneError("toy.refused", what="bad")
        if kind == "half":
            state["total"] += 1000
            state["history"].append(["half"])
            dice.roll("D6", "half")
            raise CampagneError("toy.refused", what="half")
        raise CampagneError("toy.refused", what=str(kind))

    def view(self, state: dict, viewer: str | None) -> dict[str, Any]:
        if viewer is None:
            return copy.deepcopy(state)
        return {"total": state["total"]}

    def awaiting(self, state: dict) -> list[str]:
        return [state["players"][len(state["history"]) % len(state["players"])]]


RULES = CounterRules()
SETUP = {"players": ["ann", "bob"], "start": 10}


def new_game(seed: int | str = 1234) -> Game:
    return Game(RULES, SETUP, seed)


def as_json(entries: list[Entry]) -> list[dict]:
    """Entries as a journal stores and reads them."""
    return [json.loads(json.dumps(e.to_dict())) for e in entries]


# --------------------------------------------------------------------------- push


def test_setup_is_entry_zero_with_its_rolls() -> None:
    game = new_game()
    assert game.opening is not None
    assert game.opening.n == 0 and game.opening.command == {"type": "setup"}
    (roll,) = game.opening.rolls
    assert roll["expr"] == "D3" and roll["purpose"] == "setup bonus"
    assert game.opening.events == ({"type": "setup", "bonus": roll["total"]},)
    assert game.state["total"] == 10 + roll["total"]
    assert game.entries == []


def test_push_records_events_and_rolls() -> None:
    game = new_game()
    before = game.state["total"]
    entry = game.push({"type": "roll", "count": 2, "dice": "2D6"})
    assert isinstance(entry, Entry)
    assert entry.n == 1
    assert entry.command == {"type": "roll", "count": 2, "dice": "2D6"}
    assert len(entry.rolls) == 2
    for i, roll in enumerate(entry.rolls):
        assert set(roll) == {"expr", "faces", "total", "purpose"}
        assert roll["expr"] == "2D6" and roll["purpose"] == f"roll {i + 1}"
        assert roll["total"] == sum(roll["faces"]) and len(roll["faces"]) == 2
    values = [r["total"] for r in entry.rolls]
    assert entry.events == ({"type": "rolled", "values": values, "total": before + sum(values)},)
    assert game.state["total"] == before + sum(values)
    second = game.push({"type": "add", "n": 5})
    assert second.n == 2 and second.rolls == ()
    assert game.entries == [entry, second]
    assert game.commands == [entry.command, second.command]
    assert entry.to_dict() == {"n": 1, "command": entry.command, "events": list(entry.events),
                               "rolls": list(entry.rolls)}
    json.dumps(entry.to_dict())


def test_view_and_awaiting_come_from_the_ruleset() -> None:
    game = new_game()
    assert game.awaiting() == ["ann"]
    game.push({"type": "add", "n": 1})
    assert game.awaiting() == ["bob"]
    assert game.view("ann") == {"total": game.state["total"]}
    assert game.view() == game.state


@pytest.mark.parametrize("command", [
    {"type": "bad"}, {"type": "half"}, {"type": "roll", "count": 0}, {"type": "add", "n": "x"}, {"type": "?"},
])
def test_a_refused_command_changes_nothing(command: dict) -> None:
    game = new_game()
    game.push({"type": "roll"})
    game.push({"type": "add", "n": 3})
    state = copy.deepcopy(game.state)
    entries = list(game.entries)
    opening = game.opening
    with pytest.raises(CampagneError) as info:
        game.push(command)
    assert info.value.code == "toy.refused"
    assert game.state == state
    assert game.entries == entries
    assert game.opening == opening
    # and the refusal used no command number: what follows is as if it never happened
    after = game.push({"type": "roll", "count": 3})
    twin = new_game()
    twin.push({"type": "roll"})
    twin.push({"type": "add", "n": 3})
    assert after == twin.push({"type": "roll", "count": 3})
    assert game.state == twin.state


def test_a_refused_command_does_not_share_state_with_the_backup() -> None:
    """After a refusal the restored state is a full, independent value (nested lists included)."""
    game = new_game()
    game.push({"type": "roll", "count": 2})
    with pytest.raises(CampagneError):
        game.push({"type": "half"})
    assert ["half"] not in game.state["history"]
    game.push({"type": "add", "n": 1})
    assert game.state["history"][-1] == [1]


# --------------------------------------------------------------------------- replay, undo


SCRIPT = [{"type": "roll"}, {"type": "add", "n": -4}, {"type": "roll", "count": 3, "dice": "D66"},
          {"type": "roll", "dice": "2D3kh1"}, {"type": "add", "n": 7}, {"type": "roll", "count": 2}]


def played(commands: list[dict], seed: int | str = 1234) -> Game:
    game = new_game(seed)
    for c in commands:
        game.push(copy.deepcopy(c))
    return game


def test_replay_reproduces_state_and_rolls() -> None:
    game = played(SCRIPT)
    again = Game.replay(RULES, SETUP, 1234, copy.deepcopy(game.commands))
    assert again.state == game.state
    assert again.entries == game.entries
    assert again.opening == game.opening


def test_a_copy_plays_on_and_leaves_the_game_as_it_was() -> None:
    game = played(SCRIPT[:-1])
    entries, state = list(game.entries), copy.deepcopy(game.state)
    fork = game.copy()
    fork.push(copy.deepcopy(SCRIPT[-1]))
    fork.undo()
    assert list(game.entries) == entries and game.state == state and not game.undone
    assert fork.entries[:len(entries)] == entries and len(fork.entries) == len(entries) + 2
    assert played(SCRIPT).entries[-1] == fork.entries[-2]  # the same dice as the game itself would roll


def test_the_seed_matters() -> None:
    a, b = played(SCRIPT, 1234), played(SCRIPT, 1235)
    assert [e.rolls for e in a.entries] != [e.rolls for e in b.entries]


def test_undo_is_an_entry_and_the_state_is_the_shorter_games() -> None:
    game = played(SCRIPT)
    last = game.entries[-1]
    undo = game.undo(reason="mistyped")
    assert undo.command == {"type": "undo", "player": "referee", "entries": [last.n], "reason": "mistyped"}
    assert undo.events == ({"type": "undone", "entries": [last.n], "reason": "mistyped"},)
    shorter = played(SCRIPT[:-1])
    assert game.state == shorter.state
    assert game.effective == shorter.entries
    assert list(game.latest_effective()) == shorter.entries[::-1]
    assert game.entries[-2] == last and game.undone == {last.n}  # the undone entry stays, marked
    assert game.opening == shorter.opening


def test_an_order_given_again_after_undo_rolls_new_dice() -> None:
    # Before, the re-issued command had the same number, so the same dice: a player could see his roll, undo,
    # and choose again knowing it.
    game = played(SCRIPT)
    last = game.entries[-1]
    assert last.rolls  # the last command of the script rolls dice
    game.undo()
    again = game.push(copy.deepcopy(SCRIPT[-1]))
    assert again.n == last.n + 2 and again.command == last.command
    assert again.rolls != last.rolls or again.n != last.n
    expected = Dice.seeded(game.seed, again.n)
    for r in again.rolls:
        assert expected.roll(r["expr"], r["purpose"]) == r["total"]


def test_undo_everything_then_nothing_to_undo() -> None:
    game = played(SCRIPT[:2])
    game.undo()
    game.undo()
    assert game.effective == [] and game.state == new_game().state
    with pytest.raises(CampagneError) as info:
        game.undo()
    assert info.value.code == "game.nothing_to_undo"
    assert info.value.message("fr") == "Il n'y a rien à annuler."


def test_only_the_referee_undoes_and_only_the_last_commands() -> None:
    game = played(SCRIPT)
    for bad in ({"type": "undo", "player": "alice", "entries": [len(SCRIPT)]},
                {"type": "undo", "player": "referee", "entries": [1]},
                {"type": "undo", "player": "referee", "entries": "all"}):
        with pytest.raises(CampagneError):
            game.push(bad)
    assert len(game.entries) == len(SCRIPT)


def test_a_journal_replays_without_its_seed_from_its_recorded_dice() -> None:
    game = played(SCRIPT)
    game.undo()
    recorded = [e.to_dict() for e in game.entries]
    blind = Game.verify(game.ruleset, game.setup, None, recorded, opening=game.opening.to_dict())
    assert blind.state == game.state and blind.undone == game.undone
    forged = copy.deepcopy(recorded)
    rolled = next(e for e in forged if e["rolls"])
    rolled["rolls"][0]["faces"] = [7] * len(rolled["rolls"][0]["faces"])  # a face no die shows
    with pytest.raises(CampagneError) as info:
        Game.verify(game.ruleset, game.setup, None, forged, opening=game.opening.to_dict())
    assert info.value.code == "journal.disagrees"


def test_dice_of_a_command_do_not_depend_on_earlier_roll_counts() -> None:
    """Command n is seeded by (seed, n): one more die thrown earlier changes nothing later."""
    few = played([{"type": "roll", "count": 1}, {"type": "add", "n": 1}, {"type": "roll", "count": 2}])
    many = played([{"type": "roll", "count": 9}, {"type": "add", "n": 1}, {"type": "roll", "count": 2}])
    assert few.entries[0].rolls != many.entries[0].rolls
    assert few.entries[2].rolls == many.entries[2].rolls
    # and it is exactly the roller seeded by (seed, 3)
    dice = Dice.seeded(1234, 3)
    expected = [dice.roll("D6", f"roll {i + 1}") for i in range(2)]
    assert [r["total"] for r in few.entries[2].rolls] == expected


def test_a_seed_read_back_as_text_replays_the_same() -> None:
    game = played(SCRIPT, 1234)
    assert Game.verify(RULES, SETUP, "1234", as_json(game.entries)).state == game.state


# --------------------------------------------------------------------------- verify


def test_verify_accepts_a_true_journal() -> None:
    game = played(SCRIPT)
    checked = Game.verify(RULES, SETUP, 1234, as_json(game.entries),
                          opening=json.loads(json.dumps(game.opening.to_dict())), first_line=2)
    assert checked.state == game.state
    assert checked.entries == game.entries


def _verify_error(recorded: list[dict], first_line: int = 2, opening: dict | None = None) -> CampagneError:
    with pytest.raises(CampagneError) as info:
        Game.verify(RULES, SETUP, 1234, recorded, opening=opening, first_line=first_line)
    return info.value


def _names_line(err: CampagneError, line: int) -> None:
    assert err.params["line"] == line
    assert f"line {line} " in err.message("en")
    assert f"ligne {line} " in err.message("fr")


@pytest.mark.parametrize("index", range(len(SCRIPT)))
def test_verify_detects_tampered_dice_and_names_the_line(index: int) -> None:
    recorded = as_json(played(SCRIPT).entries)
    if recorded[index]["rolls"]:
        recorded[index]["rolls"][0]["total"] += 1
        what = "rolls"
    else:
        recorded[index]["events"][0]["total"] += 1
        what = "events"
    err = _verify_error(recorded, first_line=2)
    assert err.code == "journal.disagrees"
    assert err.params["what"] == what
    _names_line(err, 2 + index)


def test_verify_detects_tampered_events_faces_and_numbers() -> None:
    recorded = as_json(played(SCRIPT).entries)
    tampered = copy.deepcopy(recorded)
    tampered[2]["rolls"][1]["faces"] = [1, 1]
    err = _verify_error(tampered, first_line=5)
    assert (err.code, err.params["what"]) == ("journal.disagrees", "rolls")
    _names_line(err, 7)
    tampered = copy.deepcopy(recorded)
    tampered[4]["events"] = []
    err = _verify_error(tampered)
    assert (err.code, err.params["what"]) == ("journal.disagrees", "events")
    _names_line(err, 6)
    tampered = copy.deepcopy(recorded)
    tampered[3]["n"] = 7
    err = _verify_error(tampered)
    assert (err.code, err.params["what"]) == ("journal.disagrees", "n")
    _names_line(err, 5)
    tampered = copy.deepcopy(recorded)
    del tampered[1]  # a line lost in the middle
    err = _verify_error(tampered)
    _names_line(err, 3)


def test_verify_detects_a_changed_command() -> None:
    recorded = as_json(played(SCRIPT).entries)
    recorded[1]["command"]["n"] = 5  # events still say -4
    err = _verify_error(recorded)
    assert (err.code, err.params["what"]) == ("journal.disagrees", "events")
    _names_line(err, 3)
    recorded = as_json(played(SCRIPT).entries)
    recorded[2]["command"] = {"type": "bad"}
    err = _verify_error(recorded)
    assert err.code == "journal.refused"
    _names_line(err, 4)
    assert "The toy refuses bad" in err.message("en")


def test_verify_detects_a_tampered_setup() -> None:
    game = played(SCRIPT)
    opening = json.loads(json.dumps(game.opening.to_dict()))
    opening["rolls"][0]["total"] = 99
    err = _verify_error(as_json(game.entries), first_line=2, opening=opening)
    assert (err.code, err.params["what"]) == ("journal.disagrees", "setup")
    _names_line(err, 1)


# --------------------------------------------------------------------------- property


commands = st.one_of(
    st.builds(lambda c, d: {"type": "roll", "count": c, "dice": d}, st.integers(0, 4), st.sampled_from(DICE)),
    st.builds(lambda n: {"type": "add", "n": n}, st.integers(-20, 20)),
    st.just({"type": "bad"}),
    st.just({"type": "half"}),
    st.just({"type": "roll"}),
)


@given(st.lists(commands, max_size=25), st.one_of(st.integers(), st.text(max_size=8)))
def test_replay_of_any_command_sequence_reproduces_state_and_rolls(cmds: list[dict], seed) -> None:
    game = Game(RULES, SETUP, seed)
    for c in cmds:
        try:
            game.push(copy.deepcopy(c))
        except CampagneError:
            pass
    again = Game.replay(RULES, SETUP, seed, copy.deepcopy(game.commands))
    assert again.state == game.state
    assert again.entries == game.entries
    assert [e.n for e in game.entries] == list(range(1, len(game.entries) + 1))
    checked = Game.verify(RULES, SETUP, seed, as_json(game.entries),
                          opening=json.loads(json.dumps(game.opening.to_dict())))
    assert checked.state == game.state
    if game.entries:
        before = Game.replay(RULES, SETUP, seed, copy.deepcopy(game.commands[:-1]))
        game.undo()
        assert game.state == before.state and game.effective == before.entries


@pytest.mark.study
@given(st.lists(commands, min_size=20, max_size=80), st.integers())
def test_long_command_sequences_replay(cmds: list[dict], seed: int) -> None:
    test_replay_of_any_command_sequence_reproduces_state_and_rolls.hypothesis.inner_test(cmds, seed)


def test_order_for_refuses_what_every_campaign_refuses() -> None:
    """One place checks the order, the phase, the player and the referee's orders for every campaign."""
    from campagne.core.orders import Order, order_for

    def label(*phases: str) -> dict[str, str]:
        return {"en": ", ".join(phases), "fr": ", ".join(phases)}

    orders = {"go": Order(lambda ctx: [], "player", ("a",)), "next": Order(lambda ctx: [], "referee", None)}
    players = {"p1"}
    assert order_for(orders, {"type": "go", "player": "p1"}, "a", players, label) is orders["go"]
    assert order_for(orders, {"type": "next", "player": "referee"}, "b", players, label) is orders["next"]
    for command, phase, code in [({"type": "fly", "player": "p1"}, "a", "order.unknown"),
                                 ("not a dict", "a", "order.unknown"),
                                 ({"type": "go", "player": "p1"}, "b", "order.wrong_phase"),
                                 ({"type": "go", "player": "p1"}, "ended", "order.campaign_over"),
                                 ({"type": "go", "player": "p9"}, "a", "order.unknown_player"),
                                 ({"type": "next", "player": "p1"}, "a", "order.referee_only")]:
        with pytest.raises(CampagneError) as err:
            order_for(orders, command, phase, players, label)
        assert err.value.code == code


def test_a_replay_names_the_line_of_a_command_the_rules_refuse() -> None:
    """Without verification too (status, map), a journal the rules no longer accept says where."""
    from campagne.games.gorges.rules import GorgesRules
    setup = {"players": [{"id": "P1", "race": "empire"}, {"id": "P2", "race": "skaven"}]}
    with pytest.raises(CampagneError) as err:
        Game.replay(GorgesRules(), setup, 1, [{"type": "next", "player": "referee"},
                                              {"type": "build", "player": "P1", "army": "G", "building": "town"}],
                    first_line=2)
    assert err.value.code == "journal.refused" and err.value.params["line"] == 3


@pytest.mark.parametrize("command, names, read", [
    ({"type": "adjust", "words": ["alice", "4", "missed", "roll"]}, ("holder", "value"),
     {"type": "adjust", "holder": "alice", "value": 4, "reason": "missed roll"}),
    ({"type": "adjust", "words": ["alice", "4"], "reason": 12}, ("holder", "value"),
     {"type": "adjust", "holder": "alice", "value": 4, "reason": "12"}),
    ({"type": "adjust", "words": [], "holder": "alice", "value": 4}, ("holder", "value"),
     {"type": "adjust", "holder": "alice", "value": 4}),
    ({"type": "adjust", "words": ["3,4", "bob", "why"]}, ("territory", "owner"),
     {"type": "adjust", "territory": "3,4", "owner": "bob", "reason": "why"}),
])
def test_fields_from_words_reads_fields_then_the_reason(command: dict, names: tuple, read: dict) -> None:
    from campagne.core.orders import fields_from_words
    assert fields_from_words(command, names) == read


@pytest.mark.parametrize("command, code", [
    ({"type": "adjust", "words": ["alice"]}, "order.missing"),
    ({"type": "adjust", "words": ["alice", "four"]}, "order.not_int"),
    ({"type": "adjust", "words": ["alice", "4"], "value": 4}, "order.given_twice"),
    ({"type": "adjust", "words": ["alice", "4", "why"], "reason": "because"}, "order.extra_words"),
])
def test_fields_from_words_refuses_with_one_sentence(command: dict, code: str) -> None:
    from campagne.core.orders import fields_from_words
    with pytest.raises(CampagneError) as info:
        fields_from_words(command, ("holder", "value"))
    assert info.value.code == code and "\n" not in info.value.message("fr")
