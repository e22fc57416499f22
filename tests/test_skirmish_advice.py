"""The odds beside a grid-battle camp's decisions and its threat view (`advice`): exact, the dice of the
seed's attack and incantation enumerated face by face here; a function of what the camp's view shows (a grid
battle hides nothing, so changing what the view leaves out changes nothing, and no unit off the field is
named); both languages; nothing for the referee or a spectator; on the command line's `order --list --json`."""

from __future__ import annotations

import copy
import json
import random
import re
from fractions import Fraction
from itertools import product
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from campagne.cli.main import app
from campagne.core.i18n import chance
from campagne.games.skirmish import simulate
from campagne.games.skirmish.advice import advice, incantation
from campagne.games.skirmish.rules import SkirmishRules
from campagne.games.skirmish.state import SkirmishState
from campagne.games.skirmish.views import view
from campagne.registry import game as registered
from skirmish_kit import order, position

def by_hand(attacks: int, hit: int, save: int, protection: int = 0) -> dict[int, Fraction]:
    """The hit points lost, every die of the seed's sequence rolled: the attack dice, a save die per hit, a
    Protection die per hit not saved (0: none); each outcome weighed by 1/6 per die rolled."""
    out: dict[int, Fraction] = {}
    for faces in product(range(1, 7), repeat=attacks):
        hits = sum(f >= hit for f in faces)
        for saves in product(range(1, 7), repeat=hits):
            left = hits - sum(f >= save for f in saves)
            wards = list(product(range(1, 7), repeat=left)) if protection else [()]
            for w in wards:
                lost = left - sum(f >= protection for f in w)
                weight = Fraction(1, 6 ** (attacks + hits + (left if protection else 0)))
                out[lost] = out.get(lost, Fraction(0)) + weight
    return out


def dist_text(d: dict[int, Fraction]) -> str:
    return ", ".join(f"{k} {chance(p)}" for k, p in sorted(d.items()) if p)


def mean(d: dict[int, Fraction]) -> Fraction:
    return sum((k * p for k, p in d.items()), Fraction(0))


def kill(d: dict[int, Fraction], hp: int) -> Fraction:
    return sum((p for k, p in d.items() if k >= hp), Fraction(0))


# --------------------------------------------------------------------------- his decisions, by hand


def test_a_melee_from_high_ground_and_its_riposte_are_the_dice_enumerated() -> None:
    """Soldiers (Sk 4+, 3 attacks, Arm 4+, 3 HP) on a knoll (level 1) against soldiers below: they hit on 3+
    (« +1 [...] une unité en contrebas »), the target saves on 4+; the riposte, from below, hits on 4+."""
    knoll = ["01000000", "01000000"] + ["0" * 8] * 6
    s = position([("a", "soldiers", "B2"), ("b", "soldiers", "C2")], height=knoll)
    lines = [a for a in advice(s, "a", "en") if a["about"] == "attack"]
    assert [(a["unit"], a["target"], a["kind"]) for a in lines] == [("soldiers.1", "soldiers.2", "melee")]
    first, back = by_hand(3, 3, 4), by_hand(3, 4, 4)
    # by hand too: each die costs a point with 4/6 x 3/6 = 1/3; all three: 1/27
    assert kill(first, 3) == Fraction(1, 27) and mean(first) == 1 and kill(back, 3) == Fraction(1, 64)
    text = lines[0]["text"]
    assert text.startswith("Soldiers 1 attacks Soldiers 2 (3 HP) in melee (hits on 3+, saves on 4+): ")
    assert f"one hit at least {chance(Fraction(26, 27))}" in text  # not all three dice below 3: 1 - (2/6)^3
    assert f"HP lost {dist_text(first)}; mean 1; Soldiers 2 destroyed {chance(Fraction(1, 27))}" in text
    assert f"riposte: Soldiers 1 loses 0.75 HP on average, destroyed {chance(Fraction(1, 64))}" in text
    assert lines[0]["destroys"] == "1/27"
    fr = [a["text"] for a in advice(s, "a", "fr") if a["about"] == "attack"][0]
    assert fr.startswith("Soldats 1 attaque Soldats 2 (3 PV) au corps à corps "
                         "(touche sur 3+, sauvegarde sur 4+)")
    assert "riposte : Soldats 1 perd 0,75 PV en moyenne" in fr


