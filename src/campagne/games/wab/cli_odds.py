"""`campagne odds wab ...`: exact odds of the WAB 2 reference sheet (seed 002).

    campagne odds wab attacks --attacks N --ws A --target-ws D --strength S --toughness T [--armour-save K]
    campagne odds wab combat --a-profile "4,3,3,3,3,1,3,1,7" --a-models 20 --a-save 5 --a-standard
                             --b-list army.toml --b-unit hoplites --charge a [--flank | --rear] ...
    campagne odds wab shooting --shooters 10 --bs 3 --weapon bow --distance 20 --toughness 3 --armour-save 5

`attacks --json` prints exactly {"to_hit", "to_wound", "save", "unsaved_wounds", "mean"}; `combat
--json` prints "result_distribution", "attacker_wins", "defender_wins", "draw", "attacker_breaks",
"defender_breaks", "expected_casualties" {"attacker", "defender"} and more (gives ground, destroyed,
strike order, models in contact, the attacks' scores). `--exact` writes every probability as "p/q".

Mounted on the command line by `campagne.games.wab.cli.register` (the `wab` group of `odds`), which the
descriptor names as the game's tools.
"""

from __future__ import annotations

import inspect
from fractions import Fraction
from typing import Any, Optional

import typer

from ...cli.output import JsonOpt, LangOpt, Out, run_safely
from ...core.errors import CampagneError, bilingual, register_messages
from ...core.i18n import decimal
from .rule_names import rule_key, unit_rules_words

odds_wab = typer.Typer(no_args_is_help=True, help="WAB 2 odds (seed 002). / Probabilités WAB 2.")
out = Out.make

register_messages({
    "wab.cli.side_missing": {
        "en": "Describe the {side} with --{flag}-profile (and --{flag}-models) or with --{flag}-list and "
              "--{flag}-unit.",
        "fr": "Décrivez {side} avec --{flag}-profile (et --{flag}-models) ou avec --{flag}-list et "
              "--{flag}-unit.",
    },
    "wab.cli.side_conflict": {
        "en": "The {side} is given twice: --{flag}-profile or --{flag}-list, not both.",
        "fr": "{side} est donné deux fois : --{flag}-profile ou --{flag}-list, pas les deux.",
    },
    "wab.cli.unit_needed": {
        "en": "--{flag}-list needs --{flag}-unit (the id of a unit of the list: {ids}).",
        "fr": "--{flag}-list demande --{flag}-unit (l'identifiant d'une unité de la liste : {ids}).",
    },
    "wab.cli.models_needed": {
        "en": "--{flag}-profile needs --{flag}-models (how many models the unit has).",
        "fr": "--{flag}-profile demande --{flag}-models (le nombre de figurines de l'unité).",
    },
})

SIDE_NAMES = {"a": ("the attacker", "l'attaquant"), "b": ("the defender", "le défenseur")}


def _pct(p: Fraction | float, o: Any = None) -> str:
    """A percentage in a column, as the reader's language writes it (« 38,10 % » in French); a chance that is
    neither nil nor sure never reads as one (« <0,01 % », « >99,99 % »)."""
    shown = f"{float(p):7.2%}"
    if 0 < p < 1 and shown.strip() in ("0.00%", "100.00%"):
        shown = f"{'<0.01%' if p < Fraction(1, 2) else '>99.99%':>7}"
    return shown.replace(".", ",").replace("%", "\u00a0%") if getattr(o, "lang", "en") == "fr" else shown


# --------------------------------------------------------------------------- attacks


