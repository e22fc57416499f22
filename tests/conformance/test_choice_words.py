"""The conformance kit's shared choice words: the values every game's orders may take alike ("none", "all") read
as words in the reader's language on the command line (`order --list`) as on the club's pages, from one place
(`render.words.choice_name`), whether or not the game's own `choice_words` names them."""

from __future__ import annotations

import random
import re
from typing import Any

from campagne.cli.listing import _domain_text
from campagne.core.i18n import Lang
from campagne.core.players import play_out, random_player
from campagne.registry import games
from campagne.render.words import CHOICE_WORDS


def _start(name: str) -> Any:
    d = games()[name]
    ids = list(d.seats) or ["alice", "bob", "carl"][:max(2, min(3, d.players[1]))]
    players = [{"id": i, "controller": "human", "name": i, **{f.name: f.default for f in d.player_fields}}
               for i in ids]
    options = {o.name.replace("-", "_"): ([] if o.kind == "list" else o.default) for o in d.setup_options}
    return play_out(d, d.load("setup")(players, options), 5, {p: random_player for p in ids}, max_orders=0,
                    rng=random.Random(0)).state


def bare(domain: str) -> list[str]:
    """The shared choice values a listed domain prints without their words beside them."""
    return [m.group(1) for m in re.finditer(r"(?<![\w(])(" + "|".join(CHOICE_WORDS) + r")(?![\w)])(?! \()", domain)]


def test_the_search_finds_a_bare_shared_value() -> None:
    assert bare("value: none | P1") == ["none"] and bare("all | x") == ["all"]
    assert not bare("value: none (aucun) | P1 | mine+town (Mine + Ville) | overall")


def test_shared_choices_are_listed_in_words(game: str) -> None:
    d = games()[game]
    state = _start(game)
    named = getattr(d.load("text"), "choice_words", None) if d.text else None
    players = [*d.load("view")(state, None).get("players", {}), "referee"]
    found = []
    for lo in (lo for p in players for lo in d.load("legal_orders")(state, p)):
        for f in lo.fields:
            if f.choices and any(c in CHOICE_WORDS for c in f.choices if isinstance(c, str)):
                domain = _domain_text(f, Lang("fr"), named, state)  # in English the words are the values
                found += [f"{lo.type} {f.name}: {domain[:120]}" for _ in bare(domain)[:1]]
    assert not found, "\n".join(found[:10])
