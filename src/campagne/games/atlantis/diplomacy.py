"""Diplomacy: recorded agreements, loot transfers, and permissions the other phases honour.

An agreement is proposed by one party (`agree`) and binds once every other party has confirmed it (`accept`);
a party may `decline` it (the proposer withdraws it the same way); a proposal nobody finished confirming lapses
when its phase closes. So nothing is given without its giver's own order: the payer of a loot transfer and the
grantor of a permission over his land are parties, and the agreement binds only once they have confirmed it. "Lors d'un échange avantage contre butin, l'accord doit être public": an agreement that moves
loot and grants anything (a permission or written terms) must be public. Agreements "peuvent être rompu au début
de chaque phase du jeu": `break` is accepted in every phase.

Each player names an agreement by his own number for it (`Agreement.numbers`): `accept 2` is the second agreement
*he* may see. `agreement_named` is the one place his number becomes the agreement; every event about an agreement
carries everyone's number for it (`numbers`), which `views.redact_event` turns into the reader's own.
"""

from __future__ import annotations

from . import turn
from .context import Ctx, Event, need
from .state import ANYONE, Agreement, AtlantisState
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
        ctx.spend(s.players[payer], loot, "loot")  # checked now, handed over when the agreement binds
    if any(perms.values()):
        need(grantor in parties, "diplomacy.bad_grantor", grantor=grantor)
        for k, who in perms.items():
            need(all(q in parties and q != grantor for q in who), "diplomacy.bad_parties", parties=who)
    # An advantage (a permission, or terms written down) traded for loot must be public.
    need(public or not (loot and (any(perms.values()) or text.strip())), "diplomacy.must_be_public")
    if s.phase == "supply":
        need(public and not loot and perms["supply"] and not perms["passage"] and not perms["taxes"],
             "diplomacy.supply_phase_only_supply")
    a = Agreement(id=len(s.agreements) + 1, parties=list(parties), text=text, public=public, turn=s.turn,
                  loot_from=payer if loot else None, loot_to=payee if loot else None, loot=loot,
                  grantor=grantor if any(perms.values()) else None, accepted=[me], status="proposed", **perms)
    a.numbers = _numbers(s, a)
    s.agreements.append(a)
    return [{"type": "agreement_proposed", "id": a.id, "player": me, "parties": a.parties, "public": public,
             "private": None if public else {"text": text}, "text": text if public else None, "loot": loot,
             "loot_from": a.loot_from, "loot_to": a.loot_to, "grantor": a.grantor, **perms, **_numbered(a)}]


def _numbers(s: AtlantisState, a: Agreement) -> dict[str, int]:
    """The new agreement's number for each who may see it: one more than the agreements he already may see (none
    in a campaign set up before this numbering)."""
    if not s.numbered_per_player:
        return {}
    seers = [*s.players, ANYONE] if a.public else a.parties
    return {v: 1 + sum(b.seen_by(v) for b in s.agreements) for v in seers}


def _numbered(a: Agreement) -> dict[str, dict[str, int]]:
    """An agreement event's `numbers` (none in a campaign set up before: its journal replays as written)."""
    return {"numbers": dict(a.numbers)} if a.numbers else {}


def agreement_named(s: AtlantisState, player: str, number: int) -> Agreement | None:
    """The agreement `player` calls `number` (his own numbering), if he is party to it."""
    return next((a for a in s.agreements if player in a.parties and a.number_for(player) == number), None)


def _proposal(ctx: Ctx) -> tuple[Agreement, str]:
    """The proposal an `accept` or `decline` answers, and the party answering."""
    require_phase(ctx.state, "diplomacy", "supply")
    me = ctx.active_player().id
    aid = ctx.arg("agreement", int)
    a = agreement_named(ctx.state, me, aid)
    need(a is not None, "diplomacy.unknown_agreement", agreement=aid, player=me)
    need(a.status == "proposed", "diplomacy.not_proposed", agreement=aid)
    return a, me


def order_accept(ctx: Ctx) -> list[Event]:
    """A party confirms a proposal; the last confirmation puts it in force (and hands over its loot)."""
    s = ctx.state
    a, me = _proposal(ctx)
    need(me not in a.accepted, "diplomacy.already_accepted", agreement=a.number_for(me), player=me)
    events: list[Event] = [{"type": "agreement_accepted", "id": a.id, "player": me, "parties": a.parties,
                            "public": a.public, **_numbered(a)}]
    if set(a.accepted) | {me} != set(a.parties):
        a.accepted.append(me)
        return events
    if a.loot:  # handed over only now, by the payer who proposed it: he must still have it
        ctx.spend(s.players[a.loot_from], a.loot, "loot")
    a.accepted.append(me)
    a.status = "in_force"
    if a.loot:
        s.players[a.loot_from].loot -= a.loot
        s.players[a.loot_to].loot += a.loot
    perms = {k: list(getattr(a, k)) for k in PERMISSIONS}
    events.append({"type": "agreement", "id": a.id, "parties": a.parties, "public": a.public,
                   "private": None if a.public else {"text": a.text}, "text": a.text if a.public else None,
                   "loot": a.loot, "loot_from": a.loot_from, "loot_to": a.loot_to, "grantor": a.grantor, **perms,
                   **_numbered(a)})
    if s.phase == "supply":
        events += turn.open_supply(ctx)  # the routes are evaluated again with the new permission
    return events


def order_decline(ctx: Ctx) -> list[Event]:
    """A party declines a proposal (its proposer withdraws it): it never binds."""
    a, me = _proposal(ctx)
    a.status = "declined"
    return [{"type": "agreement_declined", "id": a.id, "player": me, "parties": a.parties, "public": a.public,
             **_numbered(a)}]


def lapse_proposals(s: AtlantisState) -> list[Event]:
    """When the phase closes, proposals not confirmed by every party lapse."""
    events: list[Event] = []
    for a in s.agreements:
        if a.status == "proposed":
            a.status = "lapsed"
            events.append({"type": "agreement_lapsed", "id": a.id, "parties": a.parties, "public": a.public,
                           "waiting": [q for q in a.parties if q not in a.accepted], **_numbered(a)})
    return events


def order_break(ctx: Ctx) -> list[Event]:
    s = ctx.state
    p = ctx.active_player()
    aid = ctx.arg("agreement", int)
    a = agreement_named(s, p.id, aid)
    need(a is not None, "diplomacy.unknown_agreement", agreement=aid, player=p.id)
    need(a.status == "in_force", "diplomacy.not_in_force", agreement=aid)
    need(a.broken_by is None, "diplomacy.already_broken", agreement=aid)
    a.broken_by = p.id
    events: list[Event] = [{"type": "agreement_broken", "id": a.id, "player": p.id, "phase": s.phase,
                            "parties": a.parties, "public": a.public, **_numbered(a)}]
    if s.phase == "supply" and a.supply:
        # Broken during the supply phase: the routes it opened are closed for this turn's evaluation.
        events += turn.open_supply(ctx)
    return events
