"""Arc through the engine and the one interface: whole games, replays, legal orders, secrecy of hidden counters."""

from __future__ import annotations

import copy
import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from study_budget import study_size
from campagne.core.dice import Dice
from campagne.core.errors import CampagneError
from campagne.core.game import Game
from campagne.core.interface import described
from campagne.games.arc.ai import autoplay
from campagne.games.arc.legal import legal_orders
from campagne.games.arc.picture import picture
from campagne.games.arc.rules import ORDERS, ArcRules
from campagne.core.i18n import Lang
from campagne.games.arc.setup import build_setup
from campagne.games.arc.text import event_text, status_text
from campagne.games.arc.victory import outcome
from campagne.games.arc.views import redact_entry
from campagne.games.arc.words import SIDE_NAMES, counter

SIDES = ("bonnaire", "ulf", "fereira")


def new(controllers=("greedy", "greedy", "greedy"), seed=1, **options) -> Game:
    players = [{"id": s, "controller": c} for s, c in zip(SIDES, controllers)]
    return Game(ArcRules(), build_setup(players, options), seed)


def test_three_computers_play_eight_turns_and_the_journal_replays():
    g = new(seed=3, forces="favourable")
    autoplay(g, 3)
    assert g.state.ended and g.state.turn <= 8
    o = outcome(g.state)
    assert o.ended and sorted(o.standing) == sorted(SIDES) and max(o.scores.values()) > 0
    again = Game.replay(ArcRules(), g.setup, g.seed, g.commands)
    assert again.view(None) == g.view(None)
    Game.verify(ArcRules(), g.setup, g.seed, [e.to_dict() for e in g.entries], g.opening.to_dict())


def test_one_person_plays_a_whole_game_against_two_computers():
    g = new(("human", "greedy", "greedy"), seed=7, two_player=True)
    rng = random.Random(0)
    for _ in range(3000):
        autoplay(g, 7)
        if g.state.ended:
            break
        assert g.awaiting() == ["bonnaire"]
        legal = legal_orders(g.state, "bonnaire")
        pick = rng.choice(legal)
        g.push(pick.sample(rng))
    assert g.state.ended


def test_bad_orders_are_refused_and_change_nothing():
    g = new(("human", "human", "human"))
    before = json.dumps(g.view(None), sort_keys=True, default=str)
    for bad in ({"type": "move", "player": "bonnaire", "unit": "mpa_infantry.1", "hex": "Q12"},  # set-up phase
                {"type": "place", "player": "ulf", "unit": "faithful.1", "hex": "W10"},  # not Ulf's turn yet
                {"type": "place", "player": "bonnaire", "unit": "mpa_infantry.1", "hex": "A2"},
                {"type": "fly", "player": "bonnaire"}):
        try:
            g.push(bad)
        except CampagneError as exc:
            assert exc.message("fr") and exc.message("en")
        else:
            raise AssertionError(f"accepted {bad}")
    assert json.dumps(g.view(None), sort_keys=True, default=str) == before


def event_lines(g: Game, viewer: str) -> str:
    lines = [event_text(e, Lang("fr")) for entry in g.entries
             for e in (redact_entry(entry.to_dict(), viewer) or {"events": []})["events"]
             if e["type"] in ("move", "placed", "declared")]
    return "\n".join(lines)


def hidden_secrets(g: Game) -> dict[str, set[str]]:
    """For each side, the ids of its counters that are hidden now."""
    return {s: {u.id for u in g.state.units.values() if u.side == s and u.hidden and u.alive} for s in SIDES}


