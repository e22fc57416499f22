"""The campaign map as people want to see it: owners' colours, armies, fortresses, a legend."""

from __future__ import annotations

from ...core.i18n import Lang
from ...render.map_svg import render_map
from .state import AtlantisState

PALETTE = ("#c0392b", "#2471a3", "#229954", "#b7950b", "#7d3c98", "#d35400", "#17a589", "#a93226", "#5d6d7e")


def player_colours(s: AtlantisState) -> dict[str, str]:
    return {pid: PALETTE[i % len(PALETTE)] for i, pid in enumerate(s.players)}


def short_labels(ids: list[str]) -> dict[str, str]:
    """Three-character token labels, told apart when ids share a beginning (bot1, bot2 → bo1, bo2)."""
    labels = {pid: pid[:3] for pid in ids}
    if len(set(labels.values())) < len(ids):
        labels = {pid: (pid[:2] + pid[-1]) if len(pid) > 3 else pid for pid in ids}
    if len(set(labels.values())) < len(ids):
        labels = {pid: str(i + 1) for i, pid in enumerate(ids)}
    return labels


def campaign_svg(s: AtlantisState, lang: str = "fr", viewer: str | None = None) -> str:
    """The island as `viewer` sees it: owners, armies, fortresses and the territories' counts are public in
    Atlantis (no secret is drawn), so every viewer sees the same picture."""
    colours = player_colours(s)
    labels = short_labels(list(s.players))
    armies = [{"id": p.id, "player": p.id, "territory": p.position, "label": labels[p.id]}
              for p in s.players.values() if p.position is not None and p.army is not None]
    title = (f"Atlantide — tour {s.turn}" if lang == "fr" else f"Atlantis — turn {s.turn}")
    from .army_file import player_name_words
    named = {p.id: player_name_words(p.name, Lang(lang)) or p.name for p in s.players.values()}
    legend = [(colours[p.id], f"{named[p.id]} ({p.id}) — {len(s.owned(p.id))}"
               + (" terr." if lang == "fr" else " terr.")) for p in s.players.values()]
    island = render_map(s.map, owners=dict(s.owners), colours=colours, armies=armies,
                        fortresses={t: n for t, n in s.fortresses.items() if n}, title=title, lang=lang,
                        legend=legend)
    from ..skirmish.played import below  # a battle its players fight on the grid: its battlefield under the island
    from .views import unit_names
    return below(island, [b.fought for b in s.battles if b.fought is not None and b.result is None], lang,
                 unit_names(s, list(s.players)))
