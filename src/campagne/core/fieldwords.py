"""The words of the fields orders share across games ("territory", "value", "reason"...), in French and English:
what a form labels a field with when the game's text says nothing of it (a game's own `field_words` comes first)."""

from __future__ import annotations

from typing import Any

FIELD_WORDS: dict[str, tuple[str, str]] = {
    "value": ("nouvelle valeur", "new value"), "territory": ("territoire", "territory"), "target": ("cible", "target"),
    "winner": ("vainqueur", "winner"), "text": ("texte", "text"), "resolver": ("résolue par", "resolved by"),
    "reason": ("raison", "reason"), "public": ("public", "public"), "models": ("figurines", "models"),
    "loot": ("butin", "loot"), "holder": ("joueur", "player"), "hex": ("hex", "hex"), "cell": ("case", "cell"),
    "army": ("armée", "army"), "units": ("unités", "units"), "unit": ("unité", "unit"),
    "strategy": ("stratégie", "strategy"), "relics": ("points de relique", "relic points"),
    "reaction": ("réaction", "reaction"), "path": ("chemin", "path"), "parties": ("parties", "parties"),
    "owner": ("propriétaire", "owner"), "name": ("nom", "name"), "kingdom": ("royaume", "kingdom"),
    "initiative": ("initiative", "initiative"), "dice": ("dés", "dice"), "characteristic": ("caractéristique",
    "characteristic"), "bribe": ("pot-de-vin", "bribe"), "agreement": ("accord", "agreement"),
    "what": ("quoi", "what"), "challenge": ("défi", "challenge"), "fact": ("fait", "fact"),
    "battle": ("bataille", "battle"), "test": ("test", "test"), "cancel": ("annuler", "cancel"),
    "all": ("tous", "all"), "defender": ("défenseur", "defender"), "building": ("bâtiment", "building"),
    "other": ("l'autre armée", "the other army"), "choice": ("choix", "choice"),
    "loot_from": ("payé par", "paid by"), "loot_to": ("payé à", "paid to"), "grantor": ("accordé par", "granted by"),
    "passage": ("droit de passage pour", "passage for"), "supply": ("ravitaillement pour", "supply for"),
    "taxes": ("impôts levés pour", "taxes for"),
}


def field_word(name: str, o: Any) -> str | None:
    pair = FIELD_WORDS.get(name)
    return None if pair is None else (pair[0] if o.lang == "fr" else pair[1])

