"""Exact odds beside a Gorges player's decisions, and the threats to his land — computed on his information state
(`views.information_state`), so that they show nothing his view hides; only what the rules leave to dice.

Decisions the rules give him now: refusing a challenge (his save, with each number of relic points he may offer)
or accepting it with each army; taking or declining relic points offered; each challenge he may issue (the save if
refused, the battle if accepted) and the Elves' or Skaven's raid; his battles if auto-resolved (won, his hero's fall,
his army out until next season); the Dark Elves' prisoners and event 52's mine re-roll; the High Elves' movement
re-roll; each enemy territory or army a move reaches (the save if he challenges there, the two-armies D6 table if
nobody does); a building that changes his save. Threats, every phase: each enemy army that can reach his land in
one move (the chance its die allows it, events aside; his save there; the battle with his army there), the raiders,
and the D6 table awaiting his army beside an enemy army with no challenge.
"""
from __future__ import annotations

import copy
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ...core.dice import Dice
from ...core.dice_notation import distribution
from ...core.i18n import Lang, chance
from ...core.interface import Field, LegalOrder
from ...core.legal import accepts
from .battles import AUTO_DICE, auto_odds
from .conquest import engaged, save_flags
from .context import Ctx
from .data import races, tables
from .legal import legal_orders, reach
from .map import parse_cell_id
from .movement import move_dice
from .odds import save_odds
from .rules import GorgesRules, awaiting
from .sheet_words import row_label
from .choice_names import army_words, own_army_words
from .state import Battle, GorgesState, Player
from .views import information_state

Advice = dict[str, Any]
Legal = dict[str, list[LegalOrder]]
HERO_KILLED_ON = {"winner": 6, "loser": 4}  # battles.order_auto_resolve: the loser's hero on 4+, the winner's on 6


def advice(s: GorgesState, viewer: str | None, lang: str = "en") -> list[Advice]:
    """[{"about": an order type or "threat", "text": one sentence, ...}] for `viewer` now (nothing for the
    referee or a spectator, who make none of these decisions)."""
    if viewer is None or viewer not in s.players or s.phase in ("setup", "ended"):
        return []
    s = information_state(s, viewer)
    o, p = Lang(lang), s.players[viewer]
    legal = _legal(s, p)
    return (_challenged(s, p, o, legal) + _challenges(s, p, o, legal) + _battles(s, p, o)
            + _mines(s, p, o, legal) + _movement(s, p, o, legal) + _builds(s, p, o, legal) + _threats(s, p, o))


def _legal(s: GorgesState, p: Player) -> Legal:
    """His orders now as `legal.legal_orders` lists them — but moves, for which it tries every walk of every army:
    one step tried tells whether an army may move, `legal.reach` where (order_move takes any walk in reach)."""
    orders: list[LegalOrder] = []
    if p.id in awaiting(s) and s.phase != "movement":
        orders = legal_orders(s, p.id)
    elif p.id in awaiting(s):
        orders = [LegalOrder("reroll", p.id)] if accepts(GorgesRules(), s, {"type": "reroll", "player": p.id}) else []
        for a in p.in_play():
            walks = tuple(w for w in reach(s, a.position or "", max(0, a.move_allowance)).values() if w)
            if walks and accepts(GorgesRules(), s, {"type": "move", "player": p.id, "army": a.key,
                                                     "path": walks[0]}):
                orders.append(LegalOrder("move", p.id, {"army": a.key}, (Field("path", choices=walks),)))
    return {kind: [lo for lo in orders if lo.type == kind] for kind in {lo.type for lo in orders}}


def _choices(legal: Legal, kind: str) -> list[tuple[dict[str, Any], tuple[Any, ...]]]:
    return [(dict(lo.fixed), lo.fields[0].choices if lo.fields else ()) for lo in legal.get(kind, [])]


@lru_cache(maxsize=4096)
def _save_odds(flags: tuple[tuple[str, Any], ...], relics: int) -> Fraction:
    return save_odds(relics_given=relics, **dict(flags))


def save(s: GorgesState, attacker: str, defender: str, target: str, relics: int = 0) -> Fraction:
    """conquest.save_chance, remembered by the board's flags (the same few come back for every territory)."""
    return _save_odds(tuple(sorted(save_flags(s, attacker, defender, target).items())), relics)


