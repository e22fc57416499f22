"""Every registered game as a standard agent environment (campagne.agents): PettingZoo's own `api_test` and
`seed_test`, OpenSpiel's own `random_sim_test`, the action numbers against `legal_orders`, and no secret of another
player in what an agent observes. Bounded games (a few dozen orders) keep each game to a few seconds; longer runs
are marked `study`."""

from __future__ import annotations

import itertools
import json
import re
import random
import warnings

import numpy as np
import pytest

from pettingzoo.test import api_test, seed_test  # noqa: E402

from match_kit import random_walk  # noqa: E402

from campagne.agents.encoding import ActionCodec, features, field_values, INT_VALUES  # noqa: E402
from campagne.agents.match import REFEREE, Match  # noqa: E402
from campagne.agents.pettingzoo_env import env  # noqa: E402
from campagne.core.interface import Field, LegalOrder  # noqa: E402
from campagne.registry import games  # noqa: E402
from study_budget import study_size  # noqa: E402

GAMES = sorted(games())
STEPS = 16  # the agents' orders of one bounded game


@pytest.fixture(autouse=True)
def _quiet() -> None:
    warnings.filterwarnings("ignore", module="pettingzoo")


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_api_and_seed(game: str) -> None:
    api_test(env(game, max_steps=STEPS), num_cycles=5)
    seed_test(lambda: env(game, max_steps=STEPS), num_cycles=5)


@pytest.mark.parametrize("game", GAMES)
def test_openspiel_random_playouts(game: str) -> None:
    import pyspiel
    import campagne.agents.openspiel  # noqa: F401  (registers the games)
    spiel = pyspiel.load_game(f"campagne_{game}", {"max_steps": STEPS, "seeds": 4})
    pyspiel.random_sim_test(spiel, num_sims=1, serialize=False, verbose=False)
    state = spiel.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 4
    state.apply_action(1)
    player = state.current_player()
    before = state.information_state_string(player)
    twin = state.clone()
    twin.apply_action(twin.legal_actions()[0])
    assert state.information_state_string(player) == before  # a clone plays on alone
    assert twin.information_state_string(player) != before  # and the player recalls the order he gave


def play(game: str, seed: int, steps: int, **kw):
    """A bounded game of random legal actions, yielding the match before each action."""
    m = Match(game, max_steps=steps, **kw)
    m.reset(seed)
    yield from random_walk(m, random.Random(seed))
    yield m


@pytest.mark.parametrize("game", GAMES)
def test_every_action_gives_an_order_the_rules_list(game: str) -> None:
    """Each legal action decodes to a command one of the current legal orders describes, and encodes back to
    itself; the mask holds exactly the legal actions, of the type the action number says."""
    for m in play(game, 3, 12):
        if m.over:
            break
        legal = m.legal_orders(m.current)
        actions = m.legal_actions()
        assert np.flatnonzero(m.mask(m.current)).tolist() == actions
        assert not m.mask(next(a for a in m.agents if a != m.current)).any()
        for action in random.Random(len(actions)).sample(actions, min(40, len(actions))):
            command = m.command(action)
            assert any(lo.describes(command) for lo in legal), command
            assert command["type"] == m.codec.name(action)
            assert m.codec.encode(m.blocks, command) == action


LEFT_OUT = field_values(Field("x", "bool", optional=True))[0]  # an optional field's "left out"


def concrete(lo: LegalOrder) -> list[dict]:
    """Every command a legal order describes, its open domains bounded as documented (`field_values`)."""
    return [lo.command({f.name: v for f, v in zip(lo.fields, pick) if v is not LEFT_OUT})
            for pick in itertools.product(*(field_values(f) for f in lo.fields))]


@pytest.mark.parametrize("game", GAMES)
def test_decoding_every_legal_action_gives_exactly_the_legal_orders(game: str) -> None:
    """In seeded states of every game (three seeds, a state every third order), the commands the legal action
    numbers decode to are exactly the legal orders' commands, each once: none lost (no block too short for the
    orders of its type: `cut` is 0), none added, none twice; and the mask holds exactly those numbers."""
    checked = 0
    for seed in (1, 2, 3):
        for i, m in enumerate(play(game, seed, 24)):
            if m.over or i % 3:
                continue
            expected = sorted(json.dumps(c, sort_keys=True) for lo in m.legal_orders(m.current) for c in concrete(lo))
            actions = m.legal_actions()
            decoded = sorted(json.dumps(m.command(a), sort_keys=True) for a in actions)
            assert m.blocks.cut == 0 and decoded == expected
            assert len(set(actions)) == len(actions) and all(0 <= a < m.codec.size for a in actions)
            assert np.flatnonzero(m.mask(m.current)).tolist() == sorted(actions)
            checked += 1
    assert checked >= 6


