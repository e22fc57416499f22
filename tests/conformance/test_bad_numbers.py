"""Absurd numbers in every numeric argument of every command a game registers (issue 22), derived, not listed: the
typed number options and arguments of the game's own commands (its `tools`: odds, referee rolls, the battle
tracker...; read from their typer definitions), every text option of those that write to its journal (dice faces,
counts and distances typed as text), and every field of every one of its legal orders, of every kind, for every
player and the referee, typed as a person types them. Each absurd value — NaN, infinities, 1e309, `1_0`, other
digits, `12abc`, thousands of digits, yes/no — is refused in one sentence with exit status 2 and nothing on disk
changed; a value merely out of range (-1, 999,999,999) is refused so or taken as a value of its domain, and never
hangs or crashes. A text the command takes as it is may go through, and then the journal it wrote reads and
verifies (no NaN, no number no rule can take)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
import typer
from conformance.bad_input_kit import make_campaign, players_of, refusal_problem, run, snapshot
from conformance.test_bad_input import _advance_to_a_number, _orders, _typed
from typer._click import types as click_types

from campagne import session
from campagne.core.errors import CampagneError
from campagne.core.interface import load
from campagne.registry import games

NOT_NUMBERS = ["NaN", "Infinity", "-Infinity", "1e309", "1_0", "\u0663", "+5", "0x10", "12abc", "1.5e400",
               str(10**30), "true", "False"]
OUT_OF_RANGE = ["-1", "999999999", "-999999999"]


def game_commands(game: str) -> list[tuple[list[str], Any]]:
    """(words, click command) of every command the game's `tools` mount, on an app of their own."""
    root, odds = typer.Typer(), typer.Typer()
    load(games()[game].tools)(root, odds)
    root.add_typer(odds, name="odds")

    @root.command("kit-placeholder")  # a group needs a command of its own to be built
    def _placeholder() -> None:
        pass
    found: list[tuple[list[str], Any]] = []

    def walk(command: Any, words: list[str]) -> None:
        for name, sub in (getattr(command, "commands", None) or {}).items():
            if name != "kit-placeholder":
                walk(sub, [*words, name]) if getattr(sub, "commands", None) else found.append(([*words, name], sub))
    walk(typer.main.get_command(root), [])
    return found


def _numeric(param: Any) -> bool:
    return isinstance(param.type, (click_types.IntParamType, click_types.FloatParamType))


def _given(param: Any, value: str) -> list[str]:
    return [param.opts[0], value] if param.param_type_name == "option" else [value]


def _filled(command: Any, but: Any) -> list[str] | None:
    """The command's other required parameters, each numeric one at the lowest value it takes; None when one of
    them is not a number (its value cannot be derived)."""
    words: list[str] = []
    for p in command.params:
        if p is but or not p.required:
            continue
        if not _numeric(p):
            return None
        low = getattr(p.type, "min", None)
        words += _given(p, str(1 if low is None else low))
    return words


def _problem(ran: Any, value: str, before: dict[Path, bytes], campaign: Path) -> str | None:
    if ran.code == 0 and value in OUT_OF_RANGE:
        return None if snapshot(*before) == before or _reads(campaign) else "the journal it wrote does not read"
    problem = refusal_problem(ran)
    if problem is None and snapshot(*before) != before:
        problem = "the journal or the referee's file changed"
    return problem


def _reads(campaign: Path) -> bool:
    session.load(campaign, verify=True)
    return True


def test_absurd_numbers_in_the_game_s_own_commands_are_refused(game: str, tmp_path: Path) -> None:
    campaign = make_campaign(game, tmp_path / "campaign.jsonl")
    _advance_to_a_number(game, campaign)
    before = snapshot(campaign, session.referee_file(campaign))
    problems, tried = [], 0
    for words, command in game_commands(game):
        for n, param in enumerate([p for p in command.params if _numeric(p)]):
            filled = _filled(command, param)
            if filled is None:
                continue
            # every absurd value in a command's first number; in its others (one parser reads them all), NaN, an
            # out-of-range value and the other absurd values in turn
            values = NOT_NUMBERS + OUT_OF_RANGE if n == 0 else \
                ["NaN", NOT_NUMBERS[1 + n % (len(NOT_NUMBERS) - 1)], OUT_OF_RANGE[n % 3]]
            for value in values:
                ran = run("-c", campaign, *words, *filled, *_given(param, value))
                tried += 1
                problem = _problem(ran, value, before, campaign)
                if problem:
                    problems.append(f"{' '.join(ran.args)}: {problem}")
    assert not problems, "\n".join(problems[:30])
    assert snapshot(*before) == before


def test_absurd_numbers_in_the_text_options_of_the_game_s_writing_commands(game: str, tmp_path: Path) -> None:
    """Text options and arguments of the game's commands that write to a journal (dice faces, shares of attacks...):
    an absurd number in one is refused, or taken as a text, and what was written reads."""
    campaign = make_campaign(game, tmp_path / "campaign.jsonl")
    _advance_to_a_number(game, campaign)
    problems = _text_options(game, campaign)
    if _advance_to_another_order(game, campaign):  # a pending roll: dice faces typed at the table are read
        problems += _text_options(game, campaign)
    assert not problems, "\n".join(problems[:30])