def _table(o: Lang, name: str, shift: int = 0) -> str:
    t = tables()[name]
    return ", ".join(f"{row_label(t.row(k), o.lang)} {chance(v, o.lang)}" for k, v in t.outcome_distribution(shift).items()
                     if v)


def fight(s: GorgesState, pid: str, b: Battle) -> tuple[Fraction, Fraction | None, Fraction]:
    """`pid`'s chance to win battle `b` if the table resolves it (battles.auto_odds), his hero's chance to fall
    (None: no hero on the field), and his army's chance to be out of play until next season."""
    attacker = auto_odds(s, b, pid)
    win = attacker if b.attacker == pid else 1 - attacker
    d6 = distribution("1D6")
    killed = {side: sum((q for f, q in d6.items() if f >= n), Fraction(0)) for side, n in HERO_KILLED_ON.items()}
    army = s.players[pid].armies[b.attacker_army if b.attacker == pid else b.defender_army]
    hero = win * killed["winner"] + (1 - win) * killed["loser"] if army.hero.on_the_field else None
    out = tables()["fate_of_beaten_army"].outcome_distribution().get("out_until_next_season", Fraction(0))
    return win, hero, (1 - win) * out


def _challenged(s: GorgesState, p: Player, o: Lang, legal: Legal) -> list[Advice]:
    """A challenge to answer, or relic points offered to take or decline."""
    out: list[Advice] = []
    for c in (c for c in s.challenges if c.status == "offered" and c.challenger == p.id):
        give = min(c.relics_offered, s.players[c.defender].relics)  # conquest.order_answer_relics
        for about, r, fr, en in (("take-relics", give, f"en prenant les {give} point(s) de relique",
                                  f"taking the {give} relic point(s)"), ("decline-relics", 0, "en les refusant",
                                                                          "declining them")):
            took = chance(1 - save(s, p.id, c.defender, c.target, r), o.lang)
            out.append({"about": about, "challenge": c.id, "text": o.t(
                f"Défi n°{c.id}, {fr} : vous prenez {c.target} {took}",
                f"Challenge #{c.id}, {en}: you take {c.target} {took}")})
    for c in (c for c in s.challenges if c.status == "pending" and c.defender == p.id):
        army = s.players[c.challenger].armies.get(c.army)
        text = o.t(f"Défi n°{c.id} de {c.challenger} pour {c.target}, refusé : ",
                   f"Challenge #{c.id} of {c.challenger} for {c.target}, refused: ")
        # conquest.order_refuse: the save roll when the challenger's army stands on the defender's territory
        if army is not None and army.position == c.target and s.owners.get(c.target) == p.id:
            saves = [save(s, c.challenger, p.id, c.target)]
            while len(saves) <= p.relics and saves[-1] < 1:
                saves.append(save(s, c.challenger, p.id, c.target, len(saves)))
            text += o.t(f"votre sauvegarde le garde {chance(saves[0], o.lang)}", f"your save keeps it {chance(saves[0], o.lang)}")
            text += "".join(o.t(f" ; {r} point(s) de relique offert(s), s'il les prend : {chance(v, o.lang)}",
                                f"; {r} relic point(s) offered, if he takes them: {chance(v, o.lang)}")
                            for r, v in enumerate(saves) if r)
        elif army is not None and army.in_play and s.owners.get(c.target) == c.challenger:
            text += o.t("votre armée qui s'y trouve est repoussée", "your army there is pushed back")
        else:
            text += o.t("rien ne se passe", "nothing happens")
        out.append({"about": "refuse", "challenge": c.id, "text": text})
        for fixed, keys in _choices(legal, "accept"):
            if fixed.get("challenge") == c.id and keys:
                won = ", ".join(o.t("{} avec {}", "{} with {}").format(
                    chance(fight(s, p.id, Battle(0, 0, c.target, c.challenger, c.army, p.id, k))[0], o.lang), k) for k in keys)
                out.append({"about": "accept", "challenge": c.id, "text": o.t(
                    f"Défi n°{c.id}, accepté et résolu par la table ({AUTO_DICE}) : gagné {won}",
                    f"Challenge #{c.id}, accepted and resolved by the table ({AUTO_DICE}): won {won}")})
    return out


