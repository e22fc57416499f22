"""The words of the Atlantis campaign sheets, in French and English: labels, sentences, the texts of
tables' rows and players' names (sheet_book.py writes the turns with them, sheet.py lays them out)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ...core.i18n import Lang
from .data import tables


WORDS: dict[str, tuple[str, str]] = {
    "title": ("Feuille de campagne", "Campaign sheet"),
    "player": ("Joueur", "Player"),
    "people": ("Peuple", "People"),
    "kingdom": ("Royaume", "Kingdom"),
    "loot_now": ("Butin courant", "Current loot"),
    "army_points": ("Points d'armées", "Army points"),
    "strength": ("Force de combat", "Combat strength"),
    "initiative": ("Initiative", "Initiative"),
    "territories": ("Territoires possédés", "Territories held"),
    "eliminated": ("éliminé", "eliminated"),
    "turn": ("Tour", "Turn"),
    "event": ("Événement", "Event"),
    "diplomacy": ("Diplomatie", "Diplomacy"),
    "loot": ("Butin", "Loot"),
    "taxes": ("Impôts", "Taxes"),
    "reinforcements": ("Renforts", "Reinforcements"),
    "fortresses": ("Forteresses", "Fortresses"),
    "supplied": ("Ravitaillé", "Supplied"),
    "yes": ("Oui", "Yes"),
    "no": ("Non", "No"),
    "effect": ("Effet", "Effect"),
    "movement": ("Mouvement", "Movement"),
    "from": ("Territoire de départ", "Starting territory"),
    "to": ("Territoire d'arrivée", "Destination territory"),
    "battle": ("Bataille", "Battle"),
    "strategy": ("Stratégie", "Strategy"),
    "scenario": ("Scénario", "Scenario"),
    "result": ("Résultat", "Result"),
    "conquest": ("Conquête", "Conquest"),
    "conquered": ("Territoire conquis", "Territory conquered"),
    "notes": ("Notes", "Notes"),
}

# Sentences; {placeholders} are filled with display names and numbers.
SAY: dict[str, tuple[str, str]] = {
    "models_lost": ("{n} figurine{s} perdue{s}", "{n} model{s} lost"),
    "models_gained": ("{n} figurine{s} gagnée{s}", "{n} model{s} gained"),
    "loot_spent": ("{n} points de butin dépensés", "{n} loot spent"),
    "loot_delta": ("butin {n:+d}", "loot {n:+d}"),
    "bribe": ("corruption {n}", "bribe {n}"),
    "agreement": ("Accord n°{id} ({kind}) avec {others}", "Agreement no. {id} ({kind}) with {others}"),
    "public": ("public", "public"),
    "private": ("privé", "private"),
    "transfer": ("{n} points de butin de {a} à {b}", "{n} loot from {a} to {b}"),
    "grant": ("{what} accordé par {a} à {b}", "{what} granted by {a} to {b}"),
    "perm_passage": ("passage", "passage"),
    "perm_supply": ("ravitaillement", "supply"),
    "perm_taxes": ("impôts", "taxes"),
    "broken": ("Accord n°{id} rompu par {a}", "Agreement no. {id} broken by {a}"),
    "opponent": ("adversaire", "opponent"),
    "victory": ("Victoire contre {a}, {t}", "Victory over {a}, {t}"),
    "defeat": ("Défaite contre {a}, {t}", "Defeat by {a}, {t}"),
    "points_lost": ("{n} points perdus", "{n} points lost"),
    "killed_fled": ("figurines tuées : {k}, en fuite : {f}", "models killed: {k}, fled: {f}"),
    "recovered": ("récupérées : {n}", "recovered: {n}"),
    "character_lost": ("personnage perdu : {u}", "character lost: {u}"),
    "no_battle": ("Pas de bataille ce tour", "No battle this turn"),
    "taken_in_battle": ("Pris à l'issue de la bataille", "Taken after the battle"),
    "eliminated": ("Joueur éliminé", "Player eliminated"),
    "destroyed": ("Armée détruite ({t}) ; survivants rentrant à la capitale : {n} figurine{s}",
                  "Army destroyed ({t}); survivors returning to the capital: {n} model{s}"),
    "reformed": ("L'armée se reforme : {t} ({n} figurine{s})", "The army re-forms: {t} ({n} model{s})"),
    "army_lost": ("Plus d'armée : aucun survivant ne peut se reformer",
                  "No army left: no survivors can re-form"),
    "must_retreat": ("Doit battre en retraite ({t})", "Must retreat ({t})"),
    "held": ("Reste sur place : {t}", "Holds: {t}"),
    "waited": ("Attend (initiative {n})", "Waits (initiative {n})"),
    "passage": ("Droit de passage ({t}) : {r}", "Right of passage ({t}): {r}"),
    "withdrew": ("Retrait : {a} → {b}", "Withdraws: {a} → {b}"),
    "bought": ("Renforts achetés : {u} +{n} ({c} points)", "Reinforcements bought: {u} +{n} ({c} points)"),
    "arrived": ("Renforts arrivés : {items}", "Reinforcements arrived: {items}"),
    "waiting": ("Renforts en attente (armée non ravitaillée) : {items}",
                "Reinforcements waiting (army not supplied): {items}"),
    "reorganised": ("Armée réorganisée ({t}) : {a} → {b} points",
                    "Army reorganised ({t}): {a} → {b} points"),
    "no_general": ("sans général", "without a general"),
    "take_over": ("Devient général atlante : royaume {k}", "Becomes an Atlantean general: kingdom {k}"),
    "adjusted": ("Correction de l'arbitre, {what} : {a} → {b} ({r})", "Referee's correction, {what}: {a} → {b} ({r})"),
    "lost_land": ("Territoire perdu : {t} (pris par {a})", "Territory lost: {t} (taken by {a})"),
    "ended": ("Fin de la campagne : rang {r} ; vainqueur : {w}",
              "End of the campaign: rank {r}; winner: {w}"),
}

_TAGS = re.compile(r"</?i>")


def word_for_king(lang: str) -> str:
    return "roi atlante" if lang == "fr" else "Atlantean king"


def word(key: str, lang: str) -> str:
    fr, en = WORDS[key]
    return fr if lang == "fr" else en


def say(key: str, lang: str, **kw: Any) -> str:
    fr, en = SAY[key]
    if "n" in kw:  # plural of "{s}": French singular for 0 and 1, English for 1 only
        kw.setdefault("s", "" if kw["n"] == 1 or (lang == "fr" and kw["n"] == 0) else "s")
    return (fr if lang == "fr" else en).format(**kw)


def with_details(text: str, details: list[str]) -> str:
    """"text (detail, detail)", or the text alone."""
    return f"{text} ({', '.join(details)})" if details else text


def row_text(table: str, key: str, lang: str, field: str = "") -> str:
    """A table row's text (`fr`/`en`, or `name_fr`/`name_en` with field="name"), without markup."""
    row = tables()[table].row(key)
    text = row.get(f"{field}_{lang}") if field else row.text(lang)
    return _TAGS.sub("", text or key)


def player_name(sheet: Mapping[str, Any], lang: str) -> str:
    """The player's name as the reader reads it (a simulated player's people in French: « Mycéniens 1 »)."""
    from .army_file import player_name_words
    return player_name_words(sheet["name"], Lang(lang)) or sheet["name"]
