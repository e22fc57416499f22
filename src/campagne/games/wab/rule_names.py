"""Special rules as a reader reads them: each rule key of `profiles.SPECIAL_RULES` and each army-list free text the
game knows by its name in the reader's language (data/units.toml [special_rule_names], [army_list_rule_names]); a
free text the game does not know is written as the list wrote it. The keys stay what orders and files take."""

from __future__ import annotations

from typing import Any

from . import data
from .tables import normalise


def special_rule_name(rule: str, lang: str = "en") -> str:
    """« Têtu » for `stubborn` in French, « Stubborn » in English; « Phalange » for an army list's « Phalanx » in
    French; an unknown free text as written."""
    table = data.unit_defaults()
    named = table["special_rule_names"].get(rule)
    if named is not None:
        return str(named["fr" if lang == "fr" else "en"])
    if lang == "fr":
        return str(table["army_list_rule_names"].get(normalise(rule), rule))
    return rule


def unit_rules_words(unit: Any, lang: str = "en") -> list[str]:
    """A unit's special rules for a reader, each once: its army list's texts, then the rule keys none of them gives
    (« Cause fear » and `fear` are one rule). `unit`: a `profiles.Unit`, or its view (`tracker_views.unit_view`)."""
    from .army_lists import special_rules_from_text
    keys, texts = _rules_of(unit)
    name = unit.get("name") if isinstance(unit, dict) else getattr(unit, "name", None)
    texts = [t for t in texts if normalise(t) != normalise(str(name or ""))]  # « Ally General » names its unit
    given = set(special_rules_from_text(texts))
    said = [special_rule_name(t, lang) for t in texts] + [special_rule_name(k, lang) for k in keys if k not in given]
    return list(dict.fromkeys(said))


def _rules_of(unit: Any) -> tuple[list[str], list[str]]:
    if isinstance(unit, dict):
        profile = unit.get("profile") or {}
        return list(unit.get("special_rules") or ()), list(profile.get("special_rules") or ())
    profile = getattr(unit, "profile", None)
    return list(unit.special_rules), list(getattr(profile, "special_rules", ()) or ())


def rule_key(word: str) -> str:
    """The rule key a reader's word names: a key itself, or a rule's name in either language (« Têtu »,
    « stubborn », « Stubborn » -> `stubborn`); any other word as given (the unit's check then refuses it)."""
    wanted = normalise(word)
    for key, named in data.unit_defaults()["special_rule_names"].items():
        if wanted in (normalise(key), normalise(named["en"]), normalise(named["fr"])):
            return str(key)
    return word