def _challenges(s: GorgesState, p: Player, o: Lang, legal: Legal) -> list[Advice]:
    """The challenges he may issue, grouped by defender and territory; his raid."""
    targets: dict[tuple[str, str], list[str]] = {}
    for fixed, cells in _choices(legal, "challenge"):
        for t in cells:
            targets.setdefault((fixed["defender"], t), []).append(fixed["army"])
    out: list[Advice] = []
    for (d, t), keys in targets.items():
        here = "/".join(k for k in keys if p.armies[k].position == t)
        if here and s.owners.get(t) == d:
            took = chance(1 - save(s, p.id, d, t), o.lang)
            refused = o.t(f"refusé, sa sauvegarde échoue {took} si le défi vient de {here} (sur place), sinon rien",
                          f"refused, his save fails {took} if the challenge comes from {here} (there), else nothing")
        elif s.owners.get(t) == p.id:
            refused = o.t("refusé, son armée est repoussée", "refused, his army is pushed back")
        else:
            refused = o.t("refusé, rien ne se passe", "refused, nothing happens")
        # conquest.order_accept: the armies he could take it up with
        them = [a.key for a in s.players[d].armies.values() if a.in_play and not a.built and not engaged(s, a)]
        wins = [fight(s, p.id, Battle(0, 0, t, p.id, k, d, dk))[0] for k in keys for dk in them]
        span = chance(min(wins), o.lang) + ("" if min(wins) == max(wins) else f" – {chance(max(wins), o.lang)}") if wins else ""
        accepted = o.t(f" ; accepté et résolu par la table, gagné {span} selon les armées",
                       f"; accepted and resolved by the table, won {span} depending on the armies") if wins else ""
        out.append({"about": "challenge", "defender": d, "territory": t,
                    "text": o.t(f"Défi à {d} pour {t} : ", f"Challenge {d} for {t}: ") + refused + accepted})
    kind = _raid_kind(p)
    if kind and legal.get("raid"):
        out.append({"about": "raid", "text": o.t("Raid : ", "Raid: ") + _table(o, kind) + o.t(
            " ; puis un défi au maître du territoire", "; then a challenge to the territory's owner")})
    return out


def _battles(s: GorgesState, p: Player, o: Lang) -> list[Advice]:
    fights = [b for b in s.battles if b.result is None and p.id in (b.attacker, b.defender)]
    if s.phase in ("challenges", "conquest"):  # accepted challenges: their battles open in phase 9
        fights += [Battle(0, 0, c.target, c.challenger, c.army, c.defender, c.defender_army) for c in s.challenges
                   if c.status == "accepted" and p.id in (c.challenger, c.defender) and all(
                       getattr(s.players[x].armies.get(k or ""), "in_play", False)
                       for x, k in ((c.challenger, c.army), (c.defender, c.defender_army)))]
    out: list[Advice] = []
    for b in fights:
        (win, hero, gone), where = fight(s, p.id, b), b.territory
        other = b.defender if b.attacker == p.id else b.attacker
        fr, en = ("", "") if hero is None else (f", votre héros tombe {chance(hero, o.lang)}",
                                                f", your hero falls {chance(hero, o.lang)}")
        out.append({"about": "battle-result", "territory": b.territory, "text": o.t(
            f"Bataille de {where} contre {other}, résolue par la table ({AUTO_DICE}) : gagnée {chance(win, o.lang)}{fr}, "
            f"votre armée hors jeu jusqu'à la saison suivante {chance(gone, o.lang)}",
            f"Battle of {where} against {other}, resolved by the table ({AUTO_DICE}): won {chance(win, o.lang)}{en}, "
            f"your army out of play until next season {chance(gone, o.lang)}")})
    return out