def test_a_shot_at_a_target_in_cover_behind_a_protection_is_the_dice_enumerated() -> None:
    """Archers (Sk 4+, 2 attacks, range 6) shoot a mage (Arm 6+, Protection 5+, 2 HP) in a forest, 4 cells
    away: the forest's cover saves on 5+ (« +1 à ses jets de sauvegarde contre les attaques à distance »),
    then Protection 5+; no riposte."""
    s = position([("a", "archers", "A1"), ("b", "mage", "E1")], terrain=["....F..."] + ["." * 8] * 7)
    d = by_hand(2, 4, 5, 5)
    # by hand: a die costs a point with 3/6 (hit) x 4/6 (no save) x 4/6 (no protection) = 2/9
    assert kill(d, 2) == Fraction(4, 81) and mean(d) == Fraction(4, 9)
    text = [a["text"] for a in advice(s, "a", "en") if a["about"] == "attack"][0]
    assert f"ranged (hits on 4+, saves on 5+): one hit at least 75.0%; HP lost {dist_text(d)}; " \
           f"mean 0.44; Mage 1 destroyed {chance(Fraction(4, 81))}" in text
    assert "riposte" not in text


def test_a_spell_s_odds_are_its_incantation_and_its_hits_enumerated() -> None:
    """A mage (Magic 2: Fire bolt, Healing) at 5 cells from soldiers (Arm 4+, 3 HP): Fire bolt (7 or more on
    the dice, 3 hits saved as a shot's); with one die it cannot be cast; with two, 21 of 36 sums; a double
    (6 of 36) corrupts."""
    s = position([("a", "mage", "A1"), ("b", "soldiers", "F1")])
    two = [a + b for a in range(1, 7) for b in range(1, 7)]
    cast = Fraction(sum(x >= 7 for x in two), 36)
    assert cast == Fraction(7, 12) and incantation(2, 7) == (cast, Fraction(1, 6), Fraction(1, 6))
    bolt = by_hand(3, 1, 4)  # the spell's hits always strike: only the saves are rolled
    line = [a for a in advice(s, "a", "en") if a["about"] == "cast" and a["spell"] == "firebolt"][0]
    assert line["target"] == "soldiers.1"
    assert f"2 dice destroyed {chance(cast * kill(bolt, 3))}, mean 0.88 HP" in line["text"]
    assert "cast: 1 die 0%, 2 dice 58.3%; corruption: 1 die 0%, 2 dice 16.7%" in line["text"]
    three = list(product(range(1, 7), repeat=3))  # an archmage's 3 dice: a triple gives 2 points
    assert incantation(3, 10)[0] == Fraction(sum(sum(f) >= 10 for f in three), 216) == Fraction(5, 8)
    assert incantation(3, 10)[2] == Fraction(sum(max(f.count(x) for x in f) - 1 for f in three), 216)


# --------------------------------------------------------------------------- threats


