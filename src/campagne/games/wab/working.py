"""The working of a result, in words (both languages): the scores needed and why, every die, each side's
combat result added up, a test's target and dice. Built from the traces the tracker journals
(`combat.RoundTrace.to_dict`, `shooting.ShootingTrace.to_dict`, `psychology.TestResult.to_dict`), so a
player can be shown why he lost; the command line prints it under each result, `--json` keeps the traces.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.i18n import chance, exact
from .data import tables as sheet_tables

Line = dict[str, str]
Name = str | Mapping[str, str]  # a name, or a name in each language ({"en": ..., "fr": ...}: `BattleUnit.names`)
ROLES = {"attacker": "a", "defender": "b"}


def _said(name: Name) -> tuple[str, str]:
    """A name as English and French text write it."""
    if isinstance(name, str):
        return name, name
    return name["en"], name.get("fr") or name["en"]


def _names(table: str) -> dict[str, tuple[str, str]]:
    return {m.key: (m.en, m.fr) for m in sheet_tables()[table].modifiers}


def modifier_words(table: str, key: str, lang: str = "en") -> str:
    """A modifier of the sheet's `table` (shooting_modifiers, combat_resolution) by its name in the reader's
    language, « Tirer en se déplaçant » for `moving`; an unknown key as itself."""
    en, fr = _names(table).get(key, (key, key))
    return fr if lang == "fr" else en


def _dice(values: list[int]) -> str:
    return " ".join(map(str, values)) if values else "-"


def strike_lines(strike: Mapping[str, Any], name: Name) -> list[Line]:
    """One side's blows: attacks, to hit (dice), to wound (dice), saves (dice), casualties."""
    name, name_fr = _said(name)
    attacks = strike["attacks"]
    n, hits, wounds, unsaved = len(attacks), strike["hits"], strike["wounds"], strike["unsaved_wounds"]
    if strike["to_hit"] is None or not n:
        return [{"en": f"{name}: {n} attack(s), none can hit",
                 "fr": f"{name_fr} : {n} attaque(s), aucune ne peut toucher"}]
    hit_dice = _dice([d for a in attacks for d in a["hit_dice"]])
    reroll = (" (misses re-rolled)", " (échecs relancés)") if strike.get("reroll_misses") else ("", "")
    six = (", 6s only", ", sur des 6 seulement") if strike.get("sixes_only") else ("", "")
    en = (f"{name}: {strike['models_fighting']} model(s), {n} attack(s); to hit {strike['to_hit']}+{six[0]}"
          f"{reroll[0]} [{hit_dice}] → {hits} hit(s)")
    fr = (f"{name_fr} : {strike['models_fighting']} figurine(s), {n} attaque(s) ; pour toucher {strike['to_hit']}+"
          f"{six[1]}{reroll[1]} [{hit_dice}] → {hits} touche(s)")
    if strike["to_wound"] is not None and hits:
        wd = _dice([a["wound_die"] for a in attacks if a["wound_die"] is not None])
        en += f"; to wound {strike['to_wound']}+ [{wd}] → {wounds} wound(s)"
        fr += f" ; pour blesser {strike['to_wound']}+ [{wd}] → {wounds} blessure(s)"
    if strike["save"] is not None and wounds:
        sd = _dice([a["save_die"] for a in attacks if a["save_die"] is not None])
        en += f"; enemy save {strike['save']}+ [{sd}] → {unsaved} unsaved"
        fr += f" ; sauvegarde adverse {strike['save']}+ [{sd}] → {unsaved} non sauvegardée(s)"
    elif wounds:
        en += "; no save"
        fr += " ; pas de sauvegarde"
    en += f": {strike['casualties']} dead"
    fr += f" : {strike['casualties']} mort(s)"
    return [{"en": en, "fr": fr}]


def result_line(names: Mapping[str, Name], wounds: Mapping[str, int], bonuses: Mapping[str, Any],
                results: Mapping[str, int]) -> Line:
    """Each side's combat result added up: « Hoplites 3 wounds + Close order 1 + Standard 1 = 5 »."""
    labels = _names("combat_resolution")
    parts: dict[str, list[str]] = {"en": [], "fr": []}
    for s in ("a", "b"):
        name, name_fr = _said(names[s])
        en, fr = f"{name} {wounds.get(s, 0)} wound(s)", f"{name_fr} {wounds.get(s, 0)} blessure(s)"
        for key, value in bonuses.get(s, []):
            label = labels.get(key, (key, key))
            sign = "+" if value >= 0 else "-"
            en += f" {sign} {abs(value)} ({label[0]})"
            fr += f" {sign} {abs(value)} ({label[1]})"
        parts["en"].append(f"{en} = {results[s]}")
        parts["fr"].append(f"{fr} = {results[s]}")
    return {"en": "Combat result: " + "; ".join(parts["en"]),
            "fr": "Résultat du combat : " + " ; ".join(parts["fr"])}


