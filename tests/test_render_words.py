"""The words choices share across games ("none", "all"): named in one place (`render.words.choice_name`), for the
club's forms and the command line's `order --list` alike, a game's own words first."""

from __future__ import annotations

from campagne.cli.listing import _domain_text
from campagne.core.i18n import Lang
from campagne.core.interface import Field
from campagne.render.words import choice_name

FR, EN = Lang("fr"), Lang("en")


def test_the_shared_choices_have_words_when_the_game_says_nothing_of_them() -> None:
    silent = lambda v, o: None  # noqa: E731 (a game whose text names none of them)
    assert choice_name(silent, "none", FR) == "aucun" and choice_name(None, "all", FR) == "tous"
    assert choice_name(silent, "none", EN) == "none" and choice_name(silent, "alice", FR) is None
    own = lambda v, o, state: "personne" if v == "none" else None  # noqa: E731
    assert choice_name(own, "none", FR, object()) == "personne"  # the game's own word first


def test_order_list_writes_each_choice_as_typed_with_its_name_beside_it() -> None:
    field = Field("value", choices=("none", "alice", "0,0"))
    named = lambda v, o: {"0,0": "Fort Noir (0,0)"}.get(v)  # noqa: E731
    assert _domain_text(field, FR, named) == "alice | none (aucun) | Fort Noir (0,0)"  # a name holding it: alone
    assert _domain_text(field, EN, named) == "alice | none | Fort Noir (0,0)"