def _mines(s: GorgesState, p: Player, o: Lang, legal: Legal) -> list[Advice]:
    bonus = tables()["mines"].modifier("dark_elf_slaves").value
    out: list[Advice] = []
    if legal.get("slaves"):
        with_, without = _table(o, "mines", bonus), _table(o, "mines")
        out.append({"about": "slaves", "text": o.t(f"Prisonniers dans une mine (+{bonus}) : {with_} ; sans : {without}",
                                                   f"Prisoners in a mine (+{bonus}): {with_}; without: {without}")})
    cells = {t for _, ts in _choices(legal, "reroll-mine") for t in ts}
    for r in (r for r in p.mines_rolled if r["territory"] in cells):
        again, now, where = _table(o, "mines", bonus * r["slaves"]), row_label(r["roll"].row, o.lang), r["territory"]
        out.append({"about": "reroll-mine", "territory": r["territory"], "text": o.t(
            f"Relancer la mine de {where} (maintenant : {now}) : {again}",
            f"Re-roll the mine of {where} (now: {now}): {again}")})
    return out


def _move_die(s: GorgesState, q: Player, events: bool = True) -> tuple[str, int]:
    expr, bonus = move_dice(Ctx(s, {}, Dice.seeded("advice", 0)), q)
    if events and (q.event or {}).get("key") in ("fog_of_war", "swift_couriers"):  # as movement.order_reroll
        expr = (q.event or {})["rolled"].sub("move_dice").dice
    return expr, bonus


def _movement(s: GorgesState, p: Player, o: Lang, legal: Legal) -> list[Advice]:
    out: list[Advice] = []
    if legal.get("reroll"):
        expr, bonus = _move_die(s, p)
        shown = ", ".join(f"{k + bonus} {chance(v, o.lang)}" for k, v in distribution(expr).items())
        now = max(a.move_allowance for a in p.armies.values())
        out.append({"about": "reroll", "text": o.t(
            f"Relancer le dé de mouvement (vous avez {now}) : {shown} ; le second résultat s'applique",
            f"Re-roll the movement die (you have {now}): {shown}; the second result applies")})
    for t in dict.fromkeys(path[-1] for _, paths in _choices(legal, "move") for path in paths):
        owner, enemies, parts = s.owners.get(t), [a for a in s.armies_at(t) if a.player != p.id], []
        if owner not in (None, p.id):
            took = chance(1 - save(s, p.id, owner or "", t), o.lang)
            parts.append(o.t(f"un défi à {owner} refusé, sa sauvegarde échoue {took}",
                             f"a challenge to {owner} refused, his save fails {took}"))
        if enemies:
            parts.append(o.t(f"avec {army_words(enemies[0].ref, o)} et sans défi, la table D6 (A, arrivée la dernière : vous) : ",
                             f"with {army_words(enemies[0].ref, o)} and no challenge, the D6 table (A, the last to arrive: you): ")
                         + _table(o, "no_challenge"))
        if parts:
            out.append({"about": "move", "territory": t, "text": o.t(f"Vers {t} : ", f"To {t}: ") + " ; ".join(parts)})
    return out


def _builds(s: GorgesState, p: Player, o: Lang, legal: Legal) -> list[Advice]:
    """A building that changes the save roll there (a fortress, a town; a Dwarf mine), built by the rules on a
    copy; the save against the enemy it holds out worst against."""
    out: list[Advice] = []
    for fixed, kinds in _choices(legal, "build"):
        t = p.armies[fixed["army"]].position or ""
        worst = min((q for q in s.players if q != p.id), key=lambda q: (save(s, q, p.id, t), q))
        for kind in kinds:
            after = copy.deepcopy(s)
            GorgesRules().apply(after, {"type": "build", "player": p.id, **fixed, "building": kind},
                                Dice.seeded("advice", 0))
            before, then = save(s, worst, p.id, t), save(after, worst, p.id, t)
            if then != before:
                out.append({"about": "build", "territory": t, "building": kind, "army": fixed["army"], "text": o.t(
                    f"Bâtir ({kind}) en {t} : votre sauvegarde contre {worst} y passe de {chance(before, o.lang)} à "
                    f"{chance(then, o.lang)}", f"Build ({kind}) in {t}: your save against {worst} goes from {chance(before, o.lang)} "
                    f"to {chance(then, o.lang)}")})
    return out


def _raid_kind(q: Player) -> str | None:
    race = races()[q.race]
    return "sea_raid" if race.get("sea_raid") else "skaven_tunnel" if race.get("tunnel_attack") else None


