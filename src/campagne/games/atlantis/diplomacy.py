"""Diplomacy: recorded agreements, loot transfers, and permissions the other phases honour.

"Lors d'un échange avantage contre butin, l'accord doit être public." Agreements "peuvent être
rompu au début de chaque phase du jeu": `break` is accepted in every phase.
"""

from __future__ import annotations

from . import turn
from .context import Ctx, Event, need
from .state import Agreement
from .turn import require_phase

PERMISSIONS = ("passage", "supply", "taxes")


def order_agree(ctx: Ctx) -> list[Event]:
    """An agreement between the player giving the order and the other `parties` (he may list himself).

    In the supply phase only a public supply permission may be given: "Le joueur offrant cette
    possibilité doit l'annoncer clairement aux autres joueurs durant cette phase d'évaluation du
    ravitaillement."
    """
    require_phase(ctx.state, "diplomacy", "supply")
    s = ctx.state
    me = ctx.active_player().id
    listed = ctx.cmd.get("parties")
    need(isinstance(listed, list) and all(isinstance(q, str) for q in listed)
         and len(set(listed)) == len(listed),
         "diplomacy.bad_parties", parties=listed)
    parties = listed if me in listed else [me, *listed]
    need(len(parties) >= 2 and all(q in s.players and not s.players[q].eliminated for q in parties),
         "diplomacy.bad_parties", parties=parties)
    public = bool(ctx.cmd.get("public", True))
    text = str(ctx.cmd.get("text", ""))
    loot = ctx.arg("loot", int, 0)
    payer, payee = ctx.cmd.get("loot_from"), ctx.cmd.get("loot_to")
    grantor = ctx.cmd.get("grantor")
    perms = {k: ctx.cmd.get(k, []) or [] for k in PERMISSIONS}
    for k, who in perms.items():
        need(isinstance(who, list), "order.bad_field", field=k, value=who)
    perms = {k: list(who) for k, who in perms.items()}
    if loot:
        need(payer in parties and payee in parties and payer != payee, "diplomacy.bad_transfer")
        # The loot is handed over by its owner: nobody spends another player's loot.
        need(payer == me, "diplomacy.payer_orders", player=me, payer=payer)
        ctx.spend(s.players[payer], loot, "loot")
    if any(perms.values()):
        need(grantor in parties, "diplomacy.bad_grantor", grantor=grantor)
        for k, who in perms.items():
            need(all(q in parties and q != grantor for q in who), "diplomacy.bad_parties", parties=who)
    # An advantage traded for loot must be public.
    need(public or not (loot and any(perms.values())), "diplomacy.must_be_public")
    if s.phase == "supply":
        need(public and not loot and perms["supply"] and not perms["passage"] and not perms["taxes"],
             "diplomacy.supply_phase_only_supply")
    a = Agreement(id=len(s.agreements) + 1, parties=list(parties), text=text, public=public, turn=s.turn,
                  loot_from=payer if loot else None, loot_to=payee if loot else None, loot=loot,
                  grantor=grantor if any(perms.values()) else None, **perms)
    if loot:
        s.players[payer].loot -= loot
        s.players[payee].loot += loot
    s.agreements.append(a)
    events: list[Event] = [{"type": "agreement", "id": a.id, "parties": a.parties, "public": public,
             "private": None if public else {"text": text},
             "text": text if public else None, "loot": loot, "loot_from": a.loot_from, "loot_to": a.loot_to,
             "grantor": a.grantor, **perms}]
    if s.phase == "supply":
        events += turn.open_supply(ctx)  # the routes are evaluated again with the new permission
    return events


def order_break(ctx: Ctx) -> list[Event]:
    s = ctx.state
    p = ctx.active_player()
    aid = ctx.arg("agreement", int)
    a = next((x for x in s.agreements if x.id == aid), None)
    need(a is not None and p.id in a.parties, "diplomacy.unknown_agreement", agreement=aid, player=p.id)
    need(a.broken_by is None, "diplomacy.already_broken", agreement=aid)
    a.broken_by = p.id
    events: list[Event] = [{"type": "agreement_broken", "id": aid, "player": p.id, "phase": s.phase,
                            "parties": a.parties, "public": a.public}]
    if s.phase == "supply" and a.supply:
        # Broken during the supply phase: the routes it opened are closed for this turn's evaluation.
        events += turn.open_supply(ctx)
    return events