def test_the_threat_view_names_who_can_reach_and_strike_with_the_odds() -> None:
    """b's soldiers 3 cells away can walk up and fight a's archers (Arm 6+, 2 HP) this round; b's militia
    far away cannot reach them; a's own turn: those are threats, not decisions."""
    s = position([("a", "archers", "A1"), ("b", "soldiers", "D1"), ("b", "militia", "H8")])
    threats = [a for a in advice(s, "a", "en") if a["about"] == "threat"]
    assert [(a["unit"], a["enemies"]) for a in threats] == [("archers.1", ["soldiers.1"])]
    d = by_hand(3, 4, 6)  # 3/6 x 5/6 per die
    text = threats[0]["text"]
    assert text.startswith("Threat to Archers 1 (A1, 2 HP) — if they attack it: "
                           "Soldiers 1 (this round, from B1) in melee")
    assert f"destroyed {chance(kill(d, 2))}, mean {float(mean(d)):.2f}" in text
    assert "riposte 0.50 HP on average" in text  # the archers' 2 dice: hit on 4+, saved on 4+: 1/4 each
    fr = [a["text"] for a in advice(s, "a", "fr") if a["about"] == "threat"][0]
    assert fr.startswith("Menace sur Archers 1 (A1, 2 PV) — s'ils l'attaquent : "
                         "Soldats 1 (ce round, depuis B1)")


def test_an_activated_enemy_threatens_next_round_without_the_shield_and_not_after_round_five() -> None:
    s = position([("a", "soldiers", "A1"), ("b", "soldiers", "B1"), ("a", "archers", "H8")])
    order(s, "a", "end", unit="archers.1")
    order(s, "b", "end", unit="soldiers.2")  # activated: it strikes again next round
    s.units["soldiers.1"].shield = 1
    text = [a["text"] for a in advice(s, "a", "en") if a["about"] == "threat"][0]
    assert "Soldiers 2 (next round, where it stands) in melee" in text
    assert f"destroyed {chance(kill(by_hand(3, 4, 4), 3))}" in text  # saves on 4+, the shield gone
    s.round = 5
    assert [a for a in advice(s, "a", "en") if a["about"] == "threat"] == []


def test_the_unit_being_activated_threatens_with_what_it_has_not_done_yet() -> None:
    """b's skirmishers (mobile: a shot spends 1 AP) shoot and keep 4 AP: they may not shoot again this
    activation (« attaquer », once), so they threaten nothing now; before the shot, they did."""
    s = position([("a", "soldiers", "A1"), ("b", "skirmishers", "D1")])
    order(s, "a", "end", unit="soldiers.1")
    before = [a["text"] for a in advice(s, "a", "en") if a["about"] == "threat"]
    assert len(before) == 1 and "Skirmishers 1 (this round, where it stands) ranged" in before[0]
    order(s, "b", "attack", (1, 1), unit="skirmishers.1", target="soldiers.1")  # two misses
    assert s.active == "skirmishers.1" and s.units["skirmishers.1"].ap == 4
    assert [a for a in advice(s, "a", "en") if a["about"] == "threat"] == []


# --------------------------------------------------------------------------- what the view shows


def _states(monkeypatch: pytest.MonkeyPatch, seed: int, players: int, every: int = 3) -> list[SkirmishState]:
    seen: list[SkirmishState] = []
    original = SkirmishRules.apply
    count = {"n": 0}

    def apply(self: SkirmishRules, state: SkirmishState, command: dict[str, Any], dice: Any) -> Any:
        count["n"] += 1
        if count["n"] % every == 0 and state.phase == "battle":
            seen.append(copy.deepcopy(state))
        return original(self, state, command, dice)
    monkeypatch.setattr(SkirmishRules, "apply", apply)
    simulate.battle(seed, players, "greedy", "hills")
    monkeypatch.undo()
    return seen


def _meddle(s: SkirmishState, rng: random.Random) -> tuple[SkirmishState, int]:
    """A copy where what the view leaves out is changed: the attack and spell flags of the units activated
    this round but the one being activated now (the journal tells everyone about that one; a unit not
    activated yet has neither), and the deployment's civilians flag. Also how many units were changed."""
    t = copy.deepcopy(s)
    changed = 0
    for u in t.units.values():
        if u.activated and u.id != s.active:
            u.attacked, u.cast = not u.attacked, rng.random() < 0.5
            changed += 1
    t.civilians_first = not s.civilians_first
    return t, changed


