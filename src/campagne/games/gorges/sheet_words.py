"""The words of the Gorges campaign sheets, in French and English: labels, sentences, names of tables' rows,
races, buildings and characteristics (sheet.py reads the journal with them, sheet_print.py lays them out)."""

from __future__ import annotations

from typing import Any

from ...core.errors import CampagneError
from .data import races, tables

# --------------------------------------------------------------------------- words

WORDS: dict[str, tuple[str, str]] = {
    "title": ("Feuille de campagne", "Campaign sheet"),
    "player": ("Joueur", "Player"),
    "race": ("Race", "Race"),
    "capital": ("Capitale", "Capital"),
    "relics": ("Points de relique", "Relic points"),
    "territories": ("Territoires", "Territories"),
    "hostages": ("Otages", "Hostages"),
    "rank": ("Classement final", "Final standing"),
    "turn": ("Tour", "Turn"),
    "order": ("Ordre du tour", "Turn order"),
    "event": ("Événement", "Event"),
    "relic_points": ("Reliques", "Relics"),
    "mines": ("Mines", "Mines"),
    "movement": ("Déplacements", "Movement"),
    "buildings": ("Constructions", "Buildings"),
    "challenges": ("Défis", "Challenges"),
    "saves": ("Sauvegardes", "Saves"),
    "battles": ("Batailles", "Battles"),
    "conquests": ("Conquêtes", "Conquests"),
    "held": ("Territoires tenus", "Territories held"),
    "armies": ("Armées", "Armies"),
    "notes": ("Notes", "Notes"),
    "none": ("aucun", "none"),
}

