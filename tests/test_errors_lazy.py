"""A refusal's sentence is made when it is read, not when it is raised (the legal orders meet thousands of
refusals a step that nobody reads): it reads, prints, copies and pickles as it did when it was made at once."""

from __future__ import annotations

import copy
import pickle

import pytest

from campagne.core.errors import CampagneError


def test_a_refusal_is_raised_without_its_sentence_and_reads_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []
    plain = CampagneError.message

    def spy(self: CampagneError, lang: str = "en") -> str:
        made.append(lang)
        return plain(self, lang)

    monkeypatch.setattr(CampagneError, "message", spy)
    e = CampagneError("dice.syntax", expr="2d", pos=2, reason={"en": "a number", "fr": "un nombre"})
    assert made == []
    sentence = "Bad dice expression '2d' at position 2: a number."
    assert str(e) == f"{e}" == sentence
    assert repr(e) == f"CampagneError({sentence!r})"
    assert e.message("fr") == "Expression de dés '2d' invalide à la position 2 : un nombre."
    assert e.to_dict()["message"] == sentence
    for twin in (pickle.loads(pickle.dumps(e)), copy.deepcopy(e), copy.copy(e)):
        assert (twin.code, twin.params, str(twin)) == (e.code, e.params, sentence)
    with pytest.raises(CampagneError, match="position 2"):
        raise e
    unknown = CampagneError("no.such.code", a=1)
    assert str(unknown) == "no.such.code: a=1"
