"""What the awaited people type next on the command line, phase by phase (a page shows its forms instead:
`Lang.typed`)."""

from __future__ import annotations

from typing import Any

from ...core.i18n import Lang as Out

CHOICE_WORDS = {  # what `campagne order P event ...` takes, by the kind of choice (events.CHOICES)
    "own_army": ("ARMÉE (G, L1, L2)", "ARMY (G, L1, L2)"), "own_hero": ("ARMÉE", "ARMY"),
    "enemy_hero": ("JOUEUR:ARMÉE", "PLAYER:ARMY"), "own_unit": ("ARMÉE NOM-DE-L'UNITÉ", "ARMY UNIT-NAME"),
    "own_territory": ("CASE", "CELL"), "enemy_territory": ("CASE", "CELL"), "neutral_territory": ("CASE", "CELL"),
    "any_territory": ("CASE", "CELL"), "enemy_fortress": ("CASE", "CELL"), "enemy_mine": ("CASE", "CELL"),
    "own_building": ("CASE[:mine|fortress|town]", "CELL[:mine|fortress|town]"),
    "opponent": ("ADVERSAIRE", "OPPONENT"), "opponent_and_target": ("ADVERSAIRE CIBLE", "OPPONENT TARGET"),
}


def typing_hint(view: dict[str, Any], o: Out) -> str:
    """What the awaited people type next, so that nobody needs the manual at the table."""
    phase, who = view["phase"], view["awaiting"][0]
    if phase == "final":
        return o.t("campagne order referee final-battle --set winner=JOUEUR (résultat de la table), ou --set auto=true "
                   "(le résolveur ; avec --set resolver=grid, une bataille sur quadrillage)",
                   "campagne order referee final-battle --set winner=PLAYER (the table's result), "
                   "or --set auto=true (the resolver; with --set resolver=grid, a grid battle)")
    if phase == "events":
        ev = view["players"][who].get("event") or {}
        words = CHOICE_WORDS.get(ev.get("waiting_kind") or "", ("CHOIX", "CHOICE"))
        return o.t(f"campagne order {who} event {words[0]}", f"campagne order {who} event {words[1]}")
    if phase == "mines":
        me = view["players"][who]
        if me.get("mines_rolled") is None:  # another player's choice: he alone sees his rolls
            return o.t(f"{who} choisit pour ses mines", f"{who} chooses for his mines")
        if not me["mines_rolled"]:
            return o.t(f"campagne order {who} slaves CASE (la mine de ses prisonniers : +1)",
                       f"campagne order {who} slaves CELL (the mine of his prisoners: +1)")
        return o.t(f"campagne order {who} reroll-mine CASE (événement 52), ou campagne order {who} done",
                   f"campagne order {who} reroll-mine CELL (event 52), or campagne order {who} done")
    if phase == "movement":
        return o.t(f"campagne order {who} move ARMÉE CASE CASE... puis campagne order {who} done",
                   f"campagne order {who} move ARMY CELL CELL... then campagne order {who} done")
    if phase == "construction":
        return o.t(f"campagne order {who} build ARMÉE mine|fortress|town, ou campagne order {who} done",
                   f"campagne order {who} build ARMY mine|fortress|town, or campagne order {who} done")
    if phase == "challenges":
        offered = [c for c in view["challenges"] if c["status"] == "offered" and c["challenger"] == who]
        if offered:
            n, k = offered[0]["id"], offered[0]["relics_offered"]
            return o.t(f"{offered[0]['defender']} offre {k} point(s) de relique (+{k} à sa sauvegarde) : campagne "
                       f"order {who} take-relics {n}, ou campagne order {who} decline-relics {n}",
                       f"{offered[0]['defender']} offers {k} relic point(s) (+{k} to his save): campagne order "
                       f"{who} take-relics {n}, or campagne order {who} decline-relics {n}")
        pending = [c for c in view["challenges"] if c["status"] == "pending" and c["defender"] == who]
        if pending:
            n = pending[0]["id"]
            return o.t(f"campagne order {who} accept {n} ARMÉE, ou campagne order {who} refuse {n} "
                       f"[--set relics=N : N points de relique offerts au challenger, +1 chacun à la sauvegarde "
                       f"s'il accepte]",
                       f"campagne order {who} accept {n} ARMY, or campagne order {who} refuse {n} "
                       f"[--set relics=N: N relic points offered to the challenger, +1 each to the save if he "
                       f"agrees]")
        return o.t(f"campagne order {who} challenge ARMÉE ADVERSAIRE CASE, ou campagne order {who} done",
                   f"campagne order {who} challenge ARMY OPPONENT CELL, or campagne order {who} done")
    if phase == "battles":
        n = next((b["id"] for b in view["battles"] if b["result"] is None), "?")
        return o.t(f"campagne battle-result {n} --winner JOUEUR [--hero-killed JOUEUR:ARMÉE], ou --auto",
                   f"campagne battle-result {n} --winner PLAYER [--hero-killed PLAYER:ARMY], or --auto")
    return ""