# Sentences; {placeholders} are filled with display names and numbers.
SAY: dict[str, tuple[str, str]] = {
    "place": ("{place}/{of}", "{place}/{of}"),
    "season_turn": ("{season}, tour {n} de la saison", "{season}, turn {n} of the season"),
    "event_name": ("{d66} – {fr}", "{d66} – {en} (« {fr} »)"),
    "no_target": ("aucune cible possible : sans effet", "no possible target: no effect"),
    "waiting_choice": ("choix en attente", "choice pending"),
    "chosen": ("choix : {c}", "choice: {c}"),
    "plays_first": ("joue en premier jusqu'à la fin du tour", "plays first until the end of the turn"),
    "order_changed": ("ordre du tour changé par {a} : {o}", "turn order changed by {a}: {o}"),
    "ghost_moved": ("fantôme déplacé : {a} → {b}", "ghost moved: {a} → {b}"),
    "flag_put": ("drapeau planté en {t}", "flag planted in {t}"),
    "flag_removed": ("drapeau retiré de {t}", "flag removed from {t}"),
    "flag_taken": ("{t} pris à {a}", "{t} taken from {a}"),
    "lost_to_event": ("Territoire perdu : {t} ({e}, {a})", "Territory lost: {t} ({e}, {a})"),
    "building_removed": ("{b} retirée en {t}", "{b} removed in {t}"),
    "building_lost": ("{b} perdue en {t} ({e}, {a})", "{b} lost in {t} ({e}, {a})"),
    "mine_placed": ("mine placée en {t}", "mine placed in {t}"),
    "reinforcements": ("armée de renfort R en {t} jusqu'à la fin de la saison",
                       "reinforcement army R in {t} until the end of the season"),
    "reinforcements_already": ("déjà une armée de renfort : sans effet", "already a reinforcement army: no effect"),
    "reinforcements_leave": ("L'armée de renfort R quitte le jeu (fin de la saison)",
                             "The reinforcement army R leaves play (end of the season)"),
    "battle_note": ("pour la prochaine bataille", "for the next battle"),
    "opponent_named": ("adversaire désigné : {a}", "opponent named: {a}"),
    "must_challenge": ("{a} devra défier {b}", "{a} must challenge {b}"),
    "targeted": ("{e} de {a}", "{e} by {a}"),
    "relics_line": ("{why} : +{n}", "{why}: +{n}"),
    "search": ("Fouille : {n} point{s} ({k} territoire{ks}{ghost})",
               "Search: {n} point{s} ({k} territor{kies}{ghost})"),
    "search_ghost": (", fantôme en {t}", ", ghost in {t}"),
    "search_fruitful": (", fouille fructueuse", ", fruitful search"),
    "relics_total": ("trouvés {found}, gagnés {gained:+d}, total {total}",
                     "found {found}, gained {gained:+d}, total {total}"),
    "hostage_relics": ("Otages : +{n} (fin de la saison)", "Hostages: +{n} (end of the season)"),
    "storm": ("Tempête de magie : +{n}", "Storm of Magic: +{n}"),
    "relics_given": ("{n} point{s} de relique donné{s} à {a} (sauvegarde +{n})",
                     "{n} relic point{s} handed to {a} (save +{n})"),
    "relics_received": ("{n} point{s} de relique reçu{s} de {a}", "{n} relic point{s} received from {a}"),
    "mine": ("{t} : {roll} → {r}", "{t}: {roll} → {r}"),
    "mine_points": ("+{n} points d'armée pour la prochaine bataille (total {t})",
                    "+{n} army points for the next battle (total {t})"),
    "mine_item": ("objet magique de {n} pts maximum", "magic item worth up to {n} pts"),
    "mine_collapse": ("la mine est retirée du jeu", "the mine is removed from play"),
    "mine_slaves": ("esclaves +1", "slaves +1"),
    "slaves_mine": ("prisonniers mis dans la mine {t} (+1)", "prisoners put in the mine {t} (+1)"),
    "mine_rerolled": ("relancé (Esclave), premier jet {n}", "re-rolled (Slaves), first roll {n}"),
    "slaves": ("Esclaves dans une mine : +1 à sa prochaine production",
               "Slaves put in a mine: +1 to its next production"),
    "move_roll": ("Dé de déplacement : {dice} {faces}{bonus} → {n} territoire{s}",
                  "Move dice: {dice} {faces}{bonus} → {n} territor{ies}"),
    "move_reroll": (" (relancé)", " (re-rolled)"),
    "moved": ("{army} : {a} → {b}", "{army}: {a} → {b}"),
    "moved_by": ("{army} déplacée par {p} (Tromperie) : {a} → {b}", "{army} moved by {p} (Deception): {a} → {b}"),
    "to_capital": ("{army} renvoyée à la capitale : {a} → {b}", "{army} sent to the capital: {a} → {b}"),
    "capital_moved": ("Capitale déplacée : {a} → {b}", "Capital moved: {a} → {b}"),
    "capital_moved_annexed": ("Capitale déplacée : {a} → {b} (territoire neutre, annexé)",
                              "Capital moved: {a} → {b} (a neutral territory, annexed)"),
    "swap": ("Armées interverties : {a} ↔ {b}", "Armies swapped: {a} ↔ {b}"),
    "built": ("{b} en {t} ({army})", "{b} in {t} ({army})"),
    "challenge_out": ("Défi n°{id} : {army} défie {d} pour {t} ({c})",
                      "Challenge no. {id}: {army} challenges {d} over {t} ({c})"),
    "challenge_in": ("Défi n°{id} de {a} ({army}) pour {t} ({c})",
                     "Challenge no. {id} from {a} ({army}) over {t} ({c})"),
    "accepted": ("accepté avec {army}", "accepted with {army}"),
    "refused": ("refusé", "refused"),
    "pending": ("sans réponse", "unanswered"),
    "raid": ("{k} de {army} sur {t} : {roll} → {r}", "{k} by {army} on {t}: {roll} → {r}"),
    "save": ("Défi n°{id}, {t} : {d} lance {roll}{mods} = {total} → {r}",
             "Challenge no. {id}, {t}: {d} rolls {roll}{mods} = {total} → {r}"),
    "saved": ("sauvegarde réussie, l'armée de {a} est repoussée", "saved, {a}'s army is pushed back"),
    "not_saved": ("sauvegarde ratée, le territoire passe à {a}", "save failed, the territory passes to {a}"),
    "annexed": ("{t} annexé ({army})", "{t} annexed ({army})"),
    "taken": ("{t} pris à {a} ({why})", "{t} taken from {a} ({why})"),
    "taken_neutral": ("{t} pris ({why})", "{t} taken ({why})"),
    "lost": ("{t} perdu au profit de {a} ({why})", "{t} lost to {a} ({why})"),
    "two_armies": ("Deux armées sans défi en {t} : A = {a}, B = {b} ; {roll} → {r}",
                   "Two armies and no challenge in {t}: A = {a}, B = {b}; {roll} → {r}"),
    "battle": ("Bataille n°{id} en {t} : {me} contre {them} ({role})",
               "Battle no. {id} in {t}: {me} against {them} ({role})"),
    "attacker": ("attaquant", "attacker"),
    "defender": ("défenseur", "defender"),
    "victory": ("Victoire", "Victory"),
    "defeat": ("Défaite", "Defeat"),
    "undecided": ("en attente du résultat", "waiting for the result"),
    "auto": ("résolue par les dés : {a} {sa} contre {b} {sb}", "auto-resolved: {a} {sa} against {b} {sb}"),
    "entered": ("résultat saisi par l'arbitre", "result entered by the referee"),
    "spoils": ("Butin de guerre ({army}) : {r}", "Spoils of war ({army}): {r}"),
    "ignominy": ("Défaite ignominieuse ({army}) : {r}", "Ignominious defeat ({army}): {r}"),
    "fate": ("Destin de l'armée vaincue ({army}) : {roll} → {r}", "Fate of the beaten army ({army}): {roll} → {r}"),
    "injury": ("Blessure de {hero} ({army}) : {r}", "Injury of {hero} ({army}): {r}"),
    "storm_battle": ("Tempête de magie : +2 reliques au vainqueur, +1 au vaincu",
                     "Storm of Magic: +2 relics to the winner, +1 to the loser"),
    "siege": ("Troupe de siège : {t} capturé", "Siege troops: {t} captured"),
    "battle_notes": ("à prendre en compte : {n}", "to bear in mind: {n}"),
    "battle_void": ("Défi n°{id} : bataille annulée (une armée a quitté le jeu)",
                    "Challenge no. {id}: battle void (an army left play)"),
    "recruits": ("+{n} points d'armée pour sa prochaine bataille", "+{n} army points for its next battle"),
    "banner": ("{u} devient Régiment de Renom, étendard magique de {n} pts maximum",
               "{u} becomes a Regiment of Renown, magic standard worth up to {n} pts"),
    "feat": ("{u} devient Régiment de Renom : {r}", "{u} becomes a Regiment of Renown: {r}"),
    "renown_more": ("{u} (déjà Régiment de Renom) : {r}", "{u} (already a Regiment of Renown): {r}"),
    "renown_full": ("{u} ne peut devenir Régiment de Renom (déjà {n})",
                    "{u} cannot become a Regiment of Renown (already {n})"),
    "gold": ("+1 point de relique, objet magique de {n} pts maximum pour le héros",
             "+1 relic point, magic item worth up to {n} pts for the hero"),
    "unit": ("unité : {u}", "unit: {u}"),
    "unit_unnamed": ("unité à désigner", "unit to be named"),
    "instead": ("au lieu de {r}", "instead of {r}"),
    "honour_lost": ("{u} perd son honneur", "{u} loses its honour"),
    "pushed_to": ("repoussée en {t}", "pushed back to {t}"),
    "removed_until": ("retirée du jeu jusqu'{u}", "removed from play until {u}"),
    "until_next_season": ("à la prochaine saison", "the next season"),
    "until_next_turn": ("au prochain tour", "the next turn"),
    "summer_return": ("en été, elle revient aussitôt à la capitale {t}",
                      "in summer it returns at once to the capital {t}"),
    "army_removed": ("{army} {r} ({why})", "{army} {r} ({why})"),
    "army_pushed": ("{army} repoussée : {a} → {b} ({why})", "{army} pushed back: {a} → {b} ({why})"),
    "army_returns": ("{army} revient en jeu en {t}", "{army} returns to play in {t}"),
    "dead": ("mort", "dead"),
    "held_by": ("otage de {a}", "hostage of {a}"),
    "no_captor": ("capturé sans ravisseur : manque la prochaine bataille",
                  "captured with nobody to hold him: misses the next battle"),
    "next_battle": ("pour la prochaine bataille", "for the next battle"),
    "item_lost": ("objet magique perdu ({n} pts max.)", "magic item lost ({n} pts max.)"),
    "item_seized": ("saisi par {a} ({roll})", "seized by {a} ({roll})"),
    "item_gone": ("perdu à jamais ({roll})", "lost for good ({roll})"),
    "hero_replaced": ("Nouveau héros pour {army} : {h} (remplace {o})", "New hero for {army}: {h} (replaces {o})"),
    "equip": ("{h} ({army}) reçoit un objet magique ({n} pts max.)", "{h} ({army}) takes a magic item ({n} pts max.)"),
    "out_of_play": ("hors jeu", "out of play"),
    "out_until": ("hors jeu jusqu'{u}", "out of play until {u}"),
    "against": ("contre {a}", "against {a}"),
    "against_race": ("contre les {r}", "against the {r}"),
    "bonus_points": ("+{n} points d'armée", "+{n} army points"),
    "item": ("objet magique {n} pts max. ({src})", "magic item {n} pts max. ({src})"),
    "src_mine": ("mine", "mine"),
    "src_spoils": ("butin", "spoils"),
    "src_seized": ("saisi", "seized"),
    "src_referee": ("corrigé par l'arbitre", "set by the referee"),
    "items_waiting": ("Objets magiques à attribuer : {items}", "Magic items to give a hero: {items}"),
    "player_notes": ("Prochaine bataille : {n}", "Next battle: {n}"),
    "battle_points": ("Points d'armée pour la prochaine bataille : +{n}", "Army points for the next battle: +{n}"),
    "hostage": ("{h} ({army})", "{h} ({army})"),
    "assassin_note": ("Assassin envoyé par {a} : {e}", "Assassin sent by {a}: {e}"),
    "relics_gained": ("+{n} point{s} de relique", "+{n} relic point{s}"),
    "side_notes": ("{a} : {n}", "{a}: {n}"),
    "ended": ("Fin de la campagne : rang {r}/{of}, {n} points de relique, bataille finale +{b} %{c}",
              "End of the campaign: rank {r}/{of}, {n} relic points, final battle +{b} %{c}"),
    "chooses": (", choisit le scénario et le déploiement", ", chooses the scenario and deployment"),
    "rank": ("{r}/{of}", "{r}/{of}"),
}