def _threats(s: GorgesState, p: Player, o: Lang) -> list[Advice]:
    mine, out = set(s.owned(p.id)), []
    for q in (q for q in s.players.values() if q.id != p.id and mine):
        expr, bonus = _move_die(s, q, events=False)
        allowance = {k + bonus: v for k, v in distribution(expr).items()}
        saves = {t: save(s, q.id, p.id, t) for t in mine}
        for a in q.in_play():
            parts, cells = [], []
            for t, walk in sorted(reach(s, a.position or "", max(allowance)).items()):
                if t not in mine:
                    continue
                can = chance(sum((v for k, v in allowance.items() if k >= len(walk)), Fraction(0)), o.lang) if walk \
                    else o.t("déjà là", "already there")
                part = t + (o.t(" (votre capitale)", " (your capital)") if t == p.capital else "") \
                    + o.t(f" {can}, votre sauvegarde {chance(saves[t], o.lang)}", f" {can}, your save {chance(saves[t], o.lang)}")
                guard = next((g for g in p.armies.values() if g.position == t), None)
                if guard is not None:
                    win = chance(fight(s, p.id, Battle(0, 0, t, q.id, a.key, p.id, guard.key))[0], o.lang)
                    part += o.t(f", bataille gagnée {win} avec {own_army_words(guard.key, o)}",
                                f", battle won {win} with {own_army_words(guard.key, o)}")
                parts.append(part)
                cells.append(t)
            if parts:
                die, at = expr + (f"+{bonus}" if bonus else ""), a.position or ""
                out.append({"about": "threat", "enemy": a.ref, "territories": cells, "text": o.t(
                    f"Menace : {army_words(a.ref, o)} (en {at}) peut atteindre en un mouvement ({die}) : ",
                    f"Threat: {army_words(a.ref, o)} (at {at}) can reach in one move ({die}): ") + " ; ".join(parts)})
        kind = _raid_kind(q)  # conquest.order_raid: by sea a coastal territory, by tunnel any; no town or fortress
        exposed = sorted(t for t in mine if not (s.has(t, "town") or s.has(t, "fortress"))
                         and (kind != "sea_raid" or s.map.coastal(parse_cell_id(t))))
        if kind and q.in_play() and exposed:
            weakest = min(exposed, key=lambda t: (saves[t], t))
            low, arrives = f"{weakest} {chance(saves[weakest], o.lang)}", chance(_arrives(kind), o.lang)
            out.append({"about": "threat", "enemy": q.id, "territories": exposed, "text": o.t(
                f"Menace : {q.id} peut lancer un raid sur {len(exposed)} de vos territoires, qui aboutit {arrives} ; "
                f"votre sauvegarde la plus faible : {low}", f"Threat: {q.id} may raid {len(exposed)} of your "
                f"territories, arriving {arrives}; your weakest save: {low}")})
    return out + _two_armies(s, p, o)


def _arrives(kind: str) -> Fraction:
    return sum((v for k, v in tables()[kind].outcome_distribution().items() if k.startswith("attacks")), Fraction(0))


def _two_armies(s: GorgesState, p: Player, o: Lang) -> list[Advice]:
    """conquest._no_challenge: two armies in a territory and no challenge between them roll the D6 table at the
    conquest; A is the army that came last (its arrival stamp, then the later player in the turn order)."""
    if s.phase not in ("movement", "construction", "challenges"):
        return []
    out: list[Advice] = []
    for a in p.in_play():
        here = s.armies_at(a.position or "")
        b = here[0] if here[-1] is a else here[-1]
        if len(here) != 2 or b.player == p.id or any(
                {c.challenger, c.defender} == {p.id, b.player} and c.target == a.position for c in s.challenges):
            continue
        rank = {x.ref: (s.arrivals.get(x.ref, 0), -s.order.index(x.player)) for x in here}
        me, where = "A" if rank[a.ref] >= rank[b.ref] else "B", a.position or ""
        out.append({"about": "threat", "enemy": b.ref, "territories": [a.position], "text": o.t(
            f"Menace : {own_army_words(a.key, o)} et {army_words(b.ref, o)} en {where} sans défi, la table D6 à la conquête (votre armée est {me}) : ",
            f"Threat: {own_army_words(a.key, o)} and {army_words(b.ref, o)} in {where} without a challenge, the D6 table at the conquest (your army is "
            f"{me}): ") + _table(o, "no_challenge")})
    return out