def test_hidden_counters_stay_hidden_in_every_other_view_journal_and_picture():
    g = new(seed=11, forces="favourable")
    autoplay(g, 11, stop_turn=2)
    secrets = hidden_secrets(g)
    assert secrets["bonnaire"] and secrets["fereira"]
    for viewer in SIDES:
        others = {x for s, ids in secrets.items() if s != viewer for x in ids}
        view_text = json.dumps(g.view(viewer), default=str)
        svg = picture(g.view(viewer), "fr")
        status = status_text(g.view(viewer), Lang("fr")) + event_lines(g, viewer)
        journal = [seen for e in g.entries if (seen := redact_entry(e.to_dict(), viewer)) is not None]
        # no line of another side's that tells only its kind ("ulf: move"): they would count his hidden moves
        assert not [e for e in journal if e["command"].get("player") not in (viewer, "referee")
                    and set(e["command"]) == {"type", "player"} and e["command"]["type"] != "done"
                    and not e["events"] and not e["rolls"]], viewer
        for x in others:
            for text in (view_text, svg):
                assert f'"{x}"' not in text and f">{x}:" not in text, (viewer, x)
            assert f" {x} " not in " " + status.replace("\n", " ") + " ", (viewer, x)
            # the journal's sentences name a counter by its name, not its id: neither may tell a hidden move
            # (a leader bearing his side's name is told apart by its sentence's place only: not searched for)
            # (its existence is no secret: a spell may name it as its target; where it stands is)
            name = counter(x, Lang("fr"))
            if not any(name in side_name for side_name, _ in SIDE_NAMES.values()):
                for line in status.splitlines():
                    if re.search(re.escape(name) + r"(?!\d)", line):
                        assert not re.search(r"\b[A-Z]{1,2}\d{1,2}\b", line), (viewer, x, line)
            # an invisible counter's moves, placements and declarations reach its owner only
            for entry in journal:
                assert x not in json.dumps(entry["command"]) or entry["command"]["player"] == viewer
                for e in entry["events"]:
                    if x in (e.get("unit"), e.get("caster")):
                        assert e["type"] not in ("move", "placed", "declared", "blocked"), (viewer, e)
        mine = secrets.get(viewer, set())
        for x in mine:
            assert f'"{x}"' in view_text and f">{x}:" in svg  # the owner's picture shows them (dashed)


def accepts(state, cmd) -> bool:
    try:
        ArcRules().apply(copy.deepcopy(state), cmd, Dice.seeded(0))
    except CampagneError:
        return False
    return True


STATES = dict(seed=st.integers(0, 10_000), steps=st.integers(0, 120),
              forces=st.sampled_from(["unfavourable", "medium", "favourable"]))


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**STATES)
def test_every_listed_order_is_accepted_and_nothing_else(seed, steps, forces):
    """The interface's contract on random reachable states: any combination drawn from one LegalOrder's domains
    is accepted; orders outside every LegalOrder (a wrong hex, a wrong target, another player) are refused."""
    check_contract(seed, steps, forces)


@pytest.mark.study
@settings(max_examples=study_size(15), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 600),
       forces=st.sampled_from(["unfavourable", "medium", "favourable"]))
def test_the_legal_orders_contract_deep_into_games(seed, steps, forces):
    check_contract(seed, steps, forces)


def check_contract(seed: int, steps: int, forces: str) -> None:
    g = new(("human", "human", "human"), seed=seed, forces=forces)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.state.ended:
            return
        p = rng.choice(g.awaiting())
        legal = legal_orders(g.state, p)
        g.push(rng.choice(legal).sample(rng))
    if g.state.ended:
        return
    for p in SIDES:
        legal = legal_orders(g.state, p)
        if p not in g.awaiting():
            assert legal == []
            continue
        some = rng.sample(legal, min(len(legal), 12))
        for lo in some:
            cmd = lo.sample(rng)
            assert accepts(g.state, cmd), cmd
            # every order is typed as its declared positional words: `campagne order PLAYER TYPE WORDS...`
            words = [a.name for a in ORDERS[cmd["type"]].args]
            assert sorted(set(cmd) - {"type", "player"}) == sorted(words) and all(
                isinstance(cmd[w], str) for w in words), cmd
            for f in lo.fields:
                if f.kind == "choice":
                    bogus = dict(cmd, **{f.name: "Z99"})
                    assert not described(legal, bogus) and not accepts(g.state, bogus), bogus
        other = next(p2 for p2 in SIDES if p2 != p)
        for lo in some:
            stolen = dict(lo.sample(rng), player=other)
            assert described(legal_orders(g.state, other), stolen) == accepts(g.state, stolen), stolen