def round_lines(trace: Mapping[str, Any], names: Mapping[str, Name], with_result: bool = True) -> list[Line]:
    """A round's working: the strike order, each side's blows, then each side's result."""
    order = trace.get("strike_order")
    lines: list[Line] = []
    if order == "simultaneous":
        lines.append({"en": "Blows struck at the same time", "fr": "Coups portés en même temps"})
    elif order in ROLES:
        first, first_fr = _said(names[ROLES[order]])
        lines.append({"en": f"{first} strikes first", "fr": f"{first_fr} frappe en premier"})
    for strike in trace["strikes"]:
        lines += strike_lines(strike, names[ROLES[strike["side"]]])
    if with_result:
        wounds = {ROLES[s["side"]]: s["wounds_caused"] for s in trace["strikes"]}
        for role, extra in (trace.get("character_wounds") or {}).items():
            wounds[ROLES[role]] = wounds.get(ROLES[role], 0) + extra
        bonuses = {ROLES[k]: v for k, v in trace["bonuses"].items()}
        results = {ROLES[k]: v for k, v in trace["results"].items()}
        lines.append(result_line(names, wounds, bonuses, results))
    return lines


def shooting_lines(trace: Mapping[str, Any], name: Name) -> list[Line]:
    """A unit's shooting: the to-hit score from BS and the modifiers, then the dice."""
    setup = trace["setup"]
    labels = _names("shooting_modifiers")
    mods_en = ", ".join(f"{labels.get(k, (k, k))[0]} {v:+d}" for k, v in setup["modifiers"]) or "none"
    mods_fr = ", ".join(f"{labels.get(k, (k, k))[1]} {v:+d}" for k, v in setup["modifiers"]) or "aucun"
    head = {"en": f"BS {setup['bs']}, modifiers: {mods_en}; S {setup['strength']} against T "
                  f"{setup['toughness']}",
            "fr": f"CT {setup['bs']}, modificateurs : {mods_fr} ; F {setup['strength']} contre E "
                  f"{setup['toughness']}"}
    strike = {"attacks": trace["shots"], "hits": trace["hits"], "wounds": trace["wounds"],
              "unsaved_wounds": trace["unsaved_wounds"], "to_hit": setup["to_hit"], "to_wound": setup["to_wound"],
              "save": setup["save"], "models_fighting": setup["shooters"], "sixes_only": setup.get("sixes_only"),
              "casualties": trace["casualties"] if trace["casualties"] is not None else trace["unsaved_wounds"]}
    line = strike_lines(strike, name)[0]
    return [head, {"en": line["en"].replace("attack(s)", "shot(s)"), "fr": line["fr"].replace("attaque(s)",
                                                                                               "tir(s)")}]


def test_lines(result: Mapping[str, Any]) -> list[Line]:
    """A test's steps as the rules wrote them (its Leadership and where it comes from, the dice)."""
    return [{"en": t["en"], "fr": t["fr"]} for t in result.get("trace", []) if "en" in t and "fr" in t]


NOT_BROKEN = ("holds", "resists", "gives_ground")


def odds_fields(outcomes: Mapping[str, Any], passing: tuple[str, ...]) -> dict[str, Any]:
    """A test's odds for the journal: each outcome's exact fraction and the chance of passing."""
    p = sum((v for k, v in outcomes.items() if k in passing), 0)
    return {"odds": {k: exact(v) for k, v in outcomes.items()}, "p_pass_exact": exact(p)}


def odds_line(fields: Mapping[str, Any], break_test: bool = False) -> Line:
    """« Chance of passing: 58.3% » (the exact fraction stays in the journal and --json)."""
    from fractions import Fraction
    p = Fraction(fields["p_pass_exact"])
    if break_test:
        return {"en": f"Chance of not breaking: {chance(p, 'en')}", "fr": f"Chance de ne pas être démoralisée : "
                                                                       f"{chance(p, 'fr')}"}
    return {"en": f"Chance of passing: {chance(p, 'en')}", "fr": f"Chance de réussite : {chance(p, 'fr')}"}