CONDITIONS = {
    "same_territory": ("même territoire", "same territory"),
    "in_enemy_territory": ("armée en territoire ennemi", "army in enemy territory"),
    "enemy_in_own_territory": ("armée ennemie sur son territoire", "enemy army on own territory"),
    "adjacent_territories": ("territoires adjacents", "adjacent territories"),
    "tunnel": ("Tunnel, événement 55", "Tunnel, event 55"),
    "raid": ("raid", "raid"),
}
BUILDING_NAMES = {"mine": ("Mine", "Mine"), "fortress": ("Forteresse", "Fortress"), "town": ("Ville", "Town"),
                  "capital": ("Capitale", "Capital")}
RAIDS = {"sea_raid": ("Raid maritime", "Sea raid"), "skaven_tunnel": ("Tunnel skaven", "Skaven tunnel")}
WHY = {
    "battle": ("bataille", "battle"), "save_failed": ("sauvegarde ratée", "save failed"),
    "siege_troops": ("Troupe de siège", "Siege troops"), "beaten": ("vaincue", "beaten"),
    "two_armies": ("deux armées sans défi", "two armies, no challenge"), "save": ("sauvegarde réussie", "saved"),
    "refused": ("défi refusé", "challenge refused"), "withdrawn": ("Retirée du Front", "Withdrawn from the front"),
    "lost_at_sea": ("perdue en mer", "lost at sea"), "lost_underground": ("perdue sous terre", "lost underground"),
}
# Characteristics as the French army books print them.
CHARACTERISTICS = {"M": ("M", "M"), "WS": ("CC", "WS"), "BS": ("CT", "BS"), "S": ("F", "S"), "T": ("E", "T"),
                   "W": ("PV", "W"), "I": ("I", "I"), "A": ("A", "A"), "Ld": ("Cd", "Ld")}