IDS = re.compile(r"\b[a-z]+\.\d+\b")


@pytest.mark.parametrize("seed,players", [(1, 2), (5, 3)])
def test_advice_is_a_function_of_the_camp_s_view(monkeypatch: pytest.MonkeyPatch, seed: int,
                                                 players: int) -> None:
    rng = random.Random(seed)
    told, changed, kinds = 0, 0, set()
    for s in _states(monkeypatch, seed, players):
        on_field = {u.id for u in s.on_field()}
        for p in s.camps:
            mine = advice(s, p, "en")
            other, n = _meddle(s, rng)
            changed += n
            assert view(other, p) == view(s, p)
            assert advice(other, p, "en") == mine
            for a in mine:  # only units on the field are named: no unit gone, none in reserve
                assert set(IDS.findall(a["text"])) <= on_field, a["text"]
            json.dumps(mine)  # the command line's --json prints them as they are
            told += len(mine)
            kinds |= {a["about"] for a in mine}
        assert advice(s, None) == [] and advice(s, "referee") == [] and advice(s, "*spectator*") == []
    assert told > 100 and changed > 50 and {"attack", "threat"} <= kinds


def test_every_line_has_its_french_and_english_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    s = _states(monkeypatch, 2, 2, every=20)[2]
    for p in s.camps:
        fr, en = advice(s, p, "fr"), advice(s, p, "en")
        assert [a["about"] for a in fr] == [a["about"] for a in en] and en
        for a, b in zip(fr, en):
            assert a["text"] != b["text"]
            assert {k: v for k, v in a.items() if k != "text"} == {k: v for k, v in b.items() if k != "text"}
            if a["about"] == "threat":
                assert a["text"].startswith("Menace sur") and b["text"].startswith("Threat to")


def test_nothing_for_the_referee_a_spectator_or_at_the_deployment() -> None:
    s = position([("a", "soldiers", "A1"), ("b", "soldiers", "B1")])
    assert advice(s, None) == [] and advice(s, "referee", "fr") == [] and advice(s, "nobody") == []
    assert advice(s, "a") and advice(s, "b")  # b: threats only, it is not its turn
    assert {a["about"] for a in advice(s, "b")} == {"threat"}
    s.phase = "deploy"
    assert advice(s, "a") == []


def test_the_descriptor_and_the_command_line_give_it(tmp_path: Path) -> None:
    assert registered("skirmish").load("advice") is advice
    c = str(tmp_path / "b.jsonl")
    runner = CliRunner()
    env = {"CAMPAGNE_JSON": None, "CAMPAGNE_LANG": None, "CAMPAGNE_CAMPAIGN": None}

    def cli(*args: Any) -> Any:
        r = runner.invoke(app, [str(a) for a in args], env=env)
        assert r.exit_code == 0, (args, r.stdout, r.stderr, r.exception)
        return r
    cli("new", "skirmish", "-p", "alice:human:patrol", "-p", "bob:greedy:patrol", "--seed", 4, "--public-dice", "-c", c)
    cli("play", "--stand-in", "alice", "-c", c)
    listed = json.loads(cli("order", "bob", "--list", "--json", "-c", c).stdout)
    assert listed["orders"] and listed["advice"]
    assert {a["about"] for a in listed["advice"]} >= {"threat"}
    assert "Menace sur" in cli("--lang", "fr", "order", "alice", "--list", "-c", c).stdout


def test_the_status_names_the_unit_being_activated() -> None:
    from campagne.core.i18n import Lang
    from campagne.games.skirmish.text import status_text
    s = position([("a", "soldiers", "A1"), ("b", "soldiers", "H8")])
    order(s, "a", "move", unit="soldiers.1", cell="A2")
    assert s.active == "soldiers.1"
    assert "(activating Soldiers 1)" in status_text(view(s, "a"), Lang("en"))
    assert "(activation de Soldats 1)" in status_text(view(s, "a"), Lang("fr"))
