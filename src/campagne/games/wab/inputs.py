"""What people type that a WAB battle turns into data: each side's army list (a packaged Atlantis list, an
Atlantis army file or a WAB army list file) and the battle's set-up."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...core.errors import CampagneError, register_messages
from ...storage.text_file import load_toml, read_utf8


def load_side(name: str) -> dict[str, Any]:
    """A setup side from a packaged Atlantis list, an Atlantis army file or a WAB army list file."""
    from ..atlantis import army as armies
    path = Path(name)
    if path.suffix != ".toml":
        return {"army": armies.load_packaged_army(name).to_dict(), "format": "atlantis", "french_names": True}
    raw = load_toml(read_utf8(path, "wab.cli.bad_list", "wab.cli.bad_list", name="name"), "wab.cli.bad_list",
                    name=name)
    units = raw.get("units") or []
    atlantis = "people" in raw or "general" in raw or any(isinstance(u, dict) and "points_per_model" in u
                                                          for u in units)
    if atlantis:
        return {"army": armies.load_army_file(path).to_dict(), "format": "atlantis", "french_names": True}
    return {"army": raw, "format": "wab"}


def build_setup(players: list[dict[str, Any]], options: Mapping[str, Any]) -> dict[str, Any]:
    """Two players, sides a and b in that order, each with its army list (`side`)."""
    if len(players) != 2:
        raise CampagneError("wab.cli.two_sides", count=len(players))
    setup: dict[str, Any] = {}
    for side, p in zip(("a", "b"), players):
        setup[side] = {**load_side(p.get("side") or "mercenaires-atlantes"), "player": p["id"]}
    if options.get("table_dice"):
        setup["table_dice"] = True
    return setup


def setup_from_atlantis(state: Any, territory: str | None = None) -> dict[str, Any]:
    """The setup of an Atlantis campaign's battle (an `AtlantisState`): both armies as they stand, losses of
    earlier battles included, the army that arrived as side a (it plays first), the territory and scenario
    as context. `territory` may be left out when one battle only is to be fought."""
    from .tracker import setup_from_armies
    waiting = [b for b in state.battles if b.result is None]
    if territory is None and not waiting:
        raise CampagneError("wab.cli.no_battle")
    if territory is None:
        if len(waiting) != 1:
            raise CampagneError("wab.cli.which_battle", count=len(waiting),
                                territories=", ".join(b.territory for b in waiting) or "-")
        battle = waiting[0]
    else:
        battle = next((b for b in state.battles if b.territory == territory), None)
        if battle is None or battle.result is not None:
            raise CampagneError("wab.cli.no_battle_there", territory=territory,
                                territories=", ".join(b.territory for b in waiting) or "-")
    pa, pb = state.players[battle.a], state.players[battle.b]
    context = {"territory": battle.territory, **({"scenario": battle.scenario} if battle.scenario else {})}
    return setup_from_armies(pa.army, pb.army, players={"a": pa.id, "b": pb.id}, context=context)


register_messages({
    "wab.cli.no_battle": {
        "en": "The campaign has no battle to fight now (its battles are fought in its battles phase).",
        "fr": "La campagne n'a aucune bataille à livrer maintenant (elles se livrent pendant sa phase des "
              "batailles).",
    },
    "wab.cli.which_battle": {
        "en": "The campaign has {count} battles to fight ({territories}): name one with --territory.",
        "fr": "La campagne a {count} batailles à livrer ({territories}) : nommez-en une avec --territory.",
    },
    "wab.cli.no_battle_there": {
        "en": "The campaign has no battle left to fight in {territory} (to fight: {territories}).",
        "fr": "La campagne n'a plus de bataille à livrer en {territory} (à livrer : {territories}).",
    },
    "wab.cli.no_armies": {
        "en": "Give both armies (--a and --b), or the Atlantis or Gorges campaign whose battle this is "
              "(--from-campaign).",
        "fr": "Donnez les deux armées (--a et --b), ou la campagne d'Atlantis ou des Gorges dont c'est la bataille "
              "(--from-campaign).",
    },
    "wab.cli.bad_list": {
        "en": "Cannot read the army list {name!r}: {reason}.",
        "fr": "Impossible de lire la liste d'armée {name!r} : {reason}.",
    },
    "wab.cli.two_sides": {"en": "A battle has two sides (got {count} players).",
                          "fr": "Une bataille oppose deux camps ({count} joueurs donnés)."},
})
