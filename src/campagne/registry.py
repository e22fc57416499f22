"""The registered games: one entry-point group, `campagne.games`, so that campagne's own games and a club's
ruleset installed as a package plug in the same way (`[project.entry-points."campagne.games"]`).

This is the edge that reads the installed packages' metadata; the descriptors themselves are pure data
(`campagne.core.interface.GameDescriptor`).
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points

from .core.errors import CampagneError
from .core.interface import GameDescriptor

GROUP = "campagne.games"


@cache
def games() -> dict[str, GameDescriptor]:
    """Every registered game by name, in the order of their names."""
    found: dict[str, GameDescriptor] = {}
    for ep in entry_points(group=GROUP):
        descriptor = ep.load()
        if not isinstance(descriptor, GameDescriptor) or descriptor.name != ep.name:
            raise CampagneError("ruleset.bad_descriptor", name=ep.name)
        found[ep.name] = descriptor
    return dict(sorted(found.items()))


def game(name: str, kind: str | None = None) -> GameDescriptor:
    """The game registered as `name` (of this kind, "campaign" or "battle", when given)."""
    known = {n: g for n, g in games().items() if kind is None or g.kind == kind}
    if name not in known:
        raise CampagneError("ruleset.unknown", name=name, known=", ".join(known))
    return known[name]
