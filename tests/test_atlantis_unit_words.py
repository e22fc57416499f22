"""Atlantis names an army's units one way: `army_unit` (a player's unit as the reader sees it) and
`unit_names_of` (an army's units) print the same names, the id beside a name two units share."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from campagne.games.atlantis.unit_words import army_unit, unit_names_of


@dataclass
class Reader:
    lang: str
    seen: Any

    def t(self, fr: str, en: str) -> str:
        return fr if self.lang == "fr" else en


units = st.lists(st.fixed_dictionaries({"id": st.sampled_from(["s1", "s2", "s3", "archers"]),
                                        "name": st.sampled_from(["Spearmen", "Archers"])},
                                       optional={"name_fr": st.sampled_from(["Lanciers", "Archers"])}),
                 max_size=4, unique_by=lambda u: u["id"])


@given(units, st.sampled_from(["fr", "en"]), st.sampled_from(["s1", "s2", "s3", "archers", "gone"]))
def test_a_unit_is_named_alike_both_ways(army_units, lang, uid):
    army = {"units": army_units}
    reader = Reader(lang, {"players": {"a": {"army": army}}})
    assert army_unit("a", uid, reader) == unit_names_of(army, [uid], reader)[0]


def test_the_id_stands_beside_a_shared_name():
    army = {"units": [{"id": "s1", "name": "Spearmen"}, {"id": "s2", "name": "Spearmen"},
                      {"id": "b", "name": "Bowmen", "name_fr": "Archers"}]}
    reader = Reader("fr", {"players": {"a": {"army": army}}})
    assert unit_names_of(army, ["s1", "b", "gone"], reader) == ["Spearmen (s1)", "Archers", "gone"]
    assert army_unit("a", "s2", reader) == "Spearmen (s2)"