def test_every_event_reads_in_french_and_english():
    from campagne.core.i18n import Lang
    from campagne.games.arc.text import event_text, status_text
    g = new(seed=5)
    autoplay(g, 5)
    kinds = set()
    for entry in g.entries:
        for e in entry.events:
            fr, en = event_text(e, Lang("fr")), event_text(e, Lang("en"))
            assert fr and en
            kinds.add(e["type"])
    assert {"move", "combat", "eliminated", "turn", "game_over"} <= kinds
    for viewer in (None, *SIDES):
        fr = status_text(g.view(viewer), Lang("fr"))
        en = status_text(g.view(viewer), Lang("en"))
        assert "Fin de la partie" in fr and "Game over" in en


def test_forces_for_all_or_per_side():
    from collections import Counter
    g = new(forces="bonnaire:favourable,fereira:unfavourable")
    assert g.state.forces == {"bonnaire": "favourable", "ulf": "medium", "fereira": "unfavourable"}
    count = Counter(u.type for u in g.state.units.values())
    assert (count["mercenaries"], count["fraternite"], count["faithful"], count["people"]) == (12, 10, 10, 20)
    for bad in ("strong", "bonnaire:strong", "nobody:medium"):
        try:
            new(forces=bad)
        except CampagneError as exc:
            assert "unfavourable" in exc.message("en")
        else:
            raise AssertionError(bad)


def test_sheets_show_each_player_only_their_own_view():
    from campagne.games.arc.sheet import build_sheets, sheets_html, sheets_markdown
    g = new(seed=11, forces="favourable")
    autoplay(g, 11, stop_turn=2)
    entries = [e.to_dict() for e in g.entries]
    secrets = hidden_secrets(g)
    for viewer in SIDES:
        sheets = build_sheets({}, entries, g.state, "fr", viewer=viewer)
        assert [s["player"] for s in sheets] == [viewer]
        md, html = sheets_markdown(sheets, "fr"), sheets_html(sheets, "en")
        assert "Objectif secret" in md and "<h1>" in html
        for s, ids in secrets.items():
            for x in ids:
                counters = [c.split()[0] for c in sheets[0]["counters"]]
                if s != viewer:  # (its attacks, public, may be told; never where it stands nor goes)
                    assert x not in counters and f"{x} va en" not in md
                else:
                    assert x in counters
    assert len(build_sheets({}, entries, g.state, "en")) == 3


def test_simulate_and_study():
    from campagne.core.i18n import Lang
    from campagne.games.arc import simulate, study
    seen = []
    g = simulate.run(3, 8, 4, "mixed", seen.append)
    assert g.state.ended and seen == sorted(seen) and seen[-1] == g.state.turn
    assert g.state.standings[0] == {"player": g.state.standing[0], "rank": 1}
    short = simulate.run(3, 2, 4, "greedy")
    assert short.state.turn == 3 and not short.state.ended
    data = study.run(3, 3, 8, seed=2).to_dict()
    assert sum(r["campaigns"] for r in data["by_side"]) == 9 and sum(data["victories"].values()) == 3
    assert len(study.text(data, Lang("fr"))) == 1 + 3 + 2  # title, one line a side, ends, turns
    try:
        simulate.run(4, 8, 1)
    except CampagneError:
        pass
    else:
        raise AssertionError("Arc is played by three")


def test_autoplay_stands_in_for_a_person_and_stops_after_a_turn():
    from campagne.games.arc.ai import computer_players
    g = new(("human", "random", "greedy"), seed=9)
    assert computer_players(g.state) == {"ulf", "fereira"}
    assert autoplay(g, 9) == [] and g.awaiting() == ["bonnaire"]  # the person sets up first
    autoplay(g, 9, stop_turn=1, stand_in=frozenset({"bonnaire"}))
    assert g.state.turn == 2 and not g.state.ended
    assert g.view("ulf")["players"]["bonnaire"]["controller"] == "human"