@odds_wab.command("attacks")
def odds_attacks(attacks: int = typer.Option(..., "--attacks", help="Number of attacks."),
                 ws: int = typer.Option(..., "--ws", help="The attackers' Weapon Skill."),
                 target_ws: int = typer.Option(..., "--target-ws", help="The target's Weapon Skill."),
                 strength: int = typer.Option(..., "--strength", help="The attackers' Strength."),
                 toughness: int = typer.Option(..., "--toughness", help="The target's Toughness."),
                 armour_save: Optional[int] = typer.Option(None, "--armour-save",
                                                           help="The target's save K (K+), before the "
                                                                "Strength modifier; none if absent."),
                 reroll_misses: bool = typer.Option(False, "--reroll-misses",
                                                    help="Re-roll missed attacks (hatred, first round)."),
                 sixes: bool = typer.Option(False, "--sixes", help="Hit only on 6s (a failed fear test)."),
                 exact: bool = typer.Option(False, "--exact", help="Fractions \"p/q\" instead of decimals."),
                 lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Hits, wounds and unsaved wounds of close-combat attacks. / Touches, blessures et pertes au corps à corps."""
    o = out(lang, json_)

    def go() -> None:
        from . import attack_odds
        r = attack_odds.attacks_between(attacks, ws, target_ws, strength, toughness, armour_save,
                                 reroll_misses=reroll_misses, sixes_to_hit=sixes)
        if o.json:
            o.data(r.to_json(exact))
            return
        _attack_text(o, r)
    run_safely(o, go)


def _score(score: int | None, o: Out) -> str:
    return o.t("impossible", "impossible") if score is None else f"{score}+"


def _attack_text(o: Out, r: Any) -> None:
    o.text(o.t("Pour toucher : ", "To hit: ") + _score(r.to_hit, o)
           + o.t(", pour blesser : ", ", to wound: ") + _score(r.to_wound, o)
           + o.t(", sauvegarde : ", ", save: ")
           + (o.t("aucune", "none") if r.save is None else f"{r.save}+"))
    o.text(o.t("Blessures non sauvegardées :", "Unsaved wounds:"))
    for k, p in sorted(r.unsaved_wounds.items()):
        o.text(f"  {k:>3}  {_pct(p, o)}")  # the exact fraction is --json's (--exact), never the text's
    o.text(o.t("Moyenne : ", "Mean: ") + decimal(r.mean, o.lang, 3))


# --------------------------------------------------------------------------- shooting


@odds_wab.command("shooting")
def odds_shooting(shooters: int = typer.Option(..., "--shooters", help="Models shooting (shots without a weapon)."),
                  bs: int = typer.Option(..., "--bs", help="Ballistic Skill."),
                  toughness: int = typer.Option(..., "--toughness", help="The target's Toughness."),
                  weapon: Optional[str] = typer.Option(None, "--weapon", help="A weapon of the sheet (bow, sling...)."),
                  distance: Optional[float] = typer.Option(None, "--distance", help="Inches to the target."),
                  strength: Optional[int] = typer.Option(None, "--strength", help="Strength (default: the weapon's, or 3)."),
                  armour_save: Optional[int] = typer.Option(None, "--armour-save", help="The target's save K (K+)."),
                  modifier: list[str] = typer.Option([], "--modifier", "-m",
                                                     help="A shooting modifier: charging_target, long_range, moving, "
                                                          "lone_character, soft_cover, hard_cover, skirmishers, "
                                                          "light_chariot, large_target (repeat)."),
                  sixes: bool = typer.Option(False, "--sixes", help="Hit only on 6s (a failed fear test)."),
                  exact: bool = typer.Option(False, "--exact"),
                  lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Hits, wounds and unsaved wounds of a unit's shooting. / Pertes infligées par un tir."""
    o = out(lang, json_)

    def go() -> None:
        from . import shooting_odds
        r = shooting_odds.shooting_odds(shooters, bs, modifier, strength, toughness, armour_save,
                                        weapon=weapon, distance=distance, sixes_only=sixes)
        if o.json:
            o.data(r.to_json(exact))
            return
        from .tables import weapon as weapon_named
        from .working import modifier_words
        s = r.setup
        shown = weapon_named(s.weapon) if s.weapon else None
        o.text(o.t(f"{s.shots} tirs, F{s.strength}", f"{s.shots} shots, S{s.strength}")
               + (f" ({o.t(shown.name_fr, shown.name_en)})" if shown else "")
               + "".join(f", {modifier_words('shooting_modifiers', k, o.lang)} {v:+d}" for k, v in s.modifiers))
        _attack_text(o, r.odds)
    run_safely(o, go)


# --------------------------------------------------------------------------- combat


# name, type, default, help (each becomes --a-NAME and --b-NAME)
SIDE_OPTIONS: tuple[tuple[str, Any, Any, str], ...] = (
    ("list", Optional[str], None, "An army list (TOML: a WAB list or an Atlantis army), or a packaged Atlantis army."),
    ("unit", Optional[str], None, "The id of the unit in --X-list."),
    ("profile", Optional[str], None, "M,WS,BS,S,T,W,I,A,Ld, e.g. \"4,3,3,3,3,1,3,1,7\"."),
    ("name", Optional[str], None, "The unit's name."),
    ("models", Optional[int], None, "Models in the unit."),
    ("files", Optional[int], None, "Frontage: models per rank (default 5 for infantry and cavalry)."),
    ("save", Optional[int], None, "Armour save K (K+) before the Strength modifier."),
    ("kind", Optional[str], None, "infantry, cavalry, chariot, light_chariot, elephant, artillery, character."),
    ("formation", Optional[str], None, "close_order, open_order or skirmishers."),
    ("standard", bool, False, "Has a standard (+1)."),
    ("musician", bool, False, "Has a musician."),
    ("army-standard", bool, False, "Carries the army standard (+1, re-roll of a failed break test)."),
    ("army-standard-near", bool, False, "Within 12\" of the army standard (re-roll of a failed break test)."),
    ("general-ld", Optional[int], None, "Ld of the general within 12\"."),
    ("rules", Optional[str], None, "Special rules, comma-separated: fear, terror, frenzy, hatred, stubborn... (or their names)"),
    ("two-weapons", bool, False, "A weapon in each hand (+1 attack)."),
    ("start-models", Optional[int], None, "Models at the start of the battle."),
    ("wounded", int, 0, "Wounds already on one model (W > 1)."),
    ("contact", Optional[int], None, "Models in base contact (default: the facing front ranks)."),
    ("fighting-ranks", int, 1, "Ranks that fight (1: the front rank)."),
)


def _pyname(side: str, name: str) -> str:
    return f"{side}_{name.replace('-', '_')}"


def _side_parameters() -> list[inspect.Parameter]:
    params = []
    for side in ("a", "b"):
        for name, annotation, default, help_ in SIDE_OPTIONS:
            params.append(inspect.Parameter(
                _pyname(side, name), inspect.Parameter.KEYWORD_ONLY, annotation=annotation,
                default=typer.Option(default, f"--{side}-{name}", help=help_.replace("--X-", f"--{side}-"),
                                     show_default=False)))
    return params


def _load_list(path: str) -> Any:
    """A WAB army list (army_lists.WabArmy) from a WAB list file, an Atlantis army file or a packaged
    Atlantis army name."""
    from ..atlantis import army as atlantis
    from . import army_lists
    if not path.endswith(".toml"):
        return army_lists.army_from_atlantis(atlantis.load_packaged_army(path))
    from ...storage.text_file import load_toml, read_utf8
    raw = load_toml(read_utf8(path, "wab.unreadable", "wab.malformed"), "wab.malformed", file=str(path))
    units = raw.get("units") if isinstance(raw.get("units"), list) else []
    if "general" in raw or any(isinstance(u, dict) and "points_per_model" in u for u in units):
        return army_lists.army_from_atlantis(atlantis.load_army_file(path))
    return army_lists.load_army_file(path)


def _side_state(side: str, v: dict[str, Any]) -> Any:
    from . import unit_state
    flag = side
    who = SIDE_NAMES[side]
    side_text = bilingual(*who)
    if v["list"] and v["profile"]:
        raise CampagneError("wab.cli.side_conflict", side=side_text, flag=flag)
    rules = [rule_key(r.strip()) for r in (v["rules"] or "").split(",") if r.strip()]
    facts = dict(general_ld=v["general_ld"], army_standard_near=v["army_standard_near"],
                 two_weapons=True if v["two_weapons"] else None, wounded=v["wounded"], contact=v["contact"],
                 fighting_ranks=v["fighting_ranks"])
    if v["list"]:
        army = _load_list(v["list"])
        if not v["unit"]:
            raise CampagneError("wab.cli.unit_needed", flag=flag, ids=", ".join(u.id for u in army.units))
        unit = army.unit(v["unit"])
        changes: dict[str, Any] = {}
        for key in ("models", "files", "kind", "formation", "name", "start_models"):
            if v[key] is not None:
                changes[key] = v[key]
        if "models" in changes and "start_models" not in changes:
            changes["start_models"] = max(unit.start_models or 0, changes["models"])
        for key in ("standard", "musician", "army_standard"):
            if v[key]:
                changes[key] = True
        if rules:
            changes["special_rules"] = list(dict.fromkeys([*unit.special_rules, *rules]))
        if changes:
            unit = profiles_from_dict({**unit.to_dict(), **changes})
        if v["save"] is not None:
            facts["save"] = v["save"]
        return unit_state.UnitState(unit, **facts)
    if not v["profile"]:
        raise CampagneError("wab.cli.side_missing", side=side_text, flag=flag)
    if v["models"] is None:
        raise CampagneError("wab.cli.models_needed", flag=flag)
    return unit_state.UnitState.from_profile(
        v["profile"], v["models"], v["files"], save=v["save"], name=v["name"] or side.upper(),
        kind=v["kind"] or "infantry", formation=v["formation"] or "close_order", musician=v["musician"],
        standard=v["standard"], army_standard=v["army_standard"], special_rules=rules,
        start_models=v["start_models"], **facts)


def profiles_from_dict(raw: dict[str, Any]) -> Any:
    from .profiles import Unit
    return Unit.from_dict(raw, "<command line>")


def odds_combat(*, charge: Optional[str] = None, flank: bool = False, rear: bool = False,
                high_ground: Optional[str] = None, momentum: Optional[str] = None,
                difficult_terrain: bool = False, round_number: int = 1, fear_failed: list[str] = (),  # type: ignore[assignment]
                exact: bool = False, lang: Optional[str] = None, json_: bool = False, **sides: Any) -> None:
    """Exact odds of one round of close combat between two units. / Probabilités exactes d'un tour de corps à corps."""
    o = out(lang, json_)

    def go() -> None:
        from . import odds
        values = {s: {name.replace("-", "_"): sides[_pyname(s, name)] for name, *_ in SIDE_OPTIONS} for s in ("a", "b")}
        a, b = _side_state("a", values["a"]), _side_state("b", values["b"])
        r = odds.round_odds(a, b, charge=charge, flank=flank, rear=rear, high_ground=high_ground,
                            momentum=momentum, difficult_terrain=difficult_terrain, round_number=round_number,
                            fear_failed=fear_failed or ())
        if o.json:
            o.data(r.to_json(exact))
            return
        _combat_text(o, r)
    run_safely(o, go)


_COMBAT_PARAMS = [
    inspect.Parameter("charge", inspect.Parameter.KEYWORD_ONLY, annotation=Optional[str],
                      default=typer.Option(None, "--charge", help="The side that charged this turn: a or b.")),
    inspect.Parameter("flank", inspect.Parameter.KEYWORD_ONLY, annotation=bool,
                      default=typer.Option(False, "--flank", help="a attacks b in the flank (+1).")),
    inspect.Parameter("rear", inspect.Parameter.KEYWORD_ONLY, annotation=bool,
                      default=typer.Option(False, "--rear", help="a attacks b in the rear (+2).")),
    inspect.Parameter("high_ground", inspect.Parameter.KEYWORD_ONLY, annotation=Optional[str],
                      default=typer.Option(None, "--high-ground", help="The side on higher ground: a or b.")),
    inspect.Parameter("momentum", inspect.Parameter.KEYWORD_ONLY, annotation=Optional[str],
                      default=typer.Option(None, "--momentum", help="The side with momentum (élan): a or b.")),
    inspect.Parameter("difficult_terrain", inspect.Parameter.KEYWORD_ONLY, annotation=bool,
                      default=typer.Option(False, "--difficult-terrain",
                                           help="Fought in difficult terrain (no momentum for cavalry, chariots).")),
    inspect.Parameter("round_number", inspect.Parameter.KEYWORD_ONLY, annotation=int,
                      default=typer.Option(1, "--round", help="Round of this combat (1: the first).")),
    inspect.Parameter("fear_failed", inspect.Parameter.KEYWORD_ONLY, annotation=list[str],
                      default=typer.Option([], "--fear-failed",
                                           help="A side (a or b) that failed its fear test: 6s to hit (repeat).")),
    inspect.Parameter("exact", inspect.Parameter.KEYWORD_ONLY, annotation=bool,
                      default=typer.Option(False, "--exact", help="Fractions \"p/q\" instead of decimals.")),
    inspect.Parameter("lang", inspect.Parameter.KEYWORD_ONLY, annotation=Optional[str], default=LangOpt),
    inspect.Parameter("json_", inspect.Parameter.KEYWORD_ONLY, annotation=bool, default=JsonOpt),
]
odds_combat.__signature__ = inspect.Signature(_side_parameters() + _COMBAT_PARAMS)  # type: ignore[attr-defined]
odds_wab.command("combat")(odds_combat)


def _combat_text(o: Out, r: Any) -> None:
    s = r.setup
    role = {"a": o.t("attaquant", "attacker"), "b": o.t("défenseur", "defender")}
    order = o.t("simultanés", "simultaneous") if s.order is None else o.t(
        f"{role[s.order[0]]} en premier", f"{role[s.order[0]]} first")
    o.text(f"{s.a.names[o.lang]} ({role['a']}) / {s.b.names[o.lang]} ({role['b']}) — "
           + o.t("coups : ", "blows: ") + order)
    for side in ("a", "b"):
        k = s.strike[side]
        o.text(f"  {role[side]:<10} {s.contact[side]} × {k.attacks_per_model} A, "
               + o.t("touche ", "hits ") + _score(k.to_hit, o) + o.t(", blesse ", ", wounds ")
               + _score(k.to_wound, o) + o.t(", sauvegarde adverse ", ", enemy save ")
               + (o.t("aucune", "none") if k.save is None else f"{k.save}+")
               + (o.t(", relance les ratés", ", re-rolls misses") if k.reroll_misses else ""))
    for side in ("a", "b"):
        rules = unit_rules_words(getattr(s, side).unit, o.lang)
        if rules:
            o.text(f"  {role[side]:<10} " + o.t("règles spéciales : ", "special rules: ") + ", ".join(rules))
    o.text(o.t("Résultat du combat (attaquant − défenseur) :", "Combat result (attacker − defender):"))
    for k, p in r.result_distribution.items():
        o.text(f"  {k:>+4}  {_pct(p, o)}")
    o.text(o.t("Victoire de l'attaquant : ", "Attacker wins: ") + _pct(r.attacker_wins, o).strip()
           + o.t(", égalité : ", ", draw: ") + _pct(r.draw, o).strip()
           + o.t(", victoire du défenseur : ", ", defender wins: ") + _pct(r.defender_wins, o).strip())
    o.text(o.t("Le défenseur est démoralisé : ", "Defender breaks: ") + _pct(r.defender_breaks, o).strip()
           + o.t(" ; l'attaquant est démoralisé : ", "; attacker breaks: ") + _pct(r.attacker_breaks, o).strip())
    if r.attacker_gives_ground or r.defender_gives_ground:
        o.text(o.t("Lâche du terrain : attaquant ", "Gives ground: attacker ") + _pct(r.attacker_gives_ground, o).strip()
               + o.t(", défenseur ", ", defender ") + _pct(r.defender_gives_ground, o).strip())
    o.text(o.t("Pertes moyennes : attaquant ", "Expected casualties: attacker ")
           + decimal(r.expected_casualties['attacker'], o.lang)
           + o.t(", défenseur ", ", defender ") + decimal(r.expected_casualties['defender'], o.lang))


def odds_fight(*, charge: Optional[str] = None, flank: bool = False, rear: bool = False,
               high_ground: Optional[str] = None, momentum: Optional[str] = None,
               difficult_terrain: bool = False, fear_failed: list[str] = (),  # type: ignore[assignment]
               sims: int = 100_000, seed: int = 0, pursuit: bool = False,
               lang: Optional[str] = None, json_: bool = False, **sides: Any) -> None:
    """Sampled odds of a fight to the finish (rounds until one side breaks or dies), with 95 % intervals.
    / Probabilités échantillonnées d'un combat jusqu'à la déroute, avec intervalles à 95 %."""
    o = out(lang, json_)

    def go() -> None:
        from .montecarlo import simulate_fight
        if sims < 1 or sims > 10_000_000:
            raise CampagneError("wab.cli.bad_sims", sims=sims)
        values = {s: {name.replace("-", "_"): sides[_pyname(s, name)] for name, *_ in SIDE_OPTIONS} for s in ("a", "b")}
        a, b = _side_state("a", values["a"]), _side_state("b", values["b"])
        r = simulate_fight(a, b, sims, seed=seed, charge=charge, flank=flank, rear=rear, high_ground=high_ground,
                           momentum=momentum, difficult_terrain=difficult_terrain, fear_failed=fear_failed or (),
                           pursuit=pursuit)
        data = r.to_dict()
        if o.json:
            o.data(data)
            return
        labels = {key: o.t(f"Vainqueur : {name}", f"Winner: {name}") for key, name in _fight_names(a, b, o).items()}
        width = max(16, *(len(label) + 1 for label in labels.values()))
        for key, label in labels.items():
            e = data[key]
            low, high = e["ci95"]
            o.text(f"{label:<{width}} {_pct(e['p'], o)}  [{_pct(low, o).strip()}{o.t(' ; ', ', ')}"
                   f"{_pct(high, o).strip()}]")
        lo, hi = data["mean_rounds_ci95"]
        o.text(o.t(f"Tours de combat en moyenne : {decimal(data['mean_rounds'], 'fr')} "
                   f"[{decimal(lo, 'fr')} ; {decimal(hi, 'fr')}]",
                   f"Mean rounds of combat: {data['mean_rounds']:.2f} [{lo:.2f}, {hi:.2f}]"))
        o.text(o.t(f"({sims} combats simulés, graine {seed} ; intervalles de Wilson à 95 %)",
                   f"({sims} simulated fights, seed {seed}; 95 % Wilson intervals)"))
    run_safely(o, go)


def _fight_names(a: Any, b: Any, o: Out) -> dict[str, str]:
    """The two sides of a fight by their units' names in the reader's language (`Unit.names`), each with its
    role when both bear the same name."""
    names = {"a_wins": a.names[o.lang], "b_wins": b.names[o.lang]}
    if names["a_wins"] == names["b_wins"]:
        names = {"a_wins": f"{names['a_wins']} ({o.t('attaquant', 'attacker')})",
                 "b_wins": f"{names['b_wins']} ({o.t('défenseur', 'defender')})"}
    return names


_FIGHT_PARAMS = [p for p in _COMBAT_PARAMS if p.name not in ("round_number", "exact", "lang", "json_")] + [
    inspect.Parameter("sims", inspect.Parameter.KEYWORD_ONLY, annotation=int,
                      default=typer.Option(100_000, "--sims", help="Fights simulated.")),
    inspect.Parameter("seed", inspect.Parameter.KEYWORD_ONLY, annotation=int,
                      default=typer.Option(0, "--seed", help="Seed of the simulation (reproducible).")),
    inspect.Parameter("pursuit", inspect.Parameter.KEYWORD_ONLY, annotation=bool,
                      default=typer.Option(False, "--pursuit", help="The winner pursues (caught: destroyed).")),
    inspect.Parameter("lang", inspect.Parameter.KEYWORD_ONLY, annotation=Optional[str], default=LangOpt),
    inspect.Parameter("json_", inspect.Parameter.KEYWORD_ONLY, annotation=bool, default=JsonOpt),
]
odds_fight.__signature__ = inspect.Signature(_side_parameters() + _FIGHT_PARAMS)  # type: ignore[attr-defined]
odds_wab.command("fight")(odds_fight)

register_messages({
    "wab.cli.bad_sims": {"en": "--sims must be from 1 to 10,000,000 (got {sims}).",
                         "fr": "--sims doit être entre 1 et 10 000 000 ({sims} donné)."},
})