@pytest.mark.parametrize("game", GAMES)
def test_an_agent_observes_none_of_the_others_secrets(game: str) -> None:
    """What an agent observes is his view alone: its text holds none of the secrets the game declares for him (the
    referee's does hold those searched for: the search can find them), and the vector is the text's."""
    d = games()[game]
    secrets_of = d.load("secrets")
    searched = found_by_referee = 0
    for seed in (1, 2):
        for i, m in enumerate(play(game, seed, 24)):
            if i % 4:
                continue
            secrets = secrets_of(m.game.state)
            referee = m.text(REFEREE)
            for agent in m.agents:
                if agent == REFEREE:
                    continue
                text = m.text(agent)
                mine = secrets.get(agent, [])
                assert not [s.what or s.text for s in mine if s.found_in(text)]
                searched += len(mine)
                found_by_referee += sum(s.found_in(referee) for s in mine)
                assert np.array_equal(m.vector(agent), features(json.loads(text)))
    assert found_by_referee or not searched


def test_a_seed_gives_the_same_game_and_another_seed_another() -> None:
    runs = {seed: [m.text(m.current) for m in play(GAMES[0], seed, 10) if not m.over] for seed in (5, 5, 6)}
    again = [m.text(m.current) for m in play(GAMES[0], 5, 10) if not m.over]
    assert runs[5] == again and runs[5] != runs[6]


def test_open_domains_are_bounded_as_documented() -> None:
    wide = field_values(Field("bid", "int", low=0, high=1000))
    assert len(wide) == INT_VALUES and wide[0] == 0 and wide[-1] == 1000
    assert field_values(Field("n", "int", low=2, high=4)) == (2, 3, 4)
    assert len(field_values(Field("name", "text"))) == 1
    assert len(field_values(Field("note", "text", optional=True))) == 1  # left out only
    codec = ActionCodec(("done", "move"), slots=4)
    blocks = codec.blocks([LegalOrder("move", "p", {"unit": "u"}, (Field("hex", choices=tuple("abcdef")),)),
                           LegalOrder("done", "p")])
    assert blocks.count == 1 and blocks.cut == 6  # the six moves do not fit in 4 slots: cut, and said
    assert codec.decode(blocks, 0) == {"type": "done", "player": "p"}
    with pytest.raises(ValueError):
        codec.decode(blocks, 4)
    sized = ActionCodec(("done", "move"), slots={"move": 6})  # a block per type, as long as the game declares
    blocks = sized.blocks([LegalOrder("move", "p", {"unit": "u"}, (Field("hex", choices=tuple("abcdef")),))])
    assert sized.size == 1024 + 6 and blocks.cut == 0 and sized.legal_actions(blocks) == list(range(1024, 1030))
    assert sized.name(1023) == "done" and sized.name(1029) == "move"


@pytest.mark.study
@pytest.mark.parametrize("game", GAMES)
def test_whole_games_end_and_score(game: str) -> None:
    """Whole games (up to 400 orders each) of random legal actions: someone can act at every point until the game
    ends or the cap is reached (no game stalls), and every agent is scored in 0..1."""
    for seed in range(study_size(1)):
        *_, m = play(game, seed, 400)
        scores = m.scores()
        assert m.over and not m.stuck and (m.ended or m.steps == 400)
        assert set(scores) == set(m.agents) and all(0.0 <= s <= 1.0 for s in scores.values())


def doc_examples() -> list[str]:
    from pathlib import Path
    text = (Path(__file__).parent.parent / "docs" / "agents.md").read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```", text, re.S)


@pytest.mark.parametrize("index", [0, 1])
def test_the_examples_of_docs_agents_run(index: int, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/agents.md's examples (OpenSpiel's MCTS bot; a PettingZoo loop), run as written with a tiny budget."""
    code = doc_examples()[index]
    tiny = re.sub(r"^(GAME, SIMULATIONS, MAX_STEPS = \"\w+\"), \d+, \d+$", r"\1, 2, 6", code, flags=re.M)
    tiny = re.sub(r"^(GAME, MAX_STEPS = \"\w+\"), \d+$", r"\1, 12", tiny, flags=re.M)
    assert tiny != code
    exec(compile(tiny, f"docs/agents.md example {index + 1}", "exec"), {"__name__": "__doc_example__"})
    assert "scores" in capsys.readouterr().out


def test_the_agents_package_names_no_game() -> None:
    """campagne.agents is an interface at the edge: it works from the registry alone."""
    from pathlib import Path
    import campagne.agents
    source = {p.name: p.read_text(encoding="utf-8") for p in Path(campagne.agents.__file__).parent.glob("*.py")}
    named = [(file, game) for file, text in source.items() for game in GAMES
             if re.search(rf"(?<![a-z]){re.escape(game)}(?![a-z])", text, re.I)]
    assert not named
