"""The Gorges Tranchées campaign as a picture: the island of `render.hex_svg` with this campaign's board.

Owners get a colour each (the legend gives their race and relic points), buildings and capitals are
drawn where they stand now (a capital slot no player took is left blank), every army in play is a token
of its player's colour marked with its key (G, L1, L2, R), and Captain Crown's ghost haunts its cell.
"""

from __future__ import annotations

from ...core.hexgrid import Hex
from ...render.hex_svg import render_hex_map
from .map import parse_cell_id
from .sheet_words import race_name
from .state import PHASE_NAMES, SEASON_NAMES, GorgesState

# Strong colours that stand out from the terrain fills and from each other, in player order.
PALETTE = ("#c0392b", "#2471a3", "#7d3c98", "#e67e22", "#145a32", "#f1c40f", "#17a589", "#212f3d")


def player_colours(s: GorgesState) -> dict[str, str]:
    return {pid: PALETTE[i % len(PALETTE)] for i, pid in enumerate(s.players)}


def title(s: GorgesState, lang: str = "fr") -> str:
    fr = lang == "fr"
    season = SEASON_NAMES[s.season][0 if fr else 1]
    phase = PHASE_NAMES.get(s.phase, (s.phase, s.phase))[0 if fr else 1]
    turn = "tour" if fr else "turn"
    return f"Gorges Tranchées — {turn} {s.turn} ({season}) — {phase}"


def legend_line(s: GorgesState, pid: str, lang: str = "fr") -> str:
    p = s.players[pid]
    name = p.name if p.name == pid else f"{p.name} ({pid})"
    relics = f"{p.relics} pt{'s' if p.relics > 1 else ''} de relique" if lang == "fr" else \
        f"{p.relics} relic point{'' if p.relics == 1 else 's'}"
    return f"{name} — {race_name(p.race, lang)} — {relics}"


def campaign_svg(s: GorgesState, lang: str = "fr", viewer: str | None = None) -> str:
    """The island as `viewer` sees it: owners, buildings, armies, the ghost and the relic points are public on
    the Gorges Tranchées (no secret is drawn), so every viewer sees the same picture."""
    lang = "fr" if lang == "fr" else "en"
    owners: dict[Hex, str] = {parse_cell_id(t): o for t, o in s.owners.items() if o is not None}
    capitals = {p.capital for p in s.players.values() if p.capital}
    buildings: dict[Hex, tuple[str, ...]] = {}
    for h in s.map.land_cells:
        tid = f"{h[0]},{h[1]}"
        buildings[h] = (("capital",) if tid in capitals else ()) + tuple(s.buildings.get(tid, ()))
    armies: dict[Hex, list[tuple[str, str]]] = {}
    for p in s.players.values():
        for a in p.armies.values():
            if a.position is not None:
                armies.setdefault(parse_cell_id(a.position), []).append((p.id, a.key))
    island = render_hex_map(s.map, owners=owners, colours=player_colours(s), armies=armies, buildings=buildings,
                            ghost=parse_cell_id(s.ghost), title=title(s, lang), lang=lang,
                            player_labels={pid: legend_line(s, pid, lang) for pid in s.players})
    from ..skirmish.played import below  # a battle its players fight on the grid: its battlefield under the island
    return below(island, [b.fought for b in s.battles if b.fought is not None and b.result is None], lang)


__all__ = ["campaign_svg", "player_colours"]
