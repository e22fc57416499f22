"""The conformance kit's names: what a player reads of his game now (its status and the advice beside his orders)
names things as the table does, never by the ids the orders take, wherever a name exists.

A thing has a name when the game's text gives one to the id (`choice_words`, the names the club's forms show);
the ids are those the legal orders take (their fixed values and choices). An id may still begin a line:
a listing's first column is the id a player types (Arc's counters, the grid's units), its name beside it. States
come from a short game played by the generic random player (as the maps' check), read in both languages.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from campagne.core.i18n import Lang
from campagne.core.players import play_out, random_player
from campagne.registry import games




def _states(name: str) -> list[Any]:
    """A short game of `name` by the generic random player, three seats where the game takes them, at its start
    and after 40 orders (threats by then)."""
    d = games()[name]
    ids = list(d.seats) or ["alice", "bob", "carl"][:max(2, min(3, d.players[1]))]
    players = [{"id": i, "controller": "human", "name": i, **{f.name: f.default for f in d.player_fields}}
               for i in ids]
    options = {o.name.replace("-", "_"): ([] if o.kind == "list" else o.default) for o in d.setup_options}
    setup = d.load("setup")(players, options)
    return [play_out(d, setup, 5, {p: random_player for p in ids}, max_orders=n, rng=random.Random(n)).state
            for n in (0, 40)]


def _values(v: Any) -> list[str]:
    if isinstance(v, (list, tuple)):
        return [x for item in v for x in _values(item)]
    return [v] if isinstance(v, str) else []


def named_ids(d: Any, state: Any, o: Lang) -> dict[str, str]:
    """The ids the orders of anyone (a player or the referee) take now that have a name of their own in `o`'s
    language."""
    words = getattr(d.load("text"), "choice_words", None)
    if words is None:
        return {}
    ids: set[str] = set()
    players = list(d.load("view")(state, None).get("players", {}))
    for lo in (lo for p in [*players, "referee"] for lo in d.load("legal_orders")(state, p)):
        ids.update(_values(list(lo.fixed.values())))
        for f in lo.fields:
            ids.update(_values(list(f.choices or ())))
    out = {}
    for i in ids:
        name = words(i, o)
        if i not in players and not i.isdigit() and name and name.casefold() != i.casefold():  # "town" for "Town" is its name
            out[i] = name
    return out


def ids_read(lines: list[str], named: dict[str, str]) -> list[str]:
    """The lines that print a named thing's id where it is not the line's first word (an id column)."""
    if not named:
        return []
    pattern = re.compile(r"(?<![\w.:+-])(" + "|".join(map(re.escape, sorted(named, key=len, reverse=True)))
                         + r")(?![\w.:+-])")
    found = []
    for line in lines:
        first = line.split()[0] if line.split() else ""
        for m in pattern.finditer(line):
            if m.start() == len(line) - len(line.lstrip()) and m.group(1) == first:
                continue
            found.append(f"{m.group(1)!r} (named {named[m.group(1)]!r}) in {line.strip()[:160]!r}")
    return found


def test_a_players_status_and_advice_name_things_not_ids(game: str) -> None:
    d = games()[game]
    if not d.text or not getattr(d.load("text"), "choice_words", None):
        pytest.skip(f"{game} gives its ids no other names")
    text, view = d.load("text"), d.load("view")
    advice = d.load("advice") if d.advice else None
    found: list[str] = []
    for state in _states(game):
        for lang in ("en", "fr"):
            o = Lang(lang)
            named = named_ids(d, state, o)
            for player in view(state, None).get("players", {}):
                lines = text.status_text(view(state, player), o).splitlines()
                lines += [a["text"] for a in (advice(state, player, lang) if advice else [])]
                found += ids_read(lines, named)
    assert not found, f"{len(found)} ids where a name exists:\n" + "\n".join(sorted(set(found))[:30])


def test_the_search_finds_an_id_but_not_an_id_column() -> None:
    named = {"mpa_infantry.1": "MPA infantry 1", "alice:G": "alice's general", "pointe-hesperides": "Pointe"}
    assert ids_read(["Threat to mpa_infantry.1 (D5)", "army in pointe-hesperides, 3 territories",
                     "Threat: alice:G (at 3,-4)"], named) and len(ids_read(["x alice:G y mpa_infantry.1"], named)) == 2
    assert not ids_read(["  mpa_infantry.1   D5   MPA infantry (10/0)", "      alice:G — Général — -3,4",
                         "MPA infantry 1 against mpa_infantry.10"[:24]], named)


def test_a_journal_names_things_not_ids(game: str) -> None:
    """The journal of a short computer-played game (the sentences' check's) names what the orders' ids name."""
    from conformance.test_sentences import journal_lines
    d = games()[game]
    if not d.simulate or not d.text or not getattr(d.load("text"), "choice_words", None):
        pytest.skip(f"{game} has no computer-played game or gives its ids no other names")
    lines = journal_lines(game)
    found: list[str] = []
    for lang in ("en", "fr"):
        named: dict[str, str] = {}
        for state in _states(game):
            named.update(named_ids(d, state, Lang(lang)))
        found += ids_read([line for line in lines[lang] if not line.startswith("#")], named)  # a command as typed
    assert not found, f"{len(found)} ids where a name exists:\n" + "\n".join(sorted(set(found))[:30])


def test_choices_are_named_from_the_campaigns_own_state(game: str) -> None:
    """A game's `choice_words` takes the campaign's state (its own map, its grid battles: the club's forms and
    `order --list` pass it) and names with it at least what it names without."""
    d = games()[game]
    words = getattr(d.load("text"), "choice_words", None) if d.text else None
    if words is None:
        pytest.skip(f"{game} gives its ids no other names")
    ids = list(d.seats) or ["alice", "bob", "carl"][:max(2, min(3, d.players[1]))]
    players = [{"id": i, "controller": "human", "name": i, **{f.name: f.default for f in d.player_fields}}
               for i in ids]
    options = {o.name.replace("-", "_"): ([] if o.kind == "list" else o.default) for o in d.setup_options}
    state = play_out(d, d.load("setup")(players, options), 5, {p: random_player for p in ids}, max_orders=0,
                     rng=random.Random(0)).state
    for lang in ("en", "fr"):
        o = Lang(lang)
        for i, name in named_ids(d, state, o).items():
            assert words(i, o, state), (i, name)


def test_the_forms_and_the_journal_name_a_player_alike(game: str) -> None:
    """One path names a player (`render.text.player_name`, the journal's `Named.person`): the forms' words
    (`server.words.Words`) give each seat the name the journal gives it, in both languages, for a name chosen, a
    name the game translates (« Mycenaean 1 ») and a seat with none."""
    from campagne.render.text import Named, player_namer
    from campagne.server.words import Words
    d = games()[game]
    text = d.load("text") if d.text else None
    ids = list(d.seats) or ["alice", "bob", "carl"]
    names = {ids[0]: "Mycenaean 1", ids[1]: "Bertrand"}  # the others chose none
    for lang in ("fr", "en"):
        o = Lang(lang)
        words = Words(text, o, d.load("orders"), dict(names))
        journal = Named(o, names, namer=player_namer(text))
        for pid in ids:
            assert words.choice(pid) == (journal.person(pid) or pid), (game, lang, pid)