def test_a_players_done_is_taken_back_until_the_phase_resolves_and_the_referee_speaks_as_in_every_game(tmp_path):
    """`campagne take-back PLAYER` (the club's take-back) gives back his `done` while the phase waits for
    another; once it resolved, nothing is taken back. `next` names whom it waits for, `end` says the standing."""
    from typer.testing import CliRunner
    from campagne.cli.main import app
    path = tmp_path / "arc.jsonl"
    env = {"CAMPAGNE_JSON": None, "CAMPAGNE_LANG": None, "CAMPAGNE_CAMPAIGN": None}

    def run(*args, code=0):
        r = CliRunner().invoke(app, [*args, "-c", str(path)], env=env)
        assert r.exit_code == code, (args, r.output)
        return r.output

    run("new", "arc", "--seed", "3", "--public-dice", "-p", "bonnaire:greedy", "-p", "ulf", "-p", "fereira")
    assert json.loads(run("status", "--json"))["awaiting"] == ["ulf", "fereira"]  # the set-up, both at once
    run("order", "ulf", "done")
    assert json.loads(run("status", "--json"))["awaiting"] == ["fereira"]
    said = run("take-back", "ulf")
    assert re.search(r"Ulf takes back lines? #\d+.* to change it\.", said), said
    assert json.loads(run("status", "--json"))["awaiting"] == ["ulf", "fereira"]
    assert run("next", code=2).strip() == "The set-up phase is not finished: waiting for Ulf and Fereira."
    run("order", "ulf", "done")
    run("order", "fereira", "done")  # the set-up resolves
    assert "no order of this phase left to take back" in run("take-back", "ulf", code=2)
    ended = run("--lang", "fr", "end")
    assert "Fin de la partie : aucun camp ne l'emporte seul (partie arrêtée par l'arbitre" in ended
    assert "Classement : 1. " in ended


def test_order_list_is_short_every_choice_in_natural_order_with_its_cost_and_the_advice_in_short(tmp_path):
    from typer.testing import CliRunner
    from campagne.cli.main import app
    path = tmp_path / "arc.jsonl"
    env = {"CAMPAGNE_JSON": None, "CAMPAGNE_LANG": None, "CAMPAGNE_CAMPAIGN": None}

    def run(*args):
        r = CliRunner().invoke(app, [*args, "-c", str(path)], env=env)
        assert r.exit_code == 0, (args, r.output)
        return r.stdout

    run("new", "arc", "--seed", "3", "--public-dice", "-p", "bonnaire", "-p", "ulf:greedy", "-p", "fereira:greedy")
    run("order", "bonnaire", "done")  # the set-up as dealt: now the general movement
    listed = run("order", "bonnaire", "--list")
    block = listed.split("move mpa_infantry.1 <hex>")[1].split("\n  move ")[0]
    assert "1 MP: " in block and "4 MP: " in block and "…" not in listed.split("Odds and threats:")[0]
    four = block.split("4 MP: ")[1].replace("\n", " ").split()
    hexes = [h.rstrip(",") for h in four]
    assert hexes.index("M8") < hexes.index("M10")  # natural order, not M10 before M8
    assert listed.count("Declare a counter's move") == 1  # the help once per kind of order
    summary = listed.split("Odds and threats:")[1]
    assert "(--advice: all of them)" in summary and len(summary.splitlines()) <= 10
    whole = run("order", "bonnaire", "--list", "--advice").split("Odds and threats:")[1]
    assert "--advice" not in whole and len(whole.splitlines()) > len(summary.splitlines())
    assert "4 PM : " in run("--lang", "fr", "order", "bonnaire", "--list")  # French: a space before the colon