def word(key: str, lang: str) -> str:
    fr, en = WORDS[key]
    return fr if lang == "fr" else en


def pick(pair: tuple[str, str], lang: str) -> str:
    return pair[0] if lang == "fr" else pair[1]


def say(key: str, lang: str, **kw: Any) -> str:
    fr, en = SAY[key]
    if "n" in kw and isinstance(kw["n"], int):  # "{s}": French singular for 0 and 1, English for 1 only
        one = kw["n"] == 1 or (lang == "fr" and kw["n"] == 0)
        kw.setdefault("s", "" if one else "s")
        kw.setdefault("ies", "y" if kw["n"] == 1 else "ies")
    return (fr if lang == "fr" else en).format(**kw)


def sep(lang: str) -> str:
    return " ; " if lang == "fr" else "; "


def row_label(row: Any, lang: str) -> str:
    """A row's bold name without its closing full stop (« Brouillard de guerre. » → Brouillard de guerre)."""
    text = row.get(f"name_{lang}") or row.text(lang) or row.key
    return text[:-1] if text.endswith(".") and not text.endswith("..") else text


def table_row(table: str, key: str | None) -> Any:
    try:
        return tables()[table].row(str(key))
    except CampagneError:
        return None


def row_name(table: str, key: str | None, lang: str) -> str:
    row = table_row(table, key)
    return row_label(row, lang) if row is not None else str(key)


def row_text(table: str, key: str | None, lang: str) -> str:
    row = table_row(table, key)
    return (row.text(lang) or row.key) if row is not None else str(key)


def race_name(race: str | None, lang: str) -> str:
    r = races().get(race or "")
    return r[f"name_{lang}"] if r else str(race)


def unit_text(lang: str, unit: Any) -> str:
    """A unit as the order named it; « ? » when nobody said which (a computer's battle)."""
    return say("unit_unnamed", lang) if unit in (None, "", "?") else str(unit)


def with_details(text: str, details: list[str]) -> str:
    return f"{text} ({', '.join(d for d in details if d)})" if any(details) else text


# --------------------------------------------------------------------------- building



def ability_name(why: str | None, lang: str) -> str:
    names = {"forest": ("Elfes Sylvains : de forêt en forêt", "Wood Elves: forest to forest"),
             "burrow": ("Rois des Tombes : sous le sable", "Tomb Kings: under the sand"),
             "deception": ("Tromperie", "Deception")}
    return pick(names.get(why or "", (str(why), str(why))), lang)
