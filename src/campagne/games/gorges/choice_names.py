"""The names of Gorges' things as the table reads them, in French or English: armies by whose they are, the
referee's corrections, buildings, characteristics, magic items by their worth, a cell by its name on the
campaign's own map (the club's forms, `order --list`, the journal)."""

from __future__ import annotations

from typing import Any

from ...core.i18n import Lang as Out


ITEM_WORTHS = ("10", "20", "30", "40", "50", "60")  # adjust.ITEM_POINTS as typed
ARMY_WORDS = {"G": ("le général", "general"), "L1": ("le lieutenant 1", "lieutenant 1"),
              "L2": ("le lieutenant 2", "lieutenant 2"), "R": ("l'armée de renfort", "reinforcement army")}
ADJUST_WORDS = {"owner": ("propriétaire d'un territoire", "a territory's owner"),
                "buildings": ("bâtiments d'un territoire", "a territory's buildings"),
                "relics": ("points de relique", "relic points"), "battle_points": ("points de bataille", "battle points"),
                "bonus_points": ("points bonus d'une armée", "an army's bonus points"),
                "hero": ("caractéristique d'un héros", "a hero's characteristic"),
                "items": ("objets magiques d'un joueur", "a player's magic items"),
                "hero_items": ("objets magiques d'un héros", "a hero's magic items")}


def army_words(ref: Any, o: Out) -> str:
    """An army by whose it is and which ("alice:L1": alice's lieutenant 1, le lieutenant 1 d'alice)."""
    pid, _, key = str(ref).partition(":")
    if key not in ARMY_WORDS:
        return pid if key in ("", "None") else str(ref)  # a player without an army there: himself
    fr, en = ARMY_WORDS[key]
    return f"{fr} {'d' + chr(39) if pid[:1].lower() in 'aeiouyh' else 'de '}{pid}" if o.lang == "fr" else f"{pid}'s {en}"


OWN_ARMY_WORDS = {"G": ("votre général", "your general"), "L1": ("votre lieutenant 1", "your lieutenant 1"),
                  "L2": ("votre lieutenant 2", "your lieutenant 2"),
                  "R": ("votre armée de renfort", "your reinforcement army")}


def journal_army(ref: Any, o: Out) -> str:
    """An army as a journal line names it, wherever it stands in the sentence: "P3 (général)", "P3 (general)"."""
    pid, _, key = str(ref).partition(":")
    if key not in ARMY_WORDS:
        return str(ref)
    fr, en = ARMY_WORDS[key]
    return f"{pid} ({fr.split(' ', 1)[1] if fr.startswith('le ') else fr.replace('l' + chr(39), '', 1)})" \
        if o.lang == "fr" else f"{pid} ({en})"


MOVE_WHY = {"move": ("mouvement", "move"), "forest": ("par la forêt", "through the forest"),
            "burrow": ("sous terre", "underground"), "sea_raid": ("raid maritime", "sea raid"),
            "skaven_tunnel": ("tunnel skaven", "Skaven tunnel")}


def own_army_words(key: Any, o: Out) -> str:
    """One of the reader's own armies by which it is ("L1": your lieutenant 1)."""
    return o.t(*OWN_ARMY_WORDS.get(str(key), (str(key), str(key))))


def choice_words(value: Any, o: Out, state: Any = None) -> str | None:
    """A choice of an order as the table reads it (the club's forms): an army by whose it is, a correction's kind,
    buildings, a characteristic as the army books print it, magic items by their worth, a cell by its name on
    the campaign's own map (`state`'s), a card of a grid battle its players fight by its player's name; None for
    what has no other name than itself (an unnamed cell)."""
    from .sheet_words import BUILDING_NAMES, CHARACTERISTICS
    v = str(value)
    if state is not None:
        named = _state_words(v, o, state)
        if named:
            return named
    if ":" in v and v.partition(":")[2] in ARMY_WORDS:
        return army_words(v, o)
    if v in ADJUST_WORDS:
        return o.t(*ADJUST_WORDS[v])
    if v in CHARACTERISTICS:
        return o.t(*CHARACTERISTICS[v])
    parts = v.split("+")
    if all(p in BUILDING_NAMES for p in parts):
        return " + ".join(o.t(*BUILDING_NAMES[p]) for p in parts)
    if all(p in ITEM_WORTHS for p in parts):  # a correction's magic items: "20+40"
        worth = o.t(" et ", " and ").join(parts)
        return o.t(f"objets de {worth} points", f"items worth {worth} points") if len(parts) > 1 else \
            o.t(f"un objet de {worth} points", f"one item worth {worth} points")
    return None


def _state_words(v: str, o: Out, state: Any) -> str | None:
    """What only the campaign's state names: its map's named cells ("Fort Noir (3,4)"), its grid battles' cards."""
    from ...core.errors import CampagneError
    if "," in v and getattr(state, "map", None) is not None:
        try:
            cell = state.map.cell(v)
        except (CampagneError, ValueError, KeyError):
            cell = None
        if cell is not None and cell.name:
            return f"{cell.name} ({v})"
    fights = [b.fought.grid for b in getattr(state, "battles", None) or () if getattr(b, "fought", None) is not None]
    if fights:
        from ..skirmish.text import fought_card
        return fought_card(v, o, fights)
    return None


def seat_choice_words(field: str, value: Any, o: Out) -> str | None:
    """A seat's race on the new-campaign page by its printed name in the reader's language ("Elfes sylvains")."""
    from .data import races
    from .sheet_words import race_name
    return race_name(str(value), o.lang) if field == "race" and str(value) in races() else None


def cell_words(v: Any, names: Any) -> str:
    """A cell as a status or journal line prints it: by its name on the campaign's map with its id beside it
    ("Les Gorges Tranchées (0,0)", as the forms name it), its id alone when unnamed; `names` is the view's
    `cell_names`."""
    name = (names or {}).get(v) if isinstance(v, str) else None
    return f"{name} ({v})" if name else str(v)


def seen_cells(o: Any) -> dict[str, str]:
    """The named cells of the campaign the reader sees (his view, `o.seen`), {} without it."""
    return (getattr(o, "seen", None) or {}).get("cell_names") or {}
