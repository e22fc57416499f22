"""A counter's strengths as text, kept by its type (`Unit.strength_texts`, which the views print for every
counter), are what `Unit.strength` gives for that counter: every type, face and fading, asked in an order that
meets each memo entry after another counter of the same type filled it."""

from campagne.games.arc.data import unit_types
from campagne.games.arc.state import Unit
from campagne.games.arc.views import unit_view


def fresh(u: Unit) -> tuple[str, str, str]:
    return str(u.strength("melee")), str(u.strength("missile")), str(u.strength("defence"))


def test_strength_texts_are_the_strengths_of_every_type_face_and_fading() -> None:
    assert any(k.ability("fading") for k in unit_types().values())  # (the fading is met, not only the faces)
    for _round in range(2):
        for t in unit_types():
            for fading in (0, 1, 2, 3):
                for reduced in (False, True):
                    u = Unit(id=f"{t}.1", type=t, side=unit_types()[t].side, hex="0101", reduced=reduced,
                             fading=fading)
                    assert u.strength_texts() == fresh(u), (t, reduced, fading)
                    view = unit_view(u)
                    assert (view["melee"], view["missile"], view["defence"]) == fresh(u)