def _advance_to_another_order(game: str, path: Path, steps: int = 60) -> bool:
    """Play on (a random one of the people's orders, or the referee's `next`) until an order of a type not offered
    now is offered (a roll pending...); whether one was."""
    legal = games()[game].load("legal_orders")
    who = [p["id"] for p in players_of(game)] + ["referee"]
    rng = random.Random(2)
    with session.open_campaign(path) as c:
        known = {lo.type for w in who for lo in legal(c.state, w)} | {"next", "end", "undo"}
        for _ in range(steps):
            found = [(w, lo) for w in who for lo in legal(c.state, w)]
            if any(lo.type not in known for _w, lo in found):
                return True
            mine = [lo for w, lo in found if lo.type not in ("next", "end", "undo")]
            pick = rng.choice(mine) if mine and rng.random() < 0.6 else \
                next((lo for _w, lo in found if lo.type == "next"), None)
            if pick is None:
                return False
            try:
                c.push(pick.sample(rng))
            except CampagneError:
                continue
    return False


def _text_options(game: str, campaign: Path) -> list[str]:
    secret = session.referee_file(campaign)
    start = snapshot(campaign, secret)
    problems = []
    for words, command in game_commands(game):
        if words[0] == "odds" or words[-1] in ("new", "auto"):  # odds write nothing; new and auto make a journal
            continue
        for param in command.params:
            if _numeric(param) or param.type.name != "text" or param.name in ("campaign", "lang", "out"):
                continue
            for value in ("NaN", "1e309", "12abc", "1_0", "999999999", "-1", "3,999999999", "3,NaN"):
                for path, data in start.items():
                    path.write_bytes(data)
                ran = run("-c", campaign, *words, *_given(param, value))
                if ran.code == 0:
                    text = campaign.read_text(encoding="utf-8")
                    bad = next((w for w in ("NaN", "Infinity", "999999999") if w in text), None)
                    if bad and snapshot(campaign, secret) != start:
                        problems.append(f"{' '.join(ran.args)}: went through, and wrote {bad} in the journal")
                    continue
                problem = _problem(ran, "", start, campaign)
                if problem:
                    problems.append(f"{' '.join(ran.args)}: {problem}")
    for path, data in start.items():
        path.write_bytes(data)
    return problems


def test_absurd_numbers_in_every_field_of_every_legal_order_are_refused(game: str, tmp_path: Path) -> None:
    """Every field (each order type's once), of every kind, for every player and the referee."""
    campaign = make_campaign(game, tmp_path / "campaign.jsonl")
    _advance_to_a_number(game, campaign)
    before = snapshot(campaign, session.referee_file(campaign))
    seen, problems = set(), []
    for who, lo in _orders(game, campaign):
        for n, field in enumerate(lo["fields"]):
            if (lo["type"], field["name"]) in seen or field["kind"] == "text":
                continue
            seen.add((lo["type"], field["name"]))
            domain = field.get("choices") or []
            if field["kind"] == "choice" and domain and not any(isinstance(c, (int, float)) for c in domain):
                values = ["NaN", "1e309", "12abc"]  # names: a number is simply not one of them
            else:
                values = NOT_NUMBERS[n % 3::3] + ["NaN"] + [v for v in OUT_OF_RANGE if not _in(field, v)]
            for value in values:
                args = _typed(game, who, lo, field["name"], value)
                ran = run("-c", campaign, *args)
                problem = refusal_problem(ran)
                if problem is None and snapshot(*before) != before:
                    problem = "the journal or the referee's file changed"
                if problem:
                    problems.append(f"{' '.join(args)}: {problem}")
    assert seen or not any(lo["fields"] for _w, lo in _orders(game, campaign)), "no field was tried"
    assert not problems, "\n".join(problems[:30])


def _in(field: dict[str, Any], value: str) -> bool:
    """Whether the number `value` is one of the field's own values (then it is no absurd number for it)."""
    if field["kind"] == "int":
        return field["low"] <= int(value) <= field["high"]
    return json.loads(value) in (field.get("choices") or [])


def test_the_kit_catches_a_number_parser_that_reads_1_0_as_ten(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Control: with the parser's own int() back (which reads `1_0` as 10, `+5` as 5), the check above fails."""
    game = next(g for g in sorted(games()) if any(_numeric(p) for _w, c in game_commands(g) for p in c.params))
    monkeypatch.setattr(click_types.IntParamType, "_number_class", int)
    monkeypatch.setattr(click_types.FloatParamType, "_number_class", float)
    with pytest.raises(AssertionError, match="exit status 0, not 2"):
        test_absurd_numbers_in_the_game_s_own_commands_are_refused(game, tmp_path)
