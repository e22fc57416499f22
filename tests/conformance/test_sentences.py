"""The conformance kit's sentences check: every game's journal reads as sentences, in French and in English.

A short game of each registered game is played by its computers (its descriptor's `simulate`), the referee takes
its last line back (the engine's undo, the same in every game), and every line of its journal is rendered as the
command line's `journal` and the club's journal page render it (`render.text.entry_lines` with the game's
`event_text`), in both languages. A line fails if it holds code rather than words: `key=value`, a Python dict or
list (`{'`, `['`), `None`, `True`, `False`, an id with `_` where a name exists, or, in French, an English word.
"""

from __future__ import annotations

import functools
import re

import pytest

from campagne.core.i18n import Lang
from campagne.registry import games
from campagne.render.text import entry_lines, player_namer

CODE = {
    "key=value": re.compile(r"\b[A-Za-z_]\w*=\S"),
    "a Python dict": re.compile(r"\{'|\{\""),
    "a Python list": re.compile(r"\['|\[\""),
    "None": re.compile(r"\bNone\b"),
    "True or False": re.compile(r"\b(True|False)\b"),
    "an id with _": re.compile(r"[A-Za-z]_[A-Za-z]"),
}
# English words a French reader must not meet (the engine's and the games' own words for people and outcomes,
# Atlantis's peoples that name its simulated players, WAB's special rules).
ENGLISH = re.compile(r"\b(player|players|referee|none|winner|undone|nobody|standing|turn|army"
                     r"|Mycenaean|Egyptian|Assyrian|Amazon|Atlantean"
                     r"|stubborn|frenzy|frenzied|hatred|hates|terror|warband|large target|phalanx)\b", re.I)

SHORT = {"arc": 2, "atlantis": 3, "gorges": 3, "skirmish": 5}  # turns: a few seconds a game


@functools.cache  # read by the names' check too (test_names_not_ids.py): played once
def journal_lines(game: str) -> dict[str, list[str]]:
    """A short computer-played game of `game`, its last line taken back, every journal line in each language."""
    d = games()[game]
    players = d.players[1] if d.players[1] <= 3 else 3
    g = d.load("simulate")(players, SHORT.get(game, 2), 7)
    g.undo(1, "une erreur de saisie")
    text = d.load("text")
    entries = [g.opening.to_dict(), *(e.to_dict() for e in g.entries)]  # type: ignore[union-attr]
    # the players by their set-up names, as the command line's journal and the club's page name them
    names = {p["id"]: p["name"] for p in g.setup.get("players") or []
             if isinstance(p, dict) and p.get("name") and p["name"] != p.get("id")}
    namer = player_namer(text)
    return {lang: [line for e in entries for line in entry_lines(e, Lang(lang), text.event_text, names, namer=namer)]
            for lang in ("fr", "en")}


def faults(lines: list[str], lang: str) -> list[str]:
    found = []
    for line in lines:
        what = [name for name, pattern in CODE.items() if pattern.search(line)]
        if lang == "fr" and ENGLISH.search(line):
            what.append(f"the English word {ENGLISH.search(line).group(0)!r}")  # type: ignore[union-attr]
        if what:
            found.append(f"{lang}: {line.strip()!r} ({', '.join(what)})")
    return found


def test_every_journal_line_is_a_sentence(game: str) -> None:
    d = games()[game]
    if not d.simulate or not d.text:
        pytest.skip(f"{game} has no computer-played game or no journal text to read (its tracker prints its own)")
    lines = journal_lines(game)
    found = faults(lines["fr"], "fr") + faults(lines["en"], "en")
    assert not found, f"{len(found)} lines of code in {game}'s journal:\n" + "\n".join(sorted(set(found))[:40])
    undo = [line for line in lines["en"] if "The referee took back line #" in line]
    assert undo and all(line.rstrip().endswith("une erreur de saisie.") for line in undo), undo


def test_the_search_finds_code() -> None:
    """The check can fail: each kind of code it looks for is found in a line holding it."""
    samples = ["type=setup", "forces {'bonnaire': 'medium'}", "path ['a', 'b']", "held by None", "advance True",
               "mpa_infantry.1 moves"]
    for sample in samples:
        assert faults([sample], "en"), sample
    assert faults(["le vainqueur : aucun winner"], "fr")
    assert faults(["Mycenaean 1 prend le royaume Ampheres"], "fr") and faults(["Hoplites (Stubborn)"], "fr")
    assert not faults(["Infanterie MPA 1 va en M14", "Turn 1 (night)"], "en")


def test_the_referees_next_and_end_mean_the_same_in_every_game(game: str, tmp_path) -> None:
    """`campagne next` closes the phase or says whom it waits for; `campagne end` ends the game (or says in which
    phases it may), and the end says who won, how, and the standing. No game answers `Unknown order`."""
    from conformance.bad_input_kit import make_campaign, refused, run
    d = games()[game]
    if d.kind != "campaign":
        pytest.skip(f"{game} is a battle: its tracker has its own next and end (campagne battle ...)")
    path = make_campaign(game, tmp_path / "c.jsonl")
    for lang in ("en", "fr"):
        said = run("--lang", lang, "next", "-c", path)
        assert "Unknown order" not in said.out + said.err and "Ordre inconnu" not in said.out + said.err, said
        if said.code:
            refused(said)
    ended = run("end", "-c", path)
    if ended.code:
        refused(ended)
        return
    outcome = d.load("outcome")
    from campagne import session
    if not outcome(session.load(path).state).ended:
        # a game whose end is itself a step (Gorges: « la bataille finale ») says so, then the referee's routine
        # plays that step (the final battle sent to its resolver)
        assert "Unknown order" not in ended.out and ended.out.strip(), ended
        played = run("play", "--referee", "-c", path)
        assert played.code == 0, played
    c = session.load(path)
    assert outcome(c.state).ended
    for lang, won, standing in (("en", r"\bwins?\b|no (side|camp) wins", "Standing"),
                                ("fr", r"l'emporte", "Classement")):
        shown = run("--lang", lang, "status", "-c", path).out
        head = shown.splitlines()[:12]
        assert any(re.search(won, line) for line in head), head
        assert standing in shown, shown[:600]
